"""Refuse what is not a Sudoku: a crossword's black squares, too few digits, a table's repeated numbers.

:func:`not_sudoku` says why a 9 x 9 lattice found in a photo is not a Sudoku (or ``None``); the scan
raises :class:`sudokuprint.errors.NoGridError` with that reason.
"""

from __future__ import annotations

import cv2
import numpy as np

from .grid_cells import GridCells
from .rectify import Rectified

MIN_DIGITS = 17
"""A 9 x 9 lattice with fewer digits than this (the fewest a Sudoku can have) is not a Sudoku."""
MAX_SOLID_CELLS = 1
"""A lattice with more cells than this filled solid with ink (a crossword's black squares) is not a Sudoku."""
SOLID = 0.7
"""A cell is solid when this share of its inside is at least half as dark as the grid's darkest ink."""
MAX_REPEATS = 8
"""More pairs of equal printed digits in a unit than this (a misread Sudoku has a few) mean a table of numbers."""
MAX_REPEATS_ALL = 40
"""The same for all digits, printed and handwritten (a solver's mistakes repeat digits too, but not this often)."""


def solid_cells(rectified: Rectified) -> int:
    """How many cells of the flat grid are filled solid with ink (a crossword's black squares).

    Ink is measured against the paper within about a cell and a half (a black-hat), so a
    shadow or dim light, which darkens paper and ink alike over a larger area, does not count.
    """
    image, cell, margin = rectified.image, rectified.cell, rectified.margin
    size = int(1.6 * cell) | 1
    darkness = cv2.morphologyEx(image, cv2.MORPH_BLACKHAT,
                                cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))).astype(np.float32)
    inset = cell // 5
    insides = [darkness[margin + r * cell + inset : margin + (r + 1) * cell - inset,
                        margin + c * cell + inset : margin + (c + 1) * cell - inset] for r in range(9) for c in range(9)]
    strongest = max(float(np.percentile(darkness, 99.5)), 12.0)
    return sum(1 for inside in insides if float((inside > 0.5 * strongest).mean()) >= SOLID)


def repeated_digits(values: list[int]) -> int:
    """Pairs of cells in one row, column or box that hold the same digit."""
    grid = np.array(values).reshape(9, 9)
    units = [grid[r] for r in range(9)] + [grid[:, c] for c in range(9)]
    units += [grid[r : r + 3, c : c + 3].ravel() for r in (0, 3, 6) for c in (0, 3, 6)]
    pairs = 0
    for unit in units:
        counts = np.bincount(unit[unit > 0], minlength=10)
        pairs += int((counts * (counts - 1) // 2).sum())
    return pairs


def _puzzle_in_print(values: list[int] | None) -> bool:
    """The printed digits alone look like a Sudoku's givens: at least :data:`MIN_DIGITS`, none repeated in a unit.

    Then many repeats among all the digits are the handwriting's (a page solved in a hand the reader misreads), not
    a table of numbers: a table read as print repeats its digits there too."""
    return values is not None and sum(1 for v in values if v) >= MIN_DIGITS and repeated_digits(values) == 0


def not_sudoku(found: GridCells, values: list[int] | None = None, every: list[int] | None = None) -> str | None:
    """Why the lattice found is not a Sudoku (a crossword, a table of numbers, an empty form), or ``None``.

    ``values`` are the printed digits read (81, 0 = none), when known; handwritten ones may
    repeat (a solver's mistakes), printed ones may not; ``every`` are all digits read (their repeats do not count
    when the printed digits alone are a puzzle's givens: :func:`_puzzle_in_print`).
    """
    solid = solid_cells(found.rectified)
    if solid > MAX_SOLID_CELLS:
        return f"{solid} cells of the 9 x 9 lattice are solid ink (a crossword?)"
    digits = sum(1 for r in found.readings if r.digit is not None)
    if digits < MIN_DIGITS:
        return f"only {digits} digits in the 9 x 9 lattice (a Sudoku has at least {MIN_DIGITS})"
    if values is not None and repeated_digits(values) > MAX_REPEATS:
        return f"digits repeat {repeated_digits(values)} times within rows, columns and boxes (a table of numbers?)"
    if every is not None and repeated_digits(every) > MAX_REPEATS_ALL and not _puzzle_in_print(values):
        return f"digits repeat {repeated_digits(every)} times within rows, columns and boxes (a table of numbers?)"
    return None
