"""The PHH replay (the compiled loop, HandCore._replay_run, and the
compiled deck layout, replay_deck) against the plain Python replay kept as
an oracle in tests/phh_replay_oracle.py: the same final state, the same
steps shown to an observer, the same error words."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from phh_replay_oracle import _Replay, oracle_replay

from razzcore import phh, pokerstars
from razzcore._core import REPLAY_DEAL, REPLAY_MISPLACED, REPLAY_PENDING, replay_deck
from razzcore.engine.hand import Hand
from razzcore.engine.notation import parse_action
from razzcore.engine.rules import Rules
from razzcore.errors import PHHError

TESTS = Path(__file__).parent


def compiled(hh: phh.HandHistory) -> tuple[int, int]:
    rp = _Replay(hh.actions, hh._parsed_actions(), hh.starting_stacks, hh.rules(),
                 hh._absent(), hh.rake)
    return rp._new_hand()._replay_run(list(hh._parsed_actions()))


def state(hand: Hand) -> tuple:
    return hand._log, hand.stacks, hand._awards, hand.is_over, hand.actor


def outcome(replay, hh, **options):
    """The final state of a replay, or its error's words and action."""
    try:
        return state(replay(hh, **options))
    except PHHError as exc:
        return str(exc), exc.action_index


def product(hh, **options):
    return hh.replay(**options)


def histories():
    np = pytest.importorskip("numpy")
    assert np
    from razzcore.sim import simulate

    out = played()
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


def played(count: int = 150) -> list[phh.HandHistory]:
    """Hands of random legal actions (mostly calls, so that full tables reach
    7th street and the R18 shortage), some with seats sitting out."""
    rnd = random.Random(11)
    out = []
    for k in range(count):
        n = rnd.randint(2, 8)
        rules = Rules(2, 5, 10, 20, profile=rnd.choice(["tda", "roberts"]),
                      deal_in_absent_players=rnd.random() < 0.5,
                      burn_cards=rnd.random() < 0.7)
        absent = rnd.sample(range(n), rnd.randint(0, n - 2)) if rnd.random() < 0.4 else []
        hand = Hand(rules, [rnd.choice([40, 200, 400]) for _ in range(n)], seed=k, absent=absent)
        while hand.actor is not None:
            legal = hand.legal_actions()
            calm = [t for t in legal if t in ("cc", "pb")]
            hand.act(rnd.choice(calm if calm and rnd.random() < 0.85 else legal))
        out.append(phh.loads(phh.dumps(hand)))
    return out


def broken(hh: phh.HandHistory, rnd: random.Random) -> phh.HandHistory:
    """``hh`` with one action line dropped, repeated or moved, or the last
    card of a deal or show line changed."""
    actions = list(hh.actions)
    i = rnd.randrange(len(actions))
    how = rnd.randrange(4)
    if how == 0:
        del actions[i]
    elif how == 1:
        actions.insert(i, actions[i])
    elif how == 2 or not (actions[i].startswith("d dh") or " sm " in actions[i]):
        actions.insert(rnd.randrange(len(actions)), actions.pop(i))
    else:
        actions[i] = actions[i][:-2] + rnd.choice(["2c", "3d", "Ah", "Ks", "7c", "??", "5h"])
    return phh.HandHistory(hh.antes, hh.bring_in, hh.small_bet, hh.big_bet,
                           hh.starting_stacks, actions, user_fields=hh.user_fields)


def test_replay_ends_in_the_oracles_state():
    taken = 0
    for hh in histories():
        assert outcome(product, hh) == outcome(oracle_replay, hh)
        taken += compiled(hh)[0] < 0
    assert taken > 400


@pytest.mark.parametrize("options", [{}, {"profile": "roberts"}, {"burn_cards": False}])
def test_replay_under_other_rules_ends_in_the_oracles_state(options):
    for hh in histories()[::3]:
        assert outcome(product, hh, **options) == outcome(oracle_replay, hh, **options)


def test_broken_histories_fail_with_the_oracles_words():
    rnd = random.Random(7)
    refused = 0
    for hh in histories():
        if not hh.actions:
            continue
        for _ in range(3):
            bad = broken(hh, rnd)
            want = outcome(oracle_replay, bad)
            assert outcome(product, bad) == want, bad.actions
            refused += isinstance(want[0], str)
    assert refused > 300


def steps(replay, hh) -> list[tuple]:
    seen: list[tuple] = []
    replay(hh, observe=lambda i, hand: seen.append((i, *state(hand))))
    return seen


def test_an_observer_sees_the_oracles_steps():
    for hh in histories()[::7]:
        assert steps(lambda h, **o: h.replay(**o), hh) == steps(oracle_replay, hh)


def test_replay_stops_at_a_misplaced_deal_line_with_the_words_of_the_dealer():
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


def test_replay_stops_at_an_illegal_action_with_the_engines_reason():
    hh = phh.HandHistory([2, 2], 5, 10, 20, [100, 100],
                         ["d dh p1 2c3c4c", "d dh p2 5c6cKd", "p1 cc"])
    index, code = compiled(hh)
    assert index == 2 and code > 0
    with pytest.raises(PHHError, match="action 3 'p1 cc': it is p2's turn, not p1's"):
        hh.replay()


def test_a_replay_run_goes_on_only_from_where_one_began():
    hand = Hand(Rules(2, 5, 10, 20), [100, 100], seed=1, manual_showdown=True, replay=True)
    with pytest.raises(ValueError, match="begins at action 0"):
        hand._replay_run([parse_action("p1 f")], 1)


def test_a_card_dealt_from_another_deck_position_is_swapped_in():
    hh = phh.HandHistory([2, 2], 5, 10, 20, [100, 100],
                         ["d dh p1 2c3c4c", "d dh p2 5c6cKd", "p2 pb", "p1 cbr 10", "p2 f"])
    hand = Hand(hh.rules(), [100, 100], deck="5c2c3c6c4cKd", manual_showdown=True, replay=True)
    assert hand._replay_run(list(hh._parsed_actions())) == (0, REPLAY_MISPLACED)
    assert hand._replay_state()[6:] == (16, 4)  # 5c dealt where the history has 2c
    assert state(hh.replay()) == state(oracle_replay(hh))


def test_deck_layout_is_the_oracles_layout():
    laid = 0
    for hh in histories():
        for options in ({}, {"profile": "roberts"}, {"burn_cards": False}):
            rules = hh.rules(**options)
            rp = _Replay(hh.actions, hh._parsed_actions(), hh.starting_stacks, rules,
                         hh._absent(), hh.rake)
            away = () if rules.deal_in_absent_players else hh._absent()
            deck = replay_deck(list(hh._parsed_actions()), list(hh.starting_stacks),
                               rules.deal_start_seat - 1, rules.burn_cards, away)
            laid += 1
            assert list(deck) == rp.deck
    assert laid > 1000


def test_deck_layout_fills_unknown_cards_with_shown_ones():
    hh = phh.HandHistory([2, 2], 5, 10, 20, [100, 100],
                         ["d dh p1 ????4c", "d dh p2 5c6cKd", "p2 pb", "p1 cbr 10", "p2 f",
                          "p1 sm 2c3c4c"])
    deck = replay_deck(list(hh._parsed_actions()), [100, 100], 0, True, ())
    assert list(deck)[:2] == [4, 16]  # 2c, then p2's 5c (seat order, first pass)


def test_deck_layout_names_the_line_that_deals_a_card_twice():
    actions = [parse_action(a) for a in ["d dh p1 2c3c4c", "d dh p2 2c6cKd"]]
    assert replay_deck(actions, [100, 100], 0, True, ()) == (1, 4)  # 2c


@pytest.mark.parametrize("actions", [
    ["d dh p1 2c3c4c5c6c7c8c9c"],  # more than 7 cards
    ["d dh p1 2c3c4c", "d db Kd", "d db Qd"],  # two board cards
    ["d dh p3 2c3c4c", "d dh p1 5c"],  # a seat off the table
])
def test_deck_layout_lays_out_what_the_replay_then_refuses(actions):
    parsed = [parse_action(a) for a in actions]
    for burn in (False, True):
        rp = _Replay(actions, parsed, [100, 100], Rules(2, 5, 10, 20, burn_cards=burn), ())
        assert list(replay_deck(parsed, [100, 100], 0, burn, ())) == rp.deck


def _compiled_or_grammar(line: str) -> None:
    """The compiled reading of an action line is None (left to the grammar)
    or the very record the grammar reads (notation._read_action)."""
    from razzcore._core import _parse_action_line
    from razzcore.engine import notation

    fast = _parse_action_line(line, notation.Action)
    try:
        want = notation._read_action(line)
    except PHHError:
        assert fast is None, line
        return
    assert fast is None or (fast == want and repr(fast) == repr(want)), line


@pytest.mark.parametrize("line", [
    "d dh p1 KcJd2d", "d dh p9 ??Kd", "d dh p2 ????", "d dh p3 Ac2c3c4c5c6c7c8c", "d dh p1 ?c",
    "d dh p1 Kx", "d dh p0 Ac", "d dh p1 Ac # c", "d dh p1  Ac", "d dh p12 Ac", "d dh p1 ",
    "d dh p1 Ac2", "d db 7h", "p1 f", "p2 cc", "p3 pb", "p4 sm", "p5 sm -", "p6 sm 2c3c??",
    "p7 sm 2c3", "p1 cbr 0", "p1 cbr 010", "p1 cbr 123456789012345678",
    "p1 cbr 1234567890123456789", "p1 cbr", "p1 cbr 1x", "p1 cbr ٣", "p0 f", "p1 ff", "p1 f ",
    "p1 sd", "p10 cc", "p1  cc", "p1 cc # call", "# only", "", "p1 sm --", "p1 sm Ac-",
])
def test_action_lines_read_by_compiled_code_are_read_as_the_grammar_reads_them(line):
    _compiled_or_grammar(line)


_ACTION_PIECES = ["d", " ", "dh", "db", "p", "p1", "p9", "p0", "1", "0", "f", "cc", "pb", "cbr",
                  "sm", "-", "??", "?", "Ac", "Kd", "2c", "T", "s", "#", "x", "9" * 19, "é"]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_ACTION_PIECES), max_size=8))
def test_action_soup_is_read_by_compiled_code_as_the_grammar_reads_it_or_left(pieces):
    _compiled_or_grammar("".join(pieces))
