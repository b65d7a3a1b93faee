"""The HTML edition at work in a real headless browser (the system's Chromium, driven by Playwright).

Puzzles are solved by typing, as a player would; the page is only ever
touched through its keys, buttons and cells.
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from browser_tab import Player, allowed_wrong_digit, contrast
from conftest import SAMPLES
from sudokuprint.cli import main
from sudokuprint.grid import Grid
from sudokuprint.html.browser import DESKTOP, PHONE
from sudokuprint.logic import solve as logic_solve
from sudokuprint.solver import solve as core_solve

pytestmark = pytest.mark.xdist_group("browser")  # one worker makes the module's shared setup once

MIXED = [line for line in (SAMPLES / "mixed-sizes.txt").read_text().split()]
"""Puzzle 1 is 4x4, puzzle 2 is 9x9, puzzle 3 is 16x16."""


def _solution(line: str) -> str:
    return core_solve(Grid.from_string(line)).to_string()


@pytest.mark.parametrize("number", [1, 3])
def test_solve_a_4x4_and_a_16x16_by_typing_into_clicked_cells(player: Player, number: int) -> None:
    player.open(number)
    line, solution = MIXED[number - 1], _solution(MIXED[number - 1])
    empty = [i for i, ch in enumerate(line) if ch == "."]
    assert player.text("#lefts") == str(len(empty))
    errors = "window.shownErrors"  # every text the error line shows, as it shows it (one round trip at the end)
    player.page.evaluate(f"""{errors} = []; new MutationObserver(() => {{
        const text = document.getElementById("error").textContent; if (text) {errors}.push(text);
    }}).observe(document.getElementById("error"), {{childList: true, characterData: true, subtree: true}})""")
    # the mouse clicks each cell's middle (the board stays put while it fills: no scroll, nothing moves it)
    middles = dict(player.page.evaluate("""[...document.querySelectorAll('.cell')].map((c) => {
        const r = c.getBoundingClientRect(); return [+c.dataset.cell, [r.x + r.width / 2, r.y + r.height / 2]]; })"""))
    for count, index in enumerate(empty, 1):
        symbol = solution[index].lower() if count % 2 else solution[index]  # 16x16 letters either case
        player.page.mouse.click(*middles[index])
        player.page.keyboard.press(symbol)
    assert player.page.evaluate(errors) == [] and player.text("#error") == ""
    assert player.text("#lefts") == "0"
    assert player.text("#message").startswith("Solved in ")
    for button in player.page.locator("#pad button").all():
        assert button.inner_text().endswith("done")


def test_solve_a_9x9_by_keyboard_alone(player: Player) -> None:
    player.open(2)
    line, solution = MIXED[1], _solution(MIXED[1])
    page = player.page
    page.keyboard.press("Tab")  # from the page's start, Tab reaches the controls and the board's one tab stop
    page.focus('.cell[tabindex="0"]')
    # walk to r1c1 with arrows, then row by row
    start = int(page.get_attribute('.cell[tabindex="0"]', "data-cell"))
    for _ in range(start % 9):
        page.keyboard.press("ArrowLeft")
    for _ in range(start // 9):
        page.keyboard.press("ArrowUp")
    for row in range(9):
        for column in range(9):
            index = row * 9 + column
            assert page.evaluate("document.activeElement.dataset.cell") == str(index)
            if line[index] == ".":
                page.keyboard.press(solution[index])
            page.keyboard.press("ArrowRight")  # wraps to column 1 of the same row
        page.keyboard.press("ArrowDown")
    assert player.text("#lefts") == "0"
    assert player.text("#message").startswith("Solved in ")
    timer = player.text("#timer")
    page.wait_for_timeout(1200)
    assert player.text("#timer") == timer  # the clock stops on a solved puzzle


def test_a_wrong_digit_shows_the_conflict_at_once(player: Player) -> None:
    player.open(2)
    # puzzle 2 is 2...8.3.. in row 1: a 2 in r1c2 repeats the given 2 of r1c1
    player.type_at(1, "2")
    assert player.text("#error") == "Not allowed: row 1 holds 2 twice (r1c1 and r1c2)."
    for index in (0, 1):
        assert "conflict" in player.cell(index).get_attribute("class")
        assert player.cell(index).get_attribute("aria-label").endswith(", conflict")
    assert player.cell(0).get_attribute("aria-label") == "row 1, column 1, given 2, conflict"
    player.page.keyboard.press("Backspace")
    assert player.text("#error") == ""
    assert "conflict" not in player.cell(0).get_attribute("class")


def test_check_finds_a_wrong_digit_that_breaks_no_rule(player: Player) -> None:
    player.open(2)
    grid = Grid.from_string(MIXED[1])
    index, digit = allowed_wrong_digit(MIXED[1])  # a digit the rules allow in an empty cell, but not the solution's
    player.type_at(index, str(digit))
    assert player.text("#error") == ""
    player.page.click("#check")
    assert player.text("#message") == f"1 digit is wrong (struck through): {grid.shape.cell_name(index)}."
    assert "wrong" in player.cell(index).get_attribute("class")
    player.page.click("#hint")
    assert player.text("#hint-text").startswith(f"First fix this: {grid.shape.cell_name(index)} holds a digit")
    assert player.page.locator("#hint-apply").is_hidden()


def test_a_hint_is_the_logic_engines_next_step_and_can_be_undone(player: Player) -> None:
    player.open(2)
    grid = Grid.from_string(MIXED[1])
    steps = logic_solve(grid).steps
    player.page.click("#hint")
    player.page.wait_for_function("!document.getElementById('hint-box').hidden && "
                                  "document.getElementById('hint-text').textContent.length > 0")
    assert player.text("#hint-text") == steps[0].text(grid.shape)
    (cell, digit), = steps[0].placements
    player.page.click("#hint-apply")
    assert player.cell(cell).inner_text() == str(digit)
    assert "player" in player.cell(cell).get_attribute("class")
    player.page.click("#undo")
    assert player.cell(cell).inner_text() == ""
    player.page.click("#redo")
    assert player.cell(cell).inner_text() == str(digit)
    player.page.keyboard.press("Control+z")
    assert player.cell(cell).inner_text() == ""
    # with the first step's digit typed by hand, the hint moves on to the second step
    player.type_at(cell, str(digit))
    player.page.click("#hint")
    player.page.wait_for_function(f"document.getElementById('hint-text').textContent.startsWith({steps[1].technique!r})")
    assert player.text("#hint-text") == steps[1].text(grid.shape)


def test_pencil_marks_and_progress_are_there_when_the_page_is_opened_again(player: Player) -> None:
    player.open(2)
    line = MIXED[1]
    empty = [i for i, ch in enumerate(line) if ch == "."]
    player.type_at(empty[0], "1")
    player.cell(empty[1]).click()
    player.page.click("#pencil")
    assert player.page.get_attribute("#pencil", "aria-pressed") == "true"
    player.page.locator('#pad button[data-digit="4"]').click()
    player.page.locator('#pad button[data-digit="7"]').click()
    player.page.click("#pencil")
    player.cell(empty[2]).click()
    player.page.keyboard.press("Shift+Digit5")  # Shift+digit writes a mark without the pencil button
    assert player.cell(empty[1]).get_attribute("aria-label").endswith("empty, pencil marks 4 7")
    lefts = player.text("#lefts")
    cell = "document.querySelector('.cell[data-cell=\"{}\"]')".format
    player.reopen_until(" && ".join([  # the page reopens where the player was, as they left it
        "document.getElementById('about').textContent.startsWith('Puzzle 2 ')",
        f"{cell(empty[0])}.innerText === '1'",
        f"{cell(empty[1])}.getAttribute('aria-label').endsWith('empty, pencil marks 4 7')",
        f"{cell(empty[2])}.getAttribute('aria-label').endsWith('empty, pencil marks 5')",
        f"document.getElementById('lefts').innerText.trim() === {lefts!r}",
    ]))
    player.open(1)
    assert player.cell(0).inner_text() == ""
    player.page.click("#next")
    assert player.cell(empty[0]).inner_text() == "1"


def test_the_board_is_labelled_for_screen_readers(player: Player) -> None:
    player.open(2)
    page = player.page
    assert page.get_attribute("#board", "role") == "grid"
    assert page.get_attribute("#board", "aria-label") == "Puzzle 2, 9 by 9"
    assert page.locator('#board [role="row"]').count() == 9
    assert page.locator('#board [role="gridcell"]').count() == 81
    assert player.cell(4).get_attribute("aria-label") == "row 1, column 5, given 8"
    assert player.cell(1).get_attribute("aria-label") == "row 1, column 2, empty"
    assert page.locator('#board [tabindex="0"]').count() == 1


def test_every_digit_passes_wcag_aa_contrast(player: Player) -> None:
    player.open(2)
    grid = Grid.from_string(MIXED[1])
    player.type_at(grid.empty_cells[0], "2")  # a conflict in row 1 (see above), selected
    player.type_at(grid.empty_cells[5], "9")  # a player digit, not selected
    player.cell(0).click()  # a given, selected; its peers and same digits highlighted
    colours = player.page.evaluate(
        """[...document.querySelectorAll('.cell')].filter(c => c.textContent)
             .map(c => [c.className, getComputedStyle(c).color, getComputedStyle(c).backgroundColor])""")
    kinds = set()
    for classes, ink, paper in colours:
        ratio = contrast(ink, paper)
        assert ratio >= 4.5, (classes, ink, paper, ratio)
        kinds.update(k for k in ("given", "player", "conflict", "sel", "same", "peer") if k in classes.split())
    assert kinds == {"given", "player", "conflict", "sel", "same", "peer"}


def test_print_shows_only_the_grid_or_the_whole_collection(player: Player) -> None:
    page = player.page
    page.evaluate("window.print = () => {}")
    page.emulate_media(media="print")
    assert page.locator("#board").is_visible()
    assert page.locator(".panel").is_hidden() and page.locator("#pad").is_hidden()
    page.emulate_media(media="screen")
    page.click("#print-all")
    page.emulate_media(media="print")
    assert page.locator("#app").is_hidden()
    assert page.locator("#print-sheet figure").count() == len(MIXED)
    assert page.locator("#print-sheet figure").nth(2).locator("td").count() == 256


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


def test_desktop_and_phone_screenshots(browser: Any, mixed_page: Path, tmp_path: Path) -> None:
    for device, name, width in ((DESKTOP, "desktop", 1200), (PHONE, "phone", 390 * 2)):
        tab = Player(browser, mixed_page, device)
        tab.open(3)
        viewport = device["viewport"]
        # the 16x16 fits the screen: whole on a desktop, a box at a time in the lens on a phone
        shown = tab.page.locator("#board" if device is DESKTOP else "#lens").bounding_box()
        assert shown["x"] >= 0 and shown["x"] + shown["width"] <= viewport["width"]
        tab.cell(17).tap() if device is PHONE else tab.cell(17).click()
        assert "sel" in tab.cell(17).get_attribute("class")
        shot = tmp_path / f"{name}.png"
        tab.page.screenshot(path=str(shot))
        assert _png_size(shot)[0] == width and shot.stat().st_size > 20_000
        tab.close()


def test_a_hint_that_only_eliminates_is_shown_once_then_the_next_step(browser: Any, tmp_path: Path) -> None:
    line = (SAMPLES / "top95.txt").read_text().split()[0]
    grid = Grid.from_string(line)
    steps = logic_solve(grid).steps
    first = next(i for i, step in enumerate(steps) if not step.placements)
    source = tmp_path / "hard.txt"
    source.write_text(line + "\n")
    out = tmp_path / "hard.html"
    assert CliRunner().invoke(main, ["html", str(source), "-o", str(out)]).exit_code == 0
    tab = Player(browser, out)
    for step in steps[:first]:  # the player finds every digit before the first elimination
        (cell, digit), = step.placements
        tab.type_at(cell, str(digit))
    for expected in (steps[first], steps[first + 1]):
        tab.page.click("#hint")
        tab.page.wait_for_function(f"document.getElementById('hint-text').textContent.startsWith({expected.technique!r})")
        assert tab.text("#hint-text") == expected.text(grid.shape)
        tab.page.click("#hint-apply")
    tab.close()
