"""Make the replayer pictures of the docs: the WSOP hands of
``tests/conformance`` in one page, hand 26 on 6th street, in Debian's
Chromium through Playwright (``pip install -e '.[browser]'``).

    python tools/replayer_screenshot.py docs/replayer.png
    python tools/replayer_screenshot.py docs/replayer-phone.png --width 390 --height 1400
"""

from __future__ import annotations

import argparse
import pathlib
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
WSOP = ROOT / "tests" / "conformance" / "phh-razz" / "data" / "wsop" / "2023" / "43" / "5"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="the PNG to write")
    parser.add_argument("--width", type=int, default=1240)
    parser.add_argument("--height", type=int, default=760)
    parser.add_argument("--hand", type=int, default=7, help="the hand to show, from 1")
    parser.add_argument("--step", type=int, default=18, help="the step to show, from 1")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        sys.exit("Chromium is not installed (apt-get install chromium)")
    with tempfile.TemporaryDirectory() as folder:
        page_path = pathlib.Path(folder) / "page.html"
        files = sorted(str(p) for p in WSOP.glob("*.phh"))
        subprocess.run([sys.executable, "-m", "razzcore", "replay", *files, "--html",
                        str(page_path)], check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=exe)
            page = browser.new_page(viewport={"width": args.width, "height": args.height})
            page.goto(page_path.as_uri())
            page.locator("#hand-list button").nth(args.hand - 1).click()
            for _ in range(args.step - 1):
                page.keyboard.press("ArrowRight")
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=args.out)
            browser.close()
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
