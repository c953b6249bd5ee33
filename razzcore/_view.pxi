# Included by _core.pyx after _hand.pxi: what one seat sees of a hand
# (HandCore._view, razzcore.engine.HandView).  Taking a view copies the C
# hand (a few hundred bytes) and fills only seat, actor and legal_actions;
# every other field is built from that copy on its first read (_ViewField),
# so a view costs the same whatever the hand's length and a player pays only
# for what it reads.  What fields read that changes only when cards are dealt
# or shown, or chips collected, is kept on the hand between views (HandCore's
# _v* fields, keyed by the state they were read from), and each history entry
# is worded once per hand (_w* fields) and shared by every view.

# Words of the history, made once: each card's text and each simple action.
cdef tuple _CARD_TEXT = tuple([format_card(c) for c in range(52)])
cdef dict _ACTION_WORD = {(verb, s): f"p{s + 1} {verb}" for verb in ("f", "cc", "pb", "cbr")
                          for s in range(8)}
cdef tuple _DEAL_WORD = tuple([f"d dh p{s + 1} " for s in range(8)])


cdef str _word(tuple e, int viewer, tuple exposed, tuple seen):
    """The PHH word of a history entry as ``viewer`` sees it (-1: all of
    it), as ``format_entry`` writes it; the commonest entries are written
    here, any other by ``format_entry``."""
    cdef Py_ssize_t s, c
    kind = e[0]
    if kind == "dh" and len(e) == 3:
        s = e[1] if type(e[1]) is int and 0 <= e[1] < len(exposed) else -1
        if s >= 0:
            text = _DEAL_WORD[s]
            board = <tuple>seen[s]
            full = viewer < 0 or viewer == s or exposed[s]
            for code in e[2]:
                c = code if type(code) is int and 0 <= code < 52 else -1
                if c < 0:
                    return _format_entry(e, viewer, exposed, seen)
                text += <str>_CARD_TEXT[c] if full or code in board else "??"
            return text
    elif kind == "cbr":
        if len(e) == 3 and type(e[1]) is int and 0 <= e[1] < 8 and type(e[2]) is int:
            return f"{_ACTION_WORD[('cbr', e[1])]} {e[2]}"
    elif kind == "db":
        pass
    else:
        found = _ACTION_WORD.get(e[:2])
        if found is not None:
            return <str>found
    return _format_entry(e, viewer, exposed, seen)


def bind_view(HandView, Pot, format_entry, not_actions):
    """Called once, by :mod:`razzcore.engine.hand` as it loads: the view and
    pot records :meth:`HandCore._view` builds, the function that words a
    history entry and the entry kinds that are not PHH actions.  The view
    class gets a :class:`_ViewField` for each field built on first read.
    A second call with other pieces raises RuntimeError."""
    global _HandView, _Pot, _format_entry, _NOT_ACTIONS
    given = (HandView, Pot, format_entry, not_actions)
    if _HandView is not None:
        if given == (_HandView, _Pot, _format_entry, _NOT_ACTIONS):
            return
        raise RuntimeError("the engine's view is already bound to razzcore.engine's own records")
    if (not isinstance(HandView, type) or not isinstance(Pot, type)
            or not callable(format_entry) or not isinstance(not_actions, frozenset)):
        raise TypeError("bind_view takes two classes, a function and a frozenset")
    for i, name in enumerate(_LAZY_FIELDS):
        setattr(HandView, name, _ViewField(name, i))
    _HandView, _Pot, _format_entry, _NOT_ACTIONS = given


from cpython.object cimport PyObject, PyTypeObject

cdef extern from "Python.h":
    object PyObject_GenericGetDict(object o, void *context)

cdef tuple _NO_ARGS = ()

# The HandView fields built on first read, in the order _ViewSource.build
# numbers them; seat, actor and legal_actions are filled as the view is made.
cdef tuple _LAZY_FIELDS = ("street", "stacks", "bets", "pots", "boards", "cards", "folded",
                           "community_card", "history", "is_over", "payoffs", "wagers")
# The key of a view's __dict__ that holds its _ViewSource until every field is read.
cdef str _SOURCE = "_unread"


@cython.final
@cython.freelist(8)  # a player that keeps no views reuses the same few
cdef class _ViewSource:
    """What a :class:`HandView` is built from: a copy of the C hand as it was
    when the view was taken, the history list (only ever appended to) and its
    length then, and the hand whose shared pieces (boards, pots, words) it
    reuses when they were read from the same state."""

    cdef rz_hand h
    cdef HandCore hand
    cdef list log
    cdef Py_ssize_t m, v

    cdef object build(self, int index):
        """Field ``_LAZY_FIELDS[index]`` of the view."""
        cdef HandCore hand = self.hand
        cdef const rz_hand *h = &self.h
        cdef Py_ssize_t n = h.n if 0 <= h.n <= 8 else 0, s
        if index == 0:
            return h.street
        if index == 1:
            return _int_tuple(h.stacks, n)
        if index == 2:
            return _int_tuple(h.bets, n)
        if index == 3:
            return _view_pots(hand, h)
        if index == 4:
            _view_cards(hand, h, self.log)
            return hand._vboards
        if index == 5:
            return _view_seat_cards(self)
        if index == 6:
            return _view_folded(hand, h)
        if index == 7:
            return h.community if h.community >= 0 else None
        if index == 8:
            return _view_history(self)
        if index == 9:
            return h.phase == RZ_OVER
        if index == 10:
            return (tuple([h.stacks[s] - h.start[s] for s in range(n)])
                    if h.phase == RZ_OVER and n else None)
        return h.count


@cython.final
cdef class _ViewField:
    """A :class:`HandView` field built on first read from the view's
    :class:`_ViewSource`, then kept in the view's ``__dict__`` (which an
    attribute read finds first from then on).  A view made by the dataclass's
    own constructor or unpickled holds every field and never gets here."""

    cdef readonly str name
    cdef int index

    def __cinit__(self, str name, int index):
        self.name, self.index = name, index

    def __get__(self, obj, cls):
        if obj is None:
            return self
        d = <dict>PyObject_GenericGetDict(obj, NULL)
        value = d.get(self.name, d)  # d: not there (another thread may have built it)
        if value is not d:
            return value
        source = d.get(_SOURCE)
        if type(source) is not _ViewSource or (<_ViewSource>source).hand is None:
            raise AttributeError(f"{type(obj).__name__!r} object has no attribute {self.name!r}")
        # The fields share pieces kept on the hand (boards, pots, words),
        # read and replaced under the hand's lock: views of one hand may be
        # read on several threads at once (docs/engine.md, "Threads").
        with cython.critical_section((<_ViewSource>source).hand):
            value = (<_ViewSource>source).build(self.index)
        d[self.name] = value
        for name in _LAZY_FIELDS:
            if name not in d:
                break
        else:
            d.pop(_SOURCE, None)  # every field read: let go of the hand
        return value


cdef int _view_cards(HandCore self, const rz_hand *h, list log) except -1:
    """Refresh the boards, exposed flags and each seat's cards (as their
    owner sees them and as the other seats do) unless they were last read
    from the same cards as ``h``'s, of the deal whose history is ``log``.
    Within a deal cards are only ever added and flags only ever set, so the
    counts and flags identify the state; a new deal (the hand started again)
    starts a new history list."""
    cdef Py_ssize_t n = h.n if 0 <= h.n <= 8 else 0, s, j, k, u
    cdef int64_t key = 0, exp = 0
    for s in range(n):
        key += h.ncards[s] + (<int64_t>h.nup[s] << 8)
        if h.exposed[s]:
            exp |= (<int64_t>1) << s
    key |= exp << 16
    key |= <int64_t>(h.community + 1) << 24
    if key == self._vkey and log is self._vlog and self._vboards is not None:
        return 0
    boards, exposed, own, hidden = [], [], [], []
    for s in range(n):
        u = min(h.nup[s], 4)
        k = min(h.ncards[s], 7)
        board = _code_tuple(&h.up[4 * s], u)
        cards = _code_tuple(&h.cards[7 * s], k)
        boards.append(board)
        exposed.append(bool(h.exposed[s]))
        own.append(cards)
        hidden.append(tuple([c if c in board else None for c in cards]))
    # Every piece made first, then all written together (nothing between
    # the writes runs Python code): a reader sees one cache or the other.
    boards_t, exposed_t = tuple(boards), tuple(exposed)
    own_t, hidden_t = tuple(own), tuple(hidden)
    made = [None] * 8  # each viewer's cards, made on its first view
    self._vboards, self._vexposed, self._vown, self._vhidden = (
        boards_t, exposed_t, own_t, hidden_t)
    self._vkey, self._vexp, self._vlog, self._vcards = key, exp, log, made
    return 0

cdef tuple _view_folded(HandCore self, const rz_hand *h):
    """Whether each seat folded, remade only after a fold."""
    cdef Py_ssize_t s, n = h.n if 0 <= h.n <= 8 else 0
    cdef int64_t key = 1 << 16
    for s in range(n):
        if h.dealt[s] and not h.live[s]:
            key |= (<int64_t>1) << s
    key |= <int64_t>n << 8
    folded = self._vfolded  # read once: what is returned is what was checked or made
    if key != self._vfold or folded is None:
        folded = tuple([bool(key >> s & 1) for s in range(n)])
        self._vfolded, self._vfold = folded, key
    return folded

cdef tuple _view_pots(HandCore self, const rz_hand *h):
    """The pots as :class:`Pot` records, rebuilt only when they changed."""
    cdef rz_pot pots[8]
    cdef int k = min(max(rz_hand_pots(h, pots), 0), 8), i, s
    cdef Py_ssize_t n = h.n if 0 <= h.n <= 8 else 0
    made = self._vpots_t  # read once: what is returned is what was checked or made
    if k == self._vnpots and made is not None:
        for i in range(k):
            if (pots[i].amount != self._vpots[i].amount
                    or pots[i].eligible != self._vpots[i].eligible):
                break
        else:
            return made
    # Pot records are made by Python code (another thread may refresh the
    # cache meanwhile): the key is written with them, after them.
    made = tuple([
        _Pot(pots[i].amount, tuple([s for s in range(n) if pots[i].eligible >> s & 1]))
        for i in range(k)])
    self._vpots_t = made
    for i in range(k):
        self._vpots[i] = pots[i]
    self._vnpots = k
    return made

cdef tuple _view_entry(list log, Py_ssize_t i):
    """Entry ``i`` of the history list ``log``, checked before its items are
    read: a tuple ``(kind, seat or card, ...)``.  The list is the hand's own
    (``_log``), only ever appended to by the engine.  An entry cut short or
    not a tuple, or a list that lost entries, raises RazzError; the items of
    an entry are then read as Python objects (a seat is range-checked before
    it indexes anything), so an item of a wrong kind raises Python's own
    TypeError or IndexError, never reads outside an array."""
    if i >= len(log):
        raise RazzError(f"the hand's history (_log) lost entries since the view was taken: "
                        f"{len(log)} entries, the view saw {i + 1}")
    e = log[i]
    if type(e) is not tuple or len(<tuple>e) < 2:
        raise RazzError(f"the hand's history (_log) entry {i} is not an entry: {brief(e)}")
    return <tuple>e

cdef tuple _manual_seen(_ViewSource src, tuple boards):
    """The cards each seat has shown, tabled early at a manual showdown
    ("pre" entries) included: only those cards of that seat become visible.
    Rare (PHH replay)."""
    cdef Py_ssize_t i, n = len(boards)
    pre = [list(b) for b in boards]
    for i in range(src.m):
        e = _view_entry(src.log, i)
        if e[0] == "pre" and len(e) >= 3 and 0 <= e[1] < n:
            pre[e[1]].extend(e[2])
    return tuple([tuple(x) for x in pre])

cdef tuple _view_seat_cards(_ViewSource src):
    """Each seat's cards as the viewer sees them (None: hidden)."""
    cdef HandCore hand = src.hand
    cdef Py_ssize_t s, v = src.v, n
    cdef list made
    _view_cards(hand, &src.h, src.log)
    # One read of the cache, every piece at once: a refresh meanwhile (another
    # view of this hand, at another state) replaces the pieces, never mixes
    # them, and a viewer's cards are kept in the list of the cache they were
    # made from.
    own, hidden, exposed, boards, made = (
        <tuple>hand._vown, <tuple>hand._vhidden, <tuple>hand._vexposed, <tuple>hand._vboards,
        <list>hand._vcards)
    n = len(own)
    if src.h.manual:
        seen = _manual_seen(src, boards)
        return tuple([
            own[s] if s == v or exposed[s]
            else tuple([c if c in seen[s] else None for c in own[s]])
            for s in range(n)])
    cards = made[v]
    if cards is None:
        cards = tuple([own[s] if s == v or exposed[s] else hidden[s] for s in range(n)])
        made[v] = cards
    return cards

cdef tuple _entry_words(tuple e, Py_ssize_t n, tuple exposed, tuple seen):
    """A history entry's words: ``(word, own)``, the word as any seat sees it
    and, for a deal of hidden cards, ``(seat, word in full)`` for the seat
    that holds them (else None); ``(None, None)`` for an entry that is not a
    PHH action."""
    if e[0] in _NOT_ACTIONS:
        return (None, None)
    s = e[1] if e[0] == "dh" else -1
    if 0 <= s < n and not exposed[s]:
        # seat 8 is nobody: the cards as any other seat sees them
        word = _word(e, 8, exposed, seen)
        mine = _word(e, s, exposed, seen)
        return (word, (s, mine) if mine != word else None)  # upcards: one word
    return (_word(e, -1, exposed, seen), None)

cdef tuple _view_history(_ViewSource src):
    """The history as the viewer saw it: the words of the first ``src.m``
    entries of the log.  Each entry is worded once for every view of the
    hand read with the same cards face up (the words depend on nothing
    else: an upcard is on its seat's board from its deal on), in lists kept
    on the hand and extended as far as a view reads."""
    cdef HandCore self = src.hand
    cdef Py_ssize_t i, m = src.m, v = src.v, n
    cdef list log = src.log, pub, full
    _view_cards(self, &src.h, src.log)
    exposed, seen, mask = <tuple>self._vexposed, <tuple>self._vboards, self._vexp  # one read
    n = len(exposed)
    if src.h.manual:
        seen = _manual_seen(src, seen)
        return tuple([_format_entry(e, v, exposed, seen)
                      for e in [_view_entry(log, i) for i in range(m)]
                      if e[0] not in _NOT_ACTIONS])
    if log is not self._wlog or mask != self._wexp or self._wpub is None:
        # Another log (a copy), or other cards face up: every word again.
        self._wpub, self._wfull = [], []
        self._wlog, self._wread, self._wexp = log, 0, mask
    pub, full = self._wpub, self._wfull
    # Each step re-reads where the lists stand: a word may call Python
    # code (format_entry), during which another thread reading a view of
    # this hand may extend them; a word written twice is then dropped, not
    # appended twice.
    while self._wread < m and self._wpub is pub:
        i = self._wread
        word, own = _entry_words(_view_entry(log, i), n, exposed, seen)
        if self._wread == i and self._wpub is pub:
            full.append(own)
            pub.append(word)
            self._wread = i + 1
    if len(pub) < m:  # the lists were started again meanwhile: word these here
        pub, full = [], []
        for i in range(m):
            word, own = _entry_words(_view_entry(log, i), n, exposed, seen)
            pub.append(word)
            full.append(own)
    out = []
    for i in range(m):
        own = full[i]
        if own is not None and (<tuple>own)[0] == v:
            out.append((<tuple>own)[1])
        elif pub[i] is not None:
            out.append(pub[i])
    return tuple(out)

cdef object _hand_view(HandCore self, seat):
    """The :class:`HandView` of ``seat`` (see ``Hand.view``): seat, actor
    and legal actions now, every other field on its first read."""
    cdef Py_ssize_t n = self._n()
    cdef Py_ssize_t v = seat if type(seat) is int and 0 <= seat < n else self._seat(seat)
    cdef int64_t cbr
    cdef unsigned mask
    cdef _ViewSource source
    if _HandView is None:
        raise RuntimeError("razzcore.engine.hand binds the view records when it loads")
    actor = self.h.actor if self.h.actor >= 0 else None
    if actor is None or actor != v:
        legal = ()
    elif self.h.phase == RZ_SHOW:
        legal = tuple(self._show_actions(v))
    else:
        mask = rz_hand_options(&self.h, &cbr)
        legal = (<tuple>_options_for(mask, cbr))[0]
    source = _ViewSource.__new__(_ViewSource)
    source.h = self.h
    source.hand = self
    source.log = self._log
    source.m = len(self._log)
    source.v = v
    # HandView.__new__(HandView) without the lookup and the call's wrapper
    view = (<PyTypeObject *>_HandView).tp_new(<type>_HandView, <PyObject *>_NO_ARGS, NULL)
    d = <dict>PyObject_GenericGetDict(view, NULL)
    d["seat"] = v
    d["actor"] = actor
    d["legal_actions"] = legal
    d[_SOURCE] = source
    return view
