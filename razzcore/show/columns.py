"""Rows of text cells as aligned columns: the text tables of the command
line and of :class:`~razzcore.tracker.StatsTable`.

>>> print(aligned([["seat", "chips"], ["p1", "+5"]], right=(1,)))
seat  chips
p1       +5
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

__all__ = ["aligned", "width"]


def width(text: str) -> int:
    """The columns ``text`` takes in a terminal: 2 for each wide or
    full-width character (Chinese, Japanese, Korean), 0 for a combining
    mark, 1 for any other.

    >>> width("Ann"), width("\u674e\u96f7"), width("e\u0301")
    (3, 4, 1)
    """
    if text.isascii():
        return len(text)
    return sum(0 if unicodedata.combining(c) else
               2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)


def aligned(rows: Sequence[Sequence[str]], right: Sequence[int] = ()) -> str:
    """Rows of cells as aligned columns (``right``: right-aligned columns),
    padded by the :func:`width` each cell takes on screen; a line's trailing
    spaces are cut.

    >>> aligned([["hand", "net"], ["A23", "-4"], ["KKK", "+120"]], right=(1,)).splitlines()
    ['hand   net', 'A23     -4', 'KKK   +120']
    >>> print(aligned([["player", "net"], ["\u674e\u96f7", "+5"], ["Ann", "-5"]], right=(1,)))
    player  net
    \u674e\u96f7     +5
    Ann      -5
    """
    sizes = [[width(c) for c in r] for r in rows]
    widths = [max(s[i] for s in sizes) for i in range(len(rows[0]))]
    lines = []
    for r, size in zip(rows, sizes, strict=True):
        cells = [" " * (w - n) + c if i in right else c + " " * (w - n)
                 for i, (c, n, w) in enumerate(zip(r, size, widths, strict=True))]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)
