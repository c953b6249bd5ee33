"""The decisions offered to a person: each legal action of the engine as a
:class:`Choice` with its key, its name for the page and its words.

The engine decides what is legal (:attr:`HandView.legal_actions
<razzcore.engine.view.HandView.legal_actions>`); this module only names each
legal action and reads what a person typed.

>>> from razzcore.engine.hand import Hand
>>> from razzcore.engine.rules import Rules
>>> h = Hand(Rules(1, 3, 10, 20), [100, 100], deck="Ac 9c 2c Kd 3c Qd")
>>> [c.label for c in choices(h.view(1), h.rules)]
['Bring in 3', 'Complete to 10']
>>> h.act("pb")
>>> [(c.key, c.name, c.label) for c in choices(h.view(0), h.rules)]
[('f', 'fold', 'Fold'), ('c', 'check_call', 'Call 3'), ('b', 'bet_raise', 'Complete to 10')]
>>> pick("raise", choices(h.view(0), h.rules)).action
'cbr 10'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from ..engine.rules import Rules
    from ..engine.view import HandView

__all__ = ["ACTION_NAMES", "KEYS", "Choice", "choices", "pick", "to_call"]

ACTION_NAMES = {"f": "fold", "cc": "check_call", "cbr": "bet_raise", "pb": "bring_in"}
"""The page's name of each kind of action (its buttons' ``data-action``)."""

KEYS = {"f": "f", "cc": "c", "cbr": "b", "pb": "p"}
"""The one-letter key of each kind of action at the terminal."""

_WORDS = {
    "f": ("f", "fold", "folds"),
    "cc": ("c", "check", "call", "checks", "calls", "cc", "check_call"),
    "cbr": ("b", "bet", "raise", "complete", "bets", "raises", "completes", "cbr", "bet_raise"),
    "pb": ("p", "post", "bring", "bring-in", "bringin", "bring_in", "pb"),
}


class Choice(NamedTuple):
    """One legal action: ``action`` (PHH: ``"cc"``, ``"cbr 20"``), ``name``
    (``fold``, ``check_call``, ``bet_raise``, ``bring_in``), ``key`` (the
    terminal's letter) and ``label`` (``"Call 10"``, ``"Raise to 40"``).

    >>> from razzcore.engine.hand import Hand
    >>> from razzcore.engine.rules import Rules
    >>> h = Hand(Rules(1, 3, 10, 20), [100, 100], deck="Ac 9c 2c Kd 3c Qd")
    >>> choices(h.view(1), h.rules)[0]
    Choice(action='pb', name='bring_in', key='p', label='Bring in 3')
    """

    action: str
    name: str
    key: str
    label: str


def to_call(view: HandView) -> int:
    """What the viewing seat must add to call (at most its stack).

    >>> from razzcore.engine.hand import Hand
    >>> from razzcore.engine.rules import Rules
    >>> h = Hand(Rules(1, 3, 10, 20), [100, 100], deck="Ac 9c 2c Kd 3c Qd"); h.act("pb")
    >>> to_call(h.view(0)), to_call(h.view(1))
    (3, 0)
    """
    me = view.seat
    return max(0, min(max(view.bets, default=0) - view.bets[me], view.stacks[me]))


def _label(action: str, view: HandView, rules: Rules) -> str:
    verb, _, amount = action.partition(" ")
    me = view.seat
    stack = view.stacks[me]
    allin = ""
    if verb == "f":
        return "Fold"
    if verb == "pb":
        put = min(rules.bring_in, stack)
        return f"Bring in {put}" + (" (all-in)" if put == stack else "")
    if verb == "cc":
        owed = to_call(view)
        if owed == 0:
            return "Check"
        return f"Call {owed}" + (" (all-in)" if owed == stack else "")
    total = int(amount) if amount else 0
    if total - view.bets[me] >= stack:
        allin = " (all-in)"
    if rules.is_completion(view.street, view.wagers):
        return f"Complete to {total}{allin}"
    if max(view.bets, default=0) == 0:
        return f"Bet {total}{allin}"
    return f"Raise to {total}{allin}"


def choices(view: HandView, rules: Rules) -> list[Choice]:
    """The legal actions of ``view`` (its seat's, when it is to act; else
    none) as choices, in the engine's order.

    >>> from razzcore.engine.hand import Hand
    >>> from razzcore.engine.rules import Rules
    >>> h = Hand(Rules(1, 3, 10, 20), [100, 100], deck="Ac 9c 2c Kd 3c Qd")
    >>> [c.action for c in choices(h.view(1), h.rules)], choices(h.view(0), h.rules)
    (['pb', 'cbr 10'], [])
    """
    if view.actor != view.seat:
        return []
    out = []
    for action in view.legal_actions:
        verb = action.partition(" ")[0]
        if verb not in ACTION_NAMES:  # a manual showdown's shows are not offered
            continue
        out.append(Choice(action, ACTION_NAMES[verb], KEYS[verb], _label(action, view, rules)))
    return out


def pick(text: str, offered: Sequence[Choice]) -> Choice | None:
    """The choice a person typed: a key (``f``, ``c``, ``b``, ``p``), a word
    (``fold``, ``check``, ``call``, ``bet``, ``raise``, ``complete``,
    ``post``...) or the PHH action itself; ``None`` when it names nothing
    offered now.

    >>> pick("x", [Choice("f", "fold", "f", "Fold")]) is None
    True
    >>> pick("check", [Choice("cc", "check_call", "c", "Call 10")]) is None
    True
    """
    word = " ".join(text.strip().lower().split())
    for c in offered:
        verb = c.action.partition(" ")[0]
        words = _WORDS[verb]
        if verb == "cc":  # "check" never calls a bet, "call" never checks
            words = tuple(w for w in words if w not in (
                ("call", "calls") if c.label == "Check" else ("check", "checks")))
        if word == c.action or word in words:
            return c
    return None
