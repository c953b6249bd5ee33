# Included by _core.pyx: the C razz hand state machine (src/razz_engine.h)
# seen from Python: EngineHand (one hand stepped from Python: tests, the
# differential check against razzcore.hand.Hand, recording simulated hands)
# and the simulator's chunk loop, which plays whole hands without the GIL.

from libc.stdint cimport int8_t, int32_t

cdef extern from "razz_engine.h" nogil:
    ctypedef struct rz_rules:
        int64_t ante, bring_in, small_bet, big_bet, max_bets, hu_max
        int hu_uncapped, may_complete, half_bet, full_bet, open_fold, call_bring_in
        int has_bring, completion_increment, burn_cards, shortage_tda, forced_next
        int showdown_aggressor, later_suit, odd_chip, face_up_all_in, bring_suit
        int next_best_board, losers_may_muck, reveal_all, deal_start, deal_in_absent
        uint8_t suit_rank[4]
    ctypedef struct rz_hand:
        int32_t n, street, phase, actor, nsd
        int64_t won[8]
    ctypedef struct rz_rng:
        uint64_t s[4]
    ctypedef struct rz_field:
        const char *name
        size_t offset
        int size, is_signed, count
    const rz_field *RZ_HAND_FIELD_TABLE
    const int RZ_HAND_NFIELDS
    const int RZ_SHOW
    int rz_hand_start(rz_hand *h, const rz_rules *rules, int n, const int64_t *stacks,
                      const uint8_t *absent, const uint8_t *deck, int64_t rake)
    unsigned rz_hand_options(const rz_hand *h, int64_t *cbr)
    int rz_hand_apply(rz_hand *h, int kind, int64_t total, int alias)
    void rz_hand_payoffs(const rz_hand *h, int64_t *out)
    void rz_rng_seed(rz_rng *g, uint64_t seed, uint64_t stream)
    void rz_shuffle_deck(rz_rng *g, uint8_t *deck, int count)
    int rz_policy_decide(const rz_hand *h, int policy, rz_rng *g, unsigned mask)
    int rz_play_hand(rz_hand *h, const rz_rules *rules, int n, const int64_t *stacks,
                     const int *policy, rz_rng *g, int64_t *out)
    int rz_basic_decide(int seat, int n, const uint8_t *mine, int nmine,
                        const uint8_t *boards, const uint8_t *nboard,
                        const uint8_t *in_hand, const int64_t *bets, int street,
                        unsigned mask, int limit)

#: Action kinds of the C engine (bits of a legal mask: ``1 << kind``).
ENGINE_FOLD, ENGINE_POST, ENGINE_CALL, ENGINE_RAISE = 0, 1, 2, 3
#: The simulator's built-in policies by name.
ENGINE_POLICIES = {"random": 0, "calldown": 1, "basic": 2}
_ODD_CHIP = {"high_card_in_hand": 0, "low_card_all_cards": 1, "position": 2}
_KIND_TEXT = ("f", "pb", "cc", "cbr")


cdef int _fill_rules(rz_rules *r, rules) except -1:
    """The C values of a validated :class:`razzcore.rules.Rules`."""
    memset(r, 0, sizeof(rz_rules))
    r.ante = rules.ante
    r.bring_in = rules.bring_in
    r.small_bet = rules.small_bet
    r.big_bet = rules.big_bet
    r.max_bets = min(rules.max_bets_per_round, 1 << 62)
    hu = rules.heads_up_max_bets
    r.hu_max = -1 if hu is None else min(hu, 1 << 62)
    r.hu_uncapped = rules.heads_up_uncapped
    r.may_complete = rules.bring_in_may_complete
    r.half_bet = rules.short_all_in_rule == "half_bet"
    r.full_bet = rules.short_all_in_rule == "full_bet"
    r.open_fold = rules.allow_open_fold
    r.call_bring_in = rules.allow_call_bring_in
    r.has_bring = rules.has_bring_in
    r.completion_increment = rules.short_completion_measure == "completion_increment"
    r.burn_cards = rules.burn_cards
    r.shortage_tda = rules.seventh_street_shortage == "tda_rp10h"
    r.forced_next = rules.all_in_bring_in == "forced_next"
    r.showdown_aggressor = rules.showdown_order == "last_aggressor_else_first_actor"
    r.later_suit = rules.later_street_tiebreak == "high_card_by_suit"
    r.odd_chip = _ODD_CHIP[rules.odd_chip_rule]
    r.face_up_all_in = rules.face_up_all_in
    r.bring_suit = rules.bring_in_tiebreak == "suit"
    r.next_best_board = rules.first_actor_all_in == "next_best_board"
    r.losers_may_muck = rules.losers_may_muck
    r.reveal_all = rules.reveal_all_at_showdown
    r.deal_start = rules.deal_start_seat - 1
    r.deal_in_absent = rules.deal_in_absent_players
    for i, suit in enumerate(rules.suit_order):
        r.suit_rank["cdhs".index(suit)] = i
    return 0


cdef int _fill_stacks(int64_t *out, stacks) except -1:
    """Copy 2..8 validated stacks (ints in 0..MAX_CHIPS); returns how many."""
    cdef Py_ssize_t n = len(stacks), s
    if not 2 <= n <= 8:
        raise RulesError(f"a table has 2..8 seats, not {n}")
    for s in range(n):
        v = stacks[s]
        if type(v) is not int or not 0 <= v <= (1 << 53):
            raise RulesError(f"stacks must be ints in 0..MAX_CHIPS (2**53), not {brief(v)}")
        out[s] = v
    return <int>n


cdef class EngineHand:
    """One hand of the C state machine (``src/razz_engine.h``), stepped from
    Python by action kind: what :func:`razzcore.simulate` records and what
    the tests compare with :class:`razzcore.hand.Hand`.

    ``EngineHand(rules, stacks, deck, absent=(), rake=0)``: ``deck`` is all
    52 card codes, top first (the order :class:`~razzcore.hand.Hand` deals an
    explicit deck in).

    >>> from razzcore.rules import Rules
    >>> from razzcore.cards import parse_cards
    >>> deck = list(parse_cards("2c 3c 4c 5c Kd Qd"))
    >>> deck += [c for c in range(52) if c not in deck]
    >>> h = EngineHand(Rules(2, 5, 10, 20), [50, 50], deck)
    >>> h.actor, h.options()
    (0, (10, 10))
    >>> h.apply(ENGINE_POST), h.apply(ENGINE_FOLD), h.payoffs()
    (0, 0, (2, -2))
    """

    cdef rz_hand h

    def __cinit__(self):
        self.h.actor = -1  # made with __new__ alone: no hand, nobody to act

    def __init__(self, rules, stacks, deck, absent=(), rake=0):
        cdef rz_rules r
        cdef int64_t st[8]
        cdef uint8_t away[8]
        cdef uint8_t cards[52]
        cdef int n, i
        _fill_rules(&r, rules)
        n = _fill_stacks(st, stacks)
        memset(away, 0, sizeof(away))
        for s in absent:
            if type(s) is not int or not 0 <= s < n:
                raise RulesError(f"absent seats must be seat indexes 0..{n - 1}, not {brief(s)}")
            away[<int>s] = 1
        if len(deck) != 52:
            raise RulesError(f"the engine takes a whole deck of 52 cards, not {len(deck)}")
        for i in range(52):
            c = deck[i]
            if type(c) is not int or not 0 <= c < 52:
                raise RulesError(f"bad card code {brief(c)}")
            cards[i] = c
        if type(rake) is not int or not 0 <= rake <= (1 << 53):
            raise RulesError(f"rake must be an int in 0..MAX_CHIPS (2**53), not {brief(rake)}")
        if rz_hand_start(&self.h, &r, n, st, away, cards, rake) != 0:
            raise RulesError(
                "the engine cannot start this hand (repeated cards, deal_start_seat past "
                "the table, fewer than two seats dealt in, or everyone absent)"
            )

    @property
    def actor(self):
        """The seat to act, or ``None``."""
        return self.h.actor if self.h.actor >= 0 else None

    @property
    def is_over(self):
        """Whether the hand is over."""
        return self.h.actor < 0

    def options(self):
        """``(legal mask, cbr total)`` of the pending decision (mask bits
        ``1 << ENGINE_*``)."""
        cdef int64_t cbr
        cdef unsigned mask = rz_hand_options(&self.h, &cbr)
        return mask, cbr

    def legal_actions(self):
        """The legal actions as the PHH strings :class:`~razzcore.hand.Hand` gives."""
        cdef int64_t cbr
        cdef unsigned mask = rz_hand_options(&self.h, &cbr)
        out = []
        if mask & 1:
            out.append("f")
        if mask & 2:
            out.append("pb")
        elif mask & 4:
            out.append("cc")
        if mask & 8:
            out.append(f"cbr {cbr}")
        return out

    def apply(self, int kind, int64_t total=0, bint alias=False):
        """Apply an action kind for the actor; 0, or the nonzero reason code
        of an illegal action (then nothing changed)."""
        return rz_hand_apply(&self.h, kind, total, alias)

    def payoffs(self):
        """Net result of each seat (meaningful once the hand is over)."""
        cdef int64_t out[8]
        rz_hand_payoffs(&self.h, out)
        return tuple([out[s] for s in range(self.h.n)])

    def state(self):
        """Every field of the C hand (``RZ_HAND_FIELDS``) as a dict: ints,
        and lists of ints for the per-seat and card arrays."""
        cdef const char *base = <const char *>&self.h
        cdef const char *p
        cdef int i, k, count
        cdef rz_field f
        out = {}
        for i in range(RZ_HAND_NFIELDS):
            f = RZ_HAND_FIELD_TABLE[i]
            count = f.count if f.count > 0 else 1
            values = []
            for k in range(count):
                p = base + f.offset + <size_t>k * f.size
                values.append(_read_int(p, f.size, f.is_signed))
            out[f.name.decode("ascii")] = values if f.count > 0 else values[0]
        return out

    def copy(self):
        """An independent copy (the C struct is plain data)."""
        cdef EngineHand new = EngineHand.__new__(EngineHand)
        memcpy(&new.h, &self.h, sizeof(rz_hand))
        return new


cdef object _read_int(const char *p, int size, bint signed):
    cdef int64_t v = 0
    if size == 8:
        return (<const int64_t *>p)[0]
    if size == 4:
        return (<const int32_t *>p)[0] if signed else (<const uint32_t *>p)[0]
    if size == 2:
        return (<const uint16_t *>p)[0]
    return (<const int8_t *>p)[0] if signed else (<const uint8_t *>p)[0]


def basic_decide(Py_ssize_t seat, mine, boards, in_hand, bets, int street, unsigned mask,
                 int limit):
    """BasicRazzPlayer's decision (``rz_basic_decide`` in ``razz_engine.h``,
    the one implementation): ``mine`` = the seat's cards, ``boards`` = every
    seat's up cards, ``in_hand`` = dealt in and not folded, ``bets`` = the
    street's bets, ``mask`` = the legal mask; returns an action kind."""
    cdef uint8_t cards[7]
    cdef uint8_t up[56]
    cdef uint8_t nup[8]
    cdef uint8_t live[8]
    cdef int64_t b[8]
    cdef Py_ssize_t n = len(boards), s, i, k
    if not 2 <= n <= 8 or len(in_hand) != n or len(bets) != n or not 0 <= seat < n:
        raise RulesError("basic_decide: boards, in_hand and bets need one entry per seat")
    k = min(len(mine), 7)
    for i in range(k):
        cards[i] = <uint8_t>(mine[i] & 63)
    memset(up, 0, sizeof(up))
    memset(nup, 0, sizeof(nup))
    memset(live, 0, sizeof(live))
    for s in range(n):
        board = boards[s]
        nup[s] = <uint8_t>min(len(board), 7)
        for i in range(nup[s]):
            up[s * 7 + i] = <uint8_t>(board[i] & 63)
        live[s] = bool(in_hand[s])
        b[s] = bets[s]
    return rz_basic_decide(<int>seat, <int>n, cards, <int>k, up, nup, live, b, street,
                           mask & 15, limit)


def simulate_chunk(rules, stacks, policies, uint64_t seed, uint64_t start, Py_ssize_t count):
    """Play hands ``start .. start + count - 1`` of the stream ``seed`` wholly
    in C, without the GIL: hand ``i`` is dealt and decided by a generator
    seeded with ``(seed, i)`` alone, so a chunk's results never depend on
    how the hands were split.  Returns ``(payoffs, pots_won, showdowns)``:
    the payoffs as native int64 bytes (``count`` rows of one entry per
    seat), how many hands each seat won chips in, and how many hands reached
    a showdown."""
    cdef rz_rules r
    cdef int64_t st[8]
    cdef int64_t won[8]
    cdef int pol[8]
    cdef int n, s, bad = 0
    cdef Py_ssize_t i, showdowns = 0
    cdef rz_hand h
    cdef rz_rng g
    _fill_rules(&r, rules)
    n = _fill_stacks(st, stacks)
    if len(policies) != n:
        raise RulesError(f"{len(policies)} policies for {n} seats")
    for s in range(n):
        pol[s] = policies[s]
        if not 0 <= pol[s] <= 2:
            raise RulesError(f"unknown policy code {pol[s]}")
        won[s] = 0
    if count < 0:
        raise RulesError(f"count must be non-negative, not {count}")
    out = bytearray(count * n * 8)
    cdef int64_t *buf = <int64_t *>(<char *>out) if count else NULL
    with nogil:
        for i in range(count):
            rz_rng_seed(&g, seed, start + <uint64_t>i)
            if rz_play_hand(&h, &r, n, st, pol, &g, buf + i * n) != 0:
                bad = 1
                break
            for s in range(n):
                won[s] += h.won[s] > 0
            showdowns += h.nsd > 0
    if bad:
        raise RulesError("the engine cannot start a hand with these rules and stacks")
    return bytes(out), tuple([won[s] for s in range(n)]), showdowns


def simulate_record(rules, stacks, policies, uint64_t seed, uint64_t index):
    """Hand ``index`` of the stream ``seed`` exactly as :func:`simulate_chunk`
    plays it, with its record: ``(deck, actions, payoffs)`` where ``deck`` is
    the 52 card codes and ``actions`` the PHH action strings."""
    cdef rz_rules r
    cdef int64_t st[8]
    cdef int pol[8]
    cdef int64_t out[8]
    cdef uint8_t deck[52]
    cdef int n, s, m = 0, kind
    cdef unsigned mask
    cdef int64_t cbr
    cdef rz_hand h
    cdef rz_rng g
    _fill_rules(&r, rules)
    n = _fill_stacks(st, stacks)
    if len(policies) != n:
        raise RulesError(f"{len(policies)} policies for {n} seats")
    for s in range(n):
        pol[s] = policies[s]
        if not 0 <= pol[s] <= 2:
            raise RulesError(f"unknown policy code {pol[s]}")
        m += st[s] > 0
    rz_rng_seed(&g, seed, index)
    rz_shuffle_deck(&g, deck, 7 * m + 5)
    if rz_hand_start(&h, &r, n, st, NULL, deck, 0) != 0:
        raise RulesError("the engine cannot start a hand with these rules and stacks")
    actions = []
    while h.actor >= 0 and h.phase < RZ_SHOW:
        mask = rz_hand_options(&h, &cbr)
        kind = rz_policy_decide(&h, pol[h.actor], &g, mask)
        actions.append(f"cbr {cbr}" if kind == 3 else _KIND_TEXT[kind])
        if rz_hand_apply(&h, kind, 0, 0) != 0:
            raise RulesError("the engine refused its own policy's action")
    rz_hand_payoffs(&h, out)
    return [deck[i] for i in range(52)], actions, tuple([out[s] for s in range(n)])
