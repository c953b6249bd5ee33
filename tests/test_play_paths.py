"""razzcore.play(): built-in tables in the compiled engine, any other player in
Python, and the same results as the command and simulate for the same seed."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, ClassVar

import pytest

import razzcore
from razzcore.engine.hand import Hand
from razzcore.engine.players import BasicRazzPlayer, CalldownPlayer, Player, RandomPlayer
from razzcore.engine.rules import Rules
from razzcore.engine.view import HandView
from razzcore.errors import RazzError
from razzcore.sim import playing, simulation
from razzcore.sim.playing import DEFAULT_RULES, DEFAULT_STACK, play


def _totals(result: Any) -> tuple[Any, ...]:
    return tuple(result.winnings), tuple(result.pots_won), result.showdowns


class Station:
    """A custom player: checks or calls, counting its decisions."""

    name = "station"
    decisions: ClassVar[list[int]] = []

    def act(self, view: HandView, legal_actions: Sequence[str]) -> str:
        Station.decisions.append(view.seat)
        return "cc" if "cc" in legal_actions else legal_actions[0]


@pytest.fixture
def no_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the engine runner unusable: a table that needs it fails loudly."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("this table should play in Python")

    monkeypatch.setattr(simulation, "_run_policies", refuse)


@pytest.fixture
def no_python_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("this table should play in the engine")

    monkeypatch.setattr(playing, "_play_chunk", refuse)


# ---------------------------------------------------------------- same seed, same results


def test_six_basic_players_match_the_command_and_simulate(no_python_loop: None) -> None:
    lib = play(["basic"] * 6, 10_000, seed=1)
    proc = subprocess.run(
        [sys.executable, "-m", "razzcore", "play", "--players", "6", "--hands", "10000",
         "--seed", "1", "--lineup", "basic", "--json"],
        capture_output=True, text=True, timeout=120, check=True)
    cli = json.loads(proc.stdout)
    sim = razzcore.simulate(Rules(*DEFAULT_RULES), [DEFAULT_STACK] * 6, 10_000,
                            policy="basic", seed=1)
    assert list(lib.winnings) == cli["winnings"] == list(sim.winnings)
    assert list(lib.pots_won) == cli["pots_won"] == list(sim.pots_won)
    assert lib.showdowns == cli["showdowns"] == sim.showdowns
    assert lib.players == ("basic",) * 6 and lib.seed == 1


def test_mixed_built_in_lineup_and_stakes_match_simulate(no_python_loop: None) -> None:
    rules = Rules(2, 5, 10, 20, profile="tda")
    lib = play(5, 3000, seed=9, rules=rules, stacks=400, lineup="basic,random,calldown")
    sim = razzcore.simulate(rules, [400] * 5, 3000, seed=9,
                            policy=["basic", "random", "calldown", "basic", "random"])
    assert _totals(lib) == _totals(sim)
    assert lib.players == sim.policies


def test_built_in_results_do_not_depend_on_threads_or_executor(no_python_loop: None) -> None:
    base = play(4, 40_000, seed=3, threads=1)
    assert _totals(play(4, 40_000, seed=3, threads=3)) == _totals(base)
    assert _totals(play(4, 40_000, seed=3)) == _totals(base)
    with ThreadPoolExecutor(2) as pool:
        assert _totals(play(4, 40_000, seed=3, executor=pool)) == _totals(base)


def test_built_in_player_objects_play_in_the_engine(no_python_loop: None) -> None:
    objects = play([BasicRazzPlayer(), CalldownPlayer(), "random"], 500, seed=6)
    names = play(["basic", "calldown", "random"], 500, seed=6)
    assert _totals(objects) == _totals(names)
    assert objects.players == ("basic", "calldown", "random")


def test_a_drawn_seed_is_reported_and_replays() -> None:
    first = play(3, 200)
    assert 0 <= first.seed < 2**63
    assert _totals(play(3, 200, seed=first.seed)) == _totals(first)


# ---------------------------------------------------------------- the Python loop


def test_custom_players_go_through_the_python_loop(no_engine: None) -> None:
    Station.decisions.clear()
    result = play([Station(), Station()], 20, seed=2)
    assert Station.decisions and set(Station.decisions) == {0, 1}
    assert result.players == ("station", "station") and sum(result.winnings) == 0


def test_mixed_lineup_of_a_custom_player_and_built_ins(no_engine: None) -> None:
    Station.decisions.clear()
    table: list[Player | str] = [Station(), "basic", BasicRazzPlayer(), "calldown", "Random"]
    result = play(table, 120, seed=4)
    assert result.players == ("station", "basic", "basic", "calldown", "random")
    assert sum(result.winnings) == 0 and result.hands == 120
    assert set(Station.decisions) == {0}
    again = play(table, 120, seed=4, chunk_size=7)
    assert _totals(again) == _totals(result)


@pytest.mark.parametrize("player", [RandomPlayer(5), BasicRazzPlayer(limit=9)],
                         ids=["random-object", "basic-limit-9"])
def test_players_unlike_the_engine_policies_play_in_python(player: Any, no_engine: None) -> None:
    result = play([player, "basic"], 30, seed=1)
    assert result.hands == 30 and sum(result.winnings) == 0


def test_a_subclass_of_a_built_in_player_plays_in_python(no_engine: None) -> None:
    class Folder(BasicRazzPlayer):
        def act(self, view: HandView, legal_actions: Sequence[str]) -> str:
            return "f" if "f" in legal_actions else super().act(view, legal_actions)

    assert play([Folder(), "calldown"], 10, seed=1).players == ("basic", "calldown")


# ---------------------------------------------------------------- kept hands


def test_kept_hands_of_the_engine_replay_to_its_payoffs() -> None:
    rules = Rules(*DEFAULT_RULES)
    result = play(["basic", "random", "calldown"], 60, seed=8, keep_hands=True)
    assert len(result.hand_list) == 60
    assert all(isinstance(h, Hand) and h.is_over for h in result.hand_list)
    for s in range(3):
        assert sum((h.payoffs or ())[s] for h in result.hand_list) == result.winnings[s]
    sim = razzcore.simulate(rules, [DEFAULT_STACK] * 3, 60, seed=8,
                            policy=["basic", "random", "calldown"], record=4)
    for hand, hh in zip(result.hand_list, sim.histories, strict=False):
        assert hand.history == hh.replay().history
    assert len(play(3, 60, seed=8, keep_hands=4).hand_list) == 4


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(("kwargs", "named"), [
    ({"players": [Station(), "basic"], "threads": 2}, "threads"),
    ({"players": 3, "threads": 0}, "threads"),
    ({"players": 3, "threads": "two"}, "threads"),
    ({"players": 3, "threads": 2, "executor": ThreadPoolExecutor(1)}, "threads or executor"),
    ({"players": "basic"}, "players"),
    ({"players": ["basic", "shark"]}, "unknown player 'shark'"),
    ({"players": ["basic", 7]}, "act"),
    ({"players": 3, "hands": True}, "hands"),
    ({"players": 3, "hands": -1}, "hands"),
    ({"players": 3, "seed": "one"}, "seed"),
    ({"players": 3, "progress": "yes"}, "progress"),
    ({"players": 3, "keep_hands": -2}, "keep_hands"),
    ({"players": 3, "stacks": [100, 0, 100]}, "stacks"),
    ({"players": 3, "lineup": []}, "lineup"),
])
def test_bad_input_is_a_razz_error_naming_it(kwargs: dict[str, Any], named: str) -> None:
    with pytest.raises(RazzError, match=named):
        play(hands=kwargs.pop("hands", 5), **kwargs)


def test_a_lineup_longer_than_the_table_is_refused() -> None:
    with pytest.raises(RazzError, match="names 3 players for 2 seats: the last would never sit"):
        razzcore.play(2, 10, lineup=("basic", "random", "calldown"))
    with pytest.raises(RazzError, match="the last 2 would never sit"):
        razzcore.play(2, 10, lineup="basic,random,calldown,basic")


class _Bad:
    """A custom player that answers with an action that does not exist."""

    def __init__(self, name: object = None) -> None:
        if name is not None:
            self.name = name

    def act(self, view: HandView, legal_actions: Sequence[str]) -> str:
        return "xyz"


def test_an_illegal_action_names_the_player_by_its_name() -> None:
    with pytest.raises(razzcore.IllegalActionError) as info:
        play([_Bad("bluffer"), "basic"], 1, seed=1)
    message = str(info.value)
    assert message.startswith("hand 1, p1: player 'bluffer' chose an illegal action: ")
    assert "'xyz'" in message
    assert "object at 0x" not in message


def test_an_illegal_action_of_a_player_without_a_name_shows_the_player() -> None:
    with pytest.raises(razzcore.IllegalActionError,
                       match=r"p1: player <.*_Bad object at 0x\w+> chose"):
        play([_Bad(), "basic"], 1, seed=1)


class _WrongSignature:
    name = "oneargs"

    def act(self, view: HandView) -> str:
        return "cc"


class _NoAct:
    name = "silent"


def test_a_player_that_cannot_act_is_named_by_its_name() -> None:
    with pytest.raises(RazzError, match=r"^player 'oneargs': its act must take"):
        play([_WrongSignature(), "basic"], 1, seed=1)  # type: ignore[list-item]
    with pytest.raises(RazzError, match=r"^player 'silent' has no act\(view, legal_actions\)"):
        play([_NoAct(), "basic"], 1, seed=1)  # type: ignore[list-item]
    with pytest.raises(RazzError, match=r"player 'bluffer' plays in Python"):
        play([_Bad("bluffer"), "basic"], 1, seed=1, threads=2)
