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
other line breaks and spaces, and on thousands of mutations of such hands.
"""

from __future__ import annotations

import copy
import datetime
import functools
import random
import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pokerstars_oracle as oracle
import pytest
import test_pokerstars as ps_tests
import test_pokerstars_pots as pots_tests
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from razzcore import phh, pokerstars
from razzcore.cards import format_card
from razzcore.engine.hand import Hand
from razzcore.engine.rules import Rules
from razzcore.histories._pokerstars_lines import CENT, CHIP, format_amount, parse_amount
from razzcore.histories.phh import HandHistory

DATA = Path(__file__).parent / "data" / "pokerstars"
WSOP = Path(__file__).parent / "conformance" / "phh-razz" / "data" / "wsop" / "2023" / "43" / "5"


# ------------------------------------------------- the reader and the oracle


def outcome(text: str | bytes, product: bool = True) -> tuple[Any, ...]:
    """Everything ``loads_report(text, on_error="skip")`` says (the product's
    reader, or the oracle's): the hands (and their reprs, which also tell
    ``1`` from ``True``), other games, errors (message, hand, line, reason)
    and warnings (or the error of a text that is no text)."""
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            report = (pokerstars.loads_report(text, on_error="skip") if product
                      else oracle.loads_report(text))
    except pokerstars.PokerStarsError as exc:  # the text as a whole: not UTF-8
        return [], [], -1, [(str(exc), exc.hand, exc.line, exc.reason)], []
    return (
        report.hands,
        [repr(hh) for hh in report.hands],
        report.other_games,
        [(str(e), e.hand, e.line, e.reason) for e in report.errors],
        [(w.category.__name__, str(w.message)) for w in caught],
    )


def read_both_ways(text: str | bytes) -> dict[str, int]:
    """Assert that ``text`` reads the same with the reader and the oracle;
    return how many hands were ``read`` and how many ``refused``."""
    oracle_said = outcome(text, False)
    said = outcome(text, True)
    assert said[2:] == oracle_said[2:], (text, said[2:], oracle_said[2:])
    assert said[1] == oracle_said[1], (text, said[1], oracle_said[1])
    assert said[0] == oracle_said[0]
    return {"read": len(said[0]), "refused": len(said[3])}


# ------------------------------------------------- engine-played hands

PLAIN_NAMES = ["Ann", "Ann Lee", "[ bob ]", "Carl (CA)", "d.e.f", "Zo\u00eb", "\u6f22\u5b57 x",
               "x [2]", "\u00c9va-\u0141ucja", "P.3(x)", "bravo [x]", "7 up", "Q", "Ann Lee 2"]
# (ante, bring-in, small bet, big bet): cents, and chips
CASH_STAKES = [(10, 25, 50, 100), (2, 5, 10, 20), (0, 10, 20, 40), (3, 7, 20, 40),
               (25, 50, 200, 400)]
CHIP_STAKES = [(100, 300, 1000, 2000), (25, 50, 200, 400), (0, 500, 2000, 4000),
               (200, 500, 2000, 4000)]
KINDS = ["dollar", "euro", "pound", "tournament", "chips"]


def play(hand: Hand, rng: random.Random, fold: float) -> Hand:
    """Play ``hand`` to its end: fold with probability ``fold`` when folding
    is legal, otherwise any other legal action."""
    while hand.actor is not None:
        legal = hand.legal_actions()
        others = [a for a in legal if a != "f"]
        if not others or ("f" in legal and rng.random() < fold):
            hand.act("f")
        else:
            hand.act(rng.choice(others))
    return hand


def hide(actions: list[str], hero: int, seventh: bool) -> list[str]:
    """The actions as ``hero`` (a seat index) sees them: the others' down
    cards unseen (their 7th-street card too when ``seventh``)."""
    dealt: dict[str, int] = {}
    out = []
    for action in actions:
        words = action.split()
        if words[:2] == ["d", "dh"]:
            seat = words[2]
            dealt[seat] = dealt.get(seat, 0) + len(words[3]) // 2
            if seat != f"p{hero + 1}":
                if len(words[3]) == 6:
                    action = f"d dh {seat} ????{words[3][4:]}"
                elif seventh and dealt[seat] == 7:
                    action = f"d dh {seat} ??"
        out.append(action)
    return out


SEPARATED = re.compile(r"(?<=[ (])(\d{4,})(?=[ ).]|$)", re.M)


def thousands(text: str) -> str:
    """Chip amounts of 1000 or more written with thousands separators
    (``12,500``), as PokerStars writes them (``dumps`` writes ``12500``);
    the header line is left alone."""
    head, _, body = text.partition("\n")
    return head + "\n" + SEPARATED.sub(lambda m: f"{int(m.group(1)):,}", body)


def engine_hand(rng: random.Random, *, players: int | None = None, kind: str | None = None,
                names: list[str] | None = None, rake: int | None = None,
                hero: int | str | None = "random", number: int = 1) -> str:
    """The PokerStars text of one engine-played hand of the given shape
    (random where not given): 2-8 players, stacks short enough for all-ins
    and side pots, a rake or none, cash in dollars or euros (cents),
    tournament or play-money chips with thousands separators, names with
    spaces, brackets and non-ASCII letters; Hero sees only his own down cards
    (``hero``: a seat) or every card is shown (``None``); now and then a seat
    without chips."""
    n = players if players is not None else rng.randint(2, 8)
    kind = kind or rng.choice(KINDS)
    cash = kind in ("dollar", "euro", "pound")
    ante, bring_in, small, big = rng.choice(CASH_STAKES if cash else CHIP_STAKES)
    rules = Rules(ante, bring_in, small, big, profile="online")
    while True:
        stacks = []
        for _ in range(n):
            if rng.random() < 0.45:
                stacks.append(rng.randint(1, 3 * big))
            else:
                stacks.append(rng.randint(3 * big, 40 * big))
        if n > 2 and rng.random() < 0.1:  # a seat without chips, dealt nothing
            stacks[rng.randrange(n)] = 0
        take = rake if rake is not None else rng.choice([0, 0, 1, small // 10 + 1, 3 * big])
        hand = play(Hand(rules, stacks, seed=rng.random(), rake=take), rng,
                    rng.choice([0.05, 0.2, 0.5]))
        if hand.community_card is None:
            break
    hh = HandHistory.from_hand(hand, players=names or rng.sample(PLAIN_NAMES, n))
    hh.hand = number
    hh.table = rng.choice(["T", "Hydra IV", "3141592653 7"])
    hh.seat_count = rng.choice([8, 8, 10])
    hh.seats = sorted(rng.sample(range(1, hh.seat_count + 1), n))
    if rng.random() < 0.7:
        hh.year, hh.month, hh.day = 2026, rng.randint(1, 12), rng.randint(1, 28)
        hh.time = datetime.time(rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59))
        hh.time_zone_abbreviation = rng.choice(["ET", "CET", None])
    if kind == "dollar":
        hh.user_fields["_pokerstars"] = {"unit": "cent"}
        hh.currency, hh.currency_symbol = "USD", "$"
    elif kind == "euro":
        hh.user_fields["_pokerstars"] = {"unit": "cent"}
        hh.currency, hh.currency_symbol = "EUR", "\u20ac"
    elif kind == "pound":
        hh.user_fields["_pokerstars"] = {"unit": "cent"}
        hh.currency, hh.currency_symbol = "GBP", "\u00a3"
    elif kind == "tournament":
        hh.user_fields["_pokerstars"] = {"unit": "chip", "tournament": str(rng.randint(1, 10**9)),
                                         "buy_in": "$10+$1 USD"}
        hh.level = rng.randint(1, 20)
    else:
        hh.user_fields["_pokerstars"] = {"unit": "chip"}
    if hero == "random":
        hero = rng.choice([None, rng.randrange(n)])
    if hero is not None:
        assert isinstance(hero, int)
        hh.actions = hide(hh.actions, hero, rng.random() < 0.5)
    text = pokerstars.dumps([hh])
    return text if cash else thousands(text)


@functools.cache
def engine_hands(seed: int, count: int, **shape: Any) -> tuple[str, ...]:
    """``count`` texts of :func:`engine_hand` (numbered from 1), from ``seed``
    (made once: several tests read the same hands)."""
    rng = random.Random(seed)
    return tuple(engine_hand(rng, number=k + 1, **shape) for k in range(count))


def short_bring_in(text: str) -> bool:
    """Whether the bring-in is all-in for less than the bring-in (the
    structure's bring-in is then read off the calls or the completion)."""
    return re.search(r": brings in for \S+ and is all-in$", text, re.M) is not None


def short_completion(text: str) -> bool:
    """Whether 3rd street opens with an all-in bet: the bring-in's player
    completing for less (the structure's bring-in is then guessed: the first
    that replays the hand to its stacks)."""
    third = text.split("*** 3rd STREET ***", 1)[1].split("*** ", 1)[0]
    return re.search(r": bets \S+ and is all-in$", third, re.M) is not None


# ------------------------------------------- the data files and the other tests


def data_files() -> list[str]:
    """Every file of tests/data/pokerstars."""
    return [path.read_text(encoding="utf-8") for path in sorted(DATA.glob("*.txt"))]


def data_hands() -> list[str]:
    """Every hand of the files of tests/data/pokerstars."""
    return [block.strip() + "\n" for text in data_files()
            for block in re.split(r"\n\s*\n", text) if block.strip()]


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


# ------------------------------------------------------------ mutations

CARDS = [format_card(c) for c in range(52)]
CARD = re.compile(r"(?<=[\[ ])[A2-9TJQK][cdhs](?=[\] ])")
NUMBER = re.compile(r"\d[\d,]*(?:\.\d\d)?")
POTS = ["pot", "main pot", "side pot", "side pot-1", "side pot-2", "side pot-3", "side pot-0",
        "side pot-01", "Side pot", "pot."]
INSERTED = ["Betting is capped", "*** 3rd STREET ***", "*** 4th STREET ***", "*** RIVER ***",
            "*** 7th STREET ***", "*** SHOW DOWN ***", "*** SUMMARY ***", "Total pot $1 | Rake $0",
            "Total pot 10 | Rake 0", "Seat 9: zz ($1 in chips)", "Dealt to zz [Ac]",
            "Uncalled bet ($0.25) returned to zz", "zz collected $1 from pot", ""]
VERBS = [("calls", "raises"), ("checks", "folds"), ("bets", "calls"), ("folds", "checks"),
         ("brings in for", "brings-in low for"), ("brings in for", "calls"), ("raises", "bets"),
         ("mucks hand", "doesn't show hand"), ("shows", "mucks"), ("won", "collected"),
         (" and is all-in", ""), ("calls", "calls"), ("posts the ante", "posts the ante")]


def _amount_lines(lines: list[str], pattern: str) -> list[int]:
    return [i for i, line in enumerate(lines) if re.search(pattern, line)]


def _nudge(word: str, rng: random.Random) -> str:
    """An amount changed a little, in the same or another notation."""
    symbol = word[0] if word[0] in "$\u20ac\u00a3" else ""
    digits = word[len(symbol):]
    cents = "." in digits
    value = int(digits.replace(",", "").replace(".", "")) + rng.choice([-100, -1, 1, 2, 100])
    value = max(value, 0)
    if cents or (symbol and rng.random() < 0.3):
        text = f"{value // 100}.{value % 100:02d}" if cents else f"{value}.00"
    else:
        text = f"{value:,}" if rng.random() < 0.5 else str(value)
    return symbol + text


def mutate(text: str, rng: random.Random) -> tuple[str, str]:
    """One random change of one line of ``text``: ``(what, new text)``."""
    lines = text.rstrip("\n").split("\n")
    names = re.findall(r"^Seat \d+: (.+) \(\S+ in chips", text, re.M)
    op = rng.choice(OPS)
    i = rng.randrange(len(lines))
    if op == "layout":
        return op, layout(text, rng)
    if op == "header":
        k = rng.choice([k for k, line in enumerate(lines) if line.startswith("PokerStars ")]
                       or [0])
        lines[k] = rng.choice([
            re.sub(r"#(\d+):", lambda m: "#" + _other_digit(m.group(1), rng) + ":", lines[k]),
            lines[k].replace("Razz Limit", rng.choice(["Hold'em No Limit", "Razz", "7 Card Stud"])),
            lines[k].replace("#", "# ", 1), lines[k].replace(": ", ":", 1),
            re.sub(r"\((\S+)/", lambda m: f"({_nudge(m.group(1), rng)}/", lines[k], count=1)])
    elif op == "table":
        k = next((k for k, line in enumerate(lines) if line.startswith("Table ")), 1)
        if k < len(lines):
            lines[k] = rng.choice([
                re.sub(r"(\d+)-max", lambda m: f"{rng.choice([2, 6, 9, 10, 10000])}-max", lines[k]),
                re.sub(r"(\d+)-max", lambda m: _other_digit(m.group(1), rng) + "-max", lines[k]),
                lines[k].replace("'", "", 1), lines[k] + " Seat #1 is the button",
                lines[k].replace("Table '", "Table ''", 1)])
    elif op == "delete":
        del lines[i]
    elif op == "duplicate":
        lines.insert(i, lines[i])
    elif op == "swap" and i + 1 < len(lines):
        lines[i], lines[i + 1] = lines[i + 1], lines[i]
    elif op == "digit":
        at = [k for k, ch in enumerate(lines[i]) if ch.isdigit()]
        if at:
            k = rng.choice(at)
            lines[i] = lines[i][:k] + rng.choice("0123456789") + lines[i][k + 1:]
    elif op == "amount" or op in ("rake", "total", "won"):
        pattern = {"amount": r"\d", "rake": r"\| Rake ", "total": r"^Total pot ",
                   "won": r" (won|collected) \("}[op]
        candidates = _amount_lines(lines, pattern)
        if candidates:
            k = rng.choice(candidates)
            spans = [m.span() for m in NUMBER.finditer(lines[k])]
            if op == "rake":
                spans = spans[-1:]
            elif op == "won":
                spans = [s for s in spans if lines[k][s[0] - 1] in "($\u20ac\u00a3"]
            if spans:
                a, b = rng.choice(spans)
                if a and lines[k][a - 1] in "$\u20ac\u00a3":
                    a -= 1
                lines[k] = lines[k][:a] + _nudge(lines[k][a:b], rng) + lines[k][b:]
    elif op == "card":
        candidates = [k for k, line in enumerate(lines) if CARD.search(line)]
        if candidates:
            k = rng.choice(candidates)
            spans = [m.span() for m in CARD.finditer(lines[k])]
            a, b = rng.choice(spans)
            lines[k] = lines[k][:a] + rng.choice(CARDS) + lines[k][b:]
    elif op == "name":
        candidates = [k for k, line in enumerate(lines) for name in names
                      if line.startswith(name + ": ") or line.startswith(name + " collected ")
                      or line.startswith("Dealt to " + name + " [")
                      or line.endswith(" returned to " + name)]
        if candidates:
            k = rng.choice(candidates)
            old = max((n for n in names if n in lines[k]), key=len)
            lines[k] = lines[k].replace(old, rng.choice([*names, "zz", old + " "]), 1)
    elif op == "pot":
        candidates = _amount_lines(lines, r" collected \S+ from ")
        if candidates:
            k = rng.choice(candidates)
            head, _, _ = lines[k].rpartition(" from ")
            lines[k] = f"{head} from {rng.choice(POTS)}"
    elif op == "truncate":
        lines = lines[:i]
    elif op == "capped":
        lines.insert(i, "Betting is capped")
    elif op == "verb":
        old, new = rng.choice(VERBS)
        candidates = [k for k, line in enumerate(lines) if old in line]
        if candidates:
            k = rng.choice(candidates)
            lines[k] = lines[k].replace(old, new, 1)
            if old == "calls" and new == "raises":  # raises X to Y
                lines[k] += " to " + lines[k].rsplit(" ", 1)[-1]
    elif op == "insert":
        line = rng.choice(INSERTED)
        lines.insert(i, line.replace("zz", rng.choice([*names, "zz"])))
    elif op == "seat":
        candidates = [k for k, line in enumerate(lines) if line.startswith("Seat ")]
        if candidates:
            k = rng.choice(candidates)
            lines[k] = rng.choice([lines[k] + " is sitting out", lines[k] + " out of hand",
                                   re.sub(r"^Seat \d+", f"Seat {rng.randint(0, 11)}", lines[k]),
                                   lines[k].replace(" in chips)", " in chips, $1 bounty)"),
                                   lines[k].replace(" (", " ((", 1)])
    elif op == "unicode":
        at = [k for k, ch in enumerate(lines[i]) if ch.isdigit()]
        if at:
            k = rng.choice(at)
            digit = chr(0x0660 + int(lines[i][k]))  # ARABIC-INDIC DIGIT
            lines[i] = lines[i][:k] + digit + lines[i][k + 1:]
    elif op == "space":
        at = [k for k, ch in enumerate(lines[i]) if ch == " "]
        if at:
            k = rng.choice(at)
            lines[i] = lines[i][:k] + rng.choice(["  ", "\t", " \u00a0", ""]) + lines[i][k + 1:]
    return op, "\n".join(lines) + "\n"


OPS = ["delete", "duplicate", "swap", "digit", "amount", "card", "name", "pot", "truncate",
       "capped", "rake", "total", "won", "verb", "insert", "seat", "unicode", "space", "layout",
       "header", "table"]
"""What :func:`mutate` changes."""
# what separates lines or is stripped from them, beyond "\n" and " "
BREAKS = ["\r\n", "\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]
SPACES = ["\t", "\x1f", "\u00a0", "\u1680", "\u2000", "\u200a", "\u202f", "\u205f", "\u3000",
          "\u180e", "\u200b", "\ufeff"]


def _other_digit(digits: str, rng: random.Random) -> str:
    """``digits`` with one digit written in other digits (Arabic-Indic,
    Devanagari, fullwidth) or another ASCII digit."""
    k = rng.randrange(len(digits))
    if not digits[k].isdigit():
        return digits
    base = rng.choice([0x0660, 0x0966, 0xFF10, ord("0")])
    value = int(digits[k]) if base != ord("0") else rng.randrange(10)
    return digits[:k] + chr(base + value) + digits[k + 1:]


def layout(text: str, rng: random.Random) -> str:
    """``text`` laid out otherwise: other line breaks, blank lines, spaces
    around and inside lines, a byte order mark, text before the first hand."""
    lines = text.split("\n")
    kind = rng.randrange(7)
    if kind == 0:  # every line break
        return rng.choice(BREAKS).join(lines)
    k = rng.randrange(len(lines))
    if kind == 1:  # one line break
        return "\n".join(lines[:k]) + rng.choice(BREAKS) + "\n".join(lines[k:])
    if kind == 2:  # blank lines, maybe holding spaces
        lines.insert(k, rng.choice(["", " ", "\t", " \t ", rng.choice(SPACES)]))
    elif kind == 3:  # spaces around a line
        space = rng.choice([" ", "\t", *SPACES])
        lines[k] = rng.choice([space + lines[k], lines[k] + space, space + lines[k] + space])
    elif kind == 4:  # a space inside a line
        at = rng.randrange(len(lines[k]) + 1)
        lines[k] = lines[k][:at] + rng.choice(SPACES) + lines[k][at:]
    elif kind == 5:  # a byte order mark, or text before the first hand
        return rng.choice(["\ufeff", "\ufeff\ufeff", "\n\n", "x\n", " \ufeff\n"]) + text
    else:  # another game's hand, or a header alone, between the hands
        lines.insert(k, rng.choice([
            "PokerStars Hand #5: Hold'em No Limit ($0.01/$0.02) - 2026/01/01 10:00:00 ET",
            "PokerStars Hand #6:  Razz Limit ($0.50/$1 USD)", "PokerStars Game #7: Razz",
            "PokerStars Hand #8: Tournament #1, Razz Limit (10/20)"]))
    return "\n".join(lines)


MUTATED = engine_hands(11, 300)


@pytest.mark.slow  # bulk mutations (the fuzz target mutates under ASan)
def test_single_mutations_read_the_same() -> None:
    rng = random.Random(12)
    seen: dict[str, int] = {}
    for text in MUTATED:
        for _ in range(12):
            op, changed = mutate(text, rng)
            if changed != text:
                seen[op] = seen.get(op, 0) + 1
            read_both_ways(changed)
    assert min(seen.values()) >= 50 and sorted(seen) == sorted(OPS), seen


@pytest.mark.slow  # bulk mutations (the fuzz target mutates under ASan)
def test_mutations_of_several_hands_read_the_same() -> None:
    rng = random.Random(13)
    for _ in range(300):
        text = "\n\n\n".join(rng.sample(MUTATED, rng.randint(2, 3)))
        for _ in range(rng.randint(1, 3)):
            _, text = mutate(text, rng)
        read_both_ways(text)


@pytest.mark.slow  # bulk mutations (the fuzz target mutates under ASan)
def test_mutations_of_the_data_hands_read_the_same() -> None:
    rng = random.Random(16)
    for text in data_hands():
        for _ in range(120):
            changed = text
            for _ in range(rng.randint(1, 2)):
                _, changed = mutate(changed, rng)
            read_both_ways(changed)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(MUTATED), min_size=1, max_size=3),
       st.lists(st.integers(0, 2**32), min_size=1, max_size=4))
def test_random_mutations_read_the_same(hands: list[str], seeds: list[int]) -> None:
    text = "\n\n\n".join(hands)
    for seed in seeds:
        _, text = mutate(text, random.Random(seed))
    read_both_ways(text)
