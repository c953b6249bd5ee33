"""A readable text hand history of a razz hand (seats, streets, actions,
showdown, pots), for people rather than programs.

It reads the engine's structured history of a :class:`~razzcore.engine.hand.Hand`
(each action with the chips it moved, the antes, the uncalled wagers
returned, the cards dealt and shown) and its final state; it decides no rule
itself.  :meth:`razzcore.histories.phh.HandHistory.to_text` does the same for a hand
history after replaying it.

>>> from razzcore.engine.hand import Hand
>>> from razzcore.engine.rules import Rules
>>> h = Hand(Rules(2, 5, 10, 20), [50, 50], deck="2c 3c 4c 5c Kd Qd")
>>> h.act("pb"); h.act("cbr"); h.act("f")
>>> print(format_hand(h, players=["Ann", "Bob"]))
Razz (fixed limit): ante 2, bring-in 5, bets 10/20 - rules: online
Seat 1: Ann (50 in chips)
Seat 2: Bob (50 in chips)
Antes: 2 each
*** 3rd street ***
Ann: (2c 4c) Kd
Bob: (3c 5c) Qd
Ann brings in for 5
Bob completes to 10
Ann folds
Uncalled 5 returned to Bob
*** Summary ***
Pot 14: Bob wins 14
Ann: 50 -> 43 (-7)
Bob: 50 -> 57 (+7)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..cards import format_card
from ..engine.hand import Hand
from ..engine.rules import Rules
from ..evaluator import describe
from .money import CHIPS, Money, money_of

__all__ = ["betting_words", "format_hand", "format_history", "heading", "seat_labels",
           "stakes_text"]

_STREETS = {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th"}


def _cards_text(cards: Sequence[int], hidden: Callable[[int, int], bool] | None = None) -> str:
    """Down cards (1st, 2nd, 7th) in parentheses, up cards plain;
    ``hidden(position, card)`` marks a card written ``??``."""
    parts = []
    for i, c in enumerate(cards):
        text = "??" if hidden is not None and hidden(i, c) else format_card(c)
        parts.append(f"({text})" if i in (0, 1, 6) else text)
    return " ".join(parts).replace(") (", " ")


def betting_words(who: str, verb: str, put_in: int, total: int, facing: int,
                  completing: bool, chips: Callable[[int], str] = str) -> str:
    """One betting action in words: ``pb`` posts ``put_in``, ``cc`` calls
    ``put_in`` (checks when 0), ``cbr`` completes (``completing``: the
    bring-in not yet completed on 3rd street), bets (``facing`` no bet) or
    raises to ``total``; ``chips`` writes an amount.

    >>> betting_words("Ann", "cbr", 10, 10, 5, True), betting_words("Bob", "cc", 0, 0, 0, False)
    ('Ann completes to 10', 'Bob checks')
    """
    if verb == "pb":
        return f"{who} brings in for {chips(put_in)}"
    if verb == "cc":
        return f"{who} calls {chips(put_in)}" if put_in else f"{who} checks"
    if completing:
        return f"{who} completes to {chips(total)}"
    if facing == 0:
        return f"{who} bets {chips(total)}"
    return f"{who} raises to {chips(total)}"


def seat_labels(count: int, seats: Sequence[int] | None = None) -> list[str]:
    """How each of ``count`` players' seats is called: ``Seat 7`` by the
    table's seat numbers (``seats``, a hand history's field) when given,
    else ``Seat 1`` to ``Seat N`` in order.

    >>> seat_labels(3, [2, 4, 7]), seat_labels(2)
    (['Seat 2', 'Seat 4', 'Seat 7'], ['Seat 1', 'Seat 2'])
    """
    if seats is None or len(seats) != count:
        return [f"Seat {s + 1}" for s in range(count)]
    return [f"Seat {number}" for number in seats]


def stakes_text(rules: Rules, money: Money = CHIPS) -> str:
    """The ante, the bring-in and the bets of ``rules``, written by ``money``.

    >>> from razzcore.histories.money import CENT
    >>> stakes_text(Rules(10, 25, 50, 100), Money(CENT, "$", "USD"))
    'ante $0.10, bring-in $0.25, bets $0.50/$1 USD'
    """
    return (f"ante {money(rules.ante)}, bring-in {money(rules.bring_in)}, "
            f"bets {money.stakes(rules.small_bet, rules.big_bet)}")


def heading(hh: Any) -> list[str]:
    """What a hand history says of where the hand was played, in words: the
    event, the tournament (number, buy-in) and its level, the table, the
    hand number and the date, each present part once.

    >>> from razzcore import pokerstars
    >>> heading(pokerstars.EXAMPLE)
    ['Hand #100000000001', "Table 'Example I' 8-max", '2026-05-04 21:15:07 ET']
    """
    meta = hh.user_fields.get("_pokerstars")
    meta = meta if isinstance(meta, dict) else {}
    out = []
    if hh.event:
        out.append(str(hh.event))
    if hh.hand is not None:
        out.append(f"Hand #{hh.hand}")
    if meta.get("tournament"):
        buy_in = f", {meta['buy_in']}" if meta.get("buy_in") else ""
        out.append(f"Tournament #{meta['tournament']}{buy_in}")
    if hh.level is not None:
        out.append(f"Level {hh.level}")
    if hh.table is not None:
        size = f" {hh.seat_count}-max" if hh.seat_count else ""
        out.append(f"Table '{hh.table}'{size}")
    if hh.year and hh.month and hh.day:
        date = f"{hh.year:04d}-{hh.month:02d}-{hh.day:02d}"
        if hh.time is not None:
            date += f" {hh.time.isoformat()}"
        zone = hh.time_zone_abbreviation or hh.time_zone
        out.append(f"{date} {zone}" if zone else date)
    return out


def format_history(hh: Any, hand: Hand) -> str:
    """The readable text of hand history ``hh`` (a
    :class:`~razzcore.histories.phh.HandHistory`) from ``hand``, its replay:
    :func:`format_hand` with the history's heading, player names, seat
    numbers and money.

    >>> from razzcore import pokerstars
    >>> text = format_history(pokerstars.EXAMPLE, pokerstars.EXAMPLE.replay())
    >>> print("\\n".join(text.splitlines()[:4] + text.splitlines()[-5:]))
    Hand #100000000001 - Table 'Example I' 8-max - 2026-05-04 21:15:07 ET
    Razz (fixed limit): ante $0.10, bring-in $0.25, bets $0.50/$1 USD - rules: online
    Seat 2: alpha ($10 in chips)
    Seat 4: bravo [x] ($7.35 in chips)
    Pot $6.75: bravo [x] wins $6.45
    Rake $0.30
    alpha: $10 -> $9.65 (-$0.35)
    bravo [x]: $7.35 -> $10.60 (+$3.25)
    charlie: $3.20 -> $0 (-$3.20)
    """
    return format_hand(hand, players=hh.players, dealt=hh.dealt_cards(), seats=hh.seats,
                       money=money_of(hh), heading=heading(hh))


def format_hand(hand: Hand, players: Sequence[str] | None = None, *,
                dealt: Sequence[Sequence[int | None]] | None = None,
                seats: Sequence[int] | None = None, money: Money = CHIPS,
                heading: Sequence[str] = ()) -> str:
    """The hand as plain text: seats and stacks, each street's cards and
    actions with amounts, the showdown with hand descriptions, the pots, the
    rake and who won what, and every seat's result.  ``players`` names the
    seats; ``seats`` numbers them as the table does (else 1 to N);
    ``money`` writes the amounts (whole chips unless told otherwise);
    ``heading`` (where the hand was played) opens the text on one line.

    Every card is shown (this is a record of the hand, not one seat's view),
    except, for a replayed hand history, the cards it does not know:
    ``dealt`` gives each seat's hole cards as the history names them
    (``None`` for ``??``, as :func:`razzcore.histories.replay.dealt_cards` returns),
    and a card the history does not name is written ``??`` until a show
    names it (the replay fills it with an unused card).

    >>> from razzcore import play
    >>> h = play(2, 1, seed=3, keep_hands=True).hand_list[0]
    >>> "*** Summary ***" in format_hand(h)
    True
    """
    rules = hand.rules
    n = len(hand.starting_stacks)
    start = list(hand.starting_stacks)
    labels = seat_labels(n, seats)
    names = [
        players[s] if players is not None and s < len(players) and players[s] else labels[s]
        for s in range(n)
    ]
    out = [" - ".join(heading)] if heading else []
    out.append(f"Razz (fixed limit): {stakes_text(rules, money)} - rules: {rules.profile}")
    for s in range(n):
        extra = "" if hand.dealt_in[s] else ", not dealt in"
        if names[s] == labels[s]:
            out.append(f"{labels[s]}: {money(start[s])} in chips{extra}")
        else:
            out.append(f"{labels[s]}: {names[s]} ({money(start[s])} in chips{extra})")
    log = hand._log  # the engine's structured history (razzcore/_hand.pxi)
    antes = [(s, e[2]) for e in log if e[0] == "ante" for s in (e[1],)]
    if antes:
        if all(a == rules.ante for _, a in antes):
            out.append(f"Antes: {money(rules.ante)} each")
        else:
            out.append("Antes: " + ", ".join(f"{names[s]} {money(a)}" for s, a in antes))
    stacks = list(start)
    for s, a in antes:
        stacks[s] -= a
    bets = [0] * n
    count = [0] * n  # hole cards dealt so far, per seat
    street = 0
    high = 0
    showdown = False
    comm = hand.community_card
    revealed: list[set[int]] = [set() for _ in range(n)]  # cards shown so far, per seat

    def hidden(seat: int) -> Callable[[int, int], bool] | None:
        if dealt is None:
            return None
        named = dealt[seat] if seat < len(dealt) else ()

        def test(j: int, card: int) -> bool:
            return (j >= len(named) or named[j] is None) and card not in revealed[seat]
        return test

    for e in log:
        kind = e[0]
        if kind == "ante":
            continue
        if kind == "back":  # the part of a wager nobody matched (R17)
            stacks[e[1]] += e[2]
            out.append(f"Uncalled {money(e[2])} returned to {names[e[1]]}")
            continue
        if kind in ("dh", "db"):
            s = -1
            if kind == "db":
                new_street = 7
            else:
                s = e[1]
                count[s] += len(e[2])
                new_street = count[s]
            if new_street != street:
                street = new_street
                bets = [0] * n
                high = 0
                out.append(f"*** {_STREETS.get(street, str(street))} street ***")
            if s < 0:
                out.append(f"Community card: {format_card(e[1])}")
            else:
                mine = hand.hole_cards(s)[: count[s]]
                out.append(f"{names[s]}: {_cards_text(mine, hidden(s))}")
            continue
        s = e[1]
        who = names[s]
        if kind in ("sm", "pre"):
            if not showdown:
                showdown = True
                bets = [0] * n
                out.append("*** Showdown ***")
            if e[2] is None:
                out.append(f"{who} mucks")
                continue
            mine = hand.hole_cards(s)
            revealed[s].update(e[2])
            if kind == "pre":
                early = " ".join(format_card(c) for c in e[2])
                out.append(f"{who} shows {early} (face up, all-in)")
                continue
            cards = list(mine) if comm is None else [*mine, comm]
            out.append(f"{who} shows {_cards_text(mine)}: {describe(cards)}")
            continue
        if kind == "f":
            out.append(f"{who} folds")
            continue
        completing = False
        facing = high
        if kind == "cbr":
            total = e[2]
            amount = total - bets[s]
            # The engine's count of the round's full wagers before this one
            # (R15: a short all-in is not one): none makes it the bet, or on
            # 3rd street with a bring-in the completion.
            facing = e[3]
            completing = rules.is_completion(street, facing)
        else:  # pb, cc: the chips put in
            amount = e[2]
            total = bets[s] + amount
        line = betting_words(who, kind, amount, total, facing, completing, money)
        bets[s] += amount
        stacks[s] -= amount
        high = max(high, bets[s])
        out.append(line + (", all-in" if stacks[s] == 0 and amount else ""))
    if hand.is_over:
        out.append("*** Summary ***")
        pots = hand.pots
        won: dict[int, list[tuple[int, int]]] = {}
        for award in hand.awards:
            won.setdefault(award.pot, []).append((award.seat, award.amount))
        for i, pot in enumerate(pots):
            title = "Pot" if len(pots) == 1 else ("Main pot" if i == 0 else f"Side pot {i}")
            winners = ", ".join(f"{names[s]} wins {money(amt)}" for s, amt in won.get(i, []))
            out.append(f"{title} {money(pot.amount)}: {winners}")
        if hand.rake:
            out.append(f"Rake {money(hand.rake)}")
        final = hand.stacks
        for s in range(n):
            d = final[s] - start[s]
            out.append(f"{names[s]}: {money(start[s])} -> {money(final[s])} ({money.signed(d)})")
    else:
        who = names[hand.actor] if hand.actor is not None else "nobody"
        out.append(f"*** Incomplete *** (the hand stops before its end: {who} to act)")
    return "\n".join(out)
