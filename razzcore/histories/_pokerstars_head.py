"""The first two lines of a PokerStars hand, read (internal:
:mod:`razzcore.histories.pokerstars` reads with it): the header (hand
number, game, stakes, date, tournament and mixed-game facts) and the table
line.  The rest of the hand is read by the compiled reader
(``src/razz_pokerstars*.h``).

>>> head = read_head("PokerStars Hand #7:  Razz Limit ($0.50/$1 USD) - 2026/05/04 21:15:07 ET")
>>> head.number, head.unit, head.small, head.big, head.fields["currency"]
('7', 'cent', 50, 100, 'USD')
>>> read_head("PokerStars Hand #8: Hold'em No Limit ($0.01/$0.02) - 2026/01/01 10:00:00 ET")
"""

from __future__ import annotations

import datetime
from typing import Any, NamedTuple

from ._pokerstars_lines import (
    CENT,
    CHIP,
    DATE,
    HAND_START,
    HEADER,
    LEVEL,
    STAKES,
    SYMBOLS,
    parse_amount,
    roman,
)

PROFILE = "online"
"""The rule profile PokerStars hands are replayed with (its authority)."""


class _Bad(Exception):
    """Internal: a problem at line index ``at`` of the current hand."""

    def __init__(self, message: str, at: int) -> None:
        super().__init__(message)
        self.at = at


class Head(NamedTuple):
    """A razz hand's header: its ``number`` (text), the ``unit`` of its
    amounts (``"cent"`` or ``"chip"``), the currency ``symbol``, the
    ``small`` and ``big`` bets, the ``_pokerstars`` user field's ``meta``
    and the hand history's ``fields`` (hand, date, currency, level)."""

    number: str
    unit: str
    symbol: str
    small: int
    big: int
    meta: dict[str, Any]
    fields: dict[str, Any]


_Game = tuple[str, str, int, int, dict[str, Any], dict[str, Any]]
# header text before the date -> what _game makes of it
_GAMES: dict[tuple[str | None, str | None, str], _Game | tuple[()]] = {}


def hand_number(line: str) -> str:
    """The number of the hand a header line opens (any game)."""
    m = HAND_START.match(line)
    return "" if m is None else m.group(1)


def read_head(line: str) -> Head | None:
    """The header of a razz hand, ``None`` for a hand of another game;
    :class:`_Bad` (at line 0) for a razz header that is not understood."""
    m = HEADER.fullmatch(line)
    number = hand_number(line)
    if m is None:
        if "Razz" in line:
            raise _Bad("this razz hand's header is not understood", 0)
        return None
    home, digits, rest = m.groups()
    club = None
    if rest.startswith("{"):
        end = rest.find("}")
        if end < 0:
            raise _Bad("the club name has no closing '}'", 0)
        club = rest[1:end]
        rest = rest[end + 1:].lstrip()
    date = DATE.search(rest)
    key = (home, club, rest[: date.start()] if date else rest)
    game = _GAMES.get(key)
    if game is None:  # the game and stakes part, the same in every hand of a table
        game = _game(*key)
        if len(_GAMES) < 4096:
            _GAMES[key] = game
    if not game:
        return None
    unit, symbol, small, big, meta, fields = game
    fields = dict(fields)
    if date:
        y, mo, d, h, mi, s, zone = date.groups()
        try:
            fields["time"] = datetime.time(int(h), int(mi), int(s))
            datetime.date(int(y), int(mo), int(d))
        except ValueError:
            raise _Bad("the date or time is not valid", 0) from None
        fields.update(year=int(y), month=int(mo), day=int(d))
        if zone:
            fields["time_zone_abbreviation"] = zone
    fields["hand"] = int(digits)
    return Head(number, unit, symbol, small, big, dict(meta), fields)


def _game(home: str | None, club: str | None, head: str) -> _Game | tuple[()]:
    """What the header says before the date: ``(unit, currency symbol,
    small bet, big bet, meta, fields)``, or ``()`` for another game."""
    meta: dict[str, Any] = {}
    if club is not None:
        meta["club"] = club
    if home:
        meta["home_game"] = True
    if "Razz" not in head:
        return ()
    if "Razz Limit" not in head:
        raise _Bad("a razz header names 'Razz Limit'", 0)
    stakes = STAKES.findall(head)
    if not stakes:
        raise _Bad("no stakes (small bet/big bet) in the header", 0)
    small_text, big_text, currency = stakes[-1]
    tournament = head.startswith("Tournament #")
    cash = not tournament and any(c in small_text + big_text for c in "$€£.")
    unit = CENT if cash else CHIP
    meta["unit"] = unit
    symbol = small_text[0] if small_text[:1] in SYMBOLS else ""
    try:
        small = parse_amount(small_text, unit, symbol)
        big = parse_amount(big_text, unit, symbol)
    except ValueError as exc:
        raise _Bad(f"stakes: {exc}", 0) from None
    fields: dict[str, Any] = {}
    if currency:
        fields["currency"] = currency
    if symbol:
        fields["currency_symbol"] = symbol
    if tournament:
        number_end = head.find(",")
        meta["tournament"] = head[len("Tournament #"): number_end]
        after = head[number_end + 2:] if number_end > 0 else ""
        game_at = after.find(" Razz") if "(Razz" not in after else after.find(" (Razz")
        if game_at > 0:
            words = after[:game_at].split(" ")
            if "(Razz" in after:  # "100+9 8-Game (Razz Limit)"
                meta["game"] = words.pop()
            meta["buy_in"] = " ".join(words)
        level = LEVEL.search(head)
        if level:
            fields["level"] = roman(level.group(1))
    else:
        at = head.find(" (Razz Limit,")
        if at > 0:
            meta["game"] = head[:at].split(" ")[-1]
    return unit, symbol, small, big, meta, fields
