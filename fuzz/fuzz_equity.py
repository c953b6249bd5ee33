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
    from razzcore.errors import brief
    from razzcore.odds.calculator import equity, estimate_work
    from razzcore.odds.hand_equity import UNITS


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
    return inp.pick_or_hostile([-1, 52, 2**64, "Xx", " ?? ", "?", None, 1.0, True, b"As", "10h"])


def _hand(inp: Input, used: set[int]) -> Any:
    n = inp.pick([3, 3, 4, 5, 6, 7, 7, 0, 2, 8])
    cards = [_card(inp, used) for _ in range(n)]
    form = inp.below(6)
    if form <= 2:
        return cards
    if form == 3:
        return " ".join(brief(c) if not isinstance(c, int) or not 0 <= c < 52
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


def _kernels(inp: Input) -> None:
    """The compiled kernels called directly (they are importable, so they
    validate their own arguments): arbitrary per-rank counts, players in any
    order, community flags, pattern and chunk ranges."""
    from razzcore import _core

    def count() -> int:
        return inp.pick([0, 0, 1, 1, 2, 4, 5, -1])

    players: list[tuple[Any, ...]] = []
    remaining: list[int]
    if inp.below(4):  # a consistent request from a real deal, then maybe one flaw
        left = [4] * 13
        for _ in range(inp.pick([1, 2, 2, 3, 4])):
            known = [0] * 13
            for _ in range(inp.between(0, 7)):
                r = inp.below(13)
                if left[r]:
                    left[r] -= 1
                    known[r] += 1
            players.append((known, 7 - sum(known)))
        players.sort(key=lambda e: -e[1])  # players receiving cards first
        for _ in range(inp.below(6)):  # dead cards
            r = inp.below(13)
            left[r] = max(0, left[r] - 1)
        remaining = left
        if inp.below(4) == 0:
            which = inp.below(3)
            if which == 0:
                remaining[inp.below(13)] = inp.pick([5, -1, 4])
            elif which == 1:
                k, m = players[0]
                players[0] = (k, m, inp.pick([0, 1, 2]))
            else:
                players.reverse()
    else:
        remaining = [inp.pick([4, 4, 3, 2, 0, 5]) for _ in range(inp.pick([13, 13, 12]))]
    for _ in range(0 if players else inp.pick([1, 2, 2, 3, 8, 9, 0])):
        known = [count() for _ in range(13)] if inp.flag() else [0] * 13
        missing = inp.between(-1, 8)
        entry: tuple[Any, ...] = (known, missing)
        if inp.flag():
            entry = (known, missing, inp.pick([0, 1, 2]))
        players.append(entry)
    if inp.flag():
        lo = inp.between(-1, 3)
        hi = lo + inp.between(-1, 3)
        outcomes = _core.equity_outcomes(players, remaining)
        if outcomes > 5_000_000:  # keep each input fast
            return
        win, tie, share, _, total = _core.equity_exact(players, remaining, lo, hi,
                                                        inp.pick([None, True, False]))
    else:
        win, tie, share, _, total = _core.equity_mc(
            players, remaining, inp.big_int(), inp.between(-1, 3), inp.between(-1, 3),
            inp.pick([1, 7, 100, 0, 2**41]), inp.pick([0, 1, 50, 300, 2**41]))
    assert sum(share) == UNITS * total, (share, total)
    assert all(w <= total and t <= total for w, t in zip(win, tie, strict=True))


def one_input(data: bytes) -> None:
    inp = Input(data)
    if inp.below(8) == 0:
        _kernels(inp)
        return
    used: set[int] = set()
    sane = inp.flag()
    nplayers = inp.pick([2, 2, 2, 3, 3, 4, 5, 8] if sane else [2, 3, 8, 1, 9])
    hands: Any = [(_sane_hand if sane else _hand)(inp, used) for _ in range(nplayers)]
    if not sane and inp.below(4) == 0:
        hands = inp.pick([tuple(hands), "As 2d 3c", None, {0: hands}, iter(hands)])
    dead: Any = [_card(inp, used) for _ in range(inp.pick([0, 0, 1, 3, 10]))]
    if inp.below(8) == 0:
        dead = inp.pick([" ".join(map(brief, dead)), bytes([1, 2, 60]), None, 5])
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
