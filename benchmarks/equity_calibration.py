"""The exact-equity cost model against the clock: re-derive the constants of ``estimate_work``.

    python benchmarks/equity_calibration.py                       # every spot up to 20 s
    python benchmarks/equity_calibration.py --max-seconds 0.5     # the quick ones (~1 minute)
    python benchmarks/equity_calibration.py --repeat 5 --clock wall --json out.json

``razzcore.odds.calculator.estimate_work`` predicts the CPU time of an exact
enumeration in nanoseconds on one core, as units of work (the kernel's steps:
heads-up patterns and the slots they weigh, grouped-walk unions, their slots and
split steps, direct-walk leaves, one per call) times a cost in nanoseconds per
unit, the ``*_NS`` constants of ``razzcore/odds/hand_equity.py``.  ``exact=None``
enumerates up to ``AUTO_EXACT_WORK`` (0.3 s), ``exact=True`` up to
``MAX_EXACT_WORK`` (two minutes), so the constants decide which requests are
walked.

For each spot (2 to 8 players, 3rd to 6th street, unknown down cards, dead cards,
the community card, ranges walked once or class by class) this script takes the
units of each constant (``estimate_work`` with that constant set to 1 and the
others to 0), times ``equity(hands, dead, exact=True)`` in this process, one
thread (the median of ``--repeat`` runs after a warm-up for a spot estimated
under 0.3 s, one run above), and prints the estimate, the measured time, their
ratio and the constant that spot alone implies for its main term (the time the
other terms do not account for, per unit).  Then the fits: one scale for every
constant (the median ratio, and the least squares of the log ratio), and each
constant fitted (least squares of the log ratio over the spots, each
constant pulled lightly towards its value in the code; one no spot spends 5%
of its estimate on keeps it).  Paste the fitted values into
``hand_equity.py`` when they move the ratios closer to 1 on a quiet machine
(docs/benchmarks.md, "The estimate that picks exact or Monte Carlo").

Timings are reported, never asserted; each result is checked to be exact.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from razzcore import Range, equity
from razzcore.odds import hand_equity, range_equity
from razzcore.odds.calculator import estimate_work

#: The cost model's constants, nanoseconds per unit of each kind of work.
CONSTANTS = ("CALL_NS", "HU_PATTERN_NS", "HU_SLOT_NS", "UNION_NS", "UNION_SLOT_NS", "SPLIT_NS",
             "LEAF_NS")

#: (name, hands, dead cards): every walk the model prices, 2 to 8 players.
SPOTS: list[tuple[str, list[Any], str]] = [
    ("heads-up 3rd street", ["As 2d 3c", "Kh Qd Js"], ""),
    ("heads-up 3rd street, ?? ?? both", ["?? ?? 2c", "?? ?? 5d"], ""),
    ("heads-up 4th street", ["As 2d 3c 7h", "4h 5d 6s 9c"], ""),
    ("heads-up 5th street", ["As 2d 3c 7h Kc", "4h 5d 6s 9c Td"], ""),
    ("heads-up 6th street", ["As 2d 3c 7h Kc 8s", "4h 5d 6s 9c Td Jh"], ""),
    ("three-way 3rd street", ["As 2d 3c", "4h 5h 6h", "Kh Qd Js"], ""),
    ("three-way 3rd street, 5 dead", ["As 2d 3c", "4h 5h 6h", "Kh Qd Js"], "7c 8c 9d Ts Qh"),
    ("three-way 4th street, one ?? ??", ["?? ?? 3c 7h", "4h 5d 6s 9c", "2h 4c 8d Th"], ""),
    ("three-way 5th street, one ?? ??", ["As 2d 3c 7h Kc", "?? ?? 5d 6s 9c", "2h 4c 8d Th Jd"], ""),
    ("three-way 6th street", ["As 2d 3c 7h Kc 8s", "4h 5d 6s 9c Td Jh", "2h 4c 8d Th Jd Qs"], ""),
    ("direct walk: 5th, 5th and a full hand",
     ["As 2d 3c 7h Kc", "4h 5d 6s 9c Td", "2h 4c 8d Th Jd Qs 5s"], ""),
    ("direct walk: 6th, 6th and a full hand",
     ["As 2d 3c 7h Kc 8s", "4h 5d 6s 9c Td Jh", "2h 4c 8d Th Jd Qs 5s"], ""),
    ("four-way 4th street", ["As 2d 3c 7h", "4h 5d 6s 9c", "2h 4c 8d Th", "3s 5c 6d Jc"], ""),
    ("four-way 5th street, two ?? ??",
     ["?? ?? 3c 7h Kc", "?? ?? 6s 9c Td", "2h 4c 8d Th Jd", "3s 5c 6d Jc Qc"], ""),
    ("five-way 5th street", ["As 2d 3c 7h Kc", "4h 5d 6s 9c Td", "2h 4c 8d Th Jd",
                             "3s 5c 6d Jc Qc", "Ah 2s 7d 8h 9s"], ""),
    ("six-way 6th street, one ?? ??", ["?? ?? 3c 7h Kc 8s", "4h 5d 6s 9c Td Jh",
                                       "2h 4c 8d Th Jd Qs", "3s 5c 6d Jc Qc Ks",
                                       "Ah 2s 7d 8h 9s Ts", "Ad 2c 3h 4s 5s 6c"], ""),
    ("seven-way 5th street, 9 dead: community card",
     ["As 2d 3c 7h Kc", "4h 5d 6s 9c Td", "2h 4c 8d Th Jd", "3s 5c 6d Jc Qc", "Ah 2s 7d 8h 9s",
      "Ad 3h 4d 5h 6h", "2c 7c 8c 9h Ts"], "Kd Kh Ks Qd Qh Qs Jh Js Tc"),
    ("eight-way 6th street, two ?? ??: community card",
     ["?? ?? 3c 7h Kc 8s", "?? ?? 6s 9c Td Jh", "2h 4c 8d Th Jd Qs", "3s 5c 6d Jc Qc Ks",
      "Ah 2s 7d 8h 9s Ts", "Ad 3h 4d 5h 6h 7s", "2c 7c 8c 9h Tc Kd", "As 2d 3d 4h 5d 6c"], ""),
    ("As 2d 3c vs [A-8] [A-8] 7h (single walk)", ["As 2d 3c", Range("[A-8] [A-8] 7h")], ""),
    ("[A-4] [A-4] 3c vs [5-6] [5-6] 7h (by class)",
     [Range("[A-4] [A-4] 3c"), Range("[5-6] [5-6] 7h")], ""),
]

#: Spots estimated under this many seconds are warmed up and repeated.
REPEAT_BELOW_S = 0.3
#: A constant no spot spends this share of its estimate on keeps its value in the fit.
MIN_SHARE = 0.05
#: Weight of the pull of each fitted constant's log towards its value in the code
#: (a factor e costs as much as a log ratio of 0.1 on one spot): a constant few
#: spots tell apart from the others stays near its value instead of drifting.
PRIOR = 0.01


def _set_constants(values: dict[str, float]) -> None:
    for name, value in values.items():
        setattr(hand_equity, name, value)
    range_equity.CALL_NS = values["CALL_NS"]  # type: ignore[attr-defined,assignment]  # by name


def units(hands: Sequence[Any], dead: str) -> dict[str, float]:
    """The units of work of each constant for ``hands``: ``estimate_work`` with
    that constant set to 1 and the others to 0 (the estimate is linear in them)."""
    saved = {name: getattr(hand_equity, name) for name in CONSTANTS}
    out = {}
    try:
        for name in CONSTANTS:
            _set_constants({k: 1 if k == name else 0 for k in CONSTANTS})
            out[name] = float(estimate_work(hands, dead))
    finally:
        _set_constants(saved)
    return out


def predict(constants: dict[str, float], work: dict[str, float]) -> float:
    """The estimate in nanoseconds from the constants and the units."""
    return sum(constants[k] * work[k] for k in CONSTANTS)


def timed(fn: Callable[[], Any], rounds: int, clock: Callable[[], float]) -> float:
    """The median seconds of ``rounds`` runs of ``fn``."""
    times = []
    for _ in range(rounds):
        start = clock()
        fn()
        times.append(clock() - start)
    return statistics.median(times)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a x = b`` (Gaussian elimination, partial pivoting; ``a`` is
    positive definite here)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for k in range(c, n + 1):
                m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def fit(constants: dict[str, float], rows: list[dict[str, Any]]) -> dict[str, float]:
    """The constants minimising the sum of squared log ratios (estimate over
    measured time) plus :data:`PRIOR` times the squared log of each one's
    change, by damped Gauss-Newton steps in the logs of the constants; a
    constant no spot spends :data:`MIN_SHARE` of its estimate on is kept."""
    free = [k for k in CONSTANTS
            if any(constants[k] * r["units"][k] / r["estimate_ns"] >= MIN_SHARE for r in rows)]
    current = dict(constants)

    def cost(values: dict[str, float]) -> float:
        return (sum(math.log(predict(values, r["units"]) / r["measured_ns"]) ** 2 for r in rows)
                + PRIOR * sum(math.log(values[k] / constants[k]) ** 2 for k in free))

    best, damping = cost(current), 1e-3
    for _ in range(200):
        # residuals and their derivatives in log(constant): the constant's share
        res = [math.log(predict(current, r["units"]) / r["measured_ns"]) for r in rows]
        jac = [[current[k] * r["units"][k] / predict(current, r["units"]) for k in free]
               for r in rows]
        jtj = [[sum(row[i] * row[j] for row in jac) for j in range(len(free))]
               for i in range(len(free))]
        jtr = [-sum(row[i] * e for row, e in zip(jac, res, strict=True))
               - PRIOR * math.log(current[k] / constants[k]) for i, k in enumerate(free)]
        for i in range(len(free)):
            jtj[i][i] += PRIOR + damping * jtj[i][i]
        step = _solve(jtj, jtr)
        trial = dict(current)
        for k, d in zip(free, step, strict=True):
            trial[k] = current[k] * math.exp(max(-5.0, min(5.0, d)))
        got = cost(trial)
        if got < best - 1e-12:
            current, damping = trial, max(damping / 10, 1e-9)
            if best - got < 1e-10:
                break
            best = got
        else:
            damping *= 10
            if damping > 1e9:
                break
    return current


def _fmt_ns(ns: float) -> str:
    if ns >= 1e9:
        return f"{ns / 1e9:8.3f} s "
    if ns >= 1e6:
        return f"{ns / 1e6:8.2f} ms"
    return f"{ns / 1e3:8.1f} us"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3,
                        help=f"runs per spot estimated under {REPEAT_BELOW_S:g} s (3)")
    parser.add_argument("--clock", choices=["cpu", "wall"], default="cpu")
    parser.add_argument("--max-seconds", type=float, default=20.0,
                        help="leave out the spots estimated above this (20)")
    parser.add_argument("--json", metavar="FILE", help="write the figures as JSON ('-': stdout)")
    args = parser.parse_args(argv)
    if args.repeat < 1 or args.max_seconds <= 0:
        parser.error("--repeat must be at least 1 and --max-seconds above 0")
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    constants = {k: float(getattr(hand_equity, k)) for k in CONSTANTS}
    rows: list[dict[str, Any]] = []
    left_out = []
    for name, hands, dead in SPOTS:
        estimate = float(estimate_work(hands, dead))
        if estimate > args.max_seconds * 1e9:
            left_out.append(f"{name} ({_fmt_ns(estimate).strip()})")
            continue
        work = units(hands, dead)
        assert abs(predict(constants, work) - estimate) <= 1e-6 * estimate + 8, name

        def run(hands: list[Any] = hands, dead: str = dead) -> None:
            assert equity(hands, dead, exact=True).exact

        rounds = args.repeat if estimate < REPEAT_BELOW_S * 1e9 else 1
        if rounds > 1:
            run()  # warm up (the tables, the caches)
        measured = timed(run, rounds, clock) * 1e9
        main_term = max(CONSTANTS, key=lambda k: constants[k] * work[k])
        rest = estimate - constants[main_term] * work[main_term]
        rows.append({"spot": name, "units": work, "estimate_ns": estimate,
                     "measured_ns": measured, "ratio": estimate / measured, "rounds": rounds,
                     "main_term": main_term,
                     "implied": max(0.0, measured - rest) / work[main_term]})
    if not rows:
        parser.error("no spot is estimated under --max-seconds")
    scale_median = statistics.median(r["measured_ns"] / r["estimate_ns"] for r in rows)
    scale_log = math.exp(statistics.fmean(math.log(r["measured_ns"] / r["estimate_ns"])
                                          for r in rows))
    fitted = fit(constants, rows)
    after = [predict(fitted, r["units"]) / r["measured_ns"] for r in rows]
    if args.json != "-":
        print(f"{len(rows)} spots, {args.clock} clock, one thread; median of {args.repeat} "
              f"runs under {REPEAT_BELOW_S:g} s, one run above")
        print(f"{'spot':<50} {'estimate':>11} {'measured':>11} {'ratio':>6}  "
              f"main term: ns per unit (code / this spot)")
        for r in rows:
            k = r["main_term"]
            print(f"{r['spot']:<50} {_fmt_ns(r['estimate_ns'])} {_fmt_ns(r['measured_ns'])} "
                  f"{r['ratio']:6.2f}  {k} {constants[k]:g} / {r['implied']:.3g}")
        ratios = [r["ratio"] for r in rows]
        print(f"estimate / measured: {min(ratios):.2f} to {max(ratios):.2f}; "
              f"within 3x: {sum(1 for x in ratios if 1 / 3 <= x <= 3)} of {len(ratios)}")
        print(f"one scale for every constant: measured / estimate, median {scale_median:.3f}, "
              f"least squares of the log ratio {scale_log:.3f}")
        print("each constant fitted (least squares of the log ratio), ns per unit:")
        for k in CONSTANTS:
            spots = sum(1 for r in rows if constants[k] * r["units"][k] >= MIN_SHARE *
                        r["estimate_ns"])
            note = (f"{spots} spot{'s' if spots > 1 else ''} weigh{'' if spots > 1 else 's'} it"
                    if spots else "kept: no spot weighs it")
            print(f"  {k:<14} {constants[k]:>10g} -> {fitted[k]:>10.4g}   ({note})")
        print(f"estimate / measured with the fitted constants: {min(after):.2f} to "
              f"{max(after):.2f}")
        if left_out:
            print(f"left out (estimated above {args.max_seconds:g} s): {', '.join(left_out)}")
    if args.json:
        text = json.dumps({"clock": args.clock, "rows": rows, "constants": constants,
                           "fitted": fitted, "scale_median": scale_median,
                           "scale_log": scale_log}, indent=2)
        if args.json == "-":
            print(text)
        else:
            with open(args.json, "w", encoding="utf-8") as f:
                f.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
