"""razzcore: exact, fast ace-to-five (Razz) evaluation and a faithful Razz engine.

>>> import razzcore
>>> razzcore.evaluate("As 2d 3c 4h 5s Kd Kh")
1
>>> razzcore.describe("7s 5d 4c 3h 2s")
'Seven-Five low, 7-5-4-3-2'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

try:
    from . import _core  # noqa: F401  (fail early, with the message below)
except ImportError as _exc:  # pragma: no cover - depends on how it was installed
    raise ImportError(
        f"razzcore's compiled core (razzcore._core) is not built in {__path__[0]}. "
        "This is usually a source checkout imported instead of the installed package: "
        "run Python from another folder (or with -P), or build in place with "
        "'pip install -e .'"
    ) from _exc

from ._lazy import attach
from .cards import (
    card,
    check_distinct,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)
from .dealing import Deck
from .errors import (
    BatchError,
    CardError,
    EquityError,
    IllegalActionError,
    MissingDependencyError,
    PHHError,
    RazzError,
    RulesError,
    SeatError,
)
from .evaluator import (
    NUM_CLASSES,
    LowHand,
    best_five,
    board_order,
    bring_in_order,
    cards_to_mask,
    describe,
    evaluate,
    evaluate_batch,
    evaluate_mask,
    evaluate_omaha,
    evaluate_omaha_batch,
    kernel_info,
    rank_board,
    rank_histogram,
)

__version__ = "0.1.0"
"""The version of razzcore (PEP 440); pyproject.toml reads it from here."""

# Everything above cards and the evaluator loads on first use (PEP 562), so
# that `import razzcore` for evaluation alone stays fast.
_LAZY = {
    "equity": "odds.calculator",
    "EquityResult": "odds.hand_equity",
    "Range": "odds.ranges",
    "starting_hands": "odds.chart",
    "StartingHand": "odds.chart",
    "StartingHands": "odds.chart",
    "play": "sim.playing",
    "PlayResult": "sim.playing",
    "Player": "engine.players",
    "RandomPlayer": "engine.players",
    "BasicRazzPlayer": "engine.players",
    "CalldownPlayer": "engine.players",
    "Rules": "engine.rules",
    "PROFILES": "engine.rules",
    "Hand": "engine.hand",
    "HandView": "engine.view",
    "Pot": "engine.pots",
    "Award": "engine.pots",
    "ShowdownEntry": "engine.showdown",
    "HandHistory": "histories.phh",
    "simulate": "sim.simulation",
    "SimulationResult": "sim.simulation",
    "stats": "tracker.reading",
    "StatsTable": "tracker.table",
}
# The rooms, and the hand-history formats, handed out as modules.
_MODULES = {
    "engine": "engine",
    "odds": "odds",
    "histories": "histories",
    "sim": "sim",
    "tracker": "tracker",
    "show": "show",
    "envs": "envs",
    "cli": "cli",
    "phh": "histories.phh",
    "pokerstars": "histories.pokerstars",
}
__getattr__, __dir__ = attach(__name__, _LAZY, globals(), _MODULES)

if TYPE_CHECKING:
    from .engine.hand import Hand
    from .engine.players import BasicRazzPlayer, CalldownPlayer, Player, RandomPlayer
    from .engine.pots import Award, Pot
    from .engine.rules import PROFILES, Rules
    from .engine.showdown import ShowdownEntry
    from .engine.view import HandView
    from .histories import phh, pokerstars
    from .histories.phh import HandHistory
    from .odds.calculator import equity
    from .odds.chart import StartingHand, StartingHands, starting_hands
    from .odds.hand_equity import EquityResult
    from .odds.ranges import Range
    from .sim.playing import PlayResult, play
    from .sim.simulation import SimulationResult, simulate
    from .tracker.reading import stats
    from .tracker.table import StatsTable



__all__ = [
    "NUM_CLASSES",
    "PROFILES",
    "Award",
    "BasicRazzPlayer",
    "BatchError",
    "CalldownPlayer",
    "CardError",
    "Deck",
    "EquityError",
    "EquityResult",
    "Hand",
    "HandHistory",
    "HandView",
    "IllegalActionError",
    "LowHand",
    "MissingDependencyError",
    "PHHError",
    "PlayResult",
    "Player",
    "Pot",
    "RandomPlayer",
    "Range",
    "RazzError",
    "Rules",
    "RulesError",
    "SeatError",
    "ShowdownEntry",
    "SimulationResult",
    "StartingHand",
    "StartingHands",
    "StatsTable",
    "__version__",
    "best_five",
    "board_order",
    "bring_in_order",
    "card",
    "cards_to_mask",
    "check_distinct",
    "describe",
    "equity",
    "evaluate",
    "evaluate_batch",
    "evaluate_mask",
    "evaluate_omaha",
    "evaluate_omaha_batch",
    "format_card",
    "format_cards",
    "kernel_info",
    "parse_card",
    "parse_cards",
    "phh",
    "play",
    "pokerstars",
    "rank_board",
    "rank_histogram",
    "rank_of",
    "simulate",
    "starting_hands",
    "stats",
    "suit_of",
]
