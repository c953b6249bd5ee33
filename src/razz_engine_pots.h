/*
 * razz_engine_pots.h - the pots, the showdown and the awards of a razz
 * hand (C99, header only).
 *
 * The pots from the contributions (R16), the rake, the last player standing
 * (R17), the showing order, shows and mucks (R20) and the awards with their
 * odd chips (R21).  Part of the state machine (razz_engine.h), whose entry
 * points rz_hand_show, rz_hand_may_muck and rz_hand_pots read them.  The
 * showdown calls the evaluator kernel (razz_eval.h).
 */
#ifndef RAZZ_ENGINE_POTS_H
#define RAZZ_ENGINE_POTS_H

#include <stdint.h>
#include <string.h>
#include "razz_eval.h"
#include "razz_engine_state.h"
#include "razz_engine_seats.h"

/* ------------------------------------------------------------ pots, awards */

/* R16: main pot first, then the side pots, from the contributions. */
RZ_INLINE int rz_build_pots(const int64_t *totals, const uint8_t *live, int n, rz_pot *pots)
{
    int64_t levels[RZ_SEATS], prev = 0, top, amount, c, t;
    int nl = 0, i, j, s, np = 0, dup;
    uint32_t elig;
    for (s = 0; s < n && s < RZ_SEATS; s++) {
        if (!live[s])
            continue;
        dup = 0;
        for (j = 0; j < nl; j++)
            dup |= levels[j] == totals[s];
        if (!dup)
            levels[nl++] = totals[s];
    }
    for (i = 1; i < nl; i++)
        for (j = i; j > 0 && levels[j] < levels[j - 1]; j--) {
            t = levels[j]; levels[j] = levels[j - 1]; levels[j - 1] = t;
        }
    for (i = 0; i < nl; i++) {
        top = levels[i];
        amount = 0;
        for (s = 0; s < n && s < RZ_SEATS; s++) {
            c = totals[s];
            if (c > prev)
                amount += ((i == nl - 1 || c < top) ? c : top) - prev;
        }
        elig = 0;
        for (s = 0; s < n && s < RZ_SEATS; s++)
            if (live[s] && totals[s] >= top)
                elig |= 1u << s;
        if (amount > 0) {
            if (np > 0 && pots[np - 1].eligible == elig) {
                pots[np - 1].amount += amount;
            } else if (np < RZ_SEATS) {
                pots[np].amount = amount;
                pots[np].eligible = elig;
                np++;
            }
        }
        prev = top;
    }
    return np;
}

RZ_INLINE void rz_finish(rz_hand *h)
{
    h->phase = RZ_OVER;
    h->actor = -1;
}

/* The house's rake from pot number pot (0: the main pot) holding amount:
 * the pots are raked in order, main pot first, never more than they hold -
 * up to the rake left, or (rake_split) up to the pot's own rake. */
RZ_INLINE int64_t rz_take_rake(rz_hand *h, int64_t amount, int pot)
{
    int64_t left = h->rake - h->raked, take;
    if (h->rake_split && h->rake_pot[RZ_S(pot)] < left)
        left = h->rake_pot[RZ_S(pot)];
    take = amount < left ? amount : left;
    h->raked += take;
    return amount - take;
}

RZ_INLINE void rz_push(rz_hand *h, int s, int64_t amount, int pot, rz_events *ev)
{
    h->stacks[RZ_S(s)] += amount;
    h->won[RZ_S(s)] += amount;
    rz_emit(ev, RZ_EV_AWARD, s, pot, amount);
}

/* R17: one live player left: he takes every chip without showing. */
RZ_INLINE void rz_finish_uncontested(rz_hand *h, rz_events *ev)
{
    int s, winner = 0;
    int64_t total = 0;
    for (s = 0; s < RZ_N(h); s++) {
        total += h->contrib[s];
        if (h->live[s])
            winner = s;
    }
    h->npots = 1;
    h->pots[0].amount = total;
    h->pots[0].eligible = 1u << winner;
    total = rz_take_rake(h, total, 0);
    if (total)
        rz_push(h, winner, total, 0, ev);
    rz_finish(h);
}

/* The five cards of the best low in reading order (paired ranks first, then
 * highest first), the highest card code of each rank (as the Python
 * evaluator.best_five), mapped to suit-keyed codes and sorted high first. */
RZ_INLINE void rz_five_keyed(const rz_hand *h, const uint8_t *cards, int k, uint16_t rank,
                          int *out)
{
    const uint8_t *want = RZ_CLASS_RANKS + 5 * (rank <= RZ_NUM_CLASSES ? rank : 0);
    int grouped[5], cnt[13], used[8], i, j, g, r, best, t, ng = 0;
    memset(cnt, 0, sizeof cnt);
    memset(used, 0, sizeof used);
    for (i = 0; i < 5; i++)
        cnt[want[i] % 13]++;
    for (g = 4; g >= 1; g--)
        for (r = 12; r >= 0; r--)
            if (cnt[r] == g)
                for (i = 0; i < g && ng < 5; i++)
                    grouped[ng++] = r;
    for (i = 0; i < 5; i++) {
        best = -1;
        for (j = 0; j < k && j < 8; j++)
            if (!used[j] && (cards[j] & 63) >> 2 == grouped[i] &&
                (best < 0 || cards[j] > cards[best]))
                best = j;
        if (best >= 0) {
            used[best] = 1;
            out[i] = rz_sk(h, cards[best]);
        } else {
            out[i] = 0;
        }
    }
    for (i = 1; i < 5; i++)
        for (j = i; j > 0 && out[j] > out[j - 1]; j--) {
            t = out[j]; out[j] = out[j - 1]; out[j - 1] = t;
        }
}

/* A seat's cards with the community card (R18), into out[8]; returns how many. */
RZ_INLINE int rz_all_cards(const rz_hand *h, int s, uint8_t *out)
{
    int k = h->ncards[RZ_S(s)], i;
    if (k > 7)
        k = 7;
    for (i = 0; i < k; i++)
        out[i] = h->cards[RZ_S(s) * 7 + i];
    if (h->community >= 0)
        out[k++] = (uint8_t)h->community;
    return k;
}

/* R21: order tied winners (in seat order) for the odd chips. */
RZ_INLINE void rz_odd_chip_order(const rz_hand *h, int *w, int k)
{
    int key[RZ_SEATS][8], len[RZ_SEATS], i, j, a, t, c, cmp, tmp[8];
    uint8_t cards[8];
    if (h->r.odd_chip == RZ_ODD_POSITION) {
        for (i = 1; i < k; i++)
            for (j = i; j > 0 && h->pos[RZ_S(w[j])] < h->pos[RZ_S(w[j - 1])]; j--) {
                t = w[j]; w[j] = w[j - 1]; w[j - 1] = t;
            }
        return;
    }
    for (i = 0; i < k; i++) {
        c = rz_all_cards(h, w[i], cards);
        if (h->r.odd_chip == RZ_ODD_HIGH_CARD) {
            /* highest card of the five by suit first, compared as a list */
            rz_five_keyed(h, cards, c, h->rank[RZ_S(w[i])], key[i]);
            len[i] = 5;
        } else {
            /* lowest card of all the cards first: the negated ascending list */
            for (a = 0; a < c; a++)
                tmp[a] = rz_sk(h, cards[a]);
            for (a = 1; a < c; a++)
                for (j = a; j > 0 && tmp[j] < tmp[j - 1]; j--) {
                    t = tmp[j]; tmp[j] = tmp[j - 1]; tmp[j - 1] = t;
                }
            for (a = 0; a < c; a++)
                key[i][a] = -tmp[a];
            len[i] = c;
        }
    }
    /* stable insertion sort, larger key first (list comparison) */
    for (i = 1; i < k; i++) {
        for (j = i; j > 0; j--) {
            cmp = 0;
            for (a = 0; a < len[j] && a < len[j - 1]; a++)
                if (key[j][a] != key[j - 1][a]) {
                    cmp = key[j][a] > key[j - 1][a] ? 1 : -1;
                    break;
                }
            if (cmp == 0)
                cmp = len[j] > len[j - 1] ? 1 : 0;
            if (cmp <= 0)
                break;
            t = w[j]; w[j] = w[j - 1]; w[j - 1] = t;
            t = len[j]; len[j] = len[j - 1]; len[j - 1] = t;
            for (a = 0; a < 8; a++) {
                t = key[j][a]; key[j][a] = key[j - 1][a]; key[j - 1][a] = t;
            }
        }
    }
}

/* R16, R21: award each pot (side pots first) to the best shown hands among
 * its eligible seats, odd chips by odd_chip_rule; the rake first. */
RZ_INLINE void rz_award(rz_hand *h, rz_events *ev)
{
    int64_t amounts[RZ_SEATS], share, rest, amount;
    int i, s, k, best, w[RZ_SEATS];
    for (i = 0; i < h->npots && i < RZ_SEATS; i++)
        amounts[i] = rz_take_rake(h, h->pots[i].amount, i);
    for (i = h->npots - 1; i >= 0; i--) {
        amount = amounts[RZ_S(i)];
        if (!amount)
            continue;
        best = 1 << 30;
        for (s = 0; s < RZ_N(h); s++)
            if ((h->pots[RZ_S(i)].eligible >> s & 1u) && h->shown[s] != 0 && h->rank[s] < best)
                best = h->rank[s];
        k = 0;
        for (s = 0; s < RZ_N(h); s++)
            if ((h->pots[RZ_S(i)].eligible >> s & 1u) && h->shown[s] != 0 && h->rank[s] == best)
                w[k++] = s;
        if (k == 0)
            continue;
        share = amount / k;
        rest = amount % k;
        if (k > 1 && rest)
            rz_odd_chip_order(h, w, k);
        for (s = 0; s < k; s++)
            rz_push(h, w[s], share + (s < rest ? 1 : 0), i, ev);
    }
    rz_finish(h);
}

/* R20.3: whether every hand is tabled face up. */
RZ_INLINE int rz_forced_face_up(const rz_hand *h)
{
    int s;
    if (h->r.reveal_all || !h->r.losers_may_muck)
        return 1;
    if (h->r.face_up_all_in)
        for (s = 0; s < RZ_N(h); s++)
            if (h->live[s] && h->stacks[s] == 0)
                return 1;
    return 0;
}

/* R20.3, R20.5: whether seat s may muck now. */
RZ_INLINE int rz_may_muck(const rz_hand *h, int s)
{
    int i, q, any_shown = 0, alone;
    for (q = 0; q < RZ_N(h); q++)
        any_shown |= h->shown[q] == 1;
    if (h->nsd > 0 && s == h->sd_order[0])
        return 0;
    if (!any_shown || rz_forced_face_up(h))
        return 0;
    for (i = 0; i < h->npots && i < RZ_SEATS; i++) {
        if (!(h->pots[i].eligible >> RZ_S(s) & 1u))
            continue;
        alone = 1;
        for (q = 0; q < RZ_N(h); q++)
            if (q != s && (h->pots[i].eligible >> q & 1u) && h->shown[q] != 0)
                alone = 0;
        if (alone)
            return 0; /* the last hand left in a pot wins it */
    }
    return 1;
}

/* Whether s could still win some pot against the hands shown so far. */
RZ_INLINE int rz_can_still_win(const rz_hand *h, int s)
{
    int i, q, best, any;
    for (i = 0; i < h->npots && i < RZ_SEATS; i++) {
        if (!(h->pots[i].eligible >> RZ_S(s) & 1u))
            continue;
        any = 0;
        best = 1 << 30;
        for (q = 0; q < RZ_N(h); q++)
            if ((h->pots[i].eligible >> q & 1u) && h->shown[q] == 1) {
                any = 1;
                if (h->rank[q] < best)
                    best = h->rank[q];
            }
        if (!any || h->rank[RZ_S(s)] <= best)
            return 1;
    }
    return 0;
}

/* R20.1: the first to show: the last aggressor of the last betting round; if
 * it was checked through, its first actor (showdown_order
 * "last_aggressor_else_first_actor") or the first live seat from the
 * deal-start seat ("deal_start_seat"). */
RZ_INLINE int rz_first_shower(const rz_hand *h)
{
    int ranked[RZ_SEATS], k, first, i;
    if (h->aggressor >= 0 && h->live[RZ_S(h->aggressor)])
        return h->aggressor;
    if (!h->r.showdown_aggressor) {
        for (i = 0; i < RZ_N(h); i++)
            if (h->live[h->order[RZ_S(i)]])
                return h->order[RZ_S(i)];
        return 0;
    }
    if (h->round_street == h->street && h->first_actor >= 0 &&
        h->live[RZ_S(h->first_actor)])
        return h->first_actor;
    k = rz_ranked_live(h, ranked);
    first = rz_first_actor_from(h, ranked, k);
    return first >= 0 ? first : k > 0 ? ranked[0] : 0;
}

/* R20: show (show = 1) or muck seat s's hand; the showdown's next seat is
 * the first one still to decide, and once every seat has, the pots are
 * awarded. */
RZ_INLINE void rz_decide(rz_hand *h, int s, int show, rz_events *ev)
{
    int i;
    h->shown[RZ_S(s)] = (int8_t)(show != 0);
    if (show)
        h->exposed[RZ_S(s)] = 1;
    rz_emit(ev, show ? RZ_EV_SHOW : RZ_EV_MUCK, s, 0, 0);
    for (i = 0; i < h->nsd && i < RZ_SEATS; i++)
        if (h->shown[RZ_S(h->sd_order[i])] < 0) {
            h->actor = h->sd_order[i];
            return;
        }
    h->actor = -1;
    rz_award(h, ev);
}

/* R20: build the pots, rank the hands, set the showing order (clockwise from
 * the first shower, contestants of more pots first), then (unless the
 * caller decides, manual) show or muck each hand in turn: a hand is shown
 * when it must be or can still win.  Then award. */
RZ_ENTRY void rz_showdown(rz_hand *h, rz_events *ev)
{
    int s, i, j, k = 0, t, first, cnt[RZ_SEATS], seat[RZ_SEATS];
    uint8_t cards[8];
    h->phase = RZ_SHOW;
    h->npots = rz_build_pots(h->contrib, h->live, h->n, h->pots);
    for (s = 0; s < RZ_N(h); s++) {
        h->shown[s] = -1;
        if (h->live[s]) {
            int c = rz_all_cards(h, s, cards);
            h->rank[s] = rz_eval_n(cards, c);
        }
    }
    first = rz_first_shower(h);
    for (i = 0; i < RZ_N(h); i++) {
        s = rz_cw(h, first, i); /* i = 0: first itself */
        if (i == 0)
            s = first;
        if (!h->live[RZ_S(s)])
            continue;
        cnt[k] = 0;
        for (j = 0; j < h->npots && j < RZ_SEATS; j++)
            cnt[k] += (int)(h->pots[j].eligible >> RZ_S(s) & 1u);
        seat[k++] = s;
    }
    for (i = 1; i < k; i++)
        for (j = i; j > 0 && cnt[j] > cnt[j - 1]; j--) {
            t = cnt[j]; cnt[j] = cnt[j - 1]; cnt[j - 1] = t;
            t = seat[j]; seat[j] = seat[j - 1]; seat[j - 1] = t;
        }
    if (k > RZ_SEATS)
        k = RZ_SEATS;
    h->nsd = k;
    for (i = 0; i < k; i++)
        h->sd_order[i] = (uint8_t)seat[i];
    h->actor = k > 0 ? seat[0] : -1;
    if (k == 0) {
        rz_award(h, ev);
        return;
    }
    if (h->manual)
        return;
    for (i = 0; i < k; i++) {
        s = seat[i];
        rz_decide(h, s, !rz_may_muck(h, s) || rz_can_still_win(h, s), ev);
    }
}

#endif /* RAZZ_ENGINE_POTS_H */
