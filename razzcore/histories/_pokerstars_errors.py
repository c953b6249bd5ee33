"""The messages of the PokerStars reader (internal:
:mod:`razzcore.histories.pokerstars` words each problem with them).

The compiled reader (``src/razz_pokerstars*.h``) reports the first problem
of a hand as the name of its code (``_core.POKERSTARS_ERRORS``), the
hand's line and its values; :data:`MESSAGES` is the one table that words
each code, from a :class:`Said` (the values, the span of the line it
names, the seated names, the unit and currency symbol).

>>> said = Said("ante", (25, 10, 0, 0, 0, 0, 0, 0), None, ["a", "b"], "chip", "")
>>> MESSAGES["ante"](said)
'the ante is 25: this player posts 10'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from .._core import POKERSTARS_ERRORS
from ..cards import format_card
from ._pokerstars_lines import TRUNCATED, card_group, parse_amount


class Said(NamedTuple):
    """What the reader reported: the code's ``name``, its ``values``, the
    ``text`` of the span of the line it names (``None``: none), the seated
    ``names``, the ``unit`` and currency ``symbol`` of the amounts; the
    engine's own words for a refused action or a hand that cannot start
    (``engine``, filled in by the caller)."""

    name: str
    values: tuple[int, ...]
    text: str | None
    names: list[str]
    unit: str
    symbol: str
    engine: str = ""


def pot_name(pot: int, count: int) -> str:
    """How the text names pot number ``pot`` (0: main) of ``count`` pots.

    >>> pot_name(0, 1), pot_name(0, 2), pot_name(1, 2), pot_name(2, 3)
    ('pot', 'main pot', 'side pot', 'side pot-2')
    """
    if count == 1:
        return "pot"
    if pot == 0:
        return "main pot"
    return "side pot" if count == 2 else f"side pot-{pot}"


def _name(said: Said, k: int) -> str:
    seat = said.values[k]
    return said.names[seat] if 0 <= seat < len(said.names) else f"seat {seat + 1}"


def _amount(said: Said) -> str:
    try:
        parse_amount(said.text or "", said.unit, said.symbol)
    except ValueError as exc:
        return str(exc)
    return f"{said.text!r} is not an amount"


def _card(said: Said) -> str:
    try:
        card_group(said.text or "")
    except ValueError as exc:
        return str(exc)
    return f"{said.text!r} is not a card"


def _no_pot(said: Said) -> str:
    count = said.values[0]
    pot = int(said.text) if said.text else said.values[1]
    return (f"the hand has {count} pot{'s' if count > 1 else ''}: there is no "
            f"{pot_name(pot, max(count, 2))}")


def _card_of(said: Said, k: int) -> str:
    return format_card(said.values[k])


_Word = Callable[[Said], str]
MESSAGES: dict[str, _Word] = {
    # the seats
    "truncated": lambda s: TRUNCATED,
    "seat_line": lambda s: "a seat line is 'Seat N: NAME (STACK in chips)'",
    "seat_order": lambda s: "seats must be listed once each, in seat order",
    "no_seat": lambda s: f"no seat {int(s.text or 0)} at a {s.values[0]}-max table",
    "amount": _amount,
    "seats_count": lambda s: f"a razz table seats 2 to 8 players, not {s.values[0]}",
    # the lines
    "marker": lambda s: "this street marker is unknown or out of order",
    "summary_seat": lambda s: "this summary line is not 'Seat N: NAME ...' for a seated player",
    "ante_twice": lambda s: "this player already posted the ante",
    "not_here": lambda s: "this line is not understood here",
    "not_understood": lambda s: "this line is not understood",
    "dealt_form": lambda s: ("expected 'Dealt to NAME [cards]' (3rd street) or 'Dealt to NAME "
                             "[cards so far] [new card]' for a seated player"),
    "sitting_out": lambda s: (f"{_name(s, 0)} is listed as sitting out, so takes no part in "
                              f"the hand"),
    "not_in_hand": lambda s: "cards dealt to a player who is not in the hand",
    "one_new": lambda s: "expected one new card",
    "card": _card,
    "one_per_street": lambda s: "one new card per street",
    "so_far": lambda s: f"{s.values[0]} cards so far on street {s.values[1]}",
    "not_dealt_to": lambda s: f"{_card_of(s, 0)} was not dealt to this player",
    "third": lambda s: "3rd street shows the door card, or all three cards",
    "already": lambda s: "this card was already dealt",
    "twice": lambda s: f"{_card_of(s, 0)} is dealt twice",
    "raise_form": lambda s: "a raise is 'raises X to Y'",
    "action": lambda s: "this action is not understood",
    "allin": lambda s: "this action cannot be all-in",
    "raise_by": lambda s: (f"a raise to {s.text} over a bet of {s.values[0]} is by "
                           f"{s.values[1]}, not {s.values[2]}"),
    "positive": lambda s: "an amount must be positive",
    "show_bracket": lambda s: "shown cards need a closing ']'",
    "showed": lambda s: "this player already showed",
    "show_twice": lambda s: "the shown cards name a card twice",
    "uncalled_left": lambda s: (f"{s.values[0]} of {_name(s, 1)}'s bet is not called, and no "
                                f"'Uncalled bet' line returns it before this line"),
    "no_uncalled": lambda s: "no bet is uncalled here",
    "uncalled_wrong": lambda s: (f"the uncalled part of the top bet is {s.values[0]}, returned "
                                 f"to {_name(s, 1)}"),
    "uncalled_form": lambda s: "expected 'Uncalled bet (X) returned to NAME'",
    "collected_form": lambda s: "expected 'NAME collected X from pot'",
    "side_zero": lambda s: "side pots are numbered from 1 (side pot-1)",
    "total_once": lambda s: "expected 'Total pot X | Rake Y' once",
    "pots_order": lambda s: ("the pots are 'Main pot X. Side pot Y.' or 'Main pot X. Side "
                             "pot-1 Y. Side pot-2 Z. ...', in order"),
    "summary_line": lambda s: "this summary line is not understood",
    "summary_won": lambda s: (f"the summary says {_name(s, 0)} won {s.values[1]}, the "
                              f"collected lines give {s.values[2]}"),
    # the hand as a whole
    "no_door": lambda s: f"{_name(s, 0)} is in the hand but is dealt no door card",
    "fewer": lambda s: "fewer than two players are dealt in",
    "ante": lambda s: f"the ante is {s.values[0]}: this player posts {s.values[1]}",
    "rules": lambda s: f"the stakes do not make a razz structure: {s.engine}",
    "shows_dealt": lambda s: (f"shows {' '.join(format_card(c) for c in s.values[:7])} but "
                              f"was dealt {_card_of(s, 7)}"),
    "others_card": lambda s: f"shows {_card_of(s, 0)}, which is another player's card",
    "no_dealt_line": lambda s: f"no 'Dealt to' line for {_name(s, 0)}",
    "deck_runs_out": lambda s: ("the deck runs out: the engine would deal a community card "
                                "here, and how PokerStars writes one is not known"),
    "start": lambda s: f"the engine cannot start this hand: {s.engine}",
    # the replay on the engine
    "not_dealing": lambda s: (f"the engine is not dealing street {s.values[0]} now (street "
                              f"{s.values[1]}, hand over: {bool(s.values[2])})"),
    "community": lambda s: ("the engine deals a community card here; how PokerStars writes "
                            "one is not known"),
    "over": lambda s: "the hand is already over or at the showdown",
    "brings_in": lambda s: (f"{_name(s, 0)} brings in, but the door cards make {_name(s, 1)} "
                            f"bring in"),
    "turn": lambda s: f"it is {_name(s, 0)}'s turn, not {_name(s, 1)}'s",
    "refused": lambda s: f"the engine refuses: {s.engine}",
    "puts_in": lambda s: f"the engine puts in {s.values[0]}, the line says {s.values[1]}",
    "not_allin": lambda s: "the player is not all-in after this action",
    "no_show": lambda s: (f"{_name(s, 0)} reaches the showdown, but the text neither shows "
                          f"nor mucks the hand"),
    "unfinished": lambda s: "the hand is not finished (truncated?)",
    "street": lambda s: (f"the engine is on street {s.values[0]} here, this line on street "
                         f"{s.values[1]} (a street marker is missing)"),
    # the money
    "pot_total": lambda s: (f"the money lines put {s.values[0]} in the pot, the total pot "
                            f"says {s.values[1]}"),
    "collected_total": lambda s: (f"{s.values[0]} collected plus rake {s.values[1]} is not "
                                  f"the total pot {s.values[2]}"),
    "pot_which": lambda s: (f"the hand has {s.values[0]} pots (an all-in): a collected line "
                            f"says which (main pot, side pot...)"),
    "no_pot": _no_pot,
    "side_which": lambda s: (f"the hand has {s.values[0]} side pots: say which "
                             f"(side pot-1...)"),
    "pots_unnamed": lambda s: (f"the hand has {s.values[0]} pots (an all-in), but the total "
                               f"line names no main and side pots"),
    "pots_count": lambda s: (f"the total line names {s.values[0]} pots, the money makes "
                             f"{s.values[1]}"),
    "pot_gives": lambda s: (f"the collected lines give {s.values[0]} from the "
                            f"{pot_name(s.values[1], s.values[2])}, the total line says "
                            f"{s.values[3]}"),
    "pot_holds": lambda s: (f"{s.values[0]} is collected from the "
                            f"{pot_name(s.values[1], s.values[2])}, which holds {s.values[3]}"),
    "engine_gives": lambda s: (f"the engine gives {s.values[0]} from the "
                               f"{pot_name(s.values[1], s.values[2])} to {_name(s, 3)}, the "
                               f"collected lines give {s.values[4]}"),
    "ends_with": lambda s: (f"{_name(s, 0)} ends with {s.values[1]} by the money lines, the "
                            f"engine gives {s.values[2]}"),
    # limits of the reader
    "too_many_actions": lambda s: (f"the hand has more than {s.values[0]} actions, more than "
                                   f"the reader takes"),
    "too_many_collected": lambda s: (f"the hand has more than {s.values[0]} collected lines, "
                                     f"more than the reader takes"),
}
"""Each error code of the compiled reader, worded."""

assert sorted(MESSAGES) == sorted(POKERSTARS_ERRORS), set(MESSAGES) ^ set(POKERSTARS_ERRORS)
