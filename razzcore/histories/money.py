"""How amounts of a hand are shown to people: the one way the readable text,
the replayer page and the command's ``--json`` write money.

A hand history keeps amounts as exact integers in its smallest unit: cents
of a currency in a cash game, whole chips in a tournament, a play-money game
or a simulated hand.  :class:`Money` writes them as the file did: cash with
its currency symbol and two decimals when there are cents (``$0.04``,
``€1.50``, ``$7``), chips as whole numbers with thousands separators
(``1,500``).  :func:`money_of` reads the unit, the currency and its symbol
from a :class:`~razzcore.histories.phh.HandHistory` (the PokerStars reader
keeps the unit in the user field ``_pokerstars``; PHH has the fields
``currency`` and ``currency_symbol``).

>>> dollars = Money(CENT, "$", "USD")
>>> dollars(4), dollars(150), dollars(700), dollars(123450), dollars.signed(-35)
('$0.04', '$1.50', '$7', '$1,234.50', '-$0.35')
>>> CHIPS(2650000), CHIPS.signed(240)
('2,650,000', '+240')
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ._pokerstars_lines import CENT, CHIP, META_FIELD

__all__ = ["CENT", "CHIP", "CHIPS", "CHIPS_UNIT", "Money", "hand_unit", "money_of", "unit_name"]


@dataclasses.dataclass(frozen=True)
class Money:
    """How a hand's amounts are written: ``unit`` (:data:`CENT` or
    :data:`CHIP`), the currency ``symbol`` written before each amount and the
    ``currency`` code (``"USD"``; ``None`` when not known).

    >>> Money(CENT, "\u20ac", "EUR")(150), Money(CHIP)(1500)
    ('\u20ac1.50', '1,500')
    """

    unit: str = CHIP
    symbol: str = ""
    currency: str | None = None

    def __call__(self, amount: int) -> str:
        """``amount`` (an integer in :attr:`unit`) as the file writes it."""
        sign = "-" if amount < 0 else ""
        amount = abs(amount)
        if self.unit != CENT:
            return f"{sign}{self.symbol}{amount:,}"
        whole, cents = divmod(amount, 100)
        return f"{sign}{self.symbol}{whole:,}" + (f".{cents:02d}" if cents else "")

    def signed(self, amount: int) -> str:
        """``amount`` with its sign always written (a result: ``+$0.07``).

        >>> Money(CENT, "$").signed(7), CHIPS.signed(0)
        ('+$0.07', '+0')
        """
        return self(amount) if amount < 0 else "+" + self(amount)

    def stakes(self, small: int, big: int) -> str:
        """The betting limits, with the currency code when known.

        >>> Money(CENT, "$", "USD").stakes(50, 100), CHIPS.stakes(1000, 2000)
        ('$0.50/$1 USD', '1,000/2,000')
        """
        text = f"{self(small)}/{self(big)}"
        return f"{text} {self.currency}" if self.currency else text

    def as_json(self) -> dict[str, Any]:
        """What ``--json`` says about the unit of its integer amounts.

        >>> Money(CENT, "$", "USD").as_json()
        {'unit': 'cent', 'currency': 'USD', 'currency_symbol': '$'}
        """
        return {"unit": self.unit, "currency": self.currency,
                "currency_symbol": self.symbol or None}


CHIPS = Money()
"""Whole chips with no currency: tournaments, play money, simulated hands."""


def money_of(hh: Any) -> Money:
    """How the amounts of hand history ``hh`` are written: in cents of its
    currency when the PokerStars reader read a cash game (the user field
    ``_pokerstars`` says ``unit = "cent"``), else in whole chips; the symbol
    and the code from the fields ``currency_symbol`` and ``currency``.

    >>> from razzcore import pokerstars
    >>> money_of(pokerstars.EXAMPLE)
    Money(unit='cent', symbol='$', currency='USD')
    """
    meta = hh.user_fields.get(META_FIELD)
    unit = meta.get("unit") if isinstance(meta, dict) else None
    if unit != CENT:
        return CHIPS
    return Money(CENT, hh.currency_symbol or "", hh.currency)


CHIPS_UNIT = "chips"
"""The name of whole chips as a unit (:func:`unit_name`)."""

#: The currencies of PokerStars' cash games by the symbol its hands write
#: (older hands give the symbol without the code).
_CODES = {"$": "USD", "\u20ac": "EUR", "\u00a3": "GBP"}


def unit_name(unit: str, currency: str | None, symbol: str | None) -> str:
    """The name of the unit a hand's amounts are counted in, for amounts in
    ``unit`` (:data:`CENT` or :data:`CHIP`): :data:`CHIPS_UNIT` for chips;
    for a cash game's cents, the currency's code (``"USD"``), else the code
    of its symbol (``$``: USD, ``\u20ac``: EUR, ``\u00a3``: GBP), else the
    symbol, else ``"cents"``.  Amounts of one name can be added; of two
    names, never.

    >>> unit_name(CENT, "EUR", "\u20ac"), unit_name(CENT, None, "$"), unit_name(CHIP, None, None)
    ('EUR', 'USD', 'chips')
    """
    if unit != CENT:
        return CHIPS_UNIT
    return currency or _CODES.get(symbol or "") or symbol or "cents"


def hand_unit(hh: Any) -> str:
    """The name of the unit of hand history ``hh``'s amounts: as
    :func:`unit_name` names the unit :func:`money_of` reads (a PokerStars
    cash game's cents: its currency code; chips: ``"chips"``), except that a
    history whose ``currency`` is given without the PokerStars unit (a PHH
    file's own ``currency`` field) counts in whole units of it: ``"whole
    USD"``, never added to cents of USD.

    >>> from razzcore import pokerstars
    >>> from razzcore.histories.phh import HandHistory
    >>> hand_unit(pokerstars.EXAMPLE), hand_unit(HandHistory([0, 0], 1, 2, 4, [9, 9], []))
    ('USD', 'chips')
    >>> hand_unit(HandHistory([0, 0], 1, 2, 4, [9, 9], [], currency="EUR"))
    'whole EUR'
    """
    money = money_of(hh)
    if money.unit == CENT:
        return unit_name(CENT, money.currency, money.symbol)
    meta = hh.user_fields.get(META_FIELD)
    if isinstance(meta, dict) and meta.get("unit") == CHIP:
        return CHIPS_UNIT  # a PokerStars tournament: chips, whatever its buy-in's currency
    return f"whole {hh.currency}" if hh.currency else CHIPS_UNIT
