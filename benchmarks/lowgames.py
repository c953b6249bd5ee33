#!/usr/bin/env python3
"""The other games' lows: eight-or-better and Omaha, against razzcore's 7-card batch and pokerkit.

    python benchmarks/lowgames.py                 # 1.6M rows, 9 rounds
    python benchmarks/lowgames.py --rows 4000000 --rounds 5

One thread throughout, timed in CPU time of that thread (``time.thread_time``: on a
shared machine wall time also counts other processes' turns).  Every figure is the
median of interleaved rounds, and every
ratio is taken within the same run: the 7-card ``evaluate_batch`` on the same number of
rows is the yardstick of the Omaha batches, pokerkit 0.7.7's ``OmahaEightOrBetterLowHand``
and ``EightOrBetterLowHand`` (``from_game``; its "no low" error counted as a result) that of
the single calls.  The targets are printed beside the figures; nothing is asserted.
Each razzcore result is checked against the single calls before timing, so a broken
build cannot look fast.
"""

from __future__ import annotations

import argparse
import collections
import itertools
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import razzcore

SEED = 20261202


def deals(n: int, size: int, seed: int = SEED) -> Any:
    """``n`` rows of ``size`` distinct random card codes (uint8)."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :size].astype(np.uint8)


def timed(fn: Callable[[], object]) -> Callable[[], float]:
    """CPU seconds of this thread for one ``fn()`` call."""

    def run() -> float:
        t0 = time.thread_time()
        fn()
        return time.thread_time() - t0

    return run


def pokerkit_calls(make: Callable[..., object], args: list[tuple[str, ...]]) -> Callable[[], float]:
    def one(*a: str) -> object:
        try:
            return make(*a)
        except ValueError:  # pokerkit's "no low"
            return None

    return timed(lambda: collections.deque(itertools.starmap(one, args), maxlen=0))


def measure(rows: int, rounds: int, calls: int) -> dict[str, Any]:
    cards = deals(rows, 9)
    seven = np.ascontiguousarray(cards[:, :7])
    holes = np.ascontiguousarray(cards[:, :4])
    boards = np.ascontiguousarray(cards[:, 4:])
    out = np.empty(rows, np.uint16)
    few = [(tuple(h), tuple(b)) for h, b in zip(holes[:calls].tolist(),
                                                boards[:calls].tolist(), strict=True)]
    sevens = [tuple(r) for r in seven[:calls].tolist()]
    # Correctness first: the batches against the single calls on a slice.
    for q in (8, None):
        got = razzcore.evaluate_omaha_batch(holes[:calls], boards[:calls], qualifier=q)
        want = [razzcore.evaluate_omaha(h, b, qualifier=q) or 0 for h, b in few]
        assert got.tolist() == want, "evaluate_omaha_batch disagrees with evaluate_omaha"
    got = razzcore.evaluate_batch(seven[:calls], qualifier=8)
    assert got.tolist() == [razzcore.evaluate(r, qualifier=8) or 0 for r in sevens]

    ev, om = razzcore.evaluate_batch, razzcore.evaluate_omaha_batch
    runs: dict[str, Callable[[], float]] = {
        "batch7": timed(lambda: ev(seven, out, threads=1, check=False)),
        "batch7_checked": timed(lambda: ev(seven, out, threads=1)),
        "batch7_q8": timed(lambda: ev(seven, out, threads=1, check=False, qualifier=8)),
        "omaha8": timed(lambda: om(holes, boards, qualifier=8, out=out, threads=1, check=False)),
        "omaha8_checked": timed(lambda: om(holes, boards, qualifier=8, out=out, threads=1)),
        "omaha": timed(lambda: om(holes, boards, out=out, threads=1, check=False)),
        "omaha_checked": timed(lambda: om(holes, boards, out=out, threads=1)),
        "single_omaha8": timed(lambda: [razzcore.evaluate_omaha(h, b, qualifier=8)
                                        for h, b in few]),
        "single_omaha": timed(lambda: [razzcore.evaluate_omaha(h, b) for h, b in few]),
        "single_stud8": timed(lambda: [razzcore.evaluate(s, qualifier=8) for s in sevens]),
    }
    per = {name: (rows if not name.startswith("single") else calls) for name in runs}
    pk_version = None
    try:
        import pokerkit
    except ImportError:
        pass
    else:
        from importlib.metadata import version

        pk_version = version("pokerkit")
        fmt = razzcore.format_cards
        pk_omaha = [(fmt(h, ""), fmt(b, "")) for h, b in few[: max(20, calls // 20)]]
        pk_stud = [(fmt(s, ""),) for s in sevens[: max(20, calls // 10)]]
        runs["pokerkit_omaha8"] = pokerkit_calls(
            pokerkit.OmahaEightOrBetterLowHand.from_game, pk_omaha)
        runs["pokerkit_stud8"] = pokerkit_calls(pokerkit.EightOrBetterLowHand.from_game, pk_stud)
        per["pokerkit_omaha8"], per["pokerkit_stud8"] = len(pk_omaha), len(pk_stud)
    samples: dict[str, list[float]] = {name: [] for name in runs}
    for run in runs.values():  # warm-up
        run()
    for _ in range(rounds):
        for name, run in runs.items():
            samples[name].append(run() / per[name])
    return {"rows": rows, "rounds": rounds, "calls": calls, "pokerkit": pk_version,
            "kernel": razzcore.kernel_info()["kernel"],
            "ns": {name: statistics.median(s) * 1e9 for name, s in samples.items()}}


def render(res: dict[str, Any]) -> str:
    ns = res["ns"]

    def cost(name: str) -> str:
        v = ns[name]
        return f"{v:,.2f} ns" if v < 1000 else f"{v / 1000:,.1f} µs"

    def verdict(ok: bool) -> str:
        return "met" if ok else "NOT met"

    lines = [
        f"# Other games' lows: {res['rows']:,} rows, one thread, medians of {res['rounds']} "
        f"rounds (batch kernel `{res['kernel']}`)",
        "",
        "| what | per row / call | ratio | target | verdict |",
        "| --- | --- | --- | --- | --- |",
    ]

    def row(what: str, name: str, ratio: str = "", target: str = "",
            ok: bool | None = None) -> None:
        lines.append(f"| {what} | {cost(name)} | {ratio} | {target} | "
                     f"{'' if ok is None else verdict(ok)} |")

    row("7-card `evaluate_batch(check=False)`", "batch7")
    row("7-card `evaluate_batch` (checked)", "batch7_checked")
    r = ns["batch7_q8"] / ns["batch7"]
    row("7-card `evaluate_batch(qualifier=8, check=False)` (Stud/8)", "batch7_q8",
        f"{r:.2f}× the unqualified")
    for name, base, what, limit in (
        ("omaha8", "batch7", "`evaluate_omaha_batch(qualifier=8, check=False)`, 4 + 5", 3.0),
        ("omaha8_checked", "batch7_checked", "`evaluate_omaha_batch(qualifier=8)` (checked)", 3.0),
        ("omaha", "batch7", "`evaluate_omaha_batch(check=False)`, no qualifier", 30.0),
        ("omaha_checked", "batch7_checked", "`evaluate_omaha_batch` (checked), no qualifier", 30.0),
    ):
        r = ns[name] / ns[base]
        row(what, name, f"{r:.2f}× the 7-card batch", f"≤ {limit:g}×", r <= limit)
    row("`evaluate(tuple of 7, qualifier=8)`", "single_stud8")
    row("`evaluate_omaha(tuple, tuple, qualifier=8)`", "single_omaha8")
    row("`evaluate_omaha(tuple, tuple)`", "single_omaha")
    if res["pokerkit"]:
        r = ns["pokerkit_omaha8"] / ns["single_omaha8"]
        row(f"pokerkit {res['pokerkit']} `OmahaEightOrBetterLowHand.from_game`",
            "pokerkit_omaha8", f"razzcore {r:,.0f}× faster", "≥ 2,000×", r >= 2000)
        r = ns["pokerkit_stud8"] / ns["single_stud8"]
        row(f"pokerkit {res['pokerkit']} `EightOrBetterLowHand.from_game`", "pokerkit_stud8",
            f"razzcore {r:,.0f}× faster")
    else:
        lines.append("| pokerkit | not installed: no ratio | | | |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=1_600_000, help="rows per batch")
    parser.add_argument("--rounds", type=int, default=9, help="interleaved rounds (median)")
    parser.add_argument("--calls", type=int, default=5_000, help="hands per single-call round")
    args = parser.parse_args(argv)
    if args.rows < args.calls or args.rounds < 1 or args.calls < 100:
        parser.error("--rows must be at least --calls (>= 100), --rounds positive")
    print(render(measure(args.rows, args.rounds, args.calls)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
