"""The tracker room: each player's statistics over hand histories
(:func:`stats`: VPIP, completions, steals, the bring-in's folds, streets
seen, showdowns, aggression, net and big bets per 100 hands), a row per
player and unit of the amounts (chips, or a cash game's currency), and the
per-hand records that the result graphs draw.

Every hand is replayed on the engine and counted from what the engine did
(:mod:`.counting`); the results are a :class:`StatsTable` of
:class:`StatsRow` rows and :class:`HandRecord` records (:mod:`.table`);
:func:`stats` reads histories or files of them, in parts, on an executor if
given (:mod:`.reading`).

Imports run down: this room uses the histories and the engine, never
simulation, presentation, environments or the command line.

>>> from razzcore.tracker import COLUMNS
>>> COLUMNS[:5]
('player', 'unit', 'hands', 'net', 'big_bets_per_100')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import attach

_HOMES = {
    "COLUMNS": "table",
    "HandRecord": "table",
    "PlayerNotFoundError": "table",
    "Skipped": "table",
    "StatsRow": "table",
    "StatsTable": "table",
    "merge": "table",
    "stats": "reading",
}
__getattr__, __dir__ = attach(__name__, _HOMES, globals())

if TYPE_CHECKING:
    from .reading import stats
    from .table import (
        COLUMNS,
        HandRecord,
        PlayerNotFoundError,
        Skipped,
        StatsRow,
        StatsTable,
        merge,
    )

__all__ = ["COLUMNS", "HandRecord", "PlayerNotFoundError", "Skipped", "StatsRow", "StatsTable",
           "merge", "stats"]
