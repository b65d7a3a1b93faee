"""Follow a grid's lines as curves across the bands of a flattened image.

After one homography a bowed or curled page's lines are not straight: they
sag away from where the outline's corners put them, most in the middle.  The
flat image is cut into bands along the lines (one band per cell); each band's
profile across the lines is matched with its neighbour's, so the lattice is
followed band by band however far it moves in all.
"""

from __future__ import annotations

import numpy as np


def band_offsets(bands: np.ndarray, step: int) -> np.ndarray:
    """How far (pixels, across the lines) the lattice in each band lies from where it lies at the two ends (where
    the outline's corners hold it).

    Neighbouring bands are compared whole (every line at once, so a digit or a broken line cannot lead astray):
    each band's profile is matched to the one before it, within ``step`` pixels, outward from the middle.  On a
    flat page all offsets are about 0; on a bowed one they trace the bow, 0 at the ends on average.
    """
    count = bands.shape[1]
    middle = count // 2
    offsets = np.zeros(count)
    for order in (range(middle + 1, count), range(middle - 1, -1, -1)):
        previous = middle
        for band in order:
            offsets[band] = offsets[previous] + _best_shift(bands[:, previous], bands[:, band], step)
            previous = band
    return offsets - (offsets[0] + offsets[-1]) / 2


def _best_shift(reference: np.ndarray, profile: np.ndarray, step: int) -> int:
    """The shift (pixels, within ``step``) of ``profile`` that best matches ``reference``: profile[p + s] ~ ref[p]."""
    length = len(reference)
    scores = []
    for shift in range(-step, step + 1):
        low, high = max(0, -shift), min(length, length - shift)
        scores.append(float(np.dot(reference[low:high], profile[low + shift : high + shift])))
    return int(np.argmax(scores)) - step
