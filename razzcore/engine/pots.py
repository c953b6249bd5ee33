"""Pots and awards as a hand reports them (R16, R21).

The engine builds the pots and pushes the chips (``src/razz_engine.h``);
these are the records :class:`~razzcore.engine.hand.Hand` reads them into.

>>> from razzcore.engine.hand import Hand
>>> from razzcore.engine.rules import Rules
>>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd")
>>> h.act("pb"); h.act("f"); h.awards
[Award(seat=0, amount=4, pot=0)]
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Award", "Pot"]


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
