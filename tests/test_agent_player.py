"""A trained agent as a player (``razzcore.envs.AgentPlayer``): the example's
policy, trained and saved, seated from the command line."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from razzcore import Hand, IllegalActionError, RazzError, Rules, play  # noqa: E402
from razzcore.envs import AgentPlayer, action_mask, encode  # noqa: E402

EXAMPLES = pathlib.Path(__file__).resolve().parent.parent / "examples"


def test_the_agent_sees_the_tensor_of_its_seat() -> None:
    seen: list[Any] = []

    def policy(obs: Any, mask: Any) -> int:
        seen.append((obs.copy(), mask.copy()))
        return int(np.flatnonzero(mask)[0])

    hand = Hand(Rules(1, 3, 10, 20), [500, 500], seed=4)
    view = hand.view(hand.actor or 0)
    action = AgentPlayer(policy, unit=20).act(view, view.legal_actions)
    obs, mask = seen[0]
    assert np.array_equal(obs, encode(view, unit=20))
    assert np.array_equal(mask, action_mask(view.legal_actions))
    assert action == view.legal_actions[0]


def test_an_index_the_mask_rules_out_names_the_agent() -> None:
    fold = AgentPlayer(lambda obs, mask: 0, name="folder")
    hand = Hand(Rules(1, 3, 10, 20), [500, 500], seed=4)  # facing the bring-in: no fold
    view = hand.view(hand.actor or 0)
    with pytest.raises(IllegalActionError, match="agent 'folder': action 0"):
        fold.act(view, view.legal_actions)
    with pytest.raises(IllegalActionError, match=r"index 0\.\.2"):
        AgentPlayer(lambda obs, mask: 7).act(view, view.legal_actions)


def test_a_table_of_another_size_is_refused() -> None:
    agent = AgentPlayer(lambda obs, mask: 1, players=2, name="heads-up")
    with pytest.raises(RazzError, match="trained for 2 players, not a table of 3"):
        play([agent, "basic", "basic"], 1, seed=1)


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"policy": 3}, "policy must be callable"),
    ({"unit": 0}, "unit must be a positive int"),
    ({"players": 9}, "players must be 2..8"),
    ({"name": ""}, "name must be a non-empty string"),
])
def test_bad_agents_are_refused(kwargs: dict[str, Any], words: str) -> None:
    args = {"policy": lambda obs, mask: 1, **kwargs}
    with pytest.raises(RazzError, match=words):
        AgentPlayer(args.pop("policy"), **args)


def test_the_example_s_trained_agent_at_the_command_line(tmp_path: pathlib.Path) -> None:
    pytest.importorskip("gymnasium")
    pytest.importorskip("matplotlib")
    if not (EXAMPLES / "numpy_agent.py").exists():
        pytest.skip("examples/ is not beside the tests (installed-wheel run)")
    weights = tmp_path / "agent.npz"
    train = subprocess.run(
        [sys.executable, "train_numpy_agent.py", "--hands", "1000", "--eval-hands", "100",
         "--out", str(tmp_path / "curve.png"), "--save", str(weights)],
        cwd=EXAMPLES, capture_output=True, text=True, timeout=300)
    assert train.returncode == 0, train.stderr
    env = {**os.environ, "RAZZ_AGENT": str(weights)}
    proc = subprocess.run(
        [sys.executable, "-m", "razzcore", "play", "--players", "2", "--lineup",
         "numpy_agent:load,random", "--hands", "300", "--seed", "1", "--json"],
        cwd=EXAMPLES, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["players"] == ["numpy-agent", "random"]
    assert data["winnings"][0] > 0  # it learned to beat RandomPlayer
