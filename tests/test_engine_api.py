"""Rules validation, the Hand API, options beyond the worked scenarios, and a
real PHH hand (raise to exactly an opponent's all-in)."""

from __future__ import annotations

import pickle
import random
import secrets

import pytest
from engine_support import build_deck, check_down, play, play_random

from razzcore.cards import format_card
from razzcore.engine.hand import Hand
from razzcore.engine.rules import PROFILES, Rules
from razzcore.errors import IllegalActionError, RulesError

TDA = Rules(2, 5, 10, 20, profile="tda")


# Rules ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "match"),
    [
        ((2, 5, 0, 0), "small bet must be positive"),
        ((2, 5, 10, 9), "big bet"),
        ((2, -1, 10, 20), "bring-in must not be negative"),
        ((2, 10, 10, 20), "less than the small bet"),
        ((-1, 5, 10, 20), "ante must not be negative"),
        ((0, 0, 10, 20), "forced money"),
        ((2.5, 5, 10, 20), "ante must be an int"),
    ],
)
def test_rules_amounts_validated(args: tuple[int, int, int, int], match: str) -> None:
    with pytest.raises(RulesError, match=match):
        Rules(*args)


def test_rules_refuse_what_r2_forbids_naming_the_values_and_nothing_else() -> None:
    """R2 bounds the bring-in by the small bet and the small bet by the big
    bet, and asks for some forced money; an ante larger than the bring-in (or
    than a bet) is a valid structure."""
    import subprocess
    import sys

    for allowed in ((5, 1, 10, 20), (30, 3, 10, 20), (5, 0, 10, 20), (1, 9, 10, 10)):
        assert Rules(*allowed).ante == allowed[0]
    refused = {
        (1, 15, 10, 20): "the bring-in (15) must be less than the small bet (10)",
        (1, 3, 10, 5): "the big bet (5) must be at least the small bet (10)",
        (0, 0, 10, 20): "a structure needs forced money: a positive ante or bring-in, not "
                        "ante 0 and bring-in 0",
    }
    for stakes, said in refused.items():
        with pytest.raises(RulesError) as info:
            Rules(*stakes)
        assert str(info.value) == said
        text = ",".join(map(str, stakes))
        proc = subprocess.run([sys.executable, "-m", "razzcore", "play", "--stakes", text],
                              capture_output=True, text=True)
        assert proc.returncode == 2
        assert proc.stderr == f"razzcore play: error: --stakes {text}: {said}\n"
    with pytest.raises(RulesError, match=r'ante 0 and bring-in 5 \(with bring_in_mode="none"'):
        Rules(0, 5, 10, 20, bring_in_mode="none")


def test_rules_take_numpy_integers_as_plain_ints() -> None:
    np = pytest.importorskip("numpy")
    rules = Rules(np.int64(2), np.int32(5), np.uint16(10), np.int64(20),
                  max_players=np.int8(6), heads_up_max_bets=np.int64(4))
    assert rules == Rules(2, 5, 10, 20, max_players=6, heads_up_max_bets=4)
    for value in (rules.ante, rules.small_bet, rules.max_players, rules.heads_up_max_bets):
        assert type(value) is int
    assert Rules.standard(np.int64(10)) == Rules.standard(10)
    for bad in (True, np.bool_(True), 2.0, np.float64(2.0), "2"):
        with pytest.raises(RulesError, match="ante must be an int, not"):
            Rules(bad, 5, 10, 20)  # type: ignore[arg-type]
        with pytest.raises(RulesError, match="max_players must be an int, not"):
            Rules(2, 5, 10, 20, max_players=bad)


def test_rules_options_validated_by_name() -> None:
    with pytest.raises(RulesError, match="unknown rule option 'cap'"):
        Rules(2, 5, 10, 20, cap=3)
    with pytest.raises(RulesError, match="odd_chip_rule"):
        Rules(2, 5, 10, 20, odd_chip_rule="random")
    with pytest.raises(RulesError, match="burn_cards"):
        Rules(2, 5, 10, 20, burn_cards="yes")
    with pytest.raises(RulesError, match="unknown profile"):
        Rules(2, 5, 10, 20, profile="wsop")
    with pytest.raises(RulesError, match="burn_cards=True"):
        Rules(2, 5, 10, 20, burn_cards=False, seventh_street_shortage="tda_rp10h")
    with pytest.raises(RulesError, match="max_players"):
        Rules(2, 5, 10, 20, max_players=9)
    with pytest.raises(RulesError, match="suit_order"):
        Rules(2, 5, 10, 20, suit_order=("c", "d", "h", "x"))
    assert Rules(1, 0, 10, 20, bring_in_mode="none").has_bring_in is False
    # R2: some forced money; without a bring-in that is a positive ante.
    for no_forced_money in ((0, 0, 10, 20), (0, 5, 10, 20)):
        with pytest.raises(RulesError, match="forced money"):
            Rules(*no_forced_money, bring_in_mode="none")


def test_profiles_are_bundles_of_options() -> None:
    expected = {
        "online": ("community_when_short", "forced_next", "deal_start_seat", "high_card_by_suit",
                   "high_card_in_hand", False, True, False),
        "tda": ("tda_rp10h", "open_left_optional", "last_aggressor_else_first_actor",
                "high_card_by_suit", "high_card_in_hand", False, True, True),
        "roberts": ("tda_rp10h", "open_left_optional", "last_aggressor_else_first_actor",
                    "position", "low_card_all_cards", True, False, True),
    }
    for profile, values in expected.items():
        r = Rules(2, 5, 10, 20, profile=profile)
        assert (
            r.seventh_street_shortage, r.all_in_bring_in, r.showdown_order,
            r.later_street_tiebreak, r.odd_chip_rule, r.heads_up_uncapped, r.face_up_all_in,
            r.burn_cards,
        ) == values
        assert r.options == dict(PROFILES[profile])
    # a profile is only option values: overriding every one gives the same rules
    assert Rules(2, 5, 10, 20, profile="tda", **dict(PROFILES["online"])) == Rules(2, 5, 10, 20)
    assert Rules(2, 5, 10, 20, burn_cards=True).seventh_street_shortage == "tda_rp10h"


def test_rules_frozen_hashable_picklable() -> None:
    r = Rules(2, 5, 10, 20, profile="roberts", max_bets_per_round=5)
    with pytest.raises(AttributeError):
        r.ante = 3
    assert pickle.loads(pickle.dumps(r)) == r
    assert hash(r) == hash(Rules(2, 5, 10, 20, profile="roberts", max_bets_per_round=5))
    assert eval(repr(r), {"Rules": Rules}) == r
    assert r.replace(ante=3).ante == 3 and r.replace(ante=3).max_bets_per_round == 5


def test_rules_standard() -> None:
    r = Rules.standard(10)
    assert (r.ante, r.bring_in, r.small_bet, r.big_bet) == (2, 5, 10, 20)
    r = Rules.standard(20, bring_in_fraction="1/4", ante_fraction=0.1, profile="tda")
    assert (r.ante, r.bring_in, r.big_bet, r.profile) == (2, 5, 40, "tda")
    with pytest.raises(RulesError):
        Rules.standard(10, bring_in_fraction="2/3")


# Hand set-up ---------------------------------------------------------------------


def test_hand_setup_validated() -> None:
    with pytest.raises(RulesError, match="non-negative"):
        Hand(TDA, [10, -1])
    with pytest.raises(RulesError, match="seats with chips"):
        Hand(TDA, [10, 0, 0])
    with pytest.raises(RulesError, match=r"2\.\.8 seats"):
        Hand(TDA, [10] * 9)
    with pytest.raises(RulesError, match="duplicate"):
        Hand(TDA, [10, 10], deck="As As")
    with pytest.raises(RulesError):
        Hand("tda", [10, 10])  # type: ignore[arg-type]


def test_zero_stack_seats_not_dealt_in() -> None:
    h = Hand(TDA, [50, 0, 50], seed=3)
    assert h.dealt_in == (True, False, True) and h.hole_cards(1) == ()
    assert all(not a.startswith("d dh p2") for a in h.history)


def test_same_seed_same_hand_and_system_random() -> None:
    a = play_random(Hand(TDA, [80] * 4, seed=42), random.Random(1))
    b = play_random(Hand(TDA, [80] * 4, seed=42), random.Random(1))
    assert a.history == b.history
    c = play_random(Hand(TDA, [80] * 4, rng=secrets.SystemRandom()), random.Random(2))
    assert c.is_over and sum(c.stacks) == 320


def test_partial_deck_is_completed() -> None:
    h = Hand(TDA, [50, 50], deck="As 2s 3s 4s 5s 6s", seed=1)
    assert h.hole_cards(0) == (3, 11, 19) and h.hole_cards(1) == (7, 15, 23)


def test_deal_start_seat() -> None:
    rules = TDA.replace(deal_start_seat=2)
    h = Hand(rules, [50, 50, 50], deck="As 2s 3s 4s 5s 6s 7s 8s 9s")
    assert h.hole_cards(1)[0] == 3 and h.hole_cards(0)[0] == 11  # seat 2 gets the first card
    assert h.history[0].startswith("d dh p2")


# Actions -------------------------------------------------------------------------


def test_illegal_actions_leave_the_hand_unchanged() -> None:
    h = Hand(TDA, [100] * 3, deck=build_deck(["7c7dKd", "8c8d4c", "9c9d7h"], burns=True))
    h.act("pb")
    before = (h.stacks, h.bets, h.actor, h.history, h.legal_actions())
    for bad in ["cbr 25", "cbr 5", "pb", "x", "", "cbr ten", "p3 cc", "p1 cc", "sm", "cc 5",
                "cbr 10 20", "cbr ²"]:
        with pytest.raises(IllegalActionError):
            h.act(bad)
    with pytest.raises(IllegalActionError, match="allowed: 'f', 'cc', 'cbr 10'"):
        h.act("cbr 30")
    with pytest.raises(IllegalActionError):
        h.complete_bet_or_raise(10.0)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        h.act(None)  # type: ignore[arg-type]
    assert (h.stacks, h.bets, h.actor, h.history, h.legal_actions()) == before
    h.act("p2 cbr 10")
    assert h.actor == 2


def test_method_api_matches_strings() -> None:
    h = Hand(TDA, [100] * 3, deck=build_deck(["7c7dKd", "8c8d4c", "9c9d7h"], burns=True))
    h.post_bring_in()
    h.complete_bet_or_raise()
    h.check_or_call()
    h.fold()
    assert h.history[3:7] == ["p1 pb", "p2 cbr 10", "p3 cc", "p1 f"]
    assert h.street == 4


def test_allow_open_fold() -> None:
    third = ["7c7dKd", "8c8d4c", "9c9d7h"]
    h = Hand(TDA, [100] * 3, deck=build_deck(third, burns=True))
    play(h, "p1 pb, p2 cc, p3 cc")
    with pytest.raises(IllegalActionError, match="check instead"):
        h.act("f")
    h = Hand(TDA.replace(allow_open_fold=True), [100] * 3, deck=build_deck(third, burns=True))
    play(h, "p1 pb, p2 cc, p3 cc")
    assert h.legal_actions()[0] == "f"


def test_call_bring_in_forbidden_and_no_completion_by_bring_in() -> None:
    third = ["7c7dKd", "8c8d4c", "9c9d7h"]
    h = Hand(TDA.replace(allow_call_bring_in=False), [100] * 3, deck=build_deck(third))
    h.act("pb")
    assert h.legal_actions() == ["f", "cbr 10"]
    h = Hand(TDA.replace(bring_in_may_complete=False), [100] * 3, deck=build_deck(third))
    assert h.legal_actions() == ["pb"]


def test_bring_in_tiebreak_position_and_suit_order() -> None:
    third = ["2c3cKc", "4c5cKs", "6c7c9s"]
    assert Hand(TDA, [50] * 3, deck=build_deck(third)).actor == 1
    by_position = TDA.replace(bring_in_tiebreak="position")
    assert Hand(by_position, [50] * 3, deck=build_deck(third)).actor == 0
    reversed_suits = TDA.replace(suit_order=("s", "h", "d", "c"))
    assert Hand(reversed_suits, [50] * 3, deck=build_deck(third)).actor == 0


def test_max_bets_per_round_five() -> None:
    h = Hand(TDA.replace(max_bets_per_round=5), [200] * 4,
             deck=build_deck(["7c7dKd", "8c8d4c", "9c9d7h", "TcTd2s"]))
    play(h, "p1 pb, p2 cbr 10, p3 cbr 20, p4 cbr 30, p1 cbr 40, p2 cbr 50")
    assert h.legal_actions() == ["f", "cc"]


def test_first_actor_all_in_options() -> None:
    # Seat 3 has the best 4th-street board (5-4) but is all-in; seat 2 has the
    # next best (9-2), seat 4 is next clockwise (K-8).
    third = ["KcKdQc", "JcJd9h", "2c3c4c", "TcTd8h"]
    later = [["Qd", "2d", "5c", "Ks"]]
    for option, first in [("skip_clockwise", 3), ("next_best_board", 1)]:
        h = Hand(TDA.replace(first_actor_all_in=option), [100, 100, 7, 100],
                 deck=build_deck(third, later, burns=True))
        play(h, "p1 pb, p2 cc, p3 cc, p4 cc")
        assert h.street == 4 and h.stacks[2] == 0
        assert h.actor == first


# Showdown ------------------------------------------------------------------------


def _to_showdown(rules: Rules, manual_showdown: bool = False) -> Hand:
    h = Hand(rules, [100] * 3, deck=build_deck(
        ["Ac2c3c", "7c7d9h", "8c8dKh"],
        [["4c", "9d", "Qh"], ["5c", "Td", "Jh"], ["6c", "Ts", "Js"], ["Kd", "Qs", "Qd"]],
        burns=rules.burn_cards), manual_showdown=manual_showdown)
    play(h, "p3 pb, p1 cc, p2 cc")
    check_down(h)
    return h


def test_auto_showdown_mucks_losers_and_reveal_all() -> None:
    h = _to_showdown(TDA)
    assert [(e.seat, e.shown) for e in h.showdown] == [(0, True), (1, False), (2, False)]
    assert h.history[-2:] == ["p2 sm", "p3 sm"]
    h = _to_showdown(TDA.replace(reveal_all_at_showdown=True))
    assert all(e.shown for e in h.showdown)
    h = _to_showdown(TDA.replace(losers_may_muck=False))
    assert all(e.shown for e in h.showdown)
    assert h.showdown[0].cards == h.hole_cards(0)


def test_view_hides_down_cards_until_shown() -> None:
    h = _to_showdown(TDA, manual_showdown=True)
    v = h.view(1)
    assert v.cards[0][:2] == (None, None) and v.cards[0][6] is None
    assert v.cards[1] == h.hole_cards(1)
    assert "d dh p1 ????3c" in v.history
    h.act("sm -")
    v = h.view(1)
    assert v.cards[0] == h.hole_cards(0)
    assert v.legal_actions == ("sm 7c7d9h9dTdTsQs", "sm")
    h.act("sm")
    assert h.view(0).cards[1][0] is None  # a mucked hand stays hidden


def _reference_view(h: Hand, seat: int) -> dict[str, object]:
    """What ``h.view(seat)`` must hold, read plainly from the hand's public
    state and its log, every history entry worded for this one view."""
    from razzcore.engine.notation import NOT_ACTIONS, format_entry

    n = len(h.stacks)
    exposed = h._exposed()
    boards = tuple(h.board(s) for s in range(n))
    seen = [list(b) for b in boards]
    for e in h._log:
        if e[0] == "pre":
            seen[e[1]].extend(e[2])
    cards = tuple(
        h.hole_cards(s) if s == seat or exposed[s]
        else tuple(c if c in seen[s] else None for c in h.hole_cards(s))
        for s in range(n)
    )
    return {
        "seat": seat, "street": h.street, "actor": h.actor,
        "legal_actions": tuple(h.legal_actions()) if h.actor == seat else (),
        "stacks": h.stacks, "bets": h.bets, "pots": tuple(h.pots), "boards": boards,
        "cards": cards, "folded": h.folded, "community_card": h.community_card,
        "history": tuple(format_entry(e, seat, exposed, seen) for e in h._log
                         if e[0] not in NOT_ACTIONS),
        "is_over": h.is_over, "payoffs": h.payoffs, "wagers": h._betting_state()[1],
    }


def _check_views(h: Hand) -> None:
    for seat in range(len(h.stacks)):
        view = h.view(seat)
        want = _reference_view(h, seat)
        got = {name: getattr(view, name) for name in want}
        assert got == want, (seat, h.history)
        assert vars(view) == want  # the dataclass's own fields, nothing else
        assert type(view.history) is tuple and type(view.cards) is tuple


@pytest.mark.parametrize("profile", sorted(PROFILES))
@pytest.mark.parametrize("players", [2, 5, 8])
def test_views_hold_what_the_hand_shows_each_seat_after_every_action(
    profile: str, players: int
) -> None:
    rng = random.Random(players * 31 + len(profile))
    for k in range(12):
        manual = k % 3 == 0
        stacks = [rng.choice([6, 30, 200, 1000]) for _ in range(players)]
        h = Hand(Rules(2, 5, 10, 20, profile=profile), stacks, seed=rng.getrandbits(32),
                 manual_showdown=manual)
        _check_views(h)
        while h.actor is not None:
            legal = h.legal_actions()
            action = rng.choice(legal)
            if manual and action.startswith("sm ") and rng.random() < 0.5:
                shown = action.split()[1]
                action = f"sm {shown[:2]}"  # tables one card early: only it shows
                if len(shown) == 2 or rng.random() < 0.3:
                    action = rng.choice(legal)
            h.act(action)
            _check_views(h)
            copy = h.copy()  # a copy's views start from nothing and agree
            if copy.actor is not None:
                copy.act(rng.choice(copy.legal_actions()))
                _check_views(copy)
        _check_views(h)
    # Everyone to 7th street: eight seats run the deck short (the community
    # card, or the TDA re-mix of the burns).
    h = Hand(Rules(2, 5, 10, 20, profile=profile), [1000] * players, seed=players)
    while h.actor is not None:
        h.act("pb" if "pb" in h.legal_actions() else "cc")
        _check_views(h)
    assert players < 8 or profile != "online" or h.community_card is not None


def test_a_view_read_later_holds_the_hand_as_it_was_when_taken() -> None:
    """A view's fields are built on their first read from the state the view
    was taken in: views kept through a hand and read after it moved on, in
    any order and some partly read at once, hold what the hand showed each
    seat then (cards turned face up, tabled at a manual showdown or dealt
    later do not leak into an earlier view)."""
    rng = random.Random(11)
    exposed_later = 0
    for k in range(36):
        players = rng.choice([2, 3, 5, 8])
        manual = k % 3 == 0
        stacks = [rng.choice([6, 30, 200]) for _ in range(players)]
        h = Hand(Rules(2, 5, 10, 20, profile=rng.choice(sorted(PROFILES))), stacks,
                 seed=rng.getrandbits(32), manual_showdown=manual)
        kept = []
        while True:
            for seat in range(players):
                view, want = h.view(seat), _reference_view(h, seat)
                if rng.random() < 0.3:  # read a field now, the rest later
                    name = rng.choice(sorted(want))
                    assert getattr(view, name) == want[name], name
                kept.append((view, want, h._exposed()))
            if h.actor is None:
                break
            legal = h.legal_actions()
            action = rng.choice(legal)
            if manual and action.startswith("sm ") and rng.random() < 0.5:
                shown = action.split()[1]
                if len(shown) > 2:
                    action = f"sm {shown[:2]}"  # one card tabled early
            h.act(action)
        exposed_later += any(was != h._exposed() for _, _, was in kept)
        rng.shuffle(kept)
        for view, want, _ in kept:
            names = sorted(want)
            rng.shuffle(names)
            assert {name: getattr(view, name) for name in names} == want, h.history
            assert vars(view) == want  # every field read: the view holds nothing else
    assert exposed_later  # some views were read after cards turned face up


def test_a_view_read_after_its_hand_started_again_holds_the_first_deal() -> None:
    """Restarting a hand object (``__init__`` again, as unpickling onto it
    does) deals other cards in the same counts: a view of the first deal read
    afterwards still shows that deal, and does not leak it into the new one's."""
    h = Hand(TDA, [100] * 3, seed=1)
    old, want = h.view(1), _reference_view(h, 1)
    h.__init__(TDA, [100] * 3, seed=2)  # type: ignore[misc]
    new = h.view(1)
    assert old.cards == want["cards"] and old.boards == want["boards"]
    assert new.cards == _reference_view(h, 1)["cards"] != want["cards"]
    assert old.history == want["history"] != new.history


def test_a_view_not_read_yet_compares_copies_and_prints_as_a_read_one() -> None:
    import copy
    from dataclasses import FrozenInstanceError, fields

    h = Hand(TDA, [100] * 3, seed=2)
    h.act("pb")
    unread, read = h.view(1), h.view(1)
    for f in fields(read):
        getattr(read, f.name)
    h.act("cc")
    assert unread == read and hash(unread) == hash(read)
    assert repr(unread) == repr(read) and str(h.view(2)) == str(h.copy().view(2))
    for fresh in (h.view(0), h.view(0)):
        assert pickle.loads(pickle.dumps(fresh)) == fresh
        assert copy.copy(fresh) == fresh and copy.deepcopy(fresh) == fresh
        assert "_unread" not in vars(pickle.loads(pickle.dumps(fresh)))  # the hand stays behind
    view = h.view(2)
    with pytest.raises(FrozenInstanceError):
        view.stacks = (0, 0, 0)  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del view.history  # type: ignore[misc]
    assert view.stacks == h.stacks and view.history == _reference_view(h, 2)["history"]


def test_views_share_the_words_of_the_history() -> None:
    """Each history entry is worded once per hand, not once per view: the
    words of a later view are the very strings of an earlier one (of any
    seat, for entries every seat sees alike), so a decision costs the same
    however long the history already is."""
    h = Hand(Rules(2, 5, 10, 20), [1000] * 6, seed=3)
    earlier = {}
    while h.actor is not None:
        for seat in range(6):
            words = h.view(seat).history
            before = earlier.get(seat, ())
            assert all(a is b for a, b in zip(before, words[: len(before)], strict=True)), seat
            earlier[seat] = words
        first, other = h.view(0).history, h.view(1).history
        for a, b in zip(first, other, strict=True):
            assert (a is b) == (a == b), (a, b)  # the same text is the same word
        h.act("pb" if "pb" in h.legal_actions() else "cc")


def test_face_up_all_in_exposes_hands_when_betting_is_over() -> None:
    h = Hand(TDA, [100, 100, 8], deck=build_deck(["Ac2c3c", "7c7d9h", "8c8dKh"]), seed=1)
    play(h, "p3 pb, p1 cc, p2 cbr 10, p3 cc, p1 f")
    assert h.is_over
    assert all(e.shown for e in h.showdown)
    h = Hand(Rules(2, 5, 10, 20, profile="roberts"), [100, 100, 8],
             deck=build_deck(["Ac2c3c", "7c7d9h", "8c8dKh"]), seed=1, manual_showdown=True)
    play(h, "p3 pb, p1 cc, p2 cbr 10, p3 cc, p1 f")
    assert h.view(1).cards[2][0] is None  # roberts: no face-up all-in rule


def test_odd_chip_position_rule() -> None:
    # W10 hand with odd chips by position: seat 1 (first clockwise) gets it
    from test_engine_scenarios import _w10

    h = _w10(TDA.replace(odd_chip_rule="position"))
    assert h.stacks == (236, 148, 63, 193)


def test_copy_is_independent() -> None:
    h = Hand(TDA, [100] * 3, seed=5)
    h.act(h.legal_actions()[0])
    c = h.copy()
    before = (h.stacks, h.history, h.actor)
    play_random(c, random.Random(0))
    assert c.is_over and (h.stacks, h.history, h.actor) == before
    play_random(h, random.Random(0))
    assert h.history == c.history  # same future cards, same choices


def test_absent_players() -> None:
    third = ["2c3cKs", "5c6c4d", "7c9c8c", "TcQcJh"]
    h = Hand(TDA, [100] * 4, deck=build_deck(third), absent=[0])
    assert h.dealt_in == (False, True, True, True)
    h = Hand(TDA.replace(deal_in_absent_players=True), [100] * 4, deck=build_deck(third),
             absent=[0])
    assert h.history[4:6] == ["p1 pb", "p1 f"]
    assert h.contributions[0] == 7 and h.actor == 1
    assert h.legal_actions() == ["f", "cc", "cbr 10"]
    play(h, "p2 cc, p3 cc, p4 cc")
    assert h.street == 4 and h.total_pot == 8 + 20


# A real hand: raise to exactly an opponent's all-in (WSOP 2023 #43, 03-50-24) -----------


PHH_03_50_24 = [
    "d dh p1 8c2h4c", "d dh p2 4h3d8d", "p2 pb", "p1 cbr 300000", "p2 cbr 600000", "p1 cc",
    "d dh p1 Ad", "d dh p2 2s", "p1 cbr 300000", "p2 cbr 600000", "p1 cc",
    "d dh p1 Qd", "d dh p2 Td", "p2 cbr 600000", "p1 cc",
    "d dh p1 Jd", "d dh p2 8s", "p1 cbr 600000", "p2 cbr 750000", "p1 cc",
    "p2 sm 4h3d8d2sTd8s", "p1 sm 8c2h4cAdQdJd", "d dh p1 Kh", "d dh p2 7h",
    "p1 sm 8c2h4cAdQdJdKh", "p2 sm 4h3d8d2sTd8s7h",
]


PHH_LATER = [["Ad", "2s"], ["Qd", "Td"], ["Jd", "8s"], ["Kh", "7h"]]


def test_phh_raise_to_opponents_all_in_is_accepted() -> None:
    rules = Rules(100000, 100000, 300000, 600000, profile="tda")
    deck = build_deck(["8c2h4c", "4h3d8d"], PHH_LATER, burns=True)
    h = Hand(rules, [2650000, 27050000], deck=deck, manual_showdown=True, replay=True)
    for action in PHH_03_50_24:
        if not action.startswith("d "):
            h.act(action)
    assert h.is_over and h.stacks == (0, 29700000)
    assert [a for a in h.history if not a.startswith("d ")] == [
        a for a in PHH_03_50_24 if not a.startswith("d ")
    ]
    dealt = [a for a in h.history if a.startswith("d ")]
    assert dealt == [a for a in PHH_03_50_24 if a.startswith("d ")]


def test_raise_to_opponents_all_in_only_on_replay() -> None:
    """An explicit amount must be the legal one or the player's own
    all-in; the raise to an opponent's all-in total is PHH replay only (spec
    section 6), never counted as a full wager in play."""
    rules = Rules(2, 5, 10, 20, profile="tda")
    deck = build_deck(["9c9d2c", "QcQhKd"], [["Ac", "Kh"], ["3c", "Qd"]], burns=True)
    h = Hand(rules, [500, 12], deck=deck)
    for action in ("pb", "cc", "cc", "cc"):
        h.act(action)
    assert h.street == 5 and h.stacks == (493, 5)
    assert h.legal_actions() == ["cc", "cbr 20"]
    before = (h.bets, h.stacks, h.history)
    with pytest.raises(IllegalActionError, match="the total is 20"):
        h.act("cbr 5")
    assert (h.bets, h.stacks, h.history) == before
    h.act("cbr 20")
    assert h.bets == (20, 0)


def test_raise_to_opponents_all_in_only_that_amount() -> None:
    rules = Rules(100000, 100000, 300000, 600000, profile="tda")
    deck = build_deck(["8c2h4c", "4h3d8d"], PHH_LATER, burns=True)
    h = Hand(rules, [2650000, 27050000], deck=deck)
    for action in PHH_03_50_24[:18]:
        if not action.startswith("d "):
            h.act(action)
    assert h.legal_actions() == ["f", "cc", "cbr 1200000"]
    with pytest.raises(IllegalActionError):
        h.act("cbr 700000")
    h.act("cbr 1200000")
    h.act("cc")
    assert h.is_over and sum(h.stacks) == 29700000
    assert all(format_card(c) for c in h.hole_cards(0))


def test_engine_doc_examples() -> None:
    import doctest
    import pathlib

    doc = pathlib.Path(__file__).resolve().parent.parent / "docs" / "engine.md"
    if not doc.exists():
        pytest.skip("docs/engine.md is not beside the tests (installed-wheel run)")
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE | doctest.IGNORE_EXCEPTION_DETAIL
    result = doctest.testfile(str(doc), module_relative=False, optionflags=flags)
    assert result.attempted > 0 and result.failed == 0


def test_copy_copies_every_field() -> None:
    """The C struct byte for byte, the history, the awards and the options the
    hand was made with; acting on the copy leaves the original as it was."""
    h = Hand(TDA, [100] * 4, seed=9, manual_showdown=True, absent=[3], replay=True)
    c = h.copy()
    assert c._raw() == h._raw()
    assert (c.history, c.awards, c.absent, c.rules) == (h.history, h.awards, h.absent, h.rules)
    assert (c._deck, c._replay) == (h._deck, h._replay)
    before = h._raw()
    c.act(c.legal_actions()[0])
    assert h._raw() == before and c._raw() != before


def test_a_seat_that_is_not_at_the_table_is_a_seat_error() -> None:
    from razzcore.errors import RulesError, SeatError

    h = Hand(Rules(2, 5, 10, 20), [50, 50, 50], seed=1)
    for call in (h.view, h.board, h.hole_cards):
        with pytest.raises(SeatError, match=r"no seat 5: this table has seats 0\.\.2 \(0-based"):
            call(5)
        with pytest.raises(IndexError):
            call(-1)
        with pytest.raises(RulesError, match="a seat is an int index"):
            call("1")  # type: ignore[arg-type]


def test_every_reason_the_engine_gives_is_worded() -> None:
    from razzcore._core import ENGINE_REASONS
    from razzcore.engine.hand import _WHY

    worded_apart = {"over", "showdown", "no_post", "amount", "capped",  # in Hand._step/_refuse
                    "not_showdown", "decided", "no_muck", "turn"}  # in Hand._act_show
    assert set(ENGINE_REASONS) >= worded_apart
    assert {k for k, v in ENGINE_REASONS.items() if v in _WHY} == set(ENGINE_REASONS) - worded_apart
    codes = list(ENGINE_REASONS.values())
    assert len(set(codes)) == len(codes) and 0 not in codes


def test_numpy_seats_and_amounts_are_plain_ints() -> None:
    np = pytest.importorskip("numpy")
    h = Hand(Rules(2, 5, 10, 20), [50, 50, 50], deck="2c 3c 4c 5c 6c 7c Kd 2d 3d",
             absent=np.array([2]))
    assert h.absent == (2,) and h.dealt_in == (True, True, False)
    h = Hand(Rules(2, 5, 10, 20), [50, 50, 50], deck="2c 3c 4c 5c 6c 7c Kd 2d 3d",
             absent=[np.int64(1)])
    assert h.absent == (1,)
    h.complete_bet_or_raise(np.int64(10))
    assert sorted(h.bets) == [0, 0, 10] and h.history[-1].endswith("cbr 10")
    with pytest.raises(RulesError, match="absent seats"):
        Hand(Rules(2, 5, 10, 20), [50, 50, 50], absent=[True])


def test_the_compiled_core_is_bound_to_the_engine_once() -> None:
    from razzcore import _core
    from razzcore.engine import hand, packing, pots, rules

    pieces = (rules.Rules, pots.Award, packing.pack_rules, packing.pack_rake,
              packing.check_player_count)
    _core.bind_engine(*pieces)  # the same pieces again: nothing changes
    with pytest.raises(RuntimeError, match="already bound"):
        _core.bind_engine(dict, pots.Award, *pieces[2:])
    h = hand.Hand(rules.Rules(2, 5, 10, 20), [50, 50], seed=1, rake=[1, 0])
    assert h.actor is not None
