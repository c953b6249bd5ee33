/*
 * razz_pokerstars_replay.h - what rz_ps_read (razz_pokerstars.h) read,
 * checked and played on the engine (razz_engine.h) with each action's chips
 * compared with its line, the money checked pot by pot, and the PHH actions
 * written.  The checks run in this order, each reporting the first problem
 * it finds (ps->err): rz_ps_check (door cards, players dealt in, antes),
 * rz_ps_prepare (shown cards, the deck), rz_ps_replay (the actions, then
 * the problems kept while reading, the totals, the pots, the final stacks,
 * the summary seat lines).
 */
#ifndef RAZZ_POKERSTARS_REPLAY_H
#define RAZZ_POKERSTARS_REPLAY_H

#include "razz_pokerstars.h"
#include "razz_tally.h"

typedef struct {
    char *s;
    int64_t len, cap;
} rz_ps_out;

static void rz_ps_put(rz_ps_out *o, const char *text, int64_t n)
{
    if (o->len + n > o->cap) {
        o->len = o->cap + 1; /* overflowed: reported once the replay ends */
        return;
    }
    memcpy(o->s + o->len, text, (size_t)n);
    o->len += n;
}

static void rz_ps_put_int(rz_ps_out *o, int64_t v)
{
    char digits[24];
    int k = 24;
    do {
        digits[--k] = (char)('0' + v % 10);
        v /= 10;
    } while (v > 0 && k > 0);
    rz_ps_put(o, digits + k, 24 - k);
}

/* "pN " or "d dh pN " opening an action line. */
static void rz_ps_put_seat(rz_ps_out *o, int dealer, int p)
{
    if (o->len > 0)
        rz_ps_put(o, "\n", 1);
    if (dealer)
        rz_ps_put(o, "d dh ", 5);
    rz_ps_put(o, "p", 1);
    rz_ps_put_int(o, p + 1);
    rz_ps_put(o, " ", 1);
}

static void rz_ps_put_cards(rz_ps_out *o, const uint8_t *cards, int count)
{
    static const char ranks[] = "A23456789TJQK", suits[] = "cdhs";
    char two[2];
    int k;
    for (k = 0; k < count; k++) {
        if (cards[k] >= 52) {
            rz_ps_put(o, "??", 2);
        } else {
            two[0] = ranks[cards[k] >> 2];
            two[1] = suits[cards[k] & 3];
            rz_ps_put(o, two, 2);
        }
    }
}

RZ_INLINE int rz_ps_holds(const uint8_t *cards, int count, int c)
{
    int k;
    for (k = 0; k < count; k++)
        if (cards[k] == c)
            return 1;
    return 0;
}

/* After rz_ps_read: the seats dealt in (a seat with no door card is an
 * error, or in a game without antes a seat waiting for the next hand), at
 * least two of them, each posting the table's ante; the bring-ins to try
 * when no whole one was posted.  0, or the error code. */
RZ_ENTRY int rz_ps_check(rz_ps *ps)
{
    int64_t ante = 0, least, first, smaller;
    int p, k, j, posted = 0, dealt = 0;
    for (p = 0; p < ps->n; p++) {
        if (ps->antes[p] > ante)
            ante = ps->antes[p];
        posted |= ps->ante_line[p] >= 0;
    }
    for (p = 0; p < ps->n; p++) {
        if (!ps->dealt[p] || ps->known[p][2] != RZ_PS_NONE)
            continue;
        if (posted || ps->street_line[3] < 0) {
            ps->line = ps->street_line[3] >= 0 ? ps->street_line[3] : ps->last_line;
            return rz_ps_fail(ps, RZ_PSE_no_door, p, 0, 0, 0);
        }
        ps->dealt[p] = 0; /* no antes in this game: a seat waiting for the next hand */
        for (k = 3; k < 8; k++) {
            for (j = 0; j < ps->nrecv[k] && ps->recv[k][j] != p; j++)
                ;
            if (j == ps->nrecv[k])
                continue;
            memmove(&ps->recv[k][j], &ps->recv[k][j + 1], (size_t)(ps->nrecv[k] - j - 1));
            ps->nrecv[k]--;
        }
    }
    for (p = 0; p < ps->n; p++)
        dealt += ps->dealt[p];
    if (dealt < 2) {
        ps->line = 1;
        return rz_ps_fail(ps, RZ_PSE_fewer, 0, 0, 0, 0);
    }
    for (p = 0; p < ps->n; p++)
        if (ps->dealt[p] && ps->antes[p] != (ante < ps->stacks[p] ? ante : ps->stacks[p])) {
            ps->line = ps->ante_line[p] > 1 ? ps->ante_line[p] : 1;
            return rz_ps_fail(ps, RZ_PSE_ante, ante, ps->antes[p], 0, 0);
        }
    ps->ndealt = dealt;
    ps->ante = ante;
    ps->nbring = 0;
    if (ps->bring_in < 0) { /* no whole bring-in posted: the ones to try, in order */
        least = ps->short_bring_in > ps->short_calls ? ps->short_bring_in : ps->short_calls;
        first = least > ps->small / 2 ? least : ps->small / 2;
        least = least > 1 ? least : 1;
        ps->bring[ps->nbring++] = first;
        for (k = 0; k < 5; k++) { /* a third, a quarter, a fifth, a tenth, the least */
            smaller = k == 4 ? least : ps->small / (k == 3 ? 10 : k + 3);
            for (j = 0; j < ps->nbring && ps->bring[j] != smaller; j++)
                ;
            if (j == ps->nbring && least <= smaller && smaller < first)
                ps->bring[ps->nbring++] = smaller;
        }
        for (k = 2; k < ps->nbring; k++) /* largest first (the first stays first) */
            for (j = k; j > 1 && ps->bring[j] > ps->bring[j - 1]; j--) {
                smaller = ps->bring[j];
                ps->bring[j] = ps->bring[j - 1];
                ps->bring[j - 1] = smaller;
            }
        ps->bring_in = first;
    }
    return 0;
}

/* The shown cards take the seat's unknown slots (a 7-card show), in the
 * order of the show lines; every shown card is the player's own. */
static int rz_ps_fill_shown(rz_ps *ps)
{
    int p, k, j, next, order[RZ_SEATS], count = 0, q;
    uint8_t extra[7];
    for (p = 0; p < ps->n; p++)
        if (ps->show_line[p] >= 0) {
            for (j = count++; j > 0 && ps->show_line[order[j - 1]] > ps->show_line[p]; j--)
                order[j] = order[j - 1];
            order[j] = p;
        }
    for (q = 0; q < count; q++) {
        p = order[q];
        if (ps->nshown[p] != 7)
            continue; /* a partial show (the hand was not contested) */
        ps->line = ps->show_line[p];
        for (k = 0; k < 7; k++)
            if (ps->known[p][k] != RZ_PS_NONE && ps->known[p][k] != ps->shown[p][k] &&
                !rz_ps_holds(ps->shown[p], 7, ps->known[p][k])) {
                rz_ps_fail(ps, RZ_PSE_shows_dealt, ps->shown[p][0], ps->shown[p][1],
                           ps->shown[p][2], ps->shown[p][3]);
                for (j = 4; j < 7; j++)
                    ps->err.v[j] = ps->shown[p][j];
                ps->err.v[7] = ps->known[p][k];
                return ps->err.code;
            }
        for (next = 0, k = 0; k < 7; k++)
            if (!rz_ps_holds(ps->known[p], 7, ps->shown[p][k]))
                extra[next++] = ps->shown[p][k];
        for (k = 0, j = 0; k < 7 && j < next; k++) {
            if (ps->known[p][k] != RZ_PS_NONE)
                continue;
            if (rz_ps_take(ps, extra[j]))
                return ps->err.code;
            ps->known[p][k] = extra[j++];
        }
    }
    for (q = 0; q < count; q++) {
        p = order[q];
        ps->line = ps->show_line[p];
        for (k = 0; k < ps->nshown[p] && k < 52; k++)
            if (!rz_ps_holds(ps->known[p], 7, ps->shown[p][k]) &&
                (ps->used >> (ps->shown[p][k] & 63) & 1))
                return rz_ps_fail(ps, RZ_PSE_others_card, ps->shown[p][k], 0, 0, 0);
    }
    return 0;
}

/* The deck the engine deals from: the text's cards where it deals them,
 * unused cards (lowest first) where nobody saw one, then the rest. */
static int rz_ps_deck(rz_ps *ps, uint8_t *deck)
{
    int slots = 0, k, p, street, i, c = 0;
    uint8_t laid[64];
    for (k = 0; k < 3; k++)
        for (p = 0; p < ps->n; p++)
            if (ps->dealt[p])
                laid[slots++] = ps->known[p][k];
    for (street = 4; street <= 7; street++) {
        for (i = 0; i < ps->nrecv[street]; i++) {
            p = ps->recv[street][i];
            if (street < 7 && ps->seen[p][street - 1] == RZ_PS_NONE) {
                ps->line = ps->street_line[street];
                return rz_ps_fail(ps, RZ_PSE_no_dealt_line, p, 0, 0, 0);
            }
        }
        for (i = 0; i < ps->nrecv[street]; i++)
            if (slots < 64)
                laid[slots++] = ps->known[ps->recv[street][i]][street - 1];
    }
    if (slots > 52) {
        ps->line = ps->street_line[7];
        return rz_ps_fail(ps, RZ_PSE_deck_runs_out, 0, 0, 0, 0);
    }
    for (i = 0; i < slots; i++) {
        if (laid[i] == RZ_PS_NONE) {
            while (c < 52 && (ps->used >> c & 1))
                c++;
            if (c >= 52) {
                ps->line = ps->street_line[7] >= 0 ? ps->street_line[7] : ps->last_line;
                return rz_ps_fail(ps, RZ_PSE_deck_runs_out, 0, 0, 0, 0);
            }
            ps->used |= (uint64_t)1 << c;
            laid[i] = (uint8_t)c;
        }
        deck[i] = laid[i];
    }
    for (c = 0; c < 52; c++) /* the unused cards, then those the text names nowhere dealt */
        if (!(ps->used >> c & 1))
            deck[slots++] = (uint8_t)c;
    for (c = 0; c < 52 && slots < 52; c++) {
        for (i = 0; i < slots && deck[i] != c; i++)
            ;
        if (i == slots)
            deck[slots++] = (uint8_t)c;
    }
    return 0;
}

/* After rz_ps_check: the shown cards filled in, the deck laid out, the
 * absent seats and the stacks the money lines give: 0, or the error code. */
RZ_ENTRY int rz_ps_prepare(rz_ps *ps)
{
    int p;
    if (rz_ps_fill_shown(ps) || rz_ps_deck(ps, ps->deck))
        return ps->err.code;
    for (p = 0; p < ps->n; p++) {
        ps->absent[p] = !ps->dealt[p] && ps->stacks[p] > 0;
        ps->expected[p] = ps->stacks[p] - ps->put[p] + ps->back[p] + ps->won[p];
    }
    return 0;
}

typedef struct {
    int64_t paid[RZ_SEATS][RZ_SEATS]; /* what the engine paid, pot by seat */
    int awards, side;                  /* award events; one from a side pot */
    int64_t prefix;                    /* the actions written before a refusal */
} rz_ps_play_out;

static void rz_ps_awards(const rz_events *ev, rz_ps_play_out *po)
{
    int i;
    for (i = 0; i < ev->count && i < RZ_EV_MAX; i++)
        if (ev->kind[i] == RZ_EV_AWARD && ev->card[i] < RZ_SEATS && ev->seat[i] < RZ_SEATS) {
            po->paid[ev->card[i]][ev->seat[i]] += ev->value[i];
            po->awards++;
            po->side |= ev->card[i] != 0;
        }
}

/* The engine refused an action (its code, seat, amount), at the line. */
static int rz_ps_refused(rz_ps *ps, rz_ps_play_out *po, const rz_ps_out *o, int64_t line,
                         int code, int p, int64_t amount)
{
    ps->line = line;
    po->prefix = o->len;
    return rz_ps_fail(ps, RZ_PSE_refused, code, p, amount, 0);
}

/* Play the events on h (started with the deck, and the rake pot by pot
 * when rake_pots is not NULL), writing the PHH actions to o and what the
 * engine paid to po, and feeding what the engine did to tally (when not
 * NULL): 0, or the error code. */
static int rz_ps_play(rz_ps *ps, const rz_rules *rules, rz_hand *h, const int64_t *rake_pots,
                      rz_ps_out *o, rz_ps_play_out *po, rz_tally *tally)
{
    int64_t cbr, before, want, back, line;
    rz_events ev;
    rz_ps_event *e;
    int i, k, p, code, guard, show;
    o->len = 0;
    memset(po, 0, sizeof *po);
    ev.count = 0;
    if (rz_hand_start(h, rules, ps->n, ps->stacks, ps->absent, ps->deck, ps->rake, rake_pots, 3,
                      &ev)) {
        ps->line = 2;
        return rz_ps_fail(ps, RZ_PSE_start, rake_pots != NULL, 0, 0, 0);
    }
    rz_ps_awards(&ev, po);
    if (tally != NULL) {
        rz_tally_start(tally, ps->n, ps->stacks, h->dealt, ps->absent);
        rz_tally_events(tally, &ev);
    }
    for (i = 0; i < ps->nev; i++) {
        e = &ps->ev[i];
        ps->line = e->line;
        if (e->code == RZ_PS_DEAL) {
            k = e->p;
            if (k > 3 && (h->street < k || h->phase == RZ_OVER))
                return rz_ps_fail(ps, RZ_PSE_not_dealing, k, h->street, h->phase == RZ_OVER, 0);
            if (k == 7 && h->community >= 0)
                return rz_ps_fail(ps, RZ_PSE_community, 0, 0, 0, 0);
            if (k == 3) {
                for (p = 0; p < ps->n; p++)
                    if (ps->dealt[p]) {
                        rz_ps_put_seat(o, 1, p);
                        rz_ps_put_cards(o, ps->seen[p], 3);
                    }
            } else {
                for (p = 0; p < ps->nrecv[k]; p++) {
                    rz_ps_put_seat(o, 1, ps->recv[k][p]);
                    rz_ps_put_cards(o, &ps->seen[ps->recv[k][p] & 7][k - 1], 1);
                }
            }
            continue;
        }
        p = e->p & 7;
        if (h->actor >= 0 && h->phase < RZ_SHOW && h->street != e->street)
            return rz_ps_fail(ps, RZ_PSE_street, h->street, e->street, 0, 0);
        if (h->actor != p) {
            if (h->actor < 0)
                return rz_ps_fail(ps, RZ_PSE_over, 0, 0, 0, 0);
            return rz_ps_fail(ps, e->code == RZ_PS_PB ? RZ_PSE_brings_in : RZ_PSE_turn,
                              e->code == RZ_PS_PB ? p : h->actor,
                              e->code == RZ_PS_PB ? h->actor : p, 0, 0);
        }
        before = h->stacks[p];
        want = e->code == RZ_PS_CBR ? e->amount - h->bets[p] : e->amount;
        ev.count = 0;
        if (e->code == RZ_PS_CBR) {
            rz_hand_options(h, &cbr);
            if (e->amount == cbr || cbr == 0)
                code = rz_hand_apply(h, RZ_RAISE, 0, 0, &ev);
            else
                code = rz_hand_apply(h, RZ_RAISE, e->amount, 1, &ev);
        } else {
            code = rz_hand_apply(h, e->code == RZ_PS_F ? RZ_FOLD
                                    : e->code == RZ_PS_PB ? RZ_POST
                                                          : RZ_CALL,
                                 0, 0, &ev);
        }
        if (code)
            return rz_ps_refused(ps, po, o, e->line, e->code, p, e->amount);
        rz_ps_awards(&ev, po);
        if (tally != NULL)
            rz_tally_events(tally, &ev);
        /* the part of p's wager nobody called, returned as the round ends
         * (its own "Uncalled bet" line): not what the action puts in */
        for (back = 0, k = 0; k < ev.count && k < RZ_EV_MAX; k++)
            if (ev.kind[k] == RZ_EV_RETURN && ev.seat[k] == p)
                back += ev.value[k];
        if (before - h->stacks[p] + back != want)
            return rz_ps_fail(ps, RZ_PSE_puts_in, before - h->stacks[p] + back, want, 0, 0);
        if (e->allin && h->stacks[p] != back)
            return rz_ps_fail(ps, RZ_PSE_not_allin, 0, 0, 0, 0);
        rz_ps_put_seat(o, 0, p);
        if (e->code == RZ_PS_F) {
            rz_ps_put(o, "f", 1);
        } else if (e->code == RZ_PS_CC) {
            rz_ps_put(o, "cc", 2);
        } else if (e->code == RZ_PS_PB) {
            rz_ps_put(o, "pb", 2);
        } else {
            rz_ps_put(o, "cbr ", 4);
            rz_ps_put_int(o, e->amount);
        }
    }
    for (guard = 0; h->actor >= 0 && h->phase == RZ_SHOW && guard < 2 * RZ_SEATS; guard++) {
        p = h->actor & 7;
        show = 1;
        if (ps->nshown[p] != 7 && ps->muck_line[p] >= 0) {
            show = 0;
        } else if (ps->nshown[p] != 7) {
            for (k = 0; k < 7; k++)
                if (ps->known[p][k] == RZ_PS_NONE) {
                    ps->line = ps->total_at;
                    return rz_ps_fail(ps, RZ_PSE_no_show, p, 0, 0, 0);
                }
        }
        ev.count = 0;
        if (rz_hand_show(h, p, show, &ev)) {
            line = ps->show_line[p] >= 0   ? ps->show_line[p]
                   : ps->muck_line[p] >= 0 ? ps->muck_line[p]
                                           : ps->last_line;
            return rz_ps_refused(ps, po, o, line, show ? 10 : 11, p, 0);
        }
        rz_ps_awards(&ev, po);
        if (tally != NULL)
            rz_tally_events(tally, &ev);
        rz_ps_put_seat(o, 0, p);
        rz_ps_put(o, show ? "sm " : "sm", show ? 3 : 2);
        if (show)
            rz_ps_put_cards(o, ps->nshown[p] == 7 ? ps->shown[p] : ps->known[p], 7);
    }
    if (h->phase != RZ_OVER) {
        ps->line = ps->last_line;
        return rz_ps_fail(ps, RZ_PSE_unfinished, 0, 0, 0, 0);
    }
    if (o->len > o->cap) {
        ps->line = ps->last_line;
        return rz_ps_fail(ps, RZ_PSE_too_many_actions, RZ_PS_EVENTS, 0, 0, 0);
    }
    return 0;
}

/* Each pot's rake (main pot first) as the collected lines say the house
 * took it, to split[0:count], when that is not the engine's way (main pot
 * first, then each side pot): 1; else 0 (also when the collected lines do
 * not fit the engine's pots: rz_ps_pots says how). */
static int rz_ps_rake_split(const rz_ps *ps, const rz_hand *h, const rz_ps_play_out *po,
                            int64_t *split)
{
    rz_pot pots[RZ_SEATS];
    int64_t per_pot[RZ_SEATS], sum = 0, ours;
    int count = rz_hand_pots(h, pots), i, k, p, differs = 0;
    if (count < 2 || count > RZ_SEATS || !ps->rake)
        return 0;
    memset(per_pot, 0, sizeof per_pot);
    for (i = 0; i < ps->ncol; i++) {
        if (ps->col[i].pot < 0 || ps->col[i].pot >= count)
            return 0;
        per_pot[ps->col[i].pot] += ps->col[i].amount;
    }
    memset(split, 0, sizeof(int64_t) * RZ_SEATS);
    for (k = 0; k < count; k++) {
        split[k] = pots[k].amount - per_pot[k];
        if (split[k] < 0)
            return 0;
        sum += split[k];
        for (ours = pots[k].amount, p = 0; p < RZ_SEATS; p++)
            ours -= po->paid[k][p];
        differs |= ours != split[k];
    }
    return sum == ps->rake && differs;
}

/* The collected lines pot by pot, and the total line's pots, against the
 * pots the engine made and what it paid from each. */
static int rz_ps_pots(rz_ps *ps, const rz_hand *h, const rz_ps_play_out *po, int final_ok)
{
    rz_pot pots[RZ_SEATS];
    int64_t said[RZ_SEATS][RZ_SEATS], said_line[RZ_SEATS][RZ_SEATS], per_pot[RZ_SEATS], at;
    int count = rz_hand_pots(h, pots), i, pot, p, any = 0, differs = 0;
    if (count < 0 || count > RZ_SEATS)
        count = 0;
    for (i = 0; i < ps->ncol; i++)
        any |= ps->col[i].pot > 0;
    if (ps->nstated < 0 && po->awards && final_ok && !po->side && !any)
        return 0; /* one pot (no award from a side pot), paid as the collected lines say */
    memset(said, 0, sizeof said);
    memset(per_pot, 0, sizeof per_pot);
    for (pot = 0; pot < RZ_SEATS; pot++)
        for (p = 0; p < RZ_SEATS; p++)
            said_line[pot][p] = -1;
    for (i = 0; i < ps->ncol; i++) {
        ps->line = ps->col[i].line;
        pot = (int)(ps->col[i].pot < 0 ? 0 : ps->col[i].pot < RZ_SEATS ? ps->col[i].pot : 99);
        if (ps->col[i].pot < 0 && count > 1)
            return rz_ps_fail(ps, RZ_PSE_pot_which, count, 0, 0, 0);
        if (ps->col[i].pot >= count) {
            rz_ps_fail(ps, RZ_PSE_no_pot, count, ps->col[i].pot, 0, 0);
            ps->err.a = ps->col[i].a;
            ps->err.b = ps->col[i].b;
            return ps->err.code;
        }
        if (ps->col[i].pot == 1 && count > 2 && ps->col[i].bare_side)
            return rz_ps_fail(ps, RZ_PSE_side_which, count - 1, 0, 0, 0);
        if (pot >= RZ_SEATS)
            return rz_ps_fail(ps, RZ_PSE_no_pot, count, ps->col[i].pot, 0, 0);
        p = ps->col[i].p & 7;
        said[pot][p] += ps->col[i].amount;
        if (said_line[pot][p] < 0)
            said_line[pot][p] = ps->col[i].line;
        per_pot[pot] += ps->col[i].amount;
    }
    ps->line = ps->total_at;
    if (ps->nstated < 0 && count > 1)
        return rz_ps_fail(ps, RZ_PSE_pots_unnamed, count, 0, 0, 0);
    if (ps->nstated >= 0) {
        if (ps->nstated != count)
            return rz_ps_fail(ps, RZ_PSE_pots_count, ps->nstated, count, 0, 0);
        for (pot = 0; pot < count; pot++)
            if (per_pot[pot] != ps->stated[pot])
                return rz_ps_fail(ps, RZ_PSE_pot_gives, per_pot[pot], pot, count,
                                  ps->stated[pot]);
    }
    for (pot = 0; pot < RZ_SEATS; pot++)
        for (p = 0; p < RZ_SEATS; p++)
            differs |= said[pot][p] != po->paid[pot][p];
    if (!differs)
        return 0;
    for (pot = 0; pot < count; pot++)
        if (per_pot[pot] > pots[pot].amount)
            return rz_ps_fail(ps, RZ_PSE_pot_holds, per_pot[pot], pot, count, pots[pot].amount);
    /* the first line that disagrees; then the engine's awards no line names */
    for (i = 0; i < ps->ncol; i++) {
        pot = (int)ps->col[i].pot < 0 ? 0 : (int)ps->col[i].pot;
        p = ps->col[i].p & 7;
        if (pot < RZ_SEATS && said_line[pot][p] == ps->col[i].line &&
            said[pot][p] != po->paid[pot][p]) {
            ps->line = ps->col[i].line;
            rz_ps_fail(ps, RZ_PSE_engine_gives, po->paid[pot][p], pot, count, p);
            ps->err.v[4] = said[pot][p];
            return ps->err.code;
        }
    }
    for (pot = 0; pot < RZ_SEATS; pot++)
        for (p = 0; p < RZ_SEATS; p++)
            if (said_line[pot][p] < 0 && po->paid[pot][p] != 0) {
                at = ps->money_line[p] >= 0 ? ps->money_line[p] : ps->total_at;
                ps->line = at;
                rz_ps_fail(ps, RZ_PSE_engine_gives, po->paid[pot][p], pot, count, p);
                ps->err.v[4] = 0;
                return ps->err.code;
            }
    return 0;
}

/* Whether the hand, played with these rules (a bring-in to try, when no
 * whole one was posted), ends with the stacks the money lines give: 0 if
 * it does, else 1 (nothing is reported).  out[0:cap] is scratch. */
RZ_ENTRY int rz_ps_try(rz_ps *ps, const rz_rules *rules, rz_hand *h, char *out, int64_t cap)
{
    rz_ps_play_out po;
    rz_ps_out o;
    int p, bad = 0;
    o.s = out;
    o.len = 0;
    o.cap = cap;
    if (rz_ps_play(ps, rules, h, NULL, &o, &po, NULL))
        bad = 1;
    for (p = 0; p < ps->n && !bad; p++)
        bad = h->stacks[p] != ps->expected[p];
    ps->err.code = 0; /* a try reports nothing */
    return bad;
}

/* Replay what rz_ps_read read (and rz_ps_prepare laid out) on h with the
 * rules the structure makes, writing the PHH actions ('\n' between them)
 * to out[0:cap]: 0 and *len, or the error code (*len: the actions written
 * before an action the engine refused); a hand that replays is counted in
 * tally (razz_tally.h) when it is not NULL.  When the collected lines take the
 * rake from the pots otherwise than main pot first, the hand is played
 * again with that split, kept in ps->rake_pots (ps->nrake_pots pots; 0 for
 * none). */
RZ_ENTRY int rz_ps_replay(rz_ps *ps, const rz_rules *rules, rz_hand *h, char *out,
                          int64_t cap, int64_t *len, rz_tally *tally)
{
    rz_ps_play_out po;
    int64_t pot = 0, won = 0;
    rz_ps_out o;
    rz_pot pots[RZ_SEATS];
    int p, final_ok = 1, at = -1;
    o.s = out;
    o.len = 0;
    o.cap = cap;
    ps->nrake_pots = 0;
    *len = 0;
    if (rz_ps_play(ps, rules, h, NULL, &o, &po, tally)) {
        *len = po.prefix;
        return ps->err.code;
    }
    if (rz_ps_rake_split(ps, h, &po, ps->rake_pots)) {
        ps->nrake_pots = rz_hand_pots(h, pots);
        if (rz_ps_play(ps, rules, h, ps->rake_pots, &o, &po, tally)) {
            *len = po.prefix;
            return ps->err.code;
        }
    }
    if (ps->pending.code) {
        ps->err = ps->pending;
        return ps->err.code;
    }
    for (p = 0; p < ps->n; p++) {
        pot += ps->put[p] - ps->back[p];
        won += ps->won[p];
        final_ok &= h->stacks[p] == ps->expected[p];
    }
    ps->line = ps->total_at;
    if (pot != ps->total)
        return rz_ps_fail(ps, RZ_PSE_pot_total, pot, ps->total, 0, 0);
    if (won + ps->rake != ps->total)
        return rz_ps_fail(ps, RZ_PSE_collected_total, won, ps->rake, ps->total, 0);
    if (rz_ps_pots(ps, h, &po, final_ok))
        return ps->err.code;
    for (p = 0; p < ps->n && !final_ok; p++)
        if (h->stacks[p] != ps->expected[p] && ps->money_line[p] >= 0) {
            at = (int)p;
            break;
        }
    for (p = 0; p < ps->n; p++)
        if (h->stacks[p] != ps->expected[p]) {
            ps->line = at >= 0 ? ps->money_line[at] : ps->total_at;
            return rz_ps_fail(ps, RZ_PSE_ends_with, p, ps->expected[p], h->stacks[p], 0);
        }
    if (ps->summary_bad.code) {
        ps->err = ps->summary_bad;
        return ps->err.code;
    }
    if (tally != NULL)
        rz_tally_hand(tally, h, (const int64_t(*)[RZ_SEATS])po.paid);
    *len = o.len;
    return 0;
}

#endif /* RAZZ_POKERSTARS_REPLAY_H */
