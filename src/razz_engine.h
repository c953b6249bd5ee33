/*
 * razz_engine.h - razzcore's razz hand state machine in C99 (header only).
 *
 * One rz_hand holds a whole hand (no pointers, no Python objects: copy it
 * with memcpy, keep arrays of them, step them without the GIL).  The rules
 * are R1-R24 of the rules specification; each function (here and in the
 * parts included below, named by what they hold) cites the rule it
 * implements:
 *
 *   rz_hand_start        antes (R3), the 3rd-street deal (R4), absent players
 *                        (R23), the bring-in (R6-R8) and the first decision
 *   rz_hand_options      the legal actions of the pending decision (R7-R17)
 *   rz_hand_apply        fold / post / check-call / complete-bet-raise; the
 *                        turn, the end of a round (R17), the later streets
 *                        (R4, R12-R14, R18) and the showdown (R16, R20, R21)
 *
 * Every index is bounded: seats are < rz_hand.n <= 8 by construction, card
 * codes are masked to 0..63 where they index a table, the deck position never
 * passes 52.  A bad action changes nothing and returns a nonzero RZ_ERR_*.
 * Amounts: the Python side rejects chip counts above 2**53, so no sum of a
 * table's chips overflows int64_t.
 *
 * The showdown calls the evaluator kernel (razz_eval.h).
 *
 * The parts are included where their definitions fall in the machine's
 * order of definition, not all at the top: gcc's inlining decisions follow
 * that order, and the compiled code with them.  Each part compiles on its
 * own (tools/compile_kernel.sh).
 */
#ifndef RAZZ_ENGINE_H
#define RAZZ_ENGINE_H

#include <stdint.h>
#include <string.h>
#include "razz_eval.h"
#include "razz_rng.h"
#include "razz_engine_state.h" /* rz_hand, rz_rules, events, reason codes */
#include "razz_engine_seats.h" /* clockwise order, the board order (R12-R13) */

/* ------------------------------------------------------------ rounds */

RZ_INLINE void rz_reset_round(rz_hand *h, int street)
{
    int s;
    h->street = street;
    h->u = street <= 4 ? h->r.small_bet : h->r.big_bet;
    h->high = h->level = h->count = 0;
    h->capped_multi = 0;
    for (s = 0; s < RZ_SEATS; s++) {
        h->acted[s] = 0;
        h->last[s] = 0;
        h->reopen[s] = 0;
    }
}

RZ_INLINE void rz_begin_betting(rz_hand *h, int first, int phase)
{
    h->first_actor = first;
    h->round_street = h->street;
    h->aggressor = -1;
    h->phase = phase;
    h->actor = first;
    if (h->street == 6)
        h->sixth_first = first;
}

/* R11: the most wagers this round allows now (heads-up options). */
RZ_INLINE int64_t rz_cap(const rz_hand *h)
{
    if (!h->capped_multi && rz_active_count(h) == 2) {
        if (h->r.hu_uncapped)
            return RZ_UNLIMITED;
        if (h->r.hu_max >= 0)
            return h->r.hu_max;
    }
    return h->r.max_bets;
}

/* R17: whether another live seat could put in more than high this street. */
RZ_INLINE int rz_answerable(const rz_hand *h, int p, int64_t high)
{
    int k, q;
    for (k = 1; k < RZ_N(h); k++) {
        q = rz_cw(h, p, k);
        if (h->live[RZ_S(q)] && h->stacks[RZ_S(q)] + h->bets[RZ_S(q)] > high)
            return 1;
    }
    return 0;
}

/* R7-R17: the legal actions of the pending betting decision as a mask of
 * 1 << RZ_* bits, and the complete/bet/raise total in *cbr (0 if none).
 * 0 when no betting decision is pending. */
RZ_ENTRY unsigned rz_hand_options(const rz_hand *h, int64_t *cbr_out)
{
    int p = h->actor;
    int64_t stack, b, u, cbr = 0, to_call, count, d, target, bh;
    unsigned mask = 0;
    int may, cc;
    *cbr_out = 0;
    if (p < 0 || p >= h->n || h->phase >= RZ_SHOW)
        return 0;
    stack = h->stacks[p];
    b = h->bets[p];
    u = h->u;
    if (h->phase != RZ_NORMAL) { /* R7-R9: post, complete or (OPEN) fold */
        bh = h->high > h->r.bring_in ? h->high : h->r.bring_in;
        if (stack > h->r.bring_in && (h->phase == RZ_OPEN || h->r.may_complete) &&
            rz_answerable(h, p, bh))
            cbr = u < b + stack ? u : b + stack;
        if (h->phase == RZ_OPEN)
            mask |= 1u << RZ_FOLD;
        mask |= 1u << RZ_POST;
    } else {
        to_call = h->high - b;
        if (stack > to_call) {
            count = h->count;
            if ((count >= h->r.max_bets || (h->r.hu_max >= 0 && count >= h->r.hu_max)) &&
                count >= rz_cap(h)) {
                may = 0; /* R11: capped */
            } else {
                may = rz_answerable(h, p, h->high);
                if (may && h->acted[p] && !h->reopen[p]) { /* R15: reopened? */
                    d = h->high - h->last[p];
                    may = (h->r.half_bet ? 2 * d : d) >= u;
                }
            }
            if (may) {
                target = h->level + u;
                cbr = b + stack >= target ? target : b + stack;
            }
        }
        if (to_call > 0 || h->r.open_fold)
            mask |= 1u << RZ_FOLD;
        cc = !(cbr && !h->r.call_bring_in && h->street == 3 && h->count == 0 &&
               to_call > 0 && h->r.has_bring);
        if (cc)
            mask |= 1u << RZ_CALL;
    }
    if (cbr)
        mask |= 1u << RZ_RAISE;
    *cbr_out = cbr;
    return mask;
}

RZ_INLINE void rz_put(rz_hand *h, int p, int64_t amount)
{
    h->stacks[RZ_S(p)] -= amount;
    h->bets[RZ_S(p)] += amount;
    h->contrib[RZ_S(p)] += amount;
}

/* R17: end the betting round: a live owner takes back the part of the top
 * wager nobody matched (a dead hand's bring-in, R23, stays in the pot); the
 * bets are cleared.  Returns 1 when one player is left. */
RZ_INLINE int rz_close_round(rz_hand *h, rz_events *ev)
{
    int s, top = -1;
    int64_t first = 0, second = 0, b;
    for (s = 0; s < RZ_N(h); s++) {
        b = h->bets[s];
        if (b > first) {
            second = first;
            first = b;
            top = s;
        } else if (b > second) {
            second = b;
        }
    }
    if (top >= 0 && first != second && h->live[top]) {
        h->stacks[top] += first - second;
        h->contrib[top] -= first - second;
        rz_emit(ev, RZ_EV_RETURN, top, 0, first - second);
    }
    for (s = 0; s < RZ_SEATS; s++)
        h->bets[s] = 0;
    h->actor = -1;
    return rz_live_count(h) == 1;
}

#include "razz_engine_pots.h" /* pots, rake, showdown, awards (R16, R20, R21) */
#include "razz_engine_deal.h" /* the later streets' deal (R4, R18) */

/* R17: after a round: one player left takes the pot; else deal on (no
 * betting when fewer than two can act: face_up_all_in exposes the hands),
 * R12-R14, R18 for the first actor of the next round, or the showdown. */
RZ_ENTRY void rz_end_round(rz_hand *h, rz_events *ev)
{
    int betting, s, ranked[RZ_SEATS], k, i, first, sixth;
    if (rz_close_round(h, ev)) {
        rz_finish_uncontested(h, ev);
        return;
    }
    betting = rz_active_count(h) >= 2;
    if (!betting && h->r.face_up_all_in)
        for (s = 0; s < RZ_N(h); s++)
            if (h->live[s])
                h->exposed[s] = 1;
    while (h->street < 7) {
        rz_reset_round(h, h->street + 1);
        rz_deal_street(h, ev);
        if (betting) {
            k = rz_ranked_live(h, ranked);
            sixth = h->sixth_first;
            if (h->community >= 0 && sixth >= 0 && h->live[RZ_S(sixth)]) {
                /* R18: with a community card the 6th-street opener starts */
                for (i = 0; i < k && ranked[i] != sixth; i++)
                    ;
                for (; i > 0; i--)
                    ranked[i] = ranked[i - 1];
                ranked[0] = sixth;
            }
            first = rz_first_actor_from(h, ranked, k);
            rz_begin_betting(h, first, RZ_NORMAL);
            return;
        }
    }
    rz_showdown(h, ev);
}

/* Book p's action, then pass the turn clockwise or end the round (at once
 * when a fold left one player). */
RZ_INLINE void rz_after(rz_hand *h, int p, int last_standing, rz_events *ev)
{
    int k, q;
    h->acted[RZ_S(p)] = 1;
    h->reopen[RZ_S(p)] = 0;
    h->last[RZ_S(p)] = h->bets[RZ_S(p)];
    if (!h->capped_multi && h->count >= h->r.max_bets && rz_active_count(h) >= 3)
        h->capped_multi = 1;
    if (last_standing) {
        rz_close_round(h, ev);
        rz_finish_uncontested(h, ev);
        return;
    }
    for (k = 1; k < RZ_N(h); k++) {
        q = rz_cw(h, p, k);
        if (!rz_active(h, q))
            continue;
        if (h->phase == RZ_OPEN ? !h->acted[q] : (!h->acted[q] || h->bets[q] < h->high)) {
            h->actor = q;
            return;
        }
    }
    rz_end_round(h, ev);
}

/* R15: whether a short all-in to total counts as a full wager. */
RZ_INLINE int rz_full_all_in(const rz_hand *h, int64_t total)
{
    int64_t b;
    if (h->r.full_bet)
        return 0;
    if (h->street == 3 && h->count == 0 && h->r.has_bring && h->r.completion_increment) {
        b = h->r.bring_in;
        return 2 * (total - b) >= h->u - b;
    }
    return 2 * (total - h->level) >= h->u;
}

/* Why the actor may not take action kind now (the mask lacks it): the
 * conditions of rz_hand_options, in the order they are tested there. */
RZ_INLINE int rz_why_not(const rz_hand *h, int kind)
{
    int p = RZ_S(h->actor);
    int64_t stack = h->stacks[p];
    switch (kind) {
    case RZ_FOLD:
        return h->phase != RZ_NORMAL ? RZ_ERR_FOLD_BRING : RZ_ERR_OPEN_FOLD;
    case RZ_CALL:
        return h->phase != RZ_NORMAL ? RZ_ERR_CALL_BRING : RZ_ERR_CALL_BRING_IN;
    case RZ_POST:
        return RZ_ERR_NO_POST;
    default:
        break;
    }
    if (h->phase != RZ_NORMAL) { /* R7, R9, R17 */
        if (stack <= h->r.bring_in)
            return RZ_ERR_SHORT_BRING;
        if (!rz_answerable(h, p, h->high > h->r.bring_in ? h->high : h->r.bring_in))
            return RZ_ERR_LONE_BRING;
        return RZ_ERR_NO_COMPLETE;
    }
    if (stack <= h->high - h->bets[p])
        return RZ_ERR_SHORT_CALL;
    if (h->count >= rz_cap(h)) /* R11 */
        return RZ_ERR_CAPPED;
    if (!rz_answerable(h, p, h->high)) /* R17 */
        return RZ_ERR_LONE_RAISE;
    return RZ_ERR_NOT_REOPENED; /* R15 */
}

/* Apply action kind (RZ_FOLD..RZ_RAISE) for the actor; for RZ_RAISE, total
 * is the street total (0 = the legal one) and alias accepts (PHH replay) a
 * total exactly an all-in opponent can reach, between the current bet and
 * the legal total.  Returns RZ_OK or why it is illegal (nothing changed);
 * ev (or NULL) receives what happened. */
/* rz_hand_apply once the actor's options are known: mask and cbr are what
 * rz_hand_options(h, &cbr) returned for this very state (a caller that has
 * just asked for them, as rz_play_hand does, is spared asking again). */
RZ_INLINE int rz_apply_known(rz_hand *h, int kind, int64_t total, int alias, rz_events *ev,
                             unsigned mask, int64_t cbr)
{
    int64_t amount;
    int p = h->actor, s, aliased, before;
    if (p < 0 || p >= h->n || h->phase == RZ_OVER)
        return RZ_ERR_OVER;
    if (h->phase == RZ_SHOW)
        return RZ_ERR_SHOWDOWN;
    if (kind < RZ_FOLD || kind > RZ_RAISE)
        return RZ_ERR_NO_POST;
    if (!(mask & 1u << kind))
        return rz_why_not(h, kind);
    switch (kind) {
    case RZ_FOLD:
        h->live[p] = 0;
        rz_emit(ev, RZ_FOLD, p, 0, 0);
        rz_after(h, p, rz_live_count(h) == 1, ev);
        return RZ_OK;
    case RZ_POST: /* R6-R8 */
        amount = h->stacks[p] > h->r.bring_in ? h->r.bring_in : h->stacks[p];
        rz_put(h, p, amount);
        if (h->r.bring_in > h->high)
            h->high = h->r.bring_in;
        h->phase = RZ_NORMAL;
        h->aggressor = p;
        rz_emit(ev, RZ_POST, p, 0, amount);
        rz_after(h, p, 0, ev);
        return RZ_OK;
    case RZ_CALL:
        amount = h->high - h->bets[p];
        if (amount > h->stacks[p])
            amount = h->stacks[p]; /* all-in for less */
        rz_put(h, p, amount);
        rz_emit(ev, RZ_CALL, p, 0, amount);
        rz_after(h, p, 0, ev);
        return RZ_OK;
    default: /* RZ_RAISE: R9-R11, R15 */
        aliased = 0;
        before = h->count < 255 ? (int)h->count : 255; /* full wagers before it */
        if (total == 0)
            total = cbr;
        else if (total != cbr) {
            /* alias: exactly an all-in opponent's reach, high < it < cbr */
            amount = 0;
            for (s = 0; s < RZ_N(h); s++)
                if (s != p && h->live[s] && h->stacks[s] > 0 && h->bets[s] + h->stacks[s] > amount)
                    amount = h->bets[s] + h->stacks[s];
            if (!alias || total != amount || total <= h->high || total >= cbr ||
                total > h->bets[p] + h->stacks[p] || h->phase != RZ_NORMAL)
                return RZ_ERR_AMOUNT;
            aliased = 1; /* counts as a full raise: it reopens the betting */
        }
        rz_put(h, p, total - h->bets[p]);
        if (aliased || total >= h->level + h->u) {
            h->level = total;
            h->count++;
            for (s = 0; s < RZ_SEATS; s++)
                h->reopen[s] = s != p;
        } else if (rz_full_all_in(h, total)) {
            h->level = total;
            h->count++;
        }
        if (total > h->high)
            h->high = total;
        h->phase = RZ_NORMAL;
        h->aggressor = p;
        rz_emit(ev, RZ_RAISE, p, before, total);
        rz_after(h, p, 0, ev);
        return RZ_OK;
    }
}

RZ_ENTRY int rz_hand_apply(rz_hand *h, int kind, int64_t total, int alias, rz_events *ev)
{
    int64_t cbr;
    unsigned mask = rz_hand_options(h, &cbr);
    return rz_apply_known(h, kind, total, alias, ev, mask, cbr);
}

/* R20 at a manual showdown: seat s shows (show = 1) or mucks.  Only the seat
 * due to show may, unless the hand replays a history (any_order: real
 * histories table hands out of the showing order).  Returns RZ_OK or why
 * not (nothing changed). */
RZ_ENTRY int rz_hand_show(rz_hand *h, int s, int show, rz_events *ev)
{
    int i, in_order = 0;
    if (h->phase == RZ_OVER)
        return RZ_ERR_OVER;
    if (h->phase != RZ_SHOW || h->actor < 0)
        return RZ_ERR_NOT_SHOWDOWN;
    for (i = 0; i < h->nsd && i < RZ_SEATS; i++)
        in_order |= h->sd_order[i] == s;
    if (s < 0 || s >= RZ_N(h) || !in_order || (s != h->actor && !h->any_order))
        return RZ_ERR_TURN;
    if (h->shown[s] >= 0)
        return RZ_ERR_DECIDED;
    if (!show && !rz_may_muck(h, s))
        return RZ_ERR_NO_MUCK;
    rz_decide(h, s, show, ev);
    return RZ_OK;
}

/* Whether seat s may muck now (R20.3, R20.5). */
RZ_ENTRY int rz_hand_may_muck(const rz_hand *h, int s)
{
    return h->phase == RZ_SHOW && s >= 0 && s < RZ_N(h) && rz_may_muck(h, s);
}

/* The pots of the chips collected so far (the street's bets not yet in):
 * main pot first; returns how many (R16). */
RZ_ENTRY int rz_hand_pots(const rz_hand *h, rz_pot *pots)
{
    int64_t collected[RZ_SEATS];
    int s;
    for (s = 0; s < RZ_SEATS; s++)
        collected[s] = s < RZ_N(h) ? h->contrib[s] - h->bets[s] : 0;
    return rz_build_pots(collected, h->live, RZ_N(h), pots);
}

/* R6: the bring-in seat: the highest door card by rank, ties by suit
 * (bring_in_tiebreak "suit") or the first from the deal-start seat. */
RZ_INLINE int rz_bring_in_seat(const rz_hand *h)
{
    int i, s, b = -1, best = -1, v;
    for (i = 0; i < RZ_N(h); i++) {
        s = h->order[RZ_S(i)];
        if (!h->dealt[s])
            continue;
        v = rz_sk(h, h->up[s * 4]);
        if (!h->r.bring_suit)
            v >>= 2;
        if (v > best) {
            best = v;
            b = s;
        }
    }
    return b;
}

/* R23: absent players dealt in post the bring-in if it is theirs, then their
 * hands are killed.  Returns 1 if that settled the round. */
RZ_INLINE int rz_kill_absent(rz_hand *h, int b, rz_events *ev)
{
    int posted = b >= 0 && h->absent[RZ_S(b)] && h->stacks[RZ_S(b)] > 0, i, s;
    if (posted) {
        rz_begin_betting(h, b, RZ_BRING);
        rz_put(h, b, h->r.bring_in < h->stacks[b] ? h->r.bring_in : h->stacks[b]);
        h->high = h->r.bring_in;
        h->aggressor = b;
        h->phase = RZ_NORMAL;
        h->acted[b] = 1;
        h->last[b] = h->bets[b];
        rz_emit(ev, RZ_POST, b, 0, h->bets[b]);
    }
    for (i = 0; i < RZ_N(h); i++) {
        s = h->order[RZ_S(i)];
        if (h->absent[s]) {
            h->live[s] = 0;
            rz_emit(ev, RZ_FOLD, s, 0, 0);
        }
    }
    if (rz_live_count(h) == 1 || rz_active_count(h) < 2) {
        rz_end_round(h, ev);
        return 1;
    }
    if (posted) {
        rz_after(h, b, 0, ev);
        return 1;
    }
    return 0;
}

/* rz_hand_start's flags (described there). */
enum { RZ_START_MANUAL = 1, RZ_START_ANY_ORDER = 2 };

/* rz_hand_start (below) once the deck is known to be a permutation of 0..51 (one
 * rz_shuffle_deck made, in rz_play_hand). */
RZ_INLINE int rz_start_dealt(rz_hand *h, const rz_rules *rules, int n, const int64_t *stacks,
                             const uint8_t *absent, const uint8_t *deck, int64_t rake,
                             const int64_t *rake_pots, int flags, rz_events *ev)
{
    int i, s, k = 0, b, m = 0, ranked[RZ_SEATS];
    int64_t a;
    if (n < 2 || n > RZ_SEATS || rules->deal_start < 0 || rules->deal_start >= n)
        return -1;
    memset(h, 0, sizeof *h);
    h->r = *rules;
    h->n = n;
    for (i = 0; i < 52; i++)
        h->deck[i] = deck[i];
    for (i = 0; i < n; i++) {
        s = (rules->deal_start + i) % n;
        h->order[i] = (uint8_t)s;
        h->pos[s] = (uint8_t)i;
    }
    for (s = 0; s < n; s++) {
        int away = absent != NULL && absent[s];
        if (stacks[s] < 0)
            return -1;
        h->start[s] = h->stacks[s] = stacks[s];
        /* R3: seats with chips are dealt in; R23: absent seats only when the
         * rules deal them in (then their hands are killed) */
        h->dealt[s] = h->live[s] = stacks[s] > 0 && (!away || rules->deal_in_absent);
        h->absent[s] = h->dealt[s] && away;
        h->shown[s] = -1;
        m += h->dealt[s];
        k += h->dealt[s] && !away;
    }
    if (m < 2 || k < 1)
        return -1;
    h->m = m;
    h->manual = (flags & RZ_START_MANUAL) != 0;
    h->any_order = (flags & RZ_START_ANY_ORDER) != 0;
    h->rake = rake < 0 ? 0 : rake;
    if (rake_pots != NULL) {
        h->rake_split = 1;
        h->rake = 0;
        for (i = 0; i < RZ_SEATS; i++) {
            h->rake_pot[i] = rake_pots[i] < 0 ? 0 : rake_pots[i];
            h->rake += h->rake_pot[i];
        }
    }
    h->community = -1;
    h->actor = h->aggressor = h->first_actor = h->sixth_first = -1;
    rz_reset_round(h, 3);
    /* R3: antes (dead money); a short stack posts what it has */
    for (s = 0; s < n; s++)
        if (h->dealt[s]) {
            a = rules->ante < h->stacks[s] ? rules->ante : h->stacks[s];
            h->stacks[s] -= a;
            h->contrib[s] = a;
            if (a)
                rz_emit(ev, RZ_EV_ANTE, s, 0, a);
        }
    /* R4: seat k of the m dealt in gets deck positions k, k + m, k + 2m */
    k = 0;
    for (i = 0; i < n; i++) {
        s = h->order[i];
        if (!h->dealt[s])
            continue;
        h->cards[s * 7 + 0] = deck[k];
        h->cards[s * 7 + 1] = deck[k + m];
        h->cards[s * 7 + 2] = deck[k + 2 * m];
        h->up[s * 4] = deck[k + 2 * m];
        h->ncards[s] = 3;
        h->nup[s] = 1;
        rz_emit(ev, RZ_EV_DEAL3, s, 0, 0);
        k++;
    }
    h->dpos = 3 * m;
    b = rules->has_bring ? rz_bring_in_seat(h) : -1;
    for (s = 0; s < n; s++)
        if (h->absent[s]) {
            if (rz_kill_absent(h, b, ev))
                return 0;
            break;
        }
    if (rz_active_count(h) < 2) { /* R17: no betting at all */
        rz_end_round(h, ev);
        return 0;
    }
    if (b < 0) { /* R24: no bring-in: the best door opens */
        k = rz_ranked_live(h, ranked);
        rz_begin_betting(h, rz_first_actor_from(h, ranked, k), RZ_NORMAL);
    } else if (h->stacks[b] > 0) {
        rz_begin_betting(h, b, RZ_BRING);
    } else if (rules->forced_next) { /* R7: the bring-in owner is all-in */
        rz_begin_betting(h, rz_next_active(h, b), RZ_BRING);
    } else {
        rz_begin_betting(h, rz_next_active(h, b), RZ_OPEN);
    }
    return 0;
}

/* Start a hand: stacks[n] before the ante (0 = not dealt in, R3), absent[n]
 * flags of the seats sitting out (R23) or NULL, deck[52] top first, all
 * distinct, rake >= 0 (the most the house takes, main pot first) or, with
 * rake_pots[RZ_SEATS] (else NULL), each pot's rake (main pot first);
 * flags: RZ_START_MANUAL (the caller shows and mucks, rz_hand_show),
 * RZ_START_ANY_ORDER (and may do so out of turn: PHH replay); ev (or NULL)
 * receives what happened.
 * Antes (R3), the 3rd-street deal (R4: two down passes and an up pass over
 * the dealt-in seats from the deal-start seat), the bring-in (R6-R8).
 * Returns 0, or -1 for arguments the caller should have refused. */
RZ_ENTRY int rz_hand_start(rz_hand *h, const rz_rules *rules, int n, const int64_t *stacks,
                           const uint8_t *absent, const uint8_t *deck, int64_t rake,
                           const int64_t *rake_pots, int flags, rz_events *ev)
{
    int i;
    uint64_t seen = 0;
    for (i = 0; i < 52; i++) {
        if (deck[i] >= 52 || (seen >> deck[i] & 1u))
            return -1;
        seen |= (uint64_t)1 << deck[i];
    }
    return rz_start_dealt(h, rules, n, stacks, absent, deck, rake, rake_pots, flags, ev);
}

/* Net result of each seat once the hand is over. */
RZ_INLINE void rz_hand_payoffs(const rz_hand *h, int64_t *out)
{
    int s;
    for (s = 0; s < h->n && s < RZ_SEATS; s++)
        out[s] = h->stacks[s] - h->start[s];
}

/* ------------------------------------------------------------ playing a hand */

/* The generator: rz_rng (razz_rng.h), one stream per hand. */

/* A shuffled deck: Fisher-Yates over the first count positions (the cards a
 * hand of m players can use; the rest only matters when count covers it). */
RZ_INLINE void rz_shuffle_deck(rz_rng *g, uint8_t *deck, int count)
{
    int i, j;
    uint8_t t;
    for (i = 0; i < 52; i++)
        deck[i] = (uint8_t)i;
    if (count > 51)
        count = 51;
    for (i = 0; i < count; i++) {
        j = i + (int)rz_rng_below(g, (uint32_t)(52 - i));
        t = deck[i]; deck[i] = deck[j]; deck[j] = t;
    }
}

#include "razz_engine_players.h" /* the built-in policies */

/* A record of a played hand (rz_play_hand with a log): the deck it was
 * dealt from and each action's kind, with the street total of a raise. */
#define RZ_LOG_CAP 1024
typedef struct {
    uint8_t deck[52];
    int count;                  /* actions logged; -1 if more than RZ_LOG_CAP */
    uint8_t kind[RZ_LOG_CAP];
    int64_t total[RZ_LOG_CAP];
} rz_log;

/* Play one whole hand: shuffle with g, start, let the policies act until the
 * end; payoffs into out[n]; with log != NULL, record the deck and actions.
 * The caller validated rules and stacks. */
RZ_ENTRY int rz_play_hand(rz_hand *h, const rz_rules *rules, int n, const int64_t *stacks,
                          const int *policy, rz_rng *g, int64_t *out, rz_log *log)
{
    uint8_t deck[52];
    int s, m = 0, kind;
    unsigned mask;
    int64_t cbr;
    for (s = 0; s < n; s++)
        m += stacks[s] > 0;
    rz_shuffle_deck(g, deck, 7 * m + 5);
    if (rz_start_dealt(h, rules, n, stacks, NULL, deck, 0, NULL, 0, NULL) != 0)
        return -1;
    if (log != NULL) {
        memcpy(log->deck, deck, 52);
        log->count = 0;
    }
    while (h->actor >= 0 && h->phase < RZ_SHOW) {
        mask = rz_hand_options(h, &cbr);
        kind = rz_policy_decide(h, policy[RZ_S(h->actor)], g, mask);
        if (log != NULL && log->count >= 0) {
            if (log->count < RZ_LOG_CAP) {
                log->kind[log->count] = (uint8_t)kind;
                log->total[log->count] = kind == RZ_RAISE ? cbr : 0;
                log->count++;
            } else {
                log->count = -1;
            }
        }
        if (rz_apply_known(h, kind, 0, 0, NULL, mask, cbr) != RZ_OK)
            return -1;
    }
    rz_hand_payoffs(h, out);
    return 0;
}

#endif /* RAZZ_ENGINE_H */
