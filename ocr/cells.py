"""Stage 5: cut the 81 cells out of the photo and decide empty or given.

Each cell is warped from the photo on its own four line crossings (so bent
or unevenly spaced lines still give square cells), and its light is evened
out (a cell in a shadow is scaled up to the well-lit paper, so its ink is
judged by how dark it is on its own paper).  A cell holds a given when
it has a dark, compact stroke shape near its centre, tall enough to be a
printed clue: small candidate digits (pencil marks) and specks are not, even
when blur runs several pale marks together (no single stroke of theirs is a
digit's height).
The given's ink is then normalised to a 28 x 28 image for the readers.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .crease import remove_creases
from .debug import NO_DEBUG, DebugSink
from .rectify import Rectified

CELL_PX = 40
"""Side of each cut-out cell image."""
DIGIT_PX = 28
"""Side of the normalised digit image."""
DIGIT_BOX = 20
"""The digit's longer side in the normalised image."""
BORDER = 0.1
"""Fraction of the cell at each edge where grid lines live and no digit is looked for."""
MIN_DIGIT_HEIGHT = 0.3
"""A given is at least this tall (fraction of the cell); pencil marks are smaller."""
MIN_CONTRAST = 0.35
"""A given's ink is at least this dark, relative to the grid's digits."""
STROKE_LEVEL = 0.35
"""Pixels this dark, relative to the cell's darkest, belong to its strokes."""
STROKE_FLOOR = 0.18
"""...and at least this dark relative to the grid's print (in a pale cell, a share of its darkest is grain)."""
GRAIN_SIGMA = 1.0
"""The darkness is smoothed with a Gaussian of this sigma (pixels) before strokes are cut from it."""
LINE_REMNANT = 0.7
"""A straight stroke at least this long (fraction of the cell) is a grid line's remnant, not part of a digit."""
EDGE_REMNANT = 0.45
EDGE_BAND = 0.15
"""A shorter straight stroke, at least :data:`EDGE_REMNANT` of the cell long, is a grid line's remnant too when it
hugs the cell's edge (its middle within :data:`EDGE_BAND` of it): a line a bowed page curves into the cell."""
SMUDGE_SPAN = 0.8
SMUDGE_WIDTH = 0.6
SMUDGE_DARKNESS = 0.6
SMUDGE_FAINT = 0.45
"""A shape spanning :data:`SMUDGE_SPAN` of the cell is a smudge or a shadow when it is fainter than
:data:`SMUDGE_FAINT` (relative to the grid's digits), or paler than :data:`SMUDGE_DARKNESS` and also
:data:`SMUDGE_WIDTH` wide (a blot or a ring); a tall, narrower pen digit as pale as that is kept..."""
FILLS_CELL = 0.75
"""A shape wider and taller than this (fraction of the cell) fills the cell: a shaded box's texture or a shadow,
unless its ink stands out as strokes do (:data:`STROKE_SHARPNESS`: a large handwritten 1 with its base, a 4 or a 7
written edge to edge; on Wicht train and the corpus's other sources, the empty cells' shapes this large measure
0.5-1.1)."""
STROKE_SHARPNESS = 2.0
"""...and so is any such shape whose ink (median darkness) is this many times darker than the rest of the cell
(its 90th percentile): a large pencil digit's strokes stand out of clean paper, while a smudge, a grain
pattern or a shadow is hardly darker than what lies around it.  Chosen on Wicht train and the corpus's
snapsudoku photos (smudges 0.9-1.2, a pale printed 9 and 5: 4.0-4.3); the corpus's kubiesa pencil digits
(2.6-23) were held out."""
MAX_STRAY_INK = 0.15
"""A cell with more ink than this fraction outside its digit is texture, not a given."""
PAPER_LEVEL = 90
"""Percentile of the cells' paper brightness that every cell's paper is evened out to (the well-lit paper)."""
PAPER_SHARE = 90
"""Percentile of a cell's inside taken for its paper's brightness."""


@dataclass(frozen=True)
class CellReading:
    """One cell: its image, whether it holds a given, and the normalised digit (or ``None``)."""

    index: int
    image: np.ndarray
    digit: np.ndarray | None
    box: tuple[int, int, int, int] | None
    """The digit's bounding box (x, y, width, height) in the cell image."""

    @property
    def is_given(self) -> bool:
        return self.digit is not None


def cut_cells(gray: np.ndarray, rectified: Rectified, crossings: np.ndarray) -> list[np.ndarray]:
    """The 81 cell images (row by row), each warped from the photo on its own four crossings."""
    photo_points = rectified.to_photo(crossings.reshape(-1, 2)).reshape(10, 10, 2)
    target = np.array([[0, 0], [CELL_PX, 0], [CELL_PX, CELL_PX], [0, CELL_PX]], dtype=np.float32)
    cells = []
    for row in range(9):
        for column in range(9):
            quad = np.array(
                [photo_points[row, column], photo_points[row, column + 1],
                 photo_points[row + 1, column + 1], photo_points[row + 1, column]],
                dtype=np.float32,
            )
            matrix = cv2.getPerspectiveTransform(quad, target)
            cells.append(cv2.warpPerspective(gray, matrix, (CELL_PX, CELL_PX), flags=cv2.INTER_AREA,
                                             borderMode=cv2.BORDER_REPLICATE))
    return cells


def paper(cell: np.ndarray) -> float:
    """The brightness of a cell's paper: a high percentile of its inside (ink and grid lines are few and dark)."""
    return max(float(np.percentile(_inner(cell), PAPER_SHARE)), 1.0)


def even_light(cells: list[np.ndarray]) -> list[np.ndarray]:
    """The cells with their light evened out: each cell scaled so its paper is as bright as the grid's well-lit
    paper (:data:`PAPER_LEVEL`), so print in a shadow or a dim corner is as dark as print in full light.

    Light multiplies paper and ink alike; dividing it out leaves how dark the ink is relative to its paper,
    which is what tells a given from a pale mark or a solver's pen, wherever it lies in the photo.
    """
    papers = [paper(c) for c in cells]
    level = float(np.percentile(papers, PAPER_LEVEL)) if papers else 255.0
    return [np.clip(c.astype(np.float32) * (level / p), 0, 255).astype(np.uint8) for c, p in zip(cells, papers)]


def _inner(cell: np.ndarray) -> np.ndarray:
    edge = int(round(BORDER * cell.shape[0]))
    return cell[edge:-edge, edge:-edge]


def ink_darkness(cell: np.ndarray) -> np.ndarray:
    """How much darker each pixel is than the paper around it (a black-hat; shadows and shading vanish)."""
    size = max(5, (cell.shape[0] // 2) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    return cv2.morphologyEx(cell, cv2.MORPH_BLACKHAT, kernel).astype(np.float32)


def ink_contrast(cells: list[np.ndarray]) -> float:
    """The darkness of the grid's darkest digits: a high percentile of the cells' ink darkness."""
    return _contrast([ink_darkness(c) for c in cells])


def _contrast(darkness: list[np.ndarray]) -> float:
    inside = np.concatenate([_inner(d).ravel() for d in darkness])
    return max(12.0, float(np.percentile(inside, 99.7)))


def _peak(darkness: np.ndarray) -> float:
    """A cell's ink peak: a high percentile of its inside's darkness (what :func:`extract_digit` weighs)."""
    return float(np.percentile(_inner(darkness), 99))


INKED = 0.2
"""Cells with a digit's shape in ink reaching this share of the darkest take part in telling print from pen."""
PEN_RATIO = 1.6
"""A group of inked cells this much darker (median peak) than the rest is a solver's pen, not the print..."""
ABOVE_PAPER = 2.0
"""...when the rest (the print) is this much darker than the empty cells' paper (median peak), not grain."""
MIN_PRINT_CELLS = 8
MIN_PEN_CELLS = 3
"""The print group must hold this many cells (a puzzle has 17 givens or more), the pen group this many."""
MIN_EMPTY_CELLS = 5
"""The paper's grain is measured on this many cells without ink, or taken as none."""
PRINT_SIZE_SPREAD = 0.09
"""The print group's digits share one face and size: their heights vary by at most this (standard deviation over
mean); paler pen entries mixed with pencil marks vary more."""


def pen_cells(peaks: np.ndarray, heights: np.ndarray, paper_peak: float = 0.0) -> np.ndarray:
    """Which of the inked cells (their ink ``peaks`` and digit ``heights``; indices into them) are written in an
    ink much darker than the rest.

    The peaks (log) are split in two where the groups are best apart (Otsu); the darker group is pen
    when it is :data:`PEN_RATIO` times darker than the paler one and that one, the print, stands
    :data:`ABOVE_PAPER` times above the empty cells' grain ``paper_peak`` (not a few specks) and has
    digits of one size (:data:`PRINT_SIZE_SPREAD`).
    """
    if len(peaks) < MIN_PRINT_CELLS + MIN_PEN_CELLS:
        return np.zeros(0, int)
    order = np.argsort(peaks)
    levels = np.log(np.maximum(peaks[order], 1e-6))
    best, split = -1.0, 0
    for k in range(1, len(levels)):
        pale, dark = levels[:k], levels[k:]
        score = k * (len(levels) - k) * float(dark.mean() - pale.mean()) ** 2
        if score > best:
            best, split = score, k
    if split < MIN_PRINT_CELLS or len(levels) - split < MIN_PEN_CELLS:
        return np.zeros(0, int)
    print_level = float(np.median(levels[:split]))
    if np.exp(np.median(levels[split:]) - print_level) < PEN_RATIO or np.exp(print_level) < ABOVE_PAPER * paper_peak:
        return np.zeros(0, int)
    sizes = heights[order[:split]].astype(np.float64)
    if float(sizes.std()) > PRINT_SIZE_SPREAD * float(sizes.mean()):
        return np.zeros(0, int)
    return np.sort(order[split:])


Box = tuple[int, int, int, int]


def print_contrast(cells: list[np.ndarray], darkness: list[np.ndarray],
                   boxes: "list[Box | None] | None" = None) -> float:
    """The darkness of the grid's print, from the cells and their ink darkness maps (:func:`ink_darkness`);
    ``boxes`` are the digit boxes the cells were found to hold against the darkest ink, if already cut.

    On a puzzle someone has filled in, the darkest ink is often the solver's pen; measured on it, pale
    print would be judged too faint to be a given.  The print's darkness is therefore measured without
    the cells written in a much darker ink (:func:`pen_cells` of the cells holding a digit's shape in ink
    of :data:`INKED` of the darkest or more); with no such cells it is the darkest ink's.
    """
    contrast = _contrast(darkness)
    faint = contrast * INKED / MIN_CONTRAST
    peaks = np.array([_peak(d) for d in darkness])
    heights = np.zeros(len(cells))
    for i, (cell, dark) in enumerate(zip(cells, darkness)):
        box = boxes[i] if boxes is not None else None
        if box is None and peaks[i] >= INKED * contrast:
            box = extract_digit(cell, faint, dark)[1]
        heights[i] = 0 if box is None else box[3]
    inked = heights > 0
    paper_peak = float(np.median(peaks[~inked])) if (~inked).sum() >= MIN_EMPTY_CELLS else 0.0
    pen = np.nonzero(inked)[0][pen_cells(peaks[inked], heights[inked], paper_peak)]
    if not len(pen):
        return contrast
    written = set(pen.tolist())
    return _contrast([d for i, d in enumerate(darkness) if i not in written])


def extract_digit(cell: np.ndarray, contrast: float, darkness: np.ndarray | None = None
                  ) -> tuple[np.ndarray | None, tuple[int, int, int, int] | None]:
    """The normalised 28 x 28 digit image of a cell (ink bright, 0..1) and its box, or ``(None, None)`` if empty.

    ``contrast`` is the darkness of the grid's print (:func:`print_contrast`); ``darkness`` the cell's
    :func:`ink_darkness` if already measured.
    """
    size = cell.shape[0]
    edge = int(round(BORDER * size))
    if darkness is None:
        darkness = ink_darkness(cell)
    peak = float(np.percentile(darkness[edge:-edge, edge:-edge], 99))
    if peak < MIN_CONTRAST * contrast:
        return None, None
    # each cell's ink is cut at a share of its own darkest (a blurred digit is paler, not smaller), on the
    # darkness smoothed over a pixel or so: grain is averaged away, so it neither joins marks nor fakes strokes
    smooth = cv2.GaussianBlur(darkness, (0, 0), GRAIN_SIGMA)
    smooth_peak = max(float(np.percentile(smooth[edge:-edge, edge:-edge], 99)), 1e-6)
    raw, darkness = darkness, np.clip(darkness / peak, 0.0, 1.0)
    mask = np.zeros(cell.shape, np.uint8)
    level = max(STROKE_LEVEL * smooth_peak, STROKE_FLOOR * contrast)
    mask[edge:-edge, edge:-edge] = smooth[edge:-edge, edge:-edge] > level
    mask &= ~straight_strokes(mask)
    mask = without_specks(mask)
    # strokes a pixel apart belong together (thin blurred digits break up)
    joined = cv2.dilate(mask, cv2.getStructuringElement(cv2.MORPH_CROSS, (3, 3)))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(joined, connectivity=8)
    main = None
    centre_low, centre_high = 0.25 * size, 0.75 * size
    for label in range(1, count):
        x, y, w, h, area = stats[label]
        cx, cy = x + w / 2, y + h / 2
        if not (centre_low <= cx <= centre_high and centre_low <= cy <= centre_high):
            continue
        long_side, short_side = max(w, h), min(w, h)
        if long_side < MIN_DIGIT_HEIGHT * size or area < 0.01 * size * size:
            continue
        if short_side > FILLS_CELL * size and _smudge_like(raw, mask.astype(bool) & (labels == label), edge):
            continue  # as wide as it is tall and filling the cell, hardly darker than around it: shading
        if short_side > 0.3 * size and mask[labels == label].sum() > 0.9 * w * h:  # a solid blot, not a stroke
            continue
        # its strokes as thresholded (the joining above grows a shape and ties nearby marks together)
        stroke = _longest_stroke(mask.astype(bool) & (labels == label))
        if stroke < MIN_DIGIT_HEIGHT * size and peak < SMUDGE_DARKNESS * contrast:
            continue  # pale small marks run together (pencil-mark candidates, blurred): no stroke a digit's height
        if long_side >= SMUDGE_SPAN * size and (peak < SMUDGE_FAINT * contrast or (
                short_side >= SMUDGE_WIDTH * size and peak < SMUDGE_DARKNESS * contrast)) and \
                _smudge_like(raw, mask.astype(bool) & (labels == label), edge):
            continue  # pale and running edge to edge, hardly darker than around it: a smudge or a shadow
        if main is None or long_side > max(stats[main][2], stats[main][3]):
            main = label
    if main is None:
        return None, None
    x, y, w, h = (int(v) for v in stats[main][:4])
    keep = labels == main
    # pieces of a broken digit: other strokes within the main one's box, grown a little
    grow = 0.12 * size
    for label in range(1, count):
        lx, ly, lw, lh, area = stats[label]
        inside = lx >= x - grow and ly >= y - grow and lx + lw <= x + w + grow and ly + lh <= y + h + grow
        if label != main and inside and area >= 4:
            keep |= labels == label
    outside = mask.astype(bool) & ~keep
    if outside.sum() > MAX_STRAY_INK * (size - 2 * edge) ** 2:
        return None, None  # texture (a shaded or dotted cell), not a clean printed digit
    # the digit's ink as cut from the unsmoothed darkness (its strokes' true width), where the shape found lies
    sharp = np.zeros(cell.shape, np.uint8)
    sharp[edge:-edge, edge:-edge] = darkness[edge:-edge, edge:-edge] > STROKE_LEVEL
    sharp &= ~straight_strokes(sharp)
    cross = cv2.getStructuringElement(cv2.MORPH_CROSS, (3, 3))
    support = cv2.dilate(sharp, cross).astype(bool) & cv2.dilate(keep.astype(np.uint8), cross).astype(bool)
    if not support.any():
        support = keep
    ys, xs = np.nonzero(support)
    x, y = int(xs.min()), int(ys.min())
    w, h = int(xs.max()) - x + 1, int(ys.max()) - y + 1
    ink = np.where(support, darkness, 0.0)[y : y + h, x : x + w]
    return normalise_digit(ink), (x, y, w, h)


RING_HOLE = 0.45
"""A shape whose hole covers this share of its box or more is a ring (a cup's or a smudge's), not a digit: the
loops of a 6, 8 or 9 fill half their box or less."""


def _smudge_like(darkness: np.ndarray, shape: np.ndarray, edge: int) -> bool:
    """Whether a pale shape spanning the cell is a smudge, a shadow or a ring rather than a large pencil digit: it
    hardly stands out of the cell's paper (:data:`STROKE_SHARPNESS`) or it is a ring (:data:`RING_HOLE`)."""
    if _sharpness(darkness, shape, edge) < STROKE_SHARPNESS:
        return True
    contours, hierarchy = cv2.findContours(shape.astype(np.uint8), cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    ys, xs = np.nonzero(shape)
    box = float((xs.max() - xs.min() + 1) * (ys.max() - ys.min() + 1))
    holes = [cv2.contourArea(c) for c, h in zip(contours, hierarchy[0]) if h[3] >= 0] if hierarchy is not None else []
    return max(holes, default=0.0) >= RING_HOLE * box


def _sharpness(darkness: np.ndarray, shape: np.ndarray, edge: int) -> float:
    """How much darker a shape's ink is than the rest of the cell's inside: its median darkness over the 90th
    percentile of the darkness away from it (see :data:`STROKE_SHARPNESS`)."""
    inside = np.zeros(shape.shape, bool)
    inside[edge:-edge, edge:-edge] = True
    near = cv2.dilate(shape.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
    rest = darkness[inside & ~near]
    around = float(np.percentile(rest, 90)) if rest.size else 0.0
    return float(np.median(darkness[shape])) / max(around, 1.0)


SPECK = 3
"""Ink shapes of fewer pixels than this are noise (sensor grain, JPEG), never part of a digit's stroke."""


def without_specks(mask: np.ndarray) -> np.ndarray:
    """``mask`` without its specks of fewer than :data:`SPECK` pixels (so noise is not joined into shapes)."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    keep = np.zeros(count, np.uint8)
    keep[1:] = stats[1:, cv2.CC_STAT_AREA] >= SPECK
    return keep[labels]


def _longest_stroke(mask: np.ndarray) -> int:
    """The longer side (pixels) of the largest connected stroke in a boolean mask."""
    count, _, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    return max((int(max(w, h)) for _, _, w, h, _ in stats[1:]), default=0)


def straight_strokes(mask: np.ndarray, edge_lines: bool = True) -> np.ndarray:
    """The straight horizontal and vertical strokes of a cell's mask that are grid-line remnants: longer than
    :data:`LINE_REMNANT` and either off the cell's middle (a line the cut left inside the cell lies near an edge)
    or running the whole inside from edge to edge, itself or the piece of ink it is part of (a line, a line
    bowed by a curled page, or a shaded box's texture).  A long stroke in the
    middle that stops short of an edge is a digit's: a large handwritten 1's, 4's, 7's or 9's stem.  With
    ``edge_lines``, shorter strokes hugging an edge are remnants too (:data:`EDGE_REMNANT`; the candidate-mark
    count leaves them to :func:`ocr.marks.grid_line_residue`)."""
    size = mask.shape[0]
    length = int(LINE_REMNANT * size)
    inside = size - 2 * int(round(BORDER * size))
    remnants = np.zeros_like(mask)
    _, pieces, piece_stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    for axis, shape in ((0, (length, 1)), (1, (1, length))):
        opened = cv2.morphologyEx(mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, shape))
        count, labels, stats, _ = cv2.connectedComponentsWithStats(opened, connectivity=8)
        for label in range(1, count):
            x, y, w, h = (int(v) for v in stats[label][:4])
            middle = (y + h / 2) / size if axis == 0 else (x + w / 2) / size
            # the whole piece of ink the stroke belongs to: a line bowed by a curled page is straight only in part
            piece = piece_stats[int(pieces[y + h // 2, x + w // 2])] if pieces[y + h // 2, x + w // 2] else stats[label]
            reach = int(piece[2] if axis == 0 else piece[3])
            if not 0.25 <= middle <= 0.75 or max(w if axis == 0 else h, reach) >= inside:
                remnants[labels == label] = 1
    hugging = int(EDGE_REMNANT * size)
    for shape in ((hugging, 1), (1, hugging)) if edge_lines else ():
        opened = cv2.morphologyEx(mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, shape))
        count, labels, stats, _ = cv2.connectedComponentsWithStats(opened, connectivity=8)
        for label in range(1, count):
            x, y, w, h = (int(v) for v in stats[label][:4])
            middle = (y + h / 2) / size if shape[1] == 1 else (x + w / 2) / size
            if not EDGE_BAND <= middle <= 1 - EDGE_BAND:
                remnants[labels == label] = 1
    return remnants


def normalise_digit(ink: np.ndarray) -> np.ndarray:
    """Scale an ink crop (bright on dark) so its longer side is 20 px, centred in 28 x 28."""
    h, w = ink.shape
    factor = DIGIT_BOX / max(h, w)
    nh, nw = max(1, round(h * factor)), max(1, round(w * factor))
    scaled = cv2.resize(ink.astype(np.float32), (nw, nh), interpolation=cv2.INTER_AREA if factor < 1 else cv2.INTER_LINEAR)
    out = np.zeros((DIGIT_PX, DIGIT_PX), np.float32)
    top, left = (DIGIT_PX - nh) // 2, (DIGIT_PX - nw) // 2
    out[top : top + nh, left : left + nw] = scaled
    peak = out.max()
    return out / peak if peak > 0 else out


def _found_digits(images: list[np.ndarray]
                  ) -> tuple[list[tuple[np.ndarray | None, Box | None]], float, tuple[list[np.ndarray], float]]:
    """Each cell's digit and box (:func:`extract_digit`, against the print's darkness), the darkest ink's contrast,
    and the cells' darkness maps with the print's darkness they were judged on."""
    darkness = [ink_darkness(image) for image in images]
    contrast = _contrast(darkness)
    found = [extract_digit(image, contrast, dark) for image, dark in zip(images, darkness)]
    print_level = print_contrast(images, darkness, [box for _, box in found])
    if print_level != contrast:
        found = [extract_digit(image, print_level, dark) for image, dark in zip(images, darkness)]
    return found, contrast, (darkness, print_level)


FAINT = 0.2
"""A cell without a given may hold a faded one: a digit's shape in ink at least this dark relative to the print
(paler than :data:`MIN_CONTRAST`); see :func:`faint_digits`."""


def faint_digits(images: list[np.ndarray], judged: tuple[float, list[int]] | None = None
                 ) -> dict[int, tuple[np.ndarray, Box]]:
    """The cells (of ``images``, the 81 evened-out cell images) that hold no given but a digit's shape in ink
    paler than a given's, down to :data:`FAINT` of the print's darkness: cell -> (normalised digit, box).
    ``judged``: the print's darkness and the cells found holding no digit, as :func:`read_cells` judged them
    (else the cells are judged again).

    Print fades unevenly (a worn or pale-coloured face, a photo's glare), so a given can fall just under the
    darkness a given must have; such a shape is only a candidate, read when the givens alone leave the
    puzzle open (a pale pencil mark or a mark showing through the paper looks the same).
    """
    if judged is None:
        found, _, (_, level) = _found_digits(images)
        judged = level, [index for index, (digit, _) in enumerate(found) if digit is None]
    print_level, empty = judged
    faint: dict[int, tuple[np.ndarray, Box]] = {}
    for index in empty:
        pale, box = extract_digit(images[index], print_level * FAINT / MIN_CONTRAST)
        if pale is not None and box is not None:
            faint[index] = (pale, box)
    return faint


def read_cells(gray: np.ndarray, rectified: Rectified, crossings: np.ndarray, *,
               debug: DebugSink = NO_DEBUG) -> tuple[list[CellReading], float, float]:
    """Cut the cells and decide for each whether it holds a digit (row by row, 81 readings), the darkest ink's
    contrast (:func:`ink_contrast`, the scale the readers measure a digit's darkness on) and the print's darkness
    the cells were judged on (:func:`print_contrast`).

    A cell holds a digit by its ink's darkness relative to the print."""
    images, _ = remove_creases(even_light(cut_cells(gray, rectified, crossings)))
    found, contrast, (_, print_level) = _found_digits(images)
    readings = []
    for index, (image, (digit, box)) in enumerate(zip(images, found)):
        readings.append(CellReading(index=index, image=image, digit=digit, box=box))
    if debug.enabled:
        debug.save("cells", cell_mosaic(readings))
    return readings, contrast, print_level


def cell_mosaic(readings: list[CellReading]) -> np.ndarray:
    """A picture of the 81 cells with the found digit boxes (for debugging)."""
    tiles = []
    for reading in readings:
        tile = cv2.cvtColor(reading.image, cv2.COLOR_GRAY2BGR)
        if reading.box is not None:
            x, y, w, h = reading.box
            cv2.rectangle(tile, (x, y), (x + w - 1, y + h - 1), (0, 0, 255), 1)
        tiles.append(cv2.copyMakeBorder(tile, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=(255, 255, 255)))
    rows = [np.hstack(tiles[r * 9 : r * 9 + 9]) for r in range(9)]
    return np.vstack(rows)
