"""Creases and folds: a long thin straight line across a row (or column) of cells, removed before digits are read.

A newspaper folded or creased before its photo was taken shows a thin line, darker than the paper,
running straight across several cells of the grid.  Where it crosses a digit it joins the digit's strokes and
changes its shape (a printed 1 crossed by a dark line reads as a handwritten 2).  A line is taken for a crease
when, in at least :data:`MIN_CELLS` cells of one row of the grid, the same thin band of pixel rows is darker than
the rows above and below it across nearly the whole width of each cell -- digits' strokes never span a cell's width
-- and the band is removed from every one of the row's cells by filling it from the pixel rows just above and
below it.  Columns are treated the same, turned.
"""

from __future__ import annotations

import numpy as np

BORDER = 0.15
"""Fraction of the cell at each edge left out (grid lines live there)."""
SPAN = 0.2
"""A crease's pixel row is off the paper in all but this fraction of the cell's width (a low percentile)."""
REACH = 0.1
"""...compared with the rows this far (fraction of the cell) above and below it."""
MIN_STRENGTH = 12.0
"""...by at least this many grey levels (after the cell's paper is evened out)."""
MAX_WIDTH = 0.15
"""A crease is at most this thick (fraction of the cell)."""
MIN_CELLS = 6
"""A crease runs through at least this many cells of one row, at the same height within :data:`ALIGN` (a fold
crosses the grid: Wicht image1049's shows in 8 of its row's 9 cells; the stems of handwritten digits that line up
by chance on a solved page, in 5)."""
LENGTH = 0.75
"""...and, in the median of those cells, is darker than the pixel rows beside it along at least this share of the
cell's whole width, its border included (image1049's crease: 0.91; the lined-up stems of a solved page: 0.6): a
crease crosses each cell from edge to edge, a digit's stroke does not."""
ALIGN = 0.08
"""Fraction of the cell the crease's height may vary from cell to cell."""


def _profiles(cells: np.ndarray) -> np.ndarray:
    """For each cell of ``cells`` (n x size x size), how much darker each pixel row is than the rows
    :data:`REACH` of the cell above and below it, across all but :data:`SPAN` of the cell's width (0 near the
    border rows): a 1-D top-hat, blind to shading and to strokes that do not span the cell (n x size)."""
    size = cells.shape[1]
    edge = int(round(BORDER * size))
    reach = max(2, int(round(REACH * size)))
    dark = np.percentile(cells[:, :, edge:-edge], 100 * (1 - SPAN), axis=2)  # dark across all but SPAN of a row
    rows = np.arange(size)
    beside = np.minimum(dark[:, np.clip(rows - reach, 0, size - 1)], dark[:, np.clip(rows + reach, 0, size - 1)])
    profile = np.maximum(beside - dark, 0.0)
    profile[:, :edge] = 0.0
    profile[:, size - edge:] = 0.0
    return profile


def _band(profile: np.ndarray, size: int) -> tuple[int, int] | None:
    """The thin band of rows (first, last) where the profile peaks, or None when there is no thin dark line."""
    peak = int(np.argmax(profile))
    if profile[peak] < MIN_STRENGTH:
        return None
    half = profile[peak] / 2
    first = last = peak
    while first > 0 and profile[first - 1] >= half:
        first -= 1
    while last < len(profile) - 1 and profile[last + 1] >= half:
        last += 1
    if last - first + 1 > max(2, MAX_WIDTH * size):
        return None
    return max(first - 1, 0), min(last + 1, len(profile) - 1)  # and the line's soft edges


def _fill(cell: np.ndarray, first: int, last: int) -> np.ndarray:
    """The cell with rows ``first..last`` filled linearly from the rows just above and below them."""
    out = cell.astype(np.float32).copy()
    above, below = max(first - 1, 0), min(last + 1, cell.shape[0] - 1)
    for row in range(first, last + 1):
        t = (row - above) / max(below - above, 1)
        out[row] = (1 - t) * out[above] + t * cell[below].astype(np.float32)
    return np.clip(out, 0, 255).astype(cell.dtype)


def _length_share(cell: np.ndarray, band: tuple[int, int]) -> float:
    """The share of the cell's whole width along which its pixel rows ``band`` are darker than the rows
    :data:`REACH` of the cell above and below them (by half :data:`MIN_STRENGTH`)."""
    size = cell.shape[0]
    reach = max(2, int(round(REACH * size)))
    first, last = band
    line = cell[first : last + 1].min(axis=0)
    beside = np.minimum(cell[max(first - reach, 0)], cell[min(last + reach, size - 1)])
    return float(np.mean(beside - line > MIN_STRENGTH / 2))


def _row_creases(profiles: np.ndarray, cells: np.ndarray, size: int) -> dict[int, tuple[int, int]]:
    """Of one row's cells (their profiles and images, left to right): cell position -> band of a crease across the
    row."""
    bands = {k: band for k, profile in enumerate(profiles) if (band := _band(profile, size)) is not None}
    if len(bands) < MIN_CELLS:
        return {}
    middle = float(np.median([(a + b) / 2 for a, b in bands.values()]))
    aligned = {k: (a, b) for k, (a, b) in bands.items() if abs((a + b) / 2 - middle) <= ALIGN * size}
    if len(aligned) < MIN_CELLS or np.median([_length_share(cells[k], band) for k, band in aligned.items()]) < LENGTH:
        return {}
    return aligned


def remove_creases(images: list[np.ndarray]) -> tuple[list[np.ndarray], list[int]]:
    """The 81 cell images (row by row) with creases removed (see the module's docstring), and the cells changed."""
    out = list(images)
    changed: list[int] = []
    size = images[0].shape[0]
    stack = np.stack(images).astype(np.float32)
    for turned in (False, True):
        oriented = stack.transpose(0, 2, 1) if turned else stack
        profiles = _profiles(oriented)
        for line in range(9):
            indices = [line * 9 + k for k in range(9)] if not turned else [k * 9 + line for k in range(9)]
            for k, (first, last) in _row_creases(profiles[indices], oriented[indices], size).items():
                cell = out[indices[k]]
                filled = _fill(cell.T if turned else cell, first, last)
                out[indices[k]] = np.ascontiguousarray(filled.T) if turned else filled
                changed.append(indices[k])
    return out, sorted(set(changed))
