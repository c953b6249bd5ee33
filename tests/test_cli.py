"""The ``razzcore`` command through its real entry point (``python -m razzcore``)."""

from __future__ import annotations

import doctest
import json
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys

import pytest

import razzcore
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


@pytest.mark.parametrize("command", ["eval", "play", "replay", "equity", "bench"])
def test_every_subcommand_help_has_an_example(command: str) -> None:
    proc = run(command, "--help")
    assert proc.returncode == 0
    assert "example:" in proc.stdout
    assert f"razzcore {command}" in proc.stdout.split("example:")[1]


def test_top_level_help_and_version() -> None:
    proc = run("--help")
    assert proc.returncode == 0 and "example:" in proc.stdout
    for command in ("eval", "play", "replay", "equity", "bench"):
        assert command in proc.stdout
    assert "simulate" not in proc.stdout  # folded into play
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


def test_eval_qualifier() -> None:
    proc = run("eval", "As", "2d", "3c", "4h", "8s", "Kd", "Kh", "--qualifier", "8")
    assert proc.returncode == 0
    assert proc.stdout.splitlines()[:2] == ["Eight-Four low, 8-4-3-2-A",
                                            "rank 22 of 6175 (1 is the best)"]
    proc = run("eval", "As", "2d", "3c", "4h", "9s", "Kd", "Kh", "--qualifier", "8")
    assert proc.returncode == 0
    assert proc.stdout.splitlines() == [
        "no low", "no 8-or-better low (it needs five different ranks, none above 8)"]
    data = json.loads(run("eval", "As2d3c4h9s", "--qualifier", "8", "--json").stdout)
    assert data == {"cards": ["As", "2d", "3c", "4h", "9s"], "qualifier": 8, "rank": None,
                    "description": "no low", "best_five": []}
    assert_user_error(run("eval", "As2d3c4h9s", "--qualifier", "4"), "--qualifier must be 5..13")


def test_eval_omaha_names_what_an_omaha_low_needs() -> None:
    proc = run("eval", "--omaha", "As 2d 3c 4h", "5s Kd Qc", "--qualifier", "8")
    assert proc.returncode == 0
    assert proc.stdout.splitlines() == [
        "no low", "no 8-or-better low (it needs two hole cards and three board cards of five "
        "different ranks, none above 8)"]


def test_eval_omaha() -> None:
    proc = run("eval", "--omaha", "As 2d 7h 8c", "3c 4d 6h Ks Qd", "--qualifier", "8")
    assert proc.returncode == 0
    assert proc.stdout.splitlines() == [
        "Six-Four low, 6-4-3-2-A",
        "rank 2 of 6175 (1 is the best)",
        "best five: 6h 4d 3c 2d As",
    ]
    data = json.loads(run("eval", "--omaha", "Ks Kd Qh Qc", "As 2s 3s 4s 5s", "--json").stdout)
    assert data["hole"] == ["Ks", "Kd", "Qh", "Qc"] and data["qualifier"] is None
    assert data["description"] == "King-Queen low, K-Q-3-2-A"
    assert data["best_five"] == ["Ks", "Qh", "3s", "2s", "As"]
    proc = run("eval", "--omaha", "As 2d 9h Tc", "3c 4d Jh Ks Qd", "--qualifier", "8")
    assert proc.stdout.splitlines()[0] == "no low"


def test_eval_omaha_errors() -> None:
    assert_user_error(run("eval", "--omaha", "As 2d 7h", "3c 4d 6h"), "hole has 4 to 6 cards")
    assert_user_error(run("eval", "--omaha", "As 2d 7h 8c", "3c 4d"), "board has 3 to 5 cards")
    assert_user_error(run("eval", "--omaha", "As 2d 7h 8c", "3c 4d As"), "duplicate card As")
    assert_user_error(run("eval", "As2d3c4h5s", "--omaha", "As 2d 7h 8c", "3c 4d 6h"),
                      "not both")


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
    b = json.loads(run(*args, "--threads", "2").stdout)
    assert a["hands"] == 60 and len(a["winnings"]) == 4
    assert sum(a["winnings"]) == 0
    assert a["winnings"] == b["winnings"] and a["showdowns"] == b["showdowns"]
    assert 0 <= a["showdown_share"] <= 1 and a["hands_per_second"] > 0


def test_play_writes_phhs_that_replays(tmp_path: pathlib.Path) -> None:
    target = tmp_path / "hands.phhs"
    proc = run("play", "--players", "3", "--hands", "25", "--seed", "9", "--phh", str(target))
    assert proc.returncode == 0, proc.stderr
    assert "wrote 25 hands" in proc.stdout
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
    assert_user_error(run("play", "--threads", "0"), "--threads")
    assert_user_error(run("play", "--stakes", "1,2,3"), "--stakes")
    assert_user_error(run("play", "--stakes", "2,10,10,20"), "bring-in")
    assert_user_error(run("play", "--jobs", "2"), "unrecognized arguments: --jobs")
    assert_user_error(run("play", "--lineup", "basic,shark"), "unknown player 'shark'")
    assert_user_error(run("play", "--profile", "vegas"), "invalid choice")
    assert_user_error(
        run("play", "--hands", "3", "--phh", str(tmp_path / "x.phh")), ".phhs"
    )
    assert_user_error(
        run("play", "--hands", "1", "--phh", str(tmp_path / "missing" / "x.phh")),
        f"cannot write '{tmp_path / 'missing' / 'x.phh'}': no folder '{tmp_path / 'missing'}'",
    )


# ---------------------------------------------------------------- play in bulk


def test_play_summary_depends_on_the_seed_alone() -> None:
    args = ("play", "--players", "3", "--hands", "3000", "--seed", "4", "--json")
    one = json.loads(run(*args, "--threads", "1").stdout)
    two = json.loads(run(*args, "--threads", "2").stdout)
    for data in (one, two):
        data.pop("seconds")
        data.pop("hands_per_second")
    assert one == two
    assert sum(one["winnings"]) == 0 and one["hands"] == 3000


def test_play_any_stakes_phh_replays(tmp_path: pathlib.Path) -> None:
    target = tmp_path / "sim.phhs"
    proc = run("play", "--players", "4", "--hands", "30", "--lineup", "basic,random",
               "--stakes", "2,5,10,20", "--stack", "400", "--phh", str(target), "--seed", "8")
    assert proc.returncode == 0, proc.stderr
    replay = run("replay", str(target), "--json")
    assert replay.returncode == 0, replay.stderr
    reports = json.loads(replay.stdout)["hands"]
    assert len(reports) == 30 and all(r["matches"] for r in reports)


def test_simulate_is_not_a_command() -> None:
    assert_user_error(run("simulate", "--hands", "10"), "invalid choice: 'simulate'")


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
    assert "the file says 100 / 100, the replay gives 107 / 93" in proc.stderr
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
    assert_user_error(run("replay", str(tmp_path / "nope.phh")), f"no file '{tmp_path}/nope.phh'")
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


def test_equity_names_the_player_of_a_bad_hand_or_range() -> None:
    from razzcore import equity
    from razzcore.errors import RazzError

    try:
        equity(["As 2d 3x", "Kh Qd Js"])
    except RazzError as exc:
        said = str(exc)
    proc = run("equity", "As 2d 3x", "Kh Qd Js")
    assert proc.stderr.strip() == f"razzcore equity: error: {said}"
    assert said.startswith("player 1: bad card '3x' in 'As 2d 3x'")
    assert_user_error(run("equity", "Kh Qd Js", "As 2d 3x", "[A-5] [A-5] 6"),
                      "player 2: bad card '3x'")
    assert_user_error(run("equity", "As 2d 3c", "[A-5] [A-5 6"),
                      "player 2: range, position 2", "unclosed")
    assert_user_error(run("equity", "As 2d 3c", "Kh Qd Js", "A 2 3x"),
                      "player 3: range, position 3 ('3x')")
    assert run("equity", "As 2d 3c", "A 2 7").returncode == 0


# ---------------------------------------------------------------- bench


def test_bench() -> None:
    proc = run("bench", "--hands", "2000")
    assert proc.returncode == 0, proc.stderr
    assert "razzcore.evaluate_batch" in proc.stdout and "pure-Python reference" in proc.stdout
    assert "agrees with the reference: yes" in proc.stdout
    data = json.loads(run("bench", "--hands", "2000", "--json").stdout)
    assert data["agrees"] is True
    assert {r["name"] for r in data["rows"]} >= {"razzcore.evaluate", "pure-Python reference"}
    assert {r["name"] for r in data["rows"]} >= {
        "razzcore.evaluate_batch(qualifier=8)", "razzcore.evaluate_omaha_batch(qualifier=8)",
        "razzcore.evaluate_omaha(no qualifier)", "pure-Python Omaha reference"}
    assert_user_error(run("bench", "--hands", "5"), "--hands")


# ---------------------------------------------------------------- in process


def test_main_returns_status_without_exiting(capsys: pytest.CaptureFixture[str]) -> None:
    from razzcore.cli.commands import main

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


EXAMPLES = ROOT.parent / "examples"
_FILE_WORD = re.compile(r"(?<![\w/.-])((?:examples|tests)/[\w/.*-]+\.(?:phhs?|txt))\b")


def _doc_files(doc: pathlib.Path) -> set[str]:
    """The files of the checkout that a page's commands and prose name
    (``examples/...``, ``tests/...``)."""
    return set(_FILE_WORD.findall(doc.read_text(encoding="utf-8")))


def _doc_workspace(tmp_path: pathlib.Path, *docs: pathlib.Path) -> pathlib.Path:
    """``tmp_path`` holding the checkout's files that ``docs`` name, at the same
    paths, so their commands run there as they do from the checkout's root."""
    for doc in docs:
        for name in _doc_files(doc):
            for found in ROOT.parent.glob(name):
                (tmp_path / found.relative_to(ROOT.parent)).parent.mkdir(parents=True,
                                                                       exist_ok=True)
                shutil.copyfile(found, tmp_path / found.relative_to(ROOT.parent))
    return tmp_path


_PAGES = [ROOT.parent / name for name in ("README.md", "docs/cli.md", "docs/pokerstars.md",
                                          "docs/phh.md", "docs/replayer.md", "docs/stats.md")]


@pytest.mark.skipif(not EXAMPLES.exists(), reason="examples/ is not beside the tests")
def test_the_files_the_docs_name_are_shipped_and_read_as_the_docs_say() -> None:
    """Every examples/ or tests/ file a page names exists; the examples load or
    fail as the pages say."""
    from razzcore import phh, pokerstars
    from razzcore.histories.pokerstars import PokerStarsError

    named = set().union(*(_doc_files(page) for page in _PAGES if page.exists()))
    assert {"examples/session.txt", "examples/broken.txt", "examples/wrong.phh",
            "examples/illegal.phh"} <= named
    for name in named:
        assert list(ROOT.parent.glob(name)), f"{name} is named in the docs but not shipped"
    report = pokerstars.loads_report((EXAMPLES / "session.txt").read_text(encoding="utf-8"))
    assert (len(report.hands), report.other_games, report.errors) == (5, 1, [])
    with pytest.raises(PokerStarsError, match=r"^hand #100000000001, line 16: the engine puts "
                                              r"in 50, the line says 40"):
        pokerstars.load(EXAMPLES / "broken.txt")
    wrong = phh.load(EXAMPLES / "wrong.phh")
    assert list(wrong.replay().stacks) != wrong.finishing_stacks == [0, 29_000_000]
    with pytest.raises(razzcore.PHHError, match=r"action 3 'p1 cc': it is p2's turn"):
        phh.load(EXAMPLES / "illegal.phh").replay()


@pytest.mark.skipif(not DOC.exists() or not EXAMPLES.exists(),
                    reason="docs/cli.md or examples/ is not beside the tests")
def test_docs_show_real_output(tmp_path: pathlib.Path) -> None:
    """Every command in docs/cli.md prints what the page says (timings aside),
    run on the files the page names, where the checkout has them."""
    _doc_workspace(tmp_path, DOC)
    (tmp_path / "README.md").write_text("# notes\n\nNot a hand history.\n")
    assert _check_doc_commands(DOC, tmp_path) >= 15


@pytest.mark.parametrize("page", ["README.md", "docs/pokerstars.md"])
def test_readme_and_guide_commands_show_real_output(tmp_path: pathlib.Path, page: str) -> None:
    """The console examples of the README and the PokerStars guide print what
    the pages say, on the files they name."""
    doc = ROOT.parent / page
    if not doc.exists() or not EXAMPLES.exists():
        pytest.skip(f"{page} or examples/ is not beside the tests")
    assert _check_doc_commands(doc, _doc_workspace(tmp_path, doc)) >= 3


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
            if "|" in words:  # only "| tail -n K" or "| tail -K" is used
                tail = abs(int(words[-1]))
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

    args = [sys.executable, "-m", "razzcore", "play", "--players", "2", "--hands", "200000",
            "--seed", "1", "--show", "0", "--threads", "1"]
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
    assert b"/200000" in b"".join(chunks) and b"hand/s" in b"".join(chunks)
    piped = run("play", "--players", "2", "--hands", "200000", "--seed", "1", "--show", "0")
    assert piped.stderr == "" and "200,000 hands" in piped.stdout


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
    assert_user_error(run("convert", str(junk), "-o", str(out)), "junk.txt",
                      "is not a hand history")
    assert not out.exists()
    other_game = tmp_path / "holdem.txt"
    other_game.write_text(
        "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 0:00:00 ET\n")
    proc = run("convert", str(other_game), "-o", str(out))
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
    # What the installed console script does (pyproject: razzcore = "razzcore.cli.commands:main").
    script = tmp_path / "razzcore"
    script.write_text("import sys\nfrom razzcore.cli.commands import main\nsys.exit(main())\n")
    proc = subprocess.run([sys.executable, str(script), "eval", "As2d3c4h5s"],
                          env=dict(os.environ, RAZZCORE_KERNEL="bogus"),
                          capture_output=True, text=True, timeout=120)
    assert "Traceback" not in proc.stderr, proc.stderr
    assert_user_error(proc, "RAZZCORE_KERNEL='bogus'")


def test_play_needs_no_numpy() -> None:
    # numpy made unimportable in the child: only simulate's arrays need it
    code = ("import sys; sys.modules['numpy'] = None; from razzcore.cli.commands import main; "
            "sys.exit(main(['play', '--hands', '5', '--seed', '1', '--json']))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["hands"] == 5
