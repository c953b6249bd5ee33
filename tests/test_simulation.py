"""razzcore.simulate: whole hands in the compiled engine, seeded, on any
number of threads or any executor, with histories that replay on Hand."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import numpy as np
import pytest
from engine_support import play_players

from razzcore import BasicRazzPlayer, Hand, Rules, SimulationResult, simulate
from razzcore.engine.players import CalldownPlayer
from razzcore.engine.rules import PROFILES
from razzcore.errors import RazzError

RULES = Rules(2, 5, 10, 20)


def test_result_shape_and_zero_sum() -> None:
    r = simulate(RULES, [400] * 4, 3000, seed=5)
    assert isinstance(r, SimulationResult)
    assert r.hands == 3000 and r.seed == 5 and r.policies == ("random",) * 4
    assert r.payoffs.dtype == np.int64 and r.payoffs.shape == (3000, 4)
    assert (r.payoffs.sum(axis=1) == 0).all()
    assert (r.payoffs >= -400).all()
    assert r.payoffs.any()
    assert r.seconds >= 0 and r.histories == ()
    assert sum(r.winnings) == 0


def test_seed_alone_decides() -> None:
    ref = simulate(RULES, [400] * 3, 40_000, seed=9, threads=1).payoffs
    for threads in (2, 3):
        assert np.array_equal(simulate(RULES, [400] * 3, 40_000, seed=9, threads=threads).payoffs,
                              ref)
    assert not np.array_equal(simulate(RULES, [400] * 3, 40_000, seed=10, threads=1).payoffs, ref)
    assert np.array_equal(simulate(RULES, [400] * 3, 40_000, seed=9 + 2**64, threads=1).payoffs,
                          ref)


def _spawn_pool(workers: int) -> ProcessPoolExecutor:
    # spawn: the tasks pickle by reference and the workers import razzcore afresh
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))


@pytest.mark.parametrize("pool", [ThreadPoolExecutor, _spawn_pool], ids=["threads", "process_pool"])
def test_executors_give_the_same_payoffs(pool: Any) -> None:
    ref = simulate(RULES, [300] * 5, 5000, seed=3, policy="basic").payoffs
    with pool(2) as ex:
        got = simulate(RULES, [300] * 5, 5000, seed=3, policy="basic", executor=ex).payoffs
    assert np.array_equal(got, ref)


def test_dask_local_cluster() -> None:
    distributed = pytest.importorskip("dask.distributed")
    ref = simulate(RULES, [400] * 2, 5000, seed=4).payoffs
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        got = simulate(RULES, [400] * 2, 5000, seed=4, executor=client.get_executor()).payoffs
    assert np.array_equal(got, ref)


@pytest.mark.parametrize("policy", ["random", "calldown", "basic"])
@pytest.mark.parametrize("profile", list(PROFILES))
def test_histories_replay_to_the_payoffs(policy: str, profile: str) -> None:
    rules = Rules(2, 5, 10, 20, profile=profile)
    stacks = [400, 40, 0, 400, 13, 400, 400, 400]
    r = simulate(rules, stacks, 300, seed=11, policy=policy, record=60)
    assert len(r.histories) == 60
    for i, hh in enumerate(r.histories):
        hand = hh.replay()
        assert hand.payoffs == tuple(int(v) for v in r.payoffs[i])


def test_calldown_never_folds_and_reaches_showdown() -> None:
    r = simulate(RULES, [400] * 4, 50, seed=2, policy="calldown", record=50)
    for hh in r.histories:
        verbs = [a.split()[1] for a in hh.actions if not a.startswith("d ")]
        assert "f" not in verbs and "cbr" not in verbs
        assert any(v == "sm" for v in verbs) or hh.replay().showdown


def test_basic_policy_is_basic_razz_player() -> None:
    # The recorded hands of the compiled policy, replayed with the Python
    # player deciding: the same actions.
    stacks = [400, 400, 60, 400, 400, 400]
    r = simulate(RULES, stacks, 80, seed=6, policy="basic", record=80)
    player = BasicRazzPlayer()
    for hh in r.histories:
        hand = hh.replay()
        # The same deal, with the Python player deciding every action.
        fresh = Hand(RULES, stacks, deck=_deck_of(hand))
        play_players(fresh, [player] * len(stacks))
        assert fresh.history == hand.history


def test_calldown_policy_is_calldown_player() -> None:
    # As above, with the Python calldown player deciding for the calldown seats.
    stacks = [400, 400, 60, 400]
    r = simulate(RULES, stacks, 80, seed=5, policy=["calldown", "basic", "calldown", "basic"],
                 record=80)
    players = [CalldownPlayer(), BasicRazzPlayer(), CalldownPlayer(), BasicRazzPlayer()]
    for hh in r.histories:
        hand = hh.replay()
        fresh = Hand(RULES, stacks, deck=_deck_of(hand))
        play_players(fresh, players)
        assert fresh.history == hand.history


def _deck_of(hand: Hand) -> list[int]:
    """The deck a finished hand was dealt from, in R4 order (burns excluded:
    the online profile has none), completed with the unused cards."""
    n = len(hand.starting_stacks)
    seats = [s for s in range(n) if hand.dealt_in[s]]
    cards = {s: list(hand.hole_cards(s)) for s in seats}
    deck: list[int] = []
    for k in range(3):
        deck += [cards[s][k] for s in seats]
    for street in range(3, 7):
        deck += [cards[s][street] for s in seats if len(cards[s]) > street]
    if hand.community_card is not None:
        deck.append(hand.community_card)
    deck += [c for c in range(52) if c not in deck]
    return deck


def test_mixed_policies_per_seat() -> None:
    r = simulate(RULES, [400] * 3, 2000, seed=1, policy=["basic", "random", "calldown"])
    assert r.policies == ("basic", "random", "calldown")
    # The basic player beats random and calldown players over many hands.
    assert r.winnings[0] > 0


def test_zero_hands() -> None:
    r = simulate(RULES, [400, 400], 0, seed=1)
    assert r.payoffs.shape == (0, 2) and r.hands == 0


def test_random_seed_is_reported() -> None:
    r = simulate(RULES, [400, 400], 100)
    assert np.array_equal(simulate(RULES, [400, 400], 100, seed=r.seed).payoffs, r.payoffs)


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        ({"rules": "online"}, "rules"),
        ({"stacks": [400]}, "stacks"),
        ({"stacks": [400] * 9}, "stacks"),
        ({"stacks": "400 400"}, "stacks"),
        ({"stacks": [400, -1]}, "stacks"),
        ({"stacks": [400, 2**60]}, "stacks"),
        ({"stacks": [400, 0]}, "stacks"),
        ({"stacks": [400, 1.5]}, "stacks"),
        ({"hands": -1}, "hands"),
        ({"hands": 2**50}, "hands"),
        ({"hands": "10"}, "hands"),
        ({"hands": True}, "hands"),
        ({"policy": "smart"}, "policy"),
        ({"policy": ["random"]}, "policy"),
        ({"policy": 3}, "policy"),
        ({"seed": "x"}, "seed"),
        ({"seed": 1.5}, "seed"),
        ({"threads": 0}, "threads"),
        ({"threads": 10**6}, "threads"),
        ({"threads": "2"}, "threads"),
        ({"executor": object()}, "executor"),
        ({"executor": ThreadPoolExecutor, "threads": 2}, "threads or executor"),
        ({"record": -1}, "record"),
        ({"record": 11}, r"record must be at most hands \(10\): the run plays 10 hands"),
        ({"record": 10**9}, "record must be within 0..100,000"),
        ({"progress": "yes"}, "progress"),
    ],
)
def test_hostile_arguments_name_what_is_wrong(kwargs: dict[str, Any], named: str) -> None:
    args: dict[str, Any] = {"rules": RULES, "stacks": [400, 400], "hands": 10, "seed": 1}
    args.update(kwargs)
    if args.get("executor") is ThreadPoolExecutor:
        args["executor"] = ThreadPoolExecutor(1)
    with pytest.raises(RazzError, match=named):
        simulate(args.pop("rules"), args.pop("stacks"), args.pop("hands"), **args)


def test_engine_rules_checks() -> None:
    with pytest.raises(RazzError, match="deal_start_seat"):
        simulate(Rules(2, 5, 10, 20, deal_start_seat=5), [400] * 3, 10)
    with pytest.raises(RazzError, match="max_players"):
        simulate(Rules(2, 5, 10, 20, max_players=2), [400] * 3, 10)


def test_heads_up_uncapped_huge_stacks_finish() -> None:
    rules = Rules(1, 2, 4, 8, profile="roberts")
    r = simulate(rules, [2**40, 2**40], 200, seed=1, record=5)
    assert (r.payoffs.sum(axis=1) == 0).all()
    for i, hh in enumerate(r.histories):
        assert hh.replay().payoffs == tuple(int(v) for v in r.payoffs[i])


def _most_wagers_in_a_round(actions: list[str]) -> int:
    most = wagers = 0
    for a in actions:
        wagers = 0 if a.startswith("d ") else wagers + (" cbr" in a)
        most = max(most, wagers)
    return most


@pytest.mark.parametrize(("policy", "cap"), [("basic", 4), ("random", 16)])
def test_uncapped_heads_up_deep_stacks_policies_stop_raising(policy: str, cap: int) -> None:
    # Two deep stacks heads-up with no cap: the policies stop re-raising at
    # their own cap, so every hand is short enough to record.
    rules = Rules(2, 5, 10, 20, profile="roberts")
    r = simulate(rules, [10**5] * 2, 2000, policy=policy, seed=1, record=2000)
    assert len(r.histories) == 2000
    most = max(_most_wagers_in_a_round(list(hh.actions)) for hh in r.histories)
    assert most == cap if policy == "basic" else most <= cap


def test_basic_player_stops_raising_like_the_basic_policy() -> None:
    rules = Rules(2, 5, 10, 20, profile="roberts", burn_cards=False)
    stacks = [10**5] * 2
    r = simulate(rules, stacks, 60, seed=3, policy="basic", record=60)
    player = BasicRazzPlayer()
    for hh in r.histories:
        hand = hh.replay()
        fresh = Hand(rules, stacks, deck=_deck_of(hand))
        play_players(fresh, [player] * 2)
        assert fresh.history == hand.history
    # Both seats dealt three low cards: four wagers on 3rd street, not all-in.
    h = Hand(rules, [2000, 2000], deck="Ac 2c 3c 4c 5c 6c 7h 8h 9h Th Jh Qh Kh Ks Qs Js")
    play_players(h, [player] * 2)
    assert _most_wagers_in_a_round(h.history) == 4


def test_numpy_stacks_accepted() -> None:
    r = simulate(RULES, np.array([400, 400]), 10, seed=1)
    assert r.starting_stacks == (400, 400)


def test_numpy_counts_and_seed_accepted() -> None:
    r = simulate(RULES, [400, 400], np.int64(10), seed=np.uint64(1), threads=np.int8(2),
                 record=np.int32(1))
    plain = simulate(RULES, [400, 400], 10, seed=1, record=1)
    assert np.array_equal(r.payoffs, plain.payoffs) and type(r.seed) is int
    for bad in (1.0, True, np.float64(1), "1"):
        with pytest.raises(RazzError, match="seed must be an int or None"):
            simulate(RULES, [400, 400], 10, seed=bad)


def test_random_policy_covers_every_legal_action() -> None:
    r = simulate(RULES, [400] * 3, 200, seed=8, record=200)
    verbs = {a.split()[1] for hh in r.histories for a in hh.actions if not a.startswith("d ")}
    assert {"f", "cc", "cbr", "pb"} <= verbs


def test_policy_names_are_taken_in_any_case() -> None:
    rules = Rules(2, 5, 10, 20)
    a = simulate(rules, [400] * 3, 50, policy=["Basic", "RANDOM", " calldown "], seed=1)
    b = simulate(rules, [400] * 3, 50, policy=["basic", "random", "calldown"], seed=1)
    assert a.policies == b.policies == ("basic", "random", "calldown")
    assert (a.payoffs == b.payoffs).all()
