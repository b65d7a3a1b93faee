"""The photo suite's pens: hand-written digits, the pens and pencils that write them, and candidate marks.

The digits are drawn unlike the training pen of :mod:`ocr_training.pen` (more forms per digit, bowed strokes,
changing pressure), so the suite measures handwriting the models did not learn.  A :class:`Pen` is one writing
tool (graphite faint or heavy, blue or black ballpoint, felt tip); :func:`draw_candidates` writes the small
pencil marks solvers put in an empty cell's corners, along its top or in its centre, some crossed out.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from PIL import ImageDraw

# pen strokes of each digit in a unit box (x right, y down): each digit's common hand-written forms, one
# chosen per digit written (a closed or an open 4, a 1 with or without its flag, a 7 with or without its bar)
STROKES: dict[int, list[list[list[tuple[float, float]]]]] = {
    1: [[[(0.5, 0.0), (0.5, 1.0)]],
        [[(0.33, 0.2), (0.55, 0.0), (0.52, 1.0)]]],
    2: [[[(0.1, 0.25), (0.3, 0.02), (0.7, 0.02), (0.85, 0.25), (0.75, 0.5), (0.1, 1.0), (0.9, 1.0)]],
        [[(0.12, 0.2), (0.45, 0.0), (0.82, 0.18), (0.7, 0.5), (0.1, 0.98), (0.45, 0.9), (0.95, 0.98)]]],
    3: [[[(0.1, 0.1), (0.5, 0.0), (0.85, 0.2), (0.5, 0.48), (0.88, 0.72), (0.55, 1.0), (0.1, 0.9)]],
        [[(0.1, 0.02), (0.85, 0.02), (0.4, 0.42), (0.85, 0.62), (0.7, 0.95), (0.1, 0.9)]]],
    4: [[[(0.65, 1.0), (0.65, 0.0), (0.05, 0.7), (0.95, 0.7)]],
        [[(0.25, 0.0), (0.1, 0.62), (0.92, 0.6)], [(0.68, 0.2), (0.66, 1.0)]],
        [[(0.55, 0.0), (0.08, 0.66), (0.9, 0.64)], [(0.62, 0.3), (0.64, 1.0)]]],
    5: [[[(0.85, 0.0), (0.2, 0.0), (0.15, 0.45), (0.6, 0.4), (0.9, 0.7), (0.6, 1.0), (0.1, 0.92)]],
        [[(0.25, 0.0), (0.15, 0.45), (0.6, 0.4), (0.9, 0.7), (0.6, 1.0), (0.1, 0.92)], [(0.25, 0.02), (0.85, 0.0)]]],
    6: [[[(0.8, 0.05), (0.4, 0.1), (0.12, 0.6), (0.3, 1.0), (0.75, 0.95), (0.85, 0.7), (0.55, 0.5), (0.15, 0.7)]]],
    7: [[[(0.05, 0.0), (0.95, 0.0), (0.35, 1.0)]],
        [[(0.05, 0.08), (0.95, 0.0), (0.45, 1.0)], [(0.3, 0.5), (0.85, 0.48)]]],
    8: [[[(0.5, 0.48), (0.15, 0.25), (0.5, 0.0), (0.85, 0.25), (0.5, 0.48), (0.1, 0.75), (0.5, 1.0), (0.9, 0.75),
          (0.5, 0.48)]]],
    9: [[[(0.85, 0.35), (0.5, 0.5), (0.15, 0.3), (0.5, 0.0), (0.85, 0.25), (0.8, 1.0)]],
        [[(0.85, 0.3), (0.5, 0.48), (0.15, 0.28), (0.5, 0.0), (0.85, 0.2), (0.75, 0.6), (0.6, 1.0)]]],
}


BEND = 0.06
"""How far a pen stroke bows from straight (standard deviation, share of the digit's box): a hand draws no ruler
lines."""


def draw_hand_digit(draw: ImageDraw.ImageDraw, digit: int, box: tuple[float, float, float, float],
                    rng: np.random.Generator, colour: "int | tuple[int, int, int]", weight: float = 1.0) -> None:
    """A pen-written digit in ``box`` (x, y, w, h): one of the digit's hand forms (:data:`STROKES`), its points
    jittered, each stroke bowed a little and drawn with its own pressure, the whole slanted, joined smoothly."""
    x, y, w, h = box
    forms = STROKES[digit]
    form = forms[int(rng.integers(len(forms)))]
    slant = rng.uniform(-0.25, 0.1)
    width = w * rng.uniform(0.07, 0.13) * weight
    for stroke in form:
        points = np.array(stroke, np.float64) + rng.normal(0, 0.04, (len(stroke), 2))
        # a smooth pen path through the points
        ts = np.linspace(0, len(points) - 1, 12 * len(points))
        path: np.ndarray = np.stack([np.interp(ts, np.arange(len(points)), points[:, k]) for k in (0, 1)], axis=1)
        # each leg between two points bows sideways, the most at its middle
        legs = np.diff(points, axis=0)
        normals = np.stack([-legs[:, 1], legs[:, 0]], axis=1) / np.maximum(np.linalg.norm(legs, axis=1), 1e-6)[:, None]
        leg = np.minimum(ts.astype(int), len(legs) - 1)
        path += (np.sin(np.pi * (ts - leg)) * rng.normal(0, BEND, len(legs))[leg])[:, None] * normals[leg]
        path = cv2.GaussianBlur(path.reshape(-1, 1, 2), (1, 7), 0).reshape(-1, 2)
        xs = x + (path[:, 0] + slant * (1 - path[:, 1])) * w
        ys = y + path[:, 1] * h
        pressed = max(2, int(round(width * rng.uniform(0.8, 1.2))))  # each stroke pressed a little harder or softer
        draw.line(list(zip(xs.tolist(), ys.tolist())), fill=colour, width=pressed, joint="curve")


@dataclass(frozen=True)
class Pen:
    """A writing tool: its ink colour (RGB) and how broad its stroke is (1 = a ballpoint at ordinary pressure)."""

    name: str
    colour: tuple[int, int, int]
    weight: float


PENS: dict[str, Pen] = {pen.name: pen for pen in (
    Pen("graphite-faint", (150, 150, 156), 0.8),
    Pen("graphite-heavy", (62, 62, 68), 1.15),
    Pen("blue-ballpoint", (28, 48, 165), 0.8),
    Pen("black-ballpoint", (30, 30, 34), 0.8),
    Pen("felt-tip", (14, 14, 22), 1.7),
)}
"""The suite's pens and pencils."""

CANDIDATE_PLACES = ("corners", "top", "centre")
"""Where a solver writes a cell's candidates: in its corners, in a row along its top, or small in its middle."""


def _jittered(rng: np.random.Generator, colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """A stroke's colour, a little lighter or darker (pressure, paper)."""
    shift = int(rng.integers(-12, 13))
    return (min(255, max(0, colour[0] + shift)), min(255, max(0, colour[1] + shift)), min(255, max(0, colour[2] + shift)))


def draw_entry(draw: ImageDraw.ImageDraw, digit: int, cell_box: tuple[float, float, float], pen: Pen,
               rng: np.random.Generator) -> None:
    """A solver's entry ``digit`` written with ``pen`` in the cell at (x, y) of side ``cell``."""
    x, y, cell = cell_box
    size = cell * rng.uniform(0.45, 0.68)
    draw_hand_digit(draw, digit, (x + cell / 2 - size * 0.35 + rng.normal(0, cell * 0.04),
                                  y + cell / 2 - size / 2 + rng.normal(0, cell * 0.04), size * 0.7, size),
                    rng, _jittered(rng, pen.colour), pen.weight)


def draw_candidates(draw: ImageDraw.ImageDraw, marks: list[int], cell_box: tuple[float, float, float], pen: Pen,
                    rng: np.random.Generator, place: str, crossed: int = 0) -> None:
    """Candidate marks ``marks`` (1-4 digits) written small with ``pen`` in a cell, at ``place`` (one of
    :data:`CANDIDATE_PLACES`); the first ``crossed`` of them struck through with a short stroke."""
    x, y, cell = cell_box
    size = cell * rng.uniform(0.2, 0.28)
    corners = [(0.08, 0.06), (0.7, 0.06), (0.08, 0.62), (0.7, 0.62)]
    spots: list[tuple[float, float]]
    if place == "corners":
        spots = [corners[k] for k in rng.permutation(4)[: len(marks)]]
    elif place == "top":
        spots = [(0.05 + k * 0.24, 0.06) for k in range(len(marks))]
    else:
        spots = [(0.5 - 0.12 * len(marks) + k * 0.24, 0.38) for k in range(len(marks))]
    for k, (mark, (sx, sy)) in enumerate(zip(marks, spots)):
        left = x + sx * cell + rng.normal(0, cell * 0.015)
        top = y + sy * cell + rng.normal(0, cell * 0.015)
        draw_hand_digit(draw, mark, (left, top, size * 0.7, size), rng, _jittered(rng, pen.colour), pen.weight)
        if k < crossed:
            draw.line([(left - size * 0.15, top + size * 0.85), (left + size * 0.85, top + size * 0.1)],
                      fill=pen.colour, width=max(1, int(size * 0.1 * pen.weight)))
