# Included by _core.pyx: the C razz hand state machine (src/razz_engine.h)
# seen from Python: its declarations (razzcore.Hand steps it, _hand.pxi), its
# field table, the built-in policies and the simulator's chunk loop, which
# plays whole hands without the GIL.

from libc.stdint cimport int8_t, int32_t

cdef extern from "razz_engine.h" nogil:
    enum:
        RZ_FOLD, RZ_POST, RZ_CALL, RZ_RAISE
        RZ_NORMAL, RZ_BRING, RZ_OPEN, RZ_SHOW, RZ_OVER
        RZ_EV_DEAL3, RZ_EV_DEAL, RZ_EV_BOARD, RZ_EV_SHOW, RZ_EV_MUCK, RZ_EV_AWARD
        RZ_EV_ANTE, RZ_EV_RETURN
        RZ_ERR_OVER, RZ_ERR_SHOWDOWN, RZ_ERR_FOLD_BRING, RZ_ERR_CALL_BRING, RZ_ERR_NO_POST
        RZ_ERR_NOT_REOPENED, RZ_ERR_AMOUNT, RZ_ERR_OPEN_FOLD, RZ_ERR_CALL_BRING_IN
        RZ_ERR_SHORT_BRING, RZ_ERR_LONE_BRING, RZ_ERR_NO_COMPLETE, RZ_ERR_SHORT_CALL
        RZ_ERR_CAPPED, RZ_ERR_LONE_RAISE, RZ_ERR_NOT_SHOWDOWN, RZ_ERR_DECIDED, RZ_ERR_NO_MUCK
        RZ_ERR_TURN
        RZ_EV_MAX
    ctypedef struct rz_rules:
        int64_t ante, bring_in, small_bet, big_bet, max_bets, hu_max
        int hu_uncapped, may_complete, half_bet, full_bet, open_fold, call_bring_in
        int has_bring, completion_increment, burn_cards, shortage_tda, forced_next
        int showdown_aggressor, later_suit, odd_chip, face_up_all_in, bring_suit
        int next_best_board, losers_may_muck, reveal_all, deal_start, deal_in_absent
        uint8_t suit_rank[4]
    ctypedef struct rz_pot:
        int64_t amount
        uint32_t eligible
    ctypedef struct rz_hand:
        int32_t n, street, phase, actor, nsd, dpos, community, manual
        int64_t count, high, rake, raked
        int32_t rake_split
        int64_t rake_pot[8]
        int64_t start[8]
        int64_t stacks[8]
        int64_t bets[8]
        int64_t contrib[8]
        int64_t won[8]
        uint8_t dealt[8]
        uint8_t live[8]
        uint8_t exposed[8]
        uint8_t ncards[8]
        uint8_t nup[8]
        int8_t shown[8]
        uint8_t sd_order[8]
        uint16_t rank[8]
        uint8_t cards[56]
        uint8_t up[32]
    ctypedef struct rz_events:
        int count
        uint8_t kind[160]
        uint8_t seat[160]
        uint8_t card[160]
        int64_t value[160]
    ctypedef struct rz_rng:
        uint64_t s[4]
    ctypedef struct rz_field:
        const char *name
        size_t offset
        int size, is_signed, count
    const rz_field *RZ_HAND_FIELD_TABLE
    const int RZ_HAND_NFIELDS
    int rz_hand_start(rz_hand *h, const rz_rules *rules, int n, const int64_t *stacks,
                      const uint8_t *absent, const uint8_t *deck, int64_t rake,
                      const int64_t *rake_pots, int flags, rz_events *ev)
    int rz_start_dealt(rz_hand *h, const rz_rules *rules, int n, const int64_t *stacks,
                       const uint8_t *absent, const uint8_t *deck, int64_t rake,
                       const int64_t *rake_pots, int flags, rz_events *ev)
    unsigned rz_hand_options(const rz_hand *h, int64_t *cbr)
    int rz_hand_apply(rz_hand *h, int kind, int64_t total, int alias, rz_events *ev)
    int rz_hand_show(rz_hand *h, int s, int show, rz_events *ev)
    int rz_hand_may_muck(const rz_hand *h, int s)
    int rz_hand_pots(const rz_hand *h, rz_pot *pots)
    void rz_rng_seed(rz_rng *g, uint64_t seed, uint64_t stream)
    void rz_shuffle_deck(rz_rng *g, uint8_t *deck, int count)
    int rz_policy_decide(const rz_hand *h, int policy, rz_rng *g, unsigned mask)
    ctypedef struct rz_log:
        uint8_t deck[52]
        int count
        uint8_t kind[1024]
        int64_t total[1024]
    int rz_play_hand(rz_hand *h, const rz_rules *rules, int n, const int64_t *stacks,
                     const int *policy, rz_rng *g, int64_t *out, rz_log *log)
    int rz_basic_decide(int seat, int n, const uint8_t *mine, int nmine,
                        const uint8_t *boards, int stride, const uint8_t *nboard,
                        const uint8_t *in_hand, const int64_t *bets, int street,
                        unsigned mask, int limit, int wagers)

#: Action kinds of the C engine (bits of a legal mask: ``1 << kind``).
ENGINE_FOLD, ENGINE_POST, ENGINE_CALL, ENGINE_RAISE = RZ_FOLD, RZ_POST, RZ_CALL, RZ_RAISE
#: The simulator's built-in policies by name.
ENGINE_POLICIES = {"random": 0, "calldown": 1, "basic": 2}


#: The most hands one :func:`simulate_sums` call plays (its 128-bit sums of
#: squares cannot wrap: 2**16 hands of payoffs below 2**56).
SIMULATE_MAX_CHUNK = 1 << 16

#: Bytes in a packed rule set (``sizeof(rz_rules)``; see
#: :func:`razzcore.engine.packing.pack_rules`).
ENGINE_RULES_SIZE = sizeof(rz_rules)


cdef int _fill_rules(rz_rules *r, rules) except -1:
    # Every value is used as a value, never as an index; the amounts are
    # checked as Rules checks them, so no sum of them can overflow.
    cdef int64_t limit = (<int64_t>1) << 62, chips = (<int64_t>1) << 53
    if type(rules) is not bytes or len(<bytes>rules) != sizeof(rz_rules):
        raise RulesError("the engine takes rules packed by razzcore.engine.packing.pack_rules")
    memcpy(r, PyBytes_AS_STRING(rules), sizeof(rz_rules))
    if not (0 <= r.ante <= chips and 0 <= r.bring_in <= chips
            and 0 <= r.small_bet <= chips and 0 <= r.big_bet <= chips
            and 0 <= r.max_bets <= limit and -1 <= r.hu_max <= limit
            and 0 <= r.odd_chip <= 2 and 0 <= r.deal_start < 8):
        raise RulesError("the engine takes rules packed by razzcore.engine.packing.pack_rules")
    return 0

#: The engine's reason codes for a refused action (``RZ_ERR_*``), by name.
ENGINE_REASONS = {
    "over": RZ_ERR_OVER, "showdown": RZ_ERR_SHOWDOWN, "fold_bring": RZ_ERR_FOLD_BRING,
    "call_bring": RZ_ERR_CALL_BRING, "no_post": RZ_ERR_NO_POST,
    "not_reopened": RZ_ERR_NOT_REOPENED, "amount": RZ_ERR_AMOUNT,
    "open_fold": RZ_ERR_OPEN_FOLD, "call_bring_in": RZ_ERR_CALL_BRING_IN,
    "short_bring": RZ_ERR_SHORT_BRING, "lone_bring": RZ_ERR_LONE_BRING,
    "no_complete": RZ_ERR_NO_COMPLETE, "short_call": RZ_ERR_SHORT_CALL,
    "capped": RZ_ERR_CAPPED, "lone_raise": RZ_ERR_LONE_RAISE,
    "not_showdown": RZ_ERR_NOT_SHOWDOWN, "decided": RZ_ERR_DECIDED, "no_muck": RZ_ERR_NO_MUCK,
    "turn": RZ_ERR_TURN,
}


cdef int _fill_stacks(int64_t *out, stacks) except -1:
    # Stacks packed by razzcore.engine.packing.pack_stacks; returns how many.
    cdef Py_ssize_t size, s
    if type(stacks) is not bytes:
        raise RulesError("the engine takes stacks packed by razzcore.engine.packing.pack_stacks")
    size = len(<bytes>stacks)
    if size % 8 or not 16 <= size <= 64:
        raise RulesError("the engine takes stacks packed by razzcore.engine.packing.pack_stacks")
    memcpy(out, PyBytes_AS_STRING(stacks), size)
    for s in range(size // 8):
        if not 0 <= out[s] <= (<int64_t>1 << 53):
            raise RulesError("stacks must be in 0..MAX_CHIPS (2**53)")
    return <int>(size // 8)


cdef int _fill_policies(int *pol, policies, int n) except -1:
    # n policy codes (bytes, each 0..2).
    cdef int s
    if type(policies) is not bytes or len(<bytes>policies) != n:
        raise RulesError("the engine takes one policy code per seat")
    for s in range(n):
        pol[s] = (<const uint8_t *>PyBytes_AS_STRING(policies))[s]
        if pol[s] > 2:
            raise RulesError("unknown policy code")
    return 0


cdef tuple _engine_fields():
    cdef int i
    return tuple([
        (RZ_HAND_FIELD_TABLE[i].name.decode("ascii"), RZ_HAND_FIELD_TABLE[i].offset,
         RZ_HAND_FIELD_TABLE[i].size, bool(RZ_HAND_FIELD_TABLE[i].is_signed),
         RZ_HAND_FIELD_TABLE[i].count)
        for i in range(RZ_HAND_NFIELDS)
    ])


#: The fields of the C hand (``RZ_HAND_FIELDS``): ``(name, offset, size,
#: signed, count)``, count 0 for a scalar.
ENGINE_FIELDS = _engine_fields()


def basic_decide(bytes view):
    """BasicRazzPlayer's decision (``rz_basic_decide``) from a view packed by
    :func:`razzcore.engine.players.BasicRazzPlayer.act`: seat, seats, street, limit,
    mask, cards held, the round's wagers (one byte each), the 7 cards, 8 x 7 board cards, 8 board
    sizes, 8 in-hand flags, 8 native int64 bets."""
    cdef const uint8_t *v = <const uint8_t *>PyBytes_AS_STRING(view)
    if len(view) != 160 or not v[0] < v[1] <= 8:
        raise RulesError("basic_decide: bad packed view")
    return rz_basic_decide(v[0], v[1], v + 8, v[5], v + 15, 7, v + 71, v + 79,
                           <const int64_t *>(v + 96), v[2], v[4] & 15, v[3], v[6])


def simulate_chunk(rules, stacks, policies, uint64_t seed, uint64_t start, Py_ssize_t count,
                   bint record=False):
    """Hands ``start..start+count-1`` of stream ``seed`` in C, without the GIL:
    ``(payoff bytes, pots won per seat, showdowns)``; with ``record`` hand
    ``start`` alone, as ``(deck, kinds, raise totals, payoffs)``."""
    cdef rz_rules r
    cdef int64_t st[8]
    cdef int64_t won[8]
    cdef int pol[8]
    cdef int n, s, bad = 0
    cdef Py_ssize_t i, showdowns = 0
    cdef rz_hand h
    cdef rz_rng g
    cdef rz_log log
    _fill_rules(&r, rules)
    n = _fill_stacks(st, stacks)
    _fill_policies(pol, policies, n)
    if record:
        rz_rng_seed(&g, seed, start)
        if rz_play_hand(&h, &r, n, st, pol, &g, won, &log) != 0:
            raise RulesError(f"the engine could not play hand {start} of seed {seed}")
        if log.count < 0:
            raise RulesError(f"hand {start} of seed {seed} cannot be recorded: it took more "
                             "than 1,024 actions")
        return (PyBytes_FromStringAndSize(<char *>log.deck, 52),
                PyBytes_FromStringAndSize(<char *>log.kind, log.count),
                PyBytes_FromStringAndSize(<char *>log.total, 8 * log.count),
                tuple([won[s] for s in range(n)]))
    memset(won, 0, sizeof(won))
    if count < 0:
        raise RulesError("count must be non-negative")
    out = bytearray(count * n * 8)
    cdef int64_t *buf = <int64_t *>(<char *>out) if count else NULL
    with nogil:
        for i in range(count):
            rz_rng_seed(&g, seed, start + <uint64_t>i)
            if rz_play_hand(&h, &r, n, st, pol, &g, buf + i * n, NULL) != 0:
                bad = 1
                break
            for s in range(n):
                won[s] += h.won[s] > 0
            showdowns += h.nsd > 0
    if bad:
        raise RulesError("the engine cannot start a hand with these rules and stacks")
    return bytes(out), tuple([won[s] for s in range(n)]), showdowns


cdef inline void _add128(uint64_t *lo, uint64_t *hi, uint64_t v) noexcept nogil:
    lo[0] += v
    hi[0] += lo[0] < v


cdef inline void _add_square128(uint64_t *lo, uint64_t *hi, uint64_t u) noexcept nogil:
    # u * u added to (hi, lo), exactly and portably (u < 2**60: a payoff's size).
    cdef uint64_t low = ((<uint64_t>1) << 32) - 1
    cdef uint64_t a = u >> 32, b = u & low
    cdef uint64_t cross = 2 * a * b  # < 2**61
    _add128(lo, hi, b * b)
    _add128(lo, hi, (cross & low) << 32)
    hi[0] += (cross >> 32) + a * a


def simulate_sums(rules, stacks, policies, uint64_t seed, uint64_t start, Py_ssize_t count,
                  bint keep=False):
    """Hands ``start..start+count-1`` of stream ``seed`` in C, without the GIL,
    summed per seat: ``(payoff bytes or None, totals, sums of squares, pots
    won, showdowns)``, the sums exact Python ints (kept in 128 bits in C), the
    payoff bytes (int64, hand by hand, seat by seat) only with ``keep``.
    At most :data:`SIMULATE_MAX_CHUNK` hands per call."""
    cdef rz_rules r
    cdef int64_t st[8]
    cdef int64_t one[8]
    cdef uint64_t pos[16]
    cdef uint64_t neg[16]
    cdef uint64_t sq[16]
    cdef int64_t won[8]
    cdef int pol[8]
    cdef int n, s, bad = 0
    cdef int64_t v
    cdef Py_ssize_t i, showdowns = 0
    cdef rz_hand h
    cdef rz_rng g
    cdef int64_t *buf = NULL
    cdef int64_t *row
    _fill_rules(&r, rules)
    n = _fill_stacks(st, stacks)
    _fill_policies(pol, policies, n)
    if not 0 <= count <= SIMULATE_MAX_CHUNK:
        raise RulesError(f"count must be within 0..{SIMULATE_MAX_CHUNK}")
    memset(won, 0, sizeof(won))
    memset(pos, 0, sizeof(pos))
    memset(neg, 0, sizeof(neg))
    memset(sq, 0, sizeof(sq))
    out = None
    if keep:
        out = bytearray(count * n * 8)
        if count:
            buf = <int64_t *>(<char *>out)
    with nogil:
        for i in range(count):
            rz_rng_seed(&g, seed, start + <uint64_t>i)
            row = buf + i * n if buf != NULL else one
            if rz_play_hand(&h, &r, n, st, pol, &g, row, NULL) != 0:
                bad = 1
                break
            for s in range(n):
                v = row[s]
                if v >= 0:
                    _add128(&pos[2 * s], &pos[2 * s + 1], <uint64_t>v)
                    _add_square128(&sq[2 * s], &sq[2 * s + 1], <uint64_t>v)
                else:
                    _add128(&neg[2 * s], &neg[2 * s + 1], <uint64_t>(-v))
                    _add_square128(&sq[2 * s], &sq[2 * s + 1], <uint64_t>(-v))
                won[s] += h.won[s] > 0
            showdowns += h.nsd > 0
    if bad:
        raise RulesError("the engine cannot start a hand with these rules and stacks")
    return (
        bytes(out) if keep else None,
        tuple([((<object>pos[2 * s + 1]) << 64 | pos[2 * s])
               - ((<object>neg[2 * s + 1]) << 64 | neg[2 * s]) for s in range(n)]),
        tuple([(<object>sq[2 * s + 1]) << 64 | sq[2 * s] for s in range(n)]),
        tuple([won[s] for s in range(n)]),
        showdowns,
    )
