"""The whole scan, stage by stage: photo -> grid outline -> flat grid -> lines -> cells -> digits -> checked grid.

:func:`scan` runs every stage and returns a :class:`ScanResult` with the
grid, each cell's confidence and runner-ups, the solver's corrections and
the time each stage took.  Each stage lives in its own module and can be
run alone.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field

import numpy as np

from sudokuprint.grid import Grid

from . import tesseract
from .cells import read_cells
from .classifier import read_digits
from .correct import CONFIDENT, CheckedReading, check_reading, reading_status
from .debug import NO_DEBUG, DebugSink
from .detect import find_grid
from .lines import locate_lines
from .load import Photo, load_photo
from .orientation import best_turn, turn_digits, turn_indices
from .rectify import Rectified, rectify

READERS = ("builtin", "tesseract", "combined", "auto")
"""``builtin`` (default): the shipped model only; ``tesseract``: Tesseract only; ``combined``: both
on every given; ``auto``: the model, with Tesseract's opinion on the cells it is unsure of.
On the 160 Wicht training photos (benchmarks/ocr.py) Tesseract did not improve on the
model alone, so it is a second opinion on request, not the default."""
ASK_TESSERACT_BELOW = 0.9


@dataclass(frozen=True)
class CellResult:
    """What was read in one cell of the upright grid."""

    index: int
    digit: int
    """0 = empty."""
    confidence: float
    alternatives: tuple[tuple[int, float], ...]
    """``(digit, probability)`` most probable first; digit 0 means "no digit"."""


@dataclass
class ScanResult:
    """The outcome of scanning one photo."""

    source: str
    grid: Grid
    read: tuple[int, ...]
    """The digits as read, before the solver check."""
    cells: list[CellResult]
    check: CheckedReading
    quarter_turns: int
    corners: np.ndarray
    """The grid outline in the loaded photo's pixels (TL, TR, BR, BL as photographed)."""
    photo: Photo
    rectified: Rectified
    timings: dict[str, float] = field(default_factory=dict)

    @property
    def corrections(self):
        return self.check.corrections

    @property
    def solution(self) -> Grid | None:
        return self.check.solution


def _combine(model_probs: np.ndarray, opinion: tuple[int, float] | None) -> np.ndarray:
    """The model's probabilities (10 classes) sharpened by Tesseract's reading, if any."""
    if opinion is None:
        return model_probs
    digit, confidence = opinion
    confidence = min(max(confidence, 0.05), 0.95)
    weights = np.full(10, (1 - confidence) / 9)
    weights[digit] = confidence
    combined = model_probs * weights
    return combined / combined.sum()


def _tesseract_probs(opinion: tuple[int, float] | None) -> np.ndarray:
    probs = np.full(10, 0.01)
    if opinion is not None:
        probs[opinion[0]] = max(opinion[1], 0.5)
    else:
        probs[0] = 0.5
    return probs / probs.sum()


def recognise(digits: list[np.ndarray], readers: str = "builtin") -> np.ndarray:
    """Class probabilities (n x 10; class 0 = no digit) for upright digit images, by the chosen readers."""
    if readers not in READERS:
        raise ValueError(f"readers must be one of {', '.join(READERS)}")
    if readers == "tesseract":
        return np.array([_tesseract_probs(o) for o in tesseract.read_digits_tesseract(digits)]).reshape(-1, 10)
    probs = read_digits(digits)
    if readers == "builtin" or not digits:
        return probs
    if readers == "auto":
        if not tesseract.available():
            return probs
        ask = [i for i, p in enumerate(probs) if p[1:].max() < ASK_TESSERACT_BELOW]
    else:
        tesseract.require_tesseract()
        ask = list(range(len(digits)))
    if ask:
        opinions = tesseract.read_digits_tesseract([digits[i] for i in ask])
        for i, opinion in zip(ask, opinions):
            probs[i] = _combine(probs[i], opinion)
    return probs


def scan(
    source,
    *,
    readers: str = "builtin",
    solver_check: bool = True,
    confident: float = CONFIDENT,
    debug: DebugSink | str | os.PathLike | None = None,
) -> ScanResult:
    """Read the Sudoku in a photo (a path or a PIL image).

    Raises :class:`sudokuprint.errors.NoGridError` when no grid can be read.
    """
    sink = debug if isinstance(debug, DebugSink) else (DebugSink(debug) if debug is not None else NO_DEBUG)
    timings: dict[str, float] = {}
    clock = time.perf_counter()

    def lap(stage: str) -> None:
        nonlocal clock
        now = time.perf_counter()
        timings[stage] = round(now - clock, 4)
        clock = now

    photo = load_photo(source)
    lap("load")
    outline = find_grid(photo.gray, debug=sink)
    lap("find_grid")
    flat = rectify(photo.gray, outline.corners, debug=sink)
    lap("rectify")
    crossings = locate_lines(flat, debug=sink)
    lap("lines")
    readings = read_cells(photo.gray, flat, crossings, debug=sink)
    lap("cells")
    given = [r for r in readings if r.is_given]
    digits = [r.digit for r in given if r.digit is not None]
    turns, _ = best_turn(digits)
    lap("orientation")
    probs = recognise(turn_digits(digits, turns), readers)
    lap("recognise")
    by_photo_cell = {r.index: p for r, p in zip(given, probs)}
    cells, values, alternatives = [], [], {}
    for upright, photo_cell in enumerate(turn_indices(turns)):
        p = by_photo_cell.get(int(photo_cell))
        if p is None:
            cells.append(CellResult(upright, 0, 1.0, ()))
            values.append(0)
            continue
        top = int(np.argmax(p[1:])) + 1
        ranked = sorted(((d, float(p[d])) for d in range(10) if d != top), key=lambda x: -x[1])
        options = ((top, float(p[top])),) + tuple(o for o in ranked if o[1] >= 1e-4)
        cells.append(CellResult(upright, top, float(p[top]), options))
        values.append(top)
        alternatives[upright] = list(options)
    if solver_check:
        checked = check_reading(values, alternatives, confident=confident)
    else:
        status, solution = reading_status(tuple(values))
        checked = CheckedReading(tuple(values), (), status, solution)
    lap("solver_check")
    grid = Grid.from_values(checked.values)
    timings["total"] = round(sum(timings.values()), 4)
    return ScanResult(
        source=photo.source,
        grid=grid,
        read=tuple(values),
        cells=cells,
        check=checked,
        quarter_turns=turns,
        corners=outline.corners,
        photo=photo,
        rectified=flat,
        timings=timings,
    )
