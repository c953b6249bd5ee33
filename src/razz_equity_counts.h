/*
 * razz_equity_counts.h - a Razz equity request and its counts (C99, header only).
 *
 * The request (rz_eq_spec), the counts of wins, ties and pot shares
 * (rz_eq_counts, shares in units of 1/840) and the settling of one outcome,
 * shared by the exact walks and the Monte Carlo of razz_equity.h (which
 * describes the fields).
 */
#ifndef RAZZ_EQUITY_COUNTS_H
#define RAZZ_EQUITY_COUNTS_H

#include <stdint.h>
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

#endif /* RAZZ_EQUITY_COUNTS_H */
