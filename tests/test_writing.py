"""Writing files: every command and function that writes one goes through
``razzcore.histories.files.write_file``, whole or not at all, and names a
file it cannot write in the same words."""

from __future__ import annotations

import os
import pathlib
import stat

import pytest
from test_cli import assert_user_error, run

from razzcore import phh, pokerstars
from razzcore.errors import RazzError
from razzcore.histories.files import check_writable, phh_text, write_file

ROOT = pathlib.Path(__file__).parent
STARS = str(ROOT / "data" / "pokerstars" / "example-razz.txt")


# ---------------------------------------------------------------- a missing folder


def _missing_folder_commands(out: pathlib.Path) -> dict[str, list[str]]:
    """Each command that writes a file, told to write ``out/<name>``."""
    return {
        "x.phhs": ["convert", STARS, "-o", str(out / "x.phhs")],
        "x.phh": ["play", "--hands", "1", "--phh", str(out / "x.phh")],
        "x.txt": ["play", "--hands", "2", "--pokerstars", str(out / "x.txt")],
        "h.phhs": ["play", "--human", "1", "--hands", "1", "--phh", str(out / "h.phhs")],
        "x.html": ["replay", STARS, "--html", str(out / "x.html")],
    }


@pytest.mark.parametrize("name", ["x.phhs", "x.phh", "x.txt", "h.phhs", "x.html"])
def test_every_command_names_a_missing_folder_in_the_same_words(
        tmp_path: pathlib.Path, name: str) -> None:
    missing = tmp_path / "missing"
    words = _missing_folder_commands(missing)[name]
    proc = run(*words, stdin="q\n")
    assert proc.stdout == ""  # refused before any work: no hand played
    assert_user_error(proc)
    assert proc.stderr == (f"razzcore {words[0]}: error: cannot write '{missing / name}': "
                           f"no folder '{missing}'\n")
    assert os.listdir(tmp_path) == []


def test_stats_plot_names_a_missing_folder_in_the_same_words(tmp_path: pathlib.Path) -> None:
    pytest.importorskip("matplotlib")
    missing = tmp_path / "missing"
    proc = run("stats", STARS, "--plot", str(missing / "ann.png"))
    assert proc.stderr == (f"razzcore stats: error: cannot write '{missing / 'ann.png'}': "
                           f"no folder '{missing}'\n")
    assert proc.returncode == 2 and os.listdir(tmp_path) == []


def test_the_library_dumps_name_a_missing_folder_in_the_same_words(
        tmp_path: pathlib.Path) -> None:
    out = tmp_path / "missing" / "x.phh"
    said = f"^cannot write '{out}': no folder '{out.parent}'$"
    with pytest.raises(phh.PHHError, match=said):
        phh.dump(phh.HandHistory([0, 0], 1, 2, 4, [9, 9], []), out)
    with pytest.raises(pokerstars.PokerStarsError, match=said.replace("x.phh", "x.txt")):
        pokerstars.dump([pokerstars.EXAMPLE], out.with_suffix(".txt"))
    assert os.listdir(tmp_path) == []


def test_a_relative_path_names_its_folder_as_given(tmp_path: pathlib.Path) -> None:
    with pytest.raises(RazzError, match=r"^cannot write 'gone/x\.phhs': no folder 'gone'$"):
        write_file("gone/x.phhs", "")
    with pytest.raises(RazzError, match=r"^cannot write 'gone/x\.phhs': no folder 'gone'$"):
        check_writable("gone/x.phhs")


def test_a_folder_named_as_the_file_is_refused(tmp_path: pathlib.Path) -> None:
    with pytest.raises(RazzError, match="Is a directory"):
        check_writable(str(tmp_path))
    with pytest.raises(RazzError, match="Is a directory"):
        write_file(tmp_path, "x")
    assert os.listdir(tmp_path) == []


# ---------------------------------------------------------------- whole or not at all


def test_an_interrupted_write_leaves_the_old_file(tmp_path: pathlib.Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "hands.txt"
    out.write_text("old contents\n")

    def refuse(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(RazzError) as info:
        write_file(out, "new contents\n")
    assert str(info.value) == f"cannot write '{out}': No space left on device"
    assert out.read_text() == "old contents\n"
    assert os.listdir(tmp_path) == ["hands.txt"]  # the temporary file is gone


def test_an_interruption_by_the_user_leaves_the_old_file(tmp_path: pathlib.Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "hands.txt"
    out.write_text("old contents\n")

    def interrupt(src: str, dst: str) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupt)
    with pytest.raises(KeyboardInterrupt):
        write_file(out, "new contents\n")
    assert out.read_text() == "old contents\n"
    assert os.listdir(tmp_path) == ["hands.txt"]


def test_a_command_interrupted_while_writing_leaves_the_old_file(
        tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from razzcore.cli.commands import main

    out = tmp_path / "hands.phhs"
    out.write_text("old contents\n")

    def refuse(src: str, dst: str) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "replace", refuse)
    for words in (["convert", STARS, "-o", str(out)],
                  ["play", "--hands", "2", "--phh", str(out)]):
        assert main(words) == 2
        assert capsys.readouterr().err.endswith(
            f"error: cannot write '{out}': Input/output error\n")
        assert out.read_text() == "old contents\n"
        assert os.listdir(tmp_path) == ["hands.phhs"]
    with pytest.raises(phh.PHHError, match="Input/output error"):
        phh.dump_all([phh.HandHistory([0, 0], 1, 2, 4, [9, 9], [])], out)
    assert out.read_text() == "old contents\n" and os.listdir(tmp_path) == ["hands.phhs"]


# ---------------------------------------------------------------- what is written


def test_a_new_file_takes_the_umask_and_a_replaced_one_keeps_its_mode(
        tmp_path: pathlib.Path) -> None:
    new = tmp_path / "new.txt"
    umask = os.umask(0o022)
    try:
        write_file(new, "x")
    finally:
        os.umask(umask)
    assert stat.S_IMODE(new.stat().st_mode) == 0o644
    new.chmod(0o600)
    write_file(new, b"y")
    assert stat.S_IMODE(new.stat().st_mode) == 0o600 and new.read_bytes() == b"y"


def test_a_link_keeps_pointing_at_the_file_it_names(tmp_path: pathlib.Path) -> None:
    target = tmp_path / "real.txt"
    target.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    write_file(link, "new \u2660")
    assert link.is_symlink() and target.read_text(encoding="utf-8") == "new \u2660"


def test_a_device_is_written_in_place() -> None:
    write_file(os.devnull, "nothing")
    assert os.path.exists(os.devnull)


def test_the_played_hands_go_to_files_whole(tmp_path: pathlib.Path) -> None:
    proc = run("play", "--hands", "3", "--seed", "7", "--phh", str(tmp_path / "a.phhs"),
               "--pokerstars", str(tmp_path / "a.txt"))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("wrote 3 hands to ") == 2
    assert len(phh.loads_all((tmp_path / "a.phhs").read_text())) == 3
    assert len(pokerstars.loads((tmp_path / "a.txt").read_text())) == 3
    assert sorted(os.listdir(tmp_path)) == ["a.phhs", "a.txt"]


# ---------------------------------------------------------------- .phh or .phhs


def test_one_rule_chooses_phh_or_phhs_text() -> None:
    hand = phh.HandHistory([0, 0], 1, 2, 4, [9, 9], [])
    assert phh_text("one.phh", [hand]) == phh.dumps(hand)
    assert phh_text("ONE.PHH", [hand]) == phh.dumps(hand)
    assert phh_text("all.phhs", [hand]) == phh.dumps_all([hand])
    assert phh_text("-", [hand, hand]) == phh.dumps_all([hand, hand])
    with pytest.raises(RazzError, match=r"^two\.phh: 2 hands need a \.phhs file"):
        phh_text("two.phh", [hand, hand])
