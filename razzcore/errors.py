"""The exceptions razzcore raises.

Every error that bad input can cause is a :class:`RazzError`, which is a
:class:`ValueError`, so ``except ValueError`` keeps working for callers who do
not care about the finer types.

>>> import razzcore
>>> try:
...     razzcore.parse_card("Xx")
... except razzcore.RazzError as exc:
...     print(type(exc).__name__)
CardError
"""

from __future__ import annotations

__all__ = [
    "BatchError",
    "CardError",
    "EquityError",
    "IllegalActionError",
    "PHHError",
    "RazzError",
    "RulesError",
]


class RazzError(ValueError):
    """Base class of every error razzcore raises for bad input."""


class CardError(RazzError):
    """A card or a set of cards is malformed: bad text, a code outside 0..51,
    a duplicate card, or the wrong number of cards."""


class BatchError(CardError):
    """A row of a batch holds a bad card code or a duplicate card.

    ``row`` is the index of the first bad row, or ``None`` when the problem is
    the buffer itself (shape, dtype, strides, size).
    """

    def __init__(self, message: str, row: int | None = None) -> None:
        super().__init__(message)
        self.row = row


class RulesError(RazzError):
    """A rule set or a table set-up is invalid (amounts, options, stacks, deck)."""


class IllegalActionError(RazzError):
    """An action is not allowed at this moment of the hand; the hand is unchanged."""


class PHHError(RazzError):
    """A PHH hand history is malformed or cannot be replayed.

    ``field`` names the offending field and ``action_index`` the offending
    action (0-based) when known.
    """

    def __init__(
        self, message: str, *, field: str | None = None, action_index: int | None = None
    ) -> None:
        super().__init__(message)
        self.field = field
        self.action_index = action_index


class EquityError(RazzError):
    """An equity request is impossible or unreasonable (duplicate cards, too
    many cards, exact enumeration too large)."""
