#!/usr/bin/env python3
"""Fuzz the observation encoder (``razzcore._core.encode_view``, behind
``razzcore.envs.encode``): views of real hands with fields replaced by
hostile values - card codes out of range, seats and streets outside the
table, PHH history entries cut, misspelled or naming missing seats, amounts
of any size - and output buffers of the wrong type, size or alignment.  An
input is either encoded (then the tensor of an untouched view must match a
plain check of its first fields) or refused with a RazzError.
"""

from __future__ import annotations

import array
import dataclasses
import sys
from typing import Any

from _harness import Input, instrumented, main

with instrumented():
    from razzcore import _core
    from razzcore.engine.hand import Hand
    from razzcore.engine.rules import Rules
    from razzcore.engine.view import HandView

RULES = Rules(1, 2, 4, 8)
ENTRIES = ("d dh p1 ", "d db ", "p1 cbr 4", "p2 cc", "p3 pb", "p1 f", "p2 sm", "p9 cc",
           "p0 cc", "px cc", "", " ", "d dh", "p1", "pp1 cc")


def _value(inp: Input) -> Any:
    kind = inp.below(8)
    if kind == 0:
        return inp.big_int()
    if kind == 1:
        return None
    if kind == 2:
        return inp.pick([True, 1.5, "3", b"\x03", -1, 52, 255, 2**53 + 1])
    if kind == 3:
        return inp.pick_or_hostile([(), (1, 2), [None]])
    return inp.below(60)


def _history(inp: Input, base: tuple[str, ...]) -> Any:
    out = list(base)
    for _ in range(inp.below(4)):
        if out and inp.flag():
            i = inp.below(len(out))
            out[i] = out[i][: inp.below(len(out[i]) + 1)]
        else:
            out.insert(inp.below(len(out) + 1), inp.pick(ENTRIES) + inp.text(6))
    if inp.below(8) == 0:
        out.append(_value(inp))
    return tuple(out)


def one_input(data: bytes) -> None:
    inp = Input(data)
    players = inp.between(2, 8)
    hand = Hand(RULES, [inp.between(1, 60) for _ in range(players)], seed=inp.uint(2))
    for _ in range(inp.below(12)):
        legal = hand.legal_actions()
        if not legal:
            break
        hand.act(inp.pick(legal))
    view = hand.view(inp.below(players))
    fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}
    touched = False
    for _ in range(inp.below(3)):
        touched = True
        name = inp.pick(["seat", "actor", "street", "cards", "community_card", "stacks", "bets",
                         "folded", "history", "pots"])
        if name == "history":
            fields[name] = _history(inp, view.history)
        elif name == "cards":
            rows = [list(r) for r in view.cards]
            if rows and inp.flag():
                r = inp.below(len(rows))
                rows[r].append(_value(inp))
            fields[name] = tuple(tuple(r) for r in rows)
        elif name in ("stacks", "bets", "folded"):
            values = list(fields[name])
            if values:
                values[inp.below(len(values))] = _value(inp)
            if inp.below(6) == 0:
                values.append(0)
            fields[name] = tuple(values)
        elif name == "pots":
            fields[name] = inp.pick_or_hostile([(), ("x",)])
        else:
            fields[name] = _value(inp)
    target = HandView(**fields)
    size = _core.observation_size(players)
    kind = inp.below(6)
    if kind == 0:
        out: Any = array.array("d", bytes(8 * size))
    elif kind == 1:
        out = array.array("f", bytes(4 * (size + inp.between(-3, 3))))
    elif kind == 2:
        out = bytearray(4 * size + 1)[1:]  # unaligned bytes
    elif kind == 3:
        out = memoryview(bytearray(4 * size)).cast("f")
    else:
        out = array.array("f", bytes(4 * size))
    unit = _value(inp) if inp.below(8) == 0 else inp.between(1, 20)
    _core.encode_view(target, out, unit)
    floats = list(out)
    assert len(floats) == size
    if not touched:
        assert floats[view.seat] == 1.0 and sum(floats[:players]) == 1.0
        assert sum(floats[2 * players : 2 * players + 5]) == 1.0  # one street


if __name__ == "__main__":
    main(one_input)
    sys.exit(0)
