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
                                       r"razzcore\.pokerstars\.loads$"):
        phh.loads(pokerstars.dumps([pokerstars.EXAMPLE]))


def test_the_hints_name_the_public_function_for_a_path_or_for_text(
        tmp_path: pathlib.Path) -> None:
    hand = phh.HandHistory([0, 0], 1, 2, 4, [9, 9], [])
    stars = tmp_path / "session.txt"
    stars.write_text(pokerstars.dumps([pokerstars.EXAMPLE]), encoding="utf-8")
    with pytest.raises(PHHError, match=rf"^{stars}: this is PokerStars text, not PHH: read it "
                                       rf"with razzcore\.pokerstars\.load$"):
        phh.load(stars)
    many = phh.dumps_all([hand, hand])
    for name, rename in (("mine.phhs", ""), ("mine.phh", " \\(and name the file \\.phhs\\)")):
        path = tmp_path / name
        path.write_text(many, encoding="utf-8")
        with pytest.raises(PHHError, match=rf"^{path}: this text holds 2 tables .*not one "
                                           rf"hand's fields: read it with razzcore\.phh\."
                                           rf"load_all{rename}$"):
            phh.load(path)
    with pytest.raises(PHHError, match=r"not one hand's fields: read it with "
                                       r"razzcore\.phh\.loads_all$"):
        phh.loads(many)
    with pytest.raises(PokerStarsError, match=r"read it with razzcore\.phh\.loads_all "
                                              r"\(razzcore\.phh\.load_all for a file\)"):
        pokerstars.load(path)



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


HOLDEM = ("PokerStars Hand #9: Hold'em No Limit ($0.01/$0.02 USD) - 2026/01/01 10:00:00 ET\n"
          "Table 'T' 6-max Seat #1 is the button\n")


@pytest.mark.parametrize("path, text, kind", [
    ("-", "\ufeff\n\n" + pokerstars.dumps([pokerstars.EXAMPLE]), "pokerstars"),
    ("-", "  PokerStars Zoom Hand #7: Razz Limit ($1/$2) - 2026/01/01 10:00:00 ET\n",
     "pokerstars"),
    ("-", "PokerStars Home Game Hand #7: {Club} Razz Limit (10/20) - 2026/01/01 10:00:00 ET\n",
     "pokerstars"),
    ("-", "PokerStars Game #7: Razz Limit ($1/$2 USD) - 2026/01/01 10:00:00 ET\n", "pokerstars"),
    ("hands.phh", HOLDEM, "pokerstars"),  # the text tells, whatever the name
    ("-", "# a hand\n\nvariant = 'FR'\nantes = [0, 0]\n", "phh"),
    ("-", "'antes' = [0, 0]\n", "phh"),
    ("-", "[1]\nvariant = 'FR'\nantes = [0, 0\n", "phhs"),  # cut: still told
    ("hands.txt", "[1]\nvariant = 'FR'\n", "phhs"),  # a name that does not tell
    ("hands.phhs", "variant = 'FR'\n", "phhs"),  # a PHH name tells one hand or many
    ("hand.phh", "[1]\nvariant = 'FR'\n", "phh"),
    ("hand.phh", "some words\nvariant = 'FR'\n", "phh"),
])
def test_the_format_is_told_from_the_first_lines(path: str, text: str, kind: str) -> None:
    from razzcore.histories.files import text_format

    assert text_format(path, text) == kind


@pytest.mark.parametrize("path, text", [
    ("-", "# razzcore\n\nA library.\n"),
    ("-", '[project]\nname = "x"\n'),  # TOML without a hand's fields
    ("-", "Notes: antes = [0, 0] is how PHH writes antes\n"),
    ("-", "some words\nvariant = 'FR'\n"),  # PHH only from its first line on
    ("tool.phh", '[tool]\nname = "x"\n'),
    ("-", "# only a comment\n"),
])
def test_a_text_of_neither_format_is_no_hand_history(path: str, text: str) -> None:
    from razzcore.histories.files import text_format

    with pytest.raises(RazzError, match=r"is not a hand history: neither PHH"):
        text_format(path, text)


def test_the_format_is_told_without_reading_the_whole_text() -> None:
    from razzcore.histories import _formats

    text = phh.dumps_all([phh.HandHistory([0, 0], 1, 2, 4, [9, 9], [])] * 2)
    assert _formats.sniff(text[:-10]) == "phhs"  # not TOML as a whole
    assert _formats.sniff(text + "\x00" * 10_000_000) == "phhs"  # fast: only the top is read


def test_dump_writes_to_a_path_as_load_reads_from_one(tmp_path: pathlib.Path) -> None:
    hand = phh.HandHistory([0, 0], 1, 2, 4, [9, 9], [])
    phh.dump(hand, tmp_path / "one.phh")
    phh.dump_all([hand, hand], str(tmp_path / "two.phhs"))
    pokerstars.dump([pokerstars.EXAMPLE], tmp_path / "hands.txt")
    assert phh.load(tmp_path / "one.phh").bring_in == 1
    assert len(phh.load_all(tmp_path / "two.phhs")) == 2
    assert len(pokerstars.load(tmp_path / "hands.txt")) == 1
    with pytest.raises(PHHError, match=r"phh\.dump_all writes to a file object .*phh\.dumps"):
        phh.dump_all([hand], 7)  # type: ignore[arg-type]
    with pytest.raises(PokerStarsError, match=r"^cannot write '/no/such/folder/x\.txt'"):
        pokerstars.dump([pokerstars.EXAMPLE], "/no/such/folder/x.txt")
