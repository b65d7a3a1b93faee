"""Printed or handwritten: a second small network that tells a cell's printed given from a solver's entry.

A printed given and a digit written into the grid differ less in shape than in
how they sit on the paper: handwriting is darker or paler than the print, its
strokes are sharper or thinner, its size and place in the cell vary more.  The
features (:func:`features`) are therefore the normalised digit, its stroke
directions, the cell's ink darkness map relative to the grid's print, a few
measures of the stroke, and how much the print model thinks it is print.

The network (``models/hand.npz``, built by ``make ocr-hand-model`` from the Wicht
*mixed* photos, rendered print and pen, and the real pencil of the corpus) has
18 classes: printed 1-9, then handwritten 1-9.  ``P(handwritten)`` is the sum of the last nine; the handwritten digit's
probabilities are those nine, renormalised.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np


from .cells import BORDER, ink_darkness
from .classifier import DigitModel, load_shipped

HAND_MODEL_FILE = "hand.npz"
MAP_PX = 14
"""Side of the cell's darkness map among the measures."""
MEASURES = MAP_PX * MAP_PX + 6
"""Length of :func:`cell_measures`' vector."""
ORIENTATIONS = 8


def cell_measures(cell: np.ndarray, box: tuple[int, int, int, int], contrast: float) -> np.ndarray:
    """How the digit sits on the paper: the cell's darkness map relative to the grid's print, and stroke measures.

    ``cell`` is the gray cell image, ``box`` the digit's box in it and ``contrast`` the grid's
    print darkness (:func:`ocr.cells.ink_contrast`).
    """
    size = cell.shape[0]
    edge = int(round(BORDER * size))
    darkness = ink_darkness(cell)[edge:-edge, edge:-edge] / max(contrast, 1.0)
    darkness_map = cv2.resize(np.clip(darkness, 0, 2), (MAP_PX, MAP_PX), interpolation=cv2.INTER_AREA)
    x, y, w, h = box
    inside = darkness[max(0, y - edge) : y - edge + h, max(0, x - edge) : x - edge + w]
    peak = float(np.percentile(inside, 98)) if inside.size else 0.0
    strokes = inside > 0.5 * peak
    gradient = cv2.Laplacian(cell.astype(np.float32), cv2.CV_32F)[edge:-edge, edge:-edge]
    sharpness = float(np.abs(gradient).mean()) / max(contrast, 1.0)
    fill = float(strokes.mean()) if strokes.size else 0.0
    scalars = np.array([peak, sharpness, h / size, w / size, fill, (x + w / 2 - size / 2) / size], np.float32)
    return np.concatenate([darkness_map.ravel(), scalars]).astype(np.float32)


def stroke_directions(digits: np.ndarray) -> np.ndarray:
    """Histograms of stroke-edge directions (8 bins) over a 4 x 4 and a 3 x 3 grid of 28 x 28 digits (n x 200)."""
    digits = digits.astype(np.float32)
    n = len(digits)
    gx = np.zeros_like(digits)
    gy = np.zeros_like(digits)
    gx[:, :, 1:-1] = digits[:, :, 2:] - digits[:, :, :-2]
    gy[:, 1:-1, :] = digits[:, 2:, :] - digits[:, :-2, :]
    magnitude = np.sqrt(gx * gx + gy * gy)
    bins = ((np.arctan2(gy, gx) + np.pi) / (2 * np.pi) * ORIENTATIONS).astype(int) % ORIENTATIONS
    votes = np.zeros(digits.shape + (ORIENTATIONS,), np.float32)
    np.put_along_axis(votes, bins[..., None], magnitude[..., None], axis=3)
    fine = votes.reshape(n, 4, 7, 4, 7, ORIENTATIONS).sum(axis=(2, 4)).reshape(n, -1)
    coarse = votes[:, 3:24, 3:24].reshape(n, 3, 7, 3, 7, ORIENTATIONS).sum(axis=(2, 4)).reshape(n, -1)
    return np.sqrt(np.concatenate([fine, coarse], axis=1) / 4)


def features(digits: np.ndarray, measures: np.ndarray, print_probabilities: np.ndarray) -> np.ndarray:
    """The model's input (n x 1196): the 28 x 28 digits, their stroke directions, the cells' measures and the
    print model's ten probabilities (how much each looks like print)."""
    n = len(digits)
    return np.concatenate([digits.reshape(n, -1).astype(np.float32), stroke_directions(digits.reshape(n, 28, 28)),
                           measures, print_probabilities.astype(np.float32)], axis=1)


@lru_cache(maxsize=1)
def default_hand_model() -> DigitModel:
    """The shipped printed/handwritten model (loaded once)."""
    return load_shipped(HAND_MODEL_FILE, "handwriting model", "build_hand", DigitModel.load)


def split_hand(probabilities: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """From the 18-class output: P(handwritten) (n), printed digit probabilities (n x 10), handwritten ones (n x 10).

    The digit probabilities have class 0 at zero, so they line up with the 10-class readers.
    """
    n = len(probabilities)
    printed = np.zeros((n, 10), np.float32)
    written = np.zeros((n, 10), np.float32)
    printed[:, 1:] = probabilities[:, :9]
    written[:, 1:] = probabilities[:, 9:]
    hand = written.sum(axis=1)
    printed /= np.maximum(printed.sum(axis=1, keepdims=True), 1e-9)
    written /= np.maximum(written.sum(axis=1, keepdims=True), 1e-9)
    return hand, printed, written
