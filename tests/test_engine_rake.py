"""The house rake: taken from the main pot first, then the side pots, or pot
by pot as given; never more than the pots hold; payoffs sum to minus the rake
taken."""

from __future__ import annotations

import pickle
import random

import pytest

from razzcore import Hand, Rules
from razzcore.errors import RulesError

RULES = Rules(2, 5, 10, 20)


def test_rake_from_a_pot_won_by_a_fold() -> None:
    h = Hand(RULES, [50, 50], deck="2c 3c 4c 5c Kd Qd", rake=3)
    assert h.rake == 3
    h.act("pb")
    h.act("f")  # the 5 bring-in comes back; the antes (4) are the pot
    assert h.rake == 3
    assert h.payoffs == (-1, -2)
    assert h.awards[0].amount == 1


def test_rake_never_exceeds_the_pots() -> None:
    h = Hand(RULES, [50, 50], deck="2c 3c 4c 5c Kd Qd", rake=100)
    assert h.rake == 100  # what it may take while running
    h.act("pb")
    h.act("f")
    assert h.rake == 4  # what it took
    assert h.payoffs == (-2, -2)
    assert h.awards == []


def test_rake_main_pot_first_then_side_pots() -> None:
    # Seat 0 is all-in for 20 in total; seats 1 and 2 build a side pot.
    rng = random.Random(5)
    for i in range(300):
        stacks = [rng.choice([8, 20, 40, 300]) for _ in range(4)]
        rake = rng.choice([0, 1, 3, 10, 50, 1000])
        h = Hand(RULES, stacks, seed=i, rake=rake)
        plain = Hand(RULES, stacks, seed=i)
        while h.actor is not None:
            a = rng.choice(h.legal_actions())
            h.act(a)
            plain.act(a)
        assert h.payoffs is not None and plain.payoffs is not None
        taken = h.rake
        assert sum(h.payoffs) == -taken
        pots = [p.amount for p in h.pots]  # after the hand: the pots as awarded
        total = sum(h.contributions)
        assert taken == min(rake, total)
        # What each pot lost: the main pot first, then the side pots in order.
        left = rake
        lost = []
        for amount in pots:
            take = min(amount, left)
            left -= take
            lost.append(take)
        by_pot = [0] * len(pots)
        for a in h.awards:
            by_pot[a.pot] += a.amount
        if len(pots) > 1 or plain.showdown:  # a showdown: pots awarded one by one
            assert by_pot == [p - t for p, t in zip(pots, lost, strict=True)]
        if rake == 0:
            assert h.payoffs == plain.payoffs


@pytest.mark.parametrize("bad", [-1, 1.5, "3", True, 2**60])
def test_bad_rake_is_a_rules_error(bad: object) -> None:
    with pytest.raises(RulesError, match="rake"):
        Hand(RULES, [50, 50], seed=1, rake=bad)  # type: ignore[arg-type]


def test_rake_survives_copy_and_pickle() -> None:
    h = Hand(RULES, [50, 50], seed=3, rake=2)
    for other in (h.copy(), pickle.loads(pickle.dumps(h))):
        while other.actor is not None:
            other.act(other.legal_actions()[0])
        assert other.payoffs is not None and sum(other.payoffs) == -2


def test_rake_pot_by_pot_takes_each_pots_own_share() -> None:
    rng = random.Random(11)
    checked = 0
    for i in range(300):
        stacks = [rng.choice([8, 20, 40, 300]) for _ in range(4)]
        split = [rng.choice([0, 1, 3, 10, 50]) for _ in range(rng.randint(1, 4))]
        h = Hand(RULES, stacks, seed=i, rake=split)
        while h.actor is not None:
            h.act(rng.choice(h.legal_actions()))
        assert h.payoffs is not None
        pots = [p.amount for p in h.pots]
        by_pot = [0] * len(pots)
        for a in h.awards:
            by_pot[a.pot] += a.amount
        wanted = (split + [0] * len(pots))[:len(pots)]
        lost = [min(amount, want) for amount, want in zip(pots, wanted, strict=True)]
        assert sum(h.payoffs) == -h.rake == -sum(lost)
        if len(pots) > 1:  # a showdown: each pot gives only its own share
            assert by_pot == [p - t for p, t in zip(pots, lost, strict=True)]
            checked += 1
    assert checked > 20


def test_rake_pot_by_pot_of_one_total_is_not_main_pot_first() -> None:
    # A main pot smaller than the rake: main pot first takes the rest from
    # the side pot; a rake given for the main pot alone does not.
    def play(rake: int | list[int]) -> Hand:
        h = Hand(RULES, [8, 300, 300], seed=4, rake=rake)
        while h.actor is not None:
            actions = h.legal_actions()
            h.act(next((a for a in actions if a.startswith("cbr")), actions[-1]))
        return h
    first, split = play(50), play([50])
    assert first.pots[0].amount < 50 < first.pots[1].amount
    assert first.rake == 50 and split.rake == first.pots[0].amount


@pytest.mark.parametrize("bad", [[], [1] * 9, [-1], [1.5], ["3"], [True], [2**53, 1]])
def test_bad_rake_per_pot_is_a_rules_error(bad: list[object]) -> None:
    with pytest.raises(RulesError, match="rake"):
        Hand(RULES, [50, 50], seed=1, rake=bad)  # type: ignore[arg-type]


def test_rake_per_pot_survives_copy_and_pickle() -> None:
    h = Hand(RULES, [8, 300, 300], seed=3, rake=(1, 7))
    assert h._setup()[1] == (1, 7)
    for other in (h.copy(), pickle.loads(pickle.dumps(h))):
        assert other._setup()[1] == (1, 7)
