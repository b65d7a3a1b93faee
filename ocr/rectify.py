"""Stage 3: rectify, i.e. warp the grid's quadrilateral into a square image."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .debug import NO_DEBUG, DebugSink

CELL = 32
"""Pixels per cell in the rectified image."""
MARGIN = 0.4
"""Extra room around the outline, in cells, so lines are found even if the outline is a little off."""


@dataclass(frozen=True)
class Rectified:
    """The flat grid image and the transform from photo pixels to its pixels."""

    image: np.ndarray
    matrix: np.ndarray
    cell: int
    margin: int
    """Pixels between the image border and where the outline's corners land."""

    def to_photo(self, points: np.ndarray) -> np.ndarray:
        """Map points of the flat image back to photo pixels."""
        points = np.asarray(points, dtype=np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(points, np.linalg.inv(self.matrix)).reshape(-1, 2)


def rectify(gray: np.ndarray, corners: np.ndarray, *, cell: int = CELL, debug: DebugSink = NO_DEBUG) -> Rectified:
    """Warp the quadrilateral ``corners`` (TL, TR, BR, BL) of ``gray`` to a square of 9 cells a side."""
    margin = round(MARGIN * cell)
    side = 9 * cell
    target = np.array(
        [[margin, margin], [margin + side, margin], [margin + side, margin + side], [margin, margin + side]],
        dtype=np.float32,
    )
    matrix = cv2.getPerspectiveTransform(np.asarray(corners, dtype=np.float32), target)
    size = side + 2 * margin + 1
    flat = cv2.warpPerspective(gray, matrix, (size, size), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
    debug.save("rectified", flat)
    return Rectified(image=flat, matrix=matrix, cell=cell, margin=margin)
