/*
 * razz_equity.h - razzcore's Razz equity kernels (C99, header only).
 *
 * Razz ignores suits, so the cards still to come matter only through their
 * ranks.  A request is described by an rz_eq_spec:
 *
 *   known[p][r]   how many cards of rank r player p already holds (known cards)
 *   missing[p]    how many cards player p still receives (unknown down cards
 *                 and future streets); known + missing = 7
 *   remaining[r]  how many cards of rank r are unseen (52 minus every known
 *                 card and every dead card)
 *   community[p]  1 when player p's 7th card is the single face-up community
 *                 card (the deck ran short on 7th street); known + missing +
 *                 community = 7.  The community card is drawn first.
 *
 * Exact enumeration (rz_eq_exact) walks, player after player, every rank
 * multiset of the cards that player still receives, drawn from the remaining
 * per-rank counts, with the weight prod_r C(remaining_r, k_r): the number of
 * card combinations that multiset stands for.  Each player's hand key is built
 * incrementally (key = RZ_SIZE_BASE[7] + sum of rank keys), so a leaf costs one
 * table lookup per player.  The last player receiving cards is not walked per
 * deal: his patterns are listed and ranked once (rz_eq_pats), and each deal of
 * the others weighs them under the cards it leaves, a product of binomials
 * per pattern, summing only those on the short side of the others' best rank
 * (heads-up 3rd street: 1,820 patterns of player 0 standing for 18.3G deals;
 * with 3+ players the grouped walk below).
 *
 * Monte Carlo (rz_eq_mc_chunk) deals the missing cards by a partial
 * Fisher-Yates shuffle of the unseen deck (held as rank keys).  Each chunk has
 * its own xoshiro256** generator seeded by splitmix64 from (seed, chunk index)
 * and starts from the same deck order, so a chunk's counts depend only on
 * (spec, seed, chunk index, trials): the sum over chunks is the same whoever
 * runs them, in whatever order.
 *
 * Outcomes are settled with integer shares: a pot split k ways gives each
 * winner RZ_EQ_UNITS / k units (840 = lcm(1..8)), so every count is exact.
 *
 * Callers (razzcore/_equity.pxi) validate the spec first: 1..8 players, every
 * count within 0..4, known + missing = 7, enough unseen cards.  All indices
 * here are then bounded by construction.  Counts are 64-bit; the caller keeps
 * outcomes * 840 below 2^64.
 *
 * Portable: plain C99, no compiler builtins; compiles with gcc, clang and MSVC.
 *
 * This header holds the exact walks and includes its parts, each compiling on
 * its own: the request and its counts, the last player's patterns and, at the
 * end where its definitions fall in the order of definition (gcc's inlining
 * decisions follow that order), the Monte Carlo.
 */
#ifndef RAZZ_EQUITY_H
#define RAZZ_EQUITY_H

#include <stdlib.h>
#include "razz_eval.h"
#include "razz_rng.h"
#include "razz_equity_counts.h"   /* rz_eq_spec, rz_eq_counts, settling an outcome */
#include "razz_equity_patterns.h" /* the last receiving player's patterns (rz_eq_pats) */

/* ------------------------------------------------------------ exact */

/* A range held by player 0 (see rz_eq_range_weight). */
typedef struct rz_eq_range_s {
    int nclass;
    const uint8_t *rank;    /* nclass x 7: the ranks with c_r > 0, then 13s */
    const uint8_t *count;   /* nclass x 7: their c_r (1..4), then 0s */
    const uint64_t *mult;   /* nclass: mult_c */
} rz_eq_range;

typedef struct {
    int nplayers;                        /* all players */
    int nactive;                         /* players 0..nactive-1 receive cards */
    uint32_t base[RZ_EQ_MAX_PLAYERS];    /* key of the known cards */
    uint8_t missing[RZ_EQ_MAX_PLAYERS];
    uint8_t rem[13];                     /* unseen cards per rank, updated in place */
    uint16_t rank[RZ_EQ_MAX_PLAYERS];
    uint64_t idx, lo, hi;                /* this chunk: outer patterns lo..hi-1 */
    rz_eq_counts *out;
    int hu;                              /* heads-up, both receive cards: rz_eq_hu_settle */
    const rz_eq_range *range;            /* player 0 holds a range (direct walk only) */
    uint8_t rem0[13];                    /* unseen cards before player 0's walk */
    rz_eq_pats *pats;                    /* hu or grouped: the last player's patterns */
    /* grouped walk only */
    int grouped;
    int last;                            /* the player whose outcomes are grouped */
    uint8_t uni[13];                     /* the union of players 0..last-1's cards */
    uint8_t lim[13];                     /* cards of the union not given out yet */
    uint8_t sup[13];                     /* the ranks the union holds */
    int nsup;
    int pass;                            /* 0: find the window, 1: settle the splits */
    uint16_t bmin, bmax;                 /* pass 0: lowest and highest best rank of a split */
    uint32_t wlo;                        /* the window's first pattern */
    uint64_t below;                      /* weight of the patterns before the window */
} rz_eq_walker;

RZ_INLINE void rz_eq_walk(rz_eq_walker *e, int p, int r, int left, uint32_t key, uint64_t w);


/* ---- player 0 holds a range
 *
 * A range's combos are grouped in classes by the rank counts c of their
 * variable cards (the cards not common to every combo), class c standing for
 * n_c combos out of the prod_r C(R_r, c_r) card sets of its ranks (R: the
 * unseen cards).  Instead of one walk per class, player 0 receives the
 * variable cards with his cards to come (V = c + o) and every V is weighted by
 *
 *     G(V) = sum_c mult_c prod_r C(v_r, c_r),   mult_c = D n_c / prod_r C(R_r, c_r)
 *
 * (D: the least integer making every mult_c whole).  Since
 * C(R-c, h) C(R-c-h, o) = C(R, h) C(R-h, v) C(v, c) / C(R, c) rank by rank,
 * the walk's counts are D times the sum over classes of n_c times the class's
 * own counts. */
/* G(V) for player 0's cards to come V_r = rem0_r - rem_r. */
RZ_INLINE uint64_t rz_eq_range_weight(const rz_eq_walker *e)
{
    const rz_eq_range *g = e->range;
    uint8_t v[14];
    uint64_t total = 0;
    int r, c, j;
    for (r = 0; r < 13; r++)
        v[r] = (uint8_t)(e->rem0[r] - e->rem[r]);
    v[13] = 0;
    for (c = 0; c < g->nclass; c++) {
        const uint8_t *rk = g->rank + 7 * c, *ct = g->count + 7 * c;
        uint64_t w = g->mult[c];
        for (j = 0; j < 7 && ct[j]; j++) {
            uint8_t have = v[rk[j] < 13 ? rk[j] : 13];
            if (have < ct[j] || have > 4) {
                w = 0;
                break;
            }
            w *= RZ_EQ_BINOM[have][ct[j]];
        }
        total += w;
    }
    return total;
}

/* ---- heads-up
 *
 * With two players who both receive cards, player 1's outcomes against each
 * pattern of player 0 fall in three piles: his rank is lower (he wins),
 * equal, or higher.  They are weighed from player 1's sorted patterns
 * (rz_eq_pats_against, under the deck player 0 leaves). */

/* Outer player (0) complete with rank hr and weight w: settle player 1. */
RZ_INLINE void rz_eq_hu_settle(rz_eq_walker *e, uint16_t hr, uint64_t w)
{
    uint64_t less, same, lose, eq, win;
    rz_eq_counts *out = e->out;
    rz_eq_pats_deck(e->pats, e->rem);
    rz_eq_pats_against(e->pats, hr, &less, &same);
    lose = w * less;
    eq = w * same;
    win = w * (e->pats->total - less - same);
    out->total += lose + eq + win;
    out->win[0] += win;
    out->win[1] += lose;
    out->tie[0] += eq;
    out->tie[1] += eq;
    out->share[0] += win * RZ_EQ_UNITS + eq * RZ_EQ_UNIT[2];
    out->share[1] += lose * RZ_EQ_UNITS + eq * RZ_EQ_UNIT[2];
}

/* Player p's cards are complete (hand key `key`, weight so far `w`). */
RZ_INLINE void rz_eq_complete(rz_eq_walker *e, int p, uint32_t key, uint64_t w)
{
    if (p == 0) {
        uint64_t i = e->idx++;
        if (i < e->lo || i >= e->hi)
            return;
        if (e->range != NULL) {
            w *= rz_eq_range_weight(e);
            if (w == 0)
                return;
        }
        if (e->hu) {
            rz_eq_hu_settle(e, rz_lookup(key), w);
            return;
        }
    }
    e->rank[p] = rz_lookup(key);
    if (p + 1 < e->nactive)
        rz_eq_walk(e, p + 1, 0, e->missing[p + 1], e->base[p + 1], w);
    else
        rz_eq_settle(e->rank, e->nplayers, w, e->out);
}

/* Give player p `left` more cards of ranks r..12 (k = 0 of rank r is the loop
 * moving on to r + 1; the last rank must take all that is left). */
RZ_INLINE void rz_eq_walk(rz_eq_walker *e, int p, int r, int left, uint32_t key, uint64_t w)
{
    if (left == 0) {
        rz_eq_complete(e, p, key, w);
        return;
    }
    for (; r < 12; r++) {
        int have = e->rem[r], k;
        int kmax = left < have ? left : have;
        uint32_t kk = key;
        for (k = 1; k <= kmax; k++) {
            kk += RZ_RANK_KEY[r];
            e->rem[r] = (uint8_t)(have - k);
            if (k == left)
                rz_eq_complete(e, p, kk, w * RZ_EQ_BINOM[have][k]);
            else
                rz_eq_walk(e, p, r + 1, left - k, kk, w * RZ_EQ_BINOM[have][k]);
        }
        e->rem[r] = (uint8_t)have;
    }
    if (left <= e->rem[12]) {
        int have = e->rem[12];
        e->rem[12] = (uint8_t)(have - left);
        rz_eq_complete(e, p, key + (uint32_t)left * RZ_RANK_KEY[12], w * RZ_EQ_BINOM[have][left]);
        e->rem[12] = (uint8_t)have;
    }
}

/* ---- grouped walk (3 or more players receive cards)
 *
 * The last receiving player's cards depend on the others' only through the
 * union U of their cards.  So the walk enumerates U (the outer patterns) and
 * then the ways to split U among the other players, twice: the first pass
 * finds the lowest and highest best rank b among the others over the splits,
 * which bound the window of the last player's sorted patterns whose weights
 * (from the cards left after U) are summed once per U; the second settles
 * each split with two look-ups in that window.  Weights: player i's cards
 * weigh prod C(left before i, k), the last player's prod C(rem - U, k): the
 * same product as the direct walk. */

/* Settle a split of U (others' ranks in e->rank, weight w) against the last
 * player's patterns (pass 1), or widen the window to its best rank (pass 0). */
RZ_INLINE void rz_eq_gw_settle(rz_eq_walker *e, uint64_t w)
{
    const rz_eq_pats *P = e->pats;
    rz_eq_counts *out = e->out;
    int p, t = 0, last = e->last;
    uint16_t b = 0xFFFFu;
    uint32_t i, j;
    uint64_t less, eq, more;
    for (p = 0; p < e->nplayers; p++) {
        if (p == last)
            continue;
        if (e->rank[p] < b) {
            b = e->rank[p];
            t = 1;
        } else if (e->rank[p] == b) {
            t++;
        }
    }
    b = (uint16_t)rz_eq_rank_index(b);
    if (e->pass == 0) {
        if (b < e->bmin)
            e->bmin = b;
        if (b > e->bmax)
            e->bmax = b;
        return;
    }
    i = P->first[b] - e->wlo;
    j = P->first[b + 1] - e->wlo;
    less = e->below + P->cum[i];
    eq = P->cum[j] - P->cum[i];
    more = P->total - less - eq;
    out->total += w * P->total;
    out->win[last] += w * less;
    out->share[last] += w * less * RZ_EQ_UNITS + w * eq * RZ_EQ_UNIT[t + 1];
    out->tie[last] += w * eq;
    for (p = 0; p < e->nplayers; p++) {
        if (p == last || e->rank[p] != b)
            continue;
        out->tie[p] += w * eq;
        out->share[p] += w * eq * RZ_EQ_UNIT[t + 1];
        if (t == 1) {
            out->win[p] += w * more;
            out->share[p] += w * more * RZ_EQ_UNITS;
        } else {
            out->tie[p] += w * more;
            out->share[p] += w * more * RZ_EQ_UNIT[t];
        }
    }
}

/* Split U: give player p `left` more cards of the ranks sup[i..] out of lim
 * (what is left of U), weighted from rem (the deck before player p).  The
 * last player to split U takes what is left of it. */
RZ_INLINE void rz_eq_gw_split(rz_eq_walker *e, int p, int i, int left, uint32_t key, uint64_t w)
{
    if (left == 0) {
        e->rank[p] = rz_lookup(key);
        if (p + 2 < e->last) {
            rz_eq_gw_split(e, p + 1, 0, e->missing[p + 1], e->base[p + 1], w);
        } else if (p + 2 == e->last) {
            uint32_t k1 = e->base[p + 1];
            int q;
            for (q = 0; q < e->nsup; q++) {
                int r = e->sup[q];
                k1 += (uint32_t)e->lim[r] * RZ_RANK_KEY[r];
                w *= RZ_EQ_BINOM[e->rem[r]][e->lim[r]];
            }
            e->rank[p + 1] = rz_lookup(k1);
            rz_eq_gw_settle(e, w);
        } else {
            rz_eq_gw_settle(e, w);
        }
        return;
    }
    for (; i < e->nsup; i++) {
        int r = e->sup[i], have = e->rem[r], lim = e->lim[r], k;
        int kmax = left < lim ? left : lim;
        uint32_t kk = key;
        for (k = 1; k <= kmax; k++) {
            kk += RZ_RANK_KEY[r];
            e->rem[r] = (uint8_t)(have - k);
            e->lim[r] = (uint8_t)(lim - k);
            rz_eq_gw_split(e, p, i + 1, left - k, kk, w * RZ_EQ_BINOM[have][k]);
        }
        e->rem[r] = (uint8_t)have;
        e->lim[r] = (uint8_t)lim;
    }
}

/* One union U is complete: weigh the last player's patterns under the cards
 * U leaves, find the window the splits need, sum it, then settle the splits. */
RZ_INLINE void rz_eq_gw_group(rz_eq_walker *e, uint64_t w)
{
    rz_eq_pats *P = e->pats;
    uint8_t d[13];
    uint32_t lo, hi, n = (uint32_t)P->n;
    uint64_t inside;
    int r;
    uint64_t i = e->idx++;
    if (i < e->lo || i >= e->hi)
        return;
    e->nsup = 0;
    for (r = 0; r < 13; r++) {
        d[r] = (uint8_t)(e->rem[r] - e->uni[r]);
        e->lim[r] = e->uni[r];
        if (e->uni[r])
            e->sup[e->nsup++] = (uint8_t)r;
    }
    rz_eq_pats_deck(P, d);
    e->bmin = 0xFFFFu;
    e->bmax = 0;
    e->pass = 0;
    rz_eq_gw_split(e, 0, 0, e->missing[0], e->base[0], w);
    if (e->bmin > e->bmax)
        return; /* no split: cannot happen, U is made of the others' cards */
    lo = P->first[e->bmin];
    hi = P->first[e->bmax + 1];
    P->cum[0] = 0;
    inside = rz_eq_pats_sum(P, lo, hi, P->cum);
    if (lo <= n - hi)
        e->below = rz_eq_pats_sum(P, 0, lo, NULL);
    else
        e->below = P->total - inside - rz_eq_pats_sum(P, hi, n, NULL);
    e->wlo = lo;
    e->pass = 1;
    rz_eq_gw_split(e, 0, 0, e->missing[0], e->base[0], w);
}

/* Enumerate the unions U of `left` more cards of ranks r..12 (limits: rem). */
RZ_INLINE void rz_eq_gw_union(rz_eq_walker *e, int r, int left, uint64_t w)
{
    int k, kmax;
    if (left == 0) {
        for (k = r; k < 13; k++)
            e->uni[k] = 0;
        rz_eq_gw_group(e, w);
        return;
    }
    if (r == 13)
        return;
    kmax = left < e->rem[r] ? left : e->rem[r];
    for (k = 0; k <= kmax; k++) {
        e->uni[r] = (uint8_t)k;
        rz_eq_gw_union(e, r + 1, left - k, w);
    }
    e->uni[r] = 0;
}

/* Walk every deal with the community card (if any) already added to base[]. */
RZ_INLINE void rz_eq_walk_all(rz_eq_walker *e, uint64_t w)
{
    int p;
    for (p = 0; p < e->nplayers; p++)
        e->rank[p] = rz_lookup(e->base[p]);
    if (e->pats != NULL)
        rz_eq_pats_build(e->pats, e->rem, e->base[e->last]);
    if (e->grouped) {
        int m = 0;
        for (p = 0; p < e->last; p++)
            m += e->missing[p];
        rz_eq_gw_union(e, 0, m, w);
    } else if (e->nactive > 0) {
        for (p = 0; p < 13; p++)
            e->rem0[p] = e->rem[p];
        rz_eq_walk(e, 0, 0, e->missing[0], e->base[0], w);
    } else {
        uint64_t i = e->idx++;
        if (i >= e->lo && i < e->hi)
            rz_eq_settle(e->rank, e->nplayers, w, e->out);
    }
}

/* Exact counts over the "outer patterns" lo..hi-1 in the walk's order, for
 * each community rank in turn when there is a community card:
 *   grouped = 0 (direct walk): player 0's rank patterns (a single pattern
 *     when nobody receives a card of his own);
 *   grouped = 1 (3+ players receive cards): the rank patterns of the union
 *     of the cards of players 0 .. nactive-2 (nactive-1 is grouped);
 *   grouped = -1: 1 when at least 3 players receive cards, else 0.
 * Players with missing > 0 must come first in the spec; splitting [0, N)
 * into ranges and summing the counts gives the full enumeration.  `range`:
 * NULL, or player 0's range (the direct walk, see rz_eq_range_weight).
 * Returns the mode used, or -1 when the last player's pattern list (heads-up
 * or grouped walk) cannot be allocated; nothing is counted then. */
RZ_INLINE int rz_eq_exact_run(const rz_eq_spec *s, uint64_t lo, uint64_t hi, int grouped,
                              const rz_eq_range *range, rz_eq_counts *out)
{
    rz_eq_walker e;
    uint32_t base[RZ_EQ_MAX_PLAYERS];
    int p, r, community = 0;
    e.nplayers = s->nplayers;
    e.nactive = 0;
    for (p = 0; p < s->nplayers; p++) {
        base[p] = e.base[p] = rz_eq_base_key(s, p);
        e.missing[p] = s->missing[p];
        if (s->missing[p] > 0)
            e.nactive = p + 1;
        community |= s->community[p];
    }
    for (r = 0; r < 13; r++)
        e.rem[r] = s->remaining[r];
    e.idx = 0;
    e.lo = lo;
    e.hi = hi;
    e.out = out;
    e.pats = NULL;
    e.range = range;
    e.last = e.nactive - 1;
    if (grouped < 0)
        grouped = e.nactive >= 3;
    if (range != NULL)
        grouped = 0;
    if (grouped && e.nactive < 2)
        grouped = 0;
    e.grouped = grouped;
    e.hu = !grouped && e.nplayers == 2 && e.nactive == 2;
    if (grouped || e.hu) {
        e.pats = rz_eq_pats_new(e.missing[e.last]);
        if (e.pats == NULL)
            return -1;
    }
    if (!community) {
        rz_eq_walk_all(&e, 1);
    } else {
        for (r = 0; r < 13; r++) {
            int have = e.rem[r];
            if (have == 0)
                continue;
            for (p = 0; p < s->nplayers; p++)
                e.base[p] = base[p] + (s->community[p] ? RZ_RANK_KEY[r] : 0u);
            e.rem[r] = (uint8_t)(have - 1);
            rz_eq_walk_all(&e, (uint64_t)have);
            e.rem[r] = (uint8_t)have;
        }
    }
    rz_eq_pats_free(e.pats);
    return grouped;
}

RZ_INLINE int rz_eq_exact_mode(const rz_eq_spec *s, uint64_t lo, uint64_t hi, int grouped,
                               rz_eq_counts *out)
{
    return rz_eq_exact_run(s, lo, hi, grouped, NULL, out);
}

/* Exact counts with player 0 holding `range` (direct walk), over player 0's
 * patterns lo..hi-1: D times the sum over the classes of n_c times their
 * counts (see rz_eq_range_weight).  Player 0's missing cards include the
 * variable cards of the range. */
RZ_INLINE int rz_eq_exact_range(const rz_eq_spec *s, const rz_eq_range *range, uint64_t lo,
                                uint64_t hi, rz_eq_counts *out)
{
    return rz_eq_exact_run(s, lo, hi, 0, range, out);
}

/* The whole enumeration (or a range of the automatic mode's outer patterns);
 * falls back to the direct walk when memory is short (3+ players).  Returns
 * -1 when nothing could be counted (no memory for a pattern list). */
RZ_INLINE int rz_eq_exact(const rz_eq_spec *s, uint64_t lo, uint64_t hi, rz_eq_counts *out)
{
    int mode = rz_eq_exact_mode(s, lo, hi, -1, out);
    if (mode < 0)
        mode = rz_eq_exact_mode(s, lo, hi, 0, out);
    return mode;
}

#include "razz_equity_mc.h"       /* the Monte Carlo (rz_eq_mc_chunk) */

#endif /* RAZZ_EQUITY_H */
