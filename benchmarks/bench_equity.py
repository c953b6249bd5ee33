"""razzcore's equity (hands and ranges): a table with targets, and a pytest-benchmark suite.

    python benchmarks/bench_equity.py                # the exact walks, medians, with targets
    python benchmarks/bench_equity.py --rounds 11 --json out.json
    pytest benchmarks/bench_equity.py --benchmark-group-by=group
    pytest benchmarks/bench_equity.py -k exact --benchmark-columns=min,median,max

Run as a script, it times each exact case in this process, one thread, and
prints the median CPU time (``time.process_time``: on a shared machine the wall
clock counts other people's work too) and wall time of its rounds, the target
beside the figure where there is one, and, as a reference measured in the same
run, the direct walk (every player walked in turn) on the three-way 4th street.

Timings are reported, never asserted; each benchmark checks its result.  The
Monte Carlo benchmarks store the trials per second in ``extra_info``
(``--benchmark-json`` keeps it) and print it with ``-s``.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from razzcore import EquityResult, equity

pytestmark = pytest.mark.filterwarnings("ignore::pytest_benchmark.logger.PytestBenchmarkWarning")

THIRD = ["As 2d 3c", "Kh Qd Js"]
FOURTH = ["As 2d 3c 7h", "4h 5d 6s 9c"]
FIFTH_3WAY = ["As 2d 3c 7h Kc", "?? ?? 5d 6s 9c", "2h 4c 8d Th Jd"]
THIRD_3WAY = ["As 2d 3c", "4h 5h 6h", "Kh Qd Js"]
FOURTH_3WAY = ["As 2d 3c 7h", "4h 5d 6s 9c", "2h 4c 8d Th"]
THIRD_6WAY = ["?? ?? 2c", "?? ?? 5d", "?? ?? 8h", "?? ?? Tc", "?? ?? Ks", "?? ?? 3h"]
TRIALS = 1_000_000


@pytest.mark.benchmark(group="exact")
def test_exact_heads_up_third_street(benchmark: Any) -> None:
    r = benchmark(equity, THIRD, exact=True)
    assert r.outcomes == math.comb(46, 4) * math.comb(42, 4)  # 18,265,297,050 deals


@pytest.mark.benchmark(group="exact")
def test_exact_heads_up_fourth_street(benchmark: Any) -> None:
    r = benchmark(equity, FOURTH, exact=True)
    assert r.outcomes == math.comb(44, 3) * math.comb(41, 3)  # 141,181,040 deals


@pytest.mark.benchmark(group="exact")
def test_exact_three_way_fifth_street(benchmark: Any) -> None:
    r = benchmark(equity, FIFTH_3WAY, exact=True)
    assert r.exact and sum(r.shares) == 840 * r.outcomes


@pytest.mark.benchmark(group="exact")
def test_exact_three_way_fourth_street(benchmark: Any) -> None:
    r = benchmark(equity, FOURTH_3WAY, exact=True)
    assert r.exact and sum(r.shares) == 840 * r.outcomes


@pytest.mark.benchmark(group="exact")
def test_exact_three_way_third_street(benchmark: Any) -> None:
    """531 trillion deals (the grouped walk)."""
    r = benchmark.pedantic(equity, (THIRD_3WAY,), {"exact": True}, rounds=3, iterations=1)
    assert r.outcomes == math.comb(43, 4) * math.comb(39, 4) * math.comb(35, 4)


def _mc(benchmark: Any, hands: list[str], **kwargs: Any) -> EquityResult:
    r: EquityResult = benchmark(equity, hands, exact=False, trials=TRIALS, seed=1, **kwargs)
    assert r.outcomes == TRIALS
    rate = TRIALS / benchmark.stats.stats.median
    benchmark.extra_info["trials_per_s"] = rate
    print(f"\n{benchmark.name}: {rate / 1e6:.1f}M trials/s")
    return r


@pytest.mark.benchmark(group="monte-carlo")
def test_mc_heads_up_third_street(benchmark: Any) -> None:
    _mc(benchmark, THIRD)


@pytest.mark.benchmark(group="monte-carlo")
def test_mc_six_way_third_street(benchmark: Any) -> None:
    _mc(benchmark, THIRD_6WAY)


@pytest.mark.benchmark(group="monte-carlo")
def test_mc_six_way_third_street_2_threads(benchmark: Any) -> None:
    with ThreadPoolExecutor(max_workers=2) as pool:
        _mc(benchmark, THIRD_6WAY, executor=pool)


@pytest.mark.benchmark(group="range")
def test_exact_hand_vs_range(benchmark: Any) -> None:
    """As 2d 3c against [A-8] [A-8] 7h (378 compatible combos), one walk."""
    from razzcore import Range

    villain = Range("[A-8] [A-8] 7h")
    r = benchmark(equity, ["As 2d 3c", villain], exact=True)
    assert r.combos == 378 and r.outcomes == 378 * math.comb(46, 4) * math.comb(42, 4)


@pytest.mark.benchmark(group="range")
def test_mc_hand_vs_range(benchmark: Any) -> None:
    from razzcore import Range

    villain = Range("[A-8] [A-8] 7h")
    r: EquityResult = benchmark(equity, ["As 2d 3c", villain], exact=False, trials=TRIALS,
                                seed=1)
    assert r.outcomes == TRIALS


# ------------------------------------------------------------------ the table


def _direct_walk(hands: list[str]) -> tuple[Any, ...]:
    """The exact counts by the direct walk (every player walked in turn)."""
    from razzcore import _core
    from razzcore.odds.hand_equity import _plan

    plan = _plan(hands, "")
    order = plan.exact_order()
    players = plan.players(order)
    return tuple(_core.equity_exact(players, list(plan.remaining), 0, 1 << 62, False))


#: (name, what runs, seconds it should take at most or None, deals it stands for)
CASES: list[tuple[str, Callable[[], Any], float | None, int]] = [
    ("exact heads-up 3rd street  As 2d 3c / Kh Qd Js", lambda: equity(THIRD, exact=True),
     0.010, math.comb(46, 4) * math.comb(42, 4)),
    ("exact heads-up 4th street", lambda: equity(FOURTH, exact=True), None,
     math.comb(44, 3) * math.comb(41, 3)),
    ("exact three-way 5th street", lambda: equity(FIFTH_3WAY, exact=True), None, 0),
    ("exact three-way 4th street", lambda: equity(FOURTH_3WAY, exact=True), None,
     math.comb(40, 3) * math.comb(37, 3) * math.comb(34, 3)),
    ("exact three-way 3rd street  As 2d 3c / 4h 5h 6h / Kh Qd Js",
     lambda: equity(THIRD_3WAY, exact=True), 0.5,
     math.comb(43, 4) * math.comb(39, 4) * math.comb(35, 4)),
    ("reference: direct walk, three-way 4th street", lambda: _direct_walk(FOURTH_3WAY), None,
     math.comb(40, 3) * math.comb(37, 3) * math.comb(34, 3)),
]


def _outcomes(result: Any) -> int:
    return int(result.outcomes if isinstance(result, EquityResult) else result[4])


def _fmt(seconds: float) -> str:
    return f"{seconds * 1e3:9.2f} ms" if seconds < 1 else f"{seconds:9.3f} s "


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="rounds per case (7)")
    parser.add_argument("--json", metavar="FILE", help="write the figures as JSON ('-': stdout)")
    args = parser.parse_args(argv)
    rows = []
    for name, fn, target, deals in CASES:
        fn()  # warm up (the table, the caches)
        cpus, walls, result = [], [], None
        for _ in range(max(1, args.rounds)):
            w, c = time.perf_counter(), time.process_time()
            result = fn()
            walls.append(time.perf_counter() - w)
            cpus.append(time.process_time() - c)
        if deals and _outcomes(result) != deals:
            print(f"{name}: {_outcomes(result):,} outcomes, expected {deals:,}", file=sys.stderr)
            return 1
        rows.append({"case": name, "cpu_s": statistics.median(cpus),
                     "wall_s": statistics.median(walls), "target_s": target,
                     "outcomes": _outcomes(result), "rounds": len(cpus)})
    reference = rows[-1]["cpu_s"]
    if args.json != "-":
        print(f"median of {rows[0]['rounds']} rounds, one thread; CPU and wall clock")
        print(f"{'case':<62} {'CPU':>12} {'wall':>12}  {'vs reference':>12}  target")
        for row in rows:
            target = row["target_s"]
            verdict = ""
            if target is not None:
                met = "met" if row["cpu_s"] <= target else "NOT met"
                verdict = f"<= {_fmt(target).strip()}: {met}"
            ratio = row["cpu_s"] / reference if reference else float("nan")
            print(f"{row['case']:<62} {_fmt(row['cpu_s'])} {_fmt(row['wall_s'])}  "
                  f"{ratio:11.3f}x  {verdict}")
    if args.json:
        text = json.dumps(rows, indent=2)
        if args.json == "-":
            print(text)
        else:
            with open(args.json, "w", encoding="utf-8") as f:
                f.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
