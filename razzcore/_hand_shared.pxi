# Included by _core.pyx before _hand.pxi: what every HandCore shares, made
# once and handed out many times - the legal options of each decision shape,
# the history entries of the commonest events, the award records - and the
# deck shuffle driven by the caller's random source.
#
# The two C tables below (options, entries) are direct-mapped caches in front
# of objects that are equal whatever the slot holds: a miss builds the object
# as it would be built without them.  They are read and written under the
# GIL only; a free-threaded build (RZ_PY_HAS_GIL 0) skips them.

from cpython.object cimport PyObject
from cpython.ref cimport Py_XDECREF
from cpython.list cimport PyList_New, PyList_SET_ITEM

cdef extern from "razz_random_py.h":
    ctypedef struct rz_pymt:
        int index
    int RZ_PY_HAS_GIL
    double rz_pymt_random(object self)
    bint rz_pymt_is_bound(object bound, object descr, object self)

cdef extern from "Python.h":
    PyObject *_tuple_item "PyTuple_GET_ITEM"(object t, Py_ssize_t i)
    long long PyLong_AsLongLongAndOverflow(object v, int *overflow) except? -1

cdef extern from *:
    """
    /* tuple.__new__(type, items) without looking the method up: what a
       named tuple's __new__ returns for ``items``. */
    static PyObject *rz_tuple_new_as(PyObject *type, PyObject *items)
    {
        PyObject *args = PyTuple_Pack(1, items), *made;
        if (args == NULL)
            return NULL;
        made = PyTuple_Type.tp_new((PyTypeObject *)type, args, NULL);
        Py_DECREF(args);
        return made;
    }
    """
    object _tuple_new_as "rz_tuple_new_as"(object type, object items)

cdef dict _OPTIONS = {}
cdef object _Random = None
# _random.Random.random (its method descriptor) once rz_pymt_random is known
# to draw exactly what it returns; None: every draw is a call.
cdef object _MT_RANDOM = None


ctypedef struct _opt_slot:
    int64_t key
    PyObject *entry  # borrowed: a value of _OPTIONS, which never drops one

cdef _opt_slot _OPT_SLOTS[128]  # zeroed: every slot empty


cdef tuple _options_for(unsigned mask, int64_t cbr):
    """The (shared, never mutated) ``(legal strings, exact string -> kind,
    kind of each legal string)`` of a decision with legal ``mask`` and raise
    total ``cbr``; ``"cbr"`` alone is accepted as the implied total."""
    cdef int64_t ckey = (cbr << 4) | mask
    cdef _opt_slot *slot = &_OPT_SLOTS[(ckey ^ (ckey >> 7) ^ (ckey >> 14)) & 127]
    if RZ_PY_HAS_GIL and slot.key == ckey and slot.entry != NULL:
        return <tuple>slot.entry
    key = ckey
    found = _OPTIONS.get(key)
    if found is None:
        found = _new_options(mask, cbr)
        # Entries are never replaced (a reader may hold one); past 4,096
        # shapes (odd all-in totals) options are built afresh instead of cached.
        if len(_OPTIONS) >= 4096:
            return <tuple>found
        found = _OPTIONS.setdefault(key, found)
    if RZ_PY_HAS_GIL:
        slot.key = ckey
        slot.entry = <PyObject *>found
    return <tuple>found


cdef tuple _new_options(unsigned mask, int64_t cbr):
    legal = []
    kinds = {}
    if mask & (1 << RZ_FOLD):
        legal.append("f")
        kinds["f"] = RZ_FOLD
    if mask & (1 << RZ_POST):
        legal.append("pb")
        kinds["pb"] = RZ_POST
    elif mask & (1 << RZ_CALL):
        legal.append("cc")
    if mask & (1 << RZ_CALL):
        kinds["cc"] = RZ_CALL
    if mask & (1 << RZ_RAISE):
        text = f"cbr {cbr}"
        legal.append(text)
        kinds[text] = RZ_RAISE
        kinds["cbr"] = RZ_RAISE
    return (tuple(legal), kinds, tuple([kinds[a] for a in legal]))


cdef list _legal_list(tuple legal):
    """A new list of the strings of ``legal``."""
    cdef Py_ssize_t i, k = len(legal)
    cdef list out = PyList_New(k)
    cdef object x
    for i in range(k):
        x = <object>_tuple_item(legal, i)
        Py_INCREF(x)
        PyList_SET_ITEM(out, i, x)
    return out


cdef int _kind_of(tuple options, action) except -2:
    """The action kind of the string ``action`` under ``options`` (an
    ``_options_for`` result), or -1 when it is not an exact legal string: the
    very objects ``legal_actions`` handed out are recognised by identity."""
    cdef tuple legal = <tuple>_tuple_item(options, 0)
    cdef Py_ssize_t i
    for i in range(len(legal)):
        if _tuple_item(legal, i) == <PyObject *>action:
            return <int>(<tuple>_tuple_item(options, 2))[i]
    kind = (<dict>_tuple_item(options, 1)).get(action)
    return -1 if kind is None else <int>kind


# History entries of the events that carry a chip count, by event: a slot per
# (event, seat, count mod 32) holds the last entry made (an owned reference).
ctypedef struct _entry_slot:
    int64_t value, extra
    PyObject *entry

cdef _entry_slot _ENTRY_SLOTS[5][8][32]  # zeroed: every slot empty
cdef tuple _ENTRY_TAGS = ("cc", "pb", "ante", "back", "cbr")


cdef object _entry(int tag, int s, int64_t value, int64_t extra):
    """The history entry ``(_ENTRY_TAGS[tag], s, value)`` (``"cbr"``: with
    ``extra``, the round's wagers), shared with the hands that made it before."""
    cdef _entry_slot *slot = &_ENTRY_SLOTS[tag][s & 7][(value ^ (value >> 5) ^ extra) & 31]
    if RZ_PY_HAS_GIL and slot.entry != NULL and slot.value == value and slot.extra == extra:
        return <object>slot.entry
    if tag == 4:
        made = ("cbr", s, value, extra)
    else:
        made = (_ENTRY_TAGS[tag], s, value)
    if RZ_PY_HAS_GIL:
        Py_XDECREF(slot.entry)
        Py_INCREF(made)
        slot.entry = <PyObject *>made
        slot.value = value
        slot.extra = extra
    return made


cdef double _unit(v) except -1.0:
    """A draw of the random source as a float in [0, 1), or RulesError."""
    cdef double x
    if type(v) is float:
        x = v
    else:
        try:
            if not PyNumber_Check(v) or isinstance(v, (str, bytes, bytearray)):
                raise TypeError
            x = float(v)
        except (TypeError, ValueError, OverflowError):
            raise RulesError(
                f"the random source returned {brief(v)}, not a float in [0, 1)"
            ) from None
    if not 0.0 <= x < 1.0:
        raise RulesError(f"the random source returned {brief(v)}, outside [0, 1)")
    return x


cdef int _shuffle_codes(uint8_t *cards, Py_ssize_t size, gen, Py_ssize_t last) except -1:
    """Fisher-Yates over positions 0..last-1 with ``gen.random()``, exactly as
    shuffle_prefix; a ``random.Random`` (whose ``random`` is the C method) is
    stepped in C, drawing the same numbers."""
    cdef Py_ssize_t i, j
    cdef uint8_t t
    cdef double x
    rnd = gen.random
    cdef bint direct = _MT_RANDOM is not None and rz_pymt_is_bound(rnd, _MT_RANDOM, gen)
    if last > size - 1:
        last = size - 1
    for i in range(last):
        x = rz_pymt_random(gen) if direct else _unit(rnd())
        j = i + <Py_ssize_t>(x * <double>(size - i))
        if j >= size:  # unreachable for x < 1.0
            j = size - 1
        t = cards[i]
        cards[i] = cards[j]
        cards[j] = t
    return 0


@cython.boundscheck(True)
@cython.wraparound(False)
def shuffle_prefix(list cards, rnd, Py_ssize_t last):
    """Fisher-Yates over positions ``0..last-1`` of ``cards`` driven by the
    float source ``rnd()`` (``random.Random.random``): position ``i`` swaps
    with ``i + int(rnd() * (len(cards) - i))``, exactly as the Python loop
    would, so seeded deals are the same.

    >>> import random
    >>> deck = list(range(52)); shuffle_prefix(deck, random.Random(1).random, 51)
    >>> sorted(deck) == list(range(52))
    True
    """
    cdef Py_ssize_t size = len(cards), i, j
    if last > size - 1:
        last = size - 1
    for i in range(last):
        x = _unit(rnd())
        if len(cards) != size:
            raise RulesError("the cards changed size while being shuffled")
        j = i + <Py_ssize_t>(x * <double>(size - i))
        if j >= size:  # unreachable for x < 1.0
            j = size - 1
        cards[i], cards[j] = cards[j], cards[i]


cdef object _random_class():
    """``random.Random``, imported on first use; then, once, whether
    rz_pymt_random draws what its ``random()`` returns (the same object
    layout, the same numbers and the same state after more draws than one
    block of the generator holds)."""
    global _Random, _MT_RANDOM
    if _Random is not None:
        return _Random
    import _random
    import random
    if RZ_PY_HAS_GIL and _random.Random.__basicsize__ == sizeof(rz_pymt):
        ours, theirs = random.Random(20261206), random.Random(20261206)
        same = all([rz_pymt_random(ours) == theirs.random() for _ in range(700)])
        if same and ours.getstate() == theirs.getstate():
            _MT_RANDOM = _random.Random.random
    _Random = random.Random
    return _Random


cdef object _generator(seed, rng):
    """The hand's random source: ``rng`` if given (anything with the
    ``random()`` of :class:`random.Random`), else ``random.Random(seed)``."""
    if rng is not None:
        if seed is not None:
            raise RulesError("give seed or rng, not both")
        if not callable(getattr(rng, "random", None)):
            raise RulesError(
                f"rng must be a random.Random (or have its random() method), not {brief(rng)}"
            )
        return rng
    if seed is not None and not isinstance(seed, (int, float, str, bytes, bytearray)) \
            and not isinstance(seed, bool) and PyIndex_Check(seed):
        seed = operator.index(seed)  # numpy integers and the like
    if seed is not None and (
        isinstance(seed, bool) or not isinstance(seed, (int, float, str, bytes, bytearray))
    ):
        raise RulesError(f"seed must be an int, float, str or bytes, not {brief(seed)}")
    return _random_class()(seed)
