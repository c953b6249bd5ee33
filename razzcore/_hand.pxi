# Included by _core.pyx: HandCore, the compiled base of razzcore.Hand.
#
# A hand is one rz_hand (src/razz_engine.h: every rule of the game lives
# there) plus what only Python needs: the rules object, the history as a list
# of entries (built from the events each C step reports), the awards, the deck
# dealt from and the constructor's options.  This file checks arguments, deals
# the deck, steps the C machine and reads its fields; it decides nothing about
# the game.  Messages for refused actions are worded in razzcore/engine/hand.py from
# the reason codes the machine returns.
#
# Every index into the struct's arrays is a seat < h.n <= 8 (checked here or
# bounded by construction) or a card count the machine keeps <= 7.
#
# Threads (docs/engine.md, "Threads"): every method and property of HandCore
# reads and changes the hand's fields under its critical section
# (``cython.critical_section``: the object's own lock on a free-threaded
# build, nothing at all with the GIL), so a hand shared between threads is
# stepped and read one call at a time, as the GIL would have it, and no call
# sees a field another has replaced and released.  Calls into Python (the
# Hand subclass, the caller's rng, Rules attributes) are left outside it.
# The views' lazy fields take the same lock (_view.pxi).

#: Why HandCore._replay_run stopped, besides the engine's reason codes: a
#: deal line that is not the engine's next deal (DEAL), one naming a card the
#: engine dealt from another deck position (MISPLACED: the replay swaps the two
#: and restarts), cards dealt and not yet named before a player line (PENDING;
#: at the end of the history, a showdown decided with them), a line left to
#: Hand.act (TURN: it words the error, or plays what the loop does not: a show
#: out of turn or of some cards only), shown cards still due from the dealer
#: (EARLY) or never dealt to the seat (UNDEALT), an action the engine played
#: for a seat sitting out that the history has not listed first (ABSENT, R23),
#: a history stopping at the showdown with a seat's cards unknown (SHOWN).
#: Worded once, in razzcore/histories/replay.py.
REPLAY_DEAL, REPLAY_PENDING, REPLAY_TURN, REPLAY_SHOWN, REPLAY_ABSENT = -1, -2, -3, -4, -5
REPLAY_MISPLACED, REPLAY_EARLY, REPLAY_UNDEALT = -6, -7, -8

#: Betting phases of a hand (``rz_hand.phase``).
NORMAL, BRING, OPEN, SHOW, OVER = RZ_NORMAL, RZ_BRING, RZ_OPEN, RZ_SHOW, RZ_OVER

# The history is a list of entries, one per event the machine reports:
# ("dh", seat, cards), ("db", card), ("f", seat), ("pb", seat, chips put in),
# ("cc", seat, chips put in), ("cbr", seat, street total), ("sm", seat, cards
# or None for a muck), ("pre", seat, cards) (an early partial show), and two
# that are not PHH actions: ("ante", seat, chips) and ("back", seat, chips)
# (the part of a wager nobody matched, returned, R17).  Shared, immutable
# entries for the commonest: appending one allocates nothing.
FOLD_ENTRY = tuple([("f", s) for s in range(8)])
DEAL_ENTRY = tuple([tuple([("dh", s, (c,)) for c in range(52)]) for s in range(8)])
cdef tuple _FOLD_ENTRY = FOLD_ENTRY, _DEAL_ENTRY = DEAL_ENTRY

# The engine room's Python pieces HandCore builds on, handed in by
# razzcore.engine.hand when it loads (bind_engine): the compiled core sits
# below the engine and never imports it.
cdef object _Award = None
cdef object _pack_rules = None
cdef object _pack_rake = None
cdef object _check_player_count = None
cdef object _Rules = None
cdef object _HandView = None
cdef object _Pot = None
cdef object _format_entry = None
cdef object _NOT_ACTIONS = None
cdef bint _award_tuple = False
# The rules of the last hand made (a razzcore Rules, frozen): packed, and
# their player-count limits, kept for the next hand at the same table.
cdef object _rc_rules = None
cdef rz_rules _rc_packed
cdef int64_t _rc_min = 0, _rc_max = 0


def bind_engine(Rules, Award, pack_rules, pack_rake, check_player_count):
    """Called once, by :mod:`razzcore.engine.hand` as it loads: the rules
    class, the award record and the packing functions
    (:mod:`razzcore.engine.packing`) that :class:`HandCore` uses.  The
    binding is made once: a second call with other objects raises
    RuntimeError (the engine's pieces cannot be swapped under live hands)."""
    global _Rules, _Award, _pack_rules, _pack_rake, _check_player_count
    given = (Rules, Award, pack_rules, pack_rake, check_player_count)
    if _Rules is not None:
        if given == (_Rules, _Award, _pack_rules, _pack_rake, _check_player_count):
            return
        raise RuntimeError("the engine is already bound to razzcore.engine's own pieces")
    if not isinstance(Rules, type) or not isinstance(Award, type) or not all(
            callable(f) for f in given[2:]):
        raise TypeError("bind_engine takes two classes and three functions")
    _Rules, _Award, _pack_rules = Rules, Award, pack_rules
    _pack_rake, _check_player_count = pack_rake, check_player_count
    global _award_tuple
    # A typing.NamedTuple (which may not redefine __new__) is made as its
    # __new__ makes it, tuple.__new__(cls, fields), without a Python call.
    _award_tuple = Award.__bases__ == (tuple,) and getattr(Award, "_fields", None) == (
        "seat", "amount", "pot")


cdef tuple _int_tuple(const int64_t *values, Py_ssize_t k):
    """``values[0..k-1]`` as a tuple of ints, made in place (``k`` is a seat
    count, at most 8)."""
    cdef tuple out = PyTuple_New(k)
    cdef Py_ssize_t i
    cdef object x
    for i in range(k):
        x = values[i]
        Py_INCREF(x)
        PyTuple_SET_ITEM(out, i, x)
    return out


cdef tuple _code_tuple(const uint8_t *codes, Py_ssize_t k):
    """``codes[0..k-1]`` (card codes) as a tuple of ints, made in place."""
    cdef tuple out = PyTuple_New(k)
    cdef Py_ssize_t i
    cdef object x
    for i in range(k):
        x = codes[i]
        Py_INCREF(x)
        PyTuple_SET_ITEM(out, i, x)
    return out


@cython.boundscheck(False)
@cython.wraparound(False)
cdef class HandCore:
    """The compiled base of :class:`razzcore.Hand`: one C hand
    (``src/razz_engine.h``) and its history.  Not used on its own.

    >>> from razzcore.engine.hand import Hand
    >>> from razzcore.engine.rules import Rules
    >>> isinstance(Hand(Rules(2, 5, 10, 20), [50, 50], seed=1), HandCore)
    True
    """

    cdef rz_hand h
    cdef readonly object rules
    cdef public list _log
    cdef public list _awards
    cdef public bytes _deck
    cdef public tuple _away
    cdef public bint _replay
    cdef object __weakref__
    # A replay run's progress (_replay_run), kept between its calls.
    cdef int _rp_named[8]  # hole cards of each seat the history has named
    cdef int _rp_board  # whether the history has named the board card
    cdef uint64_t _rp_unknown[8]  # cards named ?? and not shown since
    cdef int _rp_seen[8]  # hole cards whose dealing line is in _rp_after
    cdef int _rp_seen_board
    cdef Py_ssize_t _rp_after[8][7]  # the line played last when a card was dealt (-1: none)
    cdef Py_ssize_t _rp_board_after
    cdef int _rp_got, _rp_want  # a misplaced card, or the shown card refused
    cdef uint64_t _rp_known  # the cards the history's deal lines name (0: not read yet)
    cdef bint _rp_known_read
    # With seats sitting out (R23): the engine's history read so far, the
    # cards it dealt, and the actions it played for those seats that the
    # history has not listed yet, each with the cards dealt before it.
    cdef Py_ssize_t _rp_logseen
    cdef int _rp_dealt[8]
    cdef int _rp_board_dealt
    cdef list _rp_own
    # What view() reads that changes only when cards are dealt or shown, or
    # when chips are collected into the pots, kept between views (shared
    # immutable tuples) with the state they were read from.
    cdef int64_t _vkey, _vexp
    cdef object _vlog  # the history list of the deal the cards were read from
    cdef tuple _vboards, _vexposed, _vown, _vhidden, _vfolded
    cdef list _vcards
    cdef int64_t _vfold
    cdef rz_pot _vpots[8]
    cdef int _vnpots
    cdef tuple _vpots_t
    # The history's words, extended as views read them: every entry as a
    # seat that does not hold the cards sees it (_wpub), and the deals of
    # hidden cards as the seat that holds them sees them (_wfull).
    cdef list _wpub, _wfull
    cdef object _wlog
    cdef Py_ssize_t _wread
    cdef int64_t _wexp

    def __cinit__(self):
        self.h.actor = -1  # a hand made with __new__ alone has nobody to act
        self.h.phase = RZ_OVER
        self._vkey = -1
        self._vnpots = -1
        self._wexp = -1
        self._log = []
        self._awards = []
        self._away = ()

    def __init__(self, rules, stacks, *, deck=None, seed=None, rng=None,
                 manual_showdown=False, absent=(), replay=False, rake=0):
        cdef int64_t st[8]
        cdef uint8_t away[8]
        cdef uint8_t cards[52]
        cdef Py_ssize_t n, s, m = 0, i
        cdef int64_t r = 0
        cdef int64_t pots[8]
        cdef const int64_t *split = NULL
        cdef rz_rules packed
        cdef rz_events ev
        cdef bint known, shuffled = False
        cdef int flags
        global _rc_rules, _rc_packed, _rc_min, _rc_max
        if _Rules is None:
            raise RuntimeError("HandCore is razzcore.engine.Hand's base: use Hand")
        if type(rules) is not _Rules:
            if not isinstance(rules, _Rules):
                raise RulesError(f"rules must be a razzcore.Rules, not {type(rules).__name__}")
        if seed is not None and rng is not None:
            raise RulesError("give seed or rng, not both")
        if type(stacks) is not list:
            if isinstance(stacks, (str, bytes, bytearray, Mapping, Set)):
                raise RulesError(
                    f"stacks must be a sequence of ints (one per seat), not {type(stacks).__name__}"
                )
            try:
                stacks = list(stacks)
            except TypeError:
                raise RulesError(
                    f"stacks must be a sequence of ints (one per seat), not {type(stacks).__name__}"
                ) from None
        n = len(<list>stacks)
        for s in range(min(n, 8)):
            st[s] = _chips((<list>stacks)[s], "stacks")
        for s in range(8, n):
            _chips((<list>stacks)[s], "stacks")
        if not 2 <= n <= 8:
            raise RulesError(f"a table has 2..8 seats, not {n}")
        if isinstance(rake, (list, tuple)):  # each pot's rake, main pot first
            packed_rake = _pack_rake(rake)
            if type(packed_rake) is not bytes or len(<bytes>packed_rake) != sizeof(pots):
                raise RulesError("rake: the packed pots are not the engine's layout")
            memcpy(pots, PyBytes_AS_STRING(<bytes>packed_rake), sizeof(pots))
            for s in range(8):
                r += pots[s]
            split = pots
        else:
            r = _chips(rake, "rake")
        memset(away, 0, sizeof(away))
        known = RZ_PY_HAS_GIL and rules is _rc_rules
        if known:
            packed = _rc_packed
        else:
            _fill_rules(&packed, _packed_rules(rules))
        deal_in = packed.deal_in_absent
        listed = None
        if absent is not None and not (type(absent) is tuple and not absent):
            listed = _absent_seats(absent, stacks)
        if listed is not None:  # some seats were named (with chips or not)
            for s in listed:
                away[s] = 1
            if deal_in and all([away[s] for s in range(n) if st[s] > 0]):
                raise RulesError("every seat dealt in is absent: nobody could play the hand")
        for s in range(n):
            if st[s] > 0 and (deal_in or not away[s]):
                m += 1
        if not (_rc_min <= m <= _rc_max if known else rules.min_players <= m <= rules.max_players):
            _check_player_count(rules, [1] * m, "")  # the seats dealt in
        if not known and RZ_PY_HAS_GIL and type(rules) is _Rules:
            _rc_packed = packed
            _rc_min, _rc_max = rules.min_players, rules.max_players
            _rc_rules = rules
        if packed.deal_start >= n:  # rules.deal_start_seat - 1
            raise RulesError(f"deal_start_seat {rules.deal_start_seat} is not one of {n} seats")
        full = _full_deck(deck)
        if full is not None:  # a whole deck given: nothing to shuffle
            if seed is not None or rng is not None:
                _generator(seed, rng)  # still refuse a bad seed or rng
            dealt = full
        elif deck is None:
            if _Random is None:
                _random_class()
            gen = rng if rng is not None and type(rng) is _Random else _generator(seed, rng)
            for i in range(52):
                cards[i] = <uint8_t>i
            # Only the cards that can be dealt need shuffling (a uniform
            # prefix); the rest keeps its order.
            _shuffle_codes(cards, 52, gen, 7 * m + 5)
            dealt = PyBytes_FromStringAndSize(<char *>cards, 52)
            shuffled = True  # a permutation of 0..51 by construction
        else:
            gen = rng if rng is not None and type(rng) is _Random else _generator(seed, rng)
            dealt = _stacked_deck(deck, gen)
        flags = (1 if manual_showdown else 0) | (2 if replay else 0)
        # Everything checked and dealt: the hand's fields change together,
        # under its lock (the deck, the rules and the history are replaced).
        with cython.critical_section(self):
            ev.count = 0
            # rz_hand_start checks the deck is a permutation, then starts the
            # hand as rz_start_dealt does.
            if (rz_start_dealt if shuffled else rz_hand_start)(
                    &self.h, &packed, <int>n, st, away,
                    <const uint8_t *>PyBytes_AS_STRING(<bytes>dealt), r, split, flags, &ev) != 0:
                raise RulesError("the engine cannot start this hand")  # checked above
            self._away = () if listed is None else listed
            self._deck = dealt
            self.rules = rules
            self._replay = flags >> 1
            if self._log is None or self._log:  # a fresh hand's are new and empty
                self._log = []
            if self._awards is None or self._awards:
                self._awards = []
            self._vkey = -1
            self._vnpots = -1
            self._record(&ev)

    # ------------------------------------------------------------ stepping

    cdef int _record(self, rz_events *ev) except -1:
        """Append what a C step did to the history (and the awards)."""
        cdef int i, k, s, c
        cdef list log = self._log
        if not 0 <= ev.count < RZ_EV_MAX:  # a full buffer may have dropped events
            raise RuntimeError(f"razzcore engine: {ev.count} events in one step")
        for i in range(ev.count):
            k = ev.kind[i]
            s = ev.seat[i] & 7
            if k == RZ_CALL:
                log.append(_entry(0, s, ev.value[i], 0))
            elif k == RZ_EV_DEAL:
                log.append(<object>_tuple_item(<tuple>_tuple_item(_DEAL_ENTRY, s),
                                               ev.card[i] % 52))
            elif k == RZ_FOLD:
                log.append(<object>_tuple_item(_FOLD_ENTRY, s))
            elif k == RZ_RAISE:  # with the round's full wagers before it
                log.append(_entry(4, s, ev.value[i], ev.card[i]))
            elif k == RZ_POST:
                log.append(_entry(1, s, ev.value[i], 0))
            elif k == RZ_EV_ANTE:
                log.append(_entry(2, s, ev.value[i], 0))
            elif k == RZ_EV_RETURN:
                log.append(_entry(3, s, ev.value[i], 0))
            elif k == RZ_EV_DEAL3:
                log.append(("dh", s, _code_tuple(&self.h.cards[7 * s], 3)))
            elif k == RZ_EV_BOARD:
                log.append(("db", ev.card[i]))
            elif k == RZ_EV_SHOW:
                c = min(self.h.ncards[s], 7)
                log.append(("sm", s, _code_tuple(&self.h.cards[7 * s], c)))
            elif k == RZ_EV_MUCK:
                log.append(("sm", s, None))
            elif k == RZ_EV_AWARD:
                self._award(s, ev.value[i], ev.card[i])
        return 0

    cdef int _award(self, int s, int64_t amount, int pot) except -1:
        if _award_tuple:
            self._awards.append(_tuple_new_as(_Award, (s, amount, pot)))
        else:
            self._awards.append(_Award(s, amount, pot))
        return 0

    @cython.critical_section
    def _apply(self, int kind, int64_t total=0, bint alias=False):
        """Apply action ``kind`` (``ENGINE_*``) for the actor: 0, or the
        reason code (``RZ_ERR_*``) why it is illegal (nothing changed)."""
        cdef rz_events ev
        ev.count = 0
        cdef int code = rz_hand_apply(&self.h, kind, total, alias, &ev)
        if code == 0:
            self._record(&ev)
        return code

    @cython.critical_section
    def _show(self, Py_ssize_t seat, bint show):
        """Show (or muck) ``seat``'s hand at a manual showdown: 0 or the
        reason code."""
        cdef rz_events ev
        ev.count = 0
        if not 0 <= seat < 8:
            return RZ_ERR_TURN
        cdef int code = rz_hand_show(&self.h, <int>seat, show, &ev)
        if code == 0:
            self._record(&ev)
        return code

    @cython.critical_section
    def _replay_run(self, list actions, Py_ssize_t start=0, Py_ssize_t stop=-1):
        """Play a PHH replay's parsed actions ``start`` to ``stop`` (``-1``:
        to the end, finishing the showdown): ``(-1, 0)`` or the ``(index,
        code)`` it stops at (``_replay.pxi``: ``rp_run``)."""
        return rp_run(self, actions, start, stop)

    @cython.critical_section
    def _replay_acted(self, Py_ssize_t line, Py_ssize_t logpos):
        """Note that replay line ``line`` was played by ``Hand.act``, the
        history having been ``logpos`` entries long before it."""
        rp_note(self, line, logpos, True)

    @cython.critical_section
    def _replay_state(self):
        """What a stopped :meth:`_replay_run` knows, for the wording of its
        error (``_replay.pxi``: ``rp_state``)."""
        return rp_state(self)

    @cython.critical_section
    def _options(self):
        """``(legal mask, raise total)`` of the pending betting decision."""
        cdef int64_t cbr
        cdef unsigned mask = rz_hand_options(&self.h, &cbr)
        return mask, cbr

    @cython.critical_section
    def _may_muck(self, Py_ssize_t seat):
        """Whether ``seat`` may muck at the showdown now."""
        return 0 <= seat < 8 and rz_hand_may_muck(&self.h, <int>seat) != 0

    @property
    @cython.critical_section
    def actor(self):
        """The seat whose decision is pending, or ``None`` when the hand is over.

        >>> from razzcore.engine.hand import Hand
        >>> from razzcore.engine.rules import Rules
        >>> Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd").actor
        0
        """
        return self.h.actor if self.h.actor >= 0 else None

    def legal_actions(self):
        """The actor's legal actions as PHH strings: ``"pb"``, ``"f"``,
        ``"cc"``, ``"cbr N"``; at a manual showdown ``"sm <cards>"`` (show)
        and ``"sm"`` (muck) where mucking is allowed.  Empty when over.

        >>> from razzcore.engine.hand import Hand
        >>> from razzcore.engine.rules import Rules
        >>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd")
        >>> h.legal_actions()
        ['pb', 'cbr 10']
        >>> h.act("pb"); h.legal_actions()
        ['f', 'cc', 'cbr 10']
        """
        cdef int64_t cbr
        cdef unsigned mask
        cdef int actor
        with cython.critical_section(self):
            actor = self.h.actor
            if actor >= 0 and self.h.phase != RZ_SHOW:
                mask = rz_hand_options(&self.h, &cbr)
                return _legal_list(<tuple>_tuple_item(_options_for(mask, cbr), 0))
        if actor < 0:
            return []
        return self._show_actions(actor)  # in Python (razzcore/engine/hand.py)

    def act(self, action):
        """Apply one action given as a PHH string (an optional ``"pN "`` prefix
        names the acting player, 1-based).  Illegal actions raise
        :class:`~razzcore.errors.IllegalActionError` and change nothing.

        ``act`` applies the action itself, never through the public methods
        (``fold()``, ``check_or_call()``...): a subclass that overrides those
        does not change what ``act`` does (override ``act`` to see every
        action).

        >>> from razzcore.engine.hand import Hand
        >>> from razzcore.engine.rules import Rules
        >>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd")
        >>> h.act("cc")
        Traceback (most recent call last):
        ...
        razzcore.errors.IllegalActionError: p1 cannot 'cc': the bring-in must be posted ...
        """
        cdef int64_t cbr
        cdef unsigned mask
        cdef rz_events ev
        cdef int kind
        if type(action) is str:
            with cython.critical_section(self):
                if self.h.actor >= 0 and self.h.phase < RZ_SHOW:
                    # Fast path: an exact legal string of the pending betting decision.
                    mask = rz_hand_options(&self.h, &cbr)
                    kind = _kind_of(_options_for(mask, cbr), action)
                    if kind >= 0:
                        ev.count = 0
                        if rz_hand_apply(&self.h, kind, 0, 0, &ev) == 0:
                            self._record(&ev)
                            return
        # In Python (razzcore/engine/hand.py), through the locked methods here.
        self._act_slow(action)

    # ------------------------------------------------------------ reading

    cdef Py_ssize_t _n(self):
        return self.h.n if 0 <= self.h.n <= 8 else 0

    cdef tuple _seat_values(self, const int64_t *values):
        return _int_tuple(values, self._n())

    cdef Py_ssize_t _seat(self, seat) except -1:
        """``seat`` as a seat index of this table, or SeatError."""
        cdef Py_ssize_t n = self._n()
        if isinstance(seat, bool) or not PyIndex_Check(seat):
            raise SeatError(f"a seat is an int index 0..{n - 1}, not {brief(seat)}")
        index = operator.index(seat)
        if not 0 <= index < n:
            raise SeatError(
                f"no seat {brief(seat)}: this table has seats 0..{n - 1} (0-based; the "
                f"players p1..p{n})"
            )
        return index

    @cython.critical_section
    def _check_seat(self, seat):
        """``seat`` as a plain int; :class:`~razzcore.errors.SeatError` unless
        it is a seat index of this table (an int, numpy integers included)."""
        return self._seat(seat)

    @property
    @cython.critical_section
    def street(self):
        """The current (or last) street, 3..7.

        >>> from razzcore.engine.hand import Hand
        >>> from razzcore.engine.rules import Rules
        >>> Hand(Rules(2, 5, 10, 20), [50, 50], seed=1).street
        3
        """
        return self.h.street

    @property
    @cython.critical_section
    def stacks(self):
        """Chips behind of each seat (not counting the current street's bets).

        >>> from razzcore.engine.hand import Hand
        >>> from razzcore.engine.rules import Rules
        >>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd"); h.act("pb")
        >>> h.stacks, h.bets
        ((43, 48), (5, 0))
        """
        return self._seat_values(self.h.stacks)

    @property
    @cython.critical_section
    def starting_stacks(self):
        """The stacks given to the constructor."""
        return self._seat_values(self.h.start)

    @property
    @cython.critical_section
    def bets(self):
        """Each seat's chips wagered on the current street (antes excluded)."""
        return self._seat_values(self.h.bets)

    @property
    @cython.critical_section
    def contributions(self):
        """Each seat's total chips put in this hand (antes and bets)."""
        return self._seat_values(self.h.contrib)

    @property
    @cython.critical_section
    def total_pot(self):
        """All chips in the middle (collected pots plus current bets; 0 once
        the chips are pushed)."""
        if self.h.phase == RZ_OVER:
            return 0
        return sum(self._seat_values(self.h.contrib))

    @property
    @cython.critical_section
    def is_over(self):
        """Whether the hand is finished (chips pushed)."""
        return self.h.phase == RZ_OVER

    @property
    @cython.critical_section
    def payoffs(self):
        """Net result of each seat (final minus starting stack), or ``None``
        while the hand is running."""
        if self.h.phase != RZ_OVER or self._n() == 0:
            return None
        return tuple([self.h.stacks[s] - self.h.start[s] for s in range(self._n())])

    @property
    @cython.critical_section
    def rake(self):
        """The house's rake: the most it takes (the ``rake`` given) while the
        hand runs; once it is over, what it took from the pots (never more
        than they held).  Payoffs sum to minus the rake taken."""
        return self.h.raked if self.h.phase == RZ_OVER else self.h.rake

    @property
    @cython.critical_section
    def absent(self):
        """The seats with chips given as sitting out (R23), in seat order: not
        dealt in, or with ``deal_in_absent_players`` dealt in and their hands
        killed."""
        return self._away

    @property
    @cython.critical_section
    def community_card(self):
        """The face-up community 7th-street card (R18), if one was dealt."""
        return self.h.community if self.h.community >= 0 else None

    @property
    @cython.critical_section
    def folded(self):
        """Whether each seat folded (seats not dealt in count as False)."""
        return tuple([bool(self.h.dealt[s] and not self.h.live[s]) for s in range(self._n())])

    @property
    @cython.critical_section
    def dealt_in(self):
        """Whether each seat was dealt in (had chips and was not left out)."""
        return tuple([bool(self.h.dealt[s]) for s in range(self._n())])

    @property
    @cython.critical_section
    def cards_left(self):
        """Cards left in the stub (burns excluded)."""
        return 52 - self.h.dpos if self._n() else 0

    @cython.critical_section
    def board(self, seat):
        """Seat ``seat``'s face-up cards (its board), in deal order.

        >>> from razzcore.engine.hand import Hand
        >>> from razzcore.engine.rules import Rules
        >>> from razzcore.cards import format_cards
        >>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd")
        >>> format_cards(h.board(1))
        'Qd'
        """
        cdef Py_ssize_t s = self._seat(seat), j
        return tuple([self.h.up[4 * s + j] for j in range(min(self.h.nup[s], 4))])

    @cython.critical_section
    def hole_cards(self, seat):
        """All of seat ``seat``'s own cards in deal order (down and up; the
        community card is not included).

        >>> from razzcore.engine.hand import Hand
        >>> from razzcore.engine.rules import Rules
        >>> from razzcore.cards import format_cards
        >>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd")
        >>> format_cards(h.hole_cards(1))
        '3c 5c Qd'
        """
        cdef Py_ssize_t s = self._seat(seat), j
        return tuple([self.h.cards[7 * s + j] for j in range(min(self.h.ncards[s], 7))])

    @cython.critical_section
    def _exposed(self):
        """Whether each seat's down cards are face up (shown, or an all-in
        with ``face_up_all_in``)."""
        return tuple([bool(self.h.exposed[s]) for s in range(self._n())])

    @cython.critical_section
    def _showdown_state(self):
        """``(phase, showing order, each seat's shown flag -1/0/1, ranks)``."""
        cdef Py_ssize_t s, k = min(self.h.nsd, 8)
        return (self.h.phase, tuple([self.h.sd_order[s] for s in range(k)]),
                tuple([self.h.shown[s] for s in range(self._n())]),
                tuple([self.h.rank[s] for s in range(self._n())]))

    @cython.critical_section
    def _setup(self):
        """``(manual_showdown, rake)`` as the hand was made (the rake per pot
        as a tuple, main pot first, without trailing zeros)."""
        cdef Py_ssize_t k = 8
        if not self.h.rake_split:
            return bool(self.h.manual), self.h.rake
        while k > 1 and self.h.rake_pot[k - 1] == 0:
            k -= 1
        return bool(self.h.manual), tuple([self.h.rake_pot[s] for s in range(k)])

    @cython.critical_section
    def _betting_state(self):
        """``(phase, wagers this street, the largest street total)``."""
        return self.h.phase, self.h.count, self.h.high

    @cython.critical_section
    def _pots(self):
        """``[(amount, eligible seats)]`` of the chips collected so far."""
        cdef rz_pot pots[8]
        cdef int k = rz_hand_pots(&self.h, pots), i, s
        return [(pots[i].amount, tuple([s for s in range(self._n())
                                        if pots[i].eligible >> s & 1]))
                for i in range(min(k, 8))]

    @cython.critical_section
    def _view(self, seat):
        """The :class:`HandView` of ``seat`` (see ``Hand.view``), built in
        one call (``_view.pxi``)."""
        return _hand_view(self, seat)

    @cython.critical_section
    def _raw(self):
        """The C struct's bytes (read with :func:`razzcore.engine.packing.engine_state`)."""
        return PyBytes_FromStringAndSize(<const char *>&self.h, sizeof(rz_hand))

    def _copy_core(self, HandCore new not None):
        """Copy this hand's state into ``new`` (the history list copied: its
        entries are immutable)."""
        with cython.critical_section(self, new):
            memcpy(&new.h, &self.h, sizeof(rz_hand))
            new.rules = self.rules
            new._log = self._log[:]
            new._awards = self._awards[:]
            new._deck = self._deck
            new._away = self._away
            new._replay = self._replay

    @cython.critical_section
    def _restart(self, rules):
        """For unpickling: bind ``rules`` to a hand made with ``__new__``."""
        self.rules = rules
