#!/usr/bin/env python3
"""Fuzz ``evaluate_batch`` with arbitrary bytes, containers, dtypes, shapes,
strides and ``out=`` buffers (wrong dtype, length, read-only, non-contiguous,
overlapping the hands), ``threads``, ``check`` and ``cards_per_hand``.

Whatever is accepted must be right: with ``check=True`` every rank equals
``evaluate`` of its row; with ``check=False`` every valid row still does (and
invalid rows get some uint16, never a crash or an out-of-bounds access, which
the sanitizer build would report).
"""

from __future__ import annotations

import array
import sys
from typing import Any

import numpy as np
from _harness import Input, instrumented, main

with instrumented():
    import razzcore

DTYPES = [np.uint8] * 6 + [np.int8, np.uint16, np.int32, np.bool_, np.float32, ">u2", "S1", object]


def _rows_content(inp: Input, size: int) -> bytes:
    """Mostly valid hands (distinct codes) with a sprinkle of bad bytes."""
    style = inp.below(4)
    raw = inp.bytes(size)
    if style == 0:
        return raw
    out = bytearray(b % 52 for b in raw)
    if style >= 2:  # make rows of 7 distinct by a permutation walk
        perm = list(range(52))
        seed = inp.uint(2)
        for i in range(size):
            j = (seed + 31 * i) % 52
            k = (i * 7 + seed) % 52
            perm[j], perm[k] = perm[k], perm[j]
        out = bytearray(perm[(i * 11 + seed) % 52] for i in range(size))
        if style == 3 and size:
            out[inp.below(size) if size <= 65536 else 0] = inp.byte()
    return bytes(out)


def _sane_hands(inp: Input) -> tuple[Any, int | None]:
    """Mostly-accepted arguments: uint8 rows of 5..7 codes as numpy or flat bytes."""
    width = inp.pick([5, 6, 7, 7])
    rows = inp.pick([1, 2, 3, 5, 17, 64, 200, 1000])
    content = _rows_content(inp, rows * width)
    if inp.flag():
        return np.frombuffer(content, dtype=np.uint8).reshape(rows, width).copy(), None
    return inp.pick([bytes, bytearray, memoryview])(content), width


def _hands(inp: Input) -> tuple[Any, int | None]:
    """A hands argument and the cards_per_hand to pass."""
    if inp.flag():
        return _sane_hands(inp)
    width = inp.pick([7, 7, 7, 6, 5, 4, 8, 0, 1, 14])
    rows = inp.pick([0, 1, 2, 3, 5, 17, 64, 200])
    content = _rows_content(inp, rows * width)
    kind = inp.below(10)
    cph: Any = inp.pick([None, None, width, width, 5, 6, 7, 0, -1, 2**70, True, "7", 7.0])
    if kind == 0:
        return content, cph
    if kind == 1:
        return bytearray(content), cph
    if kind == 2:
        return array.array("B", content), cph
    if kind == 3:
        return memoryview(content), cph
    if kind == 4:
        return inp.pick([list(content), None, "As 2d", 42, array.array("H", [1, 2])]), cph
    dtype = inp.pick(DTYPES)
    a = np.frombuffer(content, dtype=np.uint8).copy()
    if dtype == "S1":
        a = a.view("S1")
    elif dtype is not np.uint8:
        a = a.astype(dtype)
    if width and a.size % width == 0:
        a = a.reshape(-1, width)
    layout = inp.below(8)
    if layout == 1:
        a = np.asfortranarray(a)
    elif layout == 2:
        a = a[::2]
    elif layout == 3:
        a = a.T
    elif layout == 4:
        a = a[::-1]
    elif layout == 5 and a.ndim == 2:
        a = a[:, : max(0, a.shape[1] - 1)]
    elif layout == 6:
        a = a.reshape(1, *a.shape) if a.size else a
    elif layout == 7:
        a.flags.writeable = False
    return a, cph


def _out(inp: Input, hands: Any, n: int) -> Any:
    kind = inp.below(12)
    if kind <= 3:
        return None
    if kind == 4:
        return np.zeros(n, dtype=np.uint16)
    if kind == 5:
        return array.array("H", bytes(2 * n))
    if kind == 6:
        return np.zeros(max(0, n + inp.between(-2, 2)), dtype=inp.pick([np.uint16, np.int16,
                                                                      np.uint32, np.uint8]))
    if kind == 7:
        out = np.zeros(2 * n, dtype=np.uint16)
        return out[::2]
    if kind == 8:
        out = np.zeros(n, dtype=np.uint16)
        out.flags.writeable = False
        return out
    if kind == 9 and isinstance(hands, np.ndarray) and hands.dtype == np.uint8 \
            and hands.flags.c_contiguous and hands.flags.writeable and hands.nbytes >= 2 * n:
        # ``out`` overlapping the hands: the library must read a private copy.
        flat = hands.reshape(-1)
        start = inp.below(hands.nbytes - 2 * n + 1) & ~1 if hands.nbytes > 2 * n else 0
        return flat[start : start + 2 * n].view(np.uint16)
    if kind == 10:
        return inp.pick([bytearray(2 * n), memoryview(bytearray(2 * n)).cast("H"), bytes(2 * n),
                         [0] * n, np.zeros((n, 1), np.uint16), "out"])
    return np.zeros(n, dtype=">u2")


def _expected(rows: list[bytes]) -> list[int | None]:
    out: list[int | None] = []
    for r in rows:
        try:
            out.append(razzcore.evaluate(tuple(r)))
        except razzcore.CardError:
            out.append(None)
    return out


def one_input(data: bytes) -> None:
    inp = Input(data)
    hands, cph = _hands(inp)
    try:
        view = memoryview(hands)
        flat = view.tobytes() if view.c_contiguous else None
    except (TypeError, ValueError):
        flat, view = None, None
    width = None
    if view is not None and view.itemsize == 1:
        width = view.shape[1] if view.ndim == 2 else None
        if view.ndim == 1 and isinstance(cph, (int, float)) and not isinstance(cph, bool) \
                and cph in (5, 6, 7):
            width = int(cph)  # 7.0 may be accepted as 7; anything else must be refused
    n = len(flat) // width if flat is not None and width and width > 0 else 0
    out = _out(inp, hands, n)
    threads = inp.pick([None, None, 1, 2, 3, 8, 0, -1, True, 2.0, "2", 2**70])
    check = inp.pick([True, True, False, 0, 1, None])
    expected = _expected([flat[i * width : (i + 1) * width] for i in range(n)]) \
        if flat is not None and width else []
    result = razzcore.evaluate_batch(hands, out, threads=threads, check=check,
                                     cards_per_hand=cph)
    # Accepted: the buffer was C-contiguous uint8 rows of 5..7 cards.
    assert width in (5, 6, 7), (width, type(hands))
    if out is not None:
        assert result is out
    got = [int(x) for x in memoryview(result).cast("B").cast("H")] if n else []
    assert len(got) == n, (len(got), n)
    for i, (g, e) in enumerate(zip(got, expected, strict=True)):
        if e is None:
            assert not check, f"row {i} is invalid but was accepted with check={check!r}"
        else:
            assert g == e, (i, g, e, flat[i * width : (i + 1) * width])


if __name__ == "__main__":
    main(one_input)
    sys.exit(0)
