"""The browser edition as a game (issue 30): new games, the API, links, the comforts, dark mode,
the phone's zoomed view, and the defects fixed — in the system's Chromium, through the page's
keys, buttons and cells, with every expected digit from the Python core."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from browser_tab import Player, allowed_wrong_digit, contrast
from conftest import SAMPLES
from sudokuprint.cli import main
from sudokuprint.grid import Grid
from sudokuprint.html.browser import PHONE
from sudokuprint.logic import grade
from sudokuprint.logic import solve as logic_solve
from sudokuprint.solver import count_solutions
from sudokuprint.solver import solve as core_solve

MIXED = (SAMPLES / "mixed-sizes.txt").read_text().split()
"""Puzzle 1 is 4x4, puzzle 2 is 9x9, puzzle 3 is 16x16."""
LAPTOP = {"viewport": {"width": 1366, "height": 768}}


@pytest.fixture(scope="module")
def endless_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("game") / "play.html"
    result = CliRunner().invoke(main, ["html", "--endless", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "new games only" in result.stderr
    return out


def solution_of(line: str) -> str:
    return core_solve(Grid.from_string(line)).to_string()


def solve_by_typing(tab: Player, line: str, n: int) -> None:
    solution = solution_of(line)
    for index, ch in enumerate(line):
        if ch == ".":
            tab.type_at(index, solution[index])


# ---- new games and the API ----

def test_the_endless_page_starts_with_a_new_game_and_makes_more(browser: Any, endless_page: Path) -> None:
    tab = Player(browser, endless_page)
    tab.page.wait_for_function("window.sudokuprint.current() !== null")
    first = tab.api("current()")
    assert len(tab.page.workers) == 1  # made off the page's thread: the board never froze
    assert first["size"] == 9 and first["level"] == 2 and first["values"] == first["givens"]
    assert count_solutions(Grid.from_string(first["puzzle"]), limit=2) == 1
    assert tab.page.locator("#print-all").is_hidden()  # no collection to print
    tab.page.select_option("#new-size", "6")
    tab.page.select_option("#new-level", "3")
    tab.page.click("#new-game")
    tab.page.wait_for_function("window.sudokuprint.current().size === 6")
    assert tab.text("#about") == "New game \u00b7 6\u00d76" and tab.text("#level") == "Hard"
    made = tab.api("current()")
    grid = Grid.from_string(made["puzzle"])
    assert grid.shape.box_width == 3 and grid.shape.box_height == 2 and count_solutions(grid, limit=2) == 1
    options = tab.page.evaluate("[...document.querySelectorAll('#pick option')].map((o) => o.textContent)")
    assert options == ["New 9\u00d79 Medium", "New 6\u00d76 Hard"]
    listed = json.dumps(options, ensure_ascii=False, separators=(",", ":"))  # as JSON.stringify writes it
    tab.reopen_until(  # new games are kept, and the page reopens the last one
        f"(window.sudokuprint.current() || {{}}).puzzle === {made['puzzle']!r} && JSON.stringify("
        f"[...document.querySelectorAll('#pick option')].map((o) => o.textContent)) === {listed!r}")
    tab.page.click("#prev")
    assert tab.api("current()")["puzzle"] == first["puzzle"]
    tab.close()


def test_every_collection_has_new_game_beside_it(player: Player) -> None:
    assert player.page.locator("#new-game").is_visible() and player.page.locator("#daily").is_visible()
    assert player.page.workers == []  # the engine's worker starts with the first new game
    made = player.api("newGame({size: 16, level: 1, seed: 3})")
    assert player.text("#about") == "New game \u00b7 16\u00d716"
    assert isinstance(made["givens"], list) and len(made["givens"]) == 16  # rows above 9x9
    assert "".join(made["givens"]) == made["puzzle"] and all(len(row) == 16 for row in made["givens"])
    options = player.page.evaluate("[...document.querySelectorAll('#pick option')].map((o) => o.textContent)")
    assert options == ["1", "2", "3", "New 16\u00d716 Easy"]
    player.open(2)  # the collection is still there
    assert player.api("current()")["puzzle"] == MIXED[1]


def test_current_gives_givens_and_values(player: Player) -> None:
    player.open(2)
    line, solution = MIXED[1], solution_of(MIXED[1])
    first = line.index(".")
    player.type_at(first, solution[first])
    state = player.api("current()")
    assert state["givens"] == line
    assert state["values"] == line[:first] + solution[first] + line[first + 1:]
    assert (state["size"], state["level"], state["levelName"], state["box"]) == (9, grade(Grid.from_string(line)).level, "Medium", [3, 3])


def test_load_opens_a_puzzle_string_and_explains_a_bad_one(player: Player) -> None:
    line = (SAMPLES / "top95.txt").read_text().split()[0]
    grid_form = "\n".join(line[r * 9:r * 9 + 9].replace(".", "0") for r in range(9))  # nine lines, 0 for empty
    state = player.page.evaluate("(text) => window.sudokuprint.load(text)", grid_form)
    assert state["puzzle"] == line and state["level"] == grade(Grid.from_string(line)).level
    assert player.text("#about") == "Shared puzzle \u00b7 9\u00d79"
    assert player.page.evaluate("location.hash") == "#p=" + line
    assert player.page.evaluate("(t) => window.sudokuprint.load(t).puzzle", MIXED[2]) == MIXED[2]
    assert player.text("#about").startswith("Puzzle 3 ")  # a puzzle of the collection opens as itself
    failures = {
        line[:80]: "a puzzle has 16, 36, 81, 144 or 256 cells (4x4, 6x6, 9x9, 12x12, 16x16); this one has 80",
        line[:4] + "x" + line[5:]: "line 1, column 5 (r1c5): 'x' is not a digit of a 9x9 grid (1-9, or '.' for an empty cell)",
        "55" + "." * 79: "not a valid puzzle: digit 5 appears twice in row 1 (r1c1, r1c2)",
        "." * 81: "this puzzle has more than one solution",
    }
    for text, message in failures.items():
        found = player.page.evaluate("(t) => { try { window.sudokuprint.load(t); return 'opened'; } catch (e) { return e.message; } }", text)
        assert found == message


def test_a_link_opens_its_puzzle_in_any_edition(browser: Any, endless_page: Path) -> None:
    puzzle = MIXED[2]  # the 16x16
    tab = Player(browser, endless_page, url_tail="#p=" + puzzle)
    tab.page.wait_for_function("window.sudokuprint.current() !== null")
    assert tab.api("current()")["puzzle"] == puzzle and tab.text("#about") == "Shared puzzle \u00b7 16\u00d716"
    tab.close()
    tab = Player(browser, endless_page, url_tail="#p=" + puzzle[:-1])
    tab.page.wait_for_function("window.sudokuprint.current() !== null")
    assert tab.text("#message").startswith("The link's puzzle cannot be opened: a puzzle has 16, 36, 81, 144 or 256 cells")
    tab.close()


def test_the_daily_puzzle_is_the_same_for_everyone_on_a_date(browser: Any, mixed_page: Path, endless_page: Path) -> None:
    days = []
    for page in (mixed_page, endless_page):
        tab = Player(browser, page)
        tab.page.wait_for_function("window.sudokuprint.current() !== null")
        days.append([tab.api(f"daily({{date: '{date}'}})") for date in ("2025-03-08", "2025-03-10")])
        tab.close()
    assert days[0] == days[1]
    saturday, monday = days[0]
    assert saturday["puzzle"] != monday["puzzle"]
    for made, level in ((saturday, 4), (monday, 1)):  # Expert at the weekend, Easy on Mondays
        grid = Grid.from_string(made["puzzle"])
        assert count_solutions(grid, limit=2) == 1 and grade(grid).level == level == made["level"]
    tab = Player(browser, endless_page)
    tab.page.clock.set_fixed_time("2025-03-10T09:30:00")
    tab.page.reload()
    tab.page.wait_for_function("window.sudokuprint.current() !== null")
    tab.page.click("#daily")
    tab.page.wait_for_function("window.sudokuprint.current().puzzle === " + repr(monday["puzzle"]))
    assert tab.text("#about") == "Daily puzzle 2025-03-10 \u00b7 9\u00d79"
    tab.close()


# ---- hints found by the page ----

def test_a_new_games_hints_are_the_logic_engines_steps(player: Player) -> None:
    made = player.api("newGame({size: 9, level: 3, seed: 11})")
    grid = Grid.from_string(made["puzzle"])
    steps = logic_solve(grid).steps
    player.page.click("#hint")
    assert player.text("#hint-text") == steps[0].text(grid.shape)
    player.page.click("#hint-apply")
    (cell, digit), = steps[0].placements
    assert player.cell(cell).inner_text() == str(digit)


def test_a_16x16_of_the_collection_gets_its_hints_from_the_page(player: Player) -> None:
    player.open(3)
    grid = Grid.from_string(MIXED[2])
    first = logic_solve(grid).steps[0]
    player.page.click("#hint")
    assert player.text("#hint-text") == first.text(grid.shape)


def test_where_the_pages_techniques_stop_the_hint_takes_a_digit_from_the_solution(player: Player) -> None:
    made = player.api("newGame({size: 9, level: 4, seed: 5})")
    solution = solution_of(made["puzzle"])
    for _ in range(81):
        player.page.click("#hint")
        if player.text("#hint-text").startswith("From the solution: "):
            break
        player.page.click("#hint-apply")
    text = player.text("#hint-text")
    assert text.startswith("From the solution: ")
    place = text.split(": ")[1].split(" ")[0]  # r3c4=7
    row, column = int(place[1:place.index("c")]), int(place[place.index("c") + 1:place.index("=")])
    assert place.endswith("=" + solution[(row - 1) * 9 + column - 1])


# ---- the comforts ----

def test_a_placed_digit_leaves_the_marks_of_its_row_column_and_box(player: Player) -> None:
    player.open(2)
    line, solution = MIXED[1], solution_of(MIXED[1])
    # r1c2 (cell 1) is empty; r1c3, r2c1 (cell 9, same box) and r5c2 (cell 37, same column) too
    digit = solution[1]
    for peer in (2, 9, 37, 40):  # 40 = r5c5 shares nothing with r1c2
        player.cell(peer).click()
        player.page.keyboard.press(f"Shift+Digit{digit}")
    player.type_at(1, digit)
    for peer, kept in ((2, False), (9, False), (37, False), (40, True)):
        assert player.cell(peer).get_attribute("aria-label").endswith(f"pencil marks {digit}") == kept
    player.page.keyboard.press("Control+z")  # one move: undone together
    assert all(player.cell(peer).get_attribute("aria-label").endswith(f"pencil marks {digit}") for peer in (2, 9, 37))
    player.page.click(".options summary")
    player.page.click("#opt-auto-remove")
    player.type_at(1, digit)
    assert player.cell(2).get_attribute("aria-label").endswith(f"pencil marks {digit}")
    player.reopen_until("!document.getElementById('opt-auto-remove').checked")  # the choice is kept
    assert line[1] == "."


def test_fill_candidates_writes_every_cells_candidates(player: Player) -> None:
    player.open(2)
    grid = Grid.from_string(MIXED[1])
    candidates = grid.computed_candidates()
    player.page.click("#fill")
    for cell in grid.empty_cells:
        digits = " ".join(str(d) for d in grid.shape.digits if candidates[cell] >> (d - 1) & 1)
        assert player.cell(cell).get_attribute("aria-label").endswith("pencil marks " + digits)
    player.page.click("#undo")
    assert player.cell(grid.empty_cells[0]).get_attribute("aria-label").endswith("empty")


def test_instant_mistakes_show_and_count(player: Player) -> None:
    player.open(2)
    solution = solution_of(MIXED[1])
    assert player.page.locator("#mistakes-fact").is_hidden()  # off by default
    player.page.click(".options summary")
    player.page.click("#opt-instant")
    assert player.text("#mistakes") == "0"
    cell, wrong = allowed_wrong_digit(MIXED[1])
    player.type_at(cell, str(wrong))
    assert "wrong" in player.cell(cell).get_attribute("class") and player.text("#mistakes") == "1"
    player.type_at(cell, solution[cell])
    assert "wrong" not in player.cell(cell).get_attribute("class") and player.text("#mistakes") == "1"


def test_reveal_asks_in_the_page_then_shows_the_solution(player: Player) -> None:
    player.open(1)
    line, solution = MIXED[0], solution_of(MIXED[0])
    player.page.click("#reveal")
    assert player.page.locator("#confirm").is_visible() and player.text("#confirm-yes") == "Reveal"
    player.page.click("#confirm-no")
    assert player.page.locator("#confirm").is_hidden() and player.cell(line.index(".")).inner_text() == ""
    player.page.click("#reveal")
    player.page.click("#confirm-yes")
    assert [player.cell(c).inner_text() for c in range(16)] == list(solution)
    assert player.text("#message").startswith("The solution is shown.")
    assert player.page.evaluate("document.querySelector('#pick option').textContent") == "1"  # not ticked as solved
    player.page.click("#stats-open")
    assert player.page.locator("#stats-body tr").count() == 1  # a revealed puzzle counts nothing but its broken streak
    assert player.page.evaluate("[...document.querySelectorAll('#stats-body td')].map((c) => c.textContent)") == [
        "0", "\u2014", "\u2014", "0", "0"]


def test_solved_puzzles_are_marked_and_counted_in_the_statistics(player: Player) -> None:
    player.open(1)
    solve_by_typing(player, MIXED[0], 4)
    assert player.text("#message").startswith("Solved in ")
    options = player.page.evaluate("[...document.querySelectorAll('#pick option')].map((o) => o.textContent)")
    assert options == ["1 \u2713", "2", "3"]
    player.reopen_until("'4:1' in JSON.parse(localStorage.getItem('sudokuprint:stats') || '{}')")
    player.page.click("#stats-open")
    row = player.page.evaluate("[...document.querySelectorAll('#stats-body tr')].map((r) => [...r.children].map((c) => c.textContent))")
    assert len(row) == 1 and row[0][:2] == ["4\u00d74 Easy", "1"] and row[0][4:] == ["1", "1"]
    assert row[0][2] == row[0][3]  # one solve: best and average are its time
    player.page.click("#stats-close")
    assert player.page.evaluate("[...document.querySelectorAll('#pick option')].map((o) => o.textContent)")[0] == "1 \u2713"


# ---- dark mode ----

def text_contrasts(tab: Player) -> list[tuple[str, float]]:
    """For every visible element that draws text, its WCAG contrast with what is behind it."""
    return tab.page.evaluate("""() => {
        const found = [];
        const behind = (el) => { for (; el; el = el.parentElement) { const bg = getComputedStyle(el).backgroundColor;
                                   if (bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') return bg; } return 'rgb(255, 255, 255)'; };
        for (const el of document.querySelectorAll('body *')) {
            const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
            const rect = el.getBoundingClientRect();
            if (!own || !rect.width || getComputedStyle(el).visibility === 'hidden' || el.closest('[hidden]') || el.closest('dialog:not([open])')) continue;
            found.push([el.id || el.className || el.tagName, getComputedStyle(el).color, behind(el)]);
        }
        return found; }""")


def assert_aa(tab: Player) -> int:
    checked = 0
    for what, ink, paper in text_contrasts(tab):
        assert contrast(ink, paper) >= 4.5, (what, ink, paper)
        checked += 1
    return checked


def busy_board(tab: Player) -> None:
    """Puzzle 2 with a conflict, a player's digit, pencil marks, a hint, a struck-through digit."""
    tab.open(2)
    grid = Grid.from_string(MIXED[1])
    tab.type_at(grid.empty_cells[0], "2")  # repeats r1c1's 2
    tab.type_at(grid.empty_cells[5], "9")
    tab.page.click("#check")
    tab.cell(grid.empty_cells[8]).click()
    tab.page.click("#fill")
    tab.page.click("#hint")
    tab.cell(0).click()


def test_dark_mode_follows_the_system_toggles_and_keeps_wcag_aa(browser: Any, mixed_page: Path) -> None:
    tab = Player(browser, mixed_page, color_scheme="dark")
    background = "getComputedStyle(document.body).backgroundColor"
    assert tab.page.get_attribute("#theme", "aria-pressed") == "true"
    dark = tab.page.evaluate(background)
    assert contrast(dark, "rgb(0, 0, 0)") < 1.5  # a dark page
    busy_board(tab)
    assert assert_aa(tab) > 150  # cells, marks, pad, buttons, facts, messages, the hint
    tab.page.click("#stats-open")
    assert_aa(tab)
    tab.page.click("#stats-close")
    tab.page.click("#theme")  # the toggle: light, and kept
    assert tab.page.get_attribute("#theme", "aria-pressed") == "false"
    assert contrast(tab.page.evaluate(background), "rgb(255, 255, 255)") < 1.5
    assert_aa(tab)
    written = tab.page.evaluate("JSON.parse(localStorage.getItem('sudokuprint:settings')).theme")
    assert written == "light"  # the page keeps the choice at once, and a new tab below opens with it
    tab.reopen_until("document.getElementById('theme').getAttribute('aria-pressed') === 'false'")
    tab.page.emulate_media(color_scheme="light")
    tab.page.click("#theme")  # dark on a light system
    assert tab.page.get_attribute("#theme", "aria-pressed") == "true"
    assert contrast(tab.page.evaluate(background), "rgb(0, 0, 0)") < 1.5
    assert_aa(tab)
    tab.close()


def test_the_light_page_keeps_wcag_aa_everywhere(player: Player) -> None:
    busy_board(player)
    assert assert_aa(player) > 150


# ---- the defects of issue 30 ----

def test_undo_after_solving_plays_on(player: Player) -> None:
    player.open(1)
    line, solution = MIXED[0], solution_of(MIXED[0])
    solve_by_typing(player, line, 4)
    last = max(i for i, ch in enumerate(line) if ch == ".")
    player.page.keyboard.press("Control+z")
    assert player.cell(last).inner_text() == ""
    assert player.text("#message") == ""
    player.type_at(last, solution[last])
    assert player.cell(last).inner_text() == solution[last]
    assert player.text("#message").startswith("Solved in ")
    player.page.click("#stats-open")
    assert player.page.evaluate("document.querySelector('#stats-body td').textContent") == "1"  # counted once


def test_the_error_line_moves_nothing(player: Player) -> None:
    player.open(2)
    before = player.page.locator("#pencil").bounding_box()["y"]
    player.type_at(1, "2")  # repeats r1c1's 2: the error line fills
    assert player.text("#error").startswith("Not allowed")
    assert player.page.locator("#pencil").bounding_box()["y"] == before


def test_a_wrong_digits_message_goes_when_the_digit_does(player: Player) -> None:
    player.open(2)
    cell, wrong = allowed_wrong_digit(MIXED[1])
    player.type_at(cell, str(wrong))
    player.page.click("#check")
    assert player.text("#message").startswith("1 digit is wrong")
    player.page.keyboard.press("Delete")
    assert player.text("#message") == ""


@pytest.mark.parametrize("size", [12, 16])
def test_big_grids_fit_a_laptop_screen(browser: Any, mixed_page: Path, size: int) -> None:
    tab = Player(browser, mixed_page, LAPTOP)
    tab.api(f"newGame({{size: {size}, level: 1, seed: 1}})")
    for selector in ("#board", "#pad"):
        box = tab.page.locator(selector).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 768, (selector, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= 1366, (selector, box)
    tab.close()


def test_a_phone_shows_a_big_grid_one_box_at_a_time(browser: Any, mixed_page: Path) -> None:
    tab = Player(browser, mixed_page, PHONE)
    tab.open(3)
    lens = tab.page.locator("#lens").bounding_box()
    assert lens["x"] >= 0 and lens["x"] + lens["width"] <= 390
    cell = tab.cell(17)  # r2c2, in box 1
    cell.tap()
    box = cell.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    assert lens["x"] <= box["x"] and box["x"] + box["width"] <= lens["x"] + lens["width"]
    # the map: one button per box; a tap moves the lens there
    assert tab.page.locator("#map button").count() == 16
    tab.page.locator('#map button[data-box="5"]').tap()  # box 6: rows 5-8, columns 5-8
    selected = int(tab.page.get_attribute('.cell[aria-selected="true"]', "data-cell"))
    assert (selected // 16) // 4 == 1 and (selected % 16) // 4 == 1
    inside = ("(c) => { const r = document.querySelector(`.cell[data-cell=\"${c}\"]`).getBoundingClientRect(),"
              " l = document.getElementById('lens').getBoundingClientRect();"
              " return r.left >= l.left && r.right <= l.right + 1 && r.top >= l.top && r.bottom <= l.bottom + 1; }")
    tab.page.wait_for_function(inside, arg=selected, timeout=2000)  # the lens glides there
    tab.page.click("#fill")
    mark = tab.page.locator(f'.cell[data-cell="{selected}"] .marks span').first.bounding_box()
    assert mark["height"] >= 18  # pencil marks readable
    # every control a finger touches is at least 44 px
    small = tab.page.evaluate("""[...document.querySelectorAll('button, select, #lens .cell')].filter((el) => {
        const r = el.getBoundingClientRect(), lens = document.getElementById('lens').getBoundingClientRect();
        if (!r.width || el.closest('[hidden]') || el.closest('dialog:not([open])')) return false;
        if (el.classList.contains('cell') && (r.right <= lens.left || r.left >= lens.right || r.bottom <= lens.top || r.top >= lens.bottom)) return false;
        return r.width < 44 || r.height < 44; }).map((el) => el.id || el.dataset.digit || el.dataset.box || el.dataset.cell)""")
    assert small == []
    tab.close()


def test_shift_and_a_letter_writes_a_pencil_mark_on_a_16x16(player: Player) -> None:
    player.open(3)
    empty = MIXED[2].index(".")
    player.cell(empty).click()
    player.page.keyboard.press("Shift+KeyA")
    player.page.keyboard.press("Shift+KeyG")
    assert player.cell(empty).get_attribute("aria-label") == f"row 1, column {empty + 1}, empty, pencil marks A G"
    player.page.keyboard.press("b")
    assert player.cell(empty).inner_text() == "B"


def test_restart_asks_in_the_page_and_the_clock_starts_again(player: Player) -> None:
    player.open(2)
    player.type_at(MIXED[1].index("."), "1")
    player.page.wait_for_timeout(2100)
    assert player.text("#timer") != "0:00"
    player.page.click("#restart")
    assert player.page.locator("#confirm").is_visible()
    player.page.click("#confirm-yes")
    assert player.text("#timer") == "0:00"  # at once, not a second later
    assert player.cell(MIXED[1].index(".")).inner_text() == ""


def test_print_tells_the_players_digits_from_the_givens_and_shows_the_title(player: Player) -> None:
    player.open(2)
    player.type_at(MIXED[1].index("."), "4")
    page = player.page
    page.evaluate("window.print = () => {}")
    page.emulate_media(media="print")
    assert page.locator("#title").is_visible() and player.text("#title") == "Mixed sizes"
    given, mine = (page.evaluate(f"(() => {{ const s = getComputedStyle(document.querySelector('.cell.{kind}'));"
                                 " return [s.color, s.fontWeight, s.fontStyle]; })()") for kind in ("given", "player"))
    assert given[0] == "rgb(0, 0, 0)" and given[1] == "700"
    assert contrast(mine[0], given[0]) > 3 and mine[1] != given[1] and mine[2] == "italic"
    page.emulate_media(media="screen")
    page.click("#print-all")
    page.emulate_media(media="print")
    assert page.locator("#print-sheet h1").inner_text() == "Mixed sizes"
