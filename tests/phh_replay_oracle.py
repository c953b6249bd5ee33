"""The oracle of the PHH replay: a plain Python replay of a history on
``Hand``, step by step through ``Hand.act``, with a plain deck layout.  The
product replays with the compiled loop (``HandCore._replay_run``,
``replay_deck``); tests/test_phh_replay_compiled.py checks that both end in
the same state or refuse with the same words.

``oracle_replay(hh)`` replays a :class:`~razzcore.phh.HandHistory` this way.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from razzcore._core import ENGINE_CALL, ENGINE_FOLD, ENGINE_POST, ENGINE_RAISE, SHOW
from razzcore.cards import format_card
from razzcore.engine.hand import Hand
from razzcore.engine.notation import NOT_ACTIONS, Action, format_entry
from razzcore.engine.rules import Rules
from razzcore.errors import IllegalActionError, PHHError, RazzError
from razzcore.histories.replay import dealt_cards

__all__ = ["oracle_replay", "replay_actions"]

class _Misplaced(Exception):
    """Internal: the engine dealt ``got`` where the history has ``want``."""

    def __init__(self, got: int, want: int) -> None:
        super().__init__(got, want)
        self.got = got
        self.want = want


def _street(card: int) -> int:
    """The street (3-7) on which a seat receives its hole card number ``card`` (0-based)."""
    return max(3, card + 1)


def _at_showdown(hand: Hand) -> bool:
    """Whether the betting is over and the hand waits for the showdown."""
    legal = hand.legal_actions()
    return bool(legal) and all(t.startswith("sm") for t in legal)


class _Deal:
    """One deal entry of the engine's history whose cards the history has not
    all named yet: ``seat`` (``None`` for the board), the cards left and the
    seat's hole-card number of the first of them."""

    __slots__ = ("after", "cards", "next", "seat")

    def __init__(self, seat: int | None, cards: list[int], first: int, after: int | None) -> None:
        self.seat = seat
        self.cards = deque(cards)
        self.next = first
        self.after = after  # the history line played last when the engine dealt it

    def streets(self) -> tuple[int, int]:
        if self.seat is None:
            return 7, 7
        return _street(self.next), _street(self.next + len(self.cards) - 1)


class _Engine:
    """What the engine's history holds that the history being replayed has not
    matched yet, in order: the cards it dealt (:class:`_Deal`) and the player
    actions it took by itself (R23: absent players dealt in post their
    bring-in and are killed).

    The engine deals each street as soon as the betting before it ends, so
    the dealer's lines must name those cards, in any order and split as the
    history likes within the street, before the next player line.
    """

    def __init__(self, seats: int) -> None:
        self.items: deque[_Deal | str] = deque()
        self.given = [0] * seats  # hole cards the engine has dealt each seat
        self.seen = 0  # entries of the engine's history read so far
        self.mine = False  # whether the next player entry is the line just played

    def catch_up(self, hand: Hand, last: int | None) -> None:
        """Read the engine's new event-log entries (``Hand._log``: structured
        tuples, never text); ``last`` is the line played last (``None``
        before any)."""
        log = hand._log
        end = len(log)
        for k in range(self.seen, end):
            entry = log[k]
            kind = entry[0]
            if kind == "dh":
                cards = [c for c in entry[2] if c is not None]
                seat = entry[1]
                self.items.append(_Deal(seat, cards, self.given[seat], last))
                self.given[seat] += len(cards)
            elif kind == "db":
                self.items.append(_Deal(None, [entry[1]], 0, last))
            elif kind in NOT_ACTIONS:
                continue
            elif self.mine:
                self.mine = False  # the line just played
            else:  # a player action the engine took by itself (R23)
                self.items.append(format_entry(entry, -1, (), ()))
        self.seen = end

    def __bool__(self) -> bool:
        """Whether the dealer's lines are due now."""
        return bool(self.items) and isinstance(self.items[0], _Deal)

    def _group(self) -> list[_Deal]:
        """The deals due now (those before the next action the engine took)."""
        out = []
        for item in self.items:
            if not isinstance(item, _Deal):
                break
            out.append(item)
        return out

    def available(self, action: Action) -> int:
        """How many cards the dealer deals ``action``'s seat (or the board) now."""
        return sum(len(d.cards) for d in self._group() if d.seat == action.seat)

    def take(self, action: Action) -> list[int]:
        """The cards dealt now that ``action`` names, in deal order."""
        out: list[int] = []
        for deal in self._group():
            while deal.seat == action.seat and deal.cards and len(out) < len(action.cards):
                out.append(deal.cards.popleft())
                deal.next += 1
        self.items = deque(i for i in self.items if not isinstance(i, _Deal) or i.cards)
        return out

    def due_cards(self, seat: int | None) -> set[int]:
        """The cards due now to ``seat``."""
        return {c for d in self._group() if d.seat == seat for c in d.cards}

    def own_action(self) -> str | None:
        """The action the engine took by itself that the history must list next, if any."""
        head = self.items[0] if self.items else None
        return head if isinstance(head, str) else None

    def taken_by_engine(self, action: Action) -> bool:
        """Whether ``action`` is the next action the engine took by itself (then matched)."""
        items = self.items
        if items and isinstance(items[0], str) and items[0] == action.engine_text():
            items.popleft()
            return True
        return False

    def streets(self) -> str:
        """The streets and cards due, e.g. ``4th street (p1: 1 card, p2: 1 card)``."""
        group = self._group()
        low = min(d.streets()[0] for d in group)
        high = max(d.streets()[1] for d in group)
        counts: dict[int | None, int] = {}
        for d in group:
            counts[d.seat] = counts.get(d.seat, 0) + len(d.cards)
        parts = [f"{'the board' if s is None else f'p{s + 1}'}: {k} card{'s' if k > 1 else ''}"
                 for s, k in sorted(counts.items(), key=lambda sk: 99 if sk[0] is None else sk[0])]
        name = _STREET_NAMES[low] + ("" if low == high else f" to {_STREET_NAMES[high]}")
        return f"{name} street ({', '.join(parts)})"

    def ended(self, texts: Sequence[str]) -> str:
        """Which line ended the betting before the cards due (empty when the
        engine dealt them by itself), e.g. ``3rd street ended at action 5 'p1 cc'``."""
        group = self._group()
        after = group[0].after
        if after is None:
            return ""
        before = _STREET_NAMES.get(min(d.streets()[0] for d in group) - 1, "the")
        return f"{before} street ended at action {after + 1} {texts[after]!r}"

    def first(self, texts: Sequence[str]) -> str:
        """Why a player line cannot stand here: the dealer's lines come first."""
        ended = self.ended(texts)
        return f"the dealer deals {self.streets()} first" + (f": {ended}" if ended else "")

    def missing(self, texts: Sequence[str]) -> str:
        """Why a history cannot end here: the dealer's lines are missing."""
        ended = self.ended(texts)
        return (f"the history ends without the dealer's lines for {self.streets()}"
                + (f", dealt when {ended}" if ended else ""))

    def not_dealt(self, action: Action, hand: Hand) -> str:
        """Why a deal line cannot stand here."""
        who = "the board" if action.verb == "db" else f"p{(action.seat or 0) + 1}"
        have = self.available(action)
        count = f"{len(action.cards)} card{'s' if len(action.cards) > 1 else ''}"
        if have:
            return f"the dealer has only {have} card(s) for {who} here, not {count}"
        what = f"the dealer deals no card to {who} here"
        seat = action.seat
        if seat is not None:
            if not hand.dealt_in[seat]:
                return f"{what}: p{seat + 1} was not dealt in"
            if hand.folded[seat]:
                return f"{what}: p{seat + 1} has folded"
        if hand.is_over:
            return f"{what} (the hand is over)"
        if self:
            return f"{what}: it deals {self.streets()}"
        own = self.own_action()
        if own is not None:
            return f"{what}: the history must first list {own!r} (R23)"
        if _at_showdown(hand):
            return f"{what} (the betting is over)"
        if hand.actor is not None:
            return f"{what}: p{hand.actor + 1} is to act on {_STREET_NAMES[hand.street]} street"
        return what


_STREET_NAMES = {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th"}


class _Replay:
    """Replay of one hand history (see :func:`replay_actions`)."""

    def __init__(
        self, texts: Sequence[str], actions: Sequence[Action], stacks: Sequence[int],
        rules: Rules, absent: Sequence[int], rake: int | Sequence[int] = 0,
    ) -> None:
        self.rake = rake
        self.dealt_known: set[int] = set()
        self.absent = tuple(absent)
        self.texts = texts
        self.stacks = stacks
        self.rules = rules
        self.actions = actions
        self.n = len(stacks)
        self.deck = self._layout()

    def _known_cards(self) -> tuple[list[list[int | None]], list[int | None]]:
        known = dealt_cards(self.actions, self.n)
        board: list[int | None] = [c for a in self.actions if a.verb == "db" for c in a.cards]
        self.dealt_known = {c for cards in (*known, board) for c in cards if c is not None}
        # Cards shown at the showdown fill that seat's unknown (??) cards.
        for a in self.actions:
            if a.verb == "sm" and a.seat is not None and a.cards and None not in a.cards:
                mine = known[a.seat]
                extra = [c for c in a.cards if c not in self.dealt_known]
                holes = [i for i, c in enumerate(mine) if c is None]
                for i, c in zip(holes, extra, strict=False):
                    mine[i] = c
        seen: set[int] = set()
        for i, a in enumerate(self.actions):
            if a.verb in ("dh", "db"):
                for c in a.cards:
                    if c is not None and c in seen:
                        raise PHHError(
                            f"action {i + 1} {self.texts[i]!r}: {format_card(c)} "
                            f"was already dealt", field="actions", action_index=i,
                        )
                    if c is not None:
                        seen.add(c)
        return known, board

    def _layout(self) -> list[int]:
        """A full deck in R4 order: 3rd street in three passes, then a burn
        (with ``burn_cards``) and one card per receiving seat per street."""
        known, board = self._known_cards()
        first = self.rules.deal_start_seat - 1
        order = [(first + i) % self.n for i in range(self.n)]
        away = () if self.rules.deal_in_absent_players else self.absent
        dealt = [s for s in order if self.stacks[s] > 0 and s not in away]
        slots: list[int | None] = []
        for k in range(3):
            slots += [known[s][k] if len(known[s]) > k else None for s in dealt]
        for k in range(3, 7):
            seats = [s for s in dealt if len(known[s]) > k]
            if self.rules.burn_cards and (seats or (k == 6 and board)):
                slots.append(None)
            slots += [known[s][k] for s in seats]
        slots += board
        used = {c for c in slots if c is not None}
        spare = deque(c for c in range(52) if c not in used)
        deck: list[int] = []
        for c in slots:
            if c is not None:
                deck.append(c)
            elif spare:
                deck.append(spare.popleft())
        return deck + list(spare)

    def run(self, observe: Callable[[int, Hand], None] | None = None) -> Hand:
        for _ in range(2 * 52):
            try:
                hand = self._attempt()
                # The deck is settled: play it once more, reporting each step.
                return hand if observe is None else self._attempt(observe)
            except _Misplaced as m:
                i, j = self.deck.index(m.got), self.deck.index(m.want)
                self.deck[i], self.deck[j] = self.deck[j], self.deck[i]
        raise PHHError("the dealt cards cannot be arranged into one deck", field="actions")

    def _new_hand(self) -> Hand:
        try:
            return Hand(self.rules, self.stacks, deck=self.deck, manual_showdown=True,
                        absent=self.absent, replay=True, rake=self.rake)
        except RazzError as exc:
            raise PHHError(f"cannot start the hand: {exc}", field="starting_stacks") from None

    def _attempt(self, observe: Callable[[int, Hand], None] | None = None) -> Hand:
        hand = self._new_hand()
        engine = _Engine(self.n)
        unknown: list[set[int]] = [set() for _ in range(self.n)]
        last: int | None = None  # the last line played (or matched) on the engine
        for i, a in enumerate(self.actions):
            if observe is not None:
                observe(i - 1, hand)
            engine.catch_up(hand, last)
            where = f"action {i + 1} {self.texts[i]!r}"
            if a.verb == "":
                continue
            if a.is_dealer:
                if engine.available(a) < len(a.cards):
                    raise PHHError(f"{where}: {engine.not_dealt(a, hand)}",
                                   field="actions", action_index=i)
                for want, got in zip(a.cards, engine.take(a), strict=True):
                    if want is None:
                        if a.seat is not None:
                            unknown[a.seat].add(got)
                    elif want != got:
                        raise _Misplaced(got, want)
                continue
            if engine and not (a.verb == "sm" and (hand.is_over or _at_showdown(hand))):
                # The dealer deals as soon as a betting round ends: its lines come
                # first.  Only all-in hands tabled before the last cards (the
                # showdown has begun) may stand between.
                raise PHHError(f"{where}: {engine.first(self.texts)}",
                               field="actions", action_index=i)
            if a.verb == "sm" and engine:
                early = [c for c in a.cards if c is not None and c in engine.due_cards(a.seat)]
                if early:
                    raise PHHError(f"{where}: p{(a.seat or 0) + 1} shows {format_card(early[0])} "
                                   f"before the dealer's line deals it ({engine.streets()} "
                                   f"is due)", field="actions", action_index=i)
            if a.verb == "sm" and hand.is_over:
                continue  # showing or mucking after the pot is pushed changes nothing
            if a.verb == "sm" and a.show and a.cards and a.seat is not None:
                self._check_shown(hand, a, unknown[a.seat], where, i)
            last = i
            if engine.taken_by_engine(a):
                continue
            own = engine.own_action()
            if own is not None:  # the engine acted by itself first: the history must say so
                raise PHHError(f"{where}: the history must first list {own!r}, which the "
                               f"engine played for a seat sitting out (R23)",
                               field="actions", action_index=i)
            engine.mine = True
            if _apply_bet(hand, a):
                continue
            try:
                hand.act(a.engine_text())
            except IllegalActionError as exc:
                raise PHHError(f"{where}: {exc}", field="actions", action_index=i) from None
        engine.catch_up(hand, last)
        if engine and hand.is_over:
            # The showdown was decided with cards the history never names.
            raise PHHError(engine.missing(self.texts), field="actions")
        if observe is not None:
            observe(len(self.actions) - 1, hand)
        if not engine:
            # A history that stops before naming the last cards stays a running
            # hand: the engine's stand-in cards must not decide the pot.
            self._finish_showdown(hand, unknown)
        if observe is not None:
            observe(len(self.actions), hand)
        return hand

    def _check_shown(
        self, hand: Hand, a: Action, unknown: set[int], where: str, i: int
    ) -> None:
        seat = a.seat or 0
        mine = hand.hole_cards(seat)
        shown = [c for c in a.cards if c is not None]
        for c in shown:
            if c not in mine:
                spare = [u for u in unknown if u not in shown]
                if not spare or c in self.dealt_known:
                    raise PHHError(
                        f"{where}: p{seat + 1} shows {format_card(c)}, which p{seat + 1} "
                        f"was not dealt", field="actions", action_index=i,
                    )
                raise _Misplaced(min(spare), c)
        unknown.difference_update(shown)

    def _finish_showdown(self, hand: Hand, unknown: Sequence[set[int]]) -> None:
        while hand.actor is not None and all(
            t.startswith("sm") for t in hand.legal_actions()
        ):
            seat = hand.actor
            if unknown[seat]:
                raise PHHError(
                    f"the history stops at the showdown and p{seat + 1}'s cards are not "
                    f"all known", field="actions",
                )
            hand.act(f"p{seat + 1} sm -")


_KIND = {"f": ENGINE_FOLD, "cc": ENGINE_CALL, "pb": ENGINE_POST, "cbr": ENGINE_RAISE}
_RAISE_MAX = 1 << 62


def _apply_bet(hand: Hand, a: Action) -> bool:
    """Apply betting action ``a`` through the engine's compiled step when it
    is the actor's and legal, as :meth:`Hand.act` would (a replay takes any
    positive ``cbr`` total the engine accepts): True when applied, False
    (nothing changed) for :meth:`Hand.act` to apply it or word the error."""
    kind = _KIND.get(a.verb)
    if kind is None or a.seat != hand.actor:
        return False
    total = 0
    if kind == ENGINE_RAISE:
        amount = a.amount
        if amount is None or not 0 < amount < _RAISE_MAX:
            return False
        phase, _, _ = hand._betting_state()
        if phase == SHOW:
            return False
        cbr = hand._options()[1]
        if amount != cbr and cbr:
            total = amount
    return hand._apply(kind, total, total != 0) == 0


def replay_actions(
    texts: Sequence[str], actions: Sequence[Action], starting_stacks: Sequence[int],
    rules: Rules, *, absent: Sequence[int] = (), rake: int | Sequence[int] = 0,
    observe: Callable[[int, Hand], None] | None = None,
) -> Hand:
    """Play ``actions`` (parsed from ``texts``, used in error messages) on a
    new manual-showdown :class:`~razzcore.engine.hand.Hand` and return it.
    ``absent`` lists the seats sitting out (R23, as ``Hand(absent=...)``);
    ``rake`` is what the house takes from the pots (``Hand(rake=...)``: a
    total, main pot first, or each pot's rake).

    The deck is laid out in R4 order from the dealt cards; burns and ``??``
    cards are filled with unused cards (cards shown later fill ``??`` slots);
    if the engine deals from an unexpected deck position (the R18 shortage
    procedures reuse burns) the two positions are swapped and the replay
    restarts.  Errors are :class:`~razzcore.errors.PHHError` naming the action.

    ``observe(i, hand)``, when given, is called with the live hand before the
    first action (``i = -1``), after each action ``i`` in order, then once
    more with ``i = len(actions)`` after the showdown that a history stopping
    there leaves to the engine; it must not change the hand.

    >>> from razzcore.engine.notation import parse_action
    >>> from razzcore.engine.rules import Rules
    >>> texts = ["d dh p1 2c3c4c", "d dh p2 5c6cKd", "p1 cc"]
    >>> replay_actions(texts, [parse_action(t) for t in texts], [100, 100], Rules(2, 5, 10, 20))
    Traceback (most recent call last):
    ...
    razzcore.errors.PHHError: action 3 'p1 cc': it is p2's turn, not p1's
    """
    return _Replay(texts, actions, starting_stacks, rules, absent, rake).run(observe)


def oracle_replay(hh: Any, observe: Callable[[int, Hand], None] | None = None,
                  **rule_options: Any) -> Hand:
    """``hh.replay(...)`` played by this oracle."""
    pots = hh.rake_pots
    return replay_actions(hh.actions, hh.parsed_actions(), hh.starting_stacks,
                          hh.rules(**rule_options), absent=hh._absent(),
                          rake=hh.rake if pots is None else tuple(pots), observe=observe)
