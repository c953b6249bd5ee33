"""Which format a hand-history text is in, told from its first lines: the
one guess every reader makes (standard input, a file whose name does not
tell, and the hints of the PHH and PokerStars readers).

* PokerStars text opens (after blank lines and byte-order marks) with a
  hand header, ``PokerStars Hand #N: ...`` (``Game #``, ``Zoom Hand #``,
  ``Home Game Hand #``: the header the reader splits hands at);
* PHH is TOML: its first line that is neither blank nor a comment sets a
  key (``key = value``) or opens a table (``[1]``: a ``.phhs`` text of many
  hands), and some line sets one of a hand's fields (:data:`HAND_FIELDS`).

Only the first lines are looked at (and, for PHH, the first line setting a
hand's field), never the whole text parsed: a text cut in the middle of a
hand is still told, and the reader then names each malformed hand.

>>> sniff("\\ufeff\\nPokerStars Hand #1: Razz Limit ($1/$2 USD) - 2026/01/01 10:00:00 ET")
'pokerstars'
>>> sniff("# a hand\\nvariant = 'FR'\\nantes = ["), sniff("[1]\\nvariant = 'FR'\\n")
('phh', 'phhs')
>>> sniff("# razzcore\\n\\nA library.\\n"), sniff('[project]\\nname = "x"\\n')
(None, None)
"""

from __future__ import annotations

import re

from ._pokerstars_lines import HAND_START

__all__ = ["HAND_FIELDS", "PHH", "PHHS", "POKERSTARS", "sets_hand_field", "sniff"]

POKERSTARS = "pokerstars"
"""PokerStars text (:mod:`razzcore.pokerstars`)."""
PHH = "phh"
"""PHH of one hand (``phh.loads``)."""
PHHS = "phhs"
"""PHH of many hands, one table each (``phh.loads_all``)."""

HAND_FIELDS = ("variant", "actions", "antes", "starting_stacks")
"""The fields that mark TOML as PHH (any one of them)."""

_BLANK = re.compile(r"[\s\ufeff]*")
_KEY = r"""(?:[A-Za-z0-9_-]+|"(?:[^"\\\n]|\\.)*"|'[^'\n]*')"""
# a line of TOML: a table header ([1], [[x]]), or a (dotted) key and "="
_TOML_LINE = re.compile(rf"[ \t]*(?:(\[)|{_KEY}(?:[ \t]*\.[ \t]*{_KEY})*[ \t]*=)")
_HAND_FIELD = re.compile(
    rf"""^[ \t]*(["']?)(?:{'|'.join(HAND_FIELDS)})\1[ \t]*=""", re.MULTILINE)


def sets_hand_field(text: str) -> bool:
    """Whether a line of ``text`` sets one of :data:`HAND_FIELDS` (as TOML:
    ``antes = ...``, the key bare or quoted).

    >>> sets_hand_field("[1]\\n'antes' = [0, 0]\\n"), sets_hand_field("name = 'antes'\\n")
    (True, False)
    """
    return _HAND_FIELD.search(text) is not None


def sniff(text: str) -> str | None:
    """:data:`POKERSTARS`, :data:`PHH` (one hand), :data:`PHHS` (tables of
    hands) or ``None`` (neither) for ``text``, from its first lines (see the
    module's description).

    >>> sniff("  PokerStars Zoom Hand #7: Razz Limit"), sniff("antes = [0, 0]")
    ('pokerstars', 'phh')
    """
    start = _BLANK.match(text).end()  # type: ignore[union-attr]  # always matches
    if HAND_START.match(text, start) is not None:
        return POKERSTARS
    pos = start
    while pos < len(text):  # the first line neither blank nor a comment
        end = text.find("\n", pos)
        end = len(text) if end < 0 else end
        line = text[pos:end].strip()
        if line and not line.startswith("#"):
            m = _TOML_LINE.match(line)
            if m is None or not sets_hand_field(text):
                return None
            return PHHS if m.group(1) else PHH
        pos = end + 1
    return None
