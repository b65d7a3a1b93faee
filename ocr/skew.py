"""How far the page is tilted in the photo's plane, from the straightness of its ink.

Printed lines, text rows and grid lines all run along the page's axes.  Turned
by the right angle, the ink's row and column sums are most peaked (the classic
projection-profile measure); angles within :data:`MAX_SKEW` are tried coarse to
fine on a small copy of the ink.
"""

from __future__ import annotations

import cv2
import numpy as np

MAX_SKEW = 45
"""Largest tilt (degrees, either way) looked for: every tilt, as a quarter turn is the orientation stage's."""
COARSE_STEP = 2
"""Degrees between the angles tried first; the best one's neighbourhood is then tried degree by degree."""
PROFILE_SIDE = 400
"""Longer side of the ink image the tilt is measured on."""


def rotation(shape: tuple[int, int], degrees: float, *, expand: bool = True) -> tuple[np.ndarray, tuple[int, int]]:
    """The 2 x 3 map turning an image of ``shape`` by ``degrees`` counter-clockwise about its centre, and the
    output size (width, height): grown to hold the whole image when ``expand``."""
    height, width = shape[:2]
    matrix = cv2.getRotationMatrix2D((width / 2, height / 2), degrees, 1.0)
    if not expand:
        return matrix, (width, height)
    cos, sin = abs(matrix[0, 0]), abs(matrix[0, 1])
    new_width, new_height = int(np.ceil(width * cos + height * sin)), int(np.ceil(width * sin + height * cos))
    matrix[0, 2] += (new_width - width) / 2
    matrix[1, 2] += (new_height - height) / 2
    return matrix, (new_width, new_height)


def estimate_skew(ink: np.ndarray) -> float:
    """The angle (whole degrees, counter-clockwise) that turns the ink mask's lines straight.

    ``ink`` is a binary mask (ink non-zero).  0 means the page is upright (or that
    nothing straight was found).
    """
    factor = min(1.0, PROFILE_SIDE / max(ink.shape))
    small = (cv2.resize(ink, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA) > 0).astype(np.float32)
    if small.sum() == 0:
        return 0.0
    scores: dict[int, float] = {}

    def score(degrees: int) -> float:
        if degrees not in scores:
            matrix, size = rotation(small.shape, degrees, expand=False)
            turned = cv2.warpAffine(small, matrix, size, flags=cv2.INTER_LINEAR)
            total = float(turned.sum())
            rows, columns = turned.sum(axis=1), turned.sum(axis=0)
            scores[degrees] = float((rows**2).sum() + (columns**2).sum()) / total**2 if total > 0 else -1.0
        return scores[degrees]

    # every COARSE_STEP degrees, then each degree around the best (ties go to the smaller tilt)
    coarse = sorted(range(-MAX_SKEW, MAX_SKEW + 1, COARSE_STEP), key=abs)
    best = max(coarse, key=lambda d: (score(d), -abs(d)))
    fine = [d for d in range(best - COARSE_STEP + 1, best + COARSE_STEP) if -MAX_SKEW <= d <= MAX_SKEW]
    best_angle = max(sorted(fine, key=abs), key=lambda d: (score(d), -abs(d)))
    return float(best_angle)
