"""pytest-benchmark suite of razzcore's equity (hands and ranges).

    pytest benchmarks/bench_equity.py --benchmark-group-by=group
    pytest benchmarks/bench_equity.py -k exact --benchmark-columns=min,median,max

Timings are reported, never asserted; each benchmark checks its result.  The
Monte Carlo benchmarks store the trials per second in ``extra_info``
(``--benchmark-json`` keeps it) and print it with ``-s``.
"""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from razzcore import EquityResult, equity

pytestmark = pytest.mark.filterwarnings("ignore::pytest_benchmark.logger.PytestBenchmarkWarning")

THIRD = ["As 2d 3c", "Kh Qd Js"]
FOURTH = ["As 2d 3c 7h", "4h 5d 6s 9c"]
FIFTH_3WAY = ["As 2d 3c 7h Kc", "?? ?? 5d 6s 9c", "2h 4c 8d Th Jd"]
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
    r = benchmark(equity, ["As 2d 3c 7h", "4h 5d 6s 9c", "2h 4c 8d Th"], exact=True)
    assert r.exact and sum(r.shares) == 840 * r.outcomes


@pytest.mark.benchmark(group="exact")
def test_exact_three_way_third_street(benchmark: Any) -> None:
    """531 trillion deals (the grouped walk; a few seconds, so one round)."""
    hands = ["As 2d 3c", "Kh Qd Js", "4c 5c 6c"]
    r = benchmark.pedantic(equity, (hands,), {"exact": True}, rounds=1, iterations=1)
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
