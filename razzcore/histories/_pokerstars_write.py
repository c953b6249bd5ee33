"""Writing hand histories as PokerStars text (internal: the public functions
are :func:`razzcore.histories.pokerstars.dumps` and :func:`razzcore.histories.pokerstars.dump`).

The hand is replayed on the engine for the pots and who won them; the lines
follow the PHH actions, with amounts tracked street by street (calls,
raises ``X to Y``, uncalled bets returned).

>>> from razzcore.histories.pokerstars import loads
>>> text = dumps([EXAMPLE])
>>> text.splitlines()[0]
'PokerStars Hand #100000000001:  Razz Limit ($0.50/$1 USD) - 2026/05/04 21:15:07 ET'
>>> loads(text)[0].actions == EXAMPLE.actions
True
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import IO, Any, NoReturn

from ..cards import format_card
from ..errors import PHHError, RazzError, brief
from ..evaluator import best_five, describe
from ._pokerstars_lines import (
    CENT,
    CHIP,
    LINE_STARTS,
    META_FIELD,
    PokerStarsError,
    format_amount,
    to_roman,
)
from .phh import HandHistory, write_file_object

__all__ = ["EXAMPLE", "dump", "dumps"]

# Player names already found readable back (the check reads every line
# start the reader knows): the same names come back hand after hand.
_NAMES_READABLE: set[tuple[str, ...]] = set()

# Each card code's text (parsed actions hold codes 0..51).
_CARD_TEXT = tuple(format_card(c) for c in range(52))

_STREET_NAMES = {3: "3rd STREET", 4: "4th STREET", 5: "5th STREET", 6: "6th STREET",
                 7: "RIVER"}
_FOLDED_ON = {3: "3rd Street", 4: "4th Street", 5: "5th Street", 6: "6th Street",
              7: "River"}


def _low_text(cards: tuple[int, ...]) -> str:
    five = best_five(cards)
    ranks = [format_card(c)[0] for c in sorted(five, key=lambda c: -(c >> 2))]
    if len(set(ranks)) == 5:
        return "Lo: " + ",".join(ranks)
    return describe(cards)


class _Writer:
    """One hand history as PokerStars lines."""

    def __init__(self, hh: HandHistory, number: int) -> None:
        self.number = number
        if not isinstance(hh, HandHistory):
            self.fail(f"can only write a HandHistory, not {type(hh).__name__}")
        try:
            self.hand = hh.verify()  # a replay that must end with its finishing_stacks
        except RazzError as exc:
            # the cause (a PHHError) says which action or field fails
            self.fail(f"it does not replay: {exc}", exc)
        if self.hand.community_card is not None:
            self.fail("it has a community card, which PokerStars text cannot be written "
                      "with (the format is not known)")
        self.hh = hh
        meta = hh.user_fields.get(META_FIELD)
        self.meta: dict[str, Any] = meta if isinstance(meta, dict) else {}
        self.unit = CENT if self.meta.get("unit") == CENT else CHIP
        self.symbol = hh.currency_symbol or ("$" if self.unit == CENT else "")
        n = hh.player_count
        names = list(hh.players) if hh.players else [f"Player{p + 1}" for p in range(n)]
        self.names = names
        self.check_names()
        seats = list(hh.seats) if hh.seats else list(range(1, n + 1))
        if sorted(set(seats)) != seats or seats[0] < 1:
            self.fail(f"seat numbers must increase from 1: {brief(seats)}")
        self.seats = seats
        self.out: list[str] = []

    def check_names(self) -> None:
        """Refuse the names :func:`~razzcore.histories.pokerstars.loads` could not read
        back, saying why."""
        names = self.names
        key = tuple(names) if all(type(name) is str for name in names) else None
        if key is not None and key in _NAMES_READABLE:
            return  # the same names as a hand written before (table after table)
        self._check_names(names)
        if key is not None and len(_NAMES_READABLE) < 4096:
            _NAMES_READABLE.add(key)

    def _check_names(self, names: Sequence[str]) -> None:
        if len(set(names)) != len(names):
            self.fail(f"player names must be distinct: {brief(names)}")
        for name in names:
            if not isinstance(name, str) or not name or name != name.strip():
                self.fail(f"a player name must be non-empty text without outer spaces: "
                          f"{brief(name)}")
            if name.splitlines() != [name] or any(ord(ch) < 32 for ch in name):
                self.fail(f"a player name cannot hold a line break or control character: "
                          f"{brief(name)}")
            for start, kind in LINE_STARTS.items():
                # the player's lines are "NAME: ..." and "NAME collected ..."
                if any((name + tail).startswith(start) for tail in ("", ": ", " collected ")):
                    self.fail(f"player name {brief(name)}: its lines would start with "
                              f"{start!r}, which the reader takes for {kind}")
            for other in names:
                if name.startswith(other + ": "):
                    self.fail(f"a player name cannot start with another player's name and "
                              f"': ' ({other!r}: the reader takes {name!r}'s lines for "
                              f"{other!r}'s)")

    def fail(self, reason: str, cause: BaseException | None = None) -> NoReturn:
        """Raise the ``PokerStarsError`` of this hand (``hand`` is its
        number among the hands written)."""
        raise PokerStarsError(f"hand {self.number}: {reason}", hand=str(self.number),
                              reason=reason) from cause

    def amount(self, value: int) -> str:
        return format_amount(value, self.unit, self.symbol)

    def header(self, number: int) -> None:
        hh, meta = self.hh, self.meta
        hand_number = hh.hand if isinstance(hh.hand, int) and hh.hand >= 0 else number
        stakes = f"{self.amount(hh.small_bet)}/{self.amount(hh.big_bet)}"
        if hh.currency and not meta.get("tournament"):
            stakes += f" {hh.currency}"
        game = meta.get("game")
        if meta.get("tournament"):
            razz = f"{game} (Razz Limit)" if game else "Razz Limit"
            buy_in = f"{meta['buy_in']} " if meta.get("buy_in") else ""
            level = f" - Level {to_roman(hh.level)}" if hh.level and hh.level > 0 else ""
            head = f"Tournament #{meta['tournament']}, {buy_in}{razz}{level} ({stakes})"
        else:
            head = f"{game} (Razz Limit, {stakes})" if game else f"Razz Limit ({stakes})"
        if meta.get("club"):
            head = f"{{{meta['club']}}} {head}"
        date = ""  # written only when known (trackers want one: set time, day, month, year)
        if hh.year and hh.month and hh.day and hh.time is not None:
            date = (f" - {hh.year:04d}/{hh.month:02d}/{hh.day:02d} "
                    f"{hh.time.strftime('%H:%M:%S')}")
            if hh.time_zone_abbreviation:
                date += f" {hh.time_zone_abbreviation}"
        room = "PokerStars Home Game" if meta.get("home_game") else "PokerStars"
        gap = "  " if not meta.get("tournament") and not meta.get("club") else " "
        self.out.append(f"{room} Hand #{hand_number}:{gap}{head}{date}")
        table = hh.table if hh.table is not None else "razzcore"
        count = hh.seat_count if hh.seat_count and hh.seat_count >= self.seats[-1] else max(
            8, self.seats[-1])
        self.out.append(f"Table '{table}' {count}-max")

    def body(self) -> None:
        hh, hand, out, names = self.hh, self.hand, self.out, self.names
        n = hh.player_count
        dealt_in = hand.dealt_in
        stacks = list(hh.starting_stacks)
        for p in range(n):
            away = "" if dealt_in[p] or not stacks[p] else " is sitting out"
            out.append(f"Seat {self.seats[p]}: {names[p]} ({self.amount(stacks[p])} in chips)"
                       f"{away}")
        ante = hand.rules.ante
        for p in range(n):
            if dealt_in[p] and ante:
                posted = min(ante, stacks[p])
                stacks[p] -= posted
                out.append(f"{names[p]}: posts the ante {self.amount(posted)}"
                           + (" and is all-in" if not stacks[p] else ""))
        cards: list[list[int | None]] = [[] for _ in range(n)]
        bets = [0] * n
        high = 0
        street = 0
        showdown = False
        folded_on: dict[int, int] = {}
        shown: dict[int, tuple[int, ...] | None] = {}

        def end_street() -> None:
            order = sorted(range(n), key=lambda s: -bets[s])
            back = bets[order[0]] - bets[order[1]]
            if back > 0:
                stacks[order[0]] += back
                out.append(f"Uncalled bet ({self.amount(back)}) returned to {names[order[0]]}")
            bets[:] = [0] * n

        actions = hh.parsed_actions()
        # Players all-in table their cards early (PHH ``sm`` before the last
        # deals); PokerStars writes the remaining streets, then SHOW DOWN with
        # each hand shown once, so only the shows after the last deal are written.
        last_deal = max((i for i, a in enumerate(actions) if a.verb == "dh"), default=-1)
        for i, a in enumerate(actions):
            p = a.seat if a.seat is not None else -1
            if a.verb == "sm" and i < last_deal:
                continue
            if a.verb == "db":
                self.fail("a community card cannot be written")
            if a.verb == "dh":
                new = len(cards[p]) + len(a.cards)
                if new != street:
                    if street:
                        end_street()
                    street = new
                    high = 0
                    out.append(f"*** {_STREET_NAMES[street]} ***")
                self.dealt(p, cards[p], list(a.cards))
                continue
            if a.verb == "":
                continue
            if a.verb == "sm":
                if sum(dealt_in) - len(folded_on) < 2:
                    continue  # after an uncontested pot: nothing to write
                if not showdown:
                    showdown = True
                    end_street()
                    out.append("*** SHOW DOWN ***")
                if not a.show:
                    out.append(f"{names[p]}: mucks hand")
                    shown[p] = None
                    continue
                mine = list(a.cards) if a.cards else cards[p]
                if len(mine) < len(cards[p]):
                    continue  # an early partial tabling: the full show follows
                if None in mine:
                    self.fail(f"{names[p]} shows cards that are unknown")
                full = tuple(c for c in mine if c is not None)
                shown[p] = full
                out.append(f"{names[p]}: shows [{' '.join([_CARD_TEXT[c] for c in full])}] "
                           f"({_low_text(full)})")
                continue
            line = f"{names[p]}: "
            if a.verb == "f":
                folded_on[p] = street
                out.append(line + "folds")
                continue
            if a.verb == "pb":
                put = min(hand.rules.bring_in, stacks[p])
                line += f"brings in for {self.amount(put)}"
            elif a.verb == "cc":
                put = min(high - bets[p], stacks[p])
                line += f"calls {self.amount(put)}" if put else "checks"
            else:
                total = a.amount or 0
                put = total - bets[p]
                if high == 0:
                    line += f"bets {self.amount(put)}"
                else:
                    line += f"raises {self.amount(total - high)} to {self.amount(total)}"
            bets[p] += put
            stacks[p] -= put
            high = max(high, bets[p], hand.rules.bring_in if a.verb == "pb" else 0)
            out.append(line + (" and is all-in" if put and not stacks[p] else ""))
        if not showdown:
            end_street()
        self.collected(shown, folded_on)

    def dealt(self, p: int, mine: list[int | None], new: list[int | None]) -> None:
        name = self.names[p]
        before = list(mine)
        mine.extend(new)
        text = " ".join

        def show(cs: list[int | None]) -> str:
            if None in cs:
                self.fail(f"an up card of {name} is unknown")
            return text([_CARD_TEXT[c] for c in cs if c is not None])

        if len(new) == 3:
            shown = new if None not in new[:2] else new[2:]
            self.out.append(f"Dealt to {name} [{show(shown)}]")
            return
        if new[0] is None:
            if len(mine) < 7:
                self.fail(f"an up card of {name} is unknown")
            return  # an unseen 7th-street card is not written
        so_far = before if None not in before[:2] else before[2:6]
        self.out.append(f"Dealt to {name} [{show(so_far)}] [{show(new)}]")

    def collected(self, shown: dict[int, tuple[int, ...] | None],
                  folded_on: dict[int, int]) -> None:
        hand, out, names = self.hand, self.out, self.names
        awards = [a for a in hand.awards if a.amount]
        pots = max(len(hand.pots), 1)  # as awarded: a wholly raked pot is still a pot
        won = [0] * len(names)
        per_pot = [0] * pots
        for a in awards:
            where = "pot" if pots == 1 else "main pot" if a.pot == 0 else (
                "side pot" if pots == 2 else f"side pot-{a.pot}")
            out.append(f"{names[a.seat]} collected {self.amount(a.amount)} from {where}")
            won[a.seat] += a.amount
            per_pot[a.pot] += a.amount
        rake = sum(hand.starting_stacks) - sum(hand.stacks)
        out.append("*** SUMMARY ***")
        total = f"Total pot {self.amount(sum(won) + rake)}"
        if pots > 1:
            total += f" Main pot {self.amount(per_pot[0])}."
            for i in range(1, pots):
                label = "Side pot" if pots == 2 else f"Side pot-{i}"
                total += f" {label} {self.amount(per_pot[i])}."
        out.append(f"{total} | Rake {self.amount(rake)}")
        for p, name in enumerate(names):
            head = f"Seat {self.seats[p]}: {name} "
            if not hand.dealt_in[p]:
                continue
            if p in folded_on:
                out.append(head + f"folded on the {_FOLDED_ON.get(folded_on[p], '3rd Street')}")
            elif shown.get(p):
                cards = shown[p] or ()
                low = _low_text(cards)
                result = f"won ({self.amount(won[p])})" if won[p] else "lost"
                out.append(head + f"showed [{' '.join(map(format_card, cards))}] and "
                           f"{result} with {low}")
            elif p in shown:
                out.append(head + "mucked")
            else:
                out.append(head + f"collected ({self.amount(won[p])})")


def dumps(hands: Iterable[HandHistory] | HandHistory, *, first: int = 1) -> str:
    """The hand histories (or one) as PokerStars text, hands separated by
    blank lines; :func:`~razzcore.histories.pokerstars.loads` reads it back.

    The hands are numbered from ``first``: a hand without a ``hand`` number
    is written with its number, and an error names it (``hand 3: ...``;
    ``PokerStarsError.hand`` and ``.reason`` hold the parts).

    Amounts are written in the unit the ``_pokerstars`` user field names
    (cents as ``$0.50``; chips otherwise); missing players, seats, table and
    time get defaults.  Unseen down cards (``??``) are left out of the
    ``Dealt to`` lines as PokerStars does for other players.  A hand that
    does not replay, or that needs a community card, raises
    :class:`~razzcore.histories.pokerstars.PokerStarsError`.

    >>> print(dumps(EXAMPLE).splitlines()[2])
    Seat 2: alpha ($10 in chips)
    """
    if isinstance(hands, HandHistory):
        hands = [hands]
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Iterable):
        raise PokerStarsError(f"dumps takes hand histories, not {type(hands).__name__}")
    texts = []
    for number, hh in enumerate(hands, first):
        writer = _Writer(hh, number)
        writer.header(number)
        writer.body()
        texts.append("\n".join(writer.out) + "\n")
    return "\n\n\n".join(texts)


def dump(hands: Iterable[HandHistory] | HandHistory,
         fp: IO[str] | IO[bytes] | str | os.PathLike[str]) -> None:
    """Write :func:`dumps` of ``hands`` to a file opened in text or binary
    mode, or to the file at a path.

    >>> import io
    >>> buf = io.BytesIO()
    >>> dump([EXAMPLE], buf)
    >>> buf.getvalue()[:21]
    b'PokerStars Hand #1000'
    """
    text = dumps(hands)
    try:
        write_file_object(text, fp, "pokerstars.dump")
    except PHHError as exc:
        raise PokerStarsError(str(exc)) from None


def _example() -> HandHistory:
    """The hand of the format notes (made up; money consistent)."""
    import datetime

    return HandHistory(
        antes=[10, 10, 10], bring_in=25, small_bet=50, big_bet=100,
        starting_stacks=[1000, 735, 320],
        actions=[
            "d dh p1 ????Kd", "d dh p2 ????4c", "d dh p3 2h6s3d", "p1 pb", "p2 cbr 50",
            "p3 cc", "p1 f", "d dh p2 8h", "d dh p3 Jc", "p2 cbr 50", "p3 cc",
            "d dh p2 5d", "d dh p3 7c", "p2 cbr 100", "p3 cbr 200", "p2 cc",
            "d dh p2 Ks", "d dh p3 Qd", "p3 cbr 10", "p2 cc", "d dh p2 ??", "d dh p3 Td",
            "p3 sm 2h6s3dJc7cQdTd", "p2 sm As2c4c8h5dKs9h",
        ],
        players=["alpha", "bravo [x]", "charlie"], seats=[2, 4, 7],
        finishing_stacks=[965, 1060, 0], hand=100000000001, table="Example I",
        seat_count=8, currency="USD", currency_symbol="$", ante_trimming_status=True,
        time=datetime.time(21, 15, 7), year=2026, month=5, day=4,
        time_zone_abbreviation="ET",
        user_fields={"_razzcore_rules": {"profile": "online"}, "_razzcore_rake": 30,
                     "_pokerstars": {"unit": CENT}},
    )


EXAMPLE = _example()
"""The hand of the format notes as a :class:`~razzcore.histories.phh.HandHistory`."""
