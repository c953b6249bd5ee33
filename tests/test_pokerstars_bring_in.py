"""PokerStars hands whose text does not state the bring-in: its player
completed instead of posting it, or posted it short and all-in.  The amount
still decides what the engine allows (R7: a stack that does not exceed it
must post; R17: a completion needs an opponent able to put in more), so the
reader infers it, and every hand the engine played reads back."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pokerstars_oracle as oracle
import pytest
from engine_support import play_random

from razzcore import pokerstars
from razzcore.engine.hand import Hand
from razzcore.engine.rules import Rules
from razzcore.histories.phh import HandHistory

DATA = Path(__file__).parent / "data" / "pokerstars" / "unposted-bring-in.txt"
TEXT = DATA.read_text(encoding="utf-8")


def test_a_completion_instead_of_the_bring_in_reads_with_an_amount_the_hand_allows() -> None:
    hands = pokerstars.loads(TEXT)
    assert len(hands) == 3
    first, second, _ = hands
    # 1000/2000: Ann's 372 behind must exceed the bring-in for Carl's
    # completion to be answerable (R17): half the small bet (500) is not, a
    # third (333) is.
    assert "brings in" not in TEXT.split("\n\n\n")[0]
    assert first.bring_in == 333 and first.actions[2:4] == ["p1 cbr 1000", "p2 cc"]
    # 20c/40c: 7 up's all-in completion for 9c needs a bring-in below 9c.
    assert second.bring_in == 6
    for hh in hands:
        assert list(hh.replay().stacks) == hh.finishing_stacks


def test_a_short_bring_in_called_short_then_completed_tells_the_bring_in() -> None:
    third = pokerstars.loads(TEXT)[2]
    # "brings in for 20 and is all-in", "calls 83 and is all-in", then
    # "raises 700 to 1,000": the completion is by 700 over the bring-in 300.
    assert third.bring_in == 300
    assert list(third.replay().stacks) == third.finishing_stacks


def test_these_hands_read_as_the_oracle_reads_them() -> None:
    # half the small bet does not replay them: the reader tries the other
    # amounts, as the oracle does, with the same results
    assert pokerstars.loads(TEXT) == oracle.loads_report(TEXT).hands


def structures(rng: random.Random) -> Rules:
    small = rng.choice([20, 50, 100, 1000])
    bring_in = rng.choice([small // 5, small // 4, small // 3 + 1, small // 2, small - 1])
    return Rules(rng.choice([0, small // 10, small // 5]), max(bring_in, 1), small, 2 * small,
                 profile="online")


@pytest.mark.slow  # bulk: the same paths as the other tests, many times over
def test_engine_hands_of_any_structure_read_back() -> None:
    rng = random.Random(23)
    hands: list[HandHistory] = []
    while len(hands) < 600:
        rules = structures(rng)
        n = rng.randint(2, 8)
        stacks = [rng.choice([rules.ante + 1, rules.bring_in + rules.ante, rules.small_bet,
                              3 * rules.big_bet, 40 * rules.big_bet]) for _ in range(n)]
        hand = play_random(Hand(rules, stacks, seed=rng.random(), rake=rng.choice([0, 3])),
                           rng)
        if hand.community_card is not None:
            continue  # how PokerStars writes a community card is not known
        hh = HandHistory.from_hand(hand, players=[f"p {s} [x]" for s in range(n)])
        hh.user_fields["_pokerstars"] = {"unit": "chip"}
        hands.append(hh)
    text = pokerstars.dumps(hands)
    back = pokerstars.loads(text)  # none refused
    unposted = 0
    for mine, theirs, written in zip(hands, back, text.split("\n\n\n"), strict=True):
        assert theirs.actions == mine.actions
        assert theirs.finishing_stacks == mine.finishing_stacks
        assert list(theirs.replay().stacks) == mine.finishing_stacks
        if re.search(r"brings in for \S+$", written, re.M):
            assert theirs.bring_in == mine.bring_in
        else:  # no whole bring-in posted: the text does not say it
            unposted += 1
    assert unposted > 20
