"""``python -m razzcore``: the ``razzcore`` command (see :mod:`razzcore.cli.commands`)."""

from __future__ import annotations

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
