# Included by _core.pyx: the tracker's count of a hand (src/razz_tally.h), the
# one rule for each statistic of razzcore.stats.  The PokerStars reader
# tallies the hands it replays (_pokerstars.pxi, asked with tally=True);
# _tally_hand counts an engine Hand from its history.

cdef extern from "razz_tally.h" nogil:
    ctypedef struct rz_tally:
        int n
        uint8_t dealt[8]
        int64_t c[8][17]
    int RZ_TALLY_COUNT
    const char *rz_tally_names[]
    int TALLY_DEAL "RZ_EV_DEAL"
    int TALLY_BOARD "RZ_EV_BOARD"
    int TALLY_ANTE "RZ_EV_ANTE"
    int TALLY_POST "RZ_POST"
    int TALLY_FOLD "RZ_FOLD"
    int TALLY_CALL "RZ_CALL"
    int TALLY_RAISE "RZ_RAISE"
    void rz_tally_start(rz_tally *t, int n, const int64_t *stacks, const uint8_t *dealt,
                        const uint8_t *away)
    void rz_tally_event(rz_tally *t, int kind, int s, int cards, int64_t value)
    void rz_tally_end(rz_tally *t, const uint8_t *folded, const int64_t *payoffs, int npots,
                      const uint32_t *eligible, const int64_t (*paid)[8])


TALLY_COUNTS = tuple(rz_tally_names[k].decode() for k in range(RZ_TALLY_COUNT))
"""The counts of a seat in a hand, in the order :func:`_tally_hand` and the
PokerStars reader give them (``src/razz_tally.h`` defines each)."""

assert len(TALLY_COUNTS) == 17  # the size rz_tally's counts are declared with here


cdef list _tally_counts(const rz_tally *t):
    """Each seat's counts (a tuple in :data:`TALLY_COUNTS` order), ``None``
    for a seat not dealt in."""
    cdef int s
    cdef const int64_t *c
    out = []
    for s in range(t.n):
        if not t.dealt[s]:
            out.append(None)
            continue
        c = t.c[s]
        out.append((c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10],
                    c[11], c[12], c[13], c[14], c[15], c[16]))
    return out


def _tally_hand(hand):
    """The counts of a finished engine ``Hand`` (:class:`razzcore.engine.hand.Hand`),
    from its history (its event log), folds, payoffs, pots and awards: for
    each seat a tuple in :data:`TALLY_COUNTS` order, ``None`` for a seat
    not dealt in.

    >>> from razzcore.engine.hand import Hand
    >>> from razzcore.engine.rules import Rules
    >>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd")
    >>> h.act("pb"); h.act("f")
    >>> [dict(zip(TALLY_COUNTS, c))["net"] for c in _tally_hand(h)]
    [2, -2]
    """
    cdef rz_tally t
    cdef int64_t stacks[8]
    cdef int64_t payoffs[8]
    cdef int64_t paid[8][8]
    cdef uint8_t dealt[8]
    cdef uint8_t away[8]
    cdef uint8_t folded[8]
    cdef uint32_t eligible[8]
    cdef int n, s, npots = 0, kind, cards
    cdef int64_t value
    start = hand.starting_stacks
    n = len(start)
    if not 0 < n <= 8:
        raise SeatError(f"a hand of {n} seats cannot be counted (1 to 8)")
    memset(dealt, 0, sizeof(dealt))
    memset(away, 0, sizeof(away))
    memset(folded, 0, sizeof(folded))
    memset(payoffs, 0, sizeof(payoffs))
    memset(paid, 0, sizeof(paid))
    memset(eligible, 0, sizeof(eligible))
    for s, flag in enumerate(hand.dealt_in):
        stacks[s] = start[s]
        dealt[s] = 1 if flag else 0
    for s in hand.absent:
        away[s] = 1
    rz_tally_start(&t, n, stacks, dealt, away)
    for e in hand._log:
        name = e[0]
        s = -1
        cards = 0
        value = 0
        if name == "dh":
            kind, s, cards = TALLY_DEAL, e[1], len(e[2])
        elif name == "cc":
            kind, s, value = TALLY_CALL, e[1], e[2]
        elif name == "cbr":
            kind, s = TALLY_RAISE, e[1]
        elif name == "f":
            kind, s = TALLY_FOLD, e[1]
        elif name == "pb":
            kind, s, value = TALLY_POST, e[1], e[2]
        elif name == "ante":
            kind, s, value = TALLY_ANTE, e[1], e[2]
        elif name == "db":
            kind = TALLY_BOARD
        else:  # returned wagers, shows, cards given before the hand
            continue
        rz_tally_event(&t, kind, s, cards, value)
    for s, flag in enumerate(hand.folded):
        folded[s] = 1 if flag else 0
    for s, value in enumerate(hand.payoffs or ()):
        payoffs[s] = value
    for pot in hand.pots:
        if npots < 8:
            for s in pot.eligible:
                eligible[npots] |= 1u << s
        npots += 1
    for award in hand.awards:
        if 0 <= award.pot < 8:
            paid[award.pot][award.seat] += award.amount
    rz_tally_end(&t, folded, payoffs, min(npots, 8), eligible, paid)
    return _tally_counts(&t)
