"""A person's seat at the terminal: ``razzcore play --human N``.

:func:`play_at_terminal` runs a :class:`~razzcore.sim.session.Session` whose
outside seat is the person, on plain text streams (standard input and output
by default: no curses, so a pseudo-terminal or a pipe drives it).  Before
each decision it prints what happened since the last one (the readable hand
log as that seat may see it), the table as the seat sees it, the pot, the
seat's stack and what it costs to call, then a prompt naming the legal
actions with their keys.  Between hands it prints the showdown, who won what
and the session's running result; at the end the session's summary.

>>> import io
>>> from razzcore.sim.session import Session
>>> s = Session([None, "basic"], seed=2, stack=40, hands=1)
>>> out = io.StringIO()
>>> play_at_terminal(s, 0, io.StringIO("q\\n"), out)
>>> "q quit" in out.getvalue(), s.ended
(True, 'you left the table')
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

from ..histories.text import format_hand
from ..show.table import STREET_NAMES, hand_text
from .choices import Choice, choices, pick, to_call

if TYPE_CHECKING:
    from ..sim.session import Session

__all__ = ["HELP", "hand_log", "play_at_terminal", "session_lines"]

HELP = """Keys (or the words): f fold, c check or call, b bet, complete or raise,
p post the bring-in; ? this help, q quit the session (the hands so far are kept).
Only the actions the prompt names are legal now."""

_UNFINISHED = "*** Incomplete ***"  # format_hand's last line for a hand still being played


def hand_log(session: Session, seat: int) -> list[str]:
    """The readable log of the session's current hand as ``seat`` may see it
    (other seats' down cards as ``??`` until they are shown).

    >>> from razzcore.sim.session import Session
    >>> s = Session([None, "basic"], seed=1, stack=100)
    >>> _ = s.deal(); _ = s.advance()
    >>> print("\\n".join(hand_log(s, 0)[-3:]))
    p1 you: (6d 9c) Td
    p2 basic: (?? ??) Qh
    p2 basic brings in for 3
    """
    hand = session.hand
    if hand is None:
        return []
    view = hand.view(seat)
    lines = format_hand(hand, players=session.names, dealt=view.cards).splitlines()
    if not hand.is_over and lines and lines[-1].startswith(_UNFINISHED):
        lines.pop()  # the hand goes on: the next actions come here
    return lines


def session_lines(session: Session) -> list[str]:
    """The running result: each seat's name, stack and net chips.

    >>> from razzcore.sim.session import Session
    >>> s = Session(["basic", "calldown"], seed=4)
    >>> _ = s.deal(); _ = s.advance()
    >>> print("\\n".join(session_lines(s)))
    Session after 1 hand:
      p1 basic     stack   1004  net     +4
      p2 calldown  stack    996  net     -4
    """
    width = max(len(name) for name in session.names)
    played = len(session.hands)
    out = [f"Session after {played} hand{'s' if played != 1 else ''}:"]
    for s, name in enumerate(session.names):
        bought = session.bought[s]
        extra = f" (bought in {bought})" if bought != session.stack else ""
        out.append(f"  {name:<{width}}  stack {session.stacks[s]:>6}  "
                   f"net {session.results[s]:>+6}{extra}")
    return out


class _Console:
    """Lines in, text out; ``None`` at the end of the input."""

    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin, self.stdout = stdin, stdout

    def write(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def ask(self, prompt: str) -> str | None:
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.stdout.write("\n")
            self.stdout.flush()
            return None
        return line


def _prompt(offered: Sequence[Choice]) -> str:
    keys = " · ".join(f"{c.key} {c.label.lower()}" for c in offered)
    return f"Your move: {keys} · ? help · q quit > "


def _decide(console: _Console, session: Session, seat: int) -> str | None:
    """Ask until the person names a legal action (returns it) or quits (``None``)."""
    hand = session.hand
    assert hand is not None
    view = hand.view(seat)
    offered = choices(view, session.rules)
    console.write(hand_text(view))
    owed = to_call(view)
    console.write(f"{STREET_NAMES.get(view.street, '')}: your stack {view.stacks[seat]}, "
                  f"{'to call ' + str(owed) if owed else 'nothing to call'}, "
                  f"pot {hand.total_pot}")
    while True:
        line = console.ask(_prompt(offered))
        if line is None:
            return None
        word = line.strip().lower()
        if word in ("q", "quit", "exit"):
            return None
        if word in ("?", "h", "help"):
            console.write(HELP)
            continue
        chosen = pick(word, offered)
        if chosen is not None:
            return chosen.action
        legal = ", ".join(f"{c.key} ({c.label.lower()})" for c in offered)
        said = f"{line.strip()!r} is not legal now. " if word else ""
        console.write(f"{said}Legal: {legal}.")


def play_at_terminal(session: Session, seat: int, stdin: TextIO | None = None,
                     stdout: TextIO | None = None) -> None:
    """Play ``session`` with the person at ``seat`` (its player ``None``) on
    ``stdin``/``stdout`` until its hands are played, a seat is out of chips
    (without rebuys), or the person quits (``q``, the end of the input or
    Ctrl-C): a hand left unfinished is not kept.  The session's finished
    hands are in ``session.hands`` afterwards.

    >>> import io
    >>> from razzcore.sim.session import Session
    >>> s = Session([None, "calldown"], seed=3, stack=40, hands=1)
    >>> keys = io.StringIO("p\\n" + "c\\n" * 5)  # post the bring-in, then check or call
    >>> out = io.StringIO()
    >>> play_at_terminal(s, 0, keys, out)
    >>> print("\\n".join(out.getvalue().splitlines()[-3:]))
    Session after 1 hand:
      p1 you       stack     44  net     +4
      p2 calldown  stack     36  net     -4
    >>> len(s.hands), s.results
    (1, (4, -4))
    """
    console = _Console(stdin or sys.stdin, stdout or sys.stdout)
    rules = session.rules
    console.write(f"Razz: ante {rules.ante}, bring-in {rules.bring_in}, bets "
                  f"{rules.small_bet}/{rules.big_bet} ({rules.profile} rules); "
                  f"{len(session.players)} players, stacks {session.stack}, seed {session.seed}")
    console.write(f"You are {session.names[seat]}. Type ? for help, q to quit.")
    try:
        _play(console, session, seat)
    except KeyboardInterrupt:
        console.write("")
        session.stop("you left the table")
    console.write("")
    console.write(f"Session over: {session.ended}.")
    for line in session_lines(session):
        console.write(line)


def _play(console: _Console, session: Session, seat: int) -> None:
    while not session.is_over:
        session.deal()
        console.write("")
        console.write(f"=== Hand {len(session.hands) + 1} ===")
        printed = 0
        while True:
            actor = session.advance()
            lines = hand_log(session, seat)
            for line in lines[printed:]:
                console.write(line)
            printed = len(lines)
            if actor is None:
                break
            action = _decide(console, session, seat)
            if action is None:
                session.stop("you left the table")
                return
            session.act(action)
        console.write("")
        for line in session_lines(session):
            console.write(line)
        if session.is_over:
            return
        answer = console.ask("Enter for the next hand, q to quit > ")
        if answer is None or answer.strip().lower() in ("q", "quit", "exit"):
            session.stop("you left the table")
            return
