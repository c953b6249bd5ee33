"""A person's seat in the browser: ``razzcore serve``, a Starlette app served
by uvicorn (the ``serve`` extra).

:func:`create_app` makes the ASGI app; :func:`serve` runs it on a local port.
The page (``GET /``) opens a session of its own (``POST /api/session``), so
every tab is its own table.  Each answer carries *frames*: the table as the
person's seat sees it after each action, which the page shows one by one at
the configured pace; the last frame lists the legal actions (from the engine)
when it is the person's turn.

* ``POST /api/session``: a new session, ``{"id", "pace", "frames"}``;
* ``GET /api/session/{id}``: the current frame, ``{"frames": [frame]}``;
* ``POST /api/session/{id}/act`` with ``{"hand", "step", "action"}``: the
  person's decision (``"cc"``, ``"cbr 20"``...), then the other players'
  until the person is to act again;
* ``POST /api/session/{id}/next`` with ``{"hand"}``: the hand after hand ``hand``;
* ``GET /api/session/{id}/hands.phhs``, ``hands.txt``, ``replayer.html``: the
  finished hands (as the person's seat saw them) as PHH, PokerStars text, and
  in the replayer page.

A bad request gets a 4xx answer ``{"error": "..."}`` and changes nothing:
400 for a body that is not the JSON object asked for, 404 for an unknown
session, 409 for a request that does not fit the table now (a stale hand or
step, an action that is not legal, not the person's turn), 413 for a body
over 4 KiB.

>>> s = Session([None, "basic"], seed=1)
>>> _ = s.deal()
>>> f = _run(s, 0, 0)[-1]       # the basic player brings in; the person is to act
>>> f["state"], f["text"], [c["name"] for c in f["choices"]]
('your-turn', 'p2 basic brings in for 3', ['fold', 'check_call', 'bet_raise'])
"""

from __future__ import annotations

import json
import secrets
import sys
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import format_card
from ..errors import MissingDependencyError, RazzError, brief
from ..show.svg import card_symbols
from ..show.table import STREET_NAMES, table
from ..sim.playing import DEFAULT_STACK
from ..sim.session import MAX_SESSION_HANDS, Session
from ._page import CSP, SEAT_SCRIPT, SEAT_STYLE, SEAT_TEMPLATE
from .choices import choices, to_call
from .terminal import hand_log

if TYPE_CHECKING:
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response

    from ..engine.players import Player
    from ..engine.rules import Rules

__all__ = ["MAX_BODY", "MAX_SESSIONS", "SeatConfig", "create_app", "frame", "serve"]

MAX_SESSIONS = 64
"""Sessions kept by one server (the least recently used goes first)."""
MAX_BODY = 4096
"""The largest request body accepted, in bytes."""


@dataclass(frozen=True)
class SeatConfig:
    """The table every new session sits at: ``seats`` has one entry per
    seat, ``None`` for the person (exactly one) and a player name or spec (or
    a player factory) for the others; ``pace`` is the page's milliseconds
    between the other players' actions.

    >>> from razzcore import Rules
    >>> config = SeatConfig((None, "basic"), Rules(1, 3, 10, 20), seed=5)
    >>> config.check()                    # a table that can play
    >>> s = config.session(2)             # the third session: seed 5 + 2
    >>> config.seat, s.seed, s.names
    (0, 7, ('p1 you', 'p2 basic'))
    """

    seats: tuple[str | Player | None, ...]
    rules: Rules
    stack: int = DEFAULT_STACK
    seed: int | None = None
    hands: int = MAX_SESSION_HANDS
    rebuy: bool = False
    pace: int = 700

    @property
    def seat(self) -> int:
        """The person's seat (from 0)."""
        return self.seats.index(None)

    def session(self, number: int = 0) -> Session:
        """A new session (``number``: how many this server opened before)."""
        import copy

        seed = None if self.seed is None else self.seed + number
        # Each session its own players: names and specs make new ones, and a
        # player object is copied, so that no two tabs share a player's state.
        seats = [p if p is None or isinstance(p, str) else copy.deepcopy(p) for p in self.seats]
        return Session(seats, rules=self.rules, stack=self.stack, seed=seed,
                       hands=self.hands, rebuy=self.rebuy)

    def check(self) -> None:
        """Refuse a table that cannot play, before a server starts."""
        if self.seats.count(None) != 1:
            raise RazzError(f"seats must hold exactly one None (the person), "
                            f"not {brief(list(self.seats))}")
        self.session()


def _action_line(line: str, names: Sequence[str]) -> bool:
    return any(line.startswith(name + " ") for name in names)


def frame(session: Session, seat: int, since: int = 0) -> dict[str, Any]:
    """The table as ``seat`` sees it now, as plain JSON data: the seats, the
    pot, the community card, the log, the legal actions when it is the
    seat's turn and the result when the hand is over.  ``since``: the log
    lines the page has seen (``text`` is the first action after them).

    >>> s = Session([None, "basic"], seed=1, stack=100)
    >>> _ = s.deal(); _ = s.advance()
    >>> f = frame(s, 0)
    >>> f["state"], f["text"], f["to_call"], [c["label"] for c in f["choices"]]
    ('your-turn', 'p2 basic brings in for 3', 3, ['Fold', 'Call 3', 'Complete to 10'])
    """
    hand = session.hand
    if hand is None:
        raise RazzError("no hand has been dealt")
    view = hand.view(seat)
    t = table(view)
    over = hand.is_over
    log = hand_log(session, seat)
    fresh = log[since:]
    text = next((line for line in fresh if _action_line(line, session.names)), "")
    if not text:
        text = f"{STREET_NAMES.get(t.street, '')} dealt" if not over else ""
    mine = not over and view.actor == seat
    start = next((k for k, line in enumerate(log) if line.startswith(("*** Showdown",
                                                                       "*** Summary"))),
                 len(log))
    payoffs = t.payoffs or (0,) * len(t.stacks)
    number = len(session.hands) if over else len(session.hands) + 1
    return {
        "hand": number,
        "step": len(hand.history),
        "me": seat,
        "over": over,
        "state": "over" if over else ("your-turn" if mine else "waiting"),
        "street": STREET_NAMES.get(t.street, ""),
        "pot": t.pot,
        "community": None if t.community is None else format_card(t.community),
        "actor": None if over else t.actor,
        "text": text,
        "seen": len(log),
        "log": log,
        "to_call": to_call(view),
        "choices": [c._asdict() for c in choices(view, session.rules)] if mine else [],
        "result": log[start:] if over else [],
        "seats": [{
            "name": session.names[s],
            "you": s == seat,
            "stack": t.stacks[s],
            "bet": t.bets[s],
            "cards": [None if c is None else format_card(c) for c in t.cards[s]],
            "up": list(t.up[s]),
            "folded": t.folded[s],
            "out": not t.dealt[s],
            "allin": t.stacks[s] == 0 and t.dealt[s] and not t.folded[s] and not over,
            "low": t.lows[s],
            "net": payoffs[s] if over else None,
        } for s in range(len(t.stacks))],
        "session": {
            "hands": len(session.hands),
            "ended": session.ended,
            "seats": [{"name": session.names[s], "you": s == seat, "stack": session.stacks[s],
                       "net": session.results[s]} for s in range(len(session.names))],
        },
    }


def _run(session: Session, seat: int, since: int) -> list[dict[str, Any]]:
    """The frames of the other players' decisions, one each, until the
    person is to act or the hand is over."""
    frames = [frame(session, seat, since)]
    while not frames[-1]["over"] and frames[-1]["actor"] != seat:
        session.advance(limit=1)
        frames.append(frame(session, seat, frames[-1]["seen"]))
    return frames


class _Error(Exception):
    """A refused request: its status and message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def _require_starlette() -> None:
    for package in ("starlette", "uvicorn"):
        try:
            __import__(package)
        except ImportError:
            raise MissingDependencyError.of(package, "serve", "razzcore serve") from None


def page_html(config: SeatConfig) -> str:
    """The seat's page: the replayer's look, this table's rules in the header."""
    import re

    from ..show._replayer_page import PAGE_STYLE

    rules = config.rules
    info = (f"ante {rules.ante}, bring-in {rules.bring_in}, bets {rules.small_bet}/"
            f"{rules.big_bet} ({rules.profile} rules) · {len(config.seats)} players · "
            f"stacks {config.stack}" + (" · rebuys" if config.rebuy else ""))
    parts = {"style": PAGE_STYLE + SEAT_STYLE,
             "sprite": card_symbols(range(52), prefix="rz-"),
             "info": info, "script": SEAT_SCRIPT}
    return re.sub(r"@@(\w+)@@", lambda m: parts[m.group(1)], SEAT_TEMPLATE)


def create_app(config: SeatConfig) -> Starlette:
    """The ASGI app of the browser seat (see the module docstring)."""
    _require_starlette()
    from starlette.applications import Starlette
    from starlette.exceptions import HTTPException
    from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
    from starlette.routing import Route

    config.check()
    seat = config.seat
    sessions: OrderedDict[str, Session] = OrderedDict()
    opened = [0]
    html = page_html(config)
    headers = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff",
               "Referrer-Policy": "no-referrer", "Cache-Control": "no-store"}

    def error(status: int, message: str) -> JSONResponse:
        return JSONResponse({"error": message}, status_code=status, headers=headers)

    def session_of(request: Request) -> Session:
        key = request.path_params["id"]
        found = sessions.get(key)
        if found is None:
            raise _Error(404, f"no session {brief(key)} (it ended, or the server restarted: "
                              f"reload the page)")
        sessions.move_to_end(key)
        return found

    async def body_of(request: Request, fields: dict[str, type]) -> dict[str, Any]:
        raw = await request.body()
        if len(raw) > MAX_BODY:
            raise _Error(413, f"the request body is over {MAX_BODY} bytes")
        try:
            data = json.loads(raw or b"{}")
        except (ValueError, UnicodeDecodeError) as exc:
            raise _Error(400, f"the request body is not JSON: {exc}") from None
        if not isinstance(data, dict):
            raise _Error(400, f"the request body must be a JSON object, not {brief(data)}")
        for name, kind in fields.items():
            value = data.get(name)
            if not isinstance(value, kind) or isinstance(value, bool):
                raise _Error(400, f"{name!r} must be {'an int' if kind is int else 'a string'}"
                                  f", not {brief(value)}")
        return data

    def check_hand(s: Session, number: int) -> None:
        current = len(s.hands) + (1 if s.in_hand else 0)
        if number != current:
            raise _Error(409, f"stale request: the table is at hand {current}, not {number} "
                              f"(reload the page)")

    async def index(request: Request) -> Response:
        return HTMLResponse(html, headers=headers)

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204, headers=headers)

    async def new_session(request: Request) -> Response:
        await body_of(request, {})
        s = config.session(opened[0])
        opened[0] += 1
        key = secrets.token_urlsafe(12)
        sessions[key] = s
        while len(sessions) > MAX_SESSIONS:
            sessions.popitem(last=False)
        s.deal()
        return JSONResponse({"id": key, "pace": config.pace, "frames": _run(s, seat, 0)},
                            headers=headers)

    async def current(request: Request) -> Response:
        s = session_of(request)
        return JSONResponse({"frames": [frame(s, seat)]}, headers=headers)

    async def act(request: Request) -> Response:
        s = session_of(request)
        data = await body_of(request, {"hand": int, "step": int, "action": str})
        check_hand(s, data["hand"])
        hand = s.hand
        if hand is None or hand.is_over:
            raise _Error(409, f"hand {data['hand']} is over: ask for the next one")
        if data["step"] != len(hand.history):
            raise _Error(409, f"stale request: hand {data['hand']} is at step "
                              f"{len(hand.history)}, not {data['step']} (reload the page)")
        if hand.actor != seat:
            raise _Error(409, "it is not your turn")
        offered = choices(hand.view(seat), s.rules)
        if data["action"] not in [c.action for c in offered]:
            legal = ", ".join(c.action for c in offered)
            raise _Error(409, f"{brief(data['action'])} is not legal now; legal: {legal}")
        since = len(hand_log(s, seat))
        s.act(data["action"])
        return JSONResponse({"frames": _run(s, seat, since)}, headers=headers)

    async def next_hand(request: Request) -> Response:
        s = session_of(request)
        data = await body_of(request, {"hand": int})
        check_hand(s, data["hand"])
        if s.in_hand:
            raise _Error(409, f"hand {data['hand']} is still being played")
        if s.is_over:
            raise _Error(409, f"the session is over: {s.ended}")
        s.deal()
        return JSONResponse({"frames": _run(s, seat, 0)}, headers=headers)

    def download(kind: str) -> Any:
        async def endpoint(request: Request) -> Response:
            from ..histories import phh, pokerstars
            from ..show.replayer import page

            s = session_of(request)
            hands = s.histories(seat)  # as the person saw them
            if kind == "html":
                if not hands:
                    raise _Error(409, "no hand is finished yet")
                return HTMLResponse(page(hands, title="Your razz session"))
            text = phh.dumps_all(hands) if kind == "phhs" else pokerstars.dumps(hands)
            name = f"razz-session.{'phhs' if kind == 'phhs' else 'txt'}"
            return PlainTextResponse(text, headers={
                **headers, "Content-Disposition": f'attachment; filename="{name}"'})
        return endpoint

    async def refused(request: Request, exc: Exception) -> Response:
        if isinstance(exc, _Error):
            return error(exc.status, str(exc))
        if isinstance(exc, HTTPException):
            return error(exc.status_code, str(exc.detail))
        if isinstance(exc, RazzError):  # the engine refused: nothing changed
            return error(409, str(exc))
        raise exc

    routes = [
        Route("/", index),
        Route("/favicon.ico", no_icon),
        Route("/api/session", new_session, methods=["POST"]),
        Route("/api/session/{id}", current),
        Route("/api/session/{id}/act", act, methods=["POST"]),
        Route("/api/session/{id}/next", next_hand, methods=["POST"]),
        Route("/api/session/{id}/hands.phhs", download("phhs")),
        Route("/api/session/{id}/hands.txt", download("txt")),
        Route("/api/session/{id}/replayer.html", download("html")),
    ]
    handlers: dict[Any, Any] = {_Error: refused, HTTPException: refused, RazzError: refused}
    return Starlette(routes=routes, exception_handlers=handlers)


def _url(host: str, port: int) -> tuple[str, bool]:
    """The page's address as a browser opens it (an unspecified host,
    ``0.0.0.0`` or ``::``, is opened through the loopback), and whether other
    machines may reach the server.

    >>> _url("127.0.0.1", 8765), _url("0.0.0.0", 80), _url("::1", 80)
    (('http://127.0.0.1:8765/', False), ('http://127.0.0.1:80/', True), ('http://[::1]:80/', False))
    """
    import ipaddress

    try:
        address = ipaddress.ip_address(host)
    except ValueError:  # a name: localhost stays on this machine
        return f"http://{host}:{port}/", host != "localhost"
    if address.is_unspecified:
        address = ipaddress.ip_address("::1" if address.version == 6 else "127.0.0.1")
        shown = f"[{address}]" if address.version == 6 else str(address)
        return f"http://{shown}:{port}/", True
    shown = f"[{host}]" if address.version == 6 else host
    return f"http://{shown}:{port}/", not address.is_loopback


def serve(config: SeatConfig, *, host: str = "127.0.0.1", port: int = 8765,
          open_browser: bool = False, announce: Callable[[str], None] | None = None) -> None:
    """Run the app on ``host:port`` (``port=0``: a free one) until Ctrl-C;
    ``announce`` gets the line with the page's address once it listens
    (default: printed on standard output at once)."""
    _require_starlette()
    import socket

    import uvicorn

    app = create_app(config)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise RazzError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    bound = sock.getsockname()[1]
    url, reachable = _url(host, bound)
    line = f"razzcore serve: play at {url} (Ctrl-C stops the server)"
    if announce is None:
        print(line, flush=True)
    else:
        announce(line)
    if reachable:
        print(f"razzcore serve: warning: listening on {host}: anyone who can reach this "
              f"machine can open the table (there is no login)", file=sys.stderr, flush=True)
    if open_browser:
        import webbrowser

        webbrowser.open(url)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False,
                                           lifespan="off"))
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
