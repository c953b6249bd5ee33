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


# The most chips of a full table (8 seats of MAX_CHIPS): the bound of a
# payoff and of an award read from a hand.
cdef int64_t _TALLY_TABLE = (<int64_t>8) << 53


cdef int _tally_index(object value, int n) except -2:
    """``value`` when it is an index below ``n`` (an int in ``0..n-1``: a
    seat, a pot), else -1: the check of every index :func:`_tally_hand`
    reads from a hand before it indexes the count's arrays with it."""
    cdef int overflow = 0
    cdef long long x
    if type(value) is not int:
        return -1
    x = PyLong_AsLongLongAndOverflow(value, &overflow)
    return <int>x if not overflow and 0 <= x < n else -1


cdef bint _tally_amount(object value, int64_t lo, int64_t hi, int64_t *out) except -1:
    """Store ``value`` in ``out[0]`` and return True when it is an int in
    ``lo..hi`` (chips), else return False."""
    cdef int overflow = 0
    cdef long long x
    if type(value) is not int:
        return False
    x = PyLong_AsLongLongAndOverflow(value, &overflow)
    if overflow or not lo <= x <= hi:
        return False
    out[0] = x
    return True


cdef tuple _tally_tuple(object value, str field):
    """``value`` (a sequence a hand gives, indexed) as a tuple, which cannot
    change size while it is read, or RazzError naming ``field``."""
    if type(value) is tuple:
        return <tuple>value
    try:
        return tuple(value)
    except TypeError:
        raise _tally_no_items(field, value) from None


cdef object _tally_items(object value):
    """``value`` (a sequence a hand gives, only iterated) itself when a list
    or a tuple, else as a tuple; None when it is not iterable."""
    if type(value) is tuple or type(value) is list:
        return value
    try:
        return tuple(value)
    except TypeError:
        return None


cdef object _tally_no_items(str field, object value):
    return RazzError(f"{field}: expected a sequence, not {brief(value)}")


cdef object _tally_no_seat(str field, object value, int n):
    return SeatError(f"{field}: no seat {brief(value)}: this hand has seats 0..{n - 1}")


cdef object _tally_no_chips(str field, object value, int64_t lo, int64_t hi):
    return RazzError(f"{field}: expected an int of chips in {lo:,}..{hi:,}, not {brief(value)}")


def _tally_hand(hand):
    """The counts of a finished engine ``Hand`` (:class:`razzcore.engine.hand.Hand`),
    from its history (its event log), folds, payoffs, pots and awards: for
    each seat a tuple in :data:`TALLY_COUNTS` order, ``None`` for a seat
    not dealt in.

    Each value is checked as it is read, whatever object ``hand`` is: a seat
    outside ``0..n-1`` (``n`` seats, 1 to 8) raises :class:`SeatError`; a
    sequence of the wrong length, a log entry too short for its kind, more
    than 7 cards dealt to a seat, more than 8 pots, an award from a pot
    outside ``0..7`` or chips that are not an int in range (stacks and
    wagers ``0..MAX_CHIPS``, payoffs and awards within a full table's chips)
    raise :class:`RazzError`, each naming the field and the value.

    >>> from razzcore.engine.hand import Hand
    >>> from razzcore.engine.rules import Rules
    >>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd")
    >>> h.act("pb"); h.act("f")
    >>> [dict(zip(TALLY_COUNTS, c))["net"] for c in _tally_hand(h)]
    [2, -2]
    >>> class Moved(Hand):
    ...     absent = (2,)
    >>> _tally_hand(Moved(Rules(2, 5, 10, 20), [50, 50], seed=1))
    Traceback (most recent call last):
    ...
    razzcore.errors.SeatError: hand.absent: no seat 2: this hand has seats 0..1
    """
    cdef rz_tally t
    cdef int64_t stacks[8]
    cdef int64_t payoffs[8]
    cdef int64_t paid[8][8]
    cdef uint8_t dealt[8]
    cdef uint8_t away[8]
    cdef uint8_t folded[8]
    cdef uint8_t held[8]  # hole cards dealt to each seat so far
    cdef uint32_t eligible[8]
    cdef int n, s, p, npots, kind, cards, need
    cdef Py_ssize_t i, k
    cdef int64_t value
    cdef tuple e
    start = _tally_tuple(hand.starting_stacks, "hand.starting_stacks")
    k = len(start)
    if not 0 < k <= 8:
        raise SeatError(f"a hand of {k} seats cannot be counted (1 to 8)")
    n = <int>k
    memset(dealt, 0, sizeof(dealt))
    memset(away, 0, sizeof(away))
    memset(folded, 0, sizeof(folded))
    memset(held, 0, sizeof(held))
    memset(payoffs, 0, sizeof(payoffs))
    memset(paid, 0, sizeof(paid))
    memset(eligible, 0, sizeof(eligible))
    for s in range(n):
        if not _tally_amount(start[s], 0, _MAX_CHIPS, &stacks[s]):
            raise _tally_no_chips(f"hand.starting_stacks[{s}]", start[s], 0, _MAX_CHIPS)
    flags = _tally_tuple(hand.dealt_in, "hand.dealt_in")
    if len(flags) != n:
        raise RazzError(f"hand.dealt_in: {len(flags)} flags for a hand of {n} seats")
    for s in range(n):
        dealt[s] = 1 if flags[s] else 0
    given = hand.absent
    items = _tally_items(given)
    if items is None:
        raise _tally_no_items("hand.absent", given)
    for seat in items:
        s = _tally_index(seat, n)
        if s < 0:
            raise _tally_no_seat("hand.absent", seat, n)
        away[s] = 1
    rz_tally_start(&t, n, stacks, dealt, away)
    given = hand._log
    items = _tally_items(given)
    if items is None:
        raise _tally_no_items("hand._log", given)
    i = -1
    for entry in items:
        i += 1
        if type(entry) is not tuple or len(<tuple>entry) == 0:
            raise RazzError(f"hand._log[{i}]: expected a tuple (kind, ...), not {brief(entry)}")
        e = <tuple>entry
        name = e[0]
        need = 3
        if name == "dh":
            kind = TALLY_DEAL
        elif name == "cc":
            kind = TALLY_CALL
        elif name == "cbr":
            kind, need = TALLY_RAISE, 2
        elif name == "f":
            kind, need = TALLY_FOLD, 2
        elif name == "pb":
            kind = TALLY_POST
        elif name == "ante":
            kind = TALLY_ANTE
        elif name == "db":
            rz_tally_event(&t, TALLY_BOARD, -1, 0, 0)
            continue
        else:  # returned wagers, shows, cards given before the hand
            continue
        if len(e) < need:
            raise RazzError(f"hand._log[{i}]: a {name!r} entry has {need} items, not {brief(e)}")
        s = _tally_index(e[1], n)
        if s < 0:
            raise _tally_no_seat(f"hand._log[{i}] {brief(e)}", e[1], n)
        cards = 0
        value = 0
        if kind == TALLY_DEAL:
            dealt_cards = e[2]
            if type(dealt_cards) is not tuple or not dealt_cards:
                raise RazzError(f"hand._log[{i}]: expected the cards dealt (a non-empty "
                                f"tuple) in {brief(e)}")
            k = len(<tuple>dealt_cards)
            if k > 7 - held[s]:
                raise RazzError(f"hand._log[{i}]: {brief(e)} deals seat {s} {k} more cards; "
                                f"it holds {held[s]} and a seat gets at most 7")
            held[s] += <uint8_t>k
            cards = <int>k
        elif kind != TALLY_RAISE and kind != TALLY_FOLD:
            if not _tally_amount(e[2], 0, _MAX_CHIPS, &value):
                raise _tally_no_chips(f"hand._log[{i}] {brief(e)}", e[2], 0, _MAX_CHIPS)
        rz_tally_event(&t, kind, s, cards, value)
    flags = _tally_tuple(hand.folded, "hand.folded")
    if len(flags) != n:
        raise RazzError(f"hand.folded: {len(flags)} flags for a hand of {n} seats")
    for s in range(n):
        folded[s] = 1 if flags[s] else 0
    given = hand.payoffs
    if given is not None:  # None: the hand is not over
        values = _tally_tuple(given, "hand.payoffs")
        if len(values) != n:
            raise RazzError(f"hand.payoffs: {len(values)} payoffs for a hand of {n} seats")
        for s in range(n):
            if not _tally_amount(values[s], -_TALLY_TABLE, _TALLY_TABLE, &payoffs[s]):
                raise _tally_no_chips(f"hand.payoffs[{s}]", values[s], -_TALLY_TABLE,
                                      _TALLY_TABLE)
    given = hand.pots
    items = _tally_items(given)
    if items is None:
        raise _tally_no_items("hand.pots", given)
    npots = 0
    for pot in items:
        if npots == 8:
            raise RazzError(f"hand.pots: {len(items)} pots; a hand has at most 8")
        p = npots
        npots += 1
        given = pot.eligible
        elig = _tally_items(given)
        if elig is None:
            raise _tally_no_items(f"hand.pots[{p}].eligible", given)
        for seat in elig:
            s = _tally_index(seat, n)
            if s < 0:
                raise _tally_no_seat(f"hand.pots[{p}].eligible", seat, n)
            eligible[p] |= (<uint32_t>1) << s
    given = hand.awards
    items = _tally_items(given)
    if items is None:
        raise _tally_no_items("hand.awards", given)
    i = -1
    for award in items:
        i += 1
        s = _tally_index(award.seat, n)
        if s < 0:
            raise _tally_no_seat(f"hand.awards[{i}].seat", award.seat, n)
        p = _tally_index(award.pot, 8)
        if p < 0:
            raise RazzError(f"hand.awards[{i}].pot: no pot {brief(award.pot)}: "
                            f"a hand has pots 0..7")
        if not _tally_amount(award.amount, 0, _TALLY_TABLE, &value):
            raise _tally_no_chips(f"hand.awards[{i}].amount", award.amount, 0, _TALLY_TABLE)
        # Both at most _TALLY_TABLE: the sum cannot overflow; kept at most that.
        paid[p][s] = min(paid[p][s] + value, _TALLY_TABLE)
    rz_tally_end(&t, folded, payoffs, npots, eligible, paid)
    return _tally_counts(&t)
