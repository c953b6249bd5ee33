"""The starting-hand chart: exact counts, order properties, Monte Carlo seeding, CLI."""

from __future__ import annotations

import itertools
import json
import math
from concurrent.futures import ThreadPoolExecutor

import pytest
from test_cli import assert_user_error, run

from razzcore import EquityError, StartingHands, _core, starting_hands
from razzcore.cards import RANKS
from razzcore.odds.chart import CLASSES

UNITS = 840
DEALS = math.comb(49, 4) * math.comb(45, 7)  # per card combination of a start


@pytest.fixture(scope="module")
def exact_chart() -> StartingHands:
    """The exact chart, once for the module (~1 s of CPU)."""
    with ThreadPoolExecutor(2) as pool:  # the kernel releases the GIL
        return starting_hands(executor=pool)


def class_counts(ranks: str) -> tuple[int, ...]:
    return tuple(ranks.count(r) for r in RANKS)


def test_every_class_once_best_first(exact_chart: StartingHands) -> None:
    assert len(exact_chart) == 455
    assert exact_chart.exact and exact_chart.players == 2 and exact_chart.seed is None
    names = [r.ranks for r in exact_chart]
    want = {"".join(c) for c in itertools.combinations_with_replacement(RANKS, 3)}
    assert set(names) == want and len(names) == len(set(names))
    assert names[0] == "A23" and names[-1] == "KKK"
    assert [r.rank for r in exact_chart] == list(range(1, 456))
    equities = [r.equity for r in exact_chart]
    assert equities == sorted(equities, reverse=True)
    # a row's ranks: ace first, then ascending
    assert all(list(r.ranks) == sorted(r.ranks, key=RANKS.index) for r in exact_chart)


def test_exact_counts_stand_for_every_deal(exact_chart: StartingHands) -> None:
    assert exact_chart.outcomes == math.comb(52, 3) * DEALS
    for row in exact_chart:
        assert row.combos == math.prod(math.comb(4, k) for k in class_counts(row.ranks))
        assert row.stderr == 0.0
        assert 0 <= row.win <= row.equity <= row.win + row.tie


@pytest.mark.parametrize("ranks", ["A23", "KKK", "55K", "A88", "9TJ"])
def test_exact_rows_match_the_equity_kernel(exact_chart: StartingHands, ranks: str) -> None:
    """The same class through the plain exact walk (4 cards vs 7 unknown)."""
    counts = class_counts(ranks)
    players = [(counts, 4), ((0,) * 13, 7)]
    win, tie, share, _, total = _core.equity_exact(
        players, tuple(4 - k for k in counts), 0, 1 << 62
    )
    row = exact_chart.get(ranks)
    assert total == DEALS
    assert row.equity == share[0] / (UNITS * total)
    assert row.win == win[0] / total and row.tie == tie[0] / total


def test_chart_kernel_cuts_add_up() -> None:
    whole = _core.equity_chart_hu(100, 160)
    parts = [_core.equity_chart_hu(a, b) for a, b in ((100, 131), (131, 160))]
    for k in range(4):
        assert whole[k] == tuple(x + y for x, y in zip(parts[0][k], parts[1][k], strict=True))
    assert _core.equity_chart_hu(5, 5)[3] == (0,) * 455
    with pytest.raises(EquityError):
        _core.equity_chart_hu(3, 2)


def test_exact_chart_counts_are_recorded() -> None:
    """The whole exact chart kernel (one thread, ~1 s): its counts as recorded
    (a SHA-256 of their repr), with a few of them spelled out."""
    import hashlib

    win, tie, share, total = counts = _core.equity_chart_hu(0, _core.CHART_PATTERNS)
    assert (win[0], tie[0], share[0], total[0]) == (  # A-A-A
        9_537_181_133_632, 2_972_547_072, 8_012_480_622_021_120, 38_459_409_468_480
    )
    assert sum(win) == 106_189_642_228_269_600 and sum(tie) == 108_952_856_812_800
    assert sum(total) == math.comb(52, 3) * DEALS
    digest = hashlib.sha256(repr(counts).encode()).hexdigest()
    assert digest == "2b186fc2f411e5f8768326f31c01018a5ea8259701a254a1573a93a5bf0e7fec"


def test_class_order_of_the_kernel() -> None:
    assert len(CLASSES) == _core.CHART_CLASSES == 455
    assert CLASSES[:3] == ("AAA", "AA2", "AA3") and CLASSES[-1] == "KKK"
    assert list(CLASSES) == sorted(CLASSES, key=lambda t: [RANKS.index(c) for c in t])


def test_monte_carlo_is_seeded_and_close_to_exact(exact_chart: StartingHands) -> None:
    a = starting_hands(exact=False, trials=20_000, seed=3)
    with ThreadPoolExecutor(2) as pool:
        b = starting_hands(exact=False, trials=20_000, seed=3, executor=pool)
    assert a == b
    assert not a.exact and a.trials == 20_000 and a.seed == 3
    assert a.outcomes == 455 * 20_000
    for row in a:
        want = exact_chart.get(row.ranks).equity
        assert 0 < row.stderr < 0.005
        assert abs(row.equity - want) < 5 * row.stderr + 1e-9


def test_three_players_order_properties() -> None:
    chart = starting_hands(3, trials=20_000, seed=1)
    assert chart.players == 3 and not chart.exact
    assert chart[-1].ranks == "KKK"
    assert chart.get("A23").rank <= 10
    assert {r.ranks for r in chart} == set(CLASSES)
    assert 0.25 < sum(r.equity * r.combos for r in chart) / math.comb(52, 3) * 3 / 3 < 0.42


def test_get_accepts_any_order() -> None:
    chart = starting_hands(4, trials=1_000, seed=2)
    assert chart.get("32a") is chart.get("A23")
    with pytest.raises(EquityError, match="three ranks"):
        chart.get("A2")
    with pytest.raises(EquityError, match="not a rank"):
        chart.get("A2Z")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 1}, "players"),
        ({"players": 9}, "players"),
        ({"players": True}, "players"),
        ({"players": 3, "exact": True}, "heads-up only"),
        ({"exact": True, "trials": 10}, "trials"),
        ({"trials": 0}, "trials"),
        ({"seed": "x"}, "seed"),
        ({"seed": 1.5}, "seed"),
        ({"players": 2.0}, r"players must be an int within 2\.\.8"),
        ({"players": True}, r"players must be an int within 2\.\.8"),
        ({"executor": object()}, "submit"),
    ],
)
def test_bad_options(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(EquityError, match=message):
        starting_hands(**kwargs)  # type: ignore[arg-type]


def test_numpy_counts_and_seed_accepted() -> None:
    np = pytest.importorskip("numpy")
    given = starting_hands(np.int64(3), exact=False, trials=np.int32(1_000), seed=np.uint8(9))
    plain = starting_hands(3, exact=False, trials=1_000, seed=9)
    assert given == plain and type(given.players) is int and type(given.seed) is int


def test_text_and_dict() -> None:
    chart = starting_hands(3, trials=2_000, seed=9)
    lines = str(chart).splitlines()
    assert "Monte Carlo" in lines[0] and len(lines) == 2 + 455
    assert "±" in lines[2]
    data = chart.to_dict()
    assert data["players"] == 3 and len(data["hands"]) == 455
    assert data["hands"][0]["rank"] == 1


# ------------------------------------------------------------------ CLI


def test_cli_starting_hands_json() -> None:
    proc = run("starting-hands", "--players", "3", "--trials", "3000", "--seed", "4", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["players"] == 3 and data["exact"] is False and data["seed"] == 4
    assert len(data["hands"]) == 455
    assert data["hands"][-1]["ranks"] == "KKK"
    again = json.loads(run("starting-hands", "--players", "3", "--trials", "3000",
                           "--seed", "4", "--json").stdout)
    assert again == data


def test_cli_starting_hands_text_top() -> None:
    proc = run("starting-hands", "--players", "3", "--trials", "2000", "--seed", "1", "--top", "5")
    assert proc.returncode == 0
    lines = proc.stdout.splitlines()
    assert len(lines) == 7 and "rank" in lines[1]


def test_cli_starting_hands_errors() -> None:
    assert_user_error(run("starting-hands", "--players", "3", "--exact"), "heads-up")
    assert_user_error(run("starting-hands", "--players", "12"), "--players")


def test_cli_equity_takes_range_text() -> None:
    proc = run("equity", "As 2d 3c 4h", "[A-6] [A-6] 7h 8h", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["exact"] is True and data["combos"] > 0
    assert data["hands"] == ["As 2d 3c 4h", "[A-6] [A-6] 7h 8h"]
    plain = json.loads(run("equity", "As 2d 3c 4h", "?? ?? 7h 8h", "--json").stdout)
    assert plain["combos"] is None
    assert_user_error(run("equity", "As 2d 3c", "[A-8] [A-Z] 7h"), "position 2")


def test_absurd_trial_counts_are_refused() -> None:
    from razzcore.odds.chart import MAX_CLASS_TRIALS

    with pytest.raises(EquityError, match="at most 100,000,000 per class"):
        starting_hands(3, trials=MAX_CLASS_TRIALS + 1)


# ------------------------------------------------------------------ eight players


@pytest.fixture(scope="module")
def eight_handed() -> StartingHands:
    return starting_hands(8, trials=20_000, seed=11)


def test_eight_players_chart_every_class_a_share(eight_handed: StartingHands) -> None:
    assert len(eight_handed) == 455 and eight_handed.players == 8
    assert all(0.0 <= r.equity <= 1.0 and r.stderr >= 0.0 for r in eight_handed)
    # A random start holds 1/8 of the pot: the combo-weighted mean of the classes.
    mean = sum(r.equity * r.combos for r in eight_handed) / math.comb(52, 3)
    spread = math.sqrt(sum((r.stderr * r.combos) ** 2 for r in eight_handed)) / math.comb(52, 3)
    assert abs(mean - 1 / 8) < 5 * spread + 1e-9
    assert eight_handed[0].ranks in {"A23", "A24", "A34", "234"}


def python_eight_handed(start: str, trials: int, seed: int) -> tuple[float, float]:
    """Equity of ``start`` against 7 unseen hands by a Python deal as the
    engine deals 8 players (49 unseen cards: 4th-6th street to everyone,
    then one community card for 7th), with its standard error."""
    import random

    from razzcore import evaluate, parse_cards

    mine = parse_cards(start)
    deck = [c for c in range(52) if c not in mine]
    rng = random.Random(seed)
    shares = []
    for _ in range(trials):
        cards = rng.sample(deck, 3 + 7 * 6 + 1)
        community = cards[-1]
        hands = [[*mine, *cards[:3], community]]
        hands += [[*cards[3 + 6 * i : 9 + 6 * i], community] for i in range(7)]
        ranks = [evaluate(h) for h in hands]
        best = min(ranks)
        shares.append(1 / ranks.count(best) if ranks[0] == best else 0.0)
    mean = sum(shares) / trials
    var = sum((s - mean) ** 2 for s in shares) / (trials - 1)
    return mean, math.sqrt(var / trials)


@pytest.mark.parametrize(("start", "ranks"), [("As 2d 3c", "A23"), ("Kd Kh Ks", "KKK"),
                                              ("7c 8d 9h", "789")])
def test_eight_players_chart_matches_a_python_deal_with_community_card(
    eight_handed: StartingHands, start: str, ranks: str
) -> None:
    row = eight_handed.get(ranks)
    mean, stderr = python_eight_handed(start, 4000, seed=5)
    assert abs(row.equity - mean) < 4 * math.hypot(row.stderr, stderr) + 1e-9


def test_cli_starting_hands_eight_players() -> None:
    proc = run("starting-hands", "--players", "8", "--trials", "2000", "--seed", "1", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["players"] == 8 and len(data["hands"]) == 455
    assert all(0 <= h["equity"] <= 1 for h in data["hands"])
    assert_user_error(run("starting-hands", "--players", "8", "--exact"), "heads-up")
