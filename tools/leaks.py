"""Leak check: call every entry point many times and require flat memory.

    python tools/leaks.py [--quick] [--only NAME ...] [--rounds 10]

Each workload runs in ``--rounds`` rounds (full size: ten million evaluations
for each single-hand entry point and for batches, a hundred thousand hands,
thousands of equity calls; ``--quick`` is a CI-sized smoke test).  After every
round the script collects garbage and records the bytes traced by
:mod:`tracemalloc` (every Python-level allocation, including the extension's
objects and buffers) and the process RSS (which also sees plain ``malloc`` in
C code).  A workload fails when memory still grows over the second half of
its rounds (after warm-up caches have filled): more than ``--traced-slack``
bytes traced or ``--rss-slack`` bytes of RSS.  Exit status 1 on any failure.
"""

from __future__ import annotations

import argparse
import array
import gc
import os
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import razzcore

try:
    import numpy as np
except ImportError:  # the batch workloads then use array.array
    np = None  # type: ignore[assignment]


def rss_bytes() -> int:
    """Current resident set size (Linux /proc; elsewhere the peak from getrusage)."""
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == "darwin" else peak * 1024


UNDER_ASAN = "asan" in os.environ.get("LD_PRELOAD", "") or "ASAN_OPTIONS" in os.environ


@dataclass
class Workload:
    name: str
    unit: str
    per_round: int  # units per round at full size
    run: Callable[[int], None]  # run(units)


RNG = random.Random(9)
HANDS = [tuple(RNG.sample(range(52), RNG.choice((5, 6, 7)))) for _ in range(10_000)]
TEXTS = [razzcore.format_cards(h) for h in HANDS[:1000]]
MASKS = [razzcore.cards_to_mask(h) for h in HANDS]


def _cycle(items: list, n: int):  # type: ignore[type-arg]
    k = len(items)
    for i in range(n):
        yield items[i % k]


def w_evaluate(n: int) -> None:
    ev = razzcore.evaluate
    for h in _cycle(HANDS, n):
        ev(h)


def w_evaluate_list_and_text(n: int) -> None:
    ev = razzcore.evaluate
    for i, t in enumerate(_cycle(TEXTS, n)):
        ev(t if i % 2 else list(HANDS[i % len(HANDS)]))


def w_evaluate_mask(n: int) -> None:
    ev = razzcore.evaluate_mask
    for m in _cycle(MASKS, n):
        ev(m)


def _batches() -> list:  # type: ignore[type-arg]
    out = []
    for width in (5, 6, 7):
        rows = [h[:width] for h in HANDS if len(h) >= width][:5000]
        flat = bytes(c for r in rows for c in r)
        if np is not None:
            out.append(np.frombuffer(flat, dtype=np.uint8).reshape(-1, width).copy())
        out.append((array.array("B", flat), width))
    return out


BATCHES = _batches()


def w_evaluate_batch(n: int) -> None:
    done = 0
    i = 0
    while done < n:
        b = BATCHES[i % len(BATCHES)]
        i += 1
        if isinstance(b, tuple):
            arr, width = b
            out = array.array("H", bytes(2 * (len(arr) // width)))
            razzcore.evaluate_batch(arr, out, cards_per_hand=width)
            done += len(out)
        else:
            res = razzcore.evaluate_batch(b, threads=1 + i % 2, check=bool(i % 3))
            done += len(res)


BAD_BATCH = bytes([0, 4, 8, 12, 16, 20, 24] * 99 + [0, 4, 8, 12, 16, 20, 60])


def w_error_paths(n: int) -> None:
    """Every rejection path: exceptions must not leak their buffers/views."""
    bad = [("As 2d 3c",), ("As As 2d 3c 4h",), ((0, 4, 8, 12, 99),), (None,)]
    for i in range(n):
        k = i % 6
        try:
            if k < 4:
                razzcore.evaluate(*bad[k])
            elif k == 4:
                razzcore.evaluate_mask(1 << 60)
            else:
                razzcore.evaluate_batch(BAD_BATCH, cards_per_hand=7)
        except razzcore.RazzError:
            pass


def w_describe(n: int) -> None:
    for h in _cycle(HANDS, n):
        razzcore.describe(h)
        razzcore.best_five(h)


def w_rank_histogram(n: int) -> None:
    for _ in range(n):
        razzcore.rank_histogram(5)


def play_random(hand: Any, rng: random.Random) -> Any:
    """Play ``hand`` to the end with uniformly random legal actions."""
    while hand.actor is not None:
        hand.act(rng.choice(hand.legal_actions()))
    return hand


def w_hands(n: int) -> None:
    from razzcore.engine.hand import Hand
    from razzcore.engine.rules import PROFILES, Rules

    rng = random.Random(n)
    profiles = sorted(PROFILES)
    for i in range(n):
        rules = Rules(1, 2, 5, 10, profile=profiles[i % 3])
        stacks = [rng.choice((6, 40, 300)) for _ in range(rng.randint(2, 8))]
        hand = play_random(Hand(rules, stacks, seed=i, manual_showdown=i % 4 == 0), rng)
        if i % 10 == 0:
            hand.view(0)
            hand.copy()


def w_phh(n: int) -> None:
    from razzcore import phh
    from razzcore.engine.hand import Hand
    from razzcore.engine.rules import Rules

    rng = random.Random(n)
    for i in range(n):
        hand = play_random(Hand(Rules(1, 2, 5, 10), [50, 80, 120], seed=i), rng)
        phh.loads(phh.dumps(hand)).replay()


def w_equity(n: int) -> None:
    from razzcore.odds.calculator import equity

    requests = [
        (["As 2d 3c 4h 5s", "Kh Qd Js Tc 9d"], {}),
        (["As 2d 3c 4h", "?? ?? 6s 7d"], {}),
        (["?? ?? 2c", "?? ?? 5d", "?? ?? 8h"], {"exact": False, "trials": 2000, "seed": 1}),
        (["5c 4d 3h 9s 8d 7c", "6c 6d 2h Ks Kd Qs"], {}),
    ]
    for i in range(n):
        hands, kw = requests[i % len(requests)]
        equity(hands, **kw)


WORKLOADS = [
    Workload("evaluate", "evaluations", 1_000_000, w_evaluate),
    Workload("evaluate_mask", "evaluations", 1_000_000, w_evaluate_mask),
    Workload("evaluate_batch", "hands", 1_000_000, w_evaluate_batch),
    Workload("evaluate_text", "evaluations", 100_000, w_evaluate_list_and_text),
    Workload("errors", "rejected calls", 50_000, w_error_paths),
    Workload("describe", "hands", 20_000, w_describe),
    Workload("rank_histogram", "enumerations", 4, w_rank_histogram),
    Workload("hands", "hands", 10_000, w_hands),
    Workload("phh", "round trips", 1_000, w_phh),
    Workload("equity", "equity calls", 400, w_equity),
]


def measure() -> tuple[int, int]:
    gc.collect()
    return tracemalloc.get_traced_memory()[0], rss_bytes()


def check(w: Workload, rounds: int, scale: float, traced_slack: int, rss_slack: int) -> bool:
    units = max(1, int(w.per_round * scale))
    w.run(max(1, units // 10))  # warm-up: imports, caches, numpy, threads
    points = [measure()]
    t0 = time.perf_counter()
    for _ in range(rounds):
        w.run(units)
        points.append(measure())
    secs = time.perf_counter() - t0
    mid = points[len(points) // 2]
    end = points[-1]
    traced_growth = end[0] - mid[0]
    rss_growth = end[1] - mid[1]
    # Under AddressSanitizer freed memory sits in a quarantine (RSS grows until
    # it is full), so only the traced bytes are judged there.
    ok = traced_growth <= traced_slack and (UNDER_ASAN or rss_growth <= rss_slack)
    kib = 1024
    print(f"{'ok  ' if ok else 'LEAK'} {w.name:<15} {units * rounds:>11,} {w.unit:<14} "
          f"{secs:6.1f} s  traced {points[0][0] // kib:>6,} -> {mid[0] // kib:,} -> "
          f"{end[0] // kib:,} KiB  RSS {points[0][1] // kib // kib:,} -> {mid[1] // kib // kib:,}"
          f" -> {end[1] // kib // kib:,} MiB  (2nd-half growth {traced_growth:+,} B traced, "
          f"{rss_growth // kib:+,} KiB RSS)", flush=True)
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a small CI-sized run")
    parser.add_argument("--only", nargs="*", default=None, help="workload names")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--traced-slack", type=int, default=64 * 1024)
    parser.add_argument("--rss-slack", type=int, default=4 * 1024 * 1024)
    args = parser.parse_args(argv)
    scale = 0.01 if args.quick else 1.0
    chosen = [w for w in WORKLOADS if args.only is None or w.name in args.only]
    missing = set(args.only or ()) - {w.name for w in WORKLOADS}
    if missing:
        parser.error(f"unknown workloads {sorted(missing)}")
    tracemalloc.start()
    if UNDER_ASAN:
        print("under AddressSanitizer: RSS is shown but not judged (quarantine)")
    t0 = time.perf_counter()
    failed = []
    for w in chosen:
        try:
            ok = check(w, args.rounds, scale, args.traced_slack, args.rss_slack)
        except ImportError as exc:  # a part of the library that is not there
            print(f"skip {w.name}: {exc}")
            continue
        if not ok:
            failed.append(w.name)
    print(f"{len(chosen)} workloads in {time.perf_counter() - t0:.1f} s"
          + (f"; LEAKING: {', '.join(failed)}" if failed else "; memory flat"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
