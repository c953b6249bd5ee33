"""Rule sets for the razz dealer: amounts, options and the three profiles.

A :class:`Rules` holds the four amounts of a fixed-limit stud structure (ante,
bring-in, small bet, big bet) and every option of the rules specification
(``docs/rules.md``, R1-R24).  A *profile* is nothing but a bundle of option
values: ``online`` (the default), ``tda`` (card-room tournament) and ``roberts``
(card-room cash).  Any option may be overridden by keyword.

>>> from razzcore.engine.rules import Rules
>>> r = Rules(2, 5, 10, 20, profile="tda")
>>> r.burn_cards, r.showdown_order, r.odd_chip_rule
(True, 'last_aggressor_else_first_actor', 'high_card_in_hand')
>>> Rules(2, 5, 10, 20, profile="tda", odd_chip_rule="position").odd_chip_rule
'position'
>>> Rules(2, 5, 10, 20, cap=3)
Traceback (most recent call last):
...
razzcore.errors.RulesError: unknown rule option 'cap'; known options: ...
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Final

from ..errors import RulesError, as_int, brief

__all__ = ["MAX_CHIPS", "OPTION_CHOICES", "PROFILES", "Rules", "option_names"]

MAX_CHIPS: Final = 1 << 53
"""The largest chip count the engine takes, as an amount of the structure or
as a stack (2**53 = 9,007,199,254,740,992): every total a table can reach then
fits the compiled core's 64-bit integers."""

# Allowed values of every string option (the first one listed is not
# necessarily the default: defaults live in the profiles).
OPTION_CHOICES: Final[Mapping[str, tuple[str, ...]]] = {
    "seventh_street_shortage": ("community_when_short", "tda_rp10h"),
    "all_in_bring_in": ("forced_next", "open_left_optional"),
    "showdown_order": ("deal_start_seat", "last_aggressor_else_first_actor"),
    "later_street_tiebreak": ("high_card_by_suit", "position"),
    "odd_chip_rule": ("high_card_in_hand", "low_card_all_cards", "position"),
    "bring_in_tiebreak": ("suit", "position"),
    "first_actor_all_in": ("skip_clockwise", "next_best_board"),
    "short_all_in_rule": ("half_bet", "full_bet"),
    "short_completion_measure": ("total", "completion_increment"),
    "bring_in_mode": ("standard", "none"),
}

_BOOL_OPTIONS: Final = (
    "burn_cards",
    "heads_up_uncapped",
    "face_up_all_in",
    "bring_in_may_complete",
    "allow_call_bring_in",
    "allow_open_fold",
    "losers_may_muck",
    "reveal_all_at_showdown",
    "deal_in_absent_players",
)

_INT_OPTIONS: Final = ("max_bets_per_round", "deal_start_seat", "max_players", "min_players")

# The tda values are the base (the spec's "Default" lines); the profiles differ
# only where the specification's profile table says so.
_BASE: Final[Mapping[str, Any]] = {
    "burn_cards": True,
    "seventh_street_shortage": "tda_rp10h",
    "all_in_bring_in": "open_left_optional",
    "showdown_order": "last_aggressor_else_first_actor",
    "later_street_tiebreak": "high_card_by_suit",
    "odd_chip_rule": "high_card_in_hand",
    "heads_up_uncapped": False,
    "heads_up_max_bets": None,
    "face_up_all_in": True,
    "max_bets_per_round": 4,
    "bring_in_tiebreak": "suit",
    "bring_in_may_complete": True,
    "allow_call_bring_in": True,
    "first_actor_all_in": "skip_clockwise",
    "allow_open_fold": False,
    "short_all_in_rule": "half_bet",
    "short_completion_measure": "total",
    "losers_may_muck": True,
    "reveal_all_at_showdown": False,
    "bring_in_mode": "standard",
    "deal_start_seat": 1,
    "max_players": 8,
    "min_players": 2,
    "suit_order": ("c", "d", "h", "s"),
    "deal_in_absent_players": False,
}

PROFILES: Final[Mapping[str, Mapping[str, Any]]] = {
    "online": {
        **_BASE,
        "burn_cards": False,
        "seventh_street_shortage": "community_when_short",
        "all_in_bring_in": "forced_next",
        "showdown_order": "deal_start_seat",
    },
    "tda": dict(_BASE),
    "roberts": {
        **_BASE,
        "later_street_tiebreak": "position",
        "odd_chip_rule": "low_card_all_cards",
        "heads_up_uncapped": True,
        "face_up_all_in": False,
    },
}
"""The option values of each profile (a profile is only a bundle of these)."""

_OPTION_NAMES: Final = tuple(_BASE)


def option_names() -> tuple[str, ...]:
    """The names of every rule option, in a fixed order.

    >>> "burn_cards" in option_names()
    True
    """
    return _OPTION_NAMES


def _check_int(name: str, value: object) -> int:
    n = as_int(value)
    if n is None:
        raise RulesError(f"{name} must be an int, not {value!r}")
    return n


class Rules:
    """A frozen, validated rule set: amounts plus every option of the spec.

    ``Rules(ante, bring_in, small_bet, big_bet, *, profile="online", **options)``.
    Amounts are integers (``int`` or numpy integers, not bools) in the
    smallest chip unit.  Validation (R2):
    ``small_bet > 0``, ``big_bet >= small_bet``, ``0 <= bring_in < small_bet``,
    ``ante >= 0`` and some forced money (ante or bring-in) unless
    ``bring_in_mode="none"``.  A bring-in of 0 means there is no bring-in: the
    best door card opens (as with ``bring_in_mode="none"``).  The rules set
    no other bound: the ante may be larger than the bring-in.

    >>> r = Rules(2, 5, 10, 20)
    >>> r.profile, r.burn_cards, r.all_in_bring_in
    ('online', False, 'forced_next')
    >>> r.bet_size(3), r.bet_size(5)
    (10, 20)
    >>> Rules(2, 10, 10, 20)
    Traceback (most recent call last):
    ...
    razzcore.errors.RulesError: the bring-in (10) must be less than the small bet (10)
    """

    __slots__ = (
        "ante", "bring_in", "small_bet", "big_bet", "profile", "_options", "_packed", *_BASE
    )

    ante: int
    bring_in: int
    small_bet: int
    big_bet: int
    profile: str
    burn_cards: bool
    seventh_street_shortage: str
    all_in_bring_in: str
    showdown_order: str
    later_street_tiebreak: str
    odd_chip_rule: str
    heads_up_uncapped: bool
    heads_up_max_bets: int | None
    face_up_all_in: bool
    max_bets_per_round: int
    bring_in_tiebreak: str
    bring_in_may_complete: bool
    allow_call_bring_in: bool
    first_actor_all_in: str
    allow_open_fold: bool
    short_all_in_rule: str
    short_completion_measure: str
    losers_may_muck: bool
    reveal_all_at_showdown: bool
    bring_in_mode: str
    deal_start_seat: int
    max_players: int
    min_players: int
    suit_order: tuple[str, str, str, str]
    deal_in_absent_players: bool
    _options: dict[str, Any]

    def __init__(
        self,
        ante: int,
        bring_in: int,
        small_bet: int,
        big_bet: int,
        *,
        profile: str = "online",
        **options: Any,
    ) -> None:
        if not isinstance(profile, str) or profile not in PROFILES:
            raise RulesError(
                f"unknown profile {brief(profile)}; choose one of {', '.join(PROFILES)}"
            )
        unknown = [k for k in options if k not in _BASE]
        if unknown:
            raise RulesError(
                f"unknown rule option {unknown[0]!r}; known options: {', '.join(_OPTION_NAMES)}"
            )
        values = dict(PROFILES[profile])
        # Without burn cards the TDA shortage procedure has no burns to reuse:
        # the default follows burn_cards unless the shortage rule is given.
        if "burn_cards" in options and "seventh_street_shortage" not in options:
            values["seventh_street_shortage"] = (
                "tda_rp10h" if options["burn_cards"] else "community_when_short"
            )
        values.update(options)
        amounts = {}
        for name, value in (
            ("ante", ante),
            ("bring_in", bring_in),
            ("small_bet", small_bet),
            ("big_bet", big_bet),
        ):
            amounts[name] = _check_int(name, value)
        self._validate(amounts, values)
        setter = object.__setattr__
        for name, value in amounts.items():
            setter(self, name, value)
        setter(self, "profile", profile)
        for name in _OPTION_NAMES:
            setter(self, name, values[name])
        setter(self, "_options", {k: values[k] for k in _OPTION_NAMES})
        setter(self, "_packed", None)  # the engine's packed copy (packing.pack_rules)

    @staticmethod
    def _validate(amounts: dict[str, int], values: dict[str, Any]) -> None:
        ante, bring_in = amounts["ante"], amounts["bring_in"]
        small, big = amounts["small_bet"], amounts["big_bet"]
        if small <= 0:
            raise RulesError(f"the small bet must be positive, not {small}")
        if big < small:
            raise RulesError(f"the big bet ({big}) must be at least the small bet ({small})")
        if bring_in < 0:
            raise RulesError(f"the bring-in must not be negative, not {bring_in}")
        if bring_in >= small:
            raise RulesError(
                f"the bring-in ({bring_in}) must be less than the small bet ({small})"
            )
        if ante < 0:
            raise RulesError(f"the ante must not be negative, not {ante}")
        for name, amount in amounts.items():
            if amount > MAX_CHIPS:
                raise RulesError(f"the {name} may be at most MAX_CHIPS (2**53), not {amount}")
        for name in _BOOL_OPTIONS:
            if not isinstance(values[name], bool):
                raise RulesError(f"rule option {name} must be True or False, not {values[name]!r}")
        if values["showdown_order"] == "dealer_left":
            # R20 [ILPG]: "first player left of the dealer" is the deal-start seat
            # (docs/rules.md section 0: the first seat to the dealer's left), which
            # "deal_start_seat" is.
            raise RulesError(
                'rule option showdown_order="dealer_left" is not supported: the engine '
                "seats no dealer, and the first seat to the dealer's left is the deal-start "
                'seat; use showdown_order="deal_start_seat" with deal_start_seat set to it'
            )
        for name, choices in OPTION_CHOICES.items():
            if values[name] not in choices:
                raise RulesError(
                    f"rule option {name} must be one of {', '.join(map(repr, choices))}, "
                    f"not {values[name]!r}"
                )
        for name in _INT_OPTIONS:
            values[name] = _check_int(name, values[name])
        if ante == 0 and (bring_in == 0 or values["bring_in_mode"] == "none"):
            # R2: some forced money; with bring_in_mode="none" only the ante is.
            raise RulesError(
                f"a structure needs forced money: a positive ante or bring-in, not ante 0 "
                f"and bring-in {bring_in}"
                + (' (with bring_in_mode="none" the ante is the only forced money)'
                   if values["bring_in_mode"] == "none" else "")
            )
        if values["max_bets_per_round"] < 1:
            raise RulesError("rule option max_bets_per_round must be at least 1")
        hu = values["heads_up_max_bets"]
        if hu is not None:
            hu = values["heads_up_max_bets"] = _check_int("heads_up_max_bets", hu)
        if hu is not None and hu < 1:
            raise RulesError("rule option heads_up_max_bets must be at least 1 (or None)")
        if not 2 <= values["max_players"] <= 8:
            raise RulesError(
                f"rule option max_players must be in 2..8, not {values['max_players']}"
            )
        if not 2 <= values["min_players"] <= values["max_players"]:
            raise RulesError(
                f"rule option min_players must be in 2..max_players, not {values['min_players']}"
            )
        if not 1 <= values["deal_start_seat"] <= 8:
            raise RulesError(
                f"rule option deal_start_seat must be a seat number 1..8, "
                f"not {values['deal_start_seat']}"
            )
        order = values["suit_order"]
        if (
            not isinstance(order, (tuple, list))
            or len(order) != 4
            or sorted(str(s) for s in order) != ["c", "d", "h", "s"]
        ):
            raise RulesError(
                f"rule option suit_order must list the suits c, d, h, s once each "
                f"(lowest first), not {order!r}"
            )
        values["suit_order"] = tuple(order)
        if values["seventh_street_shortage"] == "tda_rp10h" and not values["burn_cards"]:
            raise RulesError(
                'seventh_street_shortage="tda_rp10h" reuses burn cards and needs burn_cards=True; '
                'use "community_when_short" without burns'
            )

    # ------------------------------------------------------------------ helpers

    @classmethod
    def standard(
        cls,
        small_bet: int,
        *,
        profile: str = "online",
        bring_in_fraction: Fraction | str | float = Fraction(1, 2),
        ante_fraction: Fraction | str | float = Fraction(1, 5),
        **options: Any,
    ) -> Rules:
        """The usual structure for a small bet: big bet ``2 * small_bet``,
        bring-in ``small_bet * bring_in_fraction`` (1/2, 1/3 or 1/4) and ante
        ``max(1, small_bet * ante_fraction)`` (0.10..0.25), rounded down.

        >>> r = Rules.standard(10)
        >>> (r.ante, r.bring_in, r.small_bet, r.big_bet)
        (2, 5, 10, 20)
        >>> Rules.standard(15, bring_in_fraction="1/3", profile="tda").bring_in
        5
        """
        small = _check_int("small_bet", small_bet)
        try:
            bf = Fraction(bring_in_fraction)
            af = Fraction(ante_fraction)
        except (TypeError, ValueError, ZeroDivisionError, OverflowError):
            raise RulesError(
                f"bad fraction: bring_in_fraction={bring_in_fraction!r}, "
                f"ante_fraction={ante_fraction!r}"
            ) from None
        if bf not in (Fraction(1, 2), Fraction(1, 3), Fraction(1, 4)):
            raise RulesError(f"bring_in_fraction must be 1/2, 1/3 or 1/4, not {bf}")
        if not Fraction(1, 10) <= af <= Fraction(1, 4):
            raise RulesError(f"ante_fraction must be within 0.10..0.25, not {float(af)}")
        return cls(
            max(1, int(small * af)),
            int(small * bf),
            small,
            2 * small,
            profile=profile,
            **options,
        )

    def bet_size(self, street: int) -> int:
        """The fixed bet size on ``street`` (3..7): small bet on 3rd and 4th,
        big bet on 5th to 7th.

        >>> Rules(1, 2, 5, 10).bet_size(4)
        5
        """
        return self.small_bet if street <= 4 else self.big_bet

    def is_completion(self, street: int, wagers: int) -> bool:
        """Whether a complete-bet-or-raise (``cbr``) on ``street``, after
        ``wagers`` full wagers on it, is the *completion* (R8): 3rd street's
        first full wager in a game with a bring-in — whether the player
        faces the bring-in or is the bring-in player completing instead of
        posting.  Otherwise it is a bet (no wager yet) or a raise.

        >>> r = Rules(1, 5, 10, 20)
        >>> r.is_completion(3, 0), r.is_completion(3, 1), r.is_completion(4, 0)
        (True, False, False)
        >>> Rules(1, 0, 10, 20).is_completion(3, 0)  # no bring-in: the door bets
        False
        """
        return street == 3 and wagers == 0 and self.has_bring_in

    @property
    def has_bring_in(self) -> bool:
        """Whether 3rd street starts with a bring-in (``False`` for
        ``bring_in_mode="none"`` or a zero bring-in: the best door opens).

        >>> Rules(2, 0, 10, 20).has_bring_in
        False
        """
        return self.bring_in_mode == "standard" and self.bring_in > 0

    @property
    def options(self) -> dict[str, Any]:
        """Every option value by name (a new dict).

        >>> Rules(2, 5, 10, 20).options["max_bets_per_round"]
        4
        """
        return dict(self._options)

    def replace(self, **changes: Any) -> Rules:
        """A copy with some amounts or options changed (same profile unless
        ``profile`` is given, then only the explicit options are kept).

        >>> Rules(2, 5, 10, 20).replace(ante=3).ante
        3
        """
        amounts = {
            "ante": self.ante,
            "bring_in": self.bring_in,
            "small_bet": self.small_bet,
            "big_bet": self.big_bet,
        }
        for name in list(amounts):
            if name in changes:
                amounts[name] = changes.pop(name)
        if "profile" in changes:
            profile = changes.pop("profile")
            return Rules(**amounts, profile=profile, **changes)
        opts = dict(self._options)
        opts.update(changes)
        return Rules(**amounts, profile=self.profile, **opts)

    # ------------------------------------------------------------ frozen-ness

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Rules is frozen: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Rules is frozen: cannot delete {name!r}")

    def _key(self) -> tuple[Any, ...]:
        return (
            self.ante,
            self.bring_in,
            self.small_bet,
            self.big_bet,
            tuple(self._options[k] for k in _OPTION_NAMES),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rules):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.ante, self.bring_in, self.small_bet, self.big_bet,
                           self.profile, dict(self._options)))

    def __repr__(self) -> str:
        base = PROFILES[self.profile]
        changed = [f"{k}={v!r}" for k, v in self._options.items() if base[k] != v]
        extra = "".join(", " + c for c in changed)
        return (
            f"Rules({self.ante}, {self.bring_in}, {self.small_bet}, {self.big_bet}, "
            f"profile={self.profile!r}{extra})"
        )


def _rebuild(
    ante: int, bring_in: int, small: int, big: int, profile: str, options: dict[str, Any]
) -> Rules:
    return Rules(ante, bring_in, small, big, profile=profile, **options)
