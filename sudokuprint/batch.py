"""The work of one puzzle for the commands that run over many: check, solve, grade.

Each function takes one ``(source, record)`` item, as
:func:`sudokuprint.cli.app.read_inputs` yields them, and returns plain data;
they live at module level so :mod:`sudokuprint.executor` can send them to
worker processes.  A puzzle's expected failure (no solution, several) comes
back as data, never as an exception that would stop the other workers.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import MultipleSolutionsError, SudokuprintError
from .formats import Record
from .grid import Grid
from .solver import search, solve

Item = tuple[str, Record]
"""A puzzle and the name of the input it came from."""

STATUSES = ("unsolvable", "unique", "not-unique")
"""A valid grid's status by its solution count (0, 1, 2 = two or more)."""


def check_grid(grid: Grid) -> dict:
    """What ``check`` reports about one grid; ``solutions`` is 0, 1 or 2 (two or more)."""
    solutions = search(grid, 2).count  # 0 for a grid with conflicting digits
    conflicts = grid.conflicts() if solutions == 0 else []  # named only where they can exist
    return {
        "status": "invalid" if conflicts else STATUSES[solutions],
        "puzzle": grid.to_string(),
        "shape": grid.shape.name,
        "clues": grid.clue_count,
        "valid": not conflicts,
        "solutions": solutions,
        "conflicts": [c.describe(grid.shape) for c in conflicts],
    }


def check_item(item: Item) -> dict:
    """``check_grid`` of one item, with its source and line first."""
    source, record = item
    return {"source": source, "line": record.line, **check_grid(record.grid)}


@dataclass(frozen=True)
class Solved:
    """The outcome of solving one item: the record with the solution as its grid, or the error."""

    source: str
    record: Record
    error: SudokuprintError | None = None


def solve_item(item: Item, allow_multiple: bool = False) -> Solved:
    """Solve one item; a puzzle with no solution or (unless ``allow_multiple``) several gives the error."""
    source, record = item
    try:
        solution = solve(record.grid, require_unique=not allow_multiple)
    except MultipleSolutionsError as error:
        return Solved(source, record, MultipleSolutionsError(f"{error} (use --allow-multiple)"))
    except SudokuprintError as error:
        return Solved(source, record, error)
    return Solved(source, Record(solution, record.line, record.meta, record.format))


def grade_item(numbered: tuple[int, Item]) -> dict:
    """Grade one item (its id is the record's ``id`` or its number); an error becomes an ``error`` entry."""
    from .logic import grade

    number, (source, record) = numbered
    puzzle_id = str(record.meta.get("id") or number)
    try:
        result = grade(record.grid, puzzle_id).to_dict()
    except SudokuprintError as error:
        result = {"puzzle": record.grid.to_string(), "error": str(error)}
    return {"source": source, "line": record.line, **result}
