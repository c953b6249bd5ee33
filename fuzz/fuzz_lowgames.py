#!/usr/bin/env python3
"""Fuzz the other games' lows: ``evaluate_omaha_batch`` with arbitrary holes,
boards (bytes, dtypes, shapes, strides, row counts), ``out=`` buffers
(overlapping the input included), ``qualifier``, ``threads`` and ``check``;
``evaluate_omaha`` and ``evaluate(..., qualifier=)`` on the same rows; and
``evaluate_batch(..., qualifier=)``.

Whatever is accepted must be right: every checked Omaha row equals
``evaluate_omaha`` of its hole and board (0 for None), which equals the least
``evaluate`` of its 2 + 3 choices (qualifying ones only, with a qualifier);
unchecked rows may hold anything but never crash or read out of bounds (the
sanitizer build would report it); a qualified 7-card batch equals the single
calls.
"""

from __future__ import annotations

import sys
from itertools import combinations
from typing import Any

import numpy as np
from _harness import Input, instrumented, main

with instrumented():
    import razzcore

QUALIFIERS: list[Any] = [None, None, 8, 8, 5, 7, 9, 13, 4, 14, True, 8.0, "8", np.int8(8)]


def _codes(inp: Input, size: int) -> bytes:
    """Mostly distinct valid codes per row, sometimes raw bytes."""
    if inp.below(4) == 0:
        return inp.bytes(size)
    out = bytearray()
    seed = inp.uint(2)
    for i in range(size):
        out.append((seed * 7 + i * 11 + (i // 9) * 5) % 52)
    if size and inp.flag():
        out[inp.below(size)] = inp.byte()
    return bytes(out)


def _array(inp: Input, rows: int, width: int, content: bytes) -> Any:
    a = np.frombuffer(content, dtype=np.uint8).copy()
    if rows * width == a.size and width:
        a = a.reshape(rows, width)
    layout = inp.below(10)
    if layout == 1:
        a = a.astype(inp.pick([np.int8, np.uint16, np.int32, np.float32]))
    elif layout == 2 and a.ndim == 2:
        a = np.asfortranarray(a) if a.shape[0] > 1 and a.shape[1] > 1 else a[::-1]
    elif layout == 3:
        a = a[::2]
    elif layout == 4:
        a.flags.writeable = False
    elif layout == 5:
        return bytes(content)
    elif layout == 6:
        return memoryview(content)
    return a


def _expected(hole: tuple[int, ...], board: tuple[int, ...], qualifier: Any) -> int | None:
    """None when the row is invalid; else the rank (0 for no qualifying low)."""
    try:
        r = razzcore.evaluate_omaha(hole, board, qualifier=qualifier)
    except razzcore.CardError:
        return None
    best = min(
        (razzcore.evaluate(two + three, qualifier=qualifier) or 10_000
         for two in combinations(hole, 2) for three in combinations(board, 3)),
        default=10_000,
    )
    assert (r or 10_000) == best, (hole, board, qualifier, r, best)
    return r or 0


def one_input(data: bytes) -> None:
    inp = Input(data)
    sane = inp.flag()  # half the inputs are well-formed arguments (mostly valid rows)
    h = inp.pick([4, 4, 5, 6]) if sane else inp.pick([4, 4, 5, 6, 3, 7])
    b = inp.pick([5, 5, 3, 4]) if sane else inp.pick([5, 5, 3, 4, 2, 6])
    rows = inp.pick([0, 1, 2, 3, 17, 64, 65, 300])
    brows = rows if sane or inp.below(8) else inp.pick([0, 1, rows + 1])
    if sane:
        holes = np.frombuffer(_codes(inp, rows * h), np.uint8).reshape(rows, h).copy()
        boards = np.frombuffer(_codes(inp, rows * b), np.uint8).reshape(rows, b).copy()
    else:
        holes = _array(inp, rows, h, _codes(inp, rows * h))
        boards = _array(inp, brows, b, _codes(inp, brows * b))
    qualifier = inp.pick(QUALIFIERS[:8] if sane else QUALIFIERS)
    threads = inp.pick([None, 1, 1, 2, 3] if sane else [None, 1, 2, 3, 0, True])
    check = inp.pick([True, True, False])
    kind = inp.pick([0, 1, 3]) if sane else inp.below(6)
    out: Any = None
    if kind == 1:
        out = np.zeros(rows, np.uint16)
    elif kind == 2:
        out = np.zeros(max(0, rows + inp.between(-1, 1)), inp.pick([np.uint16, np.int16]))
    elif kind == 3 and isinstance(boards, np.ndarray) and boards.dtype == np.uint8 \
            and boards.flags.c_contiguous and boards.flags.writeable and boards.nbytes >= 2 * rows:
        out = boards.reshape(-1)[: 2 * rows].view(np.uint16)  # overlapping the boards
    flat_h = bytes(memoryview(holes).tobytes()) if isinstance(holes, np.ndarray) else None
    flat_b = bytes(memoryview(boards).tobytes()) if isinstance(boards, np.ndarray) else None
    result = razzcore.evaluate_omaha_batch(holes, boards, qualifier=qualifier, out=out,
                                           check=check, threads=threads)
    # Accepted: 2-D C-contiguous uint8 holes (N, 4..6) and boards (N, 3..5).
    assert isinstance(holes, np.ndarray) and holes.ndim == 2 and 4 <= h <= 6
    assert isinstance(boards, np.ndarray) and boards.ndim == 2 and 3 <= b <= 5
    assert flat_h is not None and flat_b is not None
    # The rows are the arrays' own (a strided view, ``a[::2]``, may hold
    # fewer than were drawn, and one row is C-contiguous whatever its stride).
    assert holes.shape[0] == boards.shape[0]
    rows = holes.shape[0]
    got = [int(x) for x in np.asarray(result).reshape(-1)]
    assert len(got) == rows
    for i in range(rows):
        want = _expected(tuple(flat_h[i * h : (i + 1) * h]), tuple(flat_b[i * b : (i + 1) * b]),
                         qualifier)
        if want is None:
            assert not check, f"row {i} is invalid but was accepted"
        else:
            assert got[i] == want, (i, got[i], want)
    # The 7-card batch under the same qualifier: every row as the single call.
    if flat_h and rows:
        seven = np.frombuffer((flat_h + flat_b)[: 7 * (len(flat_h + flat_b) // 7)],
                              dtype=np.uint8).reshape(-1, 7)
        ranks = razzcore.evaluate_batch(seven, qualifier=qualifier, check=False)
        for row, rank in zip(seven.tolist(), ranks.tolist(), strict=True):
            try:
                single = razzcore.evaluate(tuple(row), qualifier=qualifier)
            except razzcore.CardError:
                continue
            assert rank == (single or 0), (row, rank, single)


if __name__ == "__main__":
    main(one_input)
    sys.exit(0)
