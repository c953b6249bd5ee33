"""The ``razzcore`` command: its parser and subcommands (:mod:`.commands`), the
output of numbers and tables (:mod:`.format`), the hand-history commands
(:mod:`.histories`) and the speed check (:mod:`.bench`).  The top layer: it
may import every room below it, and nothing imports it.
"""

from __future__ import annotations

from .commands import main

__all__ = ["main"]
