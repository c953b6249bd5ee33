"""How a hand's money and seats are shown: amounts as the file writes them
(cents of a currency, chips), the table's seat numbers, the rake and a
tournament's header, alike in the readable text, the replayer page's data
and ``razzcore replay --json``."""

from __future__ import annotations

import json
import pathlib
import re

import pytest
from test_cli import run

from razzcore import phh, pokerstars
from razzcore.histories.money import CENT, CHIP, CHIPS, Money, money_of
from razzcore.histories.text import format_history
from razzcore.show import replayer

DATA = pathlib.Path(__file__).resolve().parent / "data" / "pokerstars"
EXAMPLE = (DATA / "example-razz.txt").read_text(encoding="utf-8")
LINE_KINDS = (DATA / "line-kinds.txt").read_text(encoding="utf-8")


def cents_text(cents: int, symbol: str) -> str:
    """Plain reference: an amount in cents as PokerStars writes it."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    grouped = f"{whole:,}"
    return f"{sign}{symbol}{grouped}" + ("" if part == 0 else "." + str(part).zfill(2))


# ------------------------------------------------------------------ the formatter


@pytest.mark.parametrize("cents", [0, 1, 4, 10, 99, 100, 150, 700, 12345, 123456789, -35, -700])
def test_cents_are_written_as_the_file_writes_them(cents: int) -> None:
    for symbol in ("$", "\u20ac", "\u00a3", ""):
        assert Money(CENT, symbol)(cents) == cents_text(cents, symbol)


def test_chips_are_whole_numbers_with_thousands_separators() -> None:
    assert [CHIPS(v) for v in (0, 7, 1500, 2650000)] == ["0", "7", "1,500", "2,650,000"]
    assert [CHIPS.signed(v) for v in (0, 240, -1100)] == ["+0", "+240", "-1,100"]
    assert Money(CENT, "$").signed(7) == "+$0.07"
    assert Money(CENT, "$", "USD").stakes(4, 8) == "$0.04/$0.08 USD"


def test_the_unit_of_a_history() -> None:
    cash, tournament = pokerstars.loads(EXAMPLE)[0], pokerstars.loads(LINE_KINDS)[0]
    assert money_of(cash) == Money(CENT, "$", "USD")
    assert money_of(tournament) == Money(CHIP)
    euro = pokerstars.loads(EXAMPLE.replace("$", "\u20ac").replace("USD", "EUR"))[0]
    assert money_of(euro) == Money(CENT, "\u20ac", "EUR")
    # A PHH file keeps the unit: the history converted and read back writes dollars.
    assert money_of(phh.loads(phh.dumps(cash))) == money_of(cash)
    assert money_of(phh.HandHistory([1, 1], 2, 5, 10, [50, 50], [], currency="USD")) == CHIPS


# ------------------------------------------------------------------ the readable text


def _summary(text: str) -> list[str]:
    lines = text.splitlines()
    return lines[lines.index("*** Summary ***") + 1:]


def test_a_cash_hand_reads_in_its_currency_with_its_seats_and_rake() -> None:
    hh = pokerstars.loads(EXAMPLE)[0]
    lines = hh.to_text().splitlines()
    assert lines[1] == ("Razz (fixed limit): ante $0.10, bring-in $0.25, bets $0.50/$1 USD"
                        " - rules: online")
    assert lines[2:5] == ["Seat 2: alpha ($10 in chips)", "Seat 4: bravo [x] ($7.35 in chips)",
                          "Seat 7: charlie ($3.20 in chips)"]
    assert "Antes: $0.10 each" in lines
    assert "alpha brings in for $0.25" in lines
    assert "bravo [x] completes to $0.50" in lines
    assert "charlie raises to $2" in lines
    assert "charlie bets $0.10, all-in" in lines
    assert _summary(hh.to_text()) == [
        "Pot $6.75: bravo [x] wins $6.45", "Rake $0.30",
        "alpha: $10 -> $9.65 (-$0.35)", "bravo [x]: $7.35 -> $10.60 (+$3.25)",
        "charlie: $3.20 -> $0 (-$3.20)",
    ]
    # Every amount of the original text is one the readable text writes.
    written = set(re.findall(r"\$[\d.,]+", hh.to_text()))
    assert {"$0.10", "$0.25", "$0.50", "$1", "$2", "$6.45", "$6.75", "$0.30"} <= written
    # No bare cents: every amount after a verb is written in dollars.
    assert not re.search(r"\b(?:for|to|calls|bets|wins|Pot|Rake|Antes:) [0-9]", hh.to_text())


def test_seat_numbers_of_the_file_name_unnamed_seats_too() -> None:
    hh = pokerstars.loads(EXAMPLE)[0]
    hh.players = None
    lines = hh.to_text().splitlines()
    assert lines[2:5] == ["Seat 2: $10 in chips", "Seat 4: $7.35 in chips",
                          "Seat 7: $3.20 in chips"]
    assert "Seat 2 brings in for $0.25" in lines


def test_a_tournament_hand_shows_its_tournament_level_and_seats() -> None:
    hh = pokerstars.loads(LINE_KINDS)[0]
    lines = format_history(hh, hh.replay()).splitlines()
    assert lines[0] == ("Hand #250000000001 - Tournament #3141592653, $200+$15 USD - Level 12"
                        " - Table '3141592653 7' 8-max - 2026-03-14 20:01:02 CET")
    assert lines[1].startswith("Razz (fixed limit): ante 100, bring-in 250, bets 1,000/2,000 ")
    assert [line.split(":")[0] for line in lines[2:7]] == [
        "Seat 1", "Seat 3", "Seat 4", "Seat 6", "Seat 8"]
    assert "Seat 3: sleepy (3,000 in chips, not dealt in)" in lines
    assert "Rake" not in "\n".join(lines)  # no rake taken: no line


# ------------------------------------------------------------------ the page's data


def test_the_page_shows_the_files_seats_money_and_rake() -> None:
    hh = pokerstars.loads(EXAMPLE)[0]
    data = replayer.hand_data(hh)
    assert [(s["seat"], s["name"]) for s in data["seats"]] == [
        ("Seat 2", "alpha"), ("Seat 4", "bravo [x]"), ("Seat 7", "charlie")]
    assert data["info"].startswith("Razz, ante $0.10, bring-in $0.25, bets $0.50/$1 USD")
    assert data["steps"][0]["stacks"] == ["$9.90", "$7.25", "$3.10"]
    assert data["steps"][1]["text"] == "alpha brings in for $0.25"
    assert data["result"]["stacks"][0] == ["alpha", "$10", "$9.65", "-$0.35"]
    assert data["result"]["rake"] == "$0.30"
    assert data["result"]["awards"] == ["bravo [x] wins $6.45 from the pot"]
    assert data["outcome"] == "bravo [x] +$3.25"
    tournament = replayer.hand_data(pokerstars.loads(LINE_KINDS)[0])
    assert "Tournament #3141592653, $200+$15 USD" in tournament["info"]
    assert "Level 12" in tournament["info"]
    assert [s["seat"] for s in tournament["seats"]] == [
        "Seat 1", "Seat 3", "Seat 4", "Seat 6", "Seat 8"]
    assert tournament["result"]["rake"] is None


# ------------------------------------------------------------------ --json


def test_replay_json_gives_amounts_as_written_beside_the_integers(
        tmp_path: pathlib.Path) -> None:
    path = tmp_path / "session.txt"
    path.write_text(EXAMPLE + "\n\n" + LINE_KINDS, encoding="utf-8")
    proc = run("replay", str(path), "--json")
    assert proc.returncode == 0, proc.stderr
    hands = json.loads(proc.stdout)["hands"]
    cash, tournament = hands[0], hands[1]
    assert cash["finishing_stacks"] == [965, 1060, 0]
    assert cash["finishing_stacks_text"] == ["$9.65", "$10.60", "$0"]
    assert cash["payoffs"] == [-35, 325, -320]
    assert cash["payoffs_text"] == ["-$0.35", "+$3.25", "-$3.20"]
    assert (cash["rake"], cash["rake_text"]) == (30, "$0.30")
    assert (cash["unit"], cash["currency"], cash["currency_symbol"]) == ("cent", "USD", "$")
    assert cash["seats"] == [2, 4, 7] and cash["complete"] is True
    assert tournament["unit"] == "chip" and tournament["currency_symbol"] is None
    assert tournament["finishing_stacks_text"] == ["14,650", "3,000", "3,250", "13,550", "9,700"]
    assert tournament["seats"] == [1, 3, 4, 6, 8]


def test_replay_text_and_messages_write_money_as_the_file(tmp_path: pathlib.Path) -> None:
    hh = pokerstars.loads(EXAMPLE)[0]
    hh.finishing_stacks = [966, 1059, 0]
    path = tmp_path / "cash.phh"
    path.write_text(phh.dumps(hh), encoding="utf-8")
    proc = run("replay", str(path))
    assert proc.returncode == 1
    assert "Seat 7: charlie ($3.20 in chips)" in proc.stdout
    assert "Rake $0.30" in proc.stdout
    assert "finishing stacks: $9.65 / $10.60 / $0 (the file says $9.66 / $10.59 / $0)" in (
        proc.stdout)
    assert re.search(r"cash\.phh:\d+: finishing_stacks mismatch: the file says "
                     r"\$9\.66 / \$10\.59 / \$0, the replay gives \$9\.65 / \$10\.60 / \$0",
                     proc.stderr)
