"""The plain Python reader of the PHH TOML subset razzcore writes: the
oracle the compiled reader (``src/razz_phh_read_py.h``, ``_core._read_phh_toml``)
is compared with in the tests.  It returns exactly what :func:`tomllib.loads`
returns for a text in the subset, ``None`` for anything else.

>>> read("variant = 'FR'\\nantes = [1, 1]\\n_x = {a = true, 'b c' = \\"\\\\u00e9\\"}\\n")
{'variant': 'FR', 'antes': [1, 1], '_x': {'a': True, 'b c': 'é'}}
>>> read("antes = [1, 1] # a comment") is None
True
"""

from __future__ import annotations

import datetime
import re
from typing import Any

__all__ = ["read"]

_KEY = re.compile(r"([A-Za-z0-9_-]+) = ")
_HEADER = re.compile(r"\[([A-Za-z0-9_-]+)\]")
# Whole numbers as str(int) writes them (a leading zero or "+" declined);
# at most 18 digits, well inside a 64-bit TOML integer.
_INT = re.compile(r"-?(?:0|[1-9][0-9]{0,17})")
_INT_LIST = re.compile(r"\[(?:-?(?:0|[1-9][0-9]{0,17}))(?:, -?(?:0|[1-9][0-9]{0,17}))*\]")
# A literal string: no quote, no control character (not even a tab).
_LITERAL = re.compile(r"'([^'\x00-\x1f\x7f]*)'")
_LITERAL_LIST = re.compile(r"\['[^'\x00-\x1f\x7f]*'(?:, '[^'\x00-\x1f\x7f]*')*\]")
# A basic string: the escapes razzcore writes, no raw control character.
_BASIC = re.compile(r'"((?:[^"\\\x00-\x1f\x7f]|\\["\\btnfr]|\\u[0-9a-fA-F]{4})*)"')
_UNICODE = re.compile(r"\\u([0-9a-fA-F]{4})|\\(.)")
_SIMPLE = {"\\": "\\", '"': '"', "b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r"}
_TOKEN = re.compile(r"-?(?:0|[1-9][0-9]{0,17})(?![0-9A-Za-z_.:+-])|true\b|false\b|[\[\]{}]|, | = ")
# A local time as datetime.time.isoformat writes it.
_TIME = re.compile(r"([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]{6}))?")
_BARE = re.compile(r"[A-Za-z0-9_-]+")


class _Decline(Exception):
    """Internal: the text is outside the subset read here."""


def _unescape(body: str) -> str:
    def one(m: re.Match[str]) -> str:
        if m.group(1) is not None:
            code = int(m.group(1), 16)
            if 0xD800 <= code <= 0xDFFF:  # not a Unicode scalar value: tomllib refuses
                raise _Decline
            return chr(code)
        return _SIMPLE[m.group(2)]

    return _UNICODE.sub(one, body) if "\\" in body else body


def _string(text: str, pos: int) -> tuple[str, int] | None:
    m = _LITERAL.match(text, pos)
    if m is not None:
        return m.group(1), m.end()
    m = _BASIC.match(text, pos)
    if m is not None:
        return _unescape(m.group(1)), m.end()
    return None


def _value(text: str, pos: int, depth: int) -> tuple[Any, int]:
    """The value at ``pos`` and the position after it."""
    if depth > 32:
        raise _Decline
    ch = text[pos:pos + 1]
    if ch in ("'", '"'):
        got = _string(text, pos)
        if got is None:
            raise _Decline
        return got
    if ch == "[":
        out: list[Any] = []
        pos += 1
        if text.startswith("]", pos):
            return out, pos + 1
        while True:
            item, pos = _value(text, pos, depth + 1)
            out.append(item)
            if text.startswith(", ", pos):
                pos += 2
            elif text.startswith("]", pos):
                return out, pos + 1
            else:
                raise _Decline
    if ch == "{":
        table: dict[str, Any] = {}
        pos += 1
        if text.startswith("}", pos):
            return table, pos + 1
        while True:
            m = _BARE.match(text, pos)
            if m is not None:
                key, pos = m.group(), m.end()
            else:
                got = _string(text, pos)
                if got is None:
                    raise _Decline
                key, pos = got
            if key in table or not text.startswith(" = ", pos):
                raise _Decline
            table[key], pos = _value(text, pos + 3, depth + 1)
            if text.startswith(", ", pos):
                pos += 2
            elif text.startswith("}", pos):
                return table, pos + 1
            else:
                raise _Decline
    m = _TOKEN.match(text, pos)
    if m is None:
        raise _Decline
    word = m.group()
    if word == "true":
        return True, m.end()
    if word == "false":
        return False, m.end()
    if word[-1].isdigit():
        return int(word), m.end()
    raise _Decline


def _line_value(text: str) -> Any:
    """The value of one line (the text after ``key = ``)."""
    first = text[:1]
    if first == "[":
        if text[1:2] == "'":
            if _LITERAL_LIST.fullmatch(text):
                return text[2:-2].split("', '")
        elif _INT_LIST.fullmatch(text):
            return [int(v) for v in text[1:-1].split(", ")]
    elif first == "'":
        m = _LITERAL.fullmatch(text)
        if m is not None:
            return m.group(1)
    elif _INT.fullmatch(text):
        return int(text)
    if text == "true":
        return True
    if text == "false":
        return False
    m = _TIME.fullmatch(text)
    if m is not None:
        try:
            hour, minute, second, micro = (int(g) for g in m.groups("0"))
            return datetime.time(hour, minute, second, micro)
        except ValueError:  # out of range
            raise _Decline from None
    value, end = _value(text, 0, 0)
    if end != len(text):
        raise _Decline
    return value


def read(text: str) -> dict[str, Any] | None:
    """What :func:`tomllib.loads` returns for ``text``, or ``None`` when the
    text is outside the subset read here (then read it with :mod:`tomllib`)."""
    if "\r" in text:
        return None
    root: dict[str, Any] = {}
    table = root
    try:
        for line in text.split("\n"):
            if not line:
                continue
            m = _KEY.match(line)
            if m is not None:
                key = m.group(1)
                start = m.end()
            elif line[0] in ("'", '"'):
                got = _string(line, 0)
                if got is None or not line.startswith(" = ", got[1]):
                    return None
                key, start = got[0], got[1] + 3
            else:
                m = _HEADER.fullmatch(line)
                if m is None or m.group(1) in root:
                    return None
                table = root[m.group(1)] = {}
                continue
            if key in table:
                return None
            table[key] = _line_value(line[start:])
    except _Decline:
        return None
    return root
