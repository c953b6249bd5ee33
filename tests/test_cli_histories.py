"""``razzcore replay`` and ``razzcore convert`` through the real entry point:
standard input and output (``-``), and a bad hand or file among good ones."""

from __future__ import annotations

import json
import os
import pathlib
import re

import pytest
from test_cli import HAND_PHH, ROOT, WSOP, assert_user_error, run

from razzcore import phh

# ------------------------------------------------------------ a bad hand or file among good ones


def _three_hands_one_bad(tmp_path: pathlib.Path, bad: str) -> tuple[pathlib.Path, str]:
    """A .phhs file of three hands whose second is changed by ``bad``
    ("load": an unknown player, "replay": an action out of turn)."""
    target = tmp_path / "three.phhs"
    assert run("play", "--players", "2", "--hands", "3", "--seed", "1", "--phh",
               str(target)).returncode == 0
    text = target.read_text()
    second, third = text.index("[2]"), text.index("[3]")
    part = text[second:third]
    if bad == "load":
        part = part.replace("'p1 ", "'p9 ", 1)
    else:  # the first betting action, played by the other player
        m = re.search(r"'p([12]) (cbr|cc|f|pb)", part)
        assert m is not None
        other = "2" if m.group(1) == "1" else "1"
        part = part[: m.start()] + f"'p{other} {m.group(2)}" + part[m.end():]
    text = text[:second] + part + text[third:]
    target.write_text(text)
    return target, text


@pytest.mark.parametrize("bad", ["load", "replay"])
def test_a_bad_hand_among_good_ones_is_named_and_the_rest_replay(
        bad: str, tmp_path: pathlib.Path) -> None:
    target, text = _three_hands_one_bad(tmp_path, bad)
    proc = run("replay", str(target))
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "hand 2:" in lines[0] and lines[0].endswith("(left out)")
    line = int(lines[0].split(f"{target}:")[1].split(":")[0])
    assert "'p9 " in text.splitlines()[line - 1] or bad == "replay"
    assert text.index("[2]") < sum(len(x) + 1 for x in text.splitlines()[:line]) < text.index(
        "[3]")
    assert "=== hand 1 ===" in proc.stdout and "=== hand 3 ===" in proc.stdout
    assert "=== hand 2 ===" not in proc.stdout
    assert "2 hands replayed, 2 match their finishing_stacks, 1 left out" in proc.stdout
    data = json.loads(run("replay", str(target), "--json").stdout)
    assert len(data["hands"]) == 2 and all(h["matches"] for h in data["hands"])
    assert [h["hand"] for h in data["hands"]] == [1, 3]  # places in the file, from 1
    assert data["left_out"] == [lines[0].removeprefix("razzcore replay: error: ")
                                .removesuffix(" (left out)")]
    out = tmp_path / "out.txt"
    proc = run("convert", str(target), "--to", "pokerstars", "-o", str(out))
    if bad == "load":  # a hand that does not load is not converted; the others are
        assert proc.returncode == 1 and "hand 2:" in proc.stderr
        assert "2 hands written" in proc.stdout
        assert out.read_text().count("PokerStars Hand #") == 2


def test_a_table_that_is_not_toml_is_the_only_hand_left_out(tmp_path: pathlib.Path) -> None:
    target = tmp_path / "three.phhs"
    assert run("play", "--players", "2", "--hands", "3", "--seed", "1", "--phh",
               str(target)).returncode == 0
    lines = target.read_text().splitlines(keepends=True)
    second = lines.index("[2]\n")
    lines.insert(second + 1, "bring_in = = 5\n")
    target.write_text("".join(lines))
    proc = run("replay", str(target))
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [
        f"razzcore replay: error: {target}: hand 2: not valid TOML: Invalid value "
        f"(at line {second + 2}, column 12) (left out)"]
    assert "=== hand 1 ===" in proc.stdout and "=== hand 3 ===" in proc.stdout
    assert "2 hands replayed, 2 match their finishing_stacks, 1 left out" in proc.stdout


def test_left_out_pokerstars_hands_are_listed_in_the_json(tmp_path: pathlib.Path) -> None:
    stars = (ROOT / "data" / "pokerstars" / "example-razz.txt").read_text()
    good = (ROOT / "data" / "pokerstars" / "line-kinds.txt").read_text()
    (tmp_path / "mixed.txt").write_text(
        stars.replace("calls $0.50", "calls $0.40", 1) + "\n\n\n" + good)
    proc = run("replay", "mixed.txt", "--json", cwd=tmp_path)
    assert proc.returncode == 2
    data = json.loads(proc.stdout)
    assert len(data["left_out"]) == 1 and "mixed.txt:" in data["left_out"][0]
    assert data["left_out"][0] in proc.stderr
    assert all(h["matches"] for h in data["hands"])
    # Each entry's place among the file's hand headers (other games' too), from 1.
    headers = [line for line in (tmp_path / "mixed.txt").read_text().splitlines()
               if line.startswith("PokerStars ")]
    bad = int(re.search(r"hand #(\d+)", data["left_out"][0]).group(1))  # type: ignore[union-attr]
    places = [k + 1 for k, line in enumerate(headers)
              if f"#{bad}:" not in line and "Hold'em" not in line]  # razz hands that load
    assert [h["hand"] for h in data["hands"]] == places and 1 not in places


def test_a_bad_file_among_several_is_named_and_the_others_replay(tmp_path: pathlib.Path) -> None:
    (tmp_path / "good.phh").write_text(HAND_PHH)
    (tmp_path / "illegal.phh").write_text(HAND_PHH.replace('"p2 pb"', '"p1 cc"'))
    files = ["good.phh", "missing.phh", "illegal.phh"]
    proc = run("replay", *files, "--json", cwd=tmp_path)
    assert proc.returncode == 2
    data = json.loads(proc.stdout)["files"]
    assert [f["file"] for f in data] == files
    assert data[0]["matches"] is True
    assert data[1]["error"] == "no file 'missing.phh'"
    assert data[2]["error"].startswith("illegal.phh:10: action 3 'p1 cc'")
    assert proc.stderr.splitlines() == [f"razzcore replay: error: {f['error']}" for f in data[1:]]
    text = run("replay", *files, cwd=tmp_path)
    assert text.returncode == 2 and "##### good.phh" in text.stdout
    assert "(match the file)" in text.stdout
    page = run("replay", *files, "--html", "page.html", cwd=tmp_path)
    assert page.returncode == 2 and "wrote 1 hand" in page.stdout
    assert page.stderr.count("(left out of the page)") == 2


# ---------------------------------------------------------------- standard input


def test_replay_reads_one_hand_from_standard_input() -> None:
    path = WSOP / "03-50-24.phh"
    from_file = run("replay", str(path), "--json")
    from_stdin = run("replay", "-", "--json", stdin=path.read_text())
    assert from_stdin.returncode == 0, from_stdin.stderr
    assert json.loads(from_stdin.stdout) == json.loads(from_file.stdout)
    text = run("replay", "-", stdin=path.read_text())
    assert text.stdout == run("replay", str(path)).stdout


def test_replay_reads_many_hands_and_pokerstars_text_from_standard_input(
        tmp_path: pathlib.Path) -> None:
    target = tmp_path / "hands.phhs"
    assert run("play", "--players", "3", "--hands", "12", "--seed", "2", "--phh",
               str(target)).returncode == 0
    proc = run("replay", "-", "--json", stdin=target.read_text())
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == json.loads(run("replay", str(target), "--json").stdout)
    assert len(json.loads(proc.stdout)["hands"]) == 12
    stars = ROOT / "data" / "pokerstars" / "line-kinds.txt"
    proc = run("replay", "-", "--json", stdin=stars.read_text())
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == json.loads(run("replay", str(stars), "--json").stdout)


def test_a_cut_phhs_file_reads_alike_from_standard_input_and_from_the_file(
        tmp_path: pathlib.Path) -> None:
    target = tmp_path / "hands.phhs"
    assert run("play", "--players", "3", "--hands", "6", "--seed", "2", "--phh",
               str(target)).returncode == 0
    text = target.read_text()
    cut = tmp_path / "cut.phhs"
    cut.write_text(text[:text.index("actions", text.index("[5]")) + 12])
    for args in (["stats"], ["replay"], ["convert", "--to", "pokerstars", "-o", "out.txt"]):
        from_file = run(*args[:1], str(cut), *args[1:], cwd=tmp_path)
        from_stdin = run(*args[:1], "-", *args[1:], cwd=tmp_path, stdin=cut.read_text())
        assert from_stdin.stdout == from_file.stdout, args
        assert from_stdin.stderr == from_file.stderr.replace(str(cut), "<stdin>"), args
        assert "hand 5: not valid TOML" in from_stdin.stderr, args
        assert "not a hand history" not in from_stdin.stderr, args
    stats = run("stats", "-", stdin=cut.read_text())
    assert stats.returncode == 2 and "4 hands, 1 left out" in stats.stdout


def test_text_before_the_first_table_is_left_out_by_name_and_the_hands_keep_their_numbers(
        tmp_path: pathlib.Path) -> None:
    target = tmp_path / "hands.phhs"
    assert run("play", "--players", "3", "--hands", "3", "--seed", "2", "--phh",
               str(target)).returncode == 0
    target.write_text("pasted by mistake\n" + target.read_text() + "[4]\nantes = [\n")
    for command in ("stats", "replay"):
        proc = run(command, str(target))
        assert proc.returncode == 2, command
        errors = proc.stderr.strip().splitlines()
        assert errors[0].endswith(f"{target}: line 1: 'pasted by mistake' stands before the "
                                  "first table ([1]) (left out)"), command
        assert f"{target}: hand 4: not valid TOML" in errors[1], command
    assert "3 hands replayed" in run("replay", str(target)).stdout


HOLDEM = ("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 0:00:00 ET\n"
          "Table 'T' 6-max Seat #1 is the button\n")


def test_a_file_of_other_games_is_said_so_by_every_command(tmp_path: pathlib.Path) -> None:
    (tmp_path / "holdem.txt").write_text(HOLDEM)
    said = "no Razz hands: 1 hand of another game skipped"
    replay = run("replay", "holdem.txt", cwd=tmp_path)
    assert_user_error(replay, f"holdem.txt: {said}")
    convert = run("convert", "holdem.txt", "-o", "out.phhs", cwd=tmp_path)
    assert "1 hand of another game skipped" in convert.stderr
    stats = run("stats", "holdem.txt", cwd=tmp_path)
    assert (stats.returncode, stats.stdout, stats.stderr) == (0, said + "\n", "")
    data = json.loads(run("stats", "holdem.txt", "--json", cwd=tmp_path).stdout)
    assert (data["hands"], data["other_games"], data["skipped"]) == (0, 1, [])
    razz = ROOT / "data" / "pokerstars" / "three-players.txt"
    (tmp_path / "mixed.txt").write_text(razz.read_text() + "\n\n" + HOLDEM)
    stats = run("stats", "mixed.txt", cwd=tmp_path)
    assert stats.returncode == 0 and ", 1 hand of another game skipped;" in stats.stdout


def test_a_phh_file_of_many_hands_says_to_name_it_phhs(tmp_path: pathlib.Path) -> None:
    text = "[1]\n" + HAND_PHH + "\n[2]\n" + HAND_PHH
    (tmp_path / "two.phh").write_text(text)
    proc = run("replay", "two.phh", cwd=tmp_path)
    assert_user_error(proc, "two.phh: this text holds 2 tables",
                      "not one hand's fields: name the file .phhs")
    assert "razzcore.phh" not in proc.stderr
    (tmp_path / "two.txt").write_text(text)  # a name that does not tell: the text does
    assert run("replay", "two.txt", cwd=tmp_path).returncode == 0


def test_standard_input_with_files_in_messages_and_pages(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "illegal.phh"
    path.write_text(HAND_PHH.replace('"p2 pb"', '"p1 cc"'))
    assert_user_error(run("replay", "-", stdin=path.read_text()), "<stdin>:10: action 3")
    proc = run("replay", str(WSOP / "03-50-24.phh"), "-", "--json", stdin=HAND_PHH)
    assert proc.returncode == 0, proc.stderr
    files = json.loads(proc.stdout)["files"]
    assert files[1]["file"] == "-" and files[1]["finishing_stacks"] == [107, 93]
    proc = run("replay", "-", "--html", "page.html", stdin=HAND_PHH, cwd=tmp_path)
    assert proc.returncode == 0 and "wrote 1 hand" in proc.stdout
    assert (tmp_path / "page.html").stat().st_size > 1000
    assert_user_error(run("replay", "-", "-", stdin=HAND_PHH), "more than once")
    assert_user_error(run("replay", "-", stdin=""), "<stdin>")


def test_convert_reads_standard_input(tmp_path: pathlib.Path) -> None:
    stars = (ROOT / "data" / "pokerstars" / "example-razz.txt").read_text()
    proc = run("convert", "-", "-o", "out.phhs", stdin=stars, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    run("convert", str(ROOT / "data" / "pokerstars" / "example-razz.txt"), "-o", "ref.phhs",
        cwd=tmp_path)
    assert (tmp_path / "out.phhs").read_text() == (tmp_path / "ref.phhs").read_text()
    back = run("convert", "-", "--to", "pokerstars", "-o", "back.txt",
               stdin=(tmp_path / "out.phhs").read_text(), cwd=tmp_path)
    assert back.returncode == 0, back.stderr
    assert (tmp_path / "back.txt").read_text().startswith("PokerStars Hand #")


# ---------------------------------------------------------------- standard output


def test_convert_and_the_page_write_to_standard_output(tmp_path: pathlib.Path) -> None:
    stars = str(ROOT / "data" / "pokerstars" / "line-kinds.txt")
    to_file = run("convert", stars, "-o", "hands.phhs", cwd=tmp_path)
    to_stdout = run("convert", stars, "-o", "-", cwd=tmp_path)
    assert to_stdout.returncode == 0, to_stdout.stderr
    assert to_stdout.stdout == (tmp_path / "hands.phhs").read_text()
    assert to_stdout.stderr.strip() == to_file.stdout.strip().replace("hands.phhs",
                                                                      "standard output")
    assert not (tmp_path / "-").exists()
    # a pipeline: PokerStars text -> PHH -> replay from standard input
    replay = run("replay", "-", "--json", stdin=to_stdout.stdout)
    assert len(json.loads(replay.stdout)["hands"]) == 5
    page = run("replay", "hands.phhs", "--html", "-", cwd=tmp_path)
    assert page.returncode == 0, page.stderr
    assert run("replay", "hands.phhs", "--html", "p.html", cwd=tmp_path).returncode == 0
    assert page.stdout == (tmp_path / "p.html").read_text(encoding="utf-8")
    assert page.stderr == "wrote 5 hands to standard output\n"


# ---------------------------------------------------------------- output names


def test_convert_refuses_an_output_name_of_another_format(tmp_path: pathlib.Path) -> None:
    stars = ROOT / "data" / "pokerstars"
    proc = run("convert", str(stars / "line-kinds.txt"), "-o", "many.phh", cwd=tmp_path)
    assert_user_error(proc, "many.phh", ".phhs", "nothing was written")
    assert not (tmp_path / "many.phh").exists()
    one = run("convert", str(stars / "example-razz.txt"), "-o", "one.phh", cwd=tmp_path)
    assert one.returncode == 0, one.stderr
    assert phh.loads((tmp_path / "one.phh").read_text()).finishing_stacks is not None
    assert run("replay", "one.phh", cwd=tmp_path).returncode == 0
    proc = run("convert", "one.phh", "--to", "pokerstars", "-o", "back.phhs", cwd=tmp_path)
    assert_user_error(proc, "back.phhs", "name the output .txt")
    assert not (tmp_path / "back.phhs").exists()


def test_convert_names_the_output_path_when_it_cannot_be_written(tmp_path: pathlib.Path) -> None:
    stars = str(ROOT / "data" / "pokerstars" / "example-razz.txt")
    proc = run("convert", stars, "-o", "/nonexistent/x.phhs")
    assert_user_error(proc, "cannot write '/nonexistent/x.phhs': no folder '/nonexistent'")
    assert ".razzcore-" not in proc.stderr and ".tmp" not in proc.stderr
    assert_user_error(run("convert", stars, "-o", str(tmp_path)), str(tmp_path))
    if os.geteuid() != 0:  # root writes into a read-only folder
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(0o500)
        try:
            proc = run("convert", stars, "-o", str(locked / "x.phhs"))
            assert_user_error(proc, f"cannot write '{locked / 'x.phhs'}': Permission denied")
            assert ".razzcore-" not in proc.stderr
        finally:
            locked.chmod(0o700)


def test_convert_takes_one_rule_for_output_names_both_ways(tmp_path: pathlib.Path) -> None:
    stars = ROOT / "data" / "pokerstars" / "example-razz.txt"
    proc = run("convert", str(stars), "-o", "out.txt", cwd=tmp_path)
    assert_user_error(proc, "out.txt", ".phh", ".phhs", "nothing was written")
    assert not (tmp_path / "out.txt").exists()
    assert run("convert", str(stars), "-o", "one.phh", cwd=tmp_path).returncode == 0
    proc = run("convert", "one.phh", "--to", "pokerstars", "-o", "back.phh", cwd=tmp_path)
    assert_user_error(proc, "back.phh", "nothing was written")
    assert run("convert", "one.phh", "--to", "pokerstars", "-o", "back.log",
               cwd=tmp_path).returncode == 0


@pytest.mark.parametrize("name, text", [
    ("README.md", "# razzcore\n\nA library.\n"),
    ("pyproject.toml", '[project]\nname = "x"\n'),
    ("notes.txt", "hello\n"),
])
def test_a_file_that_is_no_hand_history_is_one_line_and_exit_2(
        tmp_path: pathlib.Path, name: str, text: str) -> None:
    (tmp_path / name).write_text(text)
    for args in (["replay", name], ["replay", name, "--html", "page.html"],
                 ["convert", name, "-o", "out.phhs"],
                 ["convert", name, "--to", "pokerstars", "-o", "out.txt"]):
        proc = run(*args, cwd=tmp_path)
        assert_user_error(proc, name, "is not a hand history", "neither PHH", "nor PokerStars")
        assert len(proc.stderr.strip().splitlines()) == 1
        assert "malformed" not in proc.stderr and "not valid TOML" not in proc.stderr
    assert not (tmp_path / "out.phhs").exists() and not (tmp_path / "page.html").exists()


def test_a_file_that_is_no_hand_history_among_good_ones_is_named(tmp_path: pathlib.Path) -> None:
    (tmp_path / "README.md").write_text("# notes\n")
    proc = run("replay", "README.md", str(WSOP / "03-50-24.phh"), cwd=tmp_path)
    assert proc.returncode == 2
    assert "README.md is not a hand history" in proc.stderr
    assert "match the file" in proc.stdout


def test_the_replay_summary_counts_in_the_right_number(tmp_path: pathlib.Path) -> None:
    one = tmp_path / "one.phhs"
    one.write_text("[1]\n" + (WSOP / "03-50-24.phh").read_text())
    proc = run("replay", str(one))
    assert proc.returncode == 0, proc.stderr
    assert "1 hand replayed, 1 matches its finishing_stacks" in proc.stdout


def test_phh_names_are_read_in_any_case(tmp_path: pathlib.Path) -> None:
    stars = ROOT / "data" / "pokerstars" / "line-kinds.txt"
    assert run("convert", str(stars), "-o", "ALL.PHHS", cwd=tmp_path).returncode == 0
    assert len(phh.load_all(tmp_path / "ALL.PHHS")) > 1
    proc = run("convert", "ALL.PHHS", "--to", "pokerstars", "-o", "back.PHH", cwd=tmp_path)
    assert_user_error(proc, "back.PHH", "nothing was written")
    assert run("replay", "ALL.PHHS", cwd=tmp_path).returncode == 0


def test_toml_with_no_hand_in_a_phh_file_is_no_hand_history(tmp_path: pathlib.Path) -> None:
    (tmp_path / "tool.phh").write_text('[tool]\nname = "x"\n')
    for args in (["replay", "tool.phh"], ["convert", "tool.phh", "--to", "pokerstars",
                                          "-o", "out.txt"]):
        assert_user_error(run(*args, cwd=tmp_path), "tool.phh is not a hand history")
