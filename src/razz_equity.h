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
 */
#ifndef RAZZ_EQUITY_H
#define RAZZ_EQUITY_H

#include <stdlib.h>
#include "razz_eval.h"
#include "razz_rng.h"

#define RZ_EQ_MAX_PLAYERS 8
#define RZ_EQ_UNITS 840u

typedef struct {
    int nplayers;                              /* 1..8 */
    uint8_t known[RZ_EQ_MAX_PLAYERS][13];      /* known rank counts per player */
    uint8_t missing[RZ_EQ_MAX_PLAYERS];        /* cards still to come per player */
    uint8_t remaining[13];                     /* unseen cards per rank */
    uint8_t community[RZ_EQ_MAX_PLAYERS];      /* 1: the community card is his 7th */
} rz_eq_spec;

typedef struct {
    uint64_t win[RZ_EQ_MAX_PLAYERS];       /* outcomes won alone */
    uint64_t tie[RZ_EQ_MAX_PLAYERS];       /* outcomes tied for best with others */
    uint64_t share[RZ_EQ_MAX_PLAYERS];     /* pot shares, in units of 1/840 */
    uint64_t share_sq[RZ_EQ_MAX_PLAYERS];  /* Monte Carlo only: sum of squared shares */
    uint64_t total;                        /* outcomes (weighted deals) or trials */
} rz_eq_counts;

/* C(n, k) for n, k in 0..4. */
static const uint8_t RZ_EQ_BINOM[5][5] = {
    {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1}};

/* Share of each winner when k players tie for best (index k = 1..8). */
static const uint16_t RZ_EQ_UNIT[RZ_EQ_MAX_PLAYERS + 1] = {0, 840, 420, 280, 210, 168, 140, 120, 105};

RZ_INLINE void rz_eq_counts_init(rz_eq_counts *c)
{
    int p;
    for (p = 0; p < RZ_EQ_MAX_PLAYERS; p++)
        c->win[p] = c->tie[p] = c->share[p] = c->share_sq[p] = 0;
    c->total = 0;
}

/* Key of player p's known cards, as if they were a 7-card hand. */
RZ_INLINE uint32_t rz_eq_base_key(const rz_eq_spec *s, int p)
{
    uint32_t key = RZ_SIZE_BASE[7];
    int r;
    for (r = 0; r < 13; r++)
        key += (uint32_t)s->known[p][r] * RZ_RANK_KEY[r];
    return key;
}

/* Best (lowest) rank among n players and how many players hold it. */
RZ_INLINE int rz_eq_best(const uint16_t *rank, int n, uint16_t *best)
{
    uint16_t b = rank[0];
    int k = 1, i;
    for (i = 1; i < n; i++) {
        if (rank[i] < b) {
            b = rank[i];
            k = 1;
        } else if (rank[i] == b) {
            k++;
        }
    }
    *best = b;
    return k;
}

/* Add one outcome of weight w (exact enumeration: no squared shares). */
RZ_INLINE void rz_eq_settle(const uint16_t *rank, int n, uint64_t w, rz_eq_counts *out)
{
    uint16_t best;
    int k = rz_eq_best(rank, n, &best), i;
    out->total += w;
    if (k == 1) {
        for (i = 0; i < n; i++)
            if (rank[i] == best) {
                out->win[i] += w;
                out->share[i] += w * RZ_EQ_UNITS;
            }
    } else {
        uint64_t ws = w * RZ_EQ_UNIT[k];
        for (i = 0; i < n; i++)
            if (rank[i] == best) {
                out->tie[i] += w;
                out->share[i] += ws;
            }
    }
}

/* ------------------------------------------------------------ exact */

/* The last receiving player's rank patterns (heads-up: player 1; grouped
 * walk: the grouped player), listed once per walk and sorted by hand rank.
 * A pattern's weight under a deck d (the unseen cards once the other players
 * have theirs) is prod_r C(d_r, k_r): a product of entries of T, where
 * T[5r + k] = C(d_r, k) and T[RZ_EQ_ONE] = 1, over the pattern's m slots
 * (one per rank it holds, padded with RZ_EQ_ONE).  Its patterns are listed
 * from the deck before any other player's cards, so every pattern any deck
 * allows is there (the others weigh 0), and their weights add up to
 * C(sum_r d_r, m).  The outcomes against a rank b then take one scan of the
 * patterns below b (or of those above it, whichever is shorter): no hand is
 * looked up and nothing is sorted per deck. */
#define RZ_EQ_ONE 65
typedef struct {
    int n, m, cap;                       /* patterns, cards (slots) each, room */
    uint16_t *rank;                      /* n ranks, ascending */
    uint8_t *slot;                       /* n x m T indices, in rank order */
    uint16_t *rank_tmp;                  /* n ranks, in walk order */
    uint8_t *slot_tmp;                   /* n x m T indices, in walk order */
    uint64_t *cum;                       /* n + 1: window sums (grouped walk) */
    uint32_t first[RZ_NUM_CLASSES + 2];  /* first[x]: patterns of rank < x */
    uint64_t T[RZ_EQ_ONE + 1];
    uint64_t total;                      /* C(cards in the deck, m) */
    uint8_t cur[8];                      /* the pattern being listed */
} rz_eq_pats;

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

/* ---- the last player's patterns (rz_eq_pats) */

/* C(n, k) for n <= 52, k <= 7 (every step exact in 64 bits). */
RZ_INLINE uint64_t rz_eq_choose(unsigned n, unsigned k)
{
    uint64_t c = 1;
    unsigned i;
    if (k > n)
        return 0;
    for (i = 0; i < k; i++)
        c = c * (n - i) / (i + 1);
    return c;
}

/* A hand rank as an index of first[] (ranks are 1..RZ_NUM_CLASSES). */
RZ_INLINE unsigned rz_eq_rank_index(unsigned rank)
{
    return rank <= RZ_NUM_CLASSES ? rank : RZ_NUM_CLASSES;
}

RZ_INLINE void rz_eq_pats_free(rz_eq_pats *P)
{
    if (P == NULL)
        return;
    free(P->rank);
    free(P->slot);
    free(P->rank_tmp);
    free(P->slot_tmp);
    free(P->cum);
    free(P);
}

/* Room for the patterns of m (1..7) cards: at most C(m + 12, 12) multisets.
 * NULL when memory is short. */
RZ_INLINE rz_eq_pats *rz_eq_pats_new(int m)
{
    rz_eq_pats *P = (rz_eq_pats *)calloc(1, sizeof(rz_eq_pats));
    size_t cap;
    if (P == NULL)
        return NULL;
    if (m < 1)
        m = 1;
    if (m > 7)
        m = 7;
    cap = (size_t)rz_eq_choose((unsigned)m + 12u, 12u);
    P->m = m;
    P->cap = (int)cap;
    P->rank = (uint16_t *)malloc(cap * sizeof(uint16_t));
    P->rank_tmp = (uint16_t *)malloc(cap * sizeof(uint16_t));
    P->slot = (uint8_t *)malloc(cap * (size_t)m);
    P->slot_tmp = (uint8_t *)malloc(cap * (size_t)m);
    P->cum = (uint64_t *)malloc((cap + 1) * sizeof(uint64_t));
    if (!P->rank || !P->rank_tmp || !P->slot || !P->slot_tmp || !P->cum) {
        rz_eq_pats_free(P);
        return NULL;
    }
    return P;
}

/* List the patterns: `left` more cards of ranks r..12 (at most rem[r] each),
 * `j` slots and hand key `key` so far. */
RZ_INLINE void rz_eq_pats_list(rz_eq_pats *P, const uint8_t *rem, int r, int left, int j,
                               uint32_t key)
{
    int k, kmax;
    if (left == 0) {
        uint8_t *sl;
        int q;
        if (P->n >= P->cap)
            return; /* cannot happen: cap counts every multiset */
        sl = P->slot_tmp + (size_t)P->n * (size_t)P->m;
        P->rank_tmp[P->n++] = rz_lookup(key);
        for (q = 0; q < P->m; q++)
            sl[q] = q < j ? P->cur[q] : (uint8_t)RZ_EQ_ONE;
        return;
    }
    if (r == 13 || j >= P->m)
        return;
    rz_eq_pats_list(P, rem, r + 1, left, j, key);
    kmax = left < rem[r] ? left : rem[r];
    for (k = 1; k <= kmax; k++) {
        P->cur[j] = (uint8_t)(5 * r + k);
        rz_eq_pats_list(P, rem, r + 1, left - k, j + 1, key + (uint32_t)k * RZ_RANK_KEY[r]);
    }
}

/* List the patterns of P->m cards out of rem onto the key `base` and sort
 * them by rank (counting sort, which leaves first[] behind). */
RZ_INLINE void rz_eq_pats_build(rz_eq_pats *P, const uint8_t *rem, uint32_t base)
{
    int i, x, q, m = P->m;
    P->n = 0;
    rz_eq_pats_list(P, rem, 0, m, 0, base);
    for (x = 0; x < RZ_NUM_CLASSES + 2; x++)
        P->first[x] = 0;
    for (i = 0; i < P->n; i++)
        P->first[rz_eq_rank_index(P->rank_tmp[i]) + 1]++;
    for (x = 0; x < RZ_NUM_CLASSES + 1; x++)
        P->first[x + 1] += P->first[x];
    for (i = 0; i < P->n; i++) { /* first[x] moves on to the patterns of rank <= x */
        unsigned rk = rz_eq_rank_index(P->rank_tmp[i]);
        uint32_t at = P->first[rk]++;
        P->rank[at] = (uint16_t)rk;
        for (q = 0; q < m; q++)
            P->slot[(size_t)at * (size_t)m + (size_t)q] = P->slot_tmp[(size_t)i * (size_t)m + (size_t)q];
    }
    for (x = RZ_NUM_CLASSES + 1; x > 0; x--) /* back to: patterns of rank < x */
        P->first[x] = P->first[x - 1];
    P->first[0] = 0;
}

/* The deck d the patterns are now drawn from. */
RZ_INLINE void rz_eq_pats_deck(rz_eq_pats *P, const uint8_t *d)
{
    unsigned cards = 0;
    int r, k;
    for (r = 0; r < 13; r++) {
        for (k = 0; k < 5; k++)
            P->T[5 * r + k] = RZ_EQ_BINOM[d[r]][k];
        cards += d[r];
    }
    P->T[RZ_EQ_ONE] = 1;
    P->total = rz_eq_choose(cards, (unsigned)P->m);
}

/* Weight of patterns a..b-1 under the deck; with cum, also cum[i - a + 1] =
 * weight of patterns a..i. */
RZ_INLINE uint64_t rz_eq_pats_sum(const rz_eq_pats *P, uint32_t a, uint32_t b, uint64_t *cum)
{
    const uint64_t *T = P->T;
    const uint8_t *sl = P->slot + (size_t)a * (size_t)P->m;
    uint64_t sum = 0;
    uint32_t i;
    int q, m = P->m;
    if (m == 4 && cum == NULL) {
        for (i = a; i < b; i++, sl += 4)
            sum += T[sl[0]] * T[sl[1]] * T[sl[2]] * T[sl[3]];
        return sum;
    }
    for (i = a; i < b; i++, sl += m) {
        uint64_t w = T[sl[0]];
        for (q = 1; q < m; q++)
            w *= T[sl[q]];
        sum += w;
        if (cum != NULL)
            cum[i - a + 1] = sum;
    }
    return sum;
}

/* Weight of the patterns ranked below b (*less) and equal to b (*eq): one
 * scan of those below or of those above, whichever is shorter. */
RZ_INLINE void rz_eq_pats_against(const rz_eq_pats *P, unsigned b, uint64_t *less, uint64_t *eq)
{
    unsigned x = rz_eq_rank_index(b);
    uint32_t lt = P->first[x], le = P->first[x + 1], n = (uint32_t)P->n;
    *eq = rz_eq_pats_sum(P, lt, le, NULL);
    if (lt <= n - le)
        *less = rz_eq_pats_sum(P, 0, lt, NULL);
    else
        *less = P->total - *eq - rz_eq_pats_sum(P, le, n, NULL);
}

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

/* ------------------------------------------------------------ Monte Carlo */

/* The generator (rz_rng, xoshiro256**) lives in razz_rng.h. */

/* One Monte Carlo deal once the community card (if any) is out: each player's
 * missing cards are drawn from deck[j..n-1] (a partial Fisher-Yates) onto his
 * base key (plus `shared` when he uses the community card), the hands are
 * ranked and the outcome added to `out`.  The one home of a trial, for hands
 * (rz_eq_mc_chunk) and ranges (rz_eq_mc_classes_chunk in razz_range_equity.h). */
RZ_INLINE void rz_eq_mc_deal(const rz_eq_spec *s, const uint32_t *base, uint32_t shared,
                             uint32_t *deck, int n, int j, rz_rng *g, rz_eq_counts *out)
{
    uint16_t rank[RZ_EQ_MAX_PLAYERS], best;
    int p, i, k, np = s->nplayers;
    for (p = 0; p < np; p++) {
        uint32_t key = base[p] + (s->community[p] ? shared : 0u);
        for (i = 0; i < s->missing[p]; i++, j++) {
            int pick = j + (int)rz_rng_below(g, (uint32_t)(n - j));
            uint32_t v = deck[pick];
            deck[pick] = deck[j];
            deck[j] = v;
            key += v;
        }
        rank[p] = rz_lookup(key);
    }
    k = rz_eq_best(rank, np, &best);
    {
        uint64_t u = RZ_EQ_UNIT[k];
        for (p = 0; p < np; p++)
            if (rank[p] == best) {
                if (k == 1)
                    out->win[p]++;
                else
                    out->tie[p]++;
                out->share[p] += u;
                out->share_sq[p] += u * u;
            }
    }
}

/* Run `trials` deals of chunk `chunk` and add them to `out`. */
RZ_INLINE void rz_eq_mc_chunk(const rz_eq_spec *s, uint64_t seed, uint64_t chunk,
                              uint64_t trials, rz_eq_counts *out)
{
    uint32_t deck[52], base[RZ_EQ_MAX_PLAYERS];
    int n = 0, r, i, p, np = s->nplayers, community = 0;
    uint64_t t;
    rz_rng g;
    for (r = 0; r < 13; r++)
        for (i = 0; i < s->remaining[r]; i++)
            deck[n++] = RZ_RANK_KEY[r];
    for (p = 0; p < np; p++) {
        base[p] = rz_eq_base_key(s, p);
        community |= s->community[p];
    }
    rz_rng_seed(&g, seed, chunk);
    for (t = 0; t < trials; t++) {
        int j = 0;
        uint32_t shared = 0;
        if (community) {
            int pick = (int)rz_rng_below(&g, (uint32_t)n);
            shared = deck[pick];
            deck[pick] = deck[0];
            deck[0] = shared;
            j = 1;
        }
        rz_eq_mc_deal(s, base, shared, deck, n, j, &g, out);
    }
    out->total += trials;
}


#endif /* RAZZ_EQUITY_H */
