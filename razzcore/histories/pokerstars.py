"""PokerStars hand histories of razz: read them (checked by the engine) and
write them.

* :func:`loads` / :func:`load` read every razz hand of a PokerStars text
  file (cash games, tournaments, home games, razz inside HORSE, 8-Game and
  other mixed games) as :class:`~razzcore.histories.phh.HandHistory` objects; hands of
  other games are skipped.  :func:`loads_report` also says how many were
  skipped and which hands were malformed.
* :func:`tally` reads the hands for the tracker (``razzcore.stats``): each
  hand counted as it is replayed, without making a
  :class:`~razzcore.histories.phh.HandHistory`.
* :func:`dumps` / :func:`dump` write hand histories (razzcore's simulated
  hands included) as PokerStars text that :func:`loads` reads back.

Every hand is replayed on the engine (profile ``online``) while it is read:
a wrong actor or amount, a bring-in by the wrong door card, money that does
not add up, a collected amount the showdown contradicts, or a line that is
not understood raises :class:`PokerStarsError` naming the hand number and the
line (``on_error="skip"`` leaves the hand out with a
:class:`PokerStarsWarning` instead).  Amounts are exact integers: cents in
cash games, chips in tournaments and play-money games (the user field
``_pokerstars`` says which, as ``unit``); the rake is kept in
``_razzcore_rake`` and taken by the engine when it replays the hand.

>>> from razzcore import pokerstars
>>> text = pokerstars.dumps([pokerstars.EXAMPLE])
>>> hh = pokerstars.loads(text)[0]
>>> hh.players, hh.starting_stacks, hh.rake
(['alpha', 'bravo [x]', 'charlie'], [1000, 735, 320], 30)
>>> hh.replay().stacks == tuple(hh.finishing_stacks)
True
"""

from __future__ import annotations

import os
import random
import re
import unicodedata
import warnings
from collections.abc import Iterator
from typing import IO, Any, NamedTuple, overload

from .._core import _read_pokerstars_hand, _split_pokerstars
from ..engine.hand import Hand
from ..engine.notation import parse_action
from ..engine.packing import pack_rules
from ..engine.rules import Rules
from ..errors import IllegalActionError, RazzError, RulesError, brief
from ._formats import PHH, PHHS, sniff
from ._pokerstars_errors import MESSAGES, Said
from ._pokerstars_head import PROFILE as PROFILE  # the rule profile hands are replayed with
from ._pokerstars_head import Head, _Bad, hand_number, read_head
from ._pokerstars_lines import (
    CENT,
    HAND_LINE,
    HAND_START,
    META_FIELD,
    TABLE,
    TRUNCATED,
    PokerStarsError,
    PokerStarsWarning,
)
from ._pokerstars_write import EXAMPLE, dump, dumps
from .phh import HandHistory, read_file_object

__all__ = [
    "EXAMPLE",
    "PokerStarsError",
    "PokerStarsWarning",
    "Report",
    "Tallied",
    "dump",
    "dumps",
    "load",
    "loads",
    "loads_report",
    "tally",
]


class Report(NamedTuple):
    """What :func:`loads_report` found: the razz ``hands``, the number of
    hands of ``other_games`` skipped, and each malformed hand's error.

    >>> import warnings
    >>> bad = dumps([EXAMPLE]).replace("calls $0.50", "calls $0.40", 1)
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     report = loads_report(bad + "\\n\\n" + dumps([EXAMPLE]), on_error="skip")
    >>> len(report.hands), report.other_games, [e.line for e in report.errors]
    (1, 0, [15])
    """

    hands: list[HandHistory]
    other_games: int
    errors: list[PokerStarsError]


_RULES: dict[tuple[int, int, int, int], Rules] = {}
_STRUCTURES: dict[tuple[int, int], _Structure] = {}
_UTF8: dict[str, bytes] = {}
# The engine gets all 52 cards, so it has nothing to shuffle.
_NO_SHUFFLE = random.Random(0)
_MAX_SEATS = 1 << 40  # a table's seat count, as the reader takes it (seat numbers above: none)


def _rules(ante: int, bring_in: int, small: int, big: int) -> Rules:
    key = (ante, bring_in, small, big)
    rules = _RULES.get(key)
    if rules is None:
        rules = Rules(ante, bring_in, small, big, profile=PROFILE)
        if len(_RULES) < 4096:
            _RULES[key] = rules
    return rules


class _Structure:
    """The packed rules (:func:`razzcore.engine.packing.pack_rules`) of the
    stakes ``small``/``big`` for each ante and bring-in the reader asks
    about, ``None`` for a structure the engine does not take."""

    def __init__(self, small: int, big: int) -> None:
        self.small, self.big = small, big
        self.packed: dict[tuple[int, int], bytes | None] = {}

    def __call__(self, ante: int, bring_in: int) -> bytes | None:
        key = (ante, bring_in)
        packed = self.packed.get(key, b"")
        if packed == b"":
            try:
                packed = pack_rules(_rules(ante, bring_in, self.small, self.big))
            except RulesError:
                packed = None
            if len(self.packed) < 4096:
                self.packed[key] = packed
        return packed


def _encoded(text: str) -> bytes:
    """``text`` as UTF-8 (currency symbols come back hand after hand)."""
    data = _UTF8.get(text)
    if data is None:
        data = _UTF8[text] = text.encode()
    return data


# Digits other than ASCII where the grammar takes any digit (\d), each on the
# one kind of line that has it: the opening seat lines' numbers; before the
# summary, a whole line "NAME joins the table at seat #N" or "NAME collected X
# from side pot-N" (not "Uncalled bet (X) returned to NAME", which ends with a
# name); in the summary, the total line's "Side pot-N".  A name never holds
# the digits rewritten, so it reads the same on every line.
_OTHER_DIGIT = re.compile(r"(?![0-9])\d")
_SEAT_NUMBER = re.compile(r"(Seat )(\d+)(?=: )")
_BODY_NUMBER = re.compile(r"(?!Uncalled bet \()(?:(.* joins the table at seat #)(\d+)"
                          r"|(.* collected \S+ from side pot-)(\d+))")
_POT_NUMBER = re.compile(r"( Side pot-)(\d+)(?= )")
_SUMMARY = "*** SUMMARY ***"
_TOTAL = "Total pot "


def _ascii(m: re.Match[str]) -> str:
    """The number ``m`` names in ASCII digits, as many UTF-8 bytes as it is
    written with (zeros in front: the same value)."""
    lead = next(g for g in m.groups()[::2] if g is not None)
    digits = next(g for g in m.groups()[1::2] if g is not None)
    ascii = "".join(str(unicodedata.decimal(ch)) for ch in digits)
    return lead + ascii.rjust(len(digits.encode("utf-8", "surrogatepass")), "0")


def _ascii_digits(rest: bytes) -> bytes:
    """``rest`` (a hand's lines after the table line) as the compiled reader
    reads it: the numbers written in digits of other scripts where the
    grammar takes any digit (the numbers of the seat lines that open it, of
    a line ``NAME joins the table at seat #N`` or ``NAME collected X from
    side pot-N``, and the summary's ``Side pot-N``) written in ASCII digits
    of the same value, padded with zeros in front to the same length in
    bytes, so that every other byte stays where it is (the reader takes
    names and the spans its errors quote from ``rest`` itself).  Only those
    lines are rewritten: a name holding such words keeps its digits.

    >>> _ascii_digits("Seat \u0663: a ($1 in chips)".encode()).decode()
    'Seat 03: a ($1 in chips)'
    >>> _ascii_digits("x side pot-\u0661: folds\\nx joins the table at seat #\u0663".encode()
    ...               ).decode()
    'x side pot-\u0661: folds\\nx joins the table at seat #03'
    """
    if rest.isascii():
        return rest
    text = rest.decode("utf-8", "surrogatepass")
    if _OTHER_DIGIT.search(text) is None:
        return rest
    lines = text.split("\n")
    seats, summary = True, False
    for i, line in enumerate(lines):
        seats = seats and line.startswith("Seat ")
        if line.isascii():
            summary = summary or line == _SUMMARY
            continue
        if seats:
            m = _SEAT_NUMBER.match(line)
        elif summary:
            if line.startswith(_TOTAL):
                lines[i] = _POT_NUMBER.sub(_ascii, line)
            continue
        else:
            m = _BODY_NUMBER.fullmatch(line)
        if m is not None:
            lines[i] = _ascii(m) + line[m.end():]
    return "\n".join(lines).encode("utf-8", "surrogatepass")


def _engine_words(said: Said, got: tuple[Any, ...], head: Head) -> str:
    """The engine's own words for a structure it does not take, a hand it
    cannot start or an action it refuses (the one replay brings the hand to
    that action, and ``Hand.act`` says why it is refused)."""
    ante, bring_in, deck, stacks, absent, rake, split, actions = got[6]
    try:
        rules = Rules(ante, bring_in, head.small, head.big, profile=PROFILE)
        if said.name == "rules":
            return "the engine takes it"
        use_split = split is not None and (said.name != "start" or said.values[0])
        hand = Hand(rules, stacks, deck=deck, rng=_NO_SHUFFLE, manual_showdown=True,
                    absent=absent, replay=True, rake=split if use_split else rake)
        if said.name == "start":
            return "it starts"
        texts = actions.split("\n") if actions else []
        hand._replay_run([parse_action(t) for t in texts], 0, len(texts))
        kind, p, amount = said.values[:3]
        text = {0: "f", 1: "cc", 2: "pb", 3: f"cbr {amount}", 10: f"p{p + 1} sm -",
                11: f"p{p + 1} sm"}.get(kind, "")
        hand.act(text)
    except (RazzError, IllegalActionError) as exc:
        return str(exc)
    return f"the engine refuses {text!r}"


def _read_hand(hand: tuple[int, int, int, str, str | None, bytes], data: bytes,
               tally: bool = False) -> tuple[Head, str, int, tuple[Any, ...]] | None:
    """A hand of the splitter (``_split_pokerstars``): its header and table
    line read here, the rest by the compiled reader: ``(head, table name,
    seat count, what the compiled reader returned)`` (with ``tally``, the
    seats' names and the tracker's counts), or ``None`` for a hand of
    another game.  A
    problem raises :class:`PokerStarsError` naming the hand number and the
    file line."""
    first, start, end, head_line, table, rest = hand
    has_total = False
    try:
        head = read_head(head_line)
        if head is None:
            return None
        if table is None:
            raise _Bad("the hand ends after its header (truncated)", 0)
        m = TABLE.match(table)
        if m is None:
            raise _Bad("expected the table line (Table 'NAME' N-max)", 1)
        seat_count = int(m.group(2))
        structure = _STRUCTURES.get((head.small, head.big))
        if structure is None:
            structure = _Structure(head.small, head.big)
            if len(_STRUCTURES) < 4096:
                _STRUCTURES[head.small, head.big] = structure
        got = _read_pokerstars_hand(_ascii_digits(rest), min(seat_count, _MAX_SEATS),
                                    head.unit == CENT, _encoded(head.symbol), head.small,
                                    structure, tally, rest)
        if isinstance(got[0], str):  # the first problem found
            name: str = got[0]
            at: int = got[1]
            values: tuple[int, ...] = got[2]
            has_total = bool(got[4])
            said = Said(name, values, got[3], got[5], head.unit, head.symbol)
            if name in ("rules", "start", "refused"):
                said = said._replace(engine=_engine_words(said, got, head))
            raise _Bad(MESSAGES[name](said), at)
    except _Bad as bad:
        raise _located(bad, hand_number(head_line), has_total, data[start:end],
                       first) from None
    return head, m.group(1), seat_count, got


def _read_split(hand: tuple[int, int, int, str, str | None, bytes],
                data: bytes) -> HandHistory | None:
    """The :class:`HandHistory` of a hand of the splitter (see
    :func:`_read_hand`), ``None`` for a hand of another game."""
    read = _read_hand(hand, data)
    if read is None:
        return None
    head, table, seat_count, got = read
    names, numbers, stacks, ante, bring_in, rake, actions, finishing, absent, split = got
    user: dict[str, Any] = {"_razzcore_rules": {"profile": PROFILE}}
    if rake:
        user["_razzcore_rake"] = rake
    if split is not None:
        user["_razzcore_rake_pots"] = split
    if absent:
        user["_razzcore_absent"] = [p + 1 for p in absent]
    user[META_FIELD] = head.meta
    return HandHistory(
        [ante] * len(names), bring_in, head.small, head.big, list(stacks),
        actions.split("\n"), players=names, seats=numbers, finishing_stacks=finishing,
        ante_trimming_status=True, user_fields=user, table=table, seat_count=seat_count,
        **head.fields,
    )


def _located(bad: _Bad, number: str, has_total: bool, raw_bytes: bytes,
             offset: int) -> PokerStarsError:
    """``bad`` (at the hand's non-empty line ``bad.at``) as the error naming
    the hand and the file line
    (``raw_bytes``: the hand's text, its first line line ``offset + 1`` of
    the file).  A hand that goes wrong at its last line before its total
    pot line is truncated: its last line is cut, or the lines after it."""
    raw = list(map(str.strip, raw_bytes.decode("utf-8", "surrogatepass").splitlines()))
    lines = list(filter(None, raw))
    at = min(max(bad.at, 0), len(lines) - 1)
    message = str(bad)
    if at == len(lines) - 1 and not has_total:
        message = TRUNCATED
    line = 0
    for _ in range(at + 1):  # the file line of the hand's line ``at``
        while not raw[line]:
            line += 1
        line += 1
    line += offset
    reason = f"{message}: {brief(lines[at])}"
    return PokerStarsError(f"hand #{number}, line {line}: {reason}", hand=number, line=line,
                           reason=reason)


def _is_head(line: str) -> bool:
    """Whether ``line`` opens a hand (asked by the splitter for a hand
    number that may be written in other digits)."""
    return line.startswith(HAND_LINE) and HAND_START.match(line) is not None


def _split_text(text: str | bytes) -> tuple[bytes, PokerStarsError | None,
                                             list[tuple[int, int, int, str, str | None, bytes]]]:
    """PokerStars ``text`` (str, or UTF-8 bytes) cut into hands: its UTF-8
    bytes, the error of text before the first hand header (``None``: none)
    and each hand of the splitter, other games' too (see
    ``_split_pokerstars``)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise PokerStarsError(f"a PokerStars file is UTF-8 text: {exc}") from None
    if not isinstance(text, str):
        raise PokerStarsError(f"expected PokerStars text, not {type(text).__name__}")
    text = text.replace("\ufeff", "")  # byte-order marks: files written one after another
    data = text.encode("utf-8", "surrogatepass")  # lone surrogates: kept as they are
    split = _split_pokerstars(data, False, _is_head)
    if split is None:  # other line or space characters: lines as str.splitlines and strip
        data = "\n".join(map(str.strip, text.splitlines())).encode("utf-8", "surrogatepass")
        split = _split_pokerstars(data, True, _is_head)
    assert split is not None  # a normalised text always splits
    before, line, hands = split
    error = None
    if before >= 0:
        reason = f"text before the first hand header: {brief(line)}"
        kind = sniff(text) if not hands else None
        if kind in (PHH, PHHS):
            name = "loads_all" if kind == PHHS else "loads"
            reason = (f"this looks like PHH, not PokerStars text: read it with "
                      f"razzcore.phh.{name} (razzcore.phh.{name.replace('loads', 'load')} "
                      f"for a file)")
        error = PokerStarsError(f"line {before + 1}: {reason}", line=before + 1, reason=reason)
    return data, error, hands


def loads_report(text: str | bytes, *, on_error: str = "raise") -> Report:
    """Read every razz hand of ``text`` and say what else was found (see
    :func:`loads`): ``Report(hands, other_games, errors)``.

    >>> r = loads_report(dumps([EXAMPLE]) + "\\n\\nPokerStars Hand #9: Hold'em No Limit "
    ...                  "($0.01/$0.02 USD) - 2026/01/01 10:00:00 ET\\n")
    >>> len(r.hands), r.other_games, r.errors
    (1, 1, [])
    """
    if on_error not in ("raise", "skip"):
        raise PokerStarsError(f"on_error must be 'raise' or 'skip', not {brief(on_error)}")
    data, before, hands_split = _split_text(text)
    hands: list[HandHistory] = []
    errors: list[PokerStarsError] = []
    other = 0
    if before is not None:
        if on_error == "raise":
            raise before
        warnings.warn(PokerStarsWarning(str(before)), stacklevel=2)
        errors.append(before)
    for hand in hands_split:
        try:
            hh = _read_split(hand, data)
        except PokerStarsError as exc:
            if on_error == "raise":
                raise
            warnings.warn(PokerStarsWarning(str(exc)), stacklevel=2)
            errors.append(exc)
        else:
            if hh is None:
                other += 1
            else:
                hands.append(hh)
    return Report(hands, other, errors)


class Tallied(NamedTuple):
    """A razz hand read for the tracker (:func:`tally`): its ``head``
    (number, stakes, date...), each seat's ``names`` and ``counts`` (a
    tuple of ints in the order of ``razzcore.tracker.counting.COUNTS``,
    ``None`` for a seat not dealt in), counted by the compiled reader as it
    replays the hand."""

    head: Head
    names: list[str]
    counts: list[tuple[int, ...] | None]


@overload
def tally(text: str | bytes) -> Iterator[tuple[int, Tallied | PokerStarsError]]: ...
@overload
def tally(text: str | bytes, *, other_games: bool
          ) -> Iterator[tuple[int, Tallied | PokerStarsError | None]]: ...


def tally(text: str | bytes, *, other_games: bool = False
          ) -> Iterator[tuple[int, Tallied | PokerStarsError | None]]:
    """Every razz hand of ``text`` read, checked and counted for the tracker
    in one replay (no :class:`HandHistory` is made), and each malformed
    hand's error — the hands and errors :func:`loads_report` finds with
    ``on_error="skip"`` — one at a time in file order, each with its place
    among the text's hand headers (from 0, other games' counted; ``-1``:
    text before the first header).  ``other_games=True``: each hand of
    another game is there too, as ``None`` (what :func:`loads_report`
    counts in ``other_games``).

    >>> [(place, hand.names, hand.counts[1][:2]) for place, hand in tally(dumps([EXAMPLE]))]
    [(0, ['alpha', 'bravo [x]', 'charlie'], (1, 325))]
    >>> holdem = "PokerStars Hand #9: Hold'em No Limit ($0.01/$0.02 USD) - 2026/01/01 10:00:00 ET"
    >>> list(tally(holdem)), list(tally(holdem, other_games=True))
    ([], [(0, None)])
    """
    data, before, hands = _split_text(text)
    return _tallied(data, before, hands, other_games)


def _tallied(data: bytes, before: PokerStarsError | None,
             hands: list[tuple[int, int, int, str, str | None, bytes]], other_games: bool,
             ) -> Iterator[tuple[int, Tallied | PokerStarsError | None]]:
    if before is not None:
        yield -1, before
    for place, hand in enumerate(hands):
        try:
            read = _read_hand(hand, data, True)
        except PokerStarsError as exc:
            yield place, exc
            continue
        if read is not None:
            names, counts = read[3]
            yield place, Tallied(read[0], names, counts)
        elif other_games:
            yield place, None


def loads(text: str | bytes, *, on_error: str = "raise") -> list[HandHistory]:
    """Every razz hand of a PokerStars text, in file order, each checked by
    replaying it on the engine.  Hands of other games are skipped.

    A malformed hand raises :class:`PokerStarsError` naming its number and
    line; with ``on_error="skip"`` it is left out with a
    :class:`PokerStarsWarning` and the other hands still load.

    >>> hands = loads(dumps([EXAMPLE]))
    >>> hands[0].hand, hands[0].actions[3:5]
    (100000000001, ['p1 pb', 'p2 cbr 50'])
    >>> loads(dumps([EXAMPLE]).replace("calls $0.50", "calls $0.40", 1))
    Traceback (most recent call last):
    ...
    razzcore.pokerstars.PokerStarsError: hand #100000000001, line 15: the engine puts \
in 50, the line says 40: 'charlie: calls $0.40'
    """
    return loads_report(text, on_error=on_error).hands


def load(
    fp: IO[str] | IO[bytes] | str | os.PathLike[str], *, on_error: str = "raise"
) -> list[HandHistory]:
    """:func:`loads` of a file opened in text or binary mode, or of the file
    at a path.

    >>> import io
    >>> len(load(io.StringIO(dumps([EXAMPLE, EXAMPLE]))))
    2
    """
    try:
        text = read_file_object(fp, "pokerstars.load")
    except RazzError as exc:
        raise PokerStarsError(str(exc)) from None
    return loads(text, on_error=on_error)
