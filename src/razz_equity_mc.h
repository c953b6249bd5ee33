/*
 * razz_equity_mc.h - the Monte Carlo equity of Razz hands (C99, header only).
 *
 * Chunks of random deals (rz_eq_mc_chunk), each from its own generator
 * seeded by (seed, chunk index), so the counts do not depend on who runs
 * the chunks (see razz_equity.h).  The trial itself, rz_eq_mc_deal, is
 * also the one of the ranges' Monte Carlo (razz_range_equity.h).
 */
#ifndef RAZZ_EQUITY_MC_H
#define RAZZ_EQUITY_MC_H

#include <stdint.h>
#include "razz_eval.h"
#include "razz_rng.h"
#include "razz_equity_counts.h"

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

#endif /* RAZZ_EQUITY_MC_H */
