/*
 * razz_pokerstars_py.h - the Python objects of the compiled PokerStars
 * reader (razz_pokerstars*.h): the hands a file splits into, and a hand's
 * result, built with the C API (far smaller code than the same in Cython).
 *
 * Included by razzcore/_pokerstars.pxi.  Needs Python.h (the generated
 * module includes it first).  Each
 * function returns a new reference, or NULL with an exception set.
 */
#ifndef RAZZ_POKERSTARS_PY_H
#define RAZZ_POKERSTARS_PY_H

#include <Python.h>
#include "razz_pokerstars_replay.h"
#include "razz_pokerstars_split.h"

/* Line k of data, as split by rz_ps_split, as str. */
static PyObject *rz_ps_line_str(const char *data, const int64_t *bounds, int64_t k)
{
    return PyUnicode_DecodeUTF8(data + bounds[3 * k + 1],
                                (Py_ssize_t)(bounds[3 * k + 2] - bounds[3 * k + 1]),
                                "surrogatepass");
}

/* razzcore._core._split_pokerstars(data, normalised, is_head): see its
 * docstring. */
RZ_ENTRY PyObject *rz_ps_split_py(PyObject *data, int normalised, PyObject *is_head)
{
    const char *text;
    int64_t size, cap, count, k, first = -1, nxt, used, head, table, before = -1;
    int64_t *bounds = NULL;
    uint8_t *heads = NULL;
    char *buf = NULL;
    PyObject *out = NULL, *hands = NULL, *item, *line;
    int yes;
    if (!PyBytes_Check(data)) {
        PyErr_SetString(PyExc_TypeError, "expected bytes");
        return NULL;
    }
    text = PyBytes_AS_STRING(data);
    size = (int64_t)PyBytes_GET_SIZE(data);
    cap = 1;
    for (k = 0; k < size; k++)
        cap += text[k] == '\n' || text[k] == '\r';
    bounds = (int64_t *)PyMem_Malloc((size_t)(3 * cap) * sizeof(int64_t));
    heads = (uint8_t *)PyMem_Malloc((size_t)cap);
    buf = (char *)PyMem_Malloc((size_t)size + 1); /* a hand's lines, stripped: never longer */
    if (bounds == NULL || heads == NULL || buf == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    Py_BEGIN_ALLOW_THREADS
    count = rz_ps_split(text, size, bounds, heads, cap, normalised);
    Py_END_ALLOW_THREADS
    if (count < 0) { /* to be normalised first */
        out = Py_None;
        Py_INCREF(out);
        goto done;
    }
    for (k = 0; k < count; k++) {
        if (heads[k] != 2)
            continue;
        if ((line = rz_ps_line_str(text, bounds, k)) == NULL)
            goto done;
        item = PyObject_CallOneArg(is_head, line);
        Py_DECREF(line);
        if (item == NULL || (yes = PyObject_IsTrue(item)) < 0) {
            Py_XDECREF(item);
            goto done;
        }
        Py_DECREF(item);
        heads[k] = (uint8_t)yes;
    }
    for (k = 0; k < count && first < 0; k++) {
        if (heads[k])
            first = k;
        else if (before < 0 && bounds[3 * k + 2] > bounds[3 * k + 1])
            before = k; /* text before the first hand */
    }
    if ((hands = PyList_New(0)) == NULL)
        goto done;
    for (k = first < 0 ? count : first; k < count; k = nxt) {
        nxt = rz_ps_hand(text, bounds, heads, count, k, buf, &used, &head, &table);
        item = Py_BuildValue("(LLLNNN)", (long long)k, (long long)bounds[3 * k],
                             (long long)(nxt < count ? bounds[3 * nxt] : size),
                             rz_ps_line_str(text, bounds, head),
                             table < 0 ? Py_NewRef(Py_None) : rz_ps_line_str(text, bounds, table),
                             PyBytes_FromStringAndSize(buf, (Py_ssize_t)used));
        if (item == NULL || PyList_Append(hands, item) < 0) {
            Py_XDECREF(item);
            goto done;
        }
        Py_DECREF(item);
    }
    out = Py_BuildValue("(LNO)", (long long)before,
                        before < 0 ? Py_NewRef(Py_None) : rz_ps_line_str(text, bounds, before),
                        hands);
done:
    Py_XDECREF(hands);
    PyMem_Free(bounds);
    PyMem_Free(heads);
    PyMem_Free(buf);
    return out;
}

/* The name of an error code (razz_pokerstars.h, RZ_PS_ERRORS). */
RZ_ENTRY const char *rz_ps_error_name(int code)
{
    return code > 0 && code < RZ_PSE_COUNT ? rz_ps_error_names[code] : "";
}

/* A list of ps->n ints (values[s]), or with names != 0 the seats' names. */
static PyObject *rz_ps_seat_list(const rz_ps *ps, const int64_t *values, int names)
{
    PyObject *list = PyList_New(ps->n), *item;
    int s;
    if (list == NULL)
        return NULL;
    for (s = 0; s < ps->n; s++) {
        item = names ? PyUnicode_DecodeUTF8(ps->names[s], (Py_ssize_t)ps->name_len[s],
                                            "surrogatepass")
                     : PyLong_FromLongLong((long long)values[s]);
        if (item == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, s, item);
    }
    return list;
}

/* The result of razzcore._core._read_pokerstars_hand once rz_ps_replay
 * wrote the actions to out[0:len]. */
RZ_ENTRY PyObject *rz_ps_result(const rz_ps *ps, const char *out, int64_t len)
{
    PyObject *absent = PyList_New(0), *seat, *split;
    int s;
    if (absent == NULL)
        return NULL;
    for (s = 0; s < ps->n; s++) {
        if (!ps->absent[s])
            continue;
        seat = PyLong_FromLong(s);
        if (seat == NULL || PyList_Append(absent, seat) < 0) {
            Py_XDECREF(seat);
            Py_DECREF(absent);
            return NULL;
        }
        Py_DECREF(seat);
    }
    if (ps->nrake_pots) {
        split = PyList_New(0);
        for (s = 0; split != NULL && s < ps->nrake_pots && s < RZ_SEATS; s++) {
            seat = PyLong_FromLongLong((long long)ps->rake_pots[s]);
            if (seat == NULL || PyList_Append(split, seat) < 0)
                Py_CLEAR(split);
            Py_XDECREF(seat);
        }
    } else {
        split = Py_NewRef(Py_None);
    }
    if (split == NULL) {
        Py_DECREF(absent);
        return NULL;
    }
    return Py_BuildValue("(NNNLLLNNNN)", rz_ps_seat_list(ps, NULL, 1),
                         rz_ps_seat_list(ps, ps->numbers, 0), rz_ps_seat_list(ps, ps->stacks, 0),
                         (long long)ps->ante, (long long)ps->bring_in, (long long)ps->rake,
                         PyUnicode_DecodeASCII(out, (Py_ssize_t)len, NULL),
                         rz_ps_seat_list(ps, ps->expected, 0), absent, split);
}

#endif /* RAZZ_POKERSTARS_PY_H */
