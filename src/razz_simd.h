/*
 * razz_simd.h - SIMD kernels of the batch evaluator (rz_batch), chosen once at
 * run time from what the CPU reports.
 *
 * Kernels: scalar (razz_eval.h's rz_batch: everywhere), sse2 (x86-64
 * baseline), avx2, avx512 (AVX-512 F+BW+VBMI: Ice Lake, Zen 4 and later) and
 * neon (ARM64 baseline).  All are compiled into every build: the x86 ones
 * through the compiler's per-function target attribute (GCC, clang) or
 * directly (MSVC needs no flag for intrinsics), so no -march flag is needed
 * and a wheel carries them all.  rz_simd_init() reads the CPU (cpuid and
 * xgetbv on x86-64; NEON is part of ARMv8-A) and picks one (rz_simd_pick).
 *
 * How a vector kernel works, 64 rows (a block) at a time:
 *   1. each group of rows is laid out one row per 64-bit lane (its w codes,
 *      then zero bytes) with a byte shuffle (vpermb, pshufb, tbl);
 *   2. validation (check != 0): every code < 52 (a saturating subtract) and no
 *      code twice (the lane compared with its rotations by 1..w/2 bytes);
 *   3. the key: card keys depend on the rank (code >> 2) alone and fit in 24
 *      bits, so three 16-entry byte tables (pshufb / tbl) give each card's
 *      key bytes, and a sum of absolute differences against zero (psadbw)
 *      adds a row's bytes in its lane: key = lo + 256 mid + 65536 hi + base;
 *   4. the perfect-hash mix (key * RZ_MULT mod 2^25) in the lanes, then the two
 *      table loads per row in plain C.
 * A block with a bad row is handed to the scalar checked loop from its first
 * row, which stores the rows before the bad one and returns its index: the
 * results, and what `out` holds on error, are the scalar kernel's exactly.
 * Unchecked, invalid codes give the scalar kernel's garbage too: the keys are
 * the same sums modulo 2^32 (rz_simd_init verifies the table allows it, else
 * only the scalar kernel is offered).
 *
 * Memory safety: a block is read in place only when at least RZ_SIMD_SLACK
 * bytes of the caller's buffer follow it; the last rows are copied to a local
 * buffer padded with valid dummy rows.  The widest over-read is
 * RZ_SIMD_OVERREAD bytes past the block: AVX2's second 16-byte load and NEON's
 * load of rows 62-63 start at byte 62w and read to 62w + 16, 16 - 2w bytes past
 * the block's 64w (6 for w = 5); SSE2's 8-byte load of row 63 reads 8 - w past
 * it; AVX-512's loads are masked to the rows' bytes.  A compile-time check
 * below keeps RZ_SIMD_SLACK at least that.  Table indices are bounded as in
 * razz_eval.h (the mixed key is < 2^25).
 *
 * The Omaha batch's dispatch on the active kernel is in razz_simd_omaha.h,
 * included below where its code sits.
 */
#ifndef RAZZ_SIMD_H
#define RAZZ_SIMD_H

#include "razz_eval.h"
#include "razz_lowgames.h"

/* clang-cl (clang in MSVC mode) declares the AVX intrinsics only for the
 * -m/arch flags given on its command line, so target attributes cannot help
 * there: it builds the scalar kernel only (MSVC's cl, which builds razzcore's
 * Windows wheels, declares them all). */
#if defined(_MSC_VER) && defined(__clang__) && !defined(RZ_NO_SIMD)
#  define RZ_NO_SIMD 1
#endif

#if !defined(RZ_NO_SIMD) && (defined(__x86_64__) || defined(_M_X64)) && !defined(_M_ARM64EC)
#  define RZ_SIMD_X86 1
#  include <immintrin.h>
#  if defined(_MSC_VER) && !defined(__clang__)
#    include <intrin.h>
#    define RZ_TARGET(x)
#  else
#    include <cpuid.h>
#    define RZ_TARGET(x) __attribute__((target(x)))
#  endif
#elif !defined(RZ_NO_SIMD) && (defined(__aarch64__) || defined(_M_ARM64))
#  define RZ_SIMD_NEON 1
#  include <arm_neon.h>
#endif

#if defined(_MSC_VER) && !defined(__clang__)
#  define RZ_NOINLINE static __declspec(noinline)
#elif defined(__GNUC__) && !defined(__clang__)
#  define RZ_NOINLINE static __attribute__((noinline, noclone))
#elif defined(__clang__)
#  define RZ_NOINLINE static __attribute__((noinline))
#else
#  define RZ_NOINLINE static
#endif

enum {
    RZ_K_SCALAR = 0,
    RZ_K_SSE2 = 1,
    RZ_K_AVX2 = 2,
    RZ_K_AVX512 = 3,
    RZ_K_NEON = 4,
    RZ_K_COUNT = 5
};

static const char *const RZ_KERNEL_NAMES[RZ_K_COUNT] = {"scalar", "sse2", "avx2", "avx512",
                                                         "neon"};

/* Name of kernel k ("?" when out of range). */
RZ_INLINE const char *rz_kernel_name(int k)
{
    return k >= 0 && k < RZ_K_COUNT ? RZ_KERNEL_NAMES[k] : "?";
}

#define RZ_SIMD_BLOCK 64
#define RZ_SIMD_MIN_WIDTH 5
/* Bytes read past a block by a `load`-byte load of its rows from `row` on
 * (rows of width `w`). */
#define RZ_SIMD_PAST(row, load, w) ((w) * (row) + (load) - (w) * RZ_SIMD_BLOCK)
/* The widest over-read of any kernel (see the top of this file): the 16-byte
 * loads of the last two rows (AVX2, NEON) at the narrowest width, which also
 * covers SSE2's 8-byte load of the last row. */
#define RZ_SIMD_OVERREAD RZ_SIMD_PAST(RZ_SIMD_BLOCK - 2, 16, RZ_SIMD_MIN_WIDTH)
#ifndef RZ_SIMD_SLACK
#  define RZ_SIMD_SLACK 32
#endif
#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
_Static_assert(RZ_SIMD_SLACK >= RZ_SIMD_OVERREAD
                   && RZ_SIMD_SLACK >= RZ_SIMD_PAST(RZ_SIMD_BLOCK - 1, 8, RZ_SIMD_MIN_WIDTH),
               "RZ_SIMD_SLACK must cover the kernels' widest over-read");
#else
/* C99 and MSVC: an array of negative size when the slack falls short. */
typedef char rz_simd_slack_covers_the_overread[
    (RZ_SIMD_SLACK >= RZ_SIMD_OVERREAD
     && RZ_SIMD_SLACK >= RZ_SIMD_PAST(RZ_SIMD_BLOCK - 1, 8, RZ_SIMD_MIN_WIDTH)) ? 1 : -1];
#endif

/* Everything the kernels share, filled once by rz_simd_init() at import. */
typedef struct {
    uint8_t plane[3][16];             /* key bytes (lo, mid, hi) of each rank 0..15 */
    uint8_t perm64[3][4][64];         /* [w-5][rotation]: 8 rows -> 8 lanes (vpermb) */
    uint8_t shuf16[3][4][16];         /* [w-5][rotation]: 2 rows -> 2 lanes (pshufb, tbl) */
    uint8_t wmask16[3][16];           /* 0xff on the w code bytes of each lane */
    uint64_t wmask64[3];              /* the same as a byte mask of one lane */
    uint32_t base[3];                 /* RZ_SIZE_BASE[w] minus the padding bytes' keys */
    unsigned supported;               /* bit k: kernel k runs on this CPU */
    int active;                       /* the kernel rz_batch_auto uses */
    int picked;                       /* the kernel the policy picked */
    char cpu_vendor[13];
    unsigned cpu_family, cpu_model;
    const char *reason;               /* why `picked` */
} rz_simd_state;

static rz_simd_state RZ_SIMD;

/* ------------------------------------------------------------------ lookup */

/* Ranks of `rows` rows from their mixed keys m (< 2^25 by construction). */
RZ_INLINE void rz_simd_lookup(const uint32_t *m, int rows, uint16_t *out)
{
    int i;
    for (i = 0; i < rows; i++) {
        uint32_t x = m[i] & (uint32_t)RZ_KEY_MASK;
        out[i] = RZ_TABLE[(x & RZ_ROW_MASK) + RZ_DISP[x >> RZ_SHIFT]];
    }
}

/* ------------------------------------------------------------------ x86-64 */
#if defined(RZ_SIMD_X86)

/* SSE2: validation only, two rows per register (without pshufb there is no
 * cheap 16-entry table lookup for the keys): a block found valid is then
 * evaluated by the scalar unchecked loop.  Each lane holds a row's w codes
 * (an 8-byte load; the byte mask drops the next row's codes), compared with
 * its rotations by 1..w/2 bytes. */
RZ_TARGET("sse2")
static int rz_valid_sse2(const uint8_t *p, int w)
{
    const __m128i wmask = _mm_loadu_si128((const __m128i *)RZ_SIMD.wmask16[w - 5]);
    const __m128i lim = _mm_set1_epi8(51);
    const int rots = w / 2;
    __m128i acc = _mm_setzero_si128();
    int i, j;
    for (i = 0; i < RZ_SIMD_BLOCK; i += 2) {
        uint64_t a, b;
        __m128i c, r;
        memcpy(&a, p + w * i, 8);
        memcpy(&b, p + w * (i + 1), 8);
        c = _mm_and_si128(_mm_set_epi64x((long long)b, (long long)a), wmask);
        acc = _mm_or_si128(acc, _mm_subs_epu8(c, lim));
        for (j = 1; j <= rots; j++) {
            r = _mm_or_si128(_mm_srl_epi64(c, _mm_cvtsi32_si128(8 * j)),
                             _mm_sll_epi64(c, _mm_cvtsi32_si128(8 * (w - j))));
            acc = _mm_or_si128(acc, _mm_and_si128(_mm_cmpeq_epi8(c, r), wmask));
        }
    }
    return _mm_movemask_epi8(_mm_cmpeq_epi8(acc, _mm_setzero_si128())) != 0xffff;
}

/* AVX2: four rows per register (two per 128-bit lane). */
RZ_TARGET("avx2")
static int rz_block_avx2(const uint8_t *p, int w, uint32_t *m, int check)
{
    const int wi = w - 5;
    const __m256i s0 = _mm256_broadcastsi128_si256(
        _mm_loadu_si128((const __m128i *)RZ_SIMD.shuf16[wi][0]));
    const __m256i s1 = _mm256_broadcastsi128_si256(
        _mm_loadu_si128((const __m128i *)RZ_SIMD.shuf16[wi][1]));
    const __m256i s2 = _mm256_broadcastsi128_si256(
        _mm_loadu_si128((const __m128i *)RZ_SIMD.shuf16[wi][2]));
    const __m256i s3 = _mm256_broadcastsi128_si256(
        _mm_loadu_si128((const __m128i *)RZ_SIMD.shuf16[wi][3]));
    const __m256i wmask = _mm256_broadcastsi128_si256(
        _mm_loadu_si128((const __m128i *)RZ_SIMD.wmask16[wi]));
    const __m256i plo = _mm256_broadcastsi128_si256(
        _mm_loadu_si128((const __m128i *)RZ_SIMD.plane[0]));
    const __m256i pmid = _mm256_broadcastsi128_si256(
        _mm_loadu_si128((const __m128i *)RZ_SIMD.plane[1]));
    const __m256i phi = _mm256_broadcastsi128_si256(
        _mm_loadu_si128((const __m128i *)RZ_SIMD.plane[2]));
    const __m256i nib = _mm256_set1_epi8(15);
    const __m256i lim = _mm256_set1_epi8(51);
    const __m256i zero = _mm256_setzero_si256();
    const __m256i base = _mm256_set1_epi64x((long long)RZ_SIMD.base[wi]);
    const __m256i mult = _mm256_set1_epi64x((long long)RZ_MULT);
    const __m256i pack = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
    __m256i acc = zero;
    int i;
    for (i = 0; i < RZ_SIMD_BLOCK; i += 4) {
        const uint8_t *q = p + w * i;
        __m256i x = _mm256_inserti128_si256(
            _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)q)),
            _mm_loadu_si128((const __m128i *)(q + 2 * w)), 1);
        __m256i c = _mm256_shuffle_epi8(x, s0);
        __m256i r = _mm256_and_si256(_mm256_srli_epi16(c, 2), nib);
        __m256i klo = _mm256_sad_epu8(_mm256_shuffle_epi8(plo, r), zero);
        __m256i kmid = _mm256_sad_epu8(_mm256_shuffle_epi8(pmid, r), zero);
        __m256i khi = _mm256_sad_epu8(_mm256_shuffle_epi8(phi, r), zero);
        __m256i key = _mm256_add_epi64(_mm256_add_epi64(klo, base),
                                       _mm256_add_epi64(_mm256_slli_epi64(kmid, 8),
                                                        _mm256_slli_epi64(khi, 16)));
        __m256i mx = _mm256_permutevar8x32_epi32(_mm256_mul_epu32(key, mult), pack);
        _mm_storeu_si128((__m128i *)(m + i), _mm256_castsi256_si128(mx));
        if (check) {
            __m256i e = _mm256_cmpeq_epi8(c, _mm256_shuffle_epi8(x, s1));
            e = _mm256_or_si256(e, _mm256_cmpeq_epi8(c, _mm256_shuffle_epi8(x, s2)));
            if (w > 5)
                e = _mm256_or_si256(e, _mm256_cmpeq_epi8(c, _mm256_shuffle_epi8(x, s3)));
            acc = _mm256_or_si256(acc, _mm256_and_si256(e, wmask));
            acc = _mm256_or_si256(acc, _mm256_subs_epu8(c, lim));
        }
    }
    return check && !_mm256_testz_si256(acc, acc);
}

/* AVX-512 (F, BW, VBMI): eight rows per register, loaded with an exact byte
 * mask and laid out with one vpermb. */
RZ_TARGET("avx512f,avx512bw,avx512vbmi")
static int rz_block_avx512(const uint8_t *p, int w, uint32_t *m, int check)
{
    const int wi = w - 5;
    const __m512i s0 = _mm512_loadu_si512((const void *)RZ_SIMD.perm64[wi][0]);
    const __m512i s1 = _mm512_loadu_si512((const void *)RZ_SIMD.perm64[wi][1]);
    const __m512i s2 = _mm512_loadu_si512((const void *)RZ_SIMD.perm64[wi][2]);
    const __m512i s3 = _mm512_loadu_si512((const void *)RZ_SIMD.perm64[wi][3]);
    const __m512i plo = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)RZ_SIMD.plane[0]));
    const __m512i pmid = _mm512_broadcast_i32x4(
        _mm_loadu_si128((const __m128i *)RZ_SIMD.plane[1]));
    const __m512i phi = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)RZ_SIMD.plane[2]));
    const __m512i nib = _mm512_set1_epi8(15);
    const __m512i lim = _mm512_set1_epi8(51);
    const __m512i zero = _mm512_setzero_si512();
    const __m512i base = _mm512_set1_epi64((long long)RZ_SIMD.base[wi]);
    const __m512i mult = _mm512_set1_epi64((long long)RZ_MULT);
    const __mmask64 wm = (__mmask64)RZ_SIMD.wmask64[wi];
    const __mmask64 load = ((__mmask64)1 << (8 * w)) - 1; /* 8 rows: 8w bytes */
    __m512i dmin = _mm512_set1_epi8(-1), cmax = zero;
    int i;
    for (i = 0; i < RZ_SIMD_BLOCK; i += 8) {
        __m512i x = _mm512_maskz_loadu_epi8(load, p + w * i);
        __m512i c = _mm512_maskz_permutexvar_epi8(wm, s0, x);
        __m512i r = _mm512_and_si512(_mm512_srli_epi16(c, 2), nib);
        __m512i klo = _mm512_sad_epu8(_mm512_shuffle_epi8(plo, r), zero);
        __m512i kmid = _mm512_sad_epu8(_mm512_shuffle_epi8(pmid, r), zero);
        __m512i khi = _mm512_sad_epu8(_mm512_shuffle_epi8(phi, r), zero);
        __m512i key = _mm512_add_epi64(_mm512_add_epi64(klo, base),
                                       _mm512_add_epi64(_mm512_slli_epi64(kmid, 8),
                                                        _mm512_slli_epi64(khi, 16)));
        _mm256_storeu_si256((__m256i *)(m + i),
                            _mm512_cvtepi64_epi32(_mm512_mul_epu32(key, mult)));
        if (check) {
            /* a zero byte of c ^ rotation = a repeated code; pads are 0 in c */
            __m512i t = _mm512_xor_si512(c, _mm512_permutexvar_epi8(s1, x));
            t = _mm512_min_epu8(t, _mm512_xor_si512(c, _mm512_permutexvar_epi8(s2, x)));
            if (w > 5)
                t = _mm512_min_epu8(t, _mm512_xor_si512(c, _mm512_permutexvar_epi8(s3, x)));
            dmin = _mm512_mask_min_epu8(dmin, wm, dmin, t);
            cmax = _mm512_max_epu8(cmax, c);
        }
    }
    return check && (_mm512_cmpeq_epi8_mask(dmin, zero) | _mm512_cmpgt_epu8_mask(cmax, lim)) != 0;
}

/* cpuid and xgetbv, for gcc/clang/mingw and MSVC. */
RZ_INLINE void rz_cpuid(unsigned leaf, unsigned sub, unsigned r[4])
{
#if defined(_MSC_VER) && !defined(__clang__)
    int v[4];
    __cpuidex(v, (int)leaf, (int)sub);
    r[0] = (unsigned)v[0]; r[1] = (unsigned)v[1]; r[2] = (unsigned)v[2]; r[3] = (unsigned)v[3];
#else
    __cpuid_count(leaf, sub, r[0], r[1], r[2], r[3]);
#endif
}

RZ_INLINE uint64_t rz_xgetbv0(void)
{
#if defined(_MSC_VER) && !defined(__clang__)
    return _xgetbv(0);
#else
    uint32_t lo, hi;
    __asm__ __volatile__(".byte 0x0f, 0x01, 0xd0" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
#endif
}

RZ_INLINE unsigned rz_simd_cpu(void)
{
    unsigned r[4], max_leaf, sup = (1u << RZ_K_SCALAR) | (1u << RZ_K_SSE2);
    int os_ymm = 0, os_zmm = 0;
    rz_cpuid(0, 0, r);
    max_leaf = r[0];
    memcpy(RZ_SIMD.cpu_vendor, &r[1], 4);
    memcpy(RZ_SIMD.cpu_vendor + 4, &r[3], 4);
    memcpy(RZ_SIMD.cpu_vendor + 8, &r[2], 4);
    RZ_SIMD.cpu_vendor[12] = 0;
    if (max_leaf < 1)
        return sup;
    rz_cpuid(1, 0, r);
    RZ_SIMD.cpu_family = ((r[0] >> 8) & 15u) + (((r[0] >> 8) & 15u) == 15u ? (r[0] >> 20) & 255u : 0);
    RZ_SIMD.cpu_model = ((r[0] >> 4) & 15u) | (((r[0] >> 16) & 15u) << 4);
    if ((r[2] >> 27) & 1u) { /* OSXSAVE: the OS saves what XCR0 says */
        uint64_t xcr0 = rz_xgetbv0();
        os_ymm = (xcr0 & 6u) == 6u;
        os_zmm = os_ymm && (xcr0 & 0xe0u) == 0xe0u;
    }
    if (max_leaf < 7 || !os_ymm)
        return sup;
    rz_cpuid(7, 0, r);
    if ((r[1] >> 5) & 1u) /* AVX2 */
        sup |= 1u << RZ_K_AVX2;
    /* AVX512F (ebx 16), AVX512BW (ebx 30), AVX512VBMI (ecx 1) */
    if (os_zmm && ((r[1] >> 16) & 1u) && ((r[1] >> 30) & 1u) && ((r[2] >> 1) & 1u))
        sup |= 1u << RZ_K_AVX512;
    return sup;
}

#endif /* RZ_SIMD_X86 */

/* ------------------------------------------------------------------ ARM64 */
#if defined(RZ_SIMD_NEON)

/* NEON: two rows per register, tbl for the layout and the key bytes. */
static int rz_block_neon(const uint8_t *p, int w, uint32_t *m, int check)
{
    const int wi = w - 5;
    const uint8x16_t s0 = vld1q_u8(RZ_SIMD.shuf16[wi][0]);
    const uint8x16_t s1 = vld1q_u8(RZ_SIMD.shuf16[wi][1]);
    const uint8x16_t s2 = vld1q_u8(RZ_SIMD.shuf16[wi][2]);
    const uint8x16_t s3 = vld1q_u8(RZ_SIMD.shuf16[wi][3]);
    const uint8x16_t wmask = vld1q_u8(RZ_SIMD.wmask16[wi]);
    const uint8x16_t plo = vld1q_u8(RZ_SIMD.plane[0]);
    const uint8x16_t pmid = vld1q_u8(RZ_SIMD.plane[1]);
    const uint8x16_t phi = vld1q_u8(RZ_SIMD.plane[2]);
    const uint8x16_t lim = vdupq_n_u8(51);
    const uint64x2_t base = vdupq_n_u64(RZ_SIMD.base[wi]);
    const uint32x2_t mult = vdup_n_u32((uint32_t)RZ_MULT);
    uint8x16_t acc = vdupq_n_u8(0);
    int i;
    for (i = 0; i < RZ_SIMD_BLOCK; i += 2) {
        uint8x16_t x = vld1q_u8(p + w * i);
        uint8x16_t c = vqtbl1q_u8(x, s0); /* indices 0xff give 0 */
        uint8x16_t r = vshrq_n_u8(c, 2);
        uint64x2_t klo, kmid, khi, key;
        r = vandq_u8(r, vdupq_n_u8(15));
        klo = vpaddlq_u32(vpaddlq_u16(vpaddlq_u8(vqtbl1q_u8(plo, r))));
        kmid = vpaddlq_u32(vpaddlq_u16(vpaddlq_u8(vqtbl1q_u8(pmid, r))));
        khi = vpaddlq_u32(vpaddlq_u16(vpaddlq_u8(vqtbl1q_u8(phi, r))));
        key = vaddq_u64(vaddq_u64(klo, base),
                        vaddq_u64(vshlq_n_u64(kmid, 8), vshlq_n_u64(khi, 16)));
        vst1_u32(m + i, vmul_u32(vmovn_u64(key), mult));
        if (check) {
            uint8x16_t e = vceqq_u8(c, vqtbl1q_u8(x, s1));
            e = vorrq_u8(e, vceqq_u8(c, vqtbl1q_u8(x, s2)));
            if (w > 5)
                e = vorrq_u8(e, vceqq_u8(c, vqtbl1q_u8(x, s3)));
            acc = vorrq_u8(acc, vandq_u8(e, wmask));
            acc = vorrq_u8(acc, vcgtq_u8(c, lim));
        }
    }
    return check && vmaxvq_u8(acc) != 0;
}

#endif /* RZ_SIMD_NEON */

/* ------------------------------------------------------------------ driver */

/* The scalar kernel, one copy of it (not inlined at every fallback). */
RZ_NOINLINE ptrdiff_t rz_batch_scalar(const uint8_t *hands, ptrdiff_t n, int width,
                                      uint16_t *out, int check)
{
    return rz_batch(hands, n, width, out, check);
}

typedef int (*rz_block_fn)(const uint8_t *p, int w, uint32_t *m, int check);

RZ_INLINE rz_block_fn rz_simd_block_fn(int kernel)
{
    switch (kernel) {
#if defined(RZ_SIMD_X86)
    case RZ_K_AVX2: return rz_block_avx2;
    case RZ_K_AVX512: return rz_block_avx512;
#endif
#if defined(RZ_SIMD_NEON)
    case RZ_K_NEON: return rz_block_neon;
#endif
    default: return NULL;
    }
}

#if defined(RZ_SIMD_X86)
/* The sse2 kernel: unchecked it is the scalar loop; checked, each block is
 * validated in vectors, then evaluated by the scalar unchecked loop. */
RZ_INLINE ptrdiff_t rz_batch_sse2(const uint8_t *hands, ptrdiff_t n, int width, uint16_t *out,
                                  int check)
{
    ptrdiff_t i = 0;
    const size_t total = (size_t)n * (size_t)width;
    if (!check)
        return rz_batch_scalar(hands, n, width, out, 0);
    for (; (size_t)width * (size_t)(i + RZ_SIMD_BLOCK) + RZ_SIMD_SLACK <= total;
         i += RZ_SIMD_BLOCK) {
        ptrdiff_t bad = rz_valid_sse2(hands + width * i, width)
                        ? rz_batch_scalar(hands + width * i, RZ_SIMD_BLOCK, width, out + i, 1)
                        : rz_batch_scalar(hands + width * i, RZ_SIMD_BLOCK, width, out + i, 0);
        if (bad >= 0)
            return i + bad;
    }
    {   /* the last rows: the scalar checked loop */
        ptrdiff_t bad = rz_batch_scalar(hands + width * i, n - i, width, out + i, 1);
        return bad >= 0 ? i + bad : -1;
    }
}
#endif

/* rz_batch with the given kernel (same contract: -1, or the first bad row's
 * index with check).  A kernel this CPU cannot run, or an unknown one, runs
 * the scalar loop. */
RZ_INLINE ptrdiff_t rz_batch_kernel(int kernel, const uint8_t *hands, ptrdiff_t n, int width,
                                    uint16_t *out, int check)
{
    uint32_t m[RZ_SIMD_BLOCK];
    uint8_t tail[RZ_SIMD_BLOCK * 7 + RZ_SIMD_SLACK];
    rz_block_fn block;
    ptrdiff_t i = 0;
    const size_t total = (size_t)n * (size_t)(width > 0 ? width : 0);
    if (kernel < 0 || kernel >= RZ_K_COUNT || !((RZ_SIMD.supported >> kernel) & 1u) ||
        width < 5 || width > 7 || n <= 0)
        return rz_batch_scalar(hands, n, width, out, check);
#if defined(RZ_SIMD_X86)
    if (kernel == RZ_K_SSE2)
        return rz_batch_sse2(hands, n, width, out, check);
#endif
    block = rz_simd_block_fn(kernel);
    if (block == NULL)
        return rz_batch_scalar(hands, n, width, out, check);
    /* Blocks read in place: RZ_SIMD_SLACK bytes of the buffer follow them. */
    for (; (size_t)width * (size_t)(i + RZ_SIMD_BLOCK) + RZ_SIMD_SLACK <= total;
         i += RZ_SIMD_BLOCK) {
        if (block(hands + width * i, width, m, check)) {
            ptrdiff_t bad = rz_batch_scalar(hands + width * i, RZ_SIMD_BLOCK, width, out + i, 1);
            if (bad >= 0)
                return i + bad;
            continue; /* the scalar check has the last word (and stored the block) */
        }
        rz_simd_lookup(m, RZ_SIMD_BLOCK, out + i);
    }
    /* The last rows: a copy padded with valid dummy rows (codes 0..w-1). */
    while (i < n) {
        int rows = n - i < RZ_SIMD_BLOCK ? (int)(n - i) : RZ_SIMD_BLOCK;
        int r, k;
        memcpy(tail, hands + width * i, (size_t)width * (size_t)rows);
        for (r = rows; r < RZ_SIMD_BLOCK; r++)
            for (k = 0; k < width; k++)
                tail[width * r + k] = (uint8_t)k;
        memset(tail + width * RZ_SIMD_BLOCK, 0, sizeof tail - (size_t)width * RZ_SIMD_BLOCK);
        if (block(tail, width, m, check)) {
            ptrdiff_t bad = rz_batch_scalar(hands + width * i, rows, width, out + i, 1);
            if (bad >= 0)
                return i + bad;
        } else {
            rz_simd_lookup(m, rows, out + i);
        }
        i += rows;
    }
    return -1;
}

/* The batch with the active kernel (RZ_SIMD.active). */
RZ_INLINE ptrdiff_t rz_batch_auto(const uint8_t *hands, ptrdiff_t n, int width, uint16_t *out,
                                  int check)
{
    return rz_batch_kernel(RZ_SIMD.active, hands, n, width, out, check);
}

/* rz_batch_auto, then each rank above `limit` (rz_qual_limit) made 0, a
 * chunk of rows at a time while the chunk's ranks are still in cache.  On a
 * bad row the rows before it are stored (and limited) and its index returned. */
#define RZ_LIMIT_CHUNK 4096
RZ_INLINE ptrdiff_t rz_batch_auto_limit(const uint8_t *hands, ptrdiff_t n, int width,
                                        uint16_t *out, int check, unsigned limit)
{
    ptrdiff_t i, rows, bad;
    if (limit >= RZ_NO_LIMIT || width < 5 || width > 7)
        return rz_batch_auto(hands, n, width, out, check);
    for (i = 0; i < n; i += rows) {
        rows = n - i < RZ_LIMIT_CHUNK ? n - i : RZ_LIMIT_CHUNK;
        bad = rz_batch_auto(hands + (ptrdiff_t)width * i, rows, width, out + i, check);
        rz_qualify_all(out + i, bad >= 0 ? bad : rows, limit);
        if (bad >= 0)
            return i + bad;
    }
    return -1;
}

#include "razz_simd_omaha.h" /* the Omaha batch on the active kernel */

/* The policy: which supported kernel to use (measured, see docs/simd.md). */
RZ_INLINE int rz_simd_pick(unsigned sup, const char **reason)
{
    if ((sup >> RZ_K_NEON) & 1u) {
        *reason = "ARM64: NEON is part of the base architecture";
        return RZ_K_NEON;
    }
    if ((sup >> RZ_K_AVX512) & 1u) {
        *reason = "AVX-512 F/BW/VBMI reported: the 8-rows-per-vector kernel";
        return RZ_K_AVX512;
    }
    if ((sup >> RZ_K_AVX2) & 1u) {
        *reason = "AVX2 reported (no AVX-512 VBMI): the shuffle kernel (no gathers)";
        return RZ_K_AVX2;
    }
    if ((sup >> RZ_K_SSE2) & 1u) {
        *reason = "x86-64 baseline: SSE2 validation, scalar keys";
        return RZ_K_SSE2;
    }
    *reason = "no SIMD kernel for this CPU or build";
    return RZ_K_SCALAR;
}

/* Fill the shared tables and read the CPU.  Call once, before any batch
 * (razzcore calls it at import).  Returns the bit set of supported kernels. */
RZ_INLINE unsigned rz_simd_init(void)
{
    int w, d, lane, k, c, ok = 1;
    memset(&RZ_SIMD, 0, sizeof RZ_SIMD);
    /* The vector kernels need card keys that depend on the rank alone and fit
     * in 24 bits (true of razzcore's generator; checked, not assumed). */
    for (c = 0; c < 64; c++)
        if (RZ_CARD_KEY[c] != RZ_CARD_KEY[c & ~3] || RZ_CARD_KEY[c] >= (1u << 24))
            ok = 0;
    for (k = 0; k < 16; k++) {
        uint32_t key = RZ_CARD_KEY[4 * k];
        RZ_SIMD.plane[0][k] = (uint8_t)(key & 255u);
        RZ_SIMD.plane[1][k] = (uint8_t)((key >> 8) & 255u);
        RZ_SIMD.plane[2][k] = (uint8_t)((key >> 16) & 255u);
    }
    for (w = 5; w <= 7; w++) {
        int wi = w - 5;
        /* a lane holds w codes and 8 - w padding bytes of code 0: take their
         * keys back off the base (modulo 2^32, as the scalar sum wraps) */
        RZ_SIMD.base[wi] = RZ_SIZE_BASE[w] - (uint32_t)(8 - w) * RZ_CARD_KEY[0];
        RZ_SIMD.wmask64[wi] = 0;
        for (lane = 0; lane < 8; lane++)
            for (k = 0; k < w; k++)
                RZ_SIMD.wmask64[wi] |= (uint64_t)1 << (8 * lane + k);
        for (d = 0; d < 4; d++) {
            for (lane = 0; lane < 8; lane++)
                for (k = 0; k < 8; k++)
                    RZ_SIMD.perm64[wi][d][8 * lane + k] =
                        (uint8_t)(k < w ? w * lane + (k + d) % w : 0);
            for (lane = 0; lane < 2; lane++)
                for (k = 0; k < 8; k++)
                    RZ_SIMD.shuf16[wi][d][8 * lane + k] =
                        (uint8_t)(k < w ? w * lane + (k + d) % w : 0xff);
        }
        for (k = 0; k < 16; k++)
            RZ_SIMD.wmask16[wi][k] = (uint8_t)((k & 7) < w ? 0xff : 0);
    }
    RZ_SIMD.supported = 1u << RZ_K_SCALAR;
#if defined(RZ_SIMD_X86)
    RZ_SIMD.supported = rz_simd_cpu();
#elif defined(RZ_SIMD_NEON)
    RZ_SIMD.supported |= 1u << RZ_K_NEON;
#endif
    if (!ok)
        RZ_SIMD.supported = 1u << RZ_K_SCALAR;
    RZ_SIMD.picked = rz_simd_pick(RZ_SIMD.supported, &RZ_SIMD.reason);
    if (!ok)
        RZ_SIMD.reason = "the table's card keys do not suit the vector kernels";
    RZ_SIMD.active = RZ_SIMD.picked;
    return RZ_SIMD.supported;
}

/* Bit k set: kernel k is compiled into this build. */
RZ_INLINE unsigned rz_simd_compiled(void)
{
    unsigned k = 1u << RZ_K_SCALAR;
#if defined(RZ_SIMD_X86)
    k |= (1u << RZ_K_SSE2) | (1u << RZ_K_AVX2) | (1u << RZ_K_AVX512);
#elif defined(RZ_SIMD_NEON)
    k |= 1u << RZ_K_NEON;
#endif
    return k;
}

/* Use kernel k from now on: 0 on success, -1 when this CPU cannot run it. */
RZ_INLINE int rz_simd_use(int k)
{
    if (k < 0 || k >= RZ_K_COUNT || !((RZ_SIMD.supported >> k) & 1u))
        return -1;
    RZ_SIMD.active = k;
    return 0;
}

#endif /* RAZZ_SIMD_H */
