"""Pictures of a scan: the missing digits drawn into the photo (:func:`draw_solution`), and the grid as read over
its flattened photo, cell by cell (:func:`overlay`)."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .correct import CONFIDENT
from .orientation import turn_indices

INK = (40, 40, 220)
"""BGR colour of the drawn digits (red)."""


def draw_solution(result) -> np.ndarray:
    """A copy of the loaded photo (BGR) with the solution's digits drawn into the empty cells.

    ``result`` is a :class:`ocr.pipeline.ScanResult` with a solution.
    """
    photo = result.photo.color.copy()
    if result.solution is None:
        return photo
    flat = result.rectified
    cell, margin = flat.cell * 2, flat.margin * 2  # draw at twice the rectified size for smoother digits
    side = 9 * cell + 2 * margin + 2
    layer = np.zeros((side, side), np.uint8)
    photo_cells = turn_indices(result.quarter_turns)
    solved = result.solution.values
    for upright, value in enumerate(solved):
        if result.grid.values[upright]:
            continue
        text = str(value)
        scale = cell / 34
        thickness = max(1, cell // 16)
        (width, height), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, thickness)
        # the digit is drawn upright in its own small square, then turned like the photo's cell
        tile = np.zeros((cell, cell), np.uint8)
        cv2.putText(tile, text, ((cell - width) // 2, (cell + height) // 2), cv2.FONT_HERSHEY_SIMPLEX, scale, 255,
                    thickness, cv2.LINE_AA)
        tile = np.rot90(tile, -result.quarter_turns)
        where = int(photo_cells[upright])
        row, column = divmod(where, 9)
        top, left = margin + row * cell, margin + column * cell
        layer[top : top + cell, left : left + cell] = np.maximum(layer[top : top + cell, left : left + cell], tile)
    scale_back = np.diag([0.5, 0.5, 1.0])
    to_photo = np.linalg.inv(flat.matrix) @ scale_back
    alpha = cv2.warpPerspective(layer, to_photo, (photo.shape[1], photo.shape[0]), flags=cv2.INTER_LINEAR)
    alpha = (alpha.astype(np.float32) / 255.0)[:, :, None]
    return (photo * (1 - alpha) + np.array(INK, np.float32) * alpha).astype(np.uint8)


OVERLAY_CELL = 56
"""Pixels per cell of the overlay's rectified photo (a 9 x 9 grid about 600 pixels wide: a phone's screen)."""


@dataclass(frozen=True)
class OverlayCell:
    """One cell of the upright grid as read, and where it lies on the overlay's image."""

    index: int
    kind: str
    """``given`` (printed, the puzzle), ``handwritten`` (an entry), ``pencil`` (candidate marks) or ``empty``."""
    digit: int
    """The given's or entry's digit; the number of marks for ``pencil``; 0 for ``empty``."""
    confidence: float
    doubtful: bool
    """The reader was unsure (below :data:`ocr.correct.CONFIDENT`) or the solver check changed this cell."""
    polygon: tuple[tuple[float, float], ...]
    """The cell's four corners on the image (top-left, top-right, bottom-right, bottom-left, upright)."""


@dataclass(frozen=True)
class Overlay:
    """The photo's grid flattened and turned upright (BGR), with each cell's place and what was read there."""

    image: np.ndarray
    cells: tuple[OverlayCell, ...]

    def to_dict(self) -> dict:
        """The geometry, JSON-ready (the image is left to the caller to encode)."""
        return {
            "width": int(self.image.shape[1]),
            "height": int(self.image.shape[0]),
            "cells": [{"index": c.index, "row": c.index // 9 + 1, "column": c.index % 9 + 1, "kind": c.kind,
                       "digit": c.digit, "confidence": round(c.confidence, 4), "doubtful": c.doubtful,
                       "polygon": [[round(x, 1), round(y, 1)] for x, y in c.polygon]} for c in self.cells],
        }


def _turned(points: np.ndarray, side: float, quarter_turns: int) -> np.ndarray:
    """Points of a ``side`` x ``side`` image after ``np.rot90(image, quarter_turns)`` (counter-clockwise turns)."""
    turned = np.asarray(points, dtype=np.float64).copy()
    for _ in range(quarter_turns % 4):
        turned = np.stack([turned[..., 1], side - turned[..., 0]], axis=-1)
    return turned


def _kinds(result) -> list[tuple[str, int, float]]:
    """Per upright cell: what was read there (kind, digit or mark count, confidence)."""
    entries = {entry.cell: entry for entry in result.entries}
    kinds = []
    for index, cell in enumerate(result.cells):
        if result.grid.values[index]:
            kinds.append(("given", result.grid.values[index], cell.confidence if cell.digit else 0.0))
        elif index in entries:
            kinds.append(("handwritten", entries[index].digit, entries[index].confidence))
        elif index in result.pencil_marks:
            kinds.append(("pencil", result.pencil_marks[index], 1.0))
        else:
            kinds.append(("empty", 0, cell.confidence))
    return kinds


def overlay(result, *, cell: int = OVERLAY_CELL) -> Overlay:
    """The grid of ``result`` (a :class:`ocr.pipeline.ScanResult`) as read, over its rectified colour photo.

    The photo is flattened on the scan's own transform at ``cell`` pixels a
    cell and turned upright; each cell's polygon follows the grid lines the
    scan found (a bowed page's cells are not squares).
    """
    flat = result.rectified
    factor = cell / flat.cell
    side = (9 * flat.cell + 2 * flat.margin + 1) * factor
    size = int(round(side))
    matrix = np.diag([factor, factor, 1.0]) @ flat.matrix
    image = cv2.warpPerspective(result.photo.color, matrix, (size, size), flags=cv2.INTER_AREA,
                                borderMode=cv2.BORDER_REPLICATE)
    image = np.ascontiguousarray(np.rot90(image, result.quarter_turns))
    if result.crossings is not None:
        crossings = np.asarray(result.crossings, dtype=np.float64) * factor
    else:  # an even grid where the lines are not known
        steps = (flat.margin + np.arange(10) * flat.cell) * factor
        crossings = np.stack(np.meshgrid(steps, steps), axis=-1)
    crossings = _turned(crossings, size - 1, result.quarter_turns)
    corrected = {c.cell for c in result.corrections}
    photo_cells = turn_indices(result.quarter_turns)
    cells = []
    for index, (kind, digit, confidence) in enumerate(_kinds(result)):
        row, column = divmod(int(photo_cells[index]), 9)
        corners = [crossings[row, column], crossings[row, column + 1], crossings[row + 1, column + 1],
                   crossings[row + 1, column]]
        corners = corners[result.quarter_turns % 4:] + corners[:result.quarter_turns % 4]  # upright top-left first
        doubtful = index in corrected or (kind in ("given", "handwritten") and confidence < CONFIDENT)
        cells.append(OverlayCell(index, kind, digit, confidence, doubtful,
                                 tuple((float(x), float(y)) for x, y in corners)))
    return Overlay(image, tuple(cells))
