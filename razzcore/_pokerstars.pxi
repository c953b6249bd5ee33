# Included by _core.pyx: the compiled reader of a PokerStars razz hand's body
# (src/razz_pokerstars.h), which razzcore.pokerstars tries before its own
# reader (the reference, which words every error).

from cpython.mem cimport PyMem_Calloc, PyMem_Free
from cpython.unicode cimport PyUnicode_DecodeASCII

cdef extern from "razz_pokerstars.h" nogil:
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
    int rz_ps_read(rz_ps *ps, const char *body, int64_t len)
    int rz_ps_replay(rz_ps *ps, const rz_rules *rules, rz_hand *h, char *out, int64_t cap,
                     int64_t *len)


def _read_pokerstars_body(bytes body, list names, list numbers, list stacks, bint cents,
                          bytes symbol, int64_t small, rules_for):
    """Read, replay and check the lines after a PokerStars razz hand's seat
    list (UTF-8, stripped non-empty lines joined by ``"\\n"``) for the seats
    ``names`` (UTF-8 bytes), ``numbers`` and ``stacks``; ``rules_for(ante,
    bring_in)`` gives the packed rules (:func:`razzcore.engine.pack_rules`)
    of the structure, or ``None``.

    Returns ``(ante, bring_in, rake, actions, finishing stacks, absent seats)``
    (``actions``: the PHH actions joined by ``"\\n"``), or ``None`` when the
    hand is for the reference reader (:mod:`razzcore.pokerstars`): a line
    kind this reader does not read, or any check that fails.
    """
    cdef rz_ps *ps
    cdef rz_hand h
    cdef rz_rules packed
    cdef int64_t length = 0
    cdef Py_ssize_t n = len(names), s, k
    cdef int code
    cdef bytes name
    cdef char out[16384]
    cdef const char *text = PyBytes_AS_STRING(body)
    cdef int64_t size = len(body)
    if not 2 <= n <= 8 or len(numbers) != n or len(stacks) != n:
        return None
    ps = <rz_ps *>PyMem_Calloc(1, sizeof(rz_ps))
    if ps == NULL:
        raise MemoryError()
    try:
        ps.n = <int>n
        ps.cents = cents
        ps.symbol = PyBytes_AS_STRING(symbol)
        ps.symbol_len = len(symbol)
        ps.small = small
        for s in range(n):
            name = names[s]
            ps.names[s] = PyBytes_AS_STRING(name)
            ps.name_len[s] = len(name)
            if not (0 <= numbers[s] <= 1 << 20 and 0 <= stacks[s] <= _MAX_CHIPS):
                return None
            ps.numbers[s] = numbers[s]
            ps.stacks[s] = stacks[s]
        with nogil:
            code = rz_ps_read(ps, text, size)
        if code:
            return None
        rules = rules_for(ps.ante, ps.bring_in)
        if rules is None:
            return None
        _fill_rules(&packed, rules)
        with nogil:
            code = rz_ps_replay(ps, &packed, &h, out, sizeof(out), &length)
        if code or not 0 <= length <= <int64_t>sizeof(out):
            return None
        return (ps.ante, ps.bring_in, ps.rake, PyUnicode_DecodeASCII(out, length, NULL),
                [ps.expected[k] for k in range(n)],
                [k for k in range(n) if ps.absent[k]])
    finally:
        PyMem_Free(ps)
