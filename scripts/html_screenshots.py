"""Make the HTML edition's screenshots in samples/ (desktop and phone), from samples/mixed-sizes.txt.

    .venv/bin/python scripts/html_screenshots.py

Builds the page with `sudokuprint html`, plays a few moves in the system's
headless Chromium (digits, pencil marks, a conflict, a hint) and saves
samples/html-desktop.png, samples/html-phone.png and samples/html-16x16.png.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from sudokuprint.cli import run
from sudokuprint.html.browser import DESKTOP, PHONE, chromium

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "samples"


def play(tab, moves: list[tuple[int, str]]) -> None:
    """Click each cell and press its key ('+5' writes the pencil mark 5)."""
    for cell, key in moves:
        tab.click(f'.cell[data-cell="{cell}"]')
        tab.keyboard.press(f"Shift+Digit{key[1:]}" if key.startswith("+") else key)


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        page = Path(folder) / "mixed.html"
        if run(["html", str(SAMPLES / "mixed-sizes.txt"), "-o", str(page), "--title", "Mixed sizes", "-q"]):
            return 1
        with chromium() as browser:
            for device, name in ((DESKTOP, "html-desktop.png"), (PHONE, "html-phone.png")):
                context = browser.new_context(**device)
                tab = context.new_page()
                tab.goto(page.as_uri() + "#2")
                # puzzle 2 (2...8.3..): a few right digits, pencil marks, a hint, then a 2 that repeats r3c7's
                play(tab, [(1, "4"), (2, "5"), (3, "+4"), (3, "+6"), (3, "+9"), (5, "+1"), (5, "+9")])
                tab.click("#hint")
                tab.wait_for_function("document.getElementById('hint-text').textContent.length > 0")
                play(tab, [(18, "2")])
                tab.click('.cell[data-cell="18"]')
                tab.screenshot(path=str(SAMPLES / name), full_page=device is PHONE)
                context.close()
            context = browser.new_context(**DESKTOP)
            tab = context.new_page()
            tab.goto(page.as_uri() + "#3")
            play(tab, [(0, "d"), (1, "9"), (2, "7")])
            tab.click('.cell[data-cell="37"]')
            tab.screenshot(path=str(SAMPLES / "html-16x16.png"))
            context.close()
    print("wrote samples/html-desktop.png, samples/html-phone.png, samples/html-16x16.png", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
