"""The C hand state machine (src/razz_engine.h, stepped through
razzcore._core.EngineHand) against razzcore.hand.Hand: the same legal
actions, turn, chips, cards and payoffs after every action, over random
rule sets, stacks, absent players and decks."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from razzcore import Hand, Rules
from razzcore._core import EngineHand
from razzcore.engine import (
    ENGINE_CALL,
    ENGINE_FOLD,
    ENGINE_POST,
    ENGINE_RAISE,
    engine_hand,
    engine_legal_actions,
    engine_state,
    pack_rules,
    pack_stacks,
)
from razzcore.errors import IllegalActionError, RulesError
from razzcore.rules import OPTION_CHOICES, PROFILES

HANDS = int(os.environ.get("RAZZ_ENGINE_DIFF_HANDS", "4000"))
KIND = {"f": ENGINE_FOLD, "pb": ENGINE_POST, "cc": ENGINE_CALL}
BOOLS = ("burn_cards", "heads_up_uncapped", "face_up_all_in", "bring_in_may_complete",
         "allow_call_bring_in", "allow_open_fold", "losers_may_muck", "reveal_all_at_showdown")


def _rules(rng: random.Random) -> Rules | None:
    opts: dict[str, Any] = {}
    for name, choices in OPTION_CHOICES.items():
        if rng.random() < 0.3:
            opts[name] = rng.choice(choices)
    for name in BOOLS:
        if rng.random() < 0.2:
            opts[name] = rng.random() < 0.5
    if rng.random() < 0.2:
        opts["max_bets_per_round"] = rng.randint(1, 5)
    if rng.random() < 0.2:
        opts["heads_up_max_bets"] = rng.randint(1, 5)
    if rng.random() < 0.2:
        opts["suit_order"] = tuple(rng.sample("cdhs", 4))
    if rng.random() < 0.2:
        opts["deal_start_seat"] = rng.randint(1, 2)
    if rng.random() < 0.3:
        opts["deal_in_absent_players"] = True
    small = rng.choice([10, 4])
    try:
        return Rules(rng.choice([0, 1, 2, 5]), rng.choice([0, small // 2, 1, small - 1]), small,
                     2 * small, profile=rng.choice(list(PROFILES)), **opts)
    except RulesError:
        return None


def _observe_hand(h: Hand) -> tuple[Any, ...]:
    n = len(h.starting_stacks)
    return (
        h.actor, h.legal_actions(), h.street, h.stacks, h.bets, h.contributions, h.folded,
        tuple(h.board(s) for s in range(n)), tuple(h.hole_cards(s) for s in range(n)),
        h.community_card, h.is_over,
    )


def _observe_engine(e: EngineHand, n: int) -> tuple[Any, ...]:
    st: dict[str, Any] = engine_state(e)
    return (
        e.actor, engine_legal_actions(e), st["street"], tuple(st["stacks"][:n]),
        tuple(st["bets"][:n]), tuple(st["contrib"][:n]),
        tuple(bool(st["dealt"][s] and not st["live"][s]) for s in range(n)),
        tuple(tuple(st["up"][4 * s: 4 * s + st["nup"][s]]) for s in range(n)),
        tuple(tuple(st["cards"][7 * s: 7 * s + st["ncards"][s]]) for s in range(n)),
        None if st["community"] < 0 else st["community"], st["phase"] == 4,
    )


@pytest.mark.parametrize("block", range(4))
def test_engine_matches_hand_after_every_action(block: int) -> None:
    rng = random.Random(1000 + block)
    played = 0
    while played < HANDS // 4:
        rules = _rules(rng)
        if rules is None:
            continue
        n = rng.randint(2, 8)
        stacks = [rng.choice([0, 1, 3, 7, 15, 30, 60, 200, 1000]) for _ in range(n)]
        if sum(1 for v in stacks if v) < 2:
            stacks[0] = stacks[1] = 100
        away = rng.sample(range(n), rng.randint(1, n - 1)) if rng.random() < 0.2 else []
        deck = list(range(52))
        rng.shuffle(deck)
        rake = rng.choice([0, 0, 1, 5, 1000])
        try:
            hand = Hand(rules, stacks, deck=deck, absent=away, rake=rake)
        except RulesError:
            continue
        engine = engine_hand(rules, stacks, deck, absent=away, rake=rake)
        played += 1
        history = []
        while True:
            assert _observe_engine(engine, n) == _observe_hand(hand), (rules, stacks, history)
            if hand.actor is None:
                break
            action = rng.choice(hand.legal_actions())
            history.append(action)
            hand.act(action)
            kind = ENGINE_RAISE if action.startswith("cbr") else KIND[action]
            assert engine.apply(kind) == 0
        assert engine.payoffs() == hand.payoffs
        st = engine_state(engine)
        assert st["raked"] == hand.rake
        won = [0] * n
        for award in hand.awards:
            won[award.seat] += award.amount
        assert st["won"][:n] == won
        exposed = [bool(x) for x in st["exposed"][:n]]
        for s in range(n):
            if hand.dealt_in[s]:  # a seat's cards are all visible to others when exposed
                assert (None not in hand.view((s + 1) % n).cards[s]) == exposed[s]
        shown = {e.seat for e in hand.showdown if e.shown}
        assert {s for s in range(n) if st["shown"][s] == 1} == shown


def test_illegal_actions_give_a_reason_and_change_nothing() -> None:
    rules = Rules(2, 5, 10, 20)
    deck = list(range(52))
    e = engine_hand(rules, [50, 50], deck)
    before = engine_state(e)
    for kind in (ENGINE_FOLD, ENGINE_CALL):
        assert e.apply(kind) != 0
    assert e.apply(ENGINE_RAISE, 25) != 0
    assert engine_state(e) == before
    h = Hand(rules, [50, 50], deck=deck)
    for action in ("f", "cc", "cbr 25"):
        with pytest.raises(IllegalActionError):
            h.act(action)


def test_replayed_raise_to_an_all_in_total_is_checked() -> None:
    """The replay alias accepts only exactly an all-in opponent's reach
    between the current bet and the legal total; anything else changes nothing."""
    e = engine_hand(Rules(2, 5, 10, 20), [50, 50], list(range(52)))
    before = engine_state(e)
    assert e.apply(ENGINE_RAISE, 10**15, True) != 0
    assert engine_state(e) == before
    assert e.apply(ENGINE_POST) == 0
    before = engine_state(e)
    for total in (10**15, 2**63 - 1, 7, 11):
        assert e.apply(ENGINE_RAISE, total, True) != 0
    assert engine_state(e) == before
    e = engine_hand(Rules(2, 5, 10, 20), [50, 9], list(range(52)))
    assert e.apply(ENGINE_POST) == 0  # the short seat brings in: it can reach 7
    before = engine_state(e)
    assert e.apply(ENGINE_RAISE, 8, True) != 0
    assert e.apply(ENGINE_RAISE, 7) != 0
    assert engine_state(e) == before
    assert e.apply(ENGINE_RAISE, 7, True) == 0
    assert engine_state(e)["bets"][:2] == [7, 5]


def test_copy_is_independent() -> None:
    e = engine_hand(Rules(2, 5, 10, 20), [50, 50], list(range(52)))
    c = e.copy()
    assert c.apply(ENGINE_POST) == 0
    assert engine_state(e)["bets"] != engine_state(c)["bets"]


@pytest.mark.parametrize(
    ("args", "match"),
    [
        (([50],), "2..8 seats"),
        (([50, -1],), "stacks"),
        (([50, 50], list(range(51))), "52"),
        (([50, 50], [0] * 52), "cannot start"),
        (([50, 50], list(range(52)), [5]), "absent"),
        (([50, 50], list(range(52)), (), -1), "rake"),
    ],
)
def test_engine_hand_rejects_bad_input(args: tuple[Any, ...], match: str) -> None:
    full = (*args, list(range(52))) if len(args) == 1 else args
    with pytest.raises(RulesError, match=match):
        engine_hand(Rules(2, 5, 10, 20), *full)


def test_engine_hand_takes_packed_arguments_only() -> None:
    rules = pack_rules(Rules(2, 5, 10, 20))
    stacks = pack_stacks([50, 50])
    deck = bytes(range(52))
    with pytest.raises(RulesError, match="pack_rules"):
        EngineHand(Rules(2, 5, 10, 20), stacks, deck, bytes(2), 0)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="pack_rules"):
        EngineHand(rules[:-1], stacks, deck, bytes(2), 0)
    with pytest.raises(RulesError, match="pack_stacks"):
        EngineHand(rules, stacks[:-1], deck, bytes(2), 0)
    with pytest.raises(RulesError, match="MAX_CHIPS"):
        EngineHand(rules, pack_stacks([50, 50])[:8] + (2**60).to_bytes(8, "little"), deck,
                   bytes(2), 0)
    with pytest.raises(RulesError, match="52 cards"):
        EngineHand(rules, stacks, deck[:51], bytes(2), 0)
    with pytest.raises(RulesError, match="absent flag"):
        EngineHand(rules, stacks, deck, bytes(3), 0)
    with pytest.raises(RulesError, match="rake"):
        EngineHand(rules, stacks, deck, bytes(2), -1)
    assert EngineHand(rules, stacks, deck, bytes(2), 0).actor == 1  # door 2d over 2c
