"""PokerStars hand histories of razz: read them (checked by the engine) and
write them.

* :func:`loads` / :func:`load` read every razz hand of a PokerStars text
  file (cash games, tournaments, home games, razz inside HORSE, 8-Game and
  other mixed games) as :class:`~razzcore.histories.phh.HandHistory` objects; hands of
  other games are skipped.  :func:`loads_report` also says how many were
  skipped and which hands were malformed.
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
import warnings
from typing import IO, NamedTuple

from .._core import _split_pokerstars
from ..errors import RazzError, brief
from ._pokerstars_lines import (
    HAND_LINE,
    HAND_START,
    TRUNCATED,
    PokerStarsError,
    PokerStarsWarning,
)
from ._pokerstars_read import PROFILE as PROFILE  # the rule profile hands are replayed with
from ._pokerstars_read import _Bad
from ._pokerstars_replay import _Reader
from ._pokerstars_write import EXAMPLE, dump, dumps
from .phh import HandHistory, read_file_object

__all__ = [
    "EXAMPLE",
    "PokerStarsError",
    "PokerStarsWarning",
    "Report",
    "dump",
    "dumps",
    "load",
    "loads",
    "loads_report",
]

COMPILED = True
"""Whether hands are first offered to the compiled reader (which reads
every valid hand, and leaves a hand whose check fails to the reference
reader here, which words the error); ``False`` reads every hand with the
reference."""


class Report(NamedTuple):
    """What :func:`loads_report` found: the razz ``hands``, the number of
    hands of ``other_games`` skipped, and each malformed hand's error."""

    hands: list[HandHistory]
    other_games: int
    errors: list[PokerStarsError]


def _read_one(lines: list[str], raw: list[str], first: int, offset: int) -> HandHistory | None:
    """The hand of ``lines`` (the non-blank lines of ``raw[first:...]``;
    ``raw[0]`` is line ``offset + 1`` of the file), read by the reference."""
    reader = _Reader(lines)
    try:
        if not reader.header():
            return None
        reader.body(reader.seats())
        return reader.replay()
    except _Bad as bad:
        at = min(max(bad.at, 0), len(lines) - 1)
        if at == len(lines) - 1 and getattr(reader, "total", None) is None:
            bad = _Bad(TRUNCATED, at)  # its last line is cut, or the lines after it
        number = first
        for _ in range(at + 1):  # the file line of the hand's line ``at``
            while not raw[number]:
                number += 1
            number += 1
        number += offset
        reason = f"{bad}: {brief(lines[at])}"
        raise PokerStarsError(
            f"hand #{reader.number}, line {number}: {reason}",
            hand=reader.number, line=number, reason=reason,
        ) from None


def _is_head(line: str) -> bool:
    """Whether ``line`` opens a hand (asked by the splitter for a hand
    number that may be written in other digits)."""
    return line.startswith(HAND_LINE) and HAND_START.match(line) is not None


def _read_split(hand: tuple[int, int, int, str, str | None, bytes],
                data: bytes) -> HandHistory | None:
    """A hand of the compiled splitter (``_split_pokerstars``), read by the
    compiled reader; the reference reads it from its raw lines when the
    compiled reader leaves it (or its header is not understood)."""
    first, start, end, head, table, rest = hand
    reader = _Reader([head] if table is None else [head, table])
    try:
        if not reader.header():
            return None
        hh = None if table is None or not COMPILED else reader.compiled(rest)
    except _Bad:  # the reference says what is wrong, and where
        hh = None
    if hh is not None:
        return hh
    raw = list(map(str.strip, data[start:end].decode("utf-8", "surrogatepass").splitlines()))
    return _read_one(list(filter(None, raw)), raw, 0, first)


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
    before, line, hands_split = split
    hands: list[HandHistory] = []
    errors: list[PokerStarsError] = []
    other = 0
    if before >= 0:
        reason = f"text before the first hand header: {brief(line)}"
        error = PokerStarsError(f"line {before + 1}: {reason}", line=before + 1, reason=reason)
        if on_error == "raise":
            raise error
        warnings.warn(PokerStarsWarning(str(error)), stacklevel=2)
        errors.append(error)
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
    razzcore.histories.pokerstars.PokerStarsError: hand #100000000001, line 15: the engine puts \
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
