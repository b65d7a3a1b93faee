"""Pen-written digits for training the handwriting model: the pen the shipped ``hand.npz`` learned.

Each digit has one form, a few strokes through points in a unit box, jittered,
slanted and joined smoothly.  The photo suite (:mod:`ocr_training.photo_suite`)
writes its entries with a pen of its own: more forms per digit (open and
closed 4s, flagged and plain 1s, barred 7s ...), bowed strokes and changing
pressure, so that its figures measure handwriting drawn unlike anything the
model learned.  (The suite's first form of each digit starts from the same
points as the one here; its bends, pressure and other forms are its own.)

The pen the shipped model learned stays the training pen: a richer one read fewer real photos right.
Dated scores of its builds: ``benchmarks/RESULTS.md``, "OCR: dated scores moved out of docstrings".
"""

from __future__ import annotations

import cv2
import numpy as np
from PIL import ImageDraw

STROKES: dict[int, list[list[tuple[float, float]]]] = {
    1: [[(0.35, 0.2), (0.55, 0.0), (0.55, 1.0)]],
    2: [[(0.1, 0.25), (0.3, 0.02), (0.7, 0.02), (0.85, 0.25), (0.75, 0.5), (0.1, 1.0), (0.9, 1.0)]],
    3: [[(0.1, 0.1), (0.5, 0.0), (0.85, 0.2), (0.5, 0.48), (0.88, 0.72), (0.55, 1.0), (0.1, 0.9)]],
    4: [[(0.65, 1.0), (0.65, 0.0), (0.05, 0.7), (0.95, 0.7)]],
    5: [[(0.85, 0.0), (0.2, 0.0), (0.15, 0.45), (0.6, 0.4), (0.9, 0.7), (0.6, 1.0), (0.1, 0.92)]],
    6: [[(0.8, 0.05), (0.4, 0.1), (0.12, 0.6), (0.3, 1.0), (0.75, 0.95), (0.85, 0.7), (0.55, 0.5), (0.15, 0.7)]],
    7: [[(0.05, 0.0), (0.95, 0.0), (0.35, 1.0)]],
    8: [[(0.5, 0.48), (0.15, 0.25), (0.5, 0.0), (0.85, 0.25), (0.5, 0.48), (0.1, 0.75), (0.5, 1.0), (0.9, 0.75),
         (0.5, 0.48)]],
    9: [[(0.85, 0.35), (0.5, 0.5), (0.15, 0.3), (0.5, 0.0), (0.85, 0.25), (0.8, 1.0)]],
}
"""Each digit's pen strokes: points in a unit box (x right, y down)."""


def draw_pen_digit(draw: ImageDraw.ImageDraw, digit: int, box: tuple[float, float, float, float],
                   rng: np.random.Generator, colour: "int | tuple[int, int, int]") -> None:
    """A pen-written ``digit`` in ``box`` (x, y, w, h): its strokes jittered, slanted, joined smoothly."""
    x, y, w, h = box
    slant = rng.uniform(-0.25, 0.1)
    width = max(2, int(w * rng.uniform(0.07, 0.13)))
    for stroke in STROKES[digit]:
        points = np.array(stroke, np.float64) + rng.normal(0, 0.04, (len(stroke), 2))
        ts = np.linspace(0, len(points) - 1, 12 * len(points))
        path: np.ndarray = np.stack([np.interp(ts, np.arange(len(points)), points[:, k]) for k in (0, 1)], axis=1)
        path = cv2.GaussianBlur(path.reshape(-1, 1, 2), (1, 7), 0).reshape(-1, 2)
        xs = x + (path[:, 0] + slant * (1 - path[:, 1])) * w
        ys = y + path[:, 1] * h
        draw.line(list(zip(xs.tolist(), ys.tolist())), fill=colour, width=width, joint="curve")
