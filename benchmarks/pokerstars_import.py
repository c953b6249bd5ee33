"""PokerStars import speed: razz hands read *and validated on the engine* per
second, beside pokerkit's PHH parser reading the same hands as PHH, in the
same run.

The hands are random 2- to 8-player razz hands of the ``online`` profile (cash
game, cents, a rake on most pots) played by the engine, with names holding
spaces and brackets, written once with ``razzcore.histories.pokerstars.dumps`` (what
Hero saw: other players' down cards only where shown).  The readers are
timed on the same hands:

* ``razzcore.histories.pokerstars.loads``: parse every line, replay the hand on the
  engine, check every amount, build a ``HandHistory`` (the figure of the
  target, >= 20,000 hands/s on one core);
* ``razzcore.histories.phh.loads_all``: razzcore's PHH parser on the PHH text of the
  hands ``loads`` returned (parsing and field checks, no replay);
* ``pokerkit.HandHistory.loads_all``: pokerkit's PHH parser on that same
  text (parsing only).

Run::

    python benchmarks/pokerstars_import.py [--hands 4000] [--repeat 5] [--clock cpu]
    python benchmarks/pokerstars_import.py --profile

Prints the median hands/s of ``--repeat`` measurements of each reader and the
ratios (one process: one core).  ``--profile`` instead runs ``loads`` once
under cProfile and prints where its time goes: splitting the text, the
headers, the compiled reader, building the ``HandHistory`` objects.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from razzcore import phh, pokerstars
from razzcore.engine.hand import Hand
from razzcore.engine.rules import Rules


def make_hands(count: int, seed: int) -> list[phh.HandHistory]:
    """``count`` engine-played hands ready to be written as PokerStars text."""
    rng = random.Random(seed)
    rules = Rules(10, 25, 50, 100, profile="online")
    out = []
    while len(out) < count:
        players = rng.randint(2, 8)
        stacks = [rng.randint(4, 60) * 50 for _ in range(players)]
        hand = Hand(rules, stacks, seed=rng.random(), rake=rng.choice([0, 5, 30]))
        while hand.actor is not None:  # uniformly random legal actions
            hand.act(rng.choice(hand.legal_actions()))
        if hand.community_card is not None:
            continue  # PokerStars text of a community card is not known
        hh = phh.HandHistory.from_hand(hand, players=[f"Player {s} [{seed}]"
                                                      for s in range(players)])
        hh.user_fields["_pokerstars"] = {"unit": "cent"}
        # Hero is the first seat: the others' down cards are unseen unless shown.
        hh.actions = [_hide(a) for a in hh.actions]
        out.append(hh)
    return out


def _hide(action: str) -> str:
    words = action.split()
    if words[:2] == ["d", "dh"] and words[2] != "p1":
        cards = words[3]
        if len(cards) == 6:
            return f"d dh {words[2]} ????{cards[4:]}"
    return action


def measure(fn: Callable[[], Any], count: int, repeat: int,
            clock: Callable[[], float]) -> float:
    rates = []
    for _ in range(repeat):
        start = clock()
        fn()
        rates.append(count / (clock() - start))
    return statistics.median(rates)


def profile(text: str) -> None:
    """Where ``pokerstars.loads`` spends its time, by cProfile (which slows
    Python code more than compiled code: read the shares, not the speed)."""
    pokerstars.loads(text)  # warm the caches, as the timed runs are
    prof = cProfile.Profile()
    prof.runcall(pokerstars.loads, text)
    stats: dict[Any, Any] = pstats.Stats(prof).stats  # type: ignore[attr-defined]
    total = split = header = compiled = history = 0.0
    for (path, _, name), (_, _, own, cumulative, _) in stats.items():
        total += own
        if "_split_pokerstars" in name:
            split += cumulative
        elif path.endswith("_pokerstars_head.py") and name == "read_head":
            header += cumulative
        elif "_read_pokerstars_hand" in name:
            compiled += cumulative
        elif path.endswith("phh.py") and name == "__init__":
            history += cumulative
    rest = total - split - header - compiled - history
    print(f"cProfile of pokerstars.loads: {total:.2f} s profiled")
    print(f"  splitting the text into hands and lines (compiled): {split / total:6.1%}")
    print(f"  reading the headers (Python, cached per table):     {header / total:6.1%}")
    print(f"  the compiled reader (seats, body, engine replay):   {compiled / total:6.1%}")
    print(f"  building the HandHistory objects:                   {history / total:6.1%}")
    print(f"  the rest (the loop, the calls between these):       {rest / total:6.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clock", choices=["cpu", "wall"], default="cpu")
    parser.add_argument("--profile", action="store_true",
                        help="print where loads spends its time (cProfile) instead")
    args = parser.parse_args()
    if args.hands < 1 or args.repeat < 1:
        parser.error("--hands and --repeat must be at least 1")
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    hands = make_hands(args.hands, args.seed)
    text = pokerstars.dumps(hands)
    read = pokerstars.loads(text)
    assert len(read) == len(hands)
    if args.profile:
        profile(text)
        return
    phh_text = phh.dumps_all(read)
    n = len(read)
    print(f"{n} razz hands, {len(text.splitlines()) / n:.1f} lines each, "
          f"{sum(len(h.actions) for h in read) / n:.1f} PHH actions each; "
          f"median of {args.repeat}, {args.clock} clock")
    stars = measure(lambda: pokerstars.loads(text), n, args.repeat, clock)
    print(f"razzcore pokerstars.loads (parse + engine validation): {stars:10,.0f} hands/s")
    ours = measure(lambda: phh.loads_all(phh_text), n, args.repeat, clock)
    print(f"razzcore phh.loads_all (PHH parse, no replay):        {ours:10,.0f} hands/s")
    try:
        from pokerkit import HandHistory as PokerkitHistory
    except ImportError:
        print("(pokerkit is not installed: pip install pokerkit to compare)")
        return
    data = phh_text.encode()

    def pokerkit_read() -> None:
        for _ in PokerkitHistory.loads_all(data.decode()):
            pass

    theirs = measure(pokerkit_read, n, args.repeat, clock)
    print(f"pokerkit HandHistory.loads_all (PHH parse):           {theirs:10,.0f} hands/s")
    print(f"ratio pokerstars.loads / pokerkit PHH parse: {stars / theirs:.2f}x")


if __name__ == "__main__":
    main()
