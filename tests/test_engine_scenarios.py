"""The worked scenarios W1-W17 of the rules reference (docs/rules.md §4)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from engine_support import build_deck, check_down, play

from razzcore.cards import parse_card
from razzcore.engine.hand import Hand
from razzcore.engine.pots import Pot
from razzcore.engine.rules import Rules
from razzcore.errors import IllegalActionError

TDA = Rules(2, 5, 10, 20, profile="tda")
ROBERTS = Rules(2, 5, 10, 20, profile="roberts")


def hand(
    rules: Rules, stacks: list[int], third: list[str],
    later: Sequence[Sequence[str]] = (), **kw: Any,
) -> Hand:
    return Hand(rules, stacks, deck=build_deck(third, later, burns=rules.burn_cards), **kw)


# W1 ---------------------------------------------------------------------------

W1 = ["2c3d7d", "4h5sKc", "6c8hAs", "9dTcKh", "JdQs9s"]


def test_w1_bring_in_by_suit_and_order() -> None:
    h = hand(TDA, [100] * 5, W1)
    assert h.actor == 3 and h.legal_actions() == ["pb", "cbr 10"]
    assert h.total_pot == 10
    h.act("pb")
    assert h.total_pot == 15
    order = []
    for _ in range(4):
        order.append(h.actor)
        h.act("cc")
    assert order == [4, 0, 1, 2]
    assert h.street == 4


def test_w1_bring_in_acts_again_after_completion() -> None:
    h = hand(TDA, [100] * 5, W1)
    play(h, "p4 pb, p5 cbr 10, p1 cc, p2 cc, p3 cc")
    assert h.actor == 3 and h.legal_actions() == ["f", "cc", "cbr 20"]


# W2 ---------------------------------------------------------------------------


def test_w2_no_option_for_the_bring_in() -> None:
    h = hand(TDA, [100] * 4, ["7c7dQs", "8c8d3h", "9c9d6c", "TcTd2d"], [["Kd", "Ac", "8s", "5h"]])
    play(h, "p1 pb, p2 cc, p3 cc, p4 cc")
    assert h.street == 4 and h.total_pot == 28
    assert h.history[4:8] == ["p1 pb", "p2 cc", "p3 cc", "p4 cc"]
    assert h.actor == 1 and h.legal_actions() == ["cc", "cbr 10"]


# W3 ---------------------------------------------------------------------------


def test_w3_completion_is_the_bet_and_cap() -> None:
    h = hand(TDA, [100] * 4, ["7c7dKd", "8c8d4c", "9c9d7h", "TcTd2s"])
    play(h, "p1 pb, p2 cbr 10, p3 cbr 20, p4 cbr 30, p1 cbr 40")
    assert h.actor == 1 and h.legal_actions() == ["f", "cc"]
    with pytest.raises(IllegalActionError, match="capped"):
        h.act("cbr")
    play(h, "p2 cc, p3 cc, p4 cc")
    assert h.street == 4 and h.total_pot == 168


def test_w3b_bring_in_completes() -> None:
    h = hand(TDA, [100] * 3, ["7c7d5c", "8c8dKh", "9c9h9d"])
    play(h, "p2 cbr 10, p3 cbr 20, p1 cbr 30, p2 cbr 40")
    assert h.legal_actions() == ["f", "cc"]
    play(h, "p3 cc, p1 cc")
    assert h.street == 4 and h.total_pot == 126


# W4 ---------------------------------------------------------------------------


def _w4(rules: Rules) -> Hand:
    h = hand(
        rules,
        [500] * 5,
        ["7c7dKd", "Ac2c3c", "8c8dQh", "9c9dJh", "TcTd8h"],
        [["4c", "9h"], ["5c", "Th"], ["6c", "Jc"], ["7s", "Js"]],
    )
    play(h, "p1 pb, p2 cbr 10, p3 f, p4 f, p5 cc, p1 f, p2 cc, p5 cc")
    play(h, "p2 cbr 20, p5 cbr 40, p2 cbr 60, p5 cbr 80")
    return h


def test_w4_heads_up_capped_in_tda() -> None:
    h = _w4(TDA)
    assert h.actor == 1 and h.legal_actions() == ["f", "cc"]
    h.act("cc")
    assert h.street == 6


def test_w4_heads_up_uncapped_in_roberts() -> None:
    h = _w4(ROBERTS)
    assert h.legal_actions() == ["f", "cc", "cbr 100"]
    play(h, "p2 cbr 100, p5 cbr 120, p2 cbr 140")
    assert h.legal_actions() == ["f", "cc", "cbr 160"]


def _w4_three(rules: Rules) -> Hand:
    h = hand(
        rules,
        [500] * 3,
        ["Ac2c3c", "7c7d8h", "9c9dKh"],
        [["4c", "9h", "Qh"], ["5c", "Th", "Jh"], ["6c", "Jc", "Js"], ["7s", "8s", "9s"]],
    )
    play(h, "p3 pb, p1 cc, p2 cc, p1 cc, p2 cc, p3 cc")
    return h


def test_w4b_capped_multiway_stays_capped() -> None:
    h = _w4_three(ROBERTS)
    play(h, "p1 cbr 20, p2 cbr 40, p3 cbr 60, p1 cbr 80, p2 f")
    assert h.actor == 2 and h.legal_actions() == ["f", "cc"]


def test_w4c_heads_up_before_cap_is_uncapped() -> None:
    h = _w4_three(ROBERTS)
    play(h, "p1 cbr 20, p2 f, p3 cbr 40, p1 cbr 60, p3 cbr 80")
    assert h.actor == 0 and h.legal_actions() == ["f", "cc", "cbr 100"]


def test_heads_up_max_bets_option() -> None:
    h = _w4(TDA.replace(heads_up_max_bets=5))
    assert h.legal_actions() == ["f", "cc", "cbr 100"]
    play(h, "p2 cbr 100")
    assert h.legal_actions() == ["f", "cc"]


# W5, W6 -----------------------------------------------------------------------

W5 = ["5c5d2c", "6c6d7h", "9c9d8c", "TcTd3c", "JcJd7s", "QcQd3d", "6h6sAc", "ThTsKs"]


@pytest.mark.parametrize(
    ("rules", "order"), [(TDA, [4, 6, 7, 1, 2]), (ROBERTS, [1, 2, 4, 6, 7])]
)
def test_w5_tie_for_first_action(rules: Rules, order: list[int]) -> None:
    h = hand(rules, [100] * 8, W5, [["4d", "2d", "4c", "Ad", "Qh"]])
    play(h, "p8 pb, p1 f, p2 cc, p3 cc, p4 f, p5 cc, p6 f, p7 cc")
    seen = []
    while h.street == 4:
        seen.append(h.actor)
        h.act("cc")
    assert seen == order


def test_w6_board_ranking() -> None:
    h = hand(
        TDA, [100] * 4, ["6c6d2s", "7c7dQs", "8c8dKd", "9c9d5h"],
        [["2h", "Qc", "4h"], ["As", "Jh", "3h"]],
    )
    play(h, "p3 pb, p4 cc, p1 cc, p2 f, p4 cc, p1 cc, p3 cc")
    assert h.street == 5 and h.actor == 3


# W7 ---------------------------------------------------------------------------

W7 = ["2c3cKs", "5c6c4d", "7c9c8c", "TcQcJh"]


def test_w7_bring_in_owner_all_in_open_left_optional() -> None:
    h = hand(TDA, [2, 100, 100, 100], W7)
    assert h.actor == 1 and h.legal_actions() == ["f", "pb", "cbr 10"]
    with pytest.raises(IllegalActionError):
        h.act("cc")
    play(h, "p2 f, p3 pb, p4 cc")
    assert h.street == 4
    assert h.pots == [Pot(8, (0, 2, 3)), Pot(10, (2, 3))]
    assert h.history[4:7] == ["p2 f", "p3 pb", "p4 cc"]


def test_w7b_forced_next() -> None:
    for rules in (TDA.replace(all_in_bring_in="forced_next"), Rules(2, 5, 10, 20)):
        h = hand(rules, [2, 100, 100, 100], W7)
        assert h.actor == 1 and h.legal_actions() == ["pb", "cbr 10"]
        with pytest.raises(IllegalActionError, match="bring-in"):
            h.act("f")


def test_w7c_everyone_folds_to_the_all_in_player() -> None:
    h = hand(TDA, [2, 100, 100, 100], W7)
    play(h, "p2 f, p3 f, p4 f")
    assert h.is_over and h.stacks == (8, 98, 98, 98)
    assert h.payoffs == (6, -2, -2, -2)
    assert h.showdown == []


def test_w7_single_opener_gets_wager_back() -> None:
    h = hand(TDA, [2, 100, 100, 100], W7)
    play(h, "p2 f, p3 pb, p4 f")
    assert h.street == 7 and h.is_over
    assert sum(h.stacks) == 302


# W8 ---------------------------------------------------------------------------

W8_RULES = Rules(3, 5, 15, 30, profile="tda")
W8 = ["2c3cQd", "5c6c9c", "7c8c4s", "TcJc6h"]


def test_w8_short_all_in_after_bring_in() -> None:
    h = hand(W8_RULES, [100, 10, 100, 100], W8)
    h.act("pb")
    assert h.legal_actions() == ["f", "cc", "cbr 7"]
    h.act("cbr 7")
    assert h.legal_actions() == ["f", "cc", "cbr 15"]
    play(h, "p3 cc, p4 cbr 15")
    assert h.legal_actions() == ["f", "cc", "cbr 30"]
    h.act("cc")
    assert h.actor == 2 and h.legal_actions() == ["f", "cc", "cbr 30"]
    h.act("cc")
    assert h.street == 4
    assert h.contributions == (18, 10, 18, 18)
    assert h.pots == [Pot(40, (0, 1, 2, 3)), Pot(24, (0, 2, 3))]


def test_w8b_half_bet_all_in_is_the_completion() -> None:
    h = hand(W8_RULES, [100, 11, 100, 100], W8)
    play(h, "p1 pb, p2 cbr 8")
    assert h.legal_actions() == ["f", "cc", "cbr 23"]
    play(h, "p3 cc, p4 cc")
    assert h.actor == 0 and h.legal_actions() == ["f", "cc"]


def test_w8b_completion_increment_measure() -> None:
    rules = W8_RULES.replace(short_completion_measure="completion_increment")
    h = hand(rules, [100, 11, 100, 100], W8)
    play(h, "p1 pb, p2 cbr 8")
    assert h.legal_actions() == ["f", "cc", "cbr 15"]


# W9 ---------------------------------------------------------------------------

W9 = ["2c3cAc", "2d3d9h", "2h3hTh", "2s3sKh"]
W9_LATER = [["4c", "8c", "8d", "8s"], ["5c", "7c", "7d", "7s"]]


def _w9(stacks: list[int], street: int) -> Hand:
    h = hand(TDA, stacks, W9, W9_LATER)
    play(h, "p4 pb, p1 cc, p2 cc, p3 cc")
    if street == 5:
        play(h, "p1 cc, p2 cc, p3 cc, p4 cc")
    assert h.street == street and h.actor == 0
    return h


def test_w9a_short_all_in_does_not_reopen() -> None:
    h = _w9([200, 200, 34, 200], 5)
    play(h, "p1 cbr 20, p2 cc, p3 cbr 27")
    assert h.legal_actions() == ["f", "cc", "cbr 40"]
    h.act("cc")
    assert h.actor == 0 and h.legal_actions() == ["f", "cc"]
    h.act("cc")
    assert h.legal_actions() == ["f", "cc"]
    h.act("cc")
    assert h.street == 6 and h.total_pot == 28 + 108


def test_w9b_full_raise_reopens() -> None:
    h = _w9([200, 200, 34, 200], 5)
    play(h, "p1 cbr 20, p2 cc, p3 cbr 27, p4 cbr 40")
    assert h.legal_actions() == ["f", "cc", "cbr 60"]


def test_w9c_half_bet_all_in_is_a_raise() -> None:
    h = _w9([200, 200, 37, 200], 5)
    play(h, "p1 cbr 20, p2 cc, p3 cbr 30")
    assert h.legal_actions() == ["f", "cc", "cbr 50"]
    h.act("cc")
    assert h.legal_actions() == ["f", "cc", "cbr 50"]
    h.act("cc")
    assert h.legal_actions() == ["f", "cc", "cbr 50"]


def test_w9d_short_all_in_bet_fourth_street() -> None:
    h = _w9([200, 11, 200, 200], 4)
    play(h, "p1 cc, p2 cbr 4")
    assert h.legal_actions() == ["f", "cc", "cbr 10"]
    play(h, "p3 cc, p4 cc")
    assert h.actor == 0 and h.legal_actions() == ["f", "cc"]


def test_w9e_half_bet_all_in_bet() -> None:
    h = _w9([200, 13, 200, 200], 4)
    play(h, "p1 cc, p2 cbr 6")
    assert h.legal_actions() == ["f", "cc", "cbr 16"]
    play(h, "p3 cc, p4 cc")
    assert h.actor == 0 and h.legal_actions() == ["f", "cc", "cbr 16"]


def test_full_bet_rule_option() -> None:
    h = hand(TDA.replace(short_all_in_rule="full_bet"), [200, 200, 37, 200], W9, W9_LATER)
    play(h, "p4 pb, p1 cc, p2 cc, p3 cc, p1 cc, p2 cc, p3 cc, p4 cc")
    play(h, "p1 cbr 20, p2 cc, p3 cbr 30, p4 cc")
    assert h.legal_actions() == ["f", "cc"]


# W10 --------------------------------------------------------------------------

W10 = ["Ac7c4s", "3d6s8h", "Ah2s7d", "TcJdKs"]
W10_LATER = [["5c", "2c", "4h"], ["2d", "8c", "5d"], ["Kh", "Td", "Jc"], ["Qd", "9d", "9s"]]


def _w10(rules: Rules, **kw: bool) -> Hand:
    h = hand(rules, [200, 200, 40, 200], W10, W10_LATER, **kw)
    play(h, "p4 pb, p1 cbr 10, p2 cc, p3 cc, p4 f")
    assert h.street == 4 and h.total_pot == 43
    play(h, "p1 cc, p2 cc, p3 cc")
    assert h.total_pot == 43
    play(h, "p1 cbr 20, p2 cc, p3 cc")
    assert h.total_pot == 103 and h.stacks[2] == 8
    play(h, "p3 cc, p1 cbr 20, p2 cc, p3 cc")
    assert h.pots == [Pot(127, (0, 1, 2)), Pot(24, (0, 1))]
    play(h, "p1 cc, p2 cc")
    return h


def test_w10_tda() -> None:
    h = _w10(TDA)
    assert h.is_over
    assert [e.seat for e in h.showdown] == [0, 1, 2]
    assert all(e.shown for e in h.showdown)
    assert h.stacks == (235, 148, 64, 193)
    assert sum(h.stacks) == 640


def test_w10_roberts() -> None:
    h = _w10(ROBERTS)
    assert h.stacks == (236, 148, 63, 193)
    assert [(e.seat, e.shown) for e in h.showdown] == [(0, True), (1, False), (2, True)]
    assert h.history[-2] == "p2 sm"


def test_w10_manual_showdown() -> None:
    h = _w10(TDA, manual_showdown=True)
    assert h.actor == 0 and h.legal_actions() == ["sm Ac7c4s5c2dKhQd"]
    with pytest.raises(IllegalActionError):
        h.act("sm")
    h.act("sm Ac7c4s5c2dKhQd")
    assert h.actor == 1 and h.legal_actions() == ["sm 3d6s8h2c8cTd9d"]
    h.act("sm -")
    h.act("p3 sm Ah2s7d4h5dJc9s")
    assert h.is_over and h.stacks == (235, 148, 64, 193)


def test_w10_manual_showdown_roberts_muck() -> None:
    h = _w10(ROBERTS, manual_showdown=True)
    h.act("sm -")
    assert h.legal_actions() == ["sm 3d6s8h2c8cTd9d", "sm"]
    h.act("sm")
    h.act("sm -")
    assert h.stacks == (236, 148, 63, 193)


# W11 --------------------------------------------------------------------------


def _w11(rules: Rules, n: int, fold_third: int = 0, fold_sixth: int = 0) -> Hand:
    h = Hand(rules, [1000] * n, seed=11)
    folded = 0
    while h.street == 3 and h.actor is not None:
        legal = h.legal_actions()
        if "pb" in legal:
            h.act("pb")
        elif folded < fold_third and "f" in legal:
            h.act("f")
            folded += 1
        else:
            h.act("cc")
    check_down(h, 6)
    first6 = h.actor
    if fold_sixth:
        h.act("cbr")
        for _ in range(fold_sixth):
            h.act("f")
    check_down(h, 7)
    if h.community_card is not None and fold_sixth == 0:
        assert h.actor == first6
    check_down(h)
    assert h.is_over and sum(h.stacks) == 1000 * n
    return h


@pytest.mark.parametrize(
    ("n", "fold_third", "fold_sixth", "community", "left"),
    [(8, 0, 0, True, 2), (8, 1, 0, True, 2), (8, 2, 0, False, 3), (8, 3, 0, False, 4),
     (7, 0, 0, False, 2), (8, 0, 2, True, 2)],
)
def test_w11_running_out_tda(
    n: int, fold_third: int, fold_sixth: int, community: bool, left: int
) -> None:
    h = _w11(TDA, n, fold_third, fold_sixth)
    assert (h.community_card is not None) == community
    assert h.cards_left == left
    if community:
        assert any(a.startswith("d db ") for a in h.history)
        assert all(len(h.hole_cards(s)) == 6 for s in range(n) if not h.folded[s])


@pytest.mark.parametrize(
    ("n", "fold_third", "community", "left"), [(8, 0, True, 3), (8, 1, False, 0), (7, 0, False, 3)]
)
def test_w11_running_out_online(n: int, fold_third: int, community: bool, left: int) -> None:
    h = _w11(Rules(2, 5, 10, 20), n, fold_third)
    assert (h.community_card is not None) == community
    assert h.cards_left == left


# W12 --------------------------------------------------------------------------

W12_THIRD = ["Ad2h6d", "As2c6h", "7c7d7h", "8c8d8h", "3c3d3h", "9d9sTh", "JhJs5c", "2d2sKc"]
W12_LATER = [
    ["9c", "9h", "7s", "8s", "3s", "Ts", "5d"],
    ["Ks", "Qc", "Tc", "Jc", "5h", "Qd", "Ac"],
    ["Kd", "Qh", "Td", "Jd", "5s", "Qs", "Ah"],
    ["4h"],
]


@pytest.mark.parametrize(("profile", "odd_to"), [("tda", 1), ("roberts", 0)])
def test_w12_community_card_tie_and_odd_chip(profile: str, odd_to: int) -> None:
    rules = Rules(1, 1, 2, 4, profile=profile)
    h = hand(rules, [100] * 8, W12_THIRD, W12_LATER)
    play(h, "p8 pb, p1 cbr 2, p2 cc, p3 cc, p4 cc, p5 cc, p6 cc, p7 cc, p8 f")
    check_down(h)
    assert h.community_card == parse_card("4h")
    won = {a.seat: a.amount for a in h.awards}
    assert won == {odd_to: 12, 1 - odd_to: 11}


# W14 --------------------------------------------------------------------------

W14 = ["AcAd2s", "3c3s8s", "5c5d2d", "TcTs9d", "JcJs3h", "QcQsKh"]
W14_LATER = [["6h", "7c", "4c"], ["3d", "5h", "4d"], ["2c", "As", "2h"], ["7d", "8c", "9c"]]


def _w14() -> Hand:
    h = hand(TDA, [500] * 6, W14, W14_LATER, manual_showdown=True)
    play(h, "p6 pb, p1 f, p2 cc, p3 f, p4 cc, p5 f")
    check_down(h, 7)
    assert h.street == 7 and h.actor == 1
    return h


def test_w14a_checked_through() -> None:
    h = _w14()
    play(h, "p2 cc, p4 cc, p6 cc")
    assert h.actor == 1 and len(h.legal_actions()) == 1
    h.act("sm -")
    assert h.actor == 3 and h.legal_actions()[-1] == "sm"
    h.act("sm -")
    assert h.actor == 5 and h.legal_actions()[-1] == "sm"


def test_w14b_bettor_shows_first() -> None:
    h = _w14()
    play(h, "p2 cc, p4 cbr 20, p6 cc, p2 f")
    assert h.actor == 3 and len(h.legal_actions()) == 1
    h.act("sm -")
    assert h.actor == 5 and h.legal_actions()[-1] == "sm"


def test_w14c_raiser_shows_first() -> None:
    h = _w14()
    play(h, "p2 cbr 20, p4 cbr 40, p6 f, p2 cc")
    assert h.actor == 3


def test_online_checked_through_shows_from_seat_one() -> None:
    h = hand(Rules(2, 5, 10, 20), [500] * 6, W14, W14_LATER, manual_showdown=True)
    play(h, "p6 pb, p1 f, p2 cc, p3 f, p4 cc, p5 f")
    check_down(h, 8)
    assert h.actor == 1  # seat 2 is the first live seat from seat 1


# W15, W16, W17 ----------------------------------------------------------------


def test_w15_partial_ante_and_short_bring_in() -> None:
    h = hand(TDA, [1, 5, 100, 100], ["2c4c3c", "5c6cKd", "7c8c9s", "TcJc6h"])
    assert h.contributions == (1, 2, 2, 2)
    assert h.actor == 1 and h.legal_actions() == ["pb"]
    h.act("pb")
    assert h.bets[1] == 3
    assert h.legal_actions() == ["f", "cc", "cbr 10"]
    h.act("cc")
    assert h.bets[2] == 5
    play(h, "p4 cbr 10, p3 cc")
    assert h.street == 4
    assert h.contributions == (1, 5, 12, 12)
    assert h.pots == [Pot(4, (0, 1, 2, 3)), Pot(12, (1, 2, 3)), Pot(14, (2, 3))]
    actors = set()
    while h.actor is not None:
        actors.add(h.actor)
        h.act("cc")
    assert actors == {2, 3}
    assert sum(h.stacks) == 206


@pytest.mark.parametrize(
    ("options", "opener"),
    [({}, 2), ({"later_street_tiebreak": "position"}, 1)],
)
def test_w16_ante_only(options: dict[str, str], opener: int) -> None:
    third = ["2c4c9c", "5c6c3d", "7c8c3s", "TcJcQh"]
    for rules in (
        Rules(2, 5, 10, 20, profile="tda", bring_in_mode="none", **options),
        Rules(2, 0, 10, 20, profile="tda", **options),
    ):
        h = hand(rules, [100] * 4, third)
        assert h.actor == opener and h.legal_actions() == ["cc", "cbr 10"]
        for _ in range(4):
            h.act("cc")
        assert h.street == 4 and h.total_pot == 8


def test_w17_uncalled_bet_no_showdown() -> None:
    h = hand(
        TDA, [100] * 3, ["Ac2c3c", "7c7d9h", "8c8dKh"],
        [["4c", "9d", "Qh"], ["5c", "Td", "Jh"], ["6c", "Ts", "Js"]],
    )
    play(h, "p3 pb, p1 cc, p2 cc")
    check_down(h, 6)
    assert h.street == 6 and h.actor == 0
    pot, paid = h.total_pot, h.contributions[0]
    play(h, "p1 cbr 20, p2 f, p3 f")
    assert h.is_over and h.stacks[0] == 100 - paid + pot
    assert len(h.hole_cards(0)) == 6 and h.showdown == []
    assert not any(" sm" in a for a in h.history)


# R13 interpretations ----------------------------------------------------------


@pytest.mark.parametrize(
    ("doors", "fourth", "first"),
    [
        (["8s", "8h"], ["8d", "8c"], 0),  # paired boards: the higher suit of the pair
        (["As", "Ad"], ["5c", "5h"], 1),  # aces low: the fives are compared
    ],
)
def test_r13_ties_by_high_card_by_suit(doors: list[str], fourth: list[str], first: int) -> None:
    third = [f"2c3c{doors[0]}", f"2d3d{doors[1]}", "4c4dKs"]
    h = hand(TDA, [100] * 3, third, [[*fourth, "Kh"]])
    play(h, "p3 pb, p1 cc, p2 cc")
    assert h.street == 4 and h.actor == first
    h = hand(ROBERTS, [100] * 3, third, [[*fourth, "Kh"]])
    play(h, "p3 pb, p1 cc, p2 cc")
    assert h.actor == 0  # position: seat 1 first
