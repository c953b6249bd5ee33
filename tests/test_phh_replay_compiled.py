"""The compiled PHH replay loop (HandCore._replay_run) ends where the
Python replay ends, and stops (for the Python replay to word) where it would."""

from __future__ import annotations

from pathlib import Path

import pytest

from razzcore import phh, pokerstars
from razzcore._core import REPLAY_DEAL, REPLAY_PENDING
from razzcore.engine.rules import Rules
from razzcore.errors import PHHError
from razzcore.histories.replay import _Replay

TESTS = Path(__file__).parent


def compiled(hh: phh.HandHistory) -> tuple[int, int]:
    rp = _Replay(hh.actions, hh._parsed_actions(), hh.starting_stacks, hh.rules(),
                 hh._absent(), hh.rake)
    return rp._new_hand()._replay_run(list(hh._parsed_actions()))


def state(hand):
    return hand._log, hand.stacks, hand._awards, hand.is_over, hand.actor


def python_replay(hh):  # an observer keeps the replay in Python
    return hh.replay(observe=lambda i, hand: None)


def histories():
    np = pytest.importorskip("numpy")
    assert np
    from razzcore.sim import simulate

    out = []
    for players, seed in ((6, 1), (2, 2), (8, 3)):
        result = simulate(Rules(1, 2, 5, 10), [60] * players, 150, policy="basic",
                          record=150, seed=seed)
        out += result.histories
    for path in sorted(TESTS.rglob("*.phh")):
        out.append(phh.loads(path.read_text(encoding="utf-8")))
    for path in sorted((TESTS / "data" / "pokerstars").glob("*.txt")):
        try:
            out += pokerstars.loads(path.read_text(encoding="utf-8"), on_error="skip")
        except Exception:
            continue
    return out


def test_compiled_replay_ends_in_the_python_replays_state():
    taken = 0
    for hh in histories():
        assert state(hh.replay()) == state(python_replay(hh))
        taken += compiled(hh)[0] < 0
    assert taken > 400  # the compiled loop plays the common hand itself


def test_compiled_replay_stops_at_a_misplaced_deal_line_and_the_python_replay_words_it():
    hh = phh.HandHistory([2, 2], 5, 10, 20, [100, 100],
                         ["d dh p1 2c3c4c", "d dh p2 5c6cKd", "p2 pb", "p1 cbr 10", "p2 cc",
                          "d dh p1 7h", "d dh p2 8h", "p1 cbr 10", "p2 f"])
    assert compiled(hh) == (-1, 0)
    hh.actions[5] = "p1 cc"
    assert compiled(hh) == (5, REPLAY_PENDING)
    with pytest.raises(PHHError, match="action 6 'p1 cc': the dealer deals 4th street"):
        hh.replay()
    hh.actions[5] = "d dh p1 7h9h"
    assert compiled(hh) == (5, REPLAY_DEAL)
    with pytest.raises(PHHError, match=r"the dealer has only 1 card\(s\) for p1 here, not 2"):
        hh.replay()


def test_compiled_replay_stops_at_an_illegal_action_with_the_engines_reason():
    hh = phh.HandHistory([2, 2], 5, 10, 20, [100, 100],
                         ["d dh p1 2c3c4c", "d dh p2 5c6cKd", "p1 cc"])
    index, code = compiled(hh)
    assert index == 2 and code > 0
    with pytest.raises(PHHError, match="action 3 'p1 cc': it is p2's turn, not p1's"):
        hh.replay()


def test_compiled_deck_layout_is_the_python_layout():
    laid = 0
    for hh in histories():
        for options in ({}, {"profile": "roberts"}, {"burn_cards": False}):
            rules = hh.rules(**options)
            rp = _Replay(hh.actions, hh._parsed_actions(), hh.starting_stacks, rules,
                         hh._absent(), hh.rake)
            if rp.compiled_deck:
                laid += 1
                assert rp.deck == rp._layout()
    assert laid > 1000


def test_compiled_deck_layout_fills_unknown_cards_with_shown_ones():
    hh = phh.HandHistory([2, 2], 5, 10, 20, [100, 100],
                         ["d dh p1 ????4c", "d dh p2 5c6cKd", "p2 pb", "p1 cbr 10", "p2 f",
                          "p1 sm 2c3c4c"])
    rp = _Replay(hh.actions, hh._parsed_actions(), hh.starting_stacks, hh.rules(),
                 hh._absent(), hh.rake)
    assert rp.compiled_deck and rp.deck == rp._layout()
    assert rp.deck[:2] == [4, 16]  # 2c, then p2's 5c (seat order, first pass)


@pytest.mark.parametrize("actions", [
    ["d dh p1 2c3c4c", "d dh p2 2c6cKd"],  # a card named twice
    ["d dh p1 2c3c4c5c6c7c8c9c"],  # more than 7 cards
    ["d dh p1 2c3c4c", "d db Kd", "d db Qd"],  # two board cards
])
def test_compiled_deck_layout_leaves_errors_to_the_python_layout(actions):
    from razzcore._core import replay_deck
    from razzcore.engine.notation import parse_action

    assert replay_deck([parse_action(a) for a in actions], [100, 100], 0, True, ()) is None


@pytest.mark.parametrize("line", [
    "d dh p1 KcJd2d", "d dh p9 ??Kd", "d dh p2 ????", "d dh p3 Ac2c3c4c5c6c7c8c", "d dh p1 ?c",
    "d dh p1 Kx", "d dh p0 Ac", "d dh p1 Ac # c", "d dh p1  Ac", "d dh p12 Ac",
])
def test_deal_lines_parse_the_same_by_the_fast_and_the_general_reading(line, monkeypatch):
    import re

    from razzcore.engine import notation

    def read(text):
        try:
            return notation._action(text)
        except PHHError as exc:
            return str(exc)

    fast = read(line)
    monkeypatch.setattr(notation, "_DEAL_LINE", re.compile(r"(?!)"))
    assert read(line) == fast
