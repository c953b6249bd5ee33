"""The replayer page in a real browser: Debian's Chromium driven by Playwright.

Run alone with ``pytest -m browser``.  Without Chromium or Playwright these
tests are skipped (with the reason), except when ``RAZZ_REQUIRE_BROWSER`` is
set (as ``.ci/run`` does), where they must run.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import struct
import subprocess
import sys
import zlib
from collections.abc import Iterator
from typing import Any

import pytest

from razzcore import phh
from razzcore.show import replayer

pytestmark = pytest.mark.browser

ROOT = pathlib.Path(__file__).resolve().parent
WSOP = ROOT / "conformance" / "phh-razz" / "data" / "wsop" / "2023" / "43" / "5"
HEADS_UP = WSOP / "03-50-24.phh"  # all-in on 6th street, both hands shown


def _missing(what: str) -> None:
    if os.environ.get("RAZZ_REQUIRE_BROWSER"):
        pytest.fail(f"{what}, and RAZZ_REQUIRE_BROWSER is set")
    pytest.skip(what)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright is not installed (pip install -e '.[browser]')")
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        _missing("Chromium is not installed (apt-get install chromium)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=exe)
        yield b
        b.close()


class Page:
    """A loaded replayer page, with every console message, error and request."""

    def __init__(self, browser: Any, path: pathlib.Path) -> None:
        self.url = path.as_uri()
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
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
