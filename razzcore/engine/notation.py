"""The PHH action codec: one action line to its parts and back.

The grammar of an action, written once (PHH, variant ``FR``, as razz uses it)::

    action  = [player] verb [arg] ["#" commentary] | "d" "dh" player cards | "d" "db" card
    player  = "p" digits             (p1 is seat 0)
    verb    = "pb" | "f" | "cc" | "cbr" [amount] | "sm" [cards | "-"]
    cards   = two characters a card (rank A23456789TJQK, suit cdhs), "??" for a hidden one

:func:`split_action` checks the shape of a line (player, verb, how many
arguments, the amount's digits) and is shared by everything that reads
actions: :func:`parse_action` (a PHH file's line: the player and a raise's
amount are required, ``??`` allowed), :meth:`razzcore.engine.hand.Hand.act` (the
player may be left out, ``cbr`` alone is the legal total) and the replay.
:func:`format_entry` writes the engine's history entries back as PHH, hiding
the cards a viewer may not see.

>>> parse_action("p2 cbr 30 # raise")
Action(verb='cbr', seat=1, cards=(), amount=30, show=None, commentary='raise')
>>> format_entry(("dh", 0, (3, 5, 8)), 1, [False, False], [[8], []])
'd dh p1 ????3c'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from .._core import _parse_action_line, _parse_action_lines
from ..cards import RANKS, SUITS, UNKNOWN, format_card, parse_cards_or_unknown
from ..errors import CardError, PHHError

__all__ = [
    "NOT_ACTIONS",
    "Action",
    "ActionSyntaxError",
    "Words",
    "format_entry",
    "parse_action",
    "parse_actions",
    "parse_cards_text",
    "split_action",
]

NOT_ACTIONS = frozenset({"ante", "back"})
"""Kinds of history entries that are not PHH actions: antes and the
uncalled part of a wager returned (the engine's history keeps them for
readers that follow the chips; :func:`format_entry` does not write them)."""

CARD_TEXT = {r + s: 4 * i + j for i, r in enumerate(RANKS) for j, s in enumerate(SUITS)}
"""Each card's two-character text (``"Ac"``) to its code."""

_PHH_CARDS: dict[str, int | None] = {**CARD_TEXT, UNKNOWN: None}

_PLAYER_VERBS = {"pb": 0, "f": 0, "cc": 0, "cbr": 1, "sm": 1}  # the most arguments each takes


class ActionSyntaxError(PHHError):
    """An action line that does not fit the grammar.  ``kind`` says what is
    wrong: ``"empty"`` (no verb), ``"player"`` (not ``pN``), ``"verb"`` (an
    unknown verb or the wrong number of arguments), ``"amount"`` (not a whole
    number of chips) or ``"cards"``; ``seat`` is the player named, when the
    player token was read.

    >>> try:
    ...     split_action("p1 cbr x")
    ... except ActionSyntaxError as exc:
    ...     print(exc.kind, exc.seat, exc.field, "|", exc)
    amount 0 actions | the amount 'x' must be a whole number of chips
    """

    def __init__(self, message: str, kind: str, seat: int | None = None) -> None:
        super().__init__(message, field="actions")
        self.kind = kind
        self.seat = seat


@dataclasses.dataclass(frozen=True)
class Words:
    """The parts of one action line (see :func:`split_action`).

    ``seat`` is the 0-based player named (``p0`` gives -1; ``None`` when no
    player is named); ``dealer`` is True for ``d dh`` / ``d db``; ``arg`` is
    the amount, cards or ``-`` after the verb, or the dealt cards.

    >>> split_action("d dh p1 AsKs2c")
    Words(seat=0, dealer=True, verb='dh', arg='AsKs2c', commentary=None)
    >>> split_action("p2 cbr 20 # raise")
    Words(seat=1, dealer=False, verb='cbr', arg='20', commentary='raise')
    """

    seat: int | None
    dealer: bool
    verb: str
    arg: str | None
    commentary: str | None


def _is_player(word: str) -> bool:
    # At most 18 digits: int() of a huge digit string is slow and no table
    # has that many seats.
    return len(word) > 1 and word[0] == "p" and word[1:].isascii() and word[1:].isdigit() \
        and len(word) <= 19


def split_action(text: str) -> Words:
    """Split one action line into its parts, checking its shape only (not
    whether the cards exist or the action is legal).

    >>> split_action("p1 sm AcAd2c # nice")
    Words(seat=0, dealer=False, verb='sm', arg='AcAd2c', commentary='nice')
    >>> split_action("cbr").verb, split_action("d db 7h").dealer
    ('cbr', True)
    >>> split_action("p1 cbr x")
    Traceback (most recent call last):
    ...
    razzcore.engine.notation.ActionSyntaxError: the amount 'x' must be a whole number of chips
    """
    body, sep, comment = text.partition("#")
    commentary = comment.strip() if sep else None
    words = body.split()
    if words and words[0] == "d":
        if len(words) == 4 and words[1] == "dh" and _is_player(words[2]):
            return Words(int(words[2][1:]) - 1, True, "dh", words[3], commentary)
        if len(words) == 3 and words[1] == "db":
            return Words(None, True, "db", words[2], commentary)
        raise ActionSyntaxError("a dealer action is 'd dh pN cards' or 'd db card'", "verb")
    seat = None
    if words and _is_player(words[0]):
        seat = int(words[0][1:]) - 1
        words = words[1:]
    elif len(words) > 1 and words[0] not in _PLAYER_VERBS:
        raise ActionSyntaxError(f"{words[0]!r} is not a player (p1, p2, ...)", "player")
    if not words:
        raise ActionSyntaxError("no action after the player", "empty", seat)
    verb, rest = words[0], words[1:]
    most = _PLAYER_VERBS.get(verb)
    if most is None or len(rest) > most:
        if verb == "sd":
            raise ActionSyntaxError(
                "'sd' (stand pat or discard) is not a razz action", "verb", seat
            )
        raise ActionSyntaxError(
            "expected pb, f, cc, cbr AMOUNT, sm or sm CARDS after the player", "verb", seat
        )
    arg = rest[0] if rest else None
    if verb == "cbr" and arg is not None and not (
        arg.isascii() and arg.isdigit() and len(arg) <= 18
    ):
        raise ActionSyntaxError(f"the amount {arg!r} must be a whole number of chips", "amount",
                                seat)
    return Words(seat, False, verb, arg, commentary)


def parse_cards_text(text: str) -> tuple[int | None, ...]:
    """Cards written together as PHH writes them (two characters each),
    ``None`` for ``??`` (read by :func:`razzcore.cards.parse_cards_or_unknown`,
    the one home of ``??``).

    >>> parse_cards_text("??Kd")
    (None, 49)
    """
    if len(text) % 2 or not text or not text.isascii() or not text.isprintable() \
            or " " in text:
        raise ActionSyntaxError(
            f"cards {text!r} must be two characters each (rank, suit) or '??'", "cards"
        )
    out = [_PHH_CARDS.get(text[i : i + 2], -1) for i in range(0, len(text), 2)]
    if -1 not in out:  # the common case: every pair as PHH writes it
        return tuple(out)
    try:
        return parse_cards_or_unknown(text)
    except CardError as exc:
        raise ActionSyntaxError(str(exc), "cards") from None


@dataclasses.dataclass(frozen=True)
class Action:
    """One parsed PHH action.

    ``verb`` is ``"dh"``, ``"db"``, ``"pb"``, ``"f"``, ``"cc"``, ``"cbr"``,
    ``"sm"`` or ``""`` (a no-op); ``seat`` is the 0-based player (the dealt
    player for ``dh``; ``None`` for ``db`` and no-ops); ``cards`` holds card
    codes with ``None`` for ``??``; ``show`` is True for ``sm cards`` /
    ``sm -``, False for a muck; ``commentary`` is the text after ``#``.

    >>> parse_action("p2 cbr 30 # raise").amount
    30
    """

    verb: str
    seat: int | None = None
    cards: tuple[int | None, ...] = ()
    amount: int | None = None
    show: bool | None = None
    commentary: str | None = None

    @property
    def is_dealer(self) -> bool:
        """Whether the dealer (``d``) performs this action.

        >>> parse_action("d dh p1 AcAd2c").is_dealer
        True
        """
        return self.verb in ("dh", "db")

    def engine_text(self) -> str:
        """The action as :meth:`Hand.act <razzcore.engine.hand.Hand.act>` takes it
        (player actions only; shown cards containing ``??`` become ``sm -``).

        >>> parse_action("p1 sm AcAd2c # nice").engine_text()
        'p1 sm AcAd2c'
        """
        head = f"p{(self.seat or 0) + 1} {self.verb}"
        if self.verb == "cbr":
            return f"{head} {self.amount}"
        if self.verb == "sm" and self.show:
            if not self.cards or None in self.cards:
                return f"{head} -"
            return head + " " + "".join(format_card(c) for c in self.cards if c is not None)
        return head


def parse_action(text: str) -> Action:
    """Parse one line of a PHH file's ``actions``: the player is required, and
    a raise names its amount.  Raises :class:`ActionSyntaxError` (a
    :class:`~razzcore.errors.PHHError`) naming the problem.

    >>> parse_action("d dh p3 ????Kd")
    Action(verb='dh', seat=2, cards=(None, None, 49), amount=None, show=None, commentary=None)
    >>> parse_action("p1 sm -").show
    True
    >>> parse_action("p1 sd")
    Traceback (most recent call last):
    ...
    razzcore.engine.notation.ActionSyntaxError: bad action 'p1 sd': 'sd' (stand pat or ...
    """
    if type(text) is str:
        known = _PARSED.get(text)
        if known is not None:
            return known
    elif not isinstance(text, str):
        raise PHHError(f"an action is a string, not {text!r}", field="actions")
    try:
        action = _action(text)
    except ActionSyntaxError as exc:
        raise ActionSyntaxError(f"bad action {text!r}: {exc}", exc.kind, exc.seat) from None
    if type(text) is str and len(_PARSED) < _PARSED_MAX:
        _PARSED[text] = action
    return action


# Lines already parsed (an Action is immutable, so one may be shared): the
# same lines ("p2 cc", "d dh p3 7h") come back hand after hand.  Entries are
# never replaced; past the bound lines are parsed afresh.
_PARSED: dict[str, Action] = {}
_PARSED_MAX = 1 << 16


def parse_actions(texts: Sequence[str], players: int = -1) -> list[Action] | None:
    """:func:`parse_action` of each line, in order (the lines as razzcore
    writes them read by compiled code, the same records); with ``players``,
    ``None`` when an action names a seat beyond the table.

    >>> [a.verb for a in parse_actions(["d dh p1 AcAd2c", "p1 pb", "p2 cbr 10 # up"])]
    ['dh', 'pb', 'cbr']
    >>> parse_actions(["p3 f"], 2) is None
    True
    """
    return _parse_action_lines(texts, _PARSED, _PARSED_MAX, Action, parse_action, players)


def _action(text: str) -> Action:
    # The lines as razzcore writes them ("d dh p1 AcAd2c", "p2 cbr 20"),
    # read as split_action and parse_cards_text read them, in compiled code.
    fast = _parse_action_line(text, Action)
    return fast if fast is not None else _read_action(text)


def _read_action(text: str) -> Action:
    """The action of one line by the grammar (:func:`split_action`)."""
    if not text.partition("#")[0].split():
        return Action("", commentary=text.partition("#")[2].strip() or None)
    w = split_action(text)
    if w.seat is not None and w.seat < 0:
        raise ActionSyntaxError("'p0' is not a player (p1, p2, ...)", "player")
    if w.dealer:
        cards = parse_cards_text(w.arg or "")
        if w.verb == "db" and len(cards) != 1:
            raise ActionSyntaxError("razz has at most one community card", "cards")
        return Action(w.verb, w.seat, cards, commentary=w.commentary)
    if w.seat is None:
        raise ActionSyntaxError("an action starts with its player (p1, p2, ...)", "player")
    if w.verb == "cbr":
        if w.arg is None:
            raise ActionSyntaxError("a raise names its amount: 'cbr AMOUNT'", "amount", w.seat)
        return Action("cbr", w.seat, amount=int(w.arg), commentary=w.commentary)
    if w.verb == "sm":
        if w.arg is None:
            return Action("sm", w.seat, show=False, commentary=w.commentary)
        cards = () if w.arg == "-" else parse_cards_text(w.arg)
        return Action("sm", w.seat, cards, show=True, commentary=w.commentary)
    return Action(w.verb, w.seat, commentary=w.commentary)


def format_entry(
    e: tuple[Any, ...], viewer: int, exposed: Sequence[bool], up: Sequence[Sequence[int]]
) -> str:
    """One history entry of the engine (``("dh", seat, cards)``, ``("db",
    card)``, ``("cbr", seat, total)``, ``("sm", seat, cards or None)``,
    ``("pre", seat, cards)``, ``("f", seat)``, ``("pb" or "cc", seat,
    chips)``; not those in :data:`NOT_ACTIONS`) in PHH notation as
    ``viewer`` may see it (``-1`` = everything): another seat's hidden down
    cards are written ``??``; ``up[s]`` are the cards of seat ``s`` the viewer
    sees, ``exposed[s]`` whether it sees them all.

    >>> format_entry(("dh", 0, (3, 5, 8)), 1, [False, False], [[8], []])
    'd dh p1 ????3c'
    >>> format_entry(("cbr", 2, 30), -1, [], [])
    'p3 cbr 30'
    """
    kind = e[0]
    if kind == "dh":
        s, cards = e[1], e[2]
        if viewer < 0 or viewer == s or exposed[s]:
            text = "".join(format_card(c) for c in cards)
        else:
            mine = up[s]
            text = "".join(format_card(c) if c in mine else "??" for c in cards)
        return f"d dh p{s + 1} {text}"
    if kind == "db":
        return f"d db {format_card(e[1])}"
    if kind == "cbr":
        return f"p{e[1] + 1} cbr {e[2]}"
    if kind == "sm" or kind == "pre":
        if e[2] is None:
            return f"p{e[1] + 1} sm"
        return f"p{e[1] + 1} sm " + "".join(format_card(c) for c in e[2])
    return f"p{e[1] + 1} {kind}"
