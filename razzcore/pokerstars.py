"""PokerStars hand histories of razz: read them (checked by the engine) and
write them.

* :func:`loads` / :func:`load` read every razz hand of a PokerStars text
  file (cash games, tournaments, home games, razz inside HORSE, 8-Game and
  other mixed games) as :class:`~razzcore.phh.HandHistory` objects; hands of
  other games are skipped.  :func:`loads_report` also says how many were
  skipped and which hands were malformed.
* :func:`dumps` / :func:`dump` write hand histories (razzcore's simulated
  hands included) as PokerStars text that :func:`loads` reads back.

Every hand is replayed on the engine (profile ``online``) while it is read:
a wrong actor or amount, a bring-in by the wrong door card, money that does
not add up, a collected amount the showdown contradicts, or a line that is
not understood raises :class:`PokerStarsError` naming the hand number and the
line (``on_error="skip"`` leaves the hand out with a
:class:`PokerStarsWarning` instead).  Amounts are exact integers: cents in
cash games, chips in tournaments and play-money games (the user field
``_pokerstars`` says which, as ``unit``); the rake is kept in
``_razzcore_rake`` and taken by the engine when it replays the hand.

>>> from razzcore import pokerstars
>>> text = pokerstars.dumps([pokerstars.EXAMPLE])
>>> hh = pokerstars.loads(text)[0]
>>> hh.players, hh.starting_stacks, hh.rake
(['alpha', 'bravo [x]', 'charlie'], [1000, 735, 320], 30)
>>> hh.replay().stacks == tuple(hh.finishing_stacks)
True
"""

from __future__ import annotations

import datetime
import random
import warnings
from itertools import compress, repeat
from typing import IO, Any, NamedTuple

from ._pokerstars_lines import (
    _CARD_GROUPS,
    _PHH_CARD,
    CENT,
    CHIP,
    COLLECTED,
    DATE,
    DEALT_LINE,
    HAND_LINE,
    HAND_START,
    HEADER,
    IGNORED,
    LEVEL,
    MARKER_LINE,
    META_FIELD,
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
    UNCALLED,
    UNCALLED_LINE,
    PokerStarsError,
    PokerStarsWarning,
    card_group,
    parse_amount,
    phh_cards,
    roman,
)
from ._core import _read_pokerstars_hand, _split_pokerstars
from ._pokerstars_write import EXAMPLE, dump, dumps
from .cards import format_card
from .engine import pack_rules
from .errors import IllegalActionError, RazzError, RulesError, brief
from .hand import Hand
from .phh import HandHistory, read_file_object
from .rules import Rules

__all__ = [
    "EXAMPLE",
    "PokerStarsError",
    "PokerStarsWarning",
    "Report",
    "dump",
    "dumps",
    "load",
    "loads",
    "loads_report",
]

PROFILE = "online"
"""The rule profile PokerStars hands are replayed with (its authority)."""


class Report(NamedTuple):
    """What :func:`loads_report` found: the razz ``hands``, the number of
    hands of ``other_games`` skipped, and each malformed hand's error."""

    hands: list[HandHistory]
    other_games: int
    errors: list[PokerStarsError]


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
_UTF8: dict[str, bytes] = {}
_PACKED: dict[tuple[int, int, int, int], bytes] = {}  # the same key as _RULES
_MAX_CHIPS = 1 << 53
COMPILED = True
"""Whether hands are first offered to the compiled reader (which leaves
every hand it does not fully read and check to the reference reader here,
with the same results); ``False`` reads every hand with the reference."""
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


class _Reader:
    """One razz hand: the lines are read into per-player cards and a list of
    events, then replayed on the engine, which builds the PHH actions."""

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
        events = self.events
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
                    events.append(("deal", i, k))
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
            raise _Bad("the hand ends before its summary and total pot (truncated)",
                       len(lines) - 1)

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
                self.events.append(("act", i, p, "f", 0, False))
            else:
                self.events.append(("act", i, p, "cc", 0, False))
            return high
        if kind == _BRING:
            if allin:  # short: the structure's bring-in is what the others call
                self.short_bring_in = put
            elif put > self.bring_in:
                self.bring_in = put
        elif kind == _CALL:
            if (street == 3 and self.short_bring_in and not allin and put > self.bring_in
                    and not _high_raised(self.events)):
                self.bring_in = put
        elif kind == _RAISE:
            if (street == 3 and self.bring_in < 0 and 0 < self.short_bring_in == high
                    and high <= total - put < total):
                # the bring-in was short and all-in: the raise tells the full one
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
            self.events.append(("act", i, p, f"cbr {bets[p]}", bets[p], allin))
        else:
            self.events.append(("act", i, p, "pb" if kind == _BRING else "cc", put, allin))
        return high if high > bets[p] else bets[p]

    def showdown_line(self, p: int, rest: str, i: int) -> bool:
        if rest.startswith("shows ["):
            end = rest.find("]")
            if end < 0:
                raise _Bad("shown cards need a closing ']'", i)
            if p in self.shows:
                raise _Bad("this player already showed", i)
            self.shows[p] = (i, _cards(rest[7:end], i))
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
        if " collected " in line:
            self.all_called(bets, i)
        for name in self.by_length:
            if line.startswith(name) and line.startswith(" collected ", len(name)):
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

    # -- replay ---------------------------------------------------------------

    def replay(self) -> HandHistory:
        n = len(self.names)
        if self.total is None:  # body() guarantees it; keeps the types exact
            raise _Bad("no total pot", len(self.lines) - 1)
        total, rake, total_at = self.total
        dealt = self.in_hand()
        for p in [p for p in dealt if self.known[p][2] is None]:  # no door card
            if any(a >= 0 for a in self.ante_line) or 3 not in self.street_line:
                raise _Bad(f"{self.names[p]} is in the hand but is dealt no door card",
                           self.street_line.get(3, len(self.lines) - 1))
            dealt.remove(p)  # no antes in this game: a seat waiting for the next hand
            for seats in self.receivers.values():
                if p in seats:
                    seats.remove(p)
        if len(dealt) < 2:
            raise _Bad("fewer than two players are dealt in", 1)
        ante = max(self.antes)
        for p in dealt:
            if self.antes[p] != min(ante, self.stacks[p]):
                raise _Bad(f"the ante is {ante}: this player posts {self.antes[p]}",
                           max(self.ante_line[p], 1))
        bring_in = self.bring_in if self.bring_in >= 0 else max(self.short_bring_in,
                                                                 self.small // 2)
        try:
            rules = _rules(ante, bring_in, self.small, self.big)
        except RulesError as exc:
            raise _Bad(f"the stakes do not make a razz structure: {exc}", 0) from None
        self.fill_shown()
        deck = self.deck(dealt)
        absent = [p for p in range(n) if p not in dealt and self.stacks[p] > 0]
        stacks = self.stacks

        split: list[int] | None = None

        def start() -> Hand:
            try:
                return Hand(rules, stacks, deck=deck, rng=_NO_SHUFFLE, manual_showdown=True,
                            absent=absent, replay=True, rake=rake if split is None else split)
            except RazzError as exc:
                raise _Bad(f"the engine cannot start this hand: {exc}", 2) from None

        actions = self.play(start(), dealt, False)
        split = self.rake_split(rake)
        if split is not None:  # the text rakes the pots otherwise: the engine follows it
            actions = self.play(start(), dealt, False)
        expected = [stacks[p] - self.put[p] + self.back[p] + self.won[p] for p in range(n)]
        final = list(self.final)
        pot = sum(self.put) - sum(self.back)
        if (final != expected or pot != total or sum(self.won) + rake != total
                or self.pending is not None):
            self.play(start(), dealt, True)  # the first action line the engine disagrees with
        if self.pending is not None:
            raise self.pending
        if pot != total:
            raise _Bad(f"the money lines put {pot} in the pot, the total pot says {total}",
                       total_at)
        if sum(self.won) + rake != total:
            raise _Bad(f"{sum(self.won)} collected plus rake {rake} is not the total pot "
                       f"{total}", total_at)
        self.final_ok = final == expected
        self.pots_check(total_at)
        bad = [p for p in range(n) if final[p] != expected[p]]
        if bad:
            at = next((self.money_line[p] for p in bad if self.money_line[p] >= 0), total_at)
            p = bad[0]
            raise _Bad(f"{self.names[p]} ends with {expected[p]} by the money lines, "
                       f"the engine gives {final[p]}", at)
        if self.summary_bad is not None:
            raise self.summary_bad
        return self.history(ante, bring_in, rake, actions, expected, absent, split)

    def rake_split(self, rake: int) -> list[int] | None:
        """Each pot's rake (main pot first) as the collected lines say the
        house took it, when that is not the engine's way (main pot first,
        then each side pot); ``None`` when it is, or when the collected lines
        do not fit the engine's pots (:meth:`pots_check` says how)."""
        hand = self.played
        sizes = [pot.amount for pot in hand.pots]
        count = len(sizes)
        if count < 2 or not rake:
            return None
        per_pot = [0] * count
        for _, amount, pot, _ in self.collected:
            if not 0 <= pot < count:
                return None
            per_pot[pot] += amount
        theirs = [sizes[k] - per_pot[k] for k in range(count)]
        if min(theirs) < 0 or sum(theirs) != rake:
            return None
        ours = [sizes[k] - sum(a.amount for a in hand.awards if a.pot == k)
                for k in range(count)]
        return None if theirs == ours else theirs

    def history(self, ante: int, bring_in: int, rake: int, actions: list[str],
                finishing: list[int], absent: list[int],
                rake_pots: list[int] | None = None) -> HandHistory:
        """The hand history of a hand that replayed as its text says."""
        user: dict[str, Any] = {"_razzcore_rules": {"profile": PROFILE}}
        if rake:
            user["_razzcore_rake"] = rake
        if rake_pots is not None:
            user["_razzcore_rake_pots"] = rake_pots
        if absent:
            user["_razzcore_absent"] = [p + 1 for p in absent]
        user[META_FIELD] = self.meta
        return HandHistory(
            [ante] * len(self.names), bring_in, self.small, self.big,
            list(self.stacks), actions, players=list(self.names), seats=list(self.numbers),
            finishing_stacks=finishing, ante_trimming_status=True, user_fields=user,
            **self.fields,
        )

    # -- the compiled reader ----------------------------------------------------

    def compiled(self, rest: bytes | None = None) -> HandHistory | None:
        """The hand read from its seat lines on by the compiled reader
        (``src/razz_pokerstars.h``), or ``None`` when it leaves the hand to
        :meth:`seats`, :meth:`body` and :meth:`replay`, the reference, which
        word every error: a line kind it does not read, a check that fails,
        names with ``": "`` or a seat sitting out.  ``rest``: the lines after
        the table line as UTF-8, joined by ``"\\n"`` (made from
        :attr:`lines` if not given)."""
        lines = self.lines
        m = TABLE.match(lines[1]) if len(lines) > 1 else None
        if m is None or len(m.group(2)) > 4 or not 0 <= self.small <= _MAX_CHIPS:
            return None
        if rest is None:
            try:
                rest = "\n".join(lines[2:]).encode()
            except UnicodeEncodeError:  # lone surrogates: the reference reads them
                return None
        got = _read_pokerstars_hand(rest, int(m.group(2)), self.unit == CENT,
                                    _encoded(self.symbol), self.small, self.packed_rules)
        if got is None:
            return None
        self.names, self.numbers, self.stacks, ante, bring_in, rake, actions, finishing, \
            absent = got
        self.fields["table"] = m.group(1)
        self.fields["seat_count"] = int(m.group(2))
        return self.history(ante, bring_in, rake, actions.split("\n"), finishing, absent)

    def packed_rules(self, ante: int, bring_in: int) -> bytes | None:
        """The engine's rules of the structure (``None`` if it is none)."""
        key = (ante, bring_in, self.small, self.big)
        packed = _PACKED.get(key)
        if packed is None:
            try:
                packed = pack_rules(_rules(*key))
            except RulesError:
                return None
            if len(_PACKED) < 4096:
                _PACKED[key] = packed
        return packed

    def pots_check(self, total_at: int) -> None:
        """The collected lines pot by pot, and the total line's main and side
        pots, against the pots the engine made and what it paid from each
        (after taking the rake: main pot first, or as :meth:`rake_split`
        read it from the text)."""
        hand = self.played
        awards = hand.awards
        if (self.stated is None and awards and self.final_ok
                and all(award.pot == 0 for award in awards)
                and all(pot <= 0 for _, _, pot, _ in self.collected)):
            return  # one pot (no award from a side pot), paid as the collected lines say
        sizes = [pot.amount for pot in hand.pots]
        count = len(sizes)
        text: dict[tuple[int, int], int] = {}  # (pot, player) -> collected
        line: dict[tuple[int, int], int] = {}
        per_pot = [0] * count
        for p, amount, pot, i in self.collected:
            if pot < 0:  # "from pot"
                if count > 1:
                    raise _Bad(f"the hand has {count} pots (an all-in): a collected line says "
                               f"which (main pot, side pot...)", i)
                pot = 0
            elif pot >= count:
                raise _Bad(f"the hand has {count} pot{'s' if count > 1 else ''}: there is no "
                           f"{_pot_name(pot, max(count, 2))}", i)
            elif pot == 1 and count > 2 and self.lines[i].endswith(" side pot"):
                raise _Bad(f"the hand has {count - 1} side pots: say which (side pot-1...)", i)
            text[pot, p] = text.get((pot, p), 0) + amount
            line.setdefault((pot, p), i)
            per_pot[pot] += amount
        stated = self.stated
        if stated is None and count > 1:
            raise _Bad(f"the hand has {count} pots (an all-in), but the total line names no "
                       f"main and side pots", total_at)
        if stated is not None:
            if len(stated) != count:
                raise _Bad(f"the total line names {len(stated)} pots, the money makes {count}",
                           total_at)
            for k in range(count):
                if per_pot[k] != stated[k]:
                    raise _Bad(f"the collected lines give {per_pot[k]} from the "
                               f"{_pot_name(k, count)}, the total line says {stated[k]}",
                               total_at)
        engine: dict[tuple[int, int], int] = {}
        for award in awards:
            if award.amount:
                key = (award.pot, award.seat)
                engine[key] = engine.get(key, 0) + award.amount
        if engine == text:
            return
        # The rake each pot gave by the text: never more than the pot.
        for k in range(count):
            if per_pot[k] > sizes[k]:
                raise _Bad(f"{per_pot[k]} is collected from the {_pot_name(k, count)}, which "
                           f"holds {sizes[k]}", total_at)
        for key in sorted(set(engine) | set(text), key=lambda key: line.get(key, total_at)):
            if engine.get(key, 0) != text.get(key, 0):
                pot, p = key
                at = line.get(key, self.money_line[p] if self.money_line[p] >= 0 else total_at)
                raise _Bad(f"the engine gives {engine.get(key, 0)} from the "
                           f"{_pot_name(pot, count)} to {self.names[p]}, the collected lines "
                           f"give {text.get(key, 0)}", at)

    def fill_shown(self) -> None:
        for p, (i, cards) in self.shows.items():
            known = self.known[p]
            if len(cards) != 7:
                continue  # a partial show (the hand was not contested)
            for c, k in zip(cards, known, strict=True):
                if k is not None and c != k and k not in cards:
                    raise _Bad(f"shows {' '.join(map(format_card, cards))} but was dealt "
                               f"{format_card(k)}", i)
            extra = [c for c in cards if c not in known]
            for slot in range(7):
                if known[slot] is None and extra:
                    c = extra.pop(0)
                    self.take(c, i)
                    known[slot] = c

    def deck(self, dealt: list[int]) -> bytes:
        known = self.known
        slots = [known[p][k] for k in range(3) for p in dealt]
        for street in range(4, 8):
            seats = self.receivers.get(street)
            if seats:
                cards = [known[p][street - 1] for p in seats]
                if street < 7 and None in cards:
                    raise _Bad(f"no 'Dealt to' line for {self.names[seats[cards.index(None)]]}",
                               self.street_line[street])
                slots += cards
        if len(slots) > 52:
            raise _Bad("the deck runs out: the engine would deal a community card here, and "
                       "how PokerStars writes one is not known", self.street_line[7])
        spare = sorted(_DECK - self.used, reverse=True)
        # The whole deck, in a fixed order: the text's cards where it deals
        # them, unused cards (lowest first) where nobody saw one, then the rest;
        # as bytes, which the engine reads without parsing card by card.
        laid = [c if c is not None else spare.pop() for c in slots]
        spare.reverse()
        return bytes(laid + spare)

    def play(self, hand: Hand, dealt: list[int], checked: bool) -> list[str]:
        """Replay the events on ``hand`` and return the PHH actions;
        ``checked`` also compares every action's chips with its line."""
        out: list[str] = []
        names, seen, card = self.names, self.seen, _PHH_CARD
        act = hand.act
        for event in self.events:
            if event[0] == "deal":
                i, street = event[1], event[2]
                if street == 3:
                    out += [f"d dh p{p + 1} {phh_cards(seen[p][:3])}" for p in dealt]
                    continue
                if hand.street < street or hand.is_over:
                    raise _Bad(f"the engine is not dealing street {street} now "
                               f"(street {hand.street}, hand over: {hand.is_over})", i)
                if street == 7 and hand.community_card is not None:
                    raise _Bad("the engine deals a community card here; how PokerStars "
                               "writes one is not known", i)
                out += [f"d dh p{p + 1} {card[seen[p][street - 1]]}"
                        for p in self.receivers[street]]
                continue
            _, i, p, code, amount, allin = event
            if hand.actor != p:
                actor = hand.actor
                if actor is None:
                    raise _Bad("the hand is already over or at the showdown", i)
                if code == "pb":
                    raise _Bad(f"{names[p]} brings in, but the door cards make "
                               f"{names[actor]} bring in", i)
                raise _Bad(f"it is {names[actor]}'s turn, not {names[p]}'s", i)
            if checked:
                before = hand.stacks[p]
                want = amount - hand.bets[p] if code[0] == "c" and code[1] == "b" else amount
            try:
                act(code)
            except IllegalActionError as exc:
                raise _Bad(f"the engine refuses: {exc}", i) from None
            if checked and before - hand.stacks[p] != want:
                raise _Bad(f"the engine puts in {before - hand.stacks[p]}, the line says "
                           f"{want}", i)
            if allin and hand.stacks[p]:
                raise _Bad("the player is not all-in after this action", i)
            out.append(f"p{p + 1} {code}")
        self.showdown(hand, out)
        if not hand.is_over:
            raise _Bad("the hand is not finished (truncated?)", len(self.lines) - 1)
        self.final = hand.stacks
        self.played = hand
        return out

    def showdown(self, hand: Hand, out: list[str]) -> None:
        if hand.actor is None or not hand.legal_actions()[0].startswith("sm"):
            return  # over, or still betting (the text ends early: play() says so)
        while hand.actor is not None:  # the showdown, to its end
            p = hand.actor
            shown = self.shows.get(p)
            try:
                if shown is not None and len(shown[1]) == 7:
                    # its own cards: the deck holds the shown ones (fill_shown)
                    hand.act(f"p{p + 1} sm -")
                    out.append(f"p{p + 1} sm {phh_cards(shown[1])}")
                elif p in self.mucks:
                    hand.act(f"p{p + 1} sm")
                    out.append(f"p{p + 1} sm")
                elif None not in self.known[p]:
                    hand.act(f"p{p + 1} sm -")
                    out.append(f"p{p + 1} sm {phh_cards(self.known[p])}")
                else:
                    at = self.total[2] if self.total else len(self.lines) - 1
                    raise _Bad(f"{self.names[p]} reaches the showdown, but the text neither "
                               f"shows nor mucks the hand", at)
            except IllegalActionError as exc:
                at = shown[0] if shown is not None else self.mucks.get(p, len(self.lines) - 1)
                raise _Bad(f"the engine refuses: {exc}", at) from None


def _encoded(text: str) -> bytes:
    """``text`` as UTF-8 (names and symbols come back hand after hand)."""
    data = _UTF8.get(text)
    if data is None:
        data = text.encode()
        if len(_UTF8) < 65536:
            _UTF8[text] = data
    return data


def _read_one(lines: list[str], raw: list[str], first: int, offset: int,
              compiled: bool) -> HandHistory | None:
    """The hand of ``lines`` (the non-blank lines of ``raw[first:...]``;
    ``raw[0]`` is line ``offset + 1`` of the file), offered first to the
    compiled reader if ``compiled``."""
    reader = _Reader(lines)
    try:
        if not reader.header():
            return None
        if compiled:
            hh = reader.compiled()
            if hh is not None:
                return hh
        reader.body(reader.seats())
        return reader.replay()
    except _Bad as bad:
        at = min(max(bad.at, 0), len(lines) - 1)
        number = first
        for _ in range(at + 1):  # the file line of the hand's line ``at``
            while not raw[number]:
                number += 1
            number += 1
        number += offset
        reason = f"{bad}: {brief(lines[at])}"
        raise PokerStarsError(
            f"hand #{reader.number}, line {number}: {reason}",
            hand=reader.number, line=number, reason=reason,
        ) from None


def _read_split(hand: tuple[int, int, int, str, str | None, bytes],
                data: bytes) -> HandHistory | None:
    """A hand of the compiled splitter (``_split_pokerstars``), read by the
    compiled reader; the reference reads it from its raw lines when the
    compiled reader leaves it (or its header is not understood)."""
    first, start, end, head, table, rest = hand
    reader = _Reader([head] if table is None else [head, table])
    try:
        if not reader.header():
            return None
        hh = None if table is None else reader.compiled(rest)
    except _Bad:  # the reference says what is wrong, and where
        hh = None
    if hh is not None:
        return hh
    raw = list(map(str.strip, data[start:end].decode().splitlines()))
    return _read_one(list(filter(None, raw)), raw, 0, first, False)


def loads_report(text: str | bytes, *, on_error: str = "raise") -> Report:
    """Read every razz hand of ``text`` and say what else was found (see
    :func:`loads`): ``Report(hands, other_games, errors)``.

    >>> r = loads_report(dumps([EXAMPLE]) + "\\n\\nPokerStars Hand #9: Hold'em No Limit "
    ...                  "($0.01/$0.02 USD) - 2026/01/01 10:00:00 ET\\n")
    >>> len(r.hands), r.other_games, r.errors
    (1, 1, [])
    """
    if on_error not in ("raise", "skip"):
        raise PokerStarsError(f"on_error must be 'raise' or 'skip', not {brief(on_error)}")
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise PokerStarsError(f"a PokerStars file is UTF-8 text: {exc}") from None
    if not isinstance(text, str):
        raise PokerStarsError(f"expected PokerStars text, not {type(text).__name__}")
    text = text.lstrip("\ufeff")
    split = None
    if COMPILED:
        try:
            data = text.encode()
        except UnicodeEncodeError:  # lone surrogates: the reference splits the text
            pass
        else:
            split = _split_pokerstars(data)
    hands: list[HandHistory] = []
    errors: list[PokerStarsError] = []
    other = 0
    reads: list[tuple[Any, tuple[Any, ...]]]
    if split is not None:
        reads = [(_read_split, (hand, data)) for hand in split]
    else:
        lines = list(map(str.strip, text.splitlines()))
        heads = [i for i in compress(range(len(lines)),
                                     map(str.startswith, lines, repeat(HAND_LINE)))
                 if HAND_START.match(lines[i])]
        before = next((i for i in range(heads[0] if heads else len(lines)) if lines[i]), -1)
        if before >= 0:
            reason = f"text before the first hand header: {brief(lines[before])}"
            error = PokerStarsError(f"line {before + 1}: {reason}", line=before + 1,
                                    reason=reason)
            if on_error == "raise":
                raise error
            warnings.warn(PokerStarsWarning(str(error)), stacklevel=2)
            errors.append(error)
        heads.append(len(lines))
        reads = [(_read_one, (list(filter(None, lines[heads[k]:heads[k + 1]])), lines,
                              heads[k], 0, COMPILED))
                 for k in range(len(heads) - 1)]
    for read, args in reads:
        try:
            hh = read(*args)
        except PokerStarsError as exc:
            if on_error == "raise":
                raise
            warnings.warn(PokerStarsWarning(str(exc)), stacklevel=2)
            errors.append(exc)
        else:
            if hh is None:
                other += 1
            else:
                hands.append(hh)
    return Report(hands, other, errors)


def loads(text: str | bytes, *, on_error: str = "raise") -> list[HandHistory]:
    """Every razz hand of a PokerStars text, in file order, each checked by
    replaying it on the engine.  Hands of other games are skipped.

    A malformed hand raises :class:`PokerStarsError` naming its number and
    line; with ``on_error="skip"`` it is left out with a
    :class:`PokerStarsWarning` and the other hands still load.

    >>> hands = loads(dumps([EXAMPLE]))
    >>> hands[0].hand, hands[0].actions[3:5]
    (100000000001, ['p1 pb', 'p2 cbr 50'])
    >>> loads(dumps([EXAMPLE]).replace("calls $0.50", "calls $0.40", 1))
    Traceback (most recent call last):
    ...
    razzcore.pokerstars.PokerStarsError: hand #100000000001, line 15: the engine puts in 50, \
the line says 40: 'charlie: calls $0.40'
    """
    return loads_report(text, on_error=on_error).hands


def load(fp: IO[str] | IO[bytes], *, on_error: str = "raise") -> list[HandHistory]:
    """:func:`loads` of a file opened in text or binary mode.

    >>> import io
    >>> len(load(io.StringIO(dumps([EXAMPLE, EXAMPLE]))))
    2
    """
    try:
        text = read_file_object(fp, "pokerstars.load")
    except RazzError as exc:
        raise PokerStarsError(str(exc)) from None
    return loads(text, on_error=on_error)
