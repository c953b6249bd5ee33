"""Full random razz hands per second: razzcore's engine beside pokerkit's
``FixedLimitRazz``, measured in the same run.

Each hand: antes, dealing, a uniformly random legal action at every decision
(then, second table, checking and calling down to a full showdown), showdown
and chips pushed.  Structure ante 2, bring-in 5, bets 10/20, stacks
of 400.  Run::

    python benchmarks/engine_vs_pokerkit.py [--seconds 1] [--repeat 3]

Prints hands/s for 2, 4 and 8 players and the speed ratio (target >= 30x).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from functools import partial

from razzcore.hand import Hand
from razzcore.rules import Rules

STACK = 400


def razzcore_hand(players: int, rng: random.Random, rules: Rules, calldown: bool = False) -> None:
    """Play one full hand with razzcore: random legal actions, or (``calldown``)
    post the bring-in and check/call everything to the showdown."""
    h = Hand(rules, [STACK] * players, rng=rng)
    rnd = rng.random
    while h.actor is not None:
        legal = h.legal_actions()
        if calldown:
            h.act(legal[0] if legal[0] == "pb" else "cc")
        else:
            h.act(legal[int(rnd() * len(legal))])


def pokerkit_hand(players: int, rng: random.Random, calldown: bool = False) -> None:
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
    while state.status:
        if calldown:
            if state.can_post_bring_in():
                state.post_bring_in()
            else:
                state.check_or_call()
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


def rate(play: Callable[[], None], seconds: float) -> float:
    """Hands per second of ``play`` over about ``seconds``."""
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(20):
            play()
        count += 20
        now = time.perf_counter()
        if now >= deadline:
            return count / (now - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    parser.add_argument(
        "--repeat", type=int, default=3, help="alternating measurements; the best of each is kept"
    )
    args = parser.parse_args()
    rules = Rules(2, 5, 10, 20)
    for calldown in (False, True):
        policy = "check/call down" if calldown else "random legal actions"
        print(f"{policy}:")
        print(f"{'players':>7} {'razzcore/s':>12} {'pokerkit/s':>12} {'ratio':>8}")
        for players in (2, 4, 8):
            rng = random.Random(players)
            ours_f = partial(razzcore_hand, players, rng, rules, calldown)
            theirs_f = partial(pokerkit_hand, players, rng, calldown)
            ours = theirs = 0.0
            for _ in range(args.repeat):  # alternate, keep the best: robust to a busy machine
                ours = max(ours, rate(ours_f, args.seconds))
                theirs = max(theirs, rate(theirs_f, args.seconds))
            print(f"{players:>7} {ours:>12.0f} {theirs:>12.0f} {ours / theirs:>7.1f}x")


if __name__ == "__main__":
    main()
