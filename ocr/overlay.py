"""Draw the missing digits into the photo's empty cells, in the grid's perspective."""

from __future__ import annotations

import cv2
import numpy as np

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
