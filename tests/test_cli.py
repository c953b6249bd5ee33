"""The ``razzcore`` command through its real entry point (``python -m razzcore``)."""

from __future__ import annotations

import doctest
import json
import os
import pathlib
import re
import shlex
import subprocess
import sys

import pytest

from razzcore import phh

ROOT = pathlib.Path(__file__).resolve().parent
WSOP = ROOT / "conformance" / "phh-razz" / "data" / "wsop" / "2023" / "43" / "5"

HAND_PHH = """\
variant = "FR"
antes = [2, 2]
bring_in = 5
small_bet = 10
big_bet = 20
starting_stacks = [100, 100]
actions = [
  "d dh p1 2c3c4c",
  "d dh p2 5c6cKd",
  "p2 pb",
  "p1 cbr 10",
  "p2 f",
]
finishing_stacks = [107, 93]
"""


def run(*args: str, cwd: pathlib.Path | None = None,
        stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(
        [sys.executable, "-m", "razzcore", *args],
        capture_output=True, text=True, timeout=120, cwd=cwd,
        input="" if stdin is None else stdin,
    )
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def assert_user_error(proc: subprocess.CompletedProcess[str], *words: str) -> None:
    """Status 2 and exactly one clear line on stderr."""
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("razzcore"), lines[0]
    for w in words:
        assert w in lines[0], lines[0]


# ---------------------------------------------------------------- general


@pytest.mark.parametrize("command", ["eval", "play", "simulate", "replay", "equity", "bench"])
def test_every_subcommand_help_has_an_example(command: str) -> None:
    proc = run(command, "--help")
    assert proc.returncode == 0
    assert "example:" in proc.stdout
    assert f"razzcore {command}" in proc.stdout.split("example:")[1]


def test_top_level_help_and_version() -> None:
    proc = run("--help")
    assert proc.returncode == 0 and "example:" in proc.stdout
    for command in ("eval", "play", "simulate", "replay", "equity", "bench"):
        assert command in proc.stdout
    version = run("--version")
    assert version.returncode == 0 and version.stdout.startswith("razzcore ")


def test_unknown_subcommand_is_one_line() -> None:
    assert_user_error(run("evl", "As"), "invalid choice", "'evl'")


def test_no_subcommand_is_a_usage_error() -> None:
    assert_user_error(run(), "required")


def test_bad_option_value_is_one_line() -> None:
    assert_user_error(run("play", "--hands", "many"), "--hands", "invalid int")


# ---------------------------------------------------------------- eval


def test_eval_text() -> None:
    proc = run("eval", "As", "2d", "3c", "4h", "7s", "Kd", "Kh")
    assert proc.returncode == 0
    assert proc.stdout.splitlines() == [
        "Seven-Four low, 7-4-3-2-A",
        "rank 7 of 6175 (1 is the best)",
        "best five: 7s 4h 3c 2d As",
    ]


def test_eval_json_uses_library_names() -> None:
    proc = run("eval", "As2d3c4h5s", "--json")
    assert proc.returncode == 0
    data = json.loads(proc.stdout)
    assert data["rank"] == 1
    assert data["description"] == "Five-Four low, 5-4-3-2-A"
    assert data["best_five"] == ["5s", "4h", "3c", "2d", "As"]


def test_eval_typo_card() -> None:
    assert_user_error(run("eval", "As", "2x", "3c", "4h", "5s"), "bad card '2x'")


def test_eval_wrong_count_and_duplicates() -> None:
    assert_user_error(run("eval", "As", "2d"), "5 to 7 cards", "got 2")
    assert_user_error(run("eval", "As", "As", "3c", "4h", "5s"), "duplicate card As")


# ---------------------------------------------------------------- play


def test_play_prints_a_log_and_a_summary() -> None:
    proc = run("play", "--players", "3", "--hands", "40", "--seed", "1")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "=== hand 1 ===" in out and "*** 3rd street ***" in out
    assert "40 hands, 3 players, seed 1" in out
    assert "hands per second" in out and "showdown share" in out
    for seat in ("p1", "p2", "p3"):
        assert f"\n{seat} " in out


def test_play_json_is_reproducible_and_balanced() -> None:
    args = ("play", "--players", "4", "--hands", "60", "--seed", "5", "--json")
    a = json.loads(run(*args).stdout)
    b = json.loads(run(*args, "--jobs", "2").stdout)
    assert a["hands"] == 60 and len(a["winnings"]) == 4
    assert sum(a["winnings"]) == 0
    assert a["winnings"] == b["winnings"] and a["showdowns"] == b["showdowns"]
    assert 0 <= a["showdown_share"] <= 1 and a["hands_per_second"] > 0


def test_play_writes_phhs_that_replays(tmp_path: pathlib.Path) -> None:
    target = tmp_path / "hands.phhs"
    proc = run("play", "--players", "3", "--hands", "25", "--seed", "9", "--phh", str(target))
    assert proc.returncode == 0, proc.stderr
    assert "wrote 25 hand(s)" in proc.stdout
    histories = phh.loads_all(target.read_text())
    assert len(histories) == 25
    for hh in histories:
        assert hh.starting_stacks == [1000, 1000, 1000]
        assert hh.finishing_stacks is not None
        assert sum(hh.finishing_stacks) == 3000
    replay = run("replay", str(target), "--json")
    assert replay.returncode == 0, replay.stderr
    reports = json.loads(replay.stdout)["hands"]
    assert len(reports) == 25 and all(r["matches"] for r in reports)


def test_play_single_phh(tmp_path: pathlib.Path) -> None:
    target = tmp_path / "one.phh"
    assert run("play", "--hands", "1", "--seed", "3", "--phh", str(target)).returncode == 0
    hh = phh.loads(target.read_text())
    assert hh.finishing_stacks is not None and hh.player_count == 6


def test_play_bad_input(tmp_path: pathlib.Path) -> None:
    assert_user_error(run("play", "--players", "9"), "--players", "at most 8")
    assert_user_error(run("play", "--hands", "0"), "--hands")
    assert_user_error(run("play", "--jobs", "100000"), "--jobs", "at most 61")
    assert_user_error(run("play", "--lineup", "basic,shark"), "unknown player 'shark'")
    assert_user_error(run("play", "--profile", "vegas"), "invalid choice")
    assert_user_error(
        run("play", "--hands", "3", "--phh", str(tmp_path / "x.phh")), ".phhs"
    )
    assert_user_error(
        run("play", "--hands", "1", "--phh", str(tmp_path / "missing" / "x.phh")),
        "No such file or directory",
    )


# ---------------------------------------------------------------- simulate


def test_simulate_summary_depends_on_the_seed_alone() -> None:
    args = ("simulate", "--players", "3", "--hands", "3000", "--seed", "4", "--json")
    one = json.loads(run(*args, "--threads", "1").stdout)
    two = json.loads(run(*args, "--threads", "2").stdout)
    for data in (one, two):
        data.pop("seconds")
        data.pop("hands_per_second")
    assert one == two
    assert sum(one["winnings"]) == 0 and one["hands"] == 3000


def test_simulate_phh_replays(tmp_path: pathlib.Path) -> None:
    target = tmp_path / "sim.phhs"
    proc = run("simulate", "--players", "4", "--hands", "200", "--policy", "basic,random",
               "--record", "30", "--phh", str(target), "--seed", "8")
    assert proc.returncode == 0, proc.stderr
    replay = run("replay", str(target), "--json")
    assert replay.returncode == 0, replay.stderr
    assert all(r["matches"] for r in json.loads(replay.stdout)["hands"])


def test_simulate_bad_input() -> None:
    assert_user_error(run("simulate", "--policy", "shark"), "--policy")
    assert_user_error(run("simulate", "--stakes", "1,2,3"), "--stakes")
    assert_user_error(run("simulate", "--stakes", "2,10,10,20"), "bring-in")
    assert_user_error(run("simulate", "--threads", "0"), "--threads")
    assert_user_error(run("simulate", "--players", "9"), "--players")
    assert_user_error(run("simulate", "--phh", "x.phhs"), "--record")


# ---------------------------------------------------------------- replay


def test_replay_real_hand_matches() -> None:
    path = WSOP / "01-00-21.phh"
    proc = run("replay", str(path))
    assert proc.returncode == 0, proc.stderr
    assert "(match the file)" in proc.stdout
    assert "Brian Rast" in proc.stdout
    data = json.loads(run("replay", str(path), "--json").stdout)
    assert data["finishing_stacks"] == [6450000, 5575000, 4825000, 7450000, 5400000]
    assert data["matches"] is True


def test_replay_json_and_profile(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "hand.phh"
    path.write_text(HAND_PHH)
    for extra in ((), ("--profile", "roberts")):
        proc = run("replay", str(path), "--json", *extra)
        assert proc.returncode == 0, proc.stderr
        assert json.loads(proc.stdout)["finishing_stacks"] == [107, 93]


def test_replay_mismatch_exits_nonzero_naming_the_line(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "bad.phh"
    path.write_text(HAND_PHH.replace("[107, 93]", "[100, 100]"))
    proc = run("replay", str(path))
    assert proc.returncode == 1
    assert f"{path}:14: finishing_stacks mismatch" in proc.stderr
    assert "[100, 100]" in proc.stderr and "[107, 93]" in proc.stderr
    assert json.loads(run("replay", str(path), "--json").stdout)["matches"] is False


def test_replay_illegal_action_names_the_line(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "illegal.phh"
    path.write_text(HAND_PHH.replace('"p2 pb"', '"p1 cc"'))
    proc = run("replay", str(path))
    assert_user_error(proc, f"{path}:10:", "p1 cc")


def test_replay_malformed_and_missing(tmp_path: pathlib.Path) -> None:
    bad_toml = tmp_path / "broken.phh"
    bad_toml.write_text("variant = \n")
    assert_user_error(run("replay", str(bad_toml)), "not valid TOML")
    no_field = tmp_path / "nofield.phh"
    no_field.write_text(HAND_PHH.replace("bring_in = 5\n", ""))
    assert_user_error(run("replay", str(no_field)), "bring_in")
    bad_card = tmp_path / "card.phh"
    bad_card.write_text(HAND_PHH.replace("2c3c4c", "2c3c4x"))
    assert_user_error(run("replay", str(bad_card)), f"{bad_card}:8:")
    assert_user_error(run("replay", str(tmp_path / "nope.phh")), "No such file or directory")
    binary = tmp_path / "binary.phh"
    binary.write_bytes(b"variant = 'FR'\n\xd0\xff\x00")
    assert_user_error(run("replay", str(binary)), "not UTF-8 text")
    assert_user_error(run("replay", str(tmp_path)), str(tmp_path))
    (tmp_path / "empty.phhs").write_text("")
    assert_user_error(run("replay", str(tmp_path / "empty.phhs")), "no hands")


# ---------------------------------------------------------------- equity


def test_equity_exact() -> None:
    proc = run("equity", "As 2d 3c", "Kh Qd Js", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["exact"] is True
    assert [round(e, 4) for e in data["equity"]] == [0.9221, 0.0779]
    text = run("equity", "As 2d 3c", "Kh Qd Js").stdout
    assert "92.21%" in text and "exact" in text


def test_equity_monte_carlo_with_dead_cards_is_seeded() -> None:
    args = ("equity", "?? ?? 4h 5d", "?? ?? 9c 2s", "?? ?? 7c",
            "--dead", "8c 9h", "--trials", "20000", "--seed", "1", "--json")
    a, b = json.loads(run(*args).stdout), json.loads(run(*args).stdout)
    assert a["exact"] is False and a["outcomes"] == 20000
    assert len(a["equity"]) == 3 and abs(sum(a["equity"]) - 1) < 1e-9
    assert a["equity"] == b["equity"]


def test_equity_bad_input() -> None:
    assert_user_error(run("equity", "As 2d 3c", "As Qd Js"), "As", "twice")
    assert_user_error(run("equity", "As 2d 3c", "Kh Qd Jx"), "Jx")
    assert_user_error(run("equity", "As 2d 3c", "Kh Qd Js", "--exact", "--trials", "5"),
                      "not allowed")
    assert_user_error(run("equity", "As 2d 3c", "Kh Qd Js", "--trials", "0"), "--trials")
    five = ["?? ?? 2c", "?? ?? 3c", "?? ?? 4c", "?? ?? 5c", "?? ?? 6c"]
    assert_user_error(run("equity", *five, "--exact"), "exact enumeration", "drop --exact")
    assert_user_error(run("equity", "As 2d 3c"), "2 to 8 players")


# ---------------------------------------------------------------- bench


def test_bench() -> None:
    proc = run("bench", "--hands", "2000")
    assert proc.returncode == 0, proc.stderr
    assert "razzcore.evaluate_batch" in proc.stdout and "pure-Python reference" in proc.stdout
    assert "agrees with the reference: yes" in proc.stdout
    data = json.loads(run("bench", "--hands", "2000", "--json").stdout)
    assert data["agrees"] is True
    assert {r["name"] for r in data["rows"]} >= {"razzcore.evaluate", "pure-Python reference"}
    assert_user_error(run("bench", "--hands", "5"), "--hands")


# ---------------------------------------------------------------- in process


def test_main_returns_status_without_exiting(capsys: pytest.CaptureFixture[str]) -> None:
    from razzcore.cli import main

    assert main(["eval", "As", "2d", "3c", "4h", "5s"]) == 0
    assert main(["eval", "As"]) == 2
    err = capsys.readouterr().err
    assert err.strip().splitlines() == ["razzcore eval: error: a hand has 5 to 7 cards, got 1: As"]


# ---------------------------------------------------------------- docs/cli.md


DOC = ROOT.parent / "docs" / "cli.md"
RANGES_DOC = ROOT.parent / "docs" / "ranges.md"
_SPEED = re.compile(r"^[\d,]+ hands per second \([^)]*\)", re.MULTILINE)
_TIMING_KEYS = ("seconds", "hands_per_second")


def _doc_blocks(doc: pathlib.Path = DOC) -> list[list[tuple[str, str]]]:
    """Each console block of a docs page as (command line, printed output) pairs."""
    blocks = []
    for body in re.findall(r"```console\n(.*?)```", doc.read_text(), re.DOTALL):
        pairs: list[tuple[str, list[str]]] = []
        for line in body.splitlines():
            if line.startswith("$ "):
                pairs.append((line[2:], []))
            else:
                pairs[-1][1].append(line)
        blocks.append([(cmd, "\n".join(out)) for cmd, out in pairs])
    return blocks


def _normalise(text: str) -> str:
    lines = []
    for line in text.strip().splitlines():
        if line.startswith("{"):
            data = json.loads(line)
            for key in _TIMING_KEYS:
                data.pop(key, None)
            line = json.dumps(data, sort_keys=True)
        lines.append(_SPEED.sub("<speed>", line))
    return "\n".join(lines)


@pytest.mark.skipif(not DOC.exists(), reason="docs/cli.md is not beside the tests")
def test_docs_show_real_output(tmp_path: pathlib.Path) -> None:
    """Every command in docs/cli.md prints what the page says (timings aside)."""
    source = (WSOP / "03-50-24.phh").read_text()
    (tmp_path / "03-50-24.phh").write_text(source)
    (tmp_path / "wrong.phh").write_text(
        re.sub(r"(?m)^finishing_stacks = .*$", "finishing_stacks = [0, 29000000]", source)
    )
    (tmp_path / "illegal.phh").write_text(source.replace("'p2 pb'", "'p1 cc'"))
    stars = pathlib.Path(__file__).parent / "data" / "pokerstars"
    (tmp_path / "session.txt").write_text((stars / "line-kinds.txt").read_text())
    (tmp_path / "broken.txt").write_text(
        (stars / "example-razz.txt").read_text().replace("calls $0.50", "calls $0.40", 1)
    )
    assert _check_doc_commands(DOC, tmp_path) >= 15


@pytest.mark.skipif(not RANGES_DOC.exists(), reason="docs/ranges.md is not beside the tests")
def test_ranges_docs_show_real_output(tmp_path: pathlib.Path) -> None:
    """Every command in docs/ranges.md prints what the page says."""
    assert _check_doc_commands(RANGES_DOC, tmp_path) >= 3


def _check_doc_commands(doc: pathlib.Path, cwd: pathlib.Path) -> int:
    """Run each console block's commands in ``cwd``; return how many were compared."""
    tmp_path = cwd
    checked = 0
    for block in _doc_blocks(doc):
        status = 0
        for command, printed in block:
            if command == "echo $?":
                assert int(printed) == status, block[0][0]
                continue
            words = shlex.split(command)
            tail = None
            if "|" in words:  # only "| tail -n K" is used
                tail = int(words[-1])
                words = words[: words.index("|")]
            stdin = None
            if "<" in words:  # "< FILE" at the end: the file on standard input
                stdin = (tmp_path / words[-1]).read_text()
                words = words[: words.index("<")]
            assert words[0] == "razzcore"
            proc = run(*words[1:], cwd=tmp_path, stdin=stdin)
            status = proc.returncode
            out = proc.stderr + proc.stdout
            if tail is not None:
                out = "\n".join(out.strip().splitlines()[-tail:])
            if words[1] == "bench":
                names = [line.split("  ")[0] for line in printed.splitlines()[1:-1]]
                for name in names:
                    assert name in out
                continue
            assert _normalise(out) == _normalise(printed), command
            checked += 1
    return checked


@pytest.mark.skipif(not DOC.exists(), reason="docs/cli.md is not beside the tests")
def test_docs_python_examples() -> None:
    result = doctest.testfile(str(DOC), module_relative=False)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal")
def test_play_shows_progress_on_a_terminal_only() -> None:
    pytest.importorskip("tqdm")
    import fcntl
    import os
    import pty
    import struct
    import termios
    import threading

    args = [sys.executable, "-m", "razzcore", "play", "--players", "2", "--hands", "5000",
            "--seed", "1", "--show", "0"]
    master, slave = pty.openpty()
    # A real terminal size (a fresh pty has 0 columns, where tqdm draws nothing).
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    chunks: list[bytes] = []

    def drain() -> None:
        while True:
            try:
                data = os.read(master, 4096)
            except OSError:
                return
            if not data:
                return
            chunks.append(data)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        proc = subprocess.run(args, stdout=subprocess.PIPE, stderr=slave, timeout=120)
    finally:
        os.close(slave)
    reader.join(timeout=10)
    os.close(master)
    assert proc.returncode == 0
    assert b"/5000" in b"".join(chunks) and b"hand/s" in b"".join(chunks)
    piped = run("play", "--players", "2", "--hands", "5000", "--seed", "1", "--show", "0")
    assert piped.stderr == "" and "5000 hands" in piped.stdout


def test_huge_input_still_gives_one_short_line() -> None:
    proc = run("eval", "As " * 5000)
    assert_user_error(proc, "5 to 7 cards")
    assert len(proc.stderr) < 500


# ---------------------------------------------------------------- environment


@pytest.mark.parametrize("value", ["bogus", "avx1024"])
def test_bad_kernel_environment_variable_is_one_line_not_a_traceback(value: str) -> None:
    proc = subprocess.run([sys.executable, "-m", "razzcore", "eval", "As2d3c4h5s"],
                          env=dict(os.environ, RAZZCORE_KERNEL=value),
                          capture_output=True, text=True, timeout=120)
    assert "Traceback" not in proc.stderr, proc.stderr
    assert_user_error(proc, f"RAZZCORE_KERNEL='{value}'", "unknown batch kernel")


# ---------------------------------------------------------------- count limits


@pytest.mark.parametrize("args", [
    ["play", "--players", "2", "--hands", "99999999999999999999999"],
    ["play", "--players", "2", "--hands", "100000001"],
    ["equity", "As 2d 3c", "Kh Qd Js", "--trials", "99999999999999999999999"],
    ["starting-hands", "--players", "3", "--trials", "99999999999999999999999"],
    ["bench", "--hands", "99999999999999999999999"],
])
def test_absurd_counts_are_refused_at_once(args: list[str]) -> None:
    assert_user_error(run(*args), "at most")


# ---------------------------------------------------------------- unknown cards


def test_replay_text_does_not_invent_unknown_down_cards() -> None:
    proc = run("replay", str(ROOT / "data" / "pokerstars" / "line-kinds.txt"))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert "Ann Lee: (?? ??) Kh" in lines  # the file holds ????Kh
    assert "[ bob ]: (9d 5h) 6s" in lines  # the hero's cards are known
    assert "Carl (CA): (?? ??) 3c 7d" in lines


# ---------------------------------------------------------------- convert safety


def _phhs(tmp_path: pathlib.Path) -> pathlib.Path:
    path = tmp_path / "hands.phhs"
    proc = run("play", "--players", "3", "--hands", "8", "--seed", "1", "--phh", str(path))
    assert proc.returncode == 0, proc.stderr
    return path


def test_convert_refuses_to_overwrite_an_input(tmp_path: pathlib.Path) -> None:
    src = _phhs(tmp_path)
    before = src.read_bytes()
    assert_user_error(run("convert", str(src), "--to", "pokerstars", "-o", str(src)),
                      "is also an input")
    assert src.read_bytes() == before
    text = tmp_path / "good.txt"
    assert run("convert", str(src), "--to", "pokerstars", "-o", str(text)).returncode == 0
    before = text.read_bytes()
    # the same file by another spelling of its path
    assert_user_error(run("convert", "good.txt", "-o", "./good.txt", cwd=tmp_path),
                      "is also an input")
    assert text.read_bytes() == before


def test_convert_names_the_flag_when_the_input_format_does_not_match(
        tmp_path: pathlib.Path) -> None:
    src = _phhs(tmp_path)
    out = tmp_path / "out.phhs"
    assert_user_error(run("convert", str(src), "-o", str(out)), "is a PHH file",
                      "add --to pokerstars")
    assert not out.exists()
    text = tmp_path / "good.txt"
    assert run("convert", str(src), "--to", "pokerstars", "-o", str(text)).returncode == 0
    back = tmp_path / "back.txt"
    assert_user_error(run("convert", str(text), "--to", "pokerstars", "-o", str(back)),
                      "is PokerStars text", "leave out --to pokerstars")
    assert not back.exists()


def test_convert_writes_nothing_when_no_hand_converts(tmp_path: pathlib.Path) -> None:
    junk = tmp_path / "junk.txt"
    junk.write_text("hello\n")
    out = tmp_path / "out.phhs"
    proc = run("convert", str(junk), "-o", str(out))
    assert proc.returncode == 2
    assert "no hand to write" in proc.stderr.splitlines()[-1]
    assert not out.exists()
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    assert_user_error(run("convert", str(empty), "-o", str(out)), "empty")
    assert not out.exists()


def test_convert_replaces_the_output_whole(tmp_path: pathlib.Path) -> None:
    src = _phhs(tmp_path)
    out = tmp_path / "out.txt"
    out.write_text("old contents\n")
    proc = run("convert", str(src), "--to", "pokerstars", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    assert out.read_text().startswith("PokerStars Hand #")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hands.phhs", "out.txt"]  # no temp


def test_empty_and_non_utf8_files_are_named_for_what_they_are(tmp_path: pathlib.Path) -> None:
    (tmp_path / "empty.txt").write_text("")
    assert_user_error(run("replay", "empty.txt", cwd=tmp_path), "empty.txt", "empty")
    text = (ROOT / "data" / "pokerstars" / "example-razz.txt").read_text(encoding="utf-8")
    (tmp_path / "latin.txt").write_bytes(text.replace("charlie", "charli\u00b1").encode("latin-1"))
    proc = run("convert", "latin.txt", "-o", "out.phhs", cwd=tmp_path)
    assert_user_error(proc, "latin.txt", "not UTF-8 text")
    assert "PHH" not in proc.stderr


def test_bad_kernel_environment_variable_through_a_razzcore_script(tmp_path: pathlib.Path) -> None:
    # What the installed console script does (pyproject: razzcore = "razzcore.cli:main").
    script = tmp_path / "razzcore"
    script.write_text("import sys\nfrom razzcore.cli import main\nsys.exit(main())\n")
    proc = subprocess.run([sys.executable, str(script), "eval", "As2d3c4h5s"],
                          env=dict(os.environ, RAZZCORE_KERNEL="bogus"),
                          capture_output=True, text=True, timeout=120)
    assert "Traceback" not in proc.stderr, proc.stderr
    assert_user_error(proc, "RAZZCORE_KERNEL='bogus'")


# ---------------------------------------------------------------- equity: quoting --dead


EQUITY_HANDS = ("?? ?? 4h 5d", "?? ?? 9c 2s")
MC = ("--trials", "3000", "--seed", "5", "--json")


@pytest.mark.parametrize("args", [
    ["--dead", "8c 9h", *EQUITY_HANDS],
    [EQUITY_HANDS[0], "--dead", "8c 9h", EQUITY_HANDS[1]],
    [*EQUITY_HANDS, "--dead", "8c 9h"],
    ["--dead", "8c", *EQUITY_HANDS, "--dead", "9h"],
    ["--dead", "8c9h", *EQUITY_HANDS],
])
def test_dead_cards_are_one_argument_before_between_or_after_the_hands(args: list[str]) -> None:
    from razzcore import equity

    proc = run("equity", *args, *MC)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    want = equity(list(EQUITY_HANDS), "8c 9h", exact=False, trials=3000, seed=5)
    assert data["hands"] == list(EQUITY_HANDS)
    assert data["equity"] == list(want.equity) and data["win"] == list(want.win)
    # the dead cards count: without them the result differs
    alone = json.loads(run("equity", *EQUITY_HANDS, *MC).stdout)
    assert alone["equity"] != data["equity"]


@pytest.mark.parametrize(("args", "quoted", "split"), [
    (["--dead", "8c", "9h", *EQUITY_HANDS], "--dead '8c 9h'", "9h"),
    ([*EQUITY_HANDS, "--dead", "8c", "9h"], "--dead '8c 9h'", "9h"),
    (["--dead", "8c", "9h", "Tc", *EQUITY_HANDS], "--dead '8c 9h Tc'", "9h Tc"),
    ([EQUITY_HANDS[0], "--dead", "8c", "9h", EQUITY_HANDS[1]], "--dead '8c 9h'", "9h"),
])
def test_unquoted_dead_cards_are_refused_saying_how_to_quote(
        args: list[str], quoted: str, split: str) -> None:
    proc = run("equity", *args)
    assert_user_error(proc, "--dead takes one argument", quoted, f"unquoted, {split} would be")
    assert proc.stdout == ""


def test_unquoted_hand_is_refused_saying_how_to_quote() -> None:
    proc = run("equity", "As", "2d", "3c", "Kh", "Qd", "Js")
    assert_user_error(proc, "player 1", "got 1", "quote each player's cards as one argument")
    assert_user_error(run("equity", "As 2d", "Kh Qd Js"), "player 1", "got 2")
    # a quoted hand of too few cards is that, not dead cards split off
    proc = run("equity", "As 2d", "Kh Qd Js", "--dead", "8c")
    assert_user_error(proc, "player 1", "got 2")
    assert "--dead" not in proc.stderr


def test_a_hand_after_dead_cards_is_a_hand() -> None:
    before = run("equity", "As 2d 3c", "--dead", "Kc", "Kh Qd Js", "--json")
    after = run("equity", "As 2d 3c", "Kh Qd Js", "--dead", "Kc", "--json")
    assert before.returncode == 0, before.stderr
    assert json.loads(before.stdout) == json.loads(after.stdout)
    assert json.loads(before.stdout)["hands"] == ["As 2d 3c", "Kh Qd Js"]


# ---------------------------------------------------------------- errors as JSON


def _json_commands() -> list[str]:
    """The subcommands that have --json, from the parser itself."""
    from razzcore.cli import build_parser

    parser = build_parser()
    return sorted(name for name, sub in parser.commands.items()  # type: ignore[attr-defined]
                  if any("--json" in a.option_strings for a in sub._actions))


# A run of each subcommand with --json that fails after the options are parsed.
FAILING_RUNS = {
    "bench": ["--hands", "5"],
    "equity": ["As 2d 3c", "As Qd Js"],
    "eval": ["As", "2d"],
    "play": ["--players", "9"],
    "replay": ["missing.phh"],
    "simulate": ["--policy", "shark"],
    "starting-hands": ["--players", "1"],
}


def assert_json_error(proc: subprocess.CompletedProcess[str], command: str | None,
                      *words: str) -> dict[str, object]:
    """Status 2, one JSON object on stdout with "error" (the stderr line's text)."""
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 1, proc.stdout
    data = json.loads(lines[0])
    assert isinstance(data, dict) and set(data) == {"error", "command"}, data
    assert data["command"] == command
    assert isinstance(data["error"], str)
    assert proc.stderr.strip().endswith(f"error: {data['error']}"), proc.stderr
    for w in words:
        assert w in data["error"], data["error"]
    return data


def test_every_json_subcommand_has_a_failing_example() -> None:
    assert sorted(FAILING_RUNS) == _json_commands()


@pytest.mark.parametrize("command", sorted(FAILING_RUNS))
def test_errors_under_json_are_a_json_object(command: str, tmp_path: pathlib.Path) -> None:
    proc = run(command, *FAILING_RUNS[command], "--json", cwd=tmp_path)
    assert_json_error(proc, command)
    plain = run(command, *FAILING_RUNS[command], cwd=tmp_path)
    assert_user_error(plain)
    assert plain.stdout == "" and plain.stderr == proc.stderr


@pytest.mark.parametrize("command", sorted(FAILING_RUNS))
def test_option_errors_under_json_are_a_json_object(command: str) -> None:
    positional = {"equity": ["As 2d 3c", "Kh Qd Js"], "eval": ["As2d3c4h5s"],
                  "replay": ["x.phh"]}.get(command, [])
    data = assert_json_error(run(command, *positional, "--json", "--no-such-option"), command,
                             "unrecognized arguments: --no-such-option",
                             f"razzcore {command} --help")
    assert data["command"] == command
    if command == "eval":
        return
    flag = {"replay": "--profile", "bench": "--hands"}.get(command, "--seed")
    assert_json_error(run(command, flag, "--json"), command, flag)


def test_json_errors_before_the_subcommand_and_abbreviated_json() -> None:
    assert_json_error(run("evl", "--json"), None, "invalid choice")
    assert_json_error(run("eval", "As", "--js"), "eval", "5 to 7 cards")
    # a --json after "--" is an argument, not the option
    assert run("eval", "As", "--", "--json").stdout == ""


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
    assert data["left_out"] == [lines[0].removeprefix("razzcore replay: error: ")
                                .removesuffix(" (left out)")]
    out = tmp_path / "out.txt"
    proc = run("convert", str(target), "--to", "pokerstars", "-o", str(out))
    if bad == "load":  # a hand that does not load is not converted; the others are
        assert proc.returncode == 1 and "hand 2:" in proc.stderr
        assert "2 hands written" in proc.stdout
        assert out.read_text().count("PokerStars Hand #") == 2


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


def test_standard_input_with_files_in_messages_and_pages(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "illegal.phh"
    path.write_text(HAND_PHH.replace('"p2 pb"', '"p1 cc"'))
    assert_user_error(run("replay", "-", stdin=path.read_text()), "<stdin>:10: 3rd action")
    proc = run("replay", str(WSOP / "03-50-24.phh"), "-", "--json", stdin=HAND_PHH)
    assert proc.returncode == 0, proc.stderr
    files = json.loads(proc.stdout)["files"]
    assert files[1]["file"] == "-" and files[1]["finishing_stacks"] == [107, 93]
    proc = run("replay", "-", "--html", "page.html", stdin=HAND_PHH, cwd=tmp_path)
    assert proc.returncode == 0 and "wrote 1 hand(s)" in proc.stdout
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


# ---------------------------------------------------------------- option combinations


def test_play_show_with_phh_prints_the_logs_and_writes_the_file(tmp_path: pathlib.Path) -> None:
    target = tmp_path / "h.phhs"
    base = ("play", "--players", "2", "--hands", "4", "--seed", "3", "--phh", str(target))
    proc = run(*base, "--show", "2")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("=== hand ") == 2 and "wrote 4 hand(s)" in proc.stdout
    assert len(phh.loads_all(target.read_text())) == 4
    logs = run("play", "--players", "2", "--hands", "4", "--seed", "3", "--show", "2").stdout
    assert proc.stdout.split("wrote")[0] == logs.split("4 hands, 2 players")[0]
    quiet = run(*base)
    assert quiet.returncode == 0 and "=== hand " not in quiet.stdout


def test_simulate_phh_writes_exactly_the_recorded_hands(tmp_path: pathlib.Path) -> None:
    target = tmp_path / "s.phhs"
    proc = run("simulate", "--hands", "50", "--seed", "2", "--record", "3", "--show", "5",
               "--phh", str(target))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("=== hand ") == 5 and "wrote 3 hand(s)" in proc.stdout
    assert len(phh.loads_all(target.read_text())) == 3


@pytest.mark.parametrize(("args", "words"), [
    (["play", "--show", "2", "--json"], ["--show", "--json"]),
    (["simulate", "--show", "2", "--json"], ["--show", "--json"]),
    (["simulate", "--record", "5"], ["--record", "--phh"]),
    (["simulate", "--phh", "x.phhs"], ["--record"]),
    (["simulate", "--hands", "10", "--record", "20", "--phh", "x.phhs"],
     ["--record", "at most 10"]),
    (["equity", "As 2d 3c", "Kh Qd Js", "--exact", "--seed", "1"], ["--seed", "--exact"]),
    (["starting-hands", "--seed", "1"], ["--seed", "--trials"]),
    (["starting-hands", "--exact", "--seed", "1"], ["--seed", "--exact"]),
    (["replay", "x.phh", "--html", "x.html", "--json"], ["--json"]),
])
def test_options_that_cannot_combine_are_refused(args: list[str], words: list[str]) -> None:
    proc = run(*args)
    assert_user_error(proc, *words)
    if "--json" in args:
        assert_json_error(proc, args[0], *words)
    else:
        assert proc.stdout == ""


def test_show_zero_with_json_and_a_seed_chosen_by_the_equity_are_fine() -> None:
    proc = run("play", "--players", "2", "--hands", "3", "--seed", "1", "--show", "0", "--json")
    assert proc.returncode == 0 and json.loads(proc.stdout)["hands"] == 3
    seeded = run("equity", "As 2d 3c", "Kh Qd Js", "--seed", "3")
    assert seeded.returncode == 0
    assert seeded.stdout == run("equity", "As 2d 3c", "Kh Qd Js").stdout
    assert "exact, so --seed is not used" in seeded.stderr


# ---------------------------------------------------------------- built-in names


def _summary(proc: subprocess.CompletedProcess[str]) -> dict[str, object]:
    assert proc.returncode == 0, proc.stderr
    data: dict[str, object] = json.loads(proc.stdout)
    for key in _TIMING_KEYS:
        data.pop(key)
    return data


def test_lineup_names_are_read_in_any_case() -> None:
    from razzcore.players import PLAYER_TYPES

    names = list(PLAYER_TYPES)
    args = ("play", "--players", "4", "--hands", "30", "--seed", "6", "--json")
    lower = _summary(run(*args, "--lineup", ",".join(names)))
    for spelled in (",".join(n.upper() for n in names), ",".join(n.title() for n in names)):
        assert _summary(run(*args, "--lineup", spelled)) == lower
    assert lower["players"] == [names[s % len(names)] for s in range(4)]


def test_policy_names_are_read_in_any_case() -> None:
    from razzcore.simulation import POLICIES

    seats = min(8, max(2, len(POLICIES)))
    args = ("simulate", "--players", str(seats), "--hands", "300", "--seed", "6", "--threads",
            "1", "--json")
    lower = _summary(run(*args, "--policy", ",".join(POLICIES)))
    assert _summary(run(*args, "--policy", ",".join(p.upper() for p in POLICIES))) == lower
    assert lower["players"] == list(POLICIES)[:seats]


def test_empty_unknown_and_unseated_names_are_refused_by_position() -> None:
    assert_user_error(run("play", "--lineup", "basic,,random"), "--lineup", "name 2", "empty")
    assert_user_error(run("play", "--lineup", "basic,"), "name 2", "empty")
    assert_user_error(run("simulate", "--policy", "random,Shark"), "--policy",
                      "unknown policy 'Shark'")
    # more names than seats: the last would never sit
    assert_user_error(run("play", "--players", "2", "--lineup", "basic,random,basic"),
                      "3 players for 2 seats", "name 3 on would never sit")
    assert_user_error(run("simulate", "--players", "2", "--policy", "random,random,basic"),
                      "--policy", "3 players for 2 seats")


# ---------------------------------------------------------------- numbering in messages


@pytest.mark.parametrize("index", [2, 3, 4])
def test_actions_are_counted_from_1_at_the_line_that_holds_them(
        index: int, tmp_path: pathlib.Path) -> None:
    """The n-th action of the list (n = index + 1) is named "n-th action" and
    its line is the line of that action, with comments and blank lines about."""
    lines = HAND_PHH.splitlines()
    start = lines.index("actions = [") + 1
    actions = ['"d dh p1 2c3c4c"', '"d dh p2 5c6cKd"', '"p2 pb"', '"p1 cbr 10"', '"p2 f"']
    actions[index] = '"p2 xx 1"'  # an unknown action code
    body = [f"  # action list\n  {a}," if i % 2 else f"  {a},\n" for i, a in enumerate(actions)]
    text = "\n".join(lines[:start]) + "\n" + "\n".join(body) + "\n]\nfinishing_stacks = [107, 93]\n"
    path = tmp_path / "hand.phh"
    path.write_text(text)
    proc = run("replay", str(path))
    ordinal = {2: "3rd", 3: "4th", 4: "5th"}[index]
    assert_user_error(proc, f"{ordinal} action")
    line = int(proc.stderr.split(f"{path}:")[1].split(":")[0])
    assert '"p2 xx 1"' in text.splitlines()[line - 1]


def test_players_hands_and_seats_are_counted_from_1(tmp_path: pathlib.Path) -> None:
    # players p1..pN (1-based): a hand of 2 players has no p3
    path = tmp_path / "three.phh"
    path.write_text(HAND_PHH.replace('"p1 cbr 10"', '"p3 cbr 10"'))
    assert_user_error(run("replay", str(path)), "4th action", "'p3 cbr 10'", "only 2 players")
    # hands of a .phhs file count from 1
    hands = tmp_path / "hands.phhs"
    hands.write_text(f"[1]\n{HAND_PHH}\n[2]\n{HAND_PHH.replace('p2 pb', 'p1 cc')}")
    proc = run("replay", str(hands))
    assert_user_error(proc, "hand 2:", "3rd action")
    # the readable log seats p1 as "Seat 1"
    out = run("replay", str(WSOP / "03-50-24.phh")).stdout
    assert "Seat 1: Talal Shakerchi" in out


def test_a_bad_file_among_several_is_named_and_the_others_replay(tmp_path: pathlib.Path) -> None:
    (tmp_path / "good.phh").write_text(HAND_PHH)
    (tmp_path / "illegal.phh").write_text(HAND_PHH.replace('"p2 pb"', '"p1 cc"'))
    files = ["good.phh", "missing.phh", "illegal.phh"]
    proc = run("replay", *files, "--json", cwd=tmp_path)
    assert proc.returncode == 2
    data = json.loads(proc.stdout)["files"]
    assert [f["file"] for f in data] == files
    assert data[0]["matches"] is True
    assert data[1]["error"] == "missing.phh: No such file or directory"
    assert data[2]["error"].startswith("illegal.phh:10: 3rd action 'p1 cc'")
    assert proc.stderr.splitlines() == [f"razzcore replay: error: {f['error']}" for f in data[1:]]
    text = run("replay", *files, cwd=tmp_path)
    assert text.returncode == 2 and "##### good.phh" in text.stdout
    assert "(match the file)" in text.stdout
    page = run("replay", *files, "--html", "page.html", cwd=tmp_path)
    assert page.returncode == 2 and "wrote 1 hand(s)" in page.stdout
    assert page.stderr.count("(left out of the page)") == 2


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
    assert page.stderr == "wrote 5 hand(s) to standard output\n"
