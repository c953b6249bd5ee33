"""pytest-benchmark suite of the dealer and betting engine.

Run ``pytest benchmarks/bench_engine.py`` (add ``--benchmark-group-by=param``
to put razzcore and pokerkit side by side).  For the plain hands-per-second
ratio use ``python benchmarks/engine_vs_pokerkit.py``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from engine_vs_pokerkit import pokerkit_hand, razzcore_hand

from razzcore.engine.hand import Hand
from razzcore.engine.rules import Rules

RULES = Rules(2, 5, 10, 20)


@pytest.mark.parametrize("players", [2, 4, 8])
def test_razzcore_random_hand(benchmark: Any, players: int) -> None:
    """One full random hand (deal, bet, showdown) with razzcore."""
    rng = random.Random(players)
    benchmark(razzcore_hand, players, rng, RULES)


@pytest.mark.parametrize("players", [2, 4, 8])
def test_pokerkit_random_hand(benchmark: Any, players: int) -> None:
    """The same with pokerkit's FixedLimitRazz, for comparison."""
    pytest.importorskip("pokerkit")
    rng = random.Random(players)
    benchmark(pokerkit_hand, players, rng)


def test_razzcore_new_hand(benchmark: Any) -> None:
    """Antes, shuffle and 3rd-street deal for 8 players."""
    rng = random.Random(1)
    benchmark(lambda: Hand(RULES, [400] * 8, rng=rng))


def test_razzcore_copy_and_act(benchmark: Any) -> None:
    """A tree-search step: copy a 6-handed hand and apply one action."""
    hand = Hand(RULES, [400] * 6, seed=3)
    hand.act("pb")

    def step() -> None:
        hand.copy().act("cc")

    benchmark(step)
