"""The ``razzcore stats`` subcommand (internal to :mod:`razzcore.cli.commands`):
each player's statistics over hand-history files, as a table or JSON, and a
player's result graph.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..errors import RazzError
from ..histories.files import other_games_note
from ..show.tracker import HEADERS, format_stats, plot_file, plot_results
from ..tracker.reading import stats
from ..tracker.table import COLUMNS, PlayerNotFoundError, Skipped, StatsRow
from .format import EXITS, ChoiceError, json_text, one_line

EXIT_OK, _, EXIT_USAGE = EXITS

__all__ = ["add_stats_parser", "cmd_stats"]


def add_stats_parser(p: argparse.ArgumentParser) -> None:
    """The options of ``razzcore stats``.

    >>> parser = argparse.ArgumentParser(prog="razzcore stats")
    >>> add_stats_parser(parser)
    >>> args = parser.parse_args(["hands.txt", "--min-hands", "50", "--sort", "net"])
    >>> args.files, args.min_hands, args.sort, args.player
    (['hands.txt'], 50, 'net', None)
    """
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="PokerStars text files, .phh or .phhs files, or globs of them "
                        "('sessions/**/*.txt'); - reads standard input (either kind)")
    p.add_argument("--player", metavar="NAME", default=None,
                   help="only this player's rows (and the player --plot draws)")
    p.add_argument("--json", action="store_true",
                   help="print JSON: the rows (each fraction with its counts), the hands "
                        "counted and the hands left out")
    p.add_argument("--plot", metavar="OUT.png", default=None,
                   help="draw the player's cumulative net in big bets (over all units), with "
                        "the showdown and non-showdown lines (--player, else the player with "
                        "the most hands; "
                        "the format from the extension: .png, .svg, .pdf...; none: .png "
                        "added; needs matplotlib: pip install 'razzcore[plot]')")
    p.add_argument("--min-hands", type=int, default=0, metavar="N",
                   help="only players dealt into N hands or more")
    p.add_argument("--sort", default="hands", metavar="COLUMN",
                   help="order the rows by this column, the largest first (player, unit: "
                        "alphabetically): a header of the table (" + ", ".join(HEADERS)
                        + ") or a JSON key (" + ", ".join(_KEYS_ONLY) + ") (hands)")


#: The JSON keys that are no header of the table.
_KEYS_ONLY = tuple(k for k in COLUMNS if k not in HEADERS)


def sort_column(text: str) -> str:
    """The row attribute (JSON key) ``--sort`` names: a header of the table
    as printed, or a JSON key.

    >>> sort_column("bb/100"), sort_column("4th"), sort_column("vpip_count")
    ('big_bets_per_100', 'saw_4th', 'vpip_count')
    >>> sort_column("size")
    Traceback (most recent call last):
    razzcore.cli.format.ChoiceError: --sort: no column 'size': a header of the table (player, ...
    """
    if text in COLUMNS:
        return text
    if text in HEADERS:
        return HEADERS[text]
    raise ChoiceError(
        f"--sort: no column {one_line(text, 40)!r}: a header of the table "
        f"({', '.join(HEADERS)}) or a JSON key ({', '.join(_KEYS_ONLY)})")


def _sorted(rows: list[StatsRow], column: str) -> list[StatsRow]:
    if column in ("player", "unit"):
        return sorted(rows, key=lambda r: (getattr(r, column), r.player, r.unit))

    def key(r: StatsRow) -> tuple[bool, float, str, str]:
        value = getattr(r, column)
        return (value is None, -(value or 0), r.player, r.unit)

    return sorted(rows, key=key)


def _left_out(skipped: list[Skipped]) -> None:
    for s in skipped:
        sys.stderr.write(f"razzcore stats: {one_line(str(s))} (left out)\n")


def cmd_stats(args: argparse.Namespace) -> int:
    """Run ``razzcore stats``.

    >>> import os, tempfile
    >>> from razzcore import pokerstars
    >>> path = os.path.join(tempfile.mkdtemp(), "session.txt")
    >>> with open(path, "w") as fp:
    ...     _ = fp.write(pokerstars.dumps([pokerstars.EXAMPLE]))
    >>> parser = argparse.ArgumentParser(prog="razzcore stats")
    >>> add_stats_parser(parser)
    >>> cmd_stats(parser.parse_args([path, "--player", "bravo [x]", "--json"]))
    {"rows": [{"player": "bravo [x]", "unit": "USD", "hands": 1, "net": 325, ... "skipped": []}
    0
    >>> cmd_stats(parser.parse_args([path, "--min-hands", "2"]))
    no player has 2 hands or more (--min-hands): the most any player has is 1, of 1 hand read
    0
    """
    if args.min_hands < 0:
        raise RazzError(f"--min-hands must be 0 or more, not {args.min_hands}")
    column = sort_column(args.sort)
    picture = None if args.plot is None else plot_file(args.plot)
    try:
        table = stats(args.files, player=args.player)
    except PlayerNotFoundError as exc:
        _left_out(exc.skipped)
        raise
    _left_out(table.skipped)
    # as replay: a file or hand left out is bad input, whatever was counted
    status = EXIT_USAGE if table.skipped else EXIT_OK
    rows = _sorted([r for r in table.rows if r.hands >= args.min_hands], column)
    plotted = None
    if picture is not None:
        if not table.rows:
            raise RazzError("no hands to plot")
        plotted = args.player if args.player is not None else table.rows[0].player
        plot_results(table.hands, picture, player=plotted)
    if args.json:
        out: dict[str, Any] = {
            "rows": [r.to_dict() for r in rows],
            "hands": table.hand_count,
            "other_games": table.other_games,
            "skipped": [{"where": s.where, "error": s.error} for s in table.skipped],
        }
        if plotted is not None:
            out["plot"] = {"player": plotted, "file": picture}
        print(json_text(out))
        return status
    if table.rows and not rows:
        plural = "" if table.hand_count == 1 else "s"
        print(f"no player has {args.min_hands:,} hands or more (--min-hands): the most any "
              f"player has is {max(r.hands for r in table.rows):,}, of "
              f"{table.hand_count:,} hand{plural} read")
    elif not table.hand_count and table.other_games:
        print(f"no Razz hands: {other_games_note(table.other_games)}")
    else:
        print(format_stats(rows))
        left = f", {len(table.skipped)} left out" if table.skipped else ""
        if table.other_games:
            left += f", {other_games_note(table.other_games)}"
        plural = "" if table.hand_count == 1 else "s"
        print(f"{table.hand_count:,} hand{plural}{left}; fractions of the hands dealt, except bi "
              f"fold (of completions faced after the bring-in), steal (of chances) and wsd (of "
              f"wtsd)")
    if plotted is not None:
        print(f"{plotted}'s results drawn in {picture}")
    return status
