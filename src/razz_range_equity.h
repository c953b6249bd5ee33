/*
 * razz_range_equity.h - equity kernels for ranges and the starting-hand chart
 * (C99, header only; builds on razz_equity.h).
 *
 * A range is handed to these kernels as a list of "classes": the range's
 * combos grouped by their rank counts (suits do not matter in Razz), each
 * class a complete rz_eq_spec with a weight (how many combos it stands for).
 *
 *   rz_eq_mc_classes_chunk  Monte Carlo: each trial draws a class with
 *                           probability proportional to its weight, then
 *                           deals the missing cards from that class's unseen
 *                           deck.  Seeded per chunk like rz_eq_mc_chunk.
 *   rz_eq_chart_hu          the heads-up starting-hand chart, exactly: every
 *                           7-card rank multiset S of the first player against
 *                           every 7-card multiset of the second, attributed to
 *                           the 3-card classes of S (455 of them).
 *
 * Callers (razzcore/_equity.pxi) validate every spec and weight first; every
 * index here is bounded by construction (ranks 0..12, counts 0..4).
 */
#ifndef RAZZ_RANGE_EQUITY_H
#define RAZZ_RANGE_EQUITY_H

#include "razz_equity.h"

/* Number of three-card rank classes: multisets of 3 ranks out of 13. */
#define RZ_EQ_NCLASS3 455

/* ------------------------------------------------------------ Monte Carlo */

/* Uniform integer in [0, n), 1 <= n < 2^63, unbiased (masked rejection). */
RZ_INLINE uint64_t rz_rng_below64(rz_rng *g, uint64_t n)
{
    uint64_t mask = n - 1, v;
    mask |= mask >> 1;
    mask |= mask >> 2;
    mask |= mask >> 4;
    mask |= mask >> 8;
    mask |= mask >> 16;
    mask |= mask >> 32;
    do {
        v = rz_rng_next(g) & mask;
    } while (v >= n);
    return v;
}

/* Run `trials` deals of chunk `chunk` over `nclass` classes (cum[i] = total
 * weight of classes 0..i, strictly increasing, cum[nclass-1] < 2^63) and add
 * them to `out`.  Every class has the same players' missing and community
 * cards (they differ only in known cards and unseen ranks). */
RZ_INLINE void rz_eq_mc_classes_chunk(const rz_eq_spec *cls, const uint64_t *cum, int nclass,
                                      uint64_t seed, uint64_t chunk, uint64_t trials,
                                      rz_eq_counts *out)
{
    uint32_t deck[52], base[RZ_EQ_MAX_PLAYERS];
    int np = cls[0].nplayers, community = 0, p;
    uint64_t t, total = cum[nclass - 1];
    rz_rng g;
    for (p = 0; p < np; p++)
        community |= cls[0].community[p];
    rz_rng_seed(&g, seed, chunk);
    for (t = 0; t < trials; t++) {
        const rz_eq_spec *s;
        uint64_t pick = rz_rng_below64(&g, total);
        int lo = 0, hi = nclass - 1, n = 0, r, i, j = 0;
        uint32_t shared = 0;
        while (lo < hi) { /* first class whose cum > pick */
            int mid = (lo + hi) / 2;
            if (cum[mid] > pick)
                hi = mid;
            else
                lo = mid + 1;
        }
        s = &cls[lo];
        for (r = 0; r < 13; r++)
            for (i = 0; i < s->remaining[r]; i++)
                deck[n++] = RZ_RANK_KEY[r];
        if (community) {
            int c = (int)rz_rng_below(&g, (uint32_t)n);
            shared = deck[c];
            deck[c] = deck[0];
            deck[0] = shared;
            j = 1;
        }
        for (p = 0; p < np; p++)
            base[p] = rz_eq_base_key(s, p);
        rz_eq_mc_deal(s, base, shared, deck, n, j, &g, out);
    }
    out->total += trials;
}

/* ------------------------------------------------------------ the chart */

/* Per three-card class (index: rz_eq_class3_index), the first player's
 * counts: outcomes won alone, tied, pot shares (1/840) and outcomes. */
typedef struct {
    uint64_t win[RZ_EQ_NCLASS3];
    uint64_t tie[RZ_EQ_NCLASS3];
    uint64_t share[RZ_EQ_NCLASS3];
    uint64_t total[RZ_EQ_NCLASS3];
} rz_eq_chart;

/* Index of the class of ranks a <= b <= c (0..12): their rank in the
 * lexicographic order of such triples (A-A-A = 0, A-A-2 = 1, ... K-K-K = 454). */
RZ_INLINE int rz_eq_class3_index(int a, int b, int c)
{
    int i = 0, x, y;
    for (x = 0; x < a; x++) /* triples starting with a smaller rank */
        i += (13 - x) * (14 - x) / 2;
    for (y = a; y < b; y++) /* then with first rank a and a smaller second */
        i += 13 - y;
    return i + (c - b);
}

typedef struct {
    uint8_t s[13];          /* the first player's rank counts */
    uint8_t rem[13];        /* 4 - s */
    uint16_t cls[13][13][13];
    uint64_t idx, lo, hi;
    rz_eq_chart *out;
    rz_eq_pats *pats;       /* the second player's 7-card patterns */
} rz_eq_chart_walker;

/* S is complete: settle it against every second hand, then credit its
 * three-card classes.  The deals behind (first three cards of class c, the
 * rest of S, second hand O): prod_r C(4, c_r) C(4 - c_r, s_r - c_r) for the
 * first player's cards, times O's weight prod_r C(4 - s_r, o_r). */
RZ_INLINE void rz_eq_chart_settle(rz_eq_chart_walker *e, uint32_t key)
{
    uint64_t acc[3], sum;
    const uint8_t *s = e->s;
    int a, b, c;
    rz_eq_pats_deck(e->pats, e->rem); /* acc: O ranks lower, equal, higher */
    rz_eq_pats_against(e->pats, rz_lookup(key), &acc[0], &acc[1]);
    sum = e->pats->total;
    acc[2] = sum - acc[0] - acc[1];
    for (a = 0; a < 13; a++) {
        if (s[a] == 0)
            continue;
        for (b = a; b < 13; b++) {
            if (s[b] < 1 + (b == a))
                continue;
            for (c = b; c < 13; c++) {
                uint8_t cnt[13];
                uint64_t w = 1;
                int r, i;
                if (s[c] < 1 + (c == a) + (c == b))
                    continue;
                for (r = 0; r < 13; r++)
                    cnt[r] = 0;
                cnt[a]++;
                cnt[b]++;
                cnt[c]++;
                for (r = 0; r < 13; r++)
                    if (s[r])
                        w *= (uint64_t)RZ_EQ_BINOM[4][cnt[r]] * RZ_EQ_BINOM[4 - cnt[r]][s[r] - cnt[r]];
                i = e->cls[a][b][c];
                e->out->win[i] += w * acc[2];
                e->out->tie[i] += w * acc[1];
                e->out->share[i] += w * (acc[2] * RZ_EQ_UNITS + acc[1] * RZ_EQ_UNIT[2]);
                e->out->total[i] += w * sum;
            }
        }
    }
}

/* Enumerate the first player's 7-card multisets: `left` more of ranks r..12. */
RZ_INLINE void rz_eq_chart_walk(rz_eq_chart_walker *e, int r, int left, uint32_t key)
{
    int k, kmax;
    if (left == 0) {
        uint64_t i = e->idx++;
        int q;
        if (i < e->lo || i >= e->hi)
            return;
        for (q = r; q < 13; q++)
            e->s[q] = 0;
        for (q = 0; q < 13; q++)
            e->rem[q] = (uint8_t)(4 - e->s[q]);
        rz_eq_chart_settle(e, key);
        return;
    }
    if (r == 13)
        return;
    kmax = left < 4 ? left : 4;
    for (k = 0; k <= kmax; k++) {
        e->s[r] = (uint8_t)k;
        rz_eq_chart_walk(e, r + 1, left - k, key + (uint32_t)k * RZ_RANK_KEY[r]);
    }
    e->s[r] = 0;
}

/* Number of the first player's 7-card rank multisets (the outer patterns). */
#define RZ_EQ_CHART_PATTERNS 49205u

/* Add the chart's exact counts over the outer patterns lo..hi-1 to `out`.
 * The second player's patterns are listed once (every 7-card multiset) and
 * weighed for each S under the cards S leaves (rz_eq_pats).  Returns 0, or -1
 * (nothing counted) when memory for them is short. */
RZ_INLINE int rz_eq_chart_hu(uint64_t lo, uint64_t hi, rz_eq_chart *out)
{
    rz_eq_chart_walker e;
    uint8_t full[13];
    int a, b, c;
    for (a = 0; a < 13; a++)
        for (b = 0; b < 13; b++)
            for (c = 0; c < 13; c++)
                e.cls[a][b][c] = (uint16_t)((a <= b && b <= c) ? rz_eq_class3_index(a, b, c) : 0);
    for (a = 0; a < 13; a++) {
        e.s[a] = 0;
        full[a] = 4;
    }
    e.idx = 0;
    e.lo = lo;
    e.hi = hi;
    e.out = out;
    e.pats = rz_eq_pats_new(7);
    if (e.pats == NULL)
        return -1;
    rz_eq_pats_build(e.pats, full, RZ_SIZE_BASE[7]);
    rz_eq_chart_walk(&e, 0, 7, RZ_SIZE_BASE[7]);
    rz_eq_pats_free(e.pats);
    return 0;
}


#endif /* RAZZ_RANGE_EQUITY_H */
