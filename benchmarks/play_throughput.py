"""Hands per second of ``razzcore.play`` (the engine driven by the built-in players).

For 2, 6 and 8 seats: the default lineup (``basic,random``) in process, the same
on a process pool (identical results, checked), and, for scale, the engine
alone with random actions and no player views (what the players' views cost).
Run::

    python benchmarks/play_throughput.py [--hands 3000] [--jobs 2]
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor

from razzcore.engine.hand import Hand
from razzcore.engine.rules import Rules
from razzcore.sim.playing import DEFAULT_RULES, DEFAULT_STACK, play


def engine_only(players: int, hands: int) -> float:
    """Hands per second with uniformly random actions and no views."""
    rules = Rules(*DEFAULT_RULES)
    rng = random.Random(1)
    t0 = time.perf_counter()
    for i in range(hands):
        h = Hand(rules, [DEFAULT_STACK] * players, seed=i)
        while h.actor is not None:
            legal = h.legal_actions()
            h.act(legal[int(rng.random() * len(legal))])
    return hands / (time.perf_counter() - t0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    print(f"{'seats':>5}  {'play()':>10}  {'play(pool)':>10}  {'engine only':>11}")
    with ProcessPoolExecutor(args.jobs) as pool:
        pool.submit(int).result()  # start the workers before timing
        for n in (2, 6, 8):
            local = play(n, args.hands, seed=1)
            pooled = play(n, args.hands, seed=1, executor=pool)
            assert pooled.winnings == local.winnings
            raw = engine_only(n, args.hands)
            print(f"{n:>5}  {local.hands_per_second:>10,.0f}  {pooled.hands_per_second:>10,.0f}"
                  f"  {raw:>11,.0f}")


if __name__ == "__main__":
    main()
