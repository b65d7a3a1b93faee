"""Puzzles made on the spot by the generator (``--generate N --level L``), as :class:`Puzzle` objects."""

from __future__ import annotations

import random

from ..errors import MissingDependencyError
from ..shape import CLASSIC
from .grading import LEVEL_NAMES
from .puzzles import Puzzle, recheck, svd_label_for

LEVELS_BY_NAME = {name.lower(): level for level, name in LEVEL_NAMES.items()}


def parse_level(text: str) -> int:
    """A level from ``1``-``4`` or its name (``easy``, ``medium``, ``hard``, ``expert``)."""
    key = text.strip().lower()
    if key in LEVELS_BY_NAME:
        return LEVELS_BY_NAME[key]
    if key.isdigit() and int(key) in LEVEL_NAMES:
        return int(key)
    raise ValueError(f"unknown level {text!r}; use 1-4 or {', '.join(LEVELS_BY_NAME)}")


def generate_puzzles(count: int, level: int | None, seed: int) -> list[Puzzle]:
    """``count`` new 9x9 puzzles, symmetric under a 180° turn, of ``level`` when given; same seed, same puzzles."""
    try:
        from ..generator import DigTarget, generate_puzzle
    except ImportError:
        raise MissingDependencyError("--generate needs the puzzle generator (sudokuprint.generator), which is not available") from None
    rng = random.Random(seed)
    puzzles = []
    for number in range(1, count + 1):
        made = generate_puzzle(CLASSIC, rng, DigTarget(symmetry="rot180", level=level))
        grid = made.grid()
        solution = made.solution_grid()
        grade = made.grade
        puzzles.append(recheck(Puzzle(number, grid, solution, True, grade, svd_label_for(number, grid, grade),
                                      f"generated, seed {seed}")))
    return puzzles
