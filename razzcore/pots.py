"""Pot building, uncalled wagers and splitting with odd chips (R16, R17, R21).

These are pure functions over per-seat integer lists; the hand state machine
(:mod:`razzcore.hand`) calls them.

>>> from razzcore.pots import build_pots, split_amount
>>> for pot in build_pots([1, 5, 12, 12], [True, True, True, True]):
...     print(pot)
Pot(amount=4, eligible=(0, 1, 2, 3))
Pot(amount=12, eligible=(1, 2, 3))
Pot(amount=14, eligible=(2, 3))
>>> split_amount(127, [2, 0])
{2: 64, 0: 63}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

__all__ = ["Award", "Pot", "build_pots", "split_amount", "uncalled_excess"]


class Pot(NamedTuple):
    """One pot: its ``amount`` and the seats (0-based) ``eligible`` to win it.

    >>> Pot(40, (0, 1, 2, 3)).amount
    40
    """

    amount: int
    eligible: tuple[int, ...]


class Award(NamedTuple):
    """Chips pushed to a seat: ``amount`` from pot number ``pot`` (0 = main).

    >>> Award(1, 64, 0).amount
    64
    """

    seat: int
    amount: int
    pot: int


def build_pots(totals: Sequence[int], live: Sequence[bool]) -> list[Pot]:
    """Main pot first, then side pots, from each seat's total contribution.

    ``totals[s]`` is everything seat ``s`` put in (antes included) after any
    uncalled excess was returned; ``live[s]`` says whether the seat can still win
    (dealt in and not folded).  Each layer between consecutive distinct live
    totals is a pot, holding every seat's chips in that layer; chips of folded
    seats above the highest live total go to the top pot (R16).  Layers that
    hold no chips are dropped.

    >>> build_pots([2, 2, 7, 7], [True, False, True, True])
    [Pot(amount=8, eligible=(0, 2, 3)), Pot(amount=10, eligible=(2, 3))]
    >>> build_pots([10, 30, 5], [False, True, False])
    [Pot(amount=45, eligible=(1,))]
    """
    n = len(totals)
    levels = sorted({totals[s] for s in range(n) if live[s]})
    pots: list[Pot] = []
    prev = 0
    for i, top in enumerate(levels):
        last = i == len(levels) - 1
        amount = 0
        for c in totals:
            if c > prev:
                amount += (c if (last or c < top) else top) - prev
        eligible = tuple(s for s in range(n) if live[s] and totals[s] >= top)
        if amount > 0:
            if pots and pots[-1].eligible == eligible:
                pots[-1] = Pot(pots[-1].amount + amount, eligible)
            else:
                pots.append(Pot(amount, eligible))
        prev = top
    return pots


def uncalled_excess(bets: Sequence[int]) -> tuple[int, int]:
    """``(seat, amount)`` of the part of the largest wager that nobody matched
    (R17), or ``(-1, 0)`` when the largest wager is matched.

    >>> uncalled_excess([20, 0, 0])
    (0, 20)
    >>> uncalled_excess([20, 20, 7])
    (-1, 0)
    >>> uncalled_excess([5, 27, 20])
    (1, 7)
    """
    top = -1
    first = second = 0
    for s, b in enumerate(bets):
        if b > first:
            second, first, top = first, b, s
        elif b > second:
            second = b
    if top < 0 or first == second:
        return -1, 0
    return top, first - second


def split_amount(amount: int, winners_in_odd_chip_order: Sequence[int]) -> dict[int, int]:
    """Split ``amount`` evenly among the winners; the ``r = amount % k``
    leftover chips go one each to the first ``r`` winners (R21).

    >>> split_amount(10, [3, 1, 2])
    {3: 4, 1: 3, 2: 3}
    """
    k = len(winners_in_odd_chip_order)
    share, rest = divmod(amount, k)
    return {s: share + (1 if i < rest else 0) for i, s in enumerate(winners_in_odd_chip_order)}
