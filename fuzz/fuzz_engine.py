#!/usr/bin/env python3
"""Fuzz the C hand state machine (``src/razz_engine.h``) through
:class:`razzcore.engine.hand.Hand`'s own steps (``_apply``, ``_show``),
``basic_decide`` and ``simulate_chunk``: arbitrary action kinds, totals and
replay aliases at any moment, arbitrary shows and mucks at manual
showdowns, fuzzed rules, stacks (short ones: all-ins, side pots), decks,
absent seats, rake.

Checked after every step: a refused action (nonzero reason code) changes
nothing, not one byte of the C struct nor the history; no stack goes
negative; chips are conserved (stack plus what a seat put in equals its
start while the hand runs; payoffs sum to minus the rake at the end); the
hand always ends; the history replays (``phh``-free: pickling replays it).
"""

from __future__ import annotations

import sys
from typing import Any

from _harness import Input, instrumented, main

with instrumented():
    import pickle

    from razzcore import _core
    from razzcore.engine.hand import Hand
    from razzcore.engine.packing import engine_state, pack_rules
    from razzcore.engine.rules import OPTION_CHOICES, PROFILES, Rules

BOOL_OPTIONS = [k for k, v in PROFILES["online"].items() if isinstance(v, bool)]


def _rules(inp: Input) -> Rules:
    small = inp.between(2, 10)
    options: dict[str, Any] = {}
    for _ in range(inp.below(6)):
        if inp.flag():
            name = inp.pick(list(OPTION_CHOICES))
            options[name] = inp.pick(OPTION_CHOICES[name])
        else:
            options[inp.pick(BOOL_OPTIONS)] = inp.flag()
    if inp.below(4) == 0:
        options["max_bets_per_round"] = inp.between(1, 5)
    if inp.below(4) == 0:
        options["heads_up_max_bets"] = inp.between(1, 3)
    if inp.below(4) == 0:
        options["deal_start_seat"] = inp.between(1, 3)
    try:
        return Rules(inp.between(0, 3), inp.between(0, small - 1), small,
                     inp.pick([small, 2 * small]), profile=inp.pick(list(PROFILES)), **options)
    except _core.RulesError:
        return Rules(1, 1, small, 2 * small, profile=inp.pick(list(PROFILES)))


def _invariants(h: Hand, start: list[int], rake: int) -> None:
    st = engine_state(h)
    n = st["n"]
    stacks = st["stacks"][:n]
    assert all(s >= 0 for s in stacks), stacks
    if h.actor is None:
        payoffs = h.payoffs
        assert payoffs is not None
        assert sum(payoffs) == -st["raked"] and 0 <= st["raked"] <= rake, (payoffs, st["raked"])
        assert h._options() == (0, 0) and h.legal_actions() == []
    else:
        for s in range(n):
            assert stacks[s] + st["contrib"][s] == start[s], (s, stacks, st["contrib"], start)


def one_input(data: bytes) -> None:
    inp = Input(data)
    which = inp.below(8)
    if which == 0:  # the shared strategy with arbitrary packed views
        try:
            kind = _core.basic_decide(inp.bytes(inp.pick([160, 159, 161])))
        except _core.RulesError:
            return
        assert 0 <= kind <= 3
        return
    rules = _rules(inp)
    n = inp.between(2, 8)
    stacks = [inp.pick([0, inp.between(1, 12), inp.between(1, 400)]) for _ in range(n)]
    if which == 1:  # whole hands in C
        policies = bytes(inp.below(4) for _ in range(n))
        try:
            payoffs, won, showdowns = _core.simulate_chunk(
                pack_rules(rules), stacks, policies, inp.uint(8), inp.uint(8), inp.below(20))
        except _core.RulesError:
            return
        assert len(payoffs) % (8 * n) == 0 and len(won) == n and showdowns >= 0
        return
    deck = list(range(52))
    for i in range(51):  # a fuzzed permutation
        j = i + inp.below(52 - i)
        deck[i], deck[j] = deck[j], deck[i]
    away = [s for s in range(n) if inp.below(6) == 0]
    rake = inp.pick([0, 0, 1, 5, 1000])
    try:
        h = Hand(rules, stacks, deck=deck, absent=away, rake=rake,
                 manual_showdown=inp.flag(), replay=inp.flag())
    except _core.RulesError:
        return
    start = list(stacks)
    _invariants(h, start, rake)
    steps = 0
    while h.actor is not None:
        steps += 1
        assert steps < 2000, "the hand does not end"
        legal = h.legal_actions()
        assert legal, "a pending decision with no legal action"
        before = (h._raw(), h.history)
        if inp.remaining() == 0 or inp.below(3):
            h.act(inp.pick(legal))
        elif legal[0].startswith("sm"):
            code = h._show(inp.below(10) - 1, inp.flag())
            if code != 0:
                assert (h._raw(), h.history) == before, "a refused show changed the hand"
        else:
            code = h._apply(inp.below(6) - 1, inp.big_int() % (1 << 62),
                            inp.flag() and h._replay)  # the alias is PHH replay's only
            if code != 0:
                assert (h._raw(), h.history) == before, "a refused action changed the hand"
        _invariants(h, start, rake)
    again = pickle.loads(pickle.dumps(h))  # rebuilt by replaying the history
    assert (again._raw(), again.history) == (h._raw(), h.history)
    before = (h._raw(), h.history)
    for kind in range(4):
        assert h._apply(kind) != 0
    assert (h._raw(), h.history) == before


if __name__ == "__main__":
    main(one_input)
    sys.exit(0)
