"""The work of one puzzle for the commands that run over many: check and solve (grade: :mod:`.grade_batch`).

Each function takes one ``(source, record)`` item, as
:func:`sudokuprint.cli.app.read_inputs` yields them, and returns plain data;
they live at module level so :mod:`sudokuprint.executor` can send them to
worker processes.  A puzzle's expected failure (no solution, several) comes
back as data, never as an exception that would stop the other workers.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Iterable, Iterator, TypeVar

from .errors import MultipleSolutionsError, SolverTimeoutError, SudokuprintError
from .formats import Record
from .grid import Grid
from .solver import SolveResult, get_backend, search, search_many, solution_of

T = TypeVar("T")

Item = tuple[str, Record]
"""A puzzle and the name of the input it came from."""

STATUSES = ("unsolvable", "unique", "not-unique")
"""A valid grid's status by its solution count (0, 1, 2 = two or more)."""


CHUNK = 256
"""Puzzles per solver call and per task of the commands that search many puzzles."""


def growing_chunks(items: Iterable[T], largest: int = CHUNK) -> Iterator[list[T]]:
    """``items`` in lists of 1, 2, 4 ... up to ``largest``, lazily: first answers come at once from a slow stream."""
    iterator = iter(items)
    size = 1
    while chunk := list(itertools.islice(iterator, size)):
        yield chunk
        size = min(2 * size, largest)


def searched(items: list[Item], limit: int, timeout: float | None, *, solutions: bool = True) -> list[SolveResult]:
    """The search result of every item, many puzzles per engine call.

    A puzzle whose search takes longer than ``timeout`` seconds stops the run
    with an error naming its source and line.
    """
    try:
        return list(search_many((record.grid for _, record in items), limit, time_limit=timeout, solutions=solutions))
    except SolverTimeoutError as error:
        source, record = items[error.puzzle or 0]
        raise SolverTimeoutError(f"{source}, line {record.line}: gave up after {timeout:g} s", seconds=timeout) from None


def check_grid(grid: Grid, result: SolveResult | None = None) -> dict:
    """What ``check`` reports about one grid; ``solutions`` is 0, 1 or 2 (two or more).

    The grid is searched here unless its ``result`` is given.
    """
    solutions = (result or search(grid, 2)).count  # 0 for a grid with conflicting digits
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


def check_chunk(items: list[Item], timeout: float | None = None) -> list[dict]:
    """``check_item`` of many items, searched many per engine call."""
    results = searched(items, 2, timeout, solutions=False)
    return [{"source": source, "line": record.line, **check_grid(record.grid, result)}
            for (source, record), result in zip(items, results)]


def counted(items: list[Item], limit: int, timeout: float | None) -> list[int]:
    """The solution count (up to ``limit``) of every item, one engine call per run of grids of one shape.

    What :func:`searched` gives, counts alone: no result object per puzzle.
    A puzzle whose search takes longer than ``timeout`` seconds stops the run
    with an error naming its source and line.
    """
    count_buffer = get_backend().count_buffer
    counts: list[int] = []
    for shape, run in itertools.groupby([record.grid for _, record in items], key=lambda grid: grid.shape):
        try:
            counts += count_buffer(b"".join([grid.cell_bytes for grid in run]), shape, limit, time_limit=timeout)
        except (TimeoutError, InterruptedError) as error:
            source, record = items[len(counts) + (getattr(error, "puzzle", None) or 0)]
            raise SolverTimeoutError(f"{source}, line {record.line}: gave up after {timeout or 0:g} s",
                                     seconds=timeout) from None
    return counts


def check_text(report: dict) -> str:
    """One puzzle's ``check`` text: the status line, then a line per conflict (indented)."""
    text = (f"{report['status']:<11} solutions={('0', '1', '2+')[report['solutions']]:<2} clues={report['clues']:<3} "
            f"shape={report['shape']:<5} {report['puzzle']}\n")
    for conflict in report["conflicts"]:
        text += f"    {report['source']}, line {report['line']}: {conflict}\n"
    return text


_STATUS_LINE_STARTS: dict[tuple[int, int, str], str] = {}
"""(solutions, clues, shape name) → the start of a valid puzzle's ``check`` text line, up to the puzzle."""


def check_rows(items: list[Item], timeout: float | None = None, fmt: str = "text") -> tuple[str, bool]:
    """The ``check`` output of many items as one text (``text`` or ``jsonl``, a row each), and whether all are unique.

    The text is the rows :func:`check_text` (or ``json.dumps``) makes of
    :func:`check_chunk`'s reports; for the usual puzzle, valid with one or
    more solutions, the row is written directly, without a report.
    """
    if fmt != "text":
        import json  # here: the text rows, the default, need no json (a cost at every start-up of check)

        reports = check_chunk(items, timeout)
        return "".join([json.dumps(report) + "\n" for report in reports]), all(
            report["status"] == "unique" for report in reports)
    starts = _STATUS_LINE_STARTS
    rows = []
    all_unique = True
    for item, solutions in zip(items, counted(items, 2, timeout)):
        grid = item[1].grid
        if solutions:
            key = (solutions, grid.clue_count, grid.shape.name)
            start = starts.get(key)
            if start is None:
                start = starts[key] = check_text({"status": STATUSES[solutions], "solutions": solutions,
                                                  "clues": key[1], "shape": key[2], "puzzle": "", "conflicts": ()})[:-1]
            rows.append(start + grid.to_string() + "\n")
            all_unique = all_unique and solutions == 1
        else:
            source, record = item
            rows.append(check_text({"source": source, "line": record.line, **check_grid(grid, SolveResult(0))}))
            all_unique = False
    return "".join(rows), all_unique


@dataclass(frozen=True)
class Solved:
    """The outcome of solving one item: the record with the solution as its grid, or the error."""

    source: str
    record: Record
    error: SudokuprintError | None = None


def _solved(item: Item, result: SolveResult) -> Solved:
    source, record = item
    try:
        solution = solution_of(result)
    except MultipleSolutionsError as error:
        return Solved(source, record, MultipleSolutionsError(f"{error} (use --allow-multiple)"))
    except SudokuprintError as error:
        return Solved(source, record, error)
    return Solved(source, Record(solution, record.line, record.meta, record.format))


def solve_item(item: Item, allow_multiple: bool = False, timeout: float | None = None) -> Solved:
    """Solve one item; a puzzle with no solution or (unless ``allow_multiple``) several gives the error."""
    return solve_chunk([item], allow_multiple, timeout)[0]


def solve_chunk(items: list[Item], allow_multiple: bool = False, timeout: float | None = None) -> list[Solved]:
    """``solve_item`` of many items, searched many per engine call."""
    results = searched(items, 1 if allow_multiple else 2, timeout)
    return [_solved(item, result) for item, result in zip(items, results)]
