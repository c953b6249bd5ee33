"""The commands that seat a person: ``razzcore play --human N`` (at the
terminal) and ``razzcore serve`` (in the browser), and the ``--lineup`` list
they share with ``play``: built-in names or ``package.module:Name``.

>>> lineup_names("--lineup", "Basic,random")
['basic', 'random']
>>> seat_players(4, 2, ["basic", "random"])
['basic', None, 'random', 'basic']
>>> seat_players(2, 1, ["basic", "random"], given=False)
[None, 'basic']
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..engine.players import PLAYER_TYPES, is_builtin
from ..errors import RazzError, brief, counted
from .format import check_amount

if TYPE_CHECKING:
    from ..engine.rules import Rules

__all__ = ["DEFAULT_LINEUP", "cmd_play_human", "cmd_serve", "lineup_names", "seat_players",
           "write_histories"]


DEFAULT_LINEUP = "basic,random"
"""``play``'s lineup when ``--lineup`` is not given."""


def lineup_names(flag: str, text: str) -> list[str]:
    """The comma list of ``flag``: built-in names (any case, lowered) and
    ``package.module:Name`` specs (kept as written; loaded when the players
    sit).  An empty or unknown name is refused by its position."""
    names = [name.strip() for name in text.split(",")]
    known = list(PLAYER_TYPES)
    for i, name in enumerate(names):
        if not name:
            raise RazzError(f"{flag} {brief(text)}: name {i + 1} of the list is empty; give "
                           f"names separated by single commas, such as {','.join(known[:2])}")
        if ":" in name:
            continue
        if not is_builtin(name):
            raise RazzError(f"{flag}: unknown player {brief(name)}; choose one of "
                           f"{', '.join(known)}, or package.module:Name (a Player class or "
                           f"factory), one or a comma list seated in turn")
    if any(":" in name for name in names) and "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # as `python -m` and uvicorn do: modules beside you
    return [name if ":" in name else name.lower() for name in names]


def seat_players(players: int, human: int, lineup: Sequence[str],
                 given: bool = True) -> list[str | None]:
    """One entry per seat: ``None`` at seat ``human`` (counted from 1), the
    lineup seated in turn at the others (a lineup that was not ``given``
    may name more players than there are seats: the first ones sit)."""
    others = players - 1
    if len(lineup) > others and given:
        raise RazzError(f"--lineup names {len(lineup)} players for the {others} other seat"
                       f"{'s' if others != 1 else ''}")
    seats: list[str | None] = [lineup[k % len(lineup)] for k in range(others)]
    seats.insert(human - 1, None)
    return seats


def _check_targets(args: argparse.Namespace) -> None:
    from ..histories.files import check_phh_path, check_pokerstars_path, check_writable

    if args.phh:
        check_phh_path(args.phh, args.hands, "--phh")
    if args.pokerstars:
        check_pokerstars_path(args.pokerstars, "--pokerstars")
    for path in (args.phh, args.pokerstars):
        if path:
            check_writable(path)


def write_histories(histories: Sequence[object], phh_path: str | None,
                    pokerstars_path: str | None) -> list[str]:
    """Write the hand histories as PHH and/or PokerStars text; the lines that
    say what was written."""
    from ..histories import pokerstars
    from ..histories.files import phh_text, write_file
    from ..histories.phh import HandHistory

    hands = [h for h in histories if isinstance(h, HandHistory)]
    if not hands:  # an empty file would read as no hand history at all
        return [f"no hand was finished: {path} not written"
                for path in (phh_path, pokerstars_path) if path]
    said = []
    count = counted(len(hands), "hand")
    if phh_path:
        write_file(phh_path, phh_text(phh_path, hands))
        said.append(f"wrote {count} to {phh_path}")
    if pokerstars_path:
        write_file(pokerstars_path, pokerstars.dumps(hands))
        said.append(f"wrote {count} to {pokerstars_path}")
    return said


def cmd_play_human(args: argparse.Namespace, rules: Rules) -> int:
    """``razzcore play --human N``: a session at the terminal."""
    from ..seat.terminal import play_at_terminal
    from ..sim.session import MAX_SESSION_HANDS, Session

    check_amount("--players", args.players, 2, 8)
    check_amount("--human", args.human, 1, args.players)
    check_amount("--hands", args.hands, 1, MAX_SESSION_HANDS)
    check_amount("--stack", args.stack, 1)
    for flag, value in (("--json", args.json), ("--threads", args.threads),
                        ("--show", args.show)):
        if value:
            raise RazzError(f"{flag} is for hands between players; --human seats you at the "
                           f"terminal: leave out one of them")
    _check_targets(args)
    given = args.lineup is not None
    lineup = lineup_names("--lineup", args.lineup if given else DEFAULT_LINEUP)
    seats = seat_players(args.players, args.human, lineup, given=given)
    session = Session(seats, rules=rules,
                      stack=args.stack, seed=args.seed, hands=args.hands, rebuy=args.rebuy)
    play_at_terminal(session, args.human - 1)
    if args.phh or args.pokerstars:
        for line in write_histories(session.histories(args.human - 1), args.phh,
                                    args.pokerstars):
            print(line)
    return 0


def cmd_serve(args: argparse.Namespace, rules: Rules) -> int:
    """``razzcore serve``: the browser seat on a local web server."""
    from ..seat.web import SeatConfig, serve
    from ..sim.session import MAX_SESSION_HANDS

    check_amount("--players", args.players, 2, 8)
    check_amount("--human", args.human, 1, args.players)
    check_amount("--hands", args.hands, 1, MAX_SESSION_HANDS)
    check_amount("--stack", args.stack, 1)
    check_amount("--port", args.port, 0, 65535)
    check_amount("--pace", args.pace, 0, 10_000)
    seats = seat_players(args.players, args.human, lineup_names("--lineup", args.lineup))
    config = SeatConfig(seats=tuple(seats), rules=rules,
                        stack=args.stack, seed=args.seed, hands=args.hands, rebuy=args.rebuy,
                        pace=args.pace)
    config.check()  # a bad lineup or table fails before the server starts
    serve(config, host=args.host, port=args.port, open_browser=args.open)
    return 0
