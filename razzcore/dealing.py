"""Shuffling the deck a hand is dealt from.

:class:`~razzcore.hand.Hand` shuffles with the same loop (in C, over its
deck): a seeded hand deals the cards :func:`shuffle` would put on top.  The
dealing itself (R4: the order, burns, the 7th-street shortage procedures of
R18) is the engine's (``src/razz_engine.h``).

>>> from razzcore.hand import Hand
>>> from razzcore.rules import Rules
>>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="As 2s 3s 4s 5s 6s")
>>> h.hole_cards(0), h.board(1)
((3, 11, 19), (23,))
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence

from ._core import shuffle_prefix

__all__ = ["shuffle"]


def shuffle(cards: MutableSequence[int], rng: random.Random, count: int | None = None) -> None:
    """Fisher-Yates shuffle in place driven by ``rng.random()``: several times
    faster than :meth:`random.Random.shuffle`, deterministic for a seeded
    ``rng``, and as fair as ``rng`` itself (bias below 2**-45 for a 52-card
    deck; use :class:`secrets.SystemRandom` where fairness matters).  With
    ``count`` only the first ``count`` positions are drawn (a uniformly random
    prefix; the rest keeps its order).

    >>> deck = list(range(52))
    >>> shuffle(deck, random.Random(1)); sorted(deck) == list(range(52))
    True
    """
    size = len(cards)
    last = size - 1 if count is None else min(count, size - 1)
    if type(cards) is list:
        # Position i swaps with i + int(rng.random() * (size - i)), looped in C.
        shuffle_prefix(cards, rng.random, last)
        return
    mixed = list(cards)  # any other mutable sequence: shuffle a list copy
    shuffle_prefix(mixed, rng.random, last)
    for i, c in enumerate(mixed):
        cards[i] = c
