"""The puzzles of a job: read, re-checked for a unique solution, solved, graded, numbered."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Iterable

from ..deadline import out_of_time, remaining, time_limit
from ..errors import InvalidGridError, MultipleSolutionsError, NoSolutionError, SolverTimeoutError
from ..formats import Record, read_file
from ..formats.svd import format_svd_label
from ..grid import Grid
from ..logic.grading import UNGRADED, Grade, grade
from ..solver import search


@dataclass(frozen=True)
class Puzzle:
    """One puzzle ready to print."""

    number: int
    grid: Grid
    """The puzzle: givens only."""
    solution: Grid
    """Givens plus filled digits (the first solution when not unique)."""
    unique: bool
    grade: Grade = UNGRADED
    svd_label: str | None = None
    """``id-moves-level-givens`` where known."""
    source: str = ""

    @property
    def difficulty(self) -> str | None:
        return self.grade.name


def _where(source: str, record: Record) -> str:
    return f"{source}, line {record.line}"


def svd_label_for(number: int, puzzle: Grid, grade: Grade) -> str | None:
    """The SVD label computed from a grade (needs level and moves), or None."""
    if puzzle.side != 9 or grade.level is None or grade.moves is None or grade.level not in range(1, 5):
        return None
    return format_svd_label(number, grade.moves, grade.level, puzzle.clue_count)


def grade_puzzle(grid: Grid) -> Grade:
    """The logic engine's grade of a 9x9 puzzle's givens; :data:`UNGRADED` for other sizes."""
    return grade(grid.puzzle()) if grid.side == 9 else UNGRADED


def recheck(puzzle: Puzzle) -> Puzzle:
    """A made puzzle (generator, mosaic) checked like a read one: one solution, and it is the one it carries."""
    result = search(puzzle.grid, 2)
    if result.count != 1 or result.solution is None or result.solution.values != puzzle.solution.values:
        raise MultipleSolutionsError(f"{puzzle.source}: puzzle {puzzle.number} does not have one solution "
                                     f"({result.describe()} found); it is not printed")
    return puzzle


def prepare(
    record: Record,
    number: int,
    source: str,
    *,
    allow_nonunique: bool = False,
    with_grade: bool = True,
) -> Puzzle:
    """Check one record and make it a :class:`Puzzle`.

    The givens are re-checked: conflicting digits, no solution or (unless
    ``allow_nonunique``) several solutions stop the job with an error naming
    the puzzle.  Inside a :func:`~sudokuprint.deadline.time_limit` block a
    check or grade that takes too long raises
    :class:`~sudokuprint.errors.SolverTimeoutError`.
    """
    grid = record.grid.puzzle() if record.grid.givens else record.grid
    where = _where(source, record)
    conflicts = grid.conflicts()
    if conflicts:
        raise InvalidGridError(f"{where}: " + "; ".join(c.describe(grid.shape) for c in conflicts))
    try:
        result = search(grid, 2, time_limit=remaining())
    except SolverTimeoutError:
        raise out_of_time() from None
    if result.solution is None:
        raise NoSolutionError(f"{where}: puzzle {number} has no solution")
    if result.count > 1 and not allow_nonunique:
        raise MultipleSolutionsError(
            f"{where}: puzzle {number} has more than one solution; "
            "it is not printed (--allow-nonunique prints it with a notice)"
        )
    grade = grade_puzzle(grid) if with_grade and result.count == 1 else UNGRADED
    return Puzzle(number, grid, result.solution, result.count == 1, grade, record.meta.get("label"), where)


def load_puzzles(
    paths: Iterable[str],
    fmt: str | None = None,
    *,
    allow_nonunique: bool = False,
    order: str = "input",
    limit: int | None = None,
    grade: bool = True,
    on_puzzle: Callable[[Puzzle], None] | None = None,
    timeout: float | None = None,
    on_timeout: Callable[[str, SolverTimeoutError], None] | None = None,
) -> list[Puzzle]:
    """Every puzzle of the inputs (at most ``limit``), checked and numbered from 1.

    ``order`` is ``input`` (as read) or ``difficulty`` (easy to hard, stable).  Puzzles are renumbered after ordering.  With
    ``grade`` false the logic engine is not asked (no difficulty labels).
    ``on_puzzle`` is called with each puzzle once it is checked (for progress).
    A puzzle whose check and grade take longer than ``timeout`` seconds is
    left out, and ``on_timeout`` is told where it is (``FILE, line N``) and why;
    without ``on_timeout`` the error is raised.
    """
    if order not in ("input", "difficulty"):
        raise ValueError(f"unknown order {order!r}")
    puzzles: list[Puzzle] = []
    for path in paths:
        source = "<stdin>" if path == "-" else path
        for record in read_file(path, fmt):
            if limit is not None and len(puzzles) >= limit:
                break
            try:
                with time_limit(timeout):
                    puzzles.append(prepare(record, len(puzzles) + 1, source, allow_nonunique=allow_nonunique,
                                           with_grade=grade or order == "difficulty"))
            except SolverTimeoutError as error:
                if on_timeout is None:
                    raise
                on_timeout(_where(source, record), error)
                continue
            if on_puzzle is not None:
                on_puzzle(puzzles[-1])
    return ordered(puzzles, order)


def ordered(puzzles: list[Puzzle], order: str = "input") -> list[Puzzle]:
    """The puzzles as given or easy to hard (stable), numbered from 1; SVD labels computed where the input had none."""
    if order == "difficulty":
        puzzles = sorted(puzzles, key=lambda p: p.grade.sort_key())
    return [
        replace(p, number=i, svd_label=p.svd_label or svd_label_for(i, p.grid, p.grade))
        for i, p in enumerate(puzzles, 1)
    ]
