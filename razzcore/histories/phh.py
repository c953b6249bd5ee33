"""PHH hand histories: read, write and replay fixed-limit razz hands.

PHH (the Poker Hand History format, ``uoftcprg/phh-std``) is TOML with a
fixed set of fields and a small action language.  razzcore reads and writes
the razz variant ``FR``:

* :func:`loads` / :func:`load` read one hand, :func:`loads_all` /
  :func:`load_all` a ``.phhs`` file of many hands (tables ``[1]``, ``[2]`` ...);
* :func:`dumps` / :func:`dump` write a :class:`HandHistory` or a finished (or
  running) :class:`~razzcore.engine.hand.Hand`; :func:`dumps_all` / :func:`dump_all`
  write many;
* :meth:`HandHistory.replay` plays the actions on the engine and returns the
  final :class:`~razzcore.engine.hand.Hand` (profile ``tda`` unless the file or the
  caller says otherwise).

Actions: ``d dh pN cards`` (deal to player N; ``??`` is an unknown card),
``d db card`` (the community card, R18), ``pN pb`` (post the bring-in),
``pN f``, ``pN cc`` (check or call), ``pN cbr AMOUNT`` (complete, bet or raise
to a street total), ``pN sm`` (muck), ``pN sm cards`` / ``pN sm -`` (show),
each optionally followed by ``# commentary``; an empty or comment-only action
is a no-op.  Fields whose name starts with ``_`` are the user's and are kept
as they are.

>>> from razzcore import phh
>>> hh = phh.loads('''
... variant = "FR"
... antes = [2, 2]
... bring_in = 5
... small_bet = 10
... big_bet = 20
... starting_stacks = [100, 100]
... actions = ["d dh p1 2c3c4c", "d dh p2 5c6cKd", "p2 pb", "p1 cbr 10", "p2 f"]
... ''')
>>> hand = hh.replay()
>>> hand.stacks, hand.payoffs
((107, 93), (7, -7))
>>> phh.loads(phh.dumps(hh)) == hh
True
"""

from __future__ import annotations

import dataclasses
import datetime
import io
import operator
import os
from collections.abc import Callable, Iterable, Mapping
from typing import IO, Any, TypeVar

from .._core import _check_fields, _fields_snapshot
from ..engine.hand import Hand
from ..engine.notation import Action, parse_action
from ..engine.rules import PROFILES, Rules
from ..errors import PHHError, brief, counted, file_error
from ._phh_fields import (
    _ABSENT_FIELD,
    _OTHER_VARIANTS,
    _PER_PLAYER,
    _RAKE_FIELD,
    _RAKE_POTS_FIELD,
    _RULES_FIELD,
    FIELD_KINDS,
    OPTIONAL_FIELDS,
    REQUIRED_FIELDS,
    VARIANT,
    check_value,
    is_int,
    parse_actions,
)
from ._phh_rules import build_rules, file_rules
from ._phh_toml import ReadWith
from ._phh_toml import parse as parse_toml
from ._phh_toml import write as write_toml
from ._writing import write_file
from .replay import dealt_cards, replay_actions

__all__ = [
    "OPTIONAL_FIELDS",
    "REQUIRED_FIELDS",
    "VARIANT",
    "Action",
    "HandHistory",
    "dump",
    "dump_all",
    "dumps",
    "dumps_all",
    "load",
    "load_all",
    "loads",
    "loads_all",
    "parse_action",
]

_T = TypeVar("_T")

# --------------------------------------------------------------------- the record


@dataclasses.dataclass
class HandHistory:
    """One PHH hand history of fixed-limit razz (variant ``FR``).

    The required fields come first; every optional field of the standard is
    an attribute defaulting to ``None`` (absent); ``user_fields`` keeps the
    fields whose names start with ``_``, in file order.  Amounts are whole
    chips.

    >>> hh = HandHistory(antes=[1, 1], bring_in=2, small_bet=5, big_bet=10,
    ...                  starting_stacks=[50, 50], actions=[])
    >>> hh.variant, hh.player_count
    ('FR', 2)
    """

    antes: list[int]
    bring_in: int
    small_bet: int
    big_bet: int
    starting_stacks: list[int]
    actions: list[str]
    variant: str = VARIANT
    author: str | None = None
    event: str | None = None
    url: str | None = None
    venue: str | None = None
    address: str | None = None
    city: str | None = None
    region: str | None = None
    postal_code: str | None = None
    country: str | None = None
    time: datetime.time | None = None
    time_zone: str | None = None
    time_zone_abbreviation: str | None = None
    day: int | None = None
    month: int | None = None
    year: int | None = None
    hand: str | int | None = None
    level: int | None = None
    seats: list[int] | None = None
    seat_count: int | None = None
    table: str | int | None = None
    players: list[str] | None = None
    finishing_stacks: list[int] | None = None
    winnings: list[int] | None = None
    currency: str | None = None
    currency_symbol: str | None = None
    ante_trimming_status: bool | None = None
    time_limit: int | float | None = None
    time_banks: list[int | float] | None = None
    user_fields: dict[str, Any] = dataclasses.field(default_factory=dict)

    @property
    def player_count(self) -> int:
        """The number of players (length of ``starting_stacks``).

        >>> HandHistory([1, 1, 1], 2, 5, 10, [50, 60, 70], []).player_count
        3
        """
        return len(self.starting_stacks)

    # ------------------------------------------------------------ conversions

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], *, where: str = "") -> HandHistory:
        """Build and validate a hand history from parsed TOML (``where``
        prefixes error messages, e.g. ``"[2] "`` in a ``.phhs`` file).

        >>> HandHistory.from_mapping({"variant": "NT"})
        Traceback (most recent call last):
        ...
        razzcore.errors.PHHError: field 'variant': razzcore reads fixed-limit razz ('FR'), not 'NT'
        """
        return cls._from_fields(data, where, True)

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any], where: str, copy: bool) -> HandHistory:
        """:meth:`from_mapping`; with ``copy`` false, the lists of ``data``
        (read from text for this history alone) become the fields themselves."""
        if type(data) is not dict and not isinstance(data, Mapping):
            raise PHHError(f"{where}a hand history is a TOML table, not {type(data).__name__}")
        variant = data.get("variant")
        if variant != VARIANT:
            if variant is None:
                raise PHHError(f"{where}missing required field 'variant'", field="variant")
            raise PHHError(
                f"{where}field 'variant': razzcore reads fixed-limit razz ('FR'), "
                f"not {brief(variant)}",
                field="variant",
            )
        for name in REQUIRED_FIELDS:
            if name not in data:
                raise PHHError(f"{where}missing required field {brief(name)}", field=name)
        values, user, other = _check_fields(data, FIELD_KINDS, check_value, where, copy)
        if other is not None:
            if other in _OTHER_VARIANTS:
                raise PHHError(f"{where}field {brief(other)} is not used by variant 'FR' "
                               "(razz has a bring-in)", field=other)
            raise PHHError(
                f"{where}unknown field {brief(other)} (user-defined fields start with '_')",
                field=other,
            )
        n = len(values["starting_stacks"])
        for name in ("antes", *_PER_PLAYER):
            if values.get(name) is not None and len(values[name]) != n:
                raise PHHError(
                    f"{where}field {brief(name)} has {len(values[name])} entries for {n} players",
                    field=name,
                )
        parsed = parse_actions(values["actions"], n, where)
        if cls is HandHistory:  # the fields set at once (the dataclass's __init__ sets them so)
            out = object.__new__(cls)
            fields = out.__dict__
            fields.update(_FIELD_DEFAULTS)
            fields.update(values)
            fields["user_fields"] = user
        else:
            out = cls(**values, user_fields=user)
        out.__dict__[_PARSED] = (tuple(out.actions), parsed)
        out.__dict__[_CHECKED] = out._snapshot()  # just validated
        return out

    def to_mapping(self) -> dict[str, Any]:
        """The fields as a dict in writing order (absent optional fields left
        out), ready for TOML.

        >>> list(HandHistory([0, 0], 1, 2, 4, [9, 9], []).to_mapping())[:2]
        ['variant', 'antes']
        """
        out: dict[str, Any] = {}
        for name in (*REQUIRED_FIELDS, *OPTIONAL_FIELDS):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        out.update(self.user_fields)
        return out

    @classmethod
    def from_hand(cls, game: Hand, /, **fields: Any) -> HandHistory:
        """The hand history of an engine :class:`~razzcore.engine.hand.Hand` (its
        rules are kept in the user field ``_razzcore_rules`` so that
        :meth:`replay` uses them); ``fields`` adds optional or ``_`` fields.

        >>> from razzcore.engine.hand import Hand
        >>> from razzcore.engine.rules import Rules
        >>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd")
        >>> h.act("pb"); h.act("f")
        >>> hh = HandHistory.from_hand(h, players=["Ann", "Bob"])
        >>> hh.actions[-2:], hh.finishing_stacks
        (['p1 pb', 'p2 f'], [52, 48])
        """
        if not isinstance(game, Hand):
            raise PHHError(f"expected a razzcore Hand, not {type(game).__name__}")
        rules = game.rules
        n = len(game.starting_stacks)
        base = PROFILES[rules.profile]
        changed = {k: v for k, v in rules.options.items() if base[k] != v}
        if "burn_cards" in changed:  # Rules derives the shortage rule from burn_cards
            changed["seventh_street_shortage"] = rules.seventh_street_shortage
        data: dict[str, Any] = {
            "variant": VARIANT,
            "antes": [rules.ante] * n,
            "bring_in": rules.bring_in,
            "small_bet": rules.small_bet,
            "big_bet": rules.big_bet,
            "starting_stacks": list(game.starting_stacks),
            "actions": list(game.history),
            "ante_trimming_status": True,  # R3: a short ante only wins its share
        }
        if game.is_over:
            data["finishing_stacks"] = list(game.stacks)
        flags = getattr(game, "absent", None)  # R23 seats sitting out, if the engine says
        if flags is None:  # else: seats with chips that were not dealt in sat out
            absent = [s for s in range(n) if game.starting_stacks[s] and not game.dealt_in[s]]
        elif all(isinstance(f, bool) for f in flags):
            absent = [s for s, f in enumerate(flags) if f]
        else:
            absent = sorted(int(s) for s in flags)
        if absent:
            data[_ABSENT_FIELD] = [s + 1 for s in absent]
        if game.rake:
            data[_RAKE_FIELD] = game.rake
        setup = getattr(game, "_setup", None)
        split = setup()[1] if setup is not None else None
        if isinstance(split, tuple):  # the rake was given pot by pot
            data[_RAKE_POTS_FIELD] = list(split)
        data.update(fields)
        data[_RULES_FIELD] = {
            "profile": rules.profile,
            **{k: list(v) if isinstance(v, tuple) else v for k, v in changed.items()},
        }
        return cls.from_mapping(data)

    def check(self) -> None:
        """Validate the fields as :func:`loads` does (useful after editing
        them); :class:`~razzcore.errors.PHHError` names the bad field.

        >>> HandHistory([2, 2], "5", 10, 20, [50, 50], []).check()
        Traceback (most recent call last):
        ...
        razzcore.errors.PHHError: field 'bring_in' must be a whole non-negative chip amount, not '5'
        """
        snapshot = self._snapshot()
        if self.__dict__.get(_CHECKED) == snapshot:
            return  # validated before and nothing changed since
        HandHistory.from_mapping(self.to_mapping())
        self.__dict__[_CHECKED] = snapshot

    def _snapshot(self) -> tuple[Any, ...]:
        """What :meth:`check` validates, compared by value and type (``1``,
        ``1.0`` and ``True`` differ): fields are plain attributes and their
        lists may be edited in place, so a validation is kept with this and
        counts only while it is unchanged.  User fields (``_`` names) are
        not validated: their names only."""
        user = self.user_fields
        return (_fields_snapshot(_SNAPSHOT_GET(self)),
                tuple(user) if type(user) is dict else (type(user), user))

    def dumps(self) -> str:
        """This hand history as PHH (TOML) text; see :func:`dumps`.

        >>> HandHistory([0, 0], 1, 2, 4, [9, 9], []).dumps().splitlines()[-1]
        'actions = []'
        """
        return write_toml(self.to_mapping())

    # ----------------------------------------------------------------- replay

    def parsed_actions(self) -> list[Action]:
        """The actions parsed (:class:`Action`), in order.

        >>> hh = HandHistory([0, 0], 1, 2, 4, [9, 9], ["# hi", "d dh p1 AcAdKd"])
        >>> hh.parsed_actions()[1].seat
        0
        """
        return list(self._parsed_actions())

    def _parsed_actions(self) -> list[Action]:
        """The actions parsed once: kept with the texts they were parsed from,
        and parsed again only when the texts differ (the list was edited)."""
        texts = tuple(self.actions)
        kept = self.__dict__.get(_PARSED)
        if kept is not None and kept[0] == texts:
            return kept[1]  # type: ignore[no-any-return]
        parsed = parse_actions(texts, None, "")
        self.__dict__[_PARSED] = (texts, parsed)
        return parsed

    def rules(self, **rule_options: Any) -> Rules:
        """The :class:`~razzcore.engine.rules.Rules` a replay uses.

        The file's rule set when it records one in the user field
        ``_razzcore_rules`` (as every file razzcore writes does: ``{profile =
        '...', <options that differ from the profile>}``), else profile
        ``tda``.  ``rule_options`` override single options; a ``profile``
        given here replaces the file's rule set (its field is then not read).
        The amounts always come from the file's fields.

        >>> hh = HandHistory([2, 2], 5, 10, 20, [50, 50], [],
        ...                  user_fields={"_razzcore_rules": {"profile": "roberts"}})
        >>> hh.rules().profile, hh.rules(burn_cards=False).burn_cards
        ('roberts', False)
        >>> hh.rules(profile="tda").profile
        'tda'
        >>> hh.rules(ante=3)
        Traceback (most recent call last):
        ...
        razzcore.errors.PHHError: rules for the replay: unknown rule option 'ante'; ...
        """
        self.check()
        amounts = (self.antes, self.bring_in, self.small_bet, self.big_bet)
        if not rule_options:  # the file's rules: built and validated once
            return file_rules(*amounts, self.user_fields)
        return build_rules(*amounts, self.user_fields, rule_options)

    def replay(self, *, observe: Callable[[int, Hand], None] | None = None,
               **rule_options: Any) -> Hand:
        """Play the actions on the engine and return the final
        :class:`~razzcore.engine.hand.Hand` (see :meth:`rules` for the rule set).
        ``observe(i, hand)`` is called after each action ``i`` (see
        :func:`razzcore.histories.replay.replay_actions`).

        Cards come from the ``d dh`` / ``d db`` actions in R4 dealing order;
        burns and ``??`` cards are filled with unused cards.  Replay is strict:
        a wrong actor or amount raises :class:`~razzcore.errors.PHHError`
        naming the action, except a raise to exactly an opponent's all-in
        total, which real tables accept.  A history that stops at the showdown
        is finished with every remaining hand shown (cards speak).

        >>> hh = loads('''variant = "FR"
        ... antes = [2, 2]
        ... bring_in = 5
        ... small_bet = 10
        ... big_bet = 20
        ... starting_stacks = [100, 100]
        ... actions = ["d dh p1 2c3c4c", "d dh p2 5c6cKd", "p1 cc"]''')
        >>> hh.replay()
        Traceback (most recent call last):
        ...
        razzcore.errors.PHHError: action 3 'p1 cc': it is p2's turn, not p1's
        """
        rules = self.rules(**rule_options)
        pots = self.rake_pots
        return replay_actions(self.actions, self._parsed_actions(), self.starting_stacks, rules,
                              absent=self._absent(),
                              rake=self.rake if pots is None else tuple(pots), observe=observe)

    @property
    def rake(self) -> int:
        """The chips the house took from the pots: the user field
        ``_razzcore_rake`` (PHH has no rake field), 0 when absent.
        :meth:`replay` passes it to the engine (``Hand(rake=...)``).

        >>> HandHistory([0, 0], 1, 2, 4, [9, 9], [], user_fields={"_razzcore_rake": 1}).rake
        1
        """
        value = self.user_fields.get(_RAKE_FIELD, 0)
        if not is_int(value) or value < 0:
            raise PHHError(
                f"field {brief(_RAKE_FIELD)} must be a whole non-negative chip amount, "
                f"not {brief(value)}",
                field=_RAKE_FIELD,
            )
        return int(value)

    @property
    def rake_pots(self) -> list[int] | None:
        """Each pot's rake, main pot first, when the house took it pot by pot
        (a PokerStars text can say so): the user field
        ``_razzcore_rake_pots``, ``None`` when absent (the house took
        :attr:`rake` from the main pot first, then each side pot).
        :meth:`replay` passes it to the engine (``Hand(rake=[...])``).  Each
        amount is the most that pot gives (a pot never gives more than it
        holds), so the list adds up to :attr:`rake`, the rake taken, or more.

        >>> HandHistory([0, 0], 1, 2, 4, [9, 9], [], user_fields={
        ...     "_razzcore_rake": 3, "_razzcore_rake_pots": [1, 2]}).rake_pots
        [1, 2]
        """
        value = self.user_fields.get(_RAKE_POTS_FIELD)
        if value is None:
            return None
        if (not isinstance(value, list) or not 1 <= len(value) <= 8
                or not all(is_int(v) and v >= 0 for v in value)):
            raise PHHError(
                f"field {brief(_RAKE_POTS_FIELD)} must list each pot's rake (1 to 8 whole "
                f"non-negative chip amounts, main pot first), not {brief(value)}",
                field=_RAKE_POTS_FIELD,
            )
        if sum(value) < self.rake:
            raise PHHError(
                f"field {brief(_RAKE_POTS_FIELD)} adds up to {sum(value)}, less than the rake "
                f"taken ({brief(_RAKE_FIELD)}), {self.rake}",
                field=_RAKE_POTS_FIELD,
            )
        return [int(v) for v in value]

    def _absent(self) -> list[int]:
        if _ABSENT_FIELD not in self.user_fields:
            return []
        value = self.user_fields[_ABSENT_FIELD]
        n = self.player_count
        if not isinstance(value, list) or not all(
            is_int(v) and 1 <= v <= n for v in value
        ):
            raise PHHError(
                f"field {brief(_ABSENT_FIELD)} must list player numbers 1..{n}, not {brief(value)}",
                field=_ABSENT_FIELD,
            )
        return [v - 1 for v in value]

    def verify(self, **rule_options: Any) -> Hand:
        """Replay, and check the result against ``finishing_stacks`` and the
        rake taken (``_razzcore_rake``) when the file has them
        (:class:`~razzcore.errors.PHHError` on a difference).

        >>> hh = HandHistory([2, 2], 5, 10, 20, [100, 100],
        ...     ["d dh p1 2c3c4c", "d dh p2 5c6cKd", "p2 pb", "p1 cbr 10", "p2 f"],
        ...     finishing_stacks=[107, 93])
        >>> hh.verify().stacks
        (107, 93)
        """
        hand = self.replay(**rule_options)
        want = self.finishing_stacks
        if want is not None and list(hand.stacks) != list(want):
            raise PHHError(
                f"field 'finishing_stacks': the replay ends with {list(hand.stacks)}, "
                f"the file says {list(want)}",
                field="finishing_stacks",
            )
        if _RAKE_FIELD in self.user_fields and hand.rake != self.rake:
            raise PHHError(
                f"field {brief(_RAKE_FIELD)}: the replay takes a rake of {hand.rake}, the "
                f"file says {self.rake}",
                field=_RAKE_FIELD,
            )
        return hand

    def dealt_cards(self) -> list[list[int | None]]:
        """Each seat's hole cards as the deal actions name them, ``None`` for
        an unknown (``??``) card; see :func:`razzcore.histories.replay.dealt_cards`.

        >>> HandHistory([0, 0], 1, 2, 4, [9, 9], ["d dh p1 ????Kd"]).dealt_cards()
        [[None, None, 49], []]
        """
        return dealt_cards(self.parsed_actions(), self.player_count)

    def to_text(self, **rule_options: Any) -> str:
        """A readable hand history (see :func:`razzcore.histories.text.format_history`):
        the seats numbered and the amounts written as the history has them.

        >>> print(loads(dumps(HandHistory([0, 0], 1, 2, 4, [9, 9],
        ...     ["d dh p1 AcAdKd", "d dh p2 2c2d3c", "p1 pb", "p2 f"]))).to_text().splitlines()[0])
        Razz (fixed limit): ante 0, bring-in 1, bets 2/4 - rules: tda
        """
        from .text import format_history

        return format_history(self, self.replay(**rule_options))

    def _repr_html_(self) -> str:
        """The replayer page in a notebook (an ``<iframe>``, so that its
        script and styles stay apart from the notebook's)."""
        from ..show.replayer import notebook_frame, page

        return notebook_frame(page([self]))


_PARSED = "_parsed"  # where a HandHistory keeps its parsed actions (not a field)
_CHECKED = "_checked"  # the snapshot of the fields last validated (check)
_SNAPSHOT_GET = operator.attrgetter(*REQUIRED_FIELDS, *OPTIONAL_FIELDS)
# Every field at its default, in the dataclass's order (from_mapping's start).
_FIELD_DEFAULTS: dict[str, Any] = {f.name: None for f in dataclasses.fields(HandHistory)}
_FIELD_DEFAULTS["variant"] = VARIANT


# ------------------------------------------------------------------ load / dump


def loads(text: str | bytes) -> HandHistory:
    """Read one hand history from PHH text.

    >>> loads("variant = 'FR'")
    Traceback (most recent call last):
    ...
    razzcore.errors.PHHError: missing required field 'antes'
    >>> loads("antes = [1, 2")
    Traceback (most recent call last):
    ...
    razzcore.errors.PHHError: not valid TOML: ...
    >>> loads("# only a comment")
    Traceback (most recent call last):
    ...
    razzcore.errors.PHHError: the text is empty (no PHH fields)
    """
    data = parse_toml(text)
    if not data:
        raise PHHError("the text is empty (no PHH fields)")
    if "variant" not in data and data and all(isinstance(v, dict) for v in data.values()):
        raise ReadWith(
            f"this text holds {counted(len(data), 'table')} "
            f"({', '.join('[' + k + ']' for k in list(data)[:3])}{'...' if len(data) > 3 else ''})"
            f", as a .phhs file of many hands does, not one hand's fields",
            "razzcore.phh.loads_all")
    return HandHistory._from_fields(data, "", False)  # data is read here: its lists are ours



def read_file_object(fp: object, function: str) -> str | bytes:
    """The contents of ``fp`` for a ``load`` function: a file object opened
    in text or binary mode, or a path (``str`` or ``os.PathLike``) to read.
    Anything else, a text that looks like a history rather than a path, or a
    file that cannot be read raises :class:`PHHError` naming it (a PokerStars
    ``load`` re-raises it as its own error).

    >>> read_file_object("no/such/hands.phhs", "phh.load")
    Traceback (most recent call last):
    ...
    razzcore.errors.PHHError: no file 'no/such/hands.phhs'
    """
    if isinstance(fp, str) and ("\n" in fp or "\r" in fp):
        module = function.rsplit(".", 1)[0]
        raise PHHError(f"{function} takes a file object or a path, not the text of a "
                       f"history; use {module}.loads for text")
    if isinstance(fp, (str, os.PathLike)):
        try:
            with open(fp, "rb") as fh:
                return fh.read()
        except OSError as exc:
            raise file_error(fp, exc, kind=PHHError) from None
    read = getattr(fp, "read", None)
    if not callable(read):
        module = function.rsplit(".", 1)[0]
        raise PHHError(f"{function} takes a file object opened with open() or a path, not "
                       f"{type(fp).__name__}; use {module}.loads for text")
    data = read()
    if not isinstance(data, (str, bytes)):
        raise PHHError(f"{function}: the file object's read() gave "
                       f"{type(data).__name__}, not str or bytes")
    return data


def load(fp: IO[str] | IO[bytes] | str | os.PathLike[str]) -> HandHistory:
    """Read one hand history from a file opened in text or binary mode, or
    from a path.

    >>> import io
    >>> load(io.BytesIO(dumps(HandHistory([0, 0], 1, 2, 4, [9, 9], [])).encode())).bring_in
    1

    An error names the file (a path, or a file object's ``name``):

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "notes.md")
    >>> with open(path, "w") as out:
    ...     _ = out.write("# Notes\\n\\nNot a hand.\\n")
    >>> load(path)
    Traceback (most recent call last):
    ...
    razzcore.errors.PHHError: /.../notes.md: not valid TOML: ...
    """
    return _load(fp, "phh.load", loads)


def _load(fp: object, function: str, read: Callable[[str | bytes], _T]) -> _T:
    """``read`` of the contents of ``fp`` (see :func:`read_file_object`),
    an error of the text naming the file it came from, when it has a name."""
    data = read_file_object(fp, function)
    try:
        return read(data)
    except PHHError as exc:
        name = os.fspath(fp) if isinstance(fp, (str, os.PathLike)) else getattr(fp, "name", None)
        if isinstance(exc, ReadWith):  # the load function named, not loads
            raise exc.for_file(name if isinstance(name, str) else None) from None
        if not isinstance(name, str):
            raise
        raise PHHError(f"{name}: {exc}", field=exc.field, action_index=exc.action_index
                       ) from None


def loads_all(text: str | bytes) -> list[HandHistory]:
    """Read every hand of a ``.phhs`` file (one TOML table per hand, such as
    ``[1]``, ``[2]``), in file order.

    >>> text = dumps_all([HandHistory([0, 0], 1, 2, 4, [9, 9], [])] * 2)
    >>> text.splitlines()[0], len(loads_all(text))
    ('[1]', 2)
    """
    data = parse_toml(text)
    out = []
    for key, table in data.items():
        if not isinstance(table, dict):
            raise PHHError(
                f"a .phhs file holds one table per hand; {brief(key)} is not a table", field=key
            )
        out.append(HandHistory._from_fields(table, f"[{key}] ", False))
    return out


def load_all(fp: IO[str] | IO[bytes] | str | os.PathLike[str]) -> list[HandHistory]:
    """Read every hand of a ``.phhs`` file opened in text or binary mode, or
    of the file at a path.

    >>> buf = io.StringIO()
    >>> dump_all([HandHistory([0, 0], 1, 2, 4, [9, 9], [])] * 3, buf)
    >>> _ = buf.seek(0)
    >>> len(load_all(buf))
    3
    """
    return _load(fp, "phh.load_all", loads_all)


def _as_history(obj: HandHistory | Hand) -> HandHistory:
    if isinstance(obj, HandHistory):
        return obj
    if isinstance(obj, Hand):
        return HandHistory.from_hand(obj)
    raise PHHError(f"can only write a HandHistory or a Hand, not {type(obj).__name__}")


def dumps(obj: HandHistory | Hand) -> str:
    """PHH text of a :class:`HandHistory` or of an engine ``Hand``.

    >>> print(dumps(HandHistory([0, 0], 1, 2, 4, [9, 9], ["p1 pb"], players=["O'Neil", "B"])))
    variant = 'FR'
    antes = [0, 0]
    bring_in = 1
    small_bet = 2
    big_bet = 4
    starting_stacks = [9, 9]
    actions = ['p1 pb']
    players = ["O'Neil", 'B']
    <BLANKLINE>
    """
    return _as_history(obj).dumps()


def write_file_object(text: str, fp: object, function: str) -> None:
    """Write ``text`` for a ``dump`` function to ``fp``: a file object
    opened in text or binary mode (UTF-8), or a path (``str`` or
    ``os.PathLike``) to write.  Anything else, or a file that cannot be
    written, raises :class:`PHHError` naming it (a PokerStars ``dump``
    re-raises it as its own error).

    >>> write_file_object("x", None, "phh.dump")
    Traceback (most recent call last):
    ...
    razzcore.errors.PHHError: phh.dump writes to a file object opened with open() or a path, \
not NoneType; use phh.dumps for text
    """
    if isinstance(fp, (str, os.PathLike)):
        write_file(fp, text, kind=PHHError)
        return
    if isinstance(fp, (io.BufferedIOBase, io.RawIOBase)):
        fp.write(text.encode("utf-8"))
        return
    write = getattr(fp, "write", None)
    if not callable(write):
        module = function.rsplit(".", 1)[0]
        raise PHHError(f"{function} writes to a file object opened with open() or a path, "
                       f"not {type(fp).__name__}; use {module}.dumps for text")
    write(text)


def dump(obj: HandHistory | Hand, fp: IO[str] | IO[bytes] | str | os.PathLike[str]) -> None:
    """Write :func:`dumps` of ``obj`` to a file opened in text or binary mode,
    or to the file at a path (see :func:`write_file_object`).

    >>> buf = io.BytesIO()
    >>> dump(HandHistory([0, 0], 1, 2, 4, [9, 9], []), buf)
    >>> buf.getvalue()[:14]
    b"variant = 'FR'"
    """
    write_file_object(dumps(obj), fp, "phh.dump")


def dumps_all(objs: Iterable[HandHistory | Hand]) -> str:
    """A ``.phhs`` text holding every hand, as tables ``[1]``, ``[2]`` ...

    >>> dumps_all([]) == ""
    True
    """
    return "\n".join(f"[{i}]\n{dumps(obj)}" for i, obj in enumerate(objs, 1))


def dump_all(objs: Iterable[HandHistory | Hand],
             fp: IO[str] | IO[bytes] | str | os.PathLike[str]) -> None:
    """Write :func:`dumps_all` of ``objs`` to a file opened in text or binary
    mode, or to the file at a path.

    >>> buf = io.BytesIO()
    >>> dump_all([HandHistory([0, 0], 1, 2, 4, [9, 9], [])], buf)
    >>> buf.getvalue().splitlines()[0]
    b'[1]'
    """
    write_file_object(dumps_all(objs), fp, "phh.dump_all")
