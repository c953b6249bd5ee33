/*
 * razz_engine_state.h - the razz hand state machine's record (C99, header
 * only).
 *
 * What the machine's steps share: the phases, the action kinds, the reason
 * codes of a refused action, the events a step reports (rz_events), the rules
 * as C values (rz_rules), a pot, the per-hand struct (rz_hand, declared once
 * by the RZ_HAND_FIELDS X-macro) and its field table.  razz_engine.h, the
 * machine, includes it; see there for the rules each step implements.
 */
#ifndef RAZZ_ENGINE_STATE_H
#define RAZZ_ENGINE_STATE_H

#include <stddef.h>
#include <stdint.h>
#include "razz_eval.h"

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

#endif /* RAZZ_ENGINE_STATE_H */
