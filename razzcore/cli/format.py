"""Text and JSON output of the ``razzcore`` command (helpers of :mod:`razzcore.cli.commands`).

>>> print(table([["seat", "chips"], ["p1", "+5"]], right=(1,)))
seat  chips
p1       +5
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from ..cards import format_cards
from ..errors import RazzError, counted
from ..evaluator import best_five, describe, evaluate, evaluate_omaha
from ..show.columns import aligned as table
from ..sim.playing import PlayResult

__all__ = [
    "EXITS",
    "ChoiceError",
    "check_amount",
    "eval_result",
    "json_text",
    "one_line",
    "os_message",
    "play_summary",
    "table",
]


EXITS = (0, 1, 2)
"""The exit statuses of ``razzcore``: success, a replay whose ``finishing_stacks``
differ (or a convert that left out a malformed hand), and bad input."""


def json_text(data: Any) -> str:
    """Compact, stable JSON for scripts (keys in insertion order).

    >>> json_text({"rank": 1, "best_five": ["5s"]})
    '{"rank": 1, "best_five": ["5s"]}'
    """
    return json.dumps(data, ensure_ascii=False)


def eval_result(cards: Sequence[int], qualifier: int | None = None) -> dict[str, Any]:
    """What ``razzcore eval`` reports about 5 to 7 cards (``rank`` None and no
    ``best_five`` when a ``qualifier`` leaves no low).

    >>> eval_result((0, 4, 8, 12, 16))["description"]
    'Five-Four low, 5-4-3-2-A'
    >>> eval_result((0, 4, 8, 12, 32), qualifier=8)["description"]
    'no low'
    """
    rank = evaluate(cards, qualifier=qualifier)
    return {
        "cards": format_cards(cards).split(),
        "qualifier": qualifier,
        "rank": rank,
        "description": describe(rank),
        "best_five": format_cards(best_five(cards)).split() if rank else [],
    }


def omaha_result(hole: Sequence[int], board: Sequence[int],
                 qualifier: int | None = None) -> dict[str, Any]:
    """What ``razzcore eval --omaha`` reports: the best low of exactly two hole
    cards and three board cards, and which five make it (the highest suits
    among equal choices).

    >>> r = omaha_result((0, 5, 26, 30), (9, 13, 22, 47, 45))
    >>> r["description"], r["best_five"]
    ('Six-Four low, 6-4-3-2-A', ['6h', '4d', '3d', '2d', 'Ac'])
    """
    rank = evaluate_omaha(tuple(hole), tuple(board), qualifier=qualifier)
    five: tuple[int, ...] = ()
    if rank is not None:
        choices = [
            (tuple(sorted(two + three, reverse=True)))
            for two in combinations(hole, 2)
            for three in combinations(board, 3)
            if evaluate(two + three) == rank
        ]
        five = best_five(max(choices))
    return {
        "hole": format_cards(hole).split(),
        "board": format_cards(board).split(),
        "qualifier": qualifier,
        "rank": rank,
        "description": describe(rank),
        "best_five": format_cards(five).split(),
    }


def play_summary(result: PlayResult) -> str:
    """The summary ``razzcore play`` prints after the hands.

    >>> from razzcore.sim.playing import play
    >>> print(play_summary(play(2, 10, seed=3)).splitlines()[0])
    10 hands, 2 players, seed 3, online rules: ante 1, bring-in 3, bets 10/20, stacks 1000
    """
    r = result.rules
    stacks = set(result.starting_stacks)
    stack_text = str(stacks.pop()) if len(stacks) == 1 else str(list(result.starting_stacks))
    lines = [
        f"{counted(result.hands, 'hand')}, {len(result.players)} players, seed {result.seed}, "
        f"{r.profile} rules: ante {r.ante}, bring-in {r.bring_in}, "
        f"bets {r.small_bet}/{r.big_bet}, stacks {stack_text}",
        "",
    ]
    rows = [["seat", "player", "winnings", "big bets/100", "pots won"]]
    for s, name in enumerate(result.players):
        rows.append([
            f"p{s + 1}", name, f"{result.winnings[s]:+d}",
            f"{result.big_bets_per_100[s]:+.1f}", str(result.pots_won[s]),
        ])
    lines.append(table(rows, right=(2, 3, 4)))
    lines.append("")
    lines.append(
        f"{result.hands_per_second:,.0f} hands per second "
        f"({counted(result.hands, 'hand')} in {result.seconds:.2f} s); "
        f"showdown share {100 * result.showdown_share:.1f}% "
        f"({counted(result.showdowns, 'hand')})"
    )
    return "\n".join(lines)



class ChoiceError(RazzError):
    """A value that is none of an option's choices.  The message lists every
    choice (the command's own words, the value given cut short by whoever
    raises it), so the error line keeps it whole, however long.

    >>> print(ChoiceError("no column 'size': one of player, hands"))
    no column 'size': one of player, hands
    """


def one_line(message: str, limit: int = 400) -> str:
    """The first line of ``message``, cut to ``limit`` characters (input echoed
    in an error can be arbitrarily long).

    >>> one_line("bad card 'x'\\nmore"), one_line("y" * 500)[-5:]
    ("bad card 'x'", 'y ...')
    """
    line = message.splitlines()[0] if message else ""
    return line if len(line) <= limit else line[: limit - 4] + " ..."


def os_message(exc: OSError) -> str:
    """An operating-system error that no reader or writer named (they raise
    :func:`~razzcore.errors.file_error`'s error): ``'FILE': reason``.

    >>> os_message(PermissionError(13, "Permission denied", "x.phh"))
    "'x.phh': Permission denied"
    """
    place = f"{exc.filename!r}: " if exc.filename else ""
    return f"{place}{exc.strerror or exc}"


def check_amount(name: str, value: int, low: int, high: int | None = None) -> int:
    """Reject a numeric option outside ``low..high`` with a clear message.

    >>> check_amount("--hands", 0, 1)
    Traceback (most recent call last):
    ...
    razzcore.errors.RazzError: --hands must be at least 1, not 0
    """
    if value < low:
        raise RazzError(f"{name} must be at least {low}, not {value}")
    if high is not None and value > high:
        raise RazzError(f"{name} must be at most {high}, not {value}")
    return value
