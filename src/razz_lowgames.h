/*
 * razz_lowgames.h - the ace-to-five low of the other games (C99, header only):
 * the eight-or-better (or any N-or-better) qualifier, and the Omaha low (best
 * five of exactly two hole cards and exactly three board cards).
 *
 * Ranks are razz_eval.h's dense classes, 1 (5-4-3-2-A) .. 6175.  A low
 * qualifies under "q or better" (q = 5..13, highest rank allowed, 8 = eight)
 * when it is five distinct ranks none above q: exactly the classes
 * 1..C(q, 5), because every unpaired hand ranks before every paired one and
 * unpaired hands go by their highest card first.  So the best qualifying low
 * is the best low when that one qualifies, else there is none: a qualifier is
 * a threshold on the unqualified rank (rz_qualify), 0 meaning "no low".
 *
 * Omaha tables, filled once by rz_lowgames_init() from the (checked) slot
 * table of razz_eval.h, after rz_table_init():
 *   - RZ_OMAHA_LOW3/4/5[board][pair]: the best low of a board rank multiset of
 *     3, 4 or 5 ranks (455, 1,820, 6,188 of them) with a hole rank pair (91
 *     multisets) playing: the least over the board's C(b,3) rank triples of
 *     the five ranks' class.  700,245 uint16 (1.4 MB), a board's 91 pairs
 *     side by side (182 bytes).  The unqualified Omaha low of a row is the
 *     least over its C(h,2) hole pairs of one board row: 6 loads for 4 hole
 *     cards, where a pair x triple table needs 60 for a 5-card board.
 *   - RZ_OMAHA8[hole bits][board bits]: the best eight-or-better low of a hole
 *     and a board given as the sets of their ranks A..8 (8 bits each): 65,536
 *     uint8 (64 KB), 0 when none.  Duplicated ranks never help a qualifying
 *     low, so the sets are all it needs: one lookup a row.
 *
 * Memory safety: every index is bounded by construction: codes are masked to
 * 0..63 before any table read (codes 52..63 read as rank 0), rank pairs index
 * a full 13 x 13 table, sorted board ranks give a multiset index below the
 * table's board count, and rank bits are 8-bit sets.
 * Invalid input gives an unspecified rank, never an out-of-bounds access.
 */
#ifndef RAZZ_LOWGAMES_H
#define RAZZ_LOWGAMES_H

#include "razz_eval.h"

/* ------------------------------------------------------------- qualifier */

/* Last qualifying class of "q or better", q = 5..13: C(q, 5). */
static const uint16_t RZ_QUAL_LIMIT[14] = {0, 0, 0, 0, 0, 1, 6, 21, 56, 126, 252, 462, 792,
                                           1287};
/* "No qualifier": every class passes. */
#define RZ_NO_LIMIT 0xffffu
#define RZ_LIMIT8 56u

/* The last qualifying class of qualifier q (5..13), RZ_NO_LIMIT for any other q. */
RZ_INLINE unsigned rz_qual_limit(int q)
{
    return (q >= 5 && q <= 13) ? RZ_QUAL_LIMIT[q] : RZ_NO_LIMIT;
}

/* rank when rank <= limit, else 0 (branch-free). */
RZ_INLINE uint16_t rz_qualify(unsigned rank, unsigned limit)
{
    return (uint16_t)(rank & (0u - (unsigned)(rank <= limit)));
}

/* Apply a limit to n ranks in place. */
RZ_INLINE void rz_qualify_all(uint16_t *out, ptrdiff_t n, unsigned limit)
{
    ptrdiff_t i;
    if (limit >= RZ_NO_LIMIT)
        return;
    for (i = 0; i < n; i++)
        out[i] = rz_qualify(out[i], limit);
}

/* ------------------------------------------------------------- Omaha tables */

#define RZ_OMAHA_PAIRS 91
/* rank multisets of 3, 4, 5 of the 13 ranks: C(15,3), C(16,4), C(17,5) */
#define RZ_OMAHA_BOARDS3 455
#define RZ_OMAHA_BOARDS4 1820
#define RZ_OMAHA_BOARDS5 6188
static uint16_t RZ_OMAHA_LOW3[RZ_OMAHA_BOARDS3 * RZ_OMAHA_PAIRS];
static uint16_t RZ_OMAHA_LOW4[RZ_OMAHA_BOARDS4 * RZ_OMAHA_PAIRS];
/* (+ 1: razz_simd.h reads entries with 4-byte gathers, the last one too) */
static uint16_t RZ_OMAHA_LOW5[RZ_OMAHA_BOARDS5 * RZ_OMAHA_PAIRS + 1];
/* (13 r1 + r2) -> pair index 0..90, any order of r1, r2 */
static uint8_t RZ_OMAHA_PAIR[13 * 13];
/* RZ_MSET_BIN[i][v] = C(v, i + 1): ranks r0 <= r1 <= .. <= r(k-1) (0..12) have
 * the multiset index sum of C(r_i + i, i + 1), dense in 0 .. C(13 + k - 1, k) - 1 */
static uint16_t RZ_MSET_BIN[5][17];
static uint8_t RZ_OMAHA8[256 * 256];
/* card code (masked to 0..63) -> rank 0..12 (codes 52..63: 0) */
static uint8_t RZ_CODE_RANK[64];
/* card code (masked to 0..63) -> bit of its rank among A..8, 0 above 8 */
static uint8_t RZ_CODE_LOWBIT[64];
/* any byte -> its card's bit (1 << code) for codes 0..51, bit 63 for the rest */
static uint64_t RZ_CODE_BIT[256];
static int rz_lowgames_state; /* 0: not filled; 1: filled */

/* Put x <= y (unsigned lvalues). */
#define RZ_SORT2(x, y)                                                              \
    do {                                                                            \
        unsigned hi_ = (x) < (y) ? (y) : (x);                                       \
        (x) = (x) < (y) ? (x) : (y);                                                \
        (y) = hi_;                                                                  \
    } while (0)

/* The multiset index of k = 3..5 ranks (0..12, any order; r is sorted in
 * place): < C(12 + k, k). */
RZ_INLINE unsigned rz_mset_index(unsigned *r, int k)
{
    if (k == 3) {
        RZ_SORT2(r[0], r[1]); RZ_SORT2(r[1], r[2]); RZ_SORT2(r[0], r[1]);
        return RZ_MSET_BIN[0][r[0]] + RZ_MSET_BIN[1][r[1] + 1] + RZ_MSET_BIN[2][r[2] + 2];
    }
    if (k == 4) {
        RZ_SORT2(r[0], r[1]); RZ_SORT2(r[2], r[3]); RZ_SORT2(r[0], r[2]);
        RZ_SORT2(r[1], r[3]); RZ_SORT2(r[1], r[2]);
        return RZ_MSET_BIN[0][r[0]] + RZ_MSET_BIN[1][r[1] + 1] + RZ_MSET_BIN[2][r[2] + 2] +
               RZ_MSET_BIN[3][r[3] + 3];
    }
    RZ_SORT2(r[0], r[1]); RZ_SORT2(r[3], r[4]); RZ_SORT2(r[2], r[4]);
    RZ_SORT2(r[2], r[3]); RZ_SORT2(r[0], r[3]); RZ_SORT2(r[0], r[2]);
    RZ_SORT2(r[1], r[4]); RZ_SORT2(r[1], r[3]); RZ_SORT2(r[1], r[2]);
    return RZ_MSET_BIN[0][r[0]] + RZ_MSET_BIN[1][r[1] + 1] + RZ_MSET_BIN[2][r[2] + 2] +
           RZ_MSET_BIN[3][r[3] + 3] + RZ_MSET_BIN[4][r[4] + 4];
}

/* Fill RZ_OMAHA_LOW4 (k = 4) or RZ_OMAHA_LOW5 (k = 5) from RZ_OMAHA_LOW3: for
 * every sorted multiset of k ranks, each pair's least over its rank triples. */
RZ_INLINE void rz_omaha_fill_boards(uint16_t *table, int k)
{
    unsigned r[5], c[5], s[3], tix[10], board, best, v;
    int x, y, z, nt, p;
    r[0] = r[1] = r[2] = r[3] = r[4] = 0;
    for (;;) {
        nt = 0;
        for (x = 0; x < k; x++)
            for (y = x + 1; y < k; y++)
                for (z = y + 1; z < k; z++) {
                    s[0] = r[x]; s[1] = r[y]; s[2] = r[z];
                    tix[nt++] = RZ_OMAHA_PAIRS * rz_mset_index(s, 3);
                }
        memcpy(c, r, sizeof c);
        board = RZ_OMAHA_PAIRS * rz_mset_index(c, k);
        for (p = 0; p < RZ_OMAHA_PAIRS; p++) {
            best = RZ_NO_LIMIT;
            for (x = 0; x < nt; x++) {
                v = RZ_OMAHA_LOW3[tix[x] + (unsigned)p];
                best = v < best ? v : best;
            }
            table[board + (unsigned)p] = (uint16_t)best;
        }
        /* next sorted multiset: bump the last rank below 12, reset the rest to it */
        for (x = k - 1; x >= 0 && r[x] == 12; x--)
            ;
        if (x < 0)
            return;
        r[x]++;
        for (y = x + 1; y < k; y++)
            r[y] = r[x];
    }
}

/* Fill the Omaha tables (call once after rz_table_init() succeeded, before
 * any other thread can read them; razzcore: at module import).  Returns 0, or
 * non-zero when a rank read from the slot table is out of range. */
RZ_INLINE int rz_lowgames_init(void)
{
    uint8_t counts[13];
    unsigned tri[3];
    int a, b, c, d, e, p, i;
    unsigned best, rank;
    if (rz_lowgames_state)
        return 0;
    for (i = 0; i < 64; i++) {
        RZ_CODE_RANK[i] = (uint8_t)(i < 52 ? i >> 2 : 0);
        RZ_CODE_LOWBIT[i] = (uint8_t)(i < 32 ? 1u << (i >> 2) : 0u);
    }
    for (i = 0; i < 256; i++)
        RZ_CODE_BIT[i] = (uint64_t)1 << (i < 52 ? i : 63);
    for (i = 0; i < 5; i++)
        for (a = 0; a < 17; a++) {
            unsigned n = 1;
            for (b = 1; a >= i + 1 && b <= i + 1; b++)
                n = n * (unsigned)(a - (i + 1) + b) / (unsigned)b;
            RZ_MSET_BIN[i][a] = (uint16_t)(a >= i + 1 ? n : 0u); /* C(a, i + 1) */
        }
    p = 0;
    for (a = 0; a < 13; a++)
        for (b = a; b < 13; b++, p++)
            RZ_OMAHA_PAIR[13 * a + b] = RZ_OMAHA_PAIR[13 * b + a] = (uint8_t)p;
    /* triple x pair: the five ranks' class (a rank five times: no hand, the
     * worst class, only reachable through invalid input) */
    for (a = 0; a < 13; a++)
        for (b = a; b < 13; b++)
            for (c = 0; c < 13; c++)
                for (d = c; d < 13; d++)
                    for (e = d; e < 13; e++) {
                        memset(counts, 0, sizeof counts);
                        counts[a]++; counts[b]++; counts[c]++; counts[d]++; counts[e]++;
                        rank = RZ_NUM_CLASSES;
                        if (counts[a] <= 4 && counts[c] <= 4 && counts[e] <= 4) {
                            rank = rz_eval_counts(counts);
                            if (rank < 1 || rank > RZ_NUM_CLASSES)
                                return 1;
                        }
                        tri[0] = (unsigned)c; tri[1] = (unsigned)d; tri[2] = (unsigned)e;
                        RZ_OMAHA_LOW3[RZ_OMAHA_PAIRS * rz_mset_index(tri, 3) +
                                      RZ_OMAHA_PAIR[13 * a + b]] = (uint16_t)rank;
                    }
    rz_omaha_fill_boards(RZ_OMAHA_LOW4, 4);
    rz_omaha_fill_boards(RZ_OMAHA_LOW5, 5);
    /* eight-or-better: for each qualifying five ranks S and each way to take
     * two of them from the hole, every hole set holding those two and every
     * board set holding the other three can make S; keep the best. */
    memset(RZ_OMAHA8, 0, sizeof RZ_OMAHA8);
    for (a = 0; a < 8; a++)
     for (b = a + 1; b < 8; b++)
      for (c = b + 1; c < 8; c++)
       for (d = c + 1; d < 8; d++)
        for (e = d + 1; e < 8; e++) {
            int r[5];
            unsigned s, x, y;
            memset(counts, 0, sizeof counts);
            counts[a] = counts[b] = counts[c] = counts[d] = counts[e] = 1;
            rank = rz_eval_counts(counts);
            if (rank < 1 || rank > RZ_LIMIT8)
                return 2;
            r[0] = a; r[1] = b; r[2] = c; r[3] = d; r[4] = e;
            s = (1u << a) | (1u << b) | (1u << c) | (1u << d) | (1u << e);
            for (x = 0; x < 5; x++)
                for (y = x + 1; y < 5; y++) {
                    unsigned hp = (1u << r[x]) | (1u << r[y]), bt = s & ~hp;
                    unsigned hfree = 255u & ~hp, bfree = 255u & ~bt, hs, bs;
                    /* every superset: walk the subsets of the free bits */
                    hs = 0;
                    do {
                        bs = 0;
                        do {
                            uint8_t *slot = &RZ_OMAHA8[((hp | hs) << 8) | (bt | bs)];
                            best = *slot;
                            if (best == 0 || rank < best)
                                *slot = (uint8_t)rank;
                            bs = (bs - bfree) & bfree;
                        } while (bs);
                        hs = (hs - hfree) & hfree;
                    } while (hs);
                }
        }
    rz_lowgames_state = 1;
    return 0;
}

/* ------------------------------------------------------------- one hand */

/* The best Omaha low (exactly two of the h hole cards, exactly three of the b
 * board cards; h = 2..6, b = 3..5, larger counts read as 6 and 5, smaller
 * ones give 0) with no qualifier: the board's row of RZ_OMAHA_LOW3/4/5, then
 * the least of its entries for the C(h,2) hole rank pairs. */
RZ_INLINE uint16_t rz_omaha_low(const uint8_t *hole, int h, const uint8_t *board, int b)
{
    const uint16_t *row;
    unsigned best = RZ_NO_LIMIT, r[5], hr[6], v;
    int i, j;
    if (h < 2 || b < 3)
        return 0;
    if (h > 6)
        h = 6;
    if (b > 5)
        b = 5;
    for (i = 0; i < h; i++)
        hr[i] = RZ_CODE_RANK[hole[i] & 63u];
    for (i = 0; i < b; i++)
        r[i] = RZ_CODE_RANK[board[i] & 63u];
    row = b == 3 ? RZ_OMAHA_LOW3 : b == 4 ? RZ_OMAHA_LOW4 : RZ_OMAHA_LOW5;
    row += RZ_OMAHA_PAIRS * rz_mset_index(r, b);
    for (i = 0; i < h; i++)
        for (j = i + 1; j < h; j++) {
            v = row[RZ_OMAHA_PAIR[13u * hr[i] + hr[j]]];
            best = v < best ? v : best;
        }
    return (uint16_t)best;
}

/* The best eight-or-better Omaha low, 0 when there is none. */
RZ_INLINE uint16_t rz_omaha8(const uint8_t *hole, int h, const uint8_t *board, int b)
{
    unsigned hb = 0, bb = 0;
    int i;
    for (i = 0; i < h; i++)
        hb |= RZ_CODE_LOWBIT[hole[i] & 63u];
    for (i = 0; i < b; i++)
        bb |= RZ_CODE_LOWBIT[board[i] & 63u];
    return RZ_OMAHA8[(hb << 8) | bb];
}

/* The Omaha low under a limit (rz_qual_limit): the eight-or-better table for
 * qualifiers up to eight, else the unqualified low and the threshold (six
 * loads for 4 + 5 cards: a first look in the eight-or-better table would cost
 * more in mispredicted branches than it saves). */
RZ_INLINE uint16_t rz_omaha_limit(const uint8_t *hole, int h, const uint8_t *board, int b,
                                  unsigned limit)
{
    if (limit <= RZ_LIMIT8)
        return rz_qualify(rz_omaha8(hole, h, board, b), limit);
    return rz_qualify(rz_omaha_low(hole, h, board, b), limit);
}

/* Set bits of a 64-bit word (plain C, no builtin). */
RZ_INLINE unsigned rz_popcount64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (unsigned)((x * 0x0101010101010101ull) >> 56);
}

/* 1 when the h hole and b board codes (h + b <= 52) are all < 52 and distinct:
 * each code's bit (RZ_CODE_BIT: codes >= 52 all give bit 63) OR-ed together
 * must be h + b bits below bit 52. */
RZ_INLINE int rz_omaha_valid(const uint8_t *hole, int h, const uint8_t *board, int b)
{
    uint64_t seen = 0;
    int i;
    for (i = 0; i < h; i++)
        seen |= RZ_CODE_BIT[hole[i]];
    for (i = 0; i < b; i++)
        seen |= RZ_CODE_BIT[board[i]];
    return (seen >> 52) == 0 && rz_popcount64(seen) == (unsigned)(h + b);
}

/* ------------------------------------------------------------- batches */

/* One loop per shape (constant widths unroll), for each of the two tables. */
#define RZ_OMAHA_ROWS_FN(NAME, EVAL, H, B)                                          \
    RZ_INLINE ptrdiff_t NAME(const uint8_t *holes, int h, const uint8_t *boards, int b,   \
                             ptrdiff_t n, uint16_t *out, int check, unsigned limit)  \
    {                                                                               \
        ptrdiff_t i;                                                                \
        (void)h;                                                                    \
        (void)b;                                                                    \
        for (i = 0; i < n; i++) {                                                   \
            const uint8_t *hp_ = holes + (ptrdiff_t)(H) * i;                        \
            const uint8_t *bp_ = boards + (ptrdiff_t)(B) * i;                       \
            if (check && !rz_omaha_valid(hp_, (H), bp_, (B)))                       \
                return i;                                                           \
            out[i] = rz_qualify(EVAL(hp_, (H), bp_, (B)), limit);                   \
        }                                                                           \
        return -1;                                                                  \
    }

/* The rank bits A..8 (8 bits) of a card mask: which of its low 8 nibbles are
 * non-zero. */
RZ_INLINE unsigned rz_lowbits(uint64_t mask)
{
    uint32_t x = (uint32_t)mask;
    x |= x >> 2;
    x |= x >> 1;
    x &= 0x11111111u;
    x = (x | x >> 3) & 0x03030303u;
    x = (x | x >> 6) & 0x000f000fu;
    return (x | x >> 12) & 0xffu;
}

/* The eight-or-better rows.  Checked, the card masks that validate a row also
 * give its rank sets (no second pass over the cards). */
#define RZ_OMAHA8_ROWS_FN(NAME, H, B) RZ_OMAHA8_ROWS_FN_WITH(RZ_INLINE, NAME, H, B, rz_popcount64)
/* ATTR: the function's storage and target; POPCOUNT: the 64-bit popcount used
 * (razz_simd.h builds a copy with the CPU's instruction). */
#define RZ_OMAHA8_ROWS_FN_WITH(ATTR, NAME, H, B, POPCOUNT)                         \
    ATTR ptrdiff_t NAME(const uint8_t *holes, int h, const uint8_t *boards, int b,   \
                             ptrdiff_t n, uint16_t *out, int check, unsigned limit)  \
    {                                                                               \
        ptrdiff_t i;                                                                \
        int k;                                                                      \
        (void)h;                                                                    \
        (void)b;                                                                    \
        if (!check)                                                                 \
            for (i = 0; i < n; i++)                                                 \
                out[i] = rz_qualify(rz_omaha8(holes + (ptrdiff_t)(H) * i, (H),      \
                                              boards + (ptrdiff_t)(B) * i, (B)), limit); \
        else                                                                        \
            for (i = 0; i < n; i++) {                                               \
                const uint8_t *hp_ = holes + (ptrdiff_t)(H) * i;                    \
                const uint8_t *bp_ = boards + (ptrdiff_t)(B) * i;                   \
                uint64_t hm_ = 0, bm_ = 0, all_;                                    \
                for (k = 0; k < (H); k++)                                           \
                    hm_ |= RZ_CODE_BIT[hp_[k]];                                     \
                for (k = 0; k < (B); k++)                                           \
                    bm_ |= RZ_CODE_BIT[bp_[k]];                                     \
                all_ = hm_ | bm_;                                                   \
                if ((all_ >> 52) != 0 || POPCOUNT(all_) != (unsigned)((H) + (B)))  \
                    return i;                                                       \
                out[i] = rz_qualify(RZ_OMAHA8[(rz_lowbits(hm_) << 8) | rz_lowbits(bm_)], \
                                    limit);                                         \
            }                                                                       \
        return -1;                                                                  \
    }

RZ_OMAHA8_ROWS_FN(rz_omaha8_rows_4_5, 4, 5)
RZ_OMAHA8_ROWS_FN(rz_omaha8_rows_5_5, 5, 5)
RZ_OMAHA8_ROWS_FN(rz_omaha8_rows_6_5, 6, 5)
RZ_OMAHA8_ROWS_FN(rz_omaha8_rows_any, h, b)
#undef RZ_OMAHA8_ROWS_FN
RZ_OMAHA_ROWS_FN(rz_omaha_rows_4_5, rz_omaha_low, 4, 5)
RZ_OMAHA_ROWS_FN(rz_omaha_rows_5_5, rz_omaha_low, 5, 5)
RZ_OMAHA_ROWS_FN(rz_omaha_rows_6_5, rz_omaha_low, 6, 5)
RZ_OMAHA_ROWS_FN(rz_omaha_rows_any, rz_omaha_low, h, b)
#undef RZ_OMAHA_ROWS_FN

/* n rows: holes (rows of h = 4..6 codes), boards (rows of b = 3..5 codes),
 * into out (0 = no qualifying low under limit, see rz_qual_limit).  With
 * check, stop at the first row with a code >= 52 or a card twice (hole and
 * board together) and return its index (rows before it stored); else -1.
 * h or b out of range: nothing done, -2 (callers check them first). */
RZ_INLINE ptrdiff_t rz_omaha_batch(const uint8_t *holes, int h, const uint8_t *boards, int b,
                                   ptrdiff_t n, uint16_t *out, int check, unsigned limit)
{
    int shape = b == 5 ? h : 0;
    if (h < 4 || h > 6 || b < 3 || b > 5)
        return -2;
    if (limit <= RZ_LIMIT8) {
        switch (shape) {
        case 4: return rz_omaha8_rows_4_5(holes, h, boards, b, n, out, check, limit);
        case 5: return rz_omaha8_rows_5_5(holes, h, boards, b, n, out, check, limit);
        case 6: return rz_omaha8_rows_6_5(holes, h, boards, b, n, out, check, limit);
        default: return rz_omaha8_rows_any(holes, h, boards, b, n, out, check, limit);
        }
    }
    switch (shape) {
    case 4: return rz_omaha_rows_4_5(holes, h, boards, b, n, out, check, limit);
    case 5: return rz_omaha_rows_5_5(holes, h, boards, b, n, out, check, limit);
    case 6: return rz_omaha_rows_6_5(holes, h, boards, b, n, out, check, limit);
    default: return rz_omaha_rows_any(holes, h, boards, b, n, out, check, limit);
    }
}

#endif /* RAZZ_LOWGAMES_H */
