#!/usr/bin/env python3
"""Fuzz ``Range`` text, equity with ranges, the class kernels and the chart kernel.

Range text is built from grammar pieces (cards, ranks, ``x``, rank sets with
commas and dashes, spaces, commas between patterns) mixed with raw bytes.
Accepted ranges must list distinct combos of distinct cards, sorted, each a
member; a small range then goes through ``equity`` against a late-street hand
(shares add up, seeds reproduce).  The compiled class kernels get arbitrary
classes and weights; the chart kernel arbitrary pattern ranges.

While an input runs, the target lowers the range limit
(``ranges.MAX_COMBOS``) to 100,000 combos: a range near the 2,000,000 limit
takes seconds to list (more under atheris's instrumentation, twice over with
the round trip through its text), which is the listing's cost, not a
finding, and would time a single input out.  The limit's own paths (counts
refused before listing, listing stopped past it) run the same at any value.
"""

from __future__ import annotations

import math
import sys
from typing import Any

from _harness import Input, instrumented, main

with instrumented():
    from razzcore import Range, equity
    from razzcore.cards import RANKS, SUITS
    from razzcore.odds import ranges
    from razzcore.odds.hand_equity import UNITS

LIMIT = 100_000  # the range limit while one input runs (see the module docstring)

_PIECES = ["x", "X", "[", "]", ",", "-", " ", " ", " ", "??", "10", "[A-8]", "[2,5,9]", "[9-K]"]


def _token(inp: Input) -> str:
    k = inp.below(10)
    if k <= 2:
        return RANKS[inp.below(13)] + SUITS[inp.below(4)]
    if k <= 4:
        return RANKS[inp.below(13)]
    if k == 5:
        a, b = sorted((inp.below(13), inp.below(13)))
        return f"[{RANKS[a]}-{RANKS[b]}]" if inp.flag() else f"[{RANKS[b]}-{RANKS[a]}]"
    if k == 6:
        return "[" + ",".join(RANKS[inp.below(13)] for _ in range(inp.between(0, 3))) + "]"
    if k == 7:
        return inp.pick(_PIECES)
    return inp.text(6)


def _text(inp: Input) -> str:
    patterns = []
    for _ in range(inp.pick([1, 1, 1, 2, 3, 0])):
        patterns.append(" ".join(_token(inp) for _ in range(inp.pick([3, 3, 4, 6, 7, 2, 8]))))
    return ", ".join(patterns)


def _check_range(r: Range) -> None:
    combos = list(r)
    assert len(combos) == len(r) == len(set(combos)) > 0
    assert combos == sorted(combos)
    for c in combos[:200]:
        assert 3 <= len(c) <= 7 and len(set(c)) == len(c), c
        assert all(0 <= code < 52 for code in c), c
        downs = [c[0], c[1]] + ([c[6]] if len(c) == 7 else [])
        assert downs == sorted(downs), c
        assert c in r
    assert Range(r.text) == r


def _kernels(inp: Input) -> None:
    from razzcore import _core

    if inp.flag():
        lo = inp.pick([-1, 0, 1, 5, 49204, 49205, 2**64])
        hi = lo + inp.pick([-1, 0, 1, 2])
        if hi - lo > 2:
            return
        win, tie, share, total = _core.equity_chart_hu(lo, hi)
        for i in range(455):
            assert share[i] <= UNITS * total[i] and win[i] + tie[i] <= total[i]
        return
    classes: list[Any] = []
    for _ in range(inp.pick([1, 2, 3, 0])):
        left = [4] * 13
        players = []
        for _ in range(inp.pick([2, 2, 3, 1, 9])):
            known = [0] * 13
            for _ in range(inp.between(4, 7)):
                r = inp.below(13)
                if left[r]:
                    left[r] -= 1
                    known[r] += 1
            missing = 7 - sum(known)
            if inp.below(8) == 0:
                missing = inp.pick([-1, 8, 0])
            players.append((known, missing))
        players.sort(key=lambda e: -e[1])
        if inp.below(8) == 0:
            left[inp.below(13)] = inp.pick([5, -1])
        classes.append((players, left))
    weights = [inp.pick([1, 2, 5, 0, -1, 2**63]) for _ in classes]
    if inp.below(8) == 0:
        weights.append(1)
    if inp.flag():
        for players, left in classes:
            if _core.equity_outcomes(players, left) > 2_000_000:
                return
        for win, _, share, _, total in _core.equity_exact_classes(classes):
            assert sum(share) == UNITS * total and all(w <= total for w in win)
    else:
        win, _, share, _, total = _core.equity_mc_classes(
            classes, weights, inp.big_int(), inp.between(-1, 2), inp.between(-1, 2),
            inp.pick([1, 50, 0]), inp.pick([0, 1, 100, 2**41]))
        assert sum(share) == UNITS * total


def one_input(data: bytes) -> None:
    limit, ranges.MAX_COMBOS = ranges.MAX_COMBOS, LIMIT
    try:
        _one_input(data)
    finally:
        ranges.MAX_COMBOS = limit


def _one_input(data: bytes) -> None:
    inp = Input(data)
    if inp.below(6) == 0:
        _kernels(inp)
        return
    text: Any = _text(inp) if inp.below(8) else inp.pick_or_hostile(["", "A 2 3", None])
    r = Range(text)
    _check_range(r)
    if len(r) > 3000 or len(r.sizes) != 1:
        return
    size = next(iter(r.sizes))
    hero = "Kd Qd Jd Td 9d 8d 7d"[: 3 * max(3, size) - 1]
    trials = inp.pick([200, 1000])
    try:
        res = equity([hero, r], exact=None if size >= 5 else False, trials=None
                     if size >= 5 else trials, seed=inp.below(1000))
    except Exception as exc:
        if "collides" in str(exc):
            return
        raise
    assert math.isclose(sum(res.equity), 1.0, abs_tol=1e-9), res
    assert sum(res.shares) == UNITS * res.outcomes
    assert res.combos is not None and 0 < res.combos <= len(r)
    str(res)


if __name__ == "__main__":
    main(one_input)
    sys.exit(0)
