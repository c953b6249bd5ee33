/*
 * razz_random_py.h - the draws of CPython's random.Random.random(), taken
 * from the generator's own state in C.
 *
 * A hand shuffled by a random.Random calls its random() once per position
 * of the dealt prefix (19 calls heads-up, 61 eight-handed); each call is a
 * Python call and a float object.  This header reads the Mersenne Twister
 * inside the generator object instead and steps it exactly as CPython's
 * Modules/_randommodule.c does, so the generator ends in the same state and
 * the hand gets the same numbers as the calls would give.
 *
 * What it relies on, all of CPython's C random module and nothing of
 * random.py: the object's layout (rz_pymt below), genrand_uint32 (MT19937
 * with its tempering) and random_random, the 53-bit float made of two
 * outputs, (a >> 5) * 2**26 + (b >> 6), over 2**53.  Not random.shuffle,
 * _randbelow or getrandbits: a deal's shuffle is razzcore's own Fisher-Yates
 * over random() floats (shuffle_prefix).  None of it is assumed: the caller
 * uses these draws only for a generator whose random() is _random.Random's
 * own C method, after checking on first use that the object's size is this
 * struct's and that 700 draws (more than a block of 624 words) and the state
 * they leave equal the method's (razzcore/_hand_shared.pxi, _random_class);
 * otherwise every draw is a call.  tests/test_engine_core.py pins the deals
 * and the state left on each CPython the tests run on (3.11 and 3.14 in
 * .github/workflows/ci.yml, every CPython a wheel is built for in
 * wheels.yml).  Never in a free-threaded build, where the method locks the
 * object.
 *
 * Included by razzcore/_core.pyx.  Needs Python.h (the generated module
 * includes it first).
 */
#ifndef RAZZ_RANDOM_PY_H
#define RAZZ_RANDOM_PY_H

#include <Python.h>
#include <stdint.h>

#define RZ_MT_N 624
#define RZ_MT_M 397

/* CPython's RandomObject (Modules/_randommodule.c) as the CPython versions the
 * tests run on lay it out; checked by size at first use, not assumed. */
typedef struct {
    PyObject_HEAD
    int index;
    uint32_t state[RZ_MT_N];
} rz_pymt;

/* Whether the interpreter has a GIL (the caller's caches and these draws
 * rely on it). */
#ifdef Py_GIL_DISABLED
#define RZ_PY_HAS_GIL 0
#else
#define RZ_PY_HAS_GIL 1
#endif

/* genrand_uint32: the next 32-bit output, regenerating the block when used up. */
static inline uint32_t rz_pymt_next(rz_pymt *g)
{
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t *mt = g->state;
    uint32_t y;
    int k;
    if (g->index < 0 || g->index >= RZ_MT_N) {
        for (k = 0; k < RZ_MT_N - RZ_MT_M; k++) {
            y = (mt[k] & 0x80000000U) | (mt[k + 1] & 0x7fffffffU);
            mt[k] = mt[k + RZ_MT_M] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        for (; k < RZ_MT_N - 1; k++) {
            y = (mt[k] & 0x80000000U) | (mt[k + 1] & 0x7fffffffU);
            mt[k] = mt[k + (RZ_MT_M - RZ_MT_N)] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        y = (mt[RZ_MT_N - 1] & 0x80000000U) | (mt[0] & 0x7fffffffU);
        mt[RZ_MT_N - 1] = mt[RZ_MT_M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
        g->index = 0;
    }
    y = mt[g->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* random(): a float in [0, 1) with 53 random bits. */
static inline double rz_pymt_random(PyObject *self)
{
    rz_pymt *g = (rz_pymt *)self;
    uint32_t a = rz_pymt_next(g) >> 5, b = rz_pymt_next(g) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

/* Whether ``bound`` is the C method ``descr`` (a method descriptor of
 * _random.Random) bound to ``self``: then rz_pymt_random(self) is what
 * calling it returns. */
static inline int rz_pymt_is_bound(PyObject *bound, PyObject *descr, PyObject *self)
{
    if (!RZ_PY_HAS_GIL || descr == NULL || !PyCFunction_Check(bound) ||
        Py_TYPE(descr) != &PyMethodDescr_Type)
        return 0;
    return ((PyCFunctionObject *)bound)->m_ml == ((PyMethodDescrObject *)descr)->d_method &&
           PyCFunction_GET_SELF(bound) == self && PyObject_TypeCheck(self, PyDescr_TYPE(descr));
}

#endif /* RAZZ_RANDOM_PY_H */
