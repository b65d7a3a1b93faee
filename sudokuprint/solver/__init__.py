"""Solving: count solutions, solve, prove uniqueness.

One contract for every backend, after tdoku: ``count, first = backend.solve(
values, shape, limit)``; uniqueness is ``count == 1`` with ``limit=2``.  Each
backend also has the batch call ``counts = backend.count_buffer(buffer,
shape, limit)`` over puzzles packed back to back, which :func:`search_many`,
:func:`count_many` and :func:`solve_many` use.  Every search is bounded:
``time_limit=`` seconds, a stop flag, and Ctrl-C all end it.  The
pure-Python backend is always there; a compiled backend, when importable, is
used automatically (set ``SUDOKUPRINT_BACKEND=python`` to force the pure one).
"""

from __future__ import annotations

import itertools
import os
from typing import TYPE_CHECKING, Iterable, Iterator, Sequence, Union

from ..errors import (
    InvalidGridError,
    MissingDependencyError,
    MultipleSolutionsError,
    NoSolutionError,
    SolverTimeoutError,
)
from ..grid import Grid
from ..notation import line_values
from ..shape import CLASSIC, Shape
from . import native, pure

if TYPE_CHECKING:  # the protocol types the registry; nothing of it runs
    from .backend import SolverBackend

BACKEND_ENV = "SUDOKUPRINT_BACKEND"
"""Names the backend to use (``python`` or ``native``); read once, when the solver is first imported."""


def _load_backends() -> dict[str, SolverBackend]:
    backends: dict[str, SolverBackend] = {}
    if native.available():
        backends[native.NAME] = native
    backends[pure.NAME] = pure
    return backends


_BACKENDS = _load_backends()
_PREFERRED = next(iter(_BACKENDS.values()))
_WANTED = os.environ.get(BACKEND_ENV, "").strip().lower()
"""``$SUDOKUPRINT_BACKEND`` as the process had it when the solver was imported, stripped and lower-case ('' unset).

Read once: looking the variable up costs more than a whole easy search, and every search would pay it."""
_DEFAULT = _BACKENDS.get(_WANTED) if _WANTED else _PREFERRED
"""The backend a search without ``backend=`` uses; None when the variable names one that is not there."""
_NATIVE = native if native.available() else None
_solve_text = native.solve_text if _NATIVE is not None else None
_NATIVE_BY_DEFAULT = _NATIVE is not None and _DEFAULT is _NATIVE


def backend_names() -> list[str]:
    """Names of the importable backends, the preferred one first."""
    return list(_BACKENDS)


def active_backend() -> SolverBackend:
    """The backend in use: ``$SUDOKUPRINT_BACKEND`` if set (when the solver was imported), else the fastest.

    Raises :class:`MissingDependencyError` when the variable names a backend that is not there.
    """
    if _DEFAULT is None:
        raise MissingDependencyError(
            f"{BACKEND_ENV}={_WANTED!r}, but only these solver backends are available: {', '.join(_BACKENDS)}"
        )
    return _DEFAULT


def get_backend(name: str | None = None) -> SolverBackend:
    """A backend by name (``python`` or ``native``), or the active one."""
    if name is None:
        return active_backend()
    try:
        return _BACKENDS[name]
    except KeyError:
        raise MissingDependencyError(f"solver backend {name!r} is not available; have: {', '.join(_BACKENDS)}") from None


Puzzle = Union[Grid, str]
"""What the solver takes: a grid, or a standard puzzle string (docs/formats.md §1)."""

BATCH_SIZE = 4096
"""Puzzles handed to a backend in one batch call."""


class SolveResult:
    """How many solutions were found (up to the limit) and the first one.

    The grids are built only when asked for: ``.solution`` (and ``.puzzle``
    for a search of a string); ``solution_values`` gives the cell values
    without building a grid.
    """

    __slots__ = ("count", "limit", "shape", "_puzzle", "_puzzle_values", "_values", "_solution")

    def __init__(
        self,
        count: int,
        solution: Grid | None = None,
        limit: int = 2,
        *,
        puzzle: Grid | None = None,
        values: Sequence[int] | None = None,
        shape: Shape | None = None,
        puzzle_values: bytes | None = None,
    ) -> None:
        self.count = count
        self.limit = limit
        self._solution = solution
        self._puzzle = puzzle
        self._values = values
        self._puzzle_values = puzzle_values
        known = puzzle or solution
        self.shape = shape or (known.shape if known is not None else None)

    @property
    def puzzle(self) -> Grid | None:
        """The grid that was searched (None for a result made by hand without one)."""
        if self._puzzle is None and self._puzzle_values is not None and self.shape is not None:
            values = self._puzzle_values
            self._puzzle = Grid._unchecked(
                self.shape, tuple(values), frozenset(itertools.compress(range(len(values)), values))
            )
        return self._puzzle

    @property
    def solution(self) -> Grid | None:
        """The first solution found: the puzzle's grid with every cell filled (None when there is none)."""
        if self._solution is None and self._values is not None:
            puzzle = self.puzzle
            if puzzle is not None:
                self._solution = puzzle.with_values(self._values)
        return self._solution

    @property
    def solution_values(self) -> tuple[int, ...] | None:
        """The first solution's cell values (None when there is none)."""
        if self._values is not None:
            return tuple(self._values)
        return self._solution.values if self._solution is not None else None

    @property
    def is_unique(self) -> bool:
        return self.count == 1

    def describe(self) -> str:
        """``0``, ``1`` or ``2+`` (at the limit, more may exist)."""
        return f"{self.count}+" if self.count >= self.limit > 1 else str(self.count)

    def __repr__(self) -> str:
        return f"SolveResult(count={self.count}, limit={self.limit})"


_new_result = object.__new__


def check_limit(limit: int) -> None:
    """``ValueError`` unless ``limit`` is a whole number from 1 to 2**63 - 1."""
    if limit.__class__ is int and 0 < limit <= pure.MAX_LIMIT:
        return
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= pure.MAX_LIMIT:
        raise ValueError(f"limit must be a whole number from 1 to 2**63 - 1, got {limit!r}")


def _check_time_limit(time_limit: float | None) -> None:
    if time_limit is not None and not time_limit > 0:
        raise ValueError(f"time_limit must be a positive number of seconds, got {time_limit!r}")


def _check_stop(stop: object) -> None:
    """``TypeError`` unless ``stop`` is None or a writable buffer of at least one byte (a ``bytearray(1)``)."""
    if stop is None or isinstance(stop, bytearray) and stop:
        return
    if isinstance(stop, memoryview) and not stop.readonly and stop.nbytes:
        return
    kind = type(stop).__name__
    if isinstance(stop, (bytearray, memoryview)):
        view = memoryview(stop)
        kind = ("read-only " if view.readonly else "") + kind + ("" if view.nbytes else " of no bytes")
    raise TypeError(f"stop must be a bytearray(1) (a flag another thread sets), not {kind}")


def _gave_up(error: Exception, time_limit: float | None, offset: int | None = None) -> SolverTimeoutError:
    """The :class:`SolverTimeoutError` for a backend's TimeoutError / InterruptedError.

    In a batch (``offset`` = puzzles before this call) the message and the
    error's ``puzzle`` name the puzzle it stopped at.
    """
    index = getattr(error, "puzzle", None)
    puzzle = offset + index if offset is not None and index is not None else None
    where = f"puzzle {puzzle}: " if puzzle is not None else ""
    if isinstance(error, TimeoutError):
        message = f"{where}gave up after {time_limit:g} s"
    else:
        message = f"{where}the search was stopped on request"
    return SolverTimeoutError(message, seconds=time_limit, puzzle=puzzle)


def _as_grid(puzzle: Puzzle) -> Grid:
    if isinstance(puzzle, Grid):
        return puzzle
    if isinstance(puzzle, str):
        return Grid.from_string(puzzle)
    raise TypeError(f"expected a Grid or a puzzle string, got {type(puzzle).__name__}")


def _load(puzzle: Puzzle) -> tuple[Grid | None, Shape, bytes]:
    """The grid (None for a bare line: built only if asked), shape and cell values of a puzzle."""
    if puzzle.__class__ is str:
        found = line_values(puzzle)
        if found is not None:
            return None, found[0], found[1]
    grid = _as_grid(puzzle)
    return grid, grid.shape, grid.cell_bytes


def search(
    puzzle: Puzzle,
    limit: int = 2,
    *,
    backend: str | None = None,
    time_limit: float | None = None,
    stop: bytearray | None = None,
) -> SolveResult:
    """Count the solutions of a puzzle (a grid or a standard string) up to ``limit``; keep the first.

    Every value in the grid (givens and filled digits) is kept; a grid with
    conflicting digits has no solution.  ``time_limit`` (seconds) ends the
    search with :class:`SolverTimeoutError`, as does setting ``stop[0]`` (a
    ``bytearray(1)`` another thread may set); Ctrl-C stops it at once.
    A string that is not a standard puzzle raises :class:`ParseError`.
    """
    # The checks and look-ups are written out: on an easy puzzle they cost as much as the search.
    if limit.__class__ is not int or not 0 < limit <= pure.MAX_LIMIT:
        check_limit(limit)
    if time_limit is not None:
        _check_time_limit(time_limit)
    if stop is not None:
        _check_stop(stop)
    if backend is None and _DEFAULT is not None:
        engine = _DEFAULT
    else:
        engine = get_backend(backend)
    if puzzle.__class__ is str and engine is _NATIVE:
        try:
            found = _solve_text(puzzle, limit, time_limit, stop)  # type: ignore[misc]
        except (TimeoutError, InterruptedError) as error:
            raise _gave_up(error, time_limit) from None
        if found is not None:  # a bare 81-character line, read and searched in C: no Grid made
            result = _new_result(SolveResult)
            result.count, result._values, result._puzzle_values = found
            result.limit, result.shape, result._puzzle, result._solution = limit, CLASSIC, None, None
            return result
    if puzzle.__class__ is Grid:
        grid: Grid | None = puzzle
        shape, values = puzzle.shape, puzzle.cell_bytes
    else:
        grid, shape, values = _load(puzzle)
    try:
        count, first = engine.solve_bytes(values, shape, limit, time_limit, stop)
    except (TimeoutError, InterruptedError) as error:
        raise _gave_up(error, time_limit) from None
    result = _new_result(SolveResult)
    result.count, result.limit, result.shape = count, limit, shape
    result._puzzle, result._puzzle_values, result._values, result._solution = grid, values, first, None
    return result


def count_solutions(
    grid: Puzzle, limit: int = 2, *, backend: str | None = None, time_limit: float | None = None
) -> int:
    """The number of solutions, counted up to ``limit`` (so ``2`` means "two or more")."""
    if backend is None and time_limit is None:  # no keywords passed on: the usual call at its cheapest
        if _NATIVE_BY_DEFAULT and grid.__class__ is Grid and limit.__class__ is int and 0 < limit <= pure.MAX_LIMIT:
            # a grid on the compiled engine: its count alone, with no SolveResult made around it
            try:
                return native.solve_bytes(grid.cell_bytes, grid.shape, limit, None, None)[0]
            except (TimeoutError, InterruptedError) as error:
                raise _gave_up(error, None) from None
        return search(grid, limit).count
    return search(grid, limit, backend=backend, time_limit=time_limit).count


def is_unique(grid: Puzzle, *, backend: str | None = None, time_limit: float | None = None) -> bool:
    """True when the puzzle (a grid or a standard string) has exactly one solution."""
    if backend is None and time_limit is None:
        return search(grid, 2).count == 1
    return search(grid, 2, backend=backend, time_limit=time_limit).count == 1


def solve(
    grid: Puzzle, *, require_unique: bool = True, backend: str | None = None, time_limit: float | None = None
) -> Grid:
    """The solved grid (givens kept as givens, the rest filled in).

    Raises :class:`InvalidGridError` for conflicting digits,
    :class:`NoSolutionError` when there is no solution and, unless
    ``require_unique`` is false, :class:`MultipleSolutionsError` when there
    are several; :class:`SolverTimeoutError` past ``time_limit`` seconds.
    """
    return solution_of(search(grid, 2 if require_unique else 1, backend=backend, time_limit=time_limit))


def solution_of(result: SolveResult) -> Grid:
    """The solution of a search, or the error that says why there is none (as :func:`solve`)."""
    if result.count == 0:
        grid = result.puzzle
        conflicts = grid.conflicts() if grid is not None else []  # looked for only here: a clash is no solution
        if grid is not None and conflicts:
            raise InvalidGridError("; ".join(c.describe(grid.shape) for c in conflicts))
        raise NoSolutionError("the puzzle has no solution")
    if result.count > 1:
        raise MultipleSolutionsError("the puzzle has more than one solution")
    solution = result.solution
    assert solution is not None  # a count of 1 comes with its solution
    return solution


# -- batches ------------------------------------------------------------------


def _batches(puzzles: Iterable[Puzzle]) -> Iterator[tuple[Shape, list[tuple[Grid | None, bytes]]]]:
    """Consecutive puzzles of one shape, up to BATCH_SIZE at a time, as (grid or None, values)."""
    loaded = map(_load, puzzles)
    for shape, run in itertools.groupby(loaded, key=lambda item: item[1]):
        while chunk := [(grid, values) for grid, _, values in itertools.islice(run, BATCH_SIZE)]:
            yield shape, chunk


def search_many(
    puzzles: Iterable[Puzzle],
    limit: int = 2,
    *,
    backend: str | None = None,
    time_limit: float | None = None,
    stop: bytearray | None = None,
    solutions: bool = True,
) -> Iterator[SolveResult]:
    """:func:`search` over many puzzles (grids or standard strings), lazily, many per engine call.

    ``time_limit`` holds for each puzzle; :class:`SolverTimeoutError` names the
    puzzle (counted from 0) that took too long, also in its ``puzzle``.
    ``solutions=False`` counts only (every result's ``solution`` is None).
    """
    check_limit(limit)
    if time_limit is not None:
        _check_time_limit(time_limit)
    if stop is not None:
        _check_stop(stop)
    engine = get_backend(backend)
    done = 0
    for shape, loaded in _batches(puzzles):
        buffer = b"".join([values for _, values in loaded])
        found = bytearray(len(buffer)) if solutions else None
        try:
            counts = engine.count_buffer(buffer, shape, limit, time_limit=time_limit, stop=stop, solutions=found)
        except (TimeoutError, InterruptedError) as error:
            raise _gave_up(error, time_limit, done) from None
        size = shape.cell_count
        at = 0
        for (grid, values), count in zip(loaded, counts):
            result = _new_result(SolveResult)  # as SolveResult(...) would, without its keyword handling
            result.count, result.limit, result.shape = count, limit, shape
            result._puzzle, result._puzzle_values, result._solution = grid, values, None
            result._values = bytes(found[at : at + size]) if count and found is not None else None
            yield result
            at += size
        done += len(loaded)


def count_many(
    puzzles: Iterable[Puzzle],
    limit: int = 2,
    *,
    backend: str | None = None,
    time_limit: float | None = None,
    stop: bytearray | None = None,
) -> Iterator[int]:
    """Solution counts (up to ``limit``) of many puzzles (grids or standard strings), many per engine call."""
    for result in search_many(puzzles, limit, backend=backend, time_limit=time_limit, stop=stop, solutions=False):
        yield result.count


def solve_many(
    puzzles: Iterable[Puzzle],
    *,
    require_unique: bool = True,
    backend: str | None = None,
    time_limit: float | None = None,
) -> Iterator[Grid]:
    """:func:`solve` over many puzzles, lazily; an error names the puzzle (counted from 0)."""
    limit = 2 if require_unique else 1
    for index, result in enumerate(search_many(puzzles, limit, backend=backend, time_limit=time_limit)):
        try:
            yield solution_of(result)
        except (InvalidGridError, NoSolutionError, MultipleSolutionsError) as error:
            raise type(error)(f"puzzle {index}: {error}") from None
