"""A person at the terminal: ``razzcore play --human N`` driven through a real
pseudo-terminal (pexpect), as a person types."""

from __future__ import annotations

import io
import pathlib
import re
import sys

import pytest

from razzcore import phh, pokerstars
from razzcore.histories.text import format_hand
from razzcore.seat.terminal import play_at_terminal
from razzcore.sim import Session

pexpect = pytest.importorskip("pexpect", reason="pexpect drives the pseudo-terminal (POSIX)")

PROMPT = r"Your move: (.*?) > "
BETWEEN = r"Enter for the next hand, q to quit > "
OVER = r"Session over: (.*?)\.\r?\n"


def spawn(*args: str, cwd: pathlib.Path) -> pexpect.spawn:
    child = pexpect.spawn(sys.executable, ["-m", "razzcore", "play", *args], cwd=str(cwd),
                          encoding="utf-8", timeout=60, dimensions=(50, 200))
    child.logfile_read = io.StringIO()
    return child


def offered(prompt: str) -> dict[str, str]:
    """The prompt's keys and what each does: {'f': 'fold', 'c': 'call 3'...}."""
    return {part[0]: part[2:] for part in prompt.split(" · ")
            if len(part) > 2 and part[1] == " " and part[0] in "fcbp"}


def drive(child: pexpect.spawn, pick: str = "cbpf", *, illegal: bool = False,
          stop_after: int | None = None) -> tuple[int, str]:
    """Answer every prompt with the first key of ``pick`` that is offered
    (after an illegal key first, when ``illegal``), Enter between hands,
    until the session ends (or ``q`` after ``stop_after`` decisions);
    returns (decisions, why the session ended)."""
    decisions = 0
    while True:
        k = child.expect([PROMPT, BETWEEN, OVER])
        if k == 2:
            return decisions, child.match.group(1)
        if k == 1:
            child.sendline("")
            continue
        keys = offered(child.match.group(1))
        assert keys, child.match.group(0)
        if stop_after is not None and decisions == stop_after:
            child.sendline("q")
            continue
        if illegal:
            wrong = next(x for x in "fcbp" if x not in keys)
            child.sendline(wrong)
            child.expect(r"is not legal now\. Legal: (.*?)\.\r?\n")
            for key in keys:
                assert f"{key} (" in child.match.group(1)
            child.expect(PROMPT)
        child.sendline(next(x for x in pick if x in keys))
        decisions += 1


def check_files(folder: pathlib.Path, hands: int, stack: int, players: int) -> None:
    """The hands written as PHH and PokerStars text replay, each starting
    from the stacks the one before finished with."""
    histories = phh.load_all(folder / "mine.phhs")
    assert len(histories) == hands
    stars = pokerstars.load(folder / "mine.txt")
    assert len(stars) == hands
    stacks = [stack] * players
    for hh, other in zip(histories, stars, strict=True):
        assert list(hh.starting_stacks) == stacks
        stacks = list(hh.replay().stacks)
        assert list(other.replay().stacks) == stacks


def test_a_whole_session_with_illegal_keys(tmp_path: pathlib.Path) -> None:
    child = spawn("--players", "3", "--human", "2", "--lineup", "basic,random", "--hands", "3",
                  "--seed", "4", "--stack", "400", "--phh", "mine.phhs", "--pokerstars",
                  "mine.txt", cwd=tmp_path)
    decisions, why = drive(child, illegal=True)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert why == "all 3 hands were played" and decisions > 0
    out = child.logfile_read.getvalue()
    assert out.count("=== Hand ") == 3
    assert "*** Summary ***" in out and "Session after 3 hands:" in out
    assert "wrote 3 hands to mine.phhs" in out and "wrote 3 hands to mine.txt" in out
    check_files(tmp_path, 3, 400, 3)
    # The last summary's stacks are the last hand's finishing stacks.
    final = phh.load_all(tmp_path / "mine.phhs")[-1].replay().stacks
    summary = out[out.rindex("Session after 3 hands:"):]
    shown = [int(v) for v in re.findall(r"stack\s+(\d+)", summary)]
    assert shown == list(final)


def test_the_table_shows_what_the_seat_sees(tmp_path: pathlib.Path) -> None:
    child = spawn("--players", "4", "--human", "1", "--lineup", "basic", "--hands", "1",
                  "--seed", "8", cwd=tmp_path)
    child.expect(PROMPT)
    before = child.before
    child.sendline("q")
    child.expect(pexpect.EOF)
    mine = re.search(r"p1 you: \((\w\w) (\w\w)\) (\w\w)", before)
    assert mine is not None  # your own down cards, in the log
    for seat in (2, 3, 4):   # the others' down cards are hidden
        assert re.search(rf"p{seat} basic: \(\?\? \?\?\) \w\w", before)
    assert re.search(r"> p1  stack \d+", before)  # the table, your seat to act
    assert re.search(r"3rd street: your stack \d+, (to call \d+|nothing to call), pot \d+",
                     before)


def test_help_and_words(tmp_path: pathlib.Path) -> None:
    child = spawn("--players", "2", "--human", "1", "--lineup", "basic", "--hands", "1",
                  "--seed", "3", cwd=tmp_path)
    child.expect(PROMPT)
    child.sendline("?")
    child.expect("p post the bring-in")
    child.expect(PROMPT)
    keys = offered(child.match.group(1))
    word = "fold" if "f" in keys else "complete" if "b" in keys else "call"
    child.sendline(word.upper())  # words, any case
    k = child.expect([PROMPT, BETWEEN, OVER])
    assert "is not legal now" not in child.before
    if k != 2:
        child.sendline("q")
    child.expect(pexpect.EOF)


def test_q_quits_and_keeps_the_finished_hands(tmp_path: pathlib.Path) -> None:
    child = spawn("--players", "3", "--human", "3", "--lineup", "calldown", "--hands", "50",
                  "--seed", "6", "--phh", "mine.phhs", "--pokerstars", "mine.txt",
                  cwd=tmp_path)
    decisions, why = drive(child, "cp", stop_after=12)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and why == "you left the table" and decisions == 12
    out = child.logfile_read.getvalue()
    finished = out.count("*** Summary ***")
    assert 0 < finished < 50
    assert f"wrote {finished} hand" in out
    check_files(tmp_path, finished, 1000, 3)


def test_end_of_input_is_a_clean_exit(tmp_path: pathlib.Path) -> None:
    child = spawn("--players", "2", "--human", "1", "--lineup", "random", "--hands", "20",
                  "--seed", "2", "--phh", "mine.phhs", "--pokerstars", "mine.txt",
                  cwd=tmp_path)
    hands = 0
    while hands < 2:  # finish two hands, then close the input at a decision
        k = child.expect([PROMPT, BETWEEN])
        if k == 1:
            hands += 1
            child.sendline("")
        else:
            keys = offered(child.match.group(1))
            child.sendline("c" if "c" in keys else "p" if "p" in keys else "f")
    child.expect(PROMPT)
    child.sendeof()
    child.expect(OVER)
    assert child.match.group(1) == "you left the table"
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in child.logfile_read.getvalue()
    check_files(tmp_path, 2, 1000, 2)


def test_a_broke_seat_ends_the_session_or_rebuys(tmp_path: pathlib.Path) -> None:
    args = ("--players", "3", "--human", "1", "--lineup", "random", "--hands", "30",
            "--seed", "5", "--stack", "30")
    child = spawn(*args, cwd=tmp_path)
    _, why = drive(child, "bcpf")
    child.expect(pexpect.EOF)
    assert why.endswith("out of chips")
    child = spawn(*args, "--rebuy", cwd=tmp_path)
    _, why = drive(child, "bcpf")
    child.expect(pexpect.EOF)
    assert why == "all 30 hands were played"
    assert "(bought in " in child.logfile_read.getvalue()


def test_heads_up_with_the_default_lineup(tmp_path: pathlib.Path) -> None:
    """Without --lineup, the other seat takes the first of play's lineup."""
    child = spawn("--players", "2", "--human", "2", "--hands", "1", "--seed", "1",
                  cwd=tmp_path)
    child.expect(PROMPT)
    assert "Seat 1: p1 basic" in child.before and "Seat 2: p2 you" in child.before
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_options_that_do_not_fit_a_person(tmp_path: pathlib.Path) -> None:
    from razzcore.cli.commands import main

    assert main(["play", "--human", "3", "--players", "2"]) == 2
    assert main(["play", "--human", "1", "--players", "2", "--lineup", "basic,random"]) == 2
    assert main(["play", "--human", "1", "--lineup", ""]) == 2
    assert main(["play", "--human", "1", "--json"]) == 2
    assert main(["play", "--human", "1", "--threads", "2"]) == 2
    assert main(["play", "--rebuy"]) == 2
    assert main(["play", "--human", "1", "--phh", "x.txt"]) == 2
    assert main(["play", "--human", "1", "--pokerstars", "x.PHHS"]) == 2
    assert main(["play", "--human", "1", "--phh", str(tmp_path / "no" / "x.phhs")]) == 2


def test_play_at_terminal_reads_any_stream() -> None:
    s = Session([None, "calldown"], seed=12, hands=2, stack=100)
    out = io.StringIO()
    # "p" posts the bring-in when it is asked for, else "c" checks or calls.
    play_at_terminal(s, 0, io.StringIO("zzz\n" + "p\nc\n" * 200), out)
    text = out.getvalue()
    assert "'zzz' is not legal now" in text
    assert s.ended == "all 2 hands were played" and len(s.hands) == 2
    # Each hand's whole log, as the seat sees it, was printed line after line
    # (between the prompts), nothing left out.
    # (Typed answers are not echoed here: what follows a prompt is on its line.)
    lines = [line.split(" > ", 1)[1] if line.startswith(("Your move:", "Enter for")) else line
             for line in text.splitlines()]
    printed = [line for line in lines if not line.startswith(
        ("> p", "  p", "3rd street", "4th street", "5th street", "6th street", "7th street",
         "Legal:")) and "is not legal now" not in line]
    # (Down cards shown at the end are named in the final log's deal lines,
    # while they were ?? when dealt: compare the lines without them.)
    def hide(lines: list[str]) -> list[str]:
        return [re.sub(r"\([^)]*\)", "(..)", line) for line in lines]

    for k, hand in enumerate(s.hands, 1):
        log = format_hand(hand, players=s.names, dealt=hand.view(0).cards).splitlines()
        start = printed.index(f"=== Hand {k} ===") + 1
        assert hide(printed[start:start + len(log)]) == hide(log)
        assert not any(line.startswith("*** Incomplete") for line in printed)


def test_quitting_before_a_hand_ends_writes_no_empty_file(tmp_path: pathlib.Path) -> None:
    child = spawn("--players", "2", "--human", "1", "--lineup", "random", "--hands", "5",
                  "--seed", "2", "--phh", "mine.phhs", "--pokerstars", "mine.txt",
                  cwd=tmp_path)
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    out = child.logfile_read.getvalue()
    assert "no hand was finished: mine.phhs not written" in out
    assert not (tmp_path / "mine.phhs").exists() and not (tmp_path / "mine.txt").exists()
