"""What one seat may see of a hand (:class:`HandView`).

>>> from razzcore.engine.hand import Hand
>>> from razzcore.engine.rules import Rules
>>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd")
>>> h.view(1).history
('d dh p1 ????Kd', 'd dh p2 3c5cQd')
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .notation import format_entry  # noqa: F401  (its home before the PHH action codec)
from .pots import Pot

__all__ = ["HandView"]


@dataclass(frozen=True)
class HandView:
    """What one seat may see of a hand (see :meth:`Hand.view`).

    ``cards[s]`` lists seat ``s``'s cards in deal order with ``None`` for a card
    this seat may not see; ``history`` is the PHH history with such cards
    written ``??``.

    A view from :meth:`Hand.view` is made with ``seat``, ``actor`` and
    ``legal_actions`` only; every other field is built on its first read,
    from a copy of the hand's state taken with the view, so it holds the
    hand as it was then even when read after the hand moved on, and a view
    costs the same however long the hand is.  Equality, ``repr``, copies and
    pickles read every field.

    >>> from razzcore.engine.hand import Hand
    >>> from razzcore.engine.rules import Rules
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
    wagers: int = 0
    """Full wagers (completion, bet, raises) on the current street so far,
    as the engine counts them (a short all-in that is not a full wager,
    R15, does not count)."""

    def __getstate__(self) -> dict[str, Any]:
        """Every field's value, built first if not read yet (for pickle and copy).

        >>> import pickle
        >>> from razzcore.engine.hand import Hand
        >>> from razzcore.engine.rules import Rules
        >>> v = Hand(Rules(2, 5, 10, 20), [50, 50], seed=1).view(0)
        >>> pickle.loads(pickle.dumps(v)) == v
        True
        """
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def __str__(self) -> str:
        """Plain text of what this seat sees (others' hidden cards as ``??``)."""
        from ..show.table import hand_text

        return hand_text(self)

    def _repr_svg_(self) -> str:
        """Jupyter picture of what this seat sees (others' down cards as backs)."""
        from ..show.svg import hand

        return hand(self)
