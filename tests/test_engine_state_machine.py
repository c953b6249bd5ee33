"""Hypothesis stateful tests of the hand state machine over random tables.

Random structures, 2-8 seats, random stacks (tiny ones included), every
profile and many option overrides.  Checked while playing: chips are
conserved, no stack goes negative, hands end within a bound, every legal
action is accepted (on a copy, leaving the original unchanged), anything else
is rejected with the state unchanged, and ``view(seat)`` never shows another
seat's hidden cards.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, assume, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from razzcore.cards import format_card
from razzcore.engine.hand import Hand
from razzcore.engine.rules import Rules
from razzcore.errors import IllegalActionError


@st.composite
def tables(draw: st.DrawFn) -> tuple[Rules, list[int], int, bool, set[int]]:
    small = draw(st.integers(2, 20))
    big = draw(st.integers(small, 2 * small))
    bring_in = draw(st.integers(0, small - 1))
    ante = draw(st.integers(0, small))
    options: dict[str, Any] = {}
    profile = draw(st.sampled_from(["online", "tda", "roberts"]))
    if draw(st.booleans()):
        options["burn_cards"] = draw(st.booleans())
    for name, values in [
        ("bring_in_mode", ["standard", "none"]),
        ("short_all_in_rule", ["half_bet", "full_bet"]),
        ("short_completion_measure", ["total", "completion_increment"]),
        ("first_actor_all_in", ["skip_clockwise", "next_best_board"]),
        ("odd_chip_rule", ["high_card_in_hand", "low_card_all_cards", "position"]),
        ("showdown_order", ["deal_start_seat", "last_aggressor_else_first_actor"]),
        ("all_in_bring_in", ["forced_next", "open_left_optional"]),
        ("later_street_tiebreak", ["high_card_by_suit", "position"]),
        ("bring_in_tiebreak", ["suit", "position"]),
        ("allow_open_fold", [False, True]),
        ("allow_call_bring_in", [True, False]),
        ("bring_in_may_complete", [True, False]),
        ("losers_may_muck", [True, False]),
        ("reveal_all_at_showdown", [False, True]),
        ("heads_up_uncapped", [False, True]),
        ("max_bets_per_round", [4, 1, 2, 5]),
        ("heads_up_max_bets", [None, 5, 2]),
        ("deal_in_absent_players", [False, True]),
    ]:
        if draw(st.integers(0, 3)) == 0:
            options[name] = draw(st.sampled_from(values))
    if ante == 0 and (bring_in == 0 or options.get("bring_in_mode") == "none"):
        ante = 1  # R2: some forced money (without a bring-in, the ante)
    n = draw(st.integers(2, 8))
    stack = st.one_of(st.integers(0, 12), st.integers(13, 400))
    stacks = draw(st.lists(stack, min_size=n, max_size=n))
    assume(sum(1 for s in stacks if s > 0) >= 2)
    options["deal_start_seat"] = draw(st.integers(1, n))
    rules = Rules(ante, bring_in, small, big, profile=profile, **options)
    absent = draw(st.sets(st.integers(0, n - 1), max_size=2))
    live = [s for s, v in enumerate(stacks) if v > 0]
    present = [s for s in live if s not in absent]
    assume(len(present) >= (1 if rules.deal_in_absent_players else 2))
    return rules, stacks, draw(st.integers(0, 2**32)), draw(st.booleans()), absent


def snapshot(h: Hand) -> tuple[Any, ...]:
    return (
        h.stacks, h.bets, h.contributions, h.actor, h.street, tuple(h.history),
        tuple(h.legal_actions()), h.is_over, tuple(h.pots), h.payoffs, h.community_card,
    )


JUNK = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["cbr", "cc", "f", "pb", "sm", "sm -", "x", "cbr -5", "cbr 1.5", "p9 cc"]),
    st.integers(0, 2000).map(lambda k: f"cbr {k}"),
)


class EngineMachine(RuleBasedStateMachine):
    hand: Hand

    @initialize(table=tables())
    def setup(self, table: tuple[Rules, list[int], int, bool, set[int]]) -> None:
        rules, stacks, seed, manual, absent = table
        self.rules = rules
        self.total = sum(stacks)
        self.steps = 0
        self.hand = Hand(rules, stacks, seed=seed, manual_showdown=manual, absent=absent)
        n = len(stacks)
        raises = 2 * max(stacks) // rules.small_bet
        self.bound = 5 * (n * (rules.max_bets_per_round + 3) + raises + 2) + 2 * n + 2

    @precondition(lambda self: self.hand.actor is not None)
    @rule(data=st.data())
    def play_legal(self, data: st.DataObject) -> None:
        h = self.hand
        legal = h.legal_actions()
        assert legal, "the actor must have a legal action"
        before = snapshot(h)
        for action in legal:
            h.copy().act(action)
        assert snapshot(h) == before, "acting on a copy changed the original"
        h.act(data.draw(st.sampled_from(legal)))
        self.steps += 1

    @rule(junk=JUNK)
    def reject_junk(self, junk: str) -> None:
        h = self.hand
        legal = h.legal_actions()
        words = junk.split("#", 1)[0].split()
        if h.actor is not None and words and words[0] == f"p{h.actor + 1}":
            words = words[1:]
        text = " ".join(words)
        if text in legal or (text in ("cbr", "sm -") and legal):
            return
        if text.startswith("cbr ") and any(a.startswith("cbr") for a in legal):
            return  # an explicit raise to an opponent's all-in total may be accepted
        if text.startswith("sm") and legal and legal[0].startswith("sm"):
            return  # partial shows are accepted at a manual showdown (replay)
        before = snapshot(h)
        with pytest.raises(IllegalActionError):
            h.act(junk)
        assert snapshot(h) == before

    @precondition(lambda self: self.hand.actor is not None)
    @rule(data=st.data())
    def reject_out_of_turn(self, data: st.DataObject) -> None:
        h = self.hand
        legal = h.legal_actions()
        if legal[0].startswith("sm"):
            return
        others = [s for s in range(len(h.stacks)) if s != h.actor]
        seat = data.draw(st.sampled_from(others))
        before = snapshot(h)
        with pytest.raises(IllegalActionError):
            h.act(f"p{seat + 1} {legal[0]}")
        assert snapshot(h) == before

    @invariant()
    def chips_conserved(self) -> None:
        h = self.hand
        assert all(s >= 0 for s in h.stacks)
        in_play = 0 if h.is_over else sum(h.contributions)
        assert sum(h.stacks) + in_play == self.total
        assert sum(p.amount for p in h.pots) + (0 if h.is_over else sum(h.bets)) == sum(
            h.contributions
        )
        if h.is_over:
            assert h.payoffs is not None and sum(h.payoffs) == 0
            assert h.actor is None and h.legal_actions() == []

    @invariant()
    def bounded(self) -> None:
        assert self.steps <= self.bound

    @invariant()
    def views_hide_down_cards(self) -> None:
        h = self.hand
        n = len(h.stacks)
        shown = {e.seat for e in h.showdown if e.shown}
        legal = h.legal_actions()
        betting_over = h.actor is None or (bool(legal) and legal[0].startswith("sm"))
        all_in = any(h.dealt_in[s] and not h.folded[s] and h.stacks[s] == 0 for s in range(n))
        for seat in range(n):
            v = h.view(seat)
            assert v.cards[seat] == h.hole_cards(seat)
            for q in range(n):
                if q == seat:
                    continue
                tabled = q in shown or any(a.startswith(f"p{q + 1} sm ") for a in h.history)
                face_up = (
                    h.rules.face_up_all_in and betting_over and all_in and not h.folded[q]
                )
                board = h.board(q)
                for i, c in enumerate(h.hole_cards(q)):
                    if c in board:
                        assert v.cards[q][i] == c
                    elif v.cards[q][i] is not None:
                        assert tabled or face_up, f"seat {seat} sees a hidden card of {q}"
                if not (tabled or face_up):
                    hidden = [format_card(c) for c in h.hole_cards(q) if c not in board]
                    for line in v.history:
                        if line.startswith(f"d dh p{q + 1} "):
                            assert not any(t in line for t in hidden)


EngineMachine.TestCase.settings = settings(
    # twice the profile's count: 200 by default, fewer under the sanitizers'
    # profile (tools/sanitize.sh), where each step costs ten times more
    max_examples=2 * settings.default.max_examples,
    stateful_step_count=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestEngineMachine = EngineMachine.TestCase


@pytest.mark.parametrize("n", [2, 5, 8])
def test_random_hands_conserve_chips(n: int) -> None:
    import random

    from engine_support import play_random

    for seed in range(150):
        rng = random.Random(seed * 10 + n)
        profile = rng.choice(["online", "tda", "roberts"])
        stacks = [rng.choice([0, 1, 2, 3, 6, 11, 25, 80, 300]) for _ in range(n)]
        if sum(1 for s in stacks if s) < 2:
            continue
        h = play_random(Hand(Rules(2, 5, 10, 20, profile=profile), stacks, rng=rng), rng)
        assert h.is_over and sum(h.stacks) == sum(stacks)
        assert sum(a.amount for a in h.awards) == sum(h.contributions)
