/*
 * razz_glue.h - included by razzcore/_core.pyx after the kernel headers
 * (razz_eval.h, razz_equity.h), so it comes after them in the generated C.
 *
 * With RZ_GLUE_OS (setup.py defines it when the compiler is GCC) every
 * function that follows in the translation unit - the Cython-generated glue:
 * argument parsing, error handling, the betting engine's methods - is
 * optimised for size, which keeps the wheel inside its 400 KB budget; the
 * kernels above keep the command line's -O3.  Other compilers: no effect.
 */
#ifndef RAZZ_GLUE_H
#define RAZZ_GLUE_H
#if defined(RZ_GLUE_OS) && defined(__GNUC__) && !defined(__clang__)
#  pragma GCC optimize("Os")
#endif
#endif /* RAZZ_GLUE_H */
