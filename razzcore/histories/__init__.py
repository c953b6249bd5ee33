"""The histories room: hand histories in the PHH format (:mod:`.phh`, the
:class:`HandHistory` record) and PokerStars text (:mod:`.pokerstars`), each
read and written in its own module, replayed on the engine by one path
(:mod:`.replay`), the readable text of a hand (:mod:`.text`) and how its
amounts are written (:mod:`.money`).

Imports run down: this room uses the engine, cards and the evaluator, never
presentation, environments or the command line.

>>> from razzcore.histories import phh, pokerstars
>>> phh.VARIANT
'FR'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import attach

_HOMES = {
    "HandHistory": "phh",
}
_MODULES = {"money": "money", "phh": "phh", "pokerstars": "pokerstars", "replay": "replay",
            "text": "text"}
__getattr__, __dir__ = attach(__name__, _HOMES, globals(), _MODULES)

if TYPE_CHECKING:
    from . import money, phh, pokerstars, replay, text
    from .phh import HandHistory

__all__ = ["HandHistory", "money", "phh", "pokerstars", "replay", "text"]
