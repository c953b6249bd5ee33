"""PokerStars hand histories: the checks that need the whole line, and the
shapes and limits of the one reader."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pokerstars_oracle as oracle
import pytest
from pokerstars_support import EXAMPLE, LINE_KINDS, error_of, simulated

from razzcore import pokerstars
from razzcore.histories.pokerstars import PokerStarsError, PokerStarsWarning

# ------------------------------------------------- checks that need the whole line

THREE = (Path(__file__).parent / "data" / "pokerstars" / "three-players.txt").read_text(
    encoding="utf-8")


def both_ways(text: str) -> list[PokerStarsError]:
    """The error of ``text`` read by ``pokerstars`` and by the oracle
    (``tests/pokerstars_oracle.py``; the two must agree)."""
    out = [error_of(text)]
    with pytest.warns(PokerStarsWarning):
        out += oracle.loads_report(text).errors
    assert str(out[0]) == str(out[1])
    return out


def test_calls_of_the_wrong_size_are_refused_when_the_street_total_comes_out_right() -> None:
    assert len(pokerstars.loads(THREE)) == 1
    third = THREE.split("*** 4th STREET ***")[0]
    wrong = third.replace("A: calls $0.50\nB:", "A: calls $0.40\nB:", 1).replace(
        "C: calls $0.50\nA: calls $0.50", "C: calls $0.50\nA: calls $0.60", 1)
    assert wrong != third
    exc = both_ways(THREE.replace(third, wrong))[0]
    assert "the engine puts in 50, the line says 40: 'A: calls $0.40'" in str(exc)


def test_a_show_naming_a_card_twice_or_another_players_card_is_refused() -> None:
    text = pokerstars.dumps([pokerstars.EXAMPLE])
    twice = text.replace("bravo [x]: shows [As 2c 4c 8h 5d Ks 9h]",
                         "bravo [x]: shows [4c 4c 4c 8h 5d Ks 9h]")
    assert "name a card twice" in str(both_ways(twice)[0])
    lines = pokerstars.dumps([pokerstars.EXAMPLE]).replace(
        "*** SHOW DOWN ***", "*** SHOW DOWN ***\nalpha: shows [2h Kd]")
    assert "shows 2h, which is another player's card" in str(both_ways(lines)[0])


def test_chat_that_says_collected_is_passed_over_mid_betting() -> None:
    text = pokerstars.dumps([pokerstars.EXAMPLE]).replace(
        "charlie: calls $0.50\n", 'charlie: calls $0.50\nalpha said, "you collected a lot"\n', 1)
    [hh] = pokerstars.loads(text)
    assert hh == pokerstars.loads(pokerstars.dumps([pokerstars.EXAMPLE]))[0]


def test_files_written_one_after_another_with_a_byte_order_mark_each() -> None:
    one = "\ufeff" + pokerstars.dumps([pokerstars.EXAMPLE])
    assert len(pokerstars.loads(one + "\n\n" + one)) == 2
    assert len(pokerstars.loads((one + "\n\n" + one).encode())) == 2


def test_dumps_refuses_a_rake_the_replay_does_not_take() -> None:
    hh = pokerstars.loads(pokerstars.dumps([pokerstars.EXAMPLE]))[0]
    hh.user_fields["_razzcore_rake_pots"] = [100, 100]  # takes 100, the text said 30
    with pytest.raises(PokerStarsError, match="finishing_stacks"):
        pokerstars.dumps([hh])
    hh.finishing_stacks = None  # nothing to compare the stacks with: the rake still is
    with pytest.raises(PokerStarsError, match="the replay takes a rake of 100, the file says 30"):
        pokerstars.dumps([hh])


# ------------------------------------------------- shapes and limits of the one reader


def test_a_missing_street_marker_is_named_at_the_first_action_past_it() -> None:
    hand = next(b for b in re.split(r"\n\s*\n", LINE_KINDS) if "#250000000003:" in b)
    assert len(pokerstars.loads(hand)) == 1
    text = hand.replace("*** RIVER ***\n", "", 1)  # its river: two checks, no cards shown
    exc = error_of(text)
    assert exc.reason == ("the engine is on street 7 here, this line on street 6 (a street "
                          "marker is missing): 'lu lu: checks'"), str(exc)
    assert exc.line == 36


def test_digits_of_other_scripts_read_where_the_grammar_takes_any_digit() -> None:
    arabic = EXAMPLE.replace("Seat 4: bravo [x] (", "Seat \u0664: bravo [x] (", 1).replace(
        "delta joins the table at seat #5", "delta joins the table at seat #\u0665", 1)
    assert arabic != EXAMPLE
    assert pokerstars.loads(arabic) == pokerstars.loads(EXAMPLE)
    # the summary names seats as str(number) does: other digits there are not a seat
    summary = EXAMPLE.replace("Seat 4: bravo [x] showed", "Seat \u0664: bravo [x] showed", 1)
    assert "this summary line is not 'Seat N: NAME ...'" in error_of(summary).reason


def test_other_digits_elsewhere_on_a_line_are_quoted_and_named_as_written() -> None:
    # "... joins the table at seat #N" ending another kind of line: the
    # amount it spoils is quoted as the file writes it
    text = EXAMPLE.replace("bravo [x]: raises $0.25 to $0.50",
                           "bravo [x]: raises $0.25 to $0.50lta joins the table at seat #\u0665", 1)
    exc = error_of(text)
    assert exc.reason.startswith("'$0.50lta joins the table at seat #\u0665' is not an amount "
                                 "in cents"), str(exc)
    assert exc.line == 14
    # a name holding "Side pot-N" stays the name the file writes
    named = EXAMPLE.replace("bravo [x]", "bravo Side pot-\u0661 x")
    [hh] = pokerstars.loads(named)
    assert hh.players == ["alpha", "bravo Side pot-\u0661 x", "charlie"]
    [(_, tallied)] = pokerstars.tally(named)
    assert isinstance(tallied, pokerstars.Tallied)
    assert tallied.names == hh.players


#: Names holding the words of the lines whose numbers may be written in other
#: digits, with such digits (Arabic-Indic, Devanagari) where those numbers go.
POT_WORD_NAMES = ["a Side pot-\u0661", "b from side pot-\u0663",
                  "c joins the table at seat #\u0662", "d collected $1 from side pot-\u0664",
                  "e Side pot-\u0662 f", "Side pot-\u0665", "g side pot-\u0967"]


def test_names_holding_pot_and_seat_words_with_other_digits_read_back_unchanged() -> None:
    """Only the lines that carry a number are rewritten: a name ending an
    ``Uncalled bet`` line or followed by ``:`` keeps its digits on every line,
    while the hand's own side pot numbers, written in other digits, still read."""
    [hand] = [hh for hh in pokerstars.loads(pokerstars.dumps(simulated(14, 21)))
              if "Side pot-" in pokerstars.dumps(hh)]
    assert hand.player_count == len(POT_WORD_NAMES)
    for turn in range(hand.player_count):  # every name on every seat
        mine = copy.deepcopy(hand)
        mine.players = POT_WORD_NAMES[turn:] + POT_WORD_NAMES[:turn]
        text = pokerstars.dumps(mine)
        assert "Uncalled bet" in text and "\u0661" in text
        assert pokerstars.loads(text) == [mine]
        arabic = re.sub(r"((?:Side|side) pot-)([0-9])(?= |$)",
                        lambda m: m[1] + chr(0x660 + int(m[2])), text, flags=re.M)
        assert arabic.count("pot-\u0661") > text.count("pot-\u0661")
        assert pokerstars.loads(arabic) == [mine]


def test_an_amount_past_the_engines_bound_is_named() -> None:
    text = EXAMPLE.replace("charlie: calls $0.50", "charlie: calls $90071992547409.93", 1)
    exc = error_of(text)
    assert exc.reason.startswith("'$90071992547409.93' is more than the engine takes "
                                 "(2**53 cents)"), str(exc)


def test_every_error_code_of_the_reader_has_one_message() -> None:
    from razzcore._core import POKERSTARS_ERRORS
    from razzcore.histories._pokerstars_errors import MESSAGES

    assert sorted(MESSAGES) == sorted(POKERSTARS_ERRORS)
    assert len(set(POKERSTARS_ERRORS)) == len(POKERSTARS_ERRORS) > 60
