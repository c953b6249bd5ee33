"""Hand-history files of either kind: the text of a file, whether it is
PokerStars text or PHH (one hand, or a ``.phhs`` file of many), and every
hand that loads, each malformed hand left out with the error naming it.

>>> import os, tempfile
>>> from razzcore import pokerstars
>>> folder = tempfile.mkdtemp()
>>> path = os.path.join(folder, "session.txt")
>>> with open(path, "w") as fp:
...     _ = fp.write(pokerstars.dumps([pokerstars.EXAMPLE]))
>>> found = read_file(path)
>>> len(found.hands), found.errors, found.pokerstars
(1, [], True)
"""

from __future__ import annotations

import bisect
import os
import re
import sys
import tomllib
import warnings
from collections.abc import Sequence
from typing import Any, NamedTuple

from ..errors import PHHError, RazzError, file_error
from ._formats import PHH, PHHS, POKERSTARS, sets_hand_field, sniff
from ._writing import check_writable, write_file
from .phh import HandHistory, dumps, dumps_all, loads, loads_all

__all__ = ["PHH", "PHHS", "PHH_SUFFIXES", "POKERSTARS", "STDIN", "TABLE_HEADER", "FileHands",
           "check_phh_path", "check_writable", "display_name", "other_games_note", "phh_file",
           "phh_tables", "phh_text", "read_file", "read_history_text", "read_phh_text",
           "read_text", "stars_places", "text_format", "write_file"]

STDIN = "-"
"""The file name that stands for standard input."""
STDIN_NAME = "<stdin>"
"""How messages name standard input."""


def display_name(path: str) -> str:
    """How messages name ``path`` (``<stdin>`` for ``-``)."""
    return STDIN_NAME if path == STDIN else path


def read_text(path: str | os.PathLike[str]) -> str:
    """The text of ``path`` (``-``: standard input): UTF-8, a BOM allowed (as
    PokerStars writes).  A file that cannot be read is a
    :class:`~razzcore.errors.RazzError` naming it (:func:`~razzcore.errors.file_error`).

    >>> read_text("no/such/session.txt")
    Traceback (most recent call last):
    ...
    razzcore.errors.RazzError: no file 'no/such/session.txt'
    """
    path = os.fspath(path)
    if path == STDIN:
        raw = sys.stdin.buffer.read()
    else:
        try:
            with open(path, "rb") as fp:
                raw = fp.read()
        except OSError as exc:
            raise file_error(path, exc) from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RazzError(f"{display_name(path)}: not UTF-8 text (byte {exc.start}): hand "
                        f"histories are read as UTF-8; re-save the file as UTF-8") from None


def phh_text(path: str, histories: Sequence[HandHistory]) -> str:
    """The PHH text of ``histories`` for the file at ``path``: one hand for a
    ``.phh`` name, a ``.phhs`` file of numbered tables for any other (and for
    standard input and output, ``-``): the one choice of every PHH writer.
    A ``.phh`` name for more than one hand is refused
    (:func:`check_phh_path` says so before any work).

    >>> hand = HandHistory([0, 0], 1, 2, 4, [9, 9], [])
    >>> phh_text("one.phh", [hand]).splitlines()[0], phh_text("all.phhs", [hand]).splitlines()[0]
    ("variant = 'FR'", '[1]')
    """
    if phh_file(path) != ".phh":
        return dumps_all(histories)
    check_phh_path(path, len(histories))
    return dumps(histories[0])


PHH_SUFFIXES = (".phh", ".phhs")
"""The file names that hold PHH (a ``.phh`` one hand, a ``.phhs`` many, in
any case); any other name holds PokerStars text: the one rule for writing
(:func:`phh_file`, :func:`check_phh_path`).  Reading tells the format from
the text (:func:`text_format`), a PHH name saying one hand or many."""


def phh_file(path: str) -> str | None:
    """``".phh"`` (one hand) or ``".phhs"`` (many) for a PHH file name, in any
    case; ``None`` for any other name.

    >>> phh_file("a.phh"), phh_file("B.PHHS"), phh_file("c.txt")
    ('.phh', '.phhs', None)
    """
    lower = path.lower()
    for suffix in PHH_SUFFIXES:
        if lower.endswith(suffix):
            return suffix
    return None


def check_pokerstars_path(path: str, flag: str) -> None:
    """That ``path`` (given as ``flag``) may hold PokerStars text: any name
    but a PHH one (:data:`PHH_SUFFIXES`).

    >>> check_pokerstars_path("out.phhs", "--pokerstars")
    Traceback (most recent call last):
    ...
    razzcore.errors.RazzError: --pokerstars out.phhs: PokerStars text goes to a file not ...
    """
    if phh_file(path) is not None:
        raise RazzError(f"{flag} {path}: PokerStars text goes to a file not named .phh or "
                        f".phhs (name it .txt)")


def check_phh_path(path: str, hands: int, flag: str = "") -> None:
    """That ``path`` (given as ``flag``, if any) may hold ``hands`` hands as
    PHH: a PHH name (:func:`phh_file`), ``.phhs`` for more than one hand.

    >>> check_phh_path("out.phh", 2, "--phh")
    Traceback (most recent call last):
    ...
    razzcore.errors.RazzError: --phh out.phh: 2 hands need a .phhs file (a .phh holds one hand)
    """
    kind, named = phh_file(path), f"{flag} {path}" if flag else path
    if kind is None:
        raise RazzError(f"{named}: the file name must end with .phh (one hand) or .phhs")
    if kind == ".phh" and hands > 1:
        raise RazzError(f"{named}: {hands:,} hands need a .phhs file (a .phh holds one hand)")

def text_format(path: str, text: str) -> str:
    """The format of the hand-history ``text`` of the file at ``path``
    (``-``: standard input): :data:`~razzcore.histories._formats.POKERSTARS`,
    :data:`~razzcore.histories._formats.PHH` (one hand) or
    :data:`~razzcore.histories._formats.PHHS` (many), as
    :func:`~razzcore.histories._formats.sniff` tells it from the first lines;
    a ``.phh``/``.phhs`` name says one hand or many, and is read as PHH when
    a line sets a hand's field, whatever comes first.  A text that is
    neither is one :class:`RazzError` naming it.

    >>> text_format("-", "[1]\\nantes = [0, 0]\\n"), text_format("x.phhs", "antes = [0, 0]")
    ('phhs', 'phhs')
    >>> text_format("README.md", "# razzcore\\n")
    Traceback (most recent call last):
    ...
    razzcore.errors.RazzError: README.md is not a hand history: neither PHH ...
    """
    kind = sniff(text)
    if kind == POKERSTARS:
        return kind
    suffix = phh_file(path)
    if suffix is not None and (kind is not None or sets_hand_field(text)):
        return PHHS if suffix == ".phhs" else PHH
    if kind is None:
        raise RazzError(f"{display_name(path)} is not a hand history: neither PHH (TOML with a "
                        f"hand's fields, or a .phh/.phhs file) nor PokerStars text")
    return kind


def other_games_note(count: int) -> str:
    """How the readers say that ``count`` hands of other games than razz
    were skipped.

    >>> other_games_note(1), other_games_note(2)
    ('1 hand of another game skipped', '2 hands of other games skipped')
    """
    return (f"{count:,} hand of another game skipped" if count == 1
            else f"{count:,} hands of other games skipped")


TABLE_HEADER = re.compile(r"^\s*\[([^\[\]]+)\]\s*(#.*)?$", re.MULTILINE)
"""A table's header line in a ``.phhs`` text (``[1]``): where each hand starts."""


def phh_tables(text: str) -> list[tuple[str, HandHistory | PHHError]]:
    """Each table of a ``.phhs`` text (``[1]``, ``[2]``...) with its hand,
    or the error that keeps it from loading, in file order.  A text that is
    not TOML is read table by table (cut at each :data:`TABLE_HEADER`), so a
    malformed table is the error of that table alone (its TOML error naming
    the file's line); a text without tables that is not TOML is the error of
    the whole text under the key ``""``.

    >>> [(key, type(got).__name__) for key, got in phh_tables("[1]\\nantes = 3\\n")]
    [('1', 'PHHError')]
    >>> from razzcore.histories.phh import dumps_all
    >>> text = dumps_all([HandHistory([0, 0], 1, 2, 4, [9, 9], [])] * 2)
    >>> [(key, type(got).__name__) for key, got in phh_tables(text + "[3]\\nantes = [\\n")]
    [('1', 'HandHistory'), ('2', 'HandHistory'), ('3', 'PHHError')]
    """
    try:
        tables: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        headers = list(TABLE_HEADER.finditer(text))
        if not headers:
            return [("", PHHError(f"not TOML: {exc}"))]
        found = [_one_table(text, head, headers[i + 1].start() if i + 1 < len(headers)
                            else len(text)) for i, head in enumerate(headers)]
        return _preamble(text, headers[0].start()) + found
    out: list[tuple[str, HandHistory | PHHError]] = []
    for key, table in tables.items():
        out.append((key, _table_hand(key, table)))
    return out


def _preamble(text: str, end: int) -> list[tuple[str, HandHistory | PHHError]]:
    """What stands before the first table (``text[:end]``) when the text is
    read table by table: nothing, or the error of its first line that is
    neither blank nor a comment (never silently dropped).

    >>> _preamble("# hands\\n\\n[1]\\n", 9), _preamble("junk\\n[1]\\n", 5)
    ([], [('', PHHError("line 1: 'junk' stands before the first table ([1])"))])
    """
    for number, line in enumerate(text[:end].splitlines(), 1):
        if line.strip() and not line.lstrip().startswith("#"):
            return [("", PHHError(f"line {number}: {line.strip()[:60]!r} stands before the "
                                  f"first table ([1])"))]
    return []


def _one_table(text: str, head: re.Match[str], end: int) -> tuple[str, HandHistory | PHHError]:
    """The hand of the table starting at ``head`` (its TOML read alone, its
    lines counted as the file's)."""
    key = head.group(1).strip().strip("'\"")
    part = "\n" * text.count("\n", 0, head.start()) + text[head.start():end]
    try:
        tables = tomllib.loads(part)
    except tomllib.TOMLDecodeError as exc:
        return key, PHHError(f"not valid TOML: {exc}")
    if len(tables) != 1:
        return key, PHHError(f"[{key}] is not one table", field=key)
    return key, _table_hand(key, next(iter(tables.values())))


def _table_hand(key: str, table: object) -> HandHistory | PHHError:
    try:
        if not isinstance(table, dict):
            raise PHHError(f"[{key}] is not a table (a .phhs file holds one table per hand)",
                           field=key)
        return HandHistory.from_mapping(table)
    except PHHError as bad:
        return bad


def stars_places(text: str, hands: Sequence[Any], errors: Sequence[Any]) -> list[int]:
    """The place in PokerStars ``text`` (from 0, every hand header counted,
    other games' too) of each of ``hands``, the razz hands read from it in
    order: the headers less those of the malformed hands (``errors``, known by
    line), matched to the hands by their hand numbers.

    >>> head = "PokerStars Hand #{}: Razz Limit ($1/$2 USD) - 2026/01/01 10:00:00 ET"
    >>> text = "\\n\\n".join(head.format(n) for n in (7, 8, 9))
    >>> class Hand: hand = 9
    >>> class Bad: line = 3
    >>> stars_places(text, [Hand()], [Bad()])
    [2]
    """
    return _stars_places(_stars_headers(text), hands, errors)


def _stars_places(headers: tuple[list[int], list[int]], hands: Sequence[Any],
                  errors: Sequence[Any]) -> list[int]:
    starts, numbers = headers
    bad = {_stars_place(starts, exc) for exc in errors}
    places: list[int] = []
    k = 0
    for hh in hands:
        while k < len(starts) and (k in bad or numbers[k] != hh.hand):
            k += 1
        if k == len(starts):  # cannot happen: every hand read has its header
            raise RazzError(f"hand #{hh.hand} is not found among the hand headers")
        places.append(k)
        k += 1
    return places


_STARS_HEADER = re.compile(r"^[ \t\ufeff]*PokerStars .*?#(\d+): ", re.MULTILINE)
_OTHER_BREAKS = re.compile("[\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


def _stars_headers(text: str) -> tuple[list[int], list[int]]:
    """The line index (from 0) and number of each PokerStars hand header."""
    from ._pokerstars_lines import HAND_LINE, HAND_START

    starts: list[int] = []
    numbers: list[int] = []
    if _OTHER_BREAKS.search(text) is None:  # lines end at "\n" only: the headers found fast
        at = pos = 0
        for found in _STARS_HEADER.finditer(text):
            at += text.count("\n", pos, found.start())
            pos = found.start()
            starts.append(at)
            numbers.append(int(found.group(1)))
        return starts, numbers
    for i, raw in enumerate(text.lstrip("\ufeff").splitlines()):
        line = raw.strip()
        if line.startswith(HAND_LINE) and (m := HAND_START.match(line)):
            starts.append(i)
            numbers.append(int(m.group(1)))
    return starts, numbers


def _stars_place(starts: list[int], exc: Any) -> int | None:
    """The place of the hand holding malformed ``exc``'s line (``None``: unknown)."""
    if exc.line is None:
        return None
    return bisect.bisect_right(starts, exc.line - 1) - 1


class FileHands(NamedTuple):
    """What :func:`read_file` found: the ``hands`` with their places in the
    file (from 0), each malformed hand's place (``None``: the whole file, or
    a PokerStars hand, whose message names its number and line) and error
    message, whether the file is PokerStars text (else PHH), and how many
    hands of other games than razz it holds (skipped: see
    :func:`other_games_note`).

    >>> import pathlib, tempfile
    >>> from razzcore.histories.pokerstars import EXAMPLE, dumps
    >>> bad = dumps([EXAMPLE]).replace("calls $0.50", "calls $0.40", 1)
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     path = pathlib.Path(tmp, "hands.txt")
    ...     _ = path.write_text(dumps([EXAMPLE]) + "\\n\\n" + bad, encoding="utf-8")
    ...     found = read_file(path)
    >>> len(found.hands), found.pokerstars, found.errors[0][1][:28], found.other_games
    (1, True, 'hand #100000000001, line 60:', 0)
    """

    hands: list[tuple[int, HandHistory]]
    errors: list[tuple[int | None, str]]
    pokerstars: bool
    other_games: int = 0


def read_file(path: str | os.PathLike[str]) -> FileHands:
    """Every hand of the PokerStars or PHH file at ``path``; a malformed
    hand is left out and named in ``errors`` (a PokerStars error names the
    hand number and line).  A file that cannot be read, is empty or is no
    hand history raises :class:`OSError` or :class:`~razzcore.errors.RazzError`.

    >>> import pathlib, tempfile
    >>> from razzcore.histories import phh
    >>> from razzcore.sim.session import Session
    >>> s = Session(["basic", "calldown"], seed=4, hands=2)
    >>> while not s.is_over:
    ...     _ = s.deal(); _ = s.advance()
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     path = pathlib.Path(tmp, "hands.phhs")
    ...     _ = path.write_text(phh.dumps_all(s.histories()), encoding="utf-8")
    ...     found = read_file(path)
    >>> [place for place, _ in found.hands], found.errors, found.pokerstars
    ([0, 1], [], False)
    """
    name = os.fspath(path)
    text, kind = read_history_text(name)
    if kind == POKERSTARS:
        from .pokerstars import PokerStarsWarning, loads_report

        with warnings.catch_warnings():  # each malformed hand is in the report
            warnings.simplefilter("ignore", PokerStarsWarning)
            report = loads_report(text, on_error="skip")
        headers = _stars_headers(text)
        return FileHands(list(zip(_stars_places(headers, report.hands, report.errors),
                                  report.hands, strict=True)),
                         [(_stars_place(headers[0], exc), str(exc)) for exc in report.errors],
                         True, report.other_games)
    return read_phh_text(text, kind == PHHS)


def read_history_text(path: str | os.PathLike[str]) -> tuple[str, str]:
    """The text of the hand-history file at ``path`` and its format
    (:func:`text_format`); a file that cannot be read, is empty or is
    no hand history raises :class:`OSError` or
    :class:`~razzcore.errors.RazzError`.

    >>> import pathlib, tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     path = pathlib.Path(tmp, "hand.phh")
    ...     _ = path.write_text("variant = 'FR'\\n", encoding="utf-8")
    ...     read_history_text(path)
    ("variant = 'FR'\\n", 'phh')
    """
    name = os.fspath(path)
    text = read_text(name)
    if not text.strip():
        raise RazzError(f"{display_name(name)}: no hands in the file (it is empty)")
    return text, text_format(name, text)


def read_phh_text(text: str, many: bool) -> FileHands:
    """The hands of PHH ``text`` (see :func:`read_file`): one hand, or
    (``many``) the tables of a ``.phhs`` text, each malformed one left out
    and named in ``errors``.

    >>> found = read_phh_text("variant = 'FR'\\n", False)
    >>> found.hands, found.errors[0][1]
    ([], "missing required field 'antes'")
    """
    if not many:
        try:
            return FileHands([(0, loads(text))], [], False)
        except PHHError as exc:
            return FileHands([], [(None, str(exc))], False)
    try:
        return FileHands(list(enumerate(loads_all(text))), [], False)
    except PHHError:
        pass
    hands: list[tuple[int, HandHistory]] = []
    errors: list[tuple[int | None, str]] = []
    i = 0
    for key, got in phh_tables(text):
        if not key:  # the whole text, or what stands before the first table
            errors.append((None, str(got)))
            continue
        if isinstance(got, HandHistory):
            hands.append((i, got))
        else:
            errors.append((i, str(got)))
        i += 1
    return FileHands(hands, errors, False)
