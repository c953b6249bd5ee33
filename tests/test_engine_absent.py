"""Absent players (R23): the dead hand's bring-in, the ``absent`` attribute,
PHH round trips; and the ``dealer_left`` showdown order, which is rejected."""

from __future__ import annotations

import random

import pytest

from razzcore import Hand, Rules
from razzcore.errors import RulesError
from razzcore.histories.phh import HandHistory, dumps, loads

TDA_ABSENT = Rules(2, 5, 10, 20, profile="tda", deal_in_absent_players=True)


def test_absent_bring_in_stays_in_the_pot_when_everyone_folds() -> None:
    # Seat 1 (absent) has the Kd door: it posts the bring-in, its hand is
    # killed; the others fold to seat 0, who wins the antes and the dead bring-in.
    h = Hand(TDA_ABSENT, [100] * 4, deck="2c 2d 2h 2s 3c 3d 3h 4h 9c Kd 4s Qh",
             absent=[1], seed=0)
    h.act("f")
    h.act("f")
    assert h.payoffs == (11, -7, -2, -2)
    assert sum(h.payoffs) == 0


def test_absent_bring_in_heads_up_goes_to_the_one_player_left() -> None:
    h = Hand(TDA_ABSENT, [100, 100], deck="2c 2d 3c 3d Kd 4s", absent=[0], seed=0)
    assert h.is_over
    assert h.payoffs == (-7, 7)


def test_a_live_owner_still_gets_an_unmatched_wager_back() -> None:
    h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd")
    h.act("pb")
    h.act("f")
    assert h.payoffs == (2, -2)


@pytest.mark.parametrize("deal_in", [False, True])
def test_absent_attribute_lists_the_seats_given(deal_in: bool) -> None:
    rules = Rules(2, 5, 10, 20, profile="tda", deal_in_absent_players=deal_in)
    h = Hand(rules, [100] * 5, absent=[3, 1], seed=4)
    assert h.absent == (1, 3)
    assert Hand(rules, [100] * 3, seed=4).absent == ()
    assert h.copy().absent == (1, 3)


@pytest.mark.parametrize("deal_in", [False, True])
def test_hands_with_absent_players_round_trip_through_phh(deal_in: bool) -> None:
    rules = Rules(2, 5, 10, 20, profile="tda", deal_in_absent_players=deal_in)
    rng = random.Random(11)
    for i in range(200):
        n = rng.randint(3, 8)
        away = rng.sample(range(n), rng.randint(1, n - 2))
        h = Hand(rules, [rng.choice([15, 60, 200]) for _ in range(n)], absent=away, seed=i)
        while h.actor is not None:
            h.act(rng.choice(h.legal_actions()))
        hh = loads(dumps(HandHistory.from_hand(h)))
        replayed = hh.replay()
        assert replayed.payoffs == h.payoffs
        assert replayed.history == h.history
        assert replayed.absent == h.absent


def test_dealer_left_is_rejected_with_a_clear_error() -> None:
    with pytest.raises(RulesError, match=r"dealer_left.*deal_start_seat"):
        Rules(2, 5, 10, 20, showdown_order="dealer_left")
