"""Puzzles the generator makes for the publisher: a collection on the spot (``--generate N --level L``),
or one puzzle on a pattern (posters, the motif catalogue)."""

from __future__ import annotations

import random

from ..generator import DigTarget, PatternSearch, fill_pattern, generate_puzzle
from ..grid import Grid
from ..logic.grading import UNGRADED
from ..shape import CLASSIC, Shape
from .puzzles import Puzzle, recheck, svd_label_for

PATTERN_SECONDS = 60.0
"""Time the generator gets to fill a poster's pattern."""


def generate_puzzles(count: int, level: int | None, seed: int) -> list[Puzzle]:
    """``count`` new 9x9 puzzles, symmetric under a 180° turn, of ``level`` when given; same seed, same puzzles."""
    rng = random.Random(seed)
    puzzles = []
    for number in range(1, count + 1):
        made = generate_puzzle(CLASSIC, rng, DigTarget(symmetry="rot180", level=level))
        grid = made.grid()
        solution = made.solution_grid()
        grade = made.graded_as or UNGRADED
        puzzles.append(recheck(Puzzle(number, grid, solution, True, grade, svd_label_for(number, grid, grade),
                                      f"generated, seed {seed}")))
    return puzzles


def puzzle_on_pattern(cells: frozenset[int], shape: Shape, seed: int, *, source: str = "pattern",
                      seconds: float = PATTERN_SECONDS) -> Puzzle:
    """A graded unique puzzle whose givens are exactly ``cells``, made by the generator from ``seed``.

    Raises the generator's :class:`~sudokuprint.generator.GenerationError` when
    the pattern is impossible or no puzzle is found in ``seconds``.
    """
    made, _ = fill_pattern(cells, shape, random.Random(seed), PatternSearch(time_limit=seconds))
    grid = made.grid()
    grade = made.graded_as or UNGRADED
    solution = Grid.from_values(made.solution, shape, givens=grid.givens)
    return recheck(Puzzle(1, grid, solution, True, grade, svd_label_for(1, grid, grade), f"{source}, seed {seed}"))
