"""Plain-text display of hands for terminals: a snapshot of the table.

:func:`table` reads a :class:`~razzcore.engine.hand.Hand` (everything, or what one
seat may see) or a :class:`~razzcore.engine.view.HandView` into a small
:class:`Table` record, which :func:`hand_text` prints and
:mod:`razzcore.show.svg` draws.  (For a hand told street by street, see
:func:`razzcore.histories.text.format_hand`.)

>>> from razzcore.engine.hand import Hand
>>> from razzcore.engine.rules import Rules
>>> h = Hand(Rules(1, 2, 4, 8), [50, 50], deck="Ac 9c 2c Kd 3c Qd")
>>> print(hand_text(h))
3rd street, pot 2, p2 to act
  p1  stack 49        [Ac 2c] 3c
> p2  stack 49        [9c Kd] Qd
>>> print(hand_text(h, seat=0))
3rd street, pot 2, p2 to act
  p1  stack 49        [Ac 2c] 3c
> p2  stack 49        [?? ??] Qd
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..cards import format_card
from ..engine.hand import Hand
from ..engine.pots import Pot
from ..engine.view import HandView
from ..errors import RazzError
from ..evaluator import describe, evaluate

__all__ = ["STREET_NAMES", "Table", "hand_text", "headline", "table"]

STREET_NAMES = {3: "3rd street", 4: "4th street", 5: "5th street", 6: "6th street",
                7: "7th street"}
"""Display names of the streets."""


class Table(NamedTuple):
    """A display snapshot of a hand, as one viewer may see it.

    ``cards[s]`` holds seat ``s``'s cards in deal order, ``None`` for a card
    the viewer may not see; ``up[s][i]`` says whether that card is face up.
    ``lows[s]`` describes the low the seat showed at the showdown (``"mucked"``
    when an all-seeing viewer saw it muck), else ``None``.  ``viewer`` is the seat whose view this
    is, ``None`` for an all-seeing viewer.

    >>> from razzcore.engine.hand import Hand
    >>> from razzcore.engine.rules import Rules
    >>> h = Hand(Rules(1, 2, 4, 8), [50, 50], deck="Ac 9c 2c Kd 3c Qd")
    >>> t = table(h, seat=0)
    >>> t.street, t.stacks, t.actor, t.viewer, t.cards[1], t.up[1]
    (3, (49, 49), 1, 0, (None, None, 45), (False, False, True))
    """

    street: int
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    pot: int
    cards: tuple[tuple[int | None, ...], ...]
    up: tuple[tuple[bool, ...], ...]
    folded: tuple[bool, ...]
    dealt: tuple[bool, ...]
    actor: int | None
    community: int | None
    is_over: bool
    payoffs: tuple[int, ...] | None
    lows: tuple[str | None, ...]
    viewer: int | None


def table(obj: Hand | HandView, seat: int | None = None) -> Table:
    """Read a hand or a view into a :class:`Table` (``seat``: whose view of a
    :class:`~razzcore.engine.hand.Hand`; ``None`` sees every card).

    >>> from razzcore.engine.hand import Hand
    >>> from razzcore.engine.rules import Rules
    >>> h = Hand(Rules(1, 2, 4, 8), [50, 50], deck="Ac 9c 2c Kd 3c Qd")
    >>> t = table(h, seat=1)
    >>> t.cards[0], t.up[0], t.pot
    ((None, None, 8), (False, False, True), 2)
    """
    if isinstance(obj, HandView):
        return _from_view(obj)
    if not isinstance(obj, Hand):
        raise RazzError(f"expected a razzcore Hand or HandView, not {type(obj).__name__}")
    hand = obj
    if seat is not None:
        return _from_view(hand.view(seat))
    n = len(hand.stacks)
    cards = tuple(tuple(hand.hole_cards(s)) for s in range(n))
    boards = [set(hand.board(s)) for s in range(n)]
    up = tuple(tuple(c in boards[s] for c in cards[s]) for s in range(n))
    lows: list[str | None] = [None] * n
    for e in hand.showdown:
        lows[e.seat] = describe(e.rank, "long") if e.shown and e.rank is not None else "mucked"
    return Table(
        street=hand.street,
        stacks=hand.stacks,
        bets=hand.bets,
        pot=_pot(hand.is_over, hand.pots, hand.bets),
        cards=cards,
        up=up,
        folded=hand.folded,
        dealt=tuple(hand.dealt_in),
        actor=hand.actor,
        community=hand.community_card,
        is_over=hand.is_over,
        payoffs=hand.payoffs,
        lows=tuple(lows),
        viewer=None,
    )


def _pot(over: bool, pots: Sequence[Pot], bets: Sequence[int]) -> int:
    total = sum(p.amount for p in pots)
    return total if over else total + sum(bets)


def _from_view(view: HandView) -> Table:
    n = len(view.stacks)
    boards = [set(b) for b in view.boards]
    up = tuple(tuple(c is not None and c in boards[s] for c in view.cards[s]) for s in range(n))
    lows: list[str | None] = [None] * n
    if view.is_over:
        for s in range(n):
            cards = view.cards[s]
            if not view.folded[s] and len(cards) >= 5 and all(c is not None for c in cards):
                known = [c for c in cards if c is not None]
                if view.community_card is not None and len(known) < 7:
                    known.append(view.community_card)
                lows[s] = describe(evaluate(known[:7]), "long")
    return Table(
        street=view.street,
        stacks=view.stacks,
        bets=view.bets,
        pot=_pot(view.is_over, view.pots, view.bets),
        cards=view.cards,
        up=up,
        folded=view.folded,
        dealt=tuple(bool(c) for c in view.cards),
        actor=view.actor,
        community=view.community_card,
        is_over=view.is_over,
        payoffs=view.payoffs,
        lows=tuple(lows),
        viewer=view.seat,
    )


def headline(t: Table) -> str:
    """The one-line state: street, pot, whose turn or the result.

    >>> from razzcore.engine.hand import Hand
    >>> from razzcore.engine.rules import Rules
    >>> headline(table(Hand(Rules(1, 2, 4, 8), [50, 50], deck="Ac 9c 2c Kd 3c Qd")))
    '3rd street, pot 2, p2 to act'
    """
    parts = [STREET_NAMES.get(t.street, f"street {t.street}"), f"pot {t.pot}"]
    if t.community is not None:
        parts.append(f"community {format_card(t.community)}")
    if t.is_over:
        parts.append("hand over")
    elif t.actor is not None:
        parts.append(f"p{t.actor + 1} to act")
    return ", ".join(parts)


def _card_text(c: int | None) -> str:
    return "??" if c is None else format_card(c)


def hand_text(obj: Hand | HandView, seat: int | None = None) -> str:
    """A plain-text snapshot: one line per seat with its stack, bet or status,
    down cards in brackets (``??`` when hidden from the viewer) then the
    board; ``>`` marks whose turn it is.

    >>> from razzcore.engine.hand import Hand
    >>> from razzcore.engine.rules import Rules
    >>> h = Hand(Rules(1, 2, 4, 8), [50, 50], deck="Ac 9c 2c Kd 3c Qd")
    >>> h.act("pb"); h.act("f")
    >>> print(hand_text(h))
    3rd street, pot 2, hand over
      p1  stack 49  -1    [Ac 2c] 3c  folded
      p2  stack 51  +1    [9c Kd] Qd
    """
    t = table(obj, seat)
    lines = [headline(t)]
    width = max(3, *(len(str(v)) for v in t.stacks))
    statuses = [
        f"{t.payoffs[s]:+d}" if t.payoffs is not None else f"bet {t.bets[s]}" if t.bets[s] else ""
        for s in range(len(t.stacks))
    ]
    # The status column is as wide as its longest entry, so cards never touch it.
    status_width = max(5, *(len(v) for v in statuses))
    for s in range(len(t.stacks)):
        mark = ">" if t.actor == s else " "
        if not t.dealt[s]:
            lines.append(f"{mark} p{s + 1}  stack {t.stacks[s]:<{width}} (not dealt in)")
            continue
        status = statuses[s]
        down = [_card_text(c) for c, u in zip(t.cards[s], t.up[s], strict=True) if not u]
        board = [_card_text(c) for c, u in zip(t.cards[s], t.up[s], strict=True) if u]
        line = f"{mark} p{s + 1}  stack {t.stacks[s]:<{width}} {status:<{status_width}} "
        line += f"[{' '.join(down)}] {' '.join(board)}"
        if t.folded[s]:
            line += "  folded"
        elif t.stacks[s] == 0 and not t.is_over:
            line += "  all-in"
        if t.lows[s]:
            line += f"  {t.lows[s]}"
        lines.append(line.rstrip())
    return "\n".join(lines)
