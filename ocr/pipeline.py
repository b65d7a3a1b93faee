"""The whole scan, stage by stage: photo -> grid outline -> flat grid -> lines -> cells -> digits -> checked grid.

:func:`scan` runs every stage and returns a :class:`ScanResult`: the puzzle
(the printed givens, checked by the solver), each cell's reading, the
handwritten entries checked against the puzzle's solution, pencil marks, the
solver check's changes and the time each stage took.  Each stage lives in its
own module and can be run alone; :func:`~ocr.grid_cells.grid_cells` runs the
stages up to the upright digit cells (what a :class:`~ocr.readers.DigitReader`
reads).
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Any, Literal, overload

import cv2
import numpy as np

from sudokuprint.errors import NoGridError
from sudokuprint.grid import Grid

from .correct import CONFIDENT, CheckedReading, Correction, check_reading, rank_entry, reading_status, take_faint
from .debug import NO_DEBUG, DebugSink
from .detect import GridOutline, find_grids
from .grid_cells import GridCells, grid_cells
from .ink import PEN_INK, coloured_ink
from .load import Photo, PhotoSource, load_photo
from .marks import LONE_MARK, MIN_PAGE_MARKS, blurred_marks, find_marks, nobody_wrote, page_digits
from .orientation import turn_indices
from .readers import DEFAULT_READER, DigitReader, get_reader
from .context import page_print_likeness, twin_correlations, twins_of, unlike_print
from .symmetry import symmetric_calls
from .redecide import (MIN_ENTRIES, all_as_print, apart_as_handwriting, few_as_print, print_back,  # noqa: F401
                       redecide, rest_as_print, print_twins_back, twins_as_print)  # (MIN_ENTRIES re-exported)
from .result import HANDWRITTEN, CellResult  # noqa: F401  (re-exported)
from .refuse import MIN_DIGITS, not_sudoku, repeated_digits, solid_cells  # noqa: F401  (re-exported)
from .rectify import Rectified

MAX_GRIDS = 4
"""At most this many of a photo's grids are read (the most complete and central first)."""
@dataclass(frozen=True)
class HandEntry:
    """A digit written into the grid by hand, checked against the puzzle's solution."""

    cell: int
    digit: int
    confidence: float
    solution: int | None
    """The solution's digit in this cell (``None`` when the puzzle has no unique solution)."""
    unclear: int | None = None
    """The reader's own first choice when the reading was unclear and the solution's digit was taken
    (:func:`ocr.correct.rank_entry`); ``None`` when the digit is the reader's first choice."""

    @property
    def correct(self) -> bool | None:
        return None if self.solution is None else self.digit == self.solution

    def describe(self) -> str:
        """E.g. ``r3c4: you wrote 7, the solution has 1``."""
        place = f"r{self.cell // 9 + 1}c{self.cell % 9 + 1}"
        if self.solution is None:
            return f"{place}: you wrote {self.digit} (no unique solution to check it against)"
        if self.digit == self.solution:
            unclear = f" (unclear: it may read {self.unclear})" if self.unclear is not None else ""
            return f"{place}: you wrote {self.digit}{unclear}, right"
        return f"{place}: you wrote {self.digit}, the solution has {self.solution}"


@dataclass
class ScanResult:
    """The outcome of scanning one photo."""

    source: str
    grid: Grid
    """The puzzle: the printed givens after the solver check."""
    read: tuple[int, ...]
    """The printed givens as read, before the solver check."""
    cells: list[CellResult]
    check: CheckedReading
    quarter_turns: int
    corners: np.ndarray
    """The grid outline in the loaded photo's pixels (TL, TR, BR, BL as photographed)."""
    photo: Photo
    rectified: Rectified
    entries: list[HandEntry] = field(default_factory=list)
    """The handwritten digits, row by row."""
    pencil_marks: dict[int, int] = field(default_factory=dict)
    """Cells holding small pencil-mark candidates: cell -> how many marks (never givens)."""
    reader: str = DEFAULT_READER
    timings: dict[str, float] = field(default_factory=dict)
    grid_number: int = 1
    """Which grid of the photo this is, 1 = the main one (see ``scan(all=True)``)."""
    crossings: np.ndarray | None = None
    """The 10 x 10 crossings of the grid lines as photographed, in :attr:`rectified` pixels (for overlays)."""

    @property
    def corrections(self) -> tuple[Correction, ...]:
        return self.check.corrections

    @property
    def solution(self) -> Grid | None:
        return self.check.solution

    @property
    def filled(self) -> Grid:
        """The grid as the photo shows it: givens plus handwritten entries."""
        values = list(self.grid.values)
        for entry in self.entries:
            if values[entry.cell] == 0:
                values[entry.cell] = entry.digit
        return Grid.from_values(values)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary (numbers are numbers)."""
        def place(cell: int) -> dict[str, int]:
            return {"row": cell // 9 + 1, "column": cell % 9 + 1}

        return {
            "source": self.source,
            "puzzle": self.grid.to_string(),
            "status": self.check.status,
            "solution": self.solution.to_string() if self.solution is not None else None,
            "quarter_turns": self.quarter_turns,
            "corrections": [
                {**place(c.cell), "was": c.was, "to": c.to, "confidence": round(c.confidence, 4), "why": c.why}
                for c in self.corrections
            ],
            "handwritten": [
                {**place(e.cell), "digit": e.digit, "solution": e.solution, "correct": e.correct,
                 "confidence": round(e.confidence, 4), "unclear": e.unclear, "message": e.describe()}
                for e in self.entries
            ],
            "pencil_marks": [{**place(cell), "marks": count} for cell, count in sorted(self.pencil_marks.items())],
            "reader": self.reader,
            "grid": self.grid_number,
        }


def _ranked(p: np.ndarray) -> tuple[int, tuple[tuple[int, float], ...]]:
    top = int(np.argmax(p[1:])) + 1
    ranked = sorted(((d, float(p[d])) for d in range(10) if d != top), key=lambda x: -x[1])
    return top, ((top, float(p[top])),) + tuple(o for o in ranked if o[1] >= 1e-4)


PALE_ENTRY_PAGE = 5
"""A page with at least this many handwritten digits has been written on: a faint digit shape in a cell read empty
there is a pale entry (:func:`_pale_entries`).  Chosen on the photo suite's draw 1 (its faint graphite pages, half
solved with 15 to 30 entries, lose half their entries at 20) and the corpus's print-only sources (SnapSudoku pages
carry one or two digits taken for handwriting, and a lower count lets their shadows in as entries).  A page written
all in pale pencil has hardly a digit dark enough to count: it has been written on too when this many of its faint
digit shapes read as handwriting and surely as the solution's digits (:data:`PALE_AS_PRINT_SURE`)."""
PALE_ENTRY_SURE = 0.5
"""... when the reader gives it a digit at least this surely (a blurred cluster of candidate marks reads as no digit)
and calls it handwriting (a shadow or a print's ghost it calls print)..."""
PALE_AS_PRINT_SURE = 0.95
"""... or, called print, when it reads its digit at least this surely and that digit is the solution's for the cell
(pale pencil strokes look printed to the reader; a print's ghost from the back of the page is mirrored, and would
have to read surely as the one digit the cell needs)."""


def _pale_entries(found: GridCells, the_reader: DigitReader, values: list[int], written: dict[int, CellResult],
                  cells: list[CellResult], marks: dict[int, int], print_height: float,
                  solution: "tuple[int, ...] | None" = None) -> None:
    """On a page written on (:data:`PALE_ENTRY_PAGE`), the faint digit shapes of the cells read empty
    (:meth:`GridCells.faint_upright`) that read as a handwritten digit (:data:`PALE_ENTRY_SURE`), or surely as the
    ``solution``'s digit (:data:`PALE_AS_PRINT_SURE`), are entries written paler than the rest: a pencil pressed
    lightly.  A faint digit's strokes break into pieces that the empty cells' count of marks takes for small marks:
    a cell counted as marks holds such a digit when its shape is taller than a lone mark (:data:`~ocr.marks.LONE_MARK`
    times the page's ``print_height``, pixels) and it is not read as unsurely as blurred marks are
    (:func:`~ocr.marks.blurred_marks`).  Adds the entries to ``written`` and ``cells`` in place, and takes
    them out of ``marks``."""
    pale = [cell for cell in found.faint_upright() if cell.index not in written and not values[cell.index]
            and (cell.index not in marks or cell.box[3] > LONE_MARK * print_height)]
    if not pale or (len(written) < PALE_ENTRY_PAGE and len(pale) < PALE_ENTRY_PAGE):
        return  # too few to make the page one written on
    reading = the_reader.read(pale)
    taken = []
    for cell, p, hand in zip(pale, reading.probabilities, reading.handwritten):
        top, options = _ranked(p)
        sure = options[0][1]
        if blurred_marks(marks.get(cell.index, 0), sure):
            continue
        as_entry = hand >= HANDWRITTEN and sure >= PALE_ENTRY_SURE
        as_answer = solution is not None and top == solution[cell.index] and sure >= PALE_AS_PRINT_SURE
        if as_entry or as_answer:
            taken.append((cell, top, options, float(hand), as_entry and as_answer))
    if len(written) < PALE_ENTRY_PAGE and sum(both for *_, both in taken) < PALE_ENTRY_PAGE:
        return
    for cell, top, options, hand, _ in taken:
        written[cell.index] = cells[cell.index] = CellResult(cell.index, top, options[0][1], options, hand)
        marks.pop(cell.index, None)


def _faint_givens(found: GridCells, the_reader: DigitReader, values: list[int],
                  alternatives: dict[int, list[tuple[int, float]]], written: dict[int, CellResult], confident: float
                  ) -> tuple[CheckedReading, list[Correction]]:
    """When the givens read leave the puzzle open, the faded givens among the paler digit shapes of the empty
    cells (:func:`ocr.correct.take_faint`); changes ``values`` and ``alternatives`` in place. Returns the
    reading checked again and the givens added (none: the check as it was)."""
    cells = [cell for cell in found.faint_upright() if cell.index not in written and values[cell.index] == 0]
    added: list[Correction] = []
    if cells:
        reading = the_reader.read(cells)
        printed = reading.printed if reading.printed is not None else reading.probabilities
        candidates = [(cell.index, _ranked(p)[1]) for cell, p, hand in zip(cells, printed, reading.handwritten)
                      if float(hand) < HANDWRITTEN]
        added = take_faint(values, alternatives, candidates)
    return check_reading(values, alternatives, confident=confident), added


@overload
def scan(source: PhotoSource, *, reader: "str | DigitReader" = ...,
         solver_check: bool = ..., confident: float = ..., debug: DebugSink | str | os.PathLike | None = ...,
         all: Literal[False] = ...) -> ScanResult: ...


@overload
def scan(source: PhotoSource, *, reader: "str | DigitReader" = ...,
         solver_check: bool = ..., confident: float = ..., debug: DebugSink | str | os.PathLike | None = ...,
         all: Literal[True]) -> list[ScanResult]: ...


def scan(
    source: PhotoSource,
    *,
    reader: "str | DigitReader" = DEFAULT_READER,
    solver_check: bool = True,
    confident: float = CONFIDENT,
    debug: DebugSink | str | os.PathLike | None = None,
    all: bool = False,  # noqa: A002  (the option's name, as the CLI's --all)
) -> "ScanResult | list[ScanResult]":
    """Read the Sudoku in a photo: a path, PIL image, numpy array (gray or BGR), bytes or binary file object.

    ``reader`` is a :class:`~ocr.readers.DigitReader` or a registered name
    (:func:`~ocr.readers.reader_names`).  The grid read is the
    main one: of the grid-like outlines, the most complete and central first,
    the first that reads as a Sudoku (a page edge or a window across two
    puzzles does not); ``all=True`` returns every grid that reads as a Sudoku,
    the main one first (their ``grid_number`` 1, 2, ...).
    Raises :class:`sudokuprint.errors.NoGridError` when no grid can be read.
    """
    sink = debug if isinstance(debug, DebugSink) else (DebugSink(debug) if debug is not None else NO_DEBUG)
    the_reader = get_reader(reader)
    clock = time.perf_counter()
    photo = source if isinstance(source, Photo) else load_photo(source)
    loaded = time.perf_counter()
    outlines = find_grids(photo.gray, debug=sink)
    shared = {"load": round(loaded - clock, 4), "find_grid": round(time.perf_counter() - loaded, 4)}
    results: list[ScanResult] = []
    refusal: NoGridError | None = None
    for outline in outlines[:MAX_GRIDS]:  # an outline that does not read as a Sudoku is not the grid: the next
        try:
            result = _scan_grid(photo, outline, the_reader, solver_check, confident, sink, dict(shared))
        except NoGridError as error:
            refusal = refusal or error
            continue
        if not all:
            return result
        result.grid_number = len(results) + 1
        results.append(result)
    if not results:
        assert refusal is not None
        raise refusal
    return results


def _scan_grid(photo: Photo, outline: GridOutline, the_reader: DigitReader, solver_check: bool, confident: float,
               sink: DebugSink, timings: dict[str, float]) -> ScanResult:
    """Read one grid of a photo (see :func:`scan`); raises :class:`NoGridError` when it is not a Sudoku."""
    found = grid_cells(photo, outline=outline, debug=sink, timings=timings)
    clock = time.perf_counter()
    digit_cells = found.upright()
    reading = the_reader.read(digit_cells)
    timings["recognise"] = round(time.perf_counter() - clock, 4)
    clock = time.perf_counter()
    printed_probs = reading.printed if reading.printed is not None else reading.probabilities
    print_readings = np.argmax(printed_probs, axis=1)
    pen_ink = coloured_ink(digit_cells, reading.handwritten, print_readings)
    correlations = twin_correlations([c.image for c in digit_cells], [c.contrast for c in digit_cells],
                                     [c.box for c in digit_cells], print_readings)
    # a digit read as print that matches none of the page's sure prints of its digit is handwriting, in doubt
    print_likeness = page_print_likeness(correlations, print_readings, reading.handwritten)
    no_print_twin = unlike_print(print_likeness, reading.handwritten,
                                 reading.probabilities[:, 1:].max(axis=1)) & ~pen_ink
    hand_probs = np.where(pen_ink, PEN_INK, np.where(no_print_twin, HANDWRITTEN, reading.handwritten))
    by_cell = {c.index: (p, float(h), q, bool(pen), bool(unlike), float(like)) for c, p, h, q, pen, unlike, like
               in zip(digit_cells, reading.probabilities, hand_probs, printed_probs, pen_ink, no_print_twin,
                      print_likeness)}
    cells: list[CellResult] = []
    values: list[int] = []
    alternatives: dict[int, list[tuple[int, float]]] = {}
    written: dict[int, CellResult] = {}
    # candidate marks (small digits, never an entry or a given), judged against the page's printed digits
    marks = found.pencil_marks()
    print_cells = [i for i, (_, hand, _, pen, *_) in by_cell.items() if hand < HANDWRITTEN and not pen]
    # cell -> how closely its digit matches its best twin (a print twin is no mark; redecide.twins_as_print)
    likeness = {c.index: float(t[0]) for c, t in zip(digit_cells, twins_of(correlations, print_readings))}
    in_digit_cells = find_marks({c.index: c.image for c in digit_cells}, found.contrast, print_cells,
                                {i: float(np.max(p[1:])) for i, (p, *_) in by_cell.items()},
                                {c.index: c.box[3] for c in digit_cells}, likeness)
    # a page where the solver noted candidates: its few handwritten-looking digits are not print misjudged
    solver_wrote = len(set(in_digit_cells) - set(print_cells)) >= MIN_PAGE_MARKS
    for index, count in in_digit_cells.items():
        marks[index] = count
        del by_cell[index]
    for index in range(81):
        if index not in by_cell:
            cells.append(CellResult(index, 0, 1.0, ()))
            values.append(0)
            continue
        p, hand, q, pen, unlike, like = by_cell[index]
        top, options = _ranked(p)
        cell = CellResult(index, top, float(p[top]), options, hand, _ranked(q)[1], pen, unlike, like)
        cells.append(cell)
        if cell.is_handwritten:
            values.append(0)
            written[index] = cell
        else:
            values.append(top)
            alternatives[index] = list(options)
    reason = not_sudoku(found, values, [cell.digit for cell in cells])
    if reason is not None:
        raise NoGridError(f"no Sudoku grid: {reason}", reason="not-sudoku")
    taken_back: list[Correction] = []
    twins: dict[int, float] = {}  # the twins' likeness, where the page has entries enough to weigh them
    if solver_check and len(written) >= MIN_ENTRIES:  # fewer are all taken as print below; it asks the solver
        twins = likeness
        taken_back = twins_as_print(values, alternatives, written, twins)
    if 0 < len(written) < MIN_ENTRIES and not solver_wrote:
        taken_back = few_as_print(values, alternatives, written, f"only {len(written)} digit(s) looked handwritten",
                                  confident)
    if solver_check:
        if not taken_back:
            taken_back = print_back(values, alternatives, written)
            if taken_back and 0 < len(written) < MIN_ENTRIES and not solver_wrote:
                taken_back += rest_as_print(values, alternatives, written, confident)
        if not taken_back:  # the digits surely handwritten were not tried: those that are print twins
            taken_back = print_twins_back(values, alternatives, written, twins)
        checked = check_reading(values, alternatives, confident=confident)
        if checked.status == "not-unique":
            checked, faint = _faint_givens(found, the_reader, values, alternatives, written, confident)
            taken_back += faint
        if checked.status == "not-unique":  # the surely handwritten digits too, the least sure first (a face whose
            more = print_back(values, alternatives, written, surely=1.0)  # old-style figures look surely handwritten)
            if more:
                checked = check_reading(values, alternatives, confident=confident)
                taken_back += more
        if checked.status != "unique" and written:
            # the split into print and handwriting gave no puzzle: read every digit as print instead
            all_values, all_alternatives, all_written = list(values), dict(alternatives), dict(written)
            moved = all_as_print(all_values, all_alternatives, all_written, "the printed givens alone had no unique "
                                 "solution")
            retry = check_reading(all_values, all_alternatives, confident=confident)
            if retry.status == "unique":
                values, alternatives, written, checked = all_values, all_alternatives, all_written, retry
                taken_back += moved
        if checked.status != "unique":  # the calls in doubt re-decided: the fewest flips that give one solution
            flipped = redecide(values, alternatives, written, cells)
            if flipped:
                checked = check_reading(values, alternatives, confident=confident)
                taken_back += flipped
        settled = symmetric_calls(values, alternatives, written, cells)  # a published puzzle's symmetry
        settled += apart_as_handwriting(values, alternatives, written, cells)  # a solver's digit read as print
        if settled:
            checked = check_reading(values, alternatives, confident=confident)
            taken_back += settled
        if taken_back:
            checked = CheckedReading(checked.values, tuple(taken_back) + checked.corrections, checked.status,
                                     checked.solution)
        givens = sum(1 for v in checked.values if v)
        if checked.status != "unique" and givens < MIN_DIGITS:
            # a table's numbers read as a few givens and much "handwriting": no puzzle either way
            raise NoGridError(f"no Sudoku grid: only {givens} printed digits in the 9 x 9 lattice, and no puzzle "
                              "when every digit is read as print", reason="not-sudoku")
    else:
        status, solution = reading_status(tuple(values))
        checked = CheckedReading(tuple(values), (), status, solution)
    solution_values = checked.solution.values if checked.solution is not None else None
    # the printed digits' usual height, measured on the digit boxes of the cells read as print
    print_height = page_digits([[(0, 0, c.box[2], c.box[3])] for c in digit_cells if c.index in print_cells],
                               found.readings[0].image.shape[0]).height
    _pale_entries(found, the_reader, values, written, cells, marks, print_height,
                  solution_values if solver_check else None)
    if nobody_wrote(marks, len(written) + len(in_digit_cells)):
        marks = {}
    entries = []
    for index, cell in sorted(written.items()):
        answer = solution_values[index] if solution_values else None
        digit, confidence, unclear = rank_entry(cell.alternatives, answer)
        entries.append(HandEntry(index, digit, confidence, answer, unclear))
    timings["solver_check"] = round(time.perf_counter() - clock, 4)
    timings["total"] = round(sum(timings.values()), 4)
    return ScanResult(
        source=found.photo.source,
        grid=Grid.from_values(checked.values),
        read=tuple(values),
        cells=cells,
        check=checked,
        quarter_turns=found.quarter_turns,
        corners=found.outline.corners,
        photo=found.photo,
        rectified=found.rectified,
        entries=entries,
        pencil_marks=marks,
        reader=the_reader.name,
        timings=timings,
        crossings=found.crossings,
    )
