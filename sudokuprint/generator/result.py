"""What the generator makes, and how it says it could not."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..errors import ExitCode, SudokuprintError
from ..grid import Grid
from ..notation import puzzle_string
from ..shape import CLASSIC, Shape

if TYPE_CHECKING:
    from ..logic.grading import Grade


@dataclass(frozen=True)
class Generated:
    """A puzzle with a unique solution, its solution and its grade."""

    shape: Shape
    puzzle: tuple[int, ...]
    solution: tuple[int, ...]
    graded_as: Grade | None = None
    """The engine's grade, or None when the puzzle was not graded (nothing of the engine is loaded then)."""

    @property
    def clues(self) -> int:
        return len(self.puzzle) - self.puzzle.count(0)

    @property
    def puzzle_bytes(self) -> bytes:
        """The puzzle's cell values as bytes, one a cell (made once: a collection reads them several times)."""
        found = self.__dict__.get("_puzzle_bytes")
        if found is None:  # kept by hand: a cached_property takes a lock to compute it (Python 3.11)
            found = bytes(self.puzzle)
            object.__setattr__(self, "_puzzle_bytes", found)
        return found

    @property
    def solution_bytes(self) -> bytes:
        """The solution's cell values as bytes, one a cell (made once)."""
        found = self.__dict__.get("_solution_bytes")
        if found is None:
            found = bytes(self.solution)
            object.__setattr__(self, "_solution_bytes", found)
        return found

    @property
    def given_cells(self) -> frozenset[int]:
        return frozenset(c for c, v in enumerate(self.puzzle) if v)

    def grid(self) -> Grid:
        """The puzzle as a :class:`Grid` (givens only)."""
        return Grid.from_values(self.puzzle, self.shape)

    def solution_grid(self) -> Grid:
        """The solution as a :class:`Grid`, the puzzle's givens marked as givens."""
        return Grid.from_values(self.solution, self.shape, givens=self.given_cells)

    def pattern_code(self) -> str | None:
        """``HHHHHHHHHH[C]_<solution>`` (docs/formats.md §7) for a 180°-symmetric 9x9 puzzle, else None.

        The code is that of :func:`sudokuprint.patterns.code.encode_pattern`, read
        straight off the cells: bit ``k`` of the 40-bit number is cell ``k`` (cell 0
        the highest), as 10 hex digits, then ``1`` when the centre is a given
        (a test holds the two to the same codes).
        """
        if self.shape is not CLASSIC and self.shape != CLASSIC:
            return None
        given = self.puzzle_bytes.translate(_IS_GIVEN)
        if given != given[::-1]:  # a 180° turn reverses the cells
            return None
        code = f"{int(given[:_HALF], 2):010X}" + ("1" if given[_HALF] == _ONE else "")
        return f"{code}_{puzzle_string(self.solution_bytes)}"


_IS_GIVEN = b"0" + b"1" * 255
"""Cell value → ASCII ``1`` for a given, ``0`` for an empty cell (``bytes.translate`` table)."""
_ONE = ord("1")
_HALF = 40
"""Cells 0-39 are coded; 40 is the centre, 41-80 their mirrors."""


def count_bucket(count: int, limit: int) -> tuple[int, str]:
    """The histogram bin of a solution count: 0, 1, 2, 3-9, 10-99, ... and ``limit+``; (lower bound, label)."""
    if count >= limit:
        return limit, f"{limit}+"
    if count < 3:
        return count, str(count)
    low = 3 if count < 10 else 10 ** (len(str(count)) - 1)
    high = min(10 if low == 3 else low * 10, limit) - 1
    return low, f"{low}-{high}"


@dataclass
class SearchStats:
    """How a search went: tries, a histogram of solution counts (binned), seconds spent."""

    tries: int = 0
    histogram: Counter = field(default_factory=Counter)
    seconds: float = 0.0
    count_limit: int = 2

    def record(self, count: int) -> None:
        self.tries += 1
        self.histogram[count_bucket(count, self.count_limit)] += 1

    def describe(self) -> str:
        """``120 tries in 3.1 s; solution counts: 2×7, 10-99×40, 10000+×73``."""
        parts = [f"{label}×{self.histogram[(low, label)]}" for low, label in sorted(self.histogram)]
        histogram = ", ".join(parts) if parts else "none"
        return f"{self.tries} tries in {self.seconds:.1f} s; solution counts of fresh fills: {histogram}"


class GenerationError(SudokuprintError):
    """The generator could not make what was asked (impossible or unproductive within the limits)."""

    def __init__(self, reason: str, stats: SearchStats | None = None) -> None:
        self.reason = reason
        self.stats = stats
        super().__init__(reason + (f" ({stats.describe()})" if stats is not None else ""))


class ImpossiblePatternError(GenerationError):
    """A pattern that can never hold a puzzle with a unique solution."""

    exit_code = ExitCode.USAGE
