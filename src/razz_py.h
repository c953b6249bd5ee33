/*
 * razz_py.h - the fast paths of razzcore._core.evaluate() and evaluate_mask()
 * on Python objects, in plain C.
 *
 * Included by razzcore/_core.pyx.  Needs Python.h (the generated module
 * includes it first).  Each function returns a rank
 * 1..6175, or 0 when the caller's slow path must judge the input (and
 * explain what is wrong with it); it never raises.
 */
#ifndef RAZZ_PY_H
#define RAZZ_PY_H

#include <Python.h>
#include "razz_eval.h"

/* A tuple or list of 5..7 exact ints 0..51, all distinct. */
RZ_INLINE int rz_py_eval_seq(PyObject *cards)
{
    PyObject **items;
    Py_ssize_t n, i;
    uint64_t seen = 0;
    uint32_t key;
    if (!PyTuple_CheckExact(cards) && !PyList_CheckExact(cards))
        return 0;
    n = PySequence_Fast_GET_SIZE(cards);
    if (n < 5 || n > 7)
        return 0;
    items = PySequence_Fast_ITEMS(cards); /* tuple or list: no copy */
    key = RZ_SIZE_BASE[n];
    for (i = 0; i < n; i++) {
        PyObject *item = items[i];
        int overflow = 0;
        long c;
        uint64_t bit;
        if (!PyLong_CheckExact(item))
            return 0;
        c = PyLong_AsLongAndOverflow(item, &overflow);
        if (overflow || c < 0 || c >= 52)
            return 0; /* (-1 with an error is impossible for an exact int) */
        bit = (uint64_t)1 << c;
        if (seen & bit)
            return 0;
        seen |= bit;
        key += rz_card_key((unsigned)c);
    }
    return rz_lookup(key);
}

/* A tuple or list of lo..hi (at most 7) exact ints 0..51 into buf: their
 * count, or 0 when the caller's slow path must judge the input (repeats are
 * not looked for here). */
RZ_INLINE int rz_py_codes(PyObject *cards, uint8_t *buf, int lo, int hi)
{
    PyObject **items;
    Py_ssize_t n, i;
    if (!PyTuple_CheckExact(cards) && !PyList_CheckExact(cards))
        return 0;
    n = PySequence_Fast_GET_SIZE(cards);
    if (n < lo || n > hi || n > 7)
        return 0;
    items = PySequence_Fast_ITEMS(cards);
    for (i = 0; i < n; i++) {
        int overflow = 0;
        long c;
        if (!PyLong_CheckExact(items[i]))
            return 0;
        c = PyLong_AsLongAndOverflow(items[i], &overflow);
        if (overflow || c < 0 || c >= 52)
            return 0;
        buf[i] = (uint8_t)c;
    }
    return (int)n;
}

/* A mask already checked to hold no bit at or above 52: its rank, or 0 when
 * it does not hold 5, 6 or 7 cards. */
RZ_INLINE int rz_py_eval_mask(uint64_t mask)
{
    int n = rz_mask_count(mask);
    if (n < 5 || n > 7)
        return 0;
    return rz_eval_mask(mask);
}

#endif /* RAZZ_PY_H */
