"""The publisher's view of the logic engine: a difficulty label and an SVD label where known.

The engine (``sudokuprint.logic.grading.grade``) is optional: without it,
puzzles carry no grade, labels are left out, and ordering by difficulty is
refused with a clear error.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

from ..errors import MissingDependencyError
from ..grid import Grid
from ..logic.grading import LEVEL_NAMES, UNGRADED, Grade

__all__ = ["LEVEL_NAMES", "UNGRADED", "Grade", "grade_puzzle", "grader_available", "require_grader"]


@lru_cache(maxsize=1)
def _grader() -> Callable[[Grid], Grade] | None:
    try:
        from ..logic.grading import grade  # type: ignore[import-not-found]
    except ImportError:
        return None
    return grade


def grader_available() -> bool:
    """True when the logic engine can be imported."""
    return _grader() is not None


def grade_puzzle(grid: Grid) -> Grade:
    """The grade of a 9x9 puzzle, or :data:`UNGRADED` without the engine or for other sizes."""
    grader = _grader()
    if grader is None or grid.side != 9:
        return UNGRADED
    return grader(grid.puzzle())


def require_grader(what: str) -> None:
    """Refuse a request that needs grades when the engine is missing."""
    if not grader_available():
        raise MissingDependencyError(f"{what} needs the logic engine (sudokuprint.logic.grading), which is not available")
