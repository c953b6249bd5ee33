"""What the PHH tests share: the conformance files, a small hand, and the command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from razzcore import phh

DATA = Path(__file__).parent / "conformance" / "phh-razz" / "data" / "wsop" / "2023" / "43" / "5"
FILES = sorted(DATA.glob("*.phh"))

MINI = """variant = 'FR'
antes = [2, 2, 2]
bring_in = 5
small_bet = 10
big_bet = 20
starting_stacks = [100, 100, 100]
actions = ['d dh p1 2c3c4c', 'd dh p2 5c6cKd', 'd dh p3 7c8c9d', 'p2 pb', 'p3 cc', 'p1 cbr 10',
           'p2 f', 'p3 cc']
"""


def read(name: str) -> phh.HandHistory:
    with open(DATA / name, "rb") as fp:
        return phh.load(fp)


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "razzcore", *args],
                          capture_output=True, text=True, timeout=120)
