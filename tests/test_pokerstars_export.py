"""Writing PokerStars text (``razzcore.histories.pokerstars.dumps``): what is written reads back."""

from __future__ import annotations

import pathlib
import subprocess
import sys

from razzcore import phh, pokerstars

ROOT = pathlib.Path(__file__).resolve().parent
WSOP = ROOT / "conformance" / "phh-razz" / "data" / "wsop" / "2023" / "43" / "5"


def _wsop() -> list[phh.HandHistory]:
    hands = [phh.load(path.open("rb")) for path in sorted(WSOP.glob("*.phh"))]
    assert len(hands) == 10
    return hands


def test_every_wsop_hand_reads_back_with_its_finishing_stacks() -> None:
    hands = _wsop()
    back = pokerstars.loads(pokerstars.dumps(hands))
    assert len(back) == len(hands)
    for original, read in zip(hands, back, strict=True):
        assert list(read.replay().stacks) == list(original.finishing_stacks or ())


def test_early_all_in_tabling_is_written_once_after_the_last_street() -> None:
    hh = phh.load((WSOP / "03-50-24.phh").open("rb"))  # both players table on 6th street
    lines = pokerstars.dumps(hh).splitlines()
    river, showdown = lines.index("*** RIVER ***"), lines.index("*** SHOW DOWN ***")
    assert river < showdown
    shows = [line for line in lines[showdown:] if ": shows [" in line]
    shown = [line.split("[")[1].split("]")[0].split() for line in shows]
    assert [len(cards) for cards in shown] == [7, 7]


def test_convert_to_pokerstars_then_replay_matches(tmp_path: pathlib.Path) -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "razzcore", *args], capture_output=True,
                              text=True, timeout=120, cwd=tmp_path)

    files = [str(p) for p in sorted(WSOP.glob("*.phh"))]
    conv = run("convert", *files, "--to", "pokerstars", "-o", "wsop.txt")
    assert conv.returncode == 0, conv.stderr
    replay = run("replay", "wsop.txt")
    assert replay.returncode == 0, replay.stderr
    assert "10 hands replayed" in replay.stdout
