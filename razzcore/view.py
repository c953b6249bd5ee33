"""What one seat may see of a hand, and PHH formatting of history entries.

>>> from razzcore.hand import Hand
>>> from razzcore.rules import Rules
>>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd")
>>> h.view(1).history
('d dh p1 ????Kd', 'd dh p2 3c5cQd')
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, SupportsIndex

from ._state import OVER, HandState
from .cards import format_card
from .errors import RulesError, brief
from .pots import Award, Pot, build_pots
from .showdown import ShowdownEntry

__all__ = ["HandView", "Reading", "format_entry"]


@dataclass(frozen=True)
class HandView:
    """What one seat may see of a hand (see :meth:`Hand.view`).

    ``cards[s]`` lists seat ``s``'s cards in deal order with ``None`` for a card
    this seat may not see; ``history`` is the PHH history with such cards
    written ``??``.

    >>> from razzcore.hand import Hand
    >>> from razzcore.rules import Rules
    >>> v = Hand(Rules(2, 5, 10, 20), [50, 50], seed=1).view(0)
    >>> v.cards[1][:2], len(v.cards[0])
    ((None, None), 3)
    """

    seat: int
    street: int
    actor: int | None
    legal_actions: tuple[str, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    pots: tuple[Pot, ...]
    boards: tuple[tuple[int, ...], ...]
    cards: tuple[tuple[int | None, ...], ...]
    folded: tuple[bool, ...]
    community_card: int | None
    history: tuple[str, ...]
    is_over: bool
    payoffs: tuple[int, ...] | None

    def __str__(self) -> str:
        """Plain text of what this seat sees (others' hidden cards as ``??``)."""
        from .display import hand_text

        return hand_text(self)

    def _repr_svg_(self) -> str:
        """Jupyter picture of what this seat sees (others' down cards as backs)."""
        from .svg import hand

        return hand(self)



def format_entry(
    e: tuple[Any, ...], viewer: int, exposed: Sequence[bool], up: Sequence[Sequence[int]]
) -> str:
    """One history entry in PHH notation as ``viewer`` may see it (``-1`` =
    everything): another seat's hidden down cards are written ``??``.

    >>> format_entry(("dh", 0, (3, 5, 8)), 1, [False, False], [[8], []])
    'd dh p1 ????3c'
    >>> format_entry(("cbr", 2, 30), -1, [], [])
    'p3 cbr 30'
    """
    kind = e[0]
    if kind == "dh":
        s, cards = e[1], e[2]
        if viewer < 0 or viewer == s or exposed[s]:
            text = "".join(format_card(c) for c in cards)
        else:
            mine = up[s]
            text = "".join(format_card(c) if c in mine else "??" for c in cards)
        return f"d dh p{s + 1} {text}"
    if kind == "db":
        return f"d db {format_card(e[1])}"
    if kind == "cbr":
        return f"p{e[1] + 1} cbr {e[2]}"
    if kind == "sm" or kind == "pre":
        if e[2] is None:
            return f"p{e[1] + 1} sm"
        return f"p{e[1] + 1} sm " + "".join(format_card(c) for c in e[2])
    return f"p{e[1] + 1} {kind}"


def _example() -> Any:
    """A 3-handed hand just after the bring-in (for the examples below)."""
    from .hand import Hand
    from .rules import Rules

    hand = Hand(Rules(2, 5, 10, 20), [50, 50, 50], deck="Ac 2c 3c 4c 5c 6c Qd Kd 9d", seed=1)
    hand.act("pb")
    return hand


class Reading(HandState):
    """Read-only state of a hand: stacks, bets, pots, cards, history, views
    (mixed into :class:`~razzcore.hand.Hand`).

    >>> _example().street
    3
    """

    __slots__ = ()

    @property
    def street(self) -> int:
        """The current (or last) street, 3..7.

        >>> from razzcore.hand import Hand
        >>> from razzcore.rules import Rules
        >>> Hand(Rules(2, 5, 10, 20), [50, 50], seed=1).street
        3
        """
        return self._street

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind of each seat (not counting the current street's bets).

        >>> h = _example()
        >>> h.stacks, h.bets
        ((48, 43, 48), (0, 5, 0))
        """
        return tuple(self._stacks)

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """The stacks given to the constructor.

        >>> _example().starting_stacks
        (50, 50, 50)
        """
        return self._start

    @property
    def bets(self) -> tuple[int, ...]:
        """Each seat's chips wagered on the current street (antes excluded).

        >>> _example().bets
        (0, 5, 0)
        """
        return tuple(self._bets)

    @property
    def contributions(self) -> tuple[int, ...]:
        """Each seat's total chips put in this hand (antes and bets).

        >>> _example().contributions
        (2, 7, 2)
        """
        return tuple(self._contrib)

    @property
    def pots(self) -> list[Pot]:
        """Main pot then side pots, from the chips collected so far (the
        current street's bets are in :attr:`bets` until the round ends); after
        the hand, the pots as they were awarded.

        >>> _example().pots
        [Pot(amount=6, eligible=(0, 1, 2))]
        """
        collected = [c - b for c, b in zip(self._contrib, self._bets, strict=True)]
        return build_pots(collected, self._live)

    @property
    def total_pot(self) -> int:
        """All chips in the middle (collected pots plus current bets; 0 once
        the chips are pushed).

        >>> _example().total_pot
        11
        """
        if self._phase == OVER:
            return 0
        return sum(self._contrib)

    @property
    def is_over(self) -> bool:
        """Whether the hand is finished (chips pushed).

        >>> _example().is_over
        False
        """
        return self._phase == OVER

    @property
    def payoffs(self) -> tuple[int, ...] | None:
        """Net result of each seat (final minus starting stack), or ``None``
        while the hand is running.

        >>> h = _example(); h.act("f"); h.act("f"); h.payoffs
        (-2, 4, -2)
        """
        return self._payoffs

    @property
    def absent(self) -> tuple[int, ...]:
        """The seats with chips given as sitting out (R23), in seat order: not
        dealt in, or with ``deal_in_absent_players`` dealt in and their hands
        killed.

        >>> from razzcore.hand import Hand
        >>> from razzcore.rules import Rules
        >>> Hand(Rules(2, 5, 10, 20), [50, 50, 50], absent=[2], seed=1).absent
        (2,)
        """
        return self._away

    @property
    def rake(self) -> int:
        """The house's rake: the most it takes (the ``rake`` given) while the
        hand runs; once it is over, what it took from the pots (never more
        than they held).  Payoffs sum to minus the rake taken.

        >>> from razzcore.hand import Hand
        >>> from razzcore.rules import Rules
        >>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd", rake=3)
        >>> h.act("pb"); h.act("f"); h.rake, h.payoffs
        (3, (-1, -2))
        """
        return self._raked if self._phase == OVER else self._rake

    @property
    def awards(self) -> list[Award]:
        """Chips pushed to winners, side pots first (empty while running).

        >>> h = _example(); h.act("f"); h.act("f"); h.awards
        [Award(seat=1, amount=6, pot=0)]
        """
        return list(self._awards)

    @property
    def showdown(self) -> list[ShowdownEntry]:
        """Who showed or mucked what at the showdown, in order.

        >>> h = _example()
        >>> while h.actor is not None:
        ...     h.act("cc")
        >>> [(e.seat, e.shown) for e in h.showdown]
        [(0, True), (1, False), (2, True)]
        """
        out = []
        for entry in self._log:
            if entry[0] == "sm":
                s, cards = entry[1], entry[2]
                if cards is None:
                    out.append(ShowdownEntry(s, False, (), None))
                else:
                    out.append(ShowdownEntry(s, True, cards, self._ranks[s]))
        return out

    @property
    def community_card(self) -> int | None:
        """The face-up community 7th-street card (R18), if one was dealt.

        >>> _example().community_card is None
        True
        """
        return self._community

    @property
    def folded(self) -> tuple[bool, ...]:
        """Whether each seat folded (seats not dealt in count as False).

        >>> h = _example(); h.act("f"); h.folded
        (False, False, True)
        """
        return tuple(self._dealt[s] and not self._live[s] for s in range(self._n))

    @property
    def dealt_in(self) -> tuple[bool, ...]:
        """Whether each seat was dealt in (had chips).

        >>> _example().dealt_in
        (True, True, True)
        """
        return self._dealt

    @property
    def cards_left(self) -> int:
        """Cards left in the stub (burns excluded).

        >>> _example().cards_left
        43
        """
        return len(self._deck) - self._dpos

    def board(self, seat: int) -> tuple[int, ...]:
        """Seat ``seat``'s face-up cards (its board), in deal order.

        >>> from razzcore.cards import format_cards
        >>> format_cards(_example().board(1))
        'Kd'
        """
        seat = self._check_seat(seat)
        return tuple(self._up[seat])

    def hole_cards(self, seat: int) -> tuple[int, ...]:
        """All of seat ``seat``'s own cards in deal order (down and up; the
        community card is not included).

        >>> from razzcore.cards import format_cards
        >>> format_cards(_example().hole_cards(1))
        '2c 5c Kd'
        """
        seat = self._check_seat(seat)
        return tuple(self._cards[seat])

    def _check_seat(self, seat: object) -> int:
        """``seat`` as a plain int; :class:`~razzcore.errors.RulesError` unless
        it is a seat index of this table (an int, numpy integers included)."""
        if isinstance(seat, bool) or not isinstance(seat, SupportsIndex):
            raise RulesError(f"a seat is an int index 0..{self._n - 1}, not {brief(seat)}")
        index = operator.index(seat)
        if not 0 <= index < self._n:
            raise RulesError(f"no seat {brief(seat)}: this table has seats 0..{self._n - 1}")
        return index

    @property
    def history(self) -> list[str]:
        """Every action so far in PHH notation, dealer actions included
        (antes and burns are not PHH actions).

        >>> _example().history
        ['d dh p1 Ac4cQd', 'd dh p2 2c5cKd', 'd dh p3 3c6c9d', 'p2 pb']
        """
        exposed, up = self._exposed, self._up
        return [format_entry(e, -1, exposed, up) for e in self._log]

    def view(self, seat: int) -> HandView:
        """Exactly what ``seat`` may see: its own cards, every board, cards
        tabled at the showdown or face up in an all-in; never another seat's
        hidden down cards.

        >>> from razzcore.hand import Hand
        >>> from razzcore.rules import Rules
        >>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd")
        >>> h.view(1).cards  # seat 0's two down cards are hidden from seat 1
        ((None, None, 49), (8, 16, 45))
        >>> h.view(1).history[0]
        'd dh p1 ????Kd'
        """
        seat = self._check_seat(seat)
        # Cards a seat may see of another: its board, plus any cards tabled
        # early at a manual showdown ("pre" entries: only those cards).
        seen: list[list[int]] = self._up
        for e in self._log:
            if e[0] == "pre":
                if seen is self._up:
                    seen = [u[:] for u in self._up]
                seen[e[1]].extend(e[2])
        cards: list[tuple[int | None, ...]] = []
        for s in range(self._n):
            if s == seat or self._exposed[s]:
                cards.append(tuple(self._cards[s]))
            else:
                up = seen[s]
                cards.append(tuple(c if c in up else None for c in self._cards[s]))
        return HandView(
            seat=seat,
            street=self._street,
            actor=self.actor,
            legal_actions=tuple(self.legal_actions()) if self._actor == seat else (),
            stacks=self.stacks,
            bets=self.bets,
            pots=tuple(self.pots),
            boards=tuple(tuple(u) for u in self._up),
            cards=tuple(cards),
            folded=self.folded,
            community_card=self._community,
            history=tuple(format_entry(e, seat, self._exposed, seen) for e in self._log),
            is_over=self.is_over,
            payoffs=self._payoffs,
        )
