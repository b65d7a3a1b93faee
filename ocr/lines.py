"""Stage 4: locate the cell lines in the rectified grid.

Spacing is not assumed even and lines need not be straight: each of the ten
lines in each direction is found band by band (one band per cell along it)
and fitted with a gentle curve, so a slightly bent page or an outline a
little off still gives the right cells.  The result is the 10 x 10 lattice
of line crossings.
"""

from __future__ import annotations

import cv2
import numpy as np

from .debug import NO_DEBUG, DebugSink
from .detect import ink_mask
from .rectify import Rectified
from .ridges import band_offsets

SEARCH = 0.3
"""How far (in cells) a line is looked for from where it is expected."""


def _line_strokes(image: np.ndarray, cell: int) -> np.ndarray:
    """Horizontal strokes longer than most of a digit, as floats 0..1."""
    ink = ink_mask(image)
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (max(3, int(cell * 0.7)), 1))
    return cv2.morphologyEx(ink, cv2.MORPH_OPEN, kernel).astype(np.float32) / 255.0


def _peak(profile: np.ndarray, center: float, reach: int) -> tuple[float, float]:
    """Position (sub-pixel) and height of the strongest ridge near ``center``."""
    low = max(0, int(round(center)) - reach)
    high = min(len(profile), max(low, int(round(center)) + reach + 1))  # a centre far outside: an empty window
    window = profile[low:high]
    if window.size == 0:
        return center, 0.0
    top = int(np.argmax(window))
    height = float(window[top])
    if height <= 0:
        return center, 0.0
    # centre of the ridge: mean position of the values close to the top
    strong = window >= 0.7 * height
    positions = np.arange(low, high)[strong]
    weights = window[strong]
    return float((positions * weights).sum() / weights.sum()), height


def _fit_lattice(profile: np.ndarray, cell: int, margin: int) -> tuple[float, float]:
    """Start and spacing of the ten evenly spaced ridges that best match a profile.

    This finds the grid even when the outline was half a cell off or a little
    too large or small; each line is then refined on its own.
    """
    smooth = cv2.GaussianBlur(profile.reshape(-1, 1), (1, 5), 0).ravel()
    positions = np.arange(len(smooth))
    spacings = np.linspace(0.88 * cell, 1.12 * cell, 25)
    starts = np.arange(margin - 0.6 * cell, margin + 0.6 * cell + 0.5, 1.0)
    spacing_grid, start_grid = np.meshgrid(spacings, starts)
    lines = start_grid.ravel()[:, None] + np.arange(10)[None, :] * spacing_grid.ravel()[:, None]
    inside = (lines[:, 0] >= 0) & (lines[:, -1] <= len(smooth) - 1)
    scores = np.interp(lines, positions, smooth).sum(axis=1)
    scores[~inside] = -1.0
    best = int(np.argmax(scores))
    return float(start_grid.ravel()[best]), float(spacing_grid.ravel()[best])


def _horizontal_lines(strokes: np.ndarray, cell: int, margin: int) -> np.ndarray:
    """For each of the 10 horizontal lines, its fitted y at each of 9 band centres (10 x 9).

    The lattice's offset in each band (:func:`~ocr.ridges.band_offsets`: a bowed page's lines sag together) is
    found first and taken out; then each line is found band by band near where the lattice puts it.
    """
    reach = max(2, int(SEARCH * cell))
    bands = strokes[:, margin : margin + 9 * cell].reshape(strokes.shape[0], 9, cell).mean(axis=2)
    smooth = cv2.GaussianBlur(bands, (1, 3), 0)
    offsets = band_offsets(smooth, max(2, cell // 6))
    rows = np.arange(smooth.shape[0], dtype=np.float64)
    straightened = np.stack([np.interp(rows + offsets[band], rows, bands[:, band]) for band in range(9)], axis=1)
    whole = straightened.mean(axis=1)
    start, spacing = _fit_lattice(whole, cell, margin)
    expected = np.array([_peak(whole, start + i * spacing, max(2, reach * 2 // 3))[0] for i in range(10)])
    # keep the order and rough spacing: a line found too close to its neighbour falls back to even spacing
    xs = np.arange(9) + 0.5
    fitted = np.zeros((10, 9))
    for index in range(10):
        found = [_peak(smooth[:, band], expected[index] + offsets[band], max(2, reach // 2)) for band in range(9)]
        ys = np.array([f[0] for f in found])
        heights = np.array([f[1] for f in found])
        good = heights >= max(0.25, 0.5 * np.median(heights))
        if good.sum() >= 5:
            # a robust quadratic: fit, drop the worst outliers, refit
            coefficients = np.polyfit(xs[good], ys[good], 2)
            residual = np.abs(np.polyval(coefficients, xs) - ys)
            good &= residual <= max(1.5, 2.5 * np.median(residual[good]))
            if good.sum() >= 5:
                coefficients = np.polyfit(xs[good], ys[good], 2)
            fitted[index] = np.polyval(coefficients, xs)
        elif good.sum() >= 2:
            fitted[index] = np.polyval(np.polyfit(xs[good], ys[good], 1), xs)
        else:
            fitted[index] = expected[index] + offsets
    return fitted


def locate_lines(rectified: Rectified, *, debug: DebugSink = NO_DEBUG) -> np.ndarray:
    """The 10 x 10 crossings of the grid lines, as (x, y) in rectified pixels (array 10 x 10 x 2).

    Row ``i``, column ``j`` is where horizontal line ``i`` meets vertical line ``j``.
    """
    image, cell, margin = rectified.image, rectified.cell, rectified.margin
    rows = _horizontal_lines(_line_strokes(image, cell), cell, margin)  # y of line i at column band k
    columns = _horizontal_lines(_line_strokes(image.T.copy(), cell), cell, margin)  # x of line j at row band k
    band_centres = margin + (np.arange(9) + 0.5) * cell
    crossings = np.zeros((10, 10, 2))
    for i in range(10):
        for j in range(10):
            x: float = margin + j * cell
            y: float = margin + i * cell
            for _ in range(3):
                y = _extrapolate(x, band_centres, rows[i])
                x = _extrapolate(y, band_centres, columns[j])
            crossings[i, j] = (x, y)
    if debug.enabled:
        picture = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
        for i in range(10):
            cv2.polylines(picture, [crossings[i].astype(np.int32)], False, (0, 0, 255), 1)
            cv2.polylines(picture, [crossings[:, i].astype(np.int32)], False, (0, 160, 0), 1)
        debug.save("lines", picture)
    return crossings


def _extrapolate(at: float, positions: np.ndarray, values: np.ndarray) -> float:
    """Linear interpolation that continues the end segments beyond the ends."""
    if at <= positions[0]:
        slope = (values[1] - values[0]) / (positions[1] - positions[0])
        return float(values[0] + slope * (at - positions[0]))
    if at >= positions[-1]:
        slope = (values[-1] - values[-2]) / (positions[-1] - positions[-2])
        return float(values[-1] + slope * (at - positions[-1]))
    return float(np.interp(at, positions, values))
