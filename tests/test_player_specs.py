"""Any player at any seat: ``package.module:Name`` (a player class or factory)
for ``make_player``, ``play``, ``Session`` and the command line's ``--lineup``."""

from __future__ import annotations

import json
import pathlib
import re
import subprocess
import sys
import textwrap

import pytest

from razzcore import RazzError, play, simulate
from razzcore.engine.players import CalldownPlayer, is_builtin, load_player, make_player
from razzcore.engine.rules import Rules
from razzcore.sim import Session

BOTS = textwrap.dedent('''
    """Players for the tests: a class, a factory, and things that are not players."""


    class AlwaysCall:
        name = "always-call"

        def act(self, view, legal_actions):
            for a in ("pb", "cc"):
                if a in legal_actions:
                    return a
            return legal_actions[0]


    def cautious():
        return AlwaysCall()


    class Raises:
        def act(self, view, legal_actions):
            raise ZeroDivisionError("division by zero\\nsecond line")


    class Bluffs:
        def act(self, view, legal_actions):
            return "cbr 9999"


    class NeedsArgs:
        def __init__(self, level):
            self.level = level


    def broken():
        raise RuntimeError("no weights file")


    def not_a_player():
        return 42


    NUMBER = 7

    class Outer:
        Inner = AlwaysCall
''')


@pytest.fixture
def bots(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> pathlib.Path:
    (tmp_path / "mybots.py").write_text(BOTS)
    (tmp_path / "badmod.py").write_text("raise ValueError('half written')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


def test_a_class_and_a_factory_load(bots: pathlib.Path) -> None:
    a, b = make_player("mybots:AlwaysCall"), make_player("mybots:cautious")
    assert type(a).__name__ == type(b).__name__ == "AlwaysCall"
    assert a is not b
    assert type(load_player("mybots:Outer.Inner")).__name__ == "AlwaysCall"
    assert isinstance(make_player("razzcore.engine.players:CalldownPlayer"), CalldownPlayer)


@pytest.mark.parametrize(("spec", "words"), [
    ("mybots:", "package.module:Name"),
    (":AlwaysCall", "package.module:Name"),
    ("mybots:a:b", "package.module:Name"),
    ("nosuchmodule:Bot", "cannot import nosuchmodule"),
    ("badmod:Bot", "importing badmod raised ValueError: half written"),
    ("mybots:Missing", "module mybots has no Missing"),
    ("mybots:NUMBER", "NUMBER is a int, not a player class or factory"),
    ("mybots:NeedsArgs", "NeedsArgs() raised TypeError"),
    ("mybots:broken", "broken() raised RuntimeError: no weights file"),
    ("mybots:not_a_player", "gave 42, which has no act(view, legal_actions)"),
])
def test_a_bad_spec_is_named(bots: pathlib.Path, spec: str, words: str) -> None:
    with pytest.raises(RazzError) as info:
        make_player(spec)
    assert words in str(info.value) and repr(spec) in str(info.value)


def test_builtin_names_are_told_apart() -> None:
    assert is_builtin("BASIC") and is_builtin(" random ")
    assert not is_builtin("mybots:AlwaysCall") and not is_builtin(3)


def test_play_and_session_seat_specs(bots: pathlib.Path) -> None:
    r = play(["mybots:AlwaysCall", "basic"], 30, seed=3)
    assert r.players == ("always-call", "basic") and sum(r.winnings) == 0
    r2 = play(2, 30, seed=3, lineup=["mybots:cautious", "basic"])
    assert r2.winnings == r.winnings
    s = Session([None, "mybots:cautious"], seed=1)
    s.deal()
    assert s.names == ("p1 you", "p2 always-call")


def test_simulate_says_specs_are_for_play(bots: pathlib.Path) -> None:
    with pytest.raises(RazzError, match="simulate runs the built-in policies in C"):
        simulate(Rules(1, 3, 10, 20), [100, 100], 10, policy=["basic", "mybots:AlwaysCall"])


def _run(cwd: pathlib.Path, *args: str) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run([sys.executable, "-m", "razzcore", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def test_the_command_line_seats_a_module_beside_you(bots: pathlib.Path) -> None:
    proc = _run(bots, "play", "--players", "3", "--hands", "40", "--seed", "2",
                "--lineup", "mybots:AlwaysCall,basic", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["players"] == ["always-call", "basic", "always-call"]
    assert sum(data["winnings"]) == 0


def test_the_command_line_names_a_bad_spec(bots: pathlib.Path) -> None:
    proc = _run(bots, "play", "--lineup", "mybots:Missing")
    assert proc.returncode == 2
    assert "module mybots has no Missing" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
    proc = _run(bots, "play", "--lineup", "basic,Shark")
    assert proc.returncode == 2 and "package.module:Name" in proc.stderr


def test_a_player_that_raises_is_named_as_typed_with_seat_and_hand(bots: pathlib.Path) -> None:
    with pytest.raises(RazzError) as info:
        play(["basic", "mybots:Raises"], 3, seed=1)
    assert str(info.value) == ("hand 1, p2: player mybots:Raises raised ZeroDivisionError: "
                               "division by zero")
    assert isinstance(info.value.__cause__, ZeroDivisionError)
    session = Session(["mybots:Raises", "basic"], seed=1, hands=3)
    session.deal()
    with pytest.raises(RazzError, match=r"^hand 1, p1: player mybots:Raises raised Zero"):
        session.advance()


def test_an_illegal_action_names_the_spec_as_typed_and_the_legal_actions(
        bots: pathlib.Path) -> None:
    with pytest.raises(RazzError) as info:
        play(["mybots:Bluffs", "basic"], 3, seed=1)
    message = str(info.value)
    assert message.startswith("hand 1, p1: player mybots:Bluffs chose an illegal action: ")
    assert "allowed: " in message and "'cbr 9999'" in message
    assert "object at 0x" not in message


def test_the_command_line_names_a_failing_player_in_one_line(bots: pathlib.Path) -> None:
    for extra in ([], ["--human", "2"]):
        proc = _run(bots, "play", "--players", "3", "--hands", "4", "--seed", "3",
                    "--lineup", "mybots:Raises,basic", *extra)
        assert proc.returncode == 2
        errors = [line for line in proc.stderr.splitlines() if line]
        assert len(errors) == 1, proc.stderr
        assert re.fullmatch(r"razzcore play: error: hand 1, p[13]: player mybots:Raises "
                            r"raised ZeroDivisionError: division by zero", errors[0])
    proc = _run(bots, "play", "--players", "2", "--hands", "4", "--seed", "3",
                "--lineup", "mybots:Bluffs")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith("razzcore play: error: hand 1, p")
    assert "player mybots:Bluffs chose an illegal action" in proc.stderr
    assert "allowed: " in proc.stderr
