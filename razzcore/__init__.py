"""razzcore: exact, fast ace-to-five (Razz) evaluation and a faithful Razz engine.

>>> import razzcore
>>> razzcore.evaluate("As 2d 3c 4h 5s Kd Kh")
1
>>> razzcore.describe("7s 5d 4c 3h 2s")
'Seven-Five low, 7-5-4-3-2'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

try:
    from . import _core  # noqa: F401  (fail early, with the message below)
except ImportError as _exc:  # pragma: no cover - depends on how it was installed
    raise ImportError(
        f"razzcore's compiled core (razzcore._core) is not built in {__path__[0]}. "
        "This is usually a source checkout imported instead of the installed package: "
        "run Python from another folder (or with -P), or build in place with "
        "'pip install -e .'"
    ) from _exc

from .cards import (
    Deck,
    card,
    check_distinct,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)
from .equity import equity
from .errors import (
    BatchError,
    CardError,
    EquityError,
    IllegalActionError,
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
    kernel_info,
    rank_board,
    rank_histogram,
)
from .play import play
from .players import BasicRazzPlayer, Player, RandomPlayer
from .ranges import Range
from .starting_hands import starting_hands

__version__ = "0.1.0"

# The engine, the hand histories and the result records (dataclasses) load on
# first use (PEP 562), so that `import razzcore` for evaluation alone stays fast.
_LAZY = {
    "EquityResult": "_results",
    "PlayResult": "_results",
    "StartingHand": "_results",
    "StartingHands": "_results",
    "Rules": "rules",
    "PROFILES": "rules",
    "Hand": "hand",
    "HandView": "view",
    "Pot": "pots",
    "Award": "pots",
    "ShowdownEntry": "showdown",
    "HandHistory": "phh",
    "simulate": "simulation",
    "SimulationResult": "simulation",
}

_SUBMODULES = {"phh", "pokerstars"}  # hand-history modules, imported on first use

if TYPE_CHECKING:
    from . import phh, pokerstars
    from ._results import EquityResult, PlayResult, StartingHand, StartingHands
    from .hand import Hand
    from .phh import HandHistory
    from .pots import Award, Pot
    from .rules import PROFILES, Rules
    from .showdown import ShowdownEntry
    from .simulation import SimulationResult, simulate
    from .view import HandView


# Old names kept for one release: (module, name, what to use instead).
_DEPRECATED = {
    "Policy": ("players", "Player", "razzcore.Player"),
    "play_random": ("hand", "play_random", "razzcore.play"),
}


def __getattr__(name: str) -> Any:
    if name in _DEPRECATED:
        from ._deprecated import warn_deprecated

        home, attr, instead = _DEPRECATED[name]
        warn_deprecated(f"razzcore.{name}", instead)
        return getattr(importlib.import_module("." + home, __name__), attr)
    if name in _SUBMODULES:
        return importlib.import_module("." + name, __name__)
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'razzcore' has no attribute {name!r}")
    value = getattr(importlib.import_module("." + module, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY) | _SUBMODULES)


__all__ = [
    "NUM_CLASSES",
    "PROFILES",
    "Award",
    "BasicRazzPlayer",
    "BatchError",
    "CardError",
    "Deck",
    "EquityError",
    "EquityResult",
    "Hand",
    "HandHistory",
    "HandView",
    "IllegalActionError",
    "LowHand",
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
    "suit_of",
]
