"""The hand-history subcommands of ``razzcore``, ``replay`` and ``convert``
(internal to :mod:`razzcore.cli.commands`), and their input.

Reading PHH and PokerStars files (or standard input, named ``-``), and
turning a :class:`~razzcore.errors.PHHError` into a message that names the
file, the line and the action.  Messages count everything from 1: lines,
hands of a ``.phhs`` file, actions (``action 3``, as the library writes
them) and players (``p1``).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Sequence
from typing import Any

from ..errors import PHHError, RazzError, counted
from ..histories._phh_toml import ReadWith
from ..histories.files import (
    PHH_SUFFIXES,
    PHHS,
    POKERSTARS,
    STDIN,
    TABLE_HEADER,
    check_writable,
    display_name,
    other_games_note,
    phh_file,
    phh_tables,
    phh_text,
    read_text,
    stars_places,
    text_format,
    write_file,
)
from .format import EXITS, json_text, one_line, os_message

EXIT_OK, EXIT_MISMATCH, EXIT_USAGE = EXITS

__all__ = [
    "PHH_SUFFIXES",
    "STDIN",
    "action_line",
    "cmd_convert",
    "cmd_replay",
    "display_name",
    "field_line",
    "hand_report",
    "located",
    "read_histories",
    "read_text",
    "stars_error",
    "stars_places",
    "where",
]

def where(path: str, text: str, index: int, multi: bool, exc: PHHError) -> str:
    """``FILE:LINE`` of the failing action or field of hand ``index`` (0-based)."""
    offset = 0
    if multi:
        headers = list(TABLE_HEADER.finditer(text))
        if index < len(headers):
            offset = headers[index].start()
    part = text[offset:]
    line = None
    if exc.action_index is not None:
        line = action_line(part, exc.action_index)
    elif exc.field:
        line = field_line(part, exc.field)
    name = display_name(path)
    if line is None:
        return name
    return f"{name}:{text.count(chr(10), 0, offset) + line}"


def located(path: str, text: str, index: int, multi: bool, exc: PHHError, label: str = "") -> str:
    """``FILE:LINE: LABEL MESSAGE`` for ``exc`` raised by hand ``index``
    (the library counts actions from 1, as the file's lines are counted).

    >>> exc = PHHError("action 3 'p1 cc': it is p2's turn", field="actions", action_index=2)
    >>> located("x.phh", 'actions = [\\n"a",\\n"b",\\n"p1 cc",\\n]', 0, False, exc)
    "x.phh:4: action 3 'p1 cc': it is p2's turn"
    """
    return f"{where(path, text, index, multi, exc)}: {label}{exc}"


def stars_error(path: str, exc: Any) -> str:
    """``FILE:LINE: hand #N: reason`` of a malformed PokerStars hand (a
    ``PokerStarsError``)."""
    name = display_name(path)
    place = name if exc.line is None else f"{name}:{exc.line}"
    hand = "" if exc.hand is None else f"hand #{exc.hand}: "
    return one_line(f"{place}: {hand}{exc.reason}")


def read_histories(path: str) -> tuple[str, bool, list[tuple[int, Any]], bool, list[str]]:
    """The text of ``path``; whether it holds many hands; its hand histories,
    each with its place in the file (from 0); whether it is PokerStars text
    (else PHH); and each malformed hand left out, as a message naming its
    file, line and hand (the other hands still load)."""
    import warnings

    text = read_text(path)
    if not text.strip():
        raise RazzError(f"{display_name(path)}: no hands in the file (it is empty)")
    kind = text_format(path, text)
    if kind == POKERSTARS:
        from ..histories.pokerstars import PokerStarsWarning, loads_report

        with warnings.catch_warnings():  # each malformed hand is reported below
            warnings.simplefilter("ignore", PokerStarsWarning)
            report = loads_report(text, on_error="skip")
        hands = list(zip(stars_places(text, report.hands, report.errors), report.hands,
                         strict=True))
        left_out = [stars_error(path, exc) for exc in report.errors]
        if not hands and not left_out:
            other = report.other_games
            raise RazzError(f"{display_name(path)}: "
                            + (f"no Razz hands: {other_games_note(other)}" if other
                               else "no hands in the file"))
        return text, True, hands, True, left_out
    multi = kind == PHHS
    hands, left_out = load_phh(path, text, multi)
    if not hands and not left_out:
        raise RazzError(f"{display_name(path)}: no hands in the file")
    return text, multi, hands, False, left_out


def load_phh(path: str, text: str, multi: bool) -> tuple[list[tuple[int, Any]], list[str]]:
    """The hands of PHH ``text`` with their places (from 0), and a message for
    each hand of a ``.phhs`` text that does not load (the others still do);
    a single hand that does not load is a :class:`RazzError`."""
    from .. import phh

    try:
        return list(enumerate(phh.loads_all(text) if multi else [phh.loads(text)])), []
    except PHHError as exc:
        if isinstance(exc, ReadWith):  # a .phh file of many hands: the command reads by name
            exc = PHHError(f"{exc.what}: name the file .phhs")
        if not multi:
            raise RazzError(located(path, text, 0, False, exc)) from None
        return _load_each(path, text, exc)


def _load_each(path: str, text: str, exc: PHHError) -> tuple[list[tuple[int, Any]], list[str]]:
    """The hands of a ``.phhs`` text one table at a time, after ``exc`` was
    raised reading them all: the good ones, and a message for each bad one."""
    tables = phh_tables(text)
    if [key for key, _ in tables] == [""]:  # not TOML at all, no table: nothing loads
        raise RazzError(located(path, text, 0, False, exc))
    hands: list[tuple[int, Any]] = []
    left_out: list[str] = []
    i = 0
    for key, got in tables:
        if not key:  # what stands before the first table
            left_out.append(one_line(f"{path}: {got}"))
            continue
        if isinstance(got, PHHError):
            label = f"hand {i + 1}: "
            left_out.append(one_line(located(path, text, i, True, got, label)))
        else:
            hands.append((i, got))
        i += 1
    return hands, left_out


_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'')


def action_line(text: str, index: int) -> int | None:
    """The 1-based line of ``text`` holding action number ``index`` (0-based)
    of the first ``actions = [...]`` array, or ``None`` when not found.

    >>> action_line('variant = "FR"\\nactions = [\\n  "d dh p1 AcAd2c",\\n  "p1 pb",\\n]', 1)
    4
    """
    start = re.search(r"^\s*actions\s*=\s*\[", text, re.MULTILINE)
    if start is None:
        return None
    pos = start.end()
    depth = 1
    count = 0
    while pos < len(text) and depth:
        ch = text[pos]
        if ch in "\"'":
            m = _STRING.match(text, pos)
            if m is None:
                return None
            if count == index:
                return text.count("\n", 0, pos) + 1
            count += 1
            pos = m.end()
            continue
        if ch == "#":
            nl = text.find("\n", pos)
            pos = len(text) if nl < 0 else nl
            continue
        depth += ch == "["
        depth -= ch == "]"
        pos += 1
    return None


def field_line(text: str, name: str) -> int | None:
    """The 1-based line where field ``name`` is set, or ``None``.

    >>> field_line('a = 1\\nfinishing_stacks = [1, 2]', "finishing_stacks")
    2
    """
    m = re.search(rf"^\s*{re.escape(name)}\s*=", text, re.MULTILINE)
    return None if m is None else text.count("\n", 0, m.start()) + 1


# ---------------------------------------------------------------- replay


def _one_stdin(paths: Sequence[str]) -> None:
    """Standard input (``-``) can be read once."""
    if sum(1 for p in paths if p == STDIN) > 1:
        raise RazzError("- (standard input) is given more than once: it can be read once")


def cmd_replay(args: argparse.Namespace) -> int:
    paths: list[str] = args.files
    _one_stdin(paths)
    if args.html:
        return _replay_html(paths, args)
    if args.spoilers:
        raise RazzError("--spoilers is for the page: add --html OUT.html")
    status = EXIT_OK
    outputs = []
    several = len(paths) > 1
    for path in paths:
        try:
            code, data = _replay_file(path, args, several)
        except (RazzError, OSError) as exc:
            if not several:  # the command's error
                raise
            # one bad file among several: named, and the others still replay
            message = one_line(os_message(exc) if isinstance(exc, OSError) else str(exc))
            sys.stderr.write(f"razzcore replay: error: {message}\n")
            code, data = EXIT_USAGE, {"error": message}
        status = max(status, code)
        outputs.append({"file": path, **data})
    if args.json:
        print(json_text({"files": outputs} if len(paths) > 1 else
                        {k: v for k, v in outputs[0].items() if k != "file"}))
    return status


def _hand_error(path: str, text: str, i: int, multi: bool, stars: bool, label: str,
                exc: PHHError) -> str:
    """Where hand ``i`` of ``path`` failed and why (``FILE:LINE: hand 2: 3rd
    action 'p1 cc': ...``; PokerStars hands by file and hand number)."""
    if stars:
        return f"{display_name(path)}: {label}{exc}"
    return located(path, text, i, multi, exc, label)


def _mismatch(path: str, text: str, i: int, multi: bool, stars: bool, label: str,
              report: dict[str, Any]) -> str:
    """Where and how the finishing stacks of the file and of the replay
    differ (amounts as the file writes them)."""
    err = PHHError("mismatch", field="finishing_stacks")
    place = display_name(path) if stars else where(path, text, i, multi, err)
    want = " / ".join(report["expected_finishing_stacks_text"])
    got = " / ".join(report["finishing_stacks_text"])
    return (f"{place}: {label}finishing_stacks mismatch: "
            f"the file says {want}, the replay gives {got}\n")


def _label(i: int, multi: bool, stars: bool, hh: Any) -> str:
    """``hand 2: `` (counted from 1), ``hand #123: `` (PokerStars), or nothing."""
    if stars and hh.hand is not None:
        return f"hand #{hh.hand}: "
    return f"hand {i + 1}: " if multi else ""


def hand_report(hh: Any, stacks: Sequence[int], complete: bool) -> dict[str, Any]:
    """What ``--json`` says of one replayed hand: the finishing stacks the
    replay gives (``stacks``) and those the file says, whether they match,
    whether the history runs to the end of the hand (``complete``), the
    seats, and every amount both as an integer (cents or chips, as
    ``unit`` says) and as the file writes it (``..._text``)."""
    from ..histories.money import money_of

    money = money_of(hh)
    want = None if hh.finishing_stacks is None else list(hh.finishing_stacks)
    report: dict[str, Any] = {
        "finishing_stacks": list(stacks), "expected_finishing_stacks": want,
        "matches": None if want is None else list(stacks) == want, "complete": complete,
    }
    report["finishing_stacks_text"] = [money(v) for v in stacks]
    report["expected_finishing_stacks_text"] = None if want is None else [money(v) for v in want]
    report.update(money.as_json())
    report["seats"] = hh.seats
    report["players"] = hh.players
    return report


def _incomplete(path: str, label: str) -> str:
    """The note for a hand whose history stops before the hand ends."""
    return (f"{display_name(path)}: {label}the hand is incomplete: its history stops before "
            f"the hand ends\n")


def _replay_file(path: str, args: argparse.Namespace, several: bool) -> tuple[int, Any]:
    from ..histories.money import money_of
    from ..histories.text import format_history

    text, multi, histories, stars, left_out = read_histories(path)
    if several and not args.json:
        print(f"##### {display_name(path)}")
    options = {} if args.profile is None else {"profile": args.profile}
    reports: list[dict[str, Any]] = []
    for message in left_out:
        sys.stderr.write(f"razzcore replay: error: {message} (left out)\n")
    for i, hh in histories:
        label = _label(i, multi, stars, hh)
        try:
            hand = hh.replay(**options)
        except PHHError as exc:
            message = _hand_error(path, text, i, multi, stars, label, exc)
            if not multi:
                raise RazzError(message) from None
            left_out.append(one_line(message))
            sys.stderr.write(f"razzcore replay: error: {left_out[-1]} (left out)\n")
            continue
        report = hand_report(hh, hand.stacks, hand.is_over)
        report["payoffs"] = list(hand.payoffs or ())
        money = money_of(hh)
        report["payoffs_text"] = [money.signed(v) for v in report["payoffs"]]
        report["rake"] = hand.rake if hand.is_over else 0
        report["rake_text"] = money(report["rake"])
        reports.append({"hand": i + 1, **report})
        ok = report["matches"]
        if not args.json:
            if multi:
                print(f"=== {label[:-2] if stars else f'hand {i + 1}'} ===")
            print(format_history(hh, hand))
            said = " / ".join(report["expected_finishing_stacks_text"] or ())
            verdict = {None: "(the file has no finishing_stacks)", True: "(match the file)",
                       False: f"(the file says {said})"}[ok]
            print(f"finishing stacks: {' / '.join(report['finishing_stacks_text'])} {verdict}")
            if multi:
                print()
        if not hand.is_over:
            sys.stderr.write(_incomplete(path, label))
        if ok is False:
            sys.stderr.write(_mismatch(path, text, i, multi, stars, label, report))
    status = EXIT_USAGE if left_out else (
        EXIT_MISMATCH if any(r["matches"] is False for r in reports) else EXIT_OK)
    if multi and not args.json:
        good = sum(1 for r in reports if r["matches"])
        tail = f", {len(left_out)} left out" if left_out else ""
        print(f"{counted(len(reports), 'hand')} replayed, {good:,} "
              f"{'matches its' if good == 1 else 'match their'} finishing_stacks{tail}")
    if not multi:  # the one hand's object: no place to give
        return status, {k: v for k, v in reports[0].items() if k != "hand"}
    return status, ({"hands": reports, "left_out": left_out} if left_out else {"hands": reports})


def _replay_html(paths: Sequence[str], args: argparse.Namespace) -> int:
    """Write the replayer page; a hand that cannot be replayed is reported on
    stderr (file, line, hand number) and left out while the others go in."""
    from ..show.replayer import hand_data, render

    if args.json:
        raise RazzError("--html writes a page; leave out --json")
    if args.html != STDIN:
        check_writable(args.html)
    options = {} if args.profile is None else {"profile": args.profile}
    hands: list[dict[str, Any]] = []
    status = EXIT_OK
    for path in paths:
        try:
            text, multi, histories, stars, left_out = read_histories(path)
        except (RazzError, OSError) as exc:
            if len(paths) == 1:  # the command's error
                raise
            message = one_line(os_message(exc) if isinstance(exc, OSError) else str(exc))
            sys.stderr.write(f"razzcore replay: error: {message} (left out of the page)\n")
            status = EXIT_USAGE
            continue
        for message in left_out:
            sys.stderr.write(f"razzcore replay: error: {message} (left out of the page)\n")
            status = EXIT_USAGE
        for i, hh in histories:
            label = _label(i, multi, stars, hh)
            try:
                data = hand_data(hh, number=len(hands) + 1, **options)
            except PHHError as exc:
                message = one_line(_hand_error(path, text, i, multi, stars, label, exc))
                sys.stderr.write(f"razzcore replay: error: {message} (left out of the page)\n")
                status = EXIT_USAGE
                continue
            report = hand_report(hh, data["finishing_stacks"], data["complete"])
            if not report["complete"]:
                sys.stderr.write(_incomplete(path, label))
            if report["matches"] is False:
                sys.stderr.write(_mismatch(path, text, i, multi, stars, label, report))
                status = max(status, EXIT_MISMATCH)
            if len(paths) > 1:
                name = display_name(path) if path == STDIN else os.path.basename(path)
                data["label"] = f"{name} \u00b7 {data['label']}"
            hands.append(data)
    if not hands:
        raise RazzError("no hand could be replayed: no page written")
    page = render(hands, spoilers=args.spoilers)
    if args.html == STDIN:  # the page on stdout, the note on stderr
        sys.stdout.write(page)
        sys.stderr.write(f"wrote {counted(len(hands), 'hand')} to standard output\n")
        return status
    write_file(args.html, page)
    print(f"wrote {counted(len(hands), 'hand')} to {args.html}")
    return status


# ---------------------------------------------------------------- convert


def _convert_inputs(args: argparse.Namespace) -> list[tuple[str, str]]:
    """Each input's path and text, after checking that the output is not one
    of them and that each is in the format ``--to`` converts from."""
    _one_stdin(args.files)
    if args.output != STDIN and os.path.exists(args.output):
        for path in args.files:
            if path != STDIN and os.path.exists(path) and os.path.samefile(path, args.output):
                raise RazzError(f"{args.output} is also an input: write the output to "
                                f"another file (nothing was written)")
    _check_output(args.output, args.to)
    inputs = []
    for path in args.files:
        text = read_text(path)
        name = display_name(path)
        if not text.strip():
            raise RazzError(f"{name}: the file is empty")
        stars = text_format(path, text) == POKERSTARS
        if args.to == "pokerstars" and stars:
            raise RazzError(f"{name} is PokerStars text: to convert it to PHH, leave out "
                            f"--to pokerstars")
        if args.to == "phh" and not stars:
            raise RazzError(f"{name} is a PHH file: to convert PHH to PokerStars text, add "
                            f"--to pokerstars")
        inputs.append((path, text))
    return inputs


def _check_output(output: str, to: str) -> None:
    """The output's name fits what is written (:data:`PHH_SUFFIXES` for PHH,
    any other name for PokerStars text) and its folder exists: checked before
    any work, so nothing is half done."""
    if output == STDIN:
        return
    phh_name = phh_file(output) is not None
    if to == "pokerstars" and phh_name:
        raise RazzError(f"-o {output}: --to pokerstars writes PokerStars text; name the "
                        f"output .txt (nothing was written)")
    if to == "phh" and not phh_name:
        raise RazzError(f"-o {output}: PHH is written to a .phh (one hand) or .phhs file; "
                        f"other names are for PokerStars text (--to pokerstars) "
                        f"(nothing was written)")
    check_writable(output)


def cmd_convert(args: argparse.Namespace) -> int:
    import warnings

    from .. import phh, pokerstars

    out: list[str] = []
    converted = other = malformed = 0
    inputs = _convert_inputs(args)
    if args.to == "pokerstars":
        texts = []
        for path, text in inputs:
            multi = text_format(path, text) == PHHS
            histories, bad = load_phh(path, text, multi)
            malformed += len(bad)
            out += bad
            for i, hh in histories:
                try:
                    texts.append(pokerstars.dumps([hh], first=converted + malformed + 1))
                    converted += 1
                except pokerstars.PokerStarsError as exc:
                    malformed += 1
                    cause = exc.__cause__
                    place, reason = display_name(path), exc.reason
                    if isinstance(cause, PHHError):
                        place = where(path, text, i, multi, cause)
                    label = f"hand {i + 1}: " if multi else ""
                    out.append(one_line(f"{place}: {label}{reason}"))
        body = "\n\n".join(texts)
        summary = f"{counted(converted, 'hand')} written as PokerStars text"
    else:
        hands: list[phh.HandHistory] = []
        for path, text in inputs:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", pokerstars.PokerStarsWarning)
                try:
                    report = pokerstars.loads_report(text, on_error="skip")
                except pokerstars.PokerStarsError as exc:
                    malformed += 1
                    out.append(f"{display_name(path)}: {one_line(str(exc))}")
                    continue
            hands += report.hands
            converted += len(report.hands)
            other += report.other_games
            malformed += len(report.errors)
            out += [stars_error(path, e) for e in report.errors]
        one = phh_file(args.output) == ".phh"
        if one and len(hands) > 1:
            raise RazzError(f"-o {args.output}: {len(hands)} hands need a .phhs file (a .phh "
                            f"holds one hand; nothing was written)")
        body = phh_text(args.output, hands)
        summary = (f"{counted(converted, 'Razz hand')} converted, {other_games_note(other)}, "
                   f"{malformed} malformed")
    for line in out:
        sys.stderr.write(line + "\n")
    if not converted:
        raise RazzError(f"{summary}: no hand to write, {args.output} not written")
    if args.output == STDIN:  # the hands on stdout, the summary on stderr
        sys.stdout.write(body if body.endswith("\n") else body + "\n")
        sys.stderr.write(f"{summary} -> standard output\n")
    else:
        write_file(args.output, body)
        print(f"{summary} -> {args.output}")
    return EXIT_MISMATCH if malformed else EXIT_OK
