"""The razz hand state machine: antes, dealing, fixed-limit betting, showdown.

A :class:`Hand` plays one hand of seven-card stud low under a
:class:`~razzcore.rules.Rules`.  Antes, dealing and (by default) the showdown
happen automatically; the caller supplies each player's decision with
:meth:`Hand.act` (PHH-style strings) or the matching methods.

Seat index 0 is the specification's seat 1.  Without an explicit ``deck`` the
cards are shuffled with ``random.Random(seed)`` or the caller's ``rng``; for
play where fairness matters pass ``rng=secrets.SystemRandom()``.

>>> from razzcore.hand import Hand
>>> from razzcore.rules import Rules
>>> h = Hand(Rules(2, 5, 10, 20), [100, 100, 100],
...          deck="Ac 2c 3c Ad 2d 3d Kd 5s 9h")
>>> h.actor, h.legal_actions()
(0, ['pb', 'cbr 10'])
>>> h.act("pb"); h.act("cc"); h.act("cc")
>>> h.street, h.pots
(4, [Pot(amount=21, eligible=(0, 1, 2))])
>>> h.history[:4]
['d dh p1 AcAdKd', 'd dh p2 2c2d5s', 'd dh p3 3c3d9h', 'p1 pb']
"""

from __future__ import annotations

import copy
import operator
import random
from collections.abc import Iterable, Mapping, Sequence, Set
from typing import Any, SupportsIndex

from ._state import BRING, CORE_FIELDS, NORMAL, OPEN, SHOW, HandState, suit_keyed_codes
from .cards import CardsLike
from .dealing import Dealing
from .errors import IllegalActionError, RulesError, brief
from .pots import Award, Pot
from .rules import MAX_CHIPS, Rules
from .showdown import Showdown, ShowdownEntry
from .view import HandView, Reading

__all__ = ["Award", "Hand", "HandView", "Pot", "ShowdownEntry", "play_random"]

class Hand(Dealing, Showdown, Reading):
    """One razz hand: ``Hand(rules, stacks, *, deck=None, seed=None, rng=None,
    manual_showdown=False, absent=(), replay=False)``.

    * ``stacks``: chips of each seat before the ante; seats with 0 are not
      dealt in (R3).
    * ``deck``: explicit card order, top first (text or codes), consumed in R4
      order (3rd street: a face-down pass from seat 0, a second face-down
      pass, a face-up pass; then one card per live player per street in seat
      order, after one burn when ``burn_cards``).  A partial deck is completed
      with the unused cards, shuffled with the seed/``rng``.
    * ``absent``: seats sitting out.  They are not dealt in unless the rules
      say ``deal_in_absent_players=True``; then they post the ante, post the
      bring-in if their door card calls for it, and their hands are killed
      after the initial deal (R23).
    * ``manual_showdown``: at the showdown ``actor`` is the seat due to show
      and :meth:`act` takes ``"sm <cards>"`` (show), ``"sm -"`` (show) or
      ``"sm"`` (muck), as in PHH.  By default the showdown is automatic.
    * ``replay``: PHH replay of real histories (spec section 6): also accept
      a raise to exactly an all-in opponent's total, and shows out of the
      showing order (early tabling).  Leave it False for play.
    * ``seed`` or ``rng`` (not both): the shuffle.  Everything the hand will
      ever draw from ``rng`` is drawn at construction, so :meth:`copy` deals
      the same future cards as the original, whatever the generator.

    >>> from razzcore.hand import Hand
    >>> from razzcore.rules import Rules
    >>> h = Hand(Rules(2, 5, 10, 20), [100, 100], seed=7)
    >>> while h.actor is not None:
    ...     h.act(h.legal_actions()[0])
    >>> h.is_over, sum(h.stacks)
    (True, 200)
    """

    __slots__ = ()

    def __init__(
        self,
        rules: Rules,
        stacks: Sequence[int],
        *,
        deck: CardsLike | None = None,
        seed: int | None = None,
        rng: random.Random | None = None,
        manual_showdown: bool = False,
        absent: Iterable[int] = (),
        replay: bool = False,
        rake: int = 0,
    ) -> None:
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a razzcore.Rules, not {type(rules).__name__}")
        if seed is not None and rng is not None:
            raise RulesError("give seed or rng, not both")
        self._bind_rules(rules)
        if type(stacks) is not list and isinstance(stacks, (str, bytes, bytearray, Mapping, Set)):
            raise RulesError(
                f"stacks must be a sequence of ints (one per seat), not {type(stacks).__name__}"
            )
        try:
            st = list(stacks)
        except TypeError:
            raise RulesError(
                f"stacks must be a sequence of ints (one per seat), not {type(stacks).__name__}"
            ) from None
        n = len(st)
        for i, v in enumerate(st):
            if type(v) is not int:
                if isinstance(v, bool) or not isinstance(v, SupportsIndex):
                    raise RulesError(f"stacks must be non-negative ints, not {brief(v)}")
                v = st[i] = operator.index(v)  # numpy integers and the like
            if v < 0:
                raise RulesError(f"stacks must be non-negative ints, not {brief(v)}")
            if v > MAX_CHIPS:
                raise RulesError(f"a stack may hold at most MAX_CHIPS (2**53), not {brief(v)}")
        if not 2 <= n <= 8:
            raise RulesError(f"a table has 2..8 seats, not {n}")
        if isinstance(rake, bool) or not isinstance(rake, SupportsIndex):
            raise RulesError(f"rake must be a non-negative int, not {brief(rake)}")
        rake = operator.index(rake)
        if not 0 <= rake <= MAX_CHIPS:
            raise RulesError(f"rake must be an int in 0..MAX_CHIPS (2**53), not {brief(rake)}")
        self._rake = rake
        self._raked = 0
        dealt = [v > 0 for v in st]
        self._absent = _NOBODY[n]
        self._away = ()
        if absent:
            self._absent = self._check_absent(dealt, absent)
        players = sum(dealt)
        if players < rules.min_players:
            raise RulesError(
                f"at least {rules.min_players} seats with chips are needed, got {players}"
            )
        if players > rules.max_players:
            # R1: max_players limits the players dealt in, not the seats.
            raise RulesError(
                f"at most {rules.max_players} players may be dealt in (max_players), got {players}"
            )
        if rules.deal_start_seat > n:
            raise RulesError(f"deal_start_seat {rules.deal_start_seat} is not one of {n} seats")
        self._n = n
        first = rules.deal_start_seat - 1
        self._order, self._pos, self._cw = _SEATING.get((n, first)) or _seating(n, first)
        self._start = tuple(st)
        self._stacks = st
        self._bets = [0] * n
        self._contrib = [0] * n
        self._dealt = tuple(dealt)
        self._live = list(dealt)
        self._cards = [[] for _ in range(n)]
        self._up = [[] for _ in range(n)]
        self._bk = [0] * n
        self._exposed = [False] * n
        self._explicit = deck is not None
        gen = rng if type(rng) is random.Random else _generator(seed, rng)
        self._deck = self._make_deck(deck, gen)
        self._replay = bool(replay)
        self._dpos = 0
        self._burns = []
        self._community = None
        self._manual = bool(manual_showdown)
        self._sk = suit_keyed_codes(rules.suit_order)
        self._opts = None
        self._log = []
        self._sd_order = []
        self._sd_pots = []
        self._sd = {}
        self._ranks = {}
        self._payoffs = None
        self._awards = []
        self._sixth_first = -1
        self._aggressor = -1
        self._first_actor = -1
        self._round_street = 0
        self._actor = -1
        self._phase = NORMAL
        self._reset_round(3)
        # Antes (dead money), then 3rd street.
        seats = [s for s in self._order if dealt[s]]
        ante = rules.ante
        if ante:
            contrib = self._contrib
            for s in seats:
                a = ante if st[s] > ante else st[s]
                st[s] -= a
                contrib[s] = a
        self._deal_third(seats)
        self._start_third(seats)

    def _check_absent(self, dealt: list[bool], absent: Iterable[int]) -> tuple[bool, ...]:
        """Validate ``absent``; without ``deal_in_absent_players`` absent seats
        are simply not dealt in (``dealt`` is updated in place)."""
        n = len(dealt)
        bad = RulesError(f"absent seats must be seat indexes 0..{n - 1}, not {brief(absent)}")
        try:
            away = set(absent)
        except TypeError:
            raise bad from None
        if any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < n for s in away):
            raise bad
        # Only seats with chips sit out: an empty seat is not dealt in anyway.
        self._away = tuple(sorted(int(s) for s in away if dealt[s]))
        if not self.rules.deal_in_absent_players:
            for s in away:
                dealt[s] = False
            return _NOBODY[n]
        flags = tuple(dealt[s] and s in away for s in range(n))
        if all(flags[s] for s in range(n) if dealt[s]):
            raise RulesError("every seat dealt in is absent: nobody could play the hand")
        return flags

    def _start_third(self, seats: list[int]) -> None:
        """Open 3rd street; ``seats`` are the dealt-in seats in seat order."""
        rules = self.rules
        b = self._bring_in_seat(seats) if rules.has_bring_in else -1
        if any(self._absent) and self._kill_absent(b):
            return
        if self._active_count() < 2:
            self._end_round()
            return
        if b < 0:
            first = self._first_actor_from(self._ranked_live())
            self._begin_betting(first, NORMAL)
            return
        if self._stacks[b] > 0:
            self._begin_betting(b, BRING)
        elif rules.all_in_bring_in == "forced_next":
            self._begin_betting(self._next_active(b), BRING)
        else:
            self._begin_betting(self._next_active(b), OPEN)

    def _kill_absent(self, b: int) -> bool:
        """R23: absent players dealt in post the bring-in if it is theirs, then
        their hands are killed.  True if that already settled the round."""
        posted = b >= 0 and self._absent[b] and self._stacks[b] > 0
        if posted:
            self._begin_betting(b, BRING)
            bring_in = self.rules.bring_in
            self._put(b, min(bring_in, self._stacks[b]))
            self._high = bring_in
            self._aggressor = b
            self._phase = NORMAL
            self._log.append(("pb", b))
            self._acted[b] = True
            self._last[b] = self._bets[b]
        for s in self._order:
            if self._absent[s]:
                self._live[s] = False
                self._log.append(("f", s))
        if self._live_count() == 1 or self._active_count() < 2:
            self._end_round()
            return True
        if posted:
            self._after(b)
            return True
        return False

    def _bring_in_seat(self, seats: list[int]) -> int:
        """R6: the seat with the highest door card (by rank, ties per
        ``bring_in_tiebreak``)."""
        sk = self._sk
        doors = [sk[self._up[s][0]] for s in seats]
        if self.rules.bring_in_tiebreak == "suit":
            # R6: the highest door by rank, then suit = the highest keyed code
            # (doors are distinct cards: one seat holds it).
            b = seats[doors.index(max(doors))]
        else:
            top = max(d >> 2 for d in doors)
            b = next(s for s, d in zip(seats, doors, strict=True) if d >> 2 == top)
        return b

    def _opponent_all_in_total(self, p: int) -> int:
        """The largest street total another active player can reach."""
        m = 0
        for q in range(self._n):
            if q != p and self._live[q] and self._stacks[q] > 0:
                t = self._bets[q] + self._stacks[q]
                if t > m:
                    m = t
        return m

    def _act_slow(self, action: str) -> None:
        """:meth:`act` past its compiled fast path (an exact legal string of
        the pending betting decision): ``"pN "`` prefixes, ``"cbr"`` with an
        amount, the manual showdown, and every error."""
        if not isinstance(action, str):
            raise IllegalActionError(f"an action is a string such as 'cc', not {brief(action)}")
        fast = _FAST.get(action)
        if fast is not None:
            fast(self)
            return
        words = action.split("#", 1)[0].split()
        seat = self._actor
        if words and len(words[0]) > 1 and words[0][0] == "p" and _is_number(words[0][1:]):
            named = int(words[0][1:]) - 1
            words = words[1:]
            if (
                self._replay
                and self._phase == SHOW
                and 0 <= named < self._n
                and named in self._sd_order
            ):
                # PHH replay only: real histories table all-in hands early,
                # out of the showing order (see Showdown._act_show).
                seat = named
            elif named != seat:
                raise IllegalActionError(self._not_your_turn(named))
        if not words:
            raise IllegalActionError(
                f"empty action {brief(action)}; allowed: {self._allowed_text()}"
            )
        verb = words[0]
        if verb == "sm" and len(words) <= 2:
            self._act_show(seat, words[1] if len(words) == 2 else None, action)
            return
        if verb == "cbr" and len(words) <= 2:
            amount = None
            if len(words) == 2:
                if not _is_number(words[1]):
                    raise IllegalActionError(f"bad amount in {brief(action)}")
                amount = int(words[1])
            Hand.complete_bet_or_raise(self, amount)
            return
        if len(words) == 1:
            if verb == "f":
                Hand.fold(self)
                return
            if verb == "cc":
                Hand.check_or_call(self)
                return
            if verb == "pb":
                Hand.post_bring_in(self)
                return
        raise IllegalActionError(
            f"unknown action {brief(action)}; allowed: {self._allowed_text()}"
        )

    def _allowed_text(self) -> str:
        acts = self.legal_actions()
        return ", ".join(repr(a) for a in acts) if acts else "nothing (the hand is over)"

    def _not_your_turn(self, seat: int) -> str:
        if self._actor < 0:
            return "the hand is over: no action is allowed"
        return f"it is p{self._actor + 1}'s turn, not p{seat + 1}'s"

    def _check_betting_turn(self, what: str) -> int:
        p = self._actor
        if p < 0:
            raise IllegalActionError(f"cannot {what}: the hand is over")
        if self._phase == SHOW:
            raise IllegalActionError(
                f"cannot {what}: it is the showdown; allowed: {self._allowed_text()}"
            )
        return p

    def post_bring_in(self) -> None:
        """Post the bring-in (``"pb"``); also opening for the bring-in amount
        when the bring-in owner is all-in from the ante.

        >>> from razzcore.hand import Hand
        >>> from razzcore.rules import Rules
        >>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd")
        >>> h.post_bring_in(); h.bets
        (5, 0)
        """
        p = self._check_betting_turn("post the bring-in")
        if self._phase == NORMAL:
            raise IllegalActionError(
                f"p{p + 1} cannot 'pb': there is no bring-in to post now; "
                f"allowed: {self._allowed_text()}"
            )
        self._post(p, 0)

    def fold(self) -> None:
        """Fold (``"f"``).

        >>> from razzcore.hand import Hand
        >>> from razzcore.rules import Rules
        >>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd")
        >>> h.post_bring_in(); h.fold(); h.is_over, h.stacks
        (True, (52, 48))
        """
        p = self._actor
        opts = self._opts or self._options(self._check_betting_turn("fold"))
        fold, pb = opts[0], opts[2]
        if not fold:
            if pb:
                why = "the bring-in must be posted (or completed) first"
            else:
                why = "nobody has bet, so check instead (allow_open_fold=False)"
            raise IllegalActionError(
                f"p{p + 1} cannot 'f': {why}; allowed: {self._allowed_text()}"
            )
        self._fold(p, 0)

    def check_or_call(self) -> None:
        """Check, or call the amount to call (all-in if short: ``"cc"``).

        >>> from razzcore.hand import Hand
        >>> from razzcore.rules import Rules
        >>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd")
        >>> h.post_bring_in(); h.check_or_call(); h.street
        4
        """
        p = self._actor
        opts = self._opts or self._options(self._check_betting_turn("check or call"))
        cc, pb = opts[1], opts[2]
        if not cc:
            if pb:
                why = "the bring-in must be posted (or completed) first; nobody may check"
            else:
                why = "calling the bring-in is not allowed (allow_call_bring_in=False)"
            raise IllegalActionError(
                f"p{p + 1} cannot 'cc': {why}; allowed: {self._allowed_text()}"
            )
        self._call(p, 0)

    def complete_bet_or_raise(self, amount: int | None = None) -> None:
        """Complete, bet or raise (``"cbr N"``) to the street total ``amount``.

        The amount is implied in fixed limit; an explicit one must be the legal
        total (or, for a short stack, its all-in total).  Only a hand made
        with ``replay=True`` (PHH replay, spec section 6) also accepts raising
        to exactly what an all-in opponent can reach, as the raise.

        >>> from razzcore.hand import Hand
        >>> from razzcore.rules import Rules
        >>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd")
        >>> h.complete_bet_or_raise(); h.bets
        (10, 0)
        >>> h.complete_bet_or_raise(25)
        Traceback (most recent call last):
        ...
        razzcore.errors.IllegalActionError: p2 cannot 'cbr 25': ...
        """
        p = self._actor
        opts = self._opts or self._options(self._check_betting_turn("complete, bet or raise"))
        if amount is not None and (isinstance(amount, bool) or not isinstance(amount, int)):
            raise IllegalActionError(f"a cbr amount is an int street total, not {brief(amount)}")
        cbr = opts[3]
        text = "cbr" if amount is None else f"cbr {brief(amount)}"
        if not cbr:
            raise IllegalActionError(
                f"p{p + 1} cannot '{text}': {self._why_no_raise(p)}; "
                f"allowed: {self._allowed_text()}"
            )
        alias = False
        if amount is not None and amount != cbr:
            m = self._opponent_all_in_total(p)
            if not (
                self._replay
                and amount == m
                and self._high < m < cbr
                and self._phase == NORMAL
            ):
                raise IllegalActionError(
                    f"p{p + 1} cannot '{text}': in fixed limit the total is {cbr}; "
                    f"allowed: {self._allowed_text()}"
                )
            alias = True
        self._raise(p, cbr if amount is None else amount, alias)

    def _why_no_raise(self, p: int) -> str:
        if self._phase in (BRING, OPEN):
            if self._stacks[p] <= self.rules.bring_in:
                return "the stack does not exceed the bring-in"
            if not self._answerable(p, max(self._high, self.rules.bring_in)):
                return "no opponent could put in more than the bring-in"
            return "completing the bring-in is not allowed (bring_in_may_complete=False)"
        if self._stacks[p] <= self._high - self._bets[p]:
            return "the stack only covers a call"
        if self._count >= self._cap():
            return f"the betting is capped ({self._count} wagers)"
        if not self._answerable(p, self._high):
            return "no opponent could put in more than the current bet (all-in or short)"
        return "the action was not reopened (no full raise and less than half a bet to call)"

    def _end_round(self) -> None:
        """Close the betting round (the compiled core returns the uncalled
        part of the top wager, R17), then deal on or go to the showdown."""
        if self._close_round():  # one player left: he takes the pot
            self._finish_uncontested()
            return
        betting = self._active_count() >= 2
        if not betting and self.rules.face_up_all_in:
            self._expose_live()
        live = self._live
        seats = [s for s in self._order if live[s]]
        while self._street < 7:
            self._reset_round(self._street + 1)
            self._deal_street(seats)
            if betting:
                ranked = self._ranked_live(seats)
                sixth = self._sixth_first
                if self._community is not None and sixth >= 0 and self._live[sixth]:
                    # R18: with a community card the 6th-street opener starts.
                    ranked.remove(sixth)
                    ranked.insert(0, sixth)
                first = self._first_actor_from(ranked)
                self._begin_betting(first, NORMAL)
                return
        self._begin_showdown()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle support: the class, every field, and whatever attributes a
        subclass added (its ``__dict__`` and ``__slots__``).

        >>> import pickle
        >>> from razzcore.hand import Hand
        >>> from razzcore.rules import Rules
        >>> h = Hand(Rules(2, 5, 10, 20), [50, 50], seed=2); h.act("pb")
        >>> pickle.loads(pickle.dumps(h)).history == h.history
        True
        """
        state = {name: getattr(self, name) for name in CORE_FIELDS + HandState.__slots__}
        return (_rebuild, (type(self), state, self._extras()))

    def __setstate__(self, state: Any) -> None:
        """Set every field from ``state``: a ``{name: value}`` dict (see
        :func:`_rebuild`), or ``(None, {slot: value})`` as the pure-Python
        engine of earlier versions pickled it.  The cached options of the
        pending decision are rebuilt."""
        if isinstance(state, tuple) and len(state) == 2:
            fields = {**(state[0] or {}), **(state[1] or {})}
        elif isinstance(state, dict):
            fields = dict(state)
        else:
            raise RulesError(f"not a pickled razzcore Hand: {brief(state)}")
        self._bind_rules(fields.pop("rules"))
        fields["_opts"] = None
        # Fields added since earlier versions pickled hands.
        fields.setdefault("_away", ())
        fields.setdefault("_rake", 0)
        fields.setdefault("_raked", 0)
        for name, value in fields.items():
            setattr(self, name, value)

    def __copy__(self) -> Hand:
        """``copy.copy(hand)`` is :meth:`copy`: a shallow copy sharing the
        per-seat lists would let one hand's actions corrupt the other."""
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Hand:
        """``copy.deepcopy(hand)``: :meth:`copy`, with a subclass's own
        attributes deep-copied."""
        new = self._copy_hand()
        memo[id(self)] = new  # a subclass attribute may refer back to the hand
        for name, value in self._extras().items():
            setattr(new, name, copy.deepcopy(value, memo))
        return new

    def _extras(self) -> dict[str, Any]:
        """Attributes a subclass of :class:`Hand` added (empty for a Hand)."""
        cls = type(self)
        if cls is Hand:
            return {}
        extras = dict(getattr(self, "__dict__", {}))
        for name in _subclass_slots(cls):
            if hasattr(self, name):
                extras[name] = getattr(self, name)
        return extras

    def copy(self) -> Hand:
        """An independent copy (same future cards), cheap enough for search.

        >>> from razzcore.hand import Hand
        >>> from razzcore.rules import Rules
        >>> h = Hand(Rules(2, 5, 10, 20), [50, 50], seed=2)
        >>> c = h.copy(); c.act("pb"); h.bets, c.bets
        ((0, 0), (5, 0))

        A subclass gets an instance of itself, with the attributes it added
        copied shallowly.
        """
        new = self._copy_hand()
        if type(self) is not Hand:
            for name, value in self._extras().items():
                setattr(new, name, value)
        return new

    def _copy_hand(self) -> Hand:
        """:meth:`copy` without a subclass's own attributes."""
        cls = type(self)
        new = cls.__new__(cls)
        self._copy_core(new)  # the compiled fields (razzcore/_betting.pxi)
        new._order = self._order
        new._pos = self._pos
        new._start = self._start
        new._dealt = self._dealt
        new._cards = [c[:] for c in self._cards]
        new._up = [u[:] for u in self._up]
        new._bk = self._bk[:]
        new._exposed = self._exposed[:]
        new._deck = self._deck  # never mutated in place (a remix builds a new list)
        new._dpos = self._dpos
        new._burns = self._burns[:]
        new._explicit = self._explicit
        new._remix_seed = self._remix_seed
        new._replay = self._replay
        new._community = self._community
        new._manual = self._manual
        new._sk = self._sk
        new._sd_order = self._sd_order[:]
        new._sd_pots = self._sd_pots
        new._sd = dict(self._sd)
        new._ranks = dict(self._ranks)
        new._payoffs = self._payoffs
        new._awards = self._awards[:]
        new._absent = self._absent
        new._away = self._away
        new._rake = self._rake
        new._raked = self._raked
        return new

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"street {self._street}, actor {self.actor}"
        return f"<Hand {self._n} seats, {state}, stacks {list(self._stacks)}>"

    def __str__(self) -> str:
        from .display import hand_text  # plain-text table (razzcore.display)

        return hand_text(self)

    def _repr_svg_(self) -> str:
        from .svg import hand  # Jupyter picture (razzcore.svg)

        return hand(self)


def _generator(seed: object, rng: object) -> random.Random:
    """The hand's random generator: ``rng`` if given (anything with the
    ``random()`` of :class:`random.Random`; a TDA 7th-street remix also needs
    its ``getrandbits(k)``), else ``random.Random(seed)``."""
    if rng is not None:
        if not callable(getattr(rng, "random", None)):
            raise RulesError(
                f"rng must be a random.Random (or have its random() method), not {brief(rng)}"
            )
        return rng  # type: ignore[return-value]
    if seed is not None and (
        isinstance(seed, bool) or not isinstance(seed, (int, float, str, bytes, bytearray))
    ):
        raise RulesError(f"seed must be an int, float, str or bytes, not {brief(seed)}")
    return random.Random(seed)


def _rebuild(
    cls: type[Hand], state: dict[str, Any], extras: dict[str, Any] | None = None
) -> Hand:
    """Unpickle a hand (see :meth:`Hand.__reduce__`)."""
    if not (isinstance(cls, type) and issubclass(cls, Hand)):
        raise RulesError(f"not a razzcore Hand class: {brief(cls)}")
    hand = cls.__new__(cls)
    hand.__setstate__({**state, **(extras or {})})
    return hand


_BASES = frozenset({"Hand", "Dealing", "Showdown", "Reading", "HandState", "HandCore", "object"})
_SUBCLASS_SLOTS: dict[type, tuple[str, ...]] = {}


def _subclass_slots(cls: type) -> tuple[str, ...]:
    """Slot names the subclasses of Hand in ``cls``'s MRO declare (memoised)."""
    found = _SUBCLASS_SLOTS.get(cls)
    if found is None:
        names: list[str] = []
        for klass in cls.__mro__:
            if klass.__module__.startswith("razzcore.") and klass.__name__ in _BASES:
                continue
            slots = klass.__dict__.get("__slots__", ())
            for name in (slots,) if isinstance(slots, str) else slots:
                if name in ("__dict__", "__weakref__"):
                    continue
                if name.startswith("__") and not name.endswith("__"):
                    name = f"_{klass.__name__.lstrip('_')}{name}"  # private: mangled
                if name not in names:
                    names.append(name)
        found = _SUBCLASS_SLOTS[cls] = tuple(names)
    return found


_NOBODY = [(False,) * n for n in range(9)]
_Seating = tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]
_SEATING: dict[tuple[int, int], _Seating] = {}


def _seating(n: int, first: int) -> _Seating:
    """Clockwise seat order from ``first``, each seat's place in it, and each
    seat's clockwise list of the other seats (memoised)."""
    key = (n, first)
    found = _SEATING.get(key)
    if found is None:
        order = tuple((first + i) % n for i in range(n))
        pos = [0] * n
        for i, s in enumerate(order):
            pos[s] = i
        cw = tuple(tuple(order[(pos[s] + k) % n] for k in range(1, n)) for s in range(n))
        found = _SEATING[key] = (order, tuple(pos), cw)
    return found


_FAST = {
    "cc": Hand.check_or_call,
    "f": Hand.fold,
    "pb": Hand.post_bring_in,
    "cbr": Hand.complete_bet_or_raise,
}


def _is_number(text: str) -> bool:
    # At most 18 digits: int() of a huge digit string raises ValueError.
    return text.isascii() and text.isdigit() and len(text) <= 18


def play_random(hand: Hand, rng: random.Random) -> Hand:
    """Play ``hand`` to the end with uniformly random legal actions.

    >>> from razzcore.hand import Hand
    >>> from razzcore.rules import Rules
    >>> h = play_random(Hand(Rules(2, 5, 10, 20), [60, 60, 60], seed=3), random.Random(3))
    >>> h.is_over, sum(h.stacks)
    (True, 180)
    """
    while hand._actor >= 0:
        hand.act(rng.choice(hand.legal_actions()))
    return hand
