"""What the PokerStars tests share: the data files, the error a text raises,
and engine-played hands as histories."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from engine_support import play_random

from razzcore import pokerstars
from razzcore.engine.hand import Hand
from razzcore.engine.rules import Rules
from razzcore.histories.phh import HandHistory
from razzcore.histories.pokerstars import PokerStarsError

DATA = Path(__file__).parent / "data" / "pokerstars"
EXAMPLE = (DATA / "example-razz.txt").read_text(encoding="utf-8")
LINE_KINDS = (DATA / "line-kinds.txt").read_text(encoding="utf-8")


def error_of(text: str) -> PokerStarsError:
    with pytest.raises(PokerStarsError) as info:
        pokerstars.loads(text)
    return info.value


def simulated(count: int, seed: int) -> list[HandHistory]:
    rng = random.Random(seed)
    out = []
    for i in range(count):
        n = rng.randint(2, 7)
        rules = Rules(*rng.choice([(10, 25, 50, 100), (2, 5, 10, 20), (0, 10, 20, 40)]),
                      profile="online")
        stacks = [rng.choice([0, 7, 30, 200, 1000, 5000]) if s else rng.randint(50, 3000)
                  for s in range(n)]
        if sum(1 for s in stacks if s) < 2:
            stacks[1] = 500
        hand = play_random(Hand(rules, stacks, seed=rng.random(), rake=rng.choice([0, 0, 3])),
                           rng)
        names = [f"pl {i} [{s}]" if s % 2 else f"P.{s}(x)" for s in range(n)]
        out.append(HandHistory.from_hand(hand, players=names))
    return out
