"""The tracker's compiled count of a hand (``_tally_hand``) reads every seat,
length and amount from the hand object before it indexes a C array with it:
hands whose attributes lie (duck-typed objects, subclasses overriding the
engine's properties) raise ``SeatError`` or ``RazzError`` naming the field,
and never crash or count out of bounds."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field, replace
from typing import Any

import pytest
from engine_support import play_random

from razzcore._core import TALLY_COUNTS, _tally_hand
from razzcore.engine.hand import Hand
from razzcore.engine.pots import Award, Pot
from razzcore.engine.rules import MAX_CHIPS, Rules
from razzcore.errors import RazzError, SeatError

RULES = Rules(2, 5, 10, 20)
TABLE = 8 * MAX_CHIPS
# Seats no hand of 3 seats has, at the edges of the C types they could wrap into.
BAD_SEATS: list[object] = [-1, 3, 8, 31, 32, 63, 64, 2**31, 2**63, -(2**63) - 1, 2**100,
                           True, 1.0, "1", None]


@dataclass
class FakeHand:
    """What ``_tally_hand`` reads of a hand, as plain attributes."""

    starting_stacks: Any
    dealt_in: Any
    absent: Any
    folded: Any
    payoffs: Any
    pots: Any
    awards: Any
    _log: Any = field(default_factory=list)


def fake_of(hand: Hand) -> FakeHand:
    return FakeHand(hand.starting_stacks, hand.dealt_in, hand.absent, hand.folded,
                    hand.payoffs, hand.pots, hand.awards, list(hand._log))


def showdown_hand() -> Hand:
    """Three seats to a showdown, raising on 3rd street, seat 2 all-in: two
    pots, each won by another seat."""
    h = Hand(RULES, [200, 200, 30], seed=1)
    while h.actor is not None:
        legal = h.legal_actions()
        raises = [a for a in legal if a.startswith("cbr")] if h.street == 3 else []
        h.act(raises[0] if raises else "pb" if "pb" in legal else "cc" if "cc" in legal
              else legal[0])
    assert h.is_over and len(h.pots) == 2 and {a.seat for a in h.awards} == {0, 2}
    return h


@pytest.fixture(scope="module")
def finished() -> Hand:
    return showdown_hand()


def test_a_fake_of_a_real_hand_counts_the_same(finished: Hand) -> None:
    counts = _tally_hand(finished)
    assert _tally_hand(fake_of(finished)) == counts
    assert [c and c[TALLY_COUNTS.index("hands")] for c in counts] == [1, 1, 1]
    for seed in range(40):
        h = play_random(Hand(RULES, [80, 60, 100, 0, 40], seed=seed), random.Random(seed))
        assert _tally_hand(fake_of(h)) == _tally_hand(h)


@pytest.mark.parametrize("seat", BAD_SEATS)
def test_a_bad_seat_in_the_log_is_named(finished: Hand, seat: object) -> None:
    fake = fake_of(finished)
    for i, entry in enumerate(fake._log):
        if entry[0] in ("dh", "cc", "cbr", "f", "pb", "ante"):
            broken = copy.copy(fake)
            broken._log = [*fake._log[:i], (entry[0], seat, *entry[2:]), *fake._log[i + 1:]]
            with pytest.raises(SeatError, match=rf"hand\._log\[{i}\] .*no seat"):
                _tally_hand(broken)


@pytest.mark.parametrize("seat", BAD_SEATS)
def test_a_bad_absent_seat_is_named(finished: Hand, seat: object) -> None:
    with pytest.raises(SeatError, match=r"hand\.absent: no seat .*seats 0\.\.2"):
        _tally_hand(replace(fake_of(finished), absent=(0, seat)))


@pytest.mark.parametrize("seat", BAD_SEATS)
def test_a_bad_eligible_seat_is_named(finished: Hand, seat: object) -> None:
    """A pot's eligible seats become a 32-bit mask: seats 32 and up would
    be shifts past its width, seats 3..31 bits of seats the hand lacks."""
    pots = [Pot(p.amount, (*p.eligible, seat)) for p in finished.pots]  # type: ignore[arg-type]
    with pytest.raises(SeatError, match=r"hand\.pots\[0\]\.eligible: no seat"):
        _tally_hand(replace(fake_of(finished), pots=pots))


@pytest.mark.parametrize("seat", BAD_SEATS)
def test_a_bad_award_seat_is_named(finished: Hand, seat: object) -> None:
    awards = [*finished.awards, Award(seat, 1, 0)]  # type: ignore[arg-type]
    with pytest.raises(SeatError, match=rf"hand\.awards\[{len(awards) - 1}\]\.seat"):
        _tally_hand(replace(fake_of(finished), awards=awards))


@pytest.mark.parametrize("pot", [-1, 8, 64, 2**70, None, "0"])
def test_an_award_from_no_pot_is_named(finished: Hand, pot: object) -> None:
    awards = [Award(0, 1, pot)]  # type: ignore[arg-type]
    with pytest.raises(RazzError, match=r"hand\.awards\[0\]\.pot: no pot"):
        _tally_hand(replace(fake_of(finished), awards=awards))


@pytest.mark.parametrize("amount", [-1, TABLE + 1, 2**64, 1.5, None])
def test_a_bad_award_amount_is_named(finished: Hand, amount: object) -> None:
    awards = [Award(0, amount, 0)]  # type: ignore[arg-type]
    with pytest.raises(RazzError, match=r"hand\.awards\[0\]\.amount"):
        _tally_hand(replace(fake_of(finished), awards=awards))


def test_awards_past_any_sum_do_not_overflow(finished: Hand) -> None:
    """Chips paid from a pot are added up in 64 bits: kept at a full table's
    chips however many awards there are."""
    fake = replace(fake_of(finished), awards=[Award(0, TABLE, 0)] * 100)
    assert _tally_hand(fake)[0] is not None


@pytest.mark.parametrize("length", [0, 2, 4, 9])
def test_payoffs_of_the_wrong_length_are_named(finished: Hand, length: int) -> None:
    with pytest.raises(RazzError, match=rf"hand\.payoffs: {length} payoffs for a hand of 3"):
        _tally_hand(replace(fake_of(finished), payoffs=(0,) * length))


@pytest.mark.parametrize("value", [-TABLE - 1, TABLE + 1, 2**64, 0.0, "1", None])
def test_a_bad_payoff_is_named(finished: Hand, value: object) -> None:
    with pytest.raises(RazzError, match=r"hand\.payoffs\[1\]: expected an int of chips"):
        _tally_hand(replace(fake_of(finished), payoffs=(0, value, 0)))


def test_a_running_hand_counts_no_payoffs() -> None:
    h = Hand(RULES, [50, 50], seed=1)
    assert h.payoffs is None
    assert [c and c[TALLY_COUNTS.index("net")] for c in _tally_hand(h)] == [0, 0]


@pytest.mark.parametrize("name", ["dealt_in", "folded"])
@pytest.mark.parametrize("length", [0, 2, 4, 100])
def test_flags_of_the_wrong_length_are_named(finished: Hand, name: str, length: int) -> None:
    with pytest.raises(RazzError, match=rf"hand\.{name}: {length} flags for a hand of 3"):
        _tally_hand(replace(fake_of(finished), **{name: (True,) * length}))


@pytest.mark.parametrize("stacks", [(), (50,) * 9, (50,) * 1000])
def test_a_seat_count_outside_1_to_8_is_refused(finished: Hand, stacks: tuple[int, ...]) -> None:
    with pytest.raises(SeatError, match=rf"a hand of {len(stacks)} seats cannot be counted"):
        _tally_hand(replace(fake_of(finished), starting_stacks=stacks))


@pytest.mark.parametrize("stack", [-1, MAX_CHIPS + 1, 2**64, 50.0, None])
def test_a_bad_starting_stack_is_named(finished: Hand, stack: object) -> None:
    with pytest.raises(RazzError, match=r"hand\.starting_stacks\[2\]"):
        _tally_hand(replace(fake_of(finished), starting_stacks=(200, 200, stack)))


@pytest.mark.parametrize("entry", [(), ["f", 0], "f 0", None, ("f",), ("cc", 0), ("dh", 0),
                                   ("pb", 1), ("ante",)])
def test_a_malformed_log_entry_is_named(finished: Hand, entry: object) -> None:
    fake = fake_of(finished)
    fake._log = [*fake._log[:2], entry, *fake._log[2:]]
    with pytest.raises(RazzError, match=r"hand\._log\[2\]"):
        _tally_hand(fake)


@pytest.mark.parametrize("value", [-1, MAX_CHIPS + 1, 2**64, 5.0, None])
def test_bad_chips_in_the_log_are_named(finished: Hand, value: object) -> None:
    for kind in ("cc", "pb", "ante"):
        fake = fake_of(finished)
        fake._log = [(kind, 0, value), *fake._log]
        with pytest.raises(RazzError, match=r"hand\._log\[0\] .*expected an int of chips"):
            _tally_hand(fake)


@pytest.mark.parametrize("cards", [(), (1, 2, 3, 4, 5, 6, 7, 8), "2c3c", None, 3])
def test_bad_dealt_cards_are_named(finished: Hand, cards: object) -> None:
    fake = fake_of(finished)
    fake._log = [("dh", 0, cards), *fake._log]
    with pytest.raises(RazzError, match=r"hand\._log\[0\]"):
        _tally_hand(fake)


def test_an_eighth_card_to_a_seat_is_refused(finished: Hand) -> None:
    fake = fake_of(finished)
    fake._log = [*fake._log, ("dh", 1, (9,))]  # seat 1 already holds 7
    with pytest.raises(RazzError, match=r"deals seat 1 1 more cards; it holds 7"):
        _tally_hand(fake)


def test_endless_antes_do_not_overflow(finished: Hand) -> None:
    """Chips behind are kept in 64 bits: thousands of antes of MAX_CHIPS
    (far past -2**63 in all) leave them at 0, not wrapped."""
    fake = fake_of(finished)
    fake._log = [("ante", 0, MAX_CHIPS)] * 5000 + fake._log
    assert len(_tally_hand(fake)) == 3


def test_more_than_eight_pots_are_refused(finished: Hand) -> None:
    with pytest.raises(RazzError, match=r"hand\.pots: 9 pots; a hand has at most 8"):
        _tally_hand(replace(fake_of(finished), pots=[Pot(1, (0, 1))] * 9))


@pytest.mark.parametrize("name", ["starting_stacks", "dealt_in", "absent", "folded",
                                  "payoffs", "pots", "awards", "_log"])
def test_a_field_that_is_no_sequence_is_named(finished: Hand, name: str) -> None:
    with pytest.raises(RazzError, match=rf"hand\.{name}: expected a sequence, not 5"):
        _tally_hand(replace(fake_of(finished), **{name: 5}))


def test_a_hand_subclass_overriding_a_property_is_checked() -> None:
    class Lying(Hand):
        @property
        def folded(self) -> tuple[bool, ...]:
            return (False,) * 8

    h = Lying(RULES, [50, 50], seed=1)
    with pytest.raises(RazzError, match=r"hand\.folded: 8 flags for a hand of 2"):
        _tally_hand(h)


def test_seats_given_as_other_integers_are_refused(finished: Hand) -> None:
    """Only ints are seats: an int-like object (whose value could change
    between the check and the use) is refused like any other."""

    class Seat(int):
        pass

    with pytest.raises(SeatError, match=r"hand\.absent: no seat 1"):
        _tally_hand(replace(fake_of(finished), absent=(Seat(1),)))
