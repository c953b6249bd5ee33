"""The exact equity walks against each other and against a plain rank-pattern oracle.

The heads-up walk and the grouped walk (3+ players receive cards) settle the last
player from his patterns listed once and weighed per deal of the others; the
direct walk (``grouped=False`` with 3+ players) walks every player in turn.  Each
is checked against tests/equity_oracle.py on random deals small enough for it,
and against the direct walk on larger ones, with dead cards, unknown down cards
and the community card; the exact counts of two 3rd-street spots are recorded.
"""

from __future__ import annotations

import random
from itertools import pairwise
from typing import Any

import pytest
from equity_oracle import oracle_counts, oracle_leaves, oracle_outcomes

import razzcore
from razzcore import _core, equity, format_card
from razzcore.odds.hand_equity import _plan

# ------------------------------------------------------------------ recorded counts


def test_heads_up_third_street_counts() -> None:
    r = equity(["As 2d 3c", "Kh Qd Js"], exact=True)
    assert r.outcomes == 18_265_297_050
    assert r.wins == (16_842_534_447, 1_422_023_397)
    assert r.ties == (739_206, 739_206)
    assert r.shares == (14_148_039_402_000, 1_194_810_120_000)


def test_three_way_third_street_counts() -> None:
    r = equity(["As 2d 3c", "4h 5h 6h", "Kh Qd Js"], exact=True)
    assert r.outcomes == 531_485_201_847_600
    assert r.wins == (279_981_863_458_328, 245_511_994_022_093, 5_712_044_999_882)
    assert r.ties == (272_835_642_222, 272_600_756_235, 13_162_336_137)
    assert r.shares == (235_299_356_274_728_760, 206_344_567_296_176_820, 4_803_645_981_078_420)


# ------------------------------------------------------------------ random deals


def _kernel_input(hands: list[str], dead: list[str]) -> tuple[list[Any], list[int], int]:
    plan = _plan(hands, " ".join(dead))
    order = plan.exact_order()
    return plan.players(order), list(plan.remaining), plan.outer_patterns(order)


def _random_deal(
    rng: random.Random, players: int, sizes: tuple[int, ...], max_dead: int
) -> tuple[list[str], list[str]]:
    """``players`` hands of a size from ``sizes`` (some down cards unknown) and
    up to ``max_dead`` dead cards (some unknown)."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = []
    for _ in range(players):
        size = rng.choice(sizes)
        unknown = rng.choice((0, 0, 1, 2)) if size >= 3 else 0
        known = [format_card(deck.pop()) for _ in range(size - unknown)]
        hands.append(" ".join(["??"] * unknown + known))
    need = sum(7 - len(h.replace("??", "").split()) for h in hands)  # unseen cards they take
    ndead = rng.randrange(0, max(0, min(max_dead, len(deck) - need)) + 1)
    dead = [format_card(deck.pop()) for _ in range(ndead)]
    folded = rng.choice((0, 0, 0, 2))
    if len(deck) - need >= folded:
        dead += ["??"] * folded
    return hands, dead


def _counts(result: tuple[Any, ...]) -> tuple[Any, ...]:
    win, tie, share, _, total = result
    return win, tie, share, total


@pytest.mark.parametrize("seed", range(40))
def test_walks_match_the_oracle_on_small_deals(seed: int) -> None:
    rng = random.Random(seed)
    while True:
        n = rng.choice((2, 2, 3, 3, 4))
        sizes = (4, 5, 6, 6) if n == 2 else (5, 6, 6)
        hands, dead = _random_deal(rng, n, sizes, 30)
        players, remaining, _ = _kernel_input(hands, dead)
        if oracle_leaves(players, remaining) <= 30_000:
            break
    expected = oracle_counts(players, remaining)
    auto = _core.equity_exact(players, remaining, 0, 2**62)
    assert _counts(auto) == expected
    assert expected[3] == oracle_outcomes(players, remaining)
    if sum(1 for _, m, _ in players if m) >= 2:  # the other walk: grouped or direct
        grouped = _plan(hands, " ".join(dead)).grouped()
        other = _core.equity_exact(players, remaining, 0, 2**62, not grouped)
        assert _counts(other) == expected


@pytest.mark.parametrize("seed", range(30))
def test_grouped_walk_matches_the_direct_walk(seed: int) -> None:
    """3 and 4 players, 3rd to 6th street, with dead cards: the grouped walk
    against the direct one, whole and cut into ranges of outer patterns."""
    rng = random.Random(1000 + seed)
    while True:
        n = rng.choice((3, 3, 4))
        hands, dead = _random_deal(rng, n, (3, 4, 5, 6), 36)
        players, remaining, outer = _kernel_input(hands, dead)
        active = sum(1 for _, m, _ in players if m)
        if active >= 3 and _plan(hands, " ".join(dead)).work() <= 5_000_000:  # 5 ms
            break
    grouped = _core.equity_exact(players, remaining, 0, 2**62, True)
    direct = _core.equity_exact(players, remaining, 0, 2**62, False)
    assert grouped == direct
    cuts = sorted({0, outer // 3, outer // 2, outer})
    parts = [_core.equity_exact(players, remaining, a, b) for a, b in pairwise(cuts)]
    for k in range(3):
        assert tuple(map(sum, zip(*(p[k] for p in parts), strict=True))) == grouped[k]
    assert sum(p[4] for p in parts) == grouped[4]


@pytest.mark.parametrize("seed", range(20))
def test_heads_up_walk_matches_the_grouped_walk(seed: int) -> None:
    """Heads-up, 3rd to 6th street with dead cards: the heads-up settlement
    against the grouped one (the two share only the pattern list), whole and
    cut into ranges of player 1's patterns."""
    rng = random.Random(2000 + seed)
    hands, dead = _random_deal(rng, 2, (3, 4, 5, 6), 30)
    players, remaining, outer = _kernel_input(hands, dead)
    heads_up = _core.equity_exact(players, remaining, 0, 2**62, False)
    if sum(1 for _, m, _ in players if m) == 2:
        assert _core.equity_exact(players, remaining, 0, 2**62, True) == heads_up
    cuts = sorted({0, 1, outer // 2, outer})
    parts = [_core.equity_exact(players, remaining, a, b, False) for a, b in pairwise(cuts)]
    for k in range(3):
        assert tuple(map(sum, zip(*(p[k] for p in parts), strict=True))) == heads_up[k]
    assert sum(p[4] for p in parts) == heads_up[4] == oracle_outcomes(players, remaining)


@pytest.mark.parametrize("seed", range(12))
def test_community_card_walks_match_the_oracle(seed: int) -> None:
    """6 to 8 players on 6th street with a short stub: the 7th-street card is
    shared; the heads-up or grouped walk, the direct walk and the oracle agree."""
    rng = random.Random(3000 + seed)
    n = rng.choice((6, 7, 8))
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [" ".join(format_card(deck.pop()) for _ in range(6)) for _ in range(n)]
    receiving = rng.choice((2, 3))  # players with unknown down cards of their own
    for i in range(receiving):  # their down cards go back to the unseen cards
        cards = hands[i].split()
        deck += [razzcore.parse_card(c) for c in cards[:2]]
        hands[i] = " ".join(["??", "??", *cards[2:]])
    for i in range(receiving, n - 2):  # some on 7th street already
        if rng.random() < 0.3:
            hands[i] += " " + format_card(deck.pop())
    waiting = sum(1 for h in hands if len(h.split()) == 6)
    stub = 2 * receiving + rng.randrange(1, waiting)  # fewer 7th-street cards than players
    dead = [format_card(deck.pop()) for _ in range(len(deck) - stub)]
    players, remaining, _ = _kernel_input(hands, dead)
    assert any(c for _, _, c in players)
    expected = oracle_counts(players, remaining)
    auto = _core.equity_exact(players, remaining, 0, 2**62)
    direct = _core.equity_exact(players, remaining, 0, 2**62, False)
    assert _counts(auto) == _counts(direct) == expected
    assert equity(hands, dead, exact=True).shares == tuple(
        expected[2][_plan(hands, " ".join(dead)).exact_order().index(p)] for p in range(n)
    )
