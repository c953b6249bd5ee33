"""Replay speed: PHH text read and replayed on the engine per second, beside
pokerkit reading the same text and iterating its states, in the same run;
and ``pokerstars.dumps``, which verifies each hand by the same replay.

The hands are six-handed razz hands of ``simulate(..., policy="basic")``
(recorded as PHH histories), written once with ``phh.dumps``.  Timed on the
same texts:

* ``phh.loads(text).replay()``: parse the TOML, check the fields, parse each
  action once, replay it on the engine (reading the engine's event log); each
  ``Hand`` is dropped as soon as it is made, as the pokerkit side drops its
  states (the ratio compares these two), and again keeping every ``Hand`` in a
  list (the collector then walks the growing list of live hands);
* ``phh.loads(text)`` alone, and ``hh.replay()`` alone on loaded histories
  (where the time goes between the two);
* ``pokerkit.HandHistory.loads(text)`` and iterating its states (pokerkit's
  own replay of a PHH file);
* ``pokerstars.dumps(histories)``: replay (``verify``) and write each hand.

The cache of parsed action lines (``razzcore.engine.notation``) is emptied
before each measurement, so each one starts cold.

Run::

    python benchmarks/replay_throughput.py [--hands 2000] [--repeat 5] [--clock cpu]
    python benchmarks/replay_throughput.py --profile

Prints the median hands/s of ``--repeat`` measurements and the ratio against
pokerkit (one process: one core).  ``--profile`` runs ``loads().replay()``
once under cProfile and prints the functions that take the most time.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time
from collections.abc import Callable
from typing import Any

from razzcore import phh, pokerstars
from razzcore.engine import notation
from razzcore.engine.rules import Rules
from razzcore.sim import simulate


def make_texts(count: int, seed: int) -> tuple[list[phh.HandHistory], list[str]]:
    """``count`` six-handed basic-policy hands, as histories and PHH texts."""
    result = simulate(Rules(1, 2, 5, 10), [200] * 6, count, policy="basic", record=count,
                      seed=seed)
    histories = [h for h in result.histories if _pokerkit_reads(phh.dumps(h))]
    return histories, [phh.dumps(h) for h in histories]


def _pokerkit_reads(text: str) -> bool:
    """Whether pokerkit replays ``text`` (it cannot rank a showdown hand with
    a ``??`` card, which a mucked hand may hold): only such hands are timed,
    so both sides replay the same texts.  True without pokerkit."""
    try:
        from pokerkit import HandHistory as PokerkitHistory
    except ImportError:
        return True
    try:
        for _ in PokerkitHistory.loads(text):
            pass
    except Exception:  # any refusal leaves the hand out
        return False
    return True


def measure(fn: Callable[[], Any], count: int, repeat: int,
            clock: Callable[[], float]) -> float:
    rates = []
    for _ in range(repeat):
        notation._PARSED.clear()
        start = clock()
        fn()
        rates.append(count / (clock() - start))
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clock", choices=["cpu", "wall"], default="cpu")
    parser.add_argument("--profile", action="store_true",
                        help="print where loads().replay() spends its time instead")
    args = parser.parse_args()
    if args.hands < 1 or args.repeat < 1:
        parser.error("--hands and --repeat must be at least 1")
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    histories, texts = make_texts(args.hands, args.seed)
    n = len(texts)
    if args.profile:
        prof = cProfile.Profile()
        prof.runcall(lambda: [phh.loads(t).replay() for t in texts])
        pstats.Stats(prof).sort_stats("tottime").print_stats(20)
        return
    print(f"{n} six-handed razz hands (simulate, policy='basic'; of {args.hands}, those "
          f"pokerkit replays), "
          f"{sum(len(h.actions) for h in histories) / n:.1f} PHH actions each; "
          f"median of {args.repeat}, {args.clock} clock")
    def replay_each() -> None:
        for t in texts:
            phh.loads(t).replay()

    both = measure(replay_each, n, args.repeat, clock)
    print(f"razzcore phh.loads(text).replay():          {both:10,.0f} hands/s")
    kept = measure(lambda: [phh.loads(t).replay() for t in texts], n, args.repeat, clock)
    print(f"  the same, every Hand kept in a list:      {kept:10,.0f} hands/s")
    loaded = measure(lambda: [phh.loads(t) for t in texts], n, args.repeat, clock)
    print(f"  phh.loads(text) alone:                    {loaded:10,.0f} hands/s")
    read = [phh.loads(t) for t in texts]
    replayed = measure(lambda: [h.replay() for h in read], n, args.repeat, clock)
    print(f"  hh.replay() alone (actions parsed once):  {replayed:10,.0f} hands/s")
    dumped = measure(lambda: pokerstars.dumps(histories), n, args.repeat, clock)
    print(f"razzcore pokerstars.dumps (verify + write): {dumped:10,.0f} hands/s")
    try:
        from pokerkit import HandHistory as PokerkitHistory
    except ImportError:
        print("(pokerkit is not installed: pip install pokerkit to compare)")
        return

    def pokerkit_replay() -> None:
        for t in texts:
            for _ in PokerkitHistory.loads(t):
                pass

    theirs = measure(pokerkit_replay, n, args.repeat, clock)
    print(f"pokerkit HandHistory.loads + its states:    {theirs:10,.0f} hands/s")
    print(f"ratio loads().replay() / pokerkit: {both / theirs:.2f}x (target >= 30x, "
          f">= 20,000 hands/s); every Hand kept: {kept / theirs:.2f}x; "
          f"pokerstars.dumps target >= 10,000 hands/s")


if __name__ == "__main__":
    main()
