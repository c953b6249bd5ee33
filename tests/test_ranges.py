"""Stud range text: combos against a brute-force reading of the grammar, errors."""

from __future__ import annotations

import itertools
import math
import time

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from razzcore import Range, RazzError, format_cards, parse_card, parse_cards
from razzcore.cards import RANKS
from razzcore.odds.ranges import _injective, _least_combos

_POSITION_TOKENS = st.sampled_from(
    ["x", "A", "7", "K", "7h", "As", "2c", "[A-3]", "[2,5,9]", "[9-K]", "[A-A]"]
)

# ------------------------------------------------------------------ reference


def position_cards(token: str) -> set[int]:
    """What a position allows, read the plain way."""
    if token == "x":
        return set(range(52))
    if token.startswith("["):
        ranks: set[int] = set()
        for item in token[1:-1].split(","):
            if "-" in item:
                lo, hi = item.split("-")
                ranks.update(range(RANKS.index(lo), RANKS.index(hi) + 1))
            else:
                ranks.add(RANKS.index(item))
        return {4 * r + s for r in ranks for s in range(4)}
    if len(token) == 1:
        return {4 * RANKS.index(token) + s for s in range(4)}
    return {parse_card(token)}


def reference(text: str) -> set[tuple[int, ...]]:
    """Every assignment of distinct cards to the positions, down cards as a set."""
    out = set()
    for pattern in text.split(", "):
        tokens = pattern.split()
        for choice in itertools.product(*(sorted(position_cards(t)) for t in tokens)):
            if len(set(choice)) != len(choice):
                continue
            downs = sorted([choice[0], choice[1]] + ([choice[6]] if len(choice) == 7 else []))
            out.add((downs[0], downs[1], *choice[2:6], *downs[2:]))
    return out


# ------------------------------------------------------------------ counts


def test_the_documented_count() -> None:
    r = Range("[A-8] [A-8] 7h")
    assert len(r) == math.comb(31, 2) == 465
    assert set(r) == reference("[A-8] [A-8] 7h")
    assert all(c[2] == parse_card("7h") and c[0] < c[1] for c in r)


@pytest.mark.parametrize(
    "text",
    [
        "A 2 3",
        "[A-3] x 4s",
        "[2,5,9] [9-K] [A-2]",
        "7h 7 x",
        "A A A",
        "[A-2] [A-2] [A-2] 3c",
        "As [A-2] 2c 3 4d",
        "[A-2] [2-3] 4c 5c 6c 7c [A-3]",
        "A 2 3, 2 A 3, [A-2] [A-2] 3",
        "Kh Kd Ks, K K K",
    ],
)
def test_combos_match_the_brute_force_reading(text: str) -> None:
    r = Range(text)
    ref = reference(text)
    assert len(r) == len(ref)
    assert set(r) == ref
    assert list(r) == sorted(ref)
    assert all(c in r for c in ref)


def test_down_cards_are_unordered_the_upcards_ordered() -> None:
    assert Range("A 2 3") == Range("2 A 3")
    assert Range("A 2 3") != Range("A 3 2")
    seven = Range("As 2s 3s 4s 5s 6s 7s")
    assert len(seven) == 1
    assert Range("7s 2s 3s 4s 5s 6s As") == seven == Range("As 7s 3s 4s 5s 6s 2s")
    assert (parse_card("2s"), parse_card("As"), *parse_cards("3s 4s 5s 6s 7s")) in seven
    assert (parse_card("3s"), parse_card("As"), *parse_cards("2s 4s 5s 6s 7s")) not in seven


def test_union_removes_duplicates() -> None:
    assert len(Range("A A 2, A A 2, [A-A] A 2")) == 6 * 4


def test_rank_spellings() -> None:
    assert Range("[T-K] 10 t") == Range("[10-K] T T")
    assert Range("[a-3] j q") == Range("[A-3] J Q")
    assert Range("X x 2c") == Range("x x 2c")
    assert Range("[A-3, 7,9-J] 2 3") == Range("[A,2,3,7,9,T,J] 2 3")


def test_iteration_yields_card_code_tuples() -> None:
    combos = list(Range("As 2d [3-3]"))
    assert [format_cards(c) for c in combos] == ["As 2d 3c", "As 2d 3d", "As 2d 3h", "As 2d 3s"]
    assert all(isinstance(code, int) for c in combos for code in c)


def test_membership_takes_only_combos() -> None:
    r = Range("A 2 3")
    assert "A 2 3" not in r
    assert (0, 4) not in r
    assert (0.0, 4, 8) not in r


# ------------------------------------------------------------------ errors


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[A-8] [A-8] Zh", ["position 3", "'Zh'"]),
        ("[A-8] [9-Z] 7h", ["position 2", "'Z' is not a rank"]),
        ("[8-A] x 7h", ["position 1", "runs downwards"]),
        ("A 2", ["2 positions", "3 to 7"]),
        ("A 2 3 4 5 6 7 8", ["8 positions"]),
        ("A 2 3, A 2 [", ["pattern 2", "position 3"]),
        ("A 2 3, , 4 5 6", ["pattern 2 is empty"]),
        ("[] 2 3", ["position 1", "empty"]),
        ("[A,,3] 2 3", ["position 1", "empty item"]),
        ("A 2 3 ]", ["position 4", "stray"]),
        ("7h 7h 2c", ["no combo"]),
        ("A A A A A 2 3", ["no combo"]),
        ("x x x x x x x", ["too many combos"]),
        ("", ["empty"]),
        ("As 2s 3ss", ["position 3"]),
        ("?? ?? 7h", ["position 1", "x is any card"]),
    ],
)
def test_bad_text_names_the_bad_position(text: str, words: list[str]) -> None:
    with pytest.raises(RazzError) as info:
        Range(text)
    for word in words:
        assert word in str(info.value)


@pytest.mark.parametrize(
    "text",
    [
        "As 2s x x x x",
        "x x x x",
        "x x x x x x x",
        "[A-K] [A-K] [A-K] [A-K] [A-K] [A-K]",
        "As Ks x x x x Qs",
        "A 2 x x x x",
        ", ".join(["As 2s x x x x"] * 600),
    ],
)
def test_too_large_ranges_are_refused_at_once(text: str) -> None:
    """Counted before listing: no seconds of work, no gigabytes of combos."""
    start = time.perf_counter()
    with pytest.raises(RazzError, match=r"too many combos \(more than 2,000,000\)"):
        Range(text)
    assert time.perf_counter() - start < 2


def test_repeated_patterns_are_refused_at_once() -> None:
    """Patterns that together list far more combos than a range may hold,
    each one below the limit."""
    text = ", ".join(
        f"A{s} 2{s} [{ranks}] x x x" for s in "shd" for ranks in ("A-4", "5-8")
    )
    start = time.perf_counter()
    with pytest.raises(RazzError, match="combos in all"):
        Range(text)
    assert time.perf_counter() - start < 2
    # a pattern repeated word for word is listed once
    assert len(Range(", ".join(["As 2s 3s 4s x x"] * 500))) == 48 * 47


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sets(st.integers(0, 11), max_size=12), min_size=1, max_size=5))
def test_injective_count_matches_listing(sets: list[set[int]]) -> None:
    positions = [frozenset(s) for s in sets]
    listed = sum(len(set(t)) == len(t) for t in itertools.product(*positions))
    assert _injective(positions) == listed


@settings(max_examples=60, deadline=None)
@given(st.lists(_POSITION_TOKENS, min_size=3, max_size=4))
def test_least_combos_is_a_lower_bound(tokens: list[str]) -> None:
    assume(tokens.count("x") <= 2)
    text = " ".join(tokens)
    assert _least_combos([frozenset(position_cards(t)) for t in tokens]) <= len(reference(text))


@pytest.mark.parametrize("value", [None, 7, b"A 2 3", ["A", "2", "3"]])
def test_not_text(value: object) -> None:
    with pytest.raises(RazzError, match="a range is text"):
        Range(value)  # type: ignore[arg-type]


def test_huge_text_is_refused() -> None:
    with pytest.raises(RazzError, match="characters"):
        Range("A 2 3, " * 5000)


# ------------------------------------------------------------------ properties

_POSITION = st.one_of(
    st.sampled_from(["x", "A", "7", "K", "7h", "As", "2c", "[A-3]", "[2,5,9]", "[9-K]", "[A-A]"]),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(_POSITION, min_size=3, max_size=4))
def test_random_patterns_match_the_reference(tokens: list[str]) -> None:
    assume(tokens.count("x") <= 2)  # keeps the reference's product small
    text = " ".join(tokens)
    ref = reference(text)
    if not ref:
        with pytest.raises(RazzError, match="no combo"):
            Range(text)
        return
    r = Range(text)
    assert set(r) == ref
    assert len(r) == len(ref)


def test_docs_examples_print_what_the_docs_show() -> None:
    """docs/ranges.md shows real output; keep it honest."""
    import doctest
    import pathlib

    doc = pathlib.Path(__file__).resolve().parent.parent / "docs" / "ranges.md"
    if not doc.exists():
        pytest.skip("docs/ is not beside the tests (installed-wheel run)")
    result = doctest.testfile(str(doc), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 8
    assert result.failed == 0
