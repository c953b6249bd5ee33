"""SVG pictures and plain-text snapshots of cards, lows and hands."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

import pytest
from engine_support import play_players

from razzcore.cards import format_card, parse_cards
from razzcore.engine.hand import Hand
from razzcore.engine.players import BasicRazzPlayer
from razzcore.engine.rules import Rules
from razzcore.errors import CardError, RazzError
from razzcore.evaluator import LowHand
from razzcore.show import svg
from razzcore.show.svg import Cards, Svg
from razzcore.show.table import hand_text, table

NS = "{http://www.w3.org/2000/svg}"
RULES = Rules(1, 2, 4, 8)


def parse(doc: str) -> ET.Element:
    root = ET.fromstring(doc)
    assert root.tag == f"{NS}svg"
    assert int(root.get("width", "0")) > 0 and int(root.get("height", "0")) > 0
    return root


def card_titles(doc: str) -> list[str]:
    """The title of every drawn card, in drawing order."""
    root = parse(doc)
    out = []
    for g in root.iter(f"{NS}g"):
        if "card" in (g.get("class") or "").split():
            title = g.find(f"{NS}title")
            assert title is not None and title.text
            out.append(title.text)
    return out


def test_cards_row_with_backs() -> None:
    doc = svg.cards("As 2d ?? 10h")
    assert isinstance(doc, Svg) and doc._repr_svg_() == doc
    assert card_titles(doc) == ["As", "2d", "face-down card", "Th"]
    assert card_titles(svg.cards([3, None, "Kd"])) == ["As", "face-down card", "Kd"]
    assert card_titles(svg.card("Qc")) == ["Qc"]


def test_cards_bad_input() -> None:
    with pytest.raises(CardError, match="Xx"):
        svg.cards("As Xx")
    with pytest.raises(CardError):
        svg.card(52)


def test_four_color_deck_differs() -> None:
    assert svg.cards("Ac 2d") != svg.cards("Ac 2d", four_color=True)


def test_cards_tuple() -> None:
    c = Cards("As 2d 3c")
    assert tuple(c) == (3, 5, 8)
    assert isinstance(c, tuple)
    assert str(c) == "As 2d 3c" and repr(c) == "Cards('As 2d 3c')"
    assert card_titles(c._repr_svg_()) == ["As", "2d", "3c"]
    unknown = Cards(["??", "Kd"])
    assert str(unknown) == "?? Kd" and unknown[0] == -1
    assert card_titles(unknown._repr_svg_()) == ["face-down card", "Kd"]
    with pytest.raises(CardError):
        Cards("As Zz")


def test_low_hand_picture() -> None:
    low = LowHand("7s 5d 4c 3h 2s Kd Kc")
    doc = svg.low_hand(low)
    assert card_titles(doc) == ["7s", "5d", "4c", "3h", "2s"]
    assert "Seven-Five low, 7-5-4-3-2" in doc
    ranks_only = svg.low_hand(LowHand.from_rank(1))
    assert card_titles(ranks_only) == ["5", "4", "3", "2", "A"]


def _finished_showdown_hand() -> Hand:
    for seed in range(200):
        hand = play_players(Hand(RULES, [100] * 4, seed=seed), [BasicRazzPlayer()] * 4)
        if any(e.shown for e in hand.showdown):
            return hand
    raise AssertionError("no showdown in 200 hands")


def test_hand_all_seeing_shows_every_card() -> None:
    hand = Hand(RULES, [50, 60, 70], deck="Ac 9c 5h 2c Kd 6h 3c Qd 8s")
    doc = svg.hand(hand)
    titles = card_titles(doc)
    assert "face-down card" not in titles
    dealt = parse_cards("Ac 9c 5h 2c Kd 6h 3c Qd 8s")
    assert sorted(titles) == sorted(format_card(c) for c in dealt)
    assert "3rd street" in doc and "pot 3" in doc and "p2 to act" in doc
    for stack in (49, 59, 69):
        assert f"stack {stack}" in doc


def test_hand_view_hides_other_down_cards() -> None:
    hand = Hand(RULES, [50, 60, 70], deck="Ac 9c 5h 2c Kd 6h 3c Qd 8s")
    for doc in (svg.hand(hand, seat=0), svg.hand(hand.view(0))):
        titles = card_titles(doc)
        assert titles.count("face-down card") == 4
        for hidden in ("9c", "Kd", "5h", "6h"):
            assert hidden not in titles and f">{hidden}<" not in doc
        assert {"Ac", "2c", "3c", "Qd", "8s"} <= set(titles)
        assert "as seen by p1" in doc


def test_hand_marks_actor_folds_bets_and_results() -> None:
    hand = Hand(RULES, [50, 60, 70], deck="Ac 9c 5h 2c Kd 6h 3c Qd 8s")
    hand.act("pb")  # p2 (Qd) brings in
    hand.act("f")  # p3 folds
    doc = svg.hand(hand)
    assert "folded" in doc and "bet 2" in doc and "to act" in doc
    finished = _finished_showdown_hand()
    done = svg.hand(finished)
    assert "hand over" in done and " low" in done
    payoffs = finished.payoffs
    assert payoffs is not None
    assert f"{payoffs[0]:+d}" in done
    parse(done)


def test_hand_rejects_other_objects() -> None:
    with pytest.raises(RazzError, match="Hand"):
        svg.hand("not a hand")  # type: ignore[arg-type]


def test_text_snapshot() -> None:
    hand = Hand(RULES, [50, 60, 70], deck="Ac 9c 5h 2c Kd 6h 3c Qd 8s")
    text = hand_text(hand)
    assert text.splitlines()[0] == "3rd street, pot 3, p2 to act"
    assert "[Ac 2c] 3c" in text and "> p2" in text
    seen = hand_text(hand, seat=2)
    assert "[?? ??] 3c" in seen and "[5h 6h] 8s" in seen
    t = table(hand.view(1))
    assert t.viewer == 1 and t.cards[0][:2] == (None, None)
    finished = _finished_showdown_hand()
    shown = [e.seat for e in finished.showdown if e.shown]
    lines = hand_text(finished).splitlines()
    assert all(" low" in lines[1 + s] or "Pair" in lines[1 + s] for s in shown)


def test_text_snapshot_keeps_a_long_bet_apart_from_the_cards() -> None:
    hand = Hand(Rules(1, 2, 40, 80), [5000, 5000], deck="Ac 9c 2c Kd 3c Qd")
    hand.act("pb")
    hand.act("cbr")
    hand.act("cbr")
    lines = hand_text(hand).splitlines()
    assert "bet 40 [" in lines[1] and "bet 80 [" in lines[2]
    cards_at = {line.index("[") for line in lines[1:]}
    assert len(cards_at) == 1


def test_community_card_and_mucks_are_drawn() -> None:
    class Caller:
        def act(self, view: object, legal_actions: Sequence[str]) -> str:
            return "cc" if "cc" in legal_actions else legal_actions[0]

    hand = play_players(Hand(RULES, [100] * 8, seed=1), [Caller()] * 8)
    assert hand.community_card is not None
    doc = svg.hand(hand)
    assert "community" in doc and format_card(hand.community_card) in card_titles(doc)
    mucked = [e.seat for e in hand.showdown if not e.shown]
    assert mucked and "mucked" in doc
    lines = hand_text(hand).splitlines()
    assert all(lines[1 + s].endswith("mucked") for s in mucked)
    seen = svg.hand(hand, seat=0)
    assert card_titles(seen).count("face-down card") == 2 * len(mucked)


def test_a_seat_view_displays_without_others_hidden_cards() -> None:
    from razzcore import Hand, Rules, format_card
    from razzcore.show import svg

    hand = Hand(Rules(2, 5, 10, 20), [50, 50, 50], seed=3)
    view = hand.view(0)
    text = str(view)
    assert "[?? ??]" in text
    for seat in (1, 2):
        for code in hand.hole_cards(seat)[:2]:
            assert format_card(code) not in text
    assert view._repr_svg_() == str(svg.hand(view))
