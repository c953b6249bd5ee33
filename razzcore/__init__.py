"""razzcore: exact, fast ace-to-five (Razz) evaluation and a faithful Razz engine.

>>> import razzcore
>>> razzcore.evaluate("As 2d 3c 4h 5s Kd Kh")
1
>>> razzcore.describe("7s 5d 4c 3h 2s")
'Seven-Five low, 7-5-4-3-2'
"""

from __future__ import annotations

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
from .equity import EquityResult, equity
from .errors import (
    BatchError,
    CardError,
    EquityError,
    IllegalActionError,
    PHHError,
    RazzError,
    RulesError,
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
    rank_board,
    rank_histogram,
)
from .play import PlayResult, play
from .players import BasicRazzPlayer, Player, Policy, RandomPlayer

__version__ = "0.1.0"

__all__ = [
    "NUM_CLASSES",
    "BasicRazzPlayer",
    "BatchError",
    "CardError",
    "Deck",
    "EquityError",
    "EquityResult",
    "IllegalActionError",
    "LowHand",
    "PHHError",
    "PlayResult",
    "Player",
    "Policy",
    "RandomPlayer",
    "RazzError",
    "RulesError",
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
    "parse_card",
    "parse_cards",
    "play",
    "rank_board",
    "rank_histogram",
    "rank_of",
    "suit_of",
]
