"""The C hand state machine (src/razz_engine.h) under razzcore.Hand: the
struct's fields, read by its own field table (RZ_HAND_FIELDS), agree with
everything Hand reports after every action, over random rule sets, stacks,
absent players and decks; a refused action leaves the struct's bytes as they
were; the replay-only raise to an all-in total is checked in C."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from razzcore import Hand, Rules
from razzcore.engine.packing import (
    ENGINE_CALL,
    ENGINE_FOLD,
    ENGINE_POST,
    ENGINE_RAISE,
    engine_state,
)
from razzcore.engine.rules import OPTION_CHOICES, PROFILES
from razzcore.errors import IllegalActionError, RulesError

HANDS = int(os.environ.get("RAZZ_ENGINE_DIFF_HANDS", "4000"))
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


def _check_struct(h: Hand, n: int) -> None:
    """Every reader of ``h`` against the C struct's fields."""
    st: dict[str, Any] = engine_state(h)
    assert st["n"] == n and st["street"] == h.street
    assert (st["actor"] if st["actor"] >= 0 else None) == h.actor
    assert tuple(st["stacks"][:n]) == h.stacks and tuple(st["bets"][:n]) == h.bets
    assert tuple(st["contrib"][:n]) == h.contributions
    assert tuple(st["start"][:n]) == h.starting_stacks
    assert tuple(bool(st["dealt"][s] and not st["live"][s]) for s in range(n)) == h.folded
    assert tuple(bool(x) for x in st["dealt"][:n]) == h.dealt_in
    for s in range(n):
        assert tuple(st["up"][4 * s: 4 * s + st["nup"][s]]) == h.board(s)
        assert tuple(st["cards"][7 * s: 7 * s + st["ncards"][s]]) == h.hole_cards(s)
    assert (None if st["community"] < 0 else st["community"]) == h.community_card
    assert (st["phase"] == 4) == h.is_over
    assert 52 - st["dpos"] == h.cards_left


@pytest.mark.parametrize("block", range(4))
def test_hand_reports_the_c_struct_after_every_action(block: int) -> None:
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
        played += 1
        while True:
            _check_struct(hand, n)
            if hand.actor is None:
                break
            hand.act(rng.choice(hand.legal_actions()))
        payoffs = hand.payoffs
        assert payoffs is not None and sum(payoffs) == -hand.rake
        st = engine_state(hand)
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
    h = Hand(rules, [50, 50], deck=deck)
    before = h._raw()
    for kind in (ENGINE_FOLD, ENGINE_CALL):
        assert h._apply(kind) != 0
    assert h._apply(ENGINE_RAISE, 25) != 0
    assert h._raw() == before and len(h.history) == 2
    for action in ("f", "cc", "cbr 25"):
        with pytest.raises(IllegalActionError):
            h.act(action)
    assert h._raw() == before and len(h.history) == 2


def test_replayed_raise_to_an_all_in_total_is_checked() -> None:
    """The replay alias accepts only exactly an all-in opponent's reach
    between the current bet and the legal total; anything else changes nothing."""
    h = Hand(Rules(2, 5, 10, 20), [50, 50], deck=list(range(52)), replay=True)
    before = h._raw()
    assert h._apply(ENGINE_RAISE, 10**15, True) != 0
    assert h._raw() == before
    assert h._apply(ENGINE_POST) == 0
    before = h._raw()
    for total in (10**15, 2**63 - 1, 7, 11):
        assert h._apply(ENGINE_RAISE, total, True) != 0
    assert h._raw() == before
    h = Hand(Rules(2, 5, 10, 20), [50, 9], deck=list(range(52)), replay=True)
    assert h._apply(ENGINE_POST) == 0  # the short seat brings in: it can reach 7
    before = h._raw()
    assert h._apply(ENGINE_RAISE, 8, True) != 0
    assert h._apply(ENGINE_RAISE, 7) != 0
    assert h._raw() == before
    played = Hand(Rules(2, 5, 10, 20), [50, 9], deck=list(range(52)))
    played.act("pb")
    with pytest.raises(IllegalActionError, match="in fixed limit the total is 10"):
        played.act("p1 cbr 7")
    h.act("p1 cbr 7")
    assert h.bets == (7, 5) and h.history[-1] == "p1 cbr 7"
