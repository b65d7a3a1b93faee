"""A generated puzzle's difficulty: the logic engine's grade, with the engine loaded on first use.

The generator measures level, moves and rating with the engine's grade made
without a written solve (:func:`sudokuprint.logic.quick.quick_grade`), into
the project's one grade record (:class:`~sudokuprint.logic.grading.Grade`).
Ungraded generation (``generate --no-grade``) never loads the engine, which
keeps the command's start-up short (issue 14): this is the generator's one
lazy import of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ..shape import Shape

if TYPE_CHECKING:
    from ..logic.grading import Grade

__all__ = ["grade"]


def grade(values: Sequence[int], shape: Shape, solution: Sequence[int] | None = None) -> Grade:
    """The grade of the puzzle ``values`` (0 = empty), its unique ``solution`` when known.

    The engine's own grade, made without writing out the solve (the generator needs only the record)."""
    from ..logic.quick import quick_grade  # here: the engine loads only when a puzzle is graded (issue 14)

    return quick_grade(values, shape, solution)
