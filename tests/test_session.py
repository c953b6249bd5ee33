"""A session: hand after hand at one table with the stacks carried over, a
seat played from outside (``razzcore.sim.Session``)."""

from __future__ import annotations

import random

import pytest

from razzcore import BasicRazzPlayer, IllegalActionError, RandomPlayer, RazzError, play, pokerstars
from razzcore.sim import Session


def _play_out(session: Session, choose: random.Random | None = None) -> None:
    """Play the current hand to its end, the outside seat choosing at random
    (or checking and calling)."""
    while True:
        seat = session.advance()
        if seat is None:
            return
        assert session.hand is not None
        legal = session.hand.legal_actions()
        if choose is not None:
            session.act(choose.choice(legal))
        else:
            session.act("cc" if "cc" in legal else legal[0])


def test_stacks_carry_over_from_hand_to_hand() -> None:
    s = Session([None, "basic", "random"], seed=11, stack=300)
    rng = random.Random(1)
    for _ in range(6):
        s.deal()
        _play_out(s, rng)
    assert len(s.hands) == 6
    for before, after in zip(s.hands, s.hands[1:], strict=False):
        assert after.starting_stacks == before.stacks
    assert s.stacks == s.hands[-1].stacks
    assert sum(s.stacks) == 900 and sum(s.results) == 0
    assert s.results == tuple(v - 300 for v in s.stacks)


def test_first_hand_is_play_s_first_hand() -> None:
    """The session deals hand j from the same seeds as play's hand j."""
    s = Session(["basic", "random"], seed=5)
    s.deal()
    s.advance()
    expected = play([BasicRazzPlayer(), RandomPlayer()], 1, seed=5,
                    keep_hands=True).hand_list[0]
    assert s.hands[0].history == expected.history


def test_histories_replay_to_every_hand_s_stacks() -> None:
    s = Session([None, "calldown", "basic"], seed=2, stack=200)
    for _ in range(4):
        s.deal()
        _play_out(s)
    histories = s.histories()
    assert [h.hand for h in histories] == [1, 2, 3, 4]
    assert histories[0].players == ["p1 you", "p2 calldown", "p3 basic"]
    for hh, hand in zip(histories, s.hands, strict=True):
        assert hh.replay().stacks == hand.stacks
        assert list(hh.starting_stacks) == list(hand.starting_stacks)
    again = pokerstars.loads(pokerstars.dumps(histories))
    assert [h.replay().stacks for h in again] == [h.stacks for h in s.hands]


def test_histories_as_a_seat_saw_them() -> None:
    """Another seat's down cards are ?? unless shown; the stacks replay the same."""
    s = Session([None, "calldown", "basic", "random"], seed=8, stack=300)
    rng = random.Random(8)
    for _ in range(8):
        s.deal()
        _play_out(s, rng)
    hidden = 0
    for hh, full, hand in zip(s.histories(0), s.histories(), s.hands, strict=True):
        assert hh.replay().stacks == hand.stacks
        dealt = [a for a in hh.actions if a.startswith("d dh")]
        assert all("??" not in a for a in dealt if a.startswith("d dh p1 "))
        shown = {e.seat for e in hand.showdown if e.shown}
        for other in range(1, 4):
            if other not in shown and hand.dealt_in[other]:
                first = next(a for a in dealt if a.startswith(f"d dh p{other + 1} "))
                assert "????" in first  # its two down cards
                hidden += 1
        assert len(hh.actions) == len(full.actions)
    assert hidden > 0
    again = pokerstars.loads(pokerstars.dumps(s.histories(0)))
    assert [h.replay().stacks for h in again] == [h.stacks for h in s.hands]
    with pytest.raises(RazzError, match="seat must be a seat of the table"):
        s.histories(4)


def test_an_illegal_action_changes_nothing() -> None:
    s = Session([None, "basic"], seed=1)
    hand = s.deal()
    assert s.advance() == 0
    before = (hand.history, hand.stacks, hand.bets)
    with pytest.raises(IllegalActionError):
        s.act("cbr 999")
    with pytest.raises(IllegalActionError):
        s.act("pb")
    assert (hand.history, hand.stacks, hand.bets) == before


def test_only_the_outside_seat_acts_through_act() -> None:
    s = Session([None, "basic"], seed=3)
    hand = s.deal()
    if s.advance(limit=0) == 0:  # the person first: post the bring-in
        s.act(hand.legal_actions()[0])
    assert hand.actor == 1
    with pytest.raises(IllegalActionError, match="not an outside seat's turn"):
        s.act(hand.legal_actions()[0])


def test_deal_is_refused_while_a_hand_runs() -> None:
    s = Session([None, "basic"], seed=4)
    s.deal()
    assert s.in_hand
    with pytest.raises(RazzError, match="still being played"):
        s.deal()


def test_a_broke_seat_ends_the_session_without_rebuys() -> None:
    s = Session([None, "random", "random"], seed=7, stack=25)
    rng = random.Random(7)
    while not s.is_over:
        s.deal()
        _play_out(s, rng)
    assert s.ended is not None and "out of chips" in s.ended
    assert 0 in s.stacks
    with pytest.raises(RazzError, match="session is over"):
        s.deal()


def test_rebuy_tops_a_broke_seat_back_up() -> None:
    s = Session([None, "random", "random"], seed=7, stack=25, rebuy=True, hands=40)
    rng = random.Random(7)
    broke = False
    while not s.is_over:
        hand = s.deal()
        assert 0 not in hand.starting_stacks  # every seat is dealt in
        _play_out(s, rng)
        broke = broke or 0 in s.stacks
    assert broke and sum(s.bought) > 75
    assert s.ended == "all 40 hands were played"
    assert sum(s.results) == 0  # chips neither made nor lost by the table


def test_stop_abandons_the_hand_being_played() -> None:
    s = Session([None, "basic"], seed=9)
    s.deal()
    _play_out(s)
    after_one = s.stacks
    s.deal()
    s.advance()
    s.stop()
    assert s.stacks == after_one and len(s.hands) == 1
    assert s.ended == "the session was stopped"
    assert s.histories()[-1].replay().stacks == after_one


def test_a_seat_played_from_outside_needs_act() -> None:
    s = Session([None, "basic"], seed=1)
    s.deal()
    seat = s.advance()
    assert seat == 0 and s.hand is not None and s.hand.actor == 0
    assert s.advance() == 0  # asking again decides nothing for the person


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"players": ["basic"]}, "2 to 8 players"),
    ({"players": "basic"}, "list of players"),
    ({"players": [None, object()]}, "act(view, legal_actions)"),
    ({"players": [None, "shark"]}, "unknown player 'shark'"),
    ({"players": [None, "basic"], "names": ["a", "a"]}, "differ"),
    ({"players": [None, "basic"], "names": ["a"]}, "2 non-empty strings"),
    ({"players": [None, "basic"], "stack": 0}, "stack must be a positive int"),
    ({"players": [None, "basic"], "hands": 0}, "hands must be an int"),
    ({"players": [None, "basic"], "rebuy": "yes"}, "rebuy must be True or False"),
    ({"players": [None, "basic"], "rules": "online"}, "rules must be a razzcore Rules"),
])
def test_bad_sessions_are_refused_by_name(kwargs: dict[str, object], words: str) -> None:
    players = kwargs.pop("players")
    with pytest.raises(RazzError, match=words.replace("(", r"\(").replace(")", r"\)")):
        Session(players, **kwargs)  # type: ignore[arg-type]


def test_advance_without_a_hand_is_refused() -> None:
    s = Session([None, "basic"])
    with pytest.raises(RazzError, match="deal the next one"):
        s.advance()
    with pytest.raises(RazzError, match="deal the next one"):
        s.act("f")


def test_all_bot_session_plays_like_the_loop_of_play() -> None:
    """Without an outside seat, advance() plays the whole hand."""
    s = Session(["basic", "random", "calldown"], seed=21, stack=500)
    for _ in range(3):
        s.deal()
        assert s.advance() is None
    assert len(s.hands) == 3 and all(h.is_over for h in s.hands)
    assert s.hands[2].starting_stacks == s.hands[1].stacks


def test_a_session_of_one_hand_says_so_in_the_singular() -> None:
    s = Session(["basic", "calldown"], seed=2, hands=1)
    while not s.is_over:
        s.deal()
        s.advance()
    assert s.ended == "the one hand was played"
