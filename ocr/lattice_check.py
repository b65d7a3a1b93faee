"""Stage 2b: the outline is the grid, i.e. check the lattice an outline stands for, and move it onto the grid.

A straight edge next to the grid (the page's edge, a book cover's, a table's)
can pull a candidate outline one cell off the grid: every cell then moves one
column or row.  :func:`lattice_shift` warps the ink inside and around an outline
flat and measures each of the lines where the lattice puts them, one cell beyond
each border included: the line's presence (all ten must show) and its weight
(how much ink lies on it).  A 9x9 Sudoku prints its box lines (every third)
heavier; the window whose every third line is the heavy one is the grid.  On a
print with lines of equal weight nothing is moved.  :func:`on_the_grid` applies
the shift to the outline's corners.
"""

from __future__ import annotations

import cv2
import numpy as np

CHECK_CELL = 20
"""Pixels per cell of the flat ink the lattice is checked on."""
WEIGHT_REACH = 0.2
"""Half the width (in cells) of the strip around a line whose ink is the line's weight."""
MIN_BOX_CONTRAST = 0.2
"""A window's inner box lines must outweigh its cell lines by at least this share to count as a print with heavier
box lines (on the 160 Wicht training photos, at their outlines, they weigh 26% more at the least, 56% in the
median)."""
SHIFT_MARGIN = 0.2
"""A shifted window replaces the outline only when its box-line contrast is higher by this much."""
PRESENT = 0.5
"""A line shows when its presence is at least this share of the median presence of the window's lines."""


def _profiles(gray: np.ndarray, corners: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """For each direction (lines across x, then across y): the presence and the weight of the lines at lattice
    positions -2 .. 11 (0 and 9 are the outline's borders).

    Presence is the median, over the nine bands along the line, of the band's highest ink share near the line
    (a digit or a blot covers few bands); weight is the median over the bands of the ink share in the line's strip.
    """
    cell, margin = CHECK_CELL, 2 * CHECK_CELL
    side = 9 * cell
    target = np.array([[0, 0], [side, 0], [side, side], [0, side]], np.float32) + margin
    matrix = cv2.getPerspectiveTransform(np.asarray(corners, np.float32), target)
    size = side + 2 * margin + 1
    flat = cv2.warpPerspective(gray, matrix, (size, size), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
    paper = cv2.dilate(flat, np.ones((cell // 2, cell // 2), np.uint8)).astype(np.float32)  # the local paper level
    flat = np.clip(paper - flat, 0, None) / max(1.0, float(np.percentile(paper, 90)))
    reach = max(1, round(WEIGHT_REACH * cell))
    found = []
    for image in (flat.T, flat):  # rows of flat.T are the columns of x: vertical lines first
        bands = image[:, margin : margin + side].reshape(size, 9, cell).mean(axis=2)
        presence, weight = [], []
        for index in range(-2, 12):
            centre = margin + index * cell
            strip = bands[max(0, centre - reach) : centre + reach + 1]
            presence.append(float(np.median(strip.max(axis=0))) if strip.size else 0.0)
            weight.append(float(np.median(strip.mean(axis=0))) if strip.size else 0.0)
        found.append((np.array(presence), np.array(weight)))
    return found


def _box_contrast(weight: np.ndarray, shift: int) -> float:
    """How much heavier (a share of their weight) the inner box lines of the window moved by ``shift`` cells are
    than its six cell lines (``weight`` from lattice position -2).  The window's borders are left out: the outline
    often runs along a border line's outer edge, so only part of its weight shows."""
    lines = weight[2 + shift : 12 + shift]
    cells = float(lines[[1, 2, 4, 5, 7, 8]].mean())
    return float(lines[[3, 6]].mean()) / cells - 1.0 if cells > 0 else 0.0


def _all_present(presence: np.ndarray, shift: int) -> bool:
    lines = presence[2 + shift : 12 + shift]
    return bool(lines.min() >= PRESENT * np.median(lines) and np.median(lines) > 0)


def lattice_shift(ink: np.ndarray, corners: np.ndarray) -> tuple[int, int]:
    """How many cells (-1, 0 or 1, across x and across y) the outline must move to sit on the grid's lattice.

    A shift is taken only when the shifted window has all ten lines, heavier box lines where a 9x9 prints them
    (:data:`MIN_BOX_CONTRAST`), and clearly more so than the outline as it is (:data:`SHIFT_MARGIN`).
    """
    shifts = []
    for presence, weight in _profiles(ink, corners):
        best, best_contrast = 0, _box_contrast(weight, 0)
        for shift in (-1, 1):
            contrast = _box_contrast(weight, shift)
            if (contrast >= MIN_BOX_CONTRAST and contrast > best_contrast + SHIFT_MARGIN
                    and _all_present(presence, shift)):
                best, best_contrast = shift, contrast
        shifts.append(best)
    return shifts[0], shifts[1]


def on_the_grid(ink: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The outline (corners in ``ink``'s pixels, TL TR BR BL) moved onto the grid's lattice (:func:`lattice_shift`)."""
    across, down = lattice_shift(ink, corners)
    if (across, down) == (0, 0):
        return corners
    square = np.array([[0, 0], [9, 0], [9, 9], [0, 9]], np.float32)
    to_photo = cv2.getPerspectiveTransform(square, np.asarray(corners, np.float32))
    moved = (square + np.array([across, down], np.float32)).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(moved, to_photo).reshape(4, 2).astype(corners.dtype)
