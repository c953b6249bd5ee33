"""Rows of text cells as aligned columns: the text tables of the command
line and of :class:`~razzcore.tracker.StatsTable`.

>>> print(aligned([["seat", "chips"], ["p1", "+5"]], right=(1,)))
seat  chips
p1       +5
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["aligned"]


def aligned(rows: Sequence[Sequence[str]], right: Sequence[int] = ()) -> str:
    """Rows of cells as aligned columns (``right``: right-aligned columns);
    a line's trailing spaces are cut.

    >>> aligned([["hand", "net"], ["A23", "-4"], ["KKK", "+120"]], right=(1,)).splitlines()
    ['hand   net', 'A23     -4', 'KKK   +120']
    """
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = []
    for r in rows:
        cells = [c.rjust(w) if i in right else c.ljust(w)
                 for i, (c, w) in enumerate(zip(r, widths, strict=True))]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)
