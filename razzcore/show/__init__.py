"""The presentation room: pictures and text of cards, hands and histories —
SVG (:mod:`.svg`), the plain-text table of a hand (:mod:`.table`), the
replayer page (:mod:`.replayer`), and the tracker's table and result graph
(:mod:`.tracker`; text columns in :mod:`.columns`).  It reads state and never decides: every
number it shows comes from the engine or a history.

>>> from razzcore.show import svg
>>> svg.card("As").startswith("<svg")
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import attach

_HOMES: dict[str, str] = {
}
_MODULES = {"svg": "svg", "table": "table", "replayer": "replayer", "tracker": "tracker",
            "columns": "columns"}
__getattr__, __dir__ = attach(__name__, _HOMES, globals(), _MODULES)

if TYPE_CHECKING:
    from . import columns, replayer, svg, table, tracker

__all__ = ["columns", "replayer", "svg", "table", "tracker"]
