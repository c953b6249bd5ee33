"""``razzcore.stats``: each player's statistics over hand histories.

The histories (or files of them, PokerStars or PHH) are cut into parts —
a file, or a run of :data:`CHUNK_HANDS` histories — each part is read and
counted on its own (in this process, or on an executor's workers), and the
parts' tables are merged in input order, so the table never depends on the
executor.

>>> from razzcore import pokerstars, stats
>>> table = stats(pokerstars.loads(pokerstars.dumps([pokerstars.EXAMPLE])))
>>> [(r.player, r.hands, r.net) for r in table.rows]
[('alpha', 1, -35), ('bravo [x]', 1, 325), ('charlie', 1, -320)]
"""

from __future__ import annotations

import glob
import os
from collections.abc import Iterable
from typing import Any

from .._parallel import SubmitExecutor, check_executor, progress_bar
from ..errors import RazzError, brief
from ..histories.files import read_file
from ..histories.phh import HandHistory
from .counting import NET, WTSD, count_hand, hand_date
from .table import HandRecord, Skipped, StatsTable, merge

__all__ = ["CHUNK_HANDS", "stats"]

#: Histories given as objects are counted in parts of this many.
CHUNK_HANDS = 2000

_Part = tuple[str, Any]  # ("file", path) or ("hands", [(label, HandHistory), ...])
_GLOB = frozenset("*?[")


def _parts(source: object) -> list[_Part]:
    """The parts of ``source``, in order: one per file, one per run of
    :data:`CHUNK_HANDS` histories."""
    if isinstance(source, (str, os.PathLike, HandHistory)):
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
        if not isinstance(item, (str, os.PathLike)):
            raise RazzError(f"stats reads hand histories, files or globs, not {brief(item)}")
        parts.extend(("file", path) for path in _paths(os.fspath(item)))
    if run:
        parts.append(("hands", run))
    return parts


def _paths(name: str) -> list[str]:
    if _GLOB.isdisjoint(name):
        if not os.path.exists(name):
            raise RazzError(f"no file {name!r}")
        return [name]
    found = sorted(p for p in glob.glob(name, recursive=True) if os.path.isfile(p))
    if not found:
        raise RazzError(f"no file matches {name!r}")
    return found


def _count(part: _Part, player: str | None) -> StatsTable:
    """The table of one part (run on a worker: picklable by name)."""
    kind, what = part
    table = StatsTable()
    if kind == "file":
        try:
            found = read_file(what)
        except (OSError, RazzError) as exc:
            table.skipped.append(Skipped(what, str(exc) or type(exc).__name__))
            return table
        many = len(found.hands) + len(found.errors) > 1 or found.pokerstars
        for place, error in found.errors:
            where = what if place is None else f"{what}: hand {place + 1}"
            table.skipped.append(Skipped(where, error))
        hands = [(f"{what}: hand {i + 1}" if many else what, hh) for i, hh in found.hands]
    else:
        hands = what
    for label, hh in hands:
        _count_one(table, label, hh, player, kind == "file")
    return table


def _count_one(table: StatsTable, label: str, hh: HandHistory, player: str | None,
               file: bool) -> None:
    try:
        seats = count_hand(hh)
    except RazzError as exc:
        hand = "" if hh.hand is None else f" (#{hh.hand})"
        table.skipped.append(Skipped(label + hand, str(exc)))
        return
    table.hand_count += 1
    hand_id = str(hh.hand) if hh.hand is not None else (label if file else None)
    date = hand_date(hh)
    bet = hh.big_bet
    for name, counts in seats:
        if player is not None and name != player:
            continue
        table._add(name, counts, bet)
        table.hands.append(HandRecord(name, hand_id, date, counts[NET],
                                      bool(counts[WTSD]), bet))


def stats(source: object, *, player: str | None = None,
          executor: SubmitExecutor | None = None, progress: bool | None = None) -> StatsTable:
    """Each player's statistics over the hands of ``source``.

    ``source``: a :class:`~razzcore.histories.phh.HandHistory`, a path or a
    glob (``"sessions/*.txt"``, ``"**"`` reaching into folders) of PokerStars
    or PHH files, or an iterable of any of these.  Every hand is replayed on
    the engine and counted from what the engine did (docs/stats.md gives
    each column's definition).  A malformed hand, or a file that cannot be
    read, is left out and named in ``.skipped``; a path or glob that names
    no file is a :class:`~razzcore.errors.RazzError`.

    * ``player``: count only this player's row (and hand records);
    * ``executor``: anything with ``submit(fn, *args)`` (a
      :mod:`concurrent.futures` pool, dask's ``Client.get_executor()``): the
      parts are read and counted on it; the table is the same for any;
    * ``progress=True``: a tqdm bar on stderr counting the parts.

    >>> from razzcore import pokerstars
    >>> hands = pokerstars.loads(pokerstars.dumps([pokerstars.EXAMPLE]))
    >>> row = stats(hands, player="bravo [x]").rows[0]
    >>> row.vpip, row.complete, row.steal, row.wtsd, row.wsd
    (1.0, 1.0, 1.0, 1.0, 1.0)
    """
    check_executor(executor)
    if player is not None and not isinstance(player, str):
        raise RazzError(f"player must be a name, not {brief(player)}")
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
    return merge(tables)
