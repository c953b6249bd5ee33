#!/usr/bin/env python3
"""Fuzz the compiled PHH readers: the TOML razzcore writes
(``_core._read_phh_toml``, ``src/razz_phh_read_py.h``) and the action lines it
writes (``_core._parse_action_line``).

Raw inputs are PHH text (the corpus holds written hands, a ``.phhs`` file and
edge cases: escapes, local times, nesting, table headers); invalid UTF-8 is
kept as lone surrogates, which the reader must decline.  Whatever the TOML
reader reads must be exactly what :func:`tomllib.loads` returns (value and
types); every line it is given as an action must be ``None`` (left to the
grammar) or the very record the grammar reads.
"""

from __future__ import annotations

import datetime
import sys
import tomllib

from _harness import Input, instrumented, main

with instrumented():
    from razzcore._core import _read_phh_toml
    from razzcore.engine import notation
    from razzcore.errors import PHHError


def _toml(text: str) -> None:
    got = _read_phh_toml(text, datetime.time)
    if got is None:
        return
    try:
        want = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise AssertionError(f"tomllib refuses what the compiled reader read: {exc}") from None
    assert got == want and repr(got) == repr(want), (got, want)


def _actions(text: str) -> None:
    for line in text.split("\n")[:64]:
        fast = notation._parse_action_line(line, notation.Action)
        try:
            want = notation._read_action(line)
        except PHHError:
            assert fast is None, line
            continue
        assert fast is None or (fast == want and repr(fast) == repr(want)), (line, fast, want)


def one_input(data: bytes) -> None:
    inp = Input(data)
    mode = inp.byte()
    text = data[1:].decode("utf-8", "surrogateescape")
    if mode < 0xC0:
        _toml(text)
    else:
        _actions(text)


if __name__ == "__main__":
    main(one_input)
    sys.exit(0)
