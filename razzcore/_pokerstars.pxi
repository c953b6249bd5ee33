# Included by _core.pyx: the splitter of PokerStars text and the compiled
# reader of a razz hand's body (src/razz_pokerstars*.h), which reads every
# valid hand for razzcore.pokerstars (the reference reader words the error
# of a hand whose check fails).

from cpython.mem cimport PyMem_Calloc, PyMem_Free

cdef extern from "razz_pokerstars_py.h" nogil:
    enum:
        RZ_PS_DEFER
    ctypedef struct rz_ps:
        int n, cents
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
        int nbring
        int64_t bring[8]
    int rz_ps_seats(rz_ps *ps, const char *text, int64_t len, int64_t seat_count,
                    int64_t *body)
    int rz_ps_read(rz_ps *ps, const char *body, int64_t len)
    int rz_ps_prepare(rz_ps *ps)
    int rz_ps_try(rz_ps *ps, const rz_rules *rules, rz_hand *h, char *out, int64_t cap)
    int rz_ps_replay(rz_ps *ps, const rz_rules *rules, rz_hand *h, char *out, int64_t cap,
                     int64_t *len)


cdef extern from "razz_pokerstars_py.h":
    object rz_ps_split_py(object data, int normalised, object is_head)
    object rz_ps_result(const rz_ps *ps, const char *out, int64_t len)


def _read_pokerstars_hand(bytes text, int64_t seat_count, bint cents, bytes symbol,
                          int64_t small, rules_for):
    """Read, replay and check a PokerStars razz hand from its seat lines on:
    ``text`` holds the lines after the table line (UTF-8, stripped non-empty
    lines joined by ``"\\n"``) at a table of ``seat_count`` seats, amounts in
    cents (``cents``) or chips after the currency ``symbol`` (UTF-8), the
    small bet ``small``; ``rules_for(ante, bring_in)`` gives the packed rules
    (:func:`razzcore.engine.packing.pack_rules`) of the structure, or ``None``.

    Returns ``(names, seat numbers, stacks, ante, bring_in, rake, actions,
    finishing stacks, absent seats, rake_pots)`` (``actions``: the PHH
    actions joined by ``"\\n"``; ``rake_pots`` each pot's rake when the text
    takes it otherwise than main pot first, else ``None``), or ``None`` when
    the hand is for the reference reader (:mod:`razzcore.pokerstars`): a
    line kind this reader does not read, or any check that fails.
    """
    cdef rz_ps *ps
    cdef rz_hand h
    cdef rz_rules packed
    cdef int64_t length = 0, at = 0
    cdef int code, k
    cdef char out[16384]
    cdef const char *data = PyBytes_AS_STRING(text)
    cdef int64_t size = len(text)
    ps = <rz_ps *>PyMem_Calloc(1, sizeof(rz_ps))
    if ps == NULL:
        raise MemoryError()
    try:
        ps.cents = cents
        ps.symbol = PyBytes_AS_STRING(symbol)
        ps.symbol_len = len(symbol)
        ps.small = small
        with nogil:
            code = rz_ps_seats(ps, data, size, seat_count, &at)
            if code == 0:
                code = rz_ps_read(ps, data + at, size - at)
            if code == 0:
                code = rz_ps_prepare(ps)
        if code:
            return None
        for k in range(min(ps.nbring, 8)):  # no whole bring-in: the first that replays
            rules = rules_for(ps.ante, ps.bring[k])
            if rules is None:
                continue
            _fill_rules(&packed, rules)
            with nogil:
                code = rz_ps_try(ps, &packed, &h, out, sizeof(out))
            if code == 0:
                ps.bring_in = ps.bring[k]
                break
        rules = rules_for(ps.ante, ps.bring_in)
        if rules is None:
            return None
        _fill_rules(&packed, rules)
        with nogil:
            code = rz_ps_replay(ps, &packed, &h, out, sizeof(out), &length)
        if code or not 0 <= length <= <int64_t>sizeof(out) or not 2 <= ps.n <= 8:
            return None
        return rz_ps_result(ps, out, length)
    finally:
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
