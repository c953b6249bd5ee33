#!/usr/bin/env python3
"""Fuzz the C hand state machine (``src/razz_engine.h``) through
``razzcore._core.EngineHand``, ``basic_decide`` and ``simulate_chunk``:
arbitrary action kinds, totals and replay aliases at any moment, fuzzed
rules, stacks (short ones: all-ins, side pots), decks, absent seats, rake.

Checked after every step: a refused action (nonzero reason code) changes
nothing; no stack goes negative; chips are conserved (stack plus what a seat
put in equals its start while the hand runs; payoffs sum to minus the rake
at the end); the hand always ends; with a legal action the engine agrees
with :class:`razzcore.hand.Hand` (turn, legal actions, chips, payoffs).
"""

from __future__ import annotations

import sys
from typing import Any

from _harness import Input, instrumented, main

with instrumented():
    from razzcore import _core
    from razzcore.hand import Hand
    from razzcore.rules import OPTION_CHOICES, PROFILES, Rules

BOOL_OPTIONS = [k for k, v in PROFILES["online"].items() if isinstance(v, bool)]
KIND = {"f": 0, "pb": 1, "cc": 2}


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


def _state(e: Any) -> dict[str, Any]:
    state: dict[str, Any] = e.state()
    return state


def _invariants(e: Any, start: list[int], rake: int) -> None:
    st = _state(e)
    n = st["n"]
    stacks = st["stacks"][:n]
    assert all(s >= 0 for s in stacks), stacks
    if e.is_over:
        payoffs = e.payoffs()
        assert sum(payoffs) == -st["raked"] and 0 <= st["raked"] <= rake, (payoffs, st["raked"])
        assert e.options() == (0, 0)
    else:
        for s in range(n):
            assert stacks[s] + st["contrib"][s] == start[s], (s, stacks, st["contrib"], start)


def one_input(data: bytes) -> None:
    inp = Input(data)
    which = inp.below(8)
    if which == 0:  # the shared strategy with arbitrary views
        n = inp.between(0, 9)
        boards = [[inp.below(70) for _ in range(inp.below(9))] for _ in range(n)]
        try:
            mine = [inp.below(300) for _ in range(inp.below(9))]
            kind = _core.basic_decide(inp.between(-1, 9), mine, boards,
                                      [inp.flag() for _ in range(n)],
                                      [inp.between(0, 50) for _ in range(n)], inp.between(0, 9),
                                      inp.below(16), inp.between(5, 13))
        except _core.RulesError:
            return
        assert 0 <= kind <= 3
        return
    rules = _rules(inp)
    n = inp.between(2, 8)
    stacks = [inp.pick([0, inp.between(1, 12), inp.between(1, 400)]) for _ in range(n)]
    if which == 1:  # whole hands in C
        policies = [inp.below(3) for _ in range(n)]
        try:
            payoffs, won, showdowns = _core.simulate_chunk(rules, stacks, policies, inp.uint(8),
                                                           inp.uint(8), inp.below(20))
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
        e = _core.EngineHand(rules, stacks, deck, away, rake)
    except _core.RulesError:
        return
    try:
        h: Hand | None = Hand(rules, stacks, deck=deck, absent=away, rake=rake)
    except _core.RulesError:
        h = None
    start = list(stacks)
    _invariants(e, start, rake)
    steps = 0
    while not e.is_over:
        steps += 1
        assert steps < 2000, "the hand does not end"
        if h is not None:
            assert e.actor == h.actor and e.legal_actions() == h.legal_actions()
        mask, _ = e.options()
        assert mask, "a pending decision with no legal action"
        if inp.remaining() == 0 or inp.below(3):
            legal = e.legal_actions()
            action = inp.pick(legal)
            kind = 3 if action.startswith("cbr") else KIND[action]
            assert e.apply(kind) == 0
            if h is not None:
                h.act(action)
        else:
            before = _state(e)
            code = e.apply(inp.below(6) - 1, inp.big_int() % (1 << 62), False)
            if code != 0:
                assert _state(e) == before, "a refused action changed the hand"
            else:
                h = None  # legal but chosen blind: only the engine's own checks apply
        _invariants(e, start, rake)
    if h is not None:
        assert h.payoffs == e.payoffs(), (h.payoffs, e.payoffs())
    before = _state(e)
    for kind in range(4):
        assert e.apply(kind) != 0
    assert _state(e) == before


if __name__ == "__main__":
    main(one_input)
    sys.exit(0)
