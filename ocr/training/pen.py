"""Pen-written digits for training the handwriting model, drawn independently of the photo suite's pen.

The photo suite (:mod:`ocr.training.photo_suite`) writes its entries with its
own strokes; if the model learned from the same drawing, the suite would not
test handwriting.  Here each digit has its own set of forms (closed and open
4s, flagged and plain 1s, barred 7s, looped 2s ...), each stroke a smooth
Catmull-Rom curve through its points, inked by a round nib whose pressure
swells and tapers along the stroke; the whole digit is sheared, turned and
squeezed at random.
"""

from __future__ import annotations

import cv2
import numpy as np

Form = list[list[tuple[float, float]]]

FORMS: dict[int, list[Form]] = {
    1: [[[(0.5, 0.0), (0.5, 1.0)]],
        [[(0.25, 0.3), (0.55, 0.0), (0.5, 1.0)]],
        [[(0.28, 0.22), (0.55, 0.0), (0.55, 1.0)], [(0.3, 1.0), (0.8, 1.0)]]],
    2: [[[(0.15, 0.25), (0.45, 0.0), (0.8, 0.15), (0.75, 0.45), (0.15, 1.0), (0.9, 1.0)]],
        [[(0.1, 0.2), (0.5, 0.0), (0.85, 0.25), (0.3, 0.85), (0.2, 1.0), (0.35, 0.9), (0.9, 1.0)]]],
    3: [[[(0.15, 0.1), (0.6, 0.0), (0.8, 0.25), (0.45, 0.47), (0.85, 0.7), (0.6, 1.0), (0.1, 0.9)]],
        [[(0.1, 0.0), (0.85, 0.0), (0.45, 0.4), (0.85, 0.65), (0.55, 1.0), (0.1, 0.88)]]],
    4: [[[(0.6, 0.0), (0.05, 0.65), (0.95, 0.65)], [(0.65, 0.25), (0.65, 1.0)]],
        [[(0.2, 0.0), (0.1, 0.6), (0.9, 0.6)], [(0.7, 0.1), (0.7, 1.0)]]],
    5: [[[(0.8, 0.0), (0.25, 0.0), (0.2, 0.45), (0.6, 0.4), (0.85, 0.7), (0.55, 1.0), (0.1, 0.9)]],
        [[(0.25, 0.0), (0.2, 0.45), (0.6, 0.38), (0.88, 0.7), (0.5, 1.0), (0.12, 0.88)], [(0.25, 0.0), (0.85, 0.0)]]],
    6: [[[(0.75, 0.0), (0.3, 0.3), (0.15, 0.7), (0.45, 1.0), (0.8, 0.8), (0.6, 0.5), (0.2, 0.65)]],
        [[(0.6, 0.0), (0.2, 0.55), (0.3, 0.95), (0.7, 0.95), (0.75, 0.65), (0.4, 0.55), (0.2, 0.7)]]],
    7: [[[(0.05, 0.0), (0.95, 0.0), (0.4, 1.0)]],
        [[(0.05, 0.0), (0.95, 0.0), (0.45, 1.0)], [(0.3, 0.5), (0.8, 0.5)]],
        [[(0.05, 0.15), (0.1, 0.0), (0.95, 0.0), (0.4, 1.0)]]],
    8: [[[(0.75, 0.1), (0.5, 0.0), (0.2, 0.2), (0.5, 0.5), (0.85, 0.75), (0.5, 1.0), (0.15, 0.75), (0.5, 0.5),
          (0.8, 0.22), (0.75, 0.1)]]],
    9: [[[(0.82, 0.3), (0.5, 0.45), (0.2, 0.25), (0.45, 0.0), (0.82, 0.15), (0.8, 0.6), (0.7, 1.0)]],
        [[(0.85, 0.3), (0.5, 0.45), (0.2, 0.25), (0.5, 0.0), (0.85, 0.2), (0.85, 1.0)]]],
}
"""Each digit's hand forms: strokes of points in a unit box (x right, y down)."""

SUPERSAMPLE = 4
"""The nib is drawn this many times finer than the canvas, then averaged down (smooth edges)."""


def _spline(points: np.ndarray, steps: int = 10) -> np.ndarray:
    """A Catmull-Rom curve through ``points`` (its ends repeated), ``steps`` samples per leg."""
    padded = np.concatenate([points[:1], points, points[-1:]])
    t = np.linspace(0, 1, steps, endpoint=False)[:, None]
    legs = []
    for k in range(1, len(padded) - 2):
        p0, p1, p2, p3 = padded[k - 1], padded[k], padded[k + 1], padded[k + 2]
        legs.append(0.5 * (2 * p1 + (p2 - p0) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t ** 2
                           + (3 * p1 - p0 - 3 * p2 + p3) * t ** 3))
    legs.append(padded[-2:-1])
    return np.concatenate(legs)


def draw_pen_digit(canvas: np.ndarray, digit: int, box: tuple[float, float, float, float],
                   rng: np.random.Generator, form: int | None = None) -> None:
    """Ink ``digit`` into ``canvas`` (float, 0 paper .. 1 ink, modified in place) inside ``box`` (x, y, w, h), in
    the given one of its :data:`FORMS` (default: one at random)."""
    x, y, w, h = box
    forms = FORMS[digit]
    strokes = forms[int(rng.integers(len(forms))) if form is None else form]
    shear = rng.uniform(-0.3, 0.15)
    turn = rng.normal(0, 0.06)
    cos, sin = np.cos(turn), np.sin(turn)
    nib = w * rng.uniform(0.05, 0.12)
    fine = np.zeros((canvas.shape[0] * SUPERSAMPLE, canvas.shape[1] * SUPERSAMPLE), np.float32)
    for stroke in strokes:
        points = np.array(stroke, np.float64) + rng.normal(0, 0.035, (len(stroke), 2))
        path = _spline(points) - 0.5
        path[:, 0] -= shear * path[:, 1]  # sheared about the middle: a positive shear leans the top right
        path = path @ np.array([[cos, sin], [-sin, cos]])
        xs = (x + (path[:, 0] + 0.5) * w) * SUPERSAMPLE
        ys = (y + (path[:, 1] + 0.5) * h) * SUPERSAMPLE
        # the nib is set down every pixel along the curve: a continuous line
        run = np.concatenate([[0.0], np.cumsum(np.hypot(np.diff(xs), np.diff(ys)))])
        every = np.linspace(0, run[-1], max(2, int(run[-1]) + 1))
        xs, ys = np.interp(every, run, xs), np.interp(every, run, ys)
        # pressure: the nib lands and lifts thinner than it travels, and wavers on the way
        along = np.linspace(0, 1, len(xs))
        pressure = (0.55 + 0.45 * np.sin(np.pi * np.clip(along * rng.uniform(1.0, 1.6), 0, 1)))
        pressure *= 1 + 0.15 * np.sin(along * rng.uniform(3, 9) + rng.uniform(0, 6))
        darkness = rng.uniform(0.75, 1.0)
        for px, py, p in zip(xs, ys, pressure):
            radius = max(1, int(round(nib * p * SUPERSAMPLE / 2)))
            cv2.circle(fine, (int(round(px)), int(round(py))), radius, float(darkness), -1, lineType=cv2.LINE_AA)
    small = cv2.resize(fine, (canvas.shape[1], canvas.shape[0]), interpolation=cv2.INTER_AREA)
    np.maximum(canvas, np.clip(small, 0, 1), out=canvas)
