"""The C hand state machine (``src/razz_engine.h``) from Python: packing
rules and stacks as it takes them, starting one hand (:func:`engine_hand`,
stepped by action kind), reading its fields and legal actions.

>>> from razzcore.rules import Rules
>>> h = engine_hand(Rules(2, 5, 10, 20), [50, 50], list(range(52)))
>>> engine_legal_actions(h), engine_state(h)["street"]
(['pb', 'cbr 10'], 3)
>>> h.apply(ENGINE_POST), h.apply(ENGINE_FOLD), h.payoffs()
(0, 0, (-2, 2))
"""

from __future__ import annotations

import functools
import struct
from array import array
from collections.abc import Sequence
from typing import Any

from ._core import (
    ENGINE_CALL,
    ENGINE_FIELDS,
    ENGINE_FOLD,
    ENGINE_POST,
    ENGINE_RAISE,
    ENGINE_RULES_SIZE,
    EngineHand,
)
from .errors import RulesError, brief
from .rules import MAX_CHIPS, Rules

__all__ = [
    "ENGINE_CALL",
    "ENGINE_FOLD",
    "ENGINE_POST",
    "ENGINE_RAISE",
    "check_player_count",
    "engine_hand",
    "engine_legal_actions",
    "engine_state",
    "pack_rules",
    "pack_stacks",
]

# rz_rules: six int64 amounts, 21 int flags, suit_rank[4] (native layout).
_RULES_FORMAT = "@6q21i4B"
_ODD_CHIP = {"high_card_in_hand": 0, "low_card_all_cards": 1, "position": 2}


@functools.lru_cache(maxsize=256)
def pack_rules(rules: Rules) -> bytes:
    """``rules`` as the C engine's ``rz_rules`` struct (memoised).

    >>> len(pack_rules(Rules(2, 5, 10, 20))) == ENGINE_RULES_SIZE
    True
    """
    hu = rules.heads_up_max_bets
    rank = [0, 0, 0, 0]
    for i, suit in enumerate(rules.suit_order):
        rank["cdhs".index(suit)] = i
    packed = struct.pack(
        _RULES_FORMAT,
        rules.ante, rules.bring_in, rules.small_bet, rules.big_bet,
        min(rules.max_bets_per_round, 1 << 62), -1 if hu is None else min(hu, 1 << 62),
        rules.heads_up_uncapped, rules.bring_in_may_complete,
        rules.short_all_in_rule == "half_bet", rules.short_all_in_rule == "full_bet",
        rules.allow_open_fold, rules.allow_call_bring_in, rules.has_bring_in,
        rules.short_completion_measure == "completion_increment", rules.burn_cards,
        rules.seventh_street_shortage == "tda_rp10h", rules.all_in_bring_in == "forced_next",
        rules.showdown_order == "last_aggressor_else_first_actor",
        rules.later_street_tiebreak == "high_card_by_suit", _ODD_CHIP[rules.odd_chip_rule],
        rules.face_up_all_in, rules.bring_in_tiebreak == "suit",
        rules.first_actor_all_in == "next_best_board", rules.losers_may_muck,
        rules.reveal_all_at_showdown, rules.deal_start_seat - 1, rules.deal_in_absent_players,
        *rank,
    )
    packed += bytes(ENGINE_RULES_SIZE - len(packed))  # the struct's tail padding
    if len(packed) != ENGINE_RULES_SIZE:
        raise RuntimeError("razzcore.engine: rz_rules layout mismatch")
    return packed


def check_player_count(rules: Rules, stacks: Sequence[int]) -> None:
    """Refuse a table whose seats with chips fall outside the rules'
    ``min_players..max_players`` (R1) with a :class:`RulesError`.

    >>> check_player_count(Rules(2, 5, 10, 20, max_players=2), [50, 50, 50])
    Traceback (most recent call last):
    ...
    razzcore.errors.RulesError: stacks: at most 2 players may be dealt in (max_players), got 3
    """
    players = sum(1 for v in stacks if v)
    if players < rules.min_players:
        raise RulesError(f"stacks: at least {rules.min_players} seats with chips are needed, "
                         f"got {players}")
    if players > rules.max_players:
        raise RulesError(f"stacks: at most {rules.max_players} players may be dealt in "
                         f"(max_players), got {players}")


def pack_stacks(stacks: Sequence[int]) -> bytes:
    """2..8 stacks (ints in 0..MAX_CHIPS) as the C engine takes them.

    >>> len(pack_stacks([50, 50]))
    16
    """
    values = list(stacks)
    if not 2 <= len(values) <= 8:
        raise RulesError(f"a table has 2..8 seats, not {len(values)}")
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_CHIPS:
            raise RulesError(f"stacks must be ints in 0..MAX_CHIPS (2**53), not {brief(v)}")
    return array("q", values).tobytes()


def engine_hand(
    rules: Rules, stacks: Sequence[int], deck: Sequence[int], absent: Sequence[int] = (),
    rake: int = 0,
) -> EngineHand:
    """Start one C hand: ``deck`` is all 52 codes, top first; ``absent`` the
    seats sitting out (R23); ``rake`` the house's rake."""
    packed = pack_stacks(stacks)
    n = len(packed) // 8
    away = bytearray(n)
    for s in absent:
        if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < n:
            raise RulesError(f"absent seats must be seat indexes 0..{n - 1}, not {brief(s)}")
        away[s] = 1
    cards = list(deck)
    if len(cards) != 52:
        raise RulesError(f"the engine takes a whole deck of 52 cards, not {len(cards)}")
    if any(isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 52 for c in cards):
        raise RulesError(f"a deck holds card codes 0..51: {brief(cards)}")
    if isinstance(rake, bool) or not isinstance(rake, int) or not 0 <= rake <= MAX_CHIPS:
        raise RulesError(f"rake must be an int in 0..MAX_CHIPS (2**53), not {brief(rake)}")
    return EngineHand(pack_rules(rules), packed, bytes(cards), bytes(away), rake)


_FORMATS = {(1, False): "B", (1, True): "b", (2, False): "H", (2, True): "h",
            (4, False): "I", (4, True): "i", (8, False): "Q", (8, True): "q"}


def engine_state(hand: EngineHand) -> dict[str, Any]:
    """Every field of the C hand: ints, and lists for the arrays."""
    raw = hand.raw()
    out: dict[str, Any] = {}
    for name, offset, size, signed, count in ENGINE_FIELDS:
        fmt = "=" + _FORMATS[size, signed] * max(count, 1)
        values = list(struct.unpack_from(fmt, raw, offset))
        out[name] = values if count else values[0]
    return out


def engine_legal_actions(hand: EngineHand) -> list[str]:
    """The legal actions as PHH strings, in ``Hand.legal_actions`` order."""
    mask, cbr = hand.options()
    out = []
    if mask & 1:
        out.append("f")
    if mask & 2:
        out.append("pb")
    elif mask & 4:
        out.append("cc")
    if mask & 8:
        out.append(f"cbr {cbr}")
    return out
