"""The page's own engine (shape.js, solver.js, logic.js, generator.js) against the Python core.

Run in the system's Chromium: the solve path of the page equals the logic engine's solve with the
techniques of levels 1-3, step for step; its levels are ``grade()``'s; the games it makes have one
solution (the core's solver says) at the level asked (``grade()`` on 9x9, the logic engine's
level-1-3 solve on other sizes). ``benchmarks/html_games.py`` makes 200 games a size and prints
the figures; this is a smaller sample of the same checks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest
from click.testing import CliRunner

from browser_tab import Player
from conftest import REPO, SAMPLES
from sudokuprint.cli import main
from sudokuprint.grid import Grid
from sudokuprint.logic import grade
from sudokuprint.logic.engine import solution_of, solve_state
from sudokuprint.logic.grading import LEVEL_3_TECHNIQUES, basic_level
from sudokuprint.logic.state import State
from sudokuprint.solver import count_solutions

GOLDEN = REPO / "tests" / "data" / "golden-solver.txt"


@pytest.fixture(scope="module")
def tab(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Player]:
    out = tmp_path_factory.mktemp("engine") / "play.html"
    assert CliRunner().invoke(main, ["html", "--endless", "-o", str(out)]).exit_code == 0
    player = Player(browser, out)
    player.page.wait_for_function("window.sudokuprint && window.sudokuprint.current()")
    yield player
    player.close()


def page_path(tab: Player, line: str) -> dict:
    """The page engine's solve of a puzzle: its steps as text, solved or not, and its level."""
    return tab.page.evaluate(
        """(line) => { const e = window.sudokuprint.engine, p = e.parsePuzzle(line);
                       const path = e.solvePath(p.shape, p.values);
                       return {steps: path.steps.map((s) => e.stepText(p.shape, s)), solved: path.solved,
                               level: e.levelOf(p.shape, p.values)}; }""", line)


def restricted_steps(line: str) -> tuple[list[str], bool]:
    """The logic engine's solve with the techniques of levels 1-3 only."""
    grid = Grid.from_string(line)
    log = solve_state(grid, State.from_grid(grid), solution_of(grid), techniques=LEVEL_3_TECHNIQUES, use_trial=False)
    return [step.text(grid.shape) for step in log.steps], log.solved


def golden_lines(cells: int) -> list[str]:
    """The one-solution puzzles of a size in the recorded solver fixture."""
    lines = [line.split(":") for line in GOLDEN.read_text().split()]
    return [puzzle for puzzle, count, _ in lines if len(puzzle) == cells and count == "1"]


def test_the_page_solves_as_the_logic_engine_step_for_step(tab: Player) -> None:
    easy = (SAMPLES / "easy50.txt").read_text().split()
    hard = (SAMPLES / "top95.txt").read_text().split()[:15]
    big = [line for line in (SAMPLES / "mixed-sizes.txt").read_text().split()]
    lines = easy + hard + big + golden_lines(36) + golden_lines(144) + golden_lines(256)
    stalled = 0
    for line in lines:
        found = page_path(tab, line)
        steps, solved = restricted_steps(line)
        assert found["steps"] == steps, line
        assert found["solved"] == solved
        stalled += not solved
    assert 0 < stalled < len(lines)  # some puzzles need more than the page's techniques, most do not


def test_the_page_levels_are_the_graders(tab: Player) -> None:
    lines = (SAMPLES / "easy50.txt").read_text().split() + (SAMPLES / "top95.txt").read_text().split()[:20]
    levels = [page_path(tab, line)["level"] for line in lines]
    assert levels == [grade(Grid.from_string(line)).level for line in lines]
    assert set(levels) == {1, 2, 3, 4}


SAMPLE = {4: (1,), 6: (1, 2, 3, 4), 9: (1, 2, 3, 4), 12: (1, 2, 3, 4), 16: (1, 2, 3, 4)}
"""Every level at every size (a 4x4 is never harder than Easy)."""


@pytest.mark.parametrize("size", sorted(SAMPLE))
def test_new_games_have_one_solution_at_the_level_asked(tab: Player, size: int) -> None:
    for level in SAMPLE[size]:
        for seed in (1, 2):
            made = tab.api(f"newGame({{size: {size}, level: {level}, seed: {seed}}})")
            assert made["size"] == size and made["level"] == level
            grid = Grid.from_string(made["puzzle"])
            assert grid.side == size
            assert count_solutions(grid, limit=2) == 1, made["puzzle"]
            if size == 9:
                assert grade(grid).level == level, made["puzzle"]
            else:
                assert basic_level(grid, solution_of(grid)) == level, made["puzzle"]
            assert tab.text("#level") == {1: "Easy", 2: "Medium", 3: "Hard", 4: "Expert"}[level]


def test_the_same_seed_makes_the_same_game_in_another_tab(browser: Any, tab: Player) -> None:
    wanted = [tab.api(f"newGame({{size: {size}, level: 3, seed: 'same'}})")["puzzle"] for size in (6, 9, 16)]
    other = Player(browser, Path(tab.url[len("file://"):]))
    other.page.wait_for_function("window.sudokuprint && window.sudokuprint.current()")
    assert [other.api(f"newGame({{size: {size}, level: 3, seed: 'same'}})")["puzzle"] for size in (6, 9, 16)] == wanted
    other.close()
    assert len(set(wanted)) == 3


def test_sizes_and_levels_that_do_not_exist_are_refused(tab: Player) -> None:
    for call, message in (("newGame({size: 4, level: 3})", "a 4x4 is never harder than Easy"),
                          ("newGame({size: 8, level: 1})", "a size is one of 4, 6, 9, 12, 16, not 8"),
                          ("newGame({size: 9, level: 'brutal'})", 'a level is 1-4 or Easy, Medium, Hard, Expert, not "brutal"')):
        assert tab.page.evaluate(f"window.sudokuprint.{call}.then(() => 'made', (error) => error.message)") == message
    tab.page.select_option("#new-size", "4")
    disabled = tab.page.evaluate("[...document.getElementById('new-level').options].map((o) => o.disabled)")
    assert disabled == [False, True, True, True]
    assert tab.page.input_value("#new-level") == "1"
    tab.page.select_option("#new-size", "9")
    assert tab.page.evaluate("[...document.getElementById('new-level').options].every((o) => !o.disabled)")
