# Included by _core.pyx: the observation encoder of razzcore.envs.
#
# The tensor itself is written by rz_obs_write (src/razz_obs.h) from an
# rz_obs_input; the code here only fills that struct from a HandView (what
# one seat may see), so every environment shares one encoder.  Every value
# taken from the view is range-checked before it reaches the struct.

from cpython.buffer cimport PyBUF_FORMAT

cdef extern from "razz_obs.h" nogil:
    enum:
        RZ_OBS_MAX_SEATS
        RZ_OBS_SLOTS
        RZ_OBS_STREETS
        RZ_OBS_NONE
        RZ_OBS_HIDDEN
        RZ_OBS_RAISE
        RZ_OBS_CALL
        RZ_OBS_POST
    ctypedef struct rz_obs_input:
        int players
        int seat
        int actor
        int street
        uint8_t cards[8][7]
        uint8_t community
        uint8_t folded[8]
        int64_t stacks[8]
        int64_t bets[8]
        int64_t pot
        int64_t to_call
        int64_t unit
        uint16_t betting[5][8][3]
    size_t rz_obs_size(int players)
    void rz_obs_clear(rz_obs_input *inp, int players, int seat)
    int rz_obs_check(const rz_obs_input *inp)
    int rz_obs_write(const rz_obs_input *inp, float *out, size_t length)

cdef int64_t _OBS_MAX_CHIPS = (<int64_t>1) << 53
cdef int64_t _OBS_MAX_TABLE = (<int64_t>8) << 53  # 8 seats of MAX_CHIPS


def observation_size(players):
    """Length of the observation tensor of a table of ``players`` seats (2..8).

    >>> observation_size(2), observation_size(6)
    (316, 900)
    """
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 8:
        raise RulesError(f"players must be an int in 2..8, not {brief(players)}")
    return rz_obs_size(<int>players)


cdef int64_t _obs_amount(object value, str what) except -1:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _OBS_MAX_TABLE:
        raise RulesError(f"the view's {what} is not a chip count: {brief(value)}")
    return <int64_t>value


cdef int _obs_index(object value, int size, str what) except -2:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < size:
        raise RulesError(f"the view's {what} is out of range: {brief(value)}")
    return <int>value


cdef int _obs_history(rz_obs_input *inp, object history) except -1:
    """Count the betting actions of ``history`` (PHH strings) by street and
    seat.  The street of an action is given by the last deal before it:
    the last seat dealt to: its card count ("d dh p1 ????Kd" = 3 cards: 3rd street)."""
    cdef int street = 3, seat, n = inp.players, kind
    cdef int received[8]
    memset(received, 0, sizeof(received))
    for entry in history:
        if not isinstance(entry, str):
            raise RulesError(f"a history entry is not a string: {brief(entry)}")
        parts = (<str>entry).split(" ")
        if len(parts) >= 4 and parts[0] == "d" and parts[1] == "dh":
            seat = _obs_seat(parts[2], n, entry)
            received[seat] += len(parts[3]) // 2
            street = min(7, max(3, received[seat]))
        elif len(parts) >= 2 and parts[0] == "d" and parts[1] == "db":
            street = 7
        elif len(parts) >= 2 and parts[0].startswith("p"):
            verb = parts[1]
            if verb == "cbr":
                kind = RZ_OBS_RAISE
            elif verb == "cc":
                kind = RZ_OBS_CALL
            elif verb == "pb":
                kind = RZ_OBS_POST
            else:
                continue  # folds are in `folded`; shows and mucks are in `cards`
            seat = _obs_seat(parts[0], n, entry)
            if inp.betting[street - 3][seat][kind] < 65535:
                inp.betting[street - 3][seat][kind] += 1
        else:
            raise RulesError(f"a history entry is not PHH: {brief(entry)}")
    return 0


cdef int _obs_seat(str token, int n, object entry) except -1:
    if len(token) < 2 or token[0] != "p" or not token[1:].isdigit() or len(token) > 3:
        raise RulesError(f"a history entry names no seat: {brief(entry)}")
    cdef int seat = int(token[1:]) - 1
    if not 0 <= seat < n:
        raise RulesError(f"a history entry names a seat outside the table: {brief(entry)}")
    return seat


cdef int _obs_fill(rz_obs_input *inp, object view, object unit) except -1:
    """Fill ``inp`` from a HandView: exactly the view's contents."""
    cards = view.cards
    cdef Py_ssize_t n = len(cards)
    if not 2 <= n <= 8:
        raise RulesError(f"the view has {n} seats; a table has 2..8")
    cdef int seat = _obs_index(view.seat, <int>n, "seat")
    rz_obs_clear(inp, <int>n, seat)
    if isinstance(unit, bool) or not isinstance(unit, int) or not 0 < unit <= _OBS_MAX_CHIPS:
        raise RulesError(f"unit must be a positive int (chips), not {brief(unit)}")
    inp.unit = <int64_t>unit
    actor = view.actor
    inp.actor = -1 if actor is None else _obs_index(actor, <int>n, "actor")
    inp.street = _obs_index(view.street, 8, "street")
    if inp.street < 3:
        raise RulesError(f"the view's street is out of range: {inp.street}")
    cdef Py_ssize_t s, k
    for s in range(n):
        row = cards[s]
        if len(row) > RZ_OBS_SLOTS:
            raise RulesError(f"the view gives seat {s} {len(row)} cards; at most 7")
        for k in range(len(row)):
            c = row[k]
            if c is None:
                inp.cards[s][k] = RZ_OBS_HIDDEN
            else:
                inp.cards[s][k] = <uint8_t>_obs_index(c, 52, "card code")
    community = view.community_card
    if community is not None:
        inp.community = <uint8_t>_obs_index(community, 52, "community card")
    folded, stacks, bets = view.folded, view.stacks, view.bets
    if len(folded) != n or len(stacks) != n or len(bets) != n:
        raise RulesError("the view's folded, stacks and bets must have one entry per seat")
    cdef int64_t high = 0
    for s in range(n):
        inp.folded[s] = 1 if folded[s] else 0
        inp.stacks[s] = _obs_amount(stacks[s], "stack")
        inp.bets[s] = _obs_amount(bets[s], "bet")
        if inp.bets[s] > high:
            high = inp.bets[s]
    pot = 0
    for p in view.pots:
        pot += _obs_amount(p.amount, "pot")
    inp.pot = _obs_amount(pot, "pot")
    if not view.is_over:
        inp.to_call = min(high - inp.bets[seat], inp.stacks[seat])
    _obs_history(inp, view.history)
    return 0


def encode_view(view, out, unit=1):
    """Write the observation tensor of ``view`` (a HandView) into ``out``, a
    writable C-contiguous float32 buffer of exactly ``observation_size(P)``
    items; amounts are divided by ``unit`` chips.

    >>> import array
    >>> from razzcore.engine.hand import Hand
    >>> from razzcore.engine.rules import Rules
    >>> out = array.array("f", bytes(4 * observation_size(2)))
    >>> encode_view(Hand(Rules(2, 5, 10, 20), [50, 50], seed=1).view(0), out)
    >>> out[0], out[1], sum(out[4:9])
    (1.0, 0.0, 1.0)
    """
    cdef rz_obs_input inp
    cdef Py_buffer ob
    try:
        _obs_fill(&inp, view, unit)
    except (AttributeError, TypeError, IndexError) as exc:
        raise RulesError(f"not a HandView the encoder can read: {brief(exc)}") from None
    size = rz_obs_size(inp.players)
    PyObject_GetBuffer(out, &ob, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE | PyBUF_FORMAT)
    try:
        if ob.itemsize != 4 or ob.format == NULL or ob.format[0] != b"f" or ob.format[1] != 0:
            raise RulesError("out must be a float32 buffer")
        if <size_t>ob.len != size * 4:
            raise RulesError(f"out has {ob.len // 4} floats; the tensor has {size}")
        if (<uintptr_t>ob.buf) & 3:
            raise RulesError("out must be aligned to 4 bytes")
        if rz_obs_write(&inp, <float *>ob.buf, size) != 0:
            raise RulesError("the view could not be encoded")  # rz_obs_check: unreachable
    finally:
        PyBuffer_Release(&ob)


include "_vecenv.pxi"
