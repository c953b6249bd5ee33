"""Warnings for the names kept one release after a rename.

Only callers outside razzcore are warned: a module of the library that still
uses an old name (while it moves over) does not warn its own users.
"""

from __future__ import annotations

import sys
import warnings


def warn_deprecated(old: str, new: str, depth: int = 1) -> None:
    """Warn that ``old`` is deprecated in favour of ``new``, from the point of
    view of the caller ``depth`` frames above the function calling this one."""
    frame = sys._getframe(depth + 1)
    if frame.f_globals.get("__name__", "").partition(".")[0] == "razzcore":
        return
    warnings.warn(f"{old} is deprecated; use {new}", DeprecationWarning, stacklevel=depth + 2)
