"""What one seat may see of a hand, and PHH formatting of history entries.

>>> from razzcore.hand import Hand
>>> from razzcore.rules import Rules
>>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd")
>>> h.view(1).history
('d dh p1 ????Kd', 'd dh p2 3c5cQd')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import format_card
from .pots import Pot

__all__ = ["HandView", "format_entry"]


@dataclass(frozen=True)
class HandView:
    """What one seat may see of a hand (see :meth:`Hand.view`).

    ``cards[s]`` lists seat ``s``'s cards in deal order with ``None`` for a card
    this seat may not see; ``history`` is the PHH history with such cards
    written ``??``.

    >>> from razzcore.hand import Hand
    >>> from razzcore.rules import Rules
    >>> v = Hand(Rules(2, 5, 10, 20), [50, 50], seed=1).view(0)
    >>> v.cards[1][:2], len(v.cards[0])
    ((None, None), 3)
    """

    seat: int
    street: int
    actor: int | None
    legal_actions: tuple[str, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    pots: tuple[Pot, ...]
    boards: tuple[tuple[int, ...], ...]
    cards: tuple[tuple[int | None, ...], ...]
    folded: tuple[bool, ...]
    community_card: int | None
    history: tuple[str, ...]
    is_over: bool
    payoffs: tuple[int, ...] | None

    def __str__(self) -> str:
        """Plain text of what this seat sees (others' hidden cards as ``??``)."""
        from .display import hand_text

        return hand_text(self)

    def _repr_svg_(self) -> str:
        """Jupyter picture of what this seat sees (others' down cards as backs)."""
        from .svg import hand

        return hand(self)



def format_entry(
    e: tuple[Any, ...], viewer: int, exposed: Sequence[bool], up: Sequence[Sequence[int]]
) -> str:
    """One history entry in PHH notation as ``viewer`` may see it (``-1`` =
    everything): another seat's hidden down cards are written ``??``.

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
