"""How much a quadrilateral of a photo's ink looks like a Sudoku grid, and how well it sits on the grid's lattice.

The ink inside the quadrilateral is warped flat to 9 x 9 cells of :data:`CHECK_CELL` pixels; a grid shows as ten
evenly spread ridges of ink in each direction.
"""

from __future__ import annotations

import cv2
import numpy as np

from .ridges import band_offsets

CHECK_CELL = 16
"""Side (pixels) of a cell of the flat image the scores are measured on."""
GOOD_GRID_SCORE = 0.5
"""A :func:`grid_score` this high is a grid beyond doubt: scores above it rank no higher."""


def grid_score(ink: np.ndarray, corners: np.ndarray, lines: tuple[int, ...] = tuple(range(10)),
               margins: bool = False) -> float:
    """How much the quadrilateral looks like a 9x9 grid: 0 (not at all) to about 1.

    The ink is warped flat; each of the ten expected lines in each direction
    should be a strong ridge in the projection profile, stronger than the
    middle of the cells.  ``lines`` are the lines looked for (:data:`BOX_LINES`: a grid whose cell lines are
    too pale to show).  With ``margins`` the ridges are compared with the cells' margins along their lines
    instead of their middles: in a grid with a digit in every cell (a solved puzzle) the middles are full of ink.
    """
    side = 9 * CHECK_CELL
    target = np.array([[0, 0], [side, 0], [side, side], [0, side]], dtype=np.float32)
    matrix = cv2.getPerspectiveTransform(corners.astype(np.float32), target)
    flat = (cv2.warpPerspective(ink, matrix, (side + 1, side + 1), flags=cv2.INTER_LINEAR) > 127).astype(np.float32)
    scores = []
    for image in (flat, flat.T):
        # rows of ``image`` across, in 9 bands along the lines (a bent line is found band by band)
        bands = image[:, : 9 * CHECK_CELL].reshape(side + 1, 9, CHECK_CELL).mean(axis=2)
        # a bowed page's lines sag together from where the corners put them: each band's lines are looked for
        # where the lattice lies in that band (:func:`ocr.ridges.band_offsets`)
        offsets = np.round(band_offsets(bands, 4)).astype(int)
        columns = np.arange(9)
        ridges, gaps = [], []
        for index in range(10):
            center = index * CHECK_CELL
            if index in lines:
                rows = np.clip(center + offsets[None, :] + np.arange(-3, 4)[:, None], 0, side)
                ridges.append(float(np.median(bands[rows, columns[None, :]].max(axis=0))))
            if index < 9 and margins:
                gaps.append(np.median(bands[[center + 4, center + CHECK_CELL - 4]]))
            elif index < 9:
                gaps.append(np.median(bands[center + 5 : center + CHECK_CELL - 4]))
        ranked = np.sort(np.array(ridges))
        # the weakest ridges decide: a grid has all ten lines
        scores.append(float(ranked[1] - np.median(gaps)))
    return min(scores)


def lattice_fit(ink: np.ndarray, corners: np.ndarray) -> float:
    """How well the quadrilateral sits on a grid's lattice, to choose between windows of the same grid.

    :func:`grid_score` forgives one weak line, so a window shifted by a cell
    (or three, where the page carries more ruled print) can score as well as
    the grid itself.  Here every one of the ten lines counts, and a line one
    cell outside the window, where the lattice would continue, counts against
    it: a true grid ends at its outer border.  Higher is better; the sum over
    both directions.
    """
    side, margin = 9 * CHECK_CELL, 2 * CHECK_CELL
    target = np.array([[0, 0], [side, 0], [side, side], [0, side]], dtype=np.float32) + margin
    matrix = cv2.getPerspectiveTransform(corners.astype(np.float32), target)
    size = side + 2 * margin + 1
    flat = (cv2.warpPerspective(ink, matrix, (size, size), flags=cv2.INTER_LINEAR) > 127).astype(np.float32)
    fit = 0.0
    for image in (flat, flat.T):
        # the window's span along the lines, in 9 bands; ridges across, one cell beyond each border too
        bands = image[:, margin : margin + side].reshape(size, 9, CHECK_CELL).mean(axis=2)
        ridges = []
        for index in range(-1, 11):
            center = margin + index * CHECK_CELL
            ridges.append(float(np.median(bands[max(0, center - 3) : center + 4].max(axis=0))))
        fit += float(np.mean(ridges[1:11])) - max(ridges[0], ridges[11])
    return fit
