"""The oracle's reading of a PokerStars hand's lines (see
:mod:`pokerstars_oracle`): :class:`_Lines` reads the header, the seats and
the body into per-player cards, amounts and a list of events, checking every
line as it goes; problems are :class:`_Bad` (a message and the hand's line
index).
"""

from __future__ import annotations

import datetime
import random
from typing import Any

from razzcore.cards import format_card
from razzcore.engine.rules import Rules
from razzcore.histories._pokerstars_lines import (
    _CARD_GROUPS,
    CENT,
    CHIP,
    COLLECTED,
    DATE,
    DEALT_LINE,
    HAND_START,
    HEADER,
    IGNORED,
    LEVEL,
    MARKER_LINE,
    POT_PART,
    SEAT,
    SEAT_LINE,
    SHOW_DOWN,
    STAKES,
    STREETS,
    SUMMARY,
    SUMMARY_WON,
    SYMBOLS,
    TABLE,
    TOTAL_LINE,
    TOTAL_POT,
    TRUNCATED,
    UNCALLED,
    UNCALLED_LINE,
    card_group,
    parse_amount,
    roman,
)

MAX_EVENTS = 4096
"""Actions and deals a hand may hold (the product's limit, reported)."""
MAX_COLLECTED = 128
"""Collected lines a hand may hold (the product's limit, reported)."""

PROFILE = "online"
"""The rule profile PokerStars hands are replayed with (its authority)."""


class _Bad(Exception):
    """Internal: a problem at line index ``at`` of the current hand."""

    def __init__(self, message: str, at: int) -> None:
        super().__init__(message)
        self.at = at


_RULES: dict[tuple[int, int, int, int], Rules] = {}
# The engine gets all 52 cards, so it has nothing to shuffle: one generator
# serves every hand instead of seeding a new one per hand.
_NO_SHUFFLE = random.Random(0)
_DECK = frozenset(range(52))
# text -> amount, per (unit, currency symbol)
_AMOUNTS: dict[tuple[str, str], dict[str, int]] = {}


# betting verbs (what Reader.verb returns), per (unit, symbol): action text -> parsed
_FOLD, _CHECK, _BRING, _CALL, _BET, _RAISE = range(6)
# the parts of a hand's body, in order
_ANTES, _STREETS, _SHOWDOWN, _SUMMARY = range(4)
_VERBS: dict[tuple[str, str], dict[str, tuple[int, int, int, bool]]] = {}
# header text before the date -> what Reader.game makes of it
_Game = tuple[str, str, int, int, dict[str, Any], dict[str, Any]]
_HEADS: dict[tuple[str | None, str | None, str], _Game | tuple[()]] = {}


# "NAME: rest" lines -> (NAME, rest) at the first ": " (("", "") without one): the
# same lines come back hand after hand at a table, and the cached parts keep
# their hashes for the lookups that follow
_SPLITS: dict[str, tuple[str, str]] = {}


def _split(line: str) -> tuple[str, str]:
    at = line.find(": ")
    parts = (line[:at], line[at + 2:]) if at > 0 else ("", "")
    if len(_SPLITS) < 65536:
        _SPLITS[line] = parts
    return parts


def _rules(ante: int, bring_in: int, small: int, big: int) -> Rules:
    key = (ante, bring_in, small, big)
    rules = _RULES.get(key)
    if rules is None:
        rules = Rules(ante, bring_in, small, big, profile=PROFILE)
        if len(_RULES) < 4096:
            _RULES[key] = rules
    return rules


def _cards(text: str, at: int) -> tuple[int, ...]:
    try:
        return card_group(text)
    except ValueError as exc:
        raise _Bad(str(exc), at) from None


def _high_raised(events: list[tuple[Any, ...]]) -> bool:
    """Whether the events hold a completion, bet or raise."""
    return any(e[0] == "act" and e[3][0] == "c" and e[3][1] == "b" for e in events)


def _pot_name(pot: int, count: int) -> str:
    """How the text names pot number ``pot`` (0: main) of ``count`` pots."""
    if count == 1:
        return "pot"
    if pot == 0:
        return "main pot"
    return "side pot" if count == 2 else f"side pot-{pot}"


# ------------------------------------------------------------------- reading



class _Lines:
    """One razz hand's lines, read into per-player cards and a list of
    events (:class:`razzcore.histories._pokerstars_replay._Reader` replays them)."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    # -- header, table, seats ------------------------------------------------

    def header(self) -> bool:
        """Read the header; False for a hand of another game."""
        m = HEADER.fullmatch(self.lines[0])
        self.number = HAND_START.match(self.lines[0]).group(1)  # type: ignore[union-attr]
        if m is None:
            if "Razz" in self.lines[0]:
                raise _Bad("this razz hand's header is not understood", 0)
            return False
        home, number, rest = m.groups()
        club = None
        if rest.startswith("{"):
            end = rest.find("}")
            if end < 0:
                raise _Bad("the club name has no closing '}'", 0)
            club = rest[1:end]
            rest = rest[end + 1:].lstrip()
        date = DATE.search(rest)
        key = (home, club, rest[: date.start()] if date else rest)
        game = _HEADS.get(key)
        if game is None:  # the game and stakes part, the same in every hand of a table
            game = self.game(*key)
            if len(_HEADS) < 4096:
                _HEADS[key] = game
        if not game:
            return False
        self.unit, self.symbol, self.small, self.big, meta, fields = game
        self.amounts = _AMOUNTS[(self.unit, self.symbol)]
        self.actions = _VERBS[(self.unit, self.symbol)]
        self.meta = dict(meta)
        self.fields = fields = dict(fields)
        if date:
            y, mo, d, h, mi, s, zone = date.groups()
            try:
                fields["time"] = datetime.time(int(h), int(mi), int(s))
                datetime.date(int(y), int(mo), int(d))
            except ValueError:
                raise _Bad("the date or time is not valid", 0) from None
            fields.update(year=int(y), month=int(mo), day=int(d))
            if zone:
                fields["time_zone_abbreviation"] = zone
        fields["hand"] = int(number)
        return True

    def game(self, home: str | None, club: str | None,
             head: str) -> _Game | tuple[()]:
        """What the header says before the date: ``(unit, currency symbol,
        small bet, big bet, meta, fields)``, or ``()`` for another game."""
        meta: dict[str, Any] = {}
        if club is not None:
            meta["club"] = club
        if home:
            meta["home_game"] = True
        if "Razz" not in head:
            return ()
        if "Razz Limit" not in head:
            raise _Bad("a razz header names 'Razz Limit'", 0)
        stakes = STAKES.findall(head)
        if not stakes:
            raise _Bad("no stakes (small bet/big bet) in the header", 0)
        small_text, big_text, currency = stakes[-1]
        tournament = head.startswith("Tournament #")
        cash = not tournament and any(c in small_text + big_text for c in "$€£.")
        self.unit = unit = CENT if cash else CHIP
        meta["unit"] = unit
        self.symbol = symbol = small_text[0] if small_text[:1] in SYMBOLS else ""
        self.amounts = _AMOUNTS.setdefault((unit, symbol), {})
        _VERBS.setdefault((unit, symbol), {})
        try:
            small = self.amount(small_text, 0)
            big = self.amount(big_text, 0)
        except _Bad as bad:
            raise _Bad(f"stakes: {bad}", 0) from None
        fields: dict[str, Any] = {}
        if currency:
            fields["currency"] = currency
        if symbol:
            fields["currency_symbol"] = symbol
        if tournament:
            number_end = head.find(",")
            meta["tournament"] = head[len("Tournament #"): number_end]
            after = head[number_end + 2:] if number_end > 0 else ""
            game_at = after.find(" Razz") if "(Razz" not in after else after.find(" (Razz")
            if game_at > 0:
                words = after[:game_at].split(" ")
                if "(Razz" in after:  # "100+9 8-Game (Razz Limit)"
                    meta["game"] = words.pop()
                meta["buy_in"] = " ".join(words)
            level = LEVEL.search(head)
            if level:
                fields["level"] = roman(level.group(1))
        else:
            at = head.find(" (Razz Limit,")
            if at > 0:
                meta["game"] = head[:at].split(" ")[-1]
        return unit, symbol, small, big, meta, fields

    def amount(self, text: str, at: int) -> int:
        cache = self.amounts
        value = cache.get(text)
        if value is None:
            try:
                value = parse_amount(text, self.unit, self.symbol)
            except ValueError as exc:
                raise _Bad(str(exc), at) from None
            if len(cache) < 65536:
                cache[text] = value
        return value

    def seats(self) -> int:
        lines = self.lines
        if len(lines) < 2:
            raise _Bad("the hand ends after its header (truncated)", 0)
        m = TABLE.match(lines[1])
        if not m:
            raise _Bad("expected the table line (Table 'NAME' N-max)", 1)
        self.fields["table"] = m.group(1)
        self.fields["seat_count"] = int(m.group(2))
        numbers: list[int] = []
        names: list[str] = []
        stacks: list[int] = []
        out: list[bool] = []
        index: dict[str, int] = {}
        seat_index: dict[str, int] = {}
        seat_count = self.fields["seat_count"]
        amounts = self.amounts
        i = 2
        count = len(lines)
        while i < count and lines[i].startswith(SEAT_LINE):
            m = SEAT.fullmatch(lines[i])
            if not m:
                raise _Bad("a seat line is 'Seat N: NAME (STACK in chips)'", i)
            number_text, name, stack, rest = m.groups()
            number = int(number_text)
            if (numbers and number <= numbers[-1]) or name in index:
                raise _Bad("seats must be listed once each, in seat order", i)
            if not 1 <= number <= seat_count:
                raise _Bad(f"no seat {number} at a {seat_count}-max table", i)
            index[name] = seat_index[str(number)] = len(names)
            numbers.append(number)
            names.append(name)
            value = amounts.get(stack)
            stacks.append(self.amount(stack, i) if value is None else value)
            out.append("sitting out" in rest)
            i += 1
        if len(names) < 2 and i >= count - 1:  # the lines end among the seats
            raise _Bad(TRUNCATED, count - 1)
        if not 2 <= len(names) <= 8:
            raise _Bad(f"a razz table seats 2 to 8 players, not {len(names)}", i - 1)
        self.numbers = numbers
        self.names = names
        self.stacks = stacks
        self.sitting_out = out
        self.index = index
        self.seat_index = seat_index
        self.by_length = sorted(names, key=len, reverse=True)
        self.plain = not any(": " in name for name in names)
        return i

    def who(self, line: str) -> tuple[int, str] | None:
        """``(player, rest)`` for a line ``NAME: rest`` of a seated player
        (the longest seated name that fits)."""
        if self.plain:  # no name holds ": ": the first ": " ends the name
            name, rest = _split(line)
            p = self.index.get(name)
            return None if p is None else (p, rest)
        for name in self.by_length:
            if line.startswith(name) and line.startswith(": ", len(name)):
                return self.index[name], line[len(name) + 2:]
        return None

    # -- the body ----------------------------------------------------------------

    def body(self, i: int) -> None:
        lines = self.lines
        n = len(self.names)
        self.antes = [0] * n
        self.ante_line = [-1] * n
        self.seen: list[list[int | None]] = [[None] * 7 for _ in range(n)]
        self.known: list[list[int | None]] = [[None] * 7 for _ in range(n)]
        self.last = [""] * n  # each player's cards as the last "Dealt to" line shows them
        self.receivers: dict[int, list[int]] = {}
        self.street_line: dict[int, int] = {}
        self.events: list[tuple[Any, ...]] = []
        self.folded = [False] * n
        self.put = [0] * n
        self.back = [0] * n
        self.won = [0] * n
        self.money_line = [-1] * n
        self.shows: dict[int, tuple[int, tuple[int, ...]]] = {}
        self.mucks: dict[int, int] = {}
        self.bring_in = -1
        self.short_bring_in = 0
        self.short_calls = 0  # the largest all-in call of a short bring-in
        self.total: tuple[int, int, int] | None = None
        self.stated: list[int] | None = None  # the total line's main and side pots
        self.collected: list[tuple[int, int, int, int]] = []  # (player, amount, pot, line)
        self.pending: _Bad | None = None
        self.summary_bad: _Bad | None = None
        self.used: set[int] = set()
        street = 0
        bets = [0] * n
        high = 0
        section = _ANTES
        dealt_in: list[int] = []
        who = self.who
        index = self.index
        plain = self.plain
        amounts = self.amounts
        antes, ante_line, put = self.antes, self.ante_line, self.put
        sitting_out = self.sitting_out if True in self.sitting_out else None
        summary_heads = [f"Seat {k}: {name} " for k, name in zip(self.numbers, self.names,
                                                                  strict=True)]
        seat_index = self.seat_index
        splits = _SPLITS
        for i in range(i, len(lines)):  # noqa: B020 (the seats end where the body starts)
            line = lines[i]
            head = line[0]
            if head == "*" and line.startswith(MARKER_LINE):
                k = STREETS.get(line)
                if k is not None and section <= _STREETS and k == max(street + 1, 3):
                    self.all_called(bets, i)
                    if k == 3:
                        dealt_in = self.in_hand()
                    street = k
                    section = _STREETS
                    bets = [0] * n
                    high = 0
                    self.street_line[k] = i
                    folded = self.folded
                    self.receivers[k] = [p for p in dealt_in if not folded[p]]
                    self.event(("deal", i, k))
                elif line == SHOW_DOWN and section == _STREETS:
                    self.all_called(bets, i)
                    section = _SHOWDOWN
                elif line == SUMMARY and _STREETS <= section <= _SHOWDOWN:
                    self.all_called(bets, i)
                    section = _SUMMARY
                else:
                    raise _Bad("this street marker is unknown or out of order", i)
            elif section == _SUMMARY:
                if head == "S" and line.startswith(SEAT_LINE):
                    colon = line.find(": ", 5)
                    p = seat_index.get(line[5:colon], -1) if colon > 0 else -1
                    if p < 0 or not line.startswith(summary_heads[p]):
                        raise _Bad("this summary line is not 'Seat N: NAME ...' for a seated "
                                   "player", i)
                    if self.won[p] or " won (" in line or " collected (" in line:
                        self.summary_seat(p, line, len(summary_heads[p]) - 1, i)
                else:
                    self.summary_line(line, i)
            elif head == "D" and section == _STREETS and line.startswith(DEALT_LINE):
                self.dealt(line, i, street)
            else:
                if plain:  # the first ": " ends the name (who(), inlined)
                    name, rest = splits.get(line) or _split(line)
                    p = index.get(name, -1)
                else:
                    found = who(line)
                    p, rest = found if found is not None else (-1, "")
                if p >= 0:
                    if section == _STREETS:
                        high = self.action(p, rest, i, street, bets, high)
                    elif section == _ANTES and rest.startswith("posts the ante "):
                        text = rest[15:]
                        if text.endswith(" and is all-in"):
                            text = text[:-14]
                        if sitting_out is not None and sitting_out[p]:
                            self.not_sitting_out(p, i)
                        if ante_line[p] >= 0:
                            raise _Bad("this player already posted the ante", i)
                        value = amounts.get(text)
                        antes[p] = value = self.amount(text, i) if value is None else value
                        ante_line[p] = i
                        put[p] += value
                    elif not (section == _SHOWDOWN and self.showdown_line(p, rest, i)) and (
                        not IGNORED.fullmatch(line)
                    ):
                        raise _Bad("this line is not understood here", i)
                elif not self.money(line, i, bets) and not IGNORED.fullmatch(line):
                    raise _Bad("this line is not understood", i)
        if section != _SUMMARY or self.total is None:
            raise _Bad(TRUNCATED, len(lines) - 1)

    def event(self, event: tuple[Any, ...]) -> None:
        if len(self.events) >= MAX_EVENTS:
            raise _Bad(f"the hand has more than {MAX_EVENTS} actions, more than the reader "
                       f"takes", event[1])
        self.events.append(event)

    def in_hand(self) -> list[int]:
        """The players dealt in: those who posted the ante; in a game without
        antes, every player with chips who is not sitting out."""
        ante_line = self.ante_line
        if max(ante_line) >= 0:
            return [p for p, at in enumerate(ante_line) if at >= 0]
        out, stacks = self.sitting_out, self.stacks
        return [p for p in range(len(out)) if not out[p] and stacks[p] > 0]

    def dealt(self, line: str, i: int, street: int) -> None:
        if street == 3:
            name, sep, cards_text = line.rpartition(" [")
            old_text = new_text = ""
        else:
            head, sep, new_text = line.rpartition(" [")
            name, sep, old_text = head.rpartition(" [")
            if old_text[-1:] != "]":
                sep = ""
            old_text = old_text[:-1]
        p = self.index.get(name[9:], -1)
        if p < 0 or not sep or line[-1] != "]":
            raise _Bad("expected 'Dealt to NAME [cards]' (3rd street) or 'Dealt to NAME "
                       "[cards so far] [new card]' for a seated player", i)
        if self.sitting_out[p]:
            self.not_sitting_out(p, i)
        if p not in self.receivers[street]:
            raise _Bad("cards dealt to a player who is not in the hand", i)
        seen, known, used = self.seen[p], self.known[p], self.used
        if street > 3:
            new_text = new_text[:-1]
            if old_text == self.last[p]:  # the cards of the last line, and one more
                new = _CARD_GROUPS.get(new_text) or _cards(new_text, i)
                if len(new) != 1 or known[street - 1] is not None:
                    raise _Bad("expected one new card", i)
                c = new[0]
                if c in used:
                    self.take(c, i)
                used.add(c)
                seen[street - 1] = known[street - 1] = c
                self.last[p] = f"{old_text} {new_text}"
                return
            self.last[p] = f"{old_text} {new_text}"
            old = _cards(old_text, i)
            cards = _cards(new_text, i)
            if len(cards) != 1:
                raise _Bad("one new card per street", i)
            if len(old) == street - 1:
                first = 0
            elif len(old) == street - 3:
                first = 2
            else:
                raise _Bad(f"{len(old)} cards so far on street {street}", i)
            for slot, c in enumerate(old, first):
                if known[slot] != c:
                    if known[slot] is None and slot < 2:
                        self.take(c, i)
                        seen[slot] = known[slot] = c
                    else:
                        raise _Bad(f"{format_card(c)} was not dealt to this player", i)
            slots: tuple[int, ...] = (street - 1,)
        else:
            cards_text = cards_text[:-1]
            self.last[p] = cards_text
            cards = _CARD_GROUPS.get(cards_text) or _cards(cards_text, i)
            if len(cards) == 1:
                slots = (2,)
            elif len(cards) == 3:
                slots = (0, 1, 2)
            else:
                raise _Bad("3rd street shows the door card, or all three cards", i)
        for slot, c in zip(slots, cards, strict=True):
            if known[slot] is not None:
                raise _Bad("this card was already dealt", i)
            self.take(c, i)
            seen[slot] = known[slot] = c

    def take(self, c: int, i: int) -> None:
        if c in self.used:
            raise _Bad(f"{format_card(c)} is dealt twice", i)
        self.used.add(c)

    def not_sitting_out(self, p: int, i: int) -> None:
        if self.sitting_out[p]:
            raise _Bad(f"{self.names[p]} is listed as sitting out, so takes no part in the "
                       f"hand", i)

    def verb(self, rest: str, i: int) -> tuple[int, int, int, bool] | None:
        """``(verb, amount, total, all_in)`` of a betting action (``total``
        only for a raise), ``None`` if ``rest`` is no betting action."""
        parsed = self.actions.get(rest)
        if parsed is not None:
            return parsed
        allin = rest.endswith(" and is all-in")
        text = rest[:-14] if allin else rest
        verb, _, arg = text.partition(" ")
        amount = total = 0
        if text == "folds":
            kind = _FOLD
        elif text == "checks":
            kind = _CHECK
        elif text.startswith(("brings in for ", "brings-in low for ")):
            kind = _BRING
            amount = self.amount(text.rsplit(" ", 1)[1], i)
        elif verb == "calls":
            kind = _CALL
            amount = self.amount(arg, i)
        elif verb == "bets":
            kind = _BET
            amount = self.amount(arg, i)
        elif verb == "raises":
            by, to, to_text = arg.partition(" to ")
            if not to:
                raise _Bad("a raise is 'raises X to Y'", i)
            kind = _RAISE
            total = self.amount(to_text, i)
            amount = self.amount(by, i)
        else:
            return None
        parsed = (kind, amount, total, allin)
        if len(self.actions) < 65536:
            self.actions[rest] = parsed
        return parsed

    def action(self, p: int, rest: str, i: int, street: int, bets: list[int], high: int) -> int:
        if self.sitting_out[p] and rest not in ("is sitting out", "sits out"):
            self.not_sitting_out(p, i)
        parsed = self.verb(rest, i)
        if parsed is None:
            rest = rest[:-14] if rest.endswith(" and is all-in") else rest
            if self.showdown_line(p, rest, i) or rest in ("is sitting out", "sits out"):
                return high
            raise _Bad("this action is not understood", i)
        kind, put, total, allin = parsed
        if kind <= _CHECK:
            if allin:
                raise _Bad("this action cannot be all-in", i)
            if kind == _FOLD:
                self.folded[p] = True
                self.event(("act", i, p, "f", 0, False, street))
            else:
                self.event(("act", i, p, "cc", 0, False, street))
            return high
        if kind == _BRING:
            if allin:  # short: the structure's bring-in is what the others call
                self.short_bring_in = put
            elif put > self.bring_in:
                self.bring_in = put
        elif kind == _CALL:
            if (street == 3 and self.short_bring_in and put > self.bring_in
                    and not _high_raised(self.events)):
                if allin:  # all-in for no more than the bring-in
                    self.short_calls = max(self.short_calls, put)
                else:
                    self.bring_in = put
        elif kind == _RAISE:
            if (street == 3 and self.bring_in < 0 and 0 < self.short_bring_in <= high
                    and high <= total - put < total and not _high_raised(self.events)):
                # the bring-in was short and all-in (and any calls of it too):
                # the completion tells the full one
                self.bring_in = total - put
            elif put != total - high:
                to_text = rest.partition(" to ")[2]
                to_text = to_text[:-14] if allin else to_text
                raise _Bad(f"a raise to {to_text} over a bet of {high} is by "
                           f"{total - high}, not {put}", i)
            put = total - bets[p]
        if put <= 0:
            raise _Bad("an amount must be positive", i)
        bets[p] += put
        self.put[p] += put
        if kind >= _BET:
            self.event(("act", i, p, f"cbr {bets[p]}", bets[p], allin, street))
        else:
            self.event(("act", i, p, "pb" if kind == _BRING else "cc", put, allin, street))
        return high if high > bets[p] else bets[p]

    def showdown_line(self, p: int, rest: str, i: int) -> bool:
        if rest.startswith("shows ["):
            end = rest.find("]")
            if end < 0:
                raise _Bad("shown cards need a closing ']'", i)
            if p in self.shows:
                raise _Bad("this player already showed", i)
            cards = _cards(rest[7:end], i)
            if len(set(cards)) != len(cards):
                raise _Bad("the shown cards name a card twice", i)
            self.shows[p] = (i, cards)
            return True
        if rest.startswith("mucks hand") or rest == "doesn't show hand":
            self.mucks[p] = i
            return True
        return False

    def uncalled(self, bets: list[int]) -> tuple[int, int]:
        """``(player, amount)``: the part of the street's top bet nobody
        called (amount 0 if it was called)."""
        high = max(bets)
        if not high or bets.count(high) > 1:  # the usual case: the top bet was called
            return 0, 0
        top = bets.index(high)
        return top, high - max(b for p, b in enumerate(bets) if p != top)

    def all_called(self, bets: list[int], i: int) -> None:
        """The betting is over at line ``i``: an uncalled bet must have been
        returned by then."""
        p, back = self.uncalled(bets)
        if back:
            self.later(f"{back} of {self.names[p]}'s bet is not called, and no "
                       f"'Uncalled bet' line returns it before this line", i)
            bets[p] -= back

    def later(self, message: str, i: int) -> None:
        """A problem reported once the engine has checked the actions (a
        wrong action line before it is the better report)."""
        if self.pending is None:
            self.pending = _Bad(message, i)

    def money(self, line: str, i: int, bets: list[int]) -> bool:
        if line.startswith(UNCALLED_LINE):
            m = UNCALLED.match(line)
            if not m or m.group(2) not in self.index:
                raise _Bad("expected 'Uncalled bet (X) returned to NAME'", i)
            p = self.index[m.group(2)]
            amount = self.amount(m.group(1), i)
            top, back = self.uncalled(bets)
            if not back:
                self.later("no bet is uncalled here", i)
            elif p != top or amount != back:
                self.later(f"the uncalled part of the top bet is {back}, returned to "
                           f"{self.names[top]}", i)
            bets[top] -= back
            self.back[p] += amount
            self.money_line[p] = i
            return True
        for name in self.by_length:
            if line.startswith(name) and line.startswith(" collected ", len(name)):
                self.all_called(bets, i)  # the betting is over by a collected line
                m = COLLECTED.match(line, len(name))
                if not m:
                    raise _Bad("expected 'NAME collected X from pot'", i)
                p = self.index[name]
                amount = self.amount(m.group(1), i)
                self.won[p] += amount
                self.money_line[p] = i
                # the pot: -1 for "pot" (the only one), 0 the main pot, k side pot k
                where = m.group(2)
                pot = -1 if where == "pot" else 0 if where == "main pot" else int(m.group(3) or 1)
                if pot == 0 and where != "main pot":
                    raise _Bad("side pots are numbered from 1 (side pot-1)", i)
                if len(self.collected) >= MAX_COLLECTED:
                    raise _Bad(f"the hand has more than {MAX_COLLECTED} collected lines, more "
                               f"than the reader takes", i)
                self.collected.append((p, amount, pot, i))
                return True
        return False

    def summary_line(self, line: str, i: int) -> None:
        if line.startswith(TOTAL_LINE):
            m = TOTAL_POT.match(line)
            if not m or self.total is not None:
                raise _Bad("expected 'Total pot X | Rake Y' once", i)
            self.total = (self.amount(m.group(1), i), self.amount(m.group(3), i), i)
            if m.group(2):  # Main pot X. Side pot Y. ...
                parts = POT_PART.findall(m.group(2))
                numbers = [0 if name == "Main pot" else int(k or 1) for name, k, _ in parts]
                if numbers != list(range(len(parts))) or (len(parts) > 2 and "Side pot" in [
                        name for name, _, _ in parts]):
                    raise _Bad("the pots are 'Main pot X. Side pot Y.' or 'Main pot X. Side "
                               "pot-1 Y. Side pot-2 Z. ...', in order", i)
                self.stated = [self.amount(text, i) for _, _, text in parts]
        else:
            raise _Bad("this summary line is not understood", i)

    def summary_seat(self, p: int, line: str, at: int, i: int) -> None:
        """``Seat N: NAME ...`` (``at``: where NAME ends): what it says the
        player won must be what the collected lines gave."""
        amounts = SUMMARY_WON.findall(line, at)
        won = sum(self.amount(text, i) for text in amounts)
        if (won != self.won[p] or (self.won[p] and not amounts)) and self.summary_bad is None:
            # reported after the engine's checks, which name the wrong line if one is
            self.summary_bad = _Bad(f"the summary says {self.names[p]} won {won}, the "
                                    f"collected lines give {self.won[p]}", i)
