"""Player decisions per second of the OpenSpiel game ``python_razzcore``
beside OpenSpiel's ``python_pokerkit_wrapper`` (variant ``FixedLimitRazz``),
on the same random-play loop, measured in the same run.

The loop (one hand per episode): at a chance node apply an outcome drawn
uniformly from ``chance_outcomes()``; at a decision apply a uniformly random
entry of ``legal_actions()``.  Both games: ante 2, bring-in 5, bets 10/20,
stacks of 1,000, every card a chance node.  Run::

    python benchmarks/openspiel_vs_pokerkit.py [--seconds 2] [--repeat 5] [--players 2 6]
        [--clock cpu]

Prints the median decisions/s of ``--repeat`` alternating measurements of
each game and the ratio (target >= 30x).  Needs open_spiel and pokerkit.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import warnings
from typing import Any


def load_games(players: int) -> tuple[Any, Any]:
    import pyspiel
    from open_spiel.python.games import pokerkit_wrapper  # noqa: F401  (registers it)

    from razzcore.envs import register_openspiel

    register_openspiel()
    ours = pyspiel.load_game(
        "python_razzcore", {"players": players, "structure": "2 5 10 20", "stacks": 1000}
    )
    theirs = pyspiel.load_game(
        "python_pokerkit_wrapper",
        {
            "variant": "FixedLimitRazz",
            "num_players": players,
            "bring_in": 5,
            "small_bet": 10,
            "big_bet": 20,
            "antes": " ".join(["2"] * players),
            "stack_sizes": " ".join(["1000"] * players),
        },
    )
    return ours, theirs


def random_play(
    game: Any, seconds: float, seed: int, clock: Any = time.perf_counter
) -> tuple[float, float]:
    """(decisions/s, decisions per hand) of random play for ``seconds``."""
    rnd = random.Random(seed)
    choice = rnd.choice
    decisions = hands = 0
    start = clock()
    end = start + seconds
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
                decisions += 1
        hands += 1
        now = clock()
        if now >= end:
            return decisions / (now - start), decisions / hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 6])
    parser.add_argument(
        "--clock", choices=["wall", "cpu"], default="wall",
        help="cpu = process time (steadier on a loaded machine)",
    )
    args = parser.parse_args()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    warnings.simplefilter("ignore")
    for players in args.players:
        ours_game, theirs_game = load_games(players)
        ours, theirs, lengths = [], [], [0.0, 0.0]
        for r in range(args.repeat):
            rate, lengths[0] = random_play(ours_game, args.seconds, r, clock)
            ours.append(rate)
            rate, lengths[1] = random_play(theirs_game, args.seconds, r, clock)
            theirs.append(rate)
        a, b = statistics.median(ours), statistics.median(theirs)
        print(
            f"{players} players: python_razzcore {a:,.0f} decisions/s "
            f"({lengths[0]:.1f}/hand), python_pokerkit_wrapper FixedLimitRazz {b:,.0f} "
            f"decisions/s ({lengths[1]:.1f}/hand): {a / b:.1f}x"
        )


if __name__ == "__main__":
    main()
