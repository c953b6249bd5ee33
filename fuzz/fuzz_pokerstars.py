#!/usr/bin/env python3
"""Fuzz ``pokerstars.loads`` (and ``dumps`` of what it reads).

Raw inputs are PokerStars text (the corpus holds the format notes' example and
hand-written hands of every line kind).  Structured inputs start from a hand
the engine plays, written with ``dumps``, and corrupt its lines: lines
replaced, inserted, dropped or swapped, amounts, names and cards changed.
Whatever is accepted must replay to the stacks its money lines give and
round-trip (``loads(dumps(hands)) == hands``); anything refused must be a
``PokerStarsError`` naming the hand and the line.  The tracker's reading
(``pokerstars.tally``: the same replay, counting each hand) must find the
same hands and errors, with the counts of each history replayed again
(``count_hand``), and the compiled count of an engine hand
(``_tally_hand``) is also given copies of a hand whose seats, lengths,
amounts and log entries are corrupted: it must count them or refuse them
with a ``RazzError``, and count an intact copy as the hand.  Every input is
read twice,
by ``pokerstars`` (the compiled reader) and by the plain reader the tests
compare it with (``tests/pokerstars_oracle.py``): the hands, the count of
other games, the errors and the warnings must be the same.
"""

from __future__ import annotations

import random
import sys
import warnings
from pathlib import Path
from typing import Any

from _harness import Input, check, instrumented, main, play_random

with instrumented():
    from razzcore import phh, pokerstars
    from razzcore._core import _tally_hand
    from razzcore.engine.hand import Hand
    from razzcore.engine.pots import Award
    from razzcore.engine.rules import Rules
    from razzcore.errors import RazzError
    from razzcore.tracker.counting import count_hand, seat_counts, seat_names

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import pokerstars_oracle as oracle  # the tests' plain reader

LINES = [
    "*** 3rd STREET ***", "*** 4th STREET ***", "*** RIVER ***", "*** SHOW DOWN ***",
    "*** SUMMARY ***", "Betting is capped", "Total pot $1 | Rake $0", "Total pot 10 | Rake 0",
    "Seat 9: zz ($1 in chips)", "Dealt to zz [Ac]", "p1: folds", "p1: checks",
    "p2: calls $0.25", "p2: bets 20 and is all-in", "p1: raises $1 to $2", "p1 said, \"x\"",
    "p1: shows [Ac 2c 3c 4c 5c 6c 7c] (Lo: 5,4,3,2,A)", "p2: mucks hand",
    "p1 collected $0.50 from side pot-2", "Uncalled bet ($0.25) returned to p1",
    "PokerStars Hand #1:  Razz Limit ($0.50/$1 USD) - 2026/05/04 21:15:07 ET", "",
]
WORDS = ["$", "0", "1,000", "$0.5", "-1", "[", "]", "??", "Kd", "Ac Ad", ":", "is all-in",
         "9" * 25, "\x00", "\u00e9"]


# Values a lying hand gives where a seat, a pot or chips belong.
ODD: list[object] = [-1, 8, 9, 31, 32, 63, 64, 2**31, 2**63, -(2**63) - 1, 2**53 + 1,
                     True, 1.5, "0", None, ()]
TALLY_FIELDS = ("starting_stacks", "dealt_in", "absent", "folded", "payoffs", "pots",
                "awards", "_log")


class _Copy:
    """What the compiled count reads of a hand, as attributes to corrupt."""

    def __init__(self, hand: Hand) -> None:
        for name in TALLY_FIELDS:
            value = getattr(hand, name)
            setattr(self, name, list(value) if isinstance(value, (list, tuple)) else value)


def _odd(inp: Input, n: int) -> object:
    """A seat of the hand or a value no hand has."""
    return inp.below(n) if inp.flag() else inp.pick([*ODD, inp.big_int()])


def _corrupt(inp: Input, fake: _Copy, n: int) -> None:
    log: list[Any] = fake._log
    op = inp.below(8)
    if op == 0 and log:  # a log entry's seat, or its chips or cards
        i = inp.below(len(log))
        entry = list(log[i])
        if entry:  # an earlier step may have cut it to nothing
            entry[min(inp.between(1, 2), len(entry) - 1)] = _odd(inp, n)
            log[i] = tuple(entry)
    elif op == 1 and log:  # a log entry cut short, or cards dealt past 7
        i = inp.below(len(log))
        log[i] = log[i][: inp.below(4)] if inp.flag() else ("dh", inp.below(n), (1,) * 8)
    elif op == 2:
        fake.absent = [*fake.absent, _odd(inp, n)]
    elif op == 3 and fake.pots:
        pot = fake.pots[inp.below(len(fake.pots))]
        fake.pots.append(type(pot)(pot.amount, (*pot.eligible, _odd(inp, n))))
    elif op == 4:  # an award from any seat, pot or amount
        award = [inp.below(n), 1, 0]
        award[inp.below(3)] = _odd(inp, n)
        fake.awards.append(Award(*award))
    elif op == 5 and fake.payoffs is not None:
        fake.payoffs = fake.payoffs[: inp.below(n + 1)] + [inp.big_int()] * inp.below(3)
    elif op == 6:
        name = inp.pick(["dealt_in", "folded", "starting_stacks"])
        value = getattr(fake, name)
        setattr(fake, name, value[: inp.below(len(value) + 1)] + [1] * inp.below(10))
    else:  # many entries, each fine alone, whose chips add up past 64 bits
        log[:0] = [("ante", inp.below(n), 2**53)] * inp.below(3000)


def _lying_tallies(inp: Input, hands: list[Any]) -> None:
    """The compiled count of copies of an engine hand, corrupted."""
    if not hands:
        return
    hand = hands[inp.below(len(hands))].replay()
    n = len(hand.starting_stacks)
    want = _tally_hand(hand)
    check(_tally_hand(_Copy(hand)) == want, "an intact copy counts as the hand", hand)
    fake = _Copy(hand)
    for _ in range(inp.between(1, 3)):
        _corrupt(inp, fake, n)
    try:
        got = _tally_hand(fake)
    except RazzError:
        return
    check(len(got) == len(fake.starting_stacks), "a count per seat", (got, vars(fake)))


def _check(hands: list[Any]) -> None:
    for hh in hands:
        hand = hh.replay()
        check(list(hand.stacks) == hh.finishing_stacks, "stacks",
              (hand.stacks, hh.finishing_stacks))
        check(sum(hand.payoffs or ()) == -hh.rake or hh.rake > 0, "rake", hh.rake)
    text = pokerstars.dumps(hands)
    again = pokerstars.loads(text)
    check(again == hands, "round trip", (hands, again))
    phh.dumps_all(hands)


def _generated(inp: Input) -> str:
    small = inp.between(2, 10)
    rules = Rules(inp.between(0, 2), inp.between(1, small - 1), small, 2 * small,
                  profile="online")
    stacks = [inp.pick([0, inp.between(1, 15), inp.between(1, 300)])
              for _ in range(inp.between(2, 7))]
    if sum(1 for s in stacks if s) < 2:
        stacks[:2] = [50, 50]
    hand = play_random(Hand(rules, stacks, seed=inp.uint(2), rake=inp.below(3)),
                       random.Random(inp.uint(2)))
    names = [inp.pick(["p1", "p2", "a b", "[x]", "p1 [2]", "é", "n: m"]) + str(s)
             for s in range(len(stacks))]
    hh = phh.HandHistory.from_hand(hand, players=names)
    if inp.flag():
        hh.user_fields["_pokerstars"] = {"unit": "cent"}
    return pokerstars.dumps([hh])


def _mutate(inp: Input, text: str) -> str:
    lines = text.splitlines()
    for _ in range(inp.between(1, 4)):
        op = inp.below(5)
        i = inp.below(len(lines) + 1)
        j = min(i, len(lines) - 1)
        if op == 0 and lines:
            lines[j] = inp.pick(LINES)
        elif op == 1:
            lines.insert(i, inp.pick(LINES))
        elif op == 2 and lines:
            del lines[j]
        elif op == 3 and len(lines) > 1:
            k = inp.below(len(lines))
            lines[j], lines[k] = lines[k], lines[j]
        elif lines:
            words = lines[j].split(" ")
            words[inp.below(len(words))] = inp.pick(WORDS)
            lines[j] = " ".join(words)
    return "\n".join(lines)


def _read(source: str | bytes, product: bool) -> tuple[Any, ...]:
    """``loads_report(source, on_error="skip")`` of ``pokerstars`` or of the
    oracle: ``(report, what it says)``, or ``(error, what it says)`` when the
    text as a whole is refused."""
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", pokerstars.PokerStarsWarning)
            report = (pokerstars.loads_report(source, on_error="skip") if product
                      else oracle.loads_report(source))
    except pokerstars.PokerStarsError as exc:
        return exc, ("refused", str(exc))
    said = (report.hands, [repr(hh) for hh in report.hands], report.other_games,
            [(str(e), e.hand, e.line, e.reason) for e in report.errors],
            [str(w.message) for w in caught if w.category is pokerstars.PokerStarsWarning])
    return report, said


def one_input(data: bytes) -> None:
    inp = Input(data)
    if inp.byte() < 0x80:  # text: a PokerStars file
        source: str | bytes = data
    else:  # structured: a corrupted engine hand
        source = _mutate(inp, _generated(inp))
    report, said = _read(source, True)
    _, reference = _read(source, False)
    check(said == reference, "the reader agrees with the oracle",
          (source, said[2:], reference[2:]))
    if isinstance(report, pokerstars.PokerStarsError):
        raise report
    for exc in report.errors:
        named = exc.hand is not None or "before the first hand" in str(exc)
        check(exc.line is not None and named, "error names hand and line", exc)
    _check(report.hands)
    read = list(pokerstars.tally(source))
    tallied = [hand for _, hand in read if isinstance(hand, pokerstars.Tallied)]
    errors = [error for _, error in read if isinstance(error, pokerstars.PokerStarsError)]
    check([str(e) for e in errors] == [str(e) for e in report.errors], "tally errors",
          (errors, report.errors))
    check(len(tallied) == len(report.hands), "tally hands", (tallied, report.hands))
    for got, hh in zip(tallied, report.hands, strict=False):
        try:
            names = seat_names(got.names, len(got.names))
        except RazzError:  # a name used twice: the tracker leaves the hand out
            continue
        want = count_hand(hh)
        check(seat_counts(names, got.counts) == want, "tally counts", (got, want))
    _lying_tallies(inp, report.hands)


if __name__ == "__main__":
    main(one_input)
    sys.exit(0)
