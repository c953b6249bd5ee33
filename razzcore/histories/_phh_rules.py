"""The rule set a PHH history is replayed under: the amounts of its fields,
and the rule profile and options of its user field ``_razzcore_rules``
(:meth:`razzcore.histories.phh.HandHistory.rules` is the face).

>>> file_rules([2, 2], 5, 10, 20, {"_razzcore_rules": {"profile": "roberts"}}).profile
'roberts'
>>> build_rules([2, 3], 5, 10, 20, {}, {})
Traceback (most recent call last):
...
razzcore.errors.PHHError: field 'antes': razzcore needs the same ante for every player, ...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .._core import _fields_snapshot
from ..engine.rules import Rules, option_names
from ..errors import PHHError, RulesError, brief
from ._phh_fields import _RULES_FIELD

# The file's Rules (immutable) by what they are built from: the amounts and
# the repr of ``_razzcore_rules``; hand after hand of a file have the same.
_RULES_BUILT: dict[tuple[Any, ...], Rules] = {}


def file_rules(antes: Sequence[int], bring_in: int, small_bet: int, big_bet: int,
               user_fields: Mapping[str, Any]) -> Rules:
    """The file's rules (no option from the caller): built and validated once."""
    key = (_fields_snapshot((antes, bring_in, small_bet, big_bet)),
           repr(user_fields.get(_RULES_FIELD)))
    rules = _RULES_BUILT.get(key)
    if rules is None:
        rules = build_rules(antes, bring_in, small_bet, big_bet, user_fields, {})
        if len(_RULES_BUILT) < 1024:
            _RULES_BUILT[key] = rules
    return rules


def build_rules(antes: Sequence[int], bring_in: int, small_bet: int, big_bet: int,
                user_fields: Mapping[str, Any], rule_options: dict[str, Any]) -> Rules:
    """:meth:`~razzcore.histories.phh.HandHistory.rules` once the fields are checked."""
    unknown = [k for k in rule_options if k != "profile" and k not in option_names()]
    if unknown:
        raise PHHError(f"rules for the replay: unknown rule option {brief(unknown[0])}; "
                       f"known options: profile, {', '.join(option_names())} (the amounts "
                       f"come from the file's fields)")
    options: dict[str, Any] = {}
    if "profile" in rule_options:
        profile = rule_options.pop("profile")
    else:
        profile, options = stored_rules(user_fields)
    options.update(rule_options)
    ante_set = set(antes)
    if len(ante_set) > 1:
        raise PHHError(
            f"field 'antes': razzcore needs the same ante for every player, not {antes}",
            field="antes",
        )
    ante = ante_set.pop() if ante_set else 0
    for name, value, ok in (
        ("small_bet", small_bet, small_bet > 0),
        ("big_bet", big_bet, big_bet >= small_bet),
        ("bring_in", bring_in, 0 <= bring_in < small_bet),
        ("antes", ante, ante >= 0),
    ):
        if not ok:
            raise PHHError(
                f"field {brief(name)}: {value} does not fit the structure (needs "
                f"small_bet > 0, big_bet >= small_bet, 0 <= bring_in < small_bet, antes >= 0)",
                field=name,
            )
    try:
        return Rules(ante, bring_in, small_bet, big_bet, profile=profile, **options)
    except RulesError as exc:
        raise PHHError(f"rules for the replay: {exc}") from None


def stored_rules(user_fields: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """The rule profile and options the file records in its user field
    ``_razzcore_rules`` (a TOML table: ``profile`` and the options that
    differ from it, as razzcore writes it), ``("tda", {})`` without it.

    Each value is checked here: :class:`~razzcore.errors.PHHError`
    naming the field (``exc.field == "_razzcore_rules"``) on anything
    that is not a rule option with a valid value.

    >>> stored_rules({"_razzcore_rules": {"profile": "roberts", "cap": 3}})
    Traceback (most recent call last):
    ...
    razzcore.errors.PHHError: field '_razzcore_rules': unknown rule option 'cap'; ...
    """
    stored = user_fields.get(_RULES_FIELD)
    if stored is None:
        return "tda", {}

    def bad(what: str) -> PHHError:
        return PHHError(f"field {brief(_RULES_FIELD)}: {what}", field=_RULES_FIELD)

    if not isinstance(stored, dict):
        raise bad(f"must be a table such as {{profile = 'tda'}}, not {brief(stored)}")
    profile = stored.get("profile", "tda")
    options = {k: v for k, v in stored.items() if k != "profile"}
    unknown = [k for k in options if k not in option_names()]
    if unknown:
        raise bad(f"unknown rule option {brief(unknown[0])}; known options: profile, "
                  f"{', '.join(option_names())}")
    try:  # the options alone, on a structure any option accepts
        Rules(1, 1, 2, 2, profile=profile, **options)
    except RulesError as exc:
        raise bad(str(exc)) from None
    return profile, options
