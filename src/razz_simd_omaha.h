/*
 * razz_simd_omaha.h - the Omaha batch's dispatch on the active batch kernel
 * (rz_omaha_batch_auto): on x86-64, the popcnt copies of the checked
 * eight-or-better rows and the AVX2 kernel of the unqualified rows.
 *
 * Part of razz_simd.h, which includes it where this code sits (after the
 * rank batches, before the kernel policy); included on its own it brings
 * razz_simd.h first.  Header-only C99.
 */
#ifndef RAZZ_SIMD_OMAHA_H
#define RAZZ_SIMD_OMAHA_H

#include "razz_lowgames.h"
#include "razz_simd.h"

/* ------------------------------------------------------------------ Omaha
 *
 * The Omaha batch (razz_lowgames.h) is scalar code; on x86-64 CPUs with AVX2
 * (all of which have POPCNT) the checked eight-or-better rows of the common
 * shapes run a copy compiled for POPCNT, whose one instruction replaces the
 * portable popcount of each row's card mask.  Same results, same first bad row. */
#if defined(RZ_SIMD_X86)
RZ_TARGET("popcnt")
static unsigned rz_popcnt_hw(uint64_t x)
{
    return (unsigned)_mm_popcnt_u64(x);
}
RZ_OMAHA8_ROWS_FN_WITH(RZ_TARGET("popcnt") static, rz_omaha8_rows_4_5_popcnt, 4, 5,
                       rz_popcnt_hw)
RZ_OMAHA8_ROWS_FN_WITH(RZ_TARGET("popcnt") static, rz_omaha8_rows_5_5_popcnt, 5, 5,
                       rz_popcnt_hw)
RZ_OMAHA8_ROWS_FN_WITH(RZ_TARGET("popcnt") static, rz_omaha8_rows_6_5_popcnt, 6, 5,
                       rz_popcnt_hw)
#endif

#if defined(RZ_SIMD_X86)
#  if defined(_MSC_VER) && !defined(__clang__)
#    define RZ_FORCE_INLINE __forceinline
#  else
#    define RZ_FORCE_INLINE inline __attribute__((always_inline))
#  endif
/* AVX2, unqualified Omaha lows (any limit above eight) of h = 4..6 hole cards
 * and a 5-card board: eight rows at once, one per 32-bit lane.  Two byte
 * gathers read a row's first and last four codes (no byte past the row), the
 * board ranks go through a sorting network into their multiset index
 * (sum of C(r_i + i, i + 1), in arithmetic), and each hole rank pair gathers
 * its entry of the board's RZ_OMAHA_LOW5 row: the least is the rank, exactly
 * rz_omaha_low's (same tables, same reading of codes >= 52).  Checked, each
 * 8-row block is validated first and one holding a bad row is redone by the
 * scalar loop, which stops at it; the last n % 8 rows are scalar. */
RZ_TARGET("avx2")
static __m256i rz_omaha_rank_avx2(__m256i c)
{
    c = _mm256_and_si256(c, _mm256_set1_epi32(63));
    return _mm256_and_si256(_mm256_srli_epi32(c, 2),
                            _mm256_cmpgt_epi32(_mm256_set1_epi32(52), c));
}

#define RZ_SORT2_AVX2(x, y)                                                         \
    do {                                                                            \
        __m256i lo_ = _mm256_min_epi32(x, y);                                       \
        (y) = _mm256_max_epi32(x, y);                                               \
        (x) = lo_;                                                                  \
    } while (0)

RZ_TARGET("avx2")
static RZ_FORCE_INLINE ptrdiff_t rz_omaha_rows_avx2(const uint8_t *holes, const int h,
                                                    const uint8_t *boards, ptrdiff_t n,
                                                    uint16_t *out, int check,
                                                    unsigned limit)
{
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i hstep = _mm256_mullo_epi32(lane, _mm256_set1_epi32(h));
    const __m256i bstep = _mm256_mullo_epi32(lane, _mm256_set1_epi32(5));
    const __m256i byte = _mm256_set1_epi32(255);
    const __m256i one = _mm256_set1_epi32(1);
    const __m256i keep = _mm256_set1_epi32((int)(limit < RZ_NO_LIMIT ? limit + 1u : 65536u));
    const int *table = (const int *)(const void *)RZ_OMAHA_LOW5;
    ptrdiff_t i, bad;
    int k, x, y;
    for (i = 0; i + 8 <= n; i += 8) {
        const uint8_t *hp = holes + (ptrdiff_t)h * i, *bp = boards + 5 * i;
        __m256i hr[6], r0, r1, r2, r3, r4, t, board, best;
        if (check) {
            for (k = 0; k < 8; k++)
                if (!rz_omaha_valid(hp + h * k, h, bp + 5 * k, 5))
                    break;
            if (k < 8) {
                bad = rz_omaha_rows_any(hp, h, bp, 5, 8, out + i, 1, limit);
                return i + bad;
            }
        }
        t = _mm256_i32gather_epi32((const int *)(const void *)hp, hstep, 1);
        for (k = 0; k < 4; k++)
            hr[k] = rz_omaha_rank_avx2(_mm256_and_si256(_mm256_srli_epi32(t, 8 * k), byte));
        if (h > 4) {
            t = _mm256_i32gather_epi32((const int *)(const void *)(hp + h - 4), hstep, 1);
            hr[4] = rz_omaha_rank_avx2(_mm256_and_si256(_mm256_srli_epi32(t, 8 * (8 - h)),
                                                        byte));
            hr[5] = rz_omaha_rank_avx2(_mm256_srli_epi32(t, 24));
        }
        t = _mm256_i32gather_epi32((const int *)(const void *)bp, bstep, 1);
        r0 = rz_omaha_rank_avx2(_mm256_and_si256(t, byte));
        r1 = rz_omaha_rank_avx2(_mm256_and_si256(_mm256_srli_epi32(t, 8), byte));
        r2 = rz_omaha_rank_avx2(_mm256_and_si256(_mm256_srli_epi32(t, 16), byte));
        r3 = rz_omaha_rank_avx2(_mm256_srli_epi32(t, 24));
        t = _mm256_i32gather_epi32((const int *)(const void *)(bp + 1), bstep, 1);
        r4 = rz_omaha_rank_avx2(_mm256_srli_epi32(t, 24));
        RZ_SORT2_AVX2(r0, r1); RZ_SORT2_AVX2(r3, r4); RZ_SORT2_AVX2(r2, r4);
        RZ_SORT2_AVX2(r2, r3); RZ_SORT2_AVX2(r0, r3); RZ_SORT2_AVX2(r0, r2);
        RZ_SORT2_AVX2(r1, r4); RZ_SORT2_AVX2(r1, r3); RZ_SORT2_AVX2(r1, r2);
        /* C(v,2) = v(v-1)/2, C(v,3) = C(v,2)(v-2)/3, C(v,4) = C(v,3)(v-3)/4,
         * C(v,5) = C(v,4)(v-4)/5; the divisions exact, by multiply and shift
         * (x / 3 = x * 43691 >> 17 and x / 5 = x * 52429 >> 18 for x < 2^16) */
        {
            __m256i v1 = _mm256_add_epi32(r1, one);
            __m256i v2 = _mm256_add_epi32(r2, _mm256_set1_epi32(2));
            __m256i v3 = _mm256_add_epi32(r3, _mm256_set1_epi32(3));
            __m256i v4 = _mm256_add_epi32(r4, _mm256_set1_epi32(4));
            __m256i c2, c3, c4, c5;
            c2 = _mm256_srli_epi32(_mm256_mullo_epi32(v1, _mm256_sub_epi32(v1, one)), 1);
            board = _mm256_add_epi32(r0, c2);
            c2 = _mm256_srli_epi32(_mm256_mullo_epi32(v2, _mm256_sub_epi32(v2, one)), 1);
            c3 = _mm256_mullo_epi32(c2, _mm256_sub_epi32(v2, _mm256_set1_epi32(2)));
            c3 = _mm256_srli_epi32(_mm256_mullo_epi32(c3, _mm256_set1_epi32(43691)), 17);
            board = _mm256_add_epi32(board, c3);
            c2 = _mm256_srli_epi32(_mm256_mullo_epi32(v3, _mm256_sub_epi32(v3, one)), 1);
            c3 = _mm256_mullo_epi32(c2, _mm256_sub_epi32(v3, _mm256_set1_epi32(2)));
            c3 = _mm256_srli_epi32(_mm256_mullo_epi32(c3, _mm256_set1_epi32(43691)), 17);
            c4 = _mm256_srli_epi32(
                _mm256_mullo_epi32(c3, _mm256_sub_epi32(v3, _mm256_set1_epi32(3))), 2);
            board = _mm256_add_epi32(board, c4);
            c2 = _mm256_srli_epi32(_mm256_mullo_epi32(v4, _mm256_sub_epi32(v4, one)), 1);
            c3 = _mm256_mullo_epi32(c2, _mm256_sub_epi32(v4, _mm256_set1_epi32(2)));
            c3 = _mm256_srli_epi32(_mm256_mullo_epi32(c3, _mm256_set1_epi32(43691)), 17);
            c4 = _mm256_srli_epi32(
                _mm256_mullo_epi32(c3, _mm256_sub_epi32(v4, _mm256_set1_epi32(3))), 2);
            c5 = _mm256_mullo_epi32(c4, _mm256_sub_epi32(v4, _mm256_set1_epi32(4)));
            c5 = _mm256_srli_epi32(_mm256_mullo_epi32(c5, _mm256_set1_epi32(52429)), 18);
            board = _mm256_add_epi32(board, c5);
        }
        board = _mm256_mullo_epi32(board, _mm256_set1_epi32(RZ_OMAHA_PAIRS));
        best = keep; /* above every rank */
        for (x = 0; x < h; x++)
            for (y = x + 1; y < h; y++) {
                /* pair index of lo <= hi: lo (25 - lo) / 2 + hi */
                __m256i lo = _mm256_min_epi32(hr[x], hr[y]), hi = _mm256_max_epi32(hr[x], hr[y]);
                __m256i p = _mm256_srli_epi32(
                    _mm256_mullo_epi32(lo, _mm256_sub_epi32(_mm256_set1_epi32(25), lo)), 1);
                __m256i v = _mm256_i32gather_epi32(
                    table, _mm256_add_epi32(board, _mm256_add_epi32(p, hi)), 2);
                best = _mm256_min_epi32(best, _mm256_and_si256(v, _mm256_set1_epi32(65535)));
            }
        best = _mm256_and_si256(best, _mm256_cmpgt_epi32(keep, best));
        best = _mm256_permute4x64_epi64(_mm256_packus_epi32(best, best), 0x08);
        _mm_storeu_si128((__m128i *)(void *)(out + i), _mm256_castsi256_si128(best));
    }
    bad = rz_omaha_rows_any(holes + (ptrdiff_t)h * i, h, boards + 5 * i, 5, n - i, out + i,
                            check, limit);
    return bad < 0 ? -1 : i + bad;
}
#undef RZ_SORT2_AVX2

RZ_TARGET("avx2")
static ptrdiff_t rz_omaha_rows_4_5_avx2(const uint8_t *holes, const uint8_t *boards,
                                        ptrdiff_t n, uint16_t *out, int check, unsigned limit)
{
    return rz_omaha_rows_avx2(holes, 4, boards, n, out, check, limit);
}
RZ_TARGET("avx2")
static ptrdiff_t rz_omaha_rows_5_5_avx2(const uint8_t *holes, const uint8_t *boards,
                                        ptrdiff_t n, uint16_t *out, int check, unsigned limit)
{
    return rz_omaha_rows_avx2(holes, 5, boards, n, out, check, limit);
}
RZ_TARGET("avx2")
static ptrdiff_t rz_omaha_rows_6_5_avx2(const uint8_t *holes, const uint8_t *boards,
                                        ptrdiff_t n, uint16_t *out, int check, unsigned limit)
{
    return rz_omaha_rows_avx2(holes, 6, boards, n, out, check, limit);
}
#endif

/* rz_omaha_batch (same contract) with the code the active kernel calls for. */
RZ_INLINE ptrdiff_t rz_omaha_batch_auto(const uint8_t *holes, int h, const uint8_t *boards,
                                        int b, ptrdiff_t n, uint16_t *out, int check,
                                        unsigned limit)
{
#if defined(RZ_SIMD_X86)
    if (check && limit <= RZ_LIMIT8 && b == 5 &&
        (RZ_SIMD.active == RZ_K_AVX2 || RZ_SIMD.active == RZ_K_AVX512)) {
        if (h == 4)
            return rz_omaha8_rows_4_5_popcnt(holes, h, boards, b, n, out, check, limit);
        if (h == 5)
            return rz_omaha8_rows_5_5_popcnt(holes, h, boards, b, n, out, check, limit);
        if (h == 6)
            return rz_omaha8_rows_6_5_popcnt(holes, h, boards, b, n, out, check, limit);
    }
    if (limit > RZ_LIMIT8 && b == 5 &&
        (RZ_SIMD.active == RZ_K_AVX2 || RZ_SIMD.active == RZ_K_AVX512)) {
        if (h == 4)
            return rz_omaha_rows_4_5_avx2(holes, boards, n, out, check, limit);
        if (h == 5)
            return rz_omaha_rows_5_5_avx2(holes, boards, n, out, check, limit);
        if (h == 6)
            return rz_omaha_rows_6_5_avx2(holes, boards, n, out, check, limit);
    }
#endif
    return rz_omaha_batch(holes, h, boards, b, n, out, check, limit);
}

#endif /* RAZZ_SIMD_OMAHA_H */
