"""The PokerStars reader against the oracle on mutated texts: thousands of
single and several mutations of engine-played hands and of the data hands,
laid out with other line breaks and spaces (see test_pokerstars_oracle.py)."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pokerstars_oracle_support import data_hands, engine_hands, read_both_ways

from razzcore.cards import format_card

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
