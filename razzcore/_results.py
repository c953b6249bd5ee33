"""The result records of :func:`razzcore.equity`, :func:`razzcore.play` and
:func:`razzcore.starting_hands`: frozen dataclasses, defined here and loaded on
first use (their modules hand them out by name) because ``dataclasses`` and the
``inspect`` module it imports would add about a quarter to ``import razzcore``.

>>> from razzcore import EquityResult, PlayResult, StartingHands
>>> import dataclasses
>>> all(map(dataclasses.is_dataclass, (EquityResult, PlayResult, StartingHands)))
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, overload

if TYPE_CHECKING:
    from fractions import Fraction

    from .hand import Hand
    from .rules import Rules

__all__ = ["EquityResult", "PlayResult", "StartingHand", "StartingHands"]


@dataclass(frozen=True)
class EquityResult:
    """The outcome of :func:`equity`.

    ``equity[i]`` is player ``i``'s expected share of the pot (ties split
    evenly; the values sum to 1), ``win[i]`` the share of outcomes player ``i``
    wins alone, ``tie[i]`` the share where he ties for best.  ``outcomes`` is
    the number of deals enumerated (``exact``) or the number of trials (Monte
    Carlo), ``stderr[i]`` the standard error of ``equity[i]`` (0 when exact).
    ``wins``, ``ties`` and ``shares`` are the raw integer counts (``shares`` in
    units of 1/840 of a pot).  ``community`` tells whether the deck ran short
    and the players share a face-up 7th-street community card.  ``combos``
    is the number of range combos averaged over (``None`` without a
    :class:`~razzcore.Range`; with several ranges, their compatible
    combinations).

    >>> from razzcore import equity
    >>> r = equity(["As 2d 3c 4h 5s 6d", "8c 8d 9h Ts Jc Qd"], exact=True)
    >>> r.equity, r.win, r.tie
    ((1.0, 0.0), (1.0, 0.0), (0.0, 0.0))
    """

    hands: tuple[str, ...]
    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]
    exact: bool
    outcomes: int
    stderr: tuple[float, ...]
    seed: int | None
    wins: tuple[int, ...]
    ties: tuple[int, ...]
    shares: tuple[int, ...]
    community: bool
    combos: int | None = None

    @property
    def equity_fractions(self) -> tuple[Fraction, ...]:
        """Each player's equity as an exact fraction of the pot.

        >>> from razzcore import equity
        >>> equity(["As 2d 3c 4h 5s 6d", "8c 8d 9h Ts Jc Qd"]).equity_fractions
        (Fraction(1, 1), Fraction(0, 1))
        """
        from fractions import Fraction

        from .equity import UNITS

        return tuple(Fraction(s, UNITS * self.outcomes) for s in self.shares)

    def __str__(self) -> str:
        if self.exact:
            head = f"exact, {self.outcomes:,} outcomes"
        else:
            head = f"Monte Carlo, {self.outcomes:,} trials, seed {self.seed}"
        if self.community:
            head += ", community card on 7th street"
        if self.combos is not None:
            head += f", {self.combos:,} range combos"
        width = max(len(h) for h in self.hands)
        lines = [head]
        for i, hand in enumerate(self.hands):
            line = (
                f"{hand:<{width}}  equity {100 * self.equity[i]:6.2f}%"
                f"  win {100 * self.win[i]:6.2f}%  tie {100 * self.tie[i]:5.2f}%"
            )
            if not self.exact:
                line += f"  ±{100 * self.stderr[i]:.2f}%"
            lines.append(line)
        return "\n".join(lines)


@dataclass(frozen=True)
class PlayResult:
    """What :func:`play` measured.

    ``winnings[s]`` is seat ``s``'s net chips over all hands; ``pots_won[s]``
    the number of hands in which it collected chips; ``showdowns`` the number
    of hands that reached a showdown.  ``hand_list`` holds the finished
    :class:`~razzcore.hand.Hand` objects when ``keep_hands=True``.
    """

    players: tuple[str, ...]
    hands: int
    seed: int
    seconds: float
    rules: Rules
    starting_stacks: tuple[int, ...]
    winnings: tuple[int, ...]
    pots_won: tuple[int, ...]
    showdowns: int
    hand_list: tuple[Hand, ...] = field(default=(), repr=False)

    @property
    def hands_per_second(self) -> float:
        """Hands dealt and played per second of wall time."""
        return self.hands / self.seconds if self.seconds > 0 else float("inf")

    @property
    def showdown_share(self) -> float:
        """The fraction of hands that reached a showdown."""
        return self.showdowns / self.hands if self.hands else 0.0

    @property
    def big_bets_per_100(self) -> tuple[float, ...]:
        """Each seat's winnings in big bets per 100 hands."""
        if not self.hands:
            return tuple(0.0 for _ in self.winnings)
        return tuple(100 * w / self.rules.big_bet / self.hands for w in self.winnings)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary (no hands).

        >>> from razzcore import play
        >>> sorted(play(2, 3, seed=4).to_dict())[:4]
        ['big_bets_per_100', 'hands', 'hands_per_second', 'players']
        """
        return {
            "players": list(self.players),
            "hands": self.hands,
            "seed": self.seed,
            "seconds": self.seconds,
            "hands_per_second": self.hands_per_second,
            "rules": {"ante": self.rules.ante, "bring_in": self.rules.bring_in,
                      "small_bet": self.rules.small_bet, "big_bet": self.rules.big_bet,
                      "profile": self.rules.profile},
            "starting_stacks": list(self.starting_stacks),
            "winnings": list(self.winnings),
            "big_bets_per_100": list(self.big_bets_per_100),
            "pots_won": list(self.pots_won),
            "showdowns": self.showdowns,
            "showdown_share": self.showdown_share,
        }


@dataclass(frozen=True)
class StartingHand:
    """One row of the chart: ``ranks`` (``"A23"``, ace first then ascending),
    ``equity`` (share of the pot, ties split), ``rank`` (1 = best), ``win``
    and ``tie`` (shares of outcomes won alone / tied), ``stderr`` (0 when
    exact) and ``combos`` (card combinations of the class: 4 to 64)."""

    ranks: str
    equity: float
    rank: int
    win: float
    tie: float
    stderr: float
    combos: int


@dataclass(frozen=True)
class StartingHands(Sequence[StartingHand]):
    """The chart: a sequence of :class:`StartingHand`, best first, with how it
    was computed (``players``, ``exact``, ``trials`` per class and ``seed`` for
    Monte Carlo, ``outcomes``: deals or trials per class summed)."""

    rows: tuple[StartingHand, ...]
    players: int
    exact: bool
    trials: int | None
    seed: int | None
    outcomes: int

    @overload
    def __getitem__(self, i: int) -> StartingHand: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[StartingHand]: ...
    def __getitem__(self, i: int | slice) -> StartingHand | Sequence[StartingHand]:
        return self.rows[i]

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[StartingHand]:
        return iter(self.rows)

    def get(self, ranks: str) -> StartingHand:
        """The row of a class, its ranks in any order (``"32A"``, ``"t9j"``).

        >>> from razzcore import starting_hands
        >>> starting_hands(3, trials=20_000, seed=1).get("KKK").rank
        455
        """
        from .starting_hands import _class_key

        key = _class_key(ranks)
        return next(r for r in self.rows if r.ranks == key)

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-ready)."""
        return {
            "players": self.players, "exact": self.exact, "trials": self.trials,
            "seed": self.seed, "outcomes": self.outcomes,
            "hands": [
                {"rank": r.rank, "ranks": r.ranks, "equity": r.equity, "win": r.win,
                 "tie": r.tie, "stderr": r.stderr, "combos": r.combos}
                for r in self.rows
            ],
        }

    def __str__(self) -> str:
        if self.exact:
            head = f"exact, {self.outcomes:,} outcomes"
        else:
            head = f"Monte Carlo, {self.trials:,} trials per class, seed {self.seed}"
        lines = [f"starting hands vs {self.players - 1} random hand(s), {head}",
                 " rank  hand  equity" + ("" if self.exact else "   ±stderr")]
        for r in self.rows:
            line = f"{r.rank:5}  {r.ranks}  {100 * r.equity:6.2f}%"
            if not self.exact:
                line += f"  ±{100 * r.stderr:.2f}%"
            lines.append(line)
        return "\n".join(lines)
