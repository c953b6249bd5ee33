"""Environments for learning agents: the observation encoder, the action
space, and the PettingZoo, Gymnasium and OpenSpiel adapters (each passes its
library's own checker)."""

from __future__ import annotations

import dataclasses
import random
import re
import threading
import time
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from razzcore import _core  # noqa: E402
from razzcore.engine.hand import Hand  # noqa: E402
from razzcore.engine.rules import Rules  # noqa: E402
from razzcore.engine.view import HandView  # noqa: E402
from razzcore.envs import ACTIONS, action_mask, encode, observation_size  # noqa: E402
from razzcore.envs._encoding import action_string  # noqa: E402
from razzcore.errors import IllegalActionError, RazzError, RulesError  # noqa: E402

RULES = Rules(2, 5, 10, 20)


# ------------------------------------------------------------ plain reference

def reference_encode(view: HandView, unit: int = 1) -> list[float]:
    """The layout of docs/agents.md, written out plainly from the view."""
    n = len(view.cards)
    out: list[float] = []
    out += [1.0 if s == view.seat else 0.0 for s in range(n)]
    out += [1.0 if s == view.actor else 0.0 for s in range(n)]
    out += [1.0 if st_ == view.street else 0.0 for st_ in range(3, 8)]

    def card(c: int | None, dealt: bool) -> list[float]:
        v = [0.0] * 18
        if dealt and c is None:
            v[17] = 1.0
        elif c is not None:
            v[c // 4] = 1.0
            v[13 + c % 4] = 1.0
        return v

    for s in range(n):
        row = view.cards[s]
        for k in range(7):
            out += card(row[k] if k < len(row) else None, k < len(row))
    out += card(view.community_card, False)[:17]
    out += [1.0 if f else 0.0 for f in view.folded]
    out += [x / unit for x in view.stacks]
    out += [x / unit for x in view.bets]
    out.append(sum(p.amount for p in view.pots) / unit)
    to_call = 0 if view.is_over else min(max(view.bets) - view.bets[view.seat],
                                         view.stacks[view.seat])
    out.append(to_call / unit)
    counts = [[[0.0] * 3 for _ in range(n)] for _ in range(5)]
    received = [0] * n
    street = 3
    for e in view.history:
        parts = e.split()
        if parts[:2] == ["d", "dh"]:
            s = int(parts[2][1:]) - 1
            received[s] += len(parts[3]) // 2
            street = received[s]
        elif parts[:2] == ["d", "db"]:
            street = 7
        elif parts[1] in ("cbr", "cc", "pb"):
            s = int(parts[0][1:]) - 1
            counts[street - 3][s][("cbr", "cc", "pb").index(parts[1])] += 1
    for st_ in range(5):
        for s in range(n):
            out += counts[st_][s]
    return out


def random_hands(seed: int, players: int, rules: Rules = RULES, stacks: int = 300):
    """Yield (hand, seat) at every decision of a random hand, and at its end."""
    rnd = random.Random(seed)
    hand = Hand(rules, [stacks] * players, seed=seed)
    while True:
        yield hand
        if hand.actor is None:
            return
        hand.act(rnd.choice(hand.legal_actions()))


# ------------------------------------------------------------------- encoder

def test_observation_size_and_actions() -> None:
    assert ACTIONS == ("fold", "check_call", "bet_raise")
    assert [observation_size(p) for p in (2, 6, 8)] == [316, 900, 1192]
    for bad in (1, 9, "2", True, 2.0):
        with pytest.raises(RulesError):
            observation_size(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 3, 6, 8])
@pytest.mark.parametrize("profile", ["online", "tda"])
def test_encode_matches_the_plain_reference(players: int, profile: str) -> None:
    rules = Rules(2, 5, 10, 20, profile=profile)
    checked = 0
    for seed in range(12 if players <= 3 else 4):
        stacks = 60 if seed % 3 == 0 else 400  # short stacks: all-ins, side pots
        for hand in random_hands(seed, players, rules, stacks):
            for seat in range(players):
                view = hand.view(seat)
                obs = encode(view, unit=20)
                assert obs.dtype == np.float32 and obs.shape == (observation_size(players),)
                assert obs.tolist() == pytest.approx(reference_encode(view, 20))
                checked += 1
    assert checked > 100


def test_encode_fields_of_a_known_hand() -> None:
    hand = Hand(RULES, [100, 100], deck="2c 3c 4c 5c Kd Qd")
    hand.act("pb")  # seat 0 (door Kd) brings in 5
    obs = encode(hand.view(1))
    assert obs[0:2].tolist() == [0, 1]  # seat 1 observes
    assert obs[2:4].tolist() == [0, 1]  # seat 1 to act
    assert obs[4:9].tolist() == [1, 0, 0, 0, 0]  # 3rd street
    base = 9
    seat0_slot0 = obs[base : base + 18]
    assert seat0_slot0[17] == 1 and seat0_slot0[:17].sum() == 0  # hidden down card
    door0 = obs[base + 2 * 18 : base + 3 * 18]
    assert door0[12] == 1 and door0[13 + 1] == 1  # Kd: rank K, suit d
    own = obs[base + 7 * 18 : base + 8 * 18]
    assert own[2] == 1 and own[13] == 1  # 3c: rank 3 (A = 0), suit c
    after_cards = base + 2 * 7 * 18 + 17
    folded, stacks = obs[after_cards : after_cards + 2], obs[after_cards + 2 : after_cards + 4]
    assert folded.tolist() == [0, 0] and stacks.tolist() == [93, 98]
    bets = obs[after_cards + 4 : after_cards + 6]
    pot, to_call = obs[after_cards + 6], obs[after_cards + 7]
    assert bets.tolist() == [5, 0] and pot == 4 and to_call == 5
    betting = obs[after_cards + 8 :].reshape(5, 2, 3)
    assert betting[0, 0].tolist() == [0, 0, 1] and betting.sum() == 1


def _swap_down_cards(deck: list[int], cards: list[int]) -> list[int]:
    """``deck`` with each card of ``cards`` swapped with one from the bottom
    (never dealt at these table sizes)."""
    new = deck[:]
    for i, c in enumerate(cards):
        a, b = new.index(c), len(new) - 1 - i
        new[a], new[b] = new[b], new[a]
    return new


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 5),
    deck=st.permutations(range(52)),
    choices=st.lists(st.integers(0, 2), max_size=40),
    seat=st.integers(0, 4),
    other=st.integers(0, 4),
    stacks=st.sampled_from([40, 120, 1000]),
)
def test_other_seats_down_cards_never_reach_the_observation(
    players: int, deck: list[int], choices: list[int], seat: int, other: int, stacks: int
) -> None:
    seat, other = seat % players, other % players
    if seat == other:
        other = (other + 1) % players
    rules = Rules(2, 5, 10, 20, face_up_all_in=False)
    hand = Hand(rules, [stacks] * players, deck=deck)
    actions: list[str] = []
    for pick in choices:
        if hand.actor is None:
            break
        legal = hand.legal_actions()
        actions.append(legal[pick % len(legal)])
        hand.act(actions[-1])
    down = [c for c in hand.hole_cards(other) if c not in hand.board(other)]
    changed = _swap_down_cards(deck, down)
    a = Hand(rules, [stacks] * players, deck=deck)
    b = Hand(rules, [stacks] * players, deck=changed)
    for text in [None, *actions]:
        if text is not None:
            a.act(text)
            b.act(text)
        if a.is_over:
            break  # the showdown's result depends on the cards, as it should
        assert np.array_equal(encode(a.view(seat)), encode(b.view(seat)))
    assert a.hole_cards(other) != b.hole_cards(other) or not down


def test_encode_rejects_bad_input() -> None:
    view = Hand(RULES, [100, 100], seed=1).view(0)
    with pytest.raises(RulesError, match="unit"):
        encode(view, unit=0)
    bad = dataclasses.replace(view, cards=((99, 1, 2), (None, None, 3)))
    with pytest.raises(RulesError, match="card code"):
        encode(bad)
    bad = dataclasses.replace(view, history=("p9 cc",))
    with pytest.raises(RulesError, match="seat outside"):
        encode(bad)
    bad = dataclasses.replace(view, history=("hello",))
    with pytest.raises(RulesError, match="not PHH"):
        encode(bad)
    bad = dataclasses.replace(view, stacks=(-1, 5))
    with pytest.raises(RulesError, match="chip count"):
        encode(bad)
    out = np.zeros(observation_size(2), np.float64)
    with pytest.raises(RulesError, match="float32"):
        _core.encode_view(view, out)
    with pytest.raises(RulesError, match="floats"):
        _core.encode_view(view, np.zeros(5, np.float32))


def test_action_mask_and_strings() -> None:
    hand = Hand(RULES, [100, 100], deck="2c 3c 4c 5c Kd Qd")
    assert action_mask(hand.legal_actions()).tolist() == [0, 1, 1]
    assert action_string(hand, 1) == "pb" and action_string(hand, np.int64(2)) == "cbr 10"
    with pytest.raises(IllegalActionError, match="fold"):
        action_string(hand, 0)
    for bad in (3, -1, 1.5, "1", True, None):
        with pytest.raises(IllegalActionError):
            action_string(hand, bad)
    hand.act("pb")
    assert action_mask(hand.legal_actions()).tolist() == [1, 1, 1]


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


# ----------------------------------------------------------------- VectorEnv

def _random_actions(rng: Any, mask: Any, weights: Any = (1.0, 1.0, 1.0)) -> Any:
    """A random legal action per table (``weights`` favour some actions)."""
    return (rng.random(mask.shape) * mask * np.asarray(weights)).argmax(axis=1).astype(np.int64)


@pytest.mark.parametrize(
    ("players", "rules", "stacks"),
    [
        (2, RULES, 1000),
        (3, RULES, 60),  # all-ins and side pots
        (6, Rules(1, 2, 4, 8, profile="tda"), 200),
        (8, RULES, 300),  # community cards when the deck runs short
        (8, Rules(1, 2, 4, 8, profile="tda"), 400),  # burns: the TDA 7th-street remix
    ],
)
def test_vector_env_matches_encode_of_its_hands(players: int, rules: Rules, stacks: int) -> None:
    from razzcore.envs import VectorEnv

    num = 48
    env = VectorEnv(num, players=players, rules=rules, seed=3, stacks=stacks)
    obs, mask, actor = env.reset()
    rng = np.random.default_rng(1)
    ended = 0
    for step in range(120):
        sampled = rng.choice(num, 6, replace=False)
        before = {int(i): env.hand(int(i)) for i in sampled}
        actions = _random_actions(rng, mask, (0.2, 1.0, 0.3))  # mostly calls: long hands
        obs, mask, actor, rewards, done = env.step(actions)
        for i, hand in before.items():
            hand.act(_phh_of_action(hand, int(actions[i])))
            assert bool(done[i]) == hand.is_over
            if hand.is_over:
                ended += 1
                assert rewards[i].tolist() == pytest.approx(
                    [p / rules.big_bet for p in hand.payoffs]
                )
            else:
                assert not rewards[i].any()
                assert env.hand(i).history == hand.history
            now = env.hand(i)
            assert now.actor == actor[i]
            expected = encode(now.view(int(actor[i])), unit=rules.big_bet)
            assert np.array_equal(obs[i], expected), (step, i)
            assert mask[i].tolist() == action_mask(now.legal_actions()).tolist()
    assert ended > 10


@pytest.mark.parametrize(("players", "stacks"), [(2, 1000), (6, 120), (8, 300)])
def test_vector_env_rows_updated_in_place_match_encode_at_every_table(
    players: int, stacks: int
) -> None:
    # Each step writes into a row only what changed since its table's last
    # decision; after many steps, hand ends and writes by the caller (who
    # must make obs writeable first), every row is still the tensor written
    # whole by encode().
    from razzcore.envs import VectorEnv

    num = 40
    env = VectorEnv(num, players=players, seed=4, stacks=stacks, threads=2)
    obs, mask, actor = env.reset()
    assert not obs.flags.writeable
    with pytest.raises(ValueError, match="read-only"):
        obs[0, 0] = 1.0
    with pytest.raises(ValueError):
        obs[1:].flags.writeable = True  # a view cannot be made writeable
    rng = np.random.default_rng(players)
    ended = 0
    for step in range(160):
        obs, mask, actor, _, done = env.step(_random_actions(rng, mask, (0.1, 1.0, 0.5)))
        ended += int(done.sum())
        assert not obs.flags.writeable
        if step % 8 == 7 or step >= 150:
            for i in range(num):
                expected = encode(env.hand(i).view(int(actor[i])), unit=env.rules.big_bet)
                assert np.array_equal(obs[i], expected), (step, i)
        if step % 11 == 5:
            obs.flags.writeable = True
            obs[rng.random(num) < 0.5] = np.float32(rng.choice([-1.0, 0.0, 1.0, np.nan]))
            obs[:, rng.integers(obs.shape[1])] = 0.5
    assert ended > num


def _phh_of_action(hand: Hand, index: int) -> str:
    return action_string(hand, index)


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


def test_encode_takes_a_pot_past_one_seats_max_chips() -> None:
    # Three seats of MAX_CHIPS (2**53) raising all-in: the pot reaches 3 * 2**53.
    hand = Hand(Rules(2**48, 2**49, 2**50, 2**51), [2**53] * 3, seed=1)
    most = 0
    while hand.actor is not None:
        legal = hand.legal_actions()
        hand.act(next((a for a in legal if a.startswith("cbr")), None)
                 or next(a for a in legal if a in ("cc", "pb")))
        for seat in range(3):
            obs = encode(hand.view(seat))
            assert np.isfinite(obs).all()
        most = max(most, hand.total_pot)
    assert most > 2**53


def test_vector_env_keeps_the_rules_player_count() -> None:
    from razzcore.envs import VectorEnv

    with pytest.raises(RulesError, match="max_players"):
        VectorEnv(4, players=8, rules=Rules(2, 5, 10, 20, max_players=7))
    with pytest.raises(RulesError, match="at least 3"):
        VectorEnv(4, players=2, rules=Rules(2, 5, 10, 20, min_players=3))
    assert VectorEnv(4, players=7, rules=Rules(2, 5, 10, 20, max_players=7)).players == 7


def test_vector_env_illegal_action_names_the_table_and_moves_nothing() -> None:
    from razzcore.envs import VectorEnv

    env = VectorEnv(8, seed=5)
    obs, mask, _ = env.reset()
    snapshot = obs.copy()
    histories = [env.hand(i).history for i in range(8)]
    actions = np.argmax(mask, axis=1).astype(np.int64)
    bad = int(np.flatnonzero(mask[:, 0] == 0)[0])
    actions[bad] = 0  # fold where folding is not offered
    with pytest.raises(IllegalActionError, match=f"table {bad}: action 0 \\(fold\\)"):
        env.step(actions)
    actions[bad] = 7
    with pytest.raises(IllegalActionError, match=f"table {bad}"):
        env.step(actions)
    assert np.array_equal(obs, snapshot)
    assert [env.hand(i).history for i in range(8)] == histories
    with pytest.raises(RazzError, match="one action per table"):
        env.step(np.ones(3, np.int64))
    with pytest.raises(RazzError):
        env.step(np.full(8, 1.5))
    with pytest.raises(RazzError):
        env.hand(8)
    for bad_args in ({"num_envs": 0}, {"num_envs": 2, "players": 9}, {"num_envs": 2, "threads": 0}):
        with pytest.raises(RazzError):
            VectorEnv(**bad_args)  # type: ignore[arg-type]
    with pytest.raises(RazzError, match="reset"):
        VectorEnv(2).step(np.ones(2, np.int64))


def test_vector_env_takes_numpy_integers_and_refuses_other_numbers() -> None:
    from razzcore.envs import VectorEnv

    env = VectorEnv(np.int64(4), players=np.int8(3), seed=np.uint64(5), threads=np.int32(2),
                    stacks=[np.int64(300)] * 3)
    ref = VectorEnv(4, players=3, seed=5, threads=2, stacks=300)
    assert (env.num_envs, env.players, env.threads, env.seed) == (4, 3, 2, 5)
    assert np.array_equal(env.reset()[0], ref.reset()[0])
    assert np.array_equal(env.reset(seed=np.int16(9))[0], ref.reset(seed=9)[0])
    assert env.hand(np.int64(3)).history == ref.hand(3).history
    for bad in (True, 4.0, np.float32(4), "4"):
        with pytest.raises(RulesError, match="num_envs must be a positive int"):
            VectorEnv(bad)  # type: ignore[arg-type]
        with pytest.raises(RulesError, match="seed must be an int or None"):
            VectorEnv(2, seed=bad)  # type: ignore[arg-type]
        with pytest.raises(RulesError, match="seed must be an int or None"):
            ref.reset(seed=bad)  # type: ignore[arg-type]
        with pytest.raises(RulesError, match="threads must be a positive int"):
            VectorEnv(2, threads=bad)  # type: ignore[arg-type]
        with pytest.raises(RulesError, match=r"players must be an int in 2\.\.8"):
            VectorEnv(2, players=bad)  # type: ignore[arg-type]
        with pytest.raises(RulesError, match="stacks must be 2 positive ints"):
            VectorEnv(2, stacks=[100, bad])  # type: ignore[list-item]


def test_vector_env_refuses_more_tables_than_it_can_hold() -> None:
    from razzcore.engine.packing import pack_rules, pack_stacks
    from razzcore.envs import VectorEnv

    top = VectorEnv.MAX_ENVS
    for count in (10**9, top + 1):
        with pytest.raises(RulesError, match=f"num_envs must be at most {top:,}, not {count:,}"):
            VectorEnv(count)
    # The limit is the compiled core's own (checked before it touches the arrays).
    with pytest.raises(RulesError, match="num_envs"):
        _core._VecCore(pack_rules(Rules(2, 5, 10, 20)), 2, pack_stacks([100, 100]), top + 1,
                       None, None, None, None, None, 20)


def test_vector_env_without_the_memory_raises_a_razz_error() -> None:
    pytest.importorskip("resource")  # POSIX
    import os
    import subprocess
    import sys

    if "asan" in os.environ.get("LD_PRELOAD", ""):
        pytest.skip("a sanitizer's shadow memory does not fit under an address-space limit")

    # A child process whose address space cannot hold 4M tables of 8 players.
    code = (
        "import resource\n"
        "from razzcore.envs import VectorEnv\n"
        "from razzcore.errors import RulesError\n"
        f"resource.setrlimit(resource.RLIMIT_AS, ({2**31}, {2**31}))\n"
        "try:\n"
        "    VectorEnv(2**22, players=8)\n"
        "except RulesError as exc:\n"
        "    print(exc)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("no memory for num_envs=4,194,304 tables")


def test_vector_env_seeds_and_threads_give_the_same_tables() -> None:
    from razzcore.envs import VectorEnv

    runs = []
    for threads in (1, 2, 3):
        env = VectorEnv(64, players=4, seed=11, threads=threads)
        obs, mask, _ = env.reset()
        rng = np.random.default_rng(2)
        trace = [obs.copy()]
        for _ in range(40):
            obs, mask, _, rewards, _ = env.step(_random_actions(rng, mask))
            trace.append(obs.copy())
            trace.append(rewards.copy())
        runs.append(trace)
    for run in runs[1:]:
        assert all(np.array_equal(a, b) for a, b in zip(runs[0], run, strict=True))
    other = VectorEnv(64, players=4, seed=12)
    assert not np.array_equal(other.reset()[0], runs[0][0])


def test_vector_env_step_takes_any_integer_array_and_refuses_the_rest() -> None:
    from razzcore.envs import VectorEnv

    n = 16
    env, ref = VectorEnv(n, seed=21), VectorEnv(n, seed=21)
    env.reset()
    _, mask, _ = ref.reset()
    rng = np.random.default_rng(4)
    for step in range(30):
        actions = _random_actions(rng, mask)
        wide = np.zeros(2 * n, np.int64)
        wide[::2] = actions
        given: Any = [
            wide[::2],  # not contiguous
            actions.astype(np.int32),
            actions.astype(np.uint8),
            actions.tolist(),
            actions[::-1].copy()[::-1],  # negative stride
        ][step % 5]
        obs, emask, actor, rewards, done = env.step(given)
        robs, mask, ractor, rrewards, rdone = ref.step(actions)
        assert np.array_equal(obs, robs) and np.array_equal(rewards, rrewards)
        assert np.array_equal(emask, mask)
        assert np.array_equal(actor, ractor) and np.array_equal(done, rdone)
    before = [env.hand(i).history for i in range(n)]
    legal = np.ones(n, np.int64)
    for bad, match in [
        (np.full(n, 1.0), "integers 0..2, not float64"),
        (np.ones(n, np.bool_), "integers 0..2, not bool"),
        ([1] * (n - 1) + ["1"], "integers 0..2"),
        ([[1]] * (n - 1) + [1], "integers 0..2"),
        (np.ones((n, 1), np.int64), "one action per table"),
        (np.ones(n + 1, np.int64), "one action per table"),
    ]:
        with pytest.raises(RazzError, match=re.escape(match)):
            env.step(bad)
    for value in (-1, 3, 2**40, np.iinfo(np.int64).min):
        for table in (0, 7, n - 1):
            acts = legal.copy()
            acts[table] = value
            with pytest.raises(IllegalActionError, match=f"^table {table}: action {value} is"):
                env.step(acts)
    huge = np.ones(n, np.uint64)
    huge[5] = 2**64 - 1
    with pytest.raises(IllegalActionError, match=r"^table 5: "):
        env.step(huge)
    assert [env.hand(i).history for i in range(n)] == before


def test_vector_env_plays_the_actions_it_checked() -> None:
    from razzcore.envs import VectorEnv

    # The actions array may be the environment's own observation buffer
    # (made writeable), which step() overwrites table by table: the values
    # played are the values checked, copied before any table moves.
    n = 64
    env, ref = VectorEnv(n, seed=9), VectorEnv(n, seed=9)
    obs = env.reset()[0]
    ref.reset()
    for _ in range(20):
        obs.flags.writeable = True
        acts = obs.reshape(-1).view(np.int64)[:n]
        acts[:] = 1
        obs, _, actor, rewards, _ = env.step(acts)
        robs, _, ractor, rrewards, _ = ref.step(np.ones(n, np.int64))
        assert np.array_equal(obs, robs) and np.array_equal(rewards, rrewards)
        assert np.array_equal(actor, ractor)
    # Another thread rewrites the array while step() runs: each step either
    # plays all ones (legal everywhere) or refuses a 7 and moves nothing.
    n = 2048
    env, ref = VectorEnv(n, seed=10), VectorEnv(n, seed=10)
    env.reset()
    ref.reset()
    shared = np.ones(n, np.int64)
    ones, sevens = np.ones(n, np.int64), np.ones(n, np.int64)
    sevens[n // 2 :] = 7
    stop = threading.Event()

    def rewrite() -> None:
        while not stop.is_set():
            np.copyto(shared, sevens)
            np.copyto(shared, ones)
            time.sleep(0)

    writer = threading.Thread(target=rewrite)
    writer.start()
    played = 0
    try:
        for _ in range(100):
            try:
                env.step(shared)
                played += 1
            except IllegalActionError as exc:
                assert re.match(r"table \d+: action 7 is not legal there", str(exc))
    finally:
        stop.set()
        writer.join()
    for _ in range(played):
        ref.step(ones)
    for i in range(0, n, 97):
        assert env.hand(i).history == ref.hand(i).history


def test_vector_env_steps_without_the_gil() -> None:
    from razzcore.envs import VectorEnv

    # A thread steps many tables while this one takes timestamps: with the
    # GIL held through the C loop no timestamp could fall inside a step.
    n = 16384
    env = VectorEnv(n, seed=3, threads=1)
    env.reset()
    actions = np.ones(n, np.int64)
    spans: list[tuple[float, float]] = []
    stamps: list[float] = []
    stop = threading.Event()

    def stepper() -> None:
        for _ in range(30):
            start = time.perf_counter()
            env.step(actions)
            spans.append((start, time.perf_counter()))
        stop.set()

    worker = threading.Thread(target=stepper)
    worker.start()
    while not stop.is_set():
        stamps.append(time.perf_counter())
        time.sleep(0.0001)
    worker.join()
    inside = 0
    for start, end in spans:
        quarter = (end - start) / 4  # the middle half: in the C loop
        inside += sum(start + quarter < t < end - quarter for t in stamps)
    assert inside > 0


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


def test_encode_refuses_what_is_not_a_view() -> None:
    from razzcore.envs import encode
    from razzcore.errors import RazzError

    with pytest.raises(RazzError, match="HandView"):
        encode(None)  # type: ignore[arg-type]


def test_vector_env_spaces_are_gymnasiums_vector_spaces() -> None:
    pytest.importorskip("gymnasium")
    from gymnasium import spaces
    from gymnasium.vector.utils import batch_space

    from razzcore.envs import VectorEnv

    env = VectorEnv(5, players=3, seed=2)
    assert isinstance(env.single_observation_space, spaces.Box)
    assert env.single_observation_space.shape == (observation_size(3),)
    assert env.single_observation_space.dtype == np.float32
    assert env.single_action_space == spaces.Discrete(3)
    assert env.observation_space == batch_space(env.single_observation_space, 5)
    assert env.action_space == spaces.MultiDiscrete([3] * 5)
    obs, mask, _actor = env.reset()
    assert env.observation_space.contains(obs)
    for _ in range(20):
        assert env.single_action_space.contains(int(np.flatnonzero(mask[0])[0]))
        obs, mask, _actor, _rewards, _done = env.step(np.argmax(mask, axis=1))
        assert env.observation_space.contains(obs)


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
