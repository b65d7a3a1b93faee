"""Solving: count solutions, solve, prove uniqueness.

One contract for every backend, after tdoku: ``count, first = backend.solve(
values, shape, limit)``; uniqueness is ``count == 1`` with ``limit=2``.  The
pure-Python backend is always there; a compiled backend, when importable, is
used automatically (set ``SUDOKUPRINT_BACKEND=python`` to force the pure one).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from types import ModuleType
from typing import Iterable, Iterator

from ..errors import InvalidGridError, MissingDependencyError, MultipleSolutionsError, NoSolutionError
from ..grid import Grid
from . import pure

BACKEND_ENV = "SUDOKUPRINT_BACKEND"


def _load_backends() -> dict[str, ModuleType]:
    backends: dict[str, ModuleType] = {}
    try:
        from . import native  # type: ignore[attr-defined]
    except ImportError:
        pass
    else:
        if native.available():
            backends[native.NAME] = native
    backends[pure.NAME] = pure
    return backends


_BACKENDS = _load_backends()


def backend_names() -> list[str]:
    """Names of the importable backends, the preferred one first."""
    return list(_BACKENDS)


def active_backend() -> ModuleType:
    """The backend in use: ``$SUDOKUPRINT_BACKEND`` if set, else the fastest importable.

    Raises :class:`MissingDependencyError` when the variable names a backend that is not there.
    """
    wanted = os.environ.get(BACKEND_ENV, "").strip().lower()
    if wanted:
        if wanted not in _BACKENDS:
            raise MissingDependencyError(
                f"{BACKEND_ENV}={wanted!r}, but only these solver backends are available: {', '.join(_BACKENDS)}"
            )
        return _BACKENDS[wanted]
    return next(iter(_BACKENDS.values()))


def get_backend(name: str | None = None) -> ModuleType:
    """A backend by name (``python`` or ``native``), or the active one."""
    if name is None:
        return active_backend()
    try:
        return _BACKENDS[name]
    except KeyError:
        raise MissingDependencyError(f"solver backend {name!r} is not available; have: {', '.join(_BACKENDS)}") from None


@dataclass(frozen=True)
class SolveResult:
    """How many solutions were found (up to the limit) and the first one."""

    count: int
    solution: Grid | None
    limit: int

    @property
    def is_unique(self) -> bool:
        return self.count == 1

    def describe(self) -> str:
        """``0``, ``1`` or ``2+`` (at the limit, more may exist)."""
        return f"{self.count}+" if self.count >= self.limit > 1 else str(self.count)


def search(grid: Grid, limit: int = 2, *, backend: str | None = None) -> SolveResult:
    """Count the solutions of ``grid`` up to ``limit`` and keep the first.

    Every value in the grid (givens and filled digits) is kept; a grid with
    conflicting digits has no solution.
    """
    if limit < 1:
        raise ValueError("limit must be at least 1")
    if not grid.is_valid():
        return SolveResult(0, None, limit)
    engine = get_backend(backend)
    count, first = engine.solve(grid.values, grid.shape, limit)
    solution = grid.with_values(first) if first is not None else None
    return SolveResult(count, solution, limit)


def count_solutions(grid: Grid, limit: int = 2, *, backend: str | None = None) -> int:
    """The number of solutions, counted up to ``limit`` (so ``2`` means "two or more")."""
    return search(grid, limit, backend=backend).count


def is_unique(grid: Grid, *, backend: str | None = None) -> bool:
    """True when the grid has exactly one solution."""
    return search(grid, 2, backend=backend).count == 1


def solve(grid: Grid, *, require_unique: bool = True, backend: str | None = None) -> Grid:
    """The solved grid (givens kept as givens, the rest filled in).

    Raises :class:`InvalidGridError` for conflicting digits,
    :class:`NoSolutionError` when there is no solution and, unless
    ``require_unique`` is false, :class:`MultipleSolutionsError` when there
    are several.
    """
    conflicts = grid.conflicts()
    if conflicts:
        raise InvalidGridError("; ".join(c.describe(grid.shape) for c in conflicts))
    result = search(grid, 2 if require_unique else 1, backend=backend)
    if result.solution is None:
        raise NoSolutionError("the puzzle has no solution")
    if result.count > 1:
        raise MultipleSolutionsError("the puzzle has more than one solution")
    return result.solution


def count_many(grids: Iterable[Grid], limit: int = 2, *, backend: str | None = None) -> Iterator[int]:
    """Solution counts (up to ``limit``) for many grids, using the backend's batch call where it has one."""
    engine = get_backend(backend)
    batch = getattr(engine, "count_many", None)
    if batch is None:
        for grid in grids:
            yield count_solutions(grid, limit, backend=backend)
        return
    yield from batch(grids, limit)
