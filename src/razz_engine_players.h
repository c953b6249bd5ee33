/*
 * razz_engine_players.h - the built-in players of the razz state machine
 * (C99, header only).
 *
 * The policies the seats of rz_play_hand (razz_engine.h) play by: random,
 * calldown and basic (rz_basic_decide, the one implementation of
 * BasicRazzPlayer), each choosing an action kind from the legal mask.
 */
#ifndef RAZZ_ENGINE_PLAYERS_H
#define RAZZ_ENGINE_PLAYERS_H

#include <stdint.h>
#include "razz_rng.h"
#include "razz_engine_state.h"

/* ------------------------------------------------------------ policies */

enum { RZ_POLICY_RANDOM = 0, RZ_POLICY_CALLDOWN = 1, RZ_POLICY_BASIC = 2 };

/* The k-th legal action in the order of the legal strings: f, pb or cc, cbr. */
RZ_INLINE int rz_nth_legal(unsigned mask, int k)
{
    static const int order[4] = {RZ_FOLD, RZ_POST, RZ_CALL, RZ_RAISE};
    int i;
    for (i = 0; i < 4; i++)
        if (mask & 1u << order[i]) {
            if (k == 0)
                return order[i];
            k--;
        }
    return RZ_CALL;
}

RZ_INLINE int rz_popcount4(unsigned mask)
{
    return (int)((mask & 1u) + (mask >> 1 & 1u) + (mask >> 2 & 1u) + (mask >> 3 & 1u));
}

/* Fold when allowed, else check or call, else the first legal action. */
RZ_INLINE int rz_passive(unsigned mask)
{
    if (mask & 1u << RZ_FOLD)
        return RZ_FOLD;
    if (mask & 1u << RZ_CALL)
        return RZ_CALL;
    return rz_nth_legal(mask, 0);
}

/* Board comparison key of BasicRazzPlayer: (cards - distinct ranks, ranks
 * from the highest down) as a list; returns its length. */
RZ_INLINE int rz_basic_board_key(const uint8_t *up, int k, int *key)
{
    int ranks[8], i, j, t, distinct = 0, seen = 0;
    if (k > 7)
        k = 7;
    for (i = 0; i < k; i++) {
        ranks[i] = (up[i] & 63) >> 2;
        if (!(seen >> ranks[i] & 1)) {
            seen |= 1 << ranks[i];
            distinct++;
        }
    }
    for (i = 1; i < k; i++)
        for (j = i; j > 0 && ranks[j] > ranks[j - 1]; j--) {
            t = ranks[j]; ranks[j] = ranks[j - 1]; ranks[j - 1] = t;
        }
    key[0] = k - distinct;
    for (i = 0; i < k; i++)
        key[i + 1] = ranks[i];
    return k + 1;
}

/* Python's list comparison: -1, 0 or 1. */
RZ_INLINE int rz_cmp_lists(const int *a, int na, const int *b, int nb)
{
    int i;
    for (i = 0; i < na && i < nb; i++)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return na < nb ? -1 : na > nb ? 1 : 0;
}

/* BasicRazzPlayer's decision (razzcore.engine.players; the one implementation):
 * mine[nmine] = the seat's own cards, boards[s * stride..] / nboard[s] =
 * every seat's up cards (at most stride of them, 4..7), in_hand[s] = dealt
 * in and not folded, bets[n], street, the legal mask, limit = the highest rank kept (5..13), wagers = the
 * round's wagers so far (from 4 on it calls instead of raising: the usual
 * cap, so two of them never re-raise without end).  Returns an action
 * kind (RZ_FOLD..RZ_RAISE) from the mask. */
RZ_ENTRY int rz_basic_decide(int seat, int n, const uint8_t *mine, int nmine,
                           const uint8_t *boards, int stride, const uint8_t *nboard,
                           const uint8_t *in_hand, const int64_t *bets, int street,
                           unsigned mask, int limit, int wagers)
{
    int can_raise = (mask >> RZ_RAISE & 1u) && wagers < 4, i, j, s, r, strength = 0;
    int ranks_seen = 0, top = 0, paired = 0, good[13], ngood = 0, dead, to_come;
    int mykey[9], best[9], nbest = -1, key[9], nk, nmy, board_best, decision;
    int64_t maxbet = 0, nonzero_min = 0, to_call;
    int can_check;
    seat = RZ_S(seat);
    stride = stride < 4 ? 4 : stride > 7 ? 7 : stride;
    if (n > RZ_SEATS)
        n = RZ_SEATS;
    for (s = 0; s < n; s++) {
        if (bets[s] > maxbet)
            maxbet = bets[s];
        if (bets[s] > 0 && (nonzero_min == 0 || bets[s] < nonzero_min))
            nonzero_min = bets[s];
    }
    can_check = (mask >> RZ_CALL & 1u) && maxbet == bets[seat];
    if (nmine > 7)
        nmine = 7;
    for (i = 0; i < nmine; i++) {
        r = (mine[i] & 63) >> 2;
        if (r > 12)
            r = 12;
        if (ranks_seen >> r & 1)
            paired = 1;
        ranks_seen |= 1 << r;
        if (r + 1 > top)
            top = r + 1;
    }
    /* 3rd-street strength, doubled: 4 = raise, 2 = play, 1 = call a bring-in */
    if (!paired && nmine > 0)
        strength = top <= 6 ? 4 : top <= limit ? 2 : top <= limit + 1 ? 1 : 0;
    if (mask & 1u << RZ_POST) {
        if (strength >= 4 && can_raise)
            return RZ_RAISE;
        if ((mask & 1u << RZ_FOLD) && strength == 0)
            return RZ_FOLD;
        return RZ_POST;
    }
    if (street == 3) {
        to_call = maxbet - bets[seat];
        if (strength >= 4 && can_raise)
            return RZ_RAISE;
        if (strength >= 2 || (strength == 1 && to_call <= nonzero_min))
            return (mask & 1u << RZ_CALL) ? RZ_CALL : rz_passive(mask);
        return can_check ? RZ_CALL : rz_passive(mask);
    }
    /* later streets */
    to_come = 7 - nmine;
    for (r = 0; r < 13; r++)
        if ((ranks_seen >> r & 1) && r < limit)
            good[ngood++] = r;
    dead = ngood + to_come < 5;
    for (s = 0; s < n; s++) {
        if (s == seat || !in_hand[s])
            continue;
        nk = rz_basic_board_key(boards + s * stride, nboard[s] < stride ? nboard[s] : stride, key);
        if (nbest < 0 || rz_cmp_lists(key, nk, best, nbest) < 0) {
            for (j = 0; j < nk; j++)
                best[j] = key[j];
            nbest = nk;
        }
    }
    if (nbest < 0) {
        decision = 1; /* call */
    } else {
        nmy = rz_basic_board_key(boards + seat * stride,
                                 nboard[seat] < stride ? nboard[seat] : stride, mykey);
        board_best = rz_cmp_lists(mykey, nmy, best, nbest) < 0;
        if (dead) {
            decision = 0;
        } else if (ngood >= 5) {
            decision = (board_best || good[4] + 1 <= 7) ? 2 : 1;
        } else if (board_best) {
            decision = 2;
        } else {
            /* my low cards against their board: (0, lows from the highest down) */
            int k = nmy - 1 < ngood ? nmy - 1 : ngood, board_paired;
            key[0] = 0;
            for (i = 0; i < k; i++)
                key[1 + i] = good[k - 1 - i];
            board_paired = mykey[0] > 0;
            decision = (rz_cmp_lists(key, k + 1, best, nbest) <= 0 && !board_paired) ? 1 : 0;
        }
    }
    if (decision == 2 && can_raise)
        return RZ_RAISE;
    if (decision >= 1 && (mask & 1u << RZ_CALL))
        return RZ_CALL;
    return can_check ? RZ_CALL : rz_passive(mask);
}

/* One decision of a built-in policy for the actor of h. */
RZ_ENTRY int rz_policy_decide(const rz_hand *h, int policy, rz_rng *g, unsigned mask)
{
    uint8_t in_hand[RZ_SEATS];
    int p = RZ_S(h->actor), s;
    if (policy == RZ_POLICY_RANDOM) {
        if (h->count >= 16 && (mask & 15u & ~(1u << RZ_RAISE)))
            mask &= ~(1u << RZ_RAISE); /* bounded even when uncapped */
        return rz_nth_legal(mask, (int)rz_rng_below(g, (uint32_t)rz_popcount4(mask)));
    }
    if (policy == RZ_POLICY_CALLDOWN) {
        /* post or call; where calling the bring-in is not allowed, complete
         * (staying in the hand) rather than fold */
        if (mask & 1u << RZ_POST)
            return RZ_POST;
        if (mask & 1u << RZ_CALL)
            return RZ_CALL;
        if (mask & 1u << RZ_RAISE)
            return RZ_RAISE;
        return rz_nth_legal(mask, 0);
    }
    for (s = 0; s < RZ_SEATS; s++) /* the boards are read in place (h->up, h->nup <= 4) */
        in_hand[s] = s < h->n && h->dealt[s] && h->live[s];
    return rz_basic_decide(p, h->n, h->cards + p * 7, h->ncards[p], h->up, 4, h->nup, in_hand,
                           h->bets, h->street, mask, 8, h->count);
}

#endif /* RAZZ_ENGINE_PLAYERS_H */
