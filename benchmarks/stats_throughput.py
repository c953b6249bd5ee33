"""Tracker speed: PokerStars text to the players' statistics table, hands per
second on one core, beside the steps it is made of, in the same run.

The hands are those of ``benchmarks/pokerstars_import.py`` (random 2- to
8-player razz hands of the ``online`` profile, cash game, rake on most pots),
written once as PokerStars text with ``razzcore.histories.pokerstars.dumps``
and saved to a temporary file.  Timed on the same text:

* ``razzcore.stats(path)``: read the file, replay, check and count each hand
  in one compiled replay (the PokerStars reader, ``src/razz_tally.h``), add
  the counts to the table (the figure of the target, >= 20,000 hands/s on
  one core);
* ``pokerstars.tally(text)``: its reading and counting alone, without the table;
* ``pokerstars.loads(text)``: reading to ``HandHistory`` objects (what
  ``stats`` does not make for a PokerStars file);
* ``razzcore.stats(histories)``: the path of histories given as objects (and
  of PHH files): each ``HandHistory`` replayed on the engine and counted by
  the same compiled rule from the engine's event log;
* ``razzcore.stats(phhs_path)``: the same hands as a ``.phhs`` file
  (``phh.dumps_all``): read as PHH (its format told from its first lines),
  then counted as histories given as objects.

Run::

    python benchmarks/stats_throughput.py [--hands 4000] [--repeat 5] [--clock cpu]
    python benchmarks/stats_throughput.py --profile

Prints the median hands/s of ``--repeat`` measurements of each (one process:
one core).  ``--profile`` runs ``stats`` once under cProfile and prints the
functions that take the most time.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import tempfile
import time
from collections.abc import Callable
from typing import Any

from pokerstars_import import make_hands

from razzcore import phh, pokerstars, stats


def measure(fn: Callable[[], Any], count: int, repeat: int,
            clock: Callable[[], float]) -> float:
    rates = []
    for _ in range(repeat):
        start = clock()
        fn()
        rates.append(count / (clock() - start))
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clock", choices=["cpu", "wall"], default="cpu",
                        help="CPU time of this process (default: other load on the machine "
                             "does not count) or wall time")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    text = pokerstars.dumps(make_hands(args.hands, args.seed))
    histories = pokerstars.loads(text)
    count = len(histories)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "session.txt")
        with open(path, "w", encoding="utf-8") as fp:
            fp.write(text)
        phhs = os.path.join(folder, "session.phhs")
        with open(phhs, "w", encoding="utf-8") as fp:
            fp.write(phh.dumps_all(histories))
        table = stats(path)
        assert table.hand_count == count and not table.skipped
        assert stats(phhs).rows == table.rows
        if args.profile:
            prof = cProfile.Profile()
            prof.runcall(stats, path)
            pstats.Stats(prof).sort_stats("tottime").print_stats(18)
            return
        clock = time.process_time if args.clock == "cpu" else time.perf_counter
        rows = [
            ("razzcore.stats(path): text to table", measure(lambda: stats(path), count,
                                                            args.repeat, clock)),
            ("pokerstars.tally(text): reading and counting",
             measure(lambda: list(pokerstars.tally(text)), count, args.repeat, clock)),
            ("pokerstars.loads(text): reading to histories",
             measure(lambda: pokerstars.loads(text), count, args.repeat, clock)),
            ("razzcore.stats(histories): replay and count",
             measure(lambda: stats(histories), count, args.repeat, clock)),
            ("razzcore.stats(phhs_path): a .phhs file to table",
             measure(lambda: stats(phhs), count, args.repeat, clock)),
        ]
    print(f"{count} PokerStars razz hands, {len(table)} players, median of {args.repeat} "
          f"({args.clock} clock, one core)")
    for name, rate in rows:
        print(f"{name:<48} {rate:>10,.0f} hands/s")


if __name__ == "__main__":
    main()
