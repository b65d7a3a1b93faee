"""sudokuprint: publish Sudoku on paper and read paper back.

The core for scripts::

    >>> import sudokuprint
    >>> grid = sudokuprint.parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    >>> sudokuprint.is_unique(grid)
    True
    >>> sudokuprint.solve(grid).to_string()[:9]
    '417369825'
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .errors import (
    InvalidGridError,
    MissingDependencyError,
    MultipleSolutionsError,
    NoSolutionError,
    ParseError,
    SolverTimeoutError,
    SudokuprintError,
    UnknownFormatError,
    UnsupportedError,
)

__version__ = "0.1.0"

_LAZY = {
    "Record": "formats", "parse": "formats", "read_file": "formats", "read_text": "formats", "write": "formats",
    "Conflict": "grid", "Grid": "grid", "Shape": "shape",
    "SolveResult": "solver", "count_many": "solver", "count_solutions": "solver", "is_unique": "solver",
    "search": "solver", "search_many": "solver", "solve": "solver", "solve_many": "solver",
    "scan": "api", "booklet": "api", "answers": "api", "worksheet": "api", "book": "api",
}
"""Names imported on first use: ``import sudokuprint`` (and so every command's
start-up) loads none of the formats, solver, OCR nor rendering until asked."""

if TYPE_CHECKING:
    from .api import answers, book, booklet, scan, worksheet
    from .formats import Record, parse, read_file, read_text, write
    from .grid import Conflict, Grid
    from .shape import Shape
    from .solver import SolveResult, count_many, count_solutions, is_unique, search, search_many, solve, solve_many


def __getattr__(name: str) -> Any:
    """The names of :data:`_LAZY`, imported from their module when first asked for."""
    if name in _LAZY:
        value = getattr(import_module(f"{__name__}.{_LAZY[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "Conflict",
    "Grid",
    "InvalidGridError",
    "MissingDependencyError",
    "MultipleSolutionsError",
    "NoSolutionError",
    "ParseError",
    "Record",
    "Shape",
    "SolveResult",
    "SolverTimeoutError",
    "SudokuprintError",
    "UnknownFormatError",
    "UnsupportedError",
    "count_many",
    "count_solutions",
    "is_unique",
    "parse",
    "read_file",
    "read_text",
    "search",
    "search_many",
    "solve",
    "solve_many",
    "write",
    "__version__",
    "answers",
    "book",
    "booklet",
    "scan",
    "worksheet",
]
