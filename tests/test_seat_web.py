"""The browser seat's server at the request level: ``razzcore serve`` running
as a subprocess, spoken to over HTTP (httpx).  Bad requests get a clear 4xx
JSON error and change nothing; whole sessions replay from their downloads."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from seat_server import Server

from razzcore import RazzError, phh, pokerstars

httpx = pytest.importorskip("httpx", reason="the request-level tests speak HTTP with httpx")


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    s = Server(["--players", "3", "--lineup", "basic,random", "--seed", "1", "--pace", "0",
                "--stack", "200"])
    yield s
    s.stop()


@pytest.fixture
def client(server: Server) -> Iterator[Any]:
    with httpx.Client(base_url=server.url, timeout=30) as c:
        yield c


def open_session(client: Any) -> tuple[str, dict[str, Any]]:
    r = client.post("/api/session")
    assert r.status_code == 200
    data = r.json()
    return data["id"], data["frames"][-1]


def current(client: Any, sid: str) -> dict[str, Any]:
    r = client.get(f"/api/session/{sid}")
    assert r.status_code == 200
    frames = r.json()["frames"]
    assert len(frames) == 1
    return dict(frames[0])


def act(client: Any, sid: str, f: dict[str, Any], action: str) -> dict[str, Any]:
    r = client.post(f"/api/session/{sid}/act",
                    json={"hand": f["hand"], "step": f["step"], "action": action})
    assert r.status_code == 200, r.text
    frames = r.json()["frames"]
    assert all(x["state"] == "waiting" for x in frames[:-1])
    return dict(frames[-1])


def refused(r: Any, status: int, *words: str) -> None:
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith("application/json")
    message = r.json()["error"]
    for w in words:
        assert w in message, message


def play_hand(client: Any, sid: str, f: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    while f["state"] == "your-turn":
        f = act(client, sid, f, rng.choice(f["choices"])["action"])
    assert f["state"] == "over"
    return f


def test_a_session_replays_from_its_downloads(client: Any) -> None:
    sid, f = open_session(client)
    rng = random.Random(3)
    stacks = []
    for k in range(4):
        f = play_hand(client, sid, f, rng)
        stacks.append([seat["stack"] for seat in f["seats"]])
        assert f["session"]["hands"] == k + 1
        assert [row["stack"] for row in f["session"]["seats"]] == stacks[-1]
        r = client.post(f"/api/session/{sid}/next", json={"hand": f["hand"]})
        assert r.status_code == 200
        f = r.json()["frames"][-1]
        assert f["hand"] == k + 2
    text = client.get(f"/api/session/{sid}/hands.phhs")
    assert text.status_code == 200
    assert "attachment" in text.headers["content-disposition"]
    histories = phh.loads_all(text.text)
    assert len(histories) == 4
    # As the person's seat saw them: their own cards, the others' as ?? unless shown.
    for hh in histories:
        dealt = [a for a in hh.actions if a.startswith("d dh ")]
        assert all("??" not in a for a in dealt if a.startswith("d dh p1 "))
    assert any("??" in a for hh in histories for a in hh.actions)
    start = [200, 200, 200]
    for hh, want in zip(histories, stacks, strict=True):
        assert list(hh.starting_stacks) == start  # the stacks carry over
        assert list(hh.replay().stacks) == want
        start = want
    stars = pokerstars.loads(client.get(f"/api/session/{sid}/hands.txt").text)
    assert [list(h.replay().stacks) for h in stars] == stacks
    page = client.get(f"/api/session/{sid}/replayer.html")
    assert page.status_code == 200
    assert "<title>Your razz session</title>" in page.text and '"label":"Hand 4' in page.text


def test_the_frames_show_only_the_seat_s_cards(client: Any) -> None:
    _, f = open_session(client)
    me = f["me"]
    for s, seat in enumerate(f["seats"]):
        down = [c for c, up in zip(seat["cards"], seat["up"], strict=True) if not up]
        if s == me:
            assert all(c is not None for c in down) and len(down) == 2
        else:
            assert down == [None, None]


def test_junk_requests_change_nothing(client: Any) -> None:
    sid, f = open_session(client)
    assert f["state"] == "your-turn"
    before = current(client, sid)
    url = f"/api/session/{sid}/act"
    refused(client.post(url, content=b"{not json"), 400, "not JSON")
    refused(client.post(url, content=b"\xff\xfe"), 400, "not JSON")
    refused(client.post(url, json=[1, 2]), 400, "JSON object")
    refused(client.post(url, json={"hand": 1, "step": f["step"]}), 400, "'action'")
    refused(client.post(url, json={"hand": "1", "step": f["step"], "action": "f"}), 400,
            "'hand' must be an int")
    refused(client.post(url, json={"hand": True, "step": f["step"], "action": "f"}), 400,
            "'hand'")
    refused(client.post(url, content=b'{"a": "' + b"x" * 5000 + b'"}'), 413, "4096")
    assert current(client, sid) == before


def test_stale_and_illegal_requests_change_nothing(client: Any) -> None:
    sid, f = open_session(client)
    before = current(client, sid)
    url = f"/api/session/{sid}/act"
    legal = [c["action"] for c in f["choices"]]
    refused(client.post(url, json={"hand": 2, "step": f["step"], "action": legal[0]}), 409,
            "stale request", "hand 1")
    refused(client.post(url, json={"hand": 1, "step": f["step"] - 1, "action": legal[0]}), 409,
            "stale request", f"step {f['step']}")
    refused(client.post(url, json={"hand": 1, "step": f["step"], "action": "cbr 99999"}), 409,
            "not legal now", ", ".join(legal))
    refused(client.post(url, json={"hand": 1, "step": f["step"], "action": "sm"}), 409,
            "not legal now")
    refused(client.post(f"/api/session/{sid}/next", json={"hand": 1}), 409,
            "still being played")
    assert current(client, sid) == before
    # The same decision twice (a double click): the second is stale.
    after = act(client, sid, f, legal[0])
    refused(client.post(url, json={"hand": 1, "step": f["step"], "action": legal[0]}), 409)
    assert current(client, sid)["step"] == after["step"]


def test_a_finished_hand_takes_no_action(client: Any) -> None:
    sid, f = open_session(client)
    f = play_hand(client, sid, f, random.Random(5))
    refused(client.post(f"/api/session/{sid}/act",
                        json={"hand": f["hand"], "step": f["step"], "action": "f"}), 409,
            "is over")
    refused(client.post(f"/api/session/{sid}/next", json={"hand": f["hand"] - 1}), 409,
            "stale request")


def test_unknown_sessions_and_paths(client: Any) -> None:
    refused(client.get("/api/session/nope"), 404, "no session 'nope'")
    refused(client.post("/api/session/nope/act", json={}), 404, "no session")
    refused(client.get("/api/nothing"), 404)
    refused(client.get("/api/session"), 405)
    refused(client.get("/api/session/nope/hands.phhs"), 404)


def test_sessions_are_separate(client: Any) -> None:
    a, fa = open_session(client)
    b, _ = open_session(client)
    assert a != b
    before = current(client, b)
    play_hand(client, a, fa, random.Random(1))
    assert current(client, b) == before
    assert phh.loads_all(client.get(f"/api/session/{b}/hands.phhs").text) == []


def test_the_page_loads_nothing_else(client: Any) -> None:
    r = client.get("/")
    assert r.status_code == 200
    csp = r.headers["content-security-policy"]
    assert "default-src 'none'" in csp and "connect-src 'self'" in csp
    urls = set(re.findall(r"https?://[^\s\"']+", r.text))
    assert urls == {"http://www.w3.org/2000/svg"}  # the SVG namespace: no address to load
    assert " src=" not in r.text
    assert r.text.count("<symbol") == 52 * 2 + 1  # every card, up and down, and a back


def test_serve_refuses_a_bad_table() -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "razzcore", "serve", *args],
                              capture_output=True, text=True, timeout=60)

    for args, words in [
        (["--lineup", "shark"], "unknown player 'shark'"),
        (["--lineup", "nosuch:Bot"], "cannot import nosuch"),
        (["--players", "9"], "--players"),
        (["--human", "5", "--players", "4"], "--human"),
        (["--players", "2", "--lineup", "basic,random"], "2 players for the 1 other seat"),
        (["--port", "70000"], "--port"),
    ]:
        proc = run(*args)
        assert proc.returncode == 2, (args, proc.stderr)
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and words in lines[0], (args, proc.stderr)


def test_serve_says_when_the_port_is_taken(server: Server) -> None:
    port = server.url.rsplit(":", 1)[1].strip("/")
    proc = subprocess.run([sys.executable, "-m", "razzcore", "serve", "--port", port],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in proc.stderr


def test_frames_are_json_data(client: Any) -> None:
    _, f = open_session(client)
    assert json.loads(json.dumps(f)) == f
    names = {c["name"] for c in f["choices"]}
    assert names <= {"fold", "check_call", "bet_raise", "bring_in"}


def test_each_session_has_its_own_players() -> None:
    pytest.importorskip("starlette")
    from razzcore import RandomPlayer, Rules
    from razzcore.seat.web import SeatConfig

    config = SeatConfig(seats=(None, RandomPlayer(1), "basic"), rules=Rules(1, 3, 10, 20))
    a, b = config.session(0), config.session(1)
    assert a.players[1] is not b.players[1] and a.players[1] is not config.seats[1]
    assert a.players[2] is not b.players[2]
    with pytest.raises(RazzError, match="exactly one None"):
        SeatConfig(seats=("basic", "basic"), rules=Rules(1, 3, 10, 20)).check()


def test_a_server_other_machines_can_reach_says_so() -> None:
    s = Server(["--host", "0.0.0.0"])  # its address is printed through the loopback
    try:
        with httpx.Client(base_url=s.url, timeout=30) as c:
            assert c.get("/").status_code == 200
        assert s.proc.stderr is not None
        warning = s.proc.stderr.readline()
    finally:
        s.stop()
    assert "warning: listening on 0.0.0.0" in warning and "no login" in warning
