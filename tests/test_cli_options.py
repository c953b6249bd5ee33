"""The ``razzcore`` command's options and messages, through its real entry point:
``--dead`` as one argument, errors as JSON, options that do not go together,
built-in names in any case, and numbers in messages (counted from 1)."""

from __future__ import annotations

import json
import pathlib
import subprocess

import pytest
from test_cli import _TIMING_KEYS, HAND_PHH, WSOP, assert_user_error, run

from razzcore import phh

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
    from razzcore.cli.commands import build_parser

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
    "starting-hands": ["--players", "1"],
    "stats": ["missing.txt"],
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
                  "replay": ["x.phh"], "stats": ["x.phh"]}.get(command, [])
    data = assert_json_error(run(command, *positional, "--json", "--no-such-option"), command,
                             "unrecognized arguments: --no-such-option",
                             f"razzcore {command} --help")
    assert data["command"] == command
    if command == "eval":
        return
    flag = {"replay": "--profile", "bench": "--hands",
            "stats": "--min-hands"}.get(command, "--seed")
    assert_json_error(run(command, flag, "--json"), command, flag)


def test_json_errors_before_the_subcommand_and_abbreviated_json() -> None:
    assert_json_error(run("evl", "--json"), None, "invalid choice")
    assert_json_error(run("eval", "As", "--js"), "eval", "5 to 7 cards")
    # a --json after "--" is an argument, not the option
    assert run("eval", "As", "--", "--json").stdout == ""


# ---------------------------------------------------------------- options that do not go together


def test_play_show_with_phh_prints_the_logs_and_writes_the_file(tmp_path: pathlib.Path) -> None:
    target = tmp_path / "h.phhs"
    base = ("play", "--players", "2", "--hands", "4", "--seed", "3", "--phh", str(target))
    proc = run(*base, "--show", "2")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("=== hand ") == 2 and "wrote 4 hands" in proc.stdout
    assert len(phh.loads_all(target.read_text())) == 4
    logs = run("play", "--players", "2", "--hands", "4", "--seed", "3", "--show", "2").stdout
    assert proc.stdout.split("wrote")[0] == logs.split("4 hands, 2 players")[0]
    quiet = run(*base)
    assert quiet.returncode == 0 and "=== hand " not in quiet.stdout


def test_play_phh_writes_every_hand_and_show_prints_the_first(tmp_path: pathlib.Path) -> None:
    target = tmp_path / "s.phhs"
    proc = run("play", "--hands", "5", "--seed", "2", "--show", "2", "--phh", str(target))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("=== hand ") == 2 and "wrote 5 hands" in proc.stdout
    assert len(phh.loads_all(target.read_text())) == 5


@pytest.mark.parametrize(("args", "words"), [
    (["play", "--show", "2", "--json"], ["--show", "--json"]),
    (["play", "--hands", "100001", "--phh", "x.phhs"], ["--phh", "at most 100,000"]),
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


def test_play_seats_every_built_in_player_as_the_library_does() -> None:
    # calldown too: the lineup takes the library's player names, and the
    # command plays them through razzcore.play with the same seed.
    import razzcore

    play = _summary(run("play", "--players", "3", "--hands", "50", "--seed", "2",
                        "--lineup", "calldown,basic", "--json"))
    lib = razzcore.play(3, 50, seed=2, lineup=["calldown", "basic"])
    assert play["players"] == ["calldown", "basic", "calldown"]
    assert play["winnings"] == list(lib.winnings) and play["pots_won"] == list(lib.pots_won)


def test_lineup_names_are_read_in_any_case() -> None:
    from razzcore.engine.players import PLAYER_TYPES

    names = list(PLAYER_TYPES)
    args = ("play", "--players", "4", "--hands", "30", "--seed", "6", "--json")
    lower = _summary(run(*args, "--lineup", ",".join(names)))
    for spelled in (",".join(n.upper() for n in names), ",".join(n.title() for n in names)):
        assert _summary(run(*args, "--lineup", spelled)) == lower
    assert lower["players"] == [names[s % len(names)] for s in range(4)]


def test_empty_unknown_and_unseated_names_are_refused_by_position() -> None:
    assert_user_error(run("play", "--lineup", "basic,,random"), "--lineup", "name 2", "empty")
    assert_user_error(run("play", "--lineup", "basic,"), "name 2", "empty")
    assert_user_error(run("play", "--lineup", "random,Shark"), "--lineup",
                      "unknown player 'Shark'")
    # more names than seats: the last would never sit
    assert_user_error(run("play", "--players", "2", "--lineup", "basic,random,basic"),
                      "3 players for 2 seats", "the last would never sit")


# ---------------------------------------------------------------- numbers in messages


@pytest.mark.parametrize("index", [2, 3, 4])
def test_actions_are_counted_from_1_at_the_line_that_holds_them(
        index: int, tmp_path: pathlib.Path) -> None:
    """The n-th action of the list (n = index + 1) is named "action n" and
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
    assert_user_error(proc, f"action {index + 1}:")
    line = int(proc.stderr.split(f"{path}:")[1].split(":")[0])
    assert '"p2 xx 1"' in text.splitlines()[line - 1]


def test_players_hands_and_seats_are_counted_from_1(tmp_path: pathlib.Path) -> None:
    # players p1..pN (1-based): a hand of 2 players has no p3
    path = tmp_path / "three.phh"
    path.write_text(HAND_PHH.replace('"p1 cbr 10"', '"p3 cbr 10"'))
    assert_user_error(run("replay", str(path)), "action 4", "'p3 cbr 10'", "only 2 players")
    # hands of a .phhs file count from 1
    hands = tmp_path / "hands.phhs"
    hands.write_text(f"[1]\n{HAND_PHH}\n[2]\n{HAND_PHH.replace('p2 pb', 'p1 cc')}")
    proc = run("replay", str(hands))
    assert_user_error(proc, "hand 2:", "action 3")
    # the readable log seats p1 as "Seat 1"
    out = run("replay", str(WSOP / "03-50-24.phh")).stdout
    assert "Seat 1: Talal Shakerchi" in out


def test_an_option_value_with_a_minus_sign_reaches_its_check() -> None:
    assert_user_error(run("play", "--stakes", "-1,2,4,8", "--hands", "10"),
                      "ante must not be negative", "-1")
    assert_user_error(run("play", "--stakes", "-1", "--hands", "10"), "--stakes -1")
    assert "expected one argument" not in run("play", "--hands", "-5").stderr


def test_a_bad_card_on_the_command_line_is_named_whole() -> None:
    assert_user_error(run("eval", "11h", "2d", "3c", "4s", "5h"), "bad card '11h'")


def test_counts_in_messages_are_in_the_right_number() -> None:
    proc = run("equity", "As 2d 3c 4d 5d 6d 7d", "Kh Qd Js 9s 8s 7c 6c")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("exact, 1 outcome\n")


def test_pokerstars_text_is_not_written_to_a_phh_name(tmp_path: pathlib.Path) -> None:
    proc = run("play", "--players", "2", "--hands", "3", "--pokerstars", "ps.phhs",
               cwd=tmp_path)
    assert_user_error(proc, "--pokerstars ps.phhs", "not named .phh or .phhs")
    assert not (tmp_path / "ps.phhs").exists()
    assert run("play", "--players", "2", "--hands", "3", "--pokerstars", "ps.txt",
               cwd=tmp_path).returncode == 0


def test_play_help_names_every_kind_of_player() -> None:
    out = run("--help").stdout
    assert "--human" in out and "--lineup" in out
