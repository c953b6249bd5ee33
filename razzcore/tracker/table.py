"""The tracker's results: a row of statistics per player and unit, a
record per player and hand, and the hands left out.

A :class:`StatsTable` holds, for each player and each unit of the
histories' amounts (``"chips"``, or a cash game's currency: ``"USD"``...),
the counts of :data:`~razzcore.tracker.counting.COUNTS` (and the net per big
bet size); its :attr:`~StatsTable.rows` are :class:`StatsRow` dataclasses
with each fraction beside its counts.  Tables of parts of the hands merge
(``+``) into the table of all of them.

>>> from razzcore.tracker.counting import COUNTS
>>> counts = dict.fromkeys(COUNTS, 0) | {"hands": 4, "net": -30, "vpip": 1, "calls": 2}
>>> row = StatsRow.from_counts("Ann", counts, {20: -30})
>>> row.vpip, row.vpip_count, row.big_bets_per_100
(0.25, 1, -37.5)
"""

from __future__ import annotations

import dataclasses
import datetime
import difflib
import importlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..errors import RazzError, brief
from .counting import CHIPS, COUNTS, NET, WTSD

__all__ = ["COLUMNS", "HandRecord", "PlayerNotFoundError", "Skipped", "StatsRow", "StatsTable",
           "merge", "player_name", "suggestions"]

#: A player's counts are summed every this many hands (the memory a player
#: takes stays bounded, and summing a block at once keeps counting fast).
BLOCK_HANDS = 256

#: How many of the players seen a message about a missing player names.
_NAMES_SHOWN = 5

#: While the player asked for is not found, the names of this many players
#: are kept (to count the players and find the names closest to it); past
#: them, only the names that hold the name asked for (or that it holds).
_NAMES_KEPT = 10_000


@dataclasses.dataclass(frozen=True, slots=True)
class HandRecord:
    """One player's result in one hand: ``player``, the history's ``hand``
    id (its ``hand`` field; else the file and the hand's place in it, or
    ``None`` for a history given as an object),
    ``date`` (``None`` when the history has none), ``net`` (rake taken, in
    ``unit``), whether the player reached the ``showdown``, the hand's
    ``big_bet`` (to count results in big bets) and the ``unit`` of the
    amounts (``"chips"``, or a cash game's currency, amounts in cents:
    ``"USD"``)."""

    player: str
    hand: str | None
    date: datetime.datetime | datetime.date | None
    net: int
    showdown: bool
    big_bet: int
    unit: str = CHIPS

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready values (the date in ISO format).

        >>> HandRecord("Ann", "7", None, -4, False, 20).to_dict()["net"]
        -4
        """
        out = dataclasses.asdict(self)
        out["date"] = None if self.date is None else self.date.isoformat()
        return out


@dataclasses.dataclass(frozen=True, slots=True)
class Skipped:
    """A hand (or a whole file) left out: ``where`` names it (file and hand),
    ``error`` says what is wrong with it.

    >>> print(Skipped("hands.phhs: hand 2", "the hand is not finished"))
    hands.phhs: hand 2: the hand is not finished
    >>> print(Skipped("notes.txt", "notes.txt is not a hand history"))
    notes.txt is not a hand history
    >>> print(Skipped("d", "cannot read 'd': Is a directory"))
    cannot read 'd': Is a directory
    """

    where: str
    error: str

    def __str__(self) -> str:
        # an error that names the file already (a file the system refuses,
        # errors.file_error) is not prefixed with it again
        if not self.where or self.error.startswith(self.where) or repr(self.where) in self.error:
            return self.error
        return f"{self.where}: {self.error}"


def player_name(player: object) -> str:
    """``player`` when it names a player (a ``str``); else a
    :class:`~razzcore.errors.RazzError` saying what it is.

    >>> player_name("Ann")
    'Ann'
    >>> player_name(5)
    Traceback (most recent call last):
    ...
    razzcore.errors.RazzError: player must be a name, not 5
    """
    if not isinstance(player, str):
        raise RazzError(f"player must be a name, not {brief(player)}")
    return player


def _share(count: int, total: int) -> float | None:
    return count / total if total else None


@dataclasses.dataclass(frozen=True, slots=True)
class StatsRow:
    """One player's statistics in one ``unit`` of amounts (see docs/stats.md
    for each definition): ``net`` is in that unit (``"chips"``, or the
    cents of a cash game's currency: ``"USD"``, ``"EUR"``...).

    Each fraction (0..1, ``None`` when its denominator is 0) has its count
    beside it (``vpip`` and ``vpip_count``); fractions of hands divide by
    ``hands``, ``bring_in_fold`` by ``bring_in_faced``, ``steal`` by
    ``steal_chances`` and ``wsd`` by ``wtsd_count``.  ``aggression`` is
    ``aggressive_actions / calls`` (``None`` without a call).

    >>> from razzcore import pokerstars, stats
    >>> row = stats(pokerstars.loads(pokerstars.dumps([pokerstars.EXAMPLE]))).row("charlie")
    >>> row.hands, row.net, row.wtsd, row.wtsd_count, row.wsd, row.bring_in_fold
    (1, -320, 1.0, 1, 0.0, None)
    """

    player: str
    unit: str
    hands: int
    net: int
    big_bets_per_100: float
    vpip: float | None
    vpip_count: int
    complete: float | None
    complete_count: int
    bring_in_fold: float | None
    bring_in_fold_count: int
    bring_in_faced: int
    steal: float | None
    steal_count: int
    steal_chances: int
    saw_4th: float | None
    saw_4th_count: int
    saw_5th: float | None
    saw_5th_count: int
    saw_6th: float | None
    saw_6th_count: int
    saw_7th: float | None
    saw_7th_count: int
    wtsd: float | None
    wtsd_count: int
    wsd: float | None
    wsd_count: int
    won_without_showdown: float | None
    won_without_showdown_count: int
    aggression: float | None
    aggressive_actions: int
    calls: int

    @classmethod
    def from_counts(cls, player: str, counts: Mapping[str, int],
                    net_by_big_bet: Mapping[int, int], *, unit: str = CHIPS) -> StatsRow:
        """The row of ``player`` from its counts (named as
        :data:`~razzcore.tracker.counting.COUNTS`) and its net by the hands'
        big bet (for ``big_bets_per_100``), all in ``unit``.

        >>> counts = dict.fromkeys(COUNTS, 0) | {"hands": 2, "net": 40, "wtsd": 1, "wsd": 1}
        >>> row = StatsRow.from_counts("Ann", counts, {20: 40})
        >>> row.big_bets_per_100, row.wtsd, row.wsd, row.steal
        (100.0, 0.5, 1.0, None)
        """
        hands = counts["hands"]
        big_bets = sum(net / bet for bet, net in sorted(net_by_big_bet.items()))
        each = {name: _share(counts[name], hands)
                for name in ("vpip", "complete", "saw_4th", "saw_5th", "saw_6th", "saw_7th",
                             "wtsd", "won_without_showdown")}
        return cls(
            player=player, unit=unit, hands=hands, net=counts["net"],
            big_bets_per_100=100 * big_bets / hands if hands else 0.0,
            vpip=each["vpip"], vpip_count=counts["vpip"],
            complete=each["complete"], complete_count=counts["complete"],
            bring_in_fold=_share(counts["bring_in_fold"], counts["bring_in_faced"]),
            bring_in_fold_count=counts["bring_in_fold"], bring_in_faced=counts["bring_in_faced"],
            steal=_share(counts["steal"], counts["steal_chances"]),
            steal_count=counts["steal"], steal_chances=counts["steal_chances"],
            saw_4th=each["saw_4th"], saw_4th_count=counts["saw_4th"],
            saw_5th=each["saw_5th"], saw_5th_count=counts["saw_5th"],
            saw_6th=each["saw_6th"], saw_6th_count=counts["saw_6th"],
            saw_7th=each["saw_7th"], saw_7th_count=counts["saw_7th"],
            wtsd=each["wtsd"], wtsd_count=counts["wtsd"],
            wsd=_share(counts["wsd"], counts["wtsd"]), wsd_count=counts["wsd"],
            won_without_showdown=each["won_without_showdown"],
            won_without_showdown_count=counts["won_without_showdown"],
            aggression=_share(counts["aggressive_actions"], counts["calls"]),
            aggressive_actions=counts["aggressive_actions"], calls=counts["calls"],
        )

    def to_dict(self) -> dict[str, Any]:
        """The row as a dict, keyed by :data:`COLUMNS`.

        >>> row = StatsRow.from_counts("Ann", dict.fromkeys(COUNTS, 0) | {"hands": 1}, {})
        >>> d = row.to_dict()
        >>> list(d) == list(COLUMNS), d["player"], d["unit"], d["hands"], d["vpip"]
        (True, 'Ann', 'chips', 1, 0.0)
        """
        return {name: getattr(self, name) for name in COLUMNS}


#: The columns of a row, in order: the keys of :meth:`StatsTable.to_dicts`,
#: of ``razzcore stats --json`` and the names ``--sort`` takes.
COLUMNS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(StatsRow))


class _Player:
    """One player's running counts in one unit: the totals, and the hands
    added since they were last summed (each hand's counts and big bet, kept
    as they come and summed column by column every :data:`BLOCK_HANDS`
    hands, or when the totals are asked for)."""

    __slots__ = ("bets", "by_bet", "counts", "hands")

    def __init__(self) -> None:
        self.counts = [0] * len(COUNTS)
        self.by_bet: dict[int, int] = {}
        self.hands: list[Sequence[int]] = []
        self.bets: list[int] = []

    def totals(self) -> _Player:
        """The hands added, summed into the totals."""
        hands = self.hands
        if hands:
            self.counts = [sum(column) for column in zip(self.counts, *hands, strict=True)]
            by_bet = self.by_bet
            for bet, counts in zip(self.bets, hands, strict=True):
                by_bet[bet] = by_bet.get(bet, 0) + counts[NET]
            self.hands = []
            self.bets = []
        return self

    def merge(self, other: _Player) -> None:
        mine = self.totals()
        theirs = other.totals()
        mine.counts = [a + b for a, b in zip(mine.counts, theirs.counts, strict=True)]
        for bet, net in theirs.by_bet.items():
            mine.by_bet[bet] = mine.by_bet.get(bet, 0) + net

    def row(self, name: str, unit: str) -> StatsRow:
        mine = self.totals()
        return StatsRow.from_counts(name, dict(zip(COUNTS, mine.counts, strict=True)),
                                    mine.by_bet, unit=unit)


class PlayerNotFoundError(RazzError):
    """No hand counted has the player asked for (:func:`razzcore.stats`
    with ``player=``): the message names the player, the players seen whose
    names are closest to it (see :func:`suggestions`) and how many players
    there are; :attr:`skipped` holds the hands left out while reading."""

    def __init__(self, message: str, skipped: Sequence[Skipped] = ()) -> None:
        super().__init__(message)
        self.skipped: list[Skipped] = list(skipped)

    @classmethod
    def among(cls, player: str, seen: Sequence[str], hands: int | None = None,
              skipped: Sequence[Skipped] = (), *, players: int | None = None
              ) -> PlayerNotFoundError:
        """The error for ``player`` missing from the players ``seen`` (in
        order) in ``hands`` hands counted (``None``: not said); ``players``:
        how many players there are when ``seen`` holds only some of them
        (``-1``: more than ``seen`` holds, how many not known).

        >>> print(PlayerNotFoundError.among("Zed", ["Bob", "Ann"]))
        no player 'Zed', nor any close to it, among the 2 players: 'Bob', 'Ann'
        >>> print(PlayerNotFoundError.among("ann", ["Bob", "Ann"], 3))
        no player 'ann' in the 3 hands counted; did you mean 'Ann'? (2 players)
        """
        return cls(_not_found(player, seen, hands, players), skipped)


def _words(name: str) -> str:
    """``name`` casefolded, its runs of spaces as one and trimmed."""
    return " ".join(name.casefold().split())


def suggestions(player: str, seen: Iterable[str], most: int = _NAMES_SHOWN) -> list[str]:
    """The names of ``seen`` closest to ``player``, the closest first, at
    most ``most``: equal but for case and spaces; then those having
    ``player`` as a word; then those with a word starting with it; then
    those holding it; then those :func:`difflib.get_close_matches` finds
    (each comparison casefolded, in the order ``seen`` gives).

    >>> names = ["Brian Rast", "old timer", "zed", "Ann", "Anna", "Brianna"]
    >>> suggestions(" Zed", names), suggestions("old", names), suggestions("rast", names)
    (['zed'], ['old timer'], ['Brian Rast'])
    >>> suggestions("brian", names), suggestions("ana", names), suggestions("qq", names)
    (['Brian Rast', 'Brianna'], ['Anna', 'Ann', 'Brianna'], [])
    """
    wanted = _words(player)
    if not wanted:
        return []
    names = list(dict.fromkeys(seen))
    keys = [_words(n) for n in names]
    tiers: list[list[str]] = [[], [], [], []]
    for name, key in zip(names, keys, strict=True):
        words = key.split()
        if key == wanted:
            tiers[0].append(name)
        elif wanted in words or (" " in wanted and f" {wanted} " in f" {key} "):
            tiers[1].append(name)
        elif any(w.startswith(wanted) for w in words) or key.startswith(wanted):
            tiers[2].append(name)
        elif wanted in key:
            tiers[3].append(name)
    # within a tier, the closest first (then in the order seen)
    out = [name for tier in tiers
           for name in sorted(tier, key=lambda n: -difflib.SequenceMatcher(
               None, wanted, _words(n)).ratio())]
    if len(out) < most:
        by_key: dict[str, list[str]] = {}
        for name, key in zip(names, keys, strict=True):
            by_key.setdefault(key, []).append(name)
        close = difflib.get_close_matches(wanted, list(by_key), n=most)
        out.extend(name for key in close for name in by_key[key] if name not in out)
    return out[:most]


def _close(wanted: str, name: str) -> bool:
    """Whether ``name`` is a cheap match for ``wanted`` (casefolded, spaces
    trimmed): one holds the other (a name worth keeping for the message
    past the first names seen)."""
    key = _words(name)
    return bool(wanted) and (wanted in key or key in wanted)


def _not_found(player: str, seen: Sequence[str], hands: int | None,
               players: int | None = None) -> str:
    """What to say when no hand of ``hands`` counted has ``player``, given
    (some of) the players ``seen``, in order, and how many players there are
    (``None``: ``seen`` holds them all; ``-1``: more, not counted).

    >>> _not_found("ann", ["Bob", "Ann"], 2)
    "no player 'ann' in the 2 hands counted; did you mean 'Ann'? (2 players)"
    >>> print(_not_found("Zed", ["Bob", "Ann"], 2, 7))
    no player 'Zed' in the 2 hands counted, nor any close to it, among the 7 players: 'Bob',
    'Ann', ...
    >>> _not_found("Zed", [], 0)
    "no player 'Zed': no hand was counted"
    """
    if not hands and not seen:
        return f"no player {brief(player)}: no hand was counted"
    if players is None:
        players = len(dict.fromkeys(seen))
    many = (f"more than {len(seen):,} players" if players < 0
            else f"{players:,} player{'' if players == 1 else 's'}")
    plural = "" if hands == 1 else "s"
    counted = "" if hands is None else f" in the {hands:,} hand{plural} counted"
    near = suggestions(player, seen)
    if near:
        said = " or ".join([", ".join(map(brief, near[:-1])), brief(near[-1])] if len(near) > 1
                           else [brief(near[0])])
        return f"no player {brief(player)}{counted}; did you mean {said}? ({many})"
    names = ", ".join(map(brief, seen[:_NAMES_SHOWN]))
    more = ", ..." if players < 0 or players > min(len(seen), _NAMES_SHOWN) else ""
    among = many if players < 0 else f"the {many}"
    return (f"no player {brief(player)}{counted}, nor any close to it, among {among}: "
            f"{names}{more}")


class StatsTable:
    """Each player's statistics over the hands read (see :func:`razzcore.stats`).

    * :attr:`rows`: one :class:`StatsRow` per player and unit of the amounts
      (one per player when every hand is in one unit), the most hands first
      (then by name and unit);
    * :attr:`hands`: a :class:`HandRecord` per player and hand, in the order
      the hands were read (what the result graphs draw);
    * :attr:`skipped`: each malformed hand (or unreadable file) left out, as
      :class:`Skipped`;
    * :attr:`other_games`: how many hands of other games than razz were
      skipped (a PokerStars file's Hold'em hands...: not malformed);
    * ``str(table)``: the table as text; :meth:`to_dicts`; :meth:`to_pandas`;
    * ``a + b``: the table of the hands of both (``a``'s first).

    >>> from razzcore import pokerstars, stats
    >>> table = stats(pokerstars.loads(pokerstars.dumps([pokerstars.EXAMPLE])))
    >>> table
    <StatsTable: 3 players, 1 hands, 0 skipped>
    >>> (table + table).row("alpha").hands
    2
    """

    def __init__(self) -> None:
        # unit -> player -> counts
        self._units: dict[str, dict[str, _Player]] = {}
        # the player asked for, and while not found: the names seen (the first
        # _NAMES_KEPT, and past them any close to it: _close), for the message
        # that says so, and whether names were passed over
        self._player: str | None = None
        self._seen: dict[str, None] = {}
        self._more = False
        self.hands: list[HandRecord] = []
        self.skipped: list[Skipped] = []
        self.hand_count = 0
        """The hands counted (each once, whatever its players)."""
        self.other_games = 0
        """The hands of other games than razz skipped (in PokerStars files)."""

    def _add_hand(self, seats: Sequence[tuple[str, Sequence[int]]], big_bet: int, unit: str,
                  hand: str | None, date: datetime.datetime | datetime.date | None,
                  player: str | None) -> None:
        """Add a counted hand: each dealt-in seat's name and counts (only
        ``player``'s, when not ``None``), its big bet, the unit of its
        amounts, its id and date."""
        self.hand_count += 1
        players = self._units.get(unit)
        if players is None:
            players = self._units[unit] = {}
        records = self.hands
        looking = False
        if player is not None:
            self._player = player
            looking = not any(self._units.values())
        for name, counts in seats:
            if player is not None and name != player:
                if looking:
                    self._saw(name)
                continue
            mine = players.get(name)
            if mine is None:
                mine = players[name] = _Player()
            hands = mine.hands
            hands.append(counts)
            mine.bets.append(big_bet)
            if len(hands) == BLOCK_HANDS:
                mine.totals()
            records.append(HandRecord(name, hand, date, counts[NET], counts[WTSD] != 0,
                                      big_bet, unit))

    def _saw(self, name: str) -> None:
        """Note ``name`` among the players seen: one of the first
        :data:`_NAMES_KEPT`, or past them one close to the player asked for
        (memory stays bounded however many players the hands have)."""
        seen = self._seen
        if name in seen:
            return
        if len(seen) < _NAMES_KEPT or (self._player is not None
                                       and _close(_words(self._player), name)):
            seen[name] = None
        else:
            self._more = True

    def _check_player(self, player: str) -> None:
        """A :class:`PlayerNotFoundError` when no hand counted has ``player``."""
        if not any(self._units.values()):
            raise PlayerNotFoundError.among(player, list(self._seen), self.hand_count,
                                            self.skipped, players=-1 if self._more else None)

    @property
    def rows(self) -> list[StatsRow]:
        """One row per player and unit: the most hands first, then by name
        and unit.

        >>> from razzcore import pokerstars, stats
        >>> table = stats(pokerstars.loads(pokerstars.dumps([pokerstars.EXAMPLE])))
        >>> [(r.player, r.unit, r.net) for r in table.rows]
        [('alpha', 'USD', -35), ('bravo [x]', 'USD', 325), ('charlie', 'USD', -320)]
        """
        rows = [p.row(name, unit) for unit, players in self._units.items()
                for name, p in players.items()]
        rows.sort(key=lambda r: (-r.hands, r.player, r.unit))
        return rows

    def units(self, player: str | None = None) -> list[str]:
        """The units of the amounts of the hands counted (of ``player``'s,
        when given), sorted.

        >>> from razzcore import pokerstars, stats
        >>> stats(pokerstars.loads(pokerstars.dumps([pokerstars.EXAMPLE]))).units()
        ['USD']
        """
        return sorted(unit for unit, players in self._units.items()
                      if (player in players if player is not None else players))

    def row(self, player: str, unit: str | None = None) -> StatsRow:
        """The row of ``player`` (in ``unit``; needed only when the player has
        hands in more than one unit).  A :class:`~razzcore.errors.RazzError`
        when no hand of the table has that player, or none in ``unit``, or
        when ``unit`` is needed and not given (naming the player's units).

        >>> from razzcore import pokerstars, stats
        >>> table = stats(pokerstars.loads(pokerstars.dumps([pokerstars.EXAMPLE])))
        >>> table.row("alpha").net, table.row("alpha", "USD").net
        (-35, -35)
        >>> table.row("zed")
        Traceback (most recent call last):
        ...
        razzcore.tracker.table.PlayerNotFoundError: no player 'zed' in the 1 hand counted, nor ...
        >>> table.row("alpha", "EUR")
        Traceback (most recent call last):
        ...
        razzcore.errors.RazzError: 'alpha' has no hands in 'EUR': only in USD
        """
        units = self.units(player_name(player))
        if not units:
            raise PlayerNotFoundError.among(player, self.players(), self.hand_count)
        if unit is None:
            if len(units) > 1:
                raise RazzError(
                    f"{brief(player)} has hands in {len(units)} units ({', '.join(units)}), "
                    f"each its own row: name one, e.g. row({brief(player)}, "
                    f"{brief(units[0])})")
            unit = units[0]
        elif not isinstance(unit, str):
            raise RazzError(f"unit must be a unit's name (one of {', '.join(units)}), "
                            f"not {brief(unit)}")
        elif unit not in units:
            raise RazzError(f"{brief(player)} has no hands in {brief(unit)}: only in "
                            f"{', '.join(units)}")
        return self._units[unit][player].row(player, unit)

    def hands_by_player(self) -> dict[str, int]:
        """Each player's hands over all units: the most hands first, then by
        name.

        >>> from razzcore import pokerstars, stats
        >>> stats(pokerstars.loads(pokerstars.dumps([pokerstars.EXAMPLE]))).hands_by_player()
        {'alpha': 1, 'bravo [x]': 1, 'charlie': 1}
        """
        out: dict[str, int] = {}
        for r in self.rows:
            out[r.player] = out.get(r.player, 0) + r.hands
        return dict(sorted(out.items(), key=lambda item: (-item[1], item[0])))

    def players(self) -> list[str]:
        """The players' names, as :attr:`rows` orders them (each once).

        >>> from razzcore import pokerstars, stats
        >>> stats(pokerstars.loads(pokerstars.dumps([pokerstars.EXAMPLE]))).players()
        ['alpha', 'bravo [x]', 'charlie']
        """
        return list(dict.fromkeys(r.player for r in self.rows))

    def to_dicts(self) -> list[dict[str, Any]]:
        """The rows as dicts keyed by :data:`COLUMNS` (JSON-ready).

        >>> StatsTable().to_dicts()
        []
        """
        return [r.to_dict() for r in self.rows]

    def to_pandas(self) -> Any:
        """The rows as a pandas ``DataFrame`` indexed by ``player`` (a player
        with hands in several units has a row in each: ``unit`` is a column)
        (:class:`~razzcore.errors.MissingDependencyError` without pandas).

        >>> from razzcore import pokerstars, stats
        >>> from razzcore.errors import MissingDependencyError
        >>> table = stats(pokerstars.loads(pokerstars.dumps([pokerstars.EXAMPLE])))
        >>> try:
        ...     frame = table.to_pandas()
        ... except MissingDependencyError:  # pandas is not installed
        ...     print([-35, 325, -320])
        ... else:
        ...     print(frame["net"].tolist())
        [-35, 325, -320]
        """
        try:
            pd = importlib.import_module("pandas")
        except ImportError:
            from ..errors import MissingDependencyError

            raise MissingDependencyError.of(
                "pandas", "pandas", "StatsTable.to_pandas") from None
        frame = pd.DataFrame(self.to_dicts(), columns=list(COLUMNS))
        return frame.set_index("player")

    def __add__(self, other: object) -> StatsTable:
        if not isinstance(other, StatsTable):
            return NotImplemented
        return merge([self, other])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, StatsTable):
            return NotImplemented
        return (self.rows == other.rows and self.hands == other.hands
                and self.skipped == other.skipped and self.hand_count == other.hand_count)

    __hash__ = None  # type: ignore[assignment]

    def __len__(self) -> int:
        """The rows: one per player and unit."""
        return sum(len(players) for players in self._units.values())

    def __repr__(self) -> str:
        names = len(self.players())
        units = self.units()
        each = f" in {len(units)} units" if len(units) > 1 else ""
        return (f"<StatsTable: {names} players{each}, {self.hand_count} hands, "
                f"{len(self.skipped)} skipped>")

    def __str__(self) -> str:
        from ..show.tracker import format_stats

        return format_stats(self.rows)


def merge(tables: Iterable[StatsTable]) -> StatsTable:
    """The table of the hands of ``tables`` together, in their order.

    >>> merge([StatsTable(), StatsTable()]).hand_count
    0
    """
    out = StatsTable()
    for t in tables:
        for unit, players in t._units.items():
            into = out._units.get(unit)
            if into is None:
                into = out._units[unit] = {}
            for name, p in players.items():
                mine = into.get(name)
                if mine is None:
                    mine = into[name] = _Player()
                mine.merge(p)
        if t._player is not None:
            out._player = t._player
        for name in t._seen:
            out._saw(name)
        out._more = out._more or t._more
        out.hands.extend(t.hands)
        out.skipped.extend(t.skipped)
        out.hand_count += t.hand_count
        out.other_games += t.other_games
    return out
