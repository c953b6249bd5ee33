/*
 * razz_vecenv.h - many razz tables stepped together (razzcore.envs.VectorEnv).
 *
 * Each rz_table holds one hand of the C state machine (razz_engine.h), its
 * generator, the betting counts of the observation (razz_obs.h) and the
 * action kinds played so far (to rebuild the hand as a razzcore.Hand).
 * rz_vec_step() applies one action per table, writes the observation of the
 * seat to act next, and deals a new hand at once where a hand ended.
 *
 * The observation is filled by rz_obs_from_hand() into the same
 * rz_obs_input that razzcore.envs.encode() fills from a HandView, and laid
 * out by the same razz_obs.h: the tensors cannot drift apart.  A table's
 * observation row is kept up to date by rz_obs_update() - only the fields
 * that changed since the table's last decision are written - so the rows
 * belong to this code between calls: whoever writes into one calls
 * rz_vec_forget() on its table before the next step.
 *
 * No allocation, no Python: call without the GIL, one thread per disjoint
 * range of tables.  Seats come from the hand (< n <= 8) and are masked;
 * actions are checked by rz_vec_check() before any table moves.
 */
#ifndef RAZZ_VECENV_H
#define RAZZ_VECENV_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "razz_engine.h"
#include "razz_obs.h"

#define RZ_VEC_LOG 512 /* action kinds kept per hand (for rebuilding it) */
#define RZ_VEC_DEAL_TRIES 64

/* Environment action indexes (razzcore.envs.ACTIONS). */
enum { RZ_ACT_FOLD = 0, RZ_ACT_CHECK_CALL = 1, RZ_ACT_BET_RAISE = 2 };

typedef struct {
    rz_rules rules;
    int n;                       /* seats, 2..8 */
    int64_t stacks[RZ_OBS_MAX_SEATS]; /* every hand starts from these */
    int64_t unit;                /* the big bet: observations and rewards in big bets */
    size_t obs_size;             /* rz_obs_size(n) */
} rz_vec_cfg;

typedef struct {
    rz_hand h;
    rz_rng g;
    uint16_t betting[RZ_OBS_STREETS][RZ_OBS_MAX_SEATS][3];
    uint8_t deck[52];            /* this hand's deck as dealt (a TDA remix reorders h.deck) */
    uint8_t log[RZ_VEC_LOG];     /* action kinds (RZ_FOLD..RZ_RAISE) of this hand */
    int32_t nlog;                /* actions played; > RZ_VEC_LOG: the log overflowed */
    uint32_t mask;               /* rz_vec_mask() of the pending decision */
    unsigned options;            /* rz_hand_options() of it, with its cbr total: */
    int64_t cbr;                 /* step applies the action without asking again */
    int32_t hands;               /* hands dealt at this table */
    rz_obs_input seen;           /* the input the observation row holds */
} rz_table;

/* What `seat` may see of `h`, with the table's betting counts. */
static inline void rz_obs_from_hand(const rz_hand *h, int seat,
                             const uint16_t betting[RZ_OBS_STREETS][RZ_OBS_MAX_SEATS][3],
                             int64_t unit, rz_obs_input *in)
{
    int n = RZ_N(h), s, k, j, nc, nu, c;
    uint64_t shown; /* bit c: card code c is face up (or the seat's own) */
    int64_t high = 0, collected = 0;
    seat = (int)RZ_S(seat);
    rz_obs_clear(in, n, seat);
    in->unit = unit > 0 ? unit : 1;
    in->actor = (h->phase < RZ_OVER && h->actor >= 0 && h->actor < n) ? h->actor : -1;
    in->street = h->street >= 3 && h->street <= 7 ? h->street : 3;
    for (s = 0; s < n; s++) {
        nc = h->ncards[s] < RZ_OBS_SLOTS ? h->ncards[s] : RZ_OBS_SLOTS;
        nu = h->nup[s] < 4 ? h->nup[s] : 4;
        shown = 0;
        if (s == seat || h->exposed[s])
            shown = ~(uint64_t)0;
        else
            for (j = 0; j < nu; j++)
                shown |= (uint64_t)1 << (h->up[s * 4 + j] & 63);
        shown &= ((uint64_t)1 << 52) - 1; /* codes past 51 are no card */
        for (k = 0; k < nc; k++) {
            c = h->cards[s * 7 + k] & 63;
            in->cards[s][k] = (uint8_t)(shown >> c & 1u ? (unsigned)c : RZ_OBS_HIDDEN);
        }
        in->folded[s] = h->dealt[s] && !h->live[s];
        in->stacks[s] = h->stacks[s];
        in->bets[s] = h->bets[s];
        collected += h->contrib[s] - h->bets[s];
        if (h->bets[s] > high)
            high = h->bets[s];
    }
    if (h->community >= 0 && h->community < 52)
        in->community = (uint8_t)h->community;
    in->pot = collected;
    if (h->phase != RZ_OVER) {
        in->to_call = high - h->bets[seat];
        if (in->to_call > h->stacks[seat])
            in->to_call = h->stacks[seat];
    }
    memcpy(in->betting, betting, sizeof in->betting);
}

/* The legal environment actions of table t's pending decision (bit i =
 * action i; bit 3: check_call posts the bring-in), from the engine's options,
 * which it keeps (t->options, t->cbr). */
static inline uint32_t rz_vec_mask(rz_table *t)
{
    unsigned m = rz_hand_options(&t->h, &t->cbr);
    uint32_t out = 0;
    t->options = m;
    if (m & 1u << RZ_FOLD)
        out |= 1u << RZ_ACT_FOLD;
    if (m & (1u << RZ_POST | 1u << RZ_CALL))
        out |= 1u << RZ_ACT_CHECK_CALL;
    if (m & 1u << RZ_POST)
        out |= 1u << 3;
    if (m & 1u << RZ_RAISE)
        out |= 1u << RZ_ACT_BET_RAISE;
    return out;
}

/* Deal a new hand at table t (until one has a decision).  0, or -1 when the
 * configuration deals no playable hand. */
static inline int rz_table_deal(rz_table *t, const rz_vec_cfg *c)
{
    uint8_t deck[52];
    int tries;
    for (tries = 0; tries < RZ_VEC_DEAL_TRIES; tries++) {
        /* only the cards a hand can use need shuffling (as Hand does) */
        rz_shuffle_deck(&t->g, deck, 7 * c->n + 5 < 51 ? 7 * c->n + 5 : 51);
        if (rz_start_dealt(&t->h, &c->rules, c->n, c->stacks, NULL, deck, 0, NULL, 0, NULL) != 0)
            return -1;
        t->hands++;
        memcpy(t->deck, deck, sizeof t->deck);
        memset(t->betting, 0, sizeof t->betting);
        t->nlog = 0;
        if (t->h.phase < RZ_SHOW && t->h.actor >= 0) {
            t->mask = rz_vec_mask(t);
            return 0;
        }
    }
    return -1;
}

/* Bring table t's observation row up to date; write its mask row and actor. */
static inline void rz_table_observe(rz_table *t, const rz_vec_cfg *c, float *obs, int8_t *mask,
                                    int32_t *actor)
{
    rz_obs_input in;
    const rz_table *read = t;
    int a = t->h.actor;
    rz_obs_from_hand(&t->h, a < 0 ? 0 : a, read->betting, c->unit, &in);
    if (rz_obs_update(&t->seen, &in, obs, c->obs_size) == 0) {
        memcpy(&t->seen, &in, sizeof in); /* the lines just compared: still cached */
    } else {
        memset(obs, 0, c->obs_size * sizeof *obs);
        memset(&t->seen, 0, sizeof t->seen); /* the next update writes it whole */
    }
    mask[0] = (int8_t)(t->mask & 1u);
    mask[1] = (int8_t)(t->mask >> 1 & 1u);
    mask[2] = (int8_t)(t->mask >> 2 & 1u);
    *actor = a;
}

/* Seed and deal tables [begin, end); write their observations.  Returns the
 * first table that could not be dealt, or -1. */
static inline ptrdiff_t rz_vec_reset(rz_table *tables, ptrdiff_t begin, ptrdiff_t end,
                              const rz_vec_cfg *c, uint64_t seed, float *obs, int8_t *mask,
                              int32_t *actor, float *rewards, uint8_t *done)
{
    ptrdiff_t i;
    int s;
    for (i = begin; i < end; i++) {
        rz_table *t = &tables[i];
        memset(t, 0, sizeof *t);
        rz_rng_seed(&t->g, seed, (uint64_t)i);
        if (rz_table_deal(t, c) != 0)
            return i;
        rz_table_observe(t, c, obs + (size_t)i * c->obs_size, mask + 3 * i, actor + i);
        for (s = 0; s < c->n; s++)
            rewards[(size_t)i * (size_t)c->n + (size_t)s] = 0.0f;
        done[i] = 0;
    }
    return -1;
}

/* The observation rows of tables [begin, end) were written by someone else:
 * the next step writes them whole. */
static inline void rz_vec_forget(rz_table *tables, ptrdiff_t begin, ptrdiff_t end)
{
    ptrdiff_t i;
    for (i = begin; i < end; i++)
        memset(&tables[i].seen, 0, sizeof tables[i].seen);
}

/* The first table in [begin, end) whose action is not legal there, or -1. */
static inline ptrdiff_t rz_vec_check(const rz_table *tables, ptrdiff_t begin, ptrdiff_t end,
                              const int64_t *actions)
{
    ptrdiff_t i;
    for (i = begin; i < end; i++) {
        int64_t a = actions[i];
        if (a < 0 || a > 2 || !(tables[i].mask >> a & 1u))
            return i;
    }
    return -1;
}

/* One action per table in [begin, end) (checked by rz_vec_check first).
 * Returns the first table whose hand could not go on, or -1. */
static inline ptrdiff_t rz_vec_step(rz_table *tables, ptrdiff_t begin, ptrdiff_t end,
                             const rz_vec_cfg *c, const int64_t *actions, float *obs,
                             int8_t *mask, int32_t *actor, float *rewards, uint8_t *done)
{
    ptrdiff_t i;
    int s, kind, seat, street;
    int64_t pay[RZ_SEATS];
    double unit = (double)(c->unit > 0 ? c->unit : 1);
    for (i = begin; i < end; i++) {
        rz_table *t = &tables[i];
        rz_hand *h = &t->h;
        float *rw = rewards + (size_t)i * (size_t)c->n;
        seat = h->actor;
        if (seat < 0 || seat >= h->n)
            return i;
        switch (actions[i]) {
        case RZ_ACT_FOLD: kind = RZ_FOLD; break;
        case RZ_ACT_CHECK_CALL: kind = t->mask & 1u << 3 ? RZ_POST : RZ_CALL; break;
        case RZ_ACT_BET_RAISE: kind = RZ_RAISE; break;
        default: return i;
        }
        street = h->street;
        if (rz_apply_known(h, kind, 0, 0, NULL, t->options, t->cbr) != RZ_OK)
            return i;
        if (kind != RZ_FOLD && street >= 3 && street <= 7) {
            int slot = kind == RZ_RAISE ? RZ_OBS_RAISE : kind == RZ_POST ? RZ_OBS_POST : RZ_OBS_CALL;
            uint16_t *cnt = &t->betting[street - 3][RZ_S(seat)][slot];
            if (*cnt < 65535u)
                (*cnt)++;
        }
        if (t->nlog < RZ_VEC_LOG)
            t->log[t->nlog] = (uint8_t)kind;
        if (t->nlog <= RZ_VEC_LOG)
            t->nlog++;
        if (h->phase == RZ_OVER) {
            rz_hand_payoffs(h, pay);
            for (s = 0; s < c->n; s++)
                rw[s] = (float)((double)pay[s] / unit);
            done[i] = 1;
            if (rz_table_deal(t, c) != 0)
                return i;
        } else {
            for (s = 0; s < c->n; s++)
                rw[s] = 0.0f;
            done[i] = 0;
            t->mask = rz_vec_mask(t);
            if (h->actor < 0) /* a showdown waiting for a decision: not in play */
                return i;
        }
        rz_table_observe(t, c, obs + (size_t)i * c->obs_size, mask + 3 * i, actor + i);
    }
    return -1;
}

/* Table t's deck (52 codes) and its first min(nlog, RZ_VEC_LOG) action kinds. */
static inline void rz_table_record(const rz_table *t, uint8_t *deck, uint8_t *log)
{
    int k = t->nlog < RZ_VEC_LOG ? t->nlog : RZ_VEC_LOG;
    memcpy(deck, t->deck, 52);
    if (k > 0)
        memcpy(log, t->log, (size_t)k);
}

#endif /* RAZZ_VECENV_H */
