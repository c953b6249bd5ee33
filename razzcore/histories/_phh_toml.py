"""The TOML of PHH text: the writer (:func:`write`) and the text read into
fields (:func:`parse`).

:func:`parse` reads what ``phh.dumps`` / ``phh.dumps_all`` write with the
compiled reader (:func:`read`, ``src/razz_phh_read_py.h``: one ``key = value``
per line; bare or quoted keys; whole numbers in canonical form,
``true``/``false``, local times, literal and basic strings, arrays and inline
tables written with ``", "`` and ``" = "``; table headers ``[1]`` and empty
lines between the hands of a ``.phhs`` file), which returns exactly what
:func:`tomllib.loads` returns for it.  Anything else (comments, other
spacing, floats, dates, dotted keys, a duplicate key ...) it declines with
``None``, and :func:`parse` reads the text with :mod:`tomllib`, the grammar
of the whole format: the compiled reader never gives a different result, only
the same one sooner (``tests/test_phh_toml.py`` checks it against
:mod:`tomllib` and against the plain reader ``tests/phh_toml_oracle.py``).

>>> read("variant = 'FR'\\nantes = [1, 1]\\n_x = {a = true, 'b c' = \\"\\\\u00e9\\"}\\n")
{'variant': 'FR', 'antes': [1, 1], '_x': {'a': True, 'b c': 'é'}}
>>> read("antes = [1, 1] # a comment") is None
True
"""

from __future__ import annotations

import datetime
import math
import re
import tomllib  # standard library since Python 3.11 (razzcore's minimum)
from collections.abc import Mapping
from typing import Any

from .._core import _read_phh_toml
from ..errors import PHHError, brief
from ._formats import POKERSTARS, sniff


class ReadWith(PHHError):
    """A text the PHH reader was given that another function reads:
    ``what`` it is, and the ``function`` that reads it as text
    (``razzcore.phh.loads_all``, ``razzcore.pokerstars.loads``); the ``load``
    functions name their own (:meth:`for_file`).

    >>> print(ReadWith("this is PokerStars text, not PHH", "razzcore.pokerstars.loads"))
    this is PokerStars text, not PHH: read it with razzcore.pokerstars.loads
    """

    def __init__(self, what: str, function: str) -> None:
        super().__init__(f"{what}: read it with {function}")
        self.what = what
        self.function = function

    def for_file(self, name: str | None) -> PHHError:
        """The error of the same text read from the file ``name`` (``None``:
        a file object without a name): the ``load`` function named (a
        ``.phhs`` file of many hands read as one hand: also its name, if
        another).

        >>> exc = ReadWith("this text holds 2 tables", "razzcore.phh.loads_all")
        >>> print(exc.for_file("hands.phh"))  # doctest: +NORMALIZE_WHITESPACE
        hands.phh: this text holds 2 tables: read it with razzcore.phh.load_all
        (and name the file .phhs)
        >>> print(exc.for_file("hands.phhs"))
        hands.phhs: this text holds 2 tables: read it with razzcore.phh.load_all
        """
        function = self.function.replace(".loads", ".load")
        rename = (" (and name the file .phhs)" if function.endswith("_all") and name is not None
                  and not name.lower().endswith(".phhs") else "")
        where = "" if name is None else f"{name}: "
        return PHHError(f"{where}{self.what}: read it with {function}{rename}")

__all__ = ["ReadWith", "parse", "read", "write"]

def read(text: str) -> dict[str, Any] | None:
    """What :func:`tomllib.loads` returns for ``text``, or ``None`` when the
    text is outside the subset razzcore writes (then read it with :mod:`tomllib`)."""
    return _read_phh_toml(text, datetime.time)


# ------------------------------------------------------------------- writing

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")  # fullmatch: "$" would admit a final newline
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n",
            "\f": "\\f", "\r": "\\r"}


def _toml_string(s: str) -> str:
    if "'" not in s and not any(ord(ch) < 32 or ord(ch) == 127 for ch in s):
        return f"'{s}'"
    out = []
    for ch in s:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 32 or ord(ch) == 127:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _toml_key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _toml_string(key)


def _toml_value(value: Any, field: str) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v, field) for v in value) + "]"
    if isinstance(value, dict):
        pairs = (f"{_toml_key(str(k))} = {_toml_value(v, field)}" for k, v in value.items())
        return "{" + ", ".join(pairs) + "}"
    raise PHHError(f"field {brief(field)}: {brief(value)} cannot be written as TOML", field=field)


def write(data: Mapping[str, Any]) -> str:
    return "".join(f"{_toml_key(k)} = {_toml_value(v, k)}\n" for k, v in data.items())


# ------------------------------------------------------------------- reading


def parse(text: str | bytes) -> dict[str, Any]:
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise PHHError(f"not UTF-8 text (byte {exc.start}): PHH is UTF-8") from None
    if not isinstance(text, str):
        raise PHHError(f"expected PHH text, not {type(text).__name__}")
    data = read(text)  # the TOML razzcore writes, read fast and exactly
    if data is not None:
        return data
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        if sniff(text) == POKERSTARS:
            raise ReadWith("this is PokerStars text, not PHH", "razzcore.pokerstars.loads"
                           ) from None
        raise PHHError(f"not valid TOML: {exc}") from None
    except RecursionError:  # tomllib recurses per nesting level ("x = [[[[...")
        raise PHHError("not valid PHH: TOML nested too deeply") from None
    return data
