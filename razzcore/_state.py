"""The shared state of a razz hand and small helpers over it (internal).

:class:`HandState` holds every field of a hand as plain lists and ints (no
deep structures, cheap to copy).  The dealing (:mod:`razzcore.dealing`), the
showdown (:mod:`razzcore.showdown`) and the betting (:mod:`razzcore.hand`)
each add their methods on top of it; :class:`razzcore.hand.Hand` combines them.

>>> from razzcore.hand import Hand
>>> from razzcore.rules import Rules
>>> isinstance(Hand(Rules(2, 5, 10, 20), [50, 50], seed=1), HandState)
True
"""

from __future__ import annotations

import itertools
from operator import sub

from . import evaluator
from ._core import (
    BRING,
    CALL_ENTRY,
    FOLD_ENTRY,
    NORMAL,
    OPEN,
    OVER,
    POST_ENTRY,
    SHOW,
    HandCore,
)
from .pots import Award, Pot

__all__ = [
    "BRING",
    "CALL_ENTRY",
    "CORE_FIELDS",
    "DEAL_ENTRY",
    "FOLD_ENTRY",
    "NORMAL",
    "OPEN",
    "OVER",
    "POST_ENTRY",
    "RANK_BIT",
    "SHOW",
    "HandState",
    "board_key",
    "board_order_index",
    "suit_keyed_codes",
]

# Phases and the shared log entries of the hot path are defined by the compiled
# core (razzcore/_betting.pxi), which applies the actions.
CORE_FIELDS = (
    "rules",
    "_n",
    "_stacks",
    "_bets",
    "_contrib",
    "_live",
    "_acted",
    "_last",
    "_reopen",
    "_log",
    "_cw",
    "_street",
    "_phase",
    "_actor",
    "_aggressor",
    "_first_actor",
    "_round_street",
    "_sixth_first",
    "_u",
    "_high",
    "_level",
    "_count",
    "_capped_multi",
    "_opts",
)
"""The fields of :class:`razzcore._core.HandCore` (the rest are ``HandState``'s
slots): with them, a hand's whole state for pickling."""

DEAL_ENTRY = tuple(tuple(("dh", s, (c,)) for c in range(52)) for s in range(8))
RANK_BIT = tuple(1 << 4 * (c >> 2) for c in range(52))
"""Each card's term in a seat's packed board ranks (see :func:`board_order_index`)."""

_BOARD_KEYS: dict[tuple[int, ...], tuple[int, ...]] = {}


def board_key(board: list[int]) -> tuple[int, ...]:
    """The evaluator's board key (R12, lower acts first) of 1-4 face-up cards,
    memoised by ranks (the key ignores suits).

    >>> board_key([27, 13]) < board_key([28, 5])  # 7-4 before 8-2
    True
    """
    ranks = tuple(sorted([c >> 2 for c in board]))
    key = _BOARD_KEYS.get(ranks)
    if key is None:
        key = _BOARD_KEYS[ranks] = tuple(evaluator.rank_board(board))
    return key


_BOARD_ORDER: dict[int, int] = {}


def board_order_index(packed: int) -> int:
    """The place of a board in R12 order (lower acts first; equal boards get
    equal places) from ``packed``, the sum of ``1 << 4 * rank`` over its 1-4
    up cards: seats keep that rank multiset up to date as cards are dealt, so
    ranking the boards of a street is one dict look-up per seat.  The table
    of every 1-4 card rank multiset (2,379 of them) is built on first use.

    >>> seven_four = (1 << 4 * 6) + (1 << 4 * 3)
    >>> eight_two = (1 << 4 * 7) + (1 << 4 * 1)
    >>> board_order_index(seven_four) < board_order_index(eight_two)
    True
    """
    return (_BOARD_ORDER or _board_places())[packed]


def _board_places() -> dict[int, int]:
    """Build the table (first use) and publish it in one step: a thread that
    finds ``_BOARD_ORDER`` non-empty must never see it half filled."""
    global _BOARD_ORDER
    if not _BOARD_ORDER:
        keys: dict[int, tuple[int, ...]] = {}
        for size in range(1, 5):
            for ranks in itertools.combinations_with_replacement(range(13), size):
                board = [4 * r + ranks[:i].count(r) for i, r in enumerate(ranks)]
                keys[sum(1 << 4 * r for r in ranks)] = board_key(board)
        places = {k: i for i, k in enumerate(sorted(set(keys.values())))}
        _BOARD_ORDER = {packed: places[k] for packed, k in keys.items()}
    return _BOARD_ORDER


_SUIT_KEYS: dict[tuple[str, ...], tuple[int, ...]] = {}


def suit_keyed_codes(suit_order: tuple[str, ...]) -> tuple[int, ...]:
    """Map each card code to ``4 * rank + suit_rank`` under ``suit_order``
    (lowest suit first), so a higher mapped code is a higher card.

    >>> suit_keyed_codes(("c", "d", "h", "s"))[51], suit_keyed_codes(("s", "h", "d", "c"))[51]
    (51, 48)
    """
    keyed = _SUIT_KEYS.get(suit_order)
    if keyed is None:
        rank = {ch: i for i, ch in enumerate(suit_order)}
        keyed = _SUIT_KEYS[suit_order] = tuple(
            4 * (c >> 2) + rank["cdhs"[c & 3]] for c in range(52)
        )
    return keyed


class HandState(HandCore):
    """Every field of a hand, and helpers that read them (see module doc).
    The fields of the betting loop (stacks, bets, the turn, the round's
    wager count...) and the loop itself live in the compiled base
    :class:`razzcore._core.HandCore`.

    >>> from razzcore.hand import Hand
    >>> from razzcore.rules import Rules
    >>> Hand(Rules(2, 5, 10, 20), [50, 50, 50], seed=1)._active_count()
    3
    """

    __slots__ = (
        "_absent",
        "_awards",
        "_away",
        "_bk",
        "_burns",
        "_cards",
        "_community",
        "_dealt",
        "_deck",
        "_dpos",
        "_explicit",
        "_exposed",
        "_manual",
        "_order",
        "_payoffs",
        "_pos",
        "_rake",
        "_raked",
        "_ranks",
        "_remix_seed",
        "_replay",
        "_sd",
        "_sd_order",
        "_sd_pots",
        "_sk",
        "_start",
        "_up",
    )

    _order: tuple[int, ...]
    _pos: tuple[int, ...]
    _start: tuple[int, ...]
    _bk: list[int]
    _dealt: tuple[bool, ...]
    _cards: list[list[int]]
    _up: list[list[int]]
    _exposed: list[bool]
    _deck: list[int]
    _dpos: int
    _burns: list[int]
    _explicit: bool
    _remix_seed: int
    _replay: bool
    _community: int | None
    _manual: bool
    _sk: tuple[int, ...]
    _sd_order: list[int]
    _sd: dict[int, bool]
    _ranks: dict[int, int]
    _payoffs: tuple[int, ...] | None
    _awards: list[Award]
    _absent: tuple[bool, ...]
    _away: tuple[int, ...]
    _rake: int
    _raked: int
    _sd_pots: list[Pot]

    def _active(self, s: int) -> bool:
        return self._live[s] and self._stacks[s] > 0

    def _first_actor_from(self, ranked: list[int]) -> int:
        first = ranked[0]
        if self._stacks[first] > 0:
            return first
        if self.rules.first_actor_all_in == "next_best_board":
            for s in ranked:
                if self._stacks[s] > 0:
                    return s
            return -1
        return self._next_active(first)

    def _ranked_live(self, seats: list[int] | None = None) -> list[int]:
        """Live seats (``seats`` if the caller has them, in seat order) from
        the best board (acts first, R12) to the worst, ties by
        ``later_street_tiebreak`` (R13)."""
        bk = self._bk
        if seats is None:
            live = self._live
            seats = [s for s in self._order if live[s]]
        order = _BOARD_ORDER or _board_places()
        if len(seats) == 2:  # heads-up: one comparison
            a, b = seats
            pa, pb = order[bk[a]], order[bk[b]]
            if pa == pb and self.rules.later_street_tiebreak == "high_card_by_suit":
                pa, pb = self._suit_high(a), self._suit_high(b)
                return [b, a] if pb > pa else [a, b]
            return [b, a] if pb < pa else [a, b]
        places = [order[bk[s]] for s in seats]
        if (
            len(set(places)) < len(seats)
            and self.rules.later_street_tiebreak == "high_card_by_suit"
        ):
            # Tied boards: the one holding the higher card by suit acts first,
            # i.e. the larger number whose base-64 digits are the seat's
            # suit-ordered codes from the highest down.
            # Only tied boards need it: a place alone already orders the rest.
            tied = places[:]
            for i, s in enumerate(seats):
                place = tied[i]
                places[i] = place << 24 | (
                    0xFFFFFF - self._suit_high(s) if tied.count(place) > 1 else 0
                )
        # Sort by place, then by position (stable): (place << 3 | index) is unique.
        keyed = sorted([p << 3 | i for i, p in enumerate(places)])
        return [seats[k & 7] for k in keyed]

    def _suit_high(self, s: int) -> int:
        """Seat ``s``'s up cards as one number, base 64, the highest
        suit-ordered code first: of two equal boards (R13) the larger number
        holds the higher card by suit."""
        sk = self._sk
        high = 0
        for c in sorted([sk[c] for c in self._up[s]], reverse=True):
            high = high << 6 | c
        return high

    def _expose_live(self) -> None:
        for s in range(self._n):
            if self._live[s]:
                self._exposed[s] = True

    def _take_rake(self, amounts: list[int]) -> list[int]:
        """The pot ``amounts`` (main pot first) after the house takes the
        hand's rake: from the main pot first, then each side pot in order,
        never more than the pots hold."""
        left = self._rake
        out = []
        for amount in amounts:
            take = amount if amount < left else left
            left -= take
            self._raked += take
            out.append(amount - take)
        return out

    def _finish(self) -> None:
        self._phase = OVER
        self._actor = -1
        self._payoffs = tuple(map(sub, self._stacks, self._start))
