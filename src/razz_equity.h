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
 * table lookup per player.  Heads-up 3rd street is ~3.3M leaves standing for
 * 18.3G deals.
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

#include "razz_eval.h"

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

typedef struct {
    int nplayers;                        /* all players */
    int nactive;                         /* players 0..nactive-1 receive cards */
    uint32_t base[RZ_EQ_MAX_PLAYERS];    /* key of the known cards */
    uint8_t missing[RZ_EQ_MAX_PLAYERS];
    uint8_t rem[13];                     /* unseen cards per rank, updated in place */
    uint16_t rank[RZ_EQ_MAX_PLAYERS];
    uint64_t idx, lo, hi;                /* this chunk: player 0's patterns lo..hi-1 */
    rz_eq_counts *out;
} rz_eq_walker;

static void rz_eq_walk(rz_eq_walker *e, int p, int r, int left, uint32_t key, uint64_t w);

/* Player p's cards are complete (hand key `key`, weight so far `w`). */
RZ_INLINE void rz_eq_complete(rz_eq_walker *e, int p, uint32_t key, uint64_t w)
{
    if (p == 0) {
        uint64_t i = e->idx++;
        if (i < e->lo || i >= e->hi)
            return;
    }
    e->rank[p] = rz_lookup(key);
    if (p + 1 < e->nactive)
        rz_eq_walk(e, p + 1, 0, e->missing[p + 1], e->base[p + 1], w);
    else
        rz_eq_settle(e->rank, e->nplayers, w, e->out);
}

/* Give player p `left` more cards of ranks r..12 (k = 0 of rank r is the loop
 * moving on to r + 1; the last rank must take all that is left). */
static void rz_eq_walk(rz_eq_walker *e, int p, int r, int left, uint32_t key, uint64_t w)
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

/* Walk every deal with the community card (if any) already added to base[]. */
RZ_INLINE void rz_eq_walk_all(rz_eq_walker *e, uint64_t w)
{
    int p;
    for (p = 0; p < e->nplayers; p++)
        e->rank[p] = rz_lookup(e->base[p]);
    if (e->nactive > 0) {
        rz_eq_walk(e, 0, 0, e->missing[0], e->base[0], w);
    } else {
        uint64_t i = e->idx++;
        if (i >= e->lo && i < e->hi)
            rz_eq_settle(e->rank, e->nplayers, w, e->out);
    }
}

/* Exact counts over the "outer patterns" lo..hi-1 in the walk's order: player
 * 0's rank patterns (for each community rank in turn, when there is a
 * community card; a single pattern when nobody receives a card of his own).
 * Players with missing > 0 should come first in the spec; splitting [0, N)
 * into ranges and summing the counts gives the full enumeration. */
RZ_INLINE void rz_eq_exact(const rz_eq_spec *s, uint64_t lo, uint64_t hi, rz_eq_counts *out)
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
    if (!community) {
        rz_eq_walk_all(&e, 1);
        return;
    }
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

/* ------------------------------------------------------------ Monte Carlo */

typedef struct {
    uint64_t s[4];
} rz_rng;

RZ_INLINE uint64_t rz_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Generator of chunk `chunk` of a run seeded with `seed`. */
RZ_INLINE void rz_rng_seed(rz_rng *g, uint64_t seed, uint64_t chunk)
{
    uint64_t c = chunk;
    uint64_t x = seed ^ rz_splitmix64(&c);
    int i;
    for (i = 0; i < 4; i++)
        g->s[i] = rz_splitmix64(&x);
}

RZ_INLINE uint64_t rz_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

/* xoshiro256** (Blackman & Vigna). */
RZ_INLINE uint64_t rz_rng_next(rz_rng *g)
{
    uint64_t *s = g->s;
    uint64_t result = rz_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rz_rotl(s[3], 45);
    return result;
}

/* Uniform integer in [0, n), 1 <= n <= 2^32 - 1, unbiased (Lemire's method). */
RZ_INLINE uint32_t rz_rng_below(rz_rng *g, uint32_t n)
{
    uint64_t m = (rz_rng_next(g) >> 32) * (uint64_t)n;
    uint32_t l = (uint32_t)m;
    if (l < n) {
        uint32_t t = (0u - n) % n;
        while (l < t) {
            m = (rz_rng_next(g) >> 32) * (uint64_t)n;
            l = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* Run `trials` deals of chunk `chunk` and add them to `out`. */
RZ_INLINE void rz_eq_mc_chunk(const rz_eq_spec *s, uint64_t seed, uint64_t chunk,
                              uint64_t trials, rz_eq_counts *out)
{
    uint32_t deck[52], base[RZ_EQ_MAX_PLAYERS];
    uint16_t rank[RZ_EQ_MAX_PLAYERS];
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
        uint16_t best;
        uint32_t shared = 0;
        int k;
        if (community) {
            int pick = (int)rz_rng_below(&g, (uint32_t)n);
            shared = deck[pick];
            deck[pick] = deck[0];
            deck[0] = shared;
            j = 1;
        }
        for (p = 0; p < np; p++) {
            uint32_t key = base[p] + (s->community[p] ? shared : 0u);
            for (i = 0; i < s->missing[p]; i++, j++) {
                int pick = j + (int)rz_rng_below(&g, (uint32_t)(n - j));
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
    out->total += trials;
}

#endif /* RAZZ_EQUITY_H */
