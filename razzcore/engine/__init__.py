"""The engine room: the rules of Razz (R1-R24, three profiles), the hand state
machine (:class:`Hand`, over the compiled ``src/razz_engine.h``), what a seat
sees (:class:`HandView`), the action notation and the players.

Imports run down: this room uses cards, the evaluator and the compiled core,
never the histories, the simulation, presentation, environments or the command line.

>>> from razzcore.engine import Hand, Rules
>>> Hand(Rules(2, 5, 10, 20), [50, 50], seed=1).legal_actions()
['pb', 'cbr 10']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import attach

_HOMES = {
    "MAX_CHIPS": "rules",
    "PROFILES": "rules",
    "Rules": "rules",
    "Hand": "hand",
    "HandView": "view",
    "Award": "pots",
    "Pot": "pots",
    "ShowdownEntry": "showdown",
    "PLAYER_TYPES": "players",
    "BasicRazzPlayer": "players",
    "CalldownPlayer": "players",
    "Player": "players",
    "RandomPlayer": "players",
    "make_player": "players",
    "Action": "notation",
    "parse_action": "notation",
}
__getattr__, __dir__ = attach(__name__, _HOMES, globals())

if TYPE_CHECKING:
    from .hand import Hand
    from .notation import Action, parse_action
    from .players import (
        PLAYER_TYPES,
        BasicRazzPlayer,
        CalldownPlayer,
        Player,
        RandomPlayer,
        make_player,
    )
    from .pots import Award, Pot
    from .rules import MAX_CHIPS, PROFILES, Rules
    from .showdown import ShowdownEntry
    from .view import HandView

__all__ = [
    "MAX_CHIPS",
    "PLAYER_TYPES",
    "PROFILES",
    "Action",
    "Award",
    "BasicRazzPlayer",
    "CalldownPlayer",
    "Hand",
    "HandView",
    "Player",
    "Pot",
    "RandomPlayer",
    "Rules",
    "ShowdownEntry",
    "make_player",
    "parse_action",
]
