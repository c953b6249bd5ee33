"""Monte Carlo razz equity: accuracy against exact results, reproducibility,
identical results on every executor, progress bars."""

from __future__ import annotations

import multiprocessing
import sys
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest

from razzcore import _core, equity
from razzcore.odds.hand_equity import CHUNK_TRIALS

HEADS_UP = ["As 2d 3c 7h", "4h 5d 6s 9c"]
THREE_WAY = ["As 2d 3c 7h Kc", "?? ?? 5d 6s 9c", "2h 4c 8d Th Jd"]
DEAD = "Ks Qh 8s"


@pytest.mark.parametrize(
    ("hands", "dead"),
    [
        (HEADS_UP, ""),
        (HEADS_UP, DEAD),
        (THREE_WAY, ""),
        (["?? ?? 3c 8h", "?? ?? 5d 6c"], "2c"),
        (["As 2d 3c", "Kh Qd Js"], "5c 5d 9h"),  # 3rd street: 15 billion deals
    ],
)
def test_monte_carlo_lands_within_four_standard_errors(hands: list[str], dead: str) -> None:
    exact = equity(hands, dead, exact=True)
    mc = equity(hands, dead, exact=False, trials=300_000, seed=12345)
    assert not mc.exact and mc.outcomes == 300_000 and mc.seed == 12345
    assert abs(sum(mc.equity) - 1) < 1e-12
    assert sum(mc.shares) == 840 * mc.outcomes
    for e, m, se in zip(exact.equity, mc.equity, mc.stderr, strict=True):
        assert 0 < se < 0.002
        assert abs(m - e) <= 4 * se
    for e, m in zip(exact.tie, mc.tie, strict=True):
        assert abs(m - e) < 0.01


def test_seed_reproduces_and_differs() -> None:
    a = equity(THREE_WAY, exact=False, trials=100_000, seed=7)
    b = equity(THREE_WAY, exact=False, trials=100_000, seed=7)
    c = equity(THREE_WAY, exact=False, trials=100_000, seed=8)
    assert a == b
    assert a.shares != c.shares
    r = equity(THREE_WAY, exact=False, trials=1000)
    assert isinstance(r.seed, int) and 0 <= r.seed < 2**64
    assert equity(THREE_WAY, exact=False, trials=1000, seed=r.seed) == r


def test_chunks_are_independent_of_grouping() -> None:
    """The sum over chunks is the same however they are grouped into calls."""
    players = [([1, 1, 1] + [0] * 10, 4), ([0] * 10 + [1, 1, 1], 4)]
    rem = [3, 3, 3] + [4] * 7 + [3, 3, 3]
    total = 5 * 1000 - 300
    whole = _core.equity_mc(players, rem, 99, 0, 5, 1000, total)
    parts = [_core.equity_mc(players, rem, 99, c, 1, 1000, total) for c in (4, 2, 0, 3, 1)]
    summed = tuple(tuple(map(sum, zip(*(p[k] for p in parts), strict=True))) for k in range(4))
    assert summed == whole[:4]
    assert sum(p[4] for p in parts) == whole[4] == total


@pytest.mark.parametrize(
    ("first", "count", "chunk", "total", "trials"),
    [
        # chunk 2**24 of 2**40 trials starts at 2**64: past the total, whatever
        # 64-bit arithmetic would make of it
        (1 << 24, 1, 1 << 40, 1000, 0),
        ((1 << 24) - 1, 2, 1 << 40, 1 << 40, 0),
        ((1 << 62) - 1, 1, 1 << 40, 1 << 40, 0),
        (0, 1 << 24, 1 << 40, 1000, 1000),
        (0, (1 << 62) - 1, 1 << 40, 5, 5),
        (2, 1 << 30, 400, 1000, 200),
        (3, 5, 400, 1000, 0),
    ],
)
def test_chunks_past_the_total_run_no_trials(
    first: int, count: int, chunk: int, total: int, trials: int
) -> None:
    players = [([1, 1, 1] + [0] * 10, 4), ([0] * 10 + [1, 1, 1], 4)]
    rem = [3, 3, 3] + [4] * 7 + [3, 3, 3]
    r = _core.equity_mc(players, rem, 7, first, count, chunk, total)
    assert r[4] == trials and sum(r[2]) == 840 * trials
    r = _core.equity_mc_classes([(players, rem)], [5], 7, first, count, chunk, total)
    assert r[4] == trials and sum(r[2]) == 840 * trials


def test_trials_not_a_multiple_of_the_chunk() -> None:
    r = equity(HEADS_UP, exact=False, trials=CHUNK_TRIALS * 3 + 17, seed=1)
    assert r.outcomes == CHUNK_TRIALS * 3 + 17
    assert sum(r.shares) == 840 * r.outcomes


class _InlineExecutor:
    """A minimal executor whose futures are not concurrent.futures.Future."""

    class _Done:
        def __init__(self, value: Any) -> None:
            self.value = value

        def result(self) -> Any:
            return self.value

        def cancel(self) -> bool:
            return False

    def submit(self, fn: Any, *args: Any) -> Any:
        return self._Done(fn(*args))


def _results(executor: Any) -> tuple[Any, Any]:
    mc = equity(THREE_WAY, exact=False, trials=400_000, seed=2024, executor=executor)
    ex = equity(HEADS_UP, DEAD, exact=True, executor=executor)
    return mc, ex


@pytest.fixture(scope="module")
def reference() -> tuple[Any, Any]:
    return _results(None)


def test_thread_pool_gives_identical_results(reference: tuple[Any, Any]) -> None:
    with ThreadPoolExecutor(max_workers=2) as pool:
        assert _results(pool) == reference


def test_process_pool_gives_identical_results(reference: tuple[Any, Any]) -> None:
    # spawn: the tasks must pickle by reference and the workers import razzcore afresh
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=2, mp_context=spawn) as pool:
        assert _results(pool) == reference


def test_duck_typed_executor_gives_identical_results(reference: tuple[Any, Any]) -> None:
    assert _results(_InlineExecutor()) == reference


def test_dask_cluster_gives_identical_results(reference: tuple[Any, Any]) -> None:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        executor = client.get_executor()
        assert _results(executor) == reference


def test_executor_errors_propagate() -> None:
    class Broken:
        def submit(self, fn: Any, *args: Any) -> Future[Any]:
            f: Future[Any] = Future()
            f.set_exception(RuntimeError("worker died"))
            return f

    with pytest.raises(RuntimeError, match="worker died"):
        equity(HEADS_UP, exact=False, trials=1000, seed=1, executor=Broken())


def test_progress_bar(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("tqdm")
    quiet = equity(HEADS_UP, exact=False, trials=200_000, seed=5)
    assert capsys.readouterr().err == ""
    shown = equity(HEADS_UP, exact=False, trials=200_000, seed=5, progress=True)
    assert shown == quiet
    err = capsys.readouterr().err
    assert "razz equity" in err and "100%" in err
    equity(HEADS_UP, exact=True, progress=True)
    assert "patterns" in capsys.readouterr().err


def test_progress_without_tqdm(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    with pytest.raises(ImportError, match=r"razzcore\[progress\]"):
        equity(HEADS_UP, exact=False, trials=1000, progress=True)
    # off by default: no tqdm needed
    assert equity(HEADS_UP, exact=False, trials=1000, seed=1).outcomes == 1000
