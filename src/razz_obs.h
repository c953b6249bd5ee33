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
 * Total 146 * P + 24 floats.  rz_obs_update() keeps a tensor up to date
 * from the input it was last written from, writing only the fields that
 * changed (the vector environment's tables, one decision after another).
 * Header-only C99; no allocation; every index the caller gives is checked
 * before use (rz_obs_write and rz_obs_update return -1 and write nothing on
 * a bad input).
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

/* The indexes of `in` besides its cards; 0 when in range. */
static inline int rz_obs_check_fields_(const rz_obs_input *in)
{
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
    return 0;
}

/* Validate `in`; 0 when every index in it is in range. */
static inline int rz_obs_check(const rz_obs_input *in)
{
    const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
    const uint8_t *card = &in->cards[0][0]; /* the first players * 7 bytes */
    size_t i, count;
    uint64_t bad = 0, x, y;
    if (rz_obs_check_fields_(in) != 0)
        return -1;
    /* A slot holds a code 0..51, RZ_OBS_HIDDEN (254) or RZ_OBS_NONE (255):
     * exactly the bytes c with (c + 2) mod 256 < 54.  Eight at a time: y =
     * x + 2 in every byte (no carry between bytes), then a byte of y above
     * 53 sets its top bit; the last few one by one. */
    count = (size_t)in->players * RZ_OBS_SLOTS;
    for (i = 0; i + 8 <= count; i += 8) {
        memcpy(&x, card + i, sizeof x);
        y = ((x & ~high) + 2 * ones) ^ (x & high);
        bad |= ((y + (127 - 53) * ones) | y) & high;
    }
    for (; i < count; i++)
        bad |= (uint8_t)(card[i] + 2u) >= 54u;
    return bad ? -1 : 0;
}

/* Set (v = 1) or clear (v = 0) the floats of card slot value c at `at`. */
static inline void rz_obs_card_(float *at, unsigned c, float v)
{
    if (c < 52u) {
        at[c >> 2] = v;       /* rank: code = 4 * rank + suit */
        at[13 + (c & 3u)] = v; /* suit */
    } else if (c == RZ_OBS_HIDDEN) {
        at[17] = v;
    }
}

static inline float rz_obs_amount_(int64_t chips, int64_t unit)
{
    return (float)((double)chips / (double)unit);
}

/* The layout, written once: bring `out` from the tensor of `old` to the
 * tensor of `in` (in checked; old of the same players and unit, its fields
 * checked), writing only the fields that differ.  old == NULL: `out` is all
 * zero (nothing written yet). */
static inline void rz_obs_patch_(const rz_obs_input *old, const rz_obs_input *in, float *out)
{
    const size_t P = (size_t)in->players;
    const size_t cards = 2 * P + RZ_OBS_STREETS;
    const size_t community = cards + P * RZ_OBS_SLOTS * RZ_OBS_CARD_WIDTH;
    const size_t folded = community + 17, stacks = folded + P, bets = stacks + P;
    const size_t pot = bets + P, to_call = pot + 1, betting = to_call + 1;
    size_t s, k, t;
    if (!old || old->seat != in->seat) {
        if (old)
            out[old->seat] = 0.0f;
        out[in->seat] = 1.0f;
    }
    if (!old || old->actor != in->actor) {
        if (old && old->actor >= 0)
            out[P + (size_t)old->actor] = 0.0f;
        if (in->actor >= 0)
            out[P + (size_t)in->actor] = 1.0f;
    }
    if (!old || old->street != in->street) {
        if (old)
            out[2 * P + (size_t)(old->street - 3)] = 0.0f;
        out[2 * P + (size_t)(in->street - 3)] = 1.0f;
    }
    for (s = 0; s < P; s++) {
        if (old && memcmp(old->cards[s], in->cards[s], RZ_OBS_SLOTS) == 0)
            continue;
        for (k = 0; k < RZ_OBS_SLOTS; k++)
            if (!old || old->cards[s][k] != in->cards[s][k]) {
                float *at = out + cards + (s * RZ_OBS_SLOTS + k) * RZ_OBS_CARD_WIDTH;
                if (old)
                    rz_obs_card_(at, old->cards[s][k], 0.0f);
                rz_obs_card_(at, in->cards[s][k], 1.0f);
            }
    }
    if (!old || old->community != in->community) {
        if (old)
            rz_obs_card_(out + community, old->community, 0.0f);
        rz_obs_card_(out + community, in->community, 1.0f);
    }
    for (s = 0; s < P; s++) {
        if (!old || old->folded[s] != in->folded[s])
            out[folded + s] = in->folded[s] ? 1.0f : 0.0f;
        if (!old || old->stacks[s] != in->stacks[s])
            out[stacks + s] = rz_obs_amount_(in->stacks[s], in->unit);
        if (!old || old->bets[s] != in->bets[s])
            out[bets + s] = rz_obs_amount_(in->bets[s], in->unit);
    }
    if (!old || old->pot != in->pot)
        out[pot] = rz_obs_amount_(in->pot, in->unit);
    if (!old || old->to_call != in->to_call)
        out[to_call] = rz_obs_amount_(in->to_call, in->unit);
    for (t = 0; t < RZ_OBS_STREETS; t++) { /* a street's counts compared at once, */
        const uint16_t *now = &in->betting[t][0][0];
        const size_t count = P * RZ_OBS_KINDS; /* then four at a time */
        float *at = out + betting + t * count;
        if (!old) {
            for (k = 0; k < count; k++)
                if (now[k] != 0)
                    at[k] = (float)now[k];
        } else if (memcmp(old->betting[t], now, sizeof in->betting[t]) != 0) {
            const uint16_t *was = &old->betting[t][0][0];
            for (k = 0; k < count; k += 4) { /* k + 4 <= 24 entries of the street */
                uint64_t a, b;
                memcpy(&a, was + k, sizeof a);
                memcpy(&b, now + k, sizeof b);
                if (a != b)
                    for (s = k; s < k + 4 && s < count; s++)
                        if (was[s] != now[s])
                            at[s] = (float)now[s];
            }
        }
    }
}

/* Write the tensor of `in` into out[0 .. rz_obs_size(players)).  Returns 0,
 * or -1 (out untouched) when `in` is invalid or `len` is too small. */
static inline int rz_obs_write(const rz_obs_input *in, float *out, size_t len)
{
    size_t size;
    if (in == NULL || out == NULL || rz_obs_check(in) != 0)
        return -1;
    size = rz_obs_size(in->players);
    if (len < size)
        return -1;
    memset(out, 0, size * sizeof *out);
    rz_obs_patch_(NULL, in, out);
    return 0;
}

/* Keep a tensor up to date: `out` holds the tensor of `old` (written from
 * it by rz_obs_write or rz_obs_update, and not touched since); make it the
 * tensor of `in` by writing only the fields that differ.  An `old` that is
 * NULL, or of other players or unit (e.g. all zero: nothing written yet),
 * gets the whole tensor written.  The result is bit for bit that of
 * rz_obs_write(in).  Returns 0, or -1 (out untouched) as rz_obs_write. */
static inline int rz_obs_update(const rz_obs_input *old, const rz_obs_input *in, float *out,
                                size_t len)
{
    if (in == NULL || out == NULL || rz_obs_check(in) != 0)
        return -1;
    if (len < rz_obs_size(in->players))
        return -1;
    /* old's cards are only cleared (never an index past their 18 floats) */
    if (old == NULL || old->players != in->players || old->unit != in->unit ||
        rz_obs_check_fields_(old) != 0)
        return rz_obs_write(in, out, len);
    rz_obs_patch_(old, in, out);
    return 0;
}

#endif /* RAZZ_OBS_H */
