"""Ace-to-five low evaluation: single hands, batches, boards and descriptions.

Ranks are dense: ``1`` is 5-4-3-2-A, ``6175`` is K-K-K-K-Q; lower is better and
equal ranks split the pot.

>>> from razzcore import evaluate, describe, best_five, format_cards
>>> evaluate("Ah 2h 3h 4h 5h Kc Kd")
1
>>> describe("Ks Qs Jd Tc 9h 2c 2d")
'Queen-Jack low, Q-J-T-9-2'
>>> format_cards(best_five("Ac Ad 2s 2h 3c 3d Kh"))
'Ad Ac Kh 3d 2s'
"""

from __future__ import annotations

import array
import sys
from collections.abc import Iterable, Sequence
from functools import total_ordering
from typing import Any, Literal

from . import _core
from ._core import evaluate, evaluate_mask, evaluate_omaha
from ._kernels import kernel_info
from .cards import RANK_NAMES, RANKS, CardsLike, check_distinct, format_cards, parse_cards
from .errors import BatchError, CardError, as_int, brief

__all__ = [
    "NUM_CLASSES",
    "LowHand",
    "best_five",
    "board_order",
    "bring_in_order",
    "cards_to_mask",
    "describe",
    "evaluate",
    "evaluate_batch",
    "evaluate_mask",
    "evaluate_omaha",
    "evaluate_omaha_batch",
    "kernel_info",
    "rank_board",
    "rank_histogram",
]

NUM_CLASSES = 6175
"""How many ace-to-five classes there are: ranks run from 1 (5-4-3-2-A) to 6175 (K-K-K-K-Q)."""


def _codes(cards: CardsLike, *, sizes: tuple[int, ...] = (5, 6, 7)) -> tuple[int, ...]:
    codes = parse_cards(cards)
    if len(codes) not in sizes:
        want = ", ".join(map(str, sizes[:-1])) + f" or {sizes[-1]}" if len(sizes) > 1 else sizes[0]
        raise CardError(f"a hand needs {want} cards, got {len(codes)}: {brief(cards)}")
    check_distinct(codes)
    return codes


def cards_to_mask(cards: CardsLike) -> int:
    """The 52-bit card mask of distinct cards.

    >>> bin(cards_to_mask("Ac 2c"))
    '0b10001'
    """
    codes = parse_cards(cards)
    check_distinct(codes)
    mask = 0
    for c in codes:
        mask |= 1 << c
    return mask


def rank_histogram(ncards: int = 7) -> list[int]:
    """Count every ``ncards``-card hand of the deck (5, 6 or 7) by rank.

    Returns 6,176 counts indexed by rank (index 0 is 0).  Seven cards means
    all 133,784,560 hands, enumerated in compiled code without the GIL.

    >>> h = rank_histogram(5)
    >>> sum(h), h[1], h[6175]
    (2598960, 1024, 4)
    """
    n = as_int(ncards)
    if n not in (5, 6, 7):
        raise CardError(f"ncards must be 5, 6 or 7, not {brief(ncards)}")
    return _core.rank_histogram(n)


def _as_rows(hands: Any, cards_per_hand: int | None, *, name: str = "hands",
             widths: tuple[int, int, int] = (5, 6, 7),
             per_row: str = "cards_per_hand") -> tuple[memoryview, int]:
    """The rows of ``name`` as a C-contiguous uint8 view, and the cards per row
    (one of ``widths``; a flat buffer takes it from ``per_row``)."""
    allowed = f"{widths[0]}, {widths[1]} or {widths[2]}"
    try:
        view = memoryview(hands)
    except TypeError:
        raise BatchError(
            f"{name} must support the buffer protocol (numpy array, array.array, bytes, "
            f"memoryview), not {type(hands).__name__}"
        ) from None
    if cards_per_hand is not None:
        per_hand = as_int(cards_per_hand)
        if per_hand is None:
            raise BatchError(f"{per_row} must be {allowed}, not {brief(cards_per_hand)}")
        cards_per_hand = per_hand
    if view.format not in ("B", "<B", "=B", "c") or view.itemsize != 1:
        raise BatchError(f"{name} must hold uint8 card codes, not format {brief(view.format)}")
    if not view.c_contiguous:
        raise BatchError(f"{name} must be C-contiguous (use numpy.ascontiguousarray)")
    if view.ndim == 2:
        if cards_per_hand is not None and cards_per_hand != view.shape[1]:  # type: ignore[index]
            raise BatchError(
                f"{per_row}={cards_per_hand} disagrees with the shape {view.shape}"
            )
        width = view.shape[1]  # type: ignore[index]
    elif view.ndim == 1:
        if cards_per_hand is None:
            if name != "hands":
                raise BatchError(f"{name} must be 2-D, shaped (N, {widths[0]}) .. (N, {widths[2]})"
                                 f", not {view.shape}")
            raise BatchError(f"a flat buffer needs {per_row}={allowed}")
        width = cards_per_hand
    else:
        shapes = ", ".join(f"(N, {w})" for w in widths[:2]) + f" or (N, {widths[2]})"
        raise BatchError(f"{name} must be shaped {shapes}, not {view.shape}")
    if width not in widths:
        raise BatchError(f"{name} must have {allowed} cards per row, not {width}")
    if view.nbytes % width:
        raise BatchError(f"a flat buffer of {view.nbytes} bytes is not rows of {width} cards")
    return view, width


def _new_out(n: int) -> Any:
    np = sys.modules.get("numpy")
    if np is None:
        try:
            import numpy as np
        except ImportError:
            np = None
    if np is not None:
        return np.empty(n, dtype=np.uint16)
    return array.array("H", bytes(2 * n))


def evaluate_batch(
    hands: Any,
    out: Any = None,
    *,
    threads: int | None = None,
    check: bool = True,
    cards_per_hand: int | None = None,
    qualifier: int | None = None,
) -> Any:
    """Evaluate many hands at once, in compiled code with the GIL released.

    ``hands`` is any C-contiguous buffer of uint8 card codes shaped (N, 5),
    (N, 6) or (N, 7): a numpy array, an ``array.array('B')``, ``bytes`` or a
    memoryview (flat buffers need ``cards_per_hand``).  Returns N uint16 ranks
    (a numpy array when numpy is installed, else ``array.array('H')``), or
    fills ``out``, any writable C-contiguous uint16 buffer of length N.

    ``threads`` splits the rows over that many threads (at most 256; ``None``: one thread
    for small batches, every core from 131,072 hands).  With ``check=True``
    a code >= 52 or a card twice in a row raises :class:`~razzcore.BatchError`
    naming the first bad row; ``check=False`` skips that for trusted input
    (bad rows then get an unspecified rank, but nothing is ever read or written
    out of bounds).  The compiled kernel (SIMD where the CPU has it) is picked at
    import; :func:`kernel_info` says which, and every kernel gives the same ranks.
    ``qualifier=8`` (or 5..13) writes 0 for a hand with no qualifying low
    (see :func:`evaluate`).

    >>> import array
    >>> hands = array.array("B", [0, 4, 8, 12, 16, 51, 50, 49, 48, 47])  # wheel; K-K-K-K-Q
    >>> [int(r) for r in evaluate_batch(hands, cards_per_hand=5)]
    [1, 6175]
    >>> [int(r) for r in evaluate_batch(hands, cards_per_hand=5, qualifier=8)]
    [1, 0]
    """
    limit = _core.qualifier_limit(qualifier)
    rows, width = _as_rows(hands, cards_per_hand)
    n = rows.nbytes // width
    out_view, result = _out_view(out, n)
    _core.batch(rows, width, out_view, threads, check, limit)
    return result


def _out_view(out: Any, n: int) -> tuple[memoryview, Any]:
    """A checked 1-D uint16 view of ``out`` (a new array when None) for ``n`` ranks,
    and the object to return."""
    result = _new_out(n) if out is None else out
    try:
        out_view = memoryview(result)
    except TypeError:
        raise BatchError(f"out must be a writable uint16 buffer, not {type(result).__name__}") \
            from None
    if out_view.readonly:
        raise BatchError("out is read-only")
    if out_view.format not in ("H", "<H", "=H") or out_view.itemsize != 2:
        raise BatchError(f"out must hold uint16, not format {brief(out_view.format)}")
    if out_view.ndim != 1 or not out_view.c_contiguous:
        raise BatchError("out must be a 1-D C-contiguous uint16 buffer")
    if out_view.shape[0] != n:  # type: ignore[index]
        raise BatchError(f"out has room for {out_view.shape[0]} ranks, but there are {n} hands")  # type: ignore[index]
    return out_view, result


def evaluate_omaha_batch(
    holes: Any,
    boards: Any,
    *,
    qualifier: int | None = None,
    out: Any = None,
    check: bool = True,
    threads: int | None = None,
) -> Any:
    """The Omaha low of many rows at once (see :func:`evaluate_omaha`), in compiled
    code with the GIL released.

    ``holes`` is a C-contiguous uint8 buffer shaped (N, 4), (N, 5) or (N, 6) and
    ``boards`` one shaped (N, 3), (N, 4) or (N, 5) (numpy arrays, or 2-D
    memoryviews).  Returns N uint16 ranks, ``0`` meaning no qualifying low
    (with ``qualifier=8``, or 5..13), or fills ``out``.  ``threads`` and
    ``check`` work as for :func:`evaluate_batch`; a code >= 52, or a card twice
    in a row's hole and board together, raises :class:`~razzcore.BatchError`
    naming the row.

    >>> import array
    >>> holes = memoryview(array.array("B", [0, 5, 26, 30, 32, 36, 40, 44])).cast("B", (2, 4))
    >>> board_codes = array.array("B", [9, 13, 22, 47, 45, 1, 6, 10, 48, 49])
    >>> boards = memoryview(board_codes).cast("B", (2, 5))
    >>> [int(r) for r in evaluate_omaha_batch(holes, boards, qualifier=8)]
    [2, 0]
    """
    limit = _core.qualifier_limit(qualifier)
    hrows, h = _as_rows(holes, None, name="holes", widths=(4, 5, 6))
    brows, b = _as_rows(boards, None, name="boards", widths=(3, 4, 5))
    n = hrows.nbytes // h
    if brows.nbytes // b != n:
        raise BatchError(f"holes have {n} rows but boards have {brows.nbytes // b}")
    out_view, result = _out_view(out, n)
    _core.omaha_batch(hrows, h, brows, b, out_view, threads, check, limit)
    return result


# ---------------------------------------------------------------- describing hands

_CATEGORY_NAMES = ("no pair", "pair", "two pair", "three of a kind", "full house",
                   "four of a kind")


def _plural(rank: int) -> str:
    name = RANK_NAMES[rank]
    return name + ("es" if name == "Six" else "s")


def _category(ranks: tuple[int, ...]) -> int:
    counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    return [[1, 1, 1, 1, 1], [2, 1, 1, 1], [2, 2, 1], [3, 1, 1], [3, 2], [4, 1]].index(counts)


@total_ordering
class LowHand:
    """A ranked ace-to-five low: compares, hashes and sorts as players read hands.

    A *lower* hand is a *better* hand, so ``sorted()`` puts the best first and
    ``a < b`` means "a beats b".  Equal hands (a split) compare equal whatever
    their suits.

    >>> wheel, kings = LowHand("5s 4h 3d 2c Ah"), LowHand("Kc Kd 4h 3s 2d")
    >>> wheel < kings, wheel.beats(kings), str(kings)
    (True, True, 'Pair of Kings, K-K-4-3-2')
    >>> LowHand("As 2s 3s 4s 6s") == LowHand("Ah 2d 3c 4h 6d")
    True
    >>> LowHand.from_rank(1).short
    '5-4-3-2-A'
    """

    __slots__ = ("cards", "rank")

    rank: int
    cards: tuple[int, ...] | None

    def __init__(self, cards: CardsLike) -> None:
        codes = _codes(cards)
        self.rank = evaluate(codes)
        self.cards = best_five(codes)

    @classmethod
    def from_rank(cls, rank: int) -> LowHand:
        """The hand class of a rank (no particular cards).

        >>> LowHand.from_rank(6175).name
        'Four Kings'
        """
        value = as_int(rank)  # numpy integers too
        if value is not None:
            rank = value
        _core.class_ranks(rank)  # validates
        obj = cls.__new__(cls)
        obj.rank, obj.cards = rank, None
        return obj

    @property
    def ranks(self) -> tuple[int, ...]:
        """The five ranks (0 = ace .. 12 = king), paired ranks first then highest first."""
        return _grouped(_core.class_ranks(self.rank))

    @property
    def category(self) -> str:
        """``"no pair"``, ``"pair"``, ``"two pair"``, ``"three of a kind"``,
        ``"full house"`` or ``"four of a kind"``."""
        return _CATEGORY_NAMES[_category(_core.class_ranks(self.rank))]

    @property
    def short(self) -> str:
        """Ranks as players write them: ``"7-5-4-3-2"``, ``"K-K-4-3-2"``."""
        return "-".join(RANKS[r] for r in self.ranks)

    @property
    def name(self) -> str:
        """``"Seven-Five low"``, ``"Pair of Kings"``, ``"Two Pair, Nines and Eights"``..."""
        ranks = self.ranks
        cat = _category(ranks)
        if cat == 0:
            return f"{RANK_NAMES[ranks[0]]}-{RANK_NAMES[ranks[1]]} low"
        if cat == 1:
            return f"Pair of {_plural(ranks[0])}"
        if cat == 2:
            return f"Two Pair, {_plural(ranks[0])} and {_plural(ranks[2])}"
        if cat == 3:
            return f"Three {_plural(ranks[0])}"
        if cat == 4:
            return f"{_plural(ranks[0])} full of {_plural(ranks[3])}"
        return f"Four {_plural(ranks[0])}"

    def qualifies(self, qualifier: int = 8) -> bool:
        """Whether this low is ``qualifier``-or-better (five distinct ranks, none
        above it: the low half of a split pot is played for only then).

        >>> LowHand("8s 5d 4c 3h As").qualifies(), LowHand("9s 5d 4c 3h As").qualifies()
        (True, False)
        """
        return self.rank <= _core.qualifier_limit(qualifier)

    def beats(self, other: LowHand) -> bool:
        """True when this hand wins against ``other`` (a strictly lower rank)."""
        return self.rank < other.rank

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LowHand):
            return NotImplemented
        return self.rank == other.rank

    def __lt__(self, other: LowHand) -> bool:
        if not isinstance(other, LowHand):
            return NotImplemented
        return self.rank < other.rank

    def __hash__(self) -> int:
        return hash(("LowHand", self.rank))

    def __str__(self) -> str:
        return f"{self.name}, {self.short}"

    def __repr__(self) -> str:
        if self.cards is None:
            return f"LowHand.from_rank({self.rank})"
        return f"LowHand({format_cards(self.cards)!r})"

    def _repr_svg_(self) -> str:
        from .show.svg import low_hand  # Jupyter picture (razzcore.show.svg)

        return low_hand(self)


def _grouped(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """Ranks ordered as read: bigger groups first, then higher rank first."""
    return tuple(sorted(ranks, key=lambda r: (-ranks.count(r), -r)))


def best_five(cards: CardsLike) -> tuple[int, ...]:
    """The five cards making the best low, in reading order (paired ranks
    first, then highest first).  Among equal choices the highest suit of each
    rank is used, so the result is deterministic.

    >>> format_cards(best_five("Ks Qs Jd Tc 9h 2c 2d"))
    'Qs Jd Tc 9h 2d'
    """
    codes = _codes(cards)
    want = list(_grouped(_core.class_ranks(evaluate(codes))))
    pool = sorted(codes, reverse=True)  # highest suit first within a rank
    chosen: list[int] = []
    for r in want:
        for c in pool:
            if c >> 2 == r and c not in chosen:
                chosen.append(c)
                break
    return tuple(chosen)


Style = Literal["long", "short", "name"]


NO_LOW = "no low"


def describe(hand: CardsLike | int | LowHand | None, style: Style = "long", *,
             qualifier: int | None = None) -> str:
    """Describe a low: cards (5-7), a rank (1..6175) or a :class:`LowHand`.

    ``style="short"`` gives ``"7-5-4-3-2"``, ``"name"`` gives ``"Seven-Five
    low"`` or ``"Pair of Kings"``, and ``"long"`` (default) both:
    ``"Pair of Kings, K-K-4-3-2"``.  ``"no low"`` (every style) describes
    ``None`` and ``0`` (what :func:`evaluate` and the batches give for no
    qualifying low) and, with ``qualifier=8`` (or 5..13), a low that does not
    qualify.

    >>> describe("7s 5d 4c 3h 2s", "short"), describe(4, "name")
    ('7-5-4-3-2', 'Six-Five low')
    >>> describe("Kc Kd 4h 3s 2d Ks")
    'Pair of Kings, K-K-4-3-2'
    >>> describe("9s 5d 4c 3h As", qualifier=8), describe(None), describe(0, "short")
    ('no low', 'no low', 'no low')
    """
    limit = _core.qualifier_limit(qualifier)
    if style not in ("long", "short", "name"):
        raise CardError(f"style must be 'long', 'short' or 'name', not {brief(style)}")
    if hand is None or (not isinstance(hand, (bool, LowHand)) and as_int(hand) == 0):
        return NO_LOW
    if isinstance(hand, LowHand):
        low = hand
    elif isinstance(hand, bool):
        raise CardError(f"expected cards, a rank or a LowHand, not {brief(hand)}")
    elif isinstance(hand, int):
        low = LowHand.from_rank(hand)
    elif (rank := as_int(hand)) is not None:  # numpy integers
        low = LowHand.from_rank(rank)
    else:
        low = LowHand.from_rank(evaluate(hand))
    if low.rank > limit:
        return NO_LOW
    if style == "short":
        return low.short
    if style == "name":
        return low.name
    if style == "long":
        return str(low)
    raise CardError(f"style must be 'long', 'short' or 'name', not {brief(style)}")


# ---------------------------------------------------------------- boards

def rank_board(cards: CardsLike) -> tuple[int, ...]:
    """Sort key of 1-4 face-up cards as a partial ace-to-five hand (R12).

    Lower is better (acts first): unpaired < one pair < two pair < trips <
    quads; then the paired ranks (higher pair first), then the other cards
    from the highest down.  Aces low; straights and flushes mean nothing.
    Suits are not used (see :func:`board_order`).

    >>> rank_board("7h 4d") < rank_board("8c 2d") < rank_board("Ks Qh") < rank_board("Ac Ad")
    True
    >>> rank_board("5h 4h 3h") < rank_board("Kd Qc Jh") < rank_board("2s 2h As")
    True
    """
    codes = parse_cards(cards)
    if not 1 <= len(codes) <= 4:
        raise CardError(f"a board has 1 to 4 face-up cards, got {len(codes)}")
    check_distinct(codes)
    ranks = tuple(c >> 2 for c in codes)
    counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    category = (
        0 if counts[0] == 1
        else 1 if counts[0] == 2 and counts.count(2) == 1
        else 2 if counts[0] == 2
        else 3 if counts[0] == 3
        else 4
    )
    return (category, *_grouped(ranks))


def _suit_key(codes: Sequence[int]) -> tuple[int, ...]:
    """Tie-break key of equal boards: suits from the highest-ranked card down
    (a paired rank's higher suit first, R13)."""
    return tuple(c & 3 for c in sorted(codes, reverse=True))


def board_order(
    boards: Sequence[CardsLike],
    *,
    tiebreak: Literal["high_card_by_suit", "position"] = "high_card_by_suit",
) -> list[int]:
    """Indices of ``boards`` from the one that acts first (best board) to last.

    Ties (equal ranks): ``"high_card_by_suit"`` lets the board holding the
    higher suit of the deciding (highest) rank act first (R13); ``"position"``
    keeps the input order, so pass boards clockwise from the deal-start seat.

    >>> board_order(["7h 4d", "8c 2d", "7s 4c", "Ac Ad", "Ks Qh"])
    [2, 0, 1, 4, 3]
    >>> board_order(["7h 4d", "8c 2d", "7s 4c", "Ac Ad", "Ks Qh"], tiebreak="position")
    [0, 2, 1, 4, 3]
    """
    if isinstance(boards, str) or not isinstance(boards, Iterable):
        raise CardError(
            f"boards must be a sequence of boards (one per player), not {brief(boards)}"
        )
    parsed = [parse_cards(b) for b in boards]
    if len({len(p) for p in parsed}) > 1:
        raise CardError("every board must have the same number of face-up cards")
    check_distinct([c for p in parsed for c in p])
    keys = [rank_board(p) for p in parsed]
    if tiebreak == "position":
        return sorted(range(len(parsed)), key=lambda i: keys[i])
    if tiebreak != "high_card_by_suit":
        raise CardError(
            f"tiebreak must be 'high_card_by_suit' or 'position', not {brief(tiebreak)}"
        )
    # Within equal rank keys, a higher suit key acts first: negate it.
    return sorted(
        range(len(parsed)),
        key=lambda i: (keys[i], tuple(-s for s in _suit_key(parsed[i]))),
    )


def bring_in_order(doors: Iterable[CardsLike | int]) -> list[int]:
    """Indices of door cards from the one that must bring in (highest card:
    rank K high, A low, ties by suit ♠ > ♥ > ♦ > ♣) to the lowest (R6).

    >>> bring_in_order(["7d", "Kc", "As", "Kh", "9s"])
    [3, 1, 4, 0, 2]
    """
    if isinstance(doors, str) or not isinstance(doors, Iterable):
        raise CardError(f"doors must be a sequence of door cards, not {brief(doors)}")
    codes = []
    for d in doors:
        parsed = parse_cards([d] if isinstance(d, int) else d)
        if len(parsed) != 1:
            raise CardError(f"a door card is one card, got {brief(d)}")
        codes.append(parsed[0])
    check_distinct(codes)
    return sorted(range(len(codes)), key=lambda i: -codes[i])
