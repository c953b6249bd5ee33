"""``razzcore.stats``: each player's statistics over hand histories.

The histories (or files of them, PokerStars or PHH) are cut into parts —
a file, or a run of :data:`CHUNK_HANDS` histories — each part is read and
counted on its own (in this process, or on an executor's workers), and the
parts' tables are merged in input order, so the table never depends on the
executor.

>>> from razzcore import pokerstars, stats
>>> table = stats(pokerstars.loads(pokerstars.dumps([pokerstars.EXAMPLE])))
>>> [(r.player, r.unit, r.hands, r.net) for r in table.rows]
[('alpha', 'USD', 1, -35), ('bravo [x]', 'USD', 1, 325), ('charlie', 'USD', 1, -320)]
"""

from __future__ import annotations

import glob
import os
from collections.abc import Iterable
from typing import Any, NamedTuple

from .._parallel import SubmitExecutor, check_executor, progress_bar
from ..errors import RazzError, brief
from ..histories.files import (
    PHHS,
    POKERSTARS,
    STDIN,
    FileHands,
    display_name,
    read_history_text,
    read_phh_text,
)
from ..histories.phh import HandHistory
from ..histories.pokerstars import PokerStarsError, tally
from .counting import count_hand, hand_date, hand_unit, played, seat_counts, seat_names, unit_name
from .table import Skipped, StatsTable, merge, player_name

__all__ = ["CHUNK_HANDS", "EXTENSIONS", "Source", "stats"]

#: Histories given as objects are counted in parts of this many.
CHUNK_HANDS = 2000

# ("file", path), ("read", (name, what _read read)) for standard input (read
# here, not on a worker), or ("hands", [(label, HandHistory), ...])
_Part = tuple[str, Any]


class _StarsText(NamedTuple):
    """A PokerStars file's text: its hands are counted as the reader
    replays them (:func:`~razzcore.histories.pokerstars.tally`), one at a
    time, when its part is counted."""

    text: str
_GLOB = frozenset("*?[")

#: What :func:`stats` reads: a history, a path or glob (``-``: standard
#: input), or an iterable of these.
Source = (HandHistory | str | bytes | os.PathLike[str] | os.PathLike[bytes]
          | Iterable[HandHistory | str | bytes | os.PathLike[str] | os.PathLike[bytes]])

#: The hand-history files a folder given to :func:`stats` holds (at any depth).
EXTENSIONS = (".txt", ".phh", ".phhs")


def _parts(source: object) -> list[_Part]:
    """The parts of ``source``, in order: one per file, one per run of
    :data:`CHUNK_HANDS` histories."""
    if isinstance(source, (str, bytes, os.PathLike, HandHistory)):
        items: Iterable[object] = [source]
    else:
        try:
            items = iter(source)  # type: ignore[call-overload]
        except TypeError:
            raise RazzError(f"stats reads hand histories, files or globs, not "
                            f"{brief(source)}") from None
    parts: list[_Part] = []
    run: list[tuple[str, HandHistory]] = []
    count = 0
    files: set[str] = set()  # each file's real path: a file named twice is read once
    for item in items:
        if isinstance(item, HandHistory):
            count += 1
            run.append((f"hand {count}", item))
            if len(run) == CHUNK_HANDS:
                parts.append(("hands", run))
                run = []
            continue
        if run:
            parts.append(("hands", run))
            run = []
        if not isinstance(item, (str, bytes, os.PathLike)):
            raise RazzError(f"stats reads hand histories, files or globs, not {brief(item)}")
        name = os.fsdecode(item)
        if name == STDIN:
            parts.append(("read", (name, _read(name))))
            continue
        for path in _paths(name):
            real = os.path.realpath(path)
            if real not in files:
                files.add(real)
                parts.append(("file", path))
    if run:
        parts.append(("hands", run))
    return parts


def _paths(name: str) -> list[str]:
    """The files ``name`` names: a file, a folder's hand-history files (see
    :func:`_folder`) or the files a glob matches, sorted."""
    if _GLOB.isdisjoint(name) or os.path.exists(name):
        if os.path.isdir(name):
            return _folder(name)
        if not os.path.exists(name):
            raise RazzError(f"no file {name!r}")
        return [name]
    found = sorted(p for p in glob.glob(name, recursive=True) if os.path.isfile(p))
    if not found:
        raise RazzError(f"no file matches {name!r}")
    return found


def _folder(name: str) -> list[str]:
    """The files under the folder ``name``, at any depth, whose names end in
    one of :data:`EXTENSIONS` (any case), sorted by path; a
    :class:`~razzcore.errors.RazzError` naming the folder when it holds none.

    >>> import tempfile
    >>> _folder(tempfile.mkdtemp())
    Traceback (most recent call last):
    ...
    razzcore.errors.RazzError: no hand-history file in the folder '...': none ends in .txt, ...
    """
    found = sorted(os.path.join(top, file) for top, _, files in os.walk(name)
                   for file in files if file.lower().endswith(EXTENSIONS))
    if not found:
        raise RazzError(f"no hand-history file in the folder {name!r}: none ends in "
                        f"{', '.join(EXTENSIONS[:-1])} or {EXTENSIONS[-1]}")
    return found


def _read(path: str) -> FileHands | _StarsText | Skipped:
    """The hands of the file at ``path`` (a PokerStars file's counted as
    they are read), or why it cannot be read (its message without the
    file's name: :class:`Skipped` names it)."""
    name = display_name(path)
    try:
        text, kind = read_history_text(path)
        return _StarsText(text) if kind == POKERSTARS else read_phh_text(text, kind == PHHS)
    except (OSError, RazzError) as exc:
        error = str(exc) or type(exc).__name__
        if error.startswith(f"{name}: "):
            error = error[len(name) + 2:]
        return Skipped(name, error)


def _count(part: _Part, player: str | None) -> StatsTable:
    """The table of one part (run on a worker: picklable by name)."""
    kind, what = part
    table = StatsTable()
    if kind == "hands":
        for label, hh in what:
            _count_one(table, label, hh, player, False)
        return table
    path, found = (what, _read(what)) if kind == "file" else what
    if isinstance(found, Skipped):
        table.skipped.append(found)
        return table
    name = display_name(path)
    if isinstance(found, _StarsText):
        return _count_stars(table, name, found.text, player)
    many = len(found.hands) + len(found.errors) > 1
    # the file's malformed hands and the hands that cannot be counted, in file order
    skipped = [(-1 if place is None else place,
                Skipped(name if place is None else f"{name}: hand {place + 1}", error))
               for place, error in found.errors]
    for i, hh in found.hands:
        left_out = _count_one(table, f"{name}: hand {i + 1}" if many else name, hh, player, True)
        if left_out is not None:
            skipped.append((i, left_out))
    skipped.sort(key=lambda k: k[0])
    table.skipped.extend(s for _, s in skipped)
    return table


def _count_stars(table: StatsTable, name: str, text: str, player: str | None) -> StatsTable:
    """Add the hands of a PokerStars file's ``text``, counted by the reader,
    to ``table`` as they are read; its malformed hands (an error names the
    hand by its number and line) and the hands that cannot be counted are
    left out, in file order; its hands of other games are counted in
    ``table.other_games``."""
    skipped = table.skipped
    dates: dict[tuple[Any, ...], Any] = {}
    for place, hand in tally(text, other_games=True):
        if hand is None:
            table.other_games += 1
            continue
        if isinstance(hand, PokerStarsError):
            skipped.append(Skipped(name, str(hand)))
            continue
        head, names, counts = hand
        fields = head.fields
        try:
            seats = seat_counts(seat_names(names, len(names)), counts)
        except RazzError as exc:
            skipped.append(Skipped(f"{name}: hand {place + 1} (#{fields['hand']})", str(exc)))
            continue
        key = (fields.get("year"), fields.get("month"), fields.get("day"), fields.get("time"))
        date = dates.get(key, dates)
        if date is dates:
            date = dates[key] = played(*key)
        unit = unit_name(head.unit, fields.get("currency"), head.symbol)
        table._add_hand(seats, head.big, unit, str(fields["hand"]), date, player)
    return table


def _count_one(table: StatsTable, label: str, hh: HandHistory, player: str | None,
               file: bool) -> Skipped | None:
    """Count ``hh`` into ``table``; a hand that cannot be counted is left out:
    named in ``table.skipped`` (a hand given as an object), or returned (a
    file's, for the caller to order)."""
    try:
        seats = count_hand(hh)
    except RazzError as exc:
        hand = "" if hh.hand is None else f" (#{hh.hand})"
        left_out = Skipped(label + hand, str(exc))
        if file:
            return left_out
        table.skipped.append(left_out)
        return None
    hand_id = str(hh.hand) if hh.hand is not None else (label if file else None)
    table._add_hand(seats, hh.big_bet, hand_unit(hh), hand_id, hand_date(hh), player)
    return None


def stats(source: Source, *, player: str | None = None,
          executor: SubmitExecutor | None = None, progress: bool | None = None) -> StatsTable:
    """Each player's statistics over the hands of ``source``.

    ``source``: a :class:`~razzcore.histories.phh.HandHistory`, a path (a
    ``str``, ``bytes`` or path-like) or a glob (``"sessions/*.txt"``,
    ``"**"`` reaching into folders) of PokerStars or PHH files (``"-"``:
    standard input, either kind), a folder (its files ending in ``.txt``,
    ``.phh`` or ``.phhs``, at any depth, sorted by path), or an iterable of
    any of these.  A file named twice (or matched by two globs) is read once,
    where first named; a hand repeated in two files is counted twice.
    Every hand is replayed on
    the engine and counted from what the engine did (docs/stats.md gives
    each column's definition).  Each player has a row per unit of the
    histories' amounts (``"chips"``; a cash game's currency, ``"USD"``, in
    cents): one row when every hand is in one unit.  A malformed hand, or a
    file that cannot be read, is left out and named in ``.skipped``; a path
    or glob that names no file is a :class:`~razzcore.errors.RazzError`.

    * ``player``: count only this player's rows (and hand records); a
      :class:`~razzcore.tracker.table.PlayerNotFoundError` (a
      :class:`~razzcore.errors.RazzError`) when no hand counted has the
      player, naming the players whose names are closest to it
      (:func:`~razzcore.tracker.table.suggestions`) and how many there are;
    * ``executor``: anything with ``submit(fn, *args)`` (a
      :mod:`concurrent.futures` pool, dask's ``Client.get_executor()``): the
      parts are read and counted on it; the table is the same for any;
    * ``progress=True``: a tqdm bar on stderr counting the parts.

    >>> from razzcore import pokerstars
    >>> hands = pokerstars.loads(pokerstars.dumps([pokerstars.EXAMPLE]))
    >>> row = stats(hands, player="bravo [x]").rows[0]
    >>> row.vpip, row.complete, row.steal, row.wtsd, row.wsd
    (1.0, 1.0, 1.0, 1.0, 1.0)
    >>> stats(hands, player="bravo")
    Traceback (most recent call last):
    ...
    razzcore.tracker.table.PlayerNotFoundError: no player 'bravo' in the 1 hand counted; did you
    mean 'bravo [x]'? (3 players)
    """
    check_executor(executor)
    if player is not None:
        player_name(player)
    if progress is not None and not isinstance(progress, bool):
        raise RazzError(f"progress must be True, False or None, not {brief(progress)}")
    parts = _parts(source)
    bar = progress_bar(len(parts), "part") if progress else None
    tables: list[StatsTable] = []
    try:
        if executor is not None:
            futures = [executor.submit(_count, part, player) for part in parts]
            try:
                for fut in futures:
                    tables.append(fut.result())
                    if bar is not None:
                        bar.update(1)
            except BaseException:
                for fut in futures:
                    fut.cancel()
                raise
        else:
            for part in parts:
                tables.append(_count(part, player))
                if bar is not None:
                    bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    table = merge(tables)
    if player is not None:
        table._check_player(player)
    return table
