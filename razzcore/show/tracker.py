"""The tracker's pictures: its table as text, and a player's result graph.

:func:`format_stats` writes :class:`~razzcore.tracker.StatsRow` rows as one
line per player; :func:`plot_results` draws a player's cumulative net over
the hands, in big bets, with the showdown and non-showdown lines beside the
total (as trackers draw them), with matplotlib (``pip install
'razzcore[plot]'``).

>>> from razzcore.tracker.table import StatsRow
>>> from razzcore.tracker.counting import COUNTS
>>> row = StatsRow.from_counts("Ann", dict.fromkeys(COUNTS, 1), {20: 1})
>>> print(format_stats([row]).splitlines()[0][:62])
player  unit  hands  net  bb/100  vpip  compl  bi fold  steal
"""

from __future__ import annotations

import io
import os
import textwrap
from collections.abc import Sequence
from typing import Any

from ..errors import MissingDependencyError, RazzError
from ..histories.files import check_writable, write_file
from ..tracker.counting import CHIPS
from ..tracker.table import HandRecord, PlayerNotFoundError, StatsRow, player_name
from .columns import aligned

__all__ = ["HEADERS", "LEGEND", "format_stats", "legend", "plot_file", "plot_results",
           "result_lines"]

# (header, the row's attribute) of each fraction shown as a percentage
_SHARES = (
    ("vpip", "vpip"), ("compl", "complete"), ("bi fold", "bring_in_fold"), ("steal", "steal"),
    ("4th", "saw_4th"), ("5th", "saw_5th"), ("6th", "saw_6th"), ("7th", "saw_7th"),
    ("wtsd", "wtsd"), ("wsd", "wsd"), ("wwsd", "won_without_showdown"),
)


#: The table's column headers, each with the row's attribute (the JSON key) it shows.
HEADERS: dict[str, str] = {
    "player": "player", "unit": "unit", "hands": "hands", "net": "net",
    "bb/100": "big_bets_per_100",
    **dict(_SHARES), "agg": "aggression",
}


#: How a unit of whole units of a currency begins (its amounts are not cents:
#: :func:`razzcore.histories.money.hand_unit`).
WHOLE = "whole "

#: What each abbreviated header of the table means (the footer of
#: ``razzcore stats``).
LEGEND = (
    "bb/100: big bets won per 100 hands; "
    "vpip: put chips in voluntarily on 3rd street; compl: completed or raised on 3rd; "
    "bi fold: of completions faced after posting the bring-in, folded; "
    "steal: of chances to steal, completed; "
    "4th..7th: saw that street; wtsd: went to showdown; wsd: of wtsd, won at showdown; "
    "wwsd: won without showdown; agg: (bets + completions + raises) / calls"
)


def legend(hands: int, left_out: int = 0, also: str = "", width: int = 100) -> str:
    """The footer of the table: the hands counted (and left out, and
    ``also``: what else was skipped), then what each abbreviated header
    means (:data:`LEGEND`), wrapped to ``width`` columns.

    >>> print(legend(10, 1, width=60))
    10 hands, 1 left out; percentages of the hands dealt unless
    said. bb/100: big bets won per 100 hands; vpip: put chips in
    voluntarily on 3rd street; compl: completed or raised on
    3rd; bi fold: of completions faced after posting the
    bring-in, folded; steal: of chances to steal, completed;
    4th..7th: saw that street; wtsd: went to showdown; wsd: of
    wtsd, won at showdown; wwsd: won without showdown; agg:
    (bets + completions + raises) / calls
    """
    left = f", {left_out:,} left out" if left_out else ""
    if also:
        left += f", {also}"
    plural = "" if hands == 1 else "s"
    text = (f"{hands:,} hand{plural}{left}; percentages of the hands dealt unless said. "
            + LEGEND)
    return textwrap.fill(text, width, break_on_hyphens=False)


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}%"


def _net(row: StatsRow) -> str:
    """The row's net as the table prints it: chips and whole units of a
    currency (``"whole USD"``, a PHH file's own) whole, a cash game's cents
    as its currency with 2 decimals (``+0.60``).

    >>> from razzcore.tracker.counting import COUNTS
    >>> counts = dict.fromkeys(COUNTS, 0) | {"hands": 1}
    >>> [_net(StatsRow.from_counts("A", counts | {"net": n}, {}, unit=u))
    ...  for n, u in ((60, "USD"), (-123456, "EUR"), (-5, "USD"), (1500, "chips"),
    ...                (7, "whole USD"))]
    ['+0.60', '-1,234.56', '-0.05', '+1,500', '+7']
    """
    if row.unit == CHIPS or row.unit.startswith(WHOLE):
        return f"{row.net:+,}"
    whole, cents = divmod(abs(row.net), 100)
    return f"{'-' if row.net < 0 else '+'}{whole:,}.{cents:02d}"


def format_stats(rows: Sequence[StatsRow]) -> str:
    """The rows as a text table, one line per player and unit: the unit of
    the net (``chips``, or a cash game's currency), hands, net (chips whole;
    a cash game's in its currency, 2 decimals, where the rows hold cents),
    big bets per 100 hands, each fraction as a percentage (``-`` where
    it has no hands to count) and the aggression factor.  The counts beside
    each fraction are in the rows (``razzcore stats --json``).

    >>> from razzcore import pokerstars, stats
    >>> table = stats(pokerstars.loads(pokerstars.dumps([pokerstars.EXAMPLE])))
    >>> print(format_stats(table.rows[:1]).splitlines()[1])
    alpha  USD  1  -0.35  -35.0  0%  0%  100%  -  0%  0%  0%  0%  0%  -  0%  -
    >>> format_stats([])
    'no hands'
    """
    head = list(HEADERS)
    lines = [head]
    for r in rows:
        lines.append([
            r.player, r.unit, f"{r.hands:,}", _net(r), f"{r.big_bets_per_100:+.1f}",
            *(_percent(getattr(r, name)) for _, name in _SHARES),
            "-" if r.aggression is None else f"{r.aggression:.2f}",
        ])
    if not rows:
        return "no hands"
    return aligned(lines, right=tuple(range(2, len(head))))


def result_lines(records: Sequence[HandRecord]) -> tuple[list[float], list[float], list[float]]:
    """The cumulative net in big bets after each of ``records`` (one
    player's hands in order): in all hands, in those that reached the
    showdown, and in those that did not.

    >>> result_lines([HandRecord("Ann", "1", None, 20, True, 20),
    ...               HandRecord("Ann", "2", None, -10, False, 20)])
    ([1.0, 0.5], [1.0, 1.0], [0.0, -0.5])
    """
    total: list[float] = []
    shown: list[float] = []
    unshown: list[float] = []
    t = s = u = 0.0
    for r in records:
        bb = r.net / r.big_bet
        t += bb
        if r.showdown:
            s += bb
        else:
            u += bb
        total.append(t)
        shown.append(s)
        unshown.append(u)
    return total, shown, unshown


def plot_file(path: str | bytes | os.PathLike[str] | os.PathLike[bytes]) -> str:
    """The file :func:`plot_results` writes for ``path``: ``path`` itself when
    its extension names a format matplotlib writes (``path`` a ``str``,
    ``bytes`` or path-like), ``path`` + ``.png`` when it
    has none.  A folder, or an extension of no such format, is a
    :class:`~razzcore.errors.RazzError` naming the formats (checked before
    any work).  Needs matplotlib (the ``plot`` extra).

    >>> from razzcore.errors import MissingDependencyError
    >>> try:
    ...     print(plot_file("results"), plot_file("results.svg"))
    ... except MissingDependencyError:  # matplotlib is not installed
    ...     print("results.png results.svg")
    results.png results.svg
    """
    name = os.fsdecode(path)
    if not name or os.path.isdir(name) or name.endswith(("/", os.sep)):
        raise RazzError(f"{name!r} is a folder: give the picture's file name (e.g. "
                        f"{os.path.join(name or '.', 'results.png')!r})")
    formats = sorted(_figure_class()().canvas.get_supported_filetypes())
    extension = os.path.splitext(name)[1]
    if not extension:
        name += ".png"
    elif extension[1:].lower() not in formats:
        raise RazzError(f"{name!r}: cannot draw a {extension!r} file; the picture's formats "
                        f"(its file's extension) are " + ", ".join(formats))
    check_writable(name)
    return name


def plot_results(records: Sequence[HandRecord],
                 path: str | bytes | os.PathLike[str] | os.PathLike[bytes], *,
                 player: str, title: str | None = None) -> None:
    """Draw ``player``'s cumulative net over the hands of ``records`` (in
    their order), in big bets, beside its showdown and non-showdown parts,
    and save the picture to ``path`` (its format from the extension: .png,
    .svg, .pdf; none: .png added, see :func:`plot_file`).  Big bets have no
    unit, so the hands may be in several (chips, dollars...).  The hands are
    numbered on the x axis with whole numbers; the total is drawn last, on
    top.  Needs matplotlib (the ``plot`` extra).

    >>> import os, tempfile
    >>> from razzcore.errors import MissingDependencyError
    >>> records = [HandRecord("Ann", "1", None, 20, True, 20),
    ...            HandRecord("Ann", "2", None, -10, False, 20)]
    >>> path = os.path.join(tempfile.mkdtemp(), "ann.png")
    >>> try:
    ...     plot_results(records, path, player="Ann")
    ... except MissingDependencyError:  # matplotlib is not installed
    ...     _ = open(path, "wb").write(b"\\x89PNG")
    >>> open(path, "rb").read(4)
    b'\\x89PNG'
    """
    player = player_name(player)
    out = plot_file(path)
    mine = [r for r in records if r.player == player]
    if not mine:
        raise PlayerNotFoundError.among(player, list(dict.fromkeys(r.player for r in records)))
    figure = _figure_class()
    total, shown, unshown = result_lines(mine)
    x = list(range(1, len(mine) + 1))
    fig = figure(figsize=(8, 4.5), dpi=100)  # no pyplot: no window, no global state
    ax = fig.subplots()
    ax.axhline(0, color="#888888", linewidth=0.6)
    (at,) = ax.plot(x, shown, color="#2166ac", linewidth=1.1,
                    label=f"at showdown ({shown[-1]:+.1f} BB)")
    (away,) = ax.plot(x, unshown, color="#b2182b", linewidth=1.1,
                      label=f"without showdown ({unshown[-1]:+.1f} BB)")
    # the total last and thickest: on top where a part follows it
    (net,) = ax.plot(x, total, color="#1b7837", linewidth=2.2,
                     label=f"net ({total[-1]:+.1f} BB)", zorder=3)
    ax.xaxis.set_major_locator(_integer_locator())
    ax.set_xlabel("hands")
    ax.set_ylabel("big bets won")
    ax.set_title(title or f"{player}: {len(mine):,} hands")
    ax.grid(True, alpha=0.3)
    ax.legend(handles=[net, at, away], loc="best")
    fig.tight_layout()
    picture = io.BytesIO()  # drawn whole, then written by the one writer
    fig.savefig(picture, format=os.path.splitext(out)[1][1:].lower())
    write_file(out, picture.getvalue())


def _integer_locator() -> Any:
    """Ticks at whole numbers only (the hands' numbers), placed as
    matplotlib's automatic ticks otherwise are."""
    from matplotlib.ticker import MaxNLocator

    return MaxNLocator(nbins="auto", steps=[1, 2, 2.5, 5, 10], integer=True)


def _figure_class() -> Any:
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise MissingDependencyError.of("matplotlib", "plot", "the result graph") from None
    return Figure
