"""The fields of a PHH razz hand history: their names, the kind of value
each holds and its check, and the check of the action lines
(:mod:`razzcore.histories.phh` builds the record on them).

>>> check_value("bring_in", 5, "")
5
>>> check_value("antes", [1, -1], "")
Traceback (most recent call last):
...
razzcore.errors.PHHError: field 'antes' must be an array of whole non-negative chip ...
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Sequence
from typing import Any

from ..engine.notation import Action, parse_action
from ..engine.notation import parse_actions as parse_lines
from ..errors import PHHError, brief

__all__ = [
    "FIELD_KINDS", "OPTIONAL_FIELDS", "REQUIRED_FIELDS", "VARIANT", "check_value", "is_int",
    "parse_actions",
]

VARIANT = "FR"
"""The PHH variant code of fixed-limit razz, the only one razzcore plays."""

REQUIRED_FIELDS = (
    "variant", "antes", "bring_in", "small_bet", "big_bet", "starting_stacks", "actions",
)
"""The fields every ``FR`` hand history must have, in writing order."""

# Optional fields of the PHH standard and the kind of value each one holds.
_KINDS: dict[str, str] = {
    "author": "str", "event": "str", "url": "str", "venue": "str", "address": "str",
    "city": "str", "region": "str", "postal_code": "str", "country": "str",
    "time": "time", "time_zone": "str", "time_zone_abbreviation": "str",
    "day": "int", "month": "int", "year": "int", "hand": "str_int", "level": "int",
    "seats": "int_list", "seat_count": "int", "table": "str_int", "players": "str_list",
    "finishing_stacks": "chips_list", "winnings": "chips_list", "currency": "str",
    "currency_symbol": "str", "ante_trimming_status": "bool", "time_limit": "num",
    "time_banks": "num_list",
}

OPTIONAL_FIELDS = tuple(_KINDS)
"""The optional fields of the PHH standard, in writing order."""

_PER_PLAYER = ("seats", "players", "finishing_stacks", "winnings", "time_banks")
_OTHER_VARIANTS = ("blinds_or_straddles", "min_bet")
_RULES_FIELD = "_razzcore_rules"
_ABSENT_FIELD = "_razzcore_absent"
_RAKE_FIELD = "_razzcore_rake"
_RAKE_POTS_FIELD = "_razzcore_rake_pots"

_KIND_TEXT = {
    "str": "a string", "int": "an integer", "bool": "true or false", "time": "a local time",
    "str_int": "a string or an integer", "num": "a number",
    "chips": "a whole non-negative chip amount",
    "chips_list": "an array of whole non-negative chip amounts",
    "int_list": "an array of integers", "str_list": "an array of strings",
    "num_list": "an array of numbers",
}
_FIXED_KINDS = {
    "variant": "str", "antes": "chips_list", "bring_in": "chips", "small_bet": "chips",
    "big_bet": "chips", "starting_stacks": "chips_list", "actions": "str_list",
}
FIELD_KINDS: dict[str, str] = {**_FIXED_KINDS, **_KINDS}
"""Each standard field (required and optional) and the kind of value it holds."""


def parse_actions(texts: Sequence[str], players: int | None, where: str) -> list[Action]:
    """Each action parsed (:func:`parse_action`), errors naming the action;
    with ``players``, a player beyond the table is an error too."""
    try:
        out = parse_lines(texts, -1 if players is None else players)
    except PHHError:
        out = None  # the loop below names the action
    if out is not None:
        return out
    out = []
    for i, text in enumerate(texts):
        try:
            action = parse_action(text)
        except PHHError as exc:
            raise PHHError(f"{where}action {i + 1}: {exc}", field="actions",
                           action_index=i) from None
        if players is not None and action.seat is not None and action.seat >= players:
            raise PHHError(
                f"{where}action {i + 1} {brief(text)}: there are only {players} players",
                field="actions", action_index=i,
            )
        out.append(action)
    return out


def is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def check_value(name: str, value: Any, where: str) -> Any:
    """Type-check one standard field (TOML types of the PHH spec); a list
    comes back as a new list.  (``HandHistory.from_mapping`` checks the
    common values in compiled code, ``_core._check_fields``, and calls this
    for the others.)"""
    kind = FIELD_KINDS[name]

    def bad(what: str) -> PHHError:
        return PHHError(
            f"{where}field {brief(name)} must be {what}, not {brief(value)}", field=name
        )

    def chips(v: Any) -> int:
        if isinstance(v, float) and math.isfinite(v) and v == int(v) and v >= 0:
            return int(v)
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise bad(_KIND_TEXT[kind])
        return v

    if kind == "str" and isinstance(value, str):
        return value
    if kind == "int" and isinstance(value, int) and not isinstance(value, bool):
        return value
    if kind == "bool" and isinstance(value, bool):
        return value
    if kind == "time" and isinstance(value, datetime.time):
        return value
    if kind == "str_int" and isinstance(value, (str, int)) and not isinstance(value, bool):
        return value
    if kind == "num" and isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    if kind == "chips":
        return chips(value)
    if isinstance(value, list):
        if kind == "chips_list":
            return [chips(v) for v in value]
        if kind == "int_list" and all(is_int(v) for v in value):
            return list(value)
        if kind == "num_list" and all(is_int(v) or isinstance(v, float) for v in value):
            return list(value)
        if kind == "str_list" and all(isinstance(v, str) for v in value):
            return list(value)
    raise bad(_KIND_TEXT[kind])
