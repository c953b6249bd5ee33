"""The ``razzcore stats`` subcommand (internal to :mod:`razzcore.cli.commands`):
each player's statistics over hand-history files, as a table or JSON, and a
player's result graph.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from typing import Any

from ..errors import RazzError, brief
from ..histories.files import other_games_note
from ..show.tracker import HEADERS, format_stats, legend, plot_file, plot_results
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
                   help="PokerStars text files, .phh or .phhs files, globs of them "
                        "('sessions/**/*.txt') or folders (their .txt, .phh and .phhs files "
                        "at any depth); each file is read once; - reads standard input "
                        "(either kind)")
    p.add_argument("--player", metavar="NAME", default=None,
                   help="only this player's rows (and the player --plot draws)")
    p.add_argument("--json", action="store_true",
                   help="print JSON: the rows (each fraction with its counts), the hands "
                        "counted and the hands left out")
    p.add_argument("--plot", metavar="OUT.png", default=None,
                   help="draw the player's cumulative net in big bets (over all units), with "
                        "the showdown and non-showdown lines (--player, else the player with "
                        "the most hands over all units; "
                        "the format from the extension: .png, .svg, .pdf...; none: .png "
                        "added; needs matplotlib: pip install 'razzcore[plot]')")
    p.add_argument("--min-hands", type=int, default=0, metavar="N",
                   help="only players dealt into N hands or more (over all units)")
    p.add_argument("--sort", default="hands", metavar="COLUMN",
                   help="order the rows by this column, the largest first (player, unit: "
                        "alphabetically): a header of the table (" + ", ".join(HEADERS)
                        + ") or a JSON key (" + ", ".join(_KEYS_ONLY) + "), in any case "
                        "(hands)")


#: The JSON keys that are no header of the table.
_KEYS_ONLY = tuple(k for k in COLUMNS if k not in HEADERS)

#: The names ``--sort`` takes, casefolded: each header and JSON key.
_SORT_NAMES = {name.casefold(): column
               for name, column in (*HEADERS.items(), *((k, k) for k in COLUMNS))}


def sort_column(text: str) -> str:
    """The row attribute (JSON key) ``--sort`` names: a header of the table
    as printed, or a JSON key, in any case.  A name of neither is a
    :class:`~razzcore.cli.format.ChoiceError` naming the closest one and
    listing them all.

    >>> sort_column("bb/100"), sort_column("4th"), sort_column("VPIP_count")
    ('big_bets_per_100', 'saw_4th', 'vpip_count')
    >>> sort_column("size")
    Traceback (most recent call last):
    ...
    razzcore.cli.format.ChoiceError: --sort: no column 'size'. Any case of a header (player, ...
    """
    column = _SORT_NAMES.get(text.strip().casefold())
    if column is None:
        raise sort_column_error(text)
    return column


def _compact_keys() -> str:
    """The JSON keys that are no header, compactly: the streets as a range,
    the fractions' counts as one pattern."""
    keys = [k for k in _KEYS_ONLY if not k.endswith("_count")]
    streets = [k for k in keys if k.startswith("saw_")]
    if streets:
        at = keys.index(streets[0])
        keys = [k for k in keys if k not in streets]
        keys.insert(at, f"{streets[0]}..{streets[-1]}")
    return ", ".join([*keys, "each fraction's <name>_count"])


def sort_column_error(text: str) -> ChoiceError:
    """The error for ``--sort`` given ``text``, a name of no column: the
    closest name (if any is close), then every name ``--sort`` takes,
    compactly, in one line.

    >>> print(sort_column_error("wwsdd"))
    --sort: no column 'wwsdd'; did you mean 'wwsd'? Any case of a header (player, unit, hands, net,
    bb/100, vpip, compl, bi fold, steal, 4th, 5th, 6th, 7th, wtsd, wsd, wwsd, agg) or of a --json
    key (big_bets_per_100, complete, bring_in_fold, bring_in_faced, steal_chances, saw_4th..saw_7th,
    won_without_showdown, aggression, aggressive_actions, calls, each fraction's <name>_count)
    """
    close = difflib.get_close_matches(text.strip().casefold(), list(_SORT_NAMES), n=1)
    hint = f"; did you mean {brief(close[0])}?" if close else "."
    return ChoiceError(
        f"--sort: no column {brief(one_line(text, 40))}{hint} Any case of a header "
        f"({', '.join(HEADERS)}) or of a --json key ({_compact_keys()})")


def _too_few(by_player: dict[str, int], hands: int, least: int, player: str | None) -> str:
    """What to say when ``--min-hands`` leaves none of the players (of
    ``by_player``: each one's hands over all units; ``player`` alone when
    given) of ``hands`` hands read.

    >>> _too_few({"Ann": 7}, 10, 8, "Ann")
    "'Ann' has 7 hands, fewer than --min-hands 8 (of 10 hands read)"
    """
    most = max(by_player.values())
    plural = "" if hands == 1 else "s"
    read = f"{hands:,} hand{plural} read"
    if player is not None:
        has = f"{most:,} hand{'' if most == 1 else 's'}"
        return f"{brief(player)} has {has}, fewer than --min-hands {least:,} (of {read})"
    return (f"no player has {least:,} hands or more (--min-hands): the most any player has is "
            f"{most:,}, of {read}")


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
    # --min-hands and the player plotted count a player's hands in every unit
    by_player = table.hands_by_player()
    rows = _sorted([r for r in table.rows if by_player[r.player] >= args.min_hands], column)
    plotted = None
    if picture is not None:
        if not table.rows:
            raise RazzError("no hands to plot")
        plotted = args.player if args.player is not None else next(iter(by_player))
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
        print(_too_few(by_player, table.hand_count, args.min_hands, args.player))
    elif not table.hand_count and table.other_games:
        print(f"no Razz hands: {other_games_note(table.other_games)}")
    else:
        print(format_stats(rows))
        other = other_games_note(table.other_games) if table.other_games else ""
        print(legend(table.hand_count, len(table.skipped), other))
    if plotted is not None:
        print(f"{plotted}'s results drawn in {picture}")
    return status
