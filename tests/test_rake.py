"""The house's rake: ``Hand(rake=...)`` takes it from the main pot first,
then each side pot in order, never more than the pots hold; PHH keeps it in
``_razzcore_rake``."""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from engine_support import play_random

from razzcore import PHHError, RulesError, phh
from razzcore.engine.hand import Hand
from razzcore.engine.rules import Rules

RULES = Rules(10, 25, 50, 100, profile="online")


def pot_totals(hand: Hand) -> dict[int, int]:
    out: dict[int, int] = {}
    for award in hand.awards:
        out[award.pot] = out.get(award.pot, 0) + award.amount
    return out


def play(seed: int, rake: int, stacks: list[int]) -> Hand:
    return play_random(Hand(RULES, stacks, seed=seed, rake=rake), random.Random(seed))


def test_uncontested_pot_pays_the_rake() -> None:
    h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd", rake=3)
    h.act("pb")
    h.act("f")
    assert h.stacks == (49, 48) and h.payoffs == (-1, -2) and h.rake == 3  # pot 4 - 3


@pytest.mark.parametrize("rake", [0, 1, 7, 30, 95, 100, 141, 10_000])
def test_main_pot_first_then_side_pots(rake: int) -> None:
    # Seat 0 is all-in for less: a main pot and a side pot.
    for seed in range(60):
        plain = play(seed, 0, [60, 400, 400])
        raked = play(seed, rake, [60, 400, 400])
        assert raked.history == plain.history
        pots = pot_totals(plain)
        left = rake
        want = {}
        for i in sorted(pots):
            take = min(left, pots[i])
            left -= take
            want[i] = pots[i] - take
        got = pot_totals(raked)
        assert {i: got.get(i, 0) for i in want} == want
        taken = min(rake, sum(pots.values()))
        assert sum(raked.payoffs or ()) == -taken
        winners = {(a.pot, a.seat) for a in plain.awards if a.amount}
        assert {(a.pot, a.seat) for a in raked.awards if a.amount} <= winners


def test_payoffs_sum_to_minus_the_rake_in_random_hands() -> None:
    rng = random.Random(5)
    for seed in range(300):
        stacks = [rng.choice([0, 20, 60, 300, 1000]) for _ in range(rng.randint(2, 8))]
        stacks[0] = stacks[1] = 500
        rake = rng.choice([0, 1, 5, 50])
        hand = play(seed, rake, stacks)
        pot = sum(hand.starting_stacks) - sum(hand.stacks) + sum(a.amount for a in hand.awards)
        assert sum(hand.payoffs or ()) == -min(rake, pot)


@pytest.mark.parametrize("bad", [-1, 1.5, True, "3", None, 2**60])
def test_bad_rake_is_a_rules_error(bad: object) -> None:
    with pytest.raises(RulesError, match="rake"):
        Hand(RULES, [100, 100], seed=1, rake=bad)  # type: ignore[arg-type]


def test_copies_and_pickles_keep_the_rake() -> None:
    hand = Hand(RULES, [100, 100], seed=1, rake=4)
    assert hand.copy().rake == copy.deepcopy(hand).rake == pickle.loads(pickle.dumps(hand)).rake
    assert Hand(RULES, [100, 100], seed=1).rake == 0


def test_phh_keeps_the_rake() -> None:
    hand = play(3, 7, [500, 500, 500])
    hh = phh.HandHistory.from_hand(hand)
    assert hh.user_fields["_razzcore_rake"] == 7 and hh.rake == 7
    back = phh.loads(phh.dumps(hh))
    assert back.rake == 7 and back.verify().stacks == hand.stacks
    assert "_razzcore_rake" not in phh.HandHistory.from_hand(play(3, 0, [500, 500])).user_fields
    back.user_fields["_razzcore_rake"] = -2
    with pytest.raises(PHHError, match="_razzcore_rake"):
        back.replay()


def test_phh_keeps_a_rake_given_pot_by_pot() -> None:
    hand = play_random(Hand(RULES, [60, 500, 500], seed=4, rake=[5, 20]), random.Random(4))
    hh = phh.HandHistory.from_hand(hand)
    assert hh.user_fields["_razzcore_rake_pots"] == [5, 20] and hh.rake_pots == [5, 20]
    back = phh.loads(phh.dumps(hh))
    assert back.rake_pots == [5, 20] and back.verify().stacks == hand.stacks
    assert back.replay()._setup()[1] == (5, 20)
    plain = phh.HandHistory.from_hand(play(3, 7, [500, 500]))
    assert "_razzcore_rake_pots" not in plain.user_fields


@pytest.mark.parametrize(
    ("value", "reason"),
    [([], "1 to 8"), ([1] * 9, "1 to 8"), ([-1, 26], "1 to 8"), ("5", "1 to 8"),
     ([1.5], "1 to 8"), ([5, 10], "adds up to 15, less than the rake taken")],
)
def test_a_bad_rake_per_pot_field_is_named(value: object, reason: str) -> None:
    hh = phh.HandHistory.from_hand(play(3, 25, [500, 500]))
    hh.user_fields["_razzcore_rake_pots"] = value
    with pytest.raises(PHHError, match="_razzcore_rake_pots") as info:
        hh.replay()
    assert reason in str(info.value)
