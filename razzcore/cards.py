"""Cards, card codes, text parsing and decks.

A card is an ``int`` code ``0..51`` equal to ``4 * rank + suit`` where rank
``0`` is the ace, ``1`` the deuce ... ``12`` the king, and suit ``0`` clubs,
``1`` diamonds, ``2`` hearts, ``3`` spades.  A higher code is therefore a
higher card for the bring-in (K♠ = 51 is the highest card, A♣ = 0 the lowest).

>>> from razzcore.cards import parse_card, format_card, parse_cards
>>> parse_card("As"), parse_card("10h"), format_card(51)
(3, 38, 'Ks')
>>> parse_cards("As 2d 3c")
(3, 5, 8)
>>> parse_cards("As2d3c") == parse_cards(["As", 5, "3c"])
True
>>> parse_cards_or_unknown("?? ?? 7h")
(None, None, 26)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from .errors import CardError, as_int, brief

__all__ = [
    "RANKS",
    "RANK_NAMES",
    "SUITS",
    "UNKNOWN",
    "CardLike",
    "Cards",
    "CardsLike",
    "card",
    "card_tokens",
    "check_distinct",
    "format_card",
    "format_cards",
    "parse_card",
    "parse_cards",
    "parse_cards_or_unknown",
    "rank_of",
    "suit_of",
]

RANKS = "A23456789TJQK"
SUITS = "cdhs"
RANK_NAMES = (
    "Ace", "Deuce", "Three", "Four", "Five", "Six", "Seven",
    "Eight", "Nine", "Ten", "Jack", "Queen", "King",
)

CardLike = int | str
"""One card: a code ``0..51`` or a text card such as ``"As"`` or ``"10h"``."""

CardsLike = str | Iterable[CardLike]
"""Several cards: one string (``"As 2d 3c"`` or ``"As2d3c"``) or an iterable of
codes and text cards."""

UNKNOWN = "??"
"""A card nobody at the table can see (a down card), in hands and in PHH."""

_RANK_OF_CHAR = {c: i for i, c in enumerate(RANKS)}
_RANK_OF_CHAR.update({c.lower(): i for i, c in enumerate(RANKS)})
_SUIT_OF_CHAR = {c: i for i, c in enumerate(SUITS)}
_SUIT_OF_CHAR.update({c.upper(): i for i, c in enumerate(SUITS)})
_SUIT_OF_CHAR.update({"♣": 0, "♦": 1, "♥": 2, "♠": 3})

_TEXT = tuple(RANKS[c >> 2] + SUITS[c & 3] for c in range(52))
_CODE_OF_TEXT: dict[str, int] = {}
for _code in range(52):
    _r, _s = RANKS[_code >> 2], SUITS[_code & 3]
    for _rank_text in {_r, _r.lower()} | ({"10"} if _r == "T" else set()):
        for _suit_text in (_s, _s.upper()):
            _CODE_OF_TEXT[_rank_text + _suit_text] = _code
del _code, _r, _s, _rank_text, _suit_text


def card(rank: int, suit: int) -> int:
    """Return the code of the card of ``rank`` (0 = ace .. 12 = king) and
    ``suit`` (0 = clubs .. 3 = spades).

    >>> card(12, 3)
    51
    """
    r, s = as_int(rank), as_int(suit)
    if r is None or not 0 <= r < 13:
        raise CardError(f"no card has rank {brief(rank)}: ranks are 0..12")
    if s is None or not 0 <= s < 4:
        raise CardError(f"no card has suit {brief(suit)}: suits are 0..3")
    return 4 * r + s


def rank_of(code: int) -> int:
    """Return the rank of a card code (0 = ace .. 12 = king).

    >>> rank_of(parse_card("Kd"))
    12
    """
    return _check_code(code) >> 2


def suit_of(code: int) -> int:
    """Return the suit of a card code (0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades).

    >>> suit_of(parse_card("Kd"))
    1
    """
    return _check_code(code) & 3


def _check_code(code: object) -> int:
    n = as_int(code)  # numpy integers are fine; bools and floats are not
    if n is None:
        raise CardError(f"a card code must be an int 0..51, not {brief(code)}")
    if not 0 <= n < 52:
        raise CardError(f"card code {n} is outside 0..51")
    return n


def parse_card(text: CardLike) -> int:
    """Parse one card (``"As"``, ``"td"``, ``"10h"``, ``"K♠"``) or check a code.

    >>> parse_card("td"), parse_card("Td"), parse_card(7)
    (37, 37, 7)
    >>> parse_card("1x")
    Traceback (most recent call last):
    ...
    razzcore.errors.CardError: bad card '1x' in '1x': expected a rank (A 2-9 T/10 J Q K) \
followed by a suit (c d h s)
    """
    if isinstance(text, str):
        code = _CODE_OF_TEXT.get(text.strip())
        if code is not None:
            return code
        return _parse_token_slow(text)
    return _check_code(text)


def _parse_token_slow(text: str) -> int:
    token = text.strip()
    if len(token) >= 2:
        rank_text, suit_text = token[:-1], token[-1]
        if rank_text == "10":
            rank_text = "T"
        rank = _RANK_OF_CHAR.get(rank_text)
        suit = _SUIT_OF_CHAR.get(suit_text)
        if rank is not None and suit is not None:
            return 4 * rank + suit
    raise CardError(f"bad card {brief(token)} in {brief(text)}: {_EXPECTED}")


def card_tokens(text: str) -> Iterator[str]:
    """Split ``"As 2d 10h"`` or ``"As2d10h"`` into two-character tokens (three
    for a ``10``), without judging them.

    >>> list(card_tokens("As2d 10h, ??"))
    ['As', '2d', '10h', '??']
    """
    for _, token in _word_tokens(text):
        yield token


def _word_tokens(text: str) -> Iterator[tuple[str, str]]:
    """Each token of :func:`card_tokens` with the word it was cut from."""
    for word in text.replace(",", " ").split():
        i = 0
        while i < len(word):
            size = 3 if word.startswith("10", i) else 2
            yield word, word[i : i + size]
            i += size


_EXPECTED = "expected a rank (A 2-9 T/10 J Q K) followed by a suit (c d h s)"


def _bad_card(token: str, word: str, cards: str, unknown: bool = False) -> CardError:
    """The error for ``token``, cut from ``word`` of ``cards``: a one-card word
    is named whole (``'11h'``, not the ``'11'`` cut from it); a token cut from
    glued cards names the word too."""
    if len(word) <= 3 or word == cards.strip():
        where = f"{brief(word if len(word) <= 3 else token)} in {brief(cards)}"
    else:
        where = f"{brief(token)} in {brief(word)} (of {brief(cards)})"
    tail = ", or ?? for an unknown card" if unknown else ""
    return CardError(f"bad card {where}: {_EXPECTED}{tail}")


def parse_cards(cards: CardsLike) -> tuple[int, ...]:
    """Parse several cards: one string, or an iterable of codes and text cards.

    Duplicates are *not* rejected here (see :func:`check_distinct`).

    >>> parse_cards("As 2d 10h")
    (3, 5, 38)
    >>> parse_cards("As2d10h")
    (3, 5, 38)
    >>> parse_cards("As 2q")
    Traceback (most recent call last):
    ...
    razzcore.errors.CardError: bad card '2q' in 'As 2q': ...
    """
    if isinstance(cards, str):
        out = []
        for word, token in _word_tokens(cards):
            code = _CODE_OF_TEXT.get(token)
            if code is None:
                try:
                    code = _parse_token_slow(token)
                except CardError:
                    raise _bad_card(token, word, cards) from None
            out.append(code)
        return tuple(out)
    if isinstance(cards, (bytes, bytearray, memoryview)):
        raw = bytes(cards)
        if not raw or max(raw) < 52:  # every byte a valid code: no per-card check
            return tuple(raw)
        return tuple(_check_code(c) for c in raw)
    return tuple(parse_card(c) for c in _card_items(cards))


def _card_items(cards: object) -> list[Any]:
    """The items of a collection of cards that is not text, or CardError."""
    if isinstance(cards, int):
        raise CardError(f"expected cards as a string or an iterable, not {brief(cards)}")
    try:
        items: list[Any] = list(cards)  # type: ignore[call-overload]
        return items
    except TypeError:
        raise CardError(f"expected cards as a string or an iterable, not {brief(cards)}") from None


def parse_cards_or_unknown(
    cards: str | Iterable[CardLike | None],
) -> tuple[int | None, ...]:
    """Parse several cards where :data:`UNKNOWN` (``"??"``) or ``None`` is a
    card nobody can see (``None`` in the result); the one home of ``??``.

    >>> parse_cards_or_unknown("As ?? 10h"), parse_cards_or_unknown(["??", 5, None])
    ((3, None, 38), (None, 5, None))
    >>> parse_cards_or_unknown("?? Zz")
    Traceback (most recent call last):
    ...
    razzcore.errors.CardError: bad card 'Zz' in '?? Zz': ...
    """
    if isinstance(cards, str):
        out: list[int | None] = []
        for word, token in _word_tokens(cards):
            if token == UNKNOWN:
                out.append(None)
                continue
            try:
                out.append(parse_card(token))
            except CardError:
                raise _bad_card(token, word, cards, unknown=True) from None
        return tuple(out)
    if isinstance(cards, (bytes, bytearray, memoryview)):
        return parse_cards(cards)
    return tuple(
        None if c is None or (isinstance(c, str) and c.strip() == UNKNOWN) else parse_card(c)
        for c in _card_items(cards)
    )


def format_card(code: int) -> str:
    """Format a card code as two characters, rank then suit.

    >>> format_card(0), format_card(37)
    ('Ac', 'Td')
    """
    return _TEXT[_check_code(code)]


def format_cards(codes: Iterable[int], sep: str = " ") -> str:
    """Format several card codes.

    >>> format_cards([3, 5, 8])
    'As 2d 3c'
    """
    return sep.join(format_card(c) for c in codes)


def check_distinct(codes: Sequence[int]) -> None:
    """Raise :class:`CardError` naming the first card that appears twice.

    >>> check_distinct((1, 2, 1))
    Traceback (most recent call last):
    ...
    razzcore.errors.CardError: duplicate card Ad
    """
    if (
        (type(codes) is tuple or type(codes) is list)
        and codes
        and set(map(type, codes)) == {int}
        and min(codes) >= 0
        and max(codes) < 52
        and len(set(codes)) == len(codes)
    ):
        return  # plain valid codes, all distinct (checked at C speed)
    seen = 0
    for c in codes:
        bit = 1 << _check_code(c)
        if seen & bit:
            raise CardError(f"duplicate card {_TEXT[c]}")
        seen |= bit


class Cards(tuple[int, ...]):
    """A tuple of card codes that prints as text and displays as cards (in Jupyter).

    Built from a string, codes or text cards; ``"??"`` / ``None`` are kept as
    ``-1`` (an unknown card, drawn as a back by :mod:`razzcore.show.svg`).

    >>> c = Cards("As 2d 3c")
    >>> c, str(c), c[0]
    (Cards('As 2d 3c'), 'As 2d 3c', 3)
    >>> str(Cards("As ??")), Cards("As ??")[1]
    ('As ??', -1)
    >>> Cards("As Zz")
    Traceback (most recent call last):
    ...
    razzcore.errors.CardError: bad card 'Zz' ...
    """

    __slots__ = ()

    def __new__(cls, items: Iterable[CardLike | None] | str = ()) -> Cards:
        codes = parse_cards_or_unknown(items)
        return super().__new__(cls, (-1 if c is None else c for c in codes))

    def _items(self) -> list[int | None]:
        return [None if c < 0 else c for c in self]

    def __str__(self) -> str:
        return " ".join(UNKNOWN if c is None else format_card(c) for c in self._items())

    def __repr__(self) -> str:
        return f"Cards({str(self)!r})"

    def _repr_svg_(self) -> str:
        from .show.svg import cards  # the picture is drawn there (loaded on first use)

        if any(c > 51 or c < -1 for c in self):
            raise CardError("Cards holds a code outside 0..51")
        return cards(self._items())
