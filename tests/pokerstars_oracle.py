"""A plain reader of PokerStars razz hands: the oracle the product reader
(``razzcore.histories.pokerstars``, compiled in ``src/razz_pokerstars*.h``)
is compared with, hand for hand and message for message.

:class:`pokerstars_oracle_lines._Lines` reads a hand's lines in Python into
per-player cards, amounts and a list of events; :class:`_Reader` replays the
events on the engine one ``Hand.act`` at a time, checking every amount and
pot; :func:`loads_report` reads a whole text (split by the product's
splitter) as ``razzcore.pokerstars.loads_report(text, on_error="skip")``
does.

>>> from razzcore import pokerstars
>>> text = pokerstars.dumps([pokerstars.EXAMPLE])
>>> loads_report(text).hands == pokerstars.loads(text)
True
"""

from __future__ import annotations

import warnings
from typing import Any

from pokerstars_oracle_lines import (
    _DECK,
    _NO_SHUFFLE,
    PROFILE,
    _Bad,
    _Lines,
    _pot_name,
    _rules,
)

from razzcore._core import SHOW, _split_pokerstars
from razzcore.cards import format_card
from razzcore.engine.hand import Hand
from razzcore.errors import IllegalActionError, RazzError, RulesError, brief
from razzcore.histories._pokerstars_lines import (
    _PHH_CARD,
    HAND_LINE,
    HAND_START,
    META_FIELD,
    TRUNCATED,
    PokerStarsError,
    PokerStarsWarning,
    phh_cards,
)
from razzcore.histories.phh import HandHistory


class _Reader(_Lines):
    """One razz hand: the lines are read into per-player cards and a list of
    events, then replayed on the engine, which builds the PHH actions."""

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
        bring_in = self.bring_in if self.bring_in >= 0 else max(
            self.short_bring_in, self.short_calls, self.small // 2)
        try:
            rules = _rules(ante, bring_in, self.small, self.big)
        except RulesError as exc:
            raise _Bad(f"the stakes do not make a razz structure: {exc}", 0) from None
        self.fill_shown()
        deck = self.deck(dealt)
        absent = [p for p in range(n) if p not in dealt and self.stacks[p] > 0]
        stacks = self.stacks
        expected = [stacks[p] - self.put[p] + self.back[p] + self.won[p] for p in range(n)]
        split: list[int] | None = None

        def start() -> Hand:
            try:
                return Hand(rules, stacks, deck=deck, rng=_NO_SHUFFLE, manual_showdown=True,
                            absent=absent, replay=True, rake=rake if split is None else split)
            except RazzError as exc:
                raise _Bad(f"the engine cannot start this hand: {exc}", 2) from None

        for other in self.unposted_bring_ins(bring_in):
            # Nobody posted the bring-in (its player completed): the text does
            # not say it, and it still decides what the engine allows (R7,
            # R17).  The first amount the hand replays with, to its stacks.
            try:
                rules = _rules(ante, other, self.small, self.big)
                self.play(start(), dealt)
            except (RulesError, _Bad):
                continue
            if list(self.final) == expected:
                bring_in = other
                break
        rules = _rules(ante, bring_in, self.small, self.big)
        actions = self.play(start(), dealt)
        split = self.rake_split(rake)
        if split is not None:  # the text rakes the pots otherwise: the engine follows it
            actions = self.play(start(), dealt)
        final = list(self.final)
        pot = sum(self.put) - sum(self.back)
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

    def unposted_bring_ins(self, first: int) -> list[int]:
        """The bring-ins to try, ``first`` (half the small bet, or the least
        the text allows) first, when the text never posts a whole one: at
        least what was posted or called all-in for it (a stack that does not
        exceed the bring-in posts or calls it all-in, R7); none when a whole
        one was posted or called."""
        if self.bring_in >= 0:
            return []
        least = max(self.short_bring_in, self.short_calls, 1)
        smaller = {self.small // 3, self.small // 4, self.small // 5, self.small // 10, least}
        return [first, *sorted((a for a in smaller if least <= a < first), reverse=True)]

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
        for key in sorted(set(engine) | set(text), key=lambda key: (line.get(key, total_at), key)):
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
        for p, (i, cards) in self.shows.items():  # a partial show: the player's own cards
            for c in cards:
                if c not in self.known[p] and c in self.used:
                    raise _Bad(f"shows {format_card(c)}, which is another player's card", i)

    def deck(self, dealt: list[int]) -> bytes:
        known = self.known
        slots = [known[p][k] for k in range(3) for p in dealt]
        for street in range(4, 8):
            seats = self.receivers.get(street)
            if seats:
                cards = [known[p][street - 1] for p in seats]
                lines = [self.seen[p][street - 1] for p in seats]  # up cards: a line each
                if street < 7 and None in lines:
                    raise _Bad(f"no 'Dealt to' line for {self.names[seats[lines.index(None)]]}",
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

    def play(self, hand: Hand, dealt: list[int]) -> list[str]:
        """Replay the events on ``hand`` and return the PHH actions, each
        action's chips compared with its line."""
        out: list[str] = []
        names, seen, card = self.names, self.seen, _PHH_CARD
        act = hand.act
        log = hand._log
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
            _, i, p, code, amount, allin, street = event
            if (hand.actor is not None and hand._betting_state()[0] != SHOW
                    and hand.street != street):
                raise _Bad(f"the engine is on street {hand.street} here, this line on street "
                           f"{street} (a street marker is missing)", i)
            if hand.actor != p:
                actor = hand.actor
                if actor is None:
                    raise _Bad("the hand is already over or at the showdown", i)
                if code == "pb":
                    raise _Bad(f"{names[p]} brings in, but the door cards make "
                               f"{names[actor]} bring in", i)
                raise _Bad(f"it is {names[actor]}'s turn, not {names[p]}'s", i)
            before = hand.stacks[p]
            want = amount - hand.bets[p] if code[0] == "c" and code[1] == "b" else amount
            mark = len(log)
            try:
                act(code)
            except IllegalActionError as exc:
                raise _Bad(f"the engine refuses: {exc}", i) from None
            # what the action ended the round with: the part of p's wager
            # nobody called, returned (its own "Uncalled bet" line)
            back = sum(e[2] for e in log[mark:] if e[0] == "back" and e[1] == p)
            if before - hand.stacks[p] + back != want:
                raise _Bad(f"the engine puts in {before - hand.stacks[p] + back}, the line says "
                           f"{want}", i)
            if allin and hand.stacks[p] - back:
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


# ------------------------------------------------------------- a whole text


def _read_one(lines: list[str], raw: list[str], offset: int) -> HandHistory | None:
    """The hand of ``lines`` (the non-blank lines of ``raw``; ``raw[0]`` is
    line ``offset + 1`` of the file)."""
    reader = _Reader(lines)
    try:
        if not reader.header():
            return None
        reader.body(reader.seats())
        return reader.replay()
    except _Bad as bad:
        at = min(max(bad.at, 0), len(lines) - 1)
        if at == len(lines) - 1 and getattr(reader, "total", None) is None:
            bad = _Bad(TRUNCATED, at)  # its last line is cut, or the lines after it
        number = 0
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


def _is_head(line: str) -> bool:
    return line.startswith(HAND_LINE) and HAND_START.match(line) is not None


class Report:
    """What :func:`loads_report` found (as ``pokerstars.Report``)."""

    def __init__(self, hands: list[HandHistory], other_games: int,
                 errors: list[PokerStarsError]) -> None:
        self.hands, self.other_games, self.errors = hands, other_games, errors


def loads_report(text: str | bytes) -> Report:
    """Every razz hand of ``text`` (malformed hands left out with a
    ``PokerStarsWarning``, as ``on_error="skip"`` does)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise PokerStarsError(f"a PokerStars file is UTF-8 text: {exc}") from None
    text = text.replace("\ufeff", "")
    data = text.encode("utf-8", "surrogatepass")
    split = _split_pokerstars(data, False, _is_head)
    if split is None:
        data = "\n".join(map(str.strip, text.splitlines())).encode("utf-8", "surrogatepass")
        split = _split_pokerstars(data, True, _is_head)
    assert split is not None
    before, line, hands_split = split
    hands: list[HandHistory] = []
    errors: list[PokerStarsError] = []
    other = 0
    if before >= 0:
        reason = f"text before the first hand header: {brief(line)}"
        error = PokerStarsError(f"line {before + 1}: {reason}", line=before + 1, reason=reason)
        warnings.warn(PokerStarsWarning(str(error)), stacklevel=2)
        errors.append(error)
    for first, start, end, _, _, _ in hands_split:
        raw = list(map(str.strip, data[start:end].decode("utf-8", "surrogatepass").splitlines()))
        try:
            hh = _read_one(list(filter(None, raw)), raw, first)
        except PokerStarsError as exc:
            warnings.warn(PokerStarsWarning(str(exc)), stacklevel=2)
            errors.append(exc)
        else:
            if hh is None:
                other += 1
            else:
                hands.append(hh)
    return Report(hands, other, errors)
