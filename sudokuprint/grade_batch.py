"""The work of one puzzle for ``grade``: the logic engine's grade as a report row.

Apart from :mod:`.batch` (check, solve) so that those commands never load
the logic engine; :func:`grade_item` lives at module level so
:mod:`sudokuprint.executor` can send it to worker processes.
"""

from __future__ import annotations

from .batch import Item
from .deadline import time_limit
from .errors import SolverTimeoutError, SudokuprintError
from .logic import grade

GRADE_NEEDS = (__name__,)
"""What :func:`grade_item` needs imported (the logic engine, with this module), for ``run_all(warm=...)``."""


def grade_item(numbered: tuple[int, Item], timeout: float | None = None) -> dict:
    """Grade one item (its id is the record's ``id`` or its number); an error becomes an ``error`` entry, and a
    grade that takes longer than ``timeout`` seconds is given up (``status`` ``timeout``)."""
    number, (source, record) = numbered
    puzzle_id = str(record.meta.get("id") or number)
    try:
        with time_limit(timeout):
            result = grade(record.grid, puzzle_id).to_dict()
    except SolverTimeoutError as error:
        result = {"puzzle": record.grid.to_string(), "status": "timeout", "error": str(error)}
    except SudokuprintError as error:
        result = {"puzzle": record.grid.to_string(), "error": str(error)}
    return {"source": source, "line": record.line, **result}
