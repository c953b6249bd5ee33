"""Reading hand histories (PHH and PokerStars) from files, paths and text: what a
caller passes by mistake is refused with a razzcore error saying what to do."""

from __future__ import annotations

import io
import pathlib

import pytest

from razzcore import RazzError, phh, pokerstars
from razzcore.errors import PHHError
from razzcore.histories.pokerstars import PokerStarsError


@pytest.mark.parametrize("wrong", [b"good.txt", None, 7])
def test_pokerstars_load_of_something_else_says_what_it_takes(wrong: object) -> None:
    with pytest.raises(PokerStarsError, match=r"takes a file object.*or a path.*pokerstars\.loads"):
        pokerstars.load(wrong)  # type: ignore[arg-type]


@pytest.mark.parametrize("function", [phh.load, phh.load_all])
@pytest.mark.parametrize("wrong", [None, 7])
def test_phh_load_of_something_else_says_what_it_takes(function: object, wrong: object) -> None:
    with pytest.raises(PHHError, match=r"takes a file object.*or a path.*phh\.loads"):
        function(wrong)  # type: ignore[operator]


def test_load_reads_a_path_given_as_str_or_pathlike(tmp_path: pathlib.Path) -> None:
    stars = tmp_path / "hands.txt"
    stars.write_text(pokerstars.dumps([pokerstars.EXAMPLE]), encoding="utf-8")
    assert len(pokerstars.load(stars)) == len(pokerstars.load(str(stars))) == 1
    one = tmp_path / "one.phh"
    one.write_text(phh.dumps(phh.HandHistory([0, 0], 1, 2, 4, [9, 9], [])), encoding="utf-8")
    assert phh.load(one).bring_in == phh.load(str(one)).bring_in == 1
    many = tmp_path / "many.phhs"
    many.write_text(phh.dumps_all([phh.HandHistory([0, 0], 1, 2, 4, [9, 9], [])] * 2))
    assert len(phh.load_all(many)) == len(phh.load_all(str(many))) == 2


def test_every_reader_says_a_missing_file_in_the_same_words(tmp_path: pathlib.Path) -> None:
    """One message, ``no file 'PATH'``, from the library's loaders and from
    every command that reads files."""
    import subprocess
    import sys

    gone = tmp_path / "gone.phh"
    said = f"no file '{gone}'"
    for load in (phh.load, phh.load_all):
        with pytest.raises(PHHError) as info:
            load(gone)
        assert str(info.value) == said
    with pytest.raises(PokerStarsError) as stars:
        pokerstars.load(gone)
    assert str(stars.value) == said
    for words in (["replay", str(gone)], ["replay", str(gone), "--html", "-"],
                  ["convert", str(gone), "-o", str(tmp_path / "out.phhs")],
                  ["stats", str(gone)]):
        proc = subprocess.run([sys.executable, "-m", "razzcore", *words], capture_output=True,
                              text=True)
        assert proc.returncode == 2
        assert proc.stderr == f"razzcore {words[0]}: error: {said}\n", words


def test_a_file_that_cannot_be_written_names_the_path_and_the_reason(
        tmp_path: pathlib.Path) -> None:
    import subprocess
    import sys

    from razzcore.histories.files import write_file

    page = tmp_path / "no" / "such" / "page.html"
    with pytest.raises(RazzError) as info:
        write_file(str(page), "<html>")
    assert str(info.value) == f"cannot write '{page}': no folder '{page.parent}'"
    hand = pathlib.Path(__file__).parent / "data" / "pokerstars" / "example-razz.txt"
    proc = subprocess.run([sys.executable, "-m", "razzcore", "replay", str(hand), "--html",
                           str(page)], capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stderr == (f"razzcore replay: error: cannot write '{page}': no folder "
                           f"'{page.parent}'\n")


def test_phh_load_of_a_file_that_is_not_phh_names_the_file(tmp_path: pathlib.Path) -> None:
    notes = tmp_path / "README.md"
    notes.write_text("# razzcore\n\nNot a hand history.\n", encoding="utf-8")
    for load in (phh.load, phh.load_all):
        with pytest.raises(PHHError, match=rf"^{notes}: not valid TOML"):
            load(notes)
    with open(notes, encoding="utf-8") as fp, pytest.raises(PHHError, match=rf"^{notes}: "):
        phh.load(fp)
    with pytest.raises(PHHError, match=r"^not valid TOML"):  # text has no file name
        phh.loads(notes.read_text(encoding="utf-8"))


def test_each_reader_given_the_other_format_says_which_to_use() -> None:
    hand = phh.HandHistory([0, 0], 1, 2, 4, [9, 9], [])
    for text in (phh.dumps(hand), phh.dumps_all([hand, hand])):
        with pytest.raises(PokerStarsError, match=r"this looks like PHH, not PokerStars "
                                                  r"text: read it with razzcore\.phh"):
            pokerstars.loads(text)
    with pytest.raises(PHHError, match=r"this is PokerStars text, not PHH: read it with "
                                       r"razzcore\.histories\.pokerstars\.loads"):
        phh.loads(pokerstars.dumps([pokerstars.EXAMPLE]))


def test_load_of_history_text_says_to_use_loads() -> None:
    text = phh.dumps(phh.HandHistory([0, 0], 1, 2, 4, [9, 9], []))
    with pytest.raises(PHHError, match=r"not the text of a history; use phh\.loads"):
        phh.load(text)


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
