"""Exact razz equity against a brute-force enumeration over actual cards.

The reference shares nothing with razzcore's evaluator: it ranks a hand with
the plain evaluator of tests/reference.py (all 21 five-card subsets), and it
deals every combination of real cards to every player in turn.
"""

from __future__ import annotations

import doctest
import math
import pathlib
import random
from fractions import Fraction
from functools import cache
from itertools import combinations, pairwise
from typing import Any

import pytest
from reference import ref_rank

import razzcore
from razzcore import EquityError, equity, parse_card, parse_cards
from razzcore.odds.calculator import estimate_work
from razzcore.odds.hand_equity import AUTO_EXACT_WORK, MAX_EXACT_WORK

UNITS = 840

# ------------------------------------------------------------------ reference


low7_key = cache(ref_rank)
"""Rank of the best five of seven ranks (sorted tuple), from tests/reference.py."""


def brute_force(hands: list[tuple[list[int], int]], dead: list[int]) -> tuple[list[int], ...]:
    """(wins, ties, shares in 1/840, outcomes) over every deal of real cards.

    ``hands`` holds (known codes, number of unknown cards) per player.
    """
    used = {c for known, _ in hands for c in known} | set(dead)
    deck = [c for c in range(52) if c not in used]
    n = len(hands)
    missing = [7 - len(known) for known, _ in hands]
    wins, ties, shares = [0] * n, [0] * n, [0] * n
    total = 0
    keys: list[tuple[int, ...]] = [()] * n

    def deal(p: int, pool: list[int]) -> None:
        nonlocal total
        if p == n:
            best = min(keys)
            winners = [i for i in range(n) if keys[i] == best]
            total += 1
            for i in winners:
                if len(winners) == 1:
                    wins[i] += 1
                else:
                    ties[i] += 1
                shares[i] += UNITS // len(winners)
            return
        for combo in combinations(pool, missing[p]):
            cards = hands[p][0] + list(combo)
            keys[p] = low7_key(tuple(sorted(c >> 2 for c in cards)))
            rest = [c for c in pool if c not in combo]
            deal(p + 1, rest)

    deal(0, deck)
    return wins, ties, shares, [total]


def as_input(hands: list[tuple[list[int], int]]) -> list[list[int | str]]:
    """Hands for razzcore.equity: unknown down cards first as '??'."""
    return [["??"] * unknown + list(known) for known, unknown in hands]


def check_exact(hands: list[tuple[list[int], int]], dead: list[int]) -> razzcore.EquityResult:
    r = equity(as_input(hands), dead, exact=True)
    wins, ties, shares, (total,) = brute_force(hands, dead)
    assert r.exact
    assert r.outcomes == total
    assert list(r.wins) == wins
    assert list(r.ties) == ties
    assert list(r.shares) == shares
    assert sum(r.shares) == UNITS * total
    assert r.equity_fractions == tuple(Fraction(s, UNITS * total) for s in shares)
    assert r.stderr == (0.0,) * len(hands)
    return r


def codes(text: str) -> list[int]:
    return list(parse_cards(text))


# ------------------------------------------------------------------ exact vs brute force


def test_seventh_street_is_a_single_showdown() -> None:
    r = check_exact([(codes("As 2d 3c 4h 7s Kd Kh"), 0), (codes("Ah 2c 3d 4s 6c Qd Qh"), 0)], [])
    assert r.outcomes == 1 and r.wins == (0, 1)


def test_heads_up_sixth_street() -> None:
    check_exact([(codes("As 2d 3c 4h 9s Kd"), 0), (codes("Ah 2c 5d 6s 8c Qd"), 0)], [])


def test_heads_up_fifth_street_with_dead_cards() -> None:
    hands = [(codes("As 2d 7c 8h Ts"), 0), (codes("3h 4c 6d 6s Jc"), 0)]
    used = {c for h, _ in hands for c in h}
    dead = [c for c in range(52) if c not in used][:28]
    check_exact(hands, dead)


def test_three_players_sixth_street_with_dead_cards() -> None:
    hands = [
        (codes("As 2d 3c 9h 9s Kd"), 0),
        (codes("Ah 4c 5d 6s Tc Qd"), 0),
        (codes("2h 3d 7s 8c Jd Jh"), 0),
    ]
    dead = codes("Ac Ad 2c 2s 4d 4h 5c 5h 6c 6d 7c")
    check_exact(hands, dead)


def test_unknown_down_cards() -> None:
    hands = [(codes("5h 6c 7d 8s"), 2), (codes("As 2c 3d 4h 9s Kc"), 0)]
    used = {c for h, _ in hands for c in h}
    dead = [c for c in range(52) if c not in used][5:30]
    r = check_exact(hands, dead)
    assert r.hands[0] == "?? ?? 5h 6c 7d 8s"


def test_three_way_ties_split_in_thirds() -> None:
    hands = [
        (codes("As 2s 3s 4s 5s Kc"), 0),
        (codes("Ah 2h 3h 4h 5h Kd"), 0),
        (codes("Ad 2d 3d 4d 5d Kh"), 0),
    ]
    r = check_exact(hands, [])
    assert r.equity_fractions == (Fraction(1, 3),) * 3
    assert r.win == (0.0, 0.0, 0.0) and r.tie == (1.0, 1.0, 1.0)


def test_ties_and_wins_mixed() -> None:
    hands = [(codes("As 2s 3s 4s Kc Kd"), 0), (codes("Ah 2h 3h 4h Kh Ks"), 0)]
    r = check_exact(hands, codes("5c 5d"))
    assert 0 < r.tie[0] < 1


@pytest.mark.parametrize("seed", range(30))
def test_random_small_deals(seed: int) -> None:
    """Random late-street spots, 2 to 4 players, unknown and dead cards, small
    enough for the brute force (at most a few thousand deals)."""
    rng = random.Random(seed)
    while True:
        deck = list(range(52))
        rng.shuffle(deck)
        n = rng.choice((2, 2, 3, 3, 4))
        hands: list[tuple[list[int], int]] = []
        for _ in range(n):
            size = rng.choice((5, 6, 6, 7)) if n > 2 else rng.choice((4, 5, 6, 6, 7))
            unknown = rng.choice((0, 0, 1, 2)) if size < 7 else 0
            known = [deck.pop() for _ in range(size - unknown)]
            hands.append((known, unknown))
        missing = [7 - len(k) for k, _ in hands]
        ndead = rng.randrange(0, len(deck) - sum(missing) + 1)
        dead = [deck.pop() for _ in range(ndead)]
        deals, pool = 1, len(deck)
        for m in missing:
            deals *= math.comb(pool, m)
            pool -= m
        if deals <= 6000:
            break
    check_exact(hands, dead)


# ------------------------------------------------------------------ properties


def test_player_order_does_not_matter() -> None:
    a = equity(["As 2d 3c 4h 8s", "?? ?? 6s 7d Qs", "5c 8h 9d Kc Td"], exact=True)
    b = equity(["5c 8h 9d Kc Td", "As 2d 3c 4h 8s", "?? ?? 6s 7d Qs"], exact=True)
    assert b.shares == (a.shares[2], a.shares[0], a.shares[1])
    assert b.outcomes == a.outcomes


def test_suits_do_not_matter() -> None:
    a = equity(["As 2d 3c", "Kh Qd Js"], "5c 5d 9h")
    b = equity(["Ah 2s 3d", "Kc Qs Jd"], "5h 5s 9c")
    assert a.shares == b.shares and a.outcomes == b.outcomes == math.comb(43, 4) * math.comb(39, 4)


def test_third_street_heads_up_counts() -> None:
    r = equity(["As 2d 3c", "Kh Qd Js"])
    assert r.exact and r.outcomes == 18_265_297_050  # C(46,4) * C(42,4)
    assert sum(r.shares) == UNITS * r.outcomes
    assert r.equity[0] > 0.9


def test_codes_text_and_unknowns_are_equivalent() -> None:
    a = equity(["?? ?? 2c 5d", [parse_card("As"), "3h", "4c", "7d"]], exact=True)
    b = equity(["????2c5d", "As 3h 4c 7d"], exact=True)
    assert a == b
    assert a.hands == ("?? ?? 2c 5d", "As 3h 4c 7d")


def test_auto_choice_enumerates_cheap_spots() -> None:
    # heads-up (~1 ms) and three-way (~0.2 s) 3rd street are enumerated by default
    assert estimate_work(["As 2d 3c", "Kh Qd Js"]) < 10**7
    assert equity(["As 2d 3c", "Kh Qd Js"]).exact
    three = ["As 2d 3c", "4h 5h 6h", "Kh Qd Js"]
    assert estimate_work(three) <= AUTO_EXACT_WORK
    r = equity(three)
    assert r.exact and r.outcomes == equity(three, exact=True).outcomes


def test_auto_choice_samples_huge_spots() -> None:
    # four players on 3rd street is minutes of work; six with their down cards unknown, ages
    four = ["As 2d 3c", "Kh Qd Js", "4c 5c 6c", "7h 8h 9h"]
    assert estimate_work(four) > AUTO_EXACT_WORK
    r = equity(four, trials=20_000, seed=3)
    assert not r.exact and r.outcomes == 20_000 and r.seed == 3
    six = ["?? ?? 2c", "?? ?? 5d", "?? ?? 8h", "?? ?? Tc", "?? ?? Ks", "?? ?? 3h"]
    assert estimate_work(six) > MAX_EXACT_WORK
    assert not equity(six, trials=1000, seed=1).exact
    with pytest.raises(EquityError, match="exact enumeration would take about"):
        equity(six, exact=True)


def test_str_shows_every_player() -> None:
    text = str(equity(["As 2d 3c 4h", "?? ?? 6s 7d"]))
    assert text.startswith("exact, ")
    assert "As 2d 3c 4h" in text and "?? ?? 6s 7d" in text


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize(
    ("hands", "dead", "message"),
    [
        (["As 2d 3c", "As Qd Js"], (), "card As appears twice (player 1 and player 2)"),
        (["As 2d 3c", "Kh Qd Js"], "Kh", "card Kh appears twice (player 2 and dead)"),
        (["As 2d 3c", "Kh Qd Js"], "9c 9c", "card 9c appears twice (dead and dead)"),
        (["As As 3c", "Kh Qd Js"], (), "card As appears twice (player 1 and player 1)"),
        (["As 2d 3c 4d 5d 6d 7d 8d", "Kh Qd Js"], (), "player 1: a razz hand has 3 to 7"),
        (["As 2d", "Kh Qd Js"], (), "player 1: a razz hand has 3 to 7 cards"),
        (["As 2d 3c"], (), "2 to 8 players"),
        (["As 2d 3c"] * 9, (), "2 to 8 players"),
        ("As 2d 3c", (), "one entry"),
        (["As 2d ??", "Kh Qd Js"], (), "card 3 is an upcard"),
        (["As 2d Xx", "Kh Qd Js"], (), "player 1: bad card"),
        (["As 2d 3c", "Kh Qd Js"], "Zz", "dead cards: bad card"),
        (["As 2d 3c", [1, 2, 99]], (), "player 2: card code 99"),
        (["As 2d 3c", None], (), "player 2: expected cards"),
    ],
)
def test_bad_hands(hands: object, dead: object, message: str) -> None:
    with pytest.raises(EquityError, match=message.replace("(", r"\(").replace(")", r"\)")):
        equity(hands, dead)  # type: ignore[arg-type]


def test_impossible_deals() -> None:
    def others(hands: list[str], keep: int) -> list[int]:
        used = {c for h in hands for c in parse_cards(h.replace("??", ""))}
        return [c for c in range(52) if c not in used][keep:]

    hands = ["Ac 2c 3s", "?? Kd Kh"]
    with pytest.raises(EquityError, match="5 cards are unseen, 0 of them dead, but the players"):
        equity(hands, others(hands, 5))
    hands = ["Ac 2c 3s 2h 2s Kc", "Ad Kd Kh As 3c Ks"]
    with pytest.raises(EquityError, match="2 cards are unseen, 2 of them dead, but the players"):
        equity(hands, [*others(hands, 2), "??", "??"])


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"trials": 0}, "trials must be within"),
        ({"trials": -5}, "trials must be within"),
        ({"trials": 2**41}, "trials must be within"),
        ({"trials": 1.5}, "trials must be a positive int"),
        ({"trials": True}, "trials must be a positive int"),
        ({"exact": True, "trials": 1000}, "cannot be used with exact=True"),
        ({"exact": "yes"}, "exact must be True, False or None"),
        ({"seed": "x"}, "seed must be an int"),
        ({"seed": 1.0}, "seed must be an int"),
        ({"seed": True}, "seed must be an int"),
        ({"progress": "yes"}, "progress must be"),
        ({"executor": object()}, "executor must have a submit"),
    ],
)
def test_bad_options(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(EquityError, match=message):
        equity(["As 2d 3c", "Kh Qd Js"], **kwargs)  # type: ignore[arg-type]


def test_trials_and_seed_take_numpy_integers() -> None:
    np = pytest.importorskip("numpy")
    hands = ["As 2d 3c", "?? ?? 8h"]
    given = equity(hands, exact=False, trials=np.int64(2000), seed=np.uint32(7))
    plain = equity(hands, exact=False, trials=2000, seed=7)
    assert given == plain and type(given.seed) is int
    with pytest.raises(EquityError, match="seed must be an int or None"):
        equity(hands, seed=np.float64(7))
    with pytest.raises(EquityError, match="trials must be a positive int"):
        equity(hands, exact=False, trials=np.bool_(True))


def test_exact_refuses_unreasonable_work() -> None:
    with pytest.raises(EquityError, match=r"would take about \d+ min on one core \(limit 2 min\)"):
        equity(["As 2d 3c", "Kh Qd Js", "4c 5c 6c", "7h 8h 9h"], exact=True)


def test_exact_refuses_counts_beyond_64_bits(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setattr(sys.modules["razzcore.odds.hand_equity"], "MAX_EXACT_WORK", 10**30)
    with pytest.raises(EquityError, match="too many for its 64-bit counters"):
        equity(["As 2d 3c", "Kh Qd Js", "4c 5c 6c", "7h 8h 9h"], exact=True)
    auto = equity(["As 2d 3c", "Kh Qd Js", "4c 5c 6c", "7h 8h 9h"], trials=1000, seed=1)
    assert not auto.exact


def test_kernel_wrappers_check_their_input() -> None:
    from razzcore import _core

    good = [([1, 1, 1] + [0] * 10, 4), ([0] * 10 + [1, 1, 1], 4)]
    rem = [3, 3, 3] + [4] * 7 + [3, 3, 3]
    for players, remaining in [
        (good[:1] * 9, rem),
        ([([5] + [0] * 12, 2), *good[1:]], rem),
        ([([1] * 13, 0), *good[1:]], rem),
        (good, rem[:12]),
        (good, [4] * 13),
        (good, [0] * 13),
        ([([1, 1, 1] + [0] * 10, 9), *good[1:]], rem),
    ]:
        with pytest.raises(EquityError):
            _core.equity_exact(players, remaining, 0, 10)
        with pytest.raises(EquityError):
            _core.equity_mc(players, remaining, 1, 0, 1, 100, 100)
    with pytest.raises(EquityError):
        _core.equity_exact(good, rem, 5, 2)
    with pytest.raises(EquityError):
        _core.equity_mc(good, rem, 1, 0, 1, 0, 100)


# ------------------------------------------------------------------ community card


def stud_reference(
    hands: list[tuple[list[int], int]], dead: list[int], dead_unknown: int
) -> tuple[tuple[Fraction, ...], bool]:
    """Equity by dealing like a dealer: the unseen folded down cards, then each
    player's unknown down cards and 4th-6th street, then 7th street one card
    each, or one community card when the stub is shorter than the players."""
    used = {c for known, _ in hands for c in known} | set(dead)
    deck = [c for c in range(52) if c not in used]
    n = len(hands)
    sizes = [len(k) + u for k, u in hands]
    before = [u + max(0, 6 - size) for (_, u), size in zip(hands, sizes, strict=True)]
    waiting = [i for i in range(n) if sizes[i] < 7]
    shares = [0] * n
    total = 0
    saw_community = False

    def settle(cards: list[list[int]]) -> None:
        nonlocal total
        keys = [low7_key(tuple(sorted(c >> 2 for c in h))) for h in cards]
        best = min(keys)
        winners = [i for i in range(n) if keys[i] == best]
        for i in winners:
            shares[i] += UNITS // len(winners)
        total += 1

    def seventh(cards: list[list[int]], stub: list[int]) -> None:
        nonlocal saw_community
        if len(stub) < len(waiting):
            saw_community = True
            for c in stub:
                settle([[*h, c] if i in waiting else h for i, h in enumerate(cards)])
            return

        def one_each(k: int, cards: list[list[int]], stub: list[int]) -> None:
            if k == len(waiting):
                settle(cards)
                return
            p = waiting[k]
            for c in stub:
                new = [[*h, c] if i == p else h for i, h in enumerate(cards)]
                one_each(k + 1, new, [x for x in stub if x != c])

        one_each(0, cards, stub)

    def deal(p: int, cards: list[list[int]], stub: list[int]) -> None:
        if p == n:
            seventh(cards, stub)
            return
        for combo in combinations(stub, before[p]):
            new = [h + list(combo) if i == p else h for i, h in enumerate(cards)]
            deal(p + 1, new, [c for c in stub if c not in combo])

    for folded in combinations(deck, dead_unknown):
        deal(0, [list(k) for k, _ in hands], [c for c in deck if c not in folded])
    return tuple(Fraction(s, UNITS * total) for s in shares), saw_community


def test_eight_players_share_a_community_card() -> None:
    hands = [(list(range(6 * i, 6 * i + 6)), 0) for i in range(8)]  # 48 cards dealt
    r = equity(as_input(hands), exact=True)
    expected, community = stud_reference(hands, [], 0)
    assert community and r.community
    assert r.outcomes == 4
    assert r.equity_fractions == expected
    assert "community card on 7th street" in str(r)


SEVEN_LIVE = [
    (codes("As 2s 9c Tc Jc Qc"), 0),
    (codes("3d 4d 5d 6d"), 2),
    (codes("Ah 2h Kh Kd 9h Th"), 0),
    (codes("Ad 2d Ks Kc 9d Td"), 0),
    (codes("3c 4c 5c 8c 7c 6c"), 0),
    (codes("3h 4h 5h 8h 7h 6h"), 0),
    (codes("3s 4s 5s 8s 7s 6s"), 0),
]
SEVEN_LIVE_TEXT = [
    ("?? ?? " if unknown else "") + " ".join(razzcore.format_card(c) for c in known)
    for known, unknown in SEVEN_LIVE
]
FOLDED_UP = codes("Jh Qh Jd")  # a player folded on 5th street: 3 upcards, 2 unseen down cards


def test_folded_down_cards_shorten_the_stub() -> None:
    r = equity(as_input(SEVEN_LIVE), [*FOLDED_UP, "??", "??"], exact=True)
    expected, community = stud_reference(SEVEN_LIVE, FOLDED_UP, 2)
    assert community and r.community
    assert r.equity_fractions == expected
    mc = equity(as_input(SEVEN_LIVE), [*FOLDED_UP, "??", "??"], exact=False, trials=200_000, seed=4)
    assert mc.community
    for e, m, se in zip(r.equity, mc.equity, mc.stderr, strict=True):
        assert abs(m - e) <= 4 * se + 1e-12


def test_enough_cards_means_no_community_card() -> None:
    r = equity(as_input(SEVEN_LIVE), FOLDED_UP, exact=True)
    assert not r.community
    assert r.outcomes == math.comb(9, 3) * math.factorial(6)  # 2nd: 2 down + 7th; then 1 each
    mc = equity(as_input(SEVEN_LIVE), FOLDED_UP, exact=False, trials=200_000, seed=4)
    assert not mc.community
    for e, m, se in zip(r.equity, mc.equity, mc.stderr, strict=True):
        assert abs(m - e) <= 4 * se + 1e-12


def test_unknown_dead_cards_do_not_change_equity_without_community() -> None:
    hands = [(codes("As 2d 7c 8h 9s"), 1), (codes("3h 4c 6d 6s Jc Kd"), 0)]
    used = {c for h, _ in hands for c in h}
    dead = [c for c in range(52) if c not in used][:31]  # 10 unseen cards
    plain = equity(as_input(hands), dead, exact=True)
    folded = equity(as_input(hands), [*dead, "??", "??"], exact=True)
    expected, community = stud_reference(hands, dead, 2)
    assert not community and not folded.community
    assert plain.equity_fractions == folded.equity_fractions == expected


def test_docs_examples_print_what_the_docs_show() -> None:
    """docs/equity.md (the README section) shows real output; keep it honest."""
    doc = pathlib.Path(__file__).resolve().parent.parent / "docs" / "equity.md"
    if not doc.exists():
        pytest.skip("docs/ is not beside the tests (installed-wheel run)")
    result = doctest.testfile(str(doc), module_relative=False)
    assert result.attempted >= 5
    assert result.failed == 0


def test_unknown_seventh_street_down_card() -> None:
    hands = [(codes("As 2d 7c 8h 9s Kd"), 1), (codes("3h 4c 6d 6s Jc Ks 5c"), 0)]
    used = {c for h, _ in hands for c in h}
    dead = [c for c in range(52) if c not in used][:20]
    r = check_exact(hands, dead)
    assert r.hands[0] == "?? As 2d 7c 8h 9s Kd"
    r2 = equity(["As 2d 7c 8h 9s Kd ??", "3h 4c 6d 6s Jc Ks 5c"], dead, exact=True)
    assert r2.shares == r.shares


# ------------------------------------------------------------------ the two exact walks


def _kernel_input(hands: list[str], dead: str = "") -> tuple[list[Any], list[int], int]:
    from razzcore.odds.hand_equity import _plan

    plan = _plan(hands, dead)
    order = plan.exact_order()
    return plan.players(order), list(plan.remaining), plan.outer_patterns(order)


@pytest.mark.parametrize(
    ("hands", "dead"),
    [
        (["As 2d 3c 7h Kc", "?? ?? 5d 6s 9c", "2h 4c 8d Th Jd"], "Ks Qh"),
        (["As 2d 3c 7h 8d", "4h 5d 6s 9s", "2h 4c 8c Th Jd", "9c 9d Js Jh Qc Qd"], "Kh Ks Kd"),
        (["As 2d 3c 4h", "?? ?? 6s 7d"], "8c 9c Tc"),  # heads-up: grouped works too
        ([f"?? {c}" for c in ("As 2d 3c 4h 5s", "Ah 2h 3h 4d 5d", "Ac 2c 3d 4c 5c")], ""),
        (SEVEN_LIVE_TEXT, "Jh Qh Jd ?? ??"),  # community card
        (  # community card, 3 players receive cards of their own: grouped
            [*SEVEN_LIVE_TEXT[:4], "?? ?? 5c 8c 7c 6c", "?? ?? 5h 8h 7h 6h", SEVEN_LIVE_TEXT[6]],
            "Jh Qh Jd ?? ??",
        ),
    ],
)
def test_grouped_walk_equals_direct_walk(hands: list[str], dead: str) -> None:
    from razzcore import _core

    players, remaining, _ = _kernel_input(hands, dead)
    grouped = _core.equity_exact(players, remaining, 0, 2**62, True)
    direct = _core.equity_exact(players, remaining, 0, 2**62, False)
    assert grouped == direct
    assert equity(hands, dead, exact=True).outcomes == direct[4]


def test_grouped_walk_splits_into_ranges() -> None:
    from razzcore import _core

    players, remaining, outer = _kernel_input(
        ["As 2d 3c 7h Kc", "?? ?? 5d 6s 9c", "2h 4c 8d Th Jd"], "Ks Qh"
    )
    whole = _core.equity_exact(players, remaining, 0, outer)
    cuts = [0, 1, outer // 3, outer // 2, outer - 1, outer]
    parts = [_core.equity_exact(players, remaining, a, b) for a, b in pairwise(cuts)]
    summed = tuple(tuple(map(sum, zip(*(p[k] for p in parts), strict=True))) for k in range(4))
    assert summed == whole[:4]
    assert sum(p[4] for p in parts) == whole[4]
    assert _core.equity_exact(players, remaining, outer, outer + 10)[4] == 0
