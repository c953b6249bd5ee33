"""Range equity and the starting-hand chart, timed against the ways they replace.

    python benchmarks/bench_ranges.py              # ~2 minutes on a quiet machine
    python benchmarks/bench_ranges.py --quick      # no chart, fewer rounds
    python benchmarks/bench_ranges.py --json -     # the figures as JSON

Every figure is measured in this run; each row is the median of its rounds,
wall-clock and CPU time of this process (``time.process_time``: on a shared
machine the wall clock counts other people's work too).  Rows:

* ``As 2d 3c`` against ``[A-8] [A-8] 7h`` (465 combos, 378 compatible), exact:
  razzcore's single walk; the same classes walked one by one (the grouping by
  rank counts alone); and ``equity`` called once per combo (what a caller
  without ranges does);
* the heads-up starting-hand chart (455 classes): exact, and Monte Carlo with
  70,000 trials per class (standard error at most ~0.19%).

Timings are reported, never asserted; the results are checked to agree.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from razzcore import Range, equity, starting_hands
from razzcore.odds import range_equity as _range_equity

HERO = "As 2d 3c"
VILLAIN = "[A-8] [A-8] 7h"


def timed(fn: Callable[[], Any], rounds: int) -> tuple[Any, float, float]:
    """(last result, median wall seconds, median CPU seconds)."""
    walls, cpus, out = [], [], None
    for _ in range(rounds):
        w, c = time.perf_counter(), time.process_time()
        out = fn()
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    return out, statistics.median(walls), statistics.median(cpus)


def per_class() -> Any:
    """The same request with the single walk switched off."""
    saved = _range_equity._merged
    _range_equity._merged = lambda cls: None  # type: ignore[assignment]
    try:
        return equity([HERO, Range(VILLAIN)], exact=True)
    finally:
        _range_equity._merged = saved  # type: ignore[assignment]


def combo_by_combo() -> tuple[float, float]:
    r = Range(VILLAIN)
    taken = {3, 5, 8}  # As 2d 3c
    shares = [0, 0]
    total = 0
    for combo in r:
        if taken.isdisjoint(combo):
            res = equity([HERO, list(combo)], exact=True)
            shares = [a + b for a, b in zip(shares, res.shares, strict=True)]
            total += res.outcomes
    return shares[0] / (840 * total), shares[1] / (840 * total)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the chart, fewer rounds")
    parser.add_argument("--rounds", type=int, default=None, help="rounds per range row (5)")
    parser.add_argument("--json", metavar="FILE", help="write the figures as JSON ('-': stdout)")
    args = parser.parse_args(argv)
    rounds = args.rounds or (3 if args.quick else 5)
    rows: list[dict[str, Any]] = []

    def row(name: str, fn: Callable[[], Any], n: int, note: str = "") -> Any:
        out, wall, cpu = timed(fn, n)
        rows.append({"name": name, "rounds": n, "wall_s": wall, "cpu_s": cpu, "note": note})
        return out

    single = row("range exact: single walk", lambda: equity([HERO, Range(VILLAIN)], exact=True),
                 rounds, "hand vs 465-combo range")
    split = row("range exact: one walk per class", per_class, max(1, rounds // 2))
    assert single == split
    eq = row("range exact: equity per combo", combo_by_combo, 1)
    assert abs(eq[0] - single.equity[0]) < 1e-12
    if not args.quick:
        mc = row("chart heads-up: Monte Carlo", lambda: starting_hands(exact=False, trials=70_000,
                                                                     seed=1), 3,
                 "70,000 trials per class")
        rows[-1]["note"] += f", max stderr {100 * max(r.stderr for r in mc):.3f}%"
        chart = row("chart heads-up: exact", starting_hands, 1, "455 classes")
        assert chart[0].ranks == "A23" and chart[-1].ranks == "KKK"
    base = rows[0]["cpu_s"]
    if args.json:
        text = json.dumps({"rows": rows}, indent=2)
        if args.json == "-":
            print(text)
            return 0
        with open(args.json, "w", encoding="utf-8") as fh:
            fh.write(text)
    print("| what | rounds | wall (median) | CPU (median) | CPU vs single walk | note |")
    print("|---|---:|---:|---:|---:|---|")
    for r in rows:
        print(f"| {r['name']} | {r['rounds']} | {r['wall_s']:.3f} s | {r['cpu_s']:.3f} s "
              f"| {r['cpu_s'] / base:.1f}x | {r['note']} |")
    print(f"\nrange equity: {single.equity[0]:.6f} / {single.equity[1]:.6f} over "
          f"{single.combos} combos; python {sys.version.split()[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
