"""pytest-benchmark suite of razzcore's evaluation entry points.

    pytest benchmarks/bench_evaluator.py                      # all
    pytest benchmarks/bench_evaluator.py --benchmark-group-by=group -k batch

Timings are reported, never asserted (the machine is shared and noisy); each
benchmark checks its result so a broken build cannot look fast.  The single
table of ratios against a C loop and the peers is ``benchmarks/compare.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

import razzcore

TEXT7 = "9d 7c Ks 2h 4d Qc 6s"
RANK7 = razzcore.evaluate(TEXT7)

pytestmark = pytest.mark.filterwarnings("ignore::pytest_benchmark.logger.PytestBenchmarkWarning")


# ---------------------------------------------------------------- single hands


@pytest.mark.benchmark(group="single")
def test_evaluate_tuple7(benchmark: Any, hand7: tuple[int, ...]) -> None:
    assert benchmark(razzcore.evaluate, hand7) == RANK7


@pytest.mark.benchmark(group="single")
def test_sum_tuple7_baseline(benchmark: Any, hand7: tuple[int, ...]) -> None:
    benchmark(sum, hand7)  # a speed baseline only: its value says nothing


@pytest.mark.benchmark(group="single")
def test_evaluate_list7(benchmark: Any, hand7: tuple[int, ...]) -> None:
    assert benchmark(razzcore.evaluate, list(hand7)) == RANK7


@pytest.mark.benchmark(group="single")
def test_evaluate_mask(benchmark: Any, hand7: tuple[int, ...]) -> None:
    mask = razzcore.cards_to_mask(hand7)
    assert benchmark(razzcore.evaluate_mask, mask) == RANK7


@pytest.mark.benchmark(group="single")
def test_evaluate_text(benchmark: Any) -> None:
    assert benchmark(razzcore.evaluate, TEXT7) == RANK7


@pytest.mark.benchmark(group="parse")
def test_parse_cards_string(benchmark: Any, hand7: tuple[int, ...]) -> None:
    assert benchmark(razzcore.parse_cards, TEXT7) == hand7


@pytest.mark.benchmark(group="parse")
def test_parse_cards_iterable(benchmark: Any, hand7: tuple[int, ...]) -> None:
    assert benchmark(razzcore.parse_cards, TEXT7.split()) == hand7


# ---------------------------------------------------------------- batches


@pytest.fixture(scope="module")
def want_1m(hands_1m: Any) -> Any:
    return razzcore.evaluate_batch(hands_1m, threads=1)


def _batch(benchmark: Any, hands: Any, out: Any, want: Any, **kwargs: Any) -> None:
    benchmark.extra_info["hands"] = len(hands)
    result = benchmark(razzcore.evaluate_batch, hands, out, **kwargs)
    assert result is out and (out == want).all()
    if benchmark.stats is not None:  # None under --benchmark-disable
        benchmark.extra_info["ns_per_hand"] = 1e9 * benchmark.stats.stats.median / len(hands)


@pytest.mark.benchmark(group="batch-1M")
def test_batch_1thread(benchmark: Any, hands_1m: Any, out_1m: Any, want_1m: Any) -> None:
    _batch(benchmark, hands_1m, out_1m, want_1m, threads=1)


@pytest.mark.benchmark(group="batch-1M")
def test_batch_2threads(benchmark: Any, hands_1m: Any, out_1m: Any, want_1m: Any) -> None:
    _batch(benchmark, hands_1m, out_1m, want_1m, threads=2)


@pytest.mark.benchmark(group="batch-1M")
def test_batch_1thread_unchecked(
    benchmark: Any, hands_1m: Any, out_1m: Any, want_1m: Any
) -> None:
    _batch(benchmark, hands_1m, out_1m, want_1m, threads=1, check=False)


@pytest.mark.benchmark(group="batch-1M")
def test_batch_2threads_unchecked(
    benchmark: Any, hands_1m: Any, out_1m: Any, want_1m: Any
) -> None:
    _batch(benchmark, hands_1m, out_1m, want_1m, threads=2, check=False)


@pytest.mark.benchmark(group="batch-1M")
def test_batch_allocating(benchmark: Any, hands_1m: Any, want_1m: Any) -> None:
    result = benchmark(razzcore.evaluate_batch, hands_1m, threads=1)
    assert (result == want_1m).all()


@pytest.mark.benchmark(group="batch-kernels-1M")
@pytest.mark.parametrize("check", [True, False], ids=["checked", "unchecked"])
@pytest.mark.parametrize("kernel", razzcore.kernel_info()["supported"])
def test_batch_kernel(benchmark: Any, hands_1m: Any, out_1m: Any, want_1m: Any, kernel: str,
                      check: bool) -> None:
    """Every batch kernel this CPU runs, forced (docs/simd.md)."""
    from razzcore._kernels import set_kernel

    previous = set_kernel(kernel)
    try:
        _batch(benchmark, hands_1m, out_1m, want_1m, threads=1, check=check)
    finally:
        set_kernel(previous)


# ---------------------------------------------------------------- enumeration


@pytest.mark.benchmark(group="enumeration")
def test_rank_histogram_7(benchmark: Any) -> None:
    hist = benchmark.pedantic(razzcore.rank_histogram, args=(7,), rounds=5, iterations=1,
                              warmup_rounds=1)
    assert sum(hist) == 133_784_560


# ---------------------------------------------------------------- peers


@pytest.mark.benchmark(group="peers")
def test_pokerkit_low_per_hand(benchmark: Any) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    cards = list(pokerkit.Card.parse(TEXT7.replace(" ", "")))
    hand = benchmark(pokerkit.RegularLowHand.from_game, cards)
    # pokerkit found the same best five as razzcore: both did the same work.
    assert sorted(repr(c) for c in hand.cards) == sorted(
        razzcore.format_cards(razzcore.best_five(TEXT7)).split()
    )


@pytest.mark.benchmark(group="peers")
def test_eval7_high_per_hand(benchmark: Any) -> None:
    eval7 = pytest.importorskip("eval7")
    cards = [eval7.Card(c) for c in TEXT7.split()]
    benchmark(eval7.evaluate, cards)  # a high-hand peer, timed for scale only


@pytest.mark.benchmark(group="peers")
def test_phevaluator_high_per_hand(benchmark: Any, hand7: tuple[int, ...]) -> None:
    phevaluator = pytest.importorskip("phevaluator")
    benchmark(phevaluator.evaluate_cards, *hand7)  # a high-hand peer, timed for scale only
