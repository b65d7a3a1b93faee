"""The generator's view of the logic engine: level, moves and rating of a puzzle.

The logic engine (``sudokuprint.logic``) grades puzzles, into the project's
one grade record (:class:`~sudokuprint.logic.grading.Grade`); this module is
the one place the generator talks to it, so the generator works (and says so)
when the engine is not installed: every figure is then ``None`` and
difficulty targets are refused with a clear error.
"""

from __future__ import annotations

from typing import Callable, Sequence

from ..errors import MissingDependencyError
from ..grid import Grid
from ..logic.grading import UNGRADED, Grade
from ..shape import Shape

__all__ = ["UNGRADED", "Grade", "grade", "grader_available", "require_grader"]


def _load_grader() -> Callable[[Grid], Grade] | None:
    try:
        from ..logic.grading import grade  # type: ignore[import-not-found]
    except ImportError:
        return None
    return grade


_GRADER = _load_grader()


def grader_available() -> bool:
    """True when the logic engine is importable."""
    return _GRADER is not None


def require_grader(what: str) -> None:
    """Refuse a difficulty target when there is no logic engine to measure it."""
    if _GRADER is None:
        raise MissingDependencyError(f"{what} needs the logic engine (sudokuprint.logic), which is not available")


def grade(values: Sequence[int], shape: Shape) -> Grade:
    """The grade of the puzzle ``values`` (0 = empty); all ``None`` without the engine."""
    if _GRADER is None:
        return UNGRADED
    return _GRADER(Grid.from_values(values, shape))
