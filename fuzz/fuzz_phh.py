#!/usr/bin/env python3
"""Fuzz ``phh.loads`` / ``phh.loads_all`` and the replay of what they read.

Raw inputs are PHH text (the corpus holds real WSOP hands and engine-written
hands).  Structured inputs start from a hand the engine plays and corrupt its
history: actions replaced, inserted, dropped or swapped, amounts and stacks
changed.  Whatever is accepted must round-trip (``loads(dumps(hh)) == hh``)
and replay to a hand whose chips add up.
"""

from __future__ import annotations

import dataclasses
import random
import sys
from typing import Any

from _harness import Input, instrumented, main, play_random

with instrumented():
    import razzcore
    from razzcore import phh
    from razzcore.engine.hand import Hand
    from razzcore.engine.rules import PROFILES, Rules

WORDS = ["d", "dh", "db", "p1", "p2", "p3", "p8", "p9", "pb", "f", "cc", "cbr", "sm", "-", "??",
         "#", "10", "20", "0", "-1", "AcAdKd", "2c3c", "Ks", "????", "2c2c2c", "9" * 30]


def _check_replay(hh: Any) -> None:
    text = phh.dumps(hh)
    again = phh.loads(text)
    assert again == hh, (hh, again)
    try:
        hand = hh.replay()
    except razzcore.RazzError:
        return
    stacks, start = hand.stacks, hand.starting_stacks
    assert all(s >= 0 for s in stacks), stacks
    if hand.is_over:
        assert sum(stacks) == sum(start), (stacks, start)
    else:
        for a, c, t in zip(stacks, hand.contributions, start, strict=True):
            assert a + c == t
    hh.to_text()
    phh.dumps(hand)


def _generated(inp: Input) -> Any:
    small = inp.between(2, 10)
    rules = Rules(inp.between(0, 2), inp.between(1, small - 1), small, 2 * small,
                  profile=inp.pick(list(PROFILES)))
    stacks = [inp.pick([0, inp.between(1, 15), inp.between(1, 300)])
              for _ in range(inp.between(2, 8))]
    if sum(1 for s in stacks if s) < 2:
        stacks[:2] = [50, 50]
    hand = play_random(Hand(rules, stacks, seed=inp.uint(2)), random.Random(inp.uint(2)))
    return phh.HandHistory.from_hand(hand)


def _mutate(inp: Input, hh: Any) -> Any:
    actions = list(hh.actions)
    changes: dict[str, Any] = {}
    for _ in range(inp.between(1, 4)):
        op = inp.below(7)
        i = inp.below(len(actions) + 1)
        word = " ".join(inp.pick(WORDS) for _ in range(inp.between(1, 4)))
        if op == 0 and actions:
            actions[min(i, len(actions) - 1)] = word
        elif op == 1:
            actions.insert(i, word)
        elif op == 2 and actions:
            del actions[min(i, len(actions) - 1)]
        elif op == 3 and len(actions) > 1:
            j = inp.below(len(actions))
            i = min(i, len(actions) - 1)
            actions[i], actions[j] = actions[j], actions[i]
        elif op == 4:
            stacks = list(hh.starting_stacks)
            stacks[inp.below(len(stacks))] = inp.pick([0, 1, 5, 10**12, -3])
            changes["starting_stacks"] = stacks
        elif op == 5:
            name = inp.pick(["bring_in", "small_bet", "big_bet"])
            changes[name] = inp.pick([0, 1, 3, 40, -1])
        else:
            changes["antes"] = [inp.pick([0, 1, 2]) for _ in hh.antes]
    return dataclasses.replace(hh, actions=actions, **changes)


def one_input(data: bytes) -> None:
    inp = Input(data)
    if inp.byte() < 0x80:  # text: a .phh file, or a .phhs one when it starts with "["
        if data.lstrip().startswith(b"["):
            for hh in phh.loads_all(data):
                _check_replay(hh)
        else:
            _check_replay(phh.loads(data))
    else:  # structured: a corrupted engine hand
        hh = _mutate(inp, _generated(inp))
        _check_replay(hh)


if __name__ == "__main__":
    main(one_input)
    sys.exit(0)
