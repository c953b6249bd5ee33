/*
 * razz_engine_seats.h - the seats of a razz hand in order (C99, header
 * only).
 *
 * Who can still act, the seats clockwise, suit-keyed card codes (R5, R13)
 * and the board order that decides who acts first on the later streets
 * (R12-R13).  Part of the state machine (razz_engine.h).
 */
#ifndef RAZZ_ENGINE_SEATS_H
#define RAZZ_ENGINE_SEATS_H

#include <stdint.h>
#include "razz_engine_state.h"

/* ------------------------------------------------------------ small helpers */

RZ_INLINE int rz_active(const rz_hand *h, int s)
{
    return h->live[RZ_S(s)] && h->stacks[RZ_S(s)] != 0;
}

RZ_INLINE int rz_active_count(const rz_hand *h)
{
    int s, k = 0;
    for (s = 0; s < RZ_N(h); s++)
        k += rz_active(h, s);
    return k;
}

RZ_INLINE int rz_live_count(const rz_hand *h)
{
    int s, k = 0;
    for (s = 0; s < RZ_N(h); s++)
        k += h->live[RZ_S(s)] != 0;
    return k;
}

/* The k-th seat clockwise after s (k = 1..n-1). */
RZ_INLINE int rz_cw(const rz_hand *h, int s, int k)
{
    int i = h->pos[RZ_S(s)] + k; /* pos < n and k < n: one wrap at most */
    return h->order[RZ_S(i >= h->n ? i - h->n : i)];
}

/* The next seat clockwise after s that can act; s itself if only it can;
 * else -1. */
RZ_INLINE int rz_next_active(const rz_hand *h, int s)
{
    int k, q;
    for (k = 1; k < RZ_N(h); k++) {
        q = rz_cw(h, s, k);
        if (rz_active(h, q))
            return q;
    }
    return rz_active(h, s) ? s : -1;
}

/* Suit-keyed code (R13, R21): 4 * rank + place of the suit in suit_order. */
RZ_INLINE int rz_sk(const rz_hand *h, int c)
{
    return 4 * ((c & 63) >> 2) + h->r.suit_rank[c & 3];
}

/* ------------------------------------------------------------ board order */

/* R12: the sort key of a board of 1-4 up cards, lower acts first: unpaired <
 * one pair < two pair < trips < quads, then the ranks grouped (bigger groups
 * first, then higher rank first).  Boards compared on one street hold the
 * same number of cards. */
RZ_INLINE uint32_t rz_board_key(const uint8_t *up, int k)
{
    /* each card's rank and how many of the board share it; then the cards
     * ordered by (that count, rank) from the highest: the groups, bigger
     * groups first, each group's rank once per card */
    int r[4], c[4], n = k < 4 ? k : 4, i, j, t, maxc = 0, pairs = 0, cat;
    uint32_t key;
    for (i = 0; i < n; i++) {
        r[i] = (up[i] & 63) >> 2;
        if (r[i] > 12)
            r[i] = 12;
    }
    for (i = 0; i < n; i++) {
        c[i] = 0;
        for (j = 0; j < n; j++)
            c[i] += r[j] == r[i];
        if (c[i] > maxc)
            maxc = c[i];
        pairs += c[i] == 2;
    }
    pairs /= 2; /* each pair counted by both its cards */
    cat = maxc <= 1 ? 0 : maxc == 2 ? (pairs == 1 ? 1 : 2) : maxc == 3 ? 3 : 4;
    for (i = 1; i < n; i++)
        for (j = i; j > 0 && (c[j] > c[j - 1] || (c[j] == c[j - 1] && r[j] > r[j - 1])); j--) {
            t = r[j]; r[j] = r[j - 1]; r[j - 1] = t;
            t = c[j]; c[j] = c[j - 1]; c[j - 1] = t;
        }
    key = (uint32_t)cat;
    for (i = 0; i < n; i++)
        key = key * 16u + (uint32_t)r[i];
    for (i = k; i < 4; i++)
        key *= 16u;
    return key;
}

/* R13: a seat's up cards as one number, base 64, highest suit-keyed code
 * first: of two equal boards the larger number holds the higher card. */
RZ_INLINE uint32_t rz_suit_high(const rz_hand *h, int s)
{
    int v[4], k = h->nup[RZ_S(s)], i, j, t;
    uint32_t out = 0;
    if (k > 4)
        k = 4;
    for (i = 0; i < k; i++)
        v[i] = rz_sk(h, h->up[RZ_S(s) * 4 + i]);
    for (i = 1; i < k; i++)
        for (j = i; j > 0 && v[j] > v[j - 1]; j--) {
            t = v[j]; v[j] = v[j - 1]; v[j - 1] = t;
        }
    for (i = 0; i < k; i++)
        out = out << 6 | (uint32_t)v[i];
    return out;
}

/* R12-R13: the live seats from the best board (acts first) to the worst,
 * ties by later_street_tiebreak (suit: the higher card by suit first;
 * position: clockwise from the deal-start seat).  Returns how many. */
RZ_INLINE int rz_ranked_live(const rz_hand *h, int *out)
{
    uint64_t key[RZ_SEATS], t;
    int seat[RZ_SEATS], k = 0, i, j, s, ts;
    for (i = 0; i < RZ_N(h); i++) {
        s = h->order[RZ_S(i)];
        if (!h->live[RZ_S(s)])
            continue;
        key[k] = (uint64_t)rz_board_key(h->up + RZ_S(s) * 4, h->nup[RZ_S(s)]) << 30;
        if (h->r.later_suit)
            key[k] |= (uint64_t)(0xFFFFFFu - rz_suit_high(h, s)) << 4;
        key[k] |= (uint64_t)k; /* stable: position breaks what is left */
        seat[k] = s;
        k++;
    }
    for (i = 1; i < k; i++)
        for (j = i; j > 0 && key[j] < key[j - 1]; j--) {
            t = key[j]; key[j] = key[j - 1]; key[j - 1] = t;
            ts = seat[j]; seat[j] = seat[j - 1]; seat[j - 1] = ts;
        }
    for (i = 0; i < k; i++)
        out[i] = seat[i];
    return k;
}

/* R12: the first actor from a ranking: the best board, or if that seat is
 * all-in the next seat clockwise that can act (skip_clockwise) or the next
 * best board that can (next_best_board). */
RZ_INLINE int rz_first_actor_from(const rz_hand *h, const int *ranked, int k)
{
    int i;
    if (k <= 0)
        return -1;
    if (h->stacks[RZ_S(ranked[0])] > 0)
        return ranked[0];
    if (h->r.next_best_board) {
        for (i = 0; i < k; i++)
            if (h->stacks[RZ_S(ranked[i])] > 0)
                return ranked[i];
        return -1;
    }
    return rz_next_active(h, ranked[0]);
}

#endif /* RAZZ_ENGINE_SEATS_H */
