"""Stud ranges: sets of partial Razz hands written as text.

A range is one or more *patterns* separated by commas (the union of their
combos).  A pattern is 3 to 7 *positions* separated by spaces, in street
order: two down cards, the door card, the 4th to 6th street upcards, the 7th
street down card.  A position is a card (``7h``), a rank (``7``: any suit),
``x`` (any card) or a bracketed set of ranks (``[A-8]``, ``[2,5,9]``,
``[9-K]``, ``[A-3,7]``; aces are low).  The down cards are unordered: the two
first ones between themselves and the 7th-street card against them.  A combo
is one way to give every position a card, all cards distinct.

>>> from razzcore import Range
>>> r = Range("[A-8] [A-8] 7h")
>>> len(r)          # two distinct cards among the 31 aces to eights other than 7h
465
>>> from razzcore import format_cards
>>> format_cards(next(iter(r)))
'Ac Ad 7h'
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterator
from functools import cached_property

from ..cards import RANKS, SUITS, format_card
from ..errors import RazzError, brief

__all__ = ["MAX_COMBOS", "Range", "has_range_syntax"]

#: Most combos a range may hold (its combos are listed in memory).
MAX_COMBOS = 2_000_000
#: Longest range text accepted (characters).
MAX_TEXT = 10_000

_ALL = frozenset(range(52))
_TOKEN = re.compile(r"\[[^\[\]]*\]|[^\s\[\]]+|[\[\]]")
_RANK_ALIASES = {"10": "T"}


def _rank(text: str) -> int | None:
    """Index 0..12 of a rank written ``A``, ``2`` .. ``9``, ``T``/``10``, ``J``, ``Q``, ``K``."""
    t = _RANK_ALIASES.get(text, text).upper()
    return RANKS.index(t) if len(t) == 1 and t in RANKS else None


def has_range_syntax(text: str) -> bool:
    """Whether ``text`` uses what only a range writes: brackets, commas
    between patterns, a bare rank (``7``) or ``x``.  Text without any is
    meant as cards (a bad card in it is a bad card, not a bad range position).

    >>> has_range_syntax("[A-5] [A-5] 6"), has_range_syntax("As 2d 7"), has_range_syntax("As 2d 3x")
    (True, True, False)
    """
    return any(ch in text for ch in "[],") or any(
        token in ("x", "X") or _rank(token) is not None for token in text.split())


def _cards_of_ranks(ranks: set[int]) -> frozenset[int]:
    return frozenset(4 * r + s for r in ranks for s in range(4))


def _rank_set(body: str) -> frozenset[int] | str:
    """The cards of a bracketed rank set (without brackets), or why it is bad."""
    ranks: set[int] = set()
    items = [item.strip() for item in body.split(",")]
    if items == [""]:
        return "the rank set is empty"
    for item in items:
        if not item:
            return "an empty item between commas"
        lo_text, sep, hi_text = item.partition("-")
        lo = _rank(lo_text.strip())
        if lo is None:
            return f"{brief(lo_text.strip())} is not a rank (A, 2-9, T, J, Q, K)"
        if not sep:
            ranks.add(lo)
            continue
        hi = _rank(hi_text.strip())
        if hi is None:
            return f"{brief(hi_text.strip())} is not a rank (A, 2-9, T, J, Q, K)"
        if hi < lo:
            return (f"{RANKS[lo]}-{RANKS[hi]} runs downwards: write the lower rank first "
                    f"(aces are low: {RANKS[hi]}-{RANKS[lo]})")
        ranks.update(range(lo, hi + 1))
    return _cards_of_ranks(ranks)


def _position(token: str) -> frozenset[int] | str:
    """The cards a position allows, or why it is bad."""
    if token.startswith("["):
        if not token.endswith("]"):
            return "an unclosed '['"
        return _rank_set(token[1:-1])
    if token in ("[", "]"):
        return f"a stray {token!r}"
    if token in ("x", "X"):
        return _ALL
    rank = _rank(token)
    if rank is not None:
        return _cards_of_ranks({rank})
    if len(token) in (2, 3) and token[-1].lower() in SUITS:
        rank = _rank(token[:-1])
        if rank is not None:
            return frozenset({4 * rank + SUITS.index(token[-1].lower())})
    hint = " ('??' is for hands: in a range, x is any card)" if token == "??" else ""
    return f"not a card (7h), a rank (7), x or a rank set ([A-8], [2,5,9]){hint}"


def _split_patterns(text: str) -> list[str]:
    """Split on the commas outside brackets."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth = max(0, depth - 1)
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def _parse(text: str) -> list[list[frozenset[int]]]:
    """The patterns of ``text``, each a list of the cards its positions allow."""
    if not isinstance(text, str):
        raise RazzError(f"a range is text such as '[A-8] [A-8] 7h', not {brief(text)}")
    if len(text) > MAX_TEXT:
        raise RazzError(f"range text of {len(text):,} characters (at most {MAX_TEXT:,})")
    parts = _split_patterns(text)
    patterns = []
    for n, part in enumerate(parts, 1):
        where = f"pattern {n}" if len(parts) > 1 else "range"
        tokens = _TOKEN.findall(part)
        if not tokens:
            raise RazzError(f"{where} is empty: {brief(text)}")
        positions = []
        for i, token in enumerate(tokens, 1):
            cards = _position(token)
            if isinstance(cards, str):
                raise RazzError(f"{where}, position {i} ({brief(token)}): {cards}")
            positions.append(cards)
        if not 3 <= len(positions) <= 7:
            raise RazzError(
                f"{where} has {len(positions)} positions ({brief(part.strip())}); "
                "a pattern has 3 to 7 (down, down, door, 4th-6th street, 7th street)"
            )
        patterns.append(positions)
    return patterns


def _down_sets(downs: list[frozenset[int]]) -> set[tuple[int, ...]]:
    """The sets (as sorted tuples) of distinct down cards the positions allow."""
    return {
        tuple(sorted(choice))
        for choice in itertools.product(*downs)
        if len(set(choice)) == len(choice)
    }


def _injective(positions: list[frozenset[int]]) -> int:
    """How many ways to give every position one of its cards, all distinct
    (the positions in order), counted without listing them.

    Cards that the same positions allow are interchangeable, so the count runs
    over groups of such cards and the subsets of positions filled so far: at
    most 52 groups times 3**7 steps, whatever the positions.

    >>> _injective([frozenset(range(52))] * 3) == 52 * 51 * 50
    True
    """
    groups: dict[int, int] = {}
    for card in set().union(*positions):
        key = sum(1 << i for i, cards in enumerate(positions) if card in cards)
        groups[key] = groups.get(key, 0) + 1
    ways = {0: 1}
    for allowed, size in groups.items():
        step = dict(ways)
        for filled, w in ways.items():
            free = allowed & ~filled
            take = free
            while take:  # every nonempty subset of the free positions
                n = take.bit_count()
                if n <= size:
                    step[filled | take] = step.get(filled | take, 0) + w * math.perm(size, n)
                take = (take - 1) & free
        ways = step
    return ways.get((1 << len(positions)) - 1, 0)


def _split(positions: list[frozenset[int]]) -> tuple[list[frozenset[int]], list[frozenset[int]]]:
    """The down positions (first two, 7th street) and the upcards (3rd to 6th)."""
    n = len(positions)
    downs = [positions[0], positions[1]] + ([positions[6]] if n == 7 else [])
    return downs, positions[2 : min(n, 6)]


def _orders(downs: list[frozenset[int]]) -> int:
    """Most orders of one set of down cards that the down positions allow: an
    order moving the card of position j to position i needs distinct cards,
    each allowed both where it is and where it goes."""
    return sum(
        _injective([downs[j] & downs[i] for j, i in enumerate(order)]) > 0
        for order in itertools.permutations(range(len(downs)))
    )


def _least_combos(positions: list[frozenset[int]]) -> int:
    """A lower bound on a pattern's combos: its assignments of distinct cards
    over the orders one set of down cards can take."""
    downs, _ = _split(positions)
    return _injective(positions) // max(1, _orders(downs))


def _too_many(where: str) -> RazzError:
    return RazzError(f"{where} stands for too many combos (more than {MAX_COMBOS:,})")


def _combos(positions: list[frozenset[int]], where: str) -> Iterator[tuple[int, ...]]:
    n = len(positions)
    downs, ups = _split(positions)
    # Counted before anything is listed: the down sets (at most 52**3 tuples
    # to look at) times the upcard rows bounds the loop below.
    rows = _injective(ups)
    if _injective(downs) // max(1, _orders(downs)) * rows > 4 * MAX_COMBOS:
        raise _too_many(where)
    down_sets = sorted(_down_sets(downs))
    if len(down_sets) * rows > 4 * MAX_COMBOS:  # collisions remove far fewer
        raise _too_many(where)
    up_rows = [u for u in itertools.product(*ups) if len(set(u)) == len(u)]
    for d in down_sets:
        taken = set(d)
        for u in up_rows:
            if taken.isdisjoint(u):
                yield (d[0], d[1], *u, d[2]) if n == 7 else (d[0], d[1], *u)


class Range:
    """A set of partial Razz hands (combos), parsed from stud range text.

    ``len(r)`` is the number of combos; iterating yields each as a tuple of
    card codes in street order, the down cards in ascending code order (the
    7th-street card last) and the combos sorted.  ``in`` takes a combo in any
    order of its down cards.  Bad text raises :class:`RazzError` naming the
    bad pattern and position.

    >>> r = Range("A 2 x, 2 A x")    # the same combos twice: a union
    >>> len(r) == len(Range("A 2 x")) == 16 * 50
    True
    >>> (4, 0, 51) in r, (0, 4, 51) in r   # 2c Ac Ks, in either order
    (True, True)
    >>> Range("[A-8] [9-Z] 7h")
    Traceback (most recent call last):
    ...
    razzcore.errors.RazzError: range, position 2 ('[9-Z]'): 'Z' is not a rank (A, 2-9, T, J, Q, K)
    """

    def __init__(self, text: str) -> None:
        self._patterns = _parse(text)
        self.text = text.strip()
        _ = self.combos  # enumerate now: errors belong to construction

    @cached_property
    def combos(self) -> tuple[tuple[int, ...], ...]:
        """Every combo, sorted (see the class docstring for the card order)."""
        seen: set[tuple[int, ...]] = set()
        # Refused before listing anything when the counts alone say so: one
        # pattern past the limit, or patterns that together list far more
        # combos than the limit (each repeat of a pattern is listed once).
        patterns: dict[tuple[frozenset[int], ...], int] = {}
        for n, positions in enumerate(self._patterns, 1):
            patterns.setdefault(tuple(positions), n)
        listed = 0
        for key, n in patterns.items():
            least = _least_combos(list(key))
            if least > MAX_COMBOS:
                raise _too_many(f"pattern {n}" if len(self._patterns) > 1 else "range")
            listed += least
            if listed > 4 * MAX_COMBOS:
                raise RazzError(
                    f"patterns 1 to {n} list more than {4 * MAX_COMBOS:,} combos in all "
                    f"(a range holds at most {MAX_COMBOS:,})"
                )
        for key, n in patterns.items():
            where = f"pattern {n}" if len(self._patterns) > 1 else "range"
            empty = True
            for combo in _combos(list(key), where):
                empty = False
                seen.add(combo)
                if len(seen) > MAX_COMBOS:
                    raise RazzError(f"{where}: the range has more than {MAX_COMBOS:,} combos")
            if empty:
                raise RazzError(f"{where} has no combo: its positions cannot hold distinct cards")
        return tuple(sorted(seen))

    @cached_property
    def sizes(self) -> frozenset[int]:
        """The numbers of cards of the combos (one per pattern length)."""
        return frozenset(len(p) for p in self._patterns)

    def __len__(self) -> int:
        return len(self.combos)

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        return iter(self.combos)

    def __contains__(self, combo: object) -> bool:
        if not isinstance(combo, tuple) or not 3 <= len(combo) <= 7:
            return False
        if not all(isinstance(c, int) for c in combo):
            return False
        downs = sorted([combo[0], combo[1]] + ([combo[6]] if len(combo) == 7 else []))
        key = (downs[0], downs[1], *combo[2:6], *downs[2:])
        return key in self._set

    @cached_property
    def _set(self) -> frozenset[tuple[int, ...]]:
        return frozenset(self.combos)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Range) and self.combos == other.combos

    def __hash__(self) -> int:
        return hash(self.combos)

    def __repr__(self) -> str:
        return f"Range({self.text!r})"

    def __str__(self) -> str:
        return self.text

    def describe(self, limit: int = 5) -> str:
        """The text and the first combos, for messages.

        >>> Range("As 2s [3-4]").describe(2)
        "'As 2s [3-4]' (8 combos: As 2s 3c, As 2s 3d, ...)"
        """
        shown = ", ".join(" ".join(format_card(c) for c in combo) for combo in self.combos[:limit])
        more = ", ..." if len(self.combos) > limit else ""
        return f"{self.text!r} ({len(self.combos):,} combos: {shown}{more})"
