"""Engine behaviour at the edges of the rules: copies and the
random generator, bets nobody can answer, what a partial show reveals, the
showing order, max_players, and clear errors for bad arguments."""

from __future__ import annotations

import random
import secrets

import pytest
from engine_support import build_deck

from razzcore.cards import format_cards, parse_cards
from razzcore.engine.hand import Hand
from razzcore.engine.rules import Rules
from razzcore.errors import IllegalActionError, RazzError, RulesError


def _passive(h: Hand, street: int = 8) -> None:
    """Post / check / call until ``street`` (or the end of the betting)."""
    while h.actor is not None and h.street < street:
        legal = h.legal_actions()
        if legal[0].startswith("sm"):
            return
        h.act("pb" if "pb" in legal else "cc")


def _eight_handed_at_sixth(**kwargs: object) -> Hand:
    # tda, 8 players, nobody folds: 7th street needs the RP-10-H remix (R18).
    h = Hand(Rules(2, 5, 10, 20, profile="tda"), [500] * 8, **kwargs)  # type: ignore[arg-type]
    _passive(h, 6)
    assert h.street == 6
    return h


def _seventh(h: Hand) -> tuple[int | None, tuple[tuple[int, ...], ...]]:
    _passive(h, 7)
    assert h.street == 7
    return h.community_card, tuple(h.hole_cards(s) for s in range(8))


@pytest.mark.parametrize("seed", range(6))
def test_copy_deals_the_same_future_cards_and_leaves_the_original_alone(seed: int) -> None:
    """copy() used to share the generator the TDA remix draws from: copies
    dealt different 7th-street cards and playing one changed the original's."""
    twin = _eight_handed_at_sixth(seed=seed)
    h = _eight_handed_at_sixth(seed=seed)
    a, b = h.copy(), h.copy()
    first = _seventh(a)
    assert _seventh(b) == first
    assert _seventh(h) == first  # playing the copies did not change the original
    assert _seventh(twin) == first


def test_copy_of_a_system_random_hand_deals_the_same_future_cards() -> None:
    h = _eight_handed_at_sixth(rng=secrets.SystemRandom())
    a, b = h.copy(), h.copy()
    assert _seventh(a) == _seventh(b) == _seventh(h)


def test_a_shared_rng_is_not_used_after_construction() -> None:
    rng = random.Random(5)
    h = Hand(Rules(2, 5, 10, 20, profile="tda"), [500] * 8, rng=rng)
    state = rng.getstate()
    _passive(h)
    assert rng.getstate() == state and h.is_over


def _deck(cards: dict[int, list[str]], burns: bool = True) -> list[int]:
    seats = sorted(cards)
    third = ["".join(cards[s][:3]) for s in seats]
    longest = max(len(c) for c in cards.values())
    later = [[cards[s][k] for s in seats if len(cards[s]) > k] for k in range(3, longest)]
    return build_deck(third, later, burns=burns)


def test_no_raise_when_no_opponent_can_put_in_more() -> None:
    """R17: seat 1 all-in, seat 3 has 5 chips and cannot even call a bet of
    10: seat 2 may call but not raise (nobody could call any of it)."""
    cards = {0: ["9c", "9d", "2c", "Ac", "3c"], 1: ["Tc", "Td", "5d", "5h", "7c"],
             2: ["Qc", "Qh", "Kd", "Kh", "Qd"]}
    h = Hand(Rules(2, 5, 10, 20, profile="tda"), [17, 500, 12], deck=_deck(cards))
    for a in ["pb", "cc", "cc", "cc", "cc", "cc"]:
        h.act(a)
    assert h.street == 5 and h.stacks == (10, 493, 5)
    h.act("cbr 10")
    assert h.legal_actions() == ["f", "cc"]
    with pytest.raises(IllegalActionError, match="no opponent could put in more"):
        h.act("cbr 30")
    h.act("cc")


def test_a_raise_stays_legal_while_someone_can_put_in_more() -> None:
    cards = {0: ["9c", "9d", "2c", "Ac", "3c"], 1: ["Tc", "Td", "5d", "5h", "7c"],
             2: ["Qc", "Qh", "Kd", "Kh", "Qd"]}
    h2 = Hand(Rules(2, 5, 10, 20, profile="tda"), [17, 500, 30], deck=_deck(cards))
    for a in ["pb", "cc", "cc", "cc", "cc", "cc"]:
        h2.act(a)
    h2.act("cbr 10")  # seat 3 has 24 behind: it could call a raise
    assert h2.legal_actions() == ["f", "cc", "cbr 30"]


def test_no_completion_when_nobody_can_put_in_more_than_the_bring_in() -> None:
    cards = {0: ["9c", "9d", "2c"], 1: ["Tc", "Td", "5d"], 2: ["Qc", "Qh", "Kd"]}
    h = Hand(Rules(2, 5, 10, 20, profile="tda"), [6, 6, 500], deck=_deck(cards))
    assert h.actor == 2 and h.stacks == (4, 4, 498)
    assert h.legal_actions() == ["pb"]
    with pytest.raises(IllegalActionError, match="more than the bring-in"):
        h.act("cbr 10")
    h2 = Hand(Rules(2, 5, 10, 20, profile="tda"), [6, 8, 500], deck=_deck(cards))
    assert h2.legal_actions() == ["pb", "cbr 10"]  # seat 2 could put in 6 > 5


def _at_manual_showdown(seats: int, replay: bool = False) -> Hand:
    cards = {0: ["2c", "3c", "Kd", "4c", "5c", "6c", "7c"],
             1: ["2d", "3d", "Qd", "4d", "5d", "6d", "8d"],
             2: ["Th", "Jh", "Jd", "9h", "9s", "Qs", "Ks"]}
    cards = {s: c for s, c in cards.items() if s < seats}
    h = Hand(Rules(2, 5, 10, 20, profile="roberts"), [500] * seats, deck=_deck(cards),
             manual_showdown=True, replay=replay)
    _passive(h)
    assert h.legal_actions()[0].startswith("sm")
    return h


def test_a_partial_show_reveals_only_the_cards_shown() -> None:
    h = _at_manual_showdown(2)
    s = h.actor
    assert s is not None
    other = 1 - s
    own = h.hole_cards(s)
    before = h.view(other).cards[s]
    h.act(f"sm {format_cards([own[0]]).replace(' ', '')}")
    after = h.view(other).cards[s]
    assert after[0] == own[0]
    assert after[1:] == before[1:] and after[1] is None and after[6] is None
    down = "".join(format_cards([own[0]]).split()) + "??" + format_cards([own[2]])
    assert f"d dh p{s + 1} {down}" in h.view(other).history
    h.act(h.legal_actions()[0])  # then the whole hand
    assert h.view(other).cards[s] == own


def test_out_of_turn_show_is_rejected_in_play() -> None:
    h = _at_manual_showdown(3)
    first = h.actor
    assert first is not None
    other = next(s for s in range(3) if s != first)
    cards = format_cards(h.hole_cards(other)).replace(" ", "")
    log = h.history
    with pytest.raises(IllegalActionError, match="turn"):
        h.act(f"p{other + 1} sm {cards}")
    assert h.history == log and h.actor == first
    assert "sm" not in h.legal_actions()  # the first shower may not muck


def test_replay_out_of_turn_show_never_lets_the_first_shower_muck() -> None:
    h = _at_manual_showdown(3, replay=True)  # as the PHH replayer
    first = h.actor
    assert first is not None
    other = next(s for s in range(3) if s != first)
    h.act(f"p{other + 1} sm " + format_cards(h.hole_cards(other)).replace(" ", ""))
    assert h.actor == first and "sm" not in h.legal_actions()
    with pytest.raises(IllegalActionError, match="may not muck"):
        h.act("sm")


def test_max_players_counts_players_dealt_in_not_seats() -> None:
    rules = Rules(2, 5, 10, 20, max_players=7)
    h = Hand(rules, [100, 100, 0, 100, 100, 100, 100, 100], seed=1)
    assert sum(h.dealt_in) == 7
    assert sum(Hand(rules, [100] * 7 + [0], seed=1, absent=[0]).dealt_in) == 6
    with pytest.raises(RulesError, match="at most 7 players"):
        Hand(rules, [100] * 8, seed=1)
    with pytest.raises(RulesError, match=r"2\.\.8 seats"):
        Hand(Rules(2, 5, 10, 20), [100] * 9, seed=1)


@pytest.mark.parametrize("seat", [5, -1, "0", 1.0, None, True])
def test_bad_seats_are_clear_errors(seat: object) -> None:
    h = Hand(Rules(2, 5, 10, 20), [100, 100], seed=1)
    for read in (h.view, h.board, h.hole_cards):
        with pytest.raises(RulesError, match="seat"):
            read(seat)  # type: ignore[arg-type]


def test_numpy_seat_is_accepted() -> None:
    np = pytest.importorskip("numpy")
    h = Hand(Rules(2, 5, 10, 20), [100, 100], seed=1)
    assert h.view(np.int64(1)).seat == 1


def test_bad_hand_arguments_are_clear_errors() -> None:
    rules = Rules(2, 5, 10, 20)
    with pytest.raises(RulesError, match="stacks must be a sequence"):
        Hand(rules, 200)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="give seed or rng, not both"):
        Hand(rules, [100, 100], seed=1, rng=random.Random(1))
    with pytest.raises(RazzError):
        Hand(rules, [100, 100], deck=parse_cards("Ac Ac"))


class _Nested:
    def __repr__(self) -> str:
        raise RuntimeError("hostile repr")


@pytest.mark.parametrize(
    "action", ["cbr " + "9" * 5000, "p" + "9" * 5000 + " cc", "x" * 100_000, "sm " + "A" * 9000]
)
def test_huge_actions_are_bounded_illegal_action_errors(action: str) -> None:
    h = Hand(Rules(2, 5, 10, 20), [50, 50], seed=1)
    with pytest.raises(IllegalActionError) as info:
        h.act(action)
    assert len(str(info.value)) < 400


def test_hostile_arguments_are_bounded_errors() -> None:
    h = Hand(Rules(2, 5, 10, 20), [50, 50], seed=1)
    with pytest.raises(IllegalActionError, match="cbr"):
        h.complete_bet_or_raise(10**5000)
    with pytest.raises(RulesError, match="seat"):
        h.view(_Nested())  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="absent seats"):
        Hand(Rules(2, 5, 10, 20), [50, 50], absent=[[1]])  # type: ignore[list-item]
    deep: list[object] = []
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(IllegalActionError):
        h.act(deep)  # type: ignore[arg-type]


def test_a_profile_must_be_a_profile_name() -> None:
    import pytest

    from razzcore import Rules, RulesError

    for bad in ([], None, 3, "wsop"):
        with pytest.raises(RulesError, match="profile"):
            Rules(1, 2, 4, 8, profile=bad)  # type: ignore[arg-type]
