"""Out of cache, what keeps ``evaluate_batch`` fast: software prefetching, streaming
stores, or neither?  (Neither pays enough to keep: docs/simd.md.)

Compiles, in a temporary folder, the AVX-512 batch kernel's loop of ``src/razz_simd.h``
as ``rz_batch_kernel`` runs it and variants of it: the input prefetched 4 or 16 blocks
ahead, the 64 ranks of a block written with non-temporal (streaming) stores, and both;
beside them the plain ``-O3 -march=native`` loop of ``rz_eval7``.  All run interleaved
on the same random 7-card rows, unchecked, one thread, timed in the thread's CPU time;
every variant's output is compared with the kernel's.  x86-64 with AVX-512 VBMI only.

    python benchmarks/out_of_cache_probe.py [--rows 4000000] [--rounds 7]
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
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "razz_simd.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

__attribute__((noinline)) static void plain(const uint8_t *h, ptrdiff_t n, uint16_t *o)
{
    ptrdiff_t i;
    for (i = 0; i < n; i++)
        o[i] = rz_eval7(h + 7 * i);
}

/* rz_batch_kernel's block loop (avx512, unchecked) with `ahead` blocks of
 * prefetch and, with `stream`, non-temporal stores of each block's ranks. */
RZ_TARGET("avx512f,avx512bw,avx512vbmi")
__attribute__((noinline)) static void variant(const uint8_t *h, ptrdiff_t n, uint16_t *o,
                                              int ahead, int stream)
{
    uint32_t m[64];
    uint16_t tmp[64] __attribute__((aligned(64)));
    ptrdiff_t i;
    int k;
    for (i = 0; 7 * (i + 64) + RZ_SIMD_SLACK <= 7 * n; i += 64) {
        if (ahead && i + 64 * (ahead + 1) <= n)
            for (k = 0; k < 7 * 64; k += 64)
                __builtin_prefetch(h + 7 * (i + 64 * ahead) + k, 0, 0);
        rz_block_avx512(h + 7 * i, 7, m, 0);
        if (stream) {
            rz_simd_lookup(m, 64, tmp);
            _mm512_stream_si512((void *)(o + i), _mm512_load_si512(tmp));
            _mm512_stream_si512((void *)(o + i + 32), _mm512_load_si512(tmp + 32));
        } else {
            rz_simd_lookup(m, 64, o + i);
        }
    }
    if (stream)
        _mm_sfence();
    for (; i < n; i++)
        o[i] = rz_eval7(h + 7 * i);
}

static int cmp(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

#define NV 7
int main(int argc, char **argv)
{
    static const char *names[NV] = {
        "plain C loop, -O3 -march=native", "avx512 kernel (rz_batch_kernel)",
        "the same loop, as is", "prefetch 4 blocks ahead", "prefetch 16 blocks ahead",
        "streaming stores", "prefetch 8 ahead + streaming stores"};
    ptrdiff_t n = argc > 1 ? atol(argv[1]) : 4000000, i;
    int rounds = argc > 2 ? atoi(argv[2]) : 7, r, v, j;
    uint8_t *h = aligned_alloc(64, (size_t)(7 * n + 128) / 64 * 64 + 64);
    uint16_t *want = aligned_alloc(64, (size_t)(2 * n + 64) / 64 * 64 + 64);
    uint16_t *o = aligned_alloc(64, (size_t)(2 * n + 64) / 64 * 64 + 64);
    double *t = calloc((size_t)NV * (size_t)rounds, sizeof(double));
    if (!h || !o || !want || !t || rounds < 1 || n < 64 || rz_table_init() != 0)
        return 1;
    rz_simd_init();
    if (!((RZ_SIMD.supported >> RZ_K_AVX512) & 1u)) {
        printf("this CPU has no AVX-512 VBMI: nothing to probe\n");
        return 0;
    }
    srand(20261202);
    for (i = 0; i < n; i++) {
        uint8_t d[52];
        for (j = 0; j < 52; j++)
            d[j] = (uint8_t)j;
        for (j = 0; j < 7; j++) {
            int k = j + rand() % (52 - j);
            uint8_t x = d[j]; d[j] = d[k]; d[k] = x;
        }
        memcpy(h + 7 * i, d, 7);
    }
    rz_batch_kernel(RZ_K_AVX512, h, n, 7, want, 0);
    memset(o, 0, (size_t)(2 * n));
    for (r = 0; r < rounds; r++)
        for (v = 0; v < NV; v++) {
            double t0 = now();
            switch (v) {
            case 0: plain(h, n, o); break;
            case 1: rz_batch_kernel(RZ_K_AVX512, h, n, 7, o, 0); break;
            case 2: variant(h, n, o, 0, 0); break;
            case 3: variant(h, n, o, 4, 0); break;
            case 4: variant(h, n, o, 16, 0); break;
            case 5: variant(h, n, o, 0, 1); break;
            default: variant(h, n, o, 8, 1); break;
            }
            t[v * rounds + r] = now() - t0;
            if (memcmp(o, want, (size_t)(2 * n)) != 0) {
                printf("variant %d gave other ranks\n", v);
                return 1;
            }
        }
    printf("%ld rows of 7 cards, unchecked, one thread, medians of %d rounds (CPU time)\n",
           (long)n, rounds);
    for (v = 0; v < NV; v++) {
        double med;
        qsort(t + v * rounds, (size_t)rounds, sizeof(double), cmp);
        med = t[v * rounds + rounds / 2];
        printf("  %-38s %6.3f ns/row\n", names[v], med / (double)n * 1e9);
    }
    return 0;
}
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=4_000_000, help="rows (out of cache: 4M)")
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds (median)")
    args = parser.parse_args(argv)
    if "avx512" not in razzcore.kernel_info()["supported"]:
        print("this CPU has no AVX-512 VBMI: nothing to probe")
        return 0
    cc = shutil.which("gcc") or shutil.which("cc")
    if cc is None:
        print("no C compiler")
        return 1
    with tempfile.TemporaryDirectory(prefix="razz-ooc-") as tmp:
        work = Path(tmp)
        subprocess.run([sys.executable, str(ROOT / "src" / "tablegen.py"),
                        str(work / "razz_table.h")], check=True, capture_output=True)
        (work / "probe.c").write_text(C_SOURCE, encoding="ascii")
        exe = work / "probe"
        subprocess.run([cc, "-O3", "-march=native", "-std=gnu99", f"-I{ROOT / 'src'}",
                        f"-I{work}", str(work / "probe.c"), "-o", str(exe)], check=True)
        load = os.getloadavg()[0]
        print(f"compiler: {cc} -O3 -march=native; 1-min load average {load:.2f}")
        return subprocess.run([str(exe), str(args.rows), str(args.rounds)],
                              check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
