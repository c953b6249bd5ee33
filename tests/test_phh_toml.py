"""The compiled PHH TOML reader agrees with tomllib or declines, never differs,
and reads exactly what the plain reader (``phh_toml_oracle``) reads."""

from __future__ import annotations

import datetime
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from phh_toml_oracle import read as oracle_read

from razzcore import phh, pokerstars
from razzcore.engine.rules import Rules
from razzcore.histories._phh_toml import read
from razzcore.histories.phh import HandHistory

pytest.importorskip("numpy")  # simulate records hands through numpy

TESTS = Path(__file__).parent


def same_or_declined(text: str) -> dict | None:
    """read(text), checked against tomllib: the same value and types, or None;
    and the same as the plain reader's, None included."""
    got = read(text)
    assert repr(got) == repr(oracle_read(text)), text
    try:
        want = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        assert got is None, f"tomllib refuses {text!r}, the fast reader read {got!r}"
        return None
    except RecursionError:
        assert got is None
        return None
    if got is not None:
        assert got == want
        assert repr(got) == repr(want)  # types too (1 vs 1.0 vs True)
    return got


def simulated_texts(count: int, seed: int) -> list[str]:
    from razzcore.sim import simulate

    result = simulate(Rules(1, 2, 5, 10), [200] * 6, count, policy="basic", record=count,
                      seed=seed)
    return [phh.dumps(h) for h in result.histories]


def test_every_phh_file_under_tests_reads_as_tomllib_reads_it():
    files = sorted([*TESTS.rglob("*.phh"), *TESTS.rglob("*.phhs")])
    assert files
    for path in files:
        same_or_declined(path.read_text(encoding="utf-8"))


def test_written_histories_are_read_by_the_fast_reader_exactly():
    texts = simulated_texts(200, 3)
    for text in texts:
        assert same_or_declined(text) is not None
    whole = phh.dumps_all([phh.loads(t) for t in texts[:20]])
    assert same_or_declined(whole) is not None


def test_pokerstars_conversions_are_read_by_the_fast_reader_exactly():
    folder = TESTS / "data" / "pokerstars"
    read_any = 0
    for path in sorted(folder.glob("*.txt")):
        try:
            hands = pokerstars.loads(path.read_text(encoding="utf-8"), on_error="skip")
        except Exception:  # a file kept to test a refusal
            continue
        for hh in hands:
            assert same_or_declined(phh.dumps(hh)) is not None
            read_any += 1
    assert read_any


def test_every_field_kind_razzcore_writes_agrees_with_tomllib():
    hh = HandHistory(
        [1, 1], 2, 5, 10, [100, 0], ["d dh p1 AcAdKd # it's \"quoted\"", "p1 pb"],
        author="O'Neil \\ back\tslash\nnew line \x7f \x01 é ☃ 𝄞", event="", hand=12, table="T",
        seats=[1, 2], players=["a b", "'"], time=datetime.time(12, 30), time_limit=1.5,
        time_banks=[1, 2.5], ante_trimming_status=False,
        user_fields={"_x": {"a b": [1, {"c": "d"}], "": [], "e": {}}, "_y": -0,
                     "_razzcore_rules": {"profile": "tda", "burn_cards": False}},
    )
    text = phh.dumps(hh)
    same_or_declined(text)  # floats and times: tomllib reads them
    hh.time = hh.time_limit = hh.time_banks = None
    assert same_or_declined(hh.dumps()) is not None


def test_loads_gives_the_same_history_with_or_without_the_fast_reader(monkeypatch):
    texts = simulated_texts(30, 5)
    fast = [phh.loads(t) for t in texts]
    monkeypatch.setattr("razzcore.histories._phh_toml.read", lambda text: None)
    slow = [phh.loads(t) for t in texts]
    assert fast == slow


@pytest.mark.parametrize("text", [
    "a = 1\na = 2\n", "[1]\na = 1\n[1]\nb = 2\n", "a = 1\n[a]\n", "a = {b = 1, b = 2}\n",
    "a = 01\n", "a = +1\n", "a = 1_000\n", "a = 1.0\n", "a = 1e5\n", "a = [1,2]\n",
    "a = [1, 2,]\n", "a = 'x' # c\n", "a.b = 1\n", "a = \"\\ud800\"\n", "a = \"\\e\"\n",
    "a = 1\r\n", " a = 1\n", "a=1\n", "a = 'x\ty'\n", "a = 12345678901234567890\n",
    "a = true1\n", "a = [true, falsey]\n", "a = {}\nb = [[], [[]]]\n", "'' = 1\n",
    "a = \"\\u0000\"\n", "a = [\n1]\n", "a = '''x'''\n", "a = -0\n",
])
def test_edge_texts_agree_or_decline(text):
    same_or_declined(text)


_PIECES = ["a", "b", "_c", "'k'", '"k"', " = ", "=", ", ", ",", "[", "]", "{", "}", "1", "-",
           "0", "12", "true", "false", "'s'", '"s"', '"\\n"', '"\\u00e9"', "\n", "#", " ",
           "'", '"', "\\", "[1]", ".", "e", "_", "+", "\t", "\r", "é"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=30))
def test_toml_ish_token_soup_is_read_as_tomllib_reads_it_or_declined(pieces):
    same_or_declined("".join(pieces))


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_mutated_written_histories_are_read_as_tomllib_reads_them_or_declined(data):
    text = _BASE_TEXTS[data.draw(st.integers(0, len(_BASE_TEXTS) - 1))]
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        op = data.draw(st.sampled_from(["insert", "delete", "replace"]))
        piece = data.draw(st.sampled_from(_PIECES))
        if op == "insert":
            text = text[:at] + piece + text[at:]
        elif op == "delete":
            text = text[:at] + text[at + len(piece):]
        else:
            text = text[:at] + piece + text[at + 1:]
    same_or_declined(text)


_BASE_TEXTS = [
    "variant = 'FR'\nantes = [1, 1]\nbring_in = 2\nactions = ['d dh p1 AcAd2c', 'p1 pb']\n"
    "players = [\"O'Neil\", 'B']\n_razzcore_rules = {profile = 'online', cap = 4}\n",
    "[1]\nvariant = 'FR'\nantes = [0, 0]\n\n[2]\nvariant = 'FR'\nactions = []\n",
    "_x = {a = [1, {b = 'c'}], 'd e' = \"f\\tg\"}\nok = true\nno = false\nn = -12\n",
]
