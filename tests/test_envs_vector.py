"""The vector env (``VectorEnv``): many tables stepped in C, each row the encoder's
tensor of its hand, actions checked before anything moves, seeds and threads giving
the same tables, the GIL released, Gymnasium's vector spaces."""

from __future__ import annotations

import re
import threading
import time
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from razzcore import _core  # noqa: E402
from razzcore.engine.hand import Hand  # noqa: E402
from razzcore.engine.rules import Rules  # noqa: E402
from razzcore.envs import action_mask, encode, observation_size  # noqa: E402
from razzcore.envs._encoding import action_string  # noqa: E402
from razzcore.errors import IllegalActionError, RazzError, RulesError  # noqa: E402

RULES = Rules(2, 5, 10, 20)


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
