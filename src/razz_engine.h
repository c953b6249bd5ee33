/*
 * razz_engine.h - razzcore's razz hand state machine in C99 (header only).
 *
 * One rz_hand holds a whole hand (no pointers, no Python objects: copy it
 * with memcpy, keep arrays of them, step them without the GIL).  The rules
 * are R1-R24 of the rules specification; each function below cites the rule
 * it implements:
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
 */
#ifndef RAZZ_ENGINE_H
#define RAZZ_ENGINE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "razz_eval.h"
#include "razz_rng.h"

#define RZ_SEATS 8

/* The entry points are compiled once, not inlined into every caller. */
#if defined(__GNUC__) || defined(__clang__)
#  define RZ_ENTRY static __attribute__((noinline, unused))
#elif defined(_MSC_VER)
#  define RZ_ENTRY static __declspec(noinline)
#else
#  define RZ_ENTRY RZ_INLINE
#endif

/* Phases. */
enum { RZ_NORMAL = 0, RZ_BRING = 1, RZ_OPEN = 2, RZ_SHOW = 3, RZ_OVER = 4 };
/* Action kinds (also the bits of a legal mask: 1 << kind). */
enum { RZ_FOLD = 0, RZ_POST = 1, RZ_CALL = 2, RZ_RAISE = 3 };
/* Why an action is illegal (0 = applied; nothing changed otherwise).  The
 * Python face words each code once (razzcore/engine/hand.py, _WHY). */
enum {
    RZ_OK = 0,
    RZ_ERR_OVER = 1,          /* the hand is over */
    RZ_ERR_SHOWDOWN = 2,      /* a betting action at the showdown */
    RZ_ERR_FOLD_BRING = 3,    /* R7: post (or complete) the bring-in first */
    RZ_ERR_CALL_BRING = 4,    /* R7: post (or complete) first, nobody checks */
    RZ_ERR_NO_POST = 5,       /* no bring-in to post */
    RZ_ERR_NOT_REOPENED = 6,  /* R15: no full raise since p acted */
    RZ_ERR_AMOUNT = 7,        /* a raise total other than the legal one */
    RZ_ERR_OPEN_FOLD = 8,     /* nobody bet and allow_open_fold is off */
    RZ_ERR_CALL_BRING_IN = 9, /* R9: allow_call_bring_in is off */
    RZ_ERR_SHORT_BRING = 10,  /* R7: the stack does not exceed the bring-in */
    RZ_ERR_LONE_BRING = 11,   /* R17: nobody could answer a completion */
    RZ_ERR_NO_COMPLETE = 12,  /* R7: bring_in_may_complete is off */
    RZ_ERR_SHORT_CALL = 13,   /* the stack only covers a call */
    RZ_ERR_CAPPED = 14,       /* R11: the betting is capped */
    RZ_ERR_LONE_RAISE = 15,   /* R17: nobody could answer a raise */
    RZ_ERR_NOT_SHOWDOWN = 16, /* a show or muck before the showdown */
    RZ_ERR_DECIDED = 17,      /* R20: the seat already showed or mucked */
    RZ_ERR_NO_MUCK = 18,      /* R20.3, R20.5: the seat must show */
    RZ_ERR_TURN = 19          /* another seat is due to show */
};
/* Compatibility names: a fold, call or raise that is not offered. */
#define RZ_ERR_NO_FOLD RZ_ERR_FOLD_BRING
#define RZ_ERR_NO_CALL RZ_ERR_CALL_BRING
#define RZ_ERR_NO_RAISE RZ_ERR_NOT_REOPENED

/* What a step did, in order, for a reader that keeps a history (the Python
 * face; the simulator passes NULL): player actions use the action kinds
 * RZ_FOLD..RZ_RAISE (value = the chips a post or call put in, a raise's
 * street total, with the round's full wagers before it in card: 0 makes it
 * the completion or the bet), then the dealer's, the showdown's and the chips' events.
 * One step emits at most 8 antes, 8 deals of 3rd street, a bring-in and 8
 * folds (R23), 4 streets of 8 cards and 4 returned wagers, 8 shows and 64
 * awards: RZ_EV_MAX bounds them all. */
enum {
    RZ_EV_DEAL3 = 4,  /* seat's three 3rd-street cards */
    RZ_EV_DEAL = 5,   /* one card (card) to seat */
    RZ_EV_BOARD = 6,  /* the community card (card), R18 */
    RZ_EV_SHOW = 7,   /* seat shows at the showdown */
    RZ_EV_MUCK = 8,   /* seat mucks */
    RZ_EV_AWARD = 9,  /* value chips to seat from pot number card */
    RZ_EV_ANTE = 10,  /* seat antes value chips (R3) */
    RZ_EV_RETURN = 11 /* value chips of seat's wager nobody matched come back (R17) */
};
#define RZ_EV_MAX 160
typedef struct {
    int count;
    uint8_t kind[RZ_EV_MAX], seat[RZ_EV_MAX], card[RZ_EV_MAX];
    int64_t value[RZ_EV_MAX];
} rz_events;

RZ_INLINE void rz_emit(rz_events *ev, int kind, int seat, int card, int64_t value)
{
    if (ev != NULL && ev->count >= 0 && ev->count < RZ_EV_MAX) {
        ev->kind[ev->count] = (uint8_t)kind;
        ev->seat[ev->count] = (uint8_t)seat;
        ev->card[ev->count] = (uint8_t)card;
        ev->value[ev->count] = value;
        ev->count++;
    }
}
/* Odd-chip rules (R21). */
enum { RZ_ODD_HIGH_CARD = 0, RZ_ODD_LOW_CARD = 1, RZ_ODD_POSITION = 2 };

/* The rules as C values (filled from a validated razzcore.Rules). */
typedef struct {
    int64_t ante, bring_in, small_bet, big_bet;
    int64_t max_bets;      /* R11 cap (clamped to 2**62) */
    int64_t hu_max;        /* heads-up cap, -1 = none */
    int hu_uncapped, may_complete, half_bet, full_bet, open_fold, call_bring_in;
    int has_bring, completion_increment, burn_cards, shortage_tda;
    int forced_next;       /* all_in_bring_in == "forced_next" */
    int showdown_aggressor; /* showdown_order == "last_aggressor_else_first_actor" */
    int later_suit;        /* later_street_tiebreak == "high_card_by_suit" */
    int odd_chip;          /* RZ_ODD_* */
    int face_up_all_in, bring_suit, next_best_board, losers_may_muck, reveal_all;
    int deal_start;        /* 0-based deal-start seat */
    int deal_in_absent;
    uint8_t suit_rank[4];  /* suit (0=c..3=s) -> place in suit_order, lowest 0 */
} rz_rules;

/* A pot (R16): amount and a bit mask of the eligible seats. */
typedef struct {
    int64_t amount;
    uint32_t eligible;
} rz_pot;

/* The per-hand state, declared once.  RZ_HAND_FIELDS(X) lists every field
 * as X(type, name) (a scalar) or A(type, name, count) (an array): the struct
 * below and the field table (RZ_HAND_FIELD_TABLE, which the Python side reads
 * for its state dict) derive from it. */
#define RZ_HAND_FIELDS(X, A)                                                    \
    X(int32_t, n)            /* seats at the table (2..8) */              \
    X(int32_t, m)            /* seats dealt in */                         \
    X(int32_t, street)       /* 3..7 */                                   \
    X(int32_t, phase)        /* RZ_NORMAL..RZ_OVER */                     \
    X(int32_t, actor)        /* seat to act, -1 none */                   \
    X(int32_t, aggressor)    /* last bettor/raiser of the round, -1 */    \
    X(int32_t, first_actor)  /* first to act in the last round */        \
    X(int32_t, round_street) /* street of the last betting round */      \
    X(int32_t, sixth_first)  /* 6th-street opener, -1 */                  \
    X(int32_t, capped_multi) /* cap reached with 3+ players (R11) */      \
    X(int32_t, dpos)         /* next deck position */                     \
    X(int32_t, nburns)                                                    \
    X(int32_t, community)    /* R18 community card, -1 none */            \
    X(int32_t, npots)                                                     \
    X(int32_t, nsd)          /* seats in the showing order */             \
    X(int32_t, manual)       /* shows and mucks are decided by the caller */ \
    X(int32_t, any_order)    /* PHH replay: a seat may show out of turn */ \
    X(int64_t, u)            /* bet size of the street */                 \
    X(int64_t, high)         /* largest street contribution */            \
    X(int64_t, level)        /* total of the last full wager */           \
    X(int64_t, count)        /* full wagers this street */                \
    X(int64_t, rake)         /* the most the house takes */               \
    X(int64_t, raked)        /* what it took */                           \
    X(int32_t, rake_split)   /* the rake is given pot by pot (rake_pot) */ \
    A(int64_t, rake_pot, RZ_SEATS) /* each pot's rake, main pot first */  \
    A(int64_t, start, RZ_SEATS)                                              \
    A(int64_t, stacks, RZ_SEATS)                                             \
    A(int64_t, bets, RZ_SEATS)                                               \
    A(int64_t, contrib, RZ_SEATS)                                            \
    A(int64_t, last, RZ_SEATS)  /* bet when the seat last acted */           \
    A(int64_t, won, RZ_SEATS)   /* chips awarded */                          \
    A(uint8_t, dealt, RZ_SEATS)                                              \
    A(uint8_t, live, RZ_SEATS)                                               \
    A(uint8_t, absent, RZ_SEATS)                                             \
    A(uint8_t, acted, RZ_SEATS)                                              \
    A(uint8_t, reopen, RZ_SEATS)                                             \
    A(uint8_t, exposed, RZ_SEATS)                                            \
    A(uint8_t, ncards, RZ_SEATS)                                             \
    A(uint8_t, nup, RZ_SEATS)                                                \
    A(uint8_t, order, RZ_SEATS) /* clockwise from the deal-start seat */     \
    A(uint8_t, pos, RZ_SEATS)   /* each seat's place in order */             \
    A(int8_t, shown, RZ_SEATS)  /* showdown: -1 pending, 0 mucked, 1 shown */ \
    A(uint8_t, sd_order, RZ_SEATS)                                           \
    A(uint16_t, rank, RZ_SEATS) /* evaluator rank at the showdown */         \
    A(uint8_t, cards, RZ_SEATS * 7) /* each seat's cards, deal order */      \
    A(uint8_t, up, RZ_SEATS * 4)    /* each seat's up cards */               \
    A(uint8_t, deck, 52)                                                     \
    A(uint8_t, burns, 4)

#define RZ_DECLARE_SCALAR(type, name) type name;
#define RZ_DECLARE_FIELD(type, name, count) type name[count];
typedef struct {
    rz_rules r;
    RZ_HAND_FIELDS(RZ_DECLARE_SCALAR, RZ_DECLARE_FIELD)
    rz_pot pots[RZ_SEATS];
} rz_hand;
#undef RZ_DECLARE_SCALAR
#undef RZ_DECLARE_FIELD

/* The field table: name, offset, element size, signedness, count (0 for a
 * scalar). */
typedef struct {
    const char *name;
    size_t offset;
    int size, is_signed, count;
} rz_field;
#define RZ_FIELD_ENTRY(type, name, count) \
    {#name, offsetof(rz_hand, name), (int)sizeof(type), ((type)-1 < 0), count},
#define RZ_SCALAR_ENTRY(type, name) RZ_FIELD_ENTRY(type, name, 0)
static const rz_field RZ_HAND_FIELD_TABLE[] = {
    RZ_HAND_FIELDS(RZ_SCALAR_ENTRY, RZ_FIELD_ENTRY)
};
#undef RZ_SCALAR_ENTRY
#undef RZ_FIELD_ENTRY
#define RZ_HAND_NFIELDS ((int)(sizeof RZ_HAND_FIELD_TABLE / sizeof RZ_HAND_FIELD_TABLE[0]))

/* The field table and its length (for readers outside C). */
RZ_INLINE const rz_field *rz_hand_fields(int *count)
{
    *count = RZ_HAND_NFIELDS;
    return RZ_HAND_FIELD_TABLE;
}

#define RZ_CLAMP ((int64_t)1 << 62)
#define RZ_UNLIMITED ((int64_t)1 << 30)
#define RZ_S(x) ((unsigned)(x) & 7u) /* a seat index, bounded */
#define RZ_N(h) ((h)->n < RZ_SEATS ? (h)->n : RZ_SEATS) /* seats, bounded */

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

/* ------------------------------------------------------------ policies */

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
