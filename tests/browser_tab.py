"""A browser tab on an HTML edition, as the browser tests drive it (the system's Chromium, via Playwright).

Every tab fails its test at close if the page logged an error, asked the
browser for a blocking dialog (``alert``/``confirm``), or made a request
that is not the page's own file or a ``blob:`` (the engine's worker).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

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
        self._probe = path.with_name("storage-probe.html")
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

    def reload_until(self, condition: str, tries: int = 10) -> None:
        """Reload the page until the JavaScript ``condition`` holds on it, or fail naming what its storage held.

        A loaded machine's Chromium sometimes gives a reloaded page localStorage as it was before the old page's
        last writes (the ``--disable-features=RenderDocument`` of :data:`sudokuprint.html.browser.CHROMIUM_ARGS`
        made that rarer, not impossible), so each reload waits for :meth:`settle_storage` first.  Only for a page
        that writes nothing of what ``condition`` reads as it loads.
        """
        for _ in range(tries):
            self.settle_storage()
            self.page.reload()
            if self.page.evaluate(condition):
                return
            self.page.wait_for_timeout(200)
        stored = self.page.evaluate("JSON.stringify(Object.assign({}, localStorage))")
        raise AssertionError(f"after {tries} reloads still not {condition}; the page's storage held {stored}")

    def settle_storage(self, seconds: float = 5.0) -> None:
        """Wait until another tab of this browser sees this page's localStorage as the page does.

        The page's writes reach the browser's shared storage a moment after the page sees them; a reload in that
        moment can lose them for good (once in CI: the theme a click had just chosen).  The other tab is a blank
        page beside this one (same ``file:`` origin) that runs no script of its own.
        """
        snapshot = "JSON.stringify(Object.keys(localStorage).sort().map((k) => [k, localStorage.getItem(k)]))"
        if not self._probe.exists():
            self._probe.write_text("<!doctype html><title>storage probe</title>", encoding="utf-8")
        other = self.context.new_page()
        try:
            other.goto(self._probe.as_uri())
            for _ in range(int(seconds / 0.05)):
                if other.evaluate(snapshot) == self.page.evaluate(snapshot):
                    return
                other.wait_for_timeout(50)
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
