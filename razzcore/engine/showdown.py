"""What each seat did at the showdown (R20), as a hand reports it.

The engine decides the showing order, who shows and who may muck
(``src/razz_engine.h``); :attr:`razzcore.engine.hand.Hand.showdown` reads it into
these records.

>>> ShowdownEntry(0, True, (3, 5), 1).shown
True
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["ShowdownEntry"]


class ShowdownEntry(NamedTuple):
    """What one seat did at the showdown, in showing order.

    ``shown`` is False for a muck (then ``cards`` is empty and ``rank`` None);
    ``rank`` is the evaluator's rank of the best five (lower is better).

    >>> ShowdownEntry(0, True, (3, 5), 1).shown
    True
    """

    seat: int
    shown: bool
    cards: tuple[int, ...]
    rank: int | None
