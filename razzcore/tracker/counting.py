"""One replayed hand counted for each player dealt into it.

The counts come from the engine, by one compiled rule (``src/razz_tally.h``,
which defines each count): what the engine did — its event log: the deals,
each player's action with the chips it put in — says who acted how on which
street; the payoffs, awards and folds give the money and the showdown.  A
:class:`~razzcore.histories.phh.HandHistory` is replayed
(:meth:`HandHistory.replay`) and the finished
:class:`~razzcore.engine.hand.Hand`'s history counted (:func:`count_hand`);
the PokerStars reader counts each hand as it replays it to check it
(:func:`razzcore.histories.pokerstars.tally`), so a PokerStars file's hands
are replayed once.  Nothing here reads the history's text.

>>> from razzcore import phh
>>> hh = phh.loads('''variant = "FR"
... antes = [2, 2]
... bring_in = 5
... small_bet = 10
... big_bet = 20
... starting_stacks = [100, 100]
... players = ["Ann", "Bob"]
... actions = ["d dh p1 2c3c4c", "d dh p2 5c6cKd", "p2 pb", "p1 cbr 10", "p2 f"]''')
>>> [(name, c[NET], c[VPIP], c[STEAL], c[BRING_IN_FOLD]) for name, c in count_hand(hh)]
[('Ann', 7, 1, 1, 0), ('Bob', -7, 0, 0, 1)]
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from .._core import TALLY_COUNTS, _tally_hand
from ..errors import RazzError
from ..histories.money import CHIPS_UNIT, hand_unit, unit_name
from ..histories.phh import HandHistory

__all__ = ["CHIPS", "COUNTS", "count_hand", "hand_date", "hand_unit", "played", "player_names",
           "seat_counts", "seat_names", "unit_name"]

#: The unit of a history's amounts when they are chips: tournament or play
#: chips, or a PHH history without a ``currency``
#: (:func:`razzcore.histories.money.hand_unit` names each history's unit).
CHIPS = CHIPS_UNIT

#: The counts kept for each player, in this order (each an int).  ``net`` is
#: chips; the others count hands or actions (see docs/stats.md; the
#: compiled rule, ``src/razz_tally.h``, names them).
COUNTS: tuple[str, ...] = TALLY_COUNTS
(HANDS, NET, VPIP, COMPLETE, BRING_IN_FACED, BRING_IN_FOLD, STEAL_CHANCES, STEAL,
 SAW_4TH, SAW_5TH, SAW_6TH, SAW_7TH, WTSD, WSD, WON_WITHOUT_SHOWDOWN, AGGRESSIVE,
 CALLS) = range(len(COUNTS))


def player_names(hh: HandHistory) -> list[str]:
    """Each seat's name: the history's ``players``, else (or for an empty
    name) ``p1``, ``p2``... by seat.

    >>> player_names(HandHistory([0, 0], 1, 2, 4, [9, 9], [], players=["Ann", ""]))
    ['Ann', 'p2']
    """
    return seat_names(hh.players, hh.player_count)


def seat_names(names: Sequence[str] | None, count: int) -> list[str]:
    """The names of ``count`` seats from ``names`` (a missing or empty one:
    ``p1``, ``p2``... by seat); a :class:`~razzcore.errors.RazzError` for a
    name used twice (its hands would be counted twice).

    >>> seat_names(["Ann", ""], 3)
    ['Ann', 'p2', 'p3']
    >>> seat_names(["Ann", "Ann"], 2)
    Traceback (most recent call last):
    ...
    razzcore.errors.RazzError: the player name 'Ann' is used twice in the hand: each seat ....
    """
    names = names or []
    out = [names[s] if s < len(names) and names[s] else f"p{s + 1}" for s in range(count)]
    if len(set(out)) < count:
        seen: set[str] = set()
        for name in out:
            if name in seen:
                raise RazzError(f"the player name {name!r} is used twice in the hand: each "
                                f"seat needs its own name")
            seen.add(name)
    return out


def seat_counts(names: Sequence[str],
                counts: Sequence[tuple[int, ...] | None]) -> list[tuple[str, tuple[int, ...]]]:
    """Each dealt-in seat's name and counts, in seat order, from the names
    and each seat's counts (``None``: not dealt in).

    >>> seat_counts(["Ann", "Bob"], [None, (1, 4)])
    [('Bob', (1, 4))]
    """
    return [(names[s], c) for s, c in enumerate(counts) if c is not None]


def hand_date(hh: HandHistory) -> datetime.datetime | datetime.date | None:
    """When the hand was played, from the history's ``year``, ``month``,
    ``day`` and ``time``: a datetime, a date without a time, or ``None``.

    >>> hand_date(HandHistory([0, 0], 1, 2, 4, [9, 9], [], year=2023, month=6, day=22))
    datetime.date(2023, 6, 22)
    """
    return played(hh.year, hh.month, hh.day, hh.time)


def played(year: Any, month: Any, day: Any,
           time: datetime.time | None) -> datetime.datetime | datetime.date | None:
    """The date (and time, when given) of a hand's ``year``, ``month``,
    ``day`` and ``time``, ``None`` without a valid date.

    >>> played(2023, 6, 22, datetime.time(9, 30))
    datetime.datetime(2023, 6, 22, 9, 30)
    >>> played(2023, 2, 30, None) is None
    True
    """
    if year is None or month is None or day is None:
        return None
    try:
        date = datetime.date(year, month, day)
    except (TypeError, ValueError):
        return None
    if time is None:
        return date
    return datetime.datetime.combine(date, time)


def count_hand(hh: HandHistory) -> list[tuple[str, tuple[int, ...]]]:
    """Replay ``hh`` on the engine and count it: each dealt-in player's name
    and counts (indexed as :data:`COUNTS`, ``hands`` = 1), in seat order.
    Raises what the replay raises (:class:`~razzcore.errors.RazzError`) for
    a malformed hand, and a :class:`~razzcore.errors.RazzError` for a hand
    that is not finished or names a player twice (it would be counted
    twice).

    >>> hh = HandHistory([2, 2], 5, 10, 20, [100, 100],
    ...                  ["d dh p1 2c3c4c", "d dh p2 5c6cKd", "p2 pb", "p1 f"],
    ...                  players=["Ann", "Bob"])
    >>> [(name, counts[NET]) for name, counts in count_hand(hh)]
    [('Ann', -2), ('Bob', 2)]
    >>> count_hand(HandHistory([2, 2], 5, 10, 20, [100, 100], hh.actions[:3]))
    Traceback (most recent call last):
    ...
    razzcore.errors.RazzError: the hand is not finished: its actions stop before the end
    """
    names = player_names(hh)
    hand = hh.replay()
    if not hand.is_over:
        raise RazzError("the hand is not finished: its actions stop before the end")
    counts: list[tuple[int, ...] | None] = _tally_hand(hand)
    return seat_counts(names, counts)
