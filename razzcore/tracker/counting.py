"""One replayed hand counted for each player dealt into it.

The counts come from the engine: a :class:`~razzcore.histories.phh.HandHistory`
is replayed (:meth:`HandHistory.replay`) and the finished
:class:`~razzcore.engine.hand.Hand`'s structured history (its event log: the
deals, each player's action with the chips it put in, the shows) says who
acted how on which street; its payoffs, awards and folds give the money and
the showdown.  Nothing here reads the history's text.

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
from typing import Any

from ..engine.hand import Hand
from ..errors import RazzError
from ..histories.phh import HandHistory

__all__ = ["COUNTS", "count_hand", "hand_date", "player_names"]

#: The counts kept for each player, in this order (each an int).  ``net`` is
#: chips; the others count hands or actions (see docs/stats.md).
COUNTS = (
    "hands", "net", "vpip", "complete", "bring_in_faced", "bring_in_fold",
    "steal_chances", "steal", "saw_4th", "saw_5th", "saw_6th", "saw_7th",
    "wtsd", "wsd", "won_without_showdown", "aggressive_actions", "calls",
)
(HANDS, NET, VPIP, COMPLETE, BRING_IN_FACED, BRING_IN_FOLD, STEAL_CHANCES, STEAL,
 SAW_4TH, SAW_5TH, SAW_6TH, SAW_7TH, WTSD, WSD, WON_WITHOUT_SHOWDOWN, AGGRESSIVE,
 CALLS) = range(len(COUNTS))


def player_names(hh: HandHistory) -> list[str]:
    """Each seat's name: the history's ``players``, else (or for an empty
    name) ``p1``, ``p2``... by seat.

    >>> player_names(HandHistory([0, 0], 1, 2, 4, [9, 9], [], players=["Ann", ""]))
    ['Ann', 'p2']
    """
    names = hh.players or []
    return [names[s] if s < len(names) and names[s] else f"p{s + 1}"
            for s in range(hh.player_count)]


def hand_date(hh: HandHistory) -> datetime.datetime | datetime.date | None:
    """When the hand was played, from the history's ``year``, ``month``,
    ``day`` and ``time``: a datetime, a date without a time, or ``None``.

    >>> hand_date(HandHistory([0, 0], 1, 2, 4, [9, 9], [], year=2023, month=6, day=22))
    datetime.date(2023, 6, 22)
    """
    if hh.year is None or hh.month is None or hh.day is None:
        return None
    try:
        day = datetime.date(hh.year, hh.month, hh.day)
    except (TypeError, ValueError):
        return None
    if hh.time is None:
        return day
    return datetime.datetime.combine(day, hh.time)


def count_hand(hh: HandHistory) -> list[tuple[str, list[int]]]:
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
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise RazzError(f"the player name {name!r} is used twice in the hand: each "
                            f"seat needs its own name")
        seen.add(name)
    hand = hh.replay()
    if not hand.is_over:
        raise RazzError("the hand is not finished: its actions stop before the end")
    return _counts(hand, names, hh.starting_stacks)


def _counts(hand: Hand, names: list[str], stacks: list[int]) -> list[tuple[str, list[int]]]:
    n = len(names)
    dealt = hand.dealt_in
    counts = [[0] * len(COUNTS) for _ in range(n)]
    cards = [0] * n  # hole cards dealt so far, per seat
    street = 3
    acted = [False] * n  # a voluntary action on 3rd street (the bring-in post is not one)
    opened = False  # someone called or completed on 3rd street
    completed = False  # someone completed on 3rd street
    posted = -1  # the seat that posted the bring-in
    left = list(stacks)  # each seat's chips behind, until the bring-in is posted
    can_act = False  # the bring-in has chips left to act with
    live = [True] * n
    away = set(hand.absent)
    log: list[tuple[Any, ...]] = hand._log  # the engine's structured history
    for e in log:
        kind = e[0]
        if kind == "dh":
            s = e[1]
            got = cards[s] + len(e[2])
            cards[s] = got
            if got > street:
                street = got
            continue
        if kind == "db":
            street = 7
            for s in range(n):
                if live[s] and dealt[s]:
                    counts[s][SAW_7TH] = 1
            continue
        if kind == "ante":
            left[e[1]] -= e[2]
            continue
        if kind in ("back", "sm", "pre"):
            continue
        s = e[1]
        c = counts[s]
        if kind == "pb":
            posted = s
            can_act = left[s] > e[2]
            continue
        if kind == "f":
            live[s] = False
            if street == 3:
                if not acted[s] and s != posted:
                    acted[s] = True
                    if not opened and s not in away:
                        c[STEAL_CHANCES] = 1
                if s == posted and completed:
                    c[BRING_IN_FOLD] = 1
            continue
        if kind == "cc":
            if e[2] > 0:
                c[CALLS] += 1
                if street == 3:
                    c[VPIP] = 1
            if street == 3:
                if not acted[s] and s != posted:
                    acted[s] = True
                    if not opened:
                        c[STEAL_CHANCES] = 1
                opened = True
            continue
        # cbr: a completion, bet or raise
        c[AGGRESSIVE] += 1
        if street == 3:
            c[VPIP] = 1
            c[COMPLETE] = 1
            if not acted[s] and s != posted:
                acted[s] = True
                if not opened:
                    c[STEAL_CHANCES] = 1
                    c[STEAL] = 1
            opened = True
            if s != posted and posted >= 0 and live[posted] and can_act:
                counts[posted][BRING_IN_FACED] = 1
            completed = True
    payoffs = hand.payoffs or (0,) * n
    folded = hand.folded
    held = [s for s in range(n) if dealt[s] and not folded[s]]
    showdown = len(held) >= 2
    won = [False] * n  # chips from any pot
    won_shown = [False] * n  # chips from a pot two or more held cards for
    contested = [sum(not folded[s] for s in pot.eligible) >= 2 for pot in hand.pots]
    for award in hand.awards:
        if award.amount > 0:
            won[award.seat] = True
            if award.pot < len(contested) and contested[award.pot]:
                won_shown[award.seat] = True
    out = []
    for s in range(n):
        if not dealt[s]:
            continue
        c = counts[s]
        c[HANDS] = 1
        c[NET] = payoffs[s]
        got = cards[s]
        if got >= 4:
            c[SAW_4TH] = 1
            if got >= 5:
                c[SAW_5TH] = 1
                if got >= 6:
                    c[SAW_6TH] = 1
                    if got >= 7:
                        c[SAW_7TH] = 1
        if showdown and not folded[s]:
            c[WTSD] = 1
            if won_shown[s]:
                c[WSD] = 1
        elif not showdown and won[s]:
            c[WON_WITHOUT_SHOWDOWN] = 1
        out.append((names[s], c))
    return out
