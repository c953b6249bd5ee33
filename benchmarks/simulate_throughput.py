"""Hands per second of :func:`razzcore.simulate` (whole hands in the compiled
engine, GIL released) beside the Python-driven engine, measured in the same run.

For 2, 4 and 8 players, ``Rules(2, 5, 10, 20)``, stacks of 400, the
``random`` policy: ``simulate(..., threads=1)`` timed by this process's CPU
clock (targets: 3,000,000 hands/s heads-up, 600,000 8-handed), the ``basic``
policy the same way (``basic x``: its time per hand over the random one's,
target <= 1.5), the same with
``threads=2`` timed by the wall clock beside ``threads=1`` on the wall clock
(target: >= 1.8x when two cores are free), and :class:`razzcore.Hand` driven
from Python with random legal actions (CPU clock) and pokerkit's
``FixedLimitRazz`` with the same policy (CPU clock, when installed) for the
ratios.  Medians of ``--repeat`` alternating measurements.  On a shared
machine the wall-clock ratio of two threads to one says more about the other
jobs than about razzcore, so two more columns show whether the threads run
in parallel: ``busy`` is the process's CPU seconds per wall second with two
threads (2.0 = both threads always running, the GIL never held), and
``cpu/hand 1:2`` the CPU time per hand with one thread over that with two
(1.0 = no work added by splitting; with two free cores the speed-up is then
``busy``).  Run::

    python benchmarks/simulate_throughput.py [--hands 400000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from razzcore import Hand, Rules, simulate

try:  # the same random policy in pokerkit's FixedLimitRazz (benchmarks/engine_vs_pokerkit.py)
    from engine_vs_pokerkit import pokerkit_hand
except ImportError:  # pokerkit or the sibling script missing
    pokerkit_hand = None

RULES = Rules(2, 5, 10, 20)
STACK = 400


def sim_run(
    players: int, hands: int, threads: int, policy: str = "random"
) -> tuple[float, float]:
    """(hands per wall second, hands per process CPU second)."""
    w0, c0 = time.perf_counter(), time.process_time()
    simulate(RULES, [STACK] * players, hands, seed=1, threads=threads, policy=policy)
    return hands / (time.perf_counter() - w0), hands / (time.process_time() - c0)


def hand_rate(players: int, hands: int) -> float:
    rng = random.Random(players)
    t0 = time.process_time()
    for _ in range(hands):
        h = Hand(RULES, [STACK] * players, rng=rng)
        while h.actor is not None:
            legal = h.legal_actions()
            h.act(legal[int(rng.random() * len(legal))])
    return hands / (time.process_time() - t0)


def pokerkit_rate(players: int, seconds: float = 1.0) -> float:
    """pokerkit hands per CPU second (0 without pokerkit)."""
    if pokerkit_hand is None:
        return 0.0
    import warnings

    warnings.filterwarnings("ignore", category=UserWarning, module="pokerkit")
    rng = random.Random(players)
    pokerkit_hand(players, rng)  # import and warm up
    count, t0 = 0, time.process_time()
    while time.process_time() - t0 < seconds:
        pokerkit_hand(players, rng)
        count += 1
    return count / (time.process_time() - t0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400_000, help="hands per measurement")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"simulate, policy random, median of {args.repeat}")
    print(f"{'players':>7} {'1 thread cpu/s':>15} {'basic cpu/s':>12} {'basic x':>7}"
          f" {'Hand cpu/s':>11} {'ratio':>7}"
          f" {'pokerkit cpu/s':>15} {'ratio':>7}"
          f" {'1 thread wall/s':>16} {'2 threads wall/s':>17} {'2/1':>6} {'busy':>5}"
          f" {'cpu/hand 1:2':>12}")
    for players in (2, 4, 8):
        hands = args.hands // (1 if players == 2 else players // 2)
        cpu, cpu2, wall1, wall2, py, basic = [], [], [], [], [], []
        for _ in range(args.repeat):
            w, c = sim_run(players, hands, 1)
            wall1.append(w)
            cpu.append(c)
            basic.append(sim_run(players, hands, 1, "basic")[1])
            w, c = sim_run(players, hands, 2)
            wall2.append(w)
            cpu2.append(c)
            py.append(hand_rate(players, max(200, hands // 400)))
        c, p, b = statistics.median(cpu), statistics.median(py), statistics.median(basic)
        w1, w2 = statistics.median(wall1), statistics.median(wall2)
        busy = statistics.median(w / c2 for w, c2 in zip(wall2, cpu2, strict=True))
        split = statistics.median(cpu2) / c
        pk = pokerkit_rate(players)
        pk_ratio = f"{c / pk:>6.0f}x" if pk else "     -"
        print(f"{players:>7} {c:>15,.0f} {b:>12,.0f} {c / b:>6.2f}x"
              f" {p:>11,.0f} {c / p:>6.0f}x {pk:>15,.0f} {pk_ratio}"
              f" {w1:>16,.0f} {w2:>17,.0f} {w2 / w1:>5.2f}x {busy:>5.2f} {split:>12.2f}")


if __name__ == "__main__":
    main()
