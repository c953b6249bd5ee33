# Included by _core.pyx: the compiled reader of PHH text, the TOML that
# razzcore writes (src/razz_phh_read_py.h); razzcore/histories/_phh_toml.py
# reads everything else with tomllib.

cdef extern from "razz_phh_read_py.h":
    object rz_phh_read(object text, object time_type)


def _read_phh_toml(str text, time_type):
    """What :func:`tomllib.loads` returns for ``text`` when it is in the
    TOML subset razzcore writes (``src/razz_phh_read_py.h`` lists it), else
    ``None`` (read it with :mod:`tomllib`).  ``time_type`` is
    :class:`datetime.time`, the type of a local time.

    >>> import datetime
    >>> _read_phh_toml("antes = [1, 1]\\n_x = {a = true}\\n", datetime.time)
    {'antes': [1, 1], '_x': {'a': True}}
    >>> _read_phh_toml("antes = [1, 1] # a comment", datetime.time) is None
    True
    """
    return rz_phh_read(text, time_type)


# The action lines as razzcore writes them ("d dh p3 Ac??Kd", "p2 cbr 20",
# "p1 sm 2c3c4c", "p4 f" ...): read straight into Action records.  Any other
# line (a commentary, extra spaces, p10, an error ...) is left to
# razzcore.engine.notation.parse_action, the grammar of an action.

cdef inline int rz_card_pair(str text, Py_ssize_t i):
    """The card code of text[i:i+2], -1 for '??', -2 for anything else."""
    cdef Py_UCS4 r = text[i], s = text[i + 1]
    cdef int rank, suit
    if r == u'?' and s == u'?':
        return -1
    if r == u'A':
        rank = 0
    elif u'2' <= r <= u'9':
        rank = <int>r - 49  # '2' (code 50) is rank 1
    elif r == u'T':
        rank = 9
    elif r == u'J':
        rank = 10
    elif r == u'Q':
        rank = 11
    elif r == u'K':
        rank = 12
    else:
        return -2
    if s == u'c':
        suit = 0
    elif s == u'd':
        suit = 1
    elif s == u'h':
        suit = 2
    elif s == u's':
        suit = 3
    else:
        return -2
    return 4 * rank + suit


cdef object rz_cards_text(str text, Py_ssize_t start):
    """The cards text[start:] names (``None`` for ``??``), or None when they
    are not all two-character cards."""
    cdef Py_ssize_t n = len(text), i, k = 0
    cdef int code
    if start >= n or (n - start) % 2:
        return None
    out = PyTuple_New((n - start) // 2)
    for i in range(start, n, 2):
        code = rz_card_pair(text, i)
        if code == -2:
            return None
        item = None if code == -1 else code
        Py_INCREF(item)
        PyTuple_SET_ITEM(out, k, item)
        k += 1
    return out


cdef extern from "Python.h":
    int PyObject_GenericSetAttr(object o, object name, object value) except -1


cdef object rz_action_new(object cls, str verb, object seat, tuple cards, object amount,
                          object show):
    """An Action record (a frozen dataclass) with these fields, no
    commentary: set as the dataclass's own __init__ sets them (the generic
    setattr, past the frozen class's refusal), so the values stay in the
    object (no __dict__ is made)."""
    a = cls.__new__(cls)
    PyObject_GenericSetAttr(a, "verb", verb)
    PyObject_GenericSetAttr(a, "seat", seat)
    PyObject_GenericSetAttr(a, "cards", cards)
    PyObject_GenericSetAttr(a, "amount", amount)
    PyObject_GenericSetAttr(a, "show", show)
    PyObject_GenericSetAttr(a, "commentary", None)
    return a


cdef object rz_action_line(str text, object cls):
    """The Action of one line in razzcore's own shapes, else None."""
    cdef Py_ssize_t n = len(text), i
    cdef Py_UCS4 c
    cdef long long amount = 0
    cdef object seat
    if n >= 10 and text[0] == u'd' and text.startswith("d dh p"):
        c = text[6]
        if not (u'1' <= c <= u'9') or text[7] != u' ':
            return None
        cards = rz_cards_text(text, 8)
        if cards is None:
            return None
        return rz_action_new(cls, "dh", <int>c - 49, cards, None, None)  # '1' is 49
    if n < 4 or text[0] != u'p' or text[2] != u' ':
        return None
    c = text[1]
    if not (u'1' <= c <= u'9'):
        return None
    seat = <int>c - 49  # '1' is 49
    if n == 4 and text[3] == u'f':
        return rz_action_new(cls, "f", seat, (), None, None)
    if n == 5:
        if text[3] == u'c' and text[4] == u'c':
            return rz_action_new(cls, "cc", seat, (), None, None)
        if text[3] == u'p' and text[4] == u'b':
            return rz_action_new(cls, "pb", seat, (), None, None)
        if text[3] == u's' and text[4] == u'm':
            return rz_action_new(cls, "sm", seat, (), None, False)
        return None
    if n >= 8 and text[3] == u'c' and text[4] == u'b' and text[5] == u'r' and text[6] == u' ':
        if n - 7 > 18:
            return None
        for i in range(7, n):
            c = text[i]
            if not (u'0' <= c <= u'9'):
                return None
            amount = amount * 10 + (<long long>c - 48)  # '0' is 48
        return rz_action_new(cls, "cbr", seat, (), amount, None)
    if n >= 7 and text[3] == u's' and text[4] == u'm' and text[5] == u' ':
        if n == 7 and text[6] == u'-':
            return rz_action_new(cls, "sm", seat, (), None, True)
        cards = rz_cards_text(text, 6)
        if cards is None:
            return None
        return rz_action_new(cls, "sm", seat, cards, None, True)
    return None


def _parse_action_line(str text, action_type):
    """The ``action_type`` (:class:`razzcore.engine.notation.Action`) of one
    action line as razzcore writes it, or ``None`` for any other line
    (``parse_action`` reads it).

    >>> from razzcore.engine.notation import Action
    >>> _parse_action_line("p2 cbr 20", Action)
    Action(verb='cbr', seat=1, cards=(), amount=20, show=None, commentary=None)
    >>> _parse_action_line("p2 cbr 20 # raise", Action) is None
    True
    """
    return rz_action_line(text, action_type)


def _parse_action_lines(texts, dict cache, Py_ssize_t cache_max, action_type, parse_action,
                        Py_ssize_t players=-1):
    """Each line's ``action_type``: from ``cache`` (line -> action), read
    here when razzcore writes it so (then kept in ``cache`` while it holds
    fewer than ``cache_max``), else ``parse_action(line)``, which raises on
    a bad line.  With ``players >= 0``, ``None`` when an action names a
    seat beyond the table (the caller words it).

    >>> from razzcore.engine.notation import Action, parse_action
    >>> [a.verb for a in _parse_action_lines(["d dh p1 AcAd2c", "p1 f # out"], {}, 9,
    ...                                      Action, parse_action)]
    ['dh', 'f']
    >>> _parse_action_lines(["p3 f"], {}, 9, Action, parse_action, 2) is None
    True
    """
    cdef list out = []
    cdef bint beyond = False
    for text in texts:
        if type(text) is str:
            a = cache.get(text)
            if a is None:
                a = rz_action_line(<str>text, action_type)
                if a is None:
                    a = parse_action(text)
                elif len(cache) < cache_max:
                    cache[text] = a
        else:
            a = parse_action(text)
        if players >= 0 and not beyond:
            seat = a.seat
            beyond = seat is not None and seat >= players
        out.append(a)
    return None if beyond else out


def _fields_snapshot(tuple values):
    """What a hand history's fields hold, compared by value and type (``1``,
    ``1.0`` and ``True`` differ), in one flat tuple (few objects to make):
    ``None`` for an absent field, its type and value for another value, and
    for a list ``list``, its length, its items and their types (a copy: a
    list edited in place compares different).

    >>> _fields_snapshot((None, 5, [1, True]))
    (None, <class 'int'>, 5, <class 'list'>, 2, 1, True, <class 'int'>, <class 'bool'>)
    """
    cdef Py_ssize_t n = len(values), i, k, m, size = 0, at = 0
    for i in range(n):
        v = values[i]
        if v is None:
            size += 1
        elif type(v) is list:
            size += 2 + 2 * len(<list>v)
        else:
            size += 2
    out = PyTuple_New(size)
    for i in range(n):
        v = values[i]
        if v is None:
            rz_tuple_put(out, at, None, size)
            at += 1
        elif type(v) is list:
            m = len(<list>v)
            if at + 2 + 2 * m > size:  # the list grew meanwhile (another thread)
                raise RuntimeError("a field changed while it was read")
            rz_tuple_put(out, at, list, size)
            rz_tuple_put(out, at + 1, m, size)
            for k in range(m):
                item = (<list>v)[k]
                rz_tuple_put(out, at + 2 + k, item, size)
                rz_tuple_put(out, at + 2 + m + k, type(item), size)
            at += 2 + 2 * m
        else:
            rz_tuple_put(out, at, type(v), size)
            rz_tuple_put(out, at + 1, v, size)
            at += 2
    if at != size:
        raise RuntimeError("a field changed while it was read")
    return out


cdef inline int rz_tuple_put(object t, Py_ssize_t i, object item, Py_ssize_t size) except -1:
    """Set item ``i`` of the new tuple ``t`` of ``size`` items."""
    if not 0 <= i < size:
        raise RuntimeError("a field changed while it was read")
    Py_INCREF(item)
    PyTuple_SET_ITEM(t, i, item)
    return 0


def _check_fields(data, dict kinds, check_value, str where, bint copy):
    """The standard fields of a PHH table checked, and its user fields (names
    starting with ``_``), in order: ``(values, user, None)``; or, at the
    first other name, ``(values, user, name)`` so far (the caller words why
    it is not a field).  ``kinds`` maps each standard field to the kind of
    value it holds (``razzcore.histories._phh_fields.FIELD_KINDS``); the
    common values (a chip amount, a string, true or false, a list of chip
    amounts or of strings) are checked here, each other one by
    ``check_value(name, value, where)``, which raises on a bad one.  With
    ``copy`` false a list that passes is kept as it is, else copied.

    >>> _check_fields({"bring_in": 2, "antes": [1, 1], "_x": 0, "min_bet": 1},
    ...               {"bring_in": "chips", "antes": "chips_list"}, None, "", True)
    ({'bring_in': 2, 'antes': [1, 1]}, {'_x': 0}, 'min_bet')
    """
    cdef dict values = {}, user = {}
    cdef Py_ssize_t k, m
    cdef bint ok
    for name, value in data.items():
        kind = kinds.get(name)
        if kind is None:
            if name.startswith("_"):
                user[name] = value
                continue
            return values, user, name
        t = type(value)
        ok = False
        if t is int:
            ok = (kind == "chips" and value >= 0) or kind in ("int", "str_int", "num")
        elif t is str:
            ok = kind == "str" or kind == "str_int"
        elif t is float:
            ok = kind == "num"
        elif t is bool:
            ok = kind == "bool"
        elif t is list:
            m = len(<list>value)
            if kind == "chips_list":
                ok = True
                for k in range(m):
                    item = (<list>value)[k]
                    if type(item) is not int or item < 0:
                        ok = False
                        break
            elif kind == "str_list":
                ok = True
                for k in range(m):
                    if type((<list>value)[k]) is not str:
                        ok = False
                        break
            elif kind == "int_list":
                ok = True
                for k in range(m):
                    if type((<list>value)[k]) is not int:
                        ok = False
                        break
            if ok and copy:
                value = list(<list>value)
        values[name] = value if ok else check_value(name, value, where)
    return values, user, None
