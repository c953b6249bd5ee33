"""The ``razzcore`` command (also ``python -m razzcore``).

Subcommands: ``eval`` (rank and describe a low), ``play`` (deal many hands
between built-in players), ``simulate`` (the same in bulk, any policy and
stakes), ``replay`` (replay and check PHH or PokerStars hand histories, or
write them as a replayer page), ``convert`` (PokerStars text to PHH and back),
``equity`` (exact or Monte Carlo equity, hands or ranges), ``starting-hands``
(the 455 three-card starts ranked) and ``bench`` (evaluator speed).
``--json`` gives machine-readable output.  Bad input exits with status 2 and
one line on stderr; a replay whose ``finishing_stacks`` differ exits with 1.

>>> main(["eval", "As", "2d", "3c", "4h", "7s", "Kd"])
Seven-Four low, 7-4-3-2-A
rank 7 of 6175 (1 is the best)
best five: 7s 4h 3c 2d As
0
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from . import __version__
from ._cli_format import (
    action_line,
    check_amount,
    eval_result,
    field_line,
    json_text,
    play_summary,
    table,
)
from .cards import parse_cards
from .errors import EquityError, PHHError, RazzError, brief
from .rules import PROFILES

__all__ = ["build_parser", "main"]

EXIT_OK = 0
EXIT_MISMATCH = 1
EXIT_USAGE = 2


class _Fail(Exception):
    """A user error: exit with status 2 and this one-line message."""


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors (``razzcore play: error: ...``)."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: error: {_one_line(message)} (see {self.prog} --help)\n")
        raise SystemExit(EXIT_USAGE)


def _add(sub: Any, name: str, help_text: str, epilog: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = sub.add_parser(
        name, help=help_text, description=help_text,
        epilog="example:\n" + epilog, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    return parser


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``razzcore`` command.

    >>> build_parser().parse_args(["play", "--players", "3"]).players
    3
    """
    parser = _Parser(
        prog="razzcore",
        description="Razz (seven-card stud low): evaluate, play, replay, equity, "
                    "starting hands, bench.",
        epilog="example:\n  razzcore play --players 6 --hands 1000 --seed 1\n"
               "  razzcore eval As 2d 3c 4h 7s Kd Kh",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"razzcore {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    profiles = list(PROFILES)

    p = _add(sub, "eval", "rank and describe the best ace-to-five low of 5 to 7 cards",
             "  razzcore eval As 2d 3c 4h 7s Kd Kh\n  razzcore eval 'As2d3c4h7s' --json")
    p.add_argument("cards", nargs="+", metavar="CARDS",
                   help="5 to 7 cards such as As 2d 10h (separate or in one word)")
    p.add_argument("--json", action="store_true", help="print JSON")

    p = _add(sub, "play", "deal many hands between built-in players and summarise them",
             "  razzcore play --players 6 --hands 1000 --seed 1\n"
             "  razzcore play --players 3 --hands 500 --seed 7 --phh hands.phhs\n"
             "  razzcore play --players 2 --hands 1 --lineup basic --show 1")
    p.add_argument("--players", type=int, default=6, metavar="N", help="seats, 2..8 (6)")
    p.add_argument("--hands", type=int, default=100, metavar="H",
                   help="hands to play, 1..100000000 (100)")
    p.add_argument("--seed", type=int, default=None, metavar="S",
                   help="seed (random when absent; printed in the summary)")
    p.add_argument("--profile", choices=profiles, default="online", help="rule profile")
    p.add_argument("--lineup", default="basic,random", metavar="NAMES",
                   help="built-in players seated in turn: basic, random (basic,random)")
    p.add_argument("--stack", type=int, default=1000, metavar="CHIPS",
                   help="starting stack of every seat, each hand (1000)")
    p.add_argument("--phh", metavar="FILE",
                   help="write the hands as PHH (.phhs for many hands, .phh for one)")
    p.add_argument("--show", type=int, default=1, metavar="K",
                   help="print the readable log of the first K hands (1)")
    p.add_argument("--jobs", type=int, default=1, metavar="J",
                   help="worker processes (results do not depend on it)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")

    p = _add(sub, "simulate", "play many hands wholly in the compiled engine and summarise them",
             "  razzcore simulate --players 2 --hands 1000000 --seed 1\n"
             "  razzcore simulate --players 8 --hands 200000 --policy basic,random --threads 2\n"
             "  razzcore simulate --hands 100 --record 100 --phh hands.phhs --seed 3")
    p.add_argument("--players", type=int, default=2, metavar="N", help="seats, 2..8 (2)")
    p.add_argument("--hands", type=int, default=100_000, metavar="H",
                   help="hands to play (100000)")
    p.add_argument("--policy", default="random", metavar="NAMES",
                   help="random, calldown or basic; a comma list is seated in turn (random)")
    p.add_argument("--seed", type=int, default=None, metavar="S",
                   help="seed (random when absent; printed in the summary)")
    p.add_argument("--profile", choices=profiles, default="online", help="rule profile")
    p.add_argument("--stakes", default="2,5,10,20", metavar="A,B,S,L",
                   help="ante, bring-in, small bet, big bet (2,5,10,20)")
    p.add_argument("--stack", type=int, default=400, metavar="CHIPS",
                   help="starting stack of every seat, each hand (400)")
    p.add_argument("--threads", type=int, default=None, metavar="T",
                   help="threads (default: one per CPU for long runs; results do not depend on it)")
    p.add_argument("--record", type=int, default=0, metavar="K",
                   help="keep the first K hands (for --phh)")
    p.add_argument("--phh", metavar="FILE", help="write the recorded hands as PHH")
    p.add_argument("--show", type=int, default=0, metavar="K",
                   help="print the readable log of the first K hands (0)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")

    p = _add(sub, "replay", "replay PHH or PokerStars hand histories and check their final stacks",
             "  razzcore replay hand.phh\n  razzcore replay hands.phhs --profile tda --json\n"
             "  razzcore replay session.txt\n"
             "  razzcore replay hand.phh hands.phhs --html replayer.html")
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="a .phh file, a .phhs file of hands, or a PokerStars text file; "
                        "several may be given")
    p.add_argument("--profile", choices=profiles, default=None,
                   help="rule profile (default: the file's, else tda)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--html", metavar="OUT.html",
                   help="write one self-contained HTML page that replays the hands step by step")

    p = _add(sub, "convert", "convert PokerStars hand histories to PHH, or PHH to PokerStars",
             "  razzcore convert session1.txt session2.txt -o hands.phhs\n"
             "  razzcore convert hands.phhs --to pokerstars -o hands.txt")
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="PokerStars text files (or .phh/.phhs files with --to pokerstars)")
    p.add_argument("-o", "--output", required=True, metavar="OUT", help="the file to write")
    p.add_argument("--to", choices=["phh", "pokerstars"], default="phh",
                   help="the format to write (phh: a .phhs file of every razz hand)")

    p = _add(sub, "equity", "each hand's share of the pot at showdown",
             "  razzcore equity 'As 2d 3c' 'Kh Qd Js'\n"
             "  razzcore equity 'As 2d 3c' '[A-8] [A-8] 7h'\n"
             "  razzcore equity '?? ?? 4h 5d' '?? ?? 9c 2s' --dead 8c 9h --trials 200000 --seed 1")
    p.add_argument("hands", nargs="+", metavar="HAND",
                   help="a player's cards in street order, ?? for an unknown down card; "
                        "or a range such as '[A-8] [A-8] 7h' (see docs/ranges.md)")
    p.add_argument("--dead", nargs="+", default=[], metavar="CARD",
                   help="cards known to be out of play (folded upcards)")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--exact", action="store_true", help="enumerate every outcome")
    group.add_argument("--trials", type=int, default=None, metavar="N",
                       help="Monte Carlo with N trials")
    p.add_argument("--seed", type=int, default=None, metavar="S", help="Monte Carlo seed")
    p.add_argument("--json", action="store_true", help="print JSON")

    p = _add(sub, "starting-hands", "the 455 three-card starts ranked by equity",
             "  razzcore starting-hands\n"
             "  razzcore starting-hands --players 3 --trials 100000 --seed 1 --json")
    p.add_argument("--players", type=int, default=2, metavar="N",
                   help="players all-in to the river, 2..8 (2: exact)")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--exact", action="store_true", help="enumerate (heads-up only)")
    group.add_argument("--trials", type=int, default=None, metavar="N",
                       help="Monte Carlo with N trials per class")
    p.add_argument("--seed", type=int, default=None, metavar="S", help="Monte Carlo seed")
    p.add_argument("--top", type=int, default=None, metavar="K", help="print the best K only")
    p.add_argument("--json", action="store_true", help="print JSON")

    p = _add(sub, "bench", "time the evaluator beside a pure-Python reference and pokerkit",
             "  razzcore bench\n  razzcore bench --hands 1000000 --json")
    p.add_argument("--hands", type=int, default=100_000, metavar="N",
                   help="random 7-card hands for razzcore (100000)")
    p.add_argument("--json", action="store_true", help="print JSON")
    return parser


# ---------------------------------------------------------------- eval


def _cmd_eval(args: argparse.Namespace) -> int:
    text = " ".join(args.cards)
    cards = parse_cards(text)
    if not 5 <= len(cards) <= 7:
        raise _Fail(f"a hand has 5 to 7 cards, got {len(cards)}: {text}")
    result = eval_result(cards)
    if args.json:
        print(json_text(result))
        return EXIT_OK
    print(result["description"])
    print(f"rank {result['rank']} of 6175 (1 is the best)")
    print(f"best five: {' '.join(result['best_five'])}")
    return EXIT_OK


# ---------------------------------------------------------------- play


def _progress_wanted(work: int, threshold: int) -> bool:
    """A bar on long runs when stderr is a terminal and tqdm is installed."""
    if work < threshold or not sys.stderr.isatty():
        return False
    try:
        import tqdm  # type: ignore[import-untyped,unused-ignore]  # noqa: F401
    except ImportError:
        return False
    return True


def _cmd_play(args: argparse.Namespace) -> int:
    from .play import DEFAULT_RULES, MAX_HANDS
    from .players import PLAYER_TYPES
    from .rules import Rules

    check_amount("--players", args.players, 2, 8)
    check_amount("--hands", args.hands, 1, MAX_HANDS)
    check_amount("--stack", args.stack, 1)
    check_amount("--show", args.show, 0)
    check_amount("--jobs", args.jobs, 1, 61)  # 61: the most Windows allows
    lineup = [name.strip() for name in args.lineup.split(",") if name.strip()]
    if not lineup:
        raise _Fail("--lineup: the lineup of built-in players is empty")
    for name in lineup:
        if name not in PLAYER_TYPES:
            raise _Fail(f"unknown player {brief(name)}; choose one of {', '.join(PLAYER_TYPES)}")
    if args.phh:
        _check_phh_target(args.phh, args.hands)
    # Every player is built in: the hands run wholly in the compiled engine.
    names = [lineup[s % len(lineup)] for s in range(args.players)]
    return _run_simulation(
        args, Rules(*DEFAULT_RULES, profile=args.profile), [args.stack] * args.players, names,
        record=args.hands if args.phh else (0 if args.json else min(args.show, args.hands)),
        executor_jobs=args.jobs, progress_from=5_000,
    )


def _cmd_simulate(args: argparse.Namespace) -> int:
    from .play import MAX_HANDS
    from .rules import Rules
    from .simulation import POLICIES

    check_amount("--players", args.players, 2, 8)
    check_amount("--hands", args.hands, 1, MAX_HANDS)
    check_amount("--stack", args.stack, 1)
    check_amount("--show", args.show, 0)
    if args.threads is not None:
        check_amount("--threads", args.threads, 1, 256)
    policies = [name.strip() for name in args.policy.split(",") if name.strip()]
    if not policies or any(p not in POLICIES for p in policies):
        raise _Fail(f"--policy {args.policy}: choose from {', '.join(POLICIES)} "
                    "(one, or a comma list seated in turn)")
    try:
        stakes = [int(v) for v in args.stakes.split(",")]
    except ValueError:
        raise _Fail(f"--stakes {args.stakes}: four ints ante,bring-in,small,big") from None
    if len(stakes) != 4:
        raise _Fail(f"--stakes {args.stakes}: four ints ante,bring-in,small,big")
    rules = Rules(*stakes, profile=args.profile)
    if args.phh:
        _check_phh_target(args.phh, args.record or 1)
        if not args.record:
            raise _Fail("--phh needs --record K (the hands to write)")
    names = [policies[s % len(policies)] for s in range(args.players)]
    record = max(args.record, 0 if args.json else min(args.show, args.hands))
    return _run_simulation(args, rules, [args.stack] * args.players, names, record=record,
                           threads=args.threads)


def _run_simulation(
    args: argparse.Namespace, rules: Any, stacks: list[int], names: list[str], *,
    record: int, executor_jobs: int = 1, threads: int | None = None,
    progress_from: int = 1_000_000,
) -> int:
    """Simulate, then print what ``razzcore play`` and ``razzcore simulate``
    print: the readable log of the first hands or a PHH file, and the summary."""
    from .play import PlayResult
    from .simulation import simulate

    seed = args.seed
    if seed is None:
        import secrets

        seed = secrets.randbits(63)
    options: dict[str, Any] = {"policy": names, "seed": seed, "record": record,
                               "progress": _progress_wanted(args.hands, progress_from)}
    if executor_jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(executor_jobs) as pool:
            sim = simulate(rules, stacks, args.hands, executor=pool, **options)
    else:
        sim = simulate(rules, stacks, args.hands, threads=threads, **options)
    result = PlayResult(
        players=sim.policies, hands=sim.hands, seed=seed, seconds=sim.seconds, rules=rules,
        starting_stacks=sim.starting_stacks, winnings=sim.winnings, pots_won=sim.pots_won,
        showdowns=sim.showdowns,
    )
    seat_names = [f"p{s + 1} {n}" for s, n in enumerate(names)]
    if args.phh:
        _write_phh(args.phh, sim.histories, seat_names)
    if args.json:
        data = result.to_dict()
        if args.phh:
            data["phh"] = args.phh
        print(json_text(data))
        return EXIT_OK
    if args.phh:
        print(f"wrote {len(sim.histories)} hand(s) to {args.phh}")
    else:
        from .phh_text import format_hand

        for j, hh in enumerate(sim.histories[: args.show]):
            print(f"=== hand {j + 1} ===")
            print(format_hand(hh.replay(), players=seat_names))
            print()
    print(play_summary(result))
    return EXIT_OK


def _check_phh_target(path: str, hands: int) -> None:
    if not path.endswith((".phh", ".phhs")):
        raise _Fail(f"--phh {path}: the file name must end with .phh or .phhs")
    if hands > 1 and path.endswith(".phh"):
        raise _Fail(f"--phh {path}: {hands} hands need a .phhs file (a .phh holds one hand)")


def _write_phh(path: str, histories: Sequence[Any], names: list[str]) -> None:
    from . import phh

    numbered = [dataclasses.replace(hh, players=names, hand=j + 1)
                for j, hh in enumerate(histories)]
    text = phh.dumps(numbered[0]) if path.endswith(".phh") else phh.dumps_all(numbered)
    with open(path, "w", encoding="utf-8") as fp:
        fp.write(text)


# ---------------------------------------------------------------- replay


_TABLE_HEADER = re.compile(r"^\s*\[([^\[\]]+)\]\s*(#.*)?$", re.MULTILINE)


def _where(path: str, text: str, index: int, multi: bool, exc: PHHError) -> str:
    """``FILE:LINE`` of the failing action or field of hand ``index``."""
    offset = 0
    if multi:
        headers = list(_TABLE_HEADER.finditer(text))
        if index < len(headers):
            offset = headers[index].start()
    part = text[offset:]
    line = None
    if exc.action_index is not None:
        line = action_line(part, exc.action_index)
    elif exc.field:
        line = field_line(part, exc.field)
    if line is None:
        return path
    return f"{path}:{text.count(chr(10), 0, offset) + line}"


def _stars_error(path: str, exc: Any) -> str:
    """``FILE:LINE: hand #N: reason`` of a malformed PokerStars hand (a
    ``PokerStarsError``)."""
    where = path if exc.line is None else f"{path}:{exc.line}"
    hand = "" if exc.hand is None else f"hand #{exc.hand}: "
    return _one_line(f"{where}: {hand}{exc.reason}")


def _read_histories(path: str) -> tuple[str, bool, list[Any], bool, list[str]]:
    """The text of ``path``, whether it holds many hands, its hand histories,
    whether it is PokerStars text (else PHH), and each malformed PokerStars
    hand left out (``FILE:LINE: hand #N: reason``)."""
    import warnings

    from . import phh
    from ._pokerstars_lines import looks_like_pokerstars

    text = _read_text(path)
    multi = path.endswith(".phhs")
    stars = looks_like_pokerstars(text)
    left_out: list[str] = []
    try:
        if stars:
            from .pokerstars import PokerStarsWarning, loads_report

            with warnings.catch_warnings():  # each malformed hand is reported below
                warnings.simplefilter("ignore", PokerStarsWarning)
                report = loads_report(text, on_error="skip")
            histories = report.hands
            left_out = [_stars_error(path, exc) for exc in report.errors]
            multi = True
        else:
            histories = phh.loads_all(text) if multi else [phh.loads(text)]
    except PHHError as exc:
        raise _Fail(f"{_where(path, text, 0, False, exc)}: {exc}") from None
    if not histories and not left_out:
        raise _Fail(f"{path}: no hands in the file")
    return text, multi, histories, stars, left_out


def _cmd_replay(args: argparse.Namespace) -> int:
    paths: list[str] = args.files
    if args.html:
        return _replay_html(paths, args)
    status = EXIT_OK
    outputs = []
    for path in paths:
        code, data = _replay_file(path, args, len(paths) > 1)
        status = max(status, code)
        outputs.append({"file": path, **data})
    if args.json:
        print(json_text({"files": outputs} if len(paths) > 1 else
                        {k: v for k, v in outputs[0].items() if k != "file"}))
    return status


def _replay_file(path: str, args: argparse.Namespace, several: bool) -> tuple[int, Any]:
    from .phh_text import format_hand

    text, multi, histories, stars, left_out = _read_histories(path)
    if several and not args.json:
        print(f"##### {path}")
    options = {} if args.profile is None else {"profile": args.profile}
    reports: list[dict[str, Any]] = []
    status = EXIT_USAGE if left_out else EXIT_OK
    for message in left_out:
        sys.stderr.write(f"razzcore replay: error: {message} (left out)\n")
    for i, hh in enumerate(histories):
        label = f"hand {i + 1}: " if multi else ""
        if stars and hh.hand is not None:
            label = f"hand #{hh.hand}: "
        try:
            hand = hh.replay(**options)
        except PHHError as exc:
            if stars:
                raise _Fail(f"{path}: {label}{exc}") from None
            raise _Fail(f"{_where(path, text, i, multi, exc)}: {label}{exc}") from None
        got = list(hand.stacks)
        want = None if hh.finishing_stacks is None else list(hh.finishing_stacks)
        ok = None if want is None else got == want
        reports.append({"finishing_stacks": got, "expected_finishing_stacks": want,
                        "matches": ok, "payoffs": list(hand.payoffs or ())})
        if not args.json:
            if multi:
                print(f"=== {label[:-2] if stars else f'hand {i + 1}'} ===")
            print(format_hand(hand, players=hh.players, dealt=hh.dealt_cards()))
            verdict = {None: "(the file has no finishing_stacks)",
                       True: "(match the file)", False: f"(the file says {want})"}[ok]
            print(f"finishing stacks: {got} {verdict}")
            if multi:
                print()
        if ok is False:
            status = max(status, EXIT_MISMATCH)
            err = PHHError("mismatch", field="finishing_stacks")
            where = path if stars else _where(path, text, i, multi, err)
            sys.stderr.write(
                f"{where}: {label}finishing_stacks mismatch: "
                f"the file says {want}, the replay gives {got}\n"
            )
    if multi and not args.json:
        good = sum(1 for r in reports if r["matches"])
        print(f"{len(reports)} hands replayed, {good} match their finishing_stacks")
    return status, ({"hands": reports} if multi else reports[0])


def _replay_html(paths: Sequence[str], args: argparse.Namespace) -> int:
    """Write the replayer page; a hand that cannot be replayed is reported on
    stderr (file, line, hand number) and left out while the others go in."""
    from .replayer import hand_data, render

    if args.json:
        raise _Fail("--html writes a page; leave out --json")
    options = {} if args.profile is None else {"profile": args.profile}
    hands: list[dict[str, Any]] = []
    status = EXIT_OK
    for path in paths:
        text, multi, histories, stars, left_out = _read_histories(path)
        for message in left_out:
            sys.stderr.write(f"razzcore replay: error: {message} (left out of the page)\n")
            status = EXIT_USAGE
        for i, hh in enumerate(histories):
            label = f"hand {i + 1}: " if multi else ""
            if stars and hh.hand is not None:
                label = f"hand #{hh.hand}: "
            try:
                data = hand_data(hh, number=len(hands) + 1, **options)
            except PHHError as exc:
                where = path if stars else _where(path, text, i, multi, exc)
                message = _one_line(f"{where}: {label}{exc}")
                sys.stderr.write(f"razzcore replay: error: {message} (left out of the page)\n")
                status = EXIT_USAGE
                continue
            result = data["result"]
            if result is not None and result["matches"] is False:
                err = PHHError("mismatch", field="finishing_stacks")
                sys.stderr.write(
                    f"{path if stars else _where(path, text, i, multi, err)}: "
                    f"{label}finishing_stacks mismatch: "
                    f"the file says {hh.finishing_stacks}, the replay gives "
                    f"{result['finishing_stacks']}\n"
                )
                status = max(status, EXIT_MISMATCH)
            if len(paths) > 1:
                data["label"] = f"{os.path.basename(path)} \u00b7 {data['label']}"
            hands.append(data)
    if not hands:
        raise _Fail("no hand could be replayed: no page written")
    with open(args.html, "w", encoding="utf-8") as fp:
        fp.write(render(hands))
    print(f"wrote {len(hands)} hand(s) to {args.html}")
    return status


# ---------------------------------------------------------------- convert


def _read_text(path: str) -> str:
    """The text of ``path``: UTF-8, a BOM allowed (as PokerStars writes)."""
    with open(path, "rb") as fp:
        raw = fp.read()
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise _Fail(f"{path}: not UTF-8 text (byte {exc.start}): hand histories are read as "
                    f"UTF-8; re-save the file as UTF-8") from None


def _is_phh_text(path: str, text: str) -> bool:
    """Whether ``text`` (not PokerStars) is meant as PHH: a .phh/.phhs name or TOML."""
    import tomllib

    if path.endswith((".phh", ".phhs")):
        return True
    try:
        return bool(tomllib.loads(text))
    except tomllib.TOMLDecodeError:
        return False


def _convert_inputs(args: argparse.Namespace) -> list[tuple[str, str]]:
    """Each input's path and text, after checking that the output is not one
    of them and that each is in the format ``--to`` converts from."""
    from ._pokerstars_lines import looks_like_pokerstars

    if os.path.exists(args.output):
        for path in args.files:
            if os.path.exists(path) and os.path.samefile(path, args.output):
                raise _Fail(f"{args.output} is also an input: write the output to another "
                            f"file (nothing was written)")
    inputs = []
    for path in args.files:
        text = _read_text(path)
        if not text.strip():
            raise _Fail(f"{path}: the file is empty")
        if args.to == "pokerstars" and looks_like_pokerstars(text):
            raise _Fail(f"{path} is PokerStars text: to convert it to PHH, leave out "
                        f"--to pokerstars")
        if args.to == "phh" and not looks_like_pokerstars(text) and _is_phh_text(path, text):
            raise _Fail(f"{path} is a PHH file: to convert PHH to PokerStars text, add "
                        f"--to pokerstars")
        inputs.append((path, text))
    return inputs


def _write_atomically(path: str, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder
    and a rename, so that a failure never leaves a truncated file."""
    import tempfile

    folder = os.path.dirname(os.path.abspath(path))
    fd, temp = tempfile.mkstemp(prefix=".razzcore-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fp:
            fp.write(text)
        if os.path.exists(path):
            os.chmod(temp, os.stat(path).st_mode & 0o7777)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temp, 0o666 & ~umask)
        os.replace(temp, path)
    except BaseException:
        os.unlink(temp)
        raise


def _count(number: int, noun: str) -> str:
    """``1 hand``, ``2 hands``."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _cmd_convert(args: argparse.Namespace) -> int:
    import warnings

    from . import phh, pokerstars

    out: list[str] = []
    converted = other = malformed = 0
    inputs = _convert_inputs(args)
    if args.to == "pokerstars":
        texts = []
        for path, text in inputs:
            multi = path.endswith(".phhs")
            try:
                histories = phh.loads_all(text) if multi else [phh.loads(text)]
            except PHHError as exc:
                raise _Fail(f"{_where(path, text, 0, False, exc)}: {exc}") from None
            for i, hh in enumerate(histories):
                try:
                    texts.append(pokerstars.dumps([hh], first=converted + malformed + 1))
                    converted += 1
                except pokerstars.PokerStarsError as exc:
                    malformed += 1
                    cause = exc.__cause__
                    where = (_where(path, text, i, multi, cause)
                             if isinstance(cause, PHHError) else path)
                    label = f"hand {i + 1}: " if multi else ""
                    out.append(_one_line(f"{where}: {label}{exc.reason}"))
        body = "\n\n".join(texts)
        summary = f"{_count(converted, 'hand')} written as PokerStars text"
    else:
        hands: list[phh.HandHistory] = []
        for path, text in inputs:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", pokerstars.PokerStarsWarning)
                try:
                    report = pokerstars.loads_report(text, on_error="skip")
                except pokerstars.PokerStarsError as exc:
                    malformed += 1
                    out.append(f"{path}: {_one_line(str(exc))}")
                    continue
            hands += report.hands
            converted += len(report.hands)
            other += report.other_games
            malformed += len(report.errors)
            out += [_stars_error(path, e) for e in report.errors]
        body = phh.dumps_all(hands)
        skipped = "hand of another game" if other == 1 else "hands of other games"
        summary = (f"{_count(converted, 'Razz hand')} converted, {other} {skipped} skipped, "
                   f"{malformed} malformed")
    for line in out:
        sys.stderr.write(line + "\n")
    if not converted:
        raise _Fail(f"{summary}: no hand to write, {args.output} not written")
    _write_atomically(args.output, body)
    print(f"{summary} -> {args.output}")
    return EXIT_MISMATCH if malformed else EXIT_OK


# ---------------------------------------------------------------- equity


def _cmd_equity(args: argparse.Namespace) -> int:
    from .equity import MAX_TRIALS, equity

    if args.trials is not None:
        check_amount("--trials", args.trials, 1, MAX_TRIALS)
    for item in args.dead:  # --dead is greedy: a hand after it would be read as dead cards
        if len(item.split()) > 1 or len(item.replace("10", "T")) > 2:
            raise _Fail(f"--dead takes single cards, but {brief(item)} looks like a hand: "
                        f"put the hands before --dead")
    try:
        result = equity(
            [_hand_or_range(h) for h in args.hands], " ".join(args.dead),
            exact=True if args.exact else (False if args.trials is not None else None),
            trials=args.trials, seed=args.seed,
            progress=_progress_wanted(args.trials or 0, 5_000_000) or None,
        )
    except EquityError as exc:  # speak in the command's terms
        raise _Fail(str(exc).replace("(exact=False or exact=None)", "(drop --exact)")) from None
    if args.json:
        print(json_text({
            "hands": list(result.hands), "equity": list(result.equity),
            "win": list(result.win), "tie": list(result.tie), "exact": result.exact,
            "outcomes": result.outcomes, "stderr": list(result.stderr), "seed": result.seed,
            "combos": result.combos,
        }))
    else:
        print(result)
    return EXIT_OK


def _hand_or_range(text: str) -> Any:
    """A hand when every word is a card or ??, else a :class:`~razzcore.Range`."""
    from .cards import parse_card
    from .ranges import Range

    try:
        for word in text.split():
            if word != "??":
                parse_card(word)
    except RazzError:
        return Range(text)
    return text


# ---------------------------------------------------------------- starting hands


def _cmd_starting_hands(args: argparse.Namespace) -> int:
    from .starting_hands import MAX_CLASS_TRIALS, starting_hands

    check_amount("--players", args.players, 2, 8)
    if args.trials is not None:
        check_amount("--trials", args.trials, 1, MAX_CLASS_TRIALS)
    if args.top is not None:
        check_amount("--top", args.top, 1)
    exact = True if args.exact else (False if args.trials is not None else None)
    try:
        chart = starting_hands(args.players, exact=exact, trials=args.trials, seed=args.seed,
                               progress=_progress_wanted(1, 1) or None)
    except EquityError as exc:
        raise _Fail(str(exc).replace("(exact=False or exact=None)", "(drop --exact)")) from None
    if args.json:
        data = chart.to_dict()
        data["hands"] = data["hands"][: args.top]
        print(json_text(data))
        return EXIT_OK
    text = str(chart).splitlines()
    print("\n".join(text[: 2 + (args.top or len(chart))]))
    return EXIT_OK


# ---------------------------------------------------------------- bench


def _cmd_bench(args: argparse.Namespace) -> int:
    from ._cli_bench import run_bench

    check_amount("--hands", args.hands, 100, 50_000_000)
    out = run_bench(args.hands)
    if args.json:
        print(json_text(out))
        return EXIT_OK
    base = next(r for r in out["rows"] if r["name"] == "pure-Python reference")
    rows = [["evaluator", "hands", "seconds", "hands/s", "vs reference"]]
    for r in out["rows"]:
        rows.append([r["name"], f"{r['hands']:,}", f"{r['seconds']:.4f}",
                     f"{r['hands_per_second']:,.0f}",
                     f"{r['hands_per_second'] / base['hands_per_second']:,.1f}x"])
    print(table(rows, right=(1, 2, 3, 4)))
    print(f"random 7-card hands, seed {out['seed']}; razzcore agrees with the reference: "
          f"{'yes' if out['agrees'] else 'NO'}")
    if not out["pokerkit"]:
        print("(pokerkit is not installed: pip install pokerkit to compare)")
    return EXIT_OK if out["agrees"] else EXIT_MISMATCH


_COMMANDS = {"eval": _cmd_eval, "play": _cmd_play, "simulate": _cmd_simulate,
             "replay": _cmd_replay, "convert": _cmd_convert, "equity": _cmd_equity,
             "starting-hands": _cmd_starting_hands, "bench": _cmd_bench}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``razzcore`` command; returns the exit status.

    >>> main(["eval", "As", "2d"])  # the error line goes to stderr
    2
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    prog = f"razzcore {args.command}"
    try:
        return _COMMANDS[args.command](args)
    except (_Fail, RazzError) as exc:
        sys.stderr.write(f"{prog}: error: {_one_line(str(exc) or type(exc).__name__)}\n")
    except OSError as exc:
        if isinstance(exc, BrokenPipeError):
            _silence_stdout()
            return EXIT_OK
        where = f"{exc.filename}: " if exc.filename else ""
        sys.stderr.write(f"{prog}: error: {_one_line(f'{where}{exc.strerror or exc}')}\n")
    except KeyboardInterrupt:
        sys.stderr.write(f"{prog}: interrupted\n")
        return 130
    return EXIT_USAGE


def _one_line(message: str, limit: int = 400) -> str:
    """The first line of ``message``, cut to ``limit`` characters (input echoed
    in an error can be arbitrarily long).

    >>> _one_line("bad card 'x'\\nmore"), _one_line("y" * 500)[-5:]
    ("bad card 'x'", 'y ...')
    """
    line = message.splitlines()[0] if message else ""
    return line if len(line) <= limit else line[: limit - 4] + " ..."


def _silence_stdout() -> None:
    """After a closed pipe (``razzcore play | head``), drop further output."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
