"""The ``razzcore`` command (also ``python -m razzcore``).

Subcommands: ``eval`` (rank and describe a low), ``play`` (deal many hands
between built-in players in the compiled engine, any stakes), ``replay``
(replay and check PHH or PokerStars hand histories, or write them as a
replayer page), ``convert`` (PokerStars text to PHH and back), ``stats``
(each player's statistics over hand histories, and a result graph),
``equity`` (exact or Monte Carlo equity, hands or ranges), ``starting-hands``
(the 455 three-card starts ranked) and ``bench`` (evaluator speed).
``--json`` gives machine-readable output.  Bad input exits with status 2 and
one line on stderr (under ``--json``, also ``{"error": ...}`` on stdout); a
replay whose ``finishing_stacks`` differ exits with 1.  Messages count from 1:
lines, hands, actions (``action 3``), players ``p1``... and ``Seat 1``...

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
from collections.abc import Mapping, Sequence
from contextvars import ContextVar
from typing import Any, NoReturn

from .. import __version__
from ..cards import RANKS, check_distinct, parse_cards
from ..engine.players import PLAYER_TYPES
from ..engine.rules import PROFILES, Rules
from ..errors import EquityError, RazzError, RulesError, brief
from ..sim.playing import DEFAULT_RULES, DEFAULT_STACK
from ..sim.simulation import MAX_RECORD
from .format import EXITS as _EXITS
from .format import (
    ChoiceError,
    check_amount,
    eval_result,
    json_text,
    omaha_result,
    one_line,
    os_message,
    play_summary,
    table,
)
from .histories import cmd_convert, cmd_replay
from .tracker import add_stats_parser, cmd_stats

__all__ = ["build_parser", "main"]

EXIT_OK, EXIT_MISMATCH, EXIT_USAGE = _EXITS

#: The status when the reader of the output stops early (``razzcore ... |
#: head``): 128 + SIGPIPE, what the shell reports for a command ended by a
#: closed pipe, whatever the command would have returned (its work is cut
#: short; 1, Python's own status for a closed pipe, means a mismatch here).
EXIT_PIPE = 141

#: Whether errors are also written as JSON on stdout (``--json`` was given).
_JSON_ERRORS: ContextVar[bool] = ContextVar("razzcore_cli_json_errors", default=False)


class _Fail(Exception):
    """A user error: exit with status 2 and this one-line message."""


def _report(prog: str, message: str, hint: str = "", *, whole: bool = False) -> None:
    """The error line on stderr (``razzcore play: error: ...``) and, under
    ``--json``, the object ``{"error": ..., "command": ...}`` on stdout (its
    first line, cut short unless ``whole``: a :class:`ChoiceError`)."""
    text = (message.splitlines()[0] if whole else one_line(message)) + hint
    sys.stderr.write(f"{prog}: error: {text}\n")
    if _JSON_ERRORS.get():
        command = prog.partition(" ")[2] or None
        print(json_text({"error": text, "command": command}), flush=True)


def _wants_json(words: Sequence[str]) -> bool:
    """Whether ``--json`` (or an abbreviation argparse accepts, ``--js``...)
    is among the options of ``words`` (before a ``--``).

    >>> _wants_json(["eval", "As", "--json"]), _wants_json(["eval", "--", "--json"])
    (True, False)
    """
    words = list(words)
    if "--" in words:
        words = words[: words.index("--")]
    return any(len(w) >= 4 and "--json".startswith(w) for w in words)


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors (``razzcore play: error: ...``), also as
    JSON under ``--json``."""

    #: The subcommands' parsers by name (set on the top-level parser).
    commands: Mapping[str, argparse.ArgumentParser]

    def error(self, message: str) -> NoReturn:
        _report(self.prog, message, f" (see {self.prog} --help)")
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
        description="Razz (seven-card stud low): evaluate, play, replay, stats, equity, "
                    "starting hands, bench.",
        epilog="example:\n  razzcore play --players 6 --hands 1000 --seed 1\n"
               "  razzcore eval As 2d 3c 4h 7s Kd Kh",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"razzcore {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    parser.commands = sub.choices
    profiles = list(PROFILES)

    p = _add(sub, "eval", "rank and describe the best ace-to-five low of 5 to 7 cards "
             "(or of an Omaha hole and board)",
             "  razzcore eval As 2d 3c 4h 7s Kd Kh\n  razzcore eval 'As2d3c4h7s' --json\n"
             "  razzcore eval As 2d 3c 4h 9s Kd Kh --qualifier 8\n"
             "  razzcore eval --omaha 'As 2d 7h 8c' '3c 4d 6h Ks Qd' --qualifier 8")
    p.add_argument("cards", nargs="*", metavar="CARDS",
                   help="5 to 7 cards such as As 2d 10h (separate or in one word)")
    p.add_argument("--omaha", nargs=2, metavar=("HOLE", "BOARD"), default=None,
                   help="an Omaha low instead: exactly two of the 4-6 HOLE cards and "
                        "three of the 3-5 BOARD cards (each quoted as one word)")
    p.add_argument("--qualifier", type=int, default=None, metavar="Q",
                   help="count only a Q-or-better low (8: eight-or-better; 5..13)")
    p.add_argument("--json", action="store_true", help="print JSON")

    p = _add(sub, "play", "deal many hands between players (built-in, yours with --lineup, "
             "or you at a seat with --human) and summarise them",
             "  razzcore play --players 6 --hands 1000 --seed 1\n"
             "  razzcore play --players 3 --hands 500 --seed 7 --phh hands.phhs\n"
             "  razzcore play --players 2 --hands 1 --lineup basic --show 1\n"
             "  razzcore play --players 4 --human 1 --lineup basic --hands 20 --phh mine.phhs\n"
             "  razzcore play --players 3 --lineup mybots:CautiousPlayer,basic --hands 500\n"
             "  razzcore play --players 8 --hands 1000000 --lineup basic,random,calldown "
             "--stakes 2,5,10,20 --threads 4")
    p.add_argument("--players", type=int, default=6, metavar="N", help="seats, 2..8 (6)")
    p.add_argument("--hands", type=int, default=100, metavar="H",
                   help="hands to play, 1..100000000 (100)")
    p.add_argument("--seed", type=int, default=None, metavar="S",
                   help="seed (random when absent; printed in the summary)")
    p.add_argument("--profile", choices=profiles, default="online", help="rule profile")
    p.add_argument("--stakes", default=",".join(map(str, DEFAULT_RULES)), metavar="A,B,S,L",
                   help="ante, bring-in, small bet, big bet "
                        f"({','.join(map(str, DEFAULT_RULES))})")
    p.add_argument("--stack", type=int, default=DEFAULT_STACK, metavar="CHIPS",
                   help=f"starting stack of every seat, each hand ({DEFAULT_STACK})")
    p.add_argument("--lineup", default=None, metavar="NAMES",
                   help=f"players seated in turn: built-in names, any case "
                        f"({', '.join(PLAYER_TYPES)}), or package.module:Name, a Player "
                        "class or factory (basic,random; with --human, the other seats "
                        "take as many of them as there are)")
    p.add_argument("--human", type=int, default=None, metavar="SEAT",
                   help="sit at this seat (1..N) yourself and play at the terminal; the "
                        "stacks carry over from hand to hand (--hands is then the most)")
    p.add_argument("--rebuy", action="store_true",
                   help="with --human: top a broke seat back up to --stack (otherwise the "
                        "session ends when a seat is out of chips)")
    p.add_argument("--pokerstars", metavar="FILE", help="write the hands as PokerStars text")
    p.add_argument("--threads", type=int, default=None, metavar="T",
                   help="threads (default: one per CPU from 32768 hands on; results do not "
                        "depend on it)")
    p.add_argument("--phh", metavar="FILE",
                   help="write the hands as PHH (.phhs for many hands, .phh for one; at most "
                        f"{MAX_RECORD:,} hands)")
    p.add_argument("--show", type=int, default=None, metavar="K",
                   help="print the readable log of the first K hands (1; 0 with --phh or --json)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")

    p = _add(sub, "replay", "replay PHH or PokerStars hand histories and check their final stacks",
             "  razzcore replay hand.phh\n  razzcore replay hands.phhs --profile tda --json\n"
             "  razzcore replay session.txt\n"
             "  gunzip -c hands.phhs.gz | razzcore replay -\n"
             "  razzcore replay hand.phh hands.phhs --html replayer.html")
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="a .phh file, a .phhs file of hands, or a PokerStars text file; "
                        "several may be given; - reads standard input")
    p.add_argument("--profile", choices=profiles, default=None,
                   help="rule profile (default: the file's, else tda)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--html", metavar="OUT.html",
                   help="write one self-contained HTML page that replays the hands step by step "
                        "(- for standard output)")
    p.add_argument("--spoilers", action="store_true",
                   help="with --html: the hand list shows each hand's winner from the start "
                        "(else only once the hand's last step has been shown)")

    p = _add(sub, "convert", "convert PokerStars hand histories to PHH, or PHH to PokerStars",
             "  razzcore convert session1.txt session2.txt -o hands.phhs\n"
             "  razzcore convert hands.phhs --to pokerstars -o hands.txt")
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="PokerStars text files (or .phh/.phhs files with --to pokerstars); "
                        "- reads standard input")
    p.add_argument("-o", "--output", required=True, metavar="OUT",
                   help="the file to write (- for standard output)")
    p.add_argument("--to", choices=["phh", "pokerstars"], default="phh",
                   help="the format to write (phh: a .phhs file of every razz hand)")

    p = _add(sub, "stats", "each player's statistics over hand histories, and a result graph",
             "  razzcore stats session1.txt session2.txt\n"
             "  razzcore stats 'sessions/**/*.txt' --player Hero --plot hero.png\n"
             "  razzcore stats hands.phhs --min-hands 100 --sort vpip --json")
    add_stats_parser(p)

    p = _add(sub, "equity", "each hand's share of the pot at showdown",
             "  razzcore equity 'As 2d 3c' 'Kh Qd Js'\n"
             "  razzcore equity 'As 2d 3c' '[A-8] [A-8] 7h'\n"
             "  razzcore equity '?? ?? 4h 5d' '?? ?? 9c 2s' --dead '8c 9h' --trials 200000 "
             "--seed 1")
    p.add_argument("hands", nargs="+", metavar="HAND",
                   help="a player's cards in street order, ?? for an unknown down card; "
                        "or a range such as '[A-8] [A-8] 7h' (see docs/ranges.md)")
    p.add_argument("--dead", action="append", default=[], metavar="CARDS",
                   help="cards known to be out of play (folded upcards), quoted as one "
                        "argument: --dead '8c 9h' (or --dead 8c --dead 9h)")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--exact", action="store_true", help="enumerate every outcome")
    group.add_argument("--trials", type=int, default=None, metavar="N",
                       help="Monte Carlo with N trials")
    p.add_argument("--seed", type=int, default=None, metavar="S",
                   help="Monte Carlo seed (not used when the equity is exact)")
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
    p.add_argument("--seed", type=int, default=None, metavar="S",
                   help="Monte Carlo seed (with --trials, or more than 2 players)")
    p.add_argument("--top", type=int, default=None, metavar="K", help="print the best K only")
    p.add_argument("--json", action="store_true", help="print JSON")

    p = _add(sub, "serve", "play razz in your browser against the built-in or your own players",
             "  razzcore serve\n  razzcore serve --players 6 --lineup basic,random --open\n"
             "  razzcore serve --port 0 --players 3 --lineup mybots:CautiousPlayer")
    p.add_argument("--port", type=int, default=8765, metavar="PORT",
                   help="the port (8765; 0 picks a free one)")
    p.add_argument("--host", default="127.0.0.1", metavar="HOST",
                   help="the address to listen on (127.0.0.1: this computer only)")
    p.add_argument("--players", type=int, default=4, metavar="N", help="seats, 2..8 (4)")
    p.add_argument("--human", type=int, default=1, metavar="SEAT", help="your seat, 1..N (1)")
    p.add_argument("--lineup", default="basic", metavar="NAMES",
                   help="the other seats' players in turn: built-in names or "
                        "package.module:Name (basic)")
    p.add_argument("--hands", type=int, default=1000, metavar="H",
                   help="the most hands of a session (1000)")
    p.add_argument("--seed", type=int, default=None, metavar="S",
                   help="seed of the first session (later sessions, or other tabs, draw "
                        "their own)")
    p.add_argument("--profile", choices=profiles, default="online", help="rule profile")
    p.add_argument("--stakes", default=",".join(map(str, DEFAULT_RULES)), metavar="A,B,S,L",
                   help="ante, bring-in, small bet, big bet "
                        f"({','.join(map(str, DEFAULT_RULES))})")
    p.add_argument("--stack", type=int, default=DEFAULT_STACK, metavar="CHIPS",
                   help=f"every seat's starting stack ({DEFAULT_STACK})")
    p.add_argument("--rebuy", action="store_true",
                   help="top a broke seat back up (otherwise the session ends there)")
    p.add_argument("--pace", type=int, default=700, metavar="MS",
                   help="milliseconds between the other players' actions on the page (700)")
    p.add_argument("--open", action="store_true", help="open the page in your web browser")

    p = _add(sub, "bench", "time the evaluator beside a pure-Python reference and pokerkit",
             "  razzcore bench\n  razzcore bench --hands 1000000 --json")
    p.add_argument("--hands", type=int, default=100_000, metavar="N",
                   help="random 7-card hands for razzcore (100000)")
    p.add_argument("--json", action="store_true", help="print JSON")
    return parser


# ---------------------------------------------------------------- eval


def _cmd_eval(args: argparse.Namespace) -> int:
    if args.qualifier is not None and not 5 <= args.qualifier <= 13:
        raise _Fail(f"--qualifier must be 5..13 (8: eight-or-better), not {args.qualifier}")
    if args.omaha is not None:
        if args.cards:
            raise _Fail("give the cards either as CARDS or as --omaha HOLE BOARD, not both")
        hole, board = (parse_cards(part) for part in args.omaha)
        if not 4 <= len(hole) <= 6:
            raise _Fail(f"an Omaha hole has 4 to 6 cards, got {len(hole)}: {args.omaha[0]}")
        if not 3 <= len(board) <= 5:
            raise _Fail(f"an Omaha board has 3 to 5 cards, got {len(board)}: {args.omaha[1]}")
        check_distinct(hole + board)
        result = omaha_result(hole, board, args.qualifier)
    else:
        text = " ".join(args.cards)
        cards = parse_cards(text)
        if not 5 <= len(cards) <= 7:
            raise _Fail(f"a hand has 5 to 7 cards, got {len(cards)}: {text}")
        result = eval_result(cards, args.qualifier)
    if args.json:
        print(json_text(result))
        return EXIT_OK
    print(result["description"])
    if result["rank"] is None:
        need = ("two hole cards and three board cards of five different ranks"
                if args.omaha is not None else "five different ranks")
        print(f"no {args.qualifier}-or-better low (it needs {need}, none above "
              f"{RANKS[args.qualifier - 1]})")
        return EXIT_OK
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
    from ..histories.files import check_pokerstars_path, check_writable
    from ..sim.playing import MAX_HANDS, play
    from .seat import DEFAULT_LINEUP, cmd_play_human, lineup_names, write_histories

    if args.human is not None:
        return cmd_play_human(args, _rules(args))
    if args.rebuy:
        raise _Fail("--rebuy tops up a broke seat in a session at the terminal: add --human "
                    "SEAT, or leave it out (every hand of play starts from --stack)")
    check_amount("--players", args.players, 2, 8)
    check_amount("--hands", args.hands, 1, MAX_HANDS)
    check_amount("--stack", args.stack, 1)
    if args.threads is not None:
        check_amount("--threads", args.threads, 1, 256)
    _resolve_show(args, 0 if args.phh else 1)
    lineup = lineup_names("--lineup", DEFAULT_LINEUP if args.lineup is None else args.lineup)
    rules = _rules(args)
    if args.phh:
        _check_phh_target(args.phh, args.hands)
    if args.pokerstars:
        check_pokerstars_path(args.pokerstars, "--pokerstars")
        _check_phh_target(args.pokerstars + ".phhs", args.hands)  # the same bound
    for path in (args.phh, args.pokerstars):
        if path:  # before the hands are played
            check_writable(path)
    # The library's play: every player is built in, so the hands run in the engine.
    result = play(args.players, args.hands, seed=args.seed, rules=rules, stacks=args.stack,
                  lineup=lineup, threads=args.threads,
                  progress=_progress_wanted(args.hands, 100_000),
                  keep_hands=args.hands if args.phh or args.pokerstars
                  else min(args.show, args.hands))
    seat_names = [f"p{s + 1} {n}" for s, n in enumerate(result.players)]
    wrote: list[str] = []
    if args.phh or args.pokerstars:
        from ..histories.phh import HandHistory

        wrote = write_histories([dataclasses.replace(HandHistory.from_hand(hand),
                                                     players=seat_names, hand=j + 1)
                                 for j, hand in enumerate(result.hand_list)],
                                args.phh, args.pokerstars)
    if args.json:
        data = result.to_dict()
        if args.phh:
            data["phh"] = args.phh
        print(json_text(data))
        return EXIT_OK
    from ..histories.text import format_hand

    for j, hand in enumerate(result.hand_list[: args.show]):
        print(f"=== hand {j + 1} ===")
        print(format_hand(hand, players=seat_names))
        print()
    for line in wrote:
        print(line)
    print(play_summary(result))
    return EXIT_OK


def _rules(args: argparse.Namespace) -> Rules:
    """The rules of ``--stakes A,B,S,L`` (four ints) and ``--profile``; values
    the rules refuse (R2) are named with the flag as typed.

    >>> _rules(argparse.Namespace(stakes="1,15,10,20", profile="online"))
    Traceback (most recent call last):
    ...
    razzcore.errors.RulesError: --stakes 1,15,10,20: the bring-in (15) must be less than ...
    """
    text = args.stakes
    try:
        stakes = [int(v) for v in text.split(",")]
    except ValueError:
        raise _Fail(f"--stakes {text}: four ints ante,bring-in,small,big") from None
    if len(stakes) != 4:
        raise _Fail(f"--stakes {text}: four ints ante,bring-in,small,big")
    try:
        return Rules(*stakes, profile=args.profile)
    except RulesError as exc:
        raise RulesError(f"--stakes {text}: {exc}") from None


def _resolve_show(args: argparse.Namespace, default: int) -> None:
    """Check ``--show`` (``default`` when absent); ``--json`` prints no hand
    logs, so the two together are refused rather than ``--show`` ignored."""
    if args.show is None:
        args.show = 0 if args.json else default
        return
    check_amount("--show", args.show, 0)
    if args.json and args.show:
        raise _Fail("--show prints readable hand logs and --json prints only the summary: "
                    "leave out one of them")


def _check_phh_target(path: str, hands: int) -> None:
    from ..histories.files import check_phh_path

    check_phh_path(path, hands, "--phh")
    if hands > MAX_RECORD:
        raise _Fail(f"--phh writes every hand, at most {MAX_RECORD:,}, not {hands:,}: play "
                    f"fewer --hands to keep them")


# ---------------------------------------------------------------- equity


def _cmd_equity(args: argparse.Namespace) -> int:
    from ..odds.calculator import equity
    from ..odds.hand_equity import MAX_TRIALS

    if args.trials is not None:
        check_amount("--trials", args.trials, 1, MAX_TRIALS)
    _check_quoting(args.hands, args.dead)
    if args.exact and args.seed is not None:
        raise _Fail("--seed seeds Monte Carlo and --exact enumerates every outcome: leave out "
                    "one of them")
    try:
        result = equity(
            list(args.hands), " ".join(args.dead),  # ranges as text: equity reads them
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
    if args.seed is not None and result.exact:
        sys.stderr.write("razzcore equity: note: the equity is exact, so --seed is not used "
                         "(--trials N asks for Monte Carlo)\n")
    return EXIT_OK


def _few_cards(text: str) -> bool:
    """Whether ``text`` is one word of one or two cards: too few for a hand
    (3 to 7), so a word split off a list of dead cards or of a player's cards.

    >>> _few_cards("9h"), _few_cards("8c9h"), _few_cards("8c 9h"), _few_cards("?? ?? 7c")
    (True, True, False, False)
    """
    if len(text.split()) != 1:
        return False
    try:
        return 1 <= len(parse_cards(text)) <= 2
    except RazzError:
        return False


def _check_quoting(hands: Sequence[str], dead: Sequence[str]) -> None:
    """Each player's cards and the dead cards are one argument each: words
    of one or two cards mean that a list was split, so say how to quote it."""
    split = [h for h in hands if _few_cards(h)]
    if not split:
        return
    if dead:
        cards = " ".join([*dead, *split])
        raise _Fail(f"--dead takes one argument: quote the dead cards together, as in "
                    f"--dead '{cards}' (unquoted, {' '.join(split)} would be read as a "
                    f"player's cards)")
    first = hands.index(split[0])
    count = len(parse_cards(split[0]))
    raise _Fail(f"player {first + 1}: a razz hand has 3 to 7 cards, got {count}: "
                f"{brief(split[0])} (quote each player's cards as one argument, as in "
                f"'As 2d 3c' '?? ?? 7h')")


# ---------------------------------------------------------------- starting hands


def _cmd_starting_hands(args: argparse.Namespace) -> int:
    from ..odds.chart import MAX_CLASS_TRIALS, starting_hands

    check_amount("--players", args.players, 2, 8)
    if args.trials is not None:
        check_amount("--trials", args.trials, 1, MAX_CLASS_TRIALS)
    if args.top is not None:
        check_amount("--top", args.top, 1)
    exact = True if args.exact else (False if args.trials is not None else None)
    if args.seed is not None and (args.exact or (exact is None and args.players == 2)):
        raise _Fail("--seed seeds Monte Carlo, and this chart is enumerated exactly (heads-up "
                    "without --trials, or --exact): add --trials N or leave out --seed")
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
    from .bench import run_bench

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
    print(f"random 7-card hands (Omaha: 4-card holes, 5-card boards), seed {out['seed']}; "
          "razzcore agrees with the reference: "
          f"{'yes' if out['agrees'] else 'NO'}")
    if not out["pokerkit"]:
        print("(pokerkit is not installed: pip install pokerkit to compare)")
    return EXIT_OK if out["agrees"] else EXIT_MISMATCH


def _cmd_serve(args: argparse.Namespace) -> int:
    from .seat import cmd_serve

    return cmd_serve(args, _rules(args))


_COMMANDS = {"eval": _cmd_eval, "play": _cmd_play, "serve": _cmd_serve,
             "replay": cmd_replay, "convert": cmd_convert, "stats": cmd_stats,
             "equity": _cmd_equity,
             "starting-hands": _cmd_starting_hands, "bench": _cmd_bench}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``razzcore`` command; returns the exit status (a bad option
    exits through ``SystemExit(2)``, as argparse does).

    >>> main(["eval", "As", "2d"])  # the error line goes to stderr
    2
    """
    words = list(sys.argv[1:] if argv is None else argv)
    token = _JSON_ERRORS.set(_wants_json(words))
    try:
        try:
            status = _run(words)
        except SystemExit:  # argparse's --help and usage errors
            sys.stdout.flush()
            raise
        # a pipe closed early is found here, not when Python exits
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_PIPE
    finally:
        _JSON_ERRORS.reset(token)


def _parse(words: list[str]) -> argparse.Namespace:
    """The options of ``words``.  ``equity`` takes its options anywhere among
    the hands (``'As 2d 3c' --dead Kc 'Kh Qd Js'``)."""
    parser = build_parser()
    assert isinstance(parser, _Parser)
    words = _joined_values(parser, words)
    args, extra = parser.parse_known_args(words)
    command: str = args.command
    if command == "equity":
        args = parser.commands[command].parse_intermixed_args(words[words.index(command) + 1:])
        args.command = command
    elif extra:
        parser.commands[command].error(f"unrecognized arguments: {' '.join(extra)}")
    return args


_DASHED_VALUE = re.compile(r"-[\d.]")


def _joined_values(parser: _Parser, words: list[str]) -> list[str]:
    """``--stakes -1,2,4,8`` as ``--stakes=-1,2,4,8``: argparse takes a word
    starting with ``-`` for an option unless it is a plain negative number, so
    an option's value that starts with a minus sign is joined to its option
    and reaches the option's own check (which names the bad value).

    >>> _joined_values(build_parser(), ["play", "--stakes", "-1,2,4,8", "--json"])
    ['play', '--stakes=-1,2,4,8', '--json']
    """
    takes_value = {
        option
        for p in (parser, *parser.commands.values())
        for action in p._actions
        if action.option_strings and action.nargs != 0
        for option in action.option_strings
    }
    out: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        if (word in takes_value and i + 1 < len(words)
                and _DASHED_VALUE.match(words[i + 1])):
            out.append(f"{word}={words[i + 1]}")
            i += 2
            continue
        out.append(word)
        i += 1
    return out


def _run(words: list[str]) -> int:
    args = _parse(words)
    prog = f"razzcore {args.command}"
    try:
        return _COMMANDS[args.command](args)
    except (_Fail, RazzError) as exc:
        _report(prog, str(exc) or type(exc).__name__, whole=isinstance(exc, ChoiceError))
    except ImportError as exc:  # an optional dependency: the message says which extra
        _report(prog, str(exc) or type(exc).__name__)
    except OSError as exc:
        if isinstance(exc, BrokenPipeError):  # the output's reader stopped: see main
            raise
        _report(prog, os_message(exc))
    except KeyboardInterrupt:
        sys.stderr.write(f"{prog}: interrupted\n")
        return 130
    return EXIT_USAGE


def _silence_stdout() -> None:
    """After a closed pipe (``razzcore play | head``), drop further output."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
