"""Ink colour as evidence: on a page printed in black, a digit in a clearly coloured ink (a blue or red pen) is
never print.

Each digit's ink colour is measured with :func:`ocr.context.ink_colour` (how much more saturated than its paper
the ink is, and how much bluer than red).  When the page's print is grey or black, a digit whose ink is much more
saturated than the print's is a pen's (:func:`coloured_ink`), whatever its shape or darkness says: no
black-printed puzzle prints a given in blue.  A page printed in colour, or photographed under a light that tints
its print, gives no such evidence.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from .context import ink_colour
from .readers import DigitCell

MIN_PRINT_DIGITS = 8
"""The print's ink is measured on at least this many digits (fewer: ink colour decides nothing)."""
GREY_PRINT = 0.1
"""The print is grey or black when its ink is at most this much more saturated than its paper (median; Wicht's
black newspaper print measures 0.02-0.06, print photographed under a warm light 0.17-0.21)."""
PEN_INK = 1.0
"""The handwriting probability given to a digit in a pen's coloured ink: never taken back as print."""
COLOURED = 0.15
"""A digit's ink is coloured when it is at least this much more saturated than the print's (Wicht's blue and red
pens measure 0.18-0.54 above their paper)."""


def ink_groups(saturation: np.ndarray) -> np.ndarray | None:
    """The digits split in two by their ink's saturation (Otsu: the split with the groups best apart), as a
    boolean per digit (``True``: the more saturated group); ``None`` for fewer than two digits."""
    if len(saturation) < 2:
        return None
    order = np.argsort(saturation, kind="stable")
    values = saturation[order].astype(np.float64)
    best, split = -1.0, 1
    for k in range(1, len(values)):
        score = k * (len(values) - k) * float(values[k:].mean() - values[:k].mean()) ** 2
        if score > best:
            best, split = score, k
    upper = np.zeros(len(values), bool)
    upper[order[split:]] = True
    return upper


def coloured_ink(cells: Sequence[DigitCell], handwritten: np.ndarray) -> np.ndarray:
    """Which digits (a boolean per cell, in the order of ``cells``) are in a coloured ink on a page printed in grey
    or black: a pen's, never print.

    The digits are split in two by their ink's saturation (:func:`ink_groups`).  The paler group is the print
    when it holds :data:`MIN_PRINT_DIGITS` or more, is grey (:data:`GREY_PRINT`) and the reader (``handwritten``,
    its handwriting probabilities) finds it the less handwritten of the two on average: print under a tinted
    light next to a grey pen is the other way round, and a reader that tells nothing apart decides nothing.
    Digits of the other group at least :data:`COLOURED` more saturated than the print are then a pen's.  Photos
    without colour give none.
    """
    found = np.zeros(len(cells), bool)
    if not cells or any(cell.color is None for cell in cells):
        return found
    colours = np.stack([ink_colour(cell.image, cell.box, cell.contrast, cell.color) for cell in cells])
    saturation, hand = colours[:, 1].astype(np.float64), np.asarray(handwritten, np.float64)
    upper = ink_groups(saturation)
    if upper is None or int((~upper).sum()) < MIN_PRINT_DIGITS:
        return found
    print_level = float(np.median(saturation[~upper]))
    if print_level > GREY_PRINT or float(hand[upper].mean()) <= float(hand[~upper].mean()):
        return found
    return upper & (saturation >= print_level + COLOURED)
