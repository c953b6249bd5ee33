"""Dealing a razz hand: the deck, the R4 dealing order, burns and the
7th-street shortage procedures (R4, R18, R22).

Cards are consumed from ``_deck`` (top = index 0) in exactly R4's order, so a
stacked deck given to :class:`~razzcore.hand.Hand` deals predictably.

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
from ._state import DEAL_ENTRY, RANK_BIT, HandState
from .cards import CardsLike, check_distinct, parse_cards
from .errors import CardError, RulesError, brief

__all__ = ["Dealing", "shuffle"]


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


_ORDERED = list(range(52))  # copied, never changed


class Dealing(HandState):
    """Deck and dealing methods of a hand (mixed into :class:`~razzcore.hand.Hand`).

    >>> from razzcore.hand import Hand
    >>> from razzcore.rules import Rules
    >>> Hand(Rules(2, 5, 10, 20), [50, 50], seed=1).cards_left  # 52 - 2 x 3
    46
    """

    __slots__ = ()

    def _make_deck(self, deck: CardsLike | None, rng: random.Random) -> list[int]:
        """The deck, top first; also pre-draws the seed of a possible TDA
        7th-street remix (R18), so ``rng`` is never used after construction
        and copies of the hand deal the same future cards."""
        self._remix_seed = 0
        if deck is None:
            cards = _ORDERED[:]
            # Only the cards that can be dealt need shuffling (uniform prefix);
            # the rest is only ever used after a TDA remix, which shuffles it.
            dealt = sum(self._dealt)
            shuffle(cards, rng, 7 * dealt + 5)
            rules = self.rules
            # A remix needs fewer than live + 2 cards left at 7th street; at
            # worst nobody folds: 52 - 6m cards (and 3 burns) are left then.
            if rules.seventh_street_shortage == "tda_rp10h" and (
                52 - 6 * dealt - 3 * rules.burn_cards < dealt + 2
            ):
                getrandbits = getattr(rng, "getrandbits", None)
                if not callable(getrandbits):
                    raise RulesError(
                        "this rule set may need a TDA 7th-street remix: the rng needs "
                        "getrandbits(k), as random.Random has"
                    )
                bits = getrandbits(64)
                if type(bits) is not int or not 0 <= bits < 1 << 64:
                    raise RulesError(
                        f"rng.getrandbits(64) returned {brief(bits)}, not a 64-bit int"
                    )
                self._remix_seed = bits
            return cards
        try:
            given = list(parse_cards(deck))
            check_distinct(given)
        except CardError as exc:
            raise RulesError(f"bad deck: {exc}") from None
        used = set(given)
        rest = [c for c in range(52) if c not in used]
        shuffle(rest, rng)
        return given + rest

    def _draw(self) -> int:
        c = self._deck[self._dpos]
        self._dpos += 1
        return c

    def _deal_third(self, seats: list[int]) -> None:
        """R4: two face-down passes and a face-up pass over ``seats`` (the
        dealt-in seats in seat order): seat ``k`` of them gets deck positions
        ``k``, ``k + m`` and ``k + 2m``."""
        deck, dpos, m = self._deck, self._dpos, len(seats)
        cards, up, bk, log = self._cards, self._up, self._bk, self._log
        for k, s in enumerate(seats):
            mine = cards[s] = deck[dpos + k : dpos + 3 * m : m]
            door = mine[2]
            up[s] = [door]
            bk[s] = RANK_BIT[door]
            log.append(("dh", s, tuple(mine)))
        self._dpos = dpos + 3 * m

    def _deal_street(self, seats: list[int]) -> None:
        """Deal the current street (4..7) to ``seats``, the live seats in seat
        order."""
        burn = self.rules.burn_cards
        if self._street < 7:
            deck, dpos = self._deck, self._dpos
            if burn:
                self._burns.append(deck[dpos])
                dpos += 1
            cards, up, bk, log = self._cards, self._up, self._bk, self._log
            for s in seats:
                c = deck[dpos]
                dpos += 1
                cards[s].append(c)
                up[s].append(c)
                bk[s] += RANK_BIT[c]
                log.append(DEAL_ENTRY[s][c])
            self._dpos = dpos
            return
        left = len(self._deck) - self._dpos
        need = len(seats)
        if self.rules.seventh_street_shortage == "tda_rp10h":
            # TDA RP-10-H: live players + 1 burn + 1 bottom card never dealt.
            required = need + 2
            if left >= required:
                community = False
            elif left + len(self._burns) >= required:
                self._remix()
                community = False
            elif left >= 3:
                community = True
            else:
                self._remix()
                community = True
            self._draw()  # the burn
        else:
            if burn and left >= 2:
                self._draw()
            community = len(self._deck) - self._dpos < need
        if community:
            c = self._draw()
            self._community = c
            self._log.append(("db", c))
            return
        for s in seats:
            c = self._draw()
            self._cards[s].append(c)
            self._log.append(DEAL_ENTRY[s][c])

    def _remix(self) -> None:
        """TDA RP-10-H: mix the stub with the three earlier burns and cut.
        With an explicit deck the mixed stub is the stub followed by the burns
        (deterministic); otherwise it is shuffled with a generator seeded by
        the 64 bits drawn from the hand's rng at construction (at most 12
        cards: 64 bits are ample)."""
        stub = self._deck[self._dpos :] + self._burns
        self._burns = []
        if not self._explicit:
            shuffle(stub, random.Random(self._remix_seed))
        self._deck = self._deck[: self._dpos] + stub
