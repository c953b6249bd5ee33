/*
 * razz_tally.h - a hand counted for the tracker's statistics: the one rule
 * for each count of razzcore.stats (each defined in docs/stats.md, "The
 * columns"), fed what the engine did (razz_engine.h's events, in order)
 * and, once the hand is over, who folded, the payoffs, the pots and the
 * awards.
 *
 * The PokerStars reader tallies the hand it replays to check it
 * (razz_pokerstars_replay.h); razzcore.tracker feeds a replayed Hand's event
 * log to the same functions (razzcore/_tally.pxi).  Each seat's counts are
 * indexed by RZ_TALLY_* and named by rz_tally_names (the Python face's
 * COUNTS); tests/tracker_oracle.py counts the same from the event log in
 * plain Python, the oracle they are checked against.
 */
#ifndef RAZZ_TALLY_H
#define RAZZ_TALLY_H

#include <stdint.h>
#include <string.h>
#include "razz_engine.h"

#define RZ_TALLY_NAMES(X)                                                                   \
    X(hands) X(net) X(vpip) X(complete) X(bring_in_faced) X(bring_in_fold) X(steal_chances) \
    X(steal) X(saw_4th) X(saw_5th) X(saw_6th) X(saw_7th) X(wtsd) X(wsd)                    \
    X(won_without_showdown) X(aggressive_actions) X(calls)
#define RZ_TALLY_ENUM(name) RZ_TALLY_##name,
enum { RZ_TALLY_NAMES(RZ_TALLY_ENUM) RZ_TALLY_COUNT };
#undef RZ_TALLY_ENUM
#define RZ_TALLY_NAME(name) #name,
static const char *const rz_tally_names[] = {RZ_TALLY_NAMES(RZ_TALLY_NAME)};
#undef RZ_TALLY_NAME

typedef struct {
    int n, street, opened, completed, posted, can_act;
    int64_t left[RZ_SEATS]; /* chips behind, until the bring-in is posted */
    uint8_t dealt[RZ_SEATS], away[RZ_SEATS], live[RZ_SEATS], acted[RZ_SEATS];
    uint8_t cards[RZ_SEATS]; /* hole cards dealt so far */
    int64_t c[RZ_SEATS][RZ_TALLY_COUNT];
} rz_tally;

/* A hand of n seats starting with these stacks, the seats dealt in and
 * those sitting out (away); n is clamped to 0..RZ_SEATS and each array
 * holds at least that many entries.  The other entry points take any seat
 * and pot count (those outside the hand are ignored) and any chips without
 * overflowing; the caller's arrays hold the entries rz_tally_end names. */
RZ_INLINE void rz_tally_start(rz_tally *t, int n, const int64_t *stacks, const uint8_t *dealt,
                              const uint8_t *away)
{
    int s;
    memset(t, 0, sizeof *t);
    t->n = n < 0 ? 0 : n < RZ_SEATS ? n : RZ_SEATS;
    t->street = 3;
    t->posted = -1;
    for (s = 0; s < t->n; s++) {
        t->left[s] = stacks[s];
        t->dealt[s] = dealt[s] != 0;
        t->away[s] = away[s] != 0;
        t->live[s] = 1;
    }
}

/* A seat's first voluntary action on 3rd street (the bring-in's seat has
 * none): a steal chance when nobody called or completed before it. */
RZ_INLINE void rz_tally_first(rz_tally *t, int s, int chance)
{
    if (t->acted[s] || s == t->posted)
        return;
    t->acted[s] = 1;
    if (!t->opened && chance)
        t->c[s][RZ_TALLY_steal_chances] = 1;
}

/* One event of the engine: kind (RZ_FOLD..RZ_RAISE, RZ_EV_*), its seat,
 * the cards it deals and its chips (a post's or call's chips). */
RZ_INLINE void rz_tally_event(rz_tally *t, int kind, int s, int cards, int64_t value)
{
    int k;
    int64_t *c;
    if (kind == RZ_EV_BOARD) {
        t->street = 7;
        for (k = 0; k < t->n; k++)
            if (t->live[k] && t->dealt[k])
                t->c[k][RZ_TALLY_saw_7th] = 1;
        return;
    }
    if (s < 0 || s >= t->n)
        return;
    c = t->c[s];
    switch (kind) {
    case RZ_EV_DEAL3:
    case RZ_EV_DEAL:
        t->cards[s] = (uint8_t)(t->cards[s] + (unsigned)cards); /* unsigned: no overflow */
        if (t->cards[s] > t->street)
            t->street = t->cards[s];
        break;
    case RZ_EV_ANTE: /* never below 0: only "more than the post" is asked of it */
        if (value > 0)
            t->left[s] = t->left[s] > value ? t->left[s] - value : 0;
        break;
    case RZ_POST:
        t->posted = s;
        t->can_act = t->left[s] > value;
        break;
    case RZ_FOLD:
        t->live[s] = 0;
        if (t->street == 3) {
            rz_tally_first(t, s, !t->away[s]);
            if (s == t->posted && t->completed)
                c[RZ_TALLY_bring_in_fold] = 1;
        }
        break;
    case RZ_CALL:
        if (value > 0) {
            c[RZ_TALLY_calls]++;
            if (t->street == 3)
                c[RZ_TALLY_vpip] = 1;
        }
        if (t->street == 3) {
            rz_tally_first(t, s, 1);
            t->opened = 1;
        }
        break;
    case RZ_RAISE:
        c[RZ_TALLY_aggressive_actions]++;
        if (t->street == 3) {
            c[RZ_TALLY_vpip] = 1;
            c[RZ_TALLY_complete] = 1;
            if (!t->acted[s] && s != t->posted && !t->opened)
                c[RZ_TALLY_steal] = 1;
            rz_tally_first(t, s, 1);
            t->opened = 1;
            if (s != t->posted && t->posted >= 0 && t->live[t->posted] && t->can_act)
                t->c[t->posted][RZ_TALLY_bring_in_faced] = 1;
            t->completed = 1;
        }
        break;
    default: /* returned wagers, shows, awards */
        break;
    }
}

/* The events of one engine step, in order. */
RZ_INLINE void rz_tally_events(rz_tally *t, const rz_events *ev)
{
    int i;
    for (i = 0; i < ev->count && i < RZ_EV_MAX; i++)
        rz_tally_event(t, ev->kind[i], ev->seat[i], ev->kind[i] == RZ_EV_DEAL3 ? 3 : 1,
                       ev->value[i]);
}

/* The hand is over: each seat's folded flag and payoff (t->n entries
 * each), the pots' eligible seats (npots bit masks; npots is clamped to
 * 0..RZ_SEATS and bits of seats outside the hand are ignored) and the chips
 * paid to each seat from each pot (RZ_SEATS rows: a row past npots counts as
 * won uncontested). */
RZ_INLINE void rz_tally_end(rz_tally *t, const uint8_t *folded, const int64_t *payoffs,
                            int npots, const uint32_t *eligible,
                            const int64_t (*paid)[RZ_SEATS])
{
    int s, pot, k, held = 0, showdown, contested[RZ_SEATS];
    uint8_t won[RZ_SEATS], won_shown[RZ_SEATS];
    int64_t *c;
    npots = npots < 0 ? 0 : npots < RZ_SEATS ? npots : RZ_SEATS;
    for (s = 0; s < t->n; s++)
        held += t->dealt[s] && !folded[s];
    showdown = held >= 2;
    for (pot = 0; pot < npots; pot++) {
        for (k = 0, s = 0; s < t->n; s++)
            k += (eligible[pot] >> s & 1) && !folded[s];
        contested[pot] = k >= 2;
    }
    memset(won, 0, sizeof won);
    memset(won_shown, 0, sizeof won_shown);
    for (pot = 0; pot < RZ_SEATS; pot++)
        for (s = 0; s < t->n; s++)
            if (paid[pot][s] > 0) {
                won[s] = 1;
                if (pot < npots && contested[pot])
                    won_shown[s] = 1;
            }
    for (s = 0; s < t->n; s++) {
        c = t->c[s];
        if (!t->dealt[s])
            continue;
        c[RZ_TALLY_hands] = 1;
        c[RZ_TALLY_net] = payoffs[s];
        for (k = 4; k <= 7 && k <= t->cards[s]; k++)
            c[RZ_TALLY_saw_4th + k - 4] = 1;
        if (showdown && !folded[s]) {
            c[RZ_TALLY_wtsd] = 1;
            c[RZ_TALLY_wsd] = won_shown[s];
        } else if (!showdown && won[s]) {
            c[RZ_TALLY_won_without_showdown] = 1;
        }
    }
}

/* rz_tally_end from the engine's finished hand h and what it paid from
 * each pot. */
RZ_INLINE void rz_tally_hand(rz_tally *t, const rz_hand *h, const int64_t (*paid)[RZ_SEATS])
{
    rz_pot pots[RZ_SEATS];
    uint32_t eligible[RZ_SEATS];
    uint8_t folded[RZ_SEATS];
    int64_t payoffs[RZ_SEATS];
    int s, npots = rz_hand_pots(h, pots);
    for (s = 0; s < RZ_SEATS; s++) {
        folded[s] = s < t->n && h->dealt[s] && !h->live[s];
        payoffs[s] = s < t->n ? h->stacks[s] - h->start[s] : 0;
        eligible[s] = s < npots ? pots[s].eligible : 0;
    }
    rz_tally_end(t, folded, payoffs, npots, eligible, paid);
}

#endif /* RAZZ_TALLY_H */
