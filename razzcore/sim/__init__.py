"""The simulation room: many hands between players — :func:`play` totals
them (a table of built-in players in C, the same hands as :func:`simulate`
for the same seed; any other player deciding in Python on a
:class:`~razzcore.HandView`), and :func:`simulate` gives the built-in
policies' payoffs of every hand as a numpy array, over threads or an
executor, with hands recorded as histories; a :class:`Session` plays hand
after hand with the stacks carried over, a seat left to a person.

Imports run down: this room uses the engine and the histories, never
presentation, environments or the command line.

>>> from razzcore.sim import simulate
>>> from razzcore import Rules
>>> simulate(Rules(2, 5, 10, 20), [400, 400], 100, seed=1).hands
100
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import attach

_HOMES = {
    "PlayResult": "playing",
    "play": "playing",
    "POLICIES": "simulation",
    "SimulationResult": "simulation",
    "simulate": "simulation",
    "Session": "session",
}
__getattr__, __dir__ = attach(__name__, _HOMES, globals())

if TYPE_CHECKING:
    from .playing import PlayResult, play
    from .session import Session
    from .simulation import POLICIES, SimulationResult, simulate

__all__ = ["POLICIES", "PlayResult", "Session", "SimulationResult", "play", "simulate"]
