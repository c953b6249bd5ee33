"""A hand replayer: one self-contained HTML page that steps through razz hands.

:func:`hand_data` replays a :class:`~razzcore.histories.phh.HandHistory` on the engine
and records, after every step, what the table shows: each seat's stack, bet,
cards (a card the history does not know stays a back), the pots, the street,
the action just taken; the last step of a finished hand carries the
showdown, the awards, the rake and every finishing stack; a history that
stops before the hand ends is marked incomplete.  Amounts are written as the
history has them (:mod:`razzcore.histories.money`: ``$0.50`` in a cash game,
``1,500`` chips) and seats by the table's seat numbers.  :func:`render` writes
those records into one HTML page (the data as JSON, card pictures from
:mod:`razzcore.show.svg` as inline SVG symbols, inline CSS and script: no network
request, no other file); :func:`page` does both for a list of hand
histories, whatever reader made them.  The page's script only shows the
recorded steps: ←/→ step, Home/End jump, a list picks the hand (each hand's
winner is named there once its last step has been shown, or from the start
with ``spoilers=True``).  It fits a phone's screen as well as a desktop's.

>>> from razzcore import phh
>>> hh = phh.HandHistory([2, 2], 5, 10, 20, [100, 100],
...     ["d dh p1 2c3c4c", "d dh p2 5c6cKd", "p2 pb", "p1 cbr 10", "p2 f"],
...     players=["Ann", "Bob"])
>>> data = hand_data(hh)
>>> [s["text"] for s in data["steps"]]
['3rd street dealt', 'Bob brings in for 5', 'Ann completes to 10', 'Bob folds']
>>> data["result"]["stacks"]
[['Ann', '100', '107', '+7'], ['Bob', '100', '93', '-7']]
>>> data["label"], data["outcome"], data["complete"]
('Hand 1 · 2 players', 'Ann +7', True)
>>> page([hh]).count("<script")
2
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence
from typing import Any

from ..cards import format_card
from ..engine.hand import Hand
from ..engine.notation import Action
from ..errors import PHHError
from ..evaluator import describe
from ..histories.money import Money, money_of
from ..histories.phh import HandHistory
from ..histories.replay import dealt_cards
from ..histories.text import betting_words, heading, seat_labels, stakes_text
from ._replayer_page import PAGE_SCRIPT, PAGE_STYLE, PAGE_TEMPLATE
from .svg import card_symbols

__all__ = ["hand_data", "notebook_frame", "page", "render"]

_STREETS = {3: "3rd street", 4: "4th street", 5: "5th street", 6: "6th street",
            7: "7th street"}
_PREFIX = "rz-"  # the page's card symbols: rz-As, rz-As-down, rz-back


class _Snap:
    """The observables of the live hand right after one action (read through
    the engine's public properties only)."""

    __slots__ = ("actor", "bets", "dealt", "folded", "history", "over", "pots", "showdown",
                 "stacks", "wagers")

    def __init__(self, hand: Hand) -> None:
        self.stacks = hand.stacks
        self.bets = hand.bets
        self.pots = [(p.amount, p.eligible) for p in hand.pots]
        self.folded = hand.folded
        self.actor = hand.actor
        self.over = hand.is_over
        self.showdown = list(hand.showdown)
        self.history = len(hand.history)
        self.dealt = [len(hand.hole_cards(s)) for s in range(len(self.stacks))]
        self.wagers = hand.wagers


def _names(hh: HandHistory) -> list[str]:
    n = hh.player_count
    given = hh.players or []
    labels = seat_labels(n, hh.seats)
    return [given[s] if s < len(given) and given[s] else labels[s] for s in range(n)]


def _action_text(a: Action, names: Sequence[str], before: _Snap, street: int,
                 hand: Hand, money: Money) -> str:
    """What a player action did, in words (amounts from the state before it)."""
    s = a.seat or 0
    who = names[s]
    rules = hand.rules
    stack, bet, high = before.stacks[s], before.bets[s], max(before.bets, default=0)
    if a.verb == "f":
        return f"{who} folds"
    if a.verb == "sm":
        if not a.show:
            return f"{who} mucks"
        return f"{who} shows"
    completing = False
    if a.verb == "pb":
        total = amount = min(rules.bring_in, stack)
    elif a.verb == "cc":
        amount = min(high - bet, stack)
        total = bet + amount
    else:
        total = a.amount or 0
        amount = total - bet
        completing = rules.is_completion(street, before.wagers)
    text = betting_words(who, a.verb, amount, total, high, completing, money)
    if amount and amount >= stack:
        text += ", all-in"
    return text


def _pots_text(pots: Sequence[tuple[int, tuple[int, ...]]], bets: Sequence[int],
               money: Money, over: bool) -> list[str]:
    """The pots in the middle (none once they are awarded) and the bets."""
    live = [] if over else [amount for amount, _ in pots if amount]
    out = []
    for i, amount in enumerate(live):
        title = "Pot" if len(live) == 1 else ("Main pot" if i == 0 else f"Side pot {i}")
        out.append(f"{title} {money(amount)}")
    if any(bets):
        out.append(f"bets {money(sum(bets))}")
    return out or [f"Pot {money(0)}"]


class _Builder:
    """Turns the observed replay of one hand history into page steps."""

    def __init__(self, hh: HandHistory, rule_options: dict[str, Any]) -> None:
        self.hh = hh
        self.money = money_of(hh)
        self.names = _names(hh)
        self.n = hh.player_count
        self.actions = hh.parsed_actions()
        self.named = dealt_cards(self.actions, self.n)  # None: an unknown (??) card
        self.snaps: dict[int, _Snap] = {}
        self.hand = hh.replay(observe=self._observe, **rule_options)

    def _observe(self, i: int, hand: Hand) -> None:
        self.snaps[i] = _Snap(hand)

    # ------------------------------------------------------------ cards

    def _cards(self, dealt: Sequence[list[int | None]], shown: Sequence[set[int]],
               use_engine_count: bool, snap: _Snap) -> list[list[str | None]]:
        """Each seat's cards dealt so far (text; ``None`` draws a back)."""
        hand = self.hand
        out = []
        for s in range(self.n):
            real = hand.hole_cards(s)
            count = snap.dealt[s] if use_engine_count else len(dealt[s])
            row: list[str | None] = []
            for j in range(min(count, len(real))):
                known = self.named[s][j] if j < len(self.named[s]) else None
                visible = known is not None or real[j] in shown[s]
                row.append(format_card(real[j]) if visible else None)
            out.append(row)
        return out

    def up(self) -> list[list[bool]]:
        """Whether each seat's card at each position is dealt face up."""
        hand = self.hand
        return [[c in set(hand.board(s)) for c in hand.hole_cards(s)] for s in range(self.n)]

    # ------------------------------------------------------------ steps

    def steps(self) -> list[dict[str, Any]]:
        dealt: list[list[int | None]] = [[] for _ in range(self.n)]
        shown: list[set[int]] = [set() for _ in range(self.n)]
        trusted: list[set[int]] = [set() for _ in range(self.n)]
        any_deal = any(a.verb == "dh" for a in self.actions)
        community: list[int | None] = []
        street = 3
        prev = self.snaps[-1]
        out: list[dict[str, Any]] = []
        group_open = False
        first = next((a for a in self.actions if a.verb), None)
        if first is None or first.verb not in ("dh", "db"):
            # The history deals no card first: start from the engine's deal.
            out.append(self._step(prev, street, f"{_STREETS[3]} dealt", None, dealt, shown,
                                  any_deal, community))
        for i, a in enumerate(self.actions):
            snap = self.snaps[i]
            if a.verb == "":
                prev = snap
                continue
            if a.verb in ("dh", "db"):
                if a.verb == "dh" and a.seat is not None:
                    dealt[a.seat].extend(a.cards)
                    trusted[a.seat].update(c for c in a.cards if c is not None)
                    street = max(3, min(7, len(dealt[a.seat])))
                else:
                    community.extend(a.cards)
                    street = 7
                text = f"{_STREETS[street]} dealt"
                if group_open:
                    out.pop()
                group_open = True
                who = None
            else:
                group_open = False
                text = _action_text(a, self.names, prev, street, self.hand, self.money)
                who = a.seat
                if a.verb == "sm" and a.seat is not None and a.cards and None not in a.cards:
                    trusted[a.seat].update(c for c in a.cards if c is not None)
            for s in range(self.n):
                shown[s] = self._shown(snap, s, trusted[s])
            if a.verb == "sm" and a.show:
                text = self._show_text(text, snap, a.seat or 0, shown)
            out.append(self._step(snap, street, text, who, dealt, shown, any_deal, community))
            prev = snap
        last = self.snaps.get(len(self.actions))
        if last is not None and (last.history != prev.history or not out):
            for e in last.showdown:  # the engine finished the showdown: cards speak
                if e.shown and e.seat not in [x.seat for x in prev.showdown]:
                    trusted[e.seat].update(e.cards)
            for s in range(self.n):
                shown[s] = self._shown(last, s, trusted[s])
            out.append(self._step(last, street, "Showdown", None, dealt, shown, any_deal,
                                  community))
        self._mark_actors(out)
        return out

    def _shown(self, snap: _Snap, seat: int, trusted: set[int]) -> set[int]:
        for e in snap.showdown:
            if e.seat == seat and e.shown:
                return {c for c in e.cards if c in trusted}
        return set()

    def _show_text(self, text: str, snap: _Snap, seat: int,
                   shown: Sequence[set[int]]) -> str:
        for e in snap.showdown:
            if e.seat == seat and e.shown and e.rank is not None:
                if shown[seat] == set(e.cards):  # every card known: name the low
                    return f"{text} {describe(e.rank, 'long')}"
                return text
        return f"{text} the down cards"

    def _step(self, snap: _Snap, street: int, text: str, who: int | None,
              dealt: Sequence[list[int | None]], shown: Sequence[set[int]], any_deal: bool,
              community: Sequence[int | None]) -> dict[str, Any]:
        lows: list[str | None] = [None] * self.n
        for e in snap.showdown:
            if not e.shown:
                lows[e.seat] = "mucked"
            elif e.rank is not None and shown[e.seat] == set(e.cards):
                lows[e.seat] = describe(e.rank, "short")
        board = community[0] if community else None
        money = self.money
        won = [0] * self.n
        if snap.over:
            for award in self.hand.awards:
                won[award.seat] += award.amount
        return {
            "street": _STREETS[street],
            "text": text,
            "who": who,
            "actor": snap.actor,
            "stacks": [money(v) for v in snap.stacks],
            "bets": [money(v) if v else "" for v in snap.bets],
            "allin": [v == 0 and not f and self.hand.dealt_in[s] and not snap.over
                      for s, (v, f) in enumerate(zip(snap.stacks, snap.folded, strict=True))],
            "pots": _pots_text(snap.pots, snap.bets, money, snap.over),
            "folded": list(snap.folded),
            "cards": self._cards(dealt, shown, not any_deal, snap),
            "community": (None if board is None else format_card(board)) if community else "",
            "lows": lows,
            "won": [f"wins {money(v)}" if v else "" for v in won],
            "over": snap.over,
        }

    @staticmethod
    def _mark_actors(steps: list[dict[str, Any]]) -> None:
        """The seat to act is shown only when the next step is its action."""
        for k, step in enumerate(steps):
            following = steps[k + 1]["who"] if k + 1 < len(steps) else None
            if step["actor"] is not None and following != step["actor"]:
                step["actor"] = None

    # ------------------------------------------------------------ result

    def result(self) -> dict[str, Any] | None:
        """The end of a finished hand (``None`` for a history that stops
        before the hand ends)."""
        hand = self.hand
        if not hand.is_over:
            return None
        names = self.names
        money = self.money
        pots = hand.pots
        titles = ["Pot" if len(pots) == 1 else ("Main pot" if i == 0 else f"Side pot {i}")
                  for i in range(len(pots))]
        awards = [f"{names[a.seat]} wins {money(a.amount)} from the "
                  f"{titles[a.pot].lower()}" for a in hand.awards]
        shows = []
        for e in hand.showdown:
            low = describe(e.rank, "long") if e.shown and e.rank is not None else "mucked"
            shows.append(f"{names[e.seat]}: {low}")
        start = hand.starting_stacks
        stacks = [[names[s], money(start[s]), money(hand.stacks[s]),
                   money.signed(hand.stacks[s] - start[s])] for s in range(self.n)]
        return {"showdown": shows, "awards": awards, "stacks": stacks, "check": self.check(),
                "rake": money(hand.rake) if hand.rake else None}

    def matches(self) -> bool | None:
        """Whether the replay ends with the finishing stacks the history
        gives (``None`` when it gives none)."""
        want = self.hh.finishing_stacks
        return None if want is None else list(want) == list(self.hand.stacks)

    def check(self) -> str:
        """The finishing stacks of the history against the replay's, in words."""
        matches = self.matches()
        if matches is None:
            return ""
        if matches:
            return "The finishing stacks match the hand history."
        said = " / ".join(self.money(v) for v in self.hh.finishing_stacks or ())
        return f"The hand history says the finishing stacks are {said}; the replay gives these."

    def incomplete(self) -> str:
        """What the page says of a history that stops before the hand ends
        (empty for a finished hand)."""
        hand = self.hand
        if hand.is_over:
            return ""
        who = self.names[hand.actor] if hand.actor is not None else "nobody"
        text = f"Incomplete: the history stops before the hand ends ({who} to act)."
        if self.matches() is False:
            stacks = " / ".join(self.money(v) for v in hand.stacks)
            said = " / ".join(self.money(v) for v in self.hh.finishing_stacks or ())
            text += (f" The hand history says the finishing stacks are {said}; the replay "
                     f"stops with {stacks}.")
        return text


def _hand_name(hh: HandHistory, number: int) -> str:
    return f"Hand {hh.hand}" if hh.hand is not None else f"Hand {number}"


def _title(hh: HandHistory, number: int) -> str:
    return " · ".join(x for x in (hh.event, _hand_name(hh, number)) if x)


def hand_data(hh: HandHistory, *, number: int = 1, label: str | None = None,
              **rule_options: Any) -> dict[str, Any]:
    """Replay ``hh`` and record what the replayer page shows at each step
    (plain JSON data: strings, numbers, lists).  ``number`` and ``label``
    name the hand in the page's list (``outcome``, who won most, is added
    to it once the hand's last step has been shown); ``complete`` says
    whether the history runs to the end of the hand (``incomplete`` says
    where it stops), ``finishing_stacks`` are the replay's last stacks and
    ``matches`` whether they are the history's; ``rule_options`` go to
    :meth:`HandHistory.replay <razzcore.histories.phh.HandHistory.replay>`.

    A history the engine cannot replay raises
    :class:`~razzcore.errors.PHHError` naming the action.

    >>> from razzcore.sim.session import Session
    >>> s = Session(["basic", "calldown"], seed=4)
    >>> _ = s.deal(); _ = s.advance()
    >>> d = hand_data(s.histories()[0])
    >>> d["complete"], d["matches"], d["finishing_stacks"], d["result"]["awards"]
    (True, True, [1004, 996], ['p1 basic wins 8 from the pot'])
    >>> d["steps"][-1]["over"], d["steps"][-1]["stacks"]  # as the page shows them
    (True, ['1,004', '996'])
    """
    if not isinstance(hh, HandHistory):
        raise PHHError(f"the replayer takes a razzcore.HandHistory, not {type(hh).__name__}")
    builder = _Builder(hh, rule_options)
    steps = builder.steps()
    result = builder.result()
    hand = builder.hand
    names = builder.names
    money = builder.money
    labels = seat_labels(builder.n, hh.seats)
    seats = [{"name": names[s], "seat": labels[s], "out": not hand.dealt_in[s]}
             for s in range(builder.n)]
    outcome = ""
    if result is not None:
        payoffs = hand.payoffs or (0,) * builder.n
        best = max(range(builder.n), key=lambda s: payoffs[s])
        outcome = f"{names[best]} {money.signed(payoffs[best])}"
    if label is None:
        label = f"{_hand_name(hh, number)} · {builder.n} players"
        if result is None:
            label += " · incomplete"
    told = {hh.event, f"Hand #{hh.hand}"}  # in the title
    return {
        "title": _title(hh, number),
        "label": label,
        "outcome": outcome,
        "info": " · ".join(x for x in (
            f"Razz, {stakes_text(hand.rules, money)}",
            *(part for part in heading(hh) if part not in told),
            ", ".join(x for x in (hh.venue, hh.city, hh.country) if x)) if x),
        "seats": seats,
        "up": builder.up(),
        "cards": sorted({c for s in range(builder.n) for c in hand.hole_cards(s)}
                        | ({hand.community_card} if hand.community_card is not None else set())),
        "steps": steps,
        "result": result,
        "complete": hand.is_over,
        "incomplete": builder.incomplete(),
        "finishing_stacks": list(hand.stacks),
        "matches": builder.matches(),
    }


def _script_json(data: Any) -> str:
    """JSON safe inside ``<script>``: no ``<``, ``>``, ``&`` or line separators."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    for ch, esc in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                    ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(ch, esc)
    return text


def render(hands: Sequence[dict[str, Any]], *, title: str | None = None,
           four_color: bool = False, spoilers: bool = False) -> str:
    """The replayer page for hands recorded by :func:`hand_data`.  The hand
    list names each hand's winner once its last step has been shown, or
    from the start with ``spoilers``.

    >>> render([])
    Traceback (most recent call last):
    ...
    razzcore.errors.PHHError: the replayer page needs at least one hand
    """
    if not hands:
        raise PHHError("the replayer page needs at least one hand")
    codes = sorted({c for h in hands for c in h["cards"]})
    public = [{k: v for k, v in h.items() if k != "cards"} for h in hands]
    if title is None:
        title = hands[0]["title"] if len(hands) == 1 else f"{len(hands)} razz hands"
    parts = {
        "title": html.escape(title),
        "style": PAGE_STYLE,
        "sprite": card_symbols(codes, four_color=four_color, prefix=_PREFIX),
        "data": _script_json(public),
        "spoilers": "true" if spoilers else "false",
        "script": PAGE_SCRIPT,
    }
    # One pass, so that text inside the data is never read as a placeholder.
    return re.sub(r"@@(\w+)@@", lambda m: parts[m.group(1)], PAGE_TEMPLATE)


def page(histories: Sequence[HandHistory] | HandHistory, *, title: str | None = None,
         four_color: bool = False, spoilers: bool = False, **rule_options: Any) -> str:
    """One self-contained HTML page replaying ``histories`` (any reader's
    :class:`~razzcore.histories.phh.HandHistory` objects, or a single one); with several
    hands, a list chooses the hand (``spoilers``: see :func:`render`).  Errors
    name the hand: ``hand 2: action 5 ...``; anything but hand histories
    raises :class:`~razzcore.errors.PHHError`.

    >>> page(None)
    Traceback (most recent call last):
    ...
    razzcore.errors.PHHError: page takes a HandHistory or a list of them, not NoneType
    """
    if isinstance(histories, HandHistory):
        histories = [histories]
    elif isinstance(histories, (str, bytes)) or not isinstance(histories, Sequence):
        raise PHHError(f"page takes a HandHistory or a list of them, "
                       f"not {type(histories).__name__}")
    for i, hh in enumerate(histories):
        if not isinstance(hh, HandHistory):
            raise PHHError(f"hand {i + 1}: page takes HandHistory objects, "
                           f"not {type(hh).__name__}")
    hands = []
    for i, hh in enumerate(histories):
        try:
            hands.append(hand_data(hh, number=i + 1, **rule_options))
        except PHHError as exc:
            if len(histories) == 1:
                raise
            raise PHHError(f"hand {i + 1}: {exc}", field=exc.field,
                           action_index=exc.action_index) from None
    return render(hands, title=title, four_color=four_color, spoilers=spoilers)


def notebook_frame(page_html: str, height: int = 900) -> str:
    """``page_html`` in an ``<iframe srcdoc>`` for a notebook cell.

    >>> notebook_frame("<p>a&b</p>")[:31]
    '<iframe srcdoc="&lt;p&gt;a&amp;'
    """
    return (f'<iframe srcdoc="{html.escape(page_html, quote=True)}" '
            f'style="width:100%;height:{int(height)}px;border:0" '
            f'title="razz hand replayer"></iframe>')
