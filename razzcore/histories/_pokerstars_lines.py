"""The line kinds of a PokerStars hand history and how amounts are written
(internal: :mod:`razzcore.pokerstars` reads and writes with them).

One home for the text format: the header and table patterns, the verbs that
follow ``NAME: ``, the lines that carry no game information, street markers,
and amounts (``$1,234.50`` as integer cents, ``1,500`` as chips).

>>> parse_amount("$1,234.50", CENT, "$"), parse_amount("1,500", CHIP)
(123450, 1500)
>>> format_amount(123450, CENT, "$"), format_amount(1500, CHIP, "")
('$1234.50', '1500')
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..cards import format_card
from ..engine.notation import CARD_TEXT as _CARD_TEXT
from ..engine.rules import MAX_CHIPS
from ..errors import RazzError

__all__ = [
    "CENT",
    "CHIP",
    "DEALT_LINE",
    "HAND_LINE",
    "HAND_START",
    "HEADER",
    "IGNORED",
    "LINE_STARTS",
    "MARKER_LINE",
    "META_FIELD",
    "SEAT",
    "SEAT_LINE",
    "STREETS",
    "SYMBOLS",
    "TABLE",
    "TOTAL_LINE",
    "TRUNCATED",
    "UNCALLED_LINE",
    "PokerStarsError",
    "PokerStarsWarning",
    "card_group",
    "format_amount",
    "looks_like_pokerstars",
    "parse_amount",
    "phh_cards",
    "roman",
    "to_roman",
]

class PokerStarsError(RazzError):
    """A PokerStars hand cannot be read or reproduced by the engine.

    ``hand`` is the hand number (text, ``None`` before any header),
    ``line`` the 1-based line number in the text (``None`` if not known),
    and ``reason`` the message without the hand and line in front.

    >>> from razzcore.histories.pokerstars import EXAMPLE, dumps, loads
    >>> text = dumps([EXAMPLE]).replace("calls $0.50", "calls $0.40", 1)
    >>> try:
    ...     loads(text)
    ... except PokerStarsError as exc:
    ...     print(exc.hand, exc.line, "|", exc.reason)
    100000000001 15 | the engine puts in 50, the line says 40: 'charlie: calls $0.40'
    """

    def __init__(self, message: str, *, hand: str | None = None,
                 line: int | None = None, reason: str | None = None) -> None:
        super().__init__(message)
        self.hand = hand
        self.line = line
        self.reason = message if reason is None else reason


class PokerStarsWarning(UserWarning):
    """A malformed hand left out by ``on_error="skip"`` (the message names
    the hand number and the line).

    >>> import warnings
    >>> from razzcore.histories.pokerstars import EXAMPLE, dumps, loads
    >>> bad = dumps([EXAMPLE]).replace("calls $0.50", "calls $0.40", 1)
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     hands = loads(bad + "\\n\\n" + dumps([EXAMPLE]), on_error="skip")
    >>> len(hands), caught[0].category.__name__, str(caught[0].message)[:31]
    (1, 'PokerStarsWarning', 'hand #100000000001, line 15: th')
    """



PokerStarsError.__module__ = PokerStarsWarning.__module__ = "razzcore.pokerstars"

META_FIELD = "_pokerstars"
"""The user field of a hand history holding PokerStars facts: ``unit``
(``"cent"`` or ``"chip"``), and where known ``game`` (the mixed game),
``tournament``, ``buy_in``, ``home_game``, ``club``."""

CENT = "cent"
"""Unit of cash games: amounts are integer cents of the currency."""
CHIP = "chip"
"""Unit of tournaments and play-money games: amounts are whole chips."""

HAND_LINE = "PokerStars "
SEAT_LINE = "Seat "
MARKER_LINE = "*** "
DEALT_LINE = "Dealt to "
UNCALLED_LINE = "Uncalled bet ("
TOTAL_LINE = "Total pot "
LINE_STARTS = {
    HAND_LINE: "a hand header",
    SEAT_LINE: "a seat line",
    MARKER_LINE: "a street marker",
    DEALT_LINE: "a 'Dealt to' line",
    UNCALLED_LINE: "an 'Uncalled bet' line",
    TOTAL_LINE: "the 'Total pot' line",
}
"""The line kinds the reader tells by how a line starts, before trying
``NAME: ...`` or ``NAME collected ...``: a player name cannot start so."""

TRUNCATED = "the hand ends before its summary and total pot (truncated)"
"""What a hand is said to be when it ends before its total pot line, and
when it goes wrong at its last line before that line: a text cut there,
mid-line or not, rather than a wrong line."""

HAND_START = re.compile(r"PokerStars .*?#(\d+): ")
"""The first line of any hand (any game, any room variant): its number."""
HEADER = re.compile(r"PokerStars (?:(Home Game) )?(?:Hand|Game) #(\d+): +(.*)")
"""``PokerStars [Home Game] Hand|Game #N: REST`` (REST: game, stakes, date)."""


CLUB = re.compile(r"\{([^}]*)\} *")
TOURNAMENT = re.compile(r"Tournament #(\d+), (.*?) ?(?=(?:[A-Za-z0-9' -]+ )?\S*Razz\b|$)")
STAKES = re.compile(r"(?:\(|, )([^\s()/,]*[\d]+(?:[.,]\d+)*)/([^\s()/,]*\d+(?:[.,]\d+)*)"
                    r"(?: ([A-Z]{3}))?\)")
DATE = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})(?: ([A-Za-z]+))?")
LEVEL = re.compile(r"Level ([IVXLCDM]+|\d+)\b")
MIXED = re.compile(r"(?:^|, |\} )([A-Za-z0-9' -]+?) \((?:Razz Limit|Razz)[,)]")
TABLE = re.compile(r"Table '(.*)' (\d+)-max")
"""``Table 'NAME' N-max`` (more words may follow)."""
SEAT = re.compile(r"Seat (\d+): (.+) \(([^\s()]+) in chips(?:,[^()]*)?\)(.*)")
"""A seat line: number, name, stack, then anything (``is sitting out``...)."""
STREETS = {
    "*** 3rd STREET ***": 3,
    "*** 4th STREET ***": 4,
    "*** 5th STREET ***": 5,
    "*** 6th STREET ***": 6,
    "*** RIVER ***": 7,
    "*** 7th STREET ***": 7,
}
"""Street markers and the street each opens."""
SHOW_DOWN = "*** SHOW DOWN ***"
SUMMARY = "*** SUMMARY ***"
TOTAL_POT = re.compile(r"Total pot (\S+)((?: Main pot \S+\.(?: Side pot(?:-\d+)? \S+\.)*)?) \| "
                       r"Rake (\S+)$")
"""``Total pot X [Main pot Y. Side pot Z. ...] | Rake R``: the total, the
pots part (empty with a single pot) and the rake."""
POT_PART = re.compile(r" (Main pot|Side pot(?:-(\d+))?) (\S+)\.")
"""One pot of the total line's pots part: its name, side pot number, amount."""
COLLECTED = re.compile(r" collected (\S+) from (pot|main pot|side pot(?:-(\d+))?)$")
UNCALLED = re.compile(r"Uncalled bet \((\S+)\) returned to (.+)$")
SUMMARY_WON = re.compile(r" (?:won|collected) \(([^\s()]+)\)")
"""What a summary seat line says the player won (``and won ($6.45)``,
``collected (2,650)``)."""
CARDS = re.compile(r"\[([^\]]*)\]")

IGNORED = re.compile(
    r'.+ said, ".*"|.+ joins the table at seat #\d+|.+ leaves the table|.+ is disconnected'
    r"|.+ is connected|.+ has timed out(?: while (?:being )?disconnected)?|.+:? is sitting out"
    r"|.+ has returned|Betting is capped|.+ will be allowed to play after the button"
    r"|.+: sits out|.+ was removed from the table for failing to post"
)
"""Lines with no game information (chat, joins, leaves, connections,
time-outs, sitting out, returns, ``Betting is capped``)."""

_CARD_GROUPS: dict[str, tuple[int, ...]] = {}  # "2h 6s 3d" -> card codes (bounded cache)


def card_group(text: str) -> tuple[int, ...]:
    """The card codes of what a pair of brackets holds (``"2h 6s 3d"``);
    ``ValueError`` names a word that is not a card.

    >>> card_group("2h 6s 3d")
    (6, 23, 9)
    """
    cards = _CARD_GROUPS.get(text)
    if cards is not None:
        return cards
    out = []
    for word in text.split():
        code = _CARD_TEXT.get(word)
        if code is None:
            raise ValueError(f"{word!r} is not a card")
        out.append(code)
    cards = tuple(out)
    if len(_CARD_GROUPS) < 65536:
        _CARD_GROUPS[text] = cards
    return cards


_PHH_CARD: dict[int | None, str] = {None: "??"}
for _code in range(52):
    _PHH_CARD[_code] = format_card(_code)


def phh_cards(cards: Iterable[int | None]) -> str:
    """Cards in PHH notation, ``??`` for an unknown one.

    >>> phh_cards([None, None, 49])
    '????Kd'
    """
    return "".join(map(_PHH_CARD.__getitem__, cards))


_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def roman(text: str) -> int:
    """A level number written in Roman numerals (or digits).

    >>> roman("XIV"), roman("12")
    (14, 12)
    """
    if text.isdigit():
        return int(text)
    total = 0
    for i, ch in enumerate(text):
        v = _ROMAN[ch]
        total += -v if i + 1 < len(text) and _ROMAN[text[i + 1]] > v else v
    return total


def to_roman(number: int) -> str:
    """A level number in Roman numerals, as PokerStars writes levels.

    >>> to_roman(14), to_roman(1994)
    ('XIV', 'MCMXCIV')
    """
    out = []
    for value, text in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"),
                        (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"),
                        (4, "IV"), (1, "I")):
        count, number = divmod(number, value)
        out.append(text * count)
    return "".join(out)


SYMBOLS = ("$", "\u20ac", "\u00a3")
"""The currency symbols PokerStars writes before cash amounts ($, €, £)."""
_AMOUNT = re.compile(r"([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.([0-9]{2}))?")


def parse_amount(text: str, unit: str, symbol: str = "") -> int:
    """An amount as an exact integer in ``unit`` (cents or chips).

    The amount starts with ``symbol`` (the currency symbol the header
    declares; none for chips), then digits, with commas only as thousands
    separators (``1,234``); cash amounts may end with exactly two decimals.
    Raises ``ValueError`` for anything else (a sign, a stray comma, a
    different symbol).

    >>> parse_amount("$0.10", CENT, "$"), parse_amount("$7", CENT, "$")
    (10, 700)
    >>> parse_amount("\u20ac1,234.50", CENT, "\u20ac"), parse_amount("1,500", CHIP)
    (123450, 1500)
    >>> parse_amount("$-0.50", CENT, "$")
    Traceback (most recent call last):
    ...
    ValueError: '$-0.50' is not an amount in cents (expected $1,234.56)
    >>> parse_amount("1.5", CHIP)
    Traceback (most recent call last):
    ...
    ValueError: '1.5' is not a whole number of chips (expected 1,234)
    >>> parse_amount("9,007,199,254,740,993", CHIP)
    Traceback (most recent call last):
    ...
    ValueError: '9,007,199,254,740,993' is more than the engine takes (2**53 chips)
    """
    m = _AMOUNT.fullmatch(text, len(symbol)) if text.startswith(symbol) else None
    if m is None or (unit == CHIP and m.group(2) is not None):
        example = f"{symbol}1,234" if unit == CHIP else f"{symbol}1,234.56"
        what = "a whole number of chips" if unit == CHIP else "an amount in cents"
        raise ValueError(f"{text!r} is not {what} (expected {example})")
    whole = int(m.group(1).replace(",", ""))
    frac = m.group(2)
    value = whole if unit == CHIP else whole * 100 + (int(frac) if frac else 0)
    if value > MAX_CHIPS:
        raise ValueError(f"{text!r} is more than the engine takes (2**53 {unit}s)")
    return value


def format_amount(amount: int, unit: str, symbol: str) -> str:
    """``amount`` written the PokerStars way: ``$7``, ``$0.50`` in cash games,
    ``1500`` in chips.

    >>> format_amount(700, CENT, "$"), format_amount(50, CENT, "$")
    ('$7', '$0.50')
    """
    if unit == CHIP:
        return f"{symbol}{amount}"
    whole, cents = divmod(amount, 100)
    return f"{symbol}{whole}" if not cents else f"{symbol}{whole}.{cents:02d}"


def looks_like_pokerstars(text: str) -> bool:
    """Whether ``text`` opens like a PokerStars hand history (after a BOM and
    blank lines): how the command and the PHH reader tell the formats apart.

    >>> looks_like_pokerstars("\\ufeff\\nPokerStars Hand #1: Razz"), looks_like_pokerstars("[1]")
    (True, False)
    """
    return HAND_START.match(text.lstrip("\ufeff \t\r\n")) is not None
