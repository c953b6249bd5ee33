"""The browser seat in a real browser: ``razzcore serve`` as a subprocess,
Debian's Chromium driven by Playwright clicking the page's buttons through
whole hands.

Without Chromium or Playwright these tests are skipped (with the reason),
except when ``RAZZ_REQUIRE_BROWSER`` is set (as ``.ci/run`` does).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from seat_server import Server

from razzcore import phh

pytestmark = pytest.mark.browser

ACTIONS = {"fold", "check_call", "bet_raise", "bring_in"}
SETTLED = '#status[data-state="your-turn"], #status[data-state="over"]'


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    s = Server(["--players", "3", "--lineup", "basic,random", "--seed", "2", "--pace", "25",
                "--stack", "300"])
    yield s
    s.stop()


class Tab:
    """One page of the seat, with every console error and every request."""

    def __init__(self, context: Any, url: str, errors: list[str]) -> None:
        self.page = context.new_page()
        self.errors = errors
        self.page.on("console", lambda m: m.type in ("error", "warning") and
                     errors.append(f"console {m.type}: {m.text}"))
        self.page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
        # From the first frame on, record every text of the action line (the
        # players' actions one by one) and, each time the status or the buttons
        # change, the state and the number of buttons.
        self.page.add_init_script("""
            window.shown = []; window.moments = [];
            new MutationObserver(function (records) {
              var action = document.getElementById("action");
              var status = document.getElementById("status");
              var actions = document.getElementById("actions");
              if (!action || !status || !actions) { return; }
              var a = false, m = false;
              records.forEach(function (r) {
                var t = r.target.nodeType === 3 ? r.target.parentNode : r.target;
                if (action.contains(t)) { a = true; }
                if (t === status || actions.contains(t)) { m = true; }
              });
              if (a) { window.shown.push(action.textContent); }
              if (m) {
                window.moments.push([status.dataset.state,
                                     actions.querySelectorAll("[data-action]").length]);
              }
            }).observe(document, {childList: true, subtree: true, characterData: true,
                                  attributes: true});
        """)
        self.page.goto(url)

    def state(self) -> str:
        self.page.wait_for_selector(SETTLED)
        return str(self.page.get_attribute("#status", "data-state"))

    def buttons(self) -> list[str]:
        return [str(b) for b in self.page.eval_on_selector_all(
            "#actions [data-action]", "els => els.map(e => e.dataset.action)")]

    def stacks(self) -> list[int]:
        return [int(v) for v in self.page.eval_on_selector_all(
            ".seat .stack", "els => els.map(e => e.dataset.stack)")]

    def log(self) -> list[str]:
        return [str(x) for x in self.page.locator("#log li").all_inner_texts()]

    def histories(self) -> list[Any]:
        href = self.page.get_attribute("#download-phh", "href")
        r = self.page.request.get(self.page.url.rstrip("/") + str(href))
        assert r.status == 200
        return phh.loads_all(r.text())

    def play_hand(self, rng: random.Random) -> None:
        """Click through one hand: a legal button at each turn."""
        while self.state() == "your-turn":
            offered = self.buttons()
            assert offered and set(offered) <= ACTIONS and len(set(offered)) == len(offered)
            assert self.page.locator("#next-hand").count() == 0
            weights = {"fold": 1, "check_call": 6, "bet_raise": 3, "bring_in": 6}
            choice = rng.choices(offered, [weights[a] for a in offered])[0]
            self.page.click(f'#actions [data-action="{choice}"]')
        assert self.buttons() == []
        assert self.page.locator("#next-hand").is_visible()
        # Buttons only while it is the seat's turn, never while the table moves.
        moments = self.page.evaluate("window.moments")
        assert any(state == "waiting" for state, _ in moments)
        for state, count in moments:
            assert (count > 0) == (state == "your-turn"), moments


def _actions(log: list[str], names: list[str]) -> list[str]:
    """The log's betting actions (a seat's name, then what it did)."""
    return [line for line in log
            if any(line.startswith(n + " ") for n in names)
            and " shows " not in line and not line.endswith(" mucks")]


def test_whole_hands_by_clicking(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    requests: list[str] = []
    context.on("request", lambda r: requests.append(r.url))
    errors: list[str] = []
    tab = Tab(context, server.url, errors)
    rng = random.Random(4)
    before = [300, 300, 300]
    for k in range(4):
        tab.play_hand(rng)
        stacks = tab.stacks()
        histories = tab.histories()
        assert len(histories) == k + 1
        hh = histories[-1]
        assert list(hh.starting_stacks) == before  # carried over from the hand before
        assert list(hh.replay().stacks) == stacks  # the page agrees with the engine
        assert sum(stacks) == 900
        names = list(hh.players or [])
        shown = tab.page.evaluate("window.shown")
        wanted = _actions(tab.log(), names)
        # Every action appeared on its own, in order.
        seen = iter(shown)
        assert all(any(text == line for text in seen) for line in wanted), (wanted, shown)
        net = tab.page.locator("#session tbody tr td:nth-child(3)").all_inner_texts()
        assert [int(v.replace(",", "")) for v in net] == [v - 300 for v in stacks]
        before = stacks
        tab.page.evaluate("window.shown = []")
        tab.page.click("#next-hand")
    assert errors == []
    assert all(url.startswith(server.url) for url in requests), requests
    context.close()


def test_two_tabs_are_two_tables(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    a = Tab(context, server.url, errors)
    b = Tab(context, server.url, errors)
    b.state()
    b_log, b_stacks = b.log(), b.stacks()
    b_href = b.page.get_attribute("#download-phh", "href")
    assert b_href != a.page.get_attribute("#download-phh", "href")
    a.play_hand(random.Random(9))
    a.page.click("#next-hand")
    a.state()
    assert re.search(r"1 hand played", a.page.inner_text("#session-note"))
    assert b.log() == b_log and b.stacks() == b_stacks
    assert b.page.inner_text("#session-note").startswith("0 hands played")
    assert b.histories() == []
    assert errors == []
    context.close()


def test_a_refused_request_is_shown_and_changes_nothing(browser: Any, server: Server) -> None:
    """A stale click (the server moved on) shows the server's error; the
    table and its buttons stay as they were."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    tab = Tab(context, server.url, errors)
    while tab.state() != "your-turn":
        tab.page.click("#next-hand")
    offered = tab.buttons()
    # Make the page's copy of the table stale: its step no longer matches.
    tab.page.evaluate("""() => {
        const f = window.fetch;
        window.fetch = (url, init) => {
            if (!init || !init.body) { return f(url, init); }
            const body = JSON.parse(init.body); body.step -= 1;
            return f(url, {...init, body: JSON.stringify(body)});
        };
    }""")
    tab.page.click(f'#actions [data-action="{offered[0]}"]')
    tab.page.wait_for_selector("#error:not(:empty)")
    assert "stale request" in tab.page.inner_text("#error")
    assert tab.state() == "your-turn" and tab.buttons() == offered
    assert [e for e in errors if "409" not in e] == []
    context.close()
