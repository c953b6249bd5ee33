"""``razzcore bench``: the evaluator beside a pure-Python reference (and pokerkit),
for Razz's 7-card low, the eight-or-better low and the Omaha low.

The reference evaluator here is deliberately naive and independent of the
table: it scores every 5-card subset by (pairing pattern, ranks from the top)
and keeps the best, which is the definition of an ace-to-five low.  The bench
also checks that razzcore orders the sample exactly like the reference.

>>> reference_key((0, 4, 8, 12, 16, 48, 49)) < reference_key((0, 4, 8, 12, 20, 48, 49))
True
"""

from __future__ import annotations

import array
import random
import time
from collections.abc import Sequence
from itertools import combinations, pairwise
from typing import Any

from ..evaluator import evaluate, evaluate_batch, evaluate_omaha, evaluate_omaha_batch

__all__ = ["omaha_reference_key", "reference_key", "run_bench"]


def reference_key(cards: Sequence[int]) -> tuple[int, ...]:
    """A sort key of the best ace-to-five low in ``cards`` (5-7 codes):
    smaller is better, equal keys tie.

    >>> reference_key((0, 1, 4, 8, 12)) > reference_key((0, 4, 8, 12, 16))
    True
    """
    best: tuple[int, ...] | None = None
    for five in combinations(cards, 5):
        ranks = [c >> 2 for c in five]
        counts = {r: ranks.count(r) for r in ranks}
        grouped = sorted(ranks, key=lambda r: (-counts[r], -r))
        key = (*sorted(counts.values(), reverse=True), *grouped)
        if best is None or key < best:
            best = key
    assert best is not None
    return best


def _sample(n: int, seed: int, size: int = 7) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    deck = list(range(52))
    return [tuple(rng.sample(deck, size)) for _ in range(n)]


def omaha_reference_key(hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...]:
    """:func:`reference_key` of the best five of exactly two ``hole`` and three
    ``board`` cards.

    >>> omaha_reference_key((0, 4, 48, 49), (8, 12, 16, 20, 24)) == reference_key((0, 4, 8, 12, 16))
    True
    """
    return min(reference_key(two + three)
               for two in combinations(hole, 2) for three in combinations(board, 3))


def _timed(fn: Any, repeat: int = 1) -> tuple[float, Any]:
    """Best wall time of ``repeat`` calls of ``fn()``, and its result."""
    best = float("inf")
    out = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t0)
    return best, out


def run_bench(hands: int = 100_000, seed: int = 1) -> dict[str, Any]:
    """Time each evaluator on random 7-card hands; returns rows of
    ``{"name", "hands", "seconds", "hands_per_second"}`` and whether razzcore
    agrees with the reference on the reference's sample.

    >>> out = run_bench(500)
    >>> out["agrees"], [row["name"] for row in out["rows"]][:3]
    (True, ['razzcore.evaluate_batch', 'razzcore.evaluate', 'pure-Python reference'])
    """
    sample = _sample(hands, seed)
    small = sample[: max(1, min(hands, hands // 50, 2000))]
    flat = array.array("B", [c for h in sample for c in h])
    rows: list[dict[str, Any]] = []

    def add(name: str, n: int, seconds: float) -> None:
        rows.append({"name": name, "hands": n, "seconds": seconds,
                     "hands_per_second": n / seconds if seconds > 0 else float("inf")})

    evaluate_batch(flat[:7], cards_per_hand=7)  # warm-up (imports numpy when present)
    sec, batch = _timed(lambda: evaluate_batch(flat, threads=1, cards_per_hand=7), 3)
    add("razzcore.evaluate_batch", hands, sec)
    sec, singles = _timed(lambda: [evaluate(h) for h in sample], 3)
    add("razzcore.evaluate", hands, sec)
    sec, keys = _timed(lambda: [reference_key(h) for h in small])
    add("pure-Python reference", len(small), sec)
    agrees = list(batch) == singles and _same_order(singles[: len(small)], keys)

    # Eight-or-better (Stud/8's low) and Omaha (4-card holes, 5-card boards).
    sec, _ = _timed(lambda: evaluate_batch(flat, threads=1, cards_per_hand=7, qualifier=8), 3)
    add("razzcore.evaluate_batch(qualifier=8)", hands, sec)
    sec, _ = _timed(lambda: [evaluate(h, qualifier=8) for h in sample], 3)
    add("razzcore.evaluate(qualifier=8)", hands, sec)
    deals = _sample(hands, seed + 1, 9)
    holes = memoryview(array.array("B", [c for d in deals for c in d[:4]])).cast("B", (hands, 4))
    boards = memoryview(array.array("B", [c for d in deals for c in d[4:]])).cast("B", (hands, 5))
    omaha_pairs = [(d[:4], d[4:]) for d in deals]
    for qualifier in (8, None):
        tag = "(qualifier=8)" if qualifier else "(no qualifier)"
        sec, obatch = _timed(
            lambda q=qualifier: evaluate_omaha_batch(holes, boards, qualifier=q, threads=1), 3)
        add(f"razzcore.evaluate_omaha_batch{tag}", hands, sec)
        sec, osingles = _timed(
            lambda q=qualifier: [evaluate_omaha(h, b, qualifier=q) for h, b in omaha_pairs], 3)
        add(f"razzcore.evaluate_omaha{tag}", hands, sec)
        agrees = agrees and list(obatch) == [r or 0 for r in osingles]
    oranks = list(obatch[: len(small)])
    sec, okeys = _timed(lambda: [omaha_reference_key(h, b) for h, b in omaha_pairs[: len(small)]])
    add("pure-Python Omaha reference", len(small), sec)
    agrees = agrees and _same_order(oranks, okeys)
    try:
        from pokerkit import EightOrBetterLowHand, OmahaEightOrBetterLowHand, RegularLowHand
    except ImportError:
        pokerkit_rows = False
    else:
        from ..cards import format_cards

        texts = [format_cards(h, "") for h in small]
        sec, _ = _timed(lambda: [RegularLowHand.from_game(t) for t in texts])
        add("pokerkit RegularLowHand", len(small), sec)
        sec, _ = _timed(lambda: [_or_none(EightOrBetterLowHand.from_game, t) for t in texts])
        add("pokerkit EightOrBetterLowHand", len(small), sec)
        few = [(format_cards(h, ""), format_cards(b, ""))
               for h, b in omaha_pairs[: max(1, len(small) // 4)]]
        sec, _ = _timed(lambda: [_or_none(OmahaEightOrBetterLowHand.from_game, h, b)
                                 for h, b in few])
        add("pokerkit OmahaEightOrBetterLowHand", len(few), sec)
        pokerkit_rows = True
    return {"seed": seed, "rows": rows, "agrees": agrees, "pokerkit": pokerkit_rows}


def _or_none(make: Any, *args: str) -> Any:
    """pokerkit's hand, or None where it finds no qualifying low (its ValueError)."""
    try:
        return make(*args)
    except ValueError:
        return None


def _same_order(ranks: Sequence[int], keys: Sequence[tuple[int, ...]]) -> bool:
    """Whether ``ranks`` and ``keys`` sort the hands the same way, ties included."""
    pairs = sorted(zip(ranks, keys, strict=True))
    return all(
        (a[0] < b[0]) == (a[1] < b[1]) and (a[0] == b[0]) == (a[1] == b[1])
        for a, b in pairwise(pairs)
    )
