# Included by _core.pyx after _hand.pxi: what HandCore's constructor is
# given, checked and put in the engine's terms - chip counts, the rules
# packed as the C struct, the seats sitting out and a deck given whole or
# stacked.  Every refusal is a RulesError naming what was wrong.


cdef int64_t _MAX_CHIPS = (<int64_t>1) << 53


cdef int64_t _chips(v, str what) except -1:
    """A chip count in 0..MAX_CHIPS (numpy integers and the like taken as ints)."""
    cdef int overflow = 0
    cdef long long x
    if type(v) is int:
        x = PyLong_AsLongLongAndOverflow(v, &overflow)
        if not overflow and 0 <= x <= _MAX_CHIPS:
            return x
    else:
        if isinstance(v, bool) or not PyIndex_Check(v):
            raise RulesError(f"{what}: expected a non-negative int, not {brief(v)}")
        v = operator.index(v)
    if v < 0:
        raise RulesError(f"{what}: expected a non-negative int, not {brief(v)}")
    if v > _MAX_CHIPS:
        raise RulesError(f"{what}: at most MAX_CHIPS (2**53) chips, not {brief(v)}")
    return <int64_t>v


cdef bytes _packed_rules(rules):
    """The rules as the engine's ``rz_rules`` (packed once per Rules object)."""
    packed = rules._packed
    if type(packed) is not bytes or len(<bytes>packed) != sizeof(rz_rules):
        packed = _pack_rules(rules)
        if type(packed) is not bytes or len(<bytes>packed) != sizeof(rz_rules):
            raise RulesError("the packed rules are not the engine's layout")
        object.__setattr__(rules, "_packed", packed)
    return <bytes>packed


cdef object _absent_seats(absent, list stacks):
    """The absent seats with chips, sorted (None when ``absent`` names no
    seat at all); RulesError unless every one is a seat index."""
    cdef Py_ssize_t n = len(stacks)
    bad = RulesError(f"absent seats must be seat indexes 0..{n - 1}, not {brief(absent)}")
    try:
        seats = list(absent)
        if any([isinstance(s, bool) for s in seats]):
            raise TypeError
        away = {operator.index(s) for s in seats}  # numpy integers and the like too
    except TypeError:
        raise bad from None
    if any([not 0 <= s < n for s in away]):
        raise bad
    if not away:
        return None
    # Only seats with chips sit out: an empty seat is not dealt in anyway.
    return tuple(sorted([int(s) for s in away if stacks[s]]))


cdef object _full_deck(deck):
    """``deck`` as 52 bytes when it is all 52 distinct codes as ``bytes`` or
    a list of ints (checked in C), else None (the general path decides)."""
    cdef uint64_t seen = 0
    cdef Py_ssize_t i
    cdef const uint8_t *raw
    cdef uint8_t codes[52]
    if type(deck) is bytes:
        if len(<bytes>deck) != 52:
            return None
        raw = <const uint8_t *>PyBytes_AS_STRING(deck)
        for i in range(52):
            if raw[i] >= 52 or (seen >> raw[i]) & 1:
                return None
            seen |= (<uint64_t>1) << raw[i]
        return deck
    if type(deck) is list and len(<list>deck) == 52:
        for i in range(52):
            c = (<list>deck)[i]
            if type(c) is not int or not 0 <= c < 52 or (seen >> <int>c) & 1:
                return None
            seen |= (<uint64_t>1) << <int>c
            codes[i] = <uint8_t><int>c
        return PyBytes_FromStringAndSize(<char *>codes, 52)
    return None


cdef bytes _stacked_deck(deck, gen):
    """An explicit card order, top first, completed with the unused cards
    shuffled by ``gen``."""
    try:
        given = list(parse_cards(deck))
        check_distinct(given)
    except CardError as exc:
        raise RulesError(f"bad deck: {exc}") from None
    used = set(given)
    rest = [c for c in range(52) if c not in used]
    shuffle_prefix(rest, gen.random, len(rest) - 1)
    return bytes(given + rest)
