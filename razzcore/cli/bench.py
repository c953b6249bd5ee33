"""``razzcore bench``: the evaluator beside a pure-Python reference (and pokerkit).

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

from ..evaluator import evaluate, evaluate_batch

__all__ = ["reference_key", "run_bench"]


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


def _sample(n: int, seed: int) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    deck = list(range(52))
    return [tuple(rng.sample(deck, 7)) for _ in range(n)]


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
    try:
        from pokerkit import RegularLowHand
    except ImportError:
        pokerkit_rows = False
    else:
        from ..cards import format_cards

        texts = [format_cards(h, "") for h in small]
        sec, _ = _timed(lambda: [RegularLowHand.from_game(t) for t in texts])
        add("pokerkit RegularLowHand", len(small), sec)
        pokerkit_rows = True
    return {"seed": seed, "rows": rows, "agrees": agrees, "pokerkit": pokerkit_rows}


def _same_order(ranks: Sequence[int], keys: Sequence[tuple[int, ...]]) -> bool:
    """Whether ``ranks`` and ``keys`` sort the hands the same way, ties included."""
    pairs = sorted(zip(ranks, keys, strict=True))
    return all(
        (a[0] < b[0]) == (a[1] < b[1]) and (a[0] == b[0]) == (a[1] == b[1])
        for a, b in pairwise(pairs)
    )
