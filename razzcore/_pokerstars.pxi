# Included by _core.pyx: the splitter of PokerStars text and the reader of a
# razz hand's seats and body (src/razz_pokerstars*.h), which reads and checks
# every hand for razzcore.pokerstars and reports the first problem as a code
# (POKERSTARS_ERRORS), the hand's line and its values, worded in
# razzcore/histories/_pokerstars_errors.py.

from cpython.mem cimport PyMem_Free, PyMem_Malloc

cdef extern from "razz_pokerstars_py.h" nogil:
    ctypedef struct rz_ps_error:
        int code
        int64_t line
        int64_t v[8]
        int64_t a, b
    ctypedef struct rz_ps:
        int n, cents, nev, have_total
        const char *names[8]
        int64_t name_len[8]
        int64_t numbers[8]
        int64_t stacks[8]
        const char *symbol
        int64_t symbol_len
        int64_t small
        int64_t ante, bring_in, rake
        int64_t expected[8]
        uint8_t absent[8]
        uint8_t deck[52]
        int nbring, nrake_pots
        int64_t bring[8]
        int64_t rake_pots[8]
        rz_ps_error err
    ctypedef struct rz_ps_event:
        pass
    void rz_ps_zero(rz_ps *ps, rz_ps_event *ev, int64_t cap)
    int rz_ps_seats(rz_ps *ps, const char *text, int64_t len, int64_t seat_count, int64_t lines,
                    int64_t *body)
    int rz_ps_read(rz_ps *ps, const char *body, int64_t len)
    int rz_ps_check(rz_ps *ps)
    int rz_ps_prepare(rz_ps *ps)
    int rz_ps_try(rz_ps *ps, const rz_rules *rules, rz_hand *h, char *out, int64_t cap)
    int rz_ps_replay(rz_ps *ps, const rz_rules *rules, rz_hand *h, char *out, int64_t cap,
                     int64_t *len, rz_tally *tally)
    const char *rz_ps_error_name(int code)
    int RZ_PSE_rules "RZ_PSE_rules"
    int RZ_PSE_COUNT "RZ_PSE_COUNT"


cdef extern from "razz_pokerstars_py.h":
    object rz_ps_split_py(object data, int normalised, object is_head)
    object rz_ps_result(const rz_ps *ps, const char *out, int64_t len)
    object rz_ps_seat_list(const rz_ps *ps, const int64_t *values, int names)


POKERSTARS_ERRORS = tuple(rz_ps_error_name(k).decode() for k in range(1, RZ_PSE_COUNT))
"""The names of the PokerStars reader's error codes (``src/razz_pokerstars.h``),
each worded by :mod:`razzcore.histories._pokerstars_errors`."""


cdef object _ps_error(rz_ps *ps, list lines, const char *out, int64_t length):
    """The reader's error as ``(name, line, values, text, has_total, names,
    context)``: ``text`` the span of the line it names (or ``None``),
    ``context`` what the wording of a refused action or a hand that cannot
    start needs: ``(ante, bring_in, deck, stacks, absent, rake, rake_pots,
    actions)``."""
    cdef int s
    cdef rz_ps_error *e = &ps.err
    text = None
    if 2 <= e.line < len(lines) + 2 and 0 <= e.a <= e.b:
        text = lines[e.line - 2][e.a:e.b].decode("utf-8", "surrogatepass")
    names = [ps.names[s][:ps.name_len[s]].decode("utf-8", "surrogatepass")
             for s in range(min(ps.n, 8))]
    split = [ps.rake_pots[s] for s in range(min(ps.nrake_pots, 8))] or None
    context = (ps.ante, ps.bring_in, (<char *>ps.deck)[:52],
               [ps.stacks[s] for s in range(min(ps.n, 8))],
               [s for s in range(min(ps.n, 8)) if ps.absent[s]], ps.rake, split,
               out[:max(0, length)].decode("ascii") if out != NULL else "")
    return (rz_ps_error_name(e.code).decode(), e.line, tuple(e.v[s] for s in range(8)), text,
            bool(ps.have_total), names, context)


def _read_pokerstars_hand(bytes text, int64_t seat_count, bint cents, bytes symbol,
                          int64_t small, rules_for, bint tally=False):
    """Read, replay and check a PokerStars razz hand from its seat lines on:
    ``text`` holds the lines after the table line (UTF-8, stripped non-empty
    lines joined by ``"\\n"``; the hand's line 2 is its first) at a table of
    ``seat_count`` seats, amounts in cents (``cents``) or chips after the
    currency ``symbol`` (UTF-8), the small bet ``small``; ``rules_for(ante,
    bring_in)`` gives the packed rules
    (:func:`razzcore.engine.packing.pack_rules`) of the structure, or ``None``.

    Returns ``(names, seat numbers, stacks, ante, bring_in, rake, actions,
    finishing stacks, absent seats, rake_pots)`` (``actions``: the PHH
    actions joined by ``"\\n"``; ``rake_pots`` each pot's rake when the text
    takes it otherwise than main pot first, else ``None``); with ``tally``,
    ``(names, counts)`` instead: each seat's counts for the tracker,
    counted as the hand replays (see :func:`_tally_hand`); or the first
    problem found, as ``(name, ...)`` (see ``_ps_error``; the names are
    :data:`POKERSTARS_ERRORS`).
    """
    cdef rz_ps *ps
    cdef rz_hand h
    cdef rz_rules packed
    cdef rz_tally counted
    cdef rz_tally *counting = &counted if tally else NULL
    cdef int64_t length = 0, at = 0, cap
    cdef int code, k
    cdef char *out = NULL
    cdef const char *data = PyBytes_AS_STRING(text)
    cdef int64_t size = len(text)
    cdef int64_t count = text.count(b"\n") + 1 if size else 0
    cdef int64_t room = min(count, 4096)  # one event per line at most
    ps = <rz_ps *>PyMem_Malloc(sizeof(rz_ps) + <size_t>room * sizeof(rz_ps_event))
    if ps == NULL:
        raise MemoryError()
    rz_ps_zero(ps, <rz_ps_event *>(ps + 1), room)
    try:
        ps.cents = cents
        ps.symbol = PyBytes_AS_STRING(symbol)
        ps.symbol_len = len(symbol)
        ps.small = small
        with nogil:
            code = rz_ps_seats(ps, data, size, seat_count, count, &at)
            if code == 0:
                code = rz_ps_read(ps, data + at, size - at)
            if code == 0:
                code = rz_ps_check(ps)
        if code == 0:
            rules = rules_for(ps.ante, ps.bring_in)
            if rules is None:
                ps.err.code = RZ_PSE_rules
                ps.err.line = 0
                ps.err.v[0] = ps.ante
                ps.err.v[1] = ps.bring_in
                ps.err.a = ps.err.b = -1
                code = RZ_PSE_rules
        if code == 0:
            with nogil:
                code = rz_ps_prepare(ps)
        if code:
            return _ps_error(ps, text.split(b"\n"), NULL, 0)
        cap = 32 * (<int64_t>ps.nev + 64)
        out = <char *>PyMem_Malloc(<size_t>cap)
        if out == NULL:
            raise MemoryError()
        for k in range(min(ps.nbring, 8)):  # no whole bring-in: the first that replays
            tried = rules_for(ps.ante, ps.bring[k])
            if tried is None:
                continue
            _fill_rules(&packed, tried)
            with nogil:
                code = rz_ps_try(ps, &packed, &h, out, cap)
            if code == 0:
                ps.bring_in = ps.bring[k]
                rules = tried
                break
        _fill_rules(&packed, rules)
        with nogil:
            code = rz_ps_replay(ps, &packed, &h, out, cap, &length, counting)
        if code:
            return _ps_error(ps, text.split(b"\n"), out, min(length, cap))
        if tally:
            return rz_ps_seat_list(ps, NULL, 1), _tally_counts(&counted)
        return rz_ps_result(ps, out, length)
    finally:
        PyMem_Free(out)
        PyMem_Free(ps)


def _split_pokerstars(bytes data, bint normalised, is_head):
    """The hands of a PokerStars file (UTF-8, lone surrogates passed), split
    as ``str.splitlines`` and ``str.strip`` split it, a hand opening at each
    line ``PokerStars ... #N: `` (``is_head(line)`` decides a line whose
    number may be in other digits): ``(before, line, hands)``, ``before``
    the index of a non-empty line before the first hand (``-1``: none) and
    ``line`` its text, and for each hand ``(first line index, raw start, raw
    end, header line, table line or None, rest)``, the raw span being the
    bytes of all its lines (blank ones included) and ``rest`` its non-empty
    lines after the table line joined by ``b"\\n"``.  ``None`` when the text
    holds other line or space characters and is not ``normalised`` (its
    lines stripped and joined by ``"\\n"`` by the caller).
    """
    return rz_ps_split_py(data, normalised, is_head)
