#!/usr/bin/env python3
"""Fuzz ``evaluate_mask`` (and ``cards_to_mask``): ints of any size and sign,
bools, int subclasses, numpy integers, floats and other objects.  An accepted
mask must hold 5..7 of the 52 card bits and rank like ``evaluate`` of its cards.
"""

from __future__ import annotations

import enum
import sys
from typing import Any

from _harness import Input, instrumented, main

with instrumented():
    import razzcore

try:
    import numpy as np
except ImportError:  # pragma: no cover
    np = None


class IntSub(int):
    pass


class Flag(enum.IntFlag):
    A = 1


def _mask(inp: Input) -> Any:
    kind = inp.below(10)
    if kind <= 3:  # 5..7 random card bits, sometimes one stray high bit
        bits = {inp.below(52) for _ in range(inp.between(4, 8))}
        m = sum(1 << b for b in bits)
        if kind == 3:
            m |= 1 << inp.between(52, 70)
        return m
    if kind == 4:
        return inp.big_int()
    if kind == 5:
        return IntSub(inp.uint(7))
    if kind == 6 and np is not None:
        m = inp.uint(8)
        return inp.pick([np.uint64, np.int64, np.float64])(m & ((1 << 63) - 1))
    if kind == 7:
        return Flag(inp.uint(7) | 1)
    if kind == 8:
        return inp.pick([True, False, None, 31.0, "31", b"\x1f", -1, 2**64 - 1, 2**52 - 1, [31]])
    return inp.uint(8)


def one_input(data: bytes) -> None:
    inp = Input(data)
    mask = _mask(inp)
    rank = razzcore.evaluate_mask(mask)
    assert type(rank) is int and 1 <= rank <= 6175, rank
    m = int(mask)
    assert not isinstance(mask, bool) and 0 <= m < 1 << 52 and 5 <= bin(m).count("1") <= 7, mask
    codes = tuple(c for c in range(52) if m >> c & 1)
    assert razzcore.evaluate(codes) == rank
    assert razzcore.cards_to_mask(codes) == m


if __name__ == "__main__":
    main(one_input)
    sys.exit(0)
