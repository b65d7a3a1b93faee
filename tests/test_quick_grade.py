"""The grade without a written solve (sudokuprint.logic.quick) is the full engine's grade, field for field."""

from __future__ import annotations

import random

import pytest
from conftest import puzzle_lines

from sudokuprint.errors import MultipleSolutionsError
from sudokuprint.generator import DigTarget, generate_puzzle
from sudokuprint.grid import Grid
from sudokuprint.logic.grading import grade
from sudokuprint.logic.quick import quick_grade
from sudokuprint.logic.step import InconsistentStepError
from sudokuprint.shape import CLASSIC, Shape


def _same(puzzle: Grid, solution=None) -> None:
    full = grade(puzzle)
    quick = quick_grade(puzzle.values, puzzle.shape, solution)
    assert quick == full
    assert list(quick.techniques.items()) == list(full.techniques.items())  # the same order, for the JSON
    assert quick.to_dict() == full.to_dict()


@pytest.mark.parametrize("line", puzzle_lines("easy50_pe96.txt"))
def test_easy_list(line):
    _same(Grid.from_line(line))


@pytest.mark.parametrize("line", puzzle_lines("sudoku_exchange_diabolical_se.txt", limit=4, step=997))
def test_diabolical(line):
    _same(Grid.from_line(line))


@pytest.mark.parametrize("size, symmetry", [(9, "rot180"), (9, "none"), (6, "none"), (4, "rot180")])
def test_generated(size, symmetry):
    """Generated puzzles of every level come out of the generator with the full engine's grade."""
    shape = CLASSIC if size == 9 else Shape.for_cell_count(size * size)
    rng = random.Random(f"quick:{size}:{symmetry}")
    levels = set()
    for _ in range(40 if size == 9 else 10):
        made = generate_puzzle(shape, rng, DigTarget(symmetry=symmetry, minimal=True))
        assert made.graded_as == grade(made.grid())
        levels.add(made.graded_as.level)
    if (size, symmetry) == (9, "rot180"):
        assert levels == {1, 2, 3, 4}


def test_errors_as_the_engine():
    """No solution given: the core's errors for a puzzle with several; a wrong solution is caught."""
    line = puzzle_lines("serg_benchmark_multisolution.txt", limit=1)[0]
    with pytest.raises(MultipleSolutionsError):
        quick_grade(Grid.from_line(line).values, CLASSIC)
    grid = Grid.from_line(puzzle_lines("easy50_pe96.txt", limit=1)[0])
    wrong = _solution(grid)
    first_empty = grid.values.index(0)
    row = first_empty // 9
    other = next(c for c in range(row * 9, row * 9 + 9) if c != first_empty and not grid.values[c])
    wrong[first_empty], wrong[other] = wrong[other], wrong[first_empty]
    with pytest.raises(InconsistentStepError, match="but the solution has"):
        quick_grade(grid.values, CLASSIC, wrong)


def _solution(grid: Grid) -> list[int]:
    from sudokuprint.logic.engine import solution_of

    return list(solution_of(grid))
