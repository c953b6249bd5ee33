#!/usr/bin/env python3
"""Fuzz ``evaluate`` (fast tuple/list path and the slow parsing path) and the
functions built on it: best_five, describe, LowHand, rank_board, board_order,
bring_in_order.

Accepted hands are cross-checked: the same cards as a tuple, a list, text, a
mask and in another order give the same rank, within 1..6175.
"""

from __future__ import annotations

import sys
from typing import Any

from _harness import Input, instrumented, main

with instrumented():
    import razzcore

try:
    import numpy as np
except ImportError:  # pragma: no cover - numpy is in the test extra
    np = None


class IntSub(int):
    """An int subclass: must take the slow path and still be judged right."""


def _item(inp: Input) -> Any:
    kind = inp.below(12)
    if kind <= 4:
        return inp.below(52)  # mostly valid codes, so the fast path runs
    if kind == 5:
        return inp.between(-2, 70)
    if kind == 6:
        return inp.big_int()
    if kind == 7:
        return razzcore.format_card(inp.below(52))
    if kind == 8:
        return inp.text(4)
    if kind == 9:
        return IntSub(inp.below(56))
    if kind == 10 and np is not None:
        return inp.pick([np.uint8, np.int64, np.int8, np.float64])(inp.between(0, 60))
    return inp.pick([None, True, False, 3.0, b"As", "", " ", [0], 2**63, -(2**63) - 1])


def _container(inp: Input, items: list[Any]) -> tuple[Any, Any]:
    """An argument for evaluate() and the items it stands for."""
    arg = _make_container(inp, items)
    if isinstance(arg, (bytes, bytearray, dict, frozenset)) or arg is None:
        return arg, arg
    return arg, items


def _make_container(inp: Input, items: list[Any]) -> Any:
    kind = inp.below(9)
    if kind <= 2:
        return tuple(items)
    if kind <= 4:
        return items
    if kind == 5:
        return " ".join(str(x) if not isinstance(x, int) else
                        (razzcore.format_card(x) if 0 <= x < 52 else str(x)) for x in items)
    if kind == 6:
        return iter(items)
    if kind == 7 and np is not None:
        try:
            return np.array(items)
        except (ValueError, TypeError, OverflowError):
            return items
    return inp.pick([None, 7, 1.5, b"\x00\x04\x08\x0c\x10", bytearray(b"\x00\x04\x08\x0c\x10\x33"),
                     {1: 2}, frozenset(items) if all(isinstance(x, int) for x in items) else ()])


def _check_rank(codes: tuple[int, ...], rank: int) -> None:
    assert type(rank) is int and 1 <= rank <= 6175, rank
    assert razzcore.evaluate(list(codes)) == rank
    assert razzcore.evaluate(tuple(reversed(codes))) == rank
    assert razzcore.evaluate(razzcore.format_cards(codes)) == rank
    assert razzcore.evaluate_mask(razzcore.cards_to_mask(codes)) == rank
    best = razzcore.best_five(codes)
    assert len(best) == 5 and set(best) <= set(codes), (codes, best)
    assert razzcore.evaluate(best) == rank
    assert razzcore.LowHand(codes).rank == rank
    assert razzcore.describe(rank) == razzcore.describe(codes) == str(razzcore.LowHand(codes))


def one_input(data: bytes) -> None:
    inp = Input(data)
    mode = inp.below(5)
    if mode <= 1:
        items = [_item(inp) for _ in range(inp.between(3, 9))]
        arg, items = _container(inp, items)
        rank = razzcore.evaluate(arg)
        codes = razzcore.parse_cards(items)
        assert isinstance(arg, (dict, frozenset)) or 5 <= len(codes) <= 7, (arg, codes)
        _check_rank(codes, rank)
    elif mode == 2:
        style = inp.pick(["long", "short", "name", "", None, "LONG"])
        arg = inp.pick([inp.big_int(), inp.between(-1, 6177), inp.rest_text()])
        out = razzcore.describe(arg, style)  # type: ignore[arg-type]
        assert isinstance(out, str) and out
    elif mode == 3:
        boards = [[_item(inp) for _ in range(inp.between(0, 5))] for _ in range(inp.below(9))]
        tiebreak = inp.pick(["high_card_by_suit", "position", "suit", None])
        order = razzcore.board_order(boards, tiebreak=tiebreak)  # type: ignore[arg-type]
        assert sorted(order) == list(range(len(boards)))
        for b in boards:
            key = razzcore.rank_board(b)
            assert isinstance(key, tuple)
    else:
        doors = [_item(inp) for _ in range(inp.below(9))]
        order = razzcore.bring_in_order(doors)
        assert sorted(order) == list(range(len(doors)))


if __name__ == "__main__":
    main(one_input)
    sys.exit(0)
