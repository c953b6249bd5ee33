"""Reading hand histories (PHH and PokerStars) from files and text: what a
caller passes by mistake is refused with a razzcore error saying what to do."""

from __future__ import annotations

import io

import pytest

from razzcore import RazzError, phh, pokerstars
from razzcore.errors import PHHError
from razzcore.histories.pokerstars import PokerStarsError


@pytest.mark.parametrize("wrong", ["good.txt", b"good.txt", None, 7])
def test_pokerstars_load_of_a_path_says_to_open_the_file(wrong: object) -> None:
    with pytest.raises(PokerStarsError, match=r"takes a file object.*pokerstars\.loads"):
        pokerstars.load(wrong)  # type: ignore[arg-type]


@pytest.mark.parametrize("function", [phh.load, phh.load_all])
@pytest.mark.parametrize("wrong", ["hands.phhs", None])
def test_phh_load_of_a_path_says_to_open_the_file(function: object, wrong: object) -> None:
    with pytest.raises(PHHError, match=r"takes a file object.*phh\.loads"):
        function(wrong)  # type: ignore[operator]


def test_load_still_reads_text_and_binary_files() -> None:
    text = pokerstars.dumps([pokerstars.EXAMPLE])
    assert len(pokerstars.load(io.StringIO(text))) == 1
    assert len(pokerstars.load(io.BytesIO(text.encode()))) == 1
    one = phh.dumps(phh.HandHistory([0, 0], 1, 2, 4, [9, 9], []))
    assert phh.load(io.StringIO(one)).bring_in == 1
    assert isinstance(PokerStarsError("x"), RazzError)


@pytest.mark.parametrize("text", ["", "   \n", "# only a comment\n", b""])
def test_empty_phh_text_is_called_empty(text: str | bytes) -> None:
    with pytest.raises(PHHError, match="the text is empty"):
        phh.loads(text)


def test_pokerstars_text_given_to_the_phh_reader_is_named() -> None:
    text = pokerstars.dumps([pokerstars.EXAMPLE])
    with pytest.raises(PHHError, match=r"PokerStars text, not PHH.*pokerstars\.loads"):
        phh.loads(text)
    with pytest.raises(PHHError, match="PokerStars text, not PHH"):
        phh.loads_all("\ufeff" + text)


def test_non_utf8_phh_bytes_say_so() -> None:
    with pytest.raises(PHHError, match=r"not UTF-8 text \(byte 12\)"):
        phh.loads("variant = 'R\u00b1'".encode("latin-1"))
