"""Equity with ranges: the average over the range's combos, checked combo by combo."""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

import pytest
from test_equity import UNITS, brute_force, codes

from razzcore import EquityError, Range, equity, parse_cards
from razzcore.odds.calculator import estimate_work
from razzcore.odds.range_equity import range_work


def combo_by_combo(
    hands: list[str | Range], dead: str = ""
) -> tuple[list[Fraction], int]:
    """Mean equity over the non-colliding combos of the one range in ``hands``,
    each combo through the plain equity of hands."""
    i = next(j for j, h in enumerate(hands) if isinstance(h, Range))
    rng = hands[i]
    assert isinstance(rng, Range)
    taken = set(parse_cards(dead))
    for j, h in enumerate(hands):
        if j != i:
            assert isinstance(h, str)
            taken.update(c for c in parse_cards(h.replace("??", "")))
    used = [c for c in rng if taken.isdisjoint(c)]
    total = [Fraction(0)] * len(hands)
    for combo in used:
        entry: list[str | list[int]] = [h if isinstance(h, str) else [] for h in hands]
        entry[i] = list(combo)
        r = equity(entry, dead, exact=True)
        total = [t + f for t, f in zip(total, r.equity_fractions, strict=True)]
    return [t / len(used) for t in total], len(used)


def test_sixth_street_range_against_brute_force_over_cards() -> None:
    """Each combo dealt out card by card with the tests' own evaluator."""
    hero = "As 2d 3c 4h 9s Ts"
    villain = Range("[5-6] [5-6] 7h 8h Jc Qc")
    r = equity([hero, villain], exact=True)
    used = [c for c in villain if set(c).isdisjoint(parse_cards(hero))]
    assert r.combos == len(used) == math.comb(8, 2)
    shares = [0, 0]
    total = 0
    for combo in used:
        _, _, s, (n,) = brute_force([(codes(hero), 0), (list(combo), 0)], [])
        shares = [a + b for a, b in zip(shares, s, strict=True)]
        total += n
    assert r.outcomes == total
    assert list(r.shares) == shares
    assert r.equity_fractions == tuple(Fraction(s, UNITS * total) for s in shares)


@pytest.mark.parametrize(
    ("hands", "dead"),
    [
        (["As 2d 3c 4h", Range("[A-3] [A-3] 5c 6c")], ""),
        (["As 2d 3c 4h", Range("[A-3] x 5c 6c")], "7c 8c 9c"),
        ([Range("A 2 [7-8] Kd"), "3s 4s 5s 6s"], "Ad"),
        (["Ks Qs Js Ts 8s", Range("[A-2] [A-2] 3h 4h 6h, 5d 5h 3h 4h 6h"), "?? ?? 9h 9d 7d"],
         ""),
        (["As 2d 3c 4h 5h", Range("x [6-7] 8c 8d 8h")], "Kc"),
    ],
)
def test_range_equals_combo_by_combo(hands: list[str | Range], dead: str) -> None:
    r = equity(hands, dead, exact=True)
    want, used = combo_by_combo(hands, dead)
    assert r.exact and r.combos == used
    assert list(r.equity_fractions) == want
    assert r.stderr == (0.0,) * len(hands)
    assert sum(r.shares) == UNITS * r.outcomes


def test_the_documented_range() -> None:
    hero, villain = "As 2d 3c", Range("[A-8] [A-8] 7h")
    r = equity([hero, villain], exact=True)
    assert len(villain) == 465
    assert r.combos == 465 - (3 * 30 - 3)  # the combos holding As, 2d or 3c are out
    assert r.outcomes == r.combos * math.comb(46, 4) * math.comb(42, 4)
    assert r.hands == ("As 2d 3c", "[A-8] [A-8] 7h")
    assert "378 range combos" in str(r)
    # a few combos checked one by one: the same rank class gives the same equity
    one = equity([hero, "Ah 4d 7h"], exact=True)
    two = equity([hero, "Ad 4s 7h"], exact=True)
    assert one.shares == two.shares


def test_two_ranges_use_their_disjoint_combinations() -> None:
    a, b = Range("[A-2] A 3c 4c 9s"), Range("[A-2] 2 5c 6c 9d")
    r = equity([a, b, "Kd Qd Jd Td 9h"], exact=True)
    pairs = [(x, y) for x in a for y in b if set(x).isdisjoint(y)]
    assert r.combos == len(pairs)
    total = [Fraction(0)] * 3
    for x, y in pairs:
        f = equity([list(x), list(y), "Kd Qd Jd Td 9h"], exact=True).equity_fractions
        total = [t + g for t, g in zip(total, f, strict=True)]
    assert list(r.equity_fractions) == [t / len(pairs) for t in total]


def test_monte_carlo_is_seeded_and_executor_independent() -> None:
    hands: list[str | Range] = ["?? ?? 2c", Range("[A-5] [A-5] 4d"), "?? ?? 8h"]
    r1 = equity(hands, exact=False, trials=150_000, seed=11)
    r2 = equity(hands, exact=False, trials=150_000, seed=11)
    with ThreadPoolExecutor(2) as pool:
        r3 = equity(hands, exact=False, trials=150_000, seed=11, executor=pool)
    assert r1 == r2 == r3
    assert not r1.exact and r1.outcomes == 150_000 and r1.seed == 11
    assert r1.combos == math.comb(18, 2)  # [A-5] less 4d (the door) and 2c (player 1's)
    assert abs(sum(r1.equity) - 1) < 1e-12
    assert all(0 < s < 0.01 for s in r1.stderr)


def test_monte_carlo_agrees_with_exact() -> None:
    hands: list[str | Range] = ["As 2d 3c 4h", Range("[A-6] [A-6] 7h 8h")]
    exact = equity(hands, exact=True)
    mc = equity(hands, exact=False, trials=400_000, seed=5)
    for e, m, s in zip(exact.equity, mc.equity, mc.stderr, strict=True):
        assert abs(e - m) < 5 * s


def test_exact_on_an_executor_is_the_same() -> None:
    hands: list[str | Range] = ["As 2d 3c 4h", Range("[A-6] [A-6] 7h 8h")]
    with ThreadPoolExecutor(2) as pool:
        assert equity(hands, exact=True, executor=pool) == equity(hands, exact=True)


def test_auto_choice_and_work() -> None:
    hands: list[str | Range] = ["As 2d 3c", Range("[A-8] [A-8] 7h")]
    assert range_work(hands) == estimate_work(hands) > 0
    assert equity(hands).exact  # ~10 ms: enumerated by default
    many: list[str | Range] = ["?? ?? 2c", Range("x x 4d"), "?? ?? 8h"]
    assert not equity(many, trials=20_000, seed=1).exact


@pytest.mark.parametrize(
    ("hands", "dead", "message"),
    [
        (["As 2d 3c", Range("A 2 3, A 2 3 4")], "", "one length"),
        (["As 2d 3c", Range("As 2d 3c")], "", "collides"),
        (["As 2d 3c", Range("[A-2] 5 6")], "Ac Ad Ah 2c 2h 2s", "collides"),
        (["As 2d 3c", Range("x x x")], "", None),
        ([Range("x x x"), Range("x x x")], "", "combinations"),
        ([Range("A 2 3")], "", "2 to 8 players"),
        (["As 2d 3c", Range("A 2 4"), "Zz"], "", "player 3"),
    ],
)
def test_bad_requests(hands: list[str | Range], dead: str, message: str | None) -> None:
    if message is None:  # allowed: a big range runs (Monte Carlo)
        r = equity(hands, dead, trials=10_000, seed=1)
        assert r.combos == 3 * math.comb(49, 3)  # any door card, the downs unordered
        return
    with pytest.raises(EquityError, match=message):
        equity(hands, dead)


def test_options_are_checked_for_ranges_too() -> None:
    with pytest.raises(EquityError, match="trials"):
        equity(["As 2d 3c", Range("A 2 4")], exact=True, trials=10)


@pytest.mark.parametrize(
    ("hands", "dead"),
    [
        (["As 2d 3c", Range("[A-8] [A-8] 7h")], ""),
        (["As 2d 3c 4h", Range("Ah [2-3] 5c 6c, [A-2] 3s 5c 6c")], "Kd"),  # suits: D > 1
        ([Range("x [6-7] 8c 8d 8h"), "As 2d 3c 4h 5h"], "Kc"),
        (["Ad 5d 9h Th Jh Qh", Range("[A-4] 7 8s 9s Ts Js")], ""),
        (["As 2d 3c 4h 5s 6d 7c", Range("[A-3] [A-3] 9h Th 8c Kc")], ""),
    ],
)
def test_single_walk_equals_one_walk_per_class(
    hands: list[str | Range], dead: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Heads-up with one range, every class is folded into one walk
    (weights G(V)); it must give exactly the counts of the class-by-class walks."""
    from razzcore.odds import range_equity

    one = equity(hands, dead, exact=True)
    assert range_equity._merged(range_equity._classes(hands, dead)) is not None
    monkeypatch.setattr(range_equity, "_merged", lambda cls: None)
    per_class = equity(hands, dead, exact=True)
    assert one == per_class
    with ThreadPoolExecutor(2) as pool:
        monkeypatch.undo()
        assert equity(hands, dead, exact=True, executor=pool) == one


def test_kernel_range_wrapper_checks_its_input() -> None:
    from razzcore import _core

    p1, p2 = ([0] * 13, 7), ([0] * 12 + [3], 4)
    rem = [4] * 12 + [1]
    good = [[2] + [0] * 12]
    for classes, mults, message in [
        ([], [], "classes"),
        (good, [1, 1], "classes"),
        ([[5] + [0] * 12], [1], "outside"),
        ([[1] * 12], [1], "13 entries"),
        ([[2] + [0] * 12, [1] + [0] * 12], [1, 1], "same"),
        ([[0] * 13], [1], "cards"),
        (good, [0], "weight"),
        (good, [1 << 62], "weight"),
        (good, [(1 << 61)], "64-bit"),
        # more nonzero ranks than a class can hold, alone or after a good row
        ([[1] * 13], [1], "13 cards"),
        ([[2] + [0] * 12, [1] * 13], [1, 1], "13 cards"),
        ([[2] + [0] * 12, [0] * 11 + [1, 1]], [1, 0], "weight"),
    ]:
        with pytest.raises(EquityError, match=message):
            _core.equity_exact_range([p1, p2], rem, classes, mults, 0, 1 << 62)
    with pytest.raises(EquityError, match="pattern range"):
        _core.equity_exact_range([p1, p2], rem, good, [1], 5, 2)
    assert _core.equity_exact_range([p1, p2], rem, good, [1], 1 << 80, 1 << 81)[4] == 0
    with pytest.raises(EquityError, match="13 cards"):
        _core.equity_exact_range([p1, p2], rem, [[1] * 13], [1], 0, 1)


def test_ranges_that_cannot_be_dealt_together_are_named_not_counted() -> None:
    four = ["As 2d 3c", *[Range("[A-8] [A-8] 7h")] * 4]
    with pytest.raises(EquityError, match=r"no compatible combos: .* holds 7h"):
        equity(four)
    with pytest.raises(EquityError, match="no compatible combos"):
        equity(["As 2d 3c", Range("[A-8] [A-8] 7h"), Range("[A-8] [A-8] 7h")])


def test_too_many_combinations_of_ranges_is_refused_with_the_limit() -> None:
    from razzcore.odds.range_equity import MAX_COMBINATIONS

    ranges = [Range(f"[A-8] [A-8] {c}") for c in ("7h", "6h", "5h", "4h")]
    with pytest.raises(EquityError, match=f"at most {MAX_COMBINATIONS:,}"):
        equity(["As 2d 3c", *ranges])


def test_range_text_is_read_as_the_range_it_writes() -> None:
    """Text written as a range is that range, in equity and in its cost, as
    the command line takes it; text without range syntax stays cards."""
    import subprocess
    import sys

    as_text = equity(["As 2d 3c", "[A-8] [A-8] 7h"])
    as_range = equity(["As 2d 3c", Range("[A-8] [A-8] 7h")])
    assert as_text.equity_fractions == as_range.equity_fractions
    assert as_text.combos == as_range.combos == 378
    assert estimate_work(["As 2d 3c", "[A-8] [A-8] 7h"]) == estimate_work(
        ["As 2d 3c", Range("[A-8] [A-8] 7h")])
    with pytest.raises(EquityError, match=r"^player 2: range, position 2 .*unclosed"):
        equity(["As 2d 3c", "[A-5] [A-5 6"])
    with pytest.raises(EquityError, match=r"^player 1: bad card '3x' in 'As 2d 3x'"):
        equity(["As 2d 3x", "[A-5] [A-5] 6"])
    proc = subprocess.run([sys.executable, "-m", "razzcore", "equity", "As 2d 3c",
                           "[A-8] [A-8] 7h", "--json"], capture_output=True, text=True,
                          check=True)
    assert '"combos": 378' in proc.stdout
