"""Showdown helpers: showing order, odd-chip order, who may still win (R20, R21).

Pure functions over card codes and seat numbers; :mod:`razzcore.hand` calls
them.  Card codes here are *suit-ordered* codes (``4 * rank + suit_rank``), so
a higher code is a higher card by the table's suit order.

>>> from razzcore.showdown import odd_chip_order
>>> from razzcore.cards import parse_cards
>>> a = parse_cards("Ac 7c 4s 5c 2d")
>>> b = parse_cards("Ah 2s 4h 5d 7d")
>>> odd_chip_order("high_card_in_hand", [0, 2], {0: a, 2: b}, {}, [0, 1, 2, 3])
[2, 0]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from . import evaluator
from ._state import SHOW, HandState
from .cards import format_card, parse_cards
from .errors import CardError, IllegalActionError, brief
from .pots import Award, build_pots, split_amount

__all__ = ["Showdown", "ShowdownEntry", "clockwise_from", "odd_chip_order", "showing_order"]


class ShowdownEntry(NamedTuple):
    """What one seat did at the showdown, in showing order.

    ``shown`` is False for a muck (then ``cards`` is empty and ``rank`` None);
    ``rank`` is the evaluator's rank of the best five (lower is better).

    >>> ShowdownEntry(0, True, (3, 5), 1).shown
    True
    """

    seat: int
    shown: bool
    cards: tuple[int, ...]
    rank: int | None


def clockwise_from(first: int, seats: Sequence[int], order: Sequence[int]) -> list[int]:
    """``seats`` sorted clockwise starting at ``first``, where ``order`` is the
    table's clockwise seat order from the deal-start seat.

    >>> clockwise_from(2, [0, 2, 3], [0, 1, 2, 3])
    [2, 3, 0]
    """
    pos = {s: i for i, s in enumerate(order)}
    n = len(order)
    start = pos[first]
    return sorted(seats, key=lambda s: (pos[s] - start) % n)


def showing_order(
    first: int, contestants: Sequence[int], pots_eligible: Sequence[Sequence[int]],
    order: Sequence[int],
) -> list[int]:
    """Clockwise from ``first``, contestants of more pots (side pots) first (R20.2).

    >>> showing_order(0, [0, 1, 2], [(0, 1, 2), (0, 1)], [0, 1, 2, 3])
    [0, 1, 2]
    >>> showing_order(2, [0, 1, 2], [(0, 1, 2), (0, 1)], [0, 1, 2, 3])
    [0, 1, 2]
    """
    count = {s: sum(1 for e in pots_eligible if s in e) for s in contestants}
    return sorted(clockwise_from(first, contestants, order), key=lambda s: -count[s])


def odd_chip_order(
    rule: str,
    winners: Sequence[int],
    five: Mapping[int, Sequence[int]],
    all_cards: Mapping[int, Sequence[int]],
    order: Sequence[int],
) -> list[int]:
    """Tied winners in the order they receive odd chips (R21).

    ``five[s]`` is seat ``s``'s winning five cards, ``all_cards[s]`` all his cards
    (community included), both as suit-ordered codes; ``order`` is the clockwise
    seat order from the deal-start seat.

    * ``high_card_in_hand``: highest card of the five by suit first; a shared
      card (community) moves the comparison to the next-highest card.
    * ``low_card_all_cards``: lowest card of all cards first (lowest rank, then
      lowest suit); shared cards skipped the same way.
    * ``position``: clockwise from the deal-start seat.

    >>> odd_chip_order("position", [3, 1], {}, {}, [0, 1, 2, 3])
    [1, 3]
    >>> odd_chip_order("low_card_all_cards", [0, 1], {}, {0: [5, 9], 1: [4, 30]}, [0, 1])
    [1, 0]
    """
    if rule == "position":
        pos = {s: i for i, s in enumerate(order)}
        return sorted(winners, key=lambda s: pos[s])
    if rule == "high_card_in_hand":
        keys = {s: sorted(five[s], reverse=True) for s in winners}
        return sorted(winners, key=lambda s: keys[s], reverse=True)
    if rule == "low_card_all_cards":
        lows = {s: sorted(all_cards[s]) for s in winners}
        return sorted(winners, key=lambda s: lows[s])
    raise ValueError(f"unknown odd_chip_rule {rule!r}")


class Showdown(HandState):
    """Showdown and pot-awarding methods of a hand (mixed into
    :class:`~razzcore.hand.Hand`).

    >>> from razzcore.hand import Hand
    >>> from razzcore.rules import Rules
    >>> h = Hand(Rules(2, 5, 10, 20), [50, 50], seed=4, manual_showdown=True)
    >>> while h.legal_actions() and not h.legal_actions()[0].startswith("sm"):
    ...     h.act(h.legal_actions()[0] if h.legal_actions()[0] == "pb" else "cc")
    >>> h.actor, h.legal_actions()[0].startswith("sm ")
    (0, True)
    """

    __slots__ = ()

    def _finish_uncontested(self) -> None:
        # One live seat: build_pots() would make a single pot of every chip.
        winner = self._live.index(True)
        total = self._take_rake([sum(self._contrib)])[0]
        if total:
            self._stacks[winner] += total
            self._awards.append(Award(winner, total, 0))
        self._finish()

    def _begin_showdown(self) -> None:
        self._phase = SHOW
        contestants = [s for s in self._order if self._live[s]]
        pots = self._sd_pots = build_pots(self._contrib, self._live)
        ranks = self._ranks
        comm = self._community
        for s in contestants:
            cards = self._cards[s] if comm is None else [*self._cards[s], comm]
            ranks[s] = evaluator.evaluate(cards)
        self._sd_order = showing_order(
            self._first_shower(), contestants, [p.eligible for p in pots], self._order
        )
        if self._manual:
            self._actor = self._sd_order[0]
            return
        for s in self._sd_order:
            self._record_show(s, not self._may_muck(s) or self._can_still_win(s))
        self._award()

    def _first_shower(self) -> int:
        """R20.1: the last aggressor of the last betting round; if it was
        checked through, its first actor (or seat 1 per ``showdown_order``)."""
        if self._aggressor >= 0 and self._live[self._aggressor]:
            return self._aggressor
        if self.rules.showdown_order != "last_aggressor_else_first_actor":
            return next(s for s in self._order if self._live[s])
        if self._round_street == self._street and self._live[self._first_actor]:
            return self._first_actor
        ranked = self._ranked_live()
        first = self._first_actor_from(ranked)
        return first if first >= 0 else ranked[0]

    def _show_actions(self, s: int) -> list[str]:
        out = ["sm " + "".join(format_card(c) for c in self._cards[s])]
        if self._may_muck(s):
            out.append("sm")
        return out

    def _forced_face_up(self) -> bool:
        rules = self.rules
        if rules.reveal_all_at_showdown or not rules.losers_may_muck:
            return True
        return rules.face_up_all_in and any(
            self._live[s] and self._stacks[s] == 0 for s in range(self._n)
        )

    def _must_show(self, s: int) -> bool:
        # R20.3: the seat due to show first never mucks (even when, in PHH
        # replay, another seat tabled out of turn before it).
        return (
            s == self._sd_order[0] or not any(self._sd.values()) or self._forced_face_up()
        )

    def _may_muck(self, s: int) -> bool:
        if self._must_show(s):
            return False
        # The last hand left in a pot wins it: it is never mucked.
        for pot in self._sd_pots:
            if s in pot.eligible and all(
                q == s or self._sd.get(q) is False for q in pot.eligible
            ):
                return False
        return True

    def _can_still_win(self, s: int) -> bool:
        mine = self._ranks[s]
        for pot in self._sd_pots:
            if s not in pot.eligible:
                continue
            shown = [self._ranks[q] for q in pot.eligible if self._sd.get(q)]
            if not shown or mine <= min(shown):
                return True
        return False

    def _record_show(self, s: int, show: bool) -> None:
        self._sd[s] = show
        if show:
            self._exposed[s] = True
        self._log.append(("sm", s, tuple(self._cards[s]) if show else None))

    def _act_show(self, seat: int, arg: str | None, action: str) -> None:
        """Apply a manual show (``arg`` = the seat's cards or ``"-"``) or muck
        (``arg`` None).

        Showing only some of the seat's cards is an early tabling (PHH;
        pokerkit tables all-in hands before the last card): it is recorded
        and exposes only those cards, and the seat still owes its showdown
        decision.  Only a ``replay=True`` hand lets a seat other than the
        actor show (:meth:`Hand.act` checks the turn)."""
        if self._phase != SHOW or seat < 0:
            raise IllegalActionError(f"cannot {brief(action)}: it is not the showdown")
        if seat in self._sd:
            raise IllegalActionError(
                f"p{seat + 1} already showed or mucked; allowed for p{self._actor + 1}: "
                + ", ".join(repr(a) for a in self._show_actions(self._actor))
            )
        if arg is None:
            if not self._may_muck(seat):
                raise IllegalActionError(
                    f"p{seat + 1} may not muck here (first to show, a face-up all-in "
                    f"showdown, or the last hand in a pot); allowed: "
                    + ", ".join(repr(a) for a in self._show_actions(seat))
                )
            self._record_show(seat, False)
        elif arg == "-":
            self._record_show(seat, True)
        else:
            cards = self._shown_cards(seat, arg, action)
            if len(cards) < len(self._cards[seat]):
                self._log.append(("pre", seat, cards))
                return
            self._record_show(seat, True)
        pending = [s for s in self._sd_order if s not in self._sd]
        if pending:
            self._actor = pending[0]
        else:
            self._award()

    def _shown_cards(self, seat: int, arg: str, action: str) -> tuple[int, ...]:
        try:
            cards = parse_cards(arg)
        except CardError as exc:
            raise IllegalActionError(f"bad cards in {brief(action)}: {exc}") from None
        own = self._cards[seat]
        if not cards or len(set(cards)) != len(cards) or any(c not in own for c in cards):
            raise IllegalActionError(
                f"p{seat + 1} holds {''.join(format_card(c) for c in own)}, not {brief(arg)}"
            )
        return cards

    def _award(self) -> None:
        pots = self._sd_pots
        rule = self.rules.odd_chip_rule
        sk = self._sk
        comm = self._community
        amounts = self._take_rake([pot.amount for pot in pots])
        for i in range(len(pots) - 1, -1, -1):
            pot = pots[i]
            amount = amounts[i]
            if not amount:  # wholly raked
                continue
            cands = [s for s in pot.eligible if self._sd.get(s) is not False]
            best = min(self._ranks[s] for s in cands)
            winners = [s for s in cands if self._ranks[s] == best]
            if len(winners) > 1 and amount % len(winners):
                five: dict[int, list[int]] = {}
                every: dict[int, list[int]] = {}
                for s in winners:
                    cards = self._cards[s] if comm is None else [*self._cards[s], comm]
                    five[s] = [sk[c] for c in evaluator.best_five(cards)]
                    every[s] = [sk[c] for c in cards]
                winners = odd_chip_order(rule, winners, five, every, self._order)
            for s, amt in split_amount(amount, winners).items():
                self._stacks[s] += amt
                self._awards.append(Award(s, amt, i))
        self._finish()
