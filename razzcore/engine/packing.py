"""The C hand state machine (``src/razz_engine.h``) from Python: packing
rules and stacks as it takes them, the player-count rule (R1) and reading a
hand's C fields by the struct's own field table.

>>> from razzcore.engine.hand import Hand
>>> from razzcore.engine.rules import Rules
>>> h = Hand(Rules(2, 5, 10, 20), [50, 50], seed=1)
>>> engine_state(h)["street"], len(pack_rules(h.rules)) == ENGINE_RULES_SIZE
(3, True)
"""

from __future__ import annotations

import functools
import operator
import struct
from array import array
from collections.abc import Sequence
from typing import Any, SupportsIndex

from .._core import (
    ENGINE_CALL,
    ENGINE_FIELDS,
    ENGINE_FOLD,
    ENGINE_POST,
    ENGINE_RAISE,
    ENGINE_RULES_SIZE,
    HandCore,
)
from ..errors import RulesError, as_int, brief
from .rules import MAX_CHIPS, Rules

__all__ = [
    "ENGINE_CALL",
    "ENGINE_FOLD",
    "ENGINE_POST",
    "ENGINE_RAISE",
    "check_player_count",
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
        raise RuntimeError("razzcore.engine.packing: rz_rules layout mismatch")
    return packed


def pack_rake(rake: Sequence[int]) -> bytes:
    """Each pot's rake (main pot first, 1 to 8 amounts) as the engine's
    ``int64_t[8]``; :class:`RulesError` names a bad amount.

    >>> len(pack_rake([10, 20]))
    64
    >>> pack_rake([])
    Traceback (most recent call last):
    ...
    razzcore.errors.RulesError: a rake per pot lists 1..8 amounts (main pot first), not 0
    """
    if not 1 <= len(rake) <= 8:
        raise RulesError(f"a rake per pot lists 1..8 amounts (main pot first), not {len(rake)}")
    amounts = []
    for v in rake:
        if isinstance(v, bool) or not isinstance(v, SupportsIndex):
            raise RulesError(f"rake: expected a non-negative int, not {brief(v)}")
        amount = operator.index(v)
        if not 0 <= amount <= MAX_CHIPS:
            raise RulesError(f"rake: an int in 0..MAX_CHIPS (2**53), not {brief(v)}")
        amounts.append(amount)
    if sum(amounts) > MAX_CHIPS:
        raise RulesError(f"the rake per pot adds up to {sum(amounts)}, more than MAX_CHIPS")
    return array("q", amounts + [0] * (8 - len(amounts))).tobytes()  # native int64_t


def check_player_count(rules: Rules, stacks: Sequence[int], name: str = "stacks") -> None:
    """Refuse a table whose seats with chips fall outside the rules'
    ``min_players..max_players`` (R1) with a :class:`RulesError` that
    starts with ``name`` (the argument refused; none if empty).

    >>> check_player_count(Rules(2, 5, 10, 20, max_players=2), [50, 50, 50])
    Traceback (most recent call last):
    ...
    razzcore.errors.RulesError: stacks: at most 2 players may be dealt in (max_players), got 3
    """
    players = sum(1 for v in stacks if v)
    where = f"{name}: " if name else ""
    if players < rules.min_players:
        raise RulesError(f"{where}at least {rules.min_players} seats with chips are needed, "
                         f"got {players}")
    if players > rules.max_players:
        # R1: max_players limits the players dealt in, not the seats.
        raise RulesError(f"{where}at most {rules.max_players} players may be dealt in "
                         f"(max_players), got {players}")


def pack_stacks(stacks: Sequence[int]) -> bytes:
    """2..8 stacks (ints in 0..MAX_CHIPS) as the C engine takes them.

    >>> len(pack_stacks([50, 50]))
    16
    """
    given = list(stacks)
    if not 2 <= len(given) <= 8:
        raise RulesError(f"a table has 2..8 seats, not {len(given)}")
    values = []
    for v in given:
        chips = as_int(v)
        if chips is None or not 0 <= chips <= MAX_CHIPS:
            raise RulesError(f"stacks must be ints in 0..MAX_CHIPS (2**53), not {brief(v)}")
        values.append(chips)
    return array("q", values).tobytes()


_FORMATS = {(1, False): "B", (1, True): "b", (2, False): "H", (2, True): "h",
            (4, False): "I", (4, True): "i", (8, False): "Q", (8, True): "q"}


def engine_state(hand: HandCore) -> dict[str, Any]:
    """Every field of a hand's C struct (``RZ_HAND_FIELDS``): ints, and lists
    for the arrays.

    >>> from razzcore.engine.hand import Hand
    >>> engine_state(Hand(Rules(2, 5, 10, 20), [50, 50], seed=1))["ncards"][:2]
    [3, 3]
    """
    raw = hand._raw()
    out: dict[str, Any] = {}
    for name, offset, size, signed, count in ENGINE_FIELDS:
        fmt = "=" + _FORMATS[size, signed] * max(count, 1)
        values = list(struct.unpack_from(fmt, raw, offset))
        out[name] = values if count else values[0]
    return out
