"""The solver against the real puzzle lists, every shape, and edge cases."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import sudokuprint
from conftest import puzzle_lines
from sudokuprint import Grid, Shape, count_solutions, is_unique, parse, search, solve
from sudokuprint.errors import InvalidGridError, MissingDependencyError, MultipleSolutionsError, NoSolutionError
from sudokuprint.solver import get_backend

# Large lists are sampled evenly; the small ones are read whole.
UNIQUE_LISTS = [
    ("sudoku17_royle_49151.txt", 100),
    ("top95.txt", 1),
    ("hardest_norvig11.txt", 1),
    ("easy50_pe96.txt", 1),
    ("top1465_magictour.txt", 10),
    ("forum_hardest_1106.txt", 5),
    ("forum_hardest_1905_se11plus.txt", 1000),
    ("sudoku_exchange_diabolical_se.txt", 400),
]


def assert_is_solution_of(solution: Grid, puzzle: Grid) -> None:
    assert solution.is_complete() and solution.is_valid()
    for cell, value in enumerate(puzzle.values):
        if value:
            assert solution.values[cell] == value


@pytest.mark.parametrize("name,step", UNIQUE_LISTS)
def test_every_listed_puzzle_has_exactly_one_solution(name: str, step: int) -> None:
    lines = puzzle_lines(name, step=step)
    assert lines
    for line in lines:
        grid = parse(line)
        result = search(grid, 2)
        assert result.count == 1, line
        assert_is_solution_of(result.solution, grid)


def test_every_serg_puzzle_has_two_or_more_solutions() -> None:
    lines = puzzle_lines("serg_benchmark_multisolution.txt", step=20)
    assert len(lines) == 500
    for line in lines:
        assert count_solutions(parse(line), 2) == 2, line


def test_solution_of_the_formats_md_vector() -> None:
    grid = parse("67..4..524....1....53.87.91....12.85.2...46..7.5...21..47.3.52.5.62.8.499.....378")
    solved = solve(grid)
    assert_is_solution_of(solved, grid)
    assert solved.givens == grid.givens  # givens stay givens, the rest are filled digits


def test_contradiction_has_no_solution() -> None:
    # Valid (no repeated digit) but row 1 cannot hold a 9: r1c9's column and box forbid it.
    grid = parse("12345678." + "........9" + "." * 63)
    assert grid.is_valid()
    assert count_solutions(grid) == 0
    with pytest.raises(NoSolutionError):
        solve(grid)


def test_conflicting_givens_are_invalid_and_named() -> None:
    grid = parse("55" + "." * 79)
    conflicts = grid.conflicts()
    assert [c.house.name for c in conflicts] == ["row 1", "box 1"]
    assert "r1c1, r1c2" in conflicts[0].describe(grid.shape)
    assert count_solutions(grid) == 0
    with pytest.raises(InvalidGridError, match="digit 5 appears 2 times in row 1"):
        solve(grid)


def test_empty_grid_has_many_solutions() -> None:
    grid = Grid.empty()
    assert count_solutions(grid, limit=50) == 50
    with pytest.raises(MultipleSolutionsError):
        solve(grid)
    assert solve(grid, require_unique=False).is_valid()


def test_full_and_one_missing_grids() -> None:
    full = solve(parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"))
    assert count_solutions(Grid.from_values(full.values)) == 1
    values = list(full.values)
    values[40] = 0
    assert solve(Grid.from_values(values)).values == full.values


@pytest.mark.parametrize(
    "shape",
    [Shape(2, 2), Shape(3, 2), Shape(2, 3), Shape(4, 2), Shape(3, 3), Shape(4, 3), Shape(3, 4), Shape(4, 4)],
    ids=lambda s: f"{s.box_width}x{s.box_height}",
)
def test_every_shape_solves_from_empty_and_from_a_puzzle(shape: Shape) -> None:
    solution = solve(Grid.empty(shape), require_unique=False)
    assert solution.is_complete() and solution.is_valid()
    # Keep every cell but those of the first row: the row's digits are forced.
    values = list(solution.values)
    for cell in range(shape.side):
        values[cell] = 0
    assert is_unique(Grid.from_values(values, shape))
    # Empty two rows in the same band: swapping digits between them gives several solutions
    values = list(solution.values)
    for cell in range(2 * shape.side):
        values[cell] = 0
    assert count_solutions(Grid.from_values(values, shape), 2) == 2


def test_a_real_16x16_puzzle() -> None:
    # A 16x16 with 1-9, A-G digits (docs/formats.md top); built from a solved grid with cells removed.
    solution = solve(Grid.empty(Shape(4, 4)), require_unique=False)
    values = [v if (i * 7) % 5 else 0 for i, v in enumerate(solution.values)]
    puzzle = Grid.from_values(values, Shape(4, 4))
    assert count_solutions(puzzle) >= 1
    text = puzzle.to_string()
    assert set(text) <= set("123456789ABCDEFG.")
    assert parse(text).values == puzzle.values


def test_a_backend_that_is_not_there_is_a_missing_dependency(tmp_path: Path) -> None:
    with pytest.raises(MissingDependencyError, match="'abacus' is not available"):
        get_backend("abacus")
    # $SUDOKUPRINT_BACKEND is read when the solver is imported: a process started with it
    env = {**os.environ, "SUDOKUPRINT_BACKEND": "abacus",
           "PYTHONPATH": os.path.dirname(os.path.dirname(sudokuprint.__file__))}
    probe = ("import sudokuprint\ntry:\n    sudokuprint.is_unique('.' * 81)\n"
             "except sudokuprint.MissingDependencyError as error:\n    print(error)")
    library = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert library.stdout.startswith("SUDOKUPRINT_BACKEND='abacus', but only these solver backends are available")
    command = subprocess.run([sys.executable, "-m", "sudokuprint", "check"], input="." * 81 + "\n",
                             capture_output=True, text=True, env=env, cwd=tmp_path)
    assert command.returncode == 3
    assert "sudokuprint: error: SUDOKUPRINT_BACKEND='abacus'" in command.stderr
