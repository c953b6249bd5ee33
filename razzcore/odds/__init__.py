"""The odds room: exact and Monte Carlo equity (:func:`equity`), hand ranges
(:class:`Range`) and their equity, and the chart of starting hands
(:func:`starting_hands`).

Imports run down: this room uses cards, the evaluator and the compiled core
only.

>>> from razzcore.odds import equity
>>> round(equity(["As 2d 3c", "Kh Qd Js"], trials=2000, seed=1).equity[0], 1)
0.9
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import attach

_HOMES = {
    "EquityResult": "hand_equity",
    "equity": "calculator",
    "estimate_work": "calculator",
    "Range": "ranges",
    "StartingHand": "chart",
    "StartingHands": "chart",
    "starting_hands": "chart",
}
__getattr__, __dir__ = attach(__name__, _HOMES, globals())

if TYPE_CHECKING:
    from .calculator import equity, estimate_work
    from .chart import StartingHand, StartingHands, starting_hands
    from .hand_equity import EquityResult
    from .ranges import Range

__all__ = [
    "EquityResult",
    "Range",
    "StartingHand",
    "StartingHands",
    "equity",
    "estimate_work",
    "starting_hands",
]
