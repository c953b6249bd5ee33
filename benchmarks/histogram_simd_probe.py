"""Does a vector inner loop pay for ``rank_histogram(7)``?  (It does not: docs/simd.md.)

Compiles, in a temporary folder, the scalar ``rz_histogram(7)`` of ``src/razz_eval.h`` and
a variant whose innermost loop (the 7th card) mixes 16 keys per AVX-512 vector before the
scalar table loads and counter increments, runs them interleaved, checks that both count
the same, and prints the medians and their ratio.  x86-64 with AVX-512 only.

    python benchmarks/histogram_simd_probe.py [--rounds 7]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import razzcore

ROOT = Path(__file__).resolve().parents[1]

C_SOURCE = r"""
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "razz_simd.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* rz_histogram(7) with the 7th card's loop mixing 16 keys per vector. */
RZ_TARGET("avx512f")
static void hist7_avx512(int64_t *hist)
{
    uint32_t ck[64 + 16], m[64];
    const __m512i mult = _mm512_set1_epi32((int)RZ_MULT);
    const __m512i km = _mm512_set1_epi32((int)RZ_KEY_MASK);
    int a, b, c, d, e, f, j;
    memset(ck, 0, sizeof ck);
    for (a = 0; a < 52; a++)
        ck[a] = RZ_CARD_KEY[a];
    for (a = 0; a < 52; a++)
     for (b = a + 1; b < 52; b++)
      for (c = b + 1; c < 52; c++)
       for (d = c + 1; d < 52; d++)
        for (e = d + 1; e < 52; e++)
         for (f = e + 1; f < 51; f++) {
            uint32_t k6 = RZ_SIZE_BASE[7] + ck[a] + ck[b] + ck[c] + ck[d] + ck[e] + ck[f];
            int g0 = f + 1, cnt = 52 - g0;
            __m512i base = _mm512_set1_epi32((int)k6);
            for (j = 0; j < cnt; j += 16) {
                __m512i k = _mm512_add_epi32(base, _mm512_loadu_si512((const void *)(ck + g0 + j)));
                _mm512_storeu_si512((void *)(m + j),
                                    _mm512_and_si512(_mm512_mullo_epi32(k, mult), km));
            }
            for (j = 0; j < cnt; j++)
                hist[RZ_TABLE[(m[j] & RZ_ROW_MASK) + RZ_DISP[m[j] >> RZ_SHIFT]]]++;
         }
}

static int cmp(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

int main(int argc, char **argv)
{
    static int64_t h1[6176], h2[6176];
    double t1[101], t2[101], r[101], t;
    int i, rounds = argc > 1 ? atoi(argv[1]) : 7;
    if (rounds < 1 || rounds > 101)
        rounds = 7;
    if (rz_table_init() != 0) { /* the slot table is filled at start-up */
        printf("rz_table_init failed\n");
        return 1;
    }
    for (i = 0; i < rounds; i++) {
        memset(h1, 0, sizeof h1);
        t = now(); rz_histogram(7, h1); t1[i] = now() - t;
        memset(h2, 0, sizeof h2);
        t = now(); hist7_avx512(h2); t2[i] = now() - t;
        r[i] = t1[i] / t2[i];
        if (memcmp(h1, h2, sizeof h1)) {
            printf("the two histograms differ\n");
            return 1;
        }
    }
    qsort(t1, (size_t)rounds, sizeof(double), cmp);
    qsort(t2, (size_t)rounds, sizeof(double), cmp);
    qsort(r, (size_t)rounds, sizeof(double), cmp);
    printf("rz_histogram(7), scalar:          %.3f s (median of %d)\n", t1[rounds / 2], rounds);
    printf("rz_histogram(7), AVX-512 g-loop:  %.3f s\n", t2[rounds / 2]);
    printf("speed-up (median of per-round ratios): %.2fx\n", r[rounds / 2]);
    return 0;
}
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds (1..101)")
    args = parser.parse_args(argv)
    if "avx512" not in razzcore.kernel_info()["supported"]:
        print("this CPU has no AVX-512 (F/BW/VBMI): nothing to probe")
        return 0
    cc = os.environ.get("CC") or shutil.which("cc") or "cc"
    with tempfile.TemporaryDirectory(prefix="razzprobe-") as tmp:
        work = Path(tmp)
        subprocess.run([sys.executable, str(ROOT / "src" / "tablegen.py"),
                        str(work / "razz_table.h")], check=True, capture_output=True)
        (work / "probe.c").write_text(C_SOURCE, "ascii")
        exe = work / "probe"
        subprocess.run([cc, "-O3", "-std=c99", f"-I{ROOT / 'src'}", f"-I{work}",
                        str(work / "probe.c"), "-o", str(exe)], check=True)
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        print(f"compiler: {cc} -O3; 1-min load average {load:.2f}")
        return subprocess.run([str(exe), str(args.rounds)], check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
