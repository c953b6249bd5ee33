"""The replay of a razz hand history on the engine.

:func:`replay_actions` plays actions parsed by
:func:`razzcore.engine.notation.parse_action` (the PHH action codec) on a
:class:`~razzcore.engine.hand.Hand`; :mod:`razzcore.phh` uses it
(``HandHistory.replay``).

>>> from razzcore.engine.notation import parse_action
>>> from razzcore.engine.rules import Rules
>>> texts = ["d dh p1 2c3c4c", "d dh p2 5c6cKd", "p2 pb", "p1 cbr 10", "p2 f"]
>>> hand = replay_actions(texts, [parse_action(t) for t in texts], [100, 100],
...                       Rules(2, 5, 10, 20, profile="tda"))
>>> hand.stacks
(107, 93)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .._core import (
    REPLAY_ABSENT,
    REPLAY_DEAL,
    REPLAY_EARLY,
    REPLAY_MISPLACED,
    REPLAY_PENDING,
    REPLAY_SHOWN,
    REPLAY_UNDEALT,
    SHOW,
    replay_deck,
)
from ..cards import format_card
from ..engine.hand import Hand
from ..engine.notation import Action, format_entry
from ..engine.rules import Rules
from ..errors import IllegalActionError, PHHError, RazzError

__all__ = ["dealt_cards", "replay_actions"]

_STREET_NAMES = {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th"}


def _street(card: int) -> int:
    """The street (3-7) on which a seat receives its hole card number ``card`` (0-based)."""
    return max(3, card + 1)


def _cards(k: int) -> str:
    return f"{k} card{'s' if k > 1 else ''}"


class _Stop:
    """Where a compiled replay run stopped, for the wording of its error:
    the cards dealt and not yet named (those before the next action the
    engine played for a seat sitting out), read from ``Hand._replay_state``."""

    def __init__(self, hand: Hand, texts: Sequence[str], index: int) -> None:
        (self.named, self.limits, board_named, board_due, self.after, self.own,
         self.got, self.want) = hand._replay_state()
        self.board = int(board_due and not board_named)  # the board card due
        self.hand = hand
        self.texts = texts
        self.index = index

    def where(self) -> str:
        return f"action {self.index + 1} {self.texts[self.index]!r}"

    def due(self) -> dict[int | None, int]:
        """The cards due now to each seat (``None``: the board)."""
        out: dict[int | None, int] = {s: lim - got for s, (got, lim)
                                      in enumerate(zip(self.named, self.limits, strict=True))
                                      if lim > got}
        if self.board:
            out[None] = self.board
        return out

    def streets(self) -> str:
        """The streets and cards due, e.g. ``4th street (p1: 1 card, p2: 1 card)``."""
        due = self.due()
        firsts = [7 if s is None else _street(self.named[s]) for s in due]
        lasts = [7 if s is None else _street(self.limits[s] - 1) for s in due]
        low, high = min(firsts), max(lasts)
        parts = [f"{'the board' if s is None else f'p{s + 1}'}: {_cards(k)}"
                 for s, k in sorted(due.items(), key=lambda sk: 99 if sk[0] is None else sk[0])]
        name = _STREET_NAMES[low] + ("" if low == high else f" to {_STREET_NAMES[high]}")
        return f"{name} street ({', '.join(parts)})"

    def ended(self) -> str:
        """Which line ended the betting before the cards due (empty when the
        engine dealt them by itself), e.g. ``3rd street ended at action 5 'p1 cc'``."""
        if self.after is None:
            return ""
        due = self.due()
        low = min(7 if s is None else _street(self.named[s]) for s in due)
        before = _STREET_NAMES.get(low - 1, "the")
        return f"{before} street ended at action {self.after + 1} {self.texts[self.after]!r}"

    def own_text(self) -> str | None:
        return None if self.own is None else format_entry(self.own, -1, (), ())


# Each REPLAY_* code of HandCore._replay_run worded; the engine's reason
# codes are worded by Hand.act (razzcore/engine/hand.py).

def _not_dealt(stop: _Stop, a: Action) -> str:
    """Why a deal line cannot stand here."""
    hand = stop.hand
    who = "the board" if a.verb == "db" else f"p{(a.seat or 0) + 1}"
    have = stop.due().get(None if a.verb == "db" else a.seat, 0)
    if have:
        return f"the dealer has only {have} card(s) for {who} here, not {_cards(len(a.cards))}"
    what = f"the dealer deals no card to {who} here"
    seat = a.seat
    if seat is not None and a.verb == "dh" and 0 <= seat < len(stop.named):
        if not hand.dealt_in[seat]:
            return f"{what}: p{seat + 1} was not dealt in"
        if hand.folded[seat]:
            return f"{what}: p{seat + 1} has folded"
    if hand.is_over:
        return f"{what} (the hand is over)"
    if stop.due():
        return f"{what}: it deals {stop.streets()}"
    own = stop.own_text()
    if own is not None:
        return f"{what}: the history must first list {own!r} (R23)"
    if hand._betting_state()[0] == SHOW and hand.actor is not None:
        return f"{what} (the betting is over)"
    if hand.actor is not None:
        return f"{what}: p{hand.actor + 1} is to act on {_STREET_NAMES[hand.street]} street"
    return what


def _first(stop: _Stop, a: Action) -> str:
    """Why a player line cannot stand here: the dealer's lines come first."""
    ended = stop.ended()
    return f"the dealer deals {stop.streets()} first" + (f": {ended}" if ended else "")


def _early(stop: _Stop, a: Action) -> str:
    return (f"p{(a.seat or 0) + 1} shows {format_card(stop.want)} before the dealer's line "
            f"deals it ({stop.streets()} is due)")


def _undealt(stop: _Stop, a: Action) -> str:
    seat = (a.seat or 0) + 1
    return f"p{seat} shows {format_card(stop.want)}, which p{seat} was not dealt"


def _absent_first(stop: _Stop, a: Action) -> str:
    return (f"the history must first list {stop.own_text()!r}, which the engine played "
            f"for a seat sitting out (R23)")


def _missing(stop: _Stop) -> str:
    """Why a history cannot end here: the dealer's lines are missing."""
    ended = stop.ended()
    return (f"the history ends without the dealer's lines for {stop.streets()}"
            + (f", dealt when {ended}" if ended else ""))


def _unknown_at_showdown(stop: _Stop) -> str:
    return (f"the history stops at the showdown and p{(stop.hand.actor or 0) + 1}'s cards "
            f"are not all known")


_AT_LINE: dict[int, Callable[[_Stop, Action], str]] = {
    REPLAY_DEAL: _not_dealt, REPLAY_PENDING: _first, REPLAY_EARLY: _early,
    REPLAY_UNDEALT: _undealt, REPLAY_ABSENT: _absent_first,
}
_AT_END: dict[int, Callable[[_Stop], str]] = {
    REPLAY_PENDING: _missing, REPLAY_SHOWN: _unknown_at_showdown,
}


def _run(hand: Hand, texts: Sequence[str], actions: list[Action], start: int,
         stop: int) -> tuple[int, int] | None:
    """Play ``actions[start:stop]`` (``stop = -1``: all and the end) with
    the compiled loop: None when played, the misplaced ``(got, want)``
    cards, else raise the error worded."""
    while True:
        index, code = hand._replay_run(actions, start, stop)
        if index < 0:
            return None
        if code == REPLAY_MISPLACED:
            stopped = _Stop(hand, texts, index)
            return stopped.got, stopped.want
        if index >= len(actions):
            word = _AT_END.get(code)
            why = word(_Stop(hand, texts, index)) if word else f"the engine refused (reason {code})"
            raise PHHError(why, field="actions")
        where = f"action {index + 1} {texts[index]!r}"
        word_line = _AT_LINE.get(code)
        if word_line is not None:
            raise PHHError(f"{where}: {word_line(_Stop(hand, texts, index), actions[index])}",
                           field="actions", action_index=index)
        # The engine's reason code, or a line the loop leaves to Hand.act
        # (a show out of turn or of some cards only): Hand.act plays it or
        # words why not.
        logpos = len(hand._log)
        try:
            hand.act(actions[index].engine_text())
        except IllegalActionError as exc:
            raise PHHError(f"{where}: {exc}", field="actions", action_index=index) from None
        hand._replay_acted(index, logpos)
        start = index + 1


def _new_hand(stacks: Sequence[int], rules: Rules, deck: bytes | list[int], absent: tuple[int, ...],
              rake: int | Sequence[int]) -> Hand:
    try:
        return Hand(rules, stacks, deck=deck, manual_showdown=True, absent=absent,
                    replay=True, rake=rake)
    except RazzError as exc:
        raise PHHError(f"cannot start the hand: {exc}", field="starting_stacks") from None


def dealt_cards(actions: Sequence[Action], seats: int) -> list[list[int | None]]:
    """Each seat's hole cards in deal order as the deal actions name them:
    ``None`` for an unknown card (``??``).  A card past the end of a seat's
    list was not dealt by the history (the engine dealt it), so it is unknown
    too.  The replay fills unknown cards with unused cards: a presentation
    (text or replayer page) shows a card as a back or ``??`` here until a
    show names it.

    >>> from razzcore.engine.notation import parse_action
    >>> dealt_cards([parse_action("d dh p2 ????Kh"), parse_action("d dh p2 2c")], 2)
    [[], [None, None, 50, 4]]
    """
    out: list[list[int | None]] = [[] for _ in range(seats)]
    for a in actions:
        if a.verb == "dh" and a.seat is not None and a.seat < seats:
            out[a.seat].extend(a.cards)
    return out


def replay_actions(
    texts: Sequence[str], actions: Sequence[Action], starting_stacks: Sequence[int],
    rules: Rules, *, absent: Sequence[int] = (), rake: int | Sequence[int] = 0,
    observe: Callable[[int, Hand], None] | None = None,
) -> Hand:
    """Play ``actions`` (parsed from ``texts``, used in error messages) on a
    new manual-showdown :class:`~razzcore.engine.hand.Hand` and return it.
    ``absent`` lists the seats sitting out (R23, as ``Hand(absent=...)``);
    ``rake`` is what the house takes from the pots (``Hand(rake=...)``: a
    total, main pot first, or each pot's rake).

    The deck is laid out in R4 order from the dealt cards; burns and ``??``
    cards are filled with unused cards (cards shown later fill ``??`` slots);
    if the engine deals from an unexpected deck position (the R18 shortage
    procedures reuse burns) the two positions are swapped and the replay
    restarts.  Errors are :class:`~razzcore.errors.PHHError` naming the action.

    ``observe(i, hand)``, when given, is called with the live hand before the
    first action (``i = -1``), after each action ``i`` in order, then once
    more with ``i = len(actions)`` after the showdown that a history stopping
    there leaves to the engine; it must not change the hand.

    >>> from razzcore.engine.notation import parse_action
    >>> from razzcore.engine.rules import Rules
    >>> texts = ["d dh p1 2c3c4c", "d dh p2 5c6cKd", "p1 cc"]
    >>> replay_actions(texts, [parse_action(t) for t in texts], [100, 100], Rules(2, 5, 10, 20))
    Traceback (most recent call last):
    ...
    razzcore.errors.PHHError: action 3 'p1 cc': it is p2's turn, not p1's
    """
    actions = list(actions)
    stacks = list(starting_stacks)
    absent = tuple(absent)
    away = () if rules.deal_in_absent_players else absent
    laid = replay_deck(actions, stacks, rules.deal_start_seat - 1, rules.burn_cards, away)
    if isinstance(laid, tuple):
        i, card = laid
        raise PHHError(f"action {i + 1} {texts[i]!r}: {format_card(card)} was already dealt",
                       field="actions", action_index=i)
    deck: bytes | list[int] = laid  # bytes: Hand takes it as it is
    for _ in range(2 * 52):
        hand = _new_hand(stacks, rules, deck, absent, rake)
        misplaced = _run(hand, texts, actions, 0, -1)
        if misplaced is None:
            return hand if observe is None else _observed(
                _new_hand(stacks, rules, deck, absent, rake), texts, actions, observe)
        # The engine dealt ``got`` where the history has ``want`` (R18 reuses
        # burns): swap the two in the deck and start again.
        got, want = misplaced
        deck = list(deck)
        i, j = deck.index(got), deck.index(want)
        deck[i], deck[j] = deck[j], deck[i]
    raise PHHError("the dealt cards cannot be arranged into one deck", field="actions")


def _observed(hand: Hand, texts: Sequence[str], actions: list[Action],
              observe: Callable[[int, Hand], None]) -> Hand:
    """Replay the settled deck again, one action at a time, showing each step."""
    observe(-1, hand)
    for i in range(len(actions)):
        _run(hand, texts, actions, i, i + 1)
        observe(i, hand)
    _run(hand, texts, actions, len(actions), -1)
    observe(len(actions), hand)
    return hand
