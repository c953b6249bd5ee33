"""Hands per second of :func:`razzcore.simulate` (whole hands in the compiled
engine, GIL released) beside the Python-driven engine, measured in the same run.

For 2, 4 and 8 players, ``Rules(2, 5, 10, 20)``, stacks of 400, the
``random`` policy: ``simulate(..., threads=1)`` timed by this process's CPU
clock (targets: 1,000,000 hands/s heads-up, 150,000 8-handed), the same with
``threads=2`` timed by the wall clock beside ``threads=1`` on the wall clock
(target: >= 1.8x when two cores are free), and :class:`razzcore.Hand` driven
from Python with random legal actions (CPU clock) for the ratio.  Medians of
``--repeat`` alternating measurements.  Run::

    python benchmarks/simulate_throughput.py [--hands 400000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from razzcore import Hand, Rules, simulate

RULES = Rules(2, 5, 10, 20)
STACK = 400


def sim_rate(players: int, hands: int, threads: int, clock: str) -> float:
    tick = time.process_time if clock == "cpu" else time.perf_counter
    t0 = tick()
    simulate(RULES, [STACK] * players, hands, seed=1, threads=threads)
    return hands / (tick() - t0)


def hand_rate(players: int, hands: int) -> float:
    rng = random.Random(players)
    t0 = time.process_time()
    for _ in range(hands):
        h = Hand(RULES, [STACK] * players, rng=rng)
        while h.actor is not None:
            legal = h.legal_actions()
            h.act(legal[int(rng.random() * len(legal))])
    return hands / (time.process_time() - t0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400_000, help="hands per measurement")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"simulate, policy random, median of {args.repeat}")
    print(f"{'players':>7} {'1 thread cpu/s':>15} {'Hand cpu/s':>11} {'ratio':>7}"
          f" {'1 thread wall/s':>16} {'2 threads wall/s':>17} {'2/1':>6}")
    for players in (2, 4, 8):
        hands = args.hands // (1 if players == 2 else players // 2)
        cpu, wall1, wall2, py = [], [], [], []
        for _ in range(args.repeat):
            cpu.append(sim_rate(players, hands, 1, "cpu"))
            wall1.append(sim_rate(players, hands, 1, "wall"))
            wall2.append(sim_rate(players, hands, 2, "wall"))
            py.append(hand_rate(players, max(200, hands // 400)))
        c, p = statistics.median(cpu), statistics.median(py)
        w1, w2 = statistics.median(wall1), statistics.median(wall2)
        print(f"{players:>7} {c:>15,.0f} {p:>11,.0f} {c / p:>6.0f}x"
              f" {w1:>16,.0f} {w2:>17,.0f} {w2 / w1:>5.2f}x")


if __name__ == "__main__":
    main()
