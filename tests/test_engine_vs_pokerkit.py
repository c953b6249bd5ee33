"""Differential test against pokerkit's FixedLimitRazz (deep stacks, so none of
the documented all-in differences arise).

With razzcore's options set to pokerkit's behaviour where they differ
(position tiebreak, odd chip by position), both engines are dealt the same
cards and given the same random actions: at every decision they must agree on
the actor and on the legal actions, and at the end on every stack.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from razzcore.cards import format_card
from razzcore.engine.hand import Hand
from razzcore.engine.rules import Rules

pokerkit = pytest.importorskip("pokerkit")

RULES = Rules(
    2, 5, 10, 20, profile="tda",
    later_street_tiebreak="position", odd_chip_rule="position", short_all_in_rule="full_bet",
)


def _pk_state(players: int, stacks: list[int]) -> Any:
    a = pokerkit.Automation
    return pokerkit.FixedLimitRazz.create_state(
        (a.ANTE_POSTING, a.BET_COLLECTION, a.BLIND_OR_STRADDLE_POSTING, a.HAND_KILLING,
         a.HOLE_CARDS_SHOWING_OR_MUCKING, a.CHIPS_PUSHING, a.CHIPS_PULLING),
        True, 2, 5, 10, 20, stacks, players,
    )


def _deal(state: Any, hand: Hand, dealt: list[int], spare: list[int]) -> None:
    """Deal pokerkit the cards razzcore dealt (burns from unused cards)."""
    while True:
        if state.can_burn_card():
            state.burn_card(format_card(spare.pop()))
        elif state.can_deal_hole():
            seat = state.hole_dealee_index
            card = hand.hole_cards(seat)[dealt[seat]]
            dealt[seat] += 1
            state.deal_hole(format_card(card))
        else:
            return


def _pk_legal(state: Any) -> set[str]:
    out = set()
    if state.can_post_bring_in():
        out.add("pb")
    if state.can_fold():
        out.add("f")
    if state.can_check_or_call():
        out.add("cc")
    if state.can_complete_bet_or_raise_to():
        out.add(f"cbr {state.min_completion_betting_or_raising_to_amount}")
    return out


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_same_decisions_and_results_as_pokerkit(players: int) -> None:
    for seed in range(60):
        rng = random.Random(seed * 100 + players)
        stacks = [rng.randrange(400, 1000) for _ in range(players)]
        hand = Hand(RULES, stacks, seed=seed)
        state = _pk_state(players, stacks)
        spare = list(hand._deck[-8:])  # burns for pokerkit: cards razzcore never reaches
        dealt = [0] * players
        while hand.actor is not None:
            _deal(state, hand, dealt, spare)
            assert state.actor_index == hand.actor, (seed, hand.history)
            legal = hand.legal_actions()
            assert set(legal) == _pk_legal(state), (seed, hand.history)
            action = rng.choice(legal)
            hand.act(action)
            if action == "pb":
                state.post_bring_in()
            elif action == "f":
                state.fold()
            elif action == "cc":
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to(int(action.split()[1]))
        _deal(state, hand, dealt, spare)
        assert not state.status
        assert list(hand.stacks) == list(state.stacks), (seed, hand.history)
