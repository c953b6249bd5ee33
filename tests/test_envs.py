"""Environments for learning agents: the PettingZoo, Gymnasium and OpenSpiel
adapters (each passes its library's own checker), the examples, stacks that leave
no decision, and the environments without their optional dependencies.  The
encoder is tested in test_envs_encoding.py, the vector env in test_envs_vector.py.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from razzcore.engine.rules import Rules  # noqa: E402
from razzcore.envs import encode, observation_size  # noqa: E402
from razzcore.errors import IllegalActionError, RazzError, RulesError  # noqa: E402

RULES = Rules(2, 5, 10, 20)


# -------------------------------------------------------------- PettingZoo

def test_pettingzoo_api_test() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from razzcore.envs import aec_env

    for players in (2, 3, 6):
        api_test(aec_env(players=players), num_cycles=300)
    api_test(aec_env(players=4, rules=Rules(1, 2, 4, 8, profile="tda"), stacks=30), num_cycles=300)


def test_pettingzoo_rewards_in_big_bets_and_illegal_actions() -> None:
    pytest.importorskip("pettingzoo")
    from razzcore.envs import aec_env

    env = aec_env(players=2, render_mode="ansi")
    env.reset(seed=4)
    obs, *_ = env.last()
    assert obs["observation"].shape == (316,)
    with pytest.raises(IllegalActionError):
        env.step(0 if not obs["action_mask"][0] else 5)
    total = 0.0
    for _agent in env.agent_iter():
        obs, reward, terminated, _truncated, _ = env.last()
        total += reward
        if terminated:
            env.step(None)
            continue
        mask = obs["action_mask"]
        env.step(1 if mask[1] else int(np.flatnonzero(mask)[0]))
    payoffs = env.hand.payoffs
    assert payoffs is not None and total == pytest.approx(0.0)
    assert isinstance(env.render(), str)
    with pytest.raises(RazzError):
        aec_env(players=9)


# --------------------------------------------------------------- Gymnasium

def test_gymnasium_check_env() -> None:
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from razzcore.engine.players import RandomPlayer
    from razzcore.envs import GymEnv

    check_env(GymEnv())
    check_env(GymEnv(players=2, opponent="random", seat=1))
    check_env(GymEnv(players=4, opponent=["basic", "random", RandomPlayer(3)], seat=2))
    check_env(GymEnv(render_mode="ansi"), skip_render_check=False)


def test_gymnasium_episode_and_mapping() -> None:
    pytest.importorskip("gymnasium")
    from razzcore.envs import GymEnv

    env = GymEnv(opponent="random")
    rewards = []
    for episode in range(30):
        obs, info = env.reset(seed=episode)
        assert obs[0] == 1.0 and info["action_mask"][1] == 1
        done, mapped_seen = False, False
        while not done:
            obs, reward, done, _truncated, info = env.step(0)  # fold when allowed
            mapped_seen |= info["mapped"]
        rewards.append(reward)
        assert env.hand is not None and reward == env.hand.payoffs[0] / 20
    assert min(rewards) < 0
    with pytest.raises(RazzError):
        GymEnv(opponent="nobody")
    with pytest.raises(RazzError):
        GymEnv(seat=2)


def test_gymnasium_takes_numpy_integers() -> None:
    pytest.importorskip("gymnasium")
    from razzcore.envs import GymEnv

    env = GymEnv(players=np.int64(3), seat=np.int8(2), stacks=np.int32(300))
    assert (env.players, env.seat, env.stacks) == (3, 2, [300] * 3)
    assert type(env.seat) is int
    with pytest.raises(RazzError, match="seat must be an int"):
        GymEnv(seat=np.float64(1))  # type: ignore[arg-type]


def test_gymnasium_make_builds_the_registered_environment() -> None:
    gymnasium = pytest.importorskip("gymnasium")
    import warnings

    from gymnasium.utils.env_checker import check_env

    import razzcore.envs  # noqa: F401  (registers razzcore/Razz-v0)

    env = gymnasium.make("razzcore/Razz-v0", players=2)
    assert env.spec is not None and env.spec.id == "razzcore/Razz-v0"
    assert type(env.unwrapped).__name__ == "GymEnv" and env.unwrapped.players == 2
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # check_env notes that the made env is wrapped
        check_env(env)
    six = gymnasium.make("razzcore/Razz-v0", players=6, opponent="random")
    obs, _info = six.reset(seed=1)
    assert obs.shape == (observation_size(6),) and six.observation_space.contains(obs)


def test_gymnasium_make_with_the_module_id_needs_no_import() -> None:
    """In a fresh interpreter, the id with its module (``razzcore.envs:``)
    is enough: gymnasium imports the module, which registers the id."""
    pytest.importorskip("gymnasium")
    import subprocess
    import sys

    script = (
        "import sys, gymnasium\n"
        "assert 'razzcore.envs' not in sys.modules\n"
        "env = gymnasium.make('razzcore.envs:razzcore/Razz-v0', players=3, opponent='random')\n"
        "obs, info = env.reset(seed=1)\n"
        "print(env.spec.id, type(env.unwrapped).__name__, obs.shape[0])\n"
    )
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["razzcore/Razz-v0", "GymEnv", str(observation_size(3))]


def test_importing_the_environments_again_registers_once() -> None:
    gymnasium = pytest.importorskip("gymnasium")
    import warnings

    import razzcore.envs

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # gymnasium warns when an id is registered again
        razzcore.envs._register_with_gymnasium()
    assert "razzcore/Razz-v0" in gymnasium.registry




def test_gymnasium_refuses_actions_outside_its_space() -> None:
    pytest.importorskip("gymnasium")
    from razzcore.envs import GymEnv
    from razzcore.errors import IllegalActionError

    env = GymEnv()
    env.reset(seed=1)
    for bad in (7, -1, 10**30, "1", 2.5, None, True):
        with pytest.raises(IllegalActionError):
            env.step(bad)
    _, _, _, _, info = env.step(np.int64(1))  # numpy integers are indexes too
    assert "mapped" in info


# ---------------------------------------------------------------- OpenSpiel

def _spiel() -> Any:
    pyspiel = pytest.importorskip("pyspiel")
    from razzcore.envs import register_openspiel

    register_openspiel()
    register_openspiel()  # twice is harmless
    return pyspiel


@pytest.mark.parametrize(
    "params",
    [{}, {"players": 3, "stacks": 60}, {"players": 6, "profile": "tda", "structure": "1 2 4 8"}],
)
def test_openspiel_random_sim_test(params: dict[str, Any]) -> None:
    pyspiel = _spiel()
    game = pyspiel.load_game("python_razzcore", params)
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)


@pytest.mark.parametrize(("players", "stacks"), [(8, 400), (7, 400), (8, 20)])
def test_openspiel_deals_every_card_from_a_chance_node_through_the_tda_remix(
    players: int, stacks: int
) -> None:
    # TDA (burns) with many players: 7th street runs short, and R18 mixes the
    # three earlier burns back into the stub (stacks of 20: all-in run-outs
    # deal 7th street with earlier streets).  Every card the hand shows must
    # be the chance outcome chosen for that deal, and a chance node may offer
    # an earlier burn exactly when the plain R18 arithmetic below says so.
    pyspiel = _spiel()
    game = pyspiel.load_game(
        "python_razzcore",
        {"players": players, "profile": "tda", "structure": "1 2 4 8", "stacks": stacks},
    )
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)
    rnd = random.Random(players)
    remixes = 0
    for _ in range(60):
        state = game.new_initial_state()
        chosen: list[int] = []
        offered_burns: list[set[int]] = []
        while not state.is_terminal():
            _same_as_base(pyspiel, state, players)
            if not state.is_chance_node():
                legal = state.legal_actions()
                calls = [a for a in legal if a != 0]
                state.apply_action(rnd.choice(calls if rnd.random() < 0.93 else legal))
                continue
            outcomes = state.chance_outcomes()
            cards = [c for c, _ in outcomes]
            assert len(set(cards)) == len(cards)
            assert all(p == pytest.approx(1 / len(cards)) for _, p in outcomes)
            fresh = set(range(52)) - set(chosen)
            assert fresh <= set(cards)
            offered_burns.append(set(cards) - fresh)
            card = rnd.choice(cards)
            chosen.append(card)
            state.apply_action(card)
        hand = state._hand
        # the cards shown, in deal order, are the chance outcomes minus burns
        lines = hand.history
        third = [_cards(line) for line in lines if line.startswith("d ") and len(line) > 12]
        shown = [row[i] for i in range(3) for row in third]  # R4: one pass at a time
        shown += [_cards(line)[0] for line in lines if line.startswith("d ") and len(line) < 12]
        burns, j = [], 0
        for k, c in enumerate(chosen):
            if j < len(shown) and shown[j] == c:
                j += 1
            else:
                burns.append(k)
        assert j == len(shown)
        if len(burns) < 4:  # no 7th street
            assert not any(offered_burns)
            continue
        # R18, plainly: the stub before the 7th-street burn, the seats live then
        k7 = burns[3]
        count, first7 = 0, 0
        while count < k7 - 3:
            if lines[first7].startswith("d "):
                count += len(_cards(lines[first7]))
            first7 += 1
        while not lines[first7].startswith("d "):
            first7 += 1
        folds = sum(1 for line in lines[:first7] if line.endswith(" f"))
        live, left = players - folds, 52 - k7
        remix = left < live + 2 and (left + 3 >= live + 2 or left < 3)
        assert any(offered_burns[k7:]) == remix
        if remix:
            remixes += 1
            assert all(b == {chosen[k] for k in burns[:3]} - set(chosen[k7:k7 + i])
                       for i, b in enumerate(offered_burns[k7:]))
        assert not any(offered_burns[:k7])
    assert remixes >= 5


def _same_as_base(pyspiel: Any, state: Any, players: int) -> None:
    """The game's Python shortcuts answer as pyspiel's own methods do."""
    base = pyspiel.State
    assert state.is_chance_node() == base.is_chance_node(state)
    assert state.legal_actions() == base.legal_actions(state)
    for p in range(players):
        assert state.legal_actions(p) == base.legal_actions(state, p)


def _cards(deal_line: str) -> list[int]:
    from razzcore.cards import parse_cards

    return list(parse_cards(deal_line.split()[-1]))


def test_openspiel_tensors_chance_and_returns() -> None:
    pyspiel = _spiel()
    game = pyspiel.load_game("python_razzcore", {"players": 2})
    assert game.information_state_tensor_size() == observation_size(2)
    rnd = random.Random(5)
    for _ in range(20):
        state = game.new_initial_state()
        chance_nodes = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert sum(p for _, p in outcomes) == pytest.approx(1.0)
                state.apply_action(rnd.choice(outcomes)[0])
                chance_nodes += 1
                continue
            _same_as_base(pyspiel, state, 2)
            p = state.current_player()
            hand = state._hand
            tensor = state.information_state_tensor(p)
            assert tensor == pytest.approx(encode(hand.view(p), unit=20).tolist())
            assert state.observation_tensor(p) == tensor
            state.apply_action(rnd.choice(state.legal_actions()))
        assert chance_nodes >= 6
        assert sum(state.returns()) == 0.0
        assert state.returns() == [float(x) for x in state._hand.payoffs]
    with pytest.raises(RazzError, match="players"):
        pyspiel.load_game("python_razzcore", {"players": 9})


# ----------------------------------------------------------------- examples

@pytest.mark.parametrize(
    ("name", "needs"),
    [
        ("razzcore.envs", None),
        ("razzcore.envs._encoding", None),
        ("razzcore.envs._aec", "pettingzoo"),
        ("razzcore.envs._gym", "gymnasium"),
        ("razzcore.envs._openspiel", "pyspiel"),
    ],
)
def test_docstring_examples(name: str, needs: str | None) -> None:
    import doctest
    import importlib

    if needs:
        pytest.importorskip(needs)
    module = importlib.import_module(name)
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    result = doctest.testmod(module, optionflags=flags)
    assert result.attempted > 0 and result.failed == 0


def test_numpy_agent_example_learns_to_beat_random_player(tmp_path: Any) -> None:
    pytest.importorskip("gymnasium")
    pytest.importorskip("matplotlib")
    import importlib.util
    import pathlib

    path = pathlib.Path(__file__).resolve().parent.parent / "examples" / "train_numpy_agent.py"
    if not path.exists():
        pytest.skip("examples/ is not beside the tests (installed-wheel run)")
    spec = importlib.util.spec_from_file_location("train_numpy_agent", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = tmp_path / "curve.png"
    mean = module.main(["--hands", "1200", "--eval-hands", "400", "--out", str(out)])
    assert mean > 0.3  # big bets per hand against RandomPlayer
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# ------------------------------------------------------ stacks that leave no decision

@pytest.mark.parametrize("stacks", [[2, 1000], [1000, 2], [2, 2]])
def test_gym_env_refuses_stacks_that_leave_no_decision(stacks: list[int]) -> None:
    # A seat with no more than the ante is all-in from the deal: the learning
    # seat (or its only opponent) would never get a decision.
    pytest.importorskip("gymnasium")
    from razzcore.envs import GymEnv

    with pytest.raises(RulesError, match="more than the ante"):
        GymEnv(players=2, stacks=stacks)


def test_aec_env_refuses_stacks_that_leave_no_decision() -> None:
    pytest.importorskip("pettingzoo")
    from razzcore.envs import aec_env

    with pytest.raises(RulesError, match="more than the ante"):
        aec_env(stacks=[2, 2])
    with pytest.raises(RulesError, match="more than the ante"):
        aec_env(players=3, stacks=[2, 2, 1000])


@pytest.mark.parametrize("stacks", [[3, 3], [3, 1000], [1000, 3]])
def test_envs_with_a_chip_past_the_ante_always_reach_a_decision(stacks: list[int]) -> None:
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    from razzcore.envs import GymEnv, aec_env

    for seat in (0, 1):
        env = GymEnv(players=2, stacks=stacks, seat=seat)
        for seed in range(50):
            env.reset(seed=seed)
            assert env.hand is not None and env.hand.actor == seat
    aec = aec_env(stacks=stacks)
    for seed in range(50):
        aec.reset(seed=seed)
        assert aec.hand is not None and aec.hand.actor is not None


# ------------------------------------------------------ missing optional dependencies

_MISSING = [
    # (module made unimportable, what the user runs, the extra named, the other
    # modules that code needs: the first one missing is the one named)
    ("gymnasium", "from razzcore.envs import GymEnv", "rl", ("numpy",)),
    ("gymnasium", "from razzcore.envs import aec_env", "rl", ("numpy",)),
    ("pettingzoo", "from razzcore.envs import aec_env", "rl", ("numpy", "gymnasium")),
    ("numpy", "import razzcore.envs", "rl", ()),
    ("numpy", "from razzcore.envs import VectorEnv", "rl", ()),
    ("pyspiel", "from razzcore.envs import register_openspiel; register_openspiel()",
     "openspiel", ("numpy",)),
]


@pytest.mark.parametrize(("module", "code", "extra", "others"), _MISSING)
def test_a_missing_optional_dependency_is_one_error_naming_the_extra(
    module: str, code: str, extra: str, others: tuple[str, ...]
) -> None:
    import subprocess
    import sys

    for other in others:
        pytest.importorskip(other)

    script = (
        f"import sys; sys.modules[{module!r}] = None\n"
        "from razzcore.errors import MissingDependencyError\n"
        "try:\n"
        f"    {code}\n"
        "except MissingDependencyError as exc:\n"
        "    assert isinstance(exc, ImportError) and exc.__cause__ is None\n"
        "    assert exc.__suppress_context__\n"
        "    print(exc)\n"
        "else:\n"
        "    print('no error')\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert f"pip install 'razzcore[{extra}]'" in out.stdout, out.stdout
    name = "open_spiel" if module == "pyspiel" else module
    assert f"needs {name}" in out.stdout


def test_the_environments_without_gymnasium_still_import_and_step() -> None:
    import subprocess
    import sys

    script = (
        "import sys; sys.modules['gymnasium'] = None\n"
        "import razzcore.envs\n"
        "from razzcore.envs import VectorEnv\n"
        "env = VectorEnv(2, seed=1); env.reset(); env.step([1, 1])\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr
