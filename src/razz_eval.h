/*
 * razz_eval.h - razzcore's ace-to-five low evaluator kernel (C99, header only).
 *
 * A hand of n = 5, 6 or 7 cards (codes 0..51 = 4*rank + suit, rank 0 = ace) is
 * evaluated as   key = RZ_SIZE_BASE[n] + sum(RZ_CARD_KEY[code])   then one
 * perfect-hash lookup (see src/tablegen.py, which generates razz_table.h
 * at build time).  Result: dense rank 1 (5-4-3-2-A) .. 6175 (K-K-K-K-Q), lower
 * is better.
 *
 * Memory safety: every index is bounded by construction.  Codes are masked to
 * 0..63 (RZ_CARD_KEY has 64 entries), keys are mixed modulo 2^25 so the row
 * index is < RZ_DISP_SIZE, and the table is padded by one row width.  Invalid
 * input (codes >= 52, duplicates) therefore gives an unspecified rank, never an
 * out-of-bounds access; callers validate before trusting the result.
 *
 * Portable: plain C99, no compiler builtins; compiles with gcc, clang and MSVC.
 */
#ifndef RAZZ_EVAL_H
#define RAZZ_EVAL_H

#include <stdint.h>
#include <stddef.h>
#include <string.h>
#include "razz_table.h"

#if defined(_MSC_VER)
#  define RZ_INLINE static __inline
#else
#  define RZ_INLINE static inline
#endif

#define RZ_ROW_MASK ((1u << RZ_SHIFT) - 1u)

/* The slot table: the dense rank of the hand whose key hashes to each slot,
 * 0 = no hand.  It is not compiled in (it would be ~160 KB of near-random
 * data in the binary): it lives in zero-initialised storage and
 * rz_table_init() fills it once, before any lookup (razzcore calls it at
 * module import; standalone C programs call it first thing). */
static uint16_t RZ_TABLE[RZ_TABLE_SIZE];

/* Rank of a hand from its key (the key already includes RZ_SIZE_BASE[n]). */
RZ_INLINE uint16_t rz_lookup(uint32_t key)
{
    uint32_t m = (key * (uint32_t)RZ_MULT) & (uint32_t)RZ_KEY_MASK;
    return RZ_TABLE[(m & RZ_ROW_MASK) + RZ_DISP[m >> RZ_SHIFT]];
}

RZ_INLINE uint32_t rz_card_key(unsigned code)
{
    return RZ_CARD_KEY[code & 63u];
}

/* n must be 5, 6 or 7 (other n: bounded garbage, never out of bounds). */
RZ_INLINE uint16_t rz_eval_n(const uint8_t *cards, int n)
{
    uint32_t key = RZ_SIZE_BASE[(unsigned)n & 7u];
    int i;
    for (i = 0; i < n; i++)
        key += rz_card_key(cards[i]);
    return rz_lookup(key);
}

RZ_INLINE uint16_t rz_eval7(const uint8_t *c)
{
    return rz_lookup(RZ_SIZE_BASE[7] + rz_card_key(c[0]) + rz_card_key(c[1]) +
                     rz_card_key(c[2]) + rz_card_key(c[3]) + rz_card_key(c[4]) +
                     rz_card_key(c[5]) + rz_card_key(c[6]));
}

/* Validate and evaluate one row of n (5..7) codes in a single pass: returns 1
 * and stores the rank when every code is < 52 and distinct, else returns 0
 * (nothing stored).  Branch-free inside the row. */
RZ_INLINE int rz_eval_checked(const uint8_t *cards, int n, uint16_t *out)
{
    uint64_t seen = 0, bit;
    uint32_t key = RZ_SIZE_BASE[(unsigned)n & 7u];
    unsigned bad = 0;
    int i;
    for (i = 0; i < n; i++) {
        unsigned c = cards[i];
        bad |= (unsigned)(c >= 52u);
        bit = (uint64_t)1 << (c & 63u);
        bad |= (unsigned)((seen & bit) != 0);
        seen |= bit;
        key += rz_card_key(c);
    }
    if (bad)
        return 0;
    *out = rz_lookup(key);
    return 1;
}

/* rz_eval_checked for 7 cards, unrolled by hand (compilers at -O2 keep the
 * loop otherwise). */
#define RZ_CHECK_CARD(i)                                   \
    do {                                                   \
        unsigned c_ = cards[i];                            \
        uint64_t b_ = (uint64_t)1 << (c_ & 63u);           \
        bad |= (unsigned)(c_ >= 52u) | (unsigned)((seen & b_) != 0); \
        seen |= b_;                                        \
        key += rz_card_key(c_);                            \
    } while (0)

RZ_INLINE int rz_eval7_checked(const uint8_t *cards, uint16_t *out)
{
    uint64_t seen = 0;
    uint32_t key = RZ_SIZE_BASE[7];
    unsigned bad = 0;
    RZ_CHECK_CARD(0); RZ_CHECK_CARD(1); RZ_CHECK_CARD(2); RZ_CHECK_CARD(3);
    RZ_CHECK_CARD(4); RZ_CHECK_CARD(5); RZ_CHECK_CARD(6);
    if (bad)
        return 0;
    *out = rz_lookup(key);
    return 1;
}
#undef RZ_CHECK_CARD

/* Evaluate n rows of width (5..7) codes into out.  With check, stop at the
 * first row holding a code >= 52 or a repeated card and return its index
 * (rows before it are stored); return -1 when every row was evaluated.
 * Without check every row is evaluated (bounded garbage for bad rows). */
RZ_INLINE ptrdiff_t rz_batch(const uint8_t *hands, ptrdiff_t n, int width, uint16_t *out,
                             int check)
{
    ptrdiff_t i;
    if (!check) {
        if (width == 7)
            for (i = 0; i < n; i++)
                out[i] = rz_eval7(hands + 7 * i);
        else
            for (i = 0; i < n; i++)
                out[i] = rz_eval_n(hands + width * i, width);
        return -1;
    }
    if (width == 7) {
        for (i = 0; i < n; i++)
            if (!rz_eval7_checked(hands + 7 * i, out + i))
                return i;
    } else {
        for (i = 0; i < n; i++)
            if (!rz_eval_checked(hands + width * i, width, out + i))
                return i;
    }
    return -1;
}

/* Count every ncards-card hand (5..7) of the deck by rank into hist[6176]
 * (added to what hist holds), incrementally: each nested loop adds one card's
 * key to its parent's partial key.  Other ncards: nothing is counted. */
RZ_INLINE void rz_histogram(int ncards, int64_t *hist)
{
    uint32_t k1, k2, k3, k4, k5, k6;
    int a, b, c, d, e, f, g;
    uint32_t base;
    if (ncards < 5 || ncards > 7)
        return;
    base = RZ_SIZE_BASE[ncards];
    for (a = 0; a < 52; a++) {
        k1 = base + rz_card_key((unsigned)a);
        for (b = a + 1; b < 52; b++) {
            k2 = k1 + rz_card_key((unsigned)b);
            for (c = b + 1; c < 52; c++) {
                k3 = k2 + rz_card_key((unsigned)c);
                for (d = c + 1; d < 52; d++) {
                    k4 = k3 + rz_card_key((unsigned)d);
                    for (e = d + 1; e < 52; e++) {
                        k5 = k4 + rz_card_key((unsigned)e);
                        if (ncards == 5) {
                            hist[rz_lookup(k5)]++;
                            continue;
                        }
                        for (f = e + 1; f < 52; f++) {
                            k6 = k5 + rz_card_key((unsigned)f);
                            if (ncards == 6) {
                                hist[rz_lookup(k6)]++;
                                continue;
                            }
                            for (g = f + 1; g < 52; g++)
                                hist[rz_lookup(k6 + rz_card_key((unsigned)g))]++;
                        }
                    }
                }
            }
        }
    }
}

/* Number of set bits in a 4-bit value. */
static const uint8_t RZ_NIBBLE_COUNT[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

/* Number of cards in a 52-bit card mask (bit c = card code c). */
RZ_INLINE int rz_mask_count(uint64_t mask)
{
    int r, n = 0;
    for (r = 0; r < 13; r++)
        n += RZ_NIBBLE_COUNT[(mask >> (4 * r)) & 15u];
    return n;
}

/* Rank of the hand in a card mask holding 5, 6 or 7 cards (bits >= 52 ignored;
 * the caller checks the count with rz_mask_count). */
RZ_INLINE uint16_t rz_eval_mask(uint64_t mask)
{
    uint32_t key = 0;
    int r, n = 0;
    for (r = 0; r < 13; r++) {
        int k = RZ_NIBBLE_COUNT[(mask >> (4 * r)) & 15u];
        n += k;
        key += (uint32_t)k * RZ_RANK_KEY[r];
    }
    return rz_lookup(key + RZ_SIZE_BASE[(unsigned)n & 7u]);
}

/* Rank of a rank multiset given as counts[13] (each 0..4) summing to 5..7. */
RZ_INLINE uint16_t rz_eval_counts(const uint8_t *counts)
{
    uint32_t key = 0;
    unsigned n = 0;
    int r;
    for (r = 0; r < 13; r++) {
        n += counts[r];
        key += (uint32_t)counts[r] * RZ_RANK_KEY[r];
    }
    return rz_lookup(key + RZ_SIZE_BASE[n & 7u]);
}

/* ---------------------------------------------------------------- the fill
 *
 * rz_table_init() enumerates every rank multiset of 5, 6 and 7 cards (6,175 +
 * 18,395 + 49,205), finds each one's slot with the compiled hash and writes
 * its class there:
 *   - the 6,175 five-card multisets are ranked by the ace-to-five order (fewer
 *     pairs better; then the rank groups by count, highest count first, and
 *     within a count from the highest rank down; lower is better), through a
 *     23-bit sortable key per multiset and a radix sort;
 *   - a 6-card multiset gets the best class among its 5-card sub-multisets,
 *     a 7-card one the best among its 6-card sub-multisets (filled before).
 * Every slot index is checked against RZ_TABLE_SIZE and every slot must be
 * empty before it is written (a perfect hash never writes one twice); then the
 * whole table must hash (64-bit FNV-1a) to RZ_SLOT_DIGEST, which the
 * generator computed from its own table.  Any failure leaves the table zeroed
 * and returns non-zero, so a wrong fill is never used. */

/* Slot of a key (the lookup without the read). */
RZ_INLINE uint32_t rz_slot_of(uint32_t key)
{
    uint32_t m = (key * (uint32_t)RZ_MULT) & (uint32_t)RZ_KEY_MASK;
    return (m & RZ_ROW_MASK) + RZ_DISP[m >> RZ_SHIFT];
}

/* Sortable key of a five-rank multiset x[0] <= ... <= x[4] (each rank at most
 * 4 times): category (no pair 0, pair 1, two pair 2, trips 3, full house 4,
 * quads 5) in bits 20..22, then the rank groups by (count desc, rank desc),
 * 4 bits each from bit 16 down.  Smaller is better. */
RZ_INLINE uint32_t rz_class_key5(const uint8_t *x)
{
    uint8_t grank[5], gcount[5];
    int ng = 0, i, c, maxc = 0, shift = 16;
    uint32_t key = 0, cat;
    for (i = 0; i < 5; i++) {
        if (ng && grank[ng - 1] == x[i]) {
            gcount[ng - 1]++;
        } else {
            grank[ng] = x[i];
            gcount[ng] = 1;
            ng++;
        }
    }
    for (i = 0; i < ng; i++)
        if (gcount[i] > maxc)
            maxc = gcount[i];
    for (c = 4; c >= 1; c--)
        for (i = ng - 1; i >= 0; i--) /* groups ascend by rank: walk down */
            if (gcount[i] == c) {
                key |= (uint32_t)(grank[i] & 15u) << shift;
                shift -= 4;
            }
    if (ng == 5)
        cat = 0;
    else if (ng == 4)
        cat = 1;
    else if (ng == 3)
        cat = maxc == 2 ? 2u : 3u;
    else
        cat = maxc == 3 ? 4u : 5u;
    return key | (cat << 20);
}

#define RZ_N5 6175
/* Fill scratch (zero-initialised storage, used once under the caller's lock). */
static uint64_t RZ_FILL_SORT[2][RZ_N5];
static uint32_t RZ_FILL_SLOT5[RZ_N5];
/* 0: not filled yet; 1: filled and checked; -1: the fill failed (the code
 * rz_table_init returned is in rz_table_code). */
static int rz_table_state;
static int rz_table_code;

/* Write the class of the n-card multiset x (ascending ranks, n = 6 or 7, rank
 * keys summing to sum): the best class among its (n-1)-card sub-multisets,
 * whose slots are filled already.  0 on any inconsistency. */
RZ_INLINE int rz_fill_from_subs(const uint8_t *x, int n, uint32_t sum)
{
    unsigned best = 0xffffu, v;
    uint32_t slot;
    int i;
    for (i = 0; i < n; i++) {
        if (i && x[i] == x[i - 1])
            continue; /* the same sub-multiset again */
        slot = rz_slot_of(RZ_SIZE_BASE[n - 1] + sum - RZ_RANK_KEY[x[i] % 13u]);
        if (slot >= RZ_TABLE_SIZE)
            return 0;
        v = RZ_TABLE[slot];
        if (v < 1u || v > (unsigned)RZ_NUM_CLASSES)
            return 0;
        if (v < best)
            best = v;
    }
    slot = rz_slot_of(RZ_SIZE_BASE[n] + sum);
    if (slot >= RZ_TABLE_SIZE || RZ_TABLE[slot] != 0u)
        return 0;
    RZ_TABLE[slot] = (uint16_t)best;
    return 1;
}

/* 64-bit FNV-1a over the slot table, one 16-bit word per slot. */
RZ_INLINE uint64_t rz_table_digest(void)
{
    uint64_t h = 0xcbf29ce484222325ull;
    uint32_t i;
    for (i = 0; i < RZ_TABLE_SIZE; i++) {
        h ^= RZ_TABLE[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

RZ_INLINE int rz_table_fill(void)
{
    uint8_t x[7];
    uint32_t s[7], slot;
    uint64_t *src = RZ_FILL_SORT[0], *dst = RZ_FILL_SORT[1], *tmp;
    size_t count[256];
    int a, b, c, d, e, f, g, i, pass, n5 = 0;

    /* Five cards: a sortable key per multiset, radix sorted (3 x 8 bits of
     * the 23-bit key above the 13-bit index), then slot = position + 1. */
    for (a = 0; a < 13; a++)
     for (b = a; b < 13; b++)
      for (c = b; c < 13; c++)
       for (d = c; d < 13; d++)
        for (e = d; e < 13; e++) {
            if (a == e)
                continue; /* five of a rank */
            if (n5 >= RZ_N5)
                return 1;
            x[0] = (uint8_t)a; x[1] = (uint8_t)b; x[2] = (uint8_t)c;
            x[3] = (uint8_t)d; x[4] = (uint8_t)e;
            slot = rz_slot_of(RZ_SIZE_BASE[5] + RZ_RANK_KEY[a] + RZ_RANK_KEY[b] +
                              RZ_RANK_KEY[c] + RZ_RANK_KEY[d] + RZ_RANK_KEY[e]);
            if (slot >= RZ_TABLE_SIZE)
                return 2;
            RZ_FILL_SLOT5[n5] = slot;
            src[n5] = ((uint64_t)rz_class_key5(x) << 13) | (uint64_t)n5;
            n5++;
        }
    if (n5 != RZ_N5)
        return 3;
    for (pass = 0; pass < 3; pass++) {
        int sh = 13 + 8 * pass;
        size_t sumc = 0, t;
        memset(count, 0, sizeof count);
        for (i = 0; i < RZ_N5; i++)
            count[(src[i] >> sh) & 255u]++;
        for (i = 0; i < 256; i++) {
            t = count[i];
            count[i] = sumc;
            sumc += t;
        }
        for (i = 0; i < RZ_N5; i++)
            dst[count[(src[i] >> sh) & 255u]++] = src[i];
        tmp = src; src = dst; dst = tmp;
    }
    for (i = 0; i < RZ_N5; i++) {
        if (i && (src[i] >> 13) == (src[i - 1] >> 13))
            return 4; /* two multisets with one key: cannot happen */
        slot = RZ_FILL_SLOT5[src[i] & 8191u];
        if (slot >= RZ_TABLE_SIZE || RZ_TABLE[slot] != 0u)
            return 5;
        RZ_TABLE[slot] = (uint16_t)(i + 1);
    }

    /* Six, then seven cards: rank key sums built up loop by loop. */
    for (a = 0; a < 13; a++) {
     x[0] = (uint8_t)a; s[0] = RZ_RANK_KEY[a];
     for (b = a; b < 13; b++) {
      x[1] = (uint8_t)b; s[1] = s[0] + RZ_RANK_KEY[b];
      for (c = b; c < 13; c++) {
       x[2] = (uint8_t)c; s[2] = s[1] + RZ_RANK_KEY[c];
       for (d = c; d < 13; d++) {
        x[3] = (uint8_t)d; s[3] = s[2] + RZ_RANK_KEY[d];
        for (e = d; e < 13; e++) {
         if (a == e)
             continue;
         x[4] = (uint8_t)e; s[4] = s[3] + RZ_RANK_KEY[e];
         for (f = e; f < 13; f++) {
          if (b == f)
              continue;
          x[5] = (uint8_t)f; s[5] = s[4] + RZ_RANK_KEY[f];
          if (!rz_fill_from_subs(x, 6, s[5]))
              return 6;
         }
        }
       }
      }
     }
    }
    for (a = 0; a < 13; a++) {
     x[0] = (uint8_t)a; s[0] = RZ_RANK_KEY[a];
     for (b = a; b < 13; b++) {
      x[1] = (uint8_t)b; s[1] = s[0] + RZ_RANK_KEY[b];
      for (c = b; c < 13; c++) {
       x[2] = (uint8_t)c; s[2] = s[1] + RZ_RANK_KEY[c];
       for (d = c; d < 13; d++) {
        x[3] = (uint8_t)d; s[3] = s[2] + RZ_RANK_KEY[d];
        for (e = d; e < 13; e++) {
         if (a == e)
             continue;
         x[4] = (uint8_t)e; s[4] = s[3] + RZ_RANK_KEY[e];
         for (f = e; f < 13; f++) {
          if (b == f)
              continue;
          x[5] = (uint8_t)f; s[5] = s[4] + RZ_RANK_KEY[f];
          for (g = f; g < 13; g++) {
           if (c == g)
               continue;
           x[6] = (uint8_t)g;
           if (!rz_fill_from_subs(x, 7, s[5] + RZ_RANK_KEY[g]))
               return 7;
          }
         }
        }
       }
      }
     }
    }
    if (rz_table_digest() != (uint64_t)(RZ_SLOT_DIGEST))
        return 8;
    return 0;
}

/* Fill RZ_TABLE once (see above).  Returns 0 when the table is filled and
 * matches RZ_SLOT_DIGEST, else a non-zero code (the step that failed) with the
 * table left all zero.  Later calls return the first call's result without
 * touching the table.  Not thread-safe: call it before any other thread can
 * look anything up (razzcore: at module import, under the import lock). */
RZ_INLINE int rz_table_init(void)
{
    if (rz_table_state == 0) {
        rz_table_code = rz_table_fill();
        if (rz_table_code) {
            memset(RZ_TABLE, 0, sizeof RZ_TABLE);
            rz_table_state = -1;
        } else {
            rz_table_state = 1;
        }
    }
    return rz_table_state == 1 ? 0 : rz_table_code;
}

/* The five ranks (0 = ace .. 12 = king, highest first) of each class 1..6175,
 * rebuilt from the table itself by rz_init_class_ranks() (call it once, before
 * any reader runs: razzcore calls it at module import).  Kept out of the
 * generated header so the binary does not carry 30 KB that 6,175 lookups give. */
static uint8_t RZ_CLASS_RANKS[(RZ_NUM_CLASSES + 1) * 5];

RZ_INLINE void rz_init_class_ranks(void)
{
    uint8_t counts[13];
    int a, b, c, d, e;
    for (a = 0; a < 13; a++)
        for (b = a; b < 13; b++)
            for (c = b; c < 13; c++)
                for (d = c; d < 13; d++)
                    for (e = d; e < 13; e++) {
                        uint8_t *p;
                        unsigned rank;
                        if (a == e)
                            continue; /* five of a rank: not a hand */
                        memset(counts, 0, sizeof counts);
                        counts[a]++; counts[b]++; counts[c]++; counts[d]++; counts[e]++;
                        rank = rz_eval_counts(counts);
                        if (rank < 1 || rank > RZ_NUM_CLASSES)
                            continue; /* impossible with a correct table */
                        p = RZ_CLASS_RANKS + 5 * rank;
                        p[0] = (uint8_t)e; p[1] = (uint8_t)d; p[2] = (uint8_t)c;
                        p[3] = (uint8_t)b; p[4] = (uint8_t)a;
                    }
}

#endif /* RAZZ_EVAL_H */
