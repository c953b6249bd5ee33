"""The replayer page in a real browser: Debian's Chromium driven by Playwright.

Run alone with ``pytest -m browser``.  Without Chromium or Playwright these
tests are skipped (with the reason), except when ``RAZZ_REQUIRE_BROWSER`` is
set (as ``.ci/run`` does), where they must run.
"""

from __future__ import annotations

import os
import pathlib
import struct
import subprocess
import sys
import zlib
from typing import Any

import pytest

from razzcore import phh
from razzcore.show import replayer

pytestmark = pytest.mark.browser

ROOT = pathlib.Path(__file__).resolve().parent
WSOP = ROOT / "conformance" / "phh-razz" / "data" / "wsop" / "2023" / "43" / "5"
HEADS_UP = WSOP / "03-50-24.phh"  # all-in on 6th street, both hands shown


class Page:
    """A loaded replayer page, with every console message, error and request."""

    def __init__(self, browser: Any, path: pathlib.Path,
                 viewport: dict[str, int] | None = None) -> None:
        self.url = path.as_uri()
        self.context = browser.new_context(viewport=viewport or {"width": 1280, "height": 900})
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.on("console", lambda m: m.type in ("error", "warning") and
                     self.errors.append(f"console {m.type}: {m.text}"))
        self.page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        self.page.on("requestfailed", lambda r: self.errors.append(f"failed: {r.url}"))
        self.page.goto(self.url)

    def _route(self, route: Any) -> None:
        url = route.request.url
        self.requests.append(url)
        if url == self.url:
            route.continue_()
        else:
            route.abort()

    def text(self, selector: str) -> str:
        return str(self.page.locator(selector).inner_text())

    def state(self) -> dict[str, Any]:
        """What the page shows now, read from the DOM."""
        return {
            "counter": self.text("#counter"),
            "action": self.text("#action"),
            "street": self.text("#street"),
            "pots": self.text("#pots"),
            "stacks": self.page.locator(".seat .stack").all_inner_texts(),
            "cards": self.page.eval_on_selector_all(
                ".seat", "els => els.map(e => Array.from(e.querySelectorAll('.card'))"
                ".map(c => c.getAttribute('aria-label')))"),
            "result": self.page.locator("#result").is_visible(),
        }

    def check_clean(self) -> None:
        assert self.errors == []
        assert self.requests == [self.url]  # the page itself, nothing else

    def close(self) -> None:
        self.context.close()


def _png_pixels(png: bytes) -> tuple[int, int, list[bytes]]:
    """Decode an 8-bit RGB/RGBA PNG (as Chromium writes them) into rows."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width, height, channels = 8, b"", 0, 0, 0
    while pos < len(png):
        (length,) = struct.unpack(">I", png[pos : pos + 4])
        kind, body = png[pos + 4 : pos + 8], png[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and color in (2, 6) and body[12] == 0  # no interlace
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride, rows = zlib.decompress(idat), width * channels, []
    prev = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        f, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = prev[i], prev[i - channels] if i >= channels else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        rows.append(bytes(line))
        prev = line
    return width, channels, rows


def assert_not_blank(png: bytes) -> None:
    width, channels, rows = _png_pixels(png)
    colors = set()
    background = rows[0][:channels]
    other = 0
    for row in rows[::4]:
        for x in range(0, width * channels, 4 * channels):
            px = row[x : x + channels]
            colors.add(px)
            other += px != background
    total = len(rows[::4]) * len(range(0, width * channels, 4 * channels))
    assert len(colors) > 50, "the screenshot has almost no colours"
    assert other / total > 0.3, "the screenshot is mostly background"


def step_through(view: Page, steps: list[dict[str, Any]]) -> None:
    """→ from the first step to the last: each press shows the next recorded
    step; ← goes back one; Home and End jump."""
    seen = []
    for k, step in enumerate(steps):
        now = view.state()
        assert now["counter"] == f"Step {k + 1} / {len(steps)}"
        assert now["action"] == step["text"]
        assert now["stacks"] == step["stacks"]
        assert [len(c) for c in now["cards"]] == [len(c) for c in step["cards"]]
        for shown, cards in zip(now["cards"], step["cards"], strict=True):
            for label, card in zip(shown, cards, strict=True):
                assert (label == "face-down card") == (card is None)
                assert card is None or label.startswith(card)
        assert now["result"] == (k == len(steps) - 1 and steps[k]["over"])
        if seen:
            assert now != seen[-1]  # every step changes what is shown
        seen.append(now)
        view.page.keyboard.press("ArrowRight")
    assert view.state() == seen[-1]  # → at the end stays there
    view.page.keyboard.press("ArrowLeft")
    assert view.state() == seen[-2]
    view.page.keyboard.press("Home")
    assert view.state() == seen[0]
    view.page.keyboard.press("ArrowLeft")
    assert view.state() == seen[0]
    view.page.keyboard.press("End")
    assert view.state() == seen[-1]


def finishing_stacks(view: Page) -> list[list[str]]:
    rows = view.page.locator("#finishing tbody tr")
    return [rows.nth(i).locator("td").all_inner_texts() for i in range(rows.count())]


def test_heads_up_wsop_hand(browser: Any, tmp_path: pathlib.Path) -> None:
    hh = phh.load(HEADS_UP.open("rb"))
    out = tmp_path / "hu.html"
    out.write_text(replayer.page(hh), encoding="utf-8")
    data = replayer.hand_data(hh)
    view = Page(browser, out)
    try:
        assert view.page.locator(".seat").count() == 2
        assert not view.page.locator("#hands").is_visible()  # one hand: no list
        step_through(view, data["steps"])
        # End: the showdown, the awards and every finishing stack.
        assert view.page.locator("#result").is_visible()
        assert finishing_stacks(view) == [
            ["Talal Shakerchi", "2,650,000", "0", "-2,650,000"],
            ["Brian Rast", "27,050,000", "29,700,000", "+2,650,000"],
        ]
        assert "Brian Rast wins 5,300,000" in view.text("#awards")
        assert "Eight-Seven low, 8-7-4-3-2" in view.text("#showdown")
        assert "match the hand history" in view.text("#check")
        # The buttons step too.
        view.page.click("#first")
        assert view.text("#counter") == f"Step 1 / {len(data['steps'])}"
        view.page.click("#next")
        assert view.text("#action") == "Brian Rast brings in for 100,000"
        view.page.click("#last")
        assert view.page.locator("#result").is_visible()
        view.page.click("#prev")
        assert not view.page.locator("#result").is_visible()
        assert_not_blank(view.page.screenshot(full_page=True))
        view.check_clean()
    finally:
        view.close()


def test_eight_handed_phhs_from_the_engine(browser: Any, tmp_path: pathlib.Path) -> None:
    env = {**os.environ}
    made = subprocess.run(
        [sys.executable, "-m", "razzcore", "play", "--players", "8", "--hands", "6", "--seed",
         "9", "--phh", "eight.phhs"], cwd=tmp_path, capture_output=True, text=True, env=env,
        timeout=120, check=False)
    assert made.returncode == 0, made.stderr
    proc = subprocess.run(
        [sys.executable, "-m", "razzcore", "replay", "eight.phhs", "--html", "eight.html"],
        cwd=tmp_path, capture_output=True, text=True, env=env, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    histories = phh.load_all((tmp_path / "eight.phhs").open("rb"))
    view = Page(browser, tmp_path / "eight.html")
    try:
        buttons = view.page.locator("#hand-list button")
        assert buttons.count() == 6
        for i, hh in enumerate(histories):
            data = replayer.hand_data(hh, number=i + 1)
            buttons.nth(i).click()
            assert buttons.nth(i).get_attribute("aria-current") == "true"
            assert view.page.locator(".seat").count() == 8
            assert view.page.locator(".seat .name").all_inner_texts() == [
                s["name"] for s in data["seats"]]
            step_through(view, data["steps"])
            assert finishing_stacks(view) == data["result"]["stacks"]
            assert [r[2] for r in finishing_stacks(view)] == [
                f"{v:,}" for v in hh.finishing_stacks or ()]
        assert_not_blank(view.page.screenshot(full_page=True))
        view.check_clean()
    finally:
        view.close()


def test_hostile_names_stay_text(browser: Any, tmp_path: pathlib.Path) -> None:
    hh = phh.load(HEADS_UP.open("rb"))
    evil = '</script><script>window.pwned=1</script><img src=x onerror="window.pwned=2">'
    hh.players = [evil, "<b>Bob</b> & co"]
    hh.event = "</title><script>window.pwned=3</script>"
    out = tmp_path / "evil.html"
    out.write_text(replayer.page(hh), encoding="utf-8")
    view = Page(browser, out)
    try:
        assert view.page.evaluate("window.pwned === undefined")
        assert view.page.locator(".seat .name").all_inner_texts() == [evil, "<b>Bob</b> & co"]
        assert view.text("#title").startswith("</title><script>")
        assert view.page.locator("img").count() == 0
        view.check_clean()
    finally:
        view.close()


def test_notebook_frame_shows_the_replayer(browser: Any, tmp_path: pathlib.Path) -> None:
    """What Jupyter shows for a HandHistory: the page inside an iframe."""
    hh = phh.load(HEADS_UP.open("rb"))
    out = tmp_path / "notebook.html"
    out.write_text(f"<!DOCTYPE html><html><body>{hh._repr_html_()}</body></html>",
                   encoding="utf-8")
    view = Page(browser, out)
    try:
        frame = view.page.frame_locator("iframe")
        assert frame.locator(".seat .name").all_inner_texts() == hh.players
        frame.locator("#last").click()
        assert frame.locator("#result").is_visible()
        assert frame.locator("#finishing tbody tr").count() == 2
        view.check_clean()
    finally:
        view.close()


# ------------------------------------------------------------------ a phone, money, spoilers

PHONE = {"width": 390, "height": 844}
STARS = ROOT / "data" / "pokerstars"


def _cli(*args: str, cwd: pathlib.Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "razzcore", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120, check=False)


def _mixed_page(tmp_path: pathlib.Path, *extra: str) -> pathlib.Path:
    """A page of eight-handed engine hands (one with a community card), the
    WSOP hand (a long title), PokerStars cash and tournament hands, and a
    history cut before its end."""
    hand = None
    for seed in range(3, 40):
        from razzcore.engine.hand import Hand
        from razzcore.engine.rules import Rules

        hand = Hand(Rules(1, 2, 5, 10), [500] * 8, seed=seed)
        while hand.actor is not None:
            legal = hand.legal_actions()
            hand.act("cc" if "cc" in legal else legal[0])
        if hand.community_card is not None:
            break
    assert hand is not None and hand.community_card is not None
    (tmp_path / "community.phh").write_text(phh.dumps(hand), encoding="utf-8")
    short = phh.load(HEADS_UP)
    short.actions = short.actions[: short.actions.index("p1 cc", 16)]
    short.finishing_stacks = None
    (tmp_path / "short.phh").write_text(phh.dumps(short), encoding="utf-8")
    made = _cli("play", "--players", "8", "--hands", "3", "--seed", "9", "--phh", "eight.phhs",
                cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    proc = _cli("replay", "community.phh", str(HEADS_UP), str(STARS / "example-razz.txt"),
                str(STARS / "line-kinds.txt"), "eight.phhs", "short.phh", "--html", "page.html",
                *extra, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    return tmp_path / "page.html"


def _reachable(view: Page, selector: str) -> None:
    """Every element of ``selector`` can be brought on screen inside the
    page's width and is the element a tap at its centre reaches."""
    items = view.page.locator(selector)
    assert items.count() > 0, selector
    for i in range(items.count()):
        item = items.nth(i)
        item.scroll_into_view_if_needed()
        box = item.bounding_box()
        assert box is not None, selector
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 0.5, (selector, box)
        hit = view.page.evaluate(
            "([x, y, i, sel]) => { const t = document.elementFromPoint(x, y);"
            " const e = document.querySelectorAll(sel)[i]; return e === t || e.contains(t); }",
            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, i, selector])
        assert hit, f"{selector} #{i} is covered"


def test_the_page_fits_a_phone_screen(browser: Any, tmp_path: pathlib.Path) -> None:
    """At 390 px wide: no sideways scrolling on any hand at any step, and the
    step buttons, the hand list and every seat can be reached and tapped."""
    path = _mixed_page(tmp_path)
    count = len(json_data(path))
    view = Page(browser, path, viewport=PHONE)
    try:
        hands = view.page.locator("#hand-list button")
        assert hands.count() == count
        for i in range(count):
            hands.nth(i).scroll_into_view_if_needed()
            hands.nth(i).click()
            assert hands.nth(i).get_attribute("aria-current") == "true"
            for key in ("Home", "End"):
                view.page.keyboard.press(key)
                width = view.page.evaluate(
                    "Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
                assert width <= PHONE["width"], (i, key, width)
                _reachable(view, ".seat")
            _reachable(view, "#controls button")
        _reachable(view, "#hand-list button")
        # The buttons work from where they are: back to the start, one step on.
        view.page.locator("#first").click()
        assert view.text("#counter").startswith("Step 1 / ")
        view.page.locator("#next").click()
        assert view.text("#counter").startswith("Step 2 / ")
        assert_not_blank(view.page.screenshot(full_page=True))
        view.check_clean()
    finally:
        view.close()


def json_data(path: pathlib.Path) -> list[dict[str, Any]]:
    import json
    import re

    m = re.search(r'<script type="application/json" id="rz-data">(.*?)</script>',
                  path.read_text(encoding="utf-8"), re.S)
    assert m is not None
    data: list[dict[str, Any]] = json.loads(m.group(1))
    return data


def test_the_hand_list_names_no_winner_before_the_last_step(
        browser: Any, tmp_path: pathlib.Path) -> None:
    path = _mixed_page(tmp_path)
    data = json_data(path)
    view = Page(browser, path)
    try:
        buttons = view.page.locator("#hand-list button")
        assert buttons.all_inner_texts() == [h["label"] for h in data]
        for h in data:
            assert not h["outcome"] or h["outcome"] not in h["label"]
        view.page.keyboard.press("ArrowRight")  # a step on: still no winner
        assert buttons.nth(0).inner_text() == data[0]["label"]
        view.page.keyboard.press("End")  # the last step: the first hand's winner
        assert buttons.nth(0).inner_text() == f"{data[0]['label']} \u00b7 {data[0]['outcome']}"
        assert buttons.all_inner_texts()[1:] == [h["label"] for h in data[1:]]
        buttons.nth(1).click()
        view.page.keyboard.press("Home")
        assert buttons.nth(0).inner_text().endswith(data[0]["outcome"])  # seen stays seen
        assert buttons.nth(1).inner_text() == data[1]["label"]
        view.check_clean()
    finally:
        view.close()
    spoiled = _mixed_page(tmp_path, "--spoilers")
    view = Page(browser, spoiled)
    try:
        assert view.page.locator("#hand-list button").all_inner_texts() == [
            f"{h['label']} \u00b7 {h['outcome']}" if h["outcome"] else h["label"] for h in data]
        view.check_clean()
    finally:
        view.close()


def test_the_community_card_is_labelled_and_the_pot_empties(
        browser: Any, tmp_path: pathlib.Path) -> None:
    path = _mixed_page(tmp_path)
    steps = json_data(path)[0]["steps"]
    view = Page(browser, path)
    try:
        for k, step in enumerate(steps):
            community = view.page.locator("#community")
            if step["community"]:
                assert community.locator(".label").text_content() == "Community card"
                label = community.locator(".card").get_attribute("aria-label")
                assert label == step["community"]
            else:
                assert community.inner_text() == ""
            pots = view.text("#pots")
            assert (pots == "Pot 0") == step["over"], (k, pots)
            view.page.keyboard.press("ArrowRight")
        view.check_clean()
    finally:
        view.close()


def test_seats_money_rake_and_an_incomplete_hand_on_the_page(
        browser: Any, tmp_path: pathlib.Path) -> None:
    path = _mixed_page(tmp_path)
    data = json_data(path)
    view = Page(browser, path)
    try:
        buttons = view.page.locator("#hand-list button")
        cash = next(i for i, h in enumerate(data) if "100000000001" in h["label"])
        buttons.nth(cash).click()
        assert view.page.locator(".seat .no").all_inner_texts() == ["Seat 2", "Seat 4", "Seat 7"]
        assert view.page.locator(".seat .stack").all_inner_texts() == ["$9.90", "$7.25", "$3.10"]
        assert "bets $0.50/$1 USD" in view.text("#info")
        assert not view.page.locator("#incomplete").is_visible()
        view.page.keyboard.press("End")
        assert view.page.locator("#finishing tfoot td").all_inner_texts() == [
            "Rake", "", "", "$0.30"]
        assert finishing_stacks(view)[0] == ["alpha", "$10", "$9.65", "-$0.35"]
        tournament = next(i for i, h in enumerate(data) if "250000000001" in h["label"])
        buttons.nth(tournament).click()
        assert "Tournament #3141592653" in view.text("#info")
        assert "Level 12" in view.text("#info")
        assert view.page.locator(".seat .no").all_inner_texts() == [
            "Seat 1", "Seat 3", "Seat 4", "Seat 6", "Seat 8"]
        view.page.keyboard.press("End")
        assert view.page.locator("#finishing tfoot tr").count() == 0  # no rake taken
        buttons.nth(len(data) - 1).click()
        assert buttons.nth(len(data) - 1).inner_text().endswith("incomplete")
        assert view.page.locator("#incomplete").is_visible()
        assert view.text("#incomplete").startswith(
            "Incomplete: the history stops before the hand ends")
        view.page.keyboard.press("End")
        assert view.page.locator("#incomplete").is_visible()
        assert not view.page.locator("#result").is_visible()
        view.check_clean()
    finally:
        view.close()
