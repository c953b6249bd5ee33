/*
 * razz_engine_deal.h - the deck of a razz hand (C99, header only).
 *
 * The draw, the later streets' deal with its burns and, when the deck runs
 * short, the community card and the TDA re-mix (R4, R18).  Part of the state
 * machine (razz_engine.h).
 */
#ifndef RAZZ_ENGINE_DEAL_H
#define RAZZ_ENGINE_DEAL_H

#include <stdint.h>
#include "razz_engine_state.h"
#include "razz_engine_seats.h"

/* ------------------------------------------------------------ dealing */

RZ_INLINE int rz_draw(rz_hand *h)
{
    int c = h->deck[h->dpos < 52 ? h->dpos : 51];
    if (h->dpos < 52)
        h->dpos++;
    return c;
}

/* R18 (TDA RP-10-H): mix the stub with the earlier burns: here the stub
 * followed by the burns (the cards of an explicit deck; a shuffled deck is
 * already in random order, so this is a uniform mix too). */
RZ_INLINE void rz_remix(rz_hand *h)
{
    int i, left = 52 - h->dpos;
    uint8_t stub[52];
    for (i = 0; i < left; i++)
        stub[i] = h->deck[h->dpos + i];
    for (i = 0; i < h->nburns && left + i < 52; i++)
        stub[left + i] = h->burns[i];
    /* the burns sit before dpos in the deck array no longer: rebuild it so
     * that positions dpos.. hold the mixed stub; the used part before dpos
     * moves down by nburns (it is never read again). */
    h->dpos -= h->nburns;
    if (h->dpos < 0)
        h->dpos = 0;
    for (i = 0; i < left + h->nburns && h->dpos + i < 52; i++)
        h->deck[h->dpos + i] = stub[i];
    h->nburns = 0;
}

/* R4, R18: deal the current street (4..7) to the live seats in seat order. */
RZ_INLINE void rz_deal_street(rz_hand *h, rz_events *ev)
{
    int i, s, c, left, need = 0, required, community;
    if (h->street < 7) {
        if (h->r.burn_cards && h->nburns < 4)
            h->burns[h->nburns++] = (uint8_t)rz_draw(h);
        for (i = 0; i < RZ_N(h); i++) {
            s = h->order[RZ_S(i)];
            if (!h->live[s])
                continue;
            c = rz_draw(h);
            if (h->ncards[s] < 7)
                h->cards[s * 7 + h->ncards[s]++] = (uint8_t)c;
            if (h->nup[s] < 4)
                h->up[s * 4 + h->nup[s]++] = (uint8_t)c;
            rz_emit(ev, RZ_EV_DEAL, s, c, 0);
        }
        return;
    }
    left = 52 - h->dpos;
    need = rz_live_count(h);
    if (h->r.shortage_tda) {
        /* TDA RP-10-H: live players + 1 burn + 1 bottom card never dealt */
        required = need + 2;
        if (left >= required) {
            community = 0;
        } else if (left + h->nburns >= required) {
            rz_remix(h);
            community = 0;
        } else if (left >= 3) {
            community = 1;
        } else {
            rz_remix(h);
            community = 1;
        }
        rz_draw(h); /* the burn */
    } else {
        if (h->r.burn_cards && left >= 2)
            rz_draw(h);
        community = 52 - h->dpos < need;
    }
    if (community) {
        h->community = rz_draw(h);
        rz_emit(ev, RZ_EV_BOARD, 0, h->community, 0);
        return;
    }
    for (i = 0; i < RZ_N(h); i++) {
        s = h->order[RZ_S(i)];
        if (!h->live[s])
            continue;
        c = rz_draw(h);
        if (h->ncards[s] < 7)
            h->cards[s * 7 + h->ncards[s]++] = (uint8_t)c;
        rz_emit(ev, RZ_EV_DEAL, s, c, 0);
    }
}

#endif /* RAZZ_ENGINE_DEAL_H */
