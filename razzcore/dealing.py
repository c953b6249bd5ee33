"""The deck (:class:`Deck`) and its shuffle, the engine's own.

:class:`~razzcore.engine.hand.Hand` shuffles with the same loop (in C, over its
deck): a seeded hand deals the cards :func:`shuffle` would put on top.  The
dealing itself (R4: the order, burns, the 7th-street shortage procedures of
R18) is the engine's (``src/razz_engine.h``).

>>> from razzcore.engine.hand import Hand
>>> from razzcore.engine.rules import Rules
>>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="As 2s 3s 4s 5s 6s")
>>> h.hole_cards(0), h.board(1)
((3, 11, 19), (23,))
"""

from __future__ import annotations

import random
from collections.abc import Iterable, MutableSequence

from ._core import shuffle_prefix
from .cards import CardsLike, check_distinct, format_cards, parse_cards
from .errors import CardError, as_int, brief

__all__ = ["Deck", "shuffle"]


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


class Deck:
    """An ordered deck of cards, dealt from the top (index 0).

    ``Deck()`` is the 52 cards in code order; ``Deck.shuffled(rng)`` a shuffled
    one; ``Deck(cards)`` an explicit order (text or codes), which must hold
    distinct cards.

    >>> d = Deck("As 2d 3c")
    >>> d.deal(2), len(d)
    ((3, 5), 1)
    >>> d.deal(2)
    Traceback (most recent call last):
    ...
    razzcore.errors.CardError: cannot deal 2 cards: only 1 left in the deck
    """

    __slots__ = ("_cards", "_pos")

    def __init__(self, cards: CardsLike | None = None) -> None:
        codes = tuple(range(52)) if cards is None else parse_cards(cards)
        check_distinct(codes)
        self._cards: list[int] = list(codes)
        self._pos = 0

    @classmethod
    def shuffled(cls, rng: random.Random | None = None, *, exclude: Iterable[int] = ()) -> Deck:
        """A full deck (less ``exclude``) shuffled with ``rng`` (a
        :class:`random.Random`; use :class:`secrets.SystemRandom` where fairness
        matters) by :func:`razzcore.dealing.shuffle`, the engine's shuffle: a
        hand seeded with the same generator deals the same cards.

        >>> len(Deck.shuffled(random.Random(1), exclude=[0, 1]))
        50
        """

        if rng is not None and not callable(getattr(rng, "random", None)):
            raise CardError(f"rng must be a random.Random (or have its random()), not {brief(rng)}")

        gone = set(parse_cards(exclude))
        codes = [c for c in range(52) if c not in gone]
        shuffle(codes, rng or random.Random())
        deck = cls.__new__(cls)
        deck._cards, deck._pos = codes, 0
        return deck

    def deal(self, n: int = 1) -> tuple[int, ...]:
        """Deal ``n`` cards from the top."""
        count = as_int(n)
        if count is None:
            raise CardError(f"deal takes a number of cards, not {brief(n)}")
        n = count
        if n < 0:
            raise CardError(f"cannot deal {n} cards")
        if self._pos + n > len(self._cards):
            raise CardError(
                f"cannot deal {n} cards: only {len(self._cards) - self._pos} left in the deck"
            )
        out = tuple(self._cards[self._pos : self._pos + n])
        self._pos += n
        return out

    def remaining(self) -> tuple[int, ...]:
        """The undealt cards, top first."""
        return tuple(self._cards[self._pos :])

    def copy(self) -> Deck:
        """An independent copy (same order, same position)."""
        deck = Deck.__new__(Deck)
        deck._cards, deck._pos = list(self._cards), self._pos
        return deck

    def __len__(self) -> int:
        return len(self._cards) - self._pos

    def __repr__(self) -> str:
        return f"Deck({format_cards(self.remaining())!r})"
