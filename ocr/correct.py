"""Solver check: turn an unsure reading into the most probable one with exactly one solution, never inventing.

When the digits as read conflict, have no solution or several, the unsure
cells are first tried as empty (least sure first, up to :data:`MAX_CHANGES`
of them).  If the rest has exactly one solution, each dropped cell gets the
solution's digit back only when the reader itself saw that digit as a
possible reading (at least :data:`RESTORE` probable); otherwise it stays
empty, since a noise blob must not become the solution's digit.  Only when no
set of drops works are the unsure cells' runner-up digits tried, cheapest
first.  Cells read with confidence at or above ``confident`` are never
changed, and every change says why.
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
RESTORE = 0.02
"""A dropped cell gets the solution's digit back when the reader gave that digit at least this probability."""
UNCLEAR = 0.1
"""A handwritten entry reads as the solution's digit instead of the reader's first choice only when the reader gave
the solution's digit at least this share of its first choice's probability (the reading is unclear between them).
Chosen on Wicht mixed (``benchmarks/ocr_mixed.py --wrong-entries 3``): at 0.2, 8,135 of 8,257 entries read right
and 3 of 937 wrong entries taken for the solution's digit; at 0.1, 8,140 and 4.  Its scores on other sources:
``benchmarks/RESULTS.md``."""


@dataclass(frozen=True)
class Correction:
    """One cell changed by the solver check (``to`` is 0 when a shape was dropped as no digit)."""

    cell: int
    was: int
    to: int
    confidence: float
    """How sure the reader was of ``was``."""
    why: str = ""
    """One sentence: why the cell was changed."""


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
    no digit at all).  Among the :data:`MAX_UNSURE` least sure cells, the
    fewest, least sure ones whose emptying leaves exactly one solution are
    emptied first (see the module's docstring); failing that, the cheapest set
    of at most :data:`MAX_CHANGES` runner-up digits giving exactly one solution
    wins, the cost of a change being the drop in log-probability.
    """
    start = tuple(values)
    status, solution = reading_status(start)
    if status == "unique":
        return CheckedReading(start, (), status, solution)
    unsure = sorted(
        (cell for cell, options in alternatives.items() if options and options[0][1] < confident and start[cell]),
        key=lambda cell: alternatives[cell][0][1],
    )[:MAX_UNSURE]
    dropped = _drop_first(start, unsure, alternatives, status)
    if dropped is not None:
        return dropped
    moves: list[tuple[float, int, int]] = []  # (cost, cell, new digit)
    for cell in unsure:
        best = alternatives[cell][0][1]
        for digit, probability in alternatives[cell][1:]:
            if probability > 1e-4 and digit != start[cell]:
                moves.append((math.log(best) - math.log(probability), cell, digit))
    moves.sort()
    found = _best_first(start, moves)
    if found is None:
        return CheckedReading(start, (), status, None)
    chosen, trial, solution_ = found
    corrections = []
    for i in chosen:
        _, cell, digit = moves[i]
        p_was = alternatives[cell][0][1]
        p_to = dict(alternatives[cell]).get(digit, 0.0)
        what = "no digit" if digit == 0 else str(digit)
        corrections.append(Correction(cell, start[cell], digit, p_was, (
            f"read as {start[cell]} ({p_was:.0%}) the puzzle was {status}; {what}, one of the reader's next "
            f"choices ({p_to:.0%}), gives one solution together with the other changes, and emptying cells alone "
            "did not")))
    return CheckedReading(tuple(trial), tuple(corrections), "unique", solution_)


def _best_first(start: tuple[int, ...], moves: list[tuple[float, int, int]]
                ) -> tuple[tuple[int, ...], list[int], Grid] | None:
    """The cheapest set of at most :data:`MAX_CHANGES` moves (one per cell) giving exactly one solution."""
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
        if status_ == "unique" and solution_ is not None:
            return chosen, trial, solution_
        if len(chosen) < MAX_CHANGES:
            used = {moves[i][1] for i in chosen}
            for j in range(chosen[-1] + 1, len(moves)):
                if moves[j][1] not in used:
                    heapq.heappush(heap, (cost + moves[j][0], chosen + (j,)))
    return None


def _drop_first(start: tuple[int, ...], unsure: list[int], alternatives: dict[int, list[tuple[int, float]]],
                status: str) -> CheckedReading | None:
    """Empty the fewest, least sure cells that leave exactly one solution; give back digits the reader saw."""
    moves = []
    for cell in unsure:
        confidence = min(max(alternatives[cell][0][1], 1e-6), 1 - 1e-6)  # a reading of 0 or 1 has finite odds
        moves.append((math.log(confidence) - math.log(1 - confidence), cell, 0))
    moves.sort()
    found = _best_first(start, moves)
    if found is None:
        return None
    chosen, trial, solution = found
    corrections = []
    for i in chosen:
        cell = moves[i][1]
        was, p_was = start[cell], alternatives[cell][0][1]
        truth = solution.values[cell]
        p_truth = dict(alternatives[cell]).get(truth, 0.0)
        if p_truth >= RESTORE:
            trial[cell] = truth
            why = (f"read as {was} ({p_was:.0%}) the puzzle was {status}; without it the puzzle has one solution, "
                   f"whose {truth} the reader also saw there ({p_truth:.0%})")
        else:
            why = (f"read as {was} ({p_was:.0%}) the puzzle was {status}; without it the puzzle has one solution, "
                   f"so the shape was dropped as no given (the reader did not see the solution's {truth} there)")
        corrections.append(Correction(cell, was, trial[cell], p_was, why))
    return CheckedReading(tuple(trial), tuple(corrections), "unique", solution)


FAINT_SURE = 0.85
"""A faint digit shape (:func:`ocr.cells.faint_digits`) is taken as a given only when read at least this surely
(0.9 until the curved grid lines of issue 27 cut Wicht mixed image71's faded 7 a little differently: read at 0.86;
it is only tried when the givens alone leave the puzzle open, and only kept when it breaks nothing)."""


def take_faint(values: list[int], alternatives: dict[int, list[tuple[int, float]]],
               candidates: list[tuple[int, tuple[tuple[int, float], ...]]]) -> list[Correction]:
    """Faded givens: when ``values`` (the givens read) have several solutions, the faint digit shapes of empty
    cells (``candidates``: cell, ranked ``(digit, probability)`` as print) are added one by one, the surest
    first, each kept unless it breaks the puzzle, until it has exactly one solution; none is added when that
    never happens.  Changes ``values`` and ``alternatives`` in place; returns the givens added.
    """
    if reading_status(tuple(values))[0] != "not-unique":
        return []
    trial, chosen = list(values), []
    for cell, options in sorted(candidates, key=lambda c: -c[1][0][1]):
        digit, probability = options[0]
        if probability < FAINT_SURE or trial[cell] != 0 or digit == 0:
            continue
        trial[cell] = digit
        status, _ = reading_status(tuple(trial))
        if status in ("conflict", "no-solution"):
            trial[cell] = 0
            continue
        chosen.append((cell, options))
        if status == "unique":
            break
    else:
        return []
    changes = []
    for cell, options in chosen:
        values[cell] = options[0][0]
        alternatives[cell] = list(options)
        changes.append(Correction(cell, 0, options[0][0], options[0][1], (
            f"a {options[0][0]} in ink paler than the givens' was taken for a faded given: the givens read "
            "alone had several solutions")))
    return changes


def rank_entry(alternatives: tuple[tuple[int, float], ...], solution: int | None) -> tuple[int, float, int | None]:
    """A handwritten entry's digit, its probability, and the reader's own first choice when they differ.

    ``alternatives`` are the reader's ``(digit, probability)``, most probable first.  The solution ranks an
    unclear reading only: its digit is taken when the reader saw it at least :data:`UNCLEAR` as probable as its
    first choice; a clear reading of another digit stays (a solver's mistake is reported, never corrected).
    Its effect on held-out Wicht mixed photos: ``benchmarks/RESULTS.md``.
    """
    first, p_first = alternatives[0] if alternatives else (0, 0.0)
    if solution is None or solution == first:
        return first, p_first, None
    p_solution = dict(alternatives).get(solution, 0.0)
    if p_solution > 0.0 and p_solution >= UNCLEAR * p_first:
        return solution, p_solution, first
    return first, p_first, None
