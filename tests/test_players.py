"""Built-in players, the player protocol and razzcore.play()."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest
from engine_support import play_players

from razzcore.engine.hand import Hand
from razzcore.engine.players import (
    PLAYER_TYPES,
    BasicRazzPlayer,
    CalldownPlayer,
    Player,
    RandomPlayer,
    make_player,
)
from razzcore.engine.rules import Rules
from razzcore.engine.view import HandView
from razzcore.errors import IllegalActionError, RazzError
from razzcore.sim.playing import PlayResult, hand_seed, play

RULES = Rules(1, 2, 4, 8)


def test_random_player_picks_legal_actions_and_reseeds() -> None:
    hand = Hand(RULES, [100, 100, 100], seed=3)
    player = RandomPlayer(1)
    view = hand.view(hand.actor or 0)
    legal = tuple(hand.legal_actions())
    picks = [player.act(view, legal) for _ in range(50)]
    assert set(picks) <= set(legal) and len(set(picks)) > 1
    player.reseed(9)
    first = [player.act(view, legal) for _ in range(20)]
    player.reseed(9)
    assert [player.act(view, legal) for _ in range(20)] == first


def test_basic_player_raises_a_premium_start() -> None:
    hand = Hand(RULES, [100, 100], deck="Ac 9c 2c Kd 3c Qd")
    hand.act("pb")
    assert BasicRazzPlayer().act(hand.view(0), hand.legal_actions()) == "cbr 4"


def test_basic_player_folds_a_paired_start_against_a_completion() -> None:
    # p1: Kc Kd | Qs (pair of kings), p2: Ac 2d | 3h completes.
    hand = Hand(RULES, [100, 100], deck="Kc Ac Kd 2d Qs 3h")
    assert hand.actor == 0
    hand.act("pb")
    hand.act("cbr 4")
    assert BasicRazzPlayer().act(hand.view(0), hand.legal_actions()) == "f"


def test_basic_player_posts_the_forced_bring_in_with_a_bad_hand() -> None:
    hand = Hand(RULES, [100, 100], deck="Kc Ac Kd 2d Qs 3h")
    assert BasicRazzPlayer().act(hand.view(0), hand.legal_actions()) == "pb"


def test_basic_player_folds_a_paired_high_board_against_a_low_board() -> None:
    # p1: 4c 5c | 6c, then Kd Ks (a paired king board); p2: Ac 2d | 3h, then 7s 8h.
    deck = "4c Ac 5c 2d 6c 3h Kd 7s Ks 8h"
    hand = Hand(RULES, [200, 200], deck=deck)
    for action in ("pb", "cc"):  # p1 brings in with the 6, p2 calls
        hand.act(action)
    while hand.street < 5:
        hand.act("cc")
    assert hand.street == 5 and hand.board(0) == (20, 49, 51)
    if hand.actor == 1:
        hand.act("cbr")
    assert hand.actor == 0
    assert BasicRazzPlayer().act(hand.view(0), hand.legal_actions()) == "f"


def test_basic_player_bets_its_best_board() -> None:
    deck = "Kc Ac Kd 2d Qs 3h Jd 4s"
    hand = Hand(RULES, [200, 200], deck=deck)
    hand.act("pb")
    hand.act("cc")
    assert hand.street == 4 and hand.actor == 1
    assert BasicRazzPlayer().act(hand.view(1), hand.legal_actions()).startswith("cbr")


def test_basic_beats_random_over_many_hands() -> None:
    result = play(["basic", "random"], 1500, seed=11)
    assert result.winnings[0] > 0 > result.winnings[1]
    assert sum(result.winnings) == 0


def test_player_protocol_accepts_user_players() -> None:
    class CallingStation:
        name = "station"

        def __init__(self) -> None:
            self.views: list[HandView] = []

        def act(self, view: HandView, legal_actions: Sequence[str]) -> str:
            self.views.append(view)
            return "cc" if "cc" in legal_actions else legal_actions[0]

    station = CallingStation()
    assert isinstance(station, Player)
    hand = play_players(Hand(RULES, [100, 100, 100], seed=2), [station] * 3)
    assert hand.is_over and station.views
    for view in station.views:
        for seat, cards in enumerate(view.cards):
            if seat != view.seat and not view.is_over:
                board = set(view.boards[seat])
                assert all(c is None or c in board for c in cards)
    result = play([CallingStation(), "basic"], 30, seed=1)
    assert result.players == ("station", "basic")


def test_illegal_choice_names_the_player() -> None:
    class Stubborn(Player):
        def act(self, view: HandView, legal_actions: Sequence[str]) -> str:
            return "cbr 999"

    with pytest.raises(IllegalActionError, match=r"^hand 1, p\d: player .*Stubborn.* chose"):
        play([Stubborn(), Stubborn()], 1, seed=1)


def test_make_player_and_errors() -> None:
    assert isinstance(make_player("basic"), BasicRazzPlayer)
    assert isinstance(make_player("random", 1), RandomPlayer)
    with pytest.raises(RazzError, match="unknown player"):
        make_player("shark")
    with pytest.raises(RazzError, match="limit"):
        BasicRazzPlayer(limit=2)
    with pytest.raises(RazzError, match="limit"):
        BasicRazzPlayer(limit=8.0)  # type: ignore[arg-type]
    with pytest.raises(RazzError, match="unknown player"):
        make_player(3)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "kind"),
    [("basic", BasicRazzPlayer), ("Basic", BasicRazzPlayer), ("BASIC", BasicRazzPlayer),
     (" basic ", BasicRazzPlayer), ("Random", RandomPlayer), ("RANDOM", RandomPlayer),
     ("calldown", CalldownPlayer), ("CallDown", CalldownPlayer)],
)
def test_built_in_player_names_are_case_insensitive(name: str, kind: type) -> None:
    assert isinstance(make_player(name), kind)
    assert play([name, "random"], 3, seed=1).players == (kind.name, "random")
    assert play(2, 3, seed=1, lineup=[name]).players == (kind.name, kind.name)


def test_built_in_players_are_the_engine_policies() -> None:
    # razzcore play runs its built-in players in the compiled engine, by name.
    from razzcore.sim.simulation import POLICIES

    assert set(PLAYER_TYPES) == set(POLICIES)
    for name, kind in PLAYER_TYPES.items():
        assert kind.name == name and isinstance(make_player(name), kind)


def test_calldown_player_never_folds_or_raises_by_choice() -> None:
    result = play(["calldown"] * 3, 40, seed=4, keep_hands=True)
    assert result.players == ("calldown",) * 3
    for hand in result.hand_list:
        verbs = [a.split()[1] for a in hand.history if not a.startswith("d ")]
        assert "f" not in verbs and "cbr" not in verbs  # three calldowns: nobody bets
    h = Hand(RULES, [50, 50], seed=1)
    h.act("pb")  # facing the bring-in: calldown calls it
    assert CalldownPlayer().act(h.view(h.actor), h.legal_actions()) == "cc"


# ---------------------------------------------------------------- play()


def _key(r: PlayResult) -> tuple[object, ...]:
    return (r.winnings, r.pots_won, r.showdowns)


class Caller:
    """A custom player (picklable: module level), so its table plays in Python."""

    name = "caller"

    def act(self, view: HandView, legal_actions: Sequence[str]) -> str:
        return "cc" if "cc" in legal_actions else legal_actions[0]


PYTHON_TABLE = [Caller(), "basic", "random", "basic"]


def test_python_loop_does_not_depend_on_chunks_or_executor() -> None:
    base = play(PYTHON_TABLE, 120, seed=3)
    assert _key(play(PYTHON_TABLE, 120, seed=3, chunk_size=7)) == _key(base)
    with ThreadPoolExecutor(3) as pool:
        assert _key(play(PYTHON_TABLE, 120, seed=3, executor=pool, chunk_size=11)) == _key(base)
    with ProcessPoolExecutor(2) as pool:
        assert _key(play(PYTHON_TABLE, 120, seed=3, executor=pool, chunk_size=40)) == _key(base)
    assert _key(play(PYTHON_TABLE, 120, seed=4)) != _key(base)


def test_engine_tables_do_not_depend_on_the_executor() -> None:
    base = play(4, 120, seed=3)
    with ProcessPoolExecutor(2) as pool:
        assert _key(play(4, 120, seed=3, executor=pool)) == _key(base)
    assert _key(play(4, 120, seed=4)) != _key(base)


def test_play_on_a_dask_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    base = play(PYTHON_TABLE[:3], 60, seed=8)
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        result = play(PYTHON_TABLE[:3], 60, seed=8, executor=client.get_executor(),
                      chunk_size=13)
    assert _key(result) == _key(base)


def test_play_rejects_a_non_executor() -> None:
    with pytest.raises(RazzError, match="submit"):
        play(2, 5, seed=1, executor=object())  # type: ignore[arg-type]


@pytest.mark.parametrize("table", [3, PYTHON_TABLE[:3]], ids=["engine", "python"])
def test_play_keeps_hands_and_reports(table: Any) -> None:
    r = play(table, 10, seed=2, keep_hands=True, profile="tda")
    assert len(r.hand_list) == 10 and all(h.is_over for h in r.hand_list)
    totals = [0, 0, 0]
    for h in r.hand_list:
        assert h.payoffs is not None
        totals = [t + p for t, p in zip(totals, h.payoffs, strict=True)]
    assert tuple(totals) == r.winnings
    assert r.rules.profile == "tda" and r.hands_per_second > 0
    assert len(play(table, 10, seed=2, keep_hands=4).hand_list) == 4
    data = r.to_dict()
    assert data["winnings"] == list(r.winnings) and data["showdown_share"] == r.showdown_share
    assert hand_seed(2, 0) != hand_seed(2, 0, 1)


def test_play_random_seed_is_reported() -> None:
    r = play(2, 5)
    assert _key(play(2, 5, seed=r.seed)) == _key(r)


@pytest.mark.parametrize("table", [2, PYTHON_TABLE[:2]], ids=["engine", "python"])
def test_play_progress_bar(table: Any, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("tqdm")
    play(table, 50, seed=1, progress=True, chunk_size=10)
    err = capsys.readouterr().err
    assert "/50" in err and "hand" in err


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"players": 9}, "2 to 8"),
        ({"players": ["basic"]}, "2 to 8"),
        ({"players": [object(), "basic"]}, "act"),
        ({"hands": -1}, "hands"),
        ({"stacks": [10, 10, 10]}, "stacks"),
        ({"seed": "x"}, "seed"),
        ({"chunk_size": 0}, "chunk_size"),
        ({"profile": "vegas"}, "profile"),
        ({"keep_hands": -2}, "keep_hands"),
    ],
)
def test_play_rejects_bad_arguments(kwargs: dict[str, object], match: str) -> None:
    args: dict[str, object] = {"players": 2, "hands": 1, **kwargs}
    with pytest.raises(RazzError, match=match):
        play(**args)  # type: ignore[arg-type]


@pytest.mark.parametrize("profile", ["online", "tda", "roberts"])
def test_built_in_players_always_act_legally(profile: str) -> None:
    """Random tables, tiny stacks included: every choice is legal and chips add up."""
    import random

    rng = random.Random(profile)
    rules = Rules(2, 3, 10, 20, profile=profile)
    for i in range(150):
        n = rng.randint(2, 8)
        stacks = [rng.choice([1, 2, 4, 9, 25, 60, 200]) for _ in range(n)]
        lineup: list[Player] = [
            BasicRazzPlayer() if rng.random() < 0.6 else RandomPlayer(i) for _ in range(n)
        ]
        manual = rng.random() < 0.3  # players also decide show or muck
        hand = play_players(Hand(rules, stacks, seed=i, manual_showdown=manual), lineup)
        assert hand.is_over and sum(hand.stacks) == sum(stacks)


def test_a_policy_with_the_wrong_act_signature_is_refused_up_front() -> None:
    import razzcore

    class OneArg:
        def act(self, view: object) -> str:
            return "f"

    with pytest.raises(razzcore.RazzError, match=r"act must take \(view, legal_actions\)"):
        razzcore.play([OneArg(), "random"], 2, seed=1)


def test_play_refuses_an_absurd_hand_count_before_dealing() -> None:
    import sys

    limit = sys.modules["razzcore.sim.playing"].MAX_HANDS
    with pytest.raises(RazzError, match="at most 100,000,000"):
        play(2, limit + 1)
    with pytest.raises(RazzError, match="at most"):
        play(2, 10**23)


def test_basic_player_counts_the_wagers_as_the_engine_does() -> None:
    """A short all-in raise is not a full wager (R15): the Python player and
    the simulator's compiled policy see the same count, so they decide alike."""
    h = Hand(Rules(2, 5, 10, 20), [45, 33, 17, 13, 60, 400], seed=1979)
    for a in ("p2 pb", "p3 cc", "p4 cbr 10", "p5 cbr 20", "p6 cc", "p1 cbr 30", "p2 cbr 31",
              "p3 f", "p4 f"):
        h.act(a)
    view = h.view(h.actor)
    assert view.wagers == 3 and h.legal_actions() == ["f", "cc", "cbr 40"]
    assert BasicRazzPlayer().act(view, h.legal_actions()) == "cbr 40"


def test_views_carry_the_engines_wager_count() -> None:
    import random

    from razzcore.engine.packing import engine_state

    rng = random.Random(5)
    for seed in range(300):
        n = rng.randint(2, 8)
        h = Hand(Rules(2, 5, 10, 20), [rng.choice([9, 13, 17, 33, 60, 400]) for _ in range(n)],
                 seed=seed)
        while h.actor is not None:
            assert h.view(h.actor).wagers == engine_state(h)["count"]
            h.act(rng.choice(h.legal_actions()))


def test_play_takes_numpy_counts_and_a_lineup_string() -> None:
    np = pytest.importorskip("numpy")
    a = play(np.int64(3), 3, seed=1, lineup="basic,random")
    b = play(3, 3, seed=1, lineup=["basic", "random"])
    assert a.winnings == b.winnings
    c = play(3, np.int64(3), seed=np.uint64(1), stacks=np.array([1000] * 3),
             chunk_size=np.int16(2), keep_hands=np.int8(1), lineup="basic,random")
    assert c.winnings == b.winnings and type(c.seed) is int and len(c.hand_list) == 1
    assert play(3, 3, seed=1, stacks=np.int64(1000), lineup="basic,random").winnings == b.winnings
    assert BasicRazzPlayer(np.int64(9)).limit == 9


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": 2.0}, "hands must be a non-negative int"),
        ({"hands": True}, "hands must be a non-negative int"),
        ({"seed": 1.0}, "seed must be an int"),
        ({"seed": False}, "seed must be an int"),
        ({"chunk_size": 2.0}, "chunk_size must be a positive int"),
        ({"stacks": 1000.0}, "stacks must be 2 positive ints"),
        ({"stacks": True}, "stacks must be 2 positive ints"),
        ({"stacks": [1000, 1000.0]}, "stacks must be 2 positive ints"),
        ({"stacks": "1000"}, "stacks must be 2 positive ints"),
        ({"keep_hands": 1.0}, "keep_hands must be True, False or a count"),
    ],
)
def test_play_refuses_counts_that_are_not_ints(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(RazzError, match=message):
        play(2, **kwargs)
