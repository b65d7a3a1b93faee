"""The contract every solver engine keeps (after tdoku's ``count = solve(puzzle, limit)``).

Two engines keep it, each a module: :mod:`.pure` (Python, always there) and
:mod:`.native` (the C extension, when it was built). Code that takes an
engine (``get_backend()``) types it :class:`SolverBackend`; mypy checks that
both modules conform.
"""

from __future__ import annotations

from typing import Protocol, Sequence

from ..shape import Shape


class SolverBackend(Protocol):
    """A solver engine: counts solutions up to a limit and keeps the first one.

    Values are cell values, 0 for empty (givens and filled digits alike); a
    grid whose digits clash has no solution (count 0). Every call is bounded:
    ``time_limit`` seconds raises ``TimeoutError``, setting ``stop[0]`` raises
    ``InterruptedError``.
    """

    NAME: str
    """The engine's name, as ``SUDOKUPRINT_BACKEND`` and ``sudokuprint --version`` say it."""

    def solve(
        self,
        values: Sequence[int],
        shape: Shape,
        limit: int,
        *,
        time_limit: float | None = None,
        stop: bytearray | None = None,
    ) -> tuple[int, list[int] | None]:
        """The number of solutions, counted up to ``limit``, and the first one (None when there is none)."""
        ...

    def solve_bytes(
        self, values: bytes, shape: Shape, limit: int, time_limit: float | None = None, stop: bytearray | None = None
    ) -> tuple[int, bytes | None]:
        """:meth:`solve` of values packed one byte a cell, the first solution packed too (the hot path)."""
        ...

    def count_buffer(
        self,
        buffer: bytes,
        shape: Shape,
        limit: int,
        *,
        time_limit: float | None = None,
        stop: bytearray | None = None,
        solutions: bytearray | None = None,
    ) -> list[int]:
        """Counts of puzzles packed back to back (``solutions``, as long, receives each first solution);
        a stop or a time-out names the puzzle in the exception's ``puzzle`` attribute."""
        ...
