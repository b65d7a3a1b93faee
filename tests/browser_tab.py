"""A browser tab on an HTML edition, as the browser tests drive it (the system's Chromium, via Playwright).

Every tab fails its test at close if the page logged an error, asked the
browser for a blocking dialog (``alert``/``confirm``), or made a request
that is not the page's own file or a ``blob:`` (the engine's worker).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from sudokuprint.grid import Grid
from sudokuprint.html.browser import DESKTOP
from sudokuprint.solver import solve


class Player:
    """One browser tab on a page, with the moves a player makes."""

    def __init__(self, browser: Any, path: Path, device: dict = DESKTOP, url_tail: str = "", **context: Any) -> None:
        self.context = browser.new_context(**device, **context)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        self.page.on("dialog", self._refuse_dialog)
        self.page.on("request", self._check_request)
        self.url = path.as_uri()
        self.page.goto(self.url + url_tail)

    def _refuse_dialog(self, dialog: Any) -> None:
        self.errors.append(f"a blocking {dialog.type}() dialog: {dialog.message}")
        dialog.dismiss()

    def _check_request(self, request: Any) -> None:
        if not request.url.startswith(("file:", "blob:")):
            self.errors.append(f"a network request: {request.url}")

    def open(self, number: int) -> None:
        self.page.select_option("#pick", str(number))
        assert self.page.inner_text("#about").startswith(f"Puzzle {number} ")

    def reopen_until(self, condition: str, timeout: float = 10_000) -> None:
        """Open the page again in a new tab that holds what this tab's localStorage holds, as a player who comes back
        finds it, and wait until the JavaScript ``condition`` holds there (or fail naming what it held); this tab
        stays as it was.

        The new tab is given this tab's storage (set before the page's scripts run) rather than left to Chromium to
        share: on a loaded machine Chromium lost a tab's later writes for every other tab, while the tab itself held
        them (a theme a click had just chosen, once in CI; a solve and a change of puzzle in about 1 run of 30 under
        load), whether the other tab was a reload, a tab the test opened, one the page opened, or one opened after
        closing the first.  What the page writes is read here from the tab that wrote it.
        """
        kept = self.page.evaluate("JSON.stringify(Object.assign({}, localStorage))")
        other = self.context.new_page()
        try:
            other.add_init_script(script=f"for (const [k, v] of Object.entries(JSON.parse({json.dumps(kept)}))) "
                                         "localStorage.setItem(k, v);")
            other.goto(self.url)
            try:
                other.wait_for_function(condition, timeout=timeout)
            except PlaywrightTimeout:  # say what the new tab held
                stored = other.evaluate("JSON.stringify(Object.assign({}, localStorage))")
                raise AssertionError(f"a new tab never held {condition}; its storage held {stored}") from None
        finally:
            other.close()

    def cell(self, index: int) -> Any:
        return self.page.locator(f'.cell[data-cell="{index}"]')

    def type_at(self, index: int, symbol: str) -> None:
        self.cell(index).click()
        self.page.keyboard.press(symbol)

    def text(self, selector: str) -> str:
        return self.page.inner_text(selector).strip()

    def api(self, expression: str) -> Any:
        """Evaluate ``window.sudokuprint.<expression>`` (a Promise is awaited)."""
        return self.page.evaluate(f"window.sudokuprint.{expression}")

    def close(self) -> None:
        self.context.close()
        assert self.errors == []


def luminance(css: str) -> float:
    """The relative luminance (WCAG 2) of a CSS ``rgb(...)``/``rgba(...)`` colour."""
    parts = [float(x) for x in css[css.index("(") + 1:css.index(")")].split(",")[:3]]
    linear = [c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in parts]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(ink: str, paper: str) -> float:
    """The WCAG contrast ratio of two CSS colours."""
    high, low = sorted((luminance(ink), luminance(paper)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def allowed_wrong_digit(line: str) -> tuple[int, int]:
    """An empty cell and a digit the rules allow there that is not the solution's (the core says)."""
    grid = Grid.from_string(line)
    solution = solve(grid).values
    candidates = grid.computed_candidates()
    return next((c, d) for c in grid.empty_cells for d in grid.shape.digits
                if candidates[c] >> (d - 1) & 1 and d != solution[c])
