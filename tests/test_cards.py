"""Cards: parsing with unknown cards (``??``), the Cards tuple and the Deck."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from razzcore import Deck, Hand, Rules
from razzcore.cards import (
    UNKNOWN,
    Cards,
    card,
    format_card,
    parse_card,
    parse_cards,
    parse_cards_or_unknown,
)
from razzcore.errors import CardError
from razzcore.show import svg


def test_unknown_cards_parse_to_none_in_every_form() -> None:
    assert UNKNOWN == "??"
    assert parse_cards_or_unknown("?? ?? 7h") == (None, None, parse_card("7h"))
    assert parse_cards_or_unknown("????7h") == (None, None, parse_card("7h"))
    assert parse_cards_or_unknown(["??", " ?? ", None, 5, "10h"]) == (None, None, None, 5, 38)
    assert parse_cards_or_unknown(b"\x00\x33") == (0, 51)
    assert parse_cards_or_unknown("") == ()


@given(st.lists(st.one_of(st.none(), st.integers(0, 51)), max_size=9))
def test_text_round_trips_with_unknown_cards(cards: list[int | None]) -> None:
    text = " ".join(UNKNOWN if c is None else format_card(c) for c in cards)
    assert parse_cards_or_unknown(text) == tuple(cards)
    known = [c for c in cards if c is not None]
    assert parse_cards_or_unknown(known) == parse_cards(known)


@pytest.mark.parametrize(
    ("cards", "match"),
    [("?? Zz", r"bad card 'Zz' in '\?\? Zz'.*\?\? for an unknown"), ("?", "bad card '\\?'"),
     (["??", "1x"], "bad card"), ([52], "outside 0..51"), (7, "expected cards"),
     (object(), "expected cards"), ([True], "card code")],
)
def test_bad_cards_among_unknown_ones_are_named(cards: object, match: str) -> None:
    with pytest.raises(CardError, match=match):
        parse_cards_or_unknown(cards)  # type: ignore[arg-type]


def test_equity_and_pictures_read_unknown_cards_the_same_way() -> None:
    from razzcore import equity

    hand = "?? ?? 4h 5d"
    assert equity([hand, "?? ?? 9c 2s"], trials=200, seed=1).hands[0] == hand
    assert svg.cards(hand).count("face-down card") == 2
    assert str(Cards(hand)) == hand
    with pytest.raises(CardError):
        svg.cards("?? Zz")


def test_cards_tuple_prints_as_text_and_draws_as_cards() -> None:
    c = Cards("As 2d ??")
    assert tuple(c) == (3, 5, -1) and str(c) == "As 2d ??" and repr(c) == "Cards('As 2d ??')"
    assert c._repr_svg_() == svg.cards("As 2d ??")
    assert Cards() == () and Cards([51, None]) == (51, -1)
    assert svg.Cards is Cards  # the old home still imports


def test_deck_shuffles_like_the_engine() -> None:
    """A hand seeded with a generator deals what Deck.shuffled puts on top."""
    rules = Rules(1, 2, 4, 8)
    for seed in range(20):
        n = 2 + seed % 7
        dealt = Hand(rules, [100] * n, rng=random.Random(seed))
        stacked = Hand(rules, [100] * n, deck=Deck.shuffled(random.Random(seed)).remaining())
        while dealt.actor is not None:
            legal = dealt.legal_actions()
            action = "cc" if "cc" in legal else legal[0]
            dealt.act(action)
            stacked.act(action)
        assert dealt.history == stacked.history
        assert [dealt.hole_cards(s) for s in range(n)] == [stacked.hole_cards(s) for s in range(n)]


def test_deck_deals_in_order_and_excludes_cards() -> None:
    deck = Deck.shuffled(random.Random(3), exclude="As Kd")
    rest = deck.remaining()
    assert len(rest) == 50 and sorted(rest) == sorted(set(range(52)) - {3, 49})
    assert deck.deal(3) == rest[:3] and len(deck) == 47
    copy = deck.copy()
    assert copy.deal(47) == rest[3:] and len(deck) == 47
    with pytest.raises(CardError, match="only 47 left"):
        deck.deal(48)
    with pytest.raises(CardError, match="duplicate"):
        Deck("As As")


def test_deck_refuses_bad_arguments_by_name() -> None:
    with pytest.raises(CardError, match="rng"):
        Deck.shuffled(1)  # type: ignore[arg-type]
    for bad in (2.0, "2", None, True):
        with pytest.raises(CardError, match="number of cards"):
            Deck().deal(bad)  # type: ignore[arg-type]


def test_card_numbers_take_numpy_integers() -> None:
    np = pytest.importorskip("numpy")
    assert card(np.int64(12), np.uint8(3)) == 51 and type(card(np.int8(0), np.int8(0))) is int
    assert Deck().deal(np.int64(2)) == Deck().deal(2)
    for bad in (True, 1.0, np.float64(1), np.bool_(True)):
        with pytest.raises(CardError, match="no card has rank"):
            card(bad, 0)  # type: ignore[arg-type]
        with pytest.raises(CardError, match="no card has suit"):
            card(0, bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cards", "match"),
    [("11h 2d 3c", r"bad card '11h' in '11h 2d 3c'"),
     ("As 1h", r"bad card '1h' in 'As 1h'"),
     ("As2d1x", r"bad card '1x' in 'As2d1x':"),
     ("As2d11h 4c", r"bad card '11' in 'As2d11h' \(of 'As2d11h 4c'\)")],
)
def test_a_bad_card_is_named_by_the_whole_token_written(cards: str, match: str) -> None:
    with pytest.raises(CardError, match=match):
        parse_cards(cards)
    with pytest.raises(CardError, match=match):
        parse_cards_or_unknown(cards)
