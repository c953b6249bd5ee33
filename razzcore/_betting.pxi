# Included by _core.pyx: the compiled hot path of the razz betting engine.
#
# HandCore is the base of razzcore._state.HandState (and so of
# razzcore.hand.Hand).  It holds the fields every betting decision touches
# (per-seat lists of Python ints, scalars as C integers) and implements the
# decision loop in C: the options of the pending decision (R8-R17), applying
# fold / call / post / complete-bet-raise, and passing the turn.  Everything
# rarer (dealing, the end of a round, showdown, error messages, the slow
# parsing of actions) stays in Python in the subclasses, which this class
# calls by name: _end_round(), _finish_uncontested(), _show_actions(p) and
# _act_slow(action).
#
# Amounts fit C long long: Rules and Hand reject chip counts above
# razzcore.rules.MAX_CHIPS (2**53), so no sum of a table's chips can overflow.  Every list index is
# bounds-checked (boundscheck is on for the class); seat indexes come from the
# hand's own state, never straight from a caller.

cdef enum:
    PH_NORMAL = 0
    PH_BRING = 1
    PH_OPEN = 2
    PH_SHOW = 3
    PH_OVER = 4

cdef enum:
    ACT_FOLD = 0
    ACT_POST = 1
    ACT_CALL = 2
    ACT_RAISE = 3

#: Betting phases of a hand (``HandState._phase``).
NORMAL = PH_NORMAL
BRING = PH_BRING
OPEN = PH_OPEN
SHOW = PH_SHOW
OVER = PH_OVER

# Shared, immutable log entries of the hot path: appending one allocates nothing.
FOLD_ENTRY = tuple([("f", s) for s in range(8)])
CALL_ENTRY = tuple([("cc", s) for s in range(8)])
POST_ENTRY = tuple([("pb", s) for s in range(8)])

cdef long long _UNLIMITED = 1 << 30
cdef long long _CLAMP = 1 << 62
# (fold, cc, pb, cbr, legal strings, exact string -> ACT_*) by decision key.
cdef dict _OPTIONS = {}


cdef tuple _options_for(bint fold, bint cc, bint pb, long long cbr):
    """The (shared, never mutated) options tuple of a decision: the flags,
    the legal strings and the kind of each accepted exact string (``"cbr"``
    alone is accepted as the implied amount)."""
    key = (cbr << 3) | (fold << 2) | (cc << 1) | pb
    found = _OPTIONS.get(key)
    if found is not None:
        return <tuple>found
    legal = []
    kinds = {}
    if fold:
        legal.append("f")
        kinds["f"] = ACT_FOLD
    if pb:
        legal.append("pb")
        kinds["pb"] = ACT_POST
    elif cc:
        legal.append("cc")
    if cc:
        kinds["cc"] = ACT_CALL
    if cbr:
        text = f"cbr {cbr}"
        legal.append(text)
        kinds[text] = ACT_RAISE
        kinds["cbr"] = ACT_RAISE
    result = (fold, cc, pb, cbr, tuple(legal), kinds)
    # Entries are never removed or replaced (a free-threaded reader may hold a
    # borrowed reference to one): past 4,096 decision shapes (odd all-in
    # totals) the options are built afresh instead of cached.
    if len(_OPTIONS) < 4096:
        # setdefault: a tuple once stored is never replaced, even when two
        # threads build the same one at once.
        result = _OPTIONS.setdefault(key, result)
    return result


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
    cdef double x
    if last > size - 1:
        last = size - 1
    for i in range(last):
        v = rnd()
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
        if len(cards) != size:
            raise RulesError("the cards changed size while being shuffled")
        j = i + <Py_ssize_t>(x * <double>(size - i))
        if j >= size:  # unreachable for x < 1.0
            j = size - 1
        cards[i], cards[j] = cards[j], cards[i]


@cython.boundscheck(True)
@cython.wraparound(False)
cdef class HandCore:
    """The compiled base of a razz hand's state (see :mod:`razzcore.hand`):
    the betting fields and the decision loop.  Not used on its own.

    >>> from razzcore.hand import Hand
    >>> from razzcore.rules import Rules
    >>> isinstance(Hand(Rules(2, 5, 10, 20), [50, 50], seed=1), HandCore)
    True
    """

    cdef readonly object rules
    cdef public Py_ssize_t _n
    cdef public list _stacks, _bets, _contrib, _live, _acted, _last, _reopen, _log
    cdef public tuple _cw
    cdef public int _street, _phase
    cdef public Py_ssize_t _actor, _aggressor, _first_actor, _round_street, _sixth_first
    cdef public long long _u, _high, _level, _count
    cdef public bint _capped_multi
    cdef public tuple _opts
    cdef object __weakref__
    # The rules, as C values (set by _bind_rules).
    cdef long long c_max_bets, c_hu_max, c_bring_in, c_small, c_big
    cdef bint c_hu_uncapped, c_may_complete, c_half_bet, c_full_bet, c_open_fold
    cdef bint c_call_bring_in, c_has_bring, c_completion_increment

    def __cinit__(self):
        self._actor = -1  # a hand made with __new__ alone has no actor
        self._sixth_first = -1

    def _bind_rules(self, rules):
        """Cache ``rules`` (a validated :class:`~razzcore.rules.Rules`) as C values."""
        self.rules = rules
        self.c_max_bets = min(rules.max_bets_per_round, _CLAMP)
        hu = rules.heads_up_max_bets
        self.c_hu_max = -1 if hu is None else min(hu, _CLAMP)
        self.c_hu_uncapped = rules.heads_up_uncapped
        self.c_bring_in = rules.bring_in
        self.c_small = rules.small_bet
        self.c_big = rules.big_bet
        self.c_may_complete = rules.bring_in_may_complete
        self.c_half_bet = rules.short_all_in_rule == "half_bet"
        self.c_full_bet = rules.short_all_in_rule == "full_bet"
        self.c_open_fold = rules.allow_open_fold
        self.c_call_bring_in = rules.allow_call_bring_in
        self.c_has_bring = rules.has_bring_in
        self.c_completion_increment = rules.short_completion_measure == "completion_increment"

    def _copy_core(self, HandCore new not None):
        """Copy this core's fields into ``new`` (lists copied, not shared)."""
        new.rules = self.rules
        new.c_max_bets = self.c_max_bets
        new.c_hu_max = self.c_hu_max
        new.c_hu_uncapped = self.c_hu_uncapped
        new.c_bring_in = self.c_bring_in
        new.c_small = self.c_small
        new.c_big = self.c_big
        new.c_may_complete = self.c_may_complete
        new.c_half_bet = self.c_half_bet
        new.c_full_bet = self.c_full_bet
        new.c_open_fold = self.c_open_fold
        new.c_call_bring_in = self.c_call_bring_in
        new.c_has_bring = self.c_has_bring
        new.c_completion_increment = self.c_completion_increment
        new._n = self._n
        new._stacks = self._stacks[:]
        new._bets = self._bets[:]
        new._contrib = self._contrib[:]
        new._live = self._live[:]
        new._acted = self._acted[:]
        new._last = self._last[:]
        new._reopen = self._reopen[:]
        new._log = self._log[:]
        new._cw = self._cw
        new._street = self._street
        new._phase = self._phase
        new._actor = self._actor
        new._aggressor = self._aggressor
        new._first_actor = self._first_actor
        new._round_street = self._round_street
        new._sixth_first = self._sixth_first
        new._u = self._u
        new._high = self._high
        new._level = self._level
        new._count = self._count
        new._capped_multi = self._capped_multi
        new._opts = self._opts

    # ------------------------------------------------------------ reading

    @property
    def actor(self):
        """The seat whose decision is pending, or ``None`` when the hand is over.

        >>> from razzcore.hand import Hand
        >>> from razzcore.rules import Rules
        >>> Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd").actor
        0
        """
        return self._actor if self._actor >= 0 else None

    def legal_actions(self):
        """The actor's legal actions as PHH strings: ``"pb"``, ``"f"``,
        ``"cc"``, ``"cbr N"``; at a manual showdown ``"sm <cards>"`` (show)
        and ``"sm"`` (muck) where mucking is allowed.  Empty when over.

        >>> from razzcore.hand import Hand
        >>> from razzcore.rules import Rules
        >>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd")
        >>> h.legal_actions()
        ['pb', 'cbr 10']
        >>> h.act("pb"); h.legal_actions()
        ['f', 'cc', 'cbr 10']
        """
        opts = self._opts
        if opts is not None:
            return list((<tuple>opts)[4])
        cdef Py_ssize_t p = self._actor
        if p < 0:
            return []
        if self._phase == PH_SHOW:
            return self._show_actions(p)
        return list(self._options_c(p)[4])

    def act(self, action):
        """Apply one action given as a PHH string (an optional ``"pN "`` prefix
        names the acting player, 1-based).  Illegal actions raise
        :class:`~razzcore.errors.IllegalActionError` and change nothing.

        ``act`` applies the action itself, never through the public methods
        (``fold()``, ``check_or_call()``...): a subclass that overrides those
        does not change what ``act`` does (override ``act`` to see every
        action).

        >>> from razzcore.hand import Hand
        >>> from razzcore.rules import Rules
        >>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd")
        >>> h.act("cc")
        Traceback (most recent call last):
        ...
        razzcore.errors.IllegalActionError: p2 cannot 'cc': the bring-in must be posted ...
        """
        cdef tuple opts
        if type(action) is str:
            # Fast path: an exact legal string of the pending betting decision.
            if self._opts is not None:
                opts = <tuple>self._opts
            elif self._actor >= 0 and self._phase < PH_SHOW:
                opts = self._options_c(self._actor)
            else:
                opts = None
            if opts is not None:
                kind = (<dict?>opts[5]).get(action)
                if kind is not None:
                    self._apply(<int>kind, self._actor, <long long>opts[3])
                    return
        self._act_slow(action)

    cdef int _apply(self, int kind, Py_ssize_t p, long long cbr) except -1:
        if kind == ACT_CALL:
            self._call_c(p)
        elif kind == ACT_RAISE:
            self._raise_c(p, cbr, False)
        elif kind == ACT_FOLD:
            self._fold_c(p)
        else:
            self._post_c(p)
        return 0

    # ------------------------------------------------------------ counting

    cdef Py_ssize_t _active_count_c(self) except -1:
        cdef Py_ssize_t s, k = 0
        cdef list live = self._live, stacks = self._stacks
        for s in range(self._n):
            if live[s] and <long long>stacks[s] != 0:
                k += 1
        return k

    def _active_count(self):
        """Seats live and with chips."""
        return self._active_count_c()

    def _live_count(self):
        """Seats still in the hand."""
        return self._live.count(True)

    def _next_active(self, Py_ssize_t s):
        """The next seat clockwise after ``s`` that can act, or -1."""
        cdef list live = self._live, stacks = self._stacks
        cdef Py_ssize_t q
        for q in <tuple?>self._cw[s]:
            if live[q] and <long long>stacks[q] != 0:
                return q
        return s if live[s] and <long long>stacks[s] != 0 else -1

    # ------------------------------------------------------------ rounds

    def _reset_round(self, int street):
        """Open betting state for ``street`` (3..7)."""
        cdef Py_ssize_t n = self._n
        self._street = street
        self._u = self.c_small if street <= 4 else self.c_big
        self._high = 0
        self._level = 0
        self._count = 0
        self._acted = [False] * n
        self._last = [0] * n
        self._reopen = [False] * n
        self._capped_multi = False

    def _begin_betting(self, Py_ssize_t first, int phase):
        """Give the turn to ``first`` in ``phase`` at the start of a round."""
        self._opts = None
        self._first_actor = first
        self._round_street = self._street
        self._aggressor = -1
        self._phase = phase
        self._actor = first
        if self._street == 6:
            self._sixth_first = first

    # ------------------------------------------------------------ options

    cdef long long _cap_c(self) except -1:
        if not self._capped_multi and self._active_count_c() == 2:
            if self.c_hu_uncapped:
                return _UNLIMITED
            if self.c_hu_max >= 0:
                return self.c_hu_max
        return self.c_max_bets

    def _cap(self):
        """The most wagers (bet + raises) this round allows now (R9)."""
        return self._cap_c()

    cdef bint _answerable_c(self, Py_ssize_t p, long long high) except -1:
        cdef list live = self._live, stacks = self._stacks, bets = self._bets
        cdef Py_ssize_t q
        for q in <tuple?>self._cw[p]:
            if live[q] and <long long>stacks[q] + <long long>bets[q] > high:
                return True
        return False

    def _answerable(self, Py_ssize_t p, long long high):
        """Whether some other live player could put in more than ``high`` on
        this street (R17): else a bet, raise or completion by ``p`` could
        only be returned uncalled, so none is offered."""
        return self._answerable_c(p, high)

    cdef tuple _options_c(self, Py_ssize_t p):
        """(fold, check/call, post bring-in, cbr target or 0, legal strings,
        exact legal string -> kind) for the actor, cached until the next
        action."""
        if self._opts is not None:
            return <tuple>self._opts
        cdef long long stack = self._stacks[p], b = self._bets[p], u = self._u
        cdef long long cbr = 0, to_call, count, d, target  # all <= 8 * MAX_CHIPS
        cdef bint fold, cc, pb, may
        if self._phase != PH_NORMAL:  # BRING or OPEN: post, complete, or (OPEN) fold
            if (
                stack > self.c_bring_in
                and (self._phase == PH_OPEN or self.c_may_complete)
                and self._answerable_c(p, max(self._high, self.c_bring_in))
            ):
                cbr = u if u < b + stack else b + stack
            fold = self._phase == PH_OPEN
            cc = False
            pb = True
        else:
            to_call = self._high - b
            if stack > to_call:
                # May p raise?  The cap (R9), someone left to answer, and the
                # reopening rule (R14).
                count = self._count
                if (
                    count >= self.c_max_bets or (self.c_hu_max >= 0 and count >= self.c_hu_max)
                ) and count >= self._cap_c():
                    may = False
                else:
                    may = self._answerable_c(p, self._high)
                    if may and self._acted[p] and not self._reopen[p]:
                        d = self._high - <long long>self._last[p]
                        may = (2 * d if self.c_half_bet else d) >= u
                if may:
                    target = self._level + u
                    cbr = target if b + stack >= target else b + stack
            fold = to_call > 0 or self.c_open_fold
            cc = not (
                cbr
                and not self.c_call_bring_in
                and self._street == 3
                and self._count == 0
                and to_call > 0
                and self.c_has_bring
            )
            pb = False
        opts = _options_for(fold, cc, pb, cbr)
        self._opts = opts
        return opts

    def _options(self, Py_ssize_t p):
        """The options tuple ``(fold, cc, pb, cbr, legal strings, exact
        string -> kind)`` of ``p``'s pending betting decision, cached until
        the next action."""
        return self._options_c(p)

    # ------------------------------------------------------------ applying

    cdef int _put_c(self, Py_ssize_t p, long long amount) except -1:
        self._stacks[p] = <long long>self._stacks[p] - amount
        self._bets[p] = <long long>self._bets[p] + amount
        self._contrib[p] = <long long>self._contrib[p] + amount
        return 0

    def _put(self, Py_ssize_t p, long long amount):
        """Move ``amount`` from ``p``'s stack into the bet."""
        self._put_c(p, amount)

    cdef int _post_c(self, Py_ssize_t p) except -1:
        cdef long long b = self.c_bring_in, stack = self._stacks[p]
        self._put_c(p, b if stack > b else stack)
        if b > self._high:
            self._high = b
        self._phase = PH_NORMAL
        self._aggressor = p
        self._log.append(POST_ENTRY[p])
        self._after_c(p, False)
        return 0

    def _post(self, Py_ssize_t p, _cbr=0):
        """Post the bring-in for ``p`` (checked by the caller)."""
        self._post_c(p)

    cdef int _fold_c(self, Py_ssize_t p) except -1:
        cdef list live = self._live
        live[p] = False
        self._log.append(FOLD_ENTRY[p])
        self._after_c(p, live.count(True) == 1)
        return 0

    def _fold(self, Py_ssize_t p, _cbr=0):
        """Fold ``p`` (checked by the caller)."""
        self._fold_c(p)

    cdef int _call_c(self, Py_ssize_t p) except -1:
        cdef long long stack = self._stacks[p]
        cdef long long to_call = self._high - <long long>self._bets[p]
        self._put_c(p, to_call if stack > to_call else stack)
        self._log.append(CALL_ENTRY[p])
        self._after_c(p, False)
        return 0

    def _call(self, Py_ssize_t p, _cbr=0):
        """Check or call for ``p`` (checked by the caller)."""
        self._call_c(p)

    cdef bint _full_all_in_c(self, long long total) except -1:
        if self.c_full_bet:
            return False
        cdef long long b
        if (
            self._street == 3
            and self._count == 0
            and self.c_has_bring
            and self.c_completion_increment
        ):
            b = self.c_bring_in
            return 2 * (total - b) >= self._u - b
        return 2 * (total - self._level) >= self._u

    def _full_all_in(self, long long total):
        """Whether a short all-in to ``total`` counts as a wager (R15)."""
        return self._full_all_in_c(total)

    cdef int _raise_c(self, Py_ssize_t p, long long total, bint alias) except -1:
        cdef long long amount = total - <long long>self._bets[p]
        cdef list reopen
        self._put_c(p, amount)
        if alias or total >= self._level + self._u:
            self._level = total
            self._count += 1
            reopen = [True] * self._n
            reopen[p] = False
            self._reopen = reopen
        elif self._full_all_in_c(total):
            self._level = total
            self._count += 1
        if total > self._high:
            self._high = total
        if self._phase != PH_NORMAL:
            self._phase = PH_NORMAL
        self._aggressor = p
        self._log.append(("cbr", p, total))
        self._after_c(p, False)
        return 0

    def _raise(self, Py_ssize_t p, long long total, bint alias=False):
        """Complete, bet or raise ``p`` to the street total ``total`` (checked
        by the caller; ``alias``: a replayed raise to an all-in total)."""
        self._raise_c(p, total, alias)

    cdef bint _close_round_c(self) except -1:
        """End the betting round: return to a live owner the part of the largest
        wager that nobody matched (R17, as :func:`razzcore.pots.uncalled_excess`), clear
        the bets, nobody to act.  True when one player is left in the hand."""
        cdef list bets = self._bets
        cdef Py_ssize_t s, top = -1
        cdef long long b, first = 0, second = 0
        for s in range(len(bets)):
            b = bets[s]
            if b > first:
                second = first
                first = b
                top = s
            elif b > second:
                second = b
        # A dead hand's wager (an absent player's bring-in, R23) stays in the
        # pot: only a live owner takes an unmatched part back.
        if top >= 0 and first != second and self._live[top]:
            self._stacks[top] = <long long>self._stacks[top] + (first - second)
            self._contrib[top] = <long long>self._contrib[top] - (first - second)
        self._bets = [0] * self._n
        self._actor = -1
        return self._live.count(True) == 1

    def _close_round(self):
        """End the betting round (see the C version); True when one player is
        left."""
        return self._close_round_c()

    cdef int _after_c(self, Py_ssize_t p, bint last_standing) except -1:
        """Book ``p``'s action, then pass the turn clockwise or end the round
        (at once when ``last_standing``: a fold left one player)."""
        cdef list acted = self._acted, bets = self._bets, live = self._live
        cdef list stacks = self._stacks
        cdef long long high
        cdef Py_ssize_t q
        self._opts = None
        acted[p] = True
        self._reopen[p] = False
        self._last[p] = bets[p]
        if (
            not self._capped_multi
            and self._count >= self.c_max_bets
            and self._active_count_c() >= 3
        ):
            self._capped_multi = True
        if last_standing:  # a fold left one player: close the round here
            self._close_round_c()
            self._finish_uncontested()
            return 0
        if self._phase == PH_OPEN:
            for q in <tuple?>self._cw[p]:
                if live[q] and <long long>stacks[q] != 0 and not acted[q]:
                    self._actor = q
                    return 0
        else:
            high = self._high
            for q in <tuple?>self._cw[p]:
                if live[q] and <long long>stacks[q] != 0 and (
                    not acted[q] or <long long>bets[q] < high
                ):
                    self._actor = q
                    return 0
        self._end_round()
        return 0

    def _after(self, Py_ssize_t p, bint last_standing=False):
        """Book ``p``'s action and pass the turn (see the C version)."""
        self._after_c(p, last_standing)
