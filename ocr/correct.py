"""Solver check: turn an unsure reading into the most probable one with exactly one solution.

When the digits as read conflict, have no solution or several, the unsure
cells' alternatives (their runner-up digits, or "empty" for a shape that may
be no digit) are tried, cheapest first, until a reading with exactly one
solution turns up.  Cells read with confidence at or above ``confident`` are
never changed.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass

from sudokuprint.grid import Grid
from sudokuprint.solver import search

CONFIDENT = 0.97
"""A cell read at least this surely is never changed by the solver check."""
MAX_UNSURE = 12
MAX_CHANGES = 3
MAX_TRIES = 2000


@dataclass(frozen=True)
class Correction:
    """One cell changed by the solver check (``to`` is 0 when a shape was dropped as no digit)."""

    cell: int
    was: int
    to: int
    confidence: float
    """How sure the reader was of ``was``."""


@dataclass(frozen=True)
class CheckedReading:
    """The reading after the solver check: values, changes made, and the solution count status."""

    values: tuple[int, ...]
    corrections: tuple[Correction, ...]
    status: str
    """``unique``, ``conflict``, ``no-solution`` or ``not-unique`` (of the final values)."""
    solution: Grid | None


def reading_status(values: tuple[int, ...]) -> tuple[str, Grid | None]:
    """``unique`` (with the solution), ``conflict``, ``no-solution`` or ``not-unique``."""
    grid = Grid.from_values(values)
    if grid.conflicts():
        return "conflict", None
    result = search(grid, 2)
    if result.count == 0:
        return "no-solution", None
    if result.count > 1:
        return "not-unique", None
    return "unique", result.solution


def check_reading(
    values: list[int],
    alternatives: dict[int, list[tuple[int, float]]],
    *,
    confident: float = CONFIDENT,
) -> CheckedReading:
    """Check a reading with the solver and correct unsure cells if needed.

    ``values`` are the 81 read digits (0 = empty); ``alternatives[cell]`` lists
    ``(digit, probability)`` for a given cell, most probable first (digit 0 =
    no digit at all).  The cheapest set of at most :data:`MAX_CHANGES` changes
    among the :data:`MAX_UNSURE` least sure cells that gives exactly one
    solution wins; the cost of a change is the drop in log-probability.
    """
    start = tuple(values)
    status, solution = reading_status(start)
    if status == "unique":
        return CheckedReading(start, (), status, solution)
    unsure = sorted(
        (cell for cell, options in alternatives.items() if options and options[0][1] < confident),
        key=lambda cell: alternatives[cell][0][1],
    )[:MAX_UNSURE]
    moves: list[tuple[float, int, int]] = []  # (cost, cell, new digit)
    for cell in unsure:
        best = alternatives[cell][0][1]
        for digit, probability in alternatives[cell][1:]:
            if probability > 1e-4 and digit != start[cell]:
                moves.append((math.log(best) - math.log(probability), cell, digit))
    moves.sort()
    # best-first over sets of moves (indices increasing, one move per cell)
    heap: list[tuple[float, tuple[int, ...]]] = [(cost, (i,)) for i, (cost, _, _) in enumerate(moves)]
    heapq.heapify(heap)
    tries = 0
    while heap and tries < MAX_TRIES:
        cost, chosen = heapq.heappop(heap)
        tries += 1
        trial = list(start)
        for i in chosen:
            _, cell, digit = moves[i]
            trial[cell] = digit
        status_, solution_ = reading_status(tuple(trial))
        if status_ == "unique":
            corrections = tuple(
                Correction(moves[i][1], start[moves[i][1]], moves[i][2], alternatives[moves[i][1]][0][1])
                for i in chosen
            )
            return CheckedReading(tuple(trial), corrections, status_, solution_)
        if len(chosen) < MAX_CHANGES:
            used = {moves[i][1] for i in chosen}
            for j in range(chosen[-1] + 1, len(moves)):
                if moves[j][1] not in used:
                    heapq.heappush(heap, (cost + moves[j][0], chosen + (j,)))
    return CheckedReading(start, (), status, None)
