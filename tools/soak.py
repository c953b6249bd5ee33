"""Soak test of the razz engine: many random hands, invariants on every one.

    python tools/soak.py [--hands 1000000] [--seed 1] [--jobs N] [--only I]

Hand ``i`` is fully determined by ``(seed, i)``: a profile (cycling through
every profile, with random option overrides on some hands), 2-8 seats, random
stacks (short, deep, some empty seats), random amounts, an automatic or manual
showdown, and random legal actions.  Checked on every hand:

* no stack is ever negative, and while the hand runs each seat's stack plus
  what it has put in equals its starting stack;
* the hand ends (within a generous action bound), every chip is paid out, and
  the payoffs are the stack changes;
* the PHH round trip reproduces it: ``phh.loads(phh.dumps(hand)).replay()``
  gives the same history, stacks and payoffs.

Prints hands per second and every violation with the command that reproduces
it (``--only I`` replays hand ``i`` alone, with a traceback).  Exit status 1
when anything was violated.  Not a CI test: a million hands take many minutes.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from razzcore import phh
from razzcore.engine.hand import Hand
from razzcore.engine.rules import OPTION_CHOICES, PROFILES, Rules

PROFILE_NAMES = sorted(PROFILES)
BOOL_OPTIONS = sorted(k for k, v in PROFILES["online"].items() if isinstance(v, bool))
MAX_ACTIONS = 2000
CHUNK = 2000


class Violation(Exception):
    """An invariant did not hold."""


def hand_rng(seed: int, i: int) -> random.Random:
    return random.Random(seed * 1_000_003 + i)


def make_hand(seed: int, i: int) -> tuple[Hand, random.Random]:
    rng = hand_rng(seed, i)
    profile = PROFILE_NAMES[i % len(PROFILE_NAMES)]
    options: dict[str, Any] = {}
    if rng.random() < 0.3:
        for _ in range(rng.randint(1, 3)):
            if rng.random() < 0.5:
                name = rng.choice(sorted(OPTION_CHOICES))
                options[name] = rng.choice(OPTION_CHOICES[name])
            else:
                options[rng.choice(BOOL_OPTIONS)] = rng.random() < 0.5
        if rng.random() < 0.2:
            options["max_bets_per_round"] = rng.randint(1, 6)
    small = rng.randint(2, 20)
    amounts = (rng.randint(0, small // 2), rng.randint(1, small - 1), small,
               small * rng.choice((1, 2, 2, 2)))
    try:
        rules = Rules(*amounts, profile=profile, **options)
    except Exception:  # an incompatible option mix: plain profile instead
        rules = Rules(*amounts, profile=profile)
    seats = rng.randint(2, 8)
    stacks = []
    for _ in range(seats):
        r = rng.random()
        if r < 0.08:
            stacks.append(0)  # an empty seat, not dealt in
        elif r < 0.35:
            stacks.append(rng.randint(1, 3 * small))  # short: all-ins, side pots
        else:
            stacks.append(rng.randint(3 * small, 60 * small))
    while sum(1 for s in stacks if s) < 2:
        stacks[rng.randrange(seats)] = rng.randint(1, 60 * small)
    hand = Hand(rules, stacks, seed=rng.getrandbits(64), manual_showdown=rng.random() < 0.3)
    return hand, rng


def _chips_ok(hand: Hand, start: tuple[int, ...], where: str) -> None:
    stacks = hand.stacks
    if min(stacks) < 0:
        raise Violation(f"negative stack {stacks} {where}")
    if not hand.is_over:
        for s, (a, c, t) in enumerate(zip(stacks, hand.contributions, start, strict=True)):
            if a + c != t:
                raise Violation(f"seat {s}: stack {a} + put in {c} != start {t} {where}")


def play_one(seed: int, i: int) -> int:
    """Play and check hand ``i``; returns the number of actions."""
    hand, rng = make_hand(seed, i)
    start = hand.starting_stacks
    _chips_ok(hand, start, "after the deal")
    actions = 0
    while hand.actor is not None:
        legal = hand.legal_actions()
        if not legal:
            raise Violation(f"actor {hand.actor} has no legal action")
        weights = [1 if a == "f" else 3 if a in ("cc", "pb") else 2 for a in legal]
        hand.act(rng.choices(legal, weights)[0])
        actions += 1
        if actions > MAX_ACTIONS:
            raise Violation(f"the hand did not end after {MAX_ACTIONS} actions")
        _chips_ok(hand, start, f"after action {actions} {hand.history[-1]!r}")
    stacks = hand.stacks
    if sum(stacks) != sum(start):
        raise Violation(f"chips not conserved: {start} -> {stacks}")
    if hand.payoffs != tuple(a - b for a, b in zip(stacks, start, strict=True)):
        raise Violation(f"payoffs {hand.payoffs} are not the stack changes {start} -> {stacks}")
    if hand.total_pot != 0:
        raise Violation(f"{hand.total_pot} chips left in the pot")
    text = phh.dumps(hand)
    again = phh.loads(text).replay()
    if (again.history, again.stacks, again.payoffs) != (hand.history, stacks, hand.payoffs):
        raise Violation(
            f"PHH round trip differs: stacks {again.stacks} vs {stacks}, "
            f"history {again.history} vs {hand.history}"
        )
    return actions


def run_chunk(seed: int, lo: int, hi: int) -> tuple[int, int, list[tuple[int, str]]]:
    done = actions = 0
    bad: list[tuple[int, str]] = []
    for i in range(lo, hi):
        try:
            actions += play_one(seed, i)
        except Exception as exc:
            bad.append((i, f"{type(exc).__name__}: {exc}"[:500]))
        done += 1
    return done, actions, bad


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", type=int, default=None, help="replay hand I alone")
    args = parser.parse_args(argv)
    if args.only is not None:
        hand, _ = make_hand(args.seed, args.only)
        print(f"hand {args.only}: {hand.rules!r}, stacks {list(hand.starting_stacks)}")
        try:
            play_one(args.seed, args.only)
        except Exception:
            traceback.print_exc()
            return 1
        print("ok")
        return 0
    t0 = time.perf_counter()
    chunks = [(lo, min(lo + CHUNK, args.hands)) for lo in range(0, args.hands, CHUNK)]
    done = actions = 0
    violations: list[tuple[int, str]] = []
    last = t0
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(run_chunk, args.seed, lo, hi) for lo, hi in chunks]
        for fut in futures:
            n, a, bad = fut.result()
            done, actions = done + n, actions + a
            violations += bad
            now = time.perf_counter()
            if now - last > 30:
                print(f"  {done:,} hands, {done / (now - t0):,.0f} hands/s, "
                      f"{len(violations)} violations", flush=True)
                last = now
    secs = time.perf_counter() - t0
    print(f"{done:,} hands ({actions:,} actions) in {secs:.1f} s with {args.jobs} processes: "
          f"{done / secs:,.0f} hands/s (each played, checked and PHH round-tripped)")
    for i, msg in violations[:50]:
        print(f"VIOLATION hand {i} (repro: python tools/soak.py --seed {args.seed} --only {i}): "
              f"{msg}")
    if violations:
        print(f"{len(violations)} violations")
        return 1
    print("no violations")
    return 0


if __name__ == "__main__":
    sys.exit(main())
