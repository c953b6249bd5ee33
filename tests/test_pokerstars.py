"""PokerStars hand histories: reading (checked by the engine), writing, the
line kinds of the format, broken files, and the ``convert`` command."""

from __future__ import annotations

import copy
import io
import random
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from engine_support import play_random
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerstars_support import EXAMPLE, LINE_KINDS, error_of, simulated

from razzcore import RazzError, pokerstars
from razzcore.engine.hand import Hand
from razzcore.engine.rules import Rules
from razzcore.histories.phh import HandHistory, dumps_all, loads_all
from razzcore.histories.pokerstars import PokerStarsError, PokerStarsWarning

# ------------------------------------------------------- a plain reference


def money_lines(text: str) -> dict[str, dict[str, int]]:
    """Each hand's final stacks by the text's money lines alone (seat stack -
    antes, bring-ins, bets, calls, raise increments + uncalled + collected),
    in the smallest unit: a reference independent of the reader."""

    def amount(word: str) -> int:
        word = word.lstrip("$").replace(",", "")
        if "." in word:
            whole, frac = word.split(".")
            return int(whole) * 100 + int(frac.ljust(2, "0"))
        return int(word) * (100 if cash else 1)

    out: dict[str, dict[str, int]] = {}
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = block.strip().splitlines()
        if not lines or "Razz" not in lines[0]:
            continue
        number = re.search(r"#(\d+):", lines[0]).group(1)  # type: ignore[union-attr]
        cash = "$" in lines[0].split(" - ")[0] and "Tournament" not in lines[0]
        stacks: dict[str, int] = {}
        street: dict[str, int] = {}
        for line in lines[1:]:
            m = re.fullmatch(r"Seat \d+: (.+) \((\S+) in chips\)( is sitting out)?", line)
            if m and m.group(1) not in stacks:
                stacks[m.group(1)] = amount(m.group(2))
                continue
            if line.startswith("*** "):
                street = {}
                continue
            for name in sorted(stacks, key=len, reverse=True):
                if not line.startswith(name):
                    continue
                rest = line[len(name):].replace(" and is all-in", "")
                m = re.fullmatch(r": (?:posts the ante|brings in for|brings-in low for|calls|bets)"
                                 r" (\S+)", rest)
                if m:
                    put = amount(m.group(1))
                    stacks[name] -= put
                    if "ante" not in rest:
                        street[name] = street.get(name, 0) + put
                    break
                m = re.fullmatch(r": raises \S+ to (\S+)", rest)
                if m:
                    total = amount(m.group(1))
                    stacks[name] -= total - street.get(name, 0)
                    street[name] = total
                    break
                m = re.fullmatch(r" collected (\S+) from .*pot.*", rest)
                if m:
                    stacks[name] += amount(m.group(1))
                    break
            m = re.fullmatch(r"Uncalled bet \((\S+)\) returned to (.+)", line)
            if m:
                stacks[m.group(2)] += amount(m.group(1))
        out[number] = stacks
    return out


# ------------------------------------------------------------- the example


def test_example_fields_and_money() -> None:
    [hh] = pokerstars.loads(EXAMPLE)
    assert hh.players == ["alpha", "bravo [x]", "charlie"]
    assert hh.seats == [2, 4, 7]
    assert hh.starting_stacks == [1000, 735, 320]
    assert (hh.antes, hh.bring_in, hh.small_bet, hh.big_bet) == ([10, 10, 10], 25, 50, 100)
    assert hh.hand == 100000000001 and hh.table == "Example I" and hh.seat_count == 8
    assert (hh.year, hh.month, hh.day, str(hh.time)) == (2026, 5, 4, "21:15:07")
    assert hh.time_zone_abbreviation == "ET"
    assert (hh.currency, hh.currency_symbol) == ("USD", "$")
    assert hh.rake == 30 and hh.user_fields["_pokerstars"]["unit"] == "cent"
    assert hh.actions[:5] == ["d dh p1 ????Kd", "d dh p2 ????4c", "d dh p3 2h6s3d", "p1 pb",
                              "p2 cbr 50"]
    assert "d dh p2 ??" in hh.actions  # bravo's 7th-street card was not seen
    assert hh.actions[-2:] == ["p3 sm 2h6s3dJc7cQdTd", "p2 sm As2c4c8h5dKs9h"]
    # 1000 - 10 - 25; 735 - 320 + 645; 320 - 320
    assert hh.finishing_stacks == [965, 1060, 0]
    ref = money_lines(EXAMPLE)["100000000001"]
    assert hh.finishing_stacks == [ref[name] for name in hh.players]
    hand = hh.replay()
    assert list(hand.stacks) == hh.finishing_stacks
    assert hand.rake == 30 and sum(hand.payoffs or ()) == -30


def test_example_round_trip_and_bytes() -> None:
    hands = pokerstars.loads(EXAMPLE)
    assert pokerstars.loads(pokerstars.dumps(hands)) == hands
    assert pokerstars.loads(("\ufeff" + EXAMPLE).encode()) == hands
    assert pokerstars.load(io.BytesIO(EXAMPLE.encode())) == hands
    buf = io.StringIO()
    pokerstars.dump(hands, buf)
    assert pokerstars.loads(buf.getvalue()) == hands


# ------------------------------------------------------ every line kind


def test_line_kinds_file() -> None:
    report = pokerstars.loads_report(LINE_KINDS)
    assert report.other_games == 1 and report.errors == []
    numbers = [hh.hand for hh in report.hands]
    assert numbers == [250000000001, 250000000002, 250000000003, 17000000004, 250000000005]
    ref = money_lines(LINE_KINDS)
    for hh in report.hands:
        names = hh.players or []
        assert hh.finishing_stacks == [ref[str(hh.hand)][n] for n in names]
        assert hh.verify().stacks == tuple(hh.finishing_stacks or ())
        assert pokerstars.loads(pokerstars.dumps([hh])) == [hh]


def test_tournament_header_separators_and_names() -> None:
    hh = pokerstars.loads(LINE_KINDS)[0]
    assert hh.players == ["Ann Lee", "sleepy", "[ bob ]", "Carl (CA)", "d.e.f"]
    assert hh.seats == [1, 3, 4, 6, 8]
    assert hh.starting_stacks == [15000, 3000, 4350, 12000, 9800]
    assert (hh.small_bet, hh.big_bet, hh.level) == (1000, 2000, 12)
    assert hh.user_fields["_pokerstars"] == {
        "unit": "chip", "tournament": "3141592653", "buy_in": "$200+$15 USD"}
    assert hh.user_fields["_razzcore_absent"] == [2]  # sleepy sits out: no ante, no cards
    assert hh.antes == [100] * 5
    assert hh.time_zone_abbreviation == "CET"
    # Carl bets 1,000 on 4th, bob folds: 1,000 comes back; a partial show changes nothing.
    assert hh.finishing_stacks == [14650, 3000, 3250, 13550, 9700]


def test_side_pots_and_rake_from_the_main_pot() -> None:
    hh = pokerstars.loads(LINE_KINDS)[1]
    assert hh.user_fields["_pokerstars"] == {"unit": "cent", "game": "HORSE"}
    assert hh.rake == 3
    hand = hh.replay()
    # Main pot 141 - rake 3 = 138 to Ada; side pot 70 to Bo.
    assert sorted((a.pot, a.seat, a.amount) for a in hand.awards) == [(0, 0, 138), (1, 1, 70)]
    assert hh.finishing_stacks == [138, 298, 173]


def test_capped_betting_and_split_pot() -> None:
    hh = pokerstars.loads(LINE_KINDS)[2]
    assert hh.actions[5:10] == ["p3 cbr 200", "p1 f", "p2 cbr 300", "p3 cbr 400", "p2 cc"]
    hand = hh.replay()
    assert sorted(a.amount for a in hand.awards) == [502, 503]
    assert hh.finishing_stacks == [1965, 4993, 3992]


def test_old_game_header_and_home_game_mixed_tournament() -> None:
    old, home = pokerstars.loads(LINE_KINDS)[3:]
    assert old.currency is None and old.currency_symbol == "$" and old.bring_in == 25
    assert home.user_fields["_pokerstars"] == {
        "unit": "chip", "home_game": True, "club": "Razz [fans]", "tournament": "77001",
        "buy_in": "100+9", "game": "8-Game"}
    assert home.antes == [5, 5, 5] and home.starting_stacks[0] == 3  # a short ante, all-in
    assert home.finishing_stacks == [9, 275, 619]


def test_other_games_are_skipped() -> None:
    holdem = LINE_KINDS.split("\n\n\n\n")[1]
    assert "Hold'em" in holdem
    report = pokerstars.loads_report(holdem)
    assert report.hands == [] and report.other_games == 1


# ------------------------------------------------------------ broken files


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


@pytest.mark.parametrize(
    ("old", "new", "needle", "why"),
    [
        ("charlie: calls $0.50", "charlie: calls $0.40", "calls $0.40", "puts in 50"),
        ("alpha said, \"nh\"", "alpha sings", "alpha sings", "not understood"),
        ("bravo [x] collected $6.45", "bravo [x] collected $6.55", "Total pot", "is not"),
        ("bravo [x]: bets $0.50\nalpha said, \"nh\"\ncharlie: calls $0.50",
         "charlie: bets $0.50\nalpha said, \"nh\"\nbravo [x]: calls $0.50",
         "charlie: bets $0.50", "turn"),
        ("Dealt to alpha [Kd]", "Dealt to alpha [3h]", "brings in", "door cards make"),
        ("bravo [x]: raises $0.25 to $0.50", "bravo [x]: raises $0.50 to $0.75",
         "to $0.75", "refuses"),
        ("Seat 7: charlie ($3.20", "Seat 7: charlie ($3.30", "bets $0.10", "refuses"),
        ("Dealt to bravo [x] [4c 8h] [5d]", "Dealt to bravo [x] [4c 9h] [5d]", "[4c 9h]",
         "not dealt"),
    ],
)
def test_broken_hands_name_hand_and_line(old: str, new: str, needle: str, why: str) -> None:
    assert old in EXAMPLE
    text = EXAMPLE.replace(old, new)
    exc = error_of(text)
    assert isinstance(exc, RazzError)
    assert exc.hand == "100000000001"
    assert exc.line == line_of(text, needle), str(exc)
    assert why in str(exc) and f"line {exc.line}" in str(exc)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("bravo [x]: bets $0.50", "bravo [x]: bets -$0.50"),
        ("bravo [x]: bets $0.50", "bravo [x]: bets $-0.50"),
        ("bravo [x]: bets $0.50", "bravo [x]: bets $,0.50"),
        ("bravo [x]: bets $0.50", "bravo [x]: bets $0.5"),
        ("bravo [x]: bets $0.50", "bravo [x]: bets \u20ac0.50"),
        ("bravo [x]: bets $0.50", "bravo [x]: bets 0.50"),
        ("bravo [x]: bets $0.50", "bravo [x]: bets $0.500"),
        ("bravo [x]: bets $0.50", "bravo [x]: bets $0.\u0665\u0660"),
        ("alpha ($10 in chips)", "alpha (-$10 in chips)"),
        ("alpha ($10 in chips)", "alpha ($1,0.00 in chips)"),
        ("alpha ($10 in chips)", "alpha ($10, in chips)"),
        ("alpha ($10 in chips)", "alpha ($1000,000 in chips)"),
        ("($0.50/$1 USD)", "($0.50/\u20ac1 USD)"),
    ],
)
def test_malformed_amounts_name_hand_and_line(old: str, new: str) -> None:
    text = EXAMPLE.replace(old, new)
    exc = error_of(text)
    assert exc.hand == "100000000001"
    assert exc.line == line_of(text, new) and "is not an amount" in str(exc), str(exc)


def test_amounts_with_thousands_separators() -> None:
    text = EXAMPLE.replace("alpha ($10 in chips)", "alpha ($1,000.00 in chips)")
    [hh] = pokerstars.loads(text)
    assert hh.starting_stacks[0] == 100000
    chips = LINE_KINDS.replace("[ bob ]: raises 750 to 1,000", "[ bob ]: raises 750 to 1,0")
    assert "whole number of chips" in str(error_of(chips))
    chips = LINE_KINDS.replace("Seat 1: Ann Lee (15,000 in", "Seat 1: Ann Lee ($15,000 in")
    assert "whole number of chips" in str(error_of(chips))


@pytest.mark.parametrize(
    ("text", "old", "new", "why"),
    [
        (EXAMPLE, "bravo [x]: raises $0.25 to $0.50", "bravo [x]: raises $0.30 to $0.50",
         "is by 25, not 30"),
        (EXAMPLE, "charlie: raises $1 to $2", "charlie: raises $2 to $2", "is by 100, not 200"),
        (LINE_KINDS, "[ bob ]: raises 750 to 1,000", "[ bob ]: raises 1,000 to 1,000",
         "is by 750, not 1000"),
    ],
)
def test_raise_sizes_are_checked(text: str, old: str, new: str, why: str) -> None:
    assert old in text
    text = text.replace(old, new)
    exc = error_of(text)
    assert exc.line == line_of(text, new) and why in str(exc), str(exc)


def test_uncalled_bets_are_checked_at_their_line() -> None:
    old = "Uncalled bet (1,000) returned to Carl (CA)"
    assert old in LINE_KINDS
    for new in ("Uncalled bet (900) returned to Carl (CA)",
                "Uncalled bet (1,000) returned to [ bob ]"):
        text = LINE_KINDS.replace(old, new)
        exc = error_of(text)
        assert exc.line == line_of(text, new), str(exc)
        assert "uncalled part of the top bet is 1000, returned to Carl (CA)" in str(exc)
    text = LINE_KINDS.replace(old + "\n", "", 1)
    exc = error_of(text)
    assert exc.line == line_of(text, "Carl (CA) collected 2,650"), str(exc)
    assert "1000 of Carl (CA)'s bet is not called" in str(exc)
    # a return where every bet was called
    text = EXAMPLE.replace("*** 4th STREET ***", "Uncalled bet ($0.50) returned to charlie\n"
                           "*** 4th STREET ***")
    exc = error_of(text)
    assert exc.line == line_of(text, "Uncalled bet") and "no bet is uncalled" in str(exc)


@pytest.mark.parametrize(
    ("text", "old", "new", "why"),
    [
        (EXAMPLE, "and won ($6.45) with", "and won ($6.40) with", "won 640, the collected"),
        (EXAMPLE, "and won ($6.45) with", "and lost with", "won 0, the collected lines give 645"),
        (EXAMPLE, "charlie showed [2h 6s 3d Jc 7c Qd Td] and lost",
         "charlie showed [2h 6s 3d Jc 7c Qd Td] and won ($1)", "won 100, the collected"),
        (LINE_KINDS, "Seat 6: Carl (CA) collected (2,650)", "Seat 6: Carl (CA) collected (2,600)",
         "won 2600, the collected lines give 2650"),
        (EXAMPLE, "Seat 2: alpha folded", "Seat 3: alpha folded", "seated player"),
    ],
)
def test_summary_seat_lines_are_checked(text: str, old: str, new: str, why: str) -> None:
    assert old in text
    text = text.replace(old, new)
    exc = error_of(text)
    assert exc.line == line_of(text, new) and why in str(exc), str(exc)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("d.e.f: folds", "d.e.f: folds\nsleepy: folds"),
        ("d.e.f: posts the ante 100", "d.e.f: posts the ante 100\nsleepy: posts the ante 100"),
        ("Dealt to d.e.f [2h]", "Dealt to d.e.f [2h]\nDealt to sleepy [Ac]"),
    ],
)
def test_a_player_sitting_out_takes_no_part(old: str, new: str) -> None:
    assert old in LINE_KINDS
    text = LINE_KINDS.replace(old, new, 1)
    exc = error_of(text)
    assert exc.line == line_of(text, new.split("\n")[1]), str(exc)
    assert "sleepy is listed as sitting out" in str(exc)
    # passed-over lines about the player sitting out are still understood
    text = LINE_KINDS.replace("d.e.f: folds", "d.e.f: folds\nsleepy: is sitting out", 1)
    assert len(pokerstars.loads(text)) == 5


def test_collected_amount_the_showdown_contradicts() -> None:
    # charlie wins by the text, but bravo's low is better.
    text = EXAMPLE.replace("bravo [x] collected $6.45", "charlie collected $6.45")
    exc = error_of(text)
    assert exc.line == line_of(text, "charlie collected") and "engine gives" in str(exc)


def test_truncated_hands() -> None:
    lines = EXAMPLE.strip().splitlines()
    for cut in (1, 5, 20, 37, len(lines) - 4):
        exc = error_of("\n".join(lines[:cut]))
        assert exc.hand == "100000000001" and exc.line is not None


def test_a_hand_cut_mid_line_is_reported_as_truncated_at_its_last_line() -> None:
    cut = EXAMPLE[:EXAMPLE.index("bravo [x]: raises $0.25 to $0.50") + 29]
    assert cut.endswith("raises $0.25 to $0")
    exc = error_of(cut)
    assert str(exc) == ("hand #100000000001, line 14: the hand ends before its summary and "
                        "total pot (truncated): 'bravo [x]: raises $0.25 to $0'")
    total = EXAMPLE.index("Total pot ")
    for end in range(EXAMPLE.index("\n") + 1, total):  # every cut before the total line
        text = EXAMPLE[:end]
        exc = error_of(text)
        last = len(text.rstrip().splitlines())
        assert (exc.hand, exc.line) == ("100000000001", last), (text, str(exc))
        assert exc.reason.startswith("the hand ends "), (text, str(exc))
        assert exc.reason.split(": ")[0].endswith("(truncated)"), (text, str(exc))
    # a cut hand before another hand: the same, at the cut hand's last line
    text = cut + "\n\n\n" + EXAMPLE
    with pytest.warns(PokerStarsWarning, match=r"line 14: the hand ends before its summary"):
        report = pokerstars.loads_report(text, on_error="skip")
    assert len(report.hands) == 1 and report.errors[0].line == 14


def test_skip_keeps_the_other_hands() -> None:
    bad = EXAMPLE.replace("charlie: calls $0.50", "charlie: calls $0.40")
    text = LINE_KINDS + "\n\n\n" + bad + "\n\n\n" + EXAMPLE
    with pytest.warns(PokerStarsWarning, match=r"hand #100000000001, line \d+"):
        report = pokerstars.loads_report(text, on_error="skip")
    assert len(report.hands) == 6 and report.other_games == 1 and len(report.errors) == 1
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert len(pokerstars.loads(text, on_error="skip")) == 6
    with pytest.raises(PokerStarsError):
        pokerstars.loads(text)


@pytest.mark.parametrize("text", ["hello\nPokerStars Hand #1: Razz", 42, b"\xff\xfe"])
def test_not_a_hand_history(text: object) -> None:
    with pytest.raises(PokerStarsError):
        pokerstars.loads(text)  # type: ignore[arg-type]


def test_on_error_is_checked() -> None:
    with pytest.raises(PokerStarsError, match="on_error"):
        pokerstars.loads(EXAMPLE, on_error="ignore")


def eight_players_to_the_river() -> str:
    """Eight players calling down to the river, where the engine would deal
    a community card (how PokerStars writes one is not known)."""
    seats = "\n".join(f"Seat {i}: p{i} ($50 in chips)" for i in range(1, 9))
    antes = "\n".join(f"p{i}: posts the ante $0.10" for i in range(1, 9))
    deck = iter([r + s for s in "cdhs" for r in "A23456789TJQK"])
    ups = {i: [next(deck)] for i in range(1, 9)}
    body = [f"Dealt to p{i} [{ups[i][0]}]" for i in range(1, 9)]
    body += ["p8: brings in for $0.25"] + [f"p{i}: calls $0.25" for i in range(1, 8)]
    for name in ("4th STREET", "5th STREET", "6th STREET"):
        body.append(f"*** {name} ***")
        for i in range(1, 9):
            card = next(deck)
            body.append(f"Dealt to p{i} [{' '.join(ups[i])}] [{card}]")
            ups[i].append(card)
    return ("PokerStars Hand #7:  Razz Limit ($0.50/$1 USD) - 2026/01/01 10:00:00 ET\n"
            "Table 'T' 8-max\n" + seats + "\n" + antes + "\n*** 3rd STREET ***\n"
            + "\n".join(body) + "\n*** RIVER ***\np1 collected $2.80 from pot\n"
            "*** SUMMARY ***\nTotal pot $2.80 | Rake $0\n")


def test_community_card_is_an_error_not_a_guess() -> None:
    rules = Rules(10, 25, 50, 100, profile="online")
    hand = Hand(rules, [5000] * 8, seed=5)
    while hand.actor is not None:  # everybody calls down: the deck runs short at 7th
        acts = hand.legal_actions()
        hand.act("pb" if "pb" in acts else "cc" if "cc" in acts else acts[0])
    assert hand.community_card is not None
    with pytest.raises(PokerStarsError, match="community card"):
        pokerstars.dumps([HandHistory.from_hand(hand)])
    # A text of eight players reaching the river: an error naming the river line.
    text = eight_players_to_the_river()
    exc = error_of(text)
    assert exc.hand == "7" and exc.line == line_of(text, "*** RIVER ***")
    assert "community card" in str(exc)


# ------------------------------------------------- simulated hands written out


@pytest.mark.slow  # bulk: the same paths as the other tests, many times over
def test_simulated_hands_round_trip() -> None:
    hands = simulated(400, 11)
    back = pokerstars.loads(pokerstars.dumps(hands))
    assert len(back) == len(hands)
    for mine, theirs in zip(hands, back, strict=True):
        assert theirs.actions == mine.actions
        assert theirs.starting_stacks == mine.starting_stacks
        assert theirs.finishing_stacks == mine.finishing_stacks
        assert theirs.players == mine.players
        # the rake the house took (a rake larger than an empty pot takes nothing)
        assert theirs.rake == sum(mine.starting_stacks) - sum(mine.finishing_stacks or ())
        assert list(theirs.replay().stacks) == mine.finishing_stacks


def test_dumps_rejects_what_it_cannot_write() -> None:
    hh = simulated(1, 3)[0]
    hh.players = ["same"] * hh.player_count
    with pytest.raises(PokerStarsError, match="names"):
        pokerstars.dumps([hh])
    with pytest.raises(PokerStarsError):
        pokerstars.dumps(["not a hand"])  # type: ignore[list-item]
    with pytest.raises(PokerStarsError):
        pokerstars.dumps("text")  # type: ignore[arg-type]


# ------------------------------------------------------------ player names

NAME_PARTS = ["a", "B", "7", " x", ": ", ":", "[", "]", "(", ")", "$", "\u20ac", ",", ".", "#",
              "*", "**", " collected ", " from pot", " said, \"", "\"", "in chips",
              " is sitting out", " and is all-in", "Kd", "\u00e9", "\u6f22", "folds", "-", "'",
              "Seat", "Dealt", "Total", "PokerStars", "Uncalled bet"]
LEADS = [""] * 40 + ["*** ", "Seat ", "Dealt to ", "PokerStars ", "Uncalled bet (",
                     "Total pot "]
FIRST = ["a", "B", "7", "[", "(", "*", "\u00e9", "x:", "$", "Seat", "Dealt"]
NAMED = [hh for hh in pokerstars.loads(pokerstars.dumps(simulated(12, 21)))]


@st.composite
def renamed_hand(draw: st.DrawFn) -> HandHistory:
    hh = copy.deepcopy(draw(st.sampled_from(NAMED)))
    body = st.lists(st.sampled_from(NAME_PARTS), min_size=1, max_size=6).map("".join)
    name = st.tuples(st.sampled_from(LEADS), st.sampled_from(FIRST), body).map(
        lambda parts: "".join(parts).rstrip())
    hh.players = draw(st.lists(name, min_size=hh.player_count, max_size=hh.player_count,
                               unique=True))
    return hh


@pytest.mark.slow  # bulk: 300 generated tables of names
@settings(max_examples=300, deadline=None)
@given(st.lists(renamed_hand(), min_size=1, max_size=3))
def test_hostile_names_read_back_or_are_refused(hands: list[HandHistory]) -> None:
    try:
        text = pokerstars.dumps(hands)
    except PokerStarsError as exc:
        assert "player name" in exc.reason, exc.reason
        return
    assert pokerstars.loads(text) == hands


@pytest.mark.parametrize(
    ("names", "why"),
    [
        (["*** SUMMARY ***", "b", "c"], "would start with '*** ', which the reader takes "
                                        "for a street marker"),
        (["Seat 1: x", "b", "c"], "would start with 'Seat '"),
        (["***", "b", "c"], "would start with '*** '"),
        (["Dealt to", "b", "c"], "would start with 'Dealt to '"),
        (["Dealt to me", "b", "c"], "would start with 'Dealt to '"),
        (["PokerStars Hand #5: x", "b", "c"], "for a hand header"),
        (["Uncalled bet (1)", "b", "c"], "would start with 'Uncalled bet ('"),
        (["Total pot 5", "b", "c"], "would start with 'Total pot '"),
        (["x", "x: y", "c"], "another player's name and ': '"),
        (["a\u2028b", "b", "c"], "line break"),
        ([" a", "b", "c"], "outer spaces"),
    ],
)
def test_names_the_reader_could_not_read_back_are_refused(names: list[str], why: str) -> None:
    hh = copy.deepcopy(pokerstars.loads(EXAMPLE)[0])
    hh.players = names
    with pytest.raises(PokerStarsError) as info:
        pokerstars.dumps(hh)
    assert why in str(info.value), str(info.value)


def test_hostile_but_allowed_names_round_trip() -> None:
    names = [["a: b", "[ bob ]", "c collected $1 from pot"],
             ['d said, "hi"', "Betting is capped", "e (5 in chips) is sitting out"],
             ["\u00e9\u6f22 :", "f [Kd]", "Seat:"], ["x:", "x", "**"]]
    hh = pokerstars.loads(EXAMPLE)[0]
    for trio in names:
        mine = copy.deepcopy(hh)
        mine.players = trio
        assert pokerstars.loads(pokerstars.dumps(mine)) == [mine]


# ------------------------------------------------------------ the command


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "razzcore", *args], capture_output=True,
                          text=True, cwd=cwd, check=False)


def test_convert_counts_and_malformed(tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_text(LINE_KINDS, encoding="utf-8")
    bad = tmp_path / "bad.txt"
    bad.write_text(EXAMPLE.replace("charlie: calls $0.50", "charlie: calls $0.40")
                   + "\n\n\n" + EXAMPLE, encoding="utf-8")
    out = tmp_path / "out.phhs"
    done = run("convert", str(good), str(bad), "-o", str(out), cwd=tmp_path)
    assert done.returncode == 1
    assert "6 Razz hands converted, 1 hand of another game skipped, 1 malformed" in done.stdout
    line = line_of(EXAMPLE, "charlie: calls")
    assert f"bad.txt:{line}: hand #100000000001: the engine puts in 50" in done.stderr
    hands = loads_all(out.read_text(encoding="utf-8"))
    assert len(hands) == 6 and all(h.verify() for h in hands)
    back = tmp_path / "back.txt"
    done = run("convert", str(out), "--to", "pokerstars", "-o", str(back), cwd=tmp_path)
    assert done.returncode == 0 and "6 hands written" in done.stdout
    assert pokerstars.loads(back.read_text(encoding="utf-8")) == hands
    done = run("convert", str(good), "-o", str(out), cwd=tmp_path)
    assert done.returncode == 0


def test_convert_to_pokerstars_names_the_file_line_and_hand(tmp_path: Path) -> None:
    good = pokerstars.loads(EXAMPLE)[0]
    text = dumps_all([good, good])
    at = text.rindex("'p1 pb', 'p2 cbr 50'")
    text = text[:at] + "'p2 pb', 'p2 cbr 50'" + text[at + len("'p1 pb', 'p2 cbr 50'"):]
    (tmp_path / "pbad.phhs").write_text(text, encoding="utf-8")
    line = text.count("\n", 0, at) + 1
    done = run("convert", "pbad.phhs", "--to", "pokerstars", "-o", "out.txt", cwd=tmp_path)
    assert done.returncode == 1
    [message] = done.stderr.splitlines()
    assert message.startswith(f"pbad.phhs:{line}: hand 2: it does not replay: "), message
    assert "hand 1" not in message
    assert "1 hand written as PokerStars text" in done.stdout
    assert len(pokerstars.loads((tmp_path / "out.txt").read_text(encoding="utf-8"))) == 1
    single = text[text.index("[2]"):].replace("[2]\n", "", 1)
    (tmp_path / "one.phh").write_text(single, encoding="utf-8")
    (tmp_path / "out.txt").unlink()
    done = run("convert", "one.phh", "--to", "pokerstars", "-o", "out.txt", cwd=tmp_path)
    assert done.returncode == 2  # no hand converted: an error, and nothing written
    assert done.stderr.startswith(f"one.phh:{line_of(single, 'p2 pb')}: it does not replay")
    assert not (tmp_path / "out.txt").exists()


def test_hands_without_numbers_are_numbered_in_order() -> None:
    hands = simulated(3, 5)
    assert all(hh.hand is None for hh in hands)
    text = pokerstars.dumps(hands, first=7)
    assert [hh.hand for hh in pokerstars.loads(text)] == [7, 8, 9]
    hands[1].players = ["same"] * hands[1].player_count
    with pytest.raises(PokerStarsError) as info:
        pokerstars.dumps(hands, first=7)
    assert info.value.hand == "8" and str(info.value).startswith("hand 8: player names")
    assert info.value.reason.startswith("player names")


def test_replay_accepts_pokerstars_files(tmp_path: Path) -> None:
    path = tmp_path / "session.txt"
    path.write_text(EXAMPLE, encoding="utf-8")
    done = run("replay", str(path), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "=== hand #100000000001 ===" in done.stdout
    assert "finishing stacks: $9.65 / $10.60 / $0 (match the file)" in done.stdout


# ------------------------------------------------------------ header variants


def body_with(small: int, big: int, unit: str, ante: int = 0) -> str:
    """The lines after the header of an engine hand with these stakes."""
    rules = Rules(ante, small // 2, small, big, profile="online")
    hand = play_random(Hand(rules, [small * 30] * 3, seed=4), random.Random(4))
    hh = HandHistory.from_hand(hand, players=["a", "b c", "[d]"])
    hh.user_fields["_pokerstars"] = {"unit": unit}
    return pokerstars.dumps([hh]).split("\n", 1)[1]


@pytest.mark.parametrize(
    ("header", "unit", "stakes", "meta"),
    [
        ("PokerStars Hand #5: Tournament #9, Freeroll Razz Limit - Level II (1,000/2,000) - "
         "2026/01/01 10:00:00 ET", "chip", (1000, 2000), {"tournament": "9", "buy_in": "Freeroll"}),
        ("PokerStars Hand #5: Tournament #9, 100+9 HORSE (Razz Limit) - Level I (20/40) - "
         "2026/01/01 10:00:00 ET", "chip", (20, 40),
         {"tournament": "9", "buy_in": "100+9", "game": "HORSE"}),
        ("PokerStars Hand #5:  Razz Limit (€0.50/€1 EUR) - 2026/01/01 10:00:00 CET",
         "cent", (50, 100), {}),
        ("PokerStars Hand #5:  Razz Limit (50/100) - 2026/01/01 10:00:00 ET", "chip",
         (50, 100), {}),
        ("PokerStars Home Game Hand #5: {My Club} Razz Limit ($0.50/$1) - "
         "2026/01/01 10:00:00 ET", "cent", (50, 100), {"home_game": True, "club": "My Club"}),
    ],
)
def test_header_variants(header: str, unit: str, stakes: tuple[int, int],
                         meta: dict[str, object]) -> None:
    body = body_with(*stakes, unit, ante=stakes[0] // 10)
    if "€" in header:
        body = body.replace("$", "€")
    [hh] = pokerstars.loads(header + "\n" + body)
    assert hh.user_fields["_pokerstars"] == {"unit": unit, **meta}
    assert (hh.small_bet, hh.big_bet, hh.hand) == (*stakes, 5)
    assert pokerstars.loads(pokerstars.dumps([hh])) == [hh]


def test_a_seat_without_cards_in_a_game_without_antes() -> None:
    text = "PokerStars Hand #6:  Razz Limit ($0.50/$1 USD)\n" + body_with(50, 100, "cent")
    text = text.replace("Seat 3: [d] ", "Seat 4: late ($5 in chips)\nSeat 3: [d] ")
    assert "posts the ante" not in text
    with pytest.raises(PokerStarsError, match="seat order"):
        pokerstars.loads(text)
    text = text.replace("Seat 4: late ($5 in chips)\nSeat 3: [d] ", "Seat 3: [d] ")
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("*** 3rd"))
    lines.insert(at, "Seat 8: late ($5 in chips)")
    [hh] = pokerstars.loads("\n".join(lines))
    assert hh.players == ["a", "b c", "[d]", "late"]
    assert hh.user_fields["_razzcore_absent"] == [4]  # seated, dealt nothing
    assert list(hh.replay().stacks) == hh.finishing_stacks


def test_other_rooms_lines_and_leading_text() -> None:
    zoom = ("PokerStars Zoom Hand #77: Hold'em No Limit ($0.05/$0.10) - 2026/01/01 10:00:00 ET\n"
            "Table 'Z' 6-max\nSeat 1: a ($10 in chips)\n\n\n")
    report = pokerstars.loads_report(zoom + EXAMPLE)
    assert len(report.hands) == 1 and report.other_games == 1
    odd = EXAMPLE.replace("PokerStars Hand #100000000001:  Razz Limit",
                          "PokerStars Hand #100000000001: Razz Mystery")
    assert error_of(odd).line == 1
    with pytest.warns(PokerStarsWarning, match="line 1: text before the first hand"):
        report = pokerstars.loads_report("junk\n" + EXAMPLE, on_error="skip")
    assert len(report.hands) == 1 and len(report.errors) == 1


def test_replay_names_the_file_and_line_of_a_malformed_hand(tmp_path: Path) -> None:
    path = tmp_path / "broken.txt"
    path.write_text(EXAMPLE.replace("charlie: calls $0.50", "charlie: calls $0.40"),
                    encoding="utf-8")
    done = run("replay", str(path), cwd=tmp_path)
    line = line_of(EXAMPLE, "charlie: calls")
    assert done.returncode == 2
    assert f"broken.txt:{line}: hand #100000000001: the engine puts in" in done.stderr


BAD = EXAMPLE.replace("charlie: calls $0.50", "charlie: calls $0.40")
BAD_LINE = line_of(BAD, "charlie: calls $0.40")


def test_replay_leaves_out_a_malformed_hand_and_shows_the_rest(tmp_path: Path) -> None:
    (tmp_path / "mixed.txt").write_text(BAD + "\n\n\n" + LINE_KINDS, encoding="utf-8")
    done = run("replay", "mixed.txt", cwd=tmp_path)
    assert done.returncode == 2
    assert f"mixed.txt:{BAD_LINE}: hand #100000000001: the engine puts in 50" in done.stderr
    assert "=== hand #250000000001 ===" in done.stdout
    assert "=== hand #100000000001 ===" not in done.stdout
    assert "5 hands replayed, 5 match their finishing_stacks" in done.stdout
    done = run("replay", "mixed.txt", "--json", cwd=tmp_path)
    assert done.returncode == 2 and f"mixed.txt:{BAD_LINE}: hand #100000000001" in done.stderr
    assert '"finishing_stacks"' in done.stdout


def test_replay_page_leaves_out_a_malformed_hand(tmp_path: Path) -> None:
    (tmp_path / "mixed.txt").write_text(BAD + "\n\n\n" + EXAMPLE, encoding="utf-8")
    done = run("replay", "mixed.txt", "--html", "m.html", cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert f"mixed.txt:{BAD_LINE}: hand #100000000001: the engine puts in 50" in done.stderr
    assert "wrote 1 hand to m.html" in done.stdout
    assert (tmp_path / "m.html").stat().st_size > 1000
    # a file of malformed hands only does not stop the next file
    (tmp_path / "bad.txt").write_text(BAD, encoding="utf-8")
    (tmp_path / "good.txt").write_text(LINE_KINDS, encoding="utf-8")
    done = run("replay", "bad.txt", "good.txt", "--html", "r.html", cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert f"bad.txt:{BAD_LINE}: hand #100000000001: the engine puts in 50" in done.stderr
    assert "wrote 5 hands to r.html" in done.stdout and (tmp_path / "r.html").exists()
    done = run("replay", "bad.txt", "--html", "b.html", cwd=tmp_path)
    assert done.returncode == 2 and "no page written" in done.stderr
    assert not (tmp_path / "b.html").exists()


def test_an_up_card_without_its_dealt_to_line_is_refused_even_when_shown() -> None:
    # bravo shows all seven cards, so his last up card is known; the text
    # still lacks the line that deals it face up (no later line repeats it)
    text = pokerstars.dumps([pokerstars.EXAMPLE])
    sixth = text.split("*** 6th STREET ***")[1].splitlines()
    missing = next(x for x in sixth if x.startswith("Dealt to bravo [x]"))
    assert "bravo [x]: shows [" in text
    exc = error_of(text.replace(missing + "\n", "", 1))
    assert "no 'Dealt to' line for bravo [x]" in str(exc)


def test_dumps_refuses_a_hand_whose_finishing_stacks_the_replay_does_not_reach() -> None:
    hh = simulated(1, 5)[0]
    hh.finishing_stacks = [1] * hh.player_count
    with pytest.raises(PokerStarsError, match="finishing_stacks"):
        pokerstars.dumps([hh])
