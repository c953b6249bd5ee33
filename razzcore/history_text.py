"""A readable text hand history of a razz hand (seats, streets, actions,
showdown, pots), for people rather than programs.

It reads the engine's PHH history (:attr:`Hand.history
<razzcore.hand.Hand.history>`) and the final state of a
:class:`~razzcore.hand.Hand`; :meth:`razzcore.phh.HandHistory.to_text` does
the same for a hand history after replaying it.

>>> from razzcore.hand import Hand
>>> from razzcore.rules import Rules
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

from .cards import format_card
from .evaluator import describe
from .hand import Hand

__all__ = ["betting_words", "format_hand"]

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


def format_hand(hand: Hand, players: Sequence[str] | None = None, *,
                dealt: Sequence[Sequence[int | None]] | None = None) -> str:
    """The hand as plain text: seats and stacks, each street's cards and
    actions with amounts, the showdown with hand descriptions, the pots and
    who won what, and every seat's result.  ``players`` names the seats.

    Every card is shown (this is a record of the hand, not one seat's view),
    except, for a replayed hand history, the cards it does not know:
    ``dealt`` gives each seat's hole cards as the history names them
    (``None`` for ``??``, as :func:`razzcore.phh_replay.dealt_cards` returns),
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
    names = [
        players[s] if players is not None and s < len(players) and players[s] else f"Seat {s + 1}"
        for s in range(n)
    ]
    out = [
        f"Razz (fixed limit): ante {rules.ante}, bring-in {rules.bring_in}, "
        f"bets {rules.small_bet}/{rules.big_bet} - rules: {rules.profile}"
    ]
    for s in range(n):
        extra = "" if hand.dealt_in[s] else ", not dealt in"
        if names[s] == f"Seat {s + 1}":
            out.append(f"Seat {s + 1}: {start[s]} in chips{extra}")
        else:
            out.append(f"Seat {s + 1}: {names[s]} ({start[s]} in chips{extra})")
    stacks = [0] * n
    antes = []
    for s in range(n):
        if hand.dealt_in[s]:
            a = min(rules.ante, start[s])
            stacks[s] = start[s] - a
            antes.append(a)
    if rules.ante:
        if all(a == rules.ante for a in antes):
            out.append(f"Antes: {rules.ante} each")
        else:
            parts = [
                f"{names[s]} {min(rules.ante, start[s])}" for s in range(n) if hand.dealt_in[s]
            ]
            out.append("Antes: " + ", ".join(parts))
    bets = [0] * n
    count = [0] * n  # hole cards dealt so far, per seat
    street = 0
    high = 0
    completed = False
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

    def end_street() -> None:
        # Uncalled part of the highest bet goes back (R17).
        order = sorted(range(n), key=lambda s: -bets[s])
        if n > 1 and bets[order[0]] > bets[order[1]]:
            back = bets[order[0]] - bets[order[1]]
            stacks[order[0]] += back
            out.append(f"Uncalled {back} returned to {names[order[0]]}")

    for text in hand.history:
        words = text.split()
        if words[0] == "d":
            s = -1
            if words[1] == "db":
                new_street = 7
            else:
                s = int(words[2][1:]) - 1
                count[s] += len(words[3]) // 2
                new_street = count[s]
            if new_street != street:
                if street:
                    end_street()
                street = new_street
                bets = [0] * n
                high = 0
                out.append(f"*** {_STREETS.get(street, str(street))} street ***")
            if s < 0:
                out.append(f"Community card: {words[2]}")
            else:
                mine = hand.hole_cards(s)[: count[s]]
                out.append(f"{names[s]}: {_cards_text(mine, hidden(s))}")
            continue
        s = int(words[0][1:]) - 1
        verb = words[1]
        who = names[s]
        if verb == "sm":
            if not showdown:
                showdown = True
                end_street()
                bets = [0] * n
                out.append("*** Showdown ***")
            if len(words) == 2:
                out.append(f"{who} mucks")
                continue
            mine = hand.hole_cards(s)
            revealed[s].update(mine[: len(words[2]) // 2])
            if len(words[2]) // 2 < len(mine):
                early = " ".join(format_card(c) for c in mine[: len(words[2]) // 2])
                out.append(f"{who} shows {early} (face up, all-in)")
                continue
            cards = list(mine) if comm is None else [*mine, comm]
            out.append(f"{who} shows {_cards_text(mine)}: {describe(cards)}")
            continue
        if verb == "f":
            out.append(f"{who} folds")
            continue
        completing = False
        if verb == "pb":
            total = amount = min(rules.bring_in, stacks[s])
        elif verb == "cc":
            amount = min(high - bets[s], stacks[s])
            total = bets[s] + amount
        else:
            total = int(words[2])
            amount = total - bets[s]
            completing = street == 3 and not completed and rules.has_bring_in
            completed = completed or completing
        line = betting_words(who, verb, amount, total, high, completing)
        bets[s] += amount
        stacks[s] -= amount
        high = max(high, bets[s])
        out.append(line + (", all-in" if stacks[s] == 0 and amount else ""))
    if hand.is_over:
        if not showdown:
            end_street()
        out.append("*** Summary ***")
        pots = hand.pots
        won: dict[int, list[tuple[int, int]]] = {}
        for award in hand.awards:
            won.setdefault(award.pot, []).append((award.seat, award.amount))
        for i, pot in enumerate(pots):
            title = "Pot" if len(pots) == 1 else ("Main pot" if i == 0 else f"Side pot {i}")
            winners = ", ".join(f"{names[s]} wins {amt}" for s, amt in won.get(i, []))
            out.append(f"{title} {pot.amount}: {winners}")
        final = hand.stacks
        for s in range(n):
            d = final[s] - start[s]
            out.append(f"{names[s]}: {start[s]} -> {final[s]} ({d:+d})")
    else:
        out.append(f"(hand in progress: {names[hand.actor] if hand.actor is not None else '-'}"
                   " to act)")
    return "\n".join(out)
