"""The PokerStars reader against the oracle.

``razzcore.pokerstars`` splits every text into hands with the compiled
splitter (after normalising other line and space characters), reads each
header in Python and the rest of the hand with the compiled reader
(``src/razz_pokerstars*.h``), which reports every problem as a code worded
in ``razzcore/histories/_pokerstars_errors.py``.  ``tests/pokerstars_oracle.py``
is a plain reader of the same format in Python (it steps ``Hand.act``).
``loads_report(text, on_error="skip")`` must give the same hands, the same
count of other games and the same errors and warnings as the oracle for any
text.  Checked here on the data files and the texts the other PokerStars
tests build, on engine-played hands of many shapes, on texts laid out with
other line breaks and spaces; on thousands of mutations of such hands in
``test_pokerstars_oracle_mutations.py``.
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import test_pokerstars as ps_tests
import test_pokerstars_pots as pots_tests
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pokerstars_oracle_support import (
    KINDS,
    PLAIN_NAMES,
    data_files,
    data_hands,
    engine_hand,
    engine_hands,
    outcome,
    play,
    read_both_ways,
    short_bring_in,
    short_completion,
)

from razzcore import phh, pokerstars
from razzcore.engine.hand import Hand
from razzcore.engine.rules import Rules
from razzcore.histories._pokerstars_lines import CENT, CHIP, format_amount, parse_amount
from razzcore.histories.phh import HandHistory

WSOP = Path(__file__).parent / "conformance" / "phh-razz" / "data" / "wsop" / "2023" / "43" / "5"


# ------------------------------------------- the data files and the other tests


def parametrized(module: Any) -> Iterator[dict[str, Any]]:
    """The arguments of every parametrized case of the tests of ``module``."""
    for name, test in vars(module).items():
        if not name.startswith("test_"):
            continue
        for mark in getattr(test, "pytestmark", []):
            if mark.name != "parametrize":
                continue
            names = mark.args[0]
            names = [n.strip() for n in names.split(",")] if isinstance(names, str) else names
            for case in mark.args[1]:
                values = getattr(case, "values", case)
                yield dict(zip(names, values if len(names) > 1 else (values,), strict=True))


def other_tests_texts() -> list[str | bytes]:
    """The texts the other PokerStars tests read: their files changed as
    each parametrized case changes them (``old`` -> ``new``), header variants,
    the texts built inline, and hands the engine played, written by ``dumps``."""
    example, kinds, side = ps_tests.EXAMPLE, ps_tests.LINE_KINDS, pots_tests.SIDE_POTS
    bases = [example, kinds, *pots_tests.HANDS]
    out: list[str | bytes] = []
    for case in [*parametrized(ps_tests), *parametrized(pots_tests)]:
        text = case.get("text")
        if isinstance(text, (str, bytes)) and "old" not in case:
            out.append(text)
        if "header" in case:
            small, big = case["stakes"]
            body = ps_tests.body_with(small, big, case["unit"], ante=small // 10)
            out.append(case["header"] + "\n" + (body.replace("$", "\u20ac")
                                                if "\u20ac" in case["header"] else body))
        old, new = case.get("old"), case.get("new")
        if not (isinstance(old, str) and isinstance(new, str)):
            continue
        if isinstance(text, str):
            chosen = [text]
        elif isinstance(case.get("hand"), int):
            chosen = [pots_tests.HANDS[case["hand"]]]
        else:
            chosen = bases
        found = [base for base in chosen if old in base]
        assert found, f"{old!r} is in none of the texts"
        for base in found:
            out += [base.replace(old, new), base.replace(old, new, 1)]
    bad = example.replace("charlie: calls $0.50", "charlie: calls $0.40")
    out += [
        example.replace("alpha ($10 in chips)", "alpha ($1,000.00 in chips)"),
        kinds.replace("[ bob ]: raises 750 to 1,000", "[ bob ]: raises 750 to 1,0"),
        kinds.replace("Seat 1: Ann Lee (15,000 in", "Seat 1: Ann Lee ($15,000 in"),
        kinds.replace("Uncalled bet (1,000) returned to Carl (CA)\n", "", 1),
        example.replace("*** 4th STREET ***", "Uncalled bet ($0.50) returned to charlie\n"
                        "*** 4th STREET ***"),
        kinds.replace("d.e.f: folds", "d.e.f: folds\nsleepy: is sitting out", 1),
        example.replace("bravo [x] collected $6.45", "charlie collected $6.45"),
        kinds + "\n\n\n" + bad + "\n\n\n" + example,
        "junk\n" + example,
        ("PokerStars Zoom Hand #77: Hold'em No Limit ($0.05/$0.10) - 2026/01/01 10:00:00 ET\n"
         "Table 'Z' 6-max\nSeat 1: a ($10 in chips)\n\n\n" + example),
        example.replace("PokerStars Hand #100000000001:  Razz Limit",
                        "PokerStars Hand #100000000001: Razz Mystery"),
        ("\ufeff" + example).encode(),
        ps_tests.eight_players_to_the_river(),
        *seat_without_cards(),
        pots_tests.proportional(pots_tests.HANDS[0], "won", "won"),
        pots_tests.HANDS[3].replace("$3.75 from main pot", "$3.92 from main pot").replace(
            "$5.50 from side pot", "$5.33 from side pot").replace(
            "Main pot $3.75. Side pot $5.50.", "Main pot $3.92. Side pot $5.33."),
        side.replace("Main pot $3. Side pot-1", "Main pot $3.10. Side pot-1", 1),
    ]
    simulated = ps_tests.simulated(400, 11)
    out += [pokerstars.dumps(simulated), pokerstars.dumps(ps_tests.simulated(3, 5), first=7)]
    out += [pokerstars.dumps([hh]) for hh in simulated[:60]]
    [hh] = pokerstars.loads(example)
    for trio in (["a: b", "[ bob ]", "c collected $1 from pot"],
                 ['d said, "hi"', "Betting is capped", "e (5 in chips) is sitting out"],
                 ["\u00e9\u6f22 :", "f [Kd]", "Seat:"], ["x:", "x", "**"]):
        mine = copy.deepcopy(hh)
        mine.players = trio
        out.append(pokerstars.dumps(mine))
    wsop = []
    for path in sorted(WSOP.glob("*.phh")):
        with path.open("rb") as fh:
            wsop.append(phh.load(fh))
    assert len(wsop) == 10
    out.append(pokerstars.dumps(wsop))
    return out


def seat_without_cards() -> list[str]:
    """A seat listed out of order, and one seated but dealt nothing, in a
    game without antes (test_pokerstars builds the same texts)."""
    text = "PokerStars Hand #6:  Razz Limit ($0.50/$1 USD)\n" + ps_tests.body_with(50, 100, "cent")
    out = [text.replace("Seat 3: [d] ", "Seat 4: late ($5 in chips)\nSeat 3: [d] ")]
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("*** 3rd"))
    lines.insert(at, "Seat 8: late ($5 in chips)")
    return [*out, "\n".join(lines)]


def test_every_data_file_and_hand_reads_the_same() -> None:
    files, hands = data_files(), data_hands()
    assert len(files) >= 3 and len(hands) >= 10
    for text in files:
        read_both_ways(text)
    read = sum(read_both_ways(text)["read"] for text in hands)
    assert read >= 14  # every one but the malformed hand
    for text in pots_tests.HANDS:  # side pots and a rake
        assert read_both_ways(text) == {"read": 1, "refused": 0}


def test_every_text_of_the_other_pokerstars_tests_reads_the_same() -> None:
    texts = other_tests_texts()
    assert len(texts) > 150
    counts = [read_both_ways(text) for text in texts]
    assert sum(c["read"] for c in counts) > 400  # the simulated hands among them


@pytest.mark.slow  # bulk mutations (the fuzz target mutates under ASan)
def test_every_cut_and_every_line_dropped_or_doubled_of_the_data_hands_reads_the_same() -> None:
    for text in data_hands():
        lines = text.strip().splitlines()
        for k in range(1, len(lines)):
            read_both_ways("\n".join(lines[:k]))
            read_both_ways("\n".join(lines[:k] + lines[k + 1:]))
            read_both_ways("\n".join([*lines[:k], lines[k], *lines[k:]]))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ps_tests.renamed_hand(), min_size=1, max_size=3))
def test_hostile_names_read_the_same(hands: list[HandHistory]) -> None:
    try:
        text = pokerstars.dumps(hands)
    except pokerstars.PokerStarsError:
        return
    read_both_ways(text)


# ------------------------------------------------- engine-played hands


@pytest.mark.slow  # bulk: the same paths as the other tests, many times over
def test_engine_hands_of_every_shape_read_the_same() -> None:
    rng = random.Random(20261201)
    texts = []
    for players in range(2, 9):
        for kind in KINDS:
            for hero in (None, "random"):
                for rake in (0, None):
                    texts += [engine_hand(rng, players=players, kind=kind, hero=hero, rake=rake,
                                          number=len(texts) + 1) for _ in range(3)]
    read = refused = 0
    for text in texts:
        counts = read_both_ways(text)
        assert counts["read"] + counts["refused"] == 1
        read += counts["read"]
        refused += counts["refused"]
    assert read >= 0.85 * len(texts), (read, refused)
    # several hands in one text: each read where it reads alone
    assert read_both_ways("\n\n\n".join(texts))["read"] == read


@pytest.mark.slow  # bulk: the same paths as the other tests, many times over
def test_side_pots_and_rake_and_separators_are_read() -> None:
    texts = engine_hands(7, 600)
    side = [t for t in texts if "Side pot-2 " in t]
    raked = [t for t in texts if re.search(r"Rake \D?[1-9]", t)]
    separated = [t for t in texts if re.search(r"\d,\d\d\d", t)]
    hidden = [t for t in texts if re.search(r"^Dealt to .* \[\S\S\]$", t, re.M)]
    for group in (side, raked, separated, hidden):
        assert len(group) >= 10
        accepted = [t for t in group if not outcome(t, False)[3]]
        assert len(accepted) >= 10
        for text in accepted:
            assert read_both_ways(text) == {"read": 1, "refused": 0}, text


def test_betting_is_capped_lines_are_read() -> None:
    rng = random.Random(3)
    done = 0
    for text in engine_hands(11, 300)[:80]:
        if outcome(text, False)[3]:
            continue
        lines = text.splitlines()
        acts = [i for i, line in enumerate(lines) if re.search(r": (calls|raises|bets) ", line)]
        if not acts:
            continue
        lines.insert(rng.choice(acts) + 1, "Betting is capped")
        assert read_both_ways("\n".join(lines)) == {"read": 1, "refused": 0}
        done += 1
    assert done >= 20


IGNORED_LINES = ['{name} said, "gl: all"', "{name} joins the table at seat #9",
                 "{name} leaves the table", "{name} is disconnected", "{name} is connected",
                 "{name} has timed out", "{name} has timed out while disconnected",
                 "{name} has returned", "{name} will be allowed to play after the button",
                 "{name}: sits out", "{name} is sitting out", "{name}: is sitting out",
                 "{name} was removed from the table for failing to post"]


@pytest.mark.parametrize("line", IGNORED_LINES)
def test_lines_without_game_information_are_read(line: str) -> None:
    rng = random.Random(line)
    checked = 0
    for text in engine_hands(9, 12, kind="dollar"):
        if outcome(text, False)[3]:
            continue
        name = re.search(r"^Seat \d+: (.+) \(", text, re.M).group(1)  # type: ignore[union-attr]
        lines = text.splitlines()
        lines.insert(rng.randrange(lines.index("*** 3rd STREET ***") + 1,
                                   lines.index("*** SUMMARY ***")), line.format(name=name))
        changed = "\n".join(lines)
        assert read_both_ways(text) == {"read": 1, "refused": 0}
        assert read_both_ways(changed) == {"read": 1, "refused": 0}, changed
        checked += 1
    assert checked >= 5


def test_a_seat_sitting_out_is_read() -> None:
    rng = random.Random(5)
    rules = Rules(10, 25, 50, 100, profile="online")
    done = 0
    for k in range(40):
        n = rng.randint(3, 8)
        hand = play(Hand(rules, [rng.randint(100, 3000) for _ in range(n)], seed=k,
                         absent=[rng.randrange(n)]), rng, 0.3)
        if hand.community_card is not None:
            continue
        hh = HandHistory.from_hand(hand, players=rng.sample(PLAIN_NAMES, n))
        text = pokerstars.dumps([hh])
        assert "is sitting out" in text
        assert read_both_ways(text) == {"read": 1, "refused": 0}, text
        done += 1
    assert done >= 30


def test_names_holding_colon_space_are_read() -> None:
    rng = random.Random(6)
    for k in range(30):
        names = rng.sample(PLAIN_NAMES, 2) + ["a: b", "x: [y]", "R: 1"][: rng.randint(1, 3)]
        text = engine_hand(rng, players=len(names), names=names, number=k + 1)
        counts = read_both_ways(text)
        if not outcome(text, False)[3]:
            assert counts == {"read": 1, "refused": 0}, text


HOSTILE_NAMES = ["e (5 in chips) is sitting out", "c collected $1 from pot", 'd said, "hi"',
                 "Betting is capped", "f [Kd]", "Seat:", "**", "x:", "a (b)", "1,000", "$5",
                 "g (7 in chips, $1 bounty)", "Ann", "Ann Lee", "h: i"]


def test_names_that_look_like_other_lines_read_the_same() -> None:
    rng = random.Random(15)
    read = 0
    for k in range(150):
        n = rng.randint(2, 8)
        names = rng.sample(HOSTILE_NAMES, n)
        text = engine_hand(rng, players=n, names=names, number=k + 1)
        counts = read_both_ways(text)
        read += counts["read"]
    assert read >= 50


def test_lone_surrogates_read_the_same() -> None:
    example = ps_tests.EXAMPLE.strip() + "\n"
    for text in (example.replace("alpha", "al\ud800pha"),
                 example.replace('alpha said, "nh"', 'alpha said, "n\udfffh"'),
                 example + "\n\n" + example.replace("#100000000001:", "#2:").replace(
                     "Example I", "Ex\ud800")):
        counts = read_both_ways(text)
        assert counts["read"] + counts["refused"] >= 1


def test_short_bring_ins_and_completions_read_the_same() -> None:
    texts = engine_hands(7, 600)
    short = [t for t in texts if short_bring_in(t) or short_completion(t)]
    assert len(short) >= 20
    for text in short:
        counts = read_both_ways(text)
        if not outcome(text, False)[3]:
            assert counts == {"read": 1, "refused": 0}, text


def test_a_hand_with_nothing_in_the_pot_is_read() -> None:
    empty = [t for t in engine_hands(7, 600) if re.search(r"^Total pot \D?0 \|", t, re.M)]
    assert len(empty) >= 5
    for text in empty:
        assert read_both_ways(text) == {"read": 1, "refused": 0}, text


def rake_moved(text: str, rng: random.Random) -> str | None:
    """``text`` (a hand with side pots and a rake, one winner per pot) with
    part of the rake taken from another pot than the text takes it from:
    the collected lines, the total line's pots and the summary lines moved
    alike (``None`` for a hand not of that kind)."""
    stakes = re.search(r"\(([$\u20ac\u00a3]?)[\d.,]+/", text.split("\n", 1)[0])
    symbol = stakes.group(1) if stakes else ""
    cash = bool(symbol)  # engine hands: cash games in a currency, chips otherwise
    rake_line = re.search(r"\| Rake (\S+)$", text, re.M)
    if rake_line is None or "Main pot" not in text:
        return None

    def amount(word: str) -> int:
        return parse_amount(word, CENT if cash else CHIP, symbol)

    def written(value: int) -> str:
        return format_amount(value, CENT, symbol) if cash else f"{value:,}"

    lines = text.rstrip("\n").split("\n")
    pots: dict[str, list[int]] = {}
    for i, line in enumerate(lines):
        m = re.fullmatch(r".+ collected \S+ from (main pot|side pot(?:-\d+)?)", line)
        if m:
            pots.setdefault(m.group(1), []).append(i)
    rake = amount(rake_line.group(1))
    if len(pots) < 2 or any(len(at) != 1 for at in pots.values()) or not rake:
        return None
    total_at = next(i for i, line in enumerate(lines) if line.startswith("Total pot "))
    give, take = rng.sample(sorted(pots), 2)
    moved = rng.randint(1, rake)
    for pot, change in ((give, moved), (take, -moved)):
        m = re.fullmatch(r"(.+) collected (\S+) from .+", lines[pots[pot][0]])
        assert m is not None
        name, value = m.group(1), amount(m.group(2)) + change
        if value < 0:
            return None
        lines[pots[pot][0]] = f"{name} collected {written(value)} from {pot}"
        label = "Main pot" if pot == "main pot" else pot.capitalize()
        m = re.search(re.escape(label) + r" (\S+)\.", lines[total_at])
        assert m is not None
        lines[total_at] = (lines[total_at][:m.start(1)] + written(amount(m.group(1)) + change)
                           + lines[total_at][m.end(1):])
        won = re.compile(r"Seat \d+: " + re.escape(name) + r" .* (won|collected) \(")
        summary = [i for i in range(total_at + 1, len(lines)) if won.match(lines[i])]
        if len(summary) != 1:
            return None
        m = re.search(r" (?:won|collected) \((\S+)\)", lines[summary[0]])
        assert m is not None
        lines[summary[0]] = (lines[summary[0]][:m.start(1)] + written(amount(m.group(1)) + change)
                             + lines[summary[0]][m.end(1):])
    return "\n".join(lines) + "\n"


def test_a_rake_taken_from_other_pots_reads_the_same() -> None:
    rng = random.Random(17)
    accepted = refused = 0
    for text in engine_hands(7, 600):
        changed = rake_moved(text, rng)
        if changed is None:
            continue
        counts = read_both_ways(changed)
        if outcome(changed, False)[3]:
            refused += 1
        else:
            accepted += 1
            assert counts == {"read": 1, "refused": 0}, changed
    assert accepted >= 20 and refused >= 20, (accepted, refused)


# ------------------------------------------------------------ text layout

LAYOUTS = {
    "crlf": lambda t: t.replace("\n", "\r\n"),
    "cr": lambda t: t.replace("\n", "\r"),
    "spaces around lines": lambda t: re.sub(r"(?m)^(.+)$", " \t\\1 \t", t),
    "blank lines holding spaces": lambda t: t.replace("\n\n\n", "\n \n\t\n\n  \t\n"),
    "no blank line between hands": lambda t: t.replace("\n\n\n", "\n"),
    "byte order mark": lambda t: "\ufeff" + t,
    "line separators": lambda t: t.replace("\n\n\n", "\u2028\n\x0c\n\x85"),
    "no-break spaces around lines": lambda t: re.sub(r"(?m)^(.+)$", "\u00a0\\1\u3000", t),
    "form feed lines": lambda t: t.replace("\n", "\x0c"),
    "no-break space in a chat line": lambda t: t.replace(
        "*** SUMMARY ***", 'Q said, "hi\u00a0there"\n*** SUMMARY ***', 1),
}


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_line_breaks_and_spaces_read_the_same(name: str) -> None:
    texts = list(engine_hands(14, 30, kind="dollar"))
    text = "\n\n\n".join(texts)
    plain_read = read_both_ways(text)["read"]
    assert plain_read >= 20
    changed = LAYOUTS[name](text)
    counts = read_both_ways(changed)
    assert counts["read"] == plain_read, counts
    read_both_ways(changed.encode())


@pytest.mark.parametrize("number", ["1\u0663", "\u0663", "12\uff13", "7\u0969\u0966", "1\u00b2",
                                    "\U0001d7f1"])
def test_hand_numbers_in_other_digits_read_the_same(number: str) -> None:
    example = ps_tests.EXAMPLE.strip() + "\n"
    other = example.replace("#100000000001:", f"#{number}:")
    holdem = f"PokerStars Hand #{number}: Hold'em No Limit ($0.01/$0.02) - 2026/01/01 10:00:00 ET\n"
    for text in (example + "\n\n" + other, example + "\n" + holdem, other + "\n\n" + example,
                 example + "\n\n" + holdem + "\n\n" + example):
        read_both_ways(text)


OTHER_DIGIT_PLACES = {
    "joins text ending an action": (
        "bravo [x]: raises $0.25 to $0.50",
        "bravo [x]: raises $0.25 to $0.50lta joins the table at seat #\u0665"),
    "joins text ending a name": ("bravo [x]", "b joins the table at seat #\u0665"),
    "side pot text in a name": ("bravo [x]", "bravo Side pot-\u0661 x"),
    "side pot text ending a name": ("bravo [x]", "b from side pot-\u0967"),
    "seat number in two scripts": ("Seat 4: bravo [x] (", "Seat \u0660\uff14: bravo [x] ("),
    "seat number past the table": ("Seat 7: charlie ($", "Seat \u0661\u0662: charlie ($"),
    "seat number of many digits": ("Seat 7: charlie ($", "Seat " + "\u0667" * 30 + ": charlie ($"),
    "seat-like name": ("alpha", "Seat \u0663: a"),
    "joins in wide digits": ("delta joins the table at seat #5",
                             "delta joins the table at seat #\U0001d7d3\u0665"),
}


@pytest.mark.parametrize("name", sorted(OTHER_DIGIT_PLACES))
def test_other_digits_near_the_places_that_take_them_read_the_same(name: str) -> None:
    old, new = OTHER_DIGIT_PLACES[name]
    example = ps_tests.EXAMPLE.strip() + "\n"
    text = example.replace(old, new)
    assert text != example
    read_both_ways(text)
    report = pokerstars.loads_report(text, on_error="skip")
    read = list(pokerstars.tally(text))
    assert [str(e) for _, e in read if isinstance(e, pokerstars.PokerStarsError)] == [
        str(e) for e in report.errors]
    assert [h.names for _, h in read if isinstance(h, pokerstars.Tallied)] == [
        hh.players for hh in report.hands]
