"""The generator's view of the logic engine: level, moves and rating of a puzzle.

The logic engine (``sudokuprint.logic``) grades puzzles, into the project's
one grade record (:class:`~sudokuprint.logic.grading.Grade`); this module is
the one place the generator talks to it, so the generator works (and says so)
when the engine is not installed: every figure is then ``None`` and
difficulty targets are refused with a clear error.

The engine is imported on first use only: ungraded generation (``generate
--no-grade``) never loads it, which keeps the command's start-up short.
``Grade`` and ``UNGRADED`` are the engine's own, looked up when first asked for.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Sequence

from ..errors import MissingDependencyError
from ..shape import Shape

if TYPE_CHECKING:
    from ..logic.grading import UNGRADED, Grade

__all__ = ["UNGRADED", "Grade", "grade", "grader_available", "require_grader", "ungraded"]


@lru_cache(maxsize=None)
def _engine() -> Any:
    """The engine's grading module, or None when it is not installed (imported once, when first needed)."""
    try:
        from ..logic import grading
    except ImportError:
        return None
    return grading


def __getattr__(name: str) -> Any:
    """``Grade`` and ``UNGRADED``, the engine's own, imported when first asked for."""
    if name in ("Grade", "UNGRADED"):
        engine = _engine()
        if engine is None:
            raise MissingDependencyError(f"{name} needs the logic engine (sudokuprint.logic), which is not available")
        return getattr(engine, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@lru_cache(maxsize=None)
def _quick() -> Any:
    """The engine's grade without a written solve (:mod:`sudokuprint.logic.quick`), or None without the engine."""
    if _engine() is None:
        return None
    from ..logic import quick

    return quick.quick_grade


def grader_available() -> bool:
    """True when the logic engine is importable."""
    return _engine() is not None


def require_grader(what: str) -> None:
    """Refuse a difficulty target when there is no logic engine to measure it."""
    if _engine() is None:
        raise MissingDependencyError(f"{what} needs the logic engine (sudokuprint.logic), which is not available")


def ungraded() -> Grade:
    """The engine's record of a puzzle not graded (all figures ``None``)."""
    engine = _engine()
    if engine is None:
        raise MissingDependencyError("a grade record needs the logic engine (sudokuprint.logic), which is not available")
    return engine.UNGRADED


def grade(values: Sequence[int], shape: Shape, solution: Sequence[int] | None = None) -> Grade | None:
    """The grade of the puzzle ``values`` (0 = empty), its unique ``solution`` when known; None without the engine.

    The engine's own grade, made without writing out the solve (the generator needs only the record)."""
    grader = _quick()
    if grader is None:
        return None
    return grader(values, shape, solution)
