"""Decisions per second of ``razzcore.envs.VectorEnv``: 2,048 tables (by
default) stepped in the compiled core, every observation written.

Each step plays one uniformly random legal action per table (chosen with
numpy from the returned mask).  Prints, for each player count and
each of ``--threads``, the median over ``--repeat`` runs of the decisions/s of
``step()`` alone (and its ratio to the first thread count, measured in the
same run) and of the whole loop (step plus choosing the actions), with the
machine's load average before and after.  Run::

    python benchmarks/vector_env.py [--envs 2048] [--steps 500] [--repeat 5]
        [--players 2 6] [--threads 1 2] [--clock cpu]

``--clock cpu`` times with the process CPU clock (steadier on a loaded
machine; with several threads it adds up their CPU time).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

import numpy as np

from razzcore.envs import VectorEnv


def run(
    envs: int, players: int, steps: int, threads: int, seed: int, clock: Any = time.perf_counter
) -> tuple[float, float]:
    """(decisions/s of step() alone, decisions/s of the whole loop)."""
    env = VectorEnv(envs, players=players, seed=seed, threads=threads)
    rng = np.random.default_rng(seed)
    mask = env.reset()[1]
    in_step = 0.0
    start = clock()
    for _ in range(steps):
        actions = (rng.random((envs, 3)) * mask).argmax(axis=1)
        t = clock()
        mask = env.step(actions)[1]
        in_step += clock() - t
    total = clock() - start
    return envs * steps / in_step, envs * steps / total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--envs", type=int, default=2048)
    parser.add_argument("--steps", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 6])
    parser.add_argument("--threads", type=int, nargs="+", default=[1])
    parser.add_argument("--clock", choices=["wall", "cpu"], default="wall")
    args = parser.parse_args()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for players in args.players:
        # thread counts alternate within each repeat, so a change in the
        # machine's load touches them alike
        runs: dict[int, list[tuple[float, float]]] = {t: [] for t in args.threads}
        for r in range(args.repeat):
            for threads in args.threads:
                runs[threads].append(run(args.envs, players, args.steps, threads, r, clock))
        base = statistics.median(r[0] for r in runs[args.threads[0]])
        for threads in args.threads:
            step_rate = statistics.median(r[0] for r in runs[threads])
            loop_rate = statistics.median(r[1] for r in runs[threads])
            print(
                f"{players} players, {args.envs} tables, {threads} thread(s): "
                f"step() {step_rate:,.0f} decisions/s ({step_rate / base:.2f}x), "
                f"with numpy action choice {loop_rate:,.0f} decisions/s"
            )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")

if __name__ == "__main__":
    main()
