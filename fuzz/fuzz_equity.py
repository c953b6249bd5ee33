#!/usr/bin/env python3
"""Fuzz ``equity`` / ``estimate_work`` arguments: 0..9 hands of 0..8 cards
(codes, text, ``"??"`` anywhere, duplicates, bad tokens), dead cards, ``exact``,
``trials``, ``seed`` and ``executor``.

Work is kept small (exact only when the estimate is small, a few thousand
trials) so the C kernels run thousands of times.  Accepted requests must give
shares in 0..1 that add up to one, and the same seed the same answer.
"""

from __future__ import annotations

import math
import sys
from typing import Any

from _harness import Input, instrumented, main

with instrumented():
    import razzcore
    from razzcore.equity import UNITS, equity, estimate_work


def _card(inp: Input, used: set[int]) -> Any:
    k = inp.below(16)
    if k <= 9:  # a fresh valid card, so most requests get to the kernel
        c = inp.below(52)
        for _ in range(52):
            if c not in used:
                break
            c = (c + 1) % 52
        used.add(c)
        return c if inp.flag() else razzcore.format_card(c)
    if k <= 11:
        return "??"
    if k == 12:
        return inp.below(52)  # maybe a duplicate
    return inp.pick([-1, 52, 2**64, "Xx", " ?? ", "?", None, 1.0, True, b"As", "10h",
                     inp.hostile()])


def _hand(inp: Input, used: set[int]) -> Any:
    n = inp.pick([3, 3, 4, 5, 6, 7, 7, 0, 2, 8])
    cards = [_card(inp, used) for _ in range(n)]
    form = inp.below(6)
    if form <= 2:
        return cards
    if form == 3:
        return " ".join(str(c) if not isinstance(c, int) or not 0 <= c < 52
                        else razzcore.format_card(c) for c in cards)
    if form == 4:
        return tuple(cards)
    return inp.pick([None, 7, "As", {"a": 1}, iter(cards)])


def _sane_hand(inp: Input, used: set[int]) -> list[Any]:
    """3..7 cards, '??' only for down cards (positions 1, 2 and 7)."""
    out: list[Any] = []
    for pos in range(inp.between(3, 7)):
        if pos in (0, 1, 6) and (inp.below(3) == 0 or len(used) == 52):
            out.append("??")
        elif len(used) == 52:
            break
        else:
            c = inp.below(52)
            while c in used:
                c = (c + 1) % 52
            used.add(c)
            out.append(c)
    return out


def one_input(data: bytes) -> None:
    inp = Input(data)
    used: set[int] = set()
    sane = inp.flag()
    nplayers = inp.pick([2, 2, 2, 3, 3, 4, 5, 8] if sane else [2, 3, 8, 1, 9])
    hands: Any = [(_sane_hand if sane else _hand)(inp, used) for _ in range(nplayers)]
    if not sane and inp.below(4) == 0:
        hands = inp.pick([tuple(hands), "As 2d 3c", None, {0: hands}, iter(hands)])
    dead: Any = [_card(inp, used) for _ in range(inp.pick([0, 0, 1, 3, 10]))]
    if inp.below(8) == 0:
        dead = inp.pick([" ".join(map(str, dead)), bytes([1, 2, 60]), None, 5])
    work = estimate_work(hands, dead)
    assert type(work) is int and work >= 0, work
    exact: Any = inp.pick([None, True, False, False] + ([] if sane else [1, "yes"]))
    trials: Any = inp.pick([None, 1, 100, 1000, 3000] + ([] if sane else [0, 2**80, 1.5, True]))
    seed: Any = inp.pick([None, 0, 1, 2**64 - 1, 2**80, -7] + ([] if sane else ["1", 1.0]))
    executor: Any = None if sane else inp.pick([None, object(), 5])
    if work > 200_000 and exact is not False:
        exact, trials = False, min(trials, 2000) if isinstance(trials, int) else trials
    if exact is not True and trials is None:
        trials = 1000
    if isinstance(trials, int) and not isinstance(trials, bool) and trials > 5000:
        trials = 5000
    r = equity(hands, dead, exact=exact, trials=trials, seed=seed, executor=executor)
    n = len(r.equity)
    assert 2 <= n <= 8 and len(r.win) == len(r.tie) == len(r.hands) == n
    assert all(0.0 <= e <= 1.0 for e in r.equity + r.win + r.tie), r
    assert r.outcomes > 0, r
    assert math.isclose(sum(r.equity), 1.0, abs_tol=1e-9), r
    assert sum(r.shares) == UNITS * r.outcomes, r
    str(r)
    if not r.exact:
        again = equity(hands, dead, exact=False, trials=trials, seed=r.seed)
        assert again.shares == r.shares, (r, again)


if __name__ == "__main__":
    main(one_input)
    sys.exit(0)
