"""Candidate marks (pencil marks): the small digits a solver writes in a cell to note what may go there.

A solver notes a cell's candidates as small digits in its corners, in a row along its top, or small in its
middle. An entry is one large digit, roughly centred. This stage tells the two apart by the ink's shapes
(:func:`ink_shapes`), not by how dark the ink is (but that shapes spread over a cell be ink, not paper grain):

- **along the top**: the tallest shape, and the digit the cell stage found, are no taller than a printed given
  (:data:`MARK_HEIGHT`), the ink's middle lies well above where the page's printed digits have theirs
  (:data:`OFF_CENTRE`), and the ink is wider than one digit, or the reader was unsure of it, or it lies to one
  side (:data:`WIDE_MARK`, :data:`TOP_DOUBT`, :data:`IN_CORNER`): candidates written in a row along a cell's
  top, or one in a top corner.  Only above: handwritten entries often sit low in their cells;
- **a row anywhere**: two or more shapes alike, side by side and level, together wider than tall
  (:data:`ROW_OF_MARKS`), none taller than a printed given: candidates written in a row across the cell; or one
  shape far wider than tall, read no better than a guess (:data:`RUN_TOGETHER`): such a row run together;
- **small**: the tallest shape is well under the page's digit height and there are several (:data:`SMALL_MARK`,
  side by side or apart), or one shape is tiny for the cell (:data:`TINY_MARK`): marks in the corners or
  small in the middle;
- **spread or paired**: three shapes or more alike, spread wider than one digit and each of real ink
  (:func:`many_marks`, :data:`MARK_INK`), or two alike side by side, apart and clear of the cell's sides
  (:data:`PAIR_GAP`, :data:`PAIR_CLEAR`), none taller than a printed given: marks however near the print's size;
- **lone, on a page of marks**: where a solver noted candidates in several cells, a cell's one small digit is a mark
  too when it is the marks' size or well under the page's entries (:func:`lone_marks`, :data:`LONE_MARK`).

The rules along the top, of a row and of lone marks never apply to a cell read as print: a printed given shifted in
its cell by a bowed page, or beside a crossing's crumb, is not a mark.  Nor does the rule along the top apply to faint
pencil (:data:`FAINT_INK`): its strokes break, so where its ink sits says nothing.  The page's printed digits
(:func:`page_digits`, the median of the cells read as print) are the measure, so the rules hold for any cell size,
face and lattice offset; the pieces of one broken digit, stacked in its own box, count as one digit of their joint
height.  A digit read unsurely in a cell of several small
shapes is marks too (:data:`PENCIL_DOUBT`: marks run together by blur).

Cells judged marks are never an entry, never a given and never a "mistake": the scan reports them in
``pencil_marks`` with the number of marks (:func:`mark_count`).  Cells without a digit's shape (see
:mod:`ocr.cells`) hold marks when they hold small shapes (:func:`pencil_marks`), but on a page nobody wrote on
(:func:`nobody_wrote`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import cv2
import numpy as np

from .cells import BORDER, CELL_PX, STROKE_FLOOR, ink_darkness, straight_strokes, without_specks
from .context import FACE_TWIN

Box = tuple[int, int, int, int]
"""A shape's box in a cell image: x, y, width, height (pixels)."""

SHAPE_LEVEL = 0.25
"""A pixel belongs to the ink when its (smoothed) darkness reaches this share of the cell's darkest..."""
INK_FLOOR = STROKE_FLOOR
"""...and the cell has ink at all when its darkest reaches this share of the grid's darkest ink (as for the cell
stage, which found a digit's shape in each cell this stage sees)."""
FAINT_INK = 0.35
"""A cell whose darkest is under this share of the grid's darkest ink holds faint pencil, whose strokes break: a
faint 9's thin stem is lost and its loop is left high in the cell.  Where such ink sits says nothing, so the rule
along the top does not apply to it; its shapes' size and number still do."""
MIN_SHAPE_AREA = 6
MIN_SHAPE_HEIGHT = 0.12
"""Shapes of fewer pixels (in a 40-pixel cell) than :data:`MIN_SHAPE_AREA` are specks, and shapes along the top or
bottom edge lower than :data:`MIN_SHAPE_HEIGHT` of the cell are crumbs of a grid line: not a mark's stroke (the
smallest marks are a fifth of a cell tall)."""

MIN_MARK_HEIGHT = 0.15
"""A mark's digit is at least this tall (fraction of the cell; solvers' smallest are a fifth of a cell)."""
MARK_HEIGHT = 1.0
OFF_CENTRE = 0.12
WIDE_MARK = 0.95
TOP_DOUBT = 0.9
"""Marks along a cell's top: the tallest shape at most :data:`MARK_HEIGHT` times the page's digit height, the
ink's middle at least :data:`OFF_CENTRE` of the cell above where the page's printed digits have theirs, and
its row of marks (:func:`_row_width`) at least :data:`WIDE_MARK` times as wide as the tallest is tall (two or more
small digits, apart or run together) or its digit read less surely than :data:`TOP_DOUBT`.  On Wicht's mixed
photos 1% of the handwritten entries sit that high; the width or the doubt keeps most of them entries."""
IN_CORNER = 0.25
"""...or its ink's middle at least this share of the cell to the left or right of the cell's middle (a mark in a top
corner; an entry is written about the middle)."""
MARK_ALIKE = 0.7
MARK_ASPECT = 0.6
"""Shapes at least :data:`MARK_ALIKE` of the tallest one's height and at least :data:`MARK_ASPECT` times as wide as
tall, side by side, are the digits of a row of marks (small digits are about 0.7 times as wide as tall); lower or
narrower ones (a crossing's crumb in a corner, a grid line's remnant along an edge, a stroke's detached tail) do
not widen the row."""
SMALL_MARK = 0.6
MIN_SMALL_MARKS = 2
SIDE_BY_SIDE = 1.4
"""Marks anywhere in the cell: none taller than :data:`SMALL_MARK` times the page's digit height, and several of
them: at least :data:`MIN_SMALL_MARKS` shapes apart or side by side (not one digit broken in two, stacked in its
own box), or ink :data:`SIDE_BY_SIDE` times wider than tall about the page's digits' middle (small digits written close
run together in the middle of the cell; low in it, such ink is the foot of a broken handwritten digit)."""
ROW_OF_MARKS = 1.2
ROW_LEVEL = 0.4
"""Marks in a row anywhere in the cell: two or more shapes alike and side by side (:func:`_row_digits`, as along
the top), their middles level (within :data:`ROW_LEVEL` of the tallest's height: a crossing's crumb below a given is
not the next mark), the row at least :data:`ROW_OF_MARKS` times as wide as the tallest is tall, none taller than
the page's digits (:data:`MARK_HEIGHT`).  One handwritten digit is narrower than tall, and its broken pieces are
stacked or one of them is a thin stroke."""
PAIR_GAP = 0.1
PAIR_CLEAR = 0.15
"""Two marks side by side (:func:`_pair_apart`): two shapes alike in height (:data:`MARK_ALIKE`), their middles level
(:data:`ROW_LEVEL`), a gap of at least :data:`PAIR_GAP` of the taller's height between them, none taller than the
print (:data:`MARK_HEIGHT`), both at least :data:`PAIR_CLEAR` of the cell from its sides, where a grid line's
remnant stands beside a digit (Wicht's photos: 2-4 pixels of 40).  Unlike a row of marks, a thin 1 counts: draw 3's
pairs such as 16 and 15 were read as entries.  Not faint pencil, whose broken digits lie in pieces side by side."""
MANY_MARKS = 3
MARK_INK = 0.8
"""A cell holding at least :data:`MANY_MARKS` shapes alike in height (:data:`MARK_ALIKE`), spread
:data:`SIDE_BY_SIDE` times as wide as the tallest is tall (wider than one digit broken in pieces), none taller than
the print (:data:`MARK_HEIGHT`), each as dark as :data:`MARK_INK` of the cell's darkest ink, holds marks, however
near the print's height they are: a solver's three or four candidates in the corners of a cell
(:func:`many_marks`).  Not in faint pencil, whose digits break into pieces, nor in print.  On grainy paper a
digit may stand among shapes of the grain, paler than it (0.5-0.7 of its darkness on Wicht's photos; marks 1.0)."""
RUN_TOGETHER = 1.8
"""One shape at least this many times as wide as tall, whose digit is read no better than a guess (under
:data:`PENCIL_GUESS`), is two or three marks written close and run together (a digit is narrower than tall).  Not in
faint pencil (:data:`FAINT_INK`), whose broken strokes leave a 9's or a 6's loop alone, nor in print.  Chosen on the
suite's draws 1 and 3 (such marks 1.9-2.1 times as wide as tall); on Wicht's mixed photos the unsure handwritten
entries reach 1.75."""
TINY_MARK = 0.25
"""A lone shape no taller than this share of the cell is a mark too (the smallest handwritten entries are 0.3
of the cell tall, a printed given about 0.5)."""
MIN_PRINT_CELLS = 5
"""The page's digits are measured on at least this many cells read as print..."""
DIGIT_SHARE = 0.55
"""...or taken as this share of the cell, centred (a printed given's usual height)."""


@dataclass(frozen=True)
class PageDigits:
    """The size and place of the page's printed digits in their cells (pixels): what an entry looks like too."""

    height: float
    middle: float
    """The vertical middle of a printed digit in its cell."""
    size: int
    """The cell images' side."""


def _edge(size: int) -> int:
    """The cell image's border (pixels) left out: grid lines' remnants lie there."""
    return max(1, int(round(0.06 * size)))


def ink_shapes(cell: np.ndarray, contrast: float) -> list[Box]:
    """The ink shapes of a cell image (its darkness cut at :data:`SHAPE_LEVEL` of its own darkest), without
    grid-line remnants and specks; ``contrast`` is the grid's darkest ink (:func:`ocr.cells.ink_contrast`)."""
    return _shapes_and_peak(cell, contrast)[0]


def _shapes_and_peak(cell: np.ndarray, contrast: float) -> tuple[list[Box], float, np.ndarray]:
    """:func:`ink_shapes`, the cell's darkest ink inside its border (a high percentile of its smoothed
    darkness; :data:`FAINT_INK` is measured on it) and that smoothed darkness."""
    size = cell.shape[0]
    edge = _edge(size)
    smooth = cv2.GaussianBlur(ink_darkness(cell), (0, 0), 1.0)
    inner = smooth[edge:-edge, edge:-edge]
    peak = float(np.percentile(inner, 99.5))
    if peak < INK_FLOOR * contrast:
        return [], peak, smooth
    mask = np.zeros(cell.shape, np.uint8)
    mask[edge:-edge, edge:-edge] = inner > max(SHAPE_LEVEL * peak, STROKE_FLOOR * contrast)
    mask &= ~straight_strokes(mask)
    mask = without_specks(mask)
    count, _, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    smallest = MIN_SHAPE_AREA * (size / CELL_PX) ** 2
    shapes = []
    for x, y, w, h, area in stats[1:]:
        box = (int(x), int(y), int(w), int(h))
        if area >= smallest and not grid_line_residue(*box, size):
            shapes.append(box)
    return shapes, peak, smooth


RESIDUE_WIDTH = 2
"""A shape at most this many pixels thin (in a 40-pixel cell) along the cell's edge is a grid line's remnant."""


def grid_line_residue(x: int, y: int, w: int, h: int, size: int) -> bool:
    """Whether a shape (its box in a cell of side ``size``) is what is left of the grid lines, not a mark.

    A cell cut a pixel or two off its lines keeps a strip of them along an edge; thresholded, the strip breaks
    into short slivers.  A shape reaching into the edge band (:data:`~ocr.cells.BORDER`) is such a remnant when
    it is a sliver (:data:`RESIDUE_WIDTH` thin, or along the top or bottom lower than :data:`MIN_SHAPE_HEIGHT`),
    or a small blob or a sliver in a corner (reaching into two adjacent bands: a crossing).  A mark written
    into a corner reaches into both bands too, but is larger.
    """
    band = BORDER * size
    thin = RESIDUE_WIDTH * size / CELL_PX
    down = x < band or x + w > size - band
    across = y < band or y + h > size - band
    if down and across and (max(w, h) <= 1.5 * band or min(w, h) <= band):
        return True
    return (down and w <= thin) or (across and (h <= thin or h < MIN_SHAPE_HEIGHT * size))


def tallest_shape(shapes: list[Box]) -> Box:
    """The tallest of a cell's shapes (a non-empty list): its digit's or its largest mark's."""
    return max(shapes, key=lambda box: box[3])


def tallest(shapes: list[Box]) -> int:
    """The height (pixels) of the tallest shape (0 when none)."""
    return max((h for _, _, _, h in shapes), default=0)


def page_digits(shapes_of_print: list[list[Box]], size: int = CELL_PX) -> PageDigits:
    """The page's printed digits: the median height and middle of the tallest shape of the cells read as print
    (the givens share one face and size), or :data:`DIGIT_SHARE` of the cell, centred, with fewer than
    :data:`MIN_PRINT_CELLS` of them."""
    mains = [tallest_shape(shapes) for shapes in shapes_of_print if shapes]
    if len(mains) < MIN_PRINT_CELLS:
        return PageDigits(DIGIT_SHARE * size, size / 2, size)
    return PageDigits(float(np.median([h for _, _, _, h in mains])),
                      float(np.median([y + h / 2 for _, y, _, h in mains])), size)


def are_marks(shapes: list[Box], page: PageDigits, sure: float = 1.0, printed: bool = False, whole: int = 0,
              faint: bool = False) -> bool:
    """Whether a cell's ink shapes (:func:`ink_shapes`) are candidate marks rather than one digit, on a page
    whose printed digits are ``page``; ``sure`` is how surely the cell's digit was read, ``printed`` whether
    it was read as print, ``whole`` the height of the digit the cell stage found (0: not known) and ``faint``
    whether its ink is faint pencil (:data:`FAINT_INK`).  See the module's docstring."""
    if not shapes:
        return False
    top = min(y for _, y, _, _ in shapes)
    bottom = max(y + h for _, y, _, h in shapes)
    tall = tallest(shapes)
    if tall < MIN_MARK_HEIGHT * page.size:
        return False  # crumbs and specks: no mark's digit among them
    main = tallest_shape(shapes)
    if not printed and not faint and sure < PENCIL_GUESS and main[2] >= RUN_TOGETHER * main[3]:
        return True  # read as a guess, and wider than tall: marks written close, run together into one shape
    small = _main_shapes(shapes)
    stacked = _one_digit(small)
    tall = digit_height(shapes)
    if not printed and not faint and max(tall, whole) <= MARK_HEIGHT * page.height \
            and page.middle - (top + bottom) / 2 >= OFF_CENTRE * page.size:
        if _row_width(shapes, page.middle - OFF_CENTRE * page.size) >= WIDE_MARK * tall or sure < TOP_DOUBT:
            return True
        left, right = min(x for x, _, _, _ in shapes), max(x + w for x, _, w, _ in shapes)
        if abs((left + right) / 2 - page.size / 2) >= IN_CORNER * page.size:
            return True  # high and to one side: a mark in a top corner
    if not printed and max(tall, whole) <= MARK_HEIGHT * page.height \
            and _row_anywhere(shapes) >= ROW_OF_MARKS * tall:
        return True
    if not printed and not faint and max(tall, whole) <= MARK_HEIGHT * page.height and _pair_apart(small, page.size):
        return True
    if tall <= TINY_MARK * page.size:
        return True
    left = min(x for x, _, _, _ in small)
    right = max(x + w for x, _, w, _ in small)
    centred = abs((top + bottom) / 2 - page.middle) < OFF_CENTRE * page.size
    several = (len(small) >= MIN_SMALL_MARKS and not stacked) or (right - left >= SIDE_BY_SIDE * tall and centred)
    return tall <= SMALL_MARK * page.height and several


def many_marks(shapes: list[Box], darkness: np.ndarray, peak: float, page: PageDigits) -> bool:
    """Whether a cell's ink shapes are three marks or more spread over it (:data:`MANY_MARKS`, :data:`MARK_INK`);
    ``darkness`` is its smoothed ink darkness and ``peak`` its darkest ink (:func:`_shapes_and_peak`)."""
    small = _main_shapes(shapes) if shapes else []
    if len(small) < MANY_MARKS:
        return False
    tall = tallest(small)
    left, right = min(x for x, _, _, _ in small), max(x + w for x, _, w, _ in small)
    if right - left < SIDE_BY_SIDE * tall or tall > MARK_HEIGHT * page.height \
            or min(h for _, _, _, h in small) < MARK_ALIKE * tall:
        return False
    return all(float(darkness[y:y + h, x:x + w].max()) >= MARK_INK * peak for x, y, w, h in small)


def _main_shapes(shapes: list[Box]) -> list[Box]:
    """The shapes at least 0.3 times as tall as the tallest: a digit's strokes or marks, not their crumbs."""
    least = 0.3 * tallest(shapes)
    return [box for box in shapes if box[3] >= least]


def digit_height(shapes: list[Box]) -> int:
    """The height (pixels) of a cell's digit: its tallest shape, or the pieces of one broken digit stacked in its
    own box (:func:`_one_digit`) as tall as they reach together."""
    small = _main_shapes(shapes)
    if small and _one_digit(small):
        return max(y + h for _, y, _, h in small) - min(y for _, y, _, _ in small)
    return tallest(shapes)


def _row_digits(shapes: list[Box], high: float) -> list[Box]:
    """The digits of a row of marks, left to right: the shapes about as tall as the tallest (:data:`MARK_ALIKE`),
    each with its middle above ``high`` (pixels from the cell's top), when two or more lie side by side (none
    overlapping the next across); else none."""
    least = MARK_ALIKE * tallest(shapes)
    digits = sorted((box for box in shapes if box[3] >= least and box[2] >= MARK_ASPECT * box[3]
                     and box[1] + box[3] / 2 <= high), key=lambda box: box[0])
    if len(digits) > 1 and all(b[0] >= a[0] + a[2] - 1 for a, b in zip(digits, digits[1:])):
        return digits
    return []


def _row_width(shapes: list[Box], high: float) -> int:
    """The width of a row of marks (:func:`_row_digits`), from the first's left to the last's right; else the
    tallest shape's width."""
    digits = _row_digits(shapes, high)
    if digits:
        return digits[-1][0] + digits[-1][2] - digits[0][0]
    return tallest_shape(shapes)[2]


def _row_anywhere(shapes: list[Box]) -> int:
    """The width of a row of marks anywhere in the cell whose digits' middles lie level (within
    :data:`ROW_LEVEL` of the tallest's height), or 0."""
    digits = _row_digits(shapes, float("inf"))
    middles = [y + h / 2 for _, y, _, h in digits]
    if not digits or max(middles) - min(middles) > ROW_LEVEL * tallest(shapes):
        return 0
    return digits[-1][0] + digits[-1][2] - digits[0][0]


def _pair_apart(shapes: list[Box], size: int) -> bool:
    """Whether the shapes are two digits alike in height (:data:`MARK_ALIKE`), level (:data:`ROW_LEVEL`), apart
    (:data:`PAIR_GAP`) and clear of the cell's sides (:data:`PAIR_CLEAR`), a thin 1 among them too: two marks side by
    side."""
    if len(shapes) != 2:
        return False
    (x1, y1, w1, h1), (x2, y2, w2, h2) = sorted(shapes)
    high, clear = max(h1, h2), PAIR_CLEAR * size
    return min(h1, h2) >= MARK_ALIKE * high and abs((y1 + h1 / 2) - (y2 + h2 / 2)) <= ROW_LEVEL * high \
        and x2 - (x1 + w1) >= PAIR_GAP * high and x1 >= clear and x2 + w2 <= size - clear


def _one_digit(shapes: list[Box]) -> bool:
    """Whether shapes lie one above the other within one digit's width (the pieces of one broken digit)."""
    left = min(x for x, _, _, _ in shapes)
    right = max(x + w for x, _, w, _ in shapes)
    widest = max(w for _, _, w, _ in shapes)
    return right - left <= 1.3 * widest


def mark_count(shapes: list[Box]) -> int:
    """How many marks a cell's shapes hold: a shape much wider than tall is counted as digits side by side
    (marks written close run together)."""
    count = 0
    for _, _, w, h in shapes:
        count += max(1, int(round(w / max(0.7 * h, 1.0)))) if h else 0
    return max(count, 1)


PENCIL_HEIGHT = (0.12, 0.3)
"""A small candidate digit's height, as a fraction of the cell (smaller than a given)."""


def pencil_marks(cell: np.ndarray, contrast: float) -> int:
    """How many small candidate digits a cell holds: compact shapes too small for a given (:data:`PENCIL_HEIGHT`),
    counted one by one.  Used on the cells without a digit's shape, where larger shapes are mostly grid lines'
    remnants, and on unsure digits (:data:`PENCIL_DOUBT`)."""
    size = cell.shape[0]
    edge = _edge(size)
    darkness = ink_darkness(cell)
    inner = darkness[edge:-edge, edge:-edge]
    peak = float(np.percentile(inner, 99.5))
    if peak < 0.25 * contrast:
        return 0
    mask = np.zeros(cell.shape, np.uint8)
    mask[edge:-edge, edge:-edge] = inner > 0.45 * peak
    mask &= ~straight_strokes(mask, edge_lines=False)
    count, _, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    marks = 0
    low, high = PENCIL_HEIGHT[0] * size, PENCIL_HEIGHT[1] * size
    for label in range(1, count):
        x, y, w, h, area = stats[label]
        if low <= h <= high and w <= high and area >= 3 and x > edge and y > edge \
                and x + w < size - edge and y + h < size - edge and not grid_line_residue(x, y, w, h, size):
            marks += 1
    return marks


NOTED_CELLS = 2
"""A page without an entry was written on when at least this many of its empty cells hold two marks or more."""


def nobody_wrote(empty_marks: Mapping[int, int], written: int) -> bool:
    """Whether the marks found in empty cells (cell -> number of marks, :func:`pencil_marks`) are no writing at all:
    the page has no ``written`` cell (an entry, or marks over a digit's shape) and fewer than :data:`NOTED_CELLS`
    empty cells hold two marks or more.  A solver who notes candidates notes several in cell after cell (two such
    cells at the fewest in the 35 grids of candidates alone, read without an entry, of the photo suite's draws 1, 3
    and 4); a small stroke here and there on a page nobody wrote on, or two in one cell, are pieces of a dashed or
    pale cell line that the lattice left inside a cell (each looks like a small 1: one such cell in 4 of those
    draws' 162 printed grids)."""
    noted = sum(1 for count in empty_marks.values() if count >= 2)
    return written == 0 and bool(empty_marks) and noted < NOTED_CELLS


PENCIL_DOUBT = 0.95
MIN_PENCIL_MARKS = 3
"""A digit read less surely than :data:`PENCIL_DOUBT` in a cell holding at least :data:`MIN_PENCIL_MARKS`
small shapes (:func:`pencil_marks`) is candidate marks run together by blur, not a digit."""
PENCIL_GUESS = 0.5
MIN_GUESSED_MARKS = 2
"""A digit read less surely than :data:`PENCIL_GUESS` (a guess: another reading is as likely) is candidate marks
already where its cell holds :data:`MIN_GUESSED_MARKS` small shapes."""


def blurred_marks(count: int, sure: float) -> bool:
    """Whether a digit read ``sure``-ly over ``count`` small shapes (:func:`pencil_marks`) is candidate marks run
    together by blur (:data:`PENCIL_DOUBT`, :data:`MIN_PENCIL_MARKS`, :data:`PENCIL_GUESS`, :data:`MIN_GUESSED_MARKS`)."""
    return sure < PENCIL_DOUBT and count >= (MIN_PENCIL_MARKS if sure >= PENCIL_GUESS else MIN_GUESSED_MARKS)


def find_marks(images: Mapping[int, np.ndarray], contrast: float, print_cells: list[int],
               sureness: Mapping[int, float], heights: Mapping[int, int] | None = None,
               twins: Mapping[int, float] | None = None) -> dict[int, int]:
    """The cells of ``images`` (cell -> upright image: the cells holding a digit's shape) whose ink is candidate
    marks: cell -> number of marks.

    ``print_cells`` are the cells read as print (they give the page's digit size and place, :func:`page_digits`),
    ``sureness`` how surely each cell's digit was read (its top probability), ``heights`` the height of each cell's
    digit as the cell stage found it whole (a pencil 9's faint straight stem, which :func:`ink_shapes` takes for a
    grid line's remnant, leaves its loop alone high in the cell: a mark's look).  A cell is marks by its shapes'
    geometry (:func:`are_marks`), or when its digit is read unsurely and it holds several small shapes
    (:data:`PENCIL_DOUBT`, :data:`PENCIL_GUESS`).  ``twins``: how closely each cell's digit matches its best twin
    (:func:`ocr.context.twins_of`); a print twin is no lone mark (:data:`FACE_TWIN`).
    """
    measured = {index: _shapes_and_peak(image, contrast) for index, image in images.items()}
    shapes = {index: found for index, (found, _, _) in measured.items()}
    size = next(iter(images.values())).shape[0] if images else CELL_PX
    printed = set(print_cells)
    page = page_digits([shapes[index] for index in printed if index in shapes], size)
    faint_cells = {index for index, (_, peak, _) in measured.items() if peak < FAINT_INK * contrast}
    marks: dict[int, int] = {}
    for index, found in shapes.items():
        sure = sureness.get(index, 1.0)
        if are_marks(found, page, sure, index in printed, (heights or {}).get(index, 0), index in faint_cells) or (
                index not in printed and index not in faint_cells
                and many_marks(found, measured[index][2], measured[index][1], page)):
            marks[index] = mark_count(found)
        elif sure < PENCIL_DOUBT:
            count = pencil_marks(images[index], contrast)
            if blurred_marks(count, sure):
                marks[index] = count
    glyphs = {index for index, likeness in (twins or {}).items() if likeness >= FACE_TWIN}
    written = {index: found for index, found in shapes.items() if index not in printed | glyphs and found}
    for index in lone_marks(written, marks, page, heights or {}, faint_cells):
        marks[index] = mark_count(shapes[index])
    return marks


MIN_PAGE_MARKS = 3
LONE_MARK = 0.85
MARKED_PAGE = 0.3
LIKE_MARKS = 1.3
UNDER_ENTRIES = 0.65
MIN_ENTRIES = 5
ALL_MARKS = 0.6
"""Lone candidates on a page of marks.  On a page where at least :data:`MIN_PAGE_MARKS` written cells (not read as
print) hold marks, a cell's one digit no taller than :data:`LONE_MARK` times the page's printed digits is a mark too
when it is the marks' size or well under the entries' size:

- the page is mostly marks (at least :data:`MARKED_PAGE` of its written cells hold them) and the digit is at most
  :data:`LIKE_MARKS` times the marks' usual height (the median of their tallest shapes): a solver who notes
  candidates writes a cell's only one at the same size;
- or the digit is at most :data:`UNDER_ENTRIES` times the usual height of the page's other written digits (their
  median, over at least :data:`MIN_ENTRIES` of them): one hand writes its entries at one size.  Then it may be
  taller than :data:`LONE_MARK` times the print (a solver whose entries are large writes large marks too), unless
  it is faint pencil (:data:`FAINT_INK`), whose broken strokes make its digit look smaller than it is.

On a page of marks nearly alone (at least :data:`ALL_MARKS` of its written cells), the digit may be as tall as the
printed digits (:data:`MARK_HEIGHT`): the few cells left are the marks' own, written a little larger.

Chosen on the suite's first draw (no entry taken for a mark there).  On Wicht's mixed photos, whose writer's entries
are small (some 0.56 times the printed digits) and sit high, at most 16% of the written cells look like marks and
no entry is taken for one; nor on the corpus' photos."""


def lone_marks(written: Mapping[int, list[Box]], marks: Mapping[int, int], page: PageDigits,
               heights: Mapping[int, int], faint: frozenset[int] | set[int] = frozenset()) -> list[int]:
    """The cells of ``written`` (cell -> ink shapes, the cells not read as print) not in ``marks`` whose one digit
    is a candidate mark by its size on a page of marks (:data:`LONE_MARK`, :data:`ALL_MARKS`); ``heights`` as in
    :func:`find_marks`, ``faint`` the cells in faint pencil (:data:`FAINT_INK`)."""
    marked = [shapes for index, shapes in written.items() if index in marks]
    if len(marked) < MIN_PAGE_MARKS:
        return []
    usual_mark = float(np.median([tallest(shapes) for shapes in marked]))
    mostly_marks = len(marked) >= MARKED_PAGE * len(written)
    tallest_mark = (MARK_HEIGHT if len(marked) >= ALL_MARKS * len(written) else LONE_MARK) * page.height
    digits = {index: max(digit_height(shapes), heights.get(index, 0))
              for index, shapes in written.items() if index not in marks}
    usual_entry = float(np.median(list(digits.values()))) if len(digits) >= MIN_ENTRIES else 0.0
    return [index for index, height in digits.items()
            if (height <= tallest_mark and mostly_marks and height <= LIKE_MARKS * usual_mark)
            or (height <= UNDER_ENTRIES * usual_entry and (height <= tallest_mark or index not in faint))]
