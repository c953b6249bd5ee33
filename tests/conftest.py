"""Fixtures shared by test modules: the real Chromium the browser tests drive.

The browser tests need Playwright (the ``browser`` extra) and Debian's
Chromium.  Without them the tests are skipped with the reason, except when
``RAZZ_REQUIRE_BROWSER`` is set (as ``.ci/run`` does), where they fail.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest


def _missing(what: str) -> None:
    if os.environ.get("RAZZ_REQUIRE_BROWSER"):
        pytest.fail(f"{what}, and RAZZ_REQUIRE_BROWSER is set")
    pytest.skip(what)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A Chromium browser launched by Playwright, one per test module."""
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
