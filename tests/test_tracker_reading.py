"""How the tracker reads: paths, globs and either kind of file, malformed
hands and files left out (named, in file order), and parts counted on their
own, on any executor, merged into the table of the whole."""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tracker_support import (
    BRING_IN_COMPLETES,
    DEAL,
    HERE,
    LIMPED,
    RIVER_FOLD,
    SPLIT,
    STARS,
    STEAL,
    THREE,
    WSOP,
    hand,
)

from razzcore import Rules, phh, pokerstars, simulate
from razzcore.errors import RazzError
from razzcore.tracker import merge, stats

# ------------------------------------------------------------- malformed input


def test_a_malformed_hand_is_skipped_and_named(tmp_path: Path) -> None:
    bad = hand(THREE, [200] * 3, [*DEAL, "p2 pb", "p3 f", "p1 cbr 10", "p2 f"])
    bad.actions = [*DEAL, "p2 pb", "p1 cc"]  # p3 is to act
    table = stats([STEAL, bad])
    assert table.hand_count == 1
    assert [s.where for s in table.skipped] == ["hand 2"]
    assert "p3's turn" in table.skipped[0].error
    text = (HERE / "data" / "pokerstars" / "three-players.txt").read_text()
    broken = tmp_path / "broken.txt"
    broken.write_text(text + "\n\n" + text.replace("C: calls $0.50", "C: calls $0.40", 1)
                      .replace("Hand #1:", "Hand #2:"))
    junk = tmp_path / "junk.phh"
    junk.write_text("variant = 'FR'\n")
    table = stats([broken, junk])
    assert table.hand_count == 1
    assert [s.where for s in table.skipped] == [str(broken), str(junk)]
    assert "hand #2" in table.skipped[0].error and "antes" in table.skipped[1].error


def test_an_unfinished_hand_is_skipped() -> None:
    unfinished = hand(THREE, [200] * 3, [*DEAL, "p2 pb", "p3 cbr 10"], hand="cut")
    table = stats([STEAL, unfinished])
    assert table.hand_count == 1 and set(table.players()) == set(THREE)
    assert [str(s) for s in table.skipped] == [
        "hand 2 (#cut): the hand is not finished: its actions stop before the end"]
    assert table.row("Cy").hands == 1 and table.row("Cy").wtsd == 0.0


def test_a_name_used_twice_skips_the_hand() -> None:
    twice = hand(["Ann", "Ann", "Cy"], [200] * 3, STEAL.actions)
    blank = hand(["p2", "", "Cy"], [200] * 3, STEAL.actions)  # the blank seat 2 is "p2"
    table = stats([twice, blank, STEAL])
    assert table.hand_count == 1 and table.row("Ann").hands == 1
    assert [s.where for s in table.skipped] == ["hand 1", "hand 2"]
    assert "'Ann' is used twice" in table.skipped[0].error
    assert "'p2' is used twice" in table.skipped[1].error


def test_a_phhs_table_that_is_not_toml_is_the_only_hand_left_out(tmp_path: Path) -> None:
    path = tmp_path / "hands.phhs"
    good = phh.dumps_all([STEAL, LIMPED, RIVER_FOLD])
    lines = good.splitlines(keepends=True)
    second = lines.index("[2]\n")
    lines.insert(second + 1, "bring_in = = 5\n")  # the second table is not TOML
    path.write_text("".join(lines))
    table = stats(path)
    assert table.hand_count == 2 and table.row("Ann").hands == 2
    assert [s.where for s in table.skipped] == [f"{path}: hand 2"]
    assert "not valid TOML" in table.skipped[0].error
    assert f"line {second + 2}," in table.skipped[0].error  # the file's line


def test_skipped_hands_name_the_file_once_in_file_order(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    readme = tmp_path / "notes.txt"
    readme.write_text("# notes\n")
    path = tmp_path / "hands.phhs"
    unfinished = hand(THREE, [200] * 3, [*DEAL, "p2 pb"])
    text = phh.dumps_all([STEAL, unfinished, LIMPED])
    path.write_text(text.replace("bring_in = 5", "bring_in = -5", 3)
                    .replace("bring_in = -5", "bring_in = 5", 2))  # the third is malformed
    table = stats([empty, readme, path])
    assert [str(s) for s in table.skipped][:2] == [
        f"{empty}: no hands in the file (it is empty)",
        f"{readme} is not a hand history: neither PHH (TOML with a hand's fields, or a "
        f".phh/.phhs file) nor PokerStars text"]
    assert [s.where for s in table.skipped] == [
        str(empty), str(readme), f"{path}: hand 2", f"{path}: hand 3"]


def test_a_pokerstars_files_hands_keep_their_places_whatever_its_line_ends(
        tmp_path: Path) -> None:
    from razzcore.histories.files import read_file

    text = (HERE / "data" / "pokerstars" / "three-players.txt").read_text()
    text = "\n\n".join([text, text.replace("C: calls $0.50", "C: calls $0.40", 1)
                         .replace("Hand #1:", "Hand #2:"), text.replace("Hand #1:", "Hand #3:")])
    unix, windows = tmp_path / "unix.txt", tmp_path / "windows.txt"
    unix.write_bytes(text.encode())
    windows.write_bytes(text.replace("\n", "\r\n").encode())
    for path in (unix, windows):
        found = read_file(path)
        assert [(i, hh.hand) for i, hh in found.hands] == [(0, 1), (2, 3)]
        assert [place for place, _ in found.errors] == [1]


def test_a_phhs_file_with_a_bad_hand_keeps_the_good_ones(tmp_path: Path) -> None:
    path = tmp_path / "hands.phhs"
    text = phh.dumps_all([STEAL, LIMPED])
    path.write_text(text.replace("bring_in = 5", "bring_in = -5", 1))
    table = stats(path)
    assert table.hand_count == 1 and [s.where for s in table.skipped] == [f"{path}: hand 1"]


def test_bad_sources_are_errors(tmp_path: Path) -> None:
    with pytest.raises(RazzError, match="no file"):
        stats(str(tmp_path / "missing.txt"))
    with pytest.raises(RazzError, match="matches"):
        stats(str(tmp_path / "*.phh"))
    with pytest.raises(RazzError, match="not 7"):
        stats([7])
    with pytest.raises(RazzError, match="submit"):
        stats([STEAL], executor=3)  # type: ignore[arg-type]

# ------------------------------------------------------------- parts and executors


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=0, max_size=12), st.integers(0, 12))
def test_parts_merged_give_the_whole(picks: list[int], cut: int) -> None:
    pool = [STEAL, LIMPED, BRING_IN_COMPLETES, SPLIT, RIVER_FOLD]
    histories = [pool[i] for i in picks]
    cut = min(cut, len(histories))
    whole = stats(histories)
    parts = stats(histories[:cut]) + stats(histories[cut:])
    assert parts == whole
    assert parts.rows == whole.rows and parts.to_dicts() == whole.to_dicts()


def test_any_executor_gives_the_same_table(monkeypatch: pytest.MonkeyPatch) -> None:
    import razzcore.tracker.reading as reading

    monkeypatch.setattr(reading, "CHUNK_HANDS", 7)  # many parts
    rules = Rules(2, 5, 10, 20)
    histories = list(simulate(rules, [200] * 3, 60, policy="random", seed=5,
                              record=60).histories)
    ref = stats([*histories, *WSOP])
    with ThreadPoolExecutor(2) as pool:
        assert stats([*histories, *WSOP], executor=pool) == ref


def test_dask_cluster_gives_the_same_table() -> None:
    distributed = pytest.importorskip("dask.distributed")
    ref = stats([*WSOP, *STARS])
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                 dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        got = stats([*WSOP, *STARS], executor=client.get_executor())
    assert got == ref and got.hand_count == len(WSOP) + sum(
        len(pokerstars.load(p)) for p in STARS)

def test_paths_and_globs_read_either_kind(tmp_path: Path) -> None:
    (tmp_path / "a.phhs").write_text(phh.dumps_all([STEAL, LIMPED]))
    (tmp_path / "b.phh").write_text(phh.dumps(RIVER_FOLD))
    (tmp_path / "c.txt").write_text(pokerstars.dumps([pokerstars.EXAMPLE]))
    table = stats(str(tmp_path / "*"))
    assert table.hand_count == 4
    assert stats(os.fspath(tmp_path / "b.phh")).rows == stats([RIVER_FOLD]).rows
    assert table.rows == merge([stats([STEAL, LIMPED]), stats([RIVER_FOLD]),
                                stats([pokerstars.loads(pokerstars.dumps(
                                    [pokerstars.EXAMPLE]))[0]])]).rows

# ------------------------------------------------------------- folders, repeats, path kinds


def _session_folder(root: Path) -> Path:
    """A folder of hand histories at several depths, beside files of no
    history kind (which a folder read leaves alone)."""
    (root / "b" / "deeper").mkdir(parents=True)
    (root / "a.phhs").write_text(phh.dumps_all([STEAL, LIMPED]))
    (root / "b" / "deeper" / "c.PHH").write_text(phh.dumps(RIVER_FOLD))
    (root / "b" / "stars.txt").write_text(pokerstars.dumps([pokerstars.EXAMPLE]))
    (root / "b" / "notes.md").write_text("# not a hand history\n")
    (root / "b" / "table.csv").write_text("a,b\n")
    return root


def test_a_folder_is_read_as_its_hand_history_files(tmp_path: Path) -> None:
    folder = _session_folder(tmp_path / "sessions")
    table = stats(str(folder))
    assert table.hand_count == 4 and table.skipped == []
    # every file under it, at any depth, in the order of their sorted paths
    files = [folder / "a.phhs", folder / "b" / "deeper" / "c.PHH", folder / "b" / "stars.txt"]
    assert table == stats([str(f) for f in files])
    assert stats(folder) == table  # a path-like folder too
    assert stats([folder, str(folder / "a.phhs")]) == table  # a file read once


def test_the_stats_command_reads_a_folder(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    from razzcore.cli.commands import main

    folder = _session_folder(tmp_path / "sessions")
    assert main(["stats", str(folder), "--player", "Ann"]) == 0
    out = capsys.readouterr()
    assert out.err == "" and out.out.splitlines()[1].split()[:3] == ["Ann", "chips", "3"]


def test_a_folder_without_hand_histories_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("nothing\n")
    with pytest.raises(RazzError) as caught:
        stats(str(tmp_path))
    message = str(caught.value)
    assert str(tmp_path) in message
    assert all(ext in message for ext in (".txt", ".phh", ".phhs"))


def test_a_file_named_twice_is_read_once(tmp_path: Path) -> None:
    path = tmp_path / "session.txt"
    path.write_text(pokerstars.dumps([pokerstars.EXAMPLE]))
    (tmp_path / "other.txt").write_text(pokerstars.dumps([pokerstars.EXAMPLE]).replace(
        "alpha", "zed"))
    once = stats(str(path))
    assert stats([str(path)] * 2) == once
    assert stats([path, str(path), os.fsencode(path)]) == once
    # through another spelling of its path, or a link to it
    link = tmp_path / "link.txt"
    link.symlink_to(path)
    assert stats([str(path), str(tmp_path / "." / "session.txt"), str(link)]) == once
    link.unlink()
    # overlapping globs: each file once, where first named
    table = stats([str(tmp_path / "*.txt"), str(path)])
    assert table == stats([str(tmp_path / "other.txt"), str(path)])
    assert table.row("alpha").hands == 1 and table.row("zed").hands == 1


def test_a_hand_repeated_in_two_files_counts_twice(tmp_path: Path) -> None:
    text = pokerstars.dumps([pokerstars.EXAMPLE])
    (tmp_path / "a.txt").write_text(text)
    (tmp_path / "b.txt").write_text(text)
    assert stats(str(tmp_path / "*.txt")).row("alpha").hands == 2


def test_paths_may_be_bytes_or_path_like(tmp_path: Path) -> None:
    path = tmp_path / "session.txt"
    path.write_text(pokerstars.dumps([pokerstars.EXAMPLE]))
    want = stats(str(path))
    assert stats(os.fsencode(path)) == want
    assert stats(path) == want
    assert stats([os.fsencode(path)]) == want
    assert stats(os.fsencode(tmp_path)) == want  # a folder as bytes
    assert stats(os.fsencode(str(tmp_path / "*.txt"))) == want  # a glob as bytes


def test_progress_bar_leaves_the_table_as_it_is(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("tqdm")
    assert stats([STEAL, LIMPED], progress=True) == stats([STEAL, LIMPED])
    assert "part" in capsys.readouterr().err
    with pytest.raises(RazzError, match="progress"):
        stats([STEAL], progress="yes")  # type: ignore[arg-type]


# ------------------------------------------------------------- the format of a file


def _cut_phhs(tmp_path: Path) -> tuple[Path, int]:
    """A ``.phhs`` file cut in the middle of a hand, and how many whole hands it holds."""
    hands = [STEAL, LIMPED, RIVER_FOLD] * 3
    text = phh.dumps_all(hands)
    cut = text.index("actions", text.index("[8]"))
    path = tmp_path / "cut.phhs"
    path.write_text(text[:cut + 12], encoding="utf-8")
    return path, 7


def test_standard_input_is_read_as_the_same_file(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    path, whole = _cut_phhs(tmp_path)
    from_file = stats(path)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(path.read_bytes())))
    from_stdin = stats("-")
    assert from_file.hand_count == from_stdin.hand_count == whole
    assert from_file.rows == from_stdin.rows
    assert [s.where for s in from_file.skipped] == [f"{path}: hand 8"]
    assert [s.where for s in from_stdin.skipped] == ["<stdin>: hand 8"]
    assert from_file.skipped[0].error == from_stdin.skipped[0].error
    assert "not valid TOML" in from_stdin.skipped[0].error


def test_a_file_without_a_telling_name_is_read_by_its_text(tmp_path: Path) -> None:
    path, whole = _cut_phhs(tmp_path)
    renamed = tmp_path / "hands.log"
    renamed.write_text(path.read_text())
    assert stats(renamed).hand_count == whole


def test_hands_of_other_games_are_counted_apart_from_the_malformed(tmp_path: Path) -> None:
    holdem = ("PokerStars Hand #9: Hold'em No Limit ($0.01/$0.02 USD) - 2026/01/01 "
              "10:00:00 ET\nTable 'T' 6-max Seat #1 is the button\n")
    only = tmp_path / "holdem.txt"
    only.write_text(holdem)
    table = stats(only)
    assert (table.hand_count, table.other_games, table.skipped) == (0, 1, [])
    mixed = tmp_path / "mixed.txt"
    razz = HERE / "data" / "pokerstars" / "three-players.txt"
    mixed.write_text(razz.read_text() + "\n\n" + holdem)
    both = stats([only, mixed])
    assert both.other_games == 2 and both.skipped == []
    assert both.hand_count == stats(razz).hand_count > 0
