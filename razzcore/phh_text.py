"""Deprecated name of :mod:`razzcore.history_text` (a readable text hand
history); it is kept for one release.

>>> import warnings
>>> from razzcore import history_text, phh_text
>>> with warnings.catch_warnings(record=True):
...     phh_text.format_hand is history_text.format_hand
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import history_text
from ._deprecated import warn_deprecated

if TYPE_CHECKING:  # the old names, typed (at run time they go through __getattr__)
    from .history_text import betting_words as betting_words
    from .history_text import format_hand as format_hand

__all__: list[str] = []


def __getattr__(name: str) -> Any:
    if name in history_text.__all__:
        warn_deprecated(f"razzcore.phh_text.{name}", f"razzcore.history_text.{name}")
        return getattr(history_text, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
