"""The stages before the digit reader: photo -> grid outline -> flat grid -> lines -> cells, turned upright.

:func:`grid_cells` runs them and returns :class:`GridCells`, which the reader
(:meth:`GridCells.upright`), the refusal of what is not a Sudoku
(:mod:`.refuse`) and the rest of the scan (:mod:`.pipeline`) take from there.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .cells import CellReading, cut_cells, faint_digits, read_cells
from .debug import NO_DEBUG, DebugSink
from .detect import GridOutline, find_grids
from .lines import locate_lines
from .marks import pencil_marks
from .load import Photo, PhotoSource, load_photo
from .orientation import best_turn, turn_indices
from .readers import DigitCell
from .rectify import Rectified, rectify


@dataclass
class GridCells:
    """A photo read up to its cells: the stages before the digit reader."""

    photo: Photo
    outline: GridOutline
    rectified: Rectified
    readings: list[CellReading]
    """The 81 cells as photographed (row by row)."""
    contrast: float
    quarter_turns: int
    colors: list[np.ndarray] | None = None
    """The 81 cells cut from the colour photo like ``readings``' images (BGR), for the ink's colour."""
    crossings: np.ndarray | None = None
    """The 10 x 10 crossings of the grid lines in the rectified image (:func:`~ocr.lines.locate_lines`)."""
    print_level: float | None = None
    """The print's darkness the cells were judged on (:func:`ocr.cells.read_cells`)."""

    def upright(self) -> list[DigitCell]:
        """The cells holding a digit, turned upright, indexed in the upright grid."""
        cells = []
        for upright, photo_cell in enumerate(turn_indices(self.quarter_turns)):
            reading = self.readings[int(photo_cell)]
            if reading.digit is not None and reading.box is not None:
                color = None if self.colors is None else self.colors[int(photo_cell)]
                cells.append(self._turned(upright, reading.image, reading.digit, reading.box, color))
        return cells

    def faint_upright(self) -> list[DigitCell]:
        """The cells without a given holding a digit's shape in paler ink (:func:`ocr.cells.faint_digits`),
        turned upright, indexed in the upright grid (found once: the faded givens and the pale entries both ask)."""
        return list(self._faint)

    @cached_property
    def _faint(self) -> list[DigitCell]:
        judged = None if self.print_level is None else \
            (self.print_level, [reading.index for reading in self.readings if reading.digit is None])
        faint = faint_digits([reading.image for reading in self.readings], judged)
        return [self._turned(upright, self.readings[int(photo_cell)].image, *faint[int(photo_cell)])
                for upright, photo_cell in enumerate(turn_indices(self.quarter_turns)) if int(photo_cell) in faint]

    def _turned(self, upright: int, image: np.ndarray, digit: np.ndarray, box: tuple[int, int, int, int],
                color: np.ndarray | None = None) -> DigitCell:
        turns = self.quarter_turns
        mask = np.zeros(image.shape, np.uint8)
        x, y, w, h = box
        mask[y : y + h, x : x + w] = 1
        ys, xs = np.nonzero(np.rot90(mask, turns))
        turned = (int(xs.min()), int(ys.min()), int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1))
        return DigitCell(index=upright, image=np.ascontiguousarray(np.rot90(image, turns)),
                         digit=np.ascontiguousarray(np.rot90(digit, turns)), box=turned, contrast=self.contrast,
                         color=None if color is None else np.ascontiguousarray(np.rot90(color, turns)))

    def pencil_marks(self) -> dict[int, int]:
        """Empty cells (upright index) holding small candidate marks: cell -> number of marks
        (:func:`ocr.marks.pencil_marks`)."""
        marks: dict[int, int] = {}
        for upright, photo_cell in enumerate(turn_indices(self.quarter_turns)):
            reading = self.readings[int(photo_cell)]
            if reading.digit is None:
                count = pencil_marks(reading.image, self.contrast)
                if count:
                    marks[upright] = count
        return marks


def grid_cells(source: PhotoSource | Photo, *, outline: GridOutline | None = None, debug: DebugSink = NO_DEBUG,
               timings: dict[str, float] | None = None) -> GridCells:
    """Run the stages up to the cells (load, find the grid, rectify, lines, cells, orientation).

    ``outline`` is the grid to read (one of :func:`~ocr.detect.find_grids`); default: the main one.
    """
    clock = time.perf_counter()
    laps = timings if timings is not None else {}

    def lap(stage: str) -> None:
        nonlocal clock
        now = time.perf_counter()
        laps[stage] = round(now - clock, 4)
        clock = now

    if isinstance(source, Photo):
        photo = source
    else:
        photo = load_photo(source)
        lap("load")
    if outline is None:
        outline = find_grids(photo.gray, debug=debug)[0]
        lap("find_grid")
    flat = rectify(photo.gray, outline.corners, debug=debug)
    lap("rectify")
    crossings = locate_lines(flat, debug=debug)
    lap("lines")
    readings, contrast, print_level = read_cells(photo.gray, flat, crossings, debug=debug)
    lap("cells")
    turns, _ = best_turn([r.digit for r in readings if r.digit is not None])
    lap("orientation")
    colors = cut_cells(photo.color, flat, crossings) if photo.color.ndim == 3 else None
    return GridCells(photo, outline, flat, readings, contrast, turns, colors, crossings, print_level)
