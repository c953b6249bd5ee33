"""Hands per second of ``razzcore.play`` and of ``razzcore play`` (CPU clock, median, one thread).

The target: ``razzcore.play(["basic"] * 6, 10_000, seed=1)`` at 100,000 hands a
second or more, with the same winnings as ``razzcore play --players 6 --hands
10000 --seed 1 --lineup basic --json`` (checked).  Beside it, for 2, 6 and 8
seats: the default lineup (``basic,random``) in the engine, and the same
table with one custom Python player, which plays in Python (what a table
that needs the Python loop costs); and a table of six such players
(``Caller``, which checks or calls), every decision asked through
``Hand.view``: the target there is 20,000 hands a second.  Run::

    python benchmarks/play_throughput.py [--hands 10000] [--repeats 7] [--callers 3000]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from razzcore.engine.view import HandView
from razzcore.sim.playing import play


class Caller:
    """A custom player: checks or calls (its table plays in Python)."""

    name = "caller"

    def act(self, view: HandView, legal_actions: Sequence[str]) -> str:
        return "cc" if "cc" in legal_actions else legal_actions[0]


def cpu_rate(hands: int, run: Callable[[], Any], repeats: int) -> float:
    """Median hands per CPU second of ``run`` (whole call: checks, engine, totals)."""
    run()  # warm up (imports, the engine's first call)
    times = []
    for _ in range(repeats):
        t0 = time.process_time()
        run()
        times.append(time.process_time() - t0)
    return hands / max(statistics.median(times), 1e-9)


def cli_run(hands: int) -> dict[str, Any]:
    cmd = [sys.executable, "-m", "razzcore", "play", "--players", "6", "--hands", str(hands),
           "--seed", "1", "--lineup", "basic", "--threads", "1", "--json"]
    data: dict[str, Any] = json.loads(subprocess.run(cmd, capture_output=True, text=True,
                                                     check=True).stdout)
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--callers", type=int, default=3000,
                        help="hands of the six-Caller table (default 3,000)")
    args = parser.parse_args()
    hands = args.hands

    lib = play(["basic"] * 6, hands, seed=1, threads=1)
    cli = cli_run(hands)
    assert list(lib.winnings) == cli["winnings"], (lib.winnings, cli["winnings"])
    rate = cpu_rate(hands, lambda: play(["basic"] * 6, hands, seed=1, threads=1), args.repeats)
    cli_rates = sorted(cli_run(hands)["hands_per_second"] for _ in range(args.repeats))
    print(f"razzcore.play(['basic'] * 6, {hands:,}, seed=1): {rate:,.0f} hands/s "
          f"(CPU clock, median of {args.repeats}, one thread; target 100,000)")
    print(f"razzcore play --players 6 --hands {hands} --seed 1 --lineup basic --threads 1: "
          f"{statistics.median(cli_rates):,.0f} hands/s (its own figure: the engine's wall "
          f"time, median of {args.repeats}); same winnings {list(lib.winnings)}")
    print()
    python_hands = max(1, hands // 20)
    print(f"{'seats':>5}  {'engine (basic,random)':>21}  {'with a Python player':>20}")
    for n in (2, 6, 8):
        engine = cpu_rate(hands, partial(play, n, hands, seed=1, threads=1), args.repeats)
        table: list[Any] = [Caller()] + ["basic", "random"] * 4
        python = cpu_rate(python_hands, partial(play, table[:n], python_hands, seed=1), 3)
        print(f"{n:>5}  {engine:>21,.0f}  {python:>20,.0f}")
    print()
    callers = max(1, args.callers)
    rate = cpu_rate(callers, partial(play, [Caller() for _ in range(6)], callers, seed=1,
                                     threads=1), args.repeats)
    print(f"razzcore.play([Caller()] * 6, {callers:,}, seed=1): {rate:,.0f} hands/s "
          f"(six custom Python players that check or call, every decision through "
          f"Hand.view; CPU clock, median of {args.repeats}; target 20,000)")


if __name__ == "__main__":
    main()
