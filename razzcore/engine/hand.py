"""A razz hand: antes, dealing, fixed-limit betting, showdown.

A :class:`Hand` plays one hand of seven-card stud low under a
:class:`~razzcore.engine.rules.Rules`.  Antes, dealing and (by default) the showdown
happen automatically; the caller supplies each player's decision with
:meth:`Hand.act` (PHH-style strings) or the matching methods.

Every rule of the game is applied by the compiled state machine
(``src/razz_engine.h``, one C struct per hand); this class is its Python
face: it checks arguments, words the reasons the machine gives for refusing
an action, and reads the machine's state into histories and views.

Seat index 0 is the rules' seat 1; players are written ``p1``, ``p2``... as
in PHH.  Without an explicit ``deck`` the cards are shuffled with
``random.Random(seed)`` or the caller's ``rng``; for play where fairness
matters pass ``rng=secrets.SystemRandom()``.

>>> from razzcore.engine.hand import Hand
>>> from razzcore.engine.rules import Rules
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
from typing import Any

from .._core import (
    ENGINE_CALL,
    ENGINE_FOLD,
    ENGINE_POST,
    ENGINE_RAISE,
    ENGINE_REASONS,
    SHOW,
    HandCore,
    bind_engine,
    bind_view,
)
from ..cards import format_card, parse_cards
from ..errors import CardError, IllegalActionError, RulesError, as_int, brief
from .notation import NOT_ACTIONS, ActionSyntaxError, format_entry, split_action
from .packing import check_player_count, pack_rake, pack_rules
from .pots import Award, Pot
from .rules import MAX_CHIPS, Rules
from .showdown import ShowdownEntry
from .view import HandView

bind_engine(Rules, Award, pack_rules, pack_rake, check_player_count)
bind_view(HandView, Pot, format_entry, NOT_ACTIONS)

__all__ = ["Hand"]

# The machine's reason codes (RZ_ERR_* in src/razz_engine.h), worded once.
_R = ENGINE_REASONS
_WHY = {
    _R["fold_bring"]: "the bring-in must be posted (or completed) first",
    _R["call_bring"]: "the bring-in must be posted (or completed) first; nobody may check",
    _R["not_reopened"]: (
        "the action was not reopened (no full raise and less than half a bet to call)"
    ),
    _R["open_fold"]: "nobody has bet, so check instead (allow_open_fold=False)",
    _R["call_bring_in"]: "calling the bring-in is not allowed (allow_call_bring_in=False)",
    _R["short_bring"]: "the stack does not exceed the bring-in",
    _R["lone_bring"]: "no opponent could put in more than the bring-in",
    _R["no_complete"]: "completing the bring-in is not allowed (bring_in_may_complete=False)",
    _R["short_call"]: "the stack only covers a call",
    _R["lone_raise"]: "no opponent could put in more than the current bet (all-in or short)",
}
_WHAT = {
    ENGINE_POST: ("pb", "post the bring-in"),
    ENGINE_FOLD: ("f", "fold"),
    ENGINE_CALL: ("cc", "check or call"),
    ENGINE_RAISE: ("cbr", "complete, bet or raise"),
}


class Hand(HandCore):
    """One razz hand: ``Hand(rules, stacks, *, deck=None, seed=None, rng=None,
    manual_showdown=False, absent=(), replay=False, rake=0)``.

    * ``stacks``: chips of each seat before the ante; seats with 0 are not
      dealt in (R3).
    * ``deck``: explicit card order, top first (text or codes), consumed in R4
      order (3rd street: a face-down pass from the deal-start seat, a second
      face-down pass, a face-up pass; then one card per live player per
      street in seat order, after one burn when ``burn_cards``).  A partial
      deck is completed with the unused cards, shuffled with the
      seed/``rng``.
    * ``absent``: seats sitting out.  They are not dealt in unless the rules
      say ``deal_in_absent_players=True``; then they post the ante, post the
      bring-in if their door card calls for it, and their hands are killed
      after the initial deal (R23).
    * ``manual_showdown``: at the showdown ``actor`` is the seat due to show
      and :meth:`act` takes ``"sm <cards>"`` (show), ``"sm -"`` (show) or
      ``"sm"`` (muck), as in PHH.  By default the showdown is automatic.
    * ``replay``: PHH replay of real histories (docs/rules.md, "Replaying
      histories"): also accept a raise to exactly an all-in opponent's
      total, and shows out of the showing order (early tabling).  Leave it
      False for play.
    * ``seed`` or ``rng`` (not both): the shuffle, drawn wholly at
      construction, so :meth:`copy` deals the same future cards as the
      original.
    * ``rake``: the most the house takes from the pots, main pot first, then
      each side pot in order; or a list of each pot's rake (main pot first:
      ``[main, side 1, ...]``, as a hand history may say it was taken).

    >>> from razzcore.engine.hand import Hand
    >>> from razzcore.engine.rules import Rules
    >>> h = Hand(Rules(2, 5, 10, 20), [100, 100], seed=7)
    >>> while h.actor is not None:
    ...     h.act(h.legal_actions()[0])
    >>> h.is_over, sum(h.stacks)
    (True, 200)
    """

    __slots__ = ()

    # ------------------------------------------------------------ actions

    def post_bring_in(self) -> None:
        """Post the bring-in (``"pb"``); also opening for the bring-in amount
        when the bring-in owner is all-in.

        >>> from razzcore.engine.hand import Hand
        >>> from razzcore.engine.rules import Rules
        >>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd")
        >>> h.post_bring_in(); h.bets
        (5, 0)
        """
        self._step(ENGINE_POST)

    def fold(self) -> None:
        """Fold (``"f"``).

        >>> from razzcore.engine.hand import Hand
        >>> from razzcore.engine.rules import Rules
        >>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd")
        >>> h.post_bring_in(); h.fold(); h.is_over, h.stacks
        (True, (52, 48))
        """
        self._step(ENGINE_FOLD)

    def check_or_call(self) -> None:
        """Check, or call the amount to call (all-in if short: ``"cc"``).

        >>> from razzcore.engine.hand import Hand
        >>> from razzcore.engine.rules import Rules
        >>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd")
        >>> h.post_bring_in(); h.check_or_call(); h.street
        4
        """
        self._step(ENGINE_CALL)

    def complete_bet_or_raise(self, amount: int | None = None) -> None:
        """Complete, bet or raise (``"cbr N"``) to the street total ``amount``.

        The amount is implied in fixed limit; an explicit one must be the legal
        total (or, for a short stack, its all-in total).  Only a hand made
        with ``replay=True`` (PHH replay) also accepts raising to exactly what
        an all-in opponent can reach, as the raise.

        >>> from razzcore.engine.hand import Hand
        >>> from razzcore.engine.rules import Rules
        >>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd")
        >>> h.complete_bet_or_raise(); h.bets
        (10, 0)
        >>> h.complete_bet_or_raise(25)
        Traceback (most recent call last):
        ...
        razzcore.errors.IllegalActionError: p2 cannot 'cbr 25': ...
        """
        self._step(ENGINE_RAISE, amount)

    def _step(self, kind: int, amount: int | None = None) -> None:
        """Apply a betting action through the machine, or raise
        :class:`IllegalActionError` with its reason."""
        actor = self.actor
        text, what = _WHAT[kind]
        if actor is None:
            raise IllegalActionError(f"cannot {what}: the hand is over")
        if self._betting_state()[0] == SHOW:
            raise IllegalActionError(
                f"cannot {what}: it is the showdown; allowed: {self._allowed_text()}"
            )
        total = 0
        if amount is not None:
            given = as_int(amount)  # numpy integers and the like
            if given is None:
                raise IllegalActionError(
                    f"a cbr amount is an int street total, not {brief(amount)}"
                )
            amount = given
            text = f"cbr {brief(amount)}"
            cbr = self._options()[1]
            if amount != cbr and cbr:
                if not self._replay or not 0 < amount < 1 << 62:
                    self._refuse(_R["amount"], actor, text, cbr)
                total = amount
        code = self._apply(kind, total, total != 0)
        if code:
            self._refuse(code, actor, text, self._options()[1])

    def _refuse(self, code: int, actor: int, text: str, cbr: int) -> None:
        allowed = self._allowed_text()
        if code == _R["no_post"]:
            why = "there is no bring-in to post now"
        elif code == _R["amount"]:
            why = f"in fixed limit the total is {cbr}"
        elif code == _R["capped"]:
            why = f"the betting is capped ({self._betting_state()[1]} wagers)"
        else:
            why = _WHY.get(code, f"refused (reason {code})")
        raise IllegalActionError(f"p{actor + 1} cannot '{text}': {why}; allowed: {allowed}")

    def _act_slow(self, action: object) -> None:
        """:meth:`act` past its compiled fast path (an exact legal string of
        the pending betting decision): ``"pN "`` prefixes, ``"cbr"`` with an
        amount, the manual showdown, and every error.  The line is read by
        the PHH action codec (:func:`razzcore.engine.notation.split_action`)."""
        if not isinstance(action, str):
            raise IllegalActionError(f"an action is a string such as 'cc', not {brief(action)}")
        actor = self.actor
        try:
            words = split_action(action)
        except ActionSyntaxError as exc:
            if exc.seat is not None:
                self._turn_of(exc.seat, actor)
            if exc.kind == "empty":
                raise IllegalActionError(
                    f"empty action {brief(action)}; allowed: {self._allowed_text()}"
                ) from None
            if exc.kind == "amount":
                raise IllegalActionError(f"bad amount in {brief(action)}") from None
            raise IllegalActionError(
                f"unknown action {brief(action)}; allowed: {self._allowed_text()}"
            ) from None
        if words.dealer:
            raise IllegalActionError(
                f"unknown action {brief(action)}; allowed: {self._allowed_text()}"
            )
        seat = self._turn_of(words.seat, actor)
        verb = words.verb
        if verb == "sm":
            self._act_show(seat, words.arg, action)
        elif verb == "cbr":
            Hand._step(self, ENGINE_RAISE, None if words.arg is None else int(words.arg))
        else:
            Hand._step(self, _VERBS[verb])

    def _turn_of(self, named: int | None, actor: int | None) -> int:
        """The seat an action is for: the one it names (``pN``), which must be
        the actor's, or in PHH replay a seat still to show at the showdown
        (real histories table all-in hands early, out of the showing order);
        the actor when it names none (-1 when the hand is over)."""
        seat = -1 if actor is None else actor
        if named is None:
            return seat
        phase, order, _, _ = self._showdown_state()
        if self._replay and phase == SHOW and named in order:
            return named
        if named != seat:
            raise IllegalActionError(self._not_your_turn(named))
        return seat

    def _act_show(self, seat: int, arg: str | None, action: str) -> None:
        """A manual show (``arg`` = the seat's cards or ``"-"``) or muck
        (``arg`` None).  Showing only some of the seat's cards is an early
        tabling (PHH; pokerkit tables all-in hands before the last card): it
        is recorded and exposes only those cards, and the seat still owes its
        showdown decision."""
        phase, _, shown, _ = self._showdown_state()
        if phase != SHOW or seat < 0:
            raise IllegalActionError(f"cannot {brief(action)}: it is not the showdown")
        if shown[seat] >= 0:
            actor = self.actor
            raise IllegalActionError(
                f"p{seat + 1} already showed or mucked; allowed for p{(actor or 0) + 1}: "
                + ", ".join(repr(a) for a in self._show_actions(actor or 0))
            )
        if arg is None:
            code = self._show(seat, False)
        elif arg == "-":
            code = self._show(seat, True)
        else:
            cards = self._shown_cards(seat, arg, action)
            if len(cards) < len(self.hole_cards(seat)):
                self._log.append(("pre", seat, cards))
                return
            code = self._show(seat, True)
        if code == _R["no_muck"]:
            raise IllegalActionError(
                f"p{seat + 1} may not muck here (first to show, a face-up all-in "
                f"showdown, or the last hand in a pot); allowed: "
                + ", ".join(repr(a) for a in self._show_actions(seat))
            )
        if code:
            raise IllegalActionError(self._not_your_turn(seat))

    def _shown_cards(self, seat: int, arg: str, action: str) -> tuple[int, ...]:
        try:
            cards = parse_cards(arg)
        except CardError as exc:
            raise IllegalActionError(f"bad cards in {brief(action)}: {exc}") from None
        own = self.hole_cards(seat)
        if not cards or len(set(cards)) != len(cards) or any(c not in own for c in cards):
            raise IllegalActionError(
                f"p{seat + 1} holds {''.join(format_card(c) for c in own)}, not {brief(arg)}"
            )
        return cards

    def _show_actions(self, seat: int) -> list[str]:
        """The showdown actions of ``seat``: show its cards, and muck if it may."""
        out = ["sm " + "".join(format_card(c) for c in self.hole_cards(seat))]
        if self._may_muck(seat):
            out.append("sm")
        return out

    def _allowed_text(self) -> str:
        acts = self.legal_actions()
        return ", ".join(repr(a) for a in acts) if acts else "nothing (the hand is over)"

    def _not_your_turn(self, seat: int) -> str:
        actor = self.actor
        if actor is None:
            return "the hand is over: no action is allowed"
        return f"it is p{actor + 1}'s turn, not p{seat + 1}'s"

    # ------------------------------------------------------------ reading

    @property
    def wagers(self) -> int:
        """Full wagers (completion, bet, raises) on the current street so far,
        as the engine counts them (a short all-in that is not a full wager,
        R15, does not count): :attr:`HandView.wagers` of every seat.

        >>> from razzcore.engine.rules import Rules
        >>> h = Hand(Rules(2, 5, 10, 20), [500, 500], seed=1)
        >>> h.act("cbr 10"); h.wagers
        1
        """
        return int(self._betting_state()[1])

    @property
    def pots(self) -> list[Pot]:
        """Main pot then side pots, from the chips collected so far (the
        current street's bets are in :attr:`bets` until the round ends).

        >>> from razzcore.engine.rules import Rules
        >>> h = Hand(Rules(2, 5, 10, 20), [50, 50, 50], seed=1); h.act("pb")
        >>> h.pots, h.total_pot
        ([Pot(amount=6, eligible=(0, 1, 2))], 11)
        """
        return [Pot(amount, eligible) for amount, eligible in self._pots()]

    @property
    def awards(self) -> list[Award]:
        """Chips pushed to winners, side pots first (empty while running).

        >>> from razzcore.engine.rules import Rules
        >>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd")
        >>> h.act("pb"); h.act("f"); h.awards
        [Award(seat=0, amount=4, pot=0)]
        """
        return list(self._awards)

    @property
    def showdown(self) -> list[ShowdownEntry]:
        """Who showed or mucked what at the showdown, in order; ``rank`` is
        the evaluator's rank of the best five (lower is better).

        >>> from razzcore.engine.rules import Rules
        >>> h = Hand(Rules(2, 5, 10, 20), [50, 50, 50], deck="Ac 2c 3c 4c 5c 6c Qd Kd 9d",
        ...          seed=1)
        >>> while h.actor is not None:
        ...     h.act("pb" if "pb" in h.legal_actions() else "cc")
        >>> [(e.seat, e.shown) for e in h.showdown]
        [(0, True), (1, False), (2, True)]
        """
        ranks = self._showdown_state()[3]
        out = []
        for entry in self._log:
            if entry[0] == "sm":
                s, cards = entry[1], entry[2]
                if cards is None:
                    out.append(ShowdownEntry(s, False, (), None))
                else:
                    out.append(ShowdownEntry(s, True, cards, ranks[s]))
        return out

    @property
    def history(self) -> list[str]:
        """Every action so far in PHH notation, dealer actions included
        (antes and burns are not PHH actions).

        >>> from razzcore.engine.rules import Rules
        >>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd"); h.act("pb")
        >>> h.history
        ['d dh p1 2c4cKd', 'd dh p2 3c5cQd', 'p1 pb']
        """
        return [format_entry(e, -1, (), ()) for e in self._log if e[0] not in NOT_ACTIONS]

    def view(self, seat: int) -> HandView:
        """Exactly what ``seat`` may see: its own cards, every board, cards
        tabled at the showdown or face up in an all-in; never another seat's
        hidden down cards.

        >>> from razzcore.engine.rules import Rules
        >>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd")
        >>> h.view(1).cards  # seat 0's two down cards are hidden from seat 1
        ((None, None, 49), (8, 16, 45))
        >>> h.view(1).history[0]
        'd dh p1 ????Kd'
        """
        # Built in one compiled call: the parts that change only when cards
        # are dealt or shown, or chips collected, are shared between views,
        # and each history entry is worded once (not once per view).
        view: HandView = self._view(seat)
        return view

    # ------------------------------------------------------------ copies, pickles

    def copy(self) -> Hand:
        """An independent copy (same future cards), cheap enough for search.

        >>> from razzcore.engine.rules import Rules
        >>> h = Hand(Rules(2, 5, 10, 20), [50, 50], seed=2)
        >>> c = h.copy(); c.act("pb"); h.bets, c.bets
        ((0, 0), (5, 0))

        A subclass gets an instance of itself, with the attributes it added
        copied shallowly.
        """
        cls = type(self)
        new = cls.__new__(cls)
        self._copy_core(new)
        if cls is not Hand:
            for name, value in self._extras().items():
                setattr(new, name, value)
        return new

    def __copy__(self) -> Hand:
        """``copy.copy(hand)`` is :meth:`copy`."""
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Hand:
        """``copy.deepcopy(hand)``: :meth:`copy`, with a subclass's own
        attributes deep-copied."""
        cls = type(self)
        new = cls.__new__(cls)
        self._copy_core(new)
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

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle support: how the hand was made and its history (it is
        rebuilt by replaying the actions), plus a subclass's own attributes.

        >>> import pickle
        >>> from razzcore.engine.rules import Rules
        >>> h = Hand(Rules(2, 5, 10, 20), [50, 50], seed=2); h.act("pb")
        >>> pickle.loads(pickle.dumps(h)).history == h.history
        True
        """
        manual, rake = self._setup()
        state = {
            "rules": self.rules,
            "stacks": self.starting_stacks,
            "deck": self._deck,
            "absent": self._away,
            "manual": manual,
            "replay": self._replay,
            "rake": rake,
            "log": list(self._log),
        }
        # A subclass's attributes are the pickle's state (set once the hand
        # exists), not arguments of the call that makes it: an attribute
        # referring back to the hand (a search tree's parent link) is then
        # pickled as a reference to the object already made, not recursed into.
        extras = self._extras()
        return (_rebuild, (type(self), state), (_EXTRAS, extras) if extras else None)

    def __setstate__(self, state: Any) -> None:
        """Rebuild from ``state``: the dict :meth:`__reduce__` makes, or the
        fields earlier versions pickled (``(None, {slot: value})`` or
        ``{name: value}`` with ``_start``, ``_deck``, ``_log``...); or, on a
        hand already rebuilt, ``(_EXTRAS, {name: value})``: a subclass's own
        attributes."""
        if isinstance(state, tuple) and len(state) == 2 and state[0] == _EXTRAS:
            if not isinstance(state[1], dict):
                raise RulesError(f"not a pickled razzcore Hand: {brief(state)}")
            for name, value in state[1].items():
                setattr(self, name, value)
            return
        if isinstance(state, tuple) and len(state) == 2:
            state = {**(state[0] or {}), **(state[1] or {})}
        if not isinstance(state, dict):
            raise RulesError(f"not a pickled razzcore Hand: {brief(state)}")
        fields = dict(state)
        if "_start" in fields:  # earlier versions: the hand's own fields
            fields = {
                "rules": fields.get("rules"),
                "stacks": fields.get("_start"),
                "deck": fields.get("_deck"),
                "absent": fields.get("_away", ()),
                "manual": fields.get("_manual", False),
                "replay": fields.get("_replay", False),
                "rake": fields.get("_rake", 0),
                "log": fields.get("_log", ()),
            }
        try:
            deck = bytes(fields["deck"])
            HandCore.__init__(
                self, fields["rules"], list(fields["stacks"]), deck=list(deck),
                absent=fields["absent"], manual_showdown=bool(fields["manual"]),
                replay=bool(fields["replay"]), rake=fields["rake"],
            )
            if len(deck) != 52:
                raise RulesError(f"a deck of {len(deck)} cards")
            self._replay_log([tuple(e) for e in fields["log"] if e[0] not in NOT_ACTIONS])
        except (KeyError, TypeError, ValueError, IndexError, OverflowError) as exc:
            raise RulesError(f"not a pickled razzcore Hand: {exc}") from None

    def _replay_log(self, recorded: list[tuple[Any, ...]]) -> None:
        """Redo the player actions of a recorded history on this fresh hand:
        the entries the machine makes by itself (deals, killed absent hands,
        automatic shows...) come back as the actions are redone, and every
        entry must read as recorded (compared as PHH text: earlier versions
        wrote some entries with fewer fields)."""
        log = self._log
        k = 0
        for i, entry in enumerate(recorded):
            while k < len(log) and log[k][0] in NOT_ACTIONS:
                k += 1
            if k >= len(log):
                self._redo(entry)
                while k < len(log) and log[k][0] in NOT_ACTIONS:
                    k += 1
            want = format_entry(entry, -1, (), ())
            if k >= len(log) or format_entry(log[k], -1, (), ()) != want:
                got = format_entry(log[k], -1, (), ()) if k < len(log) else "nothing"
                raise RulesError(f"history entry {i + 1} is {want!r}, replayed {got!r}")
            k += 1

    def _redo(self, entry: tuple[Any, ...]) -> None:
        """Apply one recorded action entry again (unpickling)."""
        verb, seat = entry[0], as_int(entry[1])
        if seat is None or not 0 <= seat < len(self.starting_stacks):
            raise RulesError(f"the recorded action {brief(entry)} names no seat of this table")
        if verb == "cbr":
            total = as_int(entry[2])
            if total is None or not 0 <= total <= MAX_CHIPS:
                raise RulesError(
                    f"the recorded action {brief(entry)} raises to {brief(entry[2])}, "
                    f"not a chip count (0..{MAX_CHIPS:,})"
                )
        if verb == "pre":
            if not self._setup()[0]:  # cards tabled early: manual showdowns only
                raise RulesError(f"the recorded action {brief(entry)} needs a manual showdown")
            self._log.append(entry)
            return
        if verb == "sm":
            code = self._show(seat, entry[2] is not None)
        elif self.actor != seat:
            code = _R["turn"]
        elif verb == "cbr":
            code = self._apply(ENGINE_RAISE, entry[2], self._replay)
        else:
            code = self._apply(_VERBS[verb])
        if code:
            raise RulesError(f"the recorded action {entry!r} cannot be replayed (reason {code})")

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"street {self.street}, actor {self.actor}"
        return f"<Hand {len(self.stacks)} seats, {state}, stacks {list(self.stacks)}>"

    def __str__(self) -> str:
        from ..show.table import hand_text  # plain-text table (razzcore.show.table)

        return hand_text(self)

    def _repr_svg_(self) -> str:
        from ..show.svg import hand  # Jupyter picture (razzcore.show.svg)

        return hand(self)


def _rebuild(
    cls: type[Hand], state: dict[str, Any], extras: dict[str, Any] | None = None
) -> Hand:
    """Unpickle a hand (see :meth:`Hand.__reduce__`)."""
    if not (isinstance(cls, type) and issubclass(cls, Hand)):
        raise RulesError(f"not a razzcore Hand class: {brief(cls)}")
    hand = cls.__new__(cls)
    hand.__setstate__(state)
    for name, value in (extras or {}).items():
        setattr(hand, name, value)
    return hand


# Tags the pickle state that carries a subclass's own attributes.
_EXTRAS = "razzcore.Hand subclass attributes"
_VERBS = {"f": ENGINE_FOLD, "cc": ENGINE_CALL, "pb": ENGINE_POST}
_BASES = frozenset({"Hand", "HandCore", "object"})
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
