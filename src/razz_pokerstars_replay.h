/*
 * razz_pokerstars_replay.h - the compiled PokerStars reader's replay: what
 * rz_ps_read (razz_pokerstars.h) read, played on the engine (razz_engine.h)
 * with each action's chips compared with its line, the money checked pot by
 * pot, and the PHH actions written.  RZ_PS_DEFER for anything that does not
 * check out: the reference reader reads that hand.
 */
#ifndef RAZZ_POKERSTARS_REPLAY_H
#define RAZZ_POKERSTARS_REPLAY_H

#include "razz_pokerstars.h"

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

/* The shown cards take the seat's unknown slots (a 7-card show). */
static int rz_ps_fill_shown(rz_ps *ps)
{
    int p, k, j, in, next;
    uint8_t extra[7];
    for (p = 0; p < ps->n; p++) {
        if (ps->nshown[p] != 7)
            continue; /* none, or a partial show */
        for (k = 0; k < 7; k++) {
            if (ps->known[p][k] == RZ_PS_NONE || ps->known[p][k] == ps->shown[p][k])
                continue;
            for (in = 0, j = 0; j < 7; j++)
                in |= ps->shown[p][j] == ps->known[p][k];
            if (!in)
                return RZ_PS_DEFER;
        }
        next = 0;
        for (k = 0; k < 7; k++) {
            for (in = 0, j = 0; j < 7; j++)
                in |= ps->known[p][j] == ps->shown[p][k];
            if (!in)
                extra[next++] = ps->shown[p][k];
        }
        for (k = 0, j = 0; k < 7 && j < next; k++) {
            if (ps->known[p][k] != RZ_PS_NONE)
                continue;
            if (rz_ps_take(ps, extra[j]))
                return RZ_PS_DEFER;
            ps->known[p][k] = extra[j++];
        }
    }
    for (p = 0; p < ps->n; p++) /* every shown card is the player's own */
        for (k = 0; k < ps->nshown[p] && k < 7; k++) {
            for (in = 0, j = 0; j < 7; j++)
                in |= ps->known[p][j] == ps->shown[p][k];
            if (!in && (ps->used >> (ps->shown[p][k] & 63) & 1))
                return RZ_PS_DEFER;
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
            if (street < 7 && ps->seen[p][street - 1] == RZ_PS_NONE)
                return RZ_PS_DEFER; /* an up card with no "Dealt to" line */
            if (slots >= 52)
                return RZ_PS_DEFER; /* a community card: not read here */
            laid[slots++] = ps->known[p][street - 1];
        }
    }
    for (i = 0; i < slots; i++) {
        if (laid[i] == RZ_PS_NONE) {
            while (c < 52 && (ps->used >> c & 1))
                c++;
            if (c >= 52)
                return RZ_PS_DEFER;
            ps->used |= (uint64_t)1 << c;
            laid[i] = (uint8_t)c;
        }
        deck[i] = laid[i];
    }
    for (c = 0; c < 52; c++)
        if (!(ps->used >> c & 1))
            deck[slots++] = (uint8_t)c;
    return slots == 52 ? 0 : RZ_PS_DEFER;
}

static int rz_ps_awards(const rz_events *ev, int64_t (*paid)[RZ_SEATS])
{
    int i;
    if (ev->count < 0 || ev->count > RZ_EV_MAX)
        return RZ_PS_DEFER;
    for (i = 0; i < ev->count; i++)
        if (ev->kind[i] == RZ_EV_AWARD) {
            if (ev->card[i] >= RZ_SEATS || ev->seat[i] >= RZ_SEATS)
                return RZ_PS_DEFER;
            paid[ev->card[i]][ev->seat[i]] += ev->value[i];
        }
    return 0;
}

/* The collected lines pot by pot, and the total line's pots, against the
 * pots the engine made and what it paid from each. */
static int rz_ps_pots(const rz_ps *ps, const rz_hand *h, int64_t (*paid)[RZ_SEATS])
{
    rz_pot pots[RZ_SEATS];
    int64_t said[RZ_SEATS][RZ_SEATS], per_pot[RZ_SEATS];
    int count = rz_hand_pots(h, pots), i, pot, p;
    if (count == 0) /* nothing in the pot: nothing collected */
        return ps->ncol || ps->nstated >= 0 ? RZ_PS_DEFER : 0;
    if (count < 1 || count > RZ_SEATS)
        return RZ_PS_DEFER;
    memset(said, 0, sizeof said);
    memset(per_pot, 0, sizeof per_pot);
    for (i = 0; i < ps->ncol; i++) {
        pot = ps->col[i].pot;
        if (pot < 0) { /* "from pot": the only one */
            if (count > 1)
                return RZ_PS_DEFER;
            pot = 0;
        }
        if (pot >= count || (pot == 1 && count > 2 && ps->col[i].bare_side))
            return RZ_PS_DEFER;
        said[pot][ps->col[i].p & 7] += ps->col[i].amount;
        per_pot[pot] += ps->col[i].amount;
    }
    if (ps->nstated < 0 ? count > 1 : ps->nstated != count)
        return RZ_PS_DEFER;
    for (pot = 0; pot < count; pot++) {
        if (ps->nstated >= 0 && per_pot[pot] != ps->stated[pot])
            return RZ_PS_DEFER;
        for (p = 0; p < RZ_SEATS; p++)
            if (said[pot][p] != paid[pot][p])
                return RZ_PS_DEFER;
    }
    return 0;
}

/* Play the events on h (started with the deck, and the rake pot by pot
 * when rake_pots is not NULL), writing the PHH actions to o and what the
 * engine paid from each pot to each seat to paid: 0, or RZ_PS_DEFER. */
static int rz_ps_play(rz_ps *ps, const rz_rules *rules, rz_hand *h, const uint8_t *deck,
                      const int64_t *rake_pots, rz_ps_out *o, int64_t (*paid)[RZ_SEATS])
{
    int64_t cbr, before, want, back;
    rz_events ev;
    rz_ps_event *e;
    int i, k, p, code, guard, show;
    o->len = 0;
    memset(paid, 0, sizeof(int64_t) * RZ_SEATS * RZ_SEATS);
    ev.count = 0;
    if (rz_hand_start(h, rules, ps->n, ps->stacks, ps->absent, deck, ps->rake, rake_pots, 3,
                      &ev) ||
        rz_ps_awards(&ev, paid))
        return RZ_PS_DEFER;
    for (i = 0; i < ps->nev; i++) {
        e = &ps->ev[i];
        if (e->code == RZ_PS_DEAL) {
            k = e->p;
            if (k > 3 && (h->street < k || h->phase == RZ_OVER || (k == 7 && h->community >= 0)))
                return RZ_PS_DEFER;
            for (p = 0; p < ps->n; p++) {
                if (k == 3 ? !ps->dealt[p] : !(p < ps->nrecv[k]))
                    continue;
                if (k == 3) {
                    rz_ps_put_seat(o, 1, p);
                    rz_ps_put_cards(o, ps->seen[p], 3);
                } else {
                    rz_ps_put_seat(o, 1, ps->recv[k][p]);
                    rz_ps_put_cards(o, &ps->seen[ps->recv[k][p] & 7][k - 1], 1);
                }
            }
            continue;
        }
        p = e->p;
        if (h->actor != p || p >= RZ_SEATS)
            return RZ_PS_DEFER;
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
        /* the part of p's wager nobody called, returned as the round ends
         * (its own "Uncalled bet" line): not what the action puts in */
        for (back = 0, k = 0; k < ev.count && k < RZ_EV_MAX; k++)
            if (ev.kind[k] == RZ_EV_RETURN && ev.seat[k] == p)
                back += ev.value[k];
        if (code || before - h->stacks[p] + back != want || (e->allin && h->stacks[p] != back) ||
            rz_ps_awards(&ev, paid))
            return RZ_PS_DEFER;
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
        if (ps->nshown[p] != 7 && ps->mucked[p])
            show = 0;
        else if (ps->nshown[p] != 7)
            for (k = 0; k < 7; k++)
                if (ps->known[p][k] == RZ_PS_NONE)
                    return RZ_PS_DEFER; /* neither shown nor mucked */
        ev.count = 0;
        if (rz_hand_show(h, p, show, &ev) || rz_ps_awards(&ev, paid))
            return RZ_PS_DEFER;
        rz_ps_put_seat(o, 0, p);
        rz_ps_put(o, show ? "sm " : "sm", show ? 3 : 2);
        if (show)
            rz_ps_put_cards(o, ps->nshown[p] == 7 ? ps->shown[p] : ps->known[p], 7);
    }
    return h->phase != RZ_OVER || o->len > o->cap ? RZ_PS_DEFER : 0;
}

/* Each pot's rake (main pot first) as the collected lines say the house
 * took it, to split[0:count], when that is not the engine's way (main pot
 * first, then each side pot): 1; else 0 (also when the collected lines do
 * not fit the engine's pots: rz_ps_pots refuses them). */
static int rz_ps_rake_split(const rz_ps *ps, const rz_hand *h, int64_t (*paid)[RZ_SEATS],
                            int64_t *split)
{
    rz_pot pots[RZ_SEATS];
    int64_t per_pot[RZ_SEATS], sum = 0, ours;
    int count = rz_hand_pots(h, pots), i, k, p, differs = 0;
    if (count < 2 || count > RZ_SEATS || !ps->rake)
        return 0;
    memset(per_pot, 0, sizeof per_pot);
    for (i = 0; i < ps->ncol; i++) {
        k = ps->col[i].pot;
        if (k < 0 || k >= count)
            return 0;
        per_pot[k] += ps->col[i].amount;
    }
    memset(split, 0, sizeof(int64_t) * RZ_SEATS);
    for (k = 0; k < count; k++) {
        split[k] = pots[k].amount - per_pot[k];
        if (split[k] < 0)
            return 0;
        sum += split[k];
        for (ours = pots[k].amount, p = 0; p < RZ_SEATS; p++)
            ours -= paid[k][p];
        differs |= ours != split[k];
    }
    return sum == ps->rake && differs;
}

/* After rz_ps_read: the shown cards filled in, the deck laid out, the
 * absent seats and the stacks the money lines give: 0, or RZ_PS_DEFER. */
RZ_ENTRY int rz_ps_prepare(rz_ps *ps)
{
    int p;
    if (ps->ndealt < 2 || ps->rake > RZ_PS_CHIPS || rz_ps_fill_shown(ps) ||
        rz_ps_deck(ps, ps->deck))
        return RZ_PS_DEFER;
    for (p = 0; p < ps->n; p++) {
        ps->absent[p] = !ps->dealt[p] && ps->stacks[p] > 0;
        ps->expected[p] = ps->stacks[p] - ps->put[p] + ps->back[p] + ps->won[p];
    }
    return 0;
}

/* Whether the hand, played with these rules (a bring-in to try, when no
 * whole one was posted), ends with the stacks the money lines give: 0 if
 * it does, else RZ_PS_DEFER.  out[0:cap] is scratch. */
RZ_ENTRY int rz_ps_try(rz_ps *ps, const rz_rules *rules, rz_hand *h, char *out, int64_t cap)
{
    int64_t paid[RZ_SEATS][RZ_SEATS];
    rz_ps_out o;
    int p;
    o.s = out;
    o.len = 0;
    o.cap = cap;
    if (rz_ps_play(ps, rules, h, ps->deck, NULL, &o, paid))
        return RZ_PS_DEFER;
    for (p = 0; p < ps->n; p++)
        if (h->stacks[p] != ps->expected[p])
            return RZ_PS_DEFER;
    return 0;
}

/* Replay what rz_ps_read read (and rz_ps_prepare laid out) on h with the
 * rules the structure makes, writing the PHH actions ('\n' between them) to out[0:cap]: 0 and *len, or
 * RZ_PS_DEFER.  When the collected lines take the rake from the pots
 * otherwise than main pot first, the hand is played again with that split,
 * kept in ps->rake_pots (ps->nrake_pots pots; 0 for none). */
RZ_ENTRY int rz_ps_replay(rz_ps *ps, const rz_rules *rules, rz_hand *h, char *out,
                          int64_t cap, int64_t *len)
{
    int64_t paid[RZ_SEATS][RZ_SEATS], pot = 0, won = 0;
    rz_ps_out o;
    rz_pot pots[RZ_SEATS];
    int p;
    o.s = out;
    o.len = 0;
    o.cap = cap;
    ps->nrake_pots = 0;
    if (rz_ps_play(ps, rules, h, ps->deck, NULL, &o, paid))
        return RZ_PS_DEFER;
    if (rz_ps_rake_split(ps, h, paid, ps->rake_pots)) {
        ps->nrake_pots = rz_hand_pots(h, pots);
        if (rz_ps_play(ps, rules, h, ps->deck, ps->rake_pots, &o, paid))
            return RZ_PS_DEFER;
    }
    for (p = 0; p < ps->n; p++) {
        if (h->stacks[p] != ps->expected[p])
            return RZ_PS_DEFER;
        pot += ps->put[p] - ps->back[p];
        won += ps->won[p];
    }
    if (pot != ps->total || won + ps->rake != ps->total || rz_ps_pots(ps, h, paid))
        return RZ_PS_DEFER;
    *len = o.len;
    return 0;
}


#endif /* RAZZ_POKERSTARS_REPLAY_H */
