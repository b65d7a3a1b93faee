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

from .deadline import time_limit
from .errors import MultipleSolutionsError, SolverTimeoutError, SudokuprintError
from .formats import Record
from .grid import Grid
from .solver import SolveResult, get_backend, search, search_many, solution_of

T = TypeVar("T")

Item = tuple[str, Record]
"""A puzzle and the name of the input it came from."""

STATUSES = ("unsolvable", "unique", "not-unique")
"""A valid grid's status by its solution count (0, 1, 2 = two or more); a search given up on is ``timeout``."""


CHUNK = 256
"""Puzzles per solver call and per task of the commands that search many puzzles."""


def growing_chunks(items: Iterable[T], largest: int = CHUNK) -> Iterator[list[T]]:
    """``items`` in lists of 1, 2, 4 ... up to ``largest``, lazily: first answers come at once from a slow stream."""
    iterator = iter(items)
    size = 1
    while chunk := list(itertools.islice(iterator, size)):
        yield chunk
        size = min(2 * size, largest)


def _search_all(grids: list[Grid], limit: int, timeout: float | None, solutions: bool) -> list[SolveResult | None]:
    """The search result of every grid, many per engine call; None for a grid whose search took longer than
    ``timeout`` seconds (the grids after it are searched as usual)."""
    results: list[SolveResult | None] = []
    while grids:
        try:
            found = list(search_many(grids, limit, time_limit=timeout, solutions=solutions))  # whole, or the error
            return results + found
        except SolverTimeoutError as error:
            slow = error.puzzle or 0
            results += _search_all(grids[:slow], limit, timeout, solutions)  # done once already: quick again
            results.append(None)
            grids = grids[slow + 1:]
    return results


def searched(items: list[Item], limit: int, timeout: float | None, *,
             solutions: bool = True) -> list[SolveResult | None]:
    """The search result of every item, many puzzles per engine call; None for a puzzle whose search took longer
    than ``timeout`` seconds (the others go on)."""
    return _search_all([record.grid for _, record in items], limit, timeout, solutions)


def timeout_message(timeout: float | None) -> str:
    """What a puzzle given up on says."""
    return f"gave up after {timeout or 0:g} s"


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


def timed_out_check(grid: Grid, timeout: float | None) -> dict:
    """What ``check`` reports about a grid whose search was given up: status ``timeout``, solutions unknown."""
    conflicts = grid.conflicts()
    return {
        "status": "invalid" if conflicts else "timeout",
        "puzzle": grid.to_string(),
        "shape": grid.shape.name,
        "clues": grid.clue_count,
        "valid": not conflicts,
        "solutions": 0 if conflicts else None,
        "conflicts": [c.describe(grid.shape) for c in conflicts],
        **({} if conflicts else {"error": timeout_message(timeout)}),
    }


def check_item(item: Item) -> dict:
    """``check_grid`` of one item, with its source and line first."""
    source, record = item
    return {"source": source, "line": record.line, **check_grid(record.grid)}


def check_chunk(items: list[Item], timeout: float | None = None) -> list[dict]:
    """``check_item`` of many items, searched many per engine call (a puzzle given up on: ``timeout``)."""
    results = searched(items, 2, timeout, solutions=False)
    return [{"source": source, "line": record.line,
             **(check_grid(record.grid, result) if result is not None else timed_out_check(record.grid, timeout))}
            for (source, record), result in zip(items, results)]


def counted(items: list[Item], limit: int, timeout: float | None) -> list[int | None]:
    """The solution count (up to ``limit``) of every item, one engine call per run of grids of one shape; None for
    a puzzle whose search took longer than ``timeout`` seconds.

    What :func:`searched` gives, counts alone: no result object per puzzle.
    """
    count_buffer = get_backend().count_buffer
    counts: list[int | None] = []
    grids = [record.grid for _, record in items]
    while len(counts) < len(grids):
        rest = grids[len(counts):]
        try:
            for shape, run in itertools.groupby(rest, key=lambda grid: grid.shape):
                counts += count_buffer(b"".join([grid.cell_bytes for grid in run]), shape, limit, time_limit=timeout)
        except (TimeoutError, InterruptedError) as error:
            if not isinstance(error, TimeoutError):
                raise SolverTimeoutError("the search was stopped on request") from None
            start = len(counts)  # the runs before the one that gave up are in; then its puzzles before the slow one
            slow = getattr(error, "puzzle", None) or 0
            counts += [result.count if result is not None else None
                       for result in _search_all(grids[start:start + slow], limit, timeout, False)]
            counts.append(None)
    return counts


def check_text(report: dict) -> str:
    """One puzzle's ``check`` text: the status line, then a line per conflict (indented)."""
    solutions = "?" if report["solutions"] is None else ("0", "1", "2+")[report["solutions"]]
    text = (f"{report['status']:<11} solutions={solutions:<2} clues={report['clues']:<3} "
            f"shape={report['shape']:<5} {report['puzzle']}\n")
    for conflict in [*report["conflicts"], *([report["error"]] if report.get("error") else [])]:
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
            report = check_grid(grid, SolveResult(0)) if solutions == 0 else timed_out_check(grid, timeout)
            rows.append(check_text({"source": source, "line": record.line, **report}))
            all_unique = False
    return "".join(rows), all_unique


@dataclass(frozen=True)
class Solved:
    """The outcome of solving one item: the record with the solution as its grid, or the error."""

    source: str
    record: Record
    error: SudokuprintError | None = None


def _solved(item: Item, result: SolveResult | None, timeout: float | None = None) -> Solved:
    source, record = item
    if result is None:
        return Solved(source, record, SolverTimeoutError(timeout_message(timeout), seconds=timeout))
    try:
        solution = solution_of(result)
    except MultipleSolutionsError as error:
        return Solved(source, record, MultipleSolutionsError(f"{error} (use --allow-multiple)"))
    except SudokuprintError as error:
        return Solved(source, record, error)
    return Solved(source, Record(solution, record.line, record.meta, record.format))


def solve_item(item: Item, allow_multiple: bool = False, timeout: float | None = None) -> Solved:
    """Solve one item; a puzzle with no solution or (unless ``allow_multiple``) several gives the error, and so
    does one whose search takes longer than ``timeout`` seconds (:class:`SolverTimeoutError`)."""
    return solve_chunk([item], allow_multiple, timeout)[0]


def solve_chunk(items: list[Item], allow_multiple: bool = False, timeout: float | None = None) -> list[Solved]:
    """``solve_item`` of many items, searched many per engine call."""
    results = searched(items, 1 if allow_multiple else 2, timeout)
    return [_solved(item, result, timeout) for item, result in zip(items, results)]
