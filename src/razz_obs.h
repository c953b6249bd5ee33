/*
 * razz_obs.h - the observation tensor of a razz seat for learning agents.
 *
 * One encoder for every environment (razzcore.envs.encode, the PettingZoo,
 * Gymnasium and OpenSpiel adapters): rz_obs_write() turns an rz_obs_input -
 * a small plain struct holding exactly what one seat may see - into a flat
 * float32 vector.  Whoever fills the struct decides what is visible (a card
 * the seat may not see is RZ_OBS_HIDDEN); the writer only lays it out.
 *
 * Layout for P players (docs/agents.md describes every field):
 *
 *   seat     P          one-hot: the observing seat
 *   actor    P          one-hot: the seat to act (all zero when nobody is)
 *   street   5          one-hot: 3rd .. 7th street
 *   cards    P*7*18     per seat, per deal slot (0,1 = 3rd-street down cards,
 *                       2 = door card, 3..5 = 4th..6th-street upcards,
 *                       6 = 7th-street down card): rank one-hot (A..K, 13),
 *                       suit one-hot (c, d, h, s, 4), "dealt but hidden" (1)
 *   community 17        rank + suit one-hot of the community card
 *   folded   P          1 for a seat that folded
 *   stacks   P          chips behind / unit
 *   bets     P          chips wagered on this street / unit
 *   pot      1          chips collected in the pots / unit
 *   to_call  1          what the observing seat must add to call / unit
 *   betting  5*P*3      per street, per seat: completions/bets/raises,
 *                       checks/calls, bring-ins posted (counts)
 *
 * Total 146 * P + 24 floats.  Header-only C99; no allocation; every index
 * the caller gives is checked before use (rz_obs_write returns -1 and writes
 * nothing on a bad input).
 */
#ifndef RAZZ_OBS_H
#define RAZZ_OBS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define RZ_OBS_MAX_SEATS 8
#define RZ_OBS_SLOTS 7
#define RZ_OBS_STREETS 5
#define RZ_OBS_CARD_WIDTH 18
#define RZ_OBS_KINDS 3
/* Slot values besides card codes 0..51. */
#define RZ_OBS_NONE 255u   /* no card dealt in this slot */
#define RZ_OBS_HIDDEN 254u /* a card was dealt here; this seat may not see it */

/* Kinds of betting action counted per street and seat. */
#define RZ_OBS_RAISE 0 /* complete, bet or raise */
#define RZ_OBS_CALL 1  /* check or call */
#define RZ_OBS_POST 2  /* post the bring-in */

typedef struct {
    int players;                                  /* 2..8 */
    int seat;                                     /* 0..players-1 */
    int actor;                                    /* -1 = nobody */
    int street;                                   /* 3..7 */
    uint8_t cards[RZ_OBS_MAX_SEATS][RZ_OBS_SLOTS]; /* code, RZ_OBS_HIDDEN or RZ_OBS_NONE */
    uint8_t community;                            /* code or RZ_OBS_NONE */
    uint8_t folded[RZ_OBS_MAX_SEATS];
    int64_t stacks[RZ_OBS_MAX_SEATS];
    int64_t bets[RZ_OBS_MAX_SEATS];
    int64_t pot;
    int64_t to_call;
    int64_t unit; /* amounts are divided by this (> 0): 1 = chips, the big bet = big bets */
    uint16_t betting[RZ_OBS_STREETS][RZ_OBS_MAX_SEATS][RZ_OBS_KINDS];
} rz_obs_input;

/* Number of floats of the tensor for `players` seats (0 outside 2..8). */
static inline size_t rz_obs_size(int players)
{
    if (players < 2 || players > RZ_OBS_MAX_SEATS)
        return 0;
    return (size_t)(146 * players + 24);
}

/* Clear an input to "nothing dealt, nobody to act". */
static inline void rz_obs_clear(rz_obs_input *in, int players, int seat)
{
    memset(in, 0, sizeof *in);
    memset(in->cards, RZ_OBS_NONE, sizeof in->cards);
    in->community = (uint8_t)RZ_OBS_NONE;
    in->players = players;
    in->seat = seat;
    in->actor = -1;
    in->street = 3;
    in->unit = 1;
}

static inline int rz_obs_card_ok_(unsigned c)
{
    return c < 52u || c == RZ_OBS_HIDDEN || c == RZ_OBS_NONE;
}

/* Validate `in`; 0 when every index in it is in range. */
static inline int rz_obs_check(const rz_obs_input *in)
{
    int s, k;
    if (in->players < 2 || in->players > RZ_OBS_MAX_SEATS)
        return -1;
    if (in->seat < 0 || in->seat >= in->players)
        return -1;
    if (in->actor < -1 || in->actor >= in->players)
        return -1;
    if (in->street < 3 || in->street > 7 || in->unit <= 0)
        return -1;
    if (in->community != RZ_OBS_NONE && in->community >= 52u)
        return -1;
    for (s = 0; s < in->players; s++)
        for (k = 0; k < RZ_OBS_SLOTS; k++)
            if (!rz_obs_card_ok_(in->cards[s][k]))
                return -1;
    return 0;
}

static inline void rz_obs_card_(float *at, unsigned c)
{
    if (c < 52u) {
        at[c >> 2] = 1.0f;       /* rank: code = 4 * rank + suit */
        at[13 + (c & 3u)] = 1.0f; /* suit */
    } else if (c == RZ_OBS_HIDDEN) {
        at[17] = 1.0f;
    }
}

/* Write the tensor of `in` into out[0 .. rz_obs_size(players)).  Returns 0,
 * or -1 (out untouched) when `in` is invalid or `len` is too small. */
static inline int rz_obs_write(const rz_obs_input *in, float *out, size_t len)
{
    size_t size, at;
    int P, s, k, st;
    double unit;
    if (in == NULL || out == NULL || rz_obs_check(in) != 0)
        return -1;
    P = in->players;
    size = rz_obs_size(P);
    if (len < size)
        return -1;
    memset(out, 0, size * sizeof *out);
    unit = (double)in->unit;
    out[in->seat] = 1.0f;
    at = (size_t)P;
    if (in->actor >= 0)
        out[at + (size_t)in->actor] = 1.0f;
    at += (size_t)P;
    out[at + (size_t)(in->street - 3)] = 1.0f;
    at += RZ_OBS_STREETS;
    for (s = 0; s < P; s++)
        for (k = 0; k < RZ_OBS_SLOTS; k++) {
            rz_obs_card_(out + at, in->cards[s][k]);
            at += RZ_OBS_CARD_WIDTH;
        }
    rz_obs_card_(out + at, in->community);
    at += 17;
    for (s = 0; s < P; s++)
        out[at + (size_t)s] = in->folded[s] ? 1.0f : 0.0f;
    at += (size_t)P;
    for (s = 0; s < P; s++)
        out[at + (size_t)s] = (float)((double)in->stacks[s] / unit);
    at += (size_t)P;
    for (s = 0; s < P; s++)
        out[at + (size_t)s] = (float)((double)in->bets[s] / unit);
    at += (size_t)P;
    out[at++] = (float)((double)in->pot / unit);
    out[at++] = (float)((double)in->to_call / unit);
    for (st = 0; st < RZ_OBS_STREETS; st++)
        for (s = 0; s < P; s++)
            for (k = 0; k < RZ_OBS_KINDS; k++)
                out[at++] = (float)in->betting[st][s][k];
    return at == size ? 0 : -1;
}

#endif /* RAZZ_OBS_H */
