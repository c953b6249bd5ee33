"""A plain exact equity enumerator over rank patterns, the oracle of the exact walks.

It takes the exact kernel's input (``players``: ``(known_counts[13], missing,
community)`` per player; ``remaining``: unseen cards per rank) and walks, player
after player, every multiset of ranks the player can still receive, weighted by
the number of card combinations it stands for (``prod_r C(left_r, k_r)`` out of
what the players before him left), then ranks every hand with the brute-force
evaluator of tests/reference.py.  A community card is drawn first, one rank at a
time, weighted by the cards of that rank.  Nothing is shared with razzcore's
kernels: no table, no grouping, no sorting, no shortcut.

>>> heads_up = [([1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0], 1, 0),
...             ([0] * 7 + [1, 1, 1, 1, 1, 0], 2, 0)]
>>> rest = [0] * 6 + [1, 0, 0, 0, 0, 0, 2]
>>> oracle_counts(heads_up, rest)   # his 7 or a king: he always wins
((3, 0), (0, 0), (2520, 0), 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from math import comb

from reference import ref_rank

__all__ = ["oracle_counts", "oracle_leaves", "oracle_outcomes"]

UNITS = 840

_rank = cache(ref_rank)

Player = tuple[Sequence[int], int, int]
Counts = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int]


def _patterns(m: int, left: list[int], r: int = 0) -> list[tuple[tuple[int, int], ...]]:
    """Every way to take ``m`` cards of ranks ``r..12`` from ``left``, as
    ``((rank, count), ...)``."""
    if m == 0:
        return [()]
    if r == 13:
        return []
    out = []
    for k in range(min(m, left[r]) + 1):
        for rest in _patterns(m - k, left, r + 1):
            out.append((((r, k),) if k else ()) + rest)
    return out


def oracle_counts(players: Sequence[Player], remaining: Sequence[int]) -> Counts:
    """``(wins, ties, shares, outcomes)`` of every deal (shares in 1/840)."""
    n = len(players)
    wins, ties, shares = [0] * n, [0] * n, [0] * n
    total = 0
    ranks = [0] * n

    def settle(weight: int) -> None:
        nonlocal total
        best = min(ranks)
        winners = [i for i in range(n) if ranks[i] == best]
        total += weight
        for i in winners:
            if len(winners) == 1:
                wins[i] += weight
            else:
                ties[i] += weight
            shares[i] += weight * (UNITS // len(winners))

    def deal(p: int, left: list[int], extra: int | None, weight: int) -> None:
        if p == n:
            settle(weight)
            return
        known, missing, community = players[p]
        for pattern in _patterns(missing, left):
            hand = [r for r in range(13) for _ in range(known[r])]
            w = weight
            rest = list(left)
            for r, k in pattern:
                hand += [r] * k
                w *= comb(rest[r], k)
                rest[r] -= k
            if community and extra is not None:
                hand.append(extra)
            ranks[p] = _rank(tuple(sorted(hand)))
            deal(p + 1, rest, extra, w)

    if any(c for _, _, c in players):
        for r in range(13):
            if remaining[r]:
                left = list(remaining)
                left[r] -= 1
                deal(0, left, r, remaining[r])
    else:
        deal(0, list(remaining), None, 1)
    return tuple(wins), tuple(ties), tuple(shares), total


def oracle_leaves(players: Sequence[Player], remaining: Sequence[int]) -> int:
    """An upper bound on the deals :func:`oracle_counts` walks (to keep tests small)."""
    out = 13 if any(c for _, _, c in players) else 1
    for _, missing, _ in players:
        out *= len(_patterns(missing, list(remaining)))
    return out


def oracle_outcomes(players: Sequence[Player], remaining: Sequence[int]) -> int:
    """The number of deals: C(U, m1) C(U - m1, m2) ... (times U with a community card)."""
    unseen, out = sum(remaining), 1
    if any(c for _, _, c in players):
        out, unseen = unseen, unseen - 1
    for _, m, _ in players:
        out *= comb(unseen, m)
        unseen -= m
    return out
