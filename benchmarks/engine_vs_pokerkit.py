"""Full random razz hands per second: razzcore's engine beside pokerkit's
``FixedLimitRazz``, measured in the same run.

Each hand: antes, dealing, a uniformly random legal action at every decision
(then, second table, checking and calling down to a full showdown), showdown
and chips pushed.  Structure ante 2, bring-in 5, bets 10/20, stacks
of 400.  Both engines draw their actions from the same kind of seeded
``random.Random``; pokerkit automates everything that is not a player
decision (antes, dealing, burns, showdown, pushing), as razzcore does.
Run::

    python benchmarks/engine_vs_pokerkit.py [--seconds 1] [--repeat 5] [--clock cpu]

Prints the median hands/s of ``--repeat`` alternating measurements for 2, 4
and 8 players, the speed ratio (target >= 200x) and the mean number of player
actions per hand of each engine (the policies should give similar hands).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import warnings
from collections.abc import Callable
from functools import partial

from razzcore.engine.hand import Hand
from razzcore.engine.rules import Rules

STACK = 400


def razzcore_hand(players: int, rng: random.Random, rules: Rules, calldown: bool = False) -> int:
    """Play one full hand with razzcore: random legal actions, or (``calldown``)
    post the bring-in and check/call everything to the showdown.  Returns the
    number of player actions."""
    h = Hand(rules, [STACK] * players, rng=rng)
    rnd = rng.random
    actions = 0
    while h.actor is not None:
        legal = h.legal_actions()
        if calldown:
            h.act(legal[0] if legal[0] == "pb" else "cc")
        else:
            h.act(legal[int(rnd() * len(legal))])
        actions += 1
    return actions


def pokerkit_hand(players: int, rng: random.Random, calldown: bool = False) -> int:
    """The same with pokerkit (all dealing automated)."""
    from pokerkit import Automation, FixedLimitRazz

    state = FixedLimitRazz.create_state(
        (
            Automation.ANTE_POSTING,
            Automation.BET_COLLECTION,
            Automation.BLIND_OR_STRADDLE_POSTING,
            Automation.CARD_BURNING,
            Automation.HOLE_DEALING,
            Automation.BOARD_DEALING,
            Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
            Automation.HAND_KILLING,
            Automation.CHIPS_PUSHING,
            Automation.CHIPS_PULLING,
        ),
        True,
        2,
        5,
        10,
        20,
        [STACK] * players,
        players,
    )
    actions = 0
    while state.status:
        if calldown:
            if state.can_post_bring_in():
                state.post_bring_in()
            else:
                state.check_or_call()
            actions += 1
            continue
        options: list[Callable[[], object]] = []
        if state.can_post_bring_in():
            options.append(state.post_bring_in)
        if state.can_fold():
            options.append(state.fold)
        if state.can_check_or_call():
            options.append(state.check_or_call)
        if state.can_complete_bet_or_raise_to():
            options.append(state.complete_bet_or_raise_to)
        if not options:  # pragma: no cover - pokerkit dealt everything automatically
            break
        options[int(rng.random() * len(options))]()
        actions += 1
    return actions


def rate(
    play: Callable[[], object], seconds: float, clock: Callable[[], float] = time.perf_counter
) -> float:
    """Hands per second of ``play`` over about ``seconds`` of ``clock``."""
    count = 0
    start = clock()
    deadline = start + seconds
    while True:
        for _ in range(20):
            play()
        count += 20
        now = clock()
        if now >= deadline:
            return count / (now - start)


def mean_actions(play: Callable[[], int], hands: int = 300) -> float:
    """Mean player actions per hand over ``hands`` hands."""
    return sum(play() for _ in range(hands)) / hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    parser.add_argument(
        "--repeat", type=int, default=5,
        help="alternating measurements of each engine; the median is reported",
    )
    parser.add_argument(
        "--clock", choices=("wall", "cpu"), default="wall",
        help="time hands by the wall clock or by this process's CPU time (steadier on a "
        "shared machine)",
    )
    args = parser.parse_args()
    # pokerkit warns when it reuses mucked cards (8-handed deck exhaustion).
    warnings.filterwarnings("ignore", category=UserWarning, module="pokerkit")
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    rules = Rules(2, 5, 10, 20)
    for calldown in (False, True):
        policy = "check/call down" if calldown else "random legal actions"
        print(f"{policy}: median of {args.repeat} x {args.seconds:g} s ({args.clock} clock)")
        print(
            f"{'players':>7} {'razzcore/s':>12} {'pokerkit/s':>12} {'ratio':>8}"
            f" {'actions/hand (razzcore, pokerkit)':>36}"
        )
        for players in (2, 4, 8):
            rng = random.Random(players)
            ours_f = partial(razzcore_hand, players, rng, rules, calldown)
            theirs_f = partial(pokerkit_hand, players, rng, calldown)
            ours_f()  # warm up (pokerkit's import is inside its first hand)
            theirs_f()
            ours: list[float] = []
            theirs: list[float] = []
            for _ in range(args.repeat):  # alternate: both engines see the same machine load
                ours.append(rate(ours_f, args.seconds, clock))
                theirs.append(rate(theirs_f, args.seconds, clock))
            a, b = statistics.median(ours), statistics.median(theirs)
            acts = f"{mean_actions(ours_f):.1f}, {mean_actions(theirs_f, 100):.1f}"
            print(f"{players:>7} {a:>12.0f} {b:>12.0f} {a / b:>7.1f}x {acts:>36}")


if __name__ == "__main__":
    main()
