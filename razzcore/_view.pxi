# Included by _core.pyx after _hand.pxi: what one seat sees of a hand
# (HandCore._view, razzcore.engine.HandView), built in one call.  What a view
# reads that changes only when cards are dealt or shown, or chips collected,
# is kept on the hand between views (HandCore's _v* fields), and each history
# entry is worded once per hand (_w* fields) and shared by every view.

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
    history entry and the entry kinds that are not PHH actions.  A second
    call with other pieces raises RuntimeError."""
    global _HandView, _Pot, _format_entry, _NOT_ACTIONS
    given = (HandView, Pot, format_entry, not_actions)
    if _HandView is not None:
        if given == (_HandView, _Pot, _format_entry, _NOT_ACTIONS):
            return
        raise RuntimeError("the engine's view is already bound to razzcore.engine's own records")
    if (not isinstance(HandView, type) or not isinstance(Pot, type)
            or not callable(format_entry) or not isinstance(not_actions, frozenset)):
        raise TypeError("bind_view takes two classes, a function and a frozenset")
    _HandView, _Pot, _format_entry, _NOT_ACTIONS = given


cdef int _view_cards(HandCore self) except -1:
    """Refresh the boards, exposed flags and each seat's cards (as their
    owner sees them and as the other seats do) when cards were dealt or
    shown since the last view.  Cards are only ever added to a hand and
    flags only ever set, so the counts and flags identify the state."""
    cdef Py_ssize_t n = self._n(), s, j, k, u
    cdef int64_t key = 0, exp = 0
    for s in range(n):
        key += self.h.ncards[s] + (<int64_t>self.h.nup[s] << 8)
        if self.h.exposed[s]:
            exp |= (<int64_t>1) << s
    key |= exp << 16
    key |= <int64_t>(self.h.community + 1) << 24
    if key == self._vkey and self._vboards is not None:
        return 0
    boards, exposed, own, hidden = [], [], [], []
    for s in range(n):
        u = min(self.h.nup[s], 4)
        k = min(self.h.ncards[s], 7)
        board = _code_tuple(&self.h.up[4 * s], u)
        cards = _code_tuple(&self.h.cards[7 * s], k)
        boards.append(board)
        exposed.append(bool(self.h.exposed[s]))
        own.append(cards)
        hidden.append(tuple([c if c in board else None for c in cards]))
    self._vboards, self._vexposed = tuple(boards), tuple(exposed)
    self._vown, self._vhidden = tuple(own), tuple(hidden)
    self._vkey, self._vexp = key, exp
    self._vcards = [None] * 8  # each viewer's cards, made on its first view
    return 0

cdef tuple _view_folded(HandCore self):
    """Whether each seat folded, remade only after a fold."""
    cdef Py_ssize_t s, n = self._n()
    cdef int64_t key = 1 << 16
    for s in range(n):
        if self.h.dealt[s] and not self.h.live[s]:
            key |= (<int64_t>1) << s
    key |= <int64_t>n << 8
    if key != self._vfold or self._vfolded is None:
        self._vfolded = tuple([bool(key >> s & 1) for s in range(n)])
        self._vfold = key
    return self._vfolded

cdef tuple _view_pots(HandCore self):
    """The pots as :class:`Pot` records, rebuilt only when they changed."""
    cdef rz_pot pots[8]
    cdef int k = min(max(rz_hand_pots(&self.h, pots), 0), 8), i, s
    cdef Py_ssize_t n = self._n()
    if k == self._vnpots and self._vpots_t is not None:
        for i in range(k):
            if (pots[i].amount != self._vpots[i].amount
                    or pots[i].eligible != self._vpots[i].eligible):
                break
        else:
            return self._vpots_t
    self._vpots_t = tuple([
        _Pot(pots[i].amount, tuple([s for s in range(n) if pots[i].eligible >> s & 1]))
        for i in range(k)])
    for i in range(k):
        self._vpots[i] = pots[i]
    self._vnpots = k
    return self._vpots_t

cdef tuple _view_history(HandCore self, Py_ssize_t v, tuple exposed, tuple seen):
    """The history as seat ``v`` (< n) sees it (not for manual showdowns):
    each entry is worded once, for any seat (and once more, in full, for
    the seat whose hidden cards it deals), and each seat's list of words
    is extended from there."""
    cdef Py_ssize_t i, m, s, n = self._n()
    cdef int64_t mask = self._vexp
    cdef list log = self._log, words, pub, full
    if log is not self._wlog or mask != self._wexp or self._wpub is None:
        # A new log, or cards turned face up: every word again (rare).
        self._wpub, self._wfull = [], []
        self._wseat = [[] for s in range(8)]
        self._wlog, self._wread, self._wexp = log, 0, mask
    pub, full = self._wpub, self._wfull
    m = len(log)
    # Each step re-reads where the lists stand: a word may call Python
    # code (format_entry), during which another thread viewing this
    # hand may extend them; a word written twice is then dropped, not
    # appended twice.
    while self._wread < m and self._wpub is pub:
        i = self._wread
        e = log[i]
        if e[0] in _NOT_ACTIONS:
            self._wread = i + 1
            continue
        s = e[1] if e[0] == "dh" else -1
        if 0 <= s < n and not exposed[s]:
            # seat 8 is nobody: the cards as any other seat sees them
            word = _word(e, 8, exposed, seen)
            mine = _word(e, s, exposed, seen)
            own = (s, mine) if mine != word else None  # upcards: one word
        else:
            word = _word(e, -1, exposed, seen)
            own = None
        if self._wread == i and self._wpub is pub:
            full.append(own)
            pub.append(word)
            self._wread = i + 1
    words = <list>self._wseat[v & 7]
    while len(words) < len(pub):
        i = len(words)
        own = full[i]
        if own is not None and (<tuple>own)[0] == v:
            words.append((<tuple>own)[1])
        else:
            words.append(pub[i])
    return tuple(words)

cdef object _hand_view(HandCore self, seat):
    """The :class:`HandView` of ``seat`` (see ``Hand.view``)."""
    cdef Py_ssize_t n = self._n(), s
    cdef Py_ssize_t v = seat if type(seat) is int and 0 <= seat < n else self._seat(seat)
    cdef int64_t cbr
    cdef unsigned mask
    if _HandView is None:
        raise RuntimeError("razzcore.engine.hand binds the view records when it loads")
    _view_cards(self)
    boards, exposed = self._vboards, self._vexposed
    own, hidden = <tuple>self._vown, <tuple>self._vhidden
    seen = boards
    if self.h.manual:
        # Cards tabled early at a manual showdown ("pre" entries): only
        # those cards of that seat become visible.  Rare (PHH replay).
        pre = [list(b) for b in boards]
        for e in self._log:
            if e[0] == "pre" and 0 <= e[1] < n:
                pre[e[1]].extend(e[2])
        seen = tuple([tuple(x) for x in pre])
        cards = tuple([
            own[s] if s == v or exposed[s]
            else tuple([c if c in seen[s] else None for c in own[s]])
            for s in range(n)])
    else:
        cards = self._vcards[v]
        if cards is None:
            cards = tuple([own[s] if s == v or exposed[s] else hidden[s] for s in range(n)])
            self._vcards[v] = cards
    actor = self.h.actor if self.h.actor >= 0 else None
    if actor is None or actor != v:
        legal = ()
    elif self.h.phase == RZ_SHOW:
        legal = tuple(self._show_actions(v))
    else:
        mask = rz_hand_options(&self.h, &cbr)
        legal = (<tuple>_options_for(mask, cbr))[0]
    view = _HandView.__new__(_HandView)
    d = <dict>view.__dict__
    d["seat"] = v
    d["street"] = self.h.street
    d["actor"] = actor
    d["legal_actions"] = legal
    d["stacks"] = self._seat_values(self.h.stacks)
    d["bets"] = self._seat_values(self.h.bets)
    d["pots"] = _view_pots(self)
    d["boards"] = boards
    d["cards"] = cards
    d["folded"] = _view_folded(self)
    d["community_card"] = self.h.community if self.h.community >= 0 else None
    if self.h.manual:
        d["history"] = tuple([_format_entry(e, v, exposed, seen) for e in self._log
                              if e[0] not in _NOT_ACTIONS])
    else:
        d["history"] = _view_history(self, v, exposed, seen)
    d["is_over"] = self.h.phase == RZ_OVER
    d["payoffs"] = (tuple([self.h.stacks[s] - self.h.start[s] for s in range(n)])
                    if self.h.phase == RZ_OVER and n else None)
    d["wagers"] = self.h.count
    return view
