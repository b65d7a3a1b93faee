"""Ink colour as evidence: on a page printed in black, a digit in a clearly coloured ink (a blue or red pen) is
never print.

Each digit's ink colour is measured with :func:`ocr.context.ink_colour` (how much more saturated than its paper
the ink is, and how much bluer than red).  When the page's print is grey or black, a digit whose ink is much more
saturated than the print's is a pen's (:func:`coloured_ink`), whatever its shape or darkness says: no
black-printed puzzle prints a given in blue.  A page printed in colour, or photographed under a light that tints
its print, gives no such evidence.

Thin pen strokes lose most of their colour in a phone's JPEG (its colour is stored at half the resolution), and on
tinted paper the print itself measures saturated.  The ink's hue then still tells a pen: a digit whose blue - red
lies well beyond that of every digit the reader is sure is print, on the side of the digits it is sure are
handwritten (:func:`hand_hue`), is the pen's too.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from .context import FACE_TWIN, SURE_PRINT, ink_colour, twin_likeness
from .readers import DigitCell
from .result import HANDWRITTEN, SURELY_HANDWRITTEN

MIN_PRINT_DIGITS = 8
"""The print's ink is measured on at least this many digits (fewer: ink colour decides nothing)."""
GREY_PRINT = 0.1
"""The print is grey or black when its ink is at most this much more saturated than its paper (median; Wicht's
black newspaper print measures 0.02-0.06, print photographed under a warm light 0.17-0.21)."""
PEN_INK = 1.0
"""The handwriting probability given to a digit in a pen's coloured ink (which is never taken back as print)."""
COLOURED = 0.15
"""A digit's ink is coloured when it is at least this much more saturated than the print's (Wicht's blue and red
pens measure 0.18-0.54 above their paper)."""
PRINT_TWIN = 2.5
"""A coloured digit with a *twin* in the grey print (:func:`ocr.context.twin_likeness`: a grey digit read the same
whose ink matches it this closely, -log(1 - correlation), about 0.92) is print in a tinted spot of the photo: on
Wicht's print-only photos such digits match their twins at 2.9-3.9, pen digits their best grey twin at 0.5-2.8."""
SAME_HUE = 0.2
"""A pen writes in one hue: a coloured digit whose blue - red lies further than this from the coloured digits' median
is not the pen's (on a Wicht mixed photo a printed 4 tinted warm, -0.14, beside a blue pen's median +0.18)."""
HUE_DOUBT = 0.1
"""A coloured digit the reader calls print (its handwriting probability under one half) whose blue - red lies further
than this from the coloured digits' median, and on the other side of neutral, is print on a tinted patch, not the
pen's (League Spartan Light's thin givens in a tinted box of the suite's first draw measured -0.06 to -0.08, beside a
blue pen's 0.07-0.18)."""
MIN_PEN_DIGITS = 3
"""Fewer coloured digits than this (left after the twins) say nothing: a tinted spot, not a pen."""
HUE_BEYOND = 0.06
"""A digit's ink is the pen's hue when its blue - red lies at least this far beyond that of every sure print
(P(handwritten) under :data:`ocr.context.SURE_PRINT`), on the side where the median of the sure handwriting
(:data:`ocr.result.SURELY_HANDWRITTEN`) lies at least :data:`HAND_HUE` from the sure prints' median.  Chosen on
draws 1, 3, 5 and 6 of the photo suite: blue-ballpoint entries the reader took for print lay 0.08-0.12 beyond the
print, givens in a tinted box or lit warm up to 0.043 beyond it."""
HAND_HUE = 0.03
MIN_SURE_HAND = 5
"""The page's sure handwriting gives a hue only with at least this many digits."""


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


def coloured_ink(cells: Sequence[DigitCell], handwritten: np.ndarray, readings: np.ndarray) -> np.ndarray:
    """Which digits (a boolean per cell, in the order of ``cells``) are in a coloured ink on a page printed in grey
    or black: a pen's, never print.

    The digits are split in two by their ink's saturation (:func:`ink_groups`).  The paler group is the print
    when it holds :data:`MIN_PRINT_DIGITS` or more, is grey (:data:`GREY_PRINT`) and the reader (``handwritten``,
    its handwriting probabilities) finds it the less handwritten of the two on average: print under a tinted
    light next to a grey pen is the other way round, and a reader that tells nothing apart decides nothing.
    Digits of the other group at least :data:`COLOURED` more saturated than the print and of the pen's one hue
    (:data:`SAME_HUE`; :data:`HUE_DOUBT` for a digit the reader calls print) are then a pen's, but those with a twin
    in the print (:data:`PRINT_TWIN`; ``readings`` are the digits as read, e.g. the print model's classes), and none
    when fewer than :data:`MIN_PEN_DIGITS` are left.  So are the digits called print whose ink has the hue of the
    page's sure handwriting (:func:`hand_hue`), but those that match a sure print as the face's own glyph
    (:data:`ocr.context.FACE_TWIN`).  Photos without colour give none.
    """
    found = np.zeros(len(cells), bool)
    if not cells or any(cell.color is None for cell in cells):
        return found
    colours = np.stack([ink_colour(cell.image, cell.box, cell.contrast, cell.color) for cell in cells])
    hand = np.asarray(handwritten, np.float64)
    by_hue = _without_print_twins(cells, hand_hue(colours[:, 0], hand) & (hand < HANDWRITTEN), readings,
                                  hand < SURE_PRINT, FACE_TWIN)
    return by_hue | _saturated(cells, colours, hand, readings)


def hand_hue(hue: np.ndarray, handwritten: np.ndarray) -> np.ndarray:
    """Which digits' ink has the hue of the page's sure handwriting, well apart from its print's (:data:`HUE_BEYOND`,
    :data:`HAND_HUE`): ``hue`` is each digit's blue - red (:func:`ocr.context.ink_colour`), ``handwritten`` the
    reader's P(handwritten)."""
    sure_print, sure_hand = handwritten < SURE_PRINT, handwritten >= SURELY_HANDWRITTEN
    if int(sure_print.sum()) < MIN_PRINT_DIGITS or int(sure_hand.sum()) < MIN_SURE_HAND:
        return np.zeros(len(hue), bool)
    side = float(np.median(hue[sure_hand]) - np.median(hue[sure_print]))
    if abs(side) < HAND_HUE:
        return np.zeros(len(hue), bool)
    toward_hand = np.sign(side) * hue  # the hue measured toward the handwriting's side
    return toward_hand >= float(toward_hand[sure_print].max()) + HUE_BEYOND


def _saturated(cells: Sequence[DigitCell], colours: np.ndarray, hand: np.ndarray, readings: np.ndarray) -> np.ndarray:
    """:func:`coloured_ink` by the ink's saturation (its docstring)."""
    found = np.zeros(len(cells), bool)
    saturation = colours[:, 1].astype(np.float64)
    upper = ink_groups(saturation)
    if upper is None or int((~upper).sum()) < MIN_PRINT_DIGITS:
        return found
    print_level = float(np.median(saturation[~upper]))
    if print_level > GREY_PRINT or float(hand[upper].mean()) <= float(hand[~upper].mean()):
        return found
    coloured = upper & (saturation >= print_level + COLOURED)
    if coloured.any():
        hue = float(np.median(colours[coloured, 0]))
        off_hue = np.abs(colours[:, 0] - hue)
        other_side = np.sign(colours[:, 0]) != np.sign(hue)  # warm beside a blue pen, or blue beside a red one
        coloured &= (off_hue <= SAME_HUE) & ~(other_side & (off_hue > HUE_DOUBT) & (hand < HANDWRITTEN))
    coloured = _without_print_twins(cells, coloured, readings, ~upper, PRINT_TWIN)
    return coloured if int(coloured.sum()) >= MIN_PEN_DIGITS else found


def _without_print_twins(cells: Sequence[DigitCell], coloured: np.ndarray, readings: np.ndarray,
                         printed: np.ndarray, twin: float) -> np.ndarray:
    """``coloured`` but the digits with a twin among the ``printed`` ones (matching one read the same at ``twin`` or
    closer, :func:`ocr.context.twin_likeness`): print in a tinted spot of the photo.  By saturation a twin at
    :data:`PRINT_TWIN` is print; by hue alone, only a glyph of the face (:data:`ocr.context.FACE_TWIN`): a pen's
    closed 4, bold in felt tip or ballpoint, matched the printed 4s of the suite's pages at 2.6-2.7."""
    coloured = coloured.copy()
    grey = np.flatnonzero(printed).tolist()
    for index in np.flatnonzero(coloured).tolist():
        twins = [index] + [other for other in grey if readings[other] == readings[index] and other != index]
        if len(twins) > 1 and _best_twin(cells, twins) >= twin:
            coloured[index] = False
    return coloured


def _best_twin(cells: Sequence[DigitCell], indices: list[int]) -> float:
    """How closely the first of ``indices`` matches its best twin among the others (:func:`twin_likeness`)."""
    chosen = [cells[i] for i in indices]
    likeness = twin_likeness([c.image for c in chosen], [c.contrast for c in chosen], [c.box for c in chosen],
                             np.zeros(len(chosen), int))
    return float(likeness[0, 0])
