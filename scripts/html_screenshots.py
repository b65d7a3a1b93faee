"""Make the HTML edition's screenshots in samples/ (desktop, phone, dark, 16x16), from samples/mixed-sizes.txt.

    .venv/bin/python scripts/html_screenshots.py

Builds the page with `sudokuprint html`, plays a few moves in the system's headless Chromium and
saves samples/html-desktop.png (puzzle 2: digits, pencil marks, a hint, a conflict),
samples/html-phone.png (the 16x16 on a phone, one box at a time with the map of the grid),
samples/html-dark.png (puzzle 2 in dark mode, candidates filled, a hint) and
samples/html-16x16.png (the 16x16 on a desktop).
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


def hint(tab) -> None:
    tab.click("#hint")
    tab.wait_for_function("document.getElementById('hint-text').textContent.length > 0")


def desktop(tab) -> None:
    """Puzzle 2 (2...8.3..): a few right digits, pencil marks, a hint, then a 2 that repeats r3c7's."""
    play(tab, [(1, "4"), (2, "5"), (3, "+4"), (3, "+6"), (3, "+9"), (5, "+1"), (5, "+9")])
    hint(tab)
    play(tab, [(18, "2")])
    tab.click('.cell[data-cell="18"]')


def phone(tab) -> None:
    """The 16x16's first box in the lens: a digit and pencil marks."""
    play(tab, [(0, "d"), (17, "+3"), (17, "+7"), (33, "+3")])
    tab.tap('.cell[data-cell="17"]')


def dark(tab) -> None:
    """Puzzle 2 in dark mode: two digits, every candidate, a hint."""
    play(tab, [(1, "4"), (2, "5")])
    tab.click("#fill")
    hint(tab)
    tab.click('.cell[data-cell="12"]')


def big(tab) -> None:
    """The 16x16 on a desktop: three digits."""
    play(tab, [(0, "d"), (1, "9"), (2, "7")])
    tab.click('.cell[data-cell="37"]')


SHOTS = (
    ("html-desktop.png", DESKTOP, {}, "#2", desktop),
    ("html-phone.png", PHONE, {}, "#3", phone),
    ("html-dark.png", DESKTOP, {"color_scheme": "dark"}, "#2", dark),
    ("html-16x16.png", DESKTOP, {}, "#3", big),
)
"""File, device, more of the browser context, the puzzle, and the moves before the picture."""


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        page = Path(folder) / "mixed.html"
        if run(["html", str(SAMPLES / "mixed-sizes.txt"), "-o", str(page), "--title", "Mixed sizes", "-q"]):
            return 1
        with chromium() as browser:
            for name, device, more, puzzle, moves in SHOTS:
                context = browser.new_context(**device, **more)
                tab = context.new_page()
                tab.goto(page.as_uri() + puzzle)
                moves(tab)
                tab.screenshot(path=str(SAMPLES / name), full_page=device is PHONE)
                context.close()
    print("wrote " + ", ".join(f"samples/{name}" for name, *_ in SHOTS), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
