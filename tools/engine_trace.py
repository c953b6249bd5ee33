"""Differential traces of the razz hand engine (razzcore.Hand), through its public API only.

A *trace* is one hand played from a seeded scenario: the rules (every profile,
every option value, drawn from the tables of ``razzcore.engine.rules``), 2..8 seats
with random, short or empty stacks (some below the ante or the bring-in),
absent players with and without ``deal_in_absent_players``, manual showdowns
with show and muck choices, ``replay=True`` hands, random legal actions given
as strings, ``pN``-prefixed strings or method calls, and illegal attempts.
After construction and after every attempt the trace records every
observable: actor, street, legal actions, stacks, bets, contributions, pots,
total pot, awards, showdown, payoffs, folded and dealt-in flags, community
card, cards left, boards, hole cards, history, ``repr`` and ``view(seat)`` of
every seat; the error type and message of each refused action; at one step
``copy()``, ``copy.deepcopy`` and a pickle round trip (each compared with the
original, then the copy plays its own continuation and the unpickled hand
follows the original to the end); and at the end ``str(hand)``, the PHH text
and the result of replaying it.

Each hand is one JSON line: the scenario, the tags, and the steps as
``[action, error, changes]`` where ``changes`` holds the observables that
changed since the previous step (a list that only grew is stored as
``{"+": tail}``); ``digest`` is the SHA-256 of the line's canonical form
(sorted keys, no spaces) without the digest itself, so equal hands compare
by digest alone.

Tags mark hands whose result legitimately changes when the engine fixes one
of these behaviours:

* ``absent_bring_in``: a seat dealt in while absent (R23) posted the
  bring-in; when everyone folds to it the current engine returns it to the
  absent seat, while R16/R23 leave it in the pot.
* ``absent_phh``: the hand has absent seats; its PHH text names the
  seats with chips that were not dealt in, and when absent seats were dealt
  in it does not replay on the current engine.
* ``dealer_left``: ``showdown_order="dealer_left"``, which the current
  engine plays as ``deal_start_seat``.
* ``shuffled_remix``: a shuffled (not fully stacked) deck under the TDA
  7th-street shortage procedure with 7+ players: the engine in C mixes the
  stub with the burns as it does for a stacked deck (stub, then burns; the
  deck is already uniformly shuffled), where the Python engine shuffled them
  with 64 bits drawn from the hand's generator, so a remixed 7th street
  deals other cards.

Commands (``PYTHONPATH`` names the build under test: ``$A`` and ``$B`` are
checkouts built in place; ``.gz`` and ``.xz`` names are compressed; the
comparison itself lives in tools/trace_diff.py)::

    # record 100,000 hands from seed 1 on two processes
    PYTHONPATH=$A python tools/engine_trace.py record a.jsonl.gz --hands 100000 \\
        --seed 1 --jobs 2
    # the same scenarios (taken from a.jsonl.gz) on another build, its own choices
    PYTHONPATH=$B python tools/engine_trace.py record b.jsonl.gz --like a.jsonl.gz --jobs 2
    # first difference per hand; --skip-known classifies the tagged behaviours
    PYTHONPATH=$B python tools/engine_trace.py compare a.jsonl.gz b.jsonl.gz --skip-known
    # replay a file's recorded actions on this build and compare every observable
    PYTHONPATH=$PWD python tools/engine_trace.py check tests/engine_golden.jsonl.xz
    # re-record the tagged hands of the golden file on this build (the rest kept)
    PYTHONPATH=$PWD python tools/engine_trace.py regen tests/engine_golden.jsonl.xz \\
        --tags absent_bring_in,absent_phh,dealer_left,shuffled_remix

The golden file of tests/test_engine_golden.py was made with
``record tests/engine_golden.jsonl.xz --hands 2200 --seed 20261201 --golden --jobs 2``
(``--golden`` keeps the records small: between deals only the acting seat's
view is stored, a copy's continuation records its last state only, and the
PHH text is stored as its SHA-256).
"""

from __future__ import annotations

import argparse
import copy
import gzip
import hashlib
import itertools
import json
import lzma
import multiprocessing
import pickle
import random
import sys
import time
from collections.abc import Iterable, Iterator
from typing import IO, Any

from trace_diff import (  # the tools/ folder: this script's own folder
    TAGS,
    Difference,
    canonical,
    classify,
    decode,
    delta,
    differences,
    report,
    tags_of,
    undelta,
)

import razzcore
from razzcore import Hand, Rules
from razzcore.cards import format_card
from razzcore.engine.rules import OPTION_CHOICES, PROFILES, option_names
from razzcore.errors import RazzError

__all__ = [
    "TAGS", "Difference", "check_records", "classify", "decode", "differences", "finish",
    "main", "observe", "play", "read", "record_hand", "report", "scenario",
]

SCHEMA = 1
# ----------------------------------------------------------------- scenarios


def _stream(seed: int | str, index: int, name: str) -> random.Random:
    """An independent generator for one decision of one hand: adding an option
    or a choice elsewhere never shifts the draws of the others."""
    return random.Random(f"{seed}:{index}:{name}")


def _option_value(name: str, default: Any, r: random.Random, seats: int) -> Any:
    """A random value of rule option ``name``: its choices from
    ``OPTION_CHOICES``, either truth value for a flag, a permutation for the
    suit order, an integer near the default (or ``None`` where the profile
    default is ``None``) otherwise; ``Rules`` validates the result."""
    if name in OPTION_CHOICES:
        return r.choice(OPTION_CHOICES[name])
    if isinstance(default, bool):
        return r.random() < 0.5
    if isinstance(default, tuple):
        order = list(default)
        r.shuffle(order)
        return order
    if default is None or isinstance(default, int):
        if default is None and r.random() < 0.4:
            return None
        if name == "deal_start_seat":  # a seat of this table most of the time
            return r.randint(1, seats) if r.random() < 0.97 else r.randint(1, 8)
        if default is None:
            return r.randint(1, 6)
        return default + r.choice((-2, -1, 1, 2))
    raise TypeError(f"rule option {name!r} has a default of unknown kind: {default!r}")


def _amounts(r: random.Random) -> tuple[int, int, int, int]:
    small = r.choice((1, 2, 3, 4, 5, 10, 10, 10, 20, 25, 100, 1000))
    big = small * r.choice((1, 2, 2, 2, 3))
    bring_in = r.choice((0, small // 2, small // 3, small // 4, r.randrange(small)))
    ante = r.choice((0, 1, small // 5, small // 10, small // 2, r.randrange(small + 1)))
    if ante == 0 and bring_in == 0:
        ante = 1
    return ante, bring_in, small, big


def _stacks(r: random.Random, n: int, amounts: tuple[int, int, int, int]) -> list[int]:
    ante, bring_in, small, big = amounts
    kind = r.random()
    out = []
    for _ in range(n):
        x = r.random()
        if kind < 0.3:  # deep and equal-ish
            v = r.randint(20, 60) * big
        elif x < 0.08:
            v = 0  # not dealt in
        elif x < 0.22:
            v = r.randint(1, max(1, ante + bring_in + 1))  # below ante / bring-in
        elif x < 0.5:
            v = r.randint(1, ante + bring_in + 3 * small + 2 * big)  # short
        elif x < 0.51:
            v = 1 << 53  # MAX_CHIPS
        else:
            v = r.randint(1, 60 * big + ante)
        out.append(v)
    return out


def scenario(seed: int | str, index: int) -> dict[str, Any]:
    """The inputs of hand ``index`` of run ``seed`` (JSON data)."""
    r = _stream(seed, index, "table")
    n = r.choice((2, 2, 3, 3, 4, 4, 5, 6, 7, 8))
    amounts = _amounts(r)
    stacks = _stacks(r, n, amounts)
    absent: list[int] = []
    if r.random() < 0.25:
        absent = sorted(r.sample(range(n), r.randint(1, n - 1)))
    for attempt in itertools.count():
        ro = _stream(seed, index, f"profile.{attempt}")
        profile = ro.choice(sorted(PROFILES))
        base = PROFILES[profile]
        options: dict[str, Any] = {}
        for name in option_names():
            o = _stream(seed, index, f"option.{name}.{attempt}")
            if o.random() < 0.3:
                options[name] = _option_value(name, base[name], o, n)
        if absent and ro.random() < 0.6:
            options["deal_in_absent_players"] = True
        try:
            Rules(*amounts, profile=profile, **options)
            break
        except RazzError:
            if attempt > 50:
                raise
    p = _stream(seed, index, "play")
    deal = p.random()
    deck: str | None = None
    if deal < 0.08:
        cards = list(range(52))
        p.shuffle(cards)
        deck = " ".join(_cards_text([c]) for c in cards[: p.randint(1, 52)])
    return {
        "rules": [*amounts],
        "profile": profile,
        "options": options,
        "stacks": stacks,
        "absent": absent,
        "manual": p.random() < 0.4,
        "replay": p.random() < 0.15,
        "deck": deck,
        "seed": p.randrange(1 << 32),
        "use_rng": 0.08 <= deal < 0.16,
        "style": p.choice(("uniform", "uniform", "passive", "aggressive")),
        "illegal": p.choice((0.0, 0.05, 0.15, 0.3)),
        "play_seed": p.randrange(1 << 32),
    }


def make_rules(sc: dict[str, Any]) -> Rules:
    return Rules(*sc["rules"], profile=sc["profile"], **sc["options"])


def make_hand(sc: dict[str, Any]) -> Hand:
    kwargs: dict[str, Any] = {
        "deck": sc["deck"],
        "manual_showdown": sc["manual"],
        "absent": sc["absent"],
        "replay": sc["replay"],
    }
    if sc["use_rng"]:
        kwargs["rng"] = random.Random(sc["seed"])
    else:
        kwargs["seed"] = sc["seed"]
    return Hand(make_rules(sc), sc["stacks"], **kwargs)


# --------------------------------------------------------------- observables

# Fields of HandView that repeat a field of the hand (HandView name -> hand name).
_VIEW_SHARED = {
    "street": "street", "actor": "actor", "stacks": "stacks", "bets": "bets",
    "pots": "pots", "boards": "boards", "folded": "folded",
    "community_card": "community", "is_over": "over", "payoffs": "payoffs",
}


def _plain(v: Any) -> Any:
    """Observable values as JSON data (tuples and named tuples become lists)."""
    if type(v) is tuple or type(v) is list:
        return [x if type(x) is int or x is None else _plain(x) for x in v]
    if isinstance(v, tuple):  # a named tuple
        return [_plain(x) for x in v]
    return v


def _view_cards(cards: tuple[tuple[int | None, ...], ...], holes: list[list[int]]) -> list[Any]:
    """A view's cards, each seat's as a bit mask of the hole cards it shows
    (bit j: card j), or the raw list when it is not such a subset."""
    out: list[Any] = []
    for seen, own in zip(cards, holes, strict=False):
        mask = 0
        if len(seen) == len(own):
            for j, c in enumerate(seen):
                if c is None:
                    continue
                if c != own[j]:
                    mask = -1
                    break
                mask |= 1 << j
        else:
            mask = -1
        out.append(mask if mask >= 0 else list(seen))
    if len(cards) != len(holes):
        return [list(c) for c in cards]
    return out


def _view_history(entries: tuple[str, ...], history: list[str]) -> list[Any]:
    """A view's history relative to the hand's: an entry equal to the hand's
    is 0; a deal entry that only writes some cards as ``??`` is minus the bit
    mask of those cards (bit j: the j-th card of the entry); any other entry
    is itself."""
    if len(entries) != len(history):
        return list(entries)
    out: list[Any] = []
    for e, h in zip(entries, history, strict=True):
        if e == h:
            out.append(0)
            continue
        mask = 0
        if e.startswith("d dh p") and len(e) == len(h):
            head = e.index(" ", 5) + 1
            if e[:head] == h[:head] and (len(e) - head) % 2 == 0:
                for j in range(head, len(e), 2):
                    chunk = e[j: j + 2]
                    if chunk == "??":
                        mask |= 1 << (j - head) // 2
                    elif chunk != h[j: j + 2]:
                        mask = 0
                        break
        out.append(-mask if mask else e)
    return out


def observe(h: Hand, views: Iterable[int] | None = None) -> dict[str, Any]:
    """Every public observable of ``h`` as a flat dict of JSON values.

    ``views`` limits the seats whose ``view(seat)`` is recorded (all seats by
    default).  A view's cards and history are stored relative to the hand's
    (see :func:`_view_cards`, :func:`_view_history`); a view field that
    repeats a field of the hand is recorded only when it differs from it
    (``v<seat>.<field>``).
    """
    n = len(h.starting_stacks)
    obs: dict[str, Any] = {
        "actor": h.actor,
        "street": h.street,
        "over": h.is_over,
        "legal": h.legal_actions(),
        "stacks": list(h.stacks),
        "bets": list(h.bets),
        "contrib": list(h.contributions),
        "pots": [[p.amount, list(p.eligible)] for p in h.pots],
        "total_pot": h.total_pot,
        "payoffs": None if h.payoffs is None else list(h.payoffs),
        "awards": [[a.seat, a.amount, a.pot] for a in h.awards],
        "showdown": [_plain(e) for e in h.showdown],
        "community": h.community_card,
        "folded": list(h.folded),
        "dealt_in": list(h.dealt_in),
        "cards_left": h.cards_left,
        "start": list(h.starting_stacks),
        "boards": [list(h.board(s)) for s in range(n)],
        "holes": [list(h.hole_cards(s)) for s in range(n)],
        "history": list(h.history),
    }
    add_views(h, obs, range(n) if views is None else views)
    return obs


def add_views(h: Hand, obs: dict[str, Any], seats: Iterable[int]) -> None:
    """Add ``view(seat)`` of each of ``seats`` to ``obs`` (see :func:`observe`)."""
    for s in seats:
        v = h.view(s)
        key = f"v{s}."
        obs[key + "cards"] = _view_cards(v.cards, obs["holes"])
        obs[key + "history"] = _view_history(v.history, obs["history"])
        if v.seat != s:
            obs[key + "seat"] = v.seat
        legal = list(v.legal_actions)
        if legal != (obs["legal"] if s == obs["actor"] else []):
            obs[key + "legal_actions"] = legal
        for name, mine in _VIEW_SHARED.items():
            value = _plain(getattr(v, name))
            if value != obs[mine]:
                obs[key + name] = value


def _end_record(h: Hand, golden: bool) -> dict[str, Any]:
    """What the finished (or stopped) hand shows as text and as PHH (in
    ``golden`` records the PHH text as its SHA-256)."""
    from razzcore.histories.phh import HandHistory

    out: dict[str, Any] = {"text": str(h), "repr": repr(h)}
    try:
        hh = HandHistory.from_hand(h)
        text = hh.dumps()
        out["phh"] = "sha256:" + hashlib.sha256(text.encode()).hexdigest()[:24] if golden else text
    except Exception as exc:
        out["phh"] = _error(exc)
        return out
    try:
        again = hh.replay()
        out["replay"] = [list(again.stacks), None if again.payoffs is None else list(again.payoffs)]
    except Exception as exc:
        out["replay"] = _error(exc)
    return out


def _error(exc: BaseException) -> list[str]:
    return [type(exc).__name__, str(exc)]


# ------------------------------------------------------------------- playing

Op = Any  # "cc" | ["fold"] | ["complete_bet_or_raise", 10] ...


def _apply(h: Hand, op: Op) -> list[str] | None:
    """Apply one recorded operation; the error it raised, if any."""
    try:
        if isinstance(op, str):
            h.act(op)
        else:
            name, *args = op
            getattr(h, name)(*args)
    except Exception as exc:
        return _error(exc)
    return None


_METHOD = {"f": "fold", "cc": "check_or_call", "pb": "post_bring_in"}


def _spell(action: str, h: Hand, r: random.Random) -> Op:
    """A legal action as one of its equivalent spellings."""
    x = r.random()
    if x < 0.6:
        return action
    if x < 0.75:
        return f"p{h.actor + 1} {action}"  # type: ignore[operator]
    verb, *rest = action.split()
    if verb in _METHOD:
        return [_METHOD[verb]]
    if verb == "cbr":
        return ["complete_bet_or_raise", int(rest[0]) if rest and r.random() < 0.5 else None]
    if verb == "sm" and not rest and r.random() < 0.5:
        return action
    if verb == "sm" and rest:
        return "sm -" if r.random() < 0.5 else action
    return action


def _cards_text(cards: Iterable[int]) -> str:
    return "".join(map(format_card, cards))


def _pick(h: Hand, r: random.Random, sc: dict[str, Any]) -> Op:
    """A legal action of the actor (by the hand's style), or one of the
    moves that only some hands accept: at a manual showdown, tabling part of
    the cards early, or (``replay=True``) another contestant showing out of
    turn; in a ``replay=True`` hand, a raise to exactly an all-in opponent's
    total."""
    legal = h.legal_actions()
    actor = h.actor
    assert actor is not None
    if legal[0].startswith("sm"):
        x = r.random()
        if x < 0.1:
            holes = h.hole_cards(actor)
            return f"sm {_cards_text(r.sample(holes, r.randint(1, len(holes))))}"
        if x < 0.25 and sc["replay"]:
            shown = {e[0] for e in h.showdown}
            n = len(h.starting_stacks)
            waiting = [s for s in range(n) if h.dealt_in[s] and not h.folded[s]
                       and s != actor and s not in shown]
            if waiting:
                s = r.choice(waiting)
                return f"p{s + 1} sm {_cards_text(h.hole_cards(s))}"
        return _spell(r.choice(legal), h, r)
    if sc["replay"] and r.random() < 0.25:
        raise_to = [int(a.split()[1]) for a in legal if a.startswith("cbr ")]
        n = len(h.starting_stacks)
        stacks, bets = h.stacks, h.bets
        totals = [bets[q] + stacks[q] for q in range(n) if q != actor and h.dealt_in[q]
                  and not h.folded[q] and stacks[q] > 0]
        if raise_to and totals and max(bets) < max(totals) < raise_to[0]:
            return f"cbr {max(totals)}"
    style = sc["style"]
    if style != "uniform" and len(legal) > 1:
        want = "cc" if style == "passive" else "cbr"
        pref = [a for a in legal if a.split()[0] == want]
        if pref and r.random() < 0.7:
            return _spell(pref[0], h, r)
    return _spell(r.choice(legal), h, r)


def _illegal(h: Hand, r: random.Random) -> Op:
    """An attempt that is usually refused (it is recorded whatever happens)."""
    legal = h.legal_actions()
    n = len(h.starting_stacks)
    actor = h.actor if h.actor is not None else 0
    stacks, bets = h.stacks, h.bets
    others = [
        bets[q] + stacks[q] for q in range(n)
        if q != actor and h.dealt_in[q] and not h.folded[q] and stacks[q] > 0
    ]
    candidates: list[Op] = [
        "f", "cc", "pb", "cbr", "sm", "sm -", "", "xx", "cbr 7x", "f f", "cbr 1 2",
        f"cbr {max(bets) + 1}", f"cbr {max(others, default=1)}",
        f"p{(actor + 1) % n + 1} {legal[0] if legal else 'cc'}",
        f"p{n + 3} cc", "sm 2c2c", "sm Zz",
        ["fold"], ["check_or_call"], ["post_bring_in"], ["complete_bet_or_raise", 3],
        ["complete_bet_or_raise", True], ["complete_bet_or_raise", None],
    ]
    holes = h.hole_cards(actor)
    if holes:
        part = r.sample(holes, r.randint(1, len(holes)))
        candidates.append(f"sm {_cards_text(part)}")
        # a seat that is not the actor tabling its cards (only replay hands allow it)
        other = r.randrange(n)
        candidates.append(f"p{other + 1} sm {_cards_text(h.hole_cards(other))}")
    return r.choice(candidates)


class _Line:
    """The steps of one line of play (the hand, or a copy's continuation)."""

    def __init__(self, golden: bool, sparse: bool = False) -> None:
        self.steps: list[list[Any]] = []
        self.last: dict[str, Any] | None = None  # the last state
        self.mem: dict[str, Any] | None = None  # the last value of every field
        self.golden = golden
        self.sparse = sparse  # observables of the last step only

    def record(self, h: Hand, op: Op, err: list[str] | None) -> dict[str, Any] | None:
        if self.sparse:
            self.steps.append([op, err, {}])
            return None
        return self.observe(h, op, err)

    def close(self, h: Hand) -> None:
        """Record the observables of a sparse line's last state."""
        if self.sparse and self.steps:
            op, err, _ = self.steps.pop()
            self.observe(h, op, err)

    def observe(self, h: Hand, op: Op, err: list[str] | None) -> dict[str, Any]:
        obs = observe(h, ())
        seats = view_seats(obs, self.last, self.golden)
        obs["viewed"] = seats
        add_views(h, obs, seats)
        d = delta(self.mem, obs)
        self.steps.append([op, err, d])
        self.mem = undelta(self.mem, d)
        self.last = obs
        return obs


def view_seats(obs: dict[str, Any], prev: dict[str, Any] | None, golden: bool) -> list[int]:
    """The seats whose view is recorded in a state: every seat when cards or
    their visibility may have changed (the start, a new street, the showdown,
    the end) and the acting seat and one other seat in turn otherwise; in
    ``golden`` records only the acting seat (or the first seat) in between."""
    n = len(obs["start"])
    if (
        prev is None
        or obs["street"] != prev["street"]
        or obs["over"]
        or obs["showdown"]
        or any(str(x).startswith("sm") for x in obs["legal"])
    ):
        return list(range(n))
    actor = obs["actor"] if obs["actor"] is not None else 0
    if golden:
        return [actor]
    return sorted({actor, (actor + 1 + len(obs["history"])) % n})


def _drive(
    h: Hand, line: _Line, r: random.Random, sc: dict[str, Any], ops: list[Op] | None,
    follower: Hand | None = None, stop: int | None = None,
) -> int:
    """Play ``h`` to the end (or ``stop`` steps), recording every step; with
    ``ops``, replay those operations instead of choosing.  ``follower`` gets
    every operation too.  Returns the number of steps played."""
    played = 0
    queue = iter(ops) if ops is not None else None
    while stop is None or played < stop:
        if queue is not None:
            op = next(queue, _END)
            if op is _END:
                break
        else:
            if h.actor is None:
                break
            op = _illegal(h, r) if r.random() < sc["illegal"] else _pick(h, r, sc)
        err = _apply(h, op)
        if follower is not None:
            _apply(follower, op)
        line.record(h, op, err)
        played += 1
        if queue is None and len(line.steps) > 400:  # never loops; a guard all the same
            break
    return played


_END = object()


def play(sc: dict[str, Any], *, golden: bool = False,
         recorded: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play scenario ``sc`` and return its trace (without digest).

    With ``recorded`` (a trace of the same scenario) its operations are
    replayed instead of chosen, so the result compares step by step."""
    r = random.Random(sc["play_seed"])
    main = _Line(golden)
    trace: dict[str, Any] = {"v": SCHEMA, "sc": sc}
    try:
        h = make_hand(sc)
    except Exception as exc:
        main.steps.append([None, _error(exc), {}])
        trace["steps"] = main.steps
        trace["tags"] = tags_of(sc, None)
        return trace
    first = main.observe(h, None, None)
    trace["tags"] = tags_of(sc, first)
    if recorded is not None:
        ops = [s[0] for s in recorded["steps"][1:]]
        snap_at = recorded.get("snap", {}).get("at", len(ops) + 1)
    else:
        ops = None
        snap_at = r.randint(0, 12)
    # Play to the snapshot step, take the copies, play on.
    played = _drive(h, main, r, sc, None if ops is None else ops[:snap_at], stop=snap_at)
    if played == snap_at and (recorded is None or "snap" in recorded):
        snap: dict[str, Any] = {"at": snap_at}
        base = main.last
        assert base is not None
        seen = base["viewed"]
        twin = pickle.loads(pickle.dumps(h))
        other = h.copy()
        for name, dup in (("copy", other), ("deepcopy", copy.deepcopy(h)), ("pickle", twin)):
            obs = observe(dup, seen)
            obs["viewed"] = seen
            snap[name] = delta(base, obs)
        trace["snap"] = snap
        branch = _Line(golden, sparse=golden)
        branch.last = base
        branch.mem = main.mem
        rb = random.Random(sc["play_seed"] + 1)
        bops = None if recorded is None else [s[0] for s in recorded["branch"]]
        _drive(other, branch, rb, sc, bops)
        branch.close(other)
        trace["branch"] = branch.steps
        _drive(h, main, r, sc, None if ops is None else ops[snap_at:], follower=twin)
        trace["twin"] = delta(observe(h), observe(twin))
    else:
        _drive(h, main, r, sc, None if ops is None else ops[played:])
    trace["steps"] = main.steps
    if (recorded is None and r.random() < 0.2) or (
        recorded is not None and "after" in recorded
    ):
        op = recorded["after"][0] if recorded is not None else _illegal(h, r)
        trace["after"] = [op, _apply(h, op)]
    trace["end"] = _end_record(h, golden)
    return trace


def finish(trace: dict[str, Any], index: int) -> dict[str, Any]:
    trace["i"] = index
    trace["digest"] = hashlib.sha256(canonical(trace).encode()).hexdigest()[:24]
    return trace


def record_hand(seed: int | str, index: int, golden: bool = False) -> dict[str, Any]:
    return finish(play(scenario(seed, index), golden=golden), index)


# ----------------------------------------------------------------- files


def _open(path: str, mode: str) -> IO[str]:
    """A trace file, compressed by its name (``.gz``, ``.xz``) or plain."""
    if path.endswith(".gz"):
        return gzip.open(path, mode + "t", encoding="utf-8", compresslevel=6)
    if path.endswith(".xz"):
        preset = 9 | lzma.PRESET_EXTREME if mode == "w" else None
        return lzma.open(path, mode + "t", encoding="utf-8", preset=preset)
    return open(path, mode, encoding="utf-8")


def read(path: str) -> Iterator[dict[str, Any]]:
    """The records of a trace file (the first line is the run's header)."""
    with _open(path, "r") as fp:
        for line in fp:
            if line.strip():
                yield json.loads(line)


def _header(seed: Any, hands: int, golden: bool, like: str | None) -> dict[str, Any]:
    return {
        "meta": {
            "schema": SCHEMA, "seed": seed, "hands": hands, "golden": golden, "like": like,
            "razzcore": getattr(razzcore, "__version__", "?"),
            "python": sys.version.split()[0],
        }
    }


def _dump(trace: dict[str, Any]) -> str:
    return json.dumps(trace, separators=(",", ":"), ensure_ascii=True)


def _work(job: tuple[Any, int, bool, dict[str, Any] | None]) -> str:
    seed, index, golden, sc = job
    if sc is None:
        return _dump(record_hand(seed, index, golden))
    return _dump(finish(play(sc, golden=golden), index))


def _jobs(seed: Any, hands: int, golden: bool, like: str | None) -> Iterator[
        tuple[Any, int, bool, dict[str, Any] | None]]:
    if like is None:
        for i in range(hands):
            yield seed, i, golden, None
        return
    for rec in itertools.islice((r for r in read(like) if "meta" not in r), hands):
        yield seed, rec["i"], golden, rec["sc"]


def cmd_record(args: argparse.Namespace) -> int:
    t0 = time.perf_counter()
    seed: Any = args.seed
    golden = args.golden
    hands = 1000 if args.hands is None else args.hands
    if args.like:
        meta = next(read(args.like))["meta"]
        seed, golden = meta["seed"], golden or meta["golden"]
        hands = meta["hands"] if args.hands is None else min(args.hands, meta["hands"])
    jobs = _jobs(seed, hands, golden, args.like)
    count = 0
    with _open(args.out, "w") as out:
        out.write(_dump(_header(seed, hands, golden, args.like)) + "\n")
        if args.jobs > 1:
            with multiprocessing.Pool(args.jobs) as pool:
                for line in pool.imap(_work, jobs, chunksize=64):
                    out.write(line + "\n")
                    count += 1
        else:
            for job in jobs:
                out.write(_work(job) + "\n")
                count += 1
    dt = time.perf_counter() - t0
    print(f"recorded {count} hands in {dt:.1f} s ({count / dt:.0f} hands/s) to {args.out}")
    return 0


def _pairs(a: str, b: str) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """The hands of two files side by side (as far as the shorter goes: a
    file recorded with ``--like A --hands N`` holds the first N of A)."""
    for x, y in zip(read(a), read(b), strict=False):
        if "meta" in x or "meta" in y:
            continue
        if x["i"] != y["i"]:
            raise SystemExit(f"{a} and {b} do not hold the same hands (hand {x['i']} vs {y['i']})")
        yield x, y


def cmd_compare(args: argparse.Namespace) -> int:
    bad = report(_pairs(args.a, args.b), args.skip_known, args.limit, sys.stdout)
    return 1 if bad else 0


def check_records(records: Iterable[dict[str, Any]]) -> Iterator[tuple[dict[str, Any],
                                                                          dict[str, Any]]]:
    """Each recorded hand with the same hand replayed (same operations) on
    the engine imported now."""
    golden = False
    for rec in records:
        if "meta" in rec:
            golden = rec["meta"]["golden"]
            continue
        yield rec, finish(play(rec["sc"], golden=golden, recorded=rec), rec["i"])


def cmd_check(args: argparse.Namespace) -> int:
    bad = report(check_records(read(args.file)), args.skip_known, args.limit, sys.stdout)
    return 1 if bad else 0


def cmd_regen(args: argparse.Namespace) -> int:
    wanted = set(args.tags.split(","))
    unknown = wanted - set(TAGS)
    if unknown:
        raise SystemExit(f"unknown tags {sorted(unknown)}; known: {', '.join(TAGS)}")
    records = list(read(args.file))
    meta = records[0]["meta"]
    redone = 0
    with _open(args.file, "w") as out:
        for rec in records:
            if "meta" not in rec and wanted & {*rec["tags"], *tags_of(rec["sc"], None)}:
                rec = finish(play(rec["sc"], golden=meta["golden"]), rec["i"])
                redone += 1
            out.write(_dump(rec) + "\n")
    print(f"re-recorded {redone} of {len(records) - 1} hands in {args.file}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    rec = sub.add_parser("record", help="play seeded scenario hands and write their traces")
    rec.add_argument("out")
    rec.add_argument("--hands", type=int,
                     help="hands to play (default 1000; with --like, the first N of the file)")
    rec.add_argument("--seed", type=int, default=1)
    rec.add_argument("--jobs", type=int, default=1, help="worker processes")
    rec.add_argument("--golden", action="store_true", help="compact views (see module doc)")
    rec.add_argument("--like", help="take the scenarios (seed, hands, inputs) from this file")
    rec.set_defaults(func=cmd_record)
    cmp = sub.add_parser("compare", help="first difference of each hand between two files")
    cmp.add_argument("a")
    cmp.add_argument("b")
    cmp.add_argument("--skip-known", action="store_true",
                     help="classify differences due to the tagged behaviours")
    cmp.add_argument("--limit", type=int, default=20, help="differences printed")
    cmp.set_defaults(func=cmd_compare)
    chk = sub.add_parser("check", help="replay a file's actions on this build and compare")
    chk.add_argument("file")
    chk.add_argument("--skip-known", action="store_true")
    chk.add_argument("--limit", type=int, default=20)
    chk.set_defaults(func=cmd_check)
    reg = sub.add_parser("regen", help="re-record the hands with the given tags on this build")
    reg.add_argument("file")
    reg.add_argument("--tags", required=True, help=f"comma-separated: {', '.join(TAGS)}")
    reg.set_defaults(func=cmd_regen)
    args = ap.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
