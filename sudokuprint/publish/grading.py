"""The publisher's view of the logic engine: a difficulty label and an SVD label where known.

The engine (``sudokuprint.logic.grading.grade``) is optional: without it,
puzzles carry no grade, labels are left out, and ordering by difficulty is
refused with a clear error.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable

from ..errors import MissingDependencyError
from ..grid import Grid

LEVEL_NAMES = {1: "Easy", 2: "Medium", 3: "Hard", 4: "Expert"}
"""Name printed for each SVD level."""


@dataclass(frozen=True)
class PuzzleGrade:
    """What the engine says of a puzzle; ``None`` where it says nothing."""

    level: int | None = None
    moves: int | None = None
    rating: float | None = None

    @property
    def name(self) -> str | None:
        """``Easy`` ... ``Expert``, or None when the level is unknown."""
        return LEVEL_NAMES.get(self.level) if self.level is not None else None

    def sort_key(self) -> tuple[float, float, float]:
        """Easy before hard: by level, then rating, then moves."""
        return (self.level or 0, self.rating or 0.0, self.moves or 0)


UNGRADED = PuzzleGrade()


@lru_cache(maxsize=1)
def _grader() -> Callable[[Grid], Any] | None:
    try:
        from ..logic.grading import grade  # type: ignore[import-not-found]
    except ImportError:
        return None
    return grade


def grader_available() -> bool:
    """True when the logic engine can be imported."""
    return _grader() is not None


def grade_puzzle(grid: Grid) -> PuzzleGrade:
    """The grade of a 9x9 puzzle, or :data:`UNGRADED` without the engine or for other sizes."""
    grader = _grader()
    if grader is None or grid.side != 9:
        return UNGRADED
    result = grader(grid.puzzle())
    level = getattr(result, "level", None)
    return PuzzleGrade(
        level=level if isinstance(level, int) else None,
        moves=getattr(result, "moves", None),
        rating=getattr(result, "rating", None),
    )


def require_grader(what: str) -> None:
    """Refuse a request that needs grades when the engine is missing."""
    if not grader_available():
        raise MissingDependencyError(f"{what} needs the logic engine (sudokuprint.logic.grading), which is not available")
