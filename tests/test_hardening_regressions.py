"""Hostile PHH input: deeply nested TOML is a PHHError, never a RecursionError."""

from __future__ import annotations

import pytest

import razzcore


@pytest.mark.parametrize("depth", [1000, 100_000])
def test_phh_deeply_nested_toml_is_a_phh_error(depth: int) -> None:
    """tomllib recurses once per nesting level; a hostile file used to escape
    ``phh.loads`` as RecursionError."""
    from razzcore import phh

    for text in ("x = " + "[" * depth + "]" * depth,
                 "x = " + "{a=" * depth + "1" + "}" * depth):
        with pytest.raises(razzcore.PHHError, match="nested too deeply"):
            phh.loads(text)
        with pytest.raises(razzcore.PHHError):
            phh.loads_all(text.encode())
