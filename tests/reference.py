"""The plain reference ace-to-five evaluator every test and benchmark checks razzcore against.

Written from the rules text (R19 of docs/rules.md), sharing nothing with razzcore's
evaluator or its table generator: fewer pairs is better (no pair < one pair < two pair <
trips < full house < quads); then the paired ranks (lower wins, the larger group and then
the higher pair first); then the remaining cards from the highest down; aces low; suits,
straights and flushes mean nothing.  A hand of 5 to 7 cards is worth its best five-card
subset, found by brute force.

Ranks are ``0`` (ace) .. ``12`` (king); card codes are ``4 * rank + suit``.

>>> ref_rank((0, 1, 2, 3, 4)), ref_rank((11, 12, 12, 12, 12))
(1, 6175)
>>> ref_evaluate((3, 5, 8, 14, 28))  # As 2d 3c 4h 8c
22

The other games' lows, written as their rules say: a low "eight or better" (``qualifier=8``)
is five cards of five different ranks, none above the eight, and the best such five counts
(None when there is none); Omaha's low takes exactly two of the hole cards and exactly three
of the board's, by brute force over every such choice.

>>> ref_low((3, 5, 8, 14, 28, 32, 36), qualifier=8), ref_low((3, 5, 8, 14, 32), qualifier=8)
(22, None)
>>> ref_omaha((0, 5, 26, 30), (9, 13, 22, 47, 45))
2
>>> print(ref_omaha((0, 5, 32, 36), (9, 13, 40, 47, 45), qualifier=8))
None
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import combinations, combinations_with_replacement

__all__ = [
    "FIVE_RANK_CLASSES",
    "RANK_OF_CLASS",
    "low_key",
    "rank_multisets",
    "ref_evaluate",
    "ref_low",
    "ref_omaha",
    "ref_rank",
]

_CATEGORY = {
    (1, 1, 1, 1, 1): 0,  # no pair
    (2, 1, 1, 1): 1,  # one pair
    (2, 2, 1): 2,  # two pair
    (3, 1, 1): 3,  # trips
    (3, 2): 4,  # full house
    (4, 1): 5,  # quads
}


def low_key(ranks: Iterable[int]) -> tuple[int, ...]:
    """The comparison key of five ranks: smaller is the better low hand.

    >>> low_key((6, 3, 2, 1, 0)) < low_key((7, 3, 2, 1, 0)) < low_key((0, 0, 1, 2, 3))
    True
    """
    counts = Counter(ranks)
    shape = tuple(sorted(counts.values(), reverse=True))
    grouped = sorted(counts.elements(), key=lambda r: (-counts[r], -r))
    return (_CATEGORY[shape], *grouped)


def rank_multisets(n: int) -> list[tuple[int, ...]]:
    """Every sorted multiset of ``n`` ranks a deck can hold (no rank more than 4 times)."""
    return [
        m for m in combinations_with_replacement(range(13), n) if max(Counter(m).values()) <= 4
    ]


FIVE_RANK_CLASSES: tuple[tuple[int, ...], ...] = tuple(sorted(rank_multisets(5), key=low_key))
"""The 6,175 five-card rank classes, best (5-4-3-2-A) first."""

RANK_OF_CLASS: dict[tuple[int, ...], int] = {m: i + 1 for i, m in enumerate(FIVE_RANK_CLASSES)}
"""Dense rank of each sorted five-rank class: 1 = 5-4-3-2-A ... 6175 = K-K-K-K-Q."""


def ref_rank(ranks: tuple[int, ...]) -> int:
    """The rank (1 = best) of the best five of 5 to 7 ranks, by brute force (not
    memoised, so that it can serve as a timing baseline; wrap it in
    ``functools.cache`` where a test calls it on the same ranks many times)."""
    return min(RANK_OF_CLASS[tuple(sorted(sub))] for sub in combinations(ranks, 5))


def ref_evaluate(codes: Iterable[int]) -> int:
    """The rank of 5 to 7 card codes (suits ignored)."""
    return ref_rank(tuple(sorted(c >> 2 for c in codes)))


def _qualifying(ranks: tuple[int, ...], qualifier: int | None) -> bool:
    """Five ranks make a ``qualifier``-or-better low: all different, none above it."""
    if qualifier is None:
        return True
    return len(set(ranks)) == 5 and max(ranks) + 1 <= qualifier


def ref_low(codes: Iterable[int], qualifier: int | None = None) -> int | None:
    """The best low of 5 to 7 card codes, counting only five that qualify
    (None when no five do)."""
    ranks = [c >> 2 for c in codes]
    found = [
        RANK_OF_CLASS[tuple(sorted(sub))]
        for sub in combinations(ranks, 5)
        if _qualifying(sub, qualifier)
    ]
    return min(found) if found else None


def ref_omaha(
    hole: Iterable[int], board: Iterable[int], qualifier: int | None = None
) -> int | None:
    """The best Omaha low of card codes: exactly two from ``hole``, exactly three
    from ``board``, every choice tried (None when no choice qualifies)."""
    hole_ranks = [c >> 2 for c in hole]
    board_ranks = [c >> 2 for c in board]
    found = [
        RANK_OF_CLASS[tuple(sorted(two + three))]
        for two in combinations(hole_ranks, 2)
        for three in combinations(board_ranks, 3)
        if _qualifying(two + three, qualifier)
    ]
    return min(found) if found else None
