"""Stage 2: find the grids, the grid-like quadrilaterals in the photo (the main one first).

Candidates are the big connected shapes of the ink (as printed and after
keeping only long straight strokes, which cuts the grid loose from text that
touches it).  Each candidate's outline is reduced to four corners and checked
by warping it flat and looking for the ten evenly spread lines of a Sudoku in
both directions.  Candidates that overlap are one grid (of its near-identical outlines the one along its outer
border is kept, :func:`_at_the_border`), two grids do not overlap (:func:`_clear_of`), and an outline across or
around two grids is neither (:func:`_lying_across`).  A second puzzle whose outline runs into the page's edge is
found by the cell holes left once the grids found are inked over (:func:`_holes_beside`).  Of several grids the
largest, most complete and most central comes first.  The search runs on the
photo shrunk to :data:`WORK_SIDE`; when nothing grid-like shows there, with
the usual and then a fainter ink threshold, it looks once more at up to
:data:`FINE_WORK_SIDE` (pale hairline cell lines fade away when shrunk), then for the box lines alone
(:data:`BOX_LINES`: cell lines too pale to show at all), and last for the cells of a page photographed at a slant,
much larger near the camera than far from it (:func:`ocr.cell_holes.slanted_outlines`).  How grid-like an outline
looks is :mod:`ocr.grid_score`'s; the outlines fitted to the cells' holes are :mod:`ocr.cell_holes`'.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import cv2
import numpy as np

from sudokuprint.errors import NoGridError

from .cell_holes import cell_cluster, lattice_quads, slanted_outlines
from .debug import NO_DEBUG, DebugSink
from .grid_score import GOOD_GRID_SCORE, grid_score, lattice_fit
from .lattice_check import on_the_grid
from .skew import estimate_skew, rotation

WORK_SIDE = 800
"""Longer side of the image the search runs on."""
FINE_WORK_SIDE = 1600
"""Longer side (at most) of the image of the last look, when nothing grid-like shows at :data:`WORK_SIDE`: a grid
whose thin lines are pale and one or two pixels wide in the photo fades away when the photo is shrunk."""
MIN_GRID_FRACTION = 0.04
"""A grid smaller than this fraction of the photo's area is not read."""
MIN_GRID_SIDE = 90
"""A grid whose side is shorter than this many pixels is too small to read."""
MIN_GRID_SCORE = 0.3
"""Below this :func:`grid_score` a shape is not taken for a grid."""
SAME_GRID_OVERLAP = 0.5
"""Outlines that cover this share of the smaller one are taken for the same grid (see :func:`lattice_fit`)."""
SHIFTED_FIT_MARGIN = 0.5
"""A same-grid outline replaces the largest when its :func:`lattice_fit` is higher by this much (about half a
line: a window shifted by a cell loses one line inside and finds one outside); smaller differences are the
slightly different outlines of one grid."""
STRETCH_PERCENT = 1.0
"""Share (percent) of the darkest and of the lightest pixels left out when measuring a photo's contrast."""
MIN_SPREAD = 64.0
"""Gray levels (a quarter of the range) that ink and paper are spread to, at least, before the ink is thresholded;
the dimmest of the 160 training photos span 73, so well-lit photos are left as they are."""
INK_OFFSET = 7
"""Gray levels below its neighbourhood's mean that make a pixel ink."""
FAINT_INK_OFFSET = 4
"""The same, for a second look when nothing grid-like shows at :data:`INK_OFFSET`: in a blurred photo of a page in
shadow or dim light the thin cell lines fade to a few gray levels and break up."""
GRIDS_APART = 0.05
"""Two grids' outlines overlap by at most this share of the smaller (a border line's width), or one is off its grid."""
SAME_LATTICE = 0.35
"""Outlines whose corners all lie within this share of a cell of each other frame the same window of the grid."""
OFF_CENTRE_WEIGHT = 0.5
"""How much a grid loses in rank (see :func:`find_grids`) for being off the photo's centre, at most."""
SAME_RANK = 0.85
"""Grids ranked at least this share of another's are about equal (see :func:`_in_order`)."""
BOX_LINES = (0, 3, 6, 9)
"""The lines of the 3 x 3 boxes and the border: all a grid shows when its cell lines are hairlines too pale for the
ink threshold (the last look of :func:`find_grids`)."""
BESIDE_AREA = 0.6
"""A grid beside the ones found (:func:`find_grids`) is between this share of the largest one's area and its inverse."""
BESIDE_SCORE = 0.75
"""... and its box lines score at least this (:func:`grid_score` on :data:`BOX_LINES`, against the cells' middles
or, for a solved grid with a digit in every cell, their margins)."""
BESIDE_RANK = 0.99
"""... and it ranks under every grid found, by this factor at least."""
ACROSS_OVERLAP = 0.25
"""An outline that covers this share of each of two grids that do not meet lies across or around them: it is no grid
(:func:`_lying_across`)."""
AROUND_AREA = 0.1
"""... each of the two at least this share of its area (a page around two puzzles; a box or a digit is less)."""
MIN_SKEW = 3
"""A page tilted at least this many degrees is also searched turned upright (see :mod:`ocr.skew`)."""


@dataclass(frozen=True)
class GridOutline:
    """The grid's outer corners in photo pixels: top-left, top-right, bottom-right, bottom-left."""

    corners: np.ndarray
    score: float


def order_corners(points: np.ndarray) -> np.ndarray:
    """Four points ordered top-left, top-right, bottom-right, bottom-left (clockwise on screen)."""
    points = np.asarray(points, dtype=np.float32).reshape(4, 2)
    center = points.mean(axis=0)
    angles = np.arctan2(points[:, 1] - center[1], points[:, 0] - center[0])
    points = points[np.argsort(angles)]  # clockwise from the left, on screen (y down)
    start = int(np.argmin(points.sum(axis=1)))
    return np.roll(points, -start, axis=0)


def stretch_contrast(gray: np.ndarray) -> np.ndarray:
    """A dim or washed-out gray image spread so that ink and paper lie at least :data:`MIN_SPREAD` levels apart.

    :func:`ink_mask` compares each pixel with its neighbourhood in gray levels; where the
    darkest and lightest percent of a photo are closer than that, ink would fall under its
    offset.  Images with enough contrast are returned as they are.
    """
    low, high = np.percentile(gray, (STRETCH_PERCENT, 100 - STRETCH_PERCENT))
    spread = float(high - low)
    if spread >= MIN_SPREAD or spread < 1:
        return gray
    factor = MIN_SPREAD / spread
    return np.clip((gray.astype(np.float32) - low) * factor + low + 0.5, 0, 255).astype(np.uint8)


def ink_mask(gray: np.ndarray, offset: int = INK_OFFSET) -> np.ndarray:
    """Dark strokes on paper, insensitive to shadows (adaptive threshold on the contrast-stretched gray).

    A pixel is ink when it is ``offset`` gray levels darker than its neighbourhood's mean.
    """
    gray = stretch_contrast(gray)
    block = max(15, (min(gray.shape) // 25) | 1)
    blurred = cv2.GaussianBlur(gray, (3, 3), 0)
    return cv2.adaptiveThreshold(blurred, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block, offset)


def _line_mask(ink: np.ndarray) -> np.ndarray:
    """Only the long straight strokes of the ink (near horizontal or vertical)."""
    length = max(15, min(ink.shape) // 30)
    horizontal = cv2.morphologyEx(ink, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (length, 1)))
    vertical = cv2.morphologyEx(ink, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (1, length)))
    lines = cv2.bitwise_or(horizontal, vertical)
    return cv2.dilate(lines, np.ones((3, 3), np.uint8))


def _quad_of(points: np.ndarray) -> np.ndarray | None:
    """Four corners that best fit a shape's convex hull."""
    hull = cv2.convexHull(points)
    perimeter = cv2.arcLength(hull, True)
    for fraction in (0.01, 0.02, 0.03, 0.05, 0.08):
        approx = cv2.approxPolyDP(hull, fraction * perimeter, True)
        if len(approx) == 4:
            return order_corners(approx.reshape(4, 2))
        if len(approx) < 4:
            break
    # Fallback: the hull points farthest along the four diagonal directions.
    hull = hull.reshape(-1, 2).astype(np.float32)
    sums = hull.sum(axis=1)
    diffs = hull[:, 0] - hull[:, 1]
    corners = np.array([hull[np.argmin(sums)], hull[np.argmax(diffs)], hull[np.argmax(sums)], hull[np.argmin(diffs)]])
    if len({tuple(c) for c in corners.tolist()}) < 4:
        return None
    return order_corners(corners)


def _overlap(first: np.ndarray, second: np.ndarray) -> float:
    """The share of the smaller of two convex quadrilaterals that the other covers."""
    common, _ = cv2.intersectConvexConvex(first.astype(np.float32), second.astype(np.float32))
    smaller = min(cv2.contourArea(first.astype(np.float32)), cv2.contourArea(second.astype(np.float32)))
    return float(common) / smaller if smaller > 0 else 0.0


def _candidates(mask: np.ndarray, min_area: float, limit: int = 6) -> list[np.ndarray]:
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    order = np.argsort(-(stats[1:, cv2.CC_STAT_WIDTH] * stats[1:, cv2.CC_STAT_HEIGHT])) + 1
    shapes = []
    for label in order[:limit]:
        x, y, w, h = stats[label, :4]
        if w * h < min_area:
            break
        ys, xs = np.nonzero(labels[y : y + h, x : x + w] == label)
        shapes.append(np.stack([xs + x, ys + y], axis=1).astype(np.int32))
    return shapes


def _outlines(ink: np.ndarray) -> list[np.ndarray]:
    """Candidate grid quadrilaterals (corners in ``ink``'s pixels) from the ink's shapes, lines and cell holes."""
    image_area = ink.shape[0] * ink.shape[1]
    shapes = _candidates(ink, MIN_GRID_FRACTION * image_area * 0.5)
    shapes += _candidates(_line_mask(ink), MIN_GRID_FRACTION * image_area * 0.5)
    cluster, members, cell = cell_cluster(ink, MIN_GRID_FRACTION)
    shapes += cluster
    outlines = [quad for quad in (_quad_of(points) for points in shapes) if quad is not None]
    if members is not None:
        outlines += lattice_quads(ink, members, cell)
    return outlines


def _straightened_outlines(gray: np.ndarray, degrees: float, offset: int) -> list[np.ndarray]:
    """Candidate outlines found in ``gray`` turned ``degrees`` (so a tilted page stands straight), in ``gray``'s pixels.

    The line mask and the cell holes assume lines along the image axes; a page
    tilted by more than a few degrees is searched again after turning it upright.
    """
    matrix, size = rotation(gray.shape, degrees)
    paper = int(np.median(gray))
    straight = cv2.warpAffine(gray, matrix, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=paper)
    back = cv2.invertAffineTransform(matrix)
    return [cv2.transform(quad.reshape(-1, 1, 2).astype(np.float64), back).reshape(4, 2)
            for quad in _outlines(ink_mask(straight, offset))]


@dataclass
class _Group:
    """Candidate outlines of one grid: the best ranked first."""

    rank: float
    score: float
    corners: np.ndarray
    members: list[tuple[float, np.ndarray]]


def _plausible(small: np.ndarray, ink: np.ndarray, offset: int, lines: tuple[int, ...] = tuple(range(10)),
               slanted: bool = False) -> tuple[list[tuple[float, float, np.ndarray]], bool, list[np.ndarray]]:
    """The grid-like outlines found in ``small`` (``ink`` its mask): ``(rank, score, corners)``, whether any was
    grid-like but too small, and every candidate outline; ``lines`` as for :func:`grid_score`; ``slanted``: only
    the outlines of :func:`ocr.cell_holes.slanted_outlines`."""
    image_area = small.shape[0] * small.shape[1]
    if slanted:
        outlines = slanted_outlines(ink, MIN_GRID_FRACTION)
    else:
        outlines = _outlines(ink)
        skew = estimate_skew(ink)
        if abs(skew) >= MIN_SKEW:
            outlines += _straightened_outlines(small, skew, offset)
    found, too_small = [], False
    outlines = [order_corners(corners) for corners in outlines]
    for corners in outlines:
        area = cv2.contourArea(corners)
        score = grid_score(ink, corners, lines)
        if score < MIN_GRID_SCORE:
            continue
        if area < MIN_GRID_FRACTION * image_area:
            too_small = True
            continue
        found.append((area * min(1.0, score / GOOD_GRID_SCORE), score, corners))
    return found, too_small, outlines


def _beside(ink: np.ndarray, found: list[tuple[float, float, np.ndarray]], outlines: list[np.ndarray]
            ) -> list[tuple[float, float, np.ndarray]]:
    """Grids beside those ``found`` that the look missed: candidate ``outlines`` clear of every grid found, about
    as large as the largest (:data:`BESIDE_AREA`), whose box lines score at least :data:`BESIDE_SCORE` (a second
    puzzle of a page, its thin cell lines paler or broken where the first's showed).  Ranked below every grid
    found, so the main grid stays the main one."""
    largest = max(cv2.contourArea(corners) for _, _, corners in found)
    lowest = min(rank for rank, _, _ in found)
    beside = []
    for corners in outlines:
        area = cv2.contourArea(corners)
        if not BESIDE_AREA <= area / largest <= 1 / BESIDE_AREA:
            continue
        if any(_overlap(corners, other) >= SAME_GRID_OVERLAP for _, _, other in found):
            continue
        score = max(grid_score(ink, corners, BOX_LINES), grid_score(ink, corners, BOX_LINES, margins=True))
        if score >= BESIDE_SCORE:
            beside.append((BESIDE_RANK * lowest * min(1.0, area / largest), score, corners))
    return beside


def _groups(found: list[tuple[float, float, np.ndarray]]) -> list[_Group]:
    """The outlines gathered by grid: each joins the best ranked grid it overlaps (:data:`SAME_GRID_OVERLAP`)."""
    groups: list[_Group] = []
    for rank, score, corners in sorted(found, key=lambda f: -f[0]):
        for group in groups:
            if _overlap(corners, group.corners) >= SAME_GRID_OVERLAP:
                group.members.append((score, corners))
                break
        else:
            groups.append(_Group(rank, score, corners, [(score, corners)]))
    return groups


def _clear_of(group: _Group, taken: list[np.ndarray]) -> _Group:
    """The group with only its outlines clear of the grids ``taken`` before it (overlapping none of them by more
    than :data:`GRIDS_APART`), when its best-ranked one is not and some are: two puzzles of a page do not overlap,
    so a window that takes in the neighbour's last row (lines of equal weight: nothing tells a box line) is a
    window off the grid."""
    def clear(corners: np.ndarray) -> bool:
        return all(_overlap(corners, other) <= GRIDS_APART for other in taken)

    if clear(group.corners):
        return group
    members = [(score, corners) for score, corners in group.members if clear(corners)]
    if not members:
        return group
    score, corners = max(members, key=lambda member: member[0])
    return _Group(group.rank, score, corners, members)


def _on_lattice(ink: np.ndarray, group: _Group) -> tuple[float, np.ndarray]:
    """The group's outline that sits on the grid's lattice (a window shifted by some cells loses): score, corners."""
    score, corners = group.score, group.corners
    same_grid = [(s, c) for s, c in group.members if s >= min(score, GOOD_GRID_SCORE)]
    fit = lattice_fit(ink, corners)
    fits = [lattice_fit(ink, c) for _, c in same_grid]
    if max(fits) > fit + SHIFTED_FIT_MARGIN:
        score, corners = same_grid[int(np.argmax(fits))]
    return score, corners


def _at_the_border(corners: np.ndarray, outlines: list[np.ndarray]) -> np.ndarray:
    """The largest of ``outlines`` (a group's) whose every corner lies within :data:`SAME_LATTICE` of a cell of
    ``corners``, or ``corners`` when none does: the same window of the same grid, framed at the grid's outer border,
    where a lattice fitted to the cells' middles (:func:`ocr.cell_holes.lattice_quads`) lies inside a heavy border
    and bends away from it on a bowed page."""
    cell = float(np.mean(np.linalg.norm(corners - np.roll(corners, 1, axis=0), axis=1))) / 9
    same = [outline for outline in outlines
            if float(np.max(np.linalg.norm(outline - corners, axis=1))) <= SAME_LATTICE * cell]
    return max(same, key=cv2.contourArea) if same else corners


def _centrality(corners: np.ndarray, shape: tuple[int, ...]) -> float:
    """1 for a grid centred in the photo, down to 1 - :data:`OFF_CENTRE_WEIGHT` for one centred in a corner."""
    middle = np.array([shape[1], shape[0]], np.float64) / 2
    off = float(np.linalg.norm(corners.mean(axis=0) - middle) / np.linalg.norm(middle))
    return 1.0 - OFF_CENTRE_WEIGHT * min(1.0, off)


def _lying_across(corners: list[np.ndarray]) -> list[bool]:
    """Which outlines lie across or around two others that do not meet: each covered by at least
    :data:`ACROSS_OVERLAP`, at most the outline's size and at least :data:`AROUND_AREA` of it (a window over the
    lower half of one puzzle and the upper half of the next, the holes of both grids' cells taken for one grid's; or
    a page's outline around its two puzzles, its edge and their box lines taken for a lattice)."""
    areas = [cv2.contourArea(c) for c in corners]
    across = []
    for i in range(len(corners)):
        under = [j for j in range(len(corners)) if j != i and AROUND_AREA <= areas[j] / areas[i] <= 1 / BESIDE_AREA
                 and _overlap(corners[i], corners[j]) >= ACROSS_OVERLAP]
        across.append(any(_overlap(corners[j], corners[k]) < ACROSS_OVERLAP / 4 for j in under for k in under if j < k))
    return across


Entry = TypeVar("Entry")


def _not_across(entries: list[Entry], corners: Callable[[Entry], np.ndarray]) -> list[Entry]:
    """The entries (outlines found, or grids ranked) less those whose ``corners`` lie across or around two others
    (:func:`_lying_across`); all of them when every one does."""
    across = _lying_across([corners(entry) for entry in entries])
    return [entry for entry, off in zip(entries, across) if not off] or entries


def _holes_beside(ink: np.ndarray, found: list[tuple[float, float, np.ndarray]]) -> list[np.ndarray]:
    """Outlines fitted to the cell holes left once the grids ``found`` are inked over: a second puzzle whose outline
    is joined to the page's edge, so no shape of the ink is its own, and whose cells, with the first puzzle's, made
    one family of holes centred between the two (:func:`ocr.cell_holes.cell_cluster`)."""
    rest = ink.copy()
    for _, _, corners in found:
        cv2.fillConvexPoly(rest, np.round(corners).astype(np.int32), 255)
    cluster, members, cell = cell_cluster(rest, MIN_GRID_FRACTION)
    if members is None:
        return []
    return [order_corners(quad) for quad in lattice_quads(rest, members, cell)]


def _in_order(ranked: list[tuple[float, GridOutline]]) -> list[GridOutline]:
    """The grids by rank, the best first; after it, grids of about the same rank (:data:`SAME_RANK`) in reading
    order (top to bottom, left to right), as the small puzzles of a page are."""
    remaining = sorted(ranked, key=lambda r: -r[0])
    ordered = [remaining.pop(0)[1]] if remaining else []
    while remaining:
        lead = remaining[0][0]
        tied = [outline for rank, outline in remaining if rank >= SAME_RANK * lead]
        ordered += _reading_order(tied)
        remaining = [r for r in remaining if not any(r[1] is t for t in tied)]
    return ordered


def _reading_order(outlines: list[GridOutline]) -> list[GridOutline]:
    """Outlines top to bottom, left to right: a grid whose centre lies less than half a grid's height below the
    first of a row's centre is in that row (a tilted photo lifts one side of a row a little)."""
    by_height = sorted(outlines, key=lambda o: float(o.corners[:, 1].mean()))
    rows: list[list[GridOutline]] = []
    for outline in by_height:
        top = float(rows[-1][0].corners[:, 1].mean()) if rows else 0.0
        if rows and float(outline.corners[:, 1].mean()) - top < 0.5 * float(np.ptp(rows[-1][0].corners[:, 1])):
            rows[-1].append(outline)
        else:
            rows.append([outline])
    return [o for row in rows for o in sorted(row, key=lambda o: float(o.corners[:, 0].mean()))]


def find_grids(gray: np.ndarray, *, debug: DebugSink = NO_DEBUG) -> list[GridOutline]:
    """The outlines of every Sudoku-like grid in a gray photo, the most complete and central first.

    Raises :class:`NoGridError` with reason ``no-grid`` (nothing grid-like)
    or ``too-small``.
    """
    every_line = tuple(range(10))
    looks = [(WORK_SIDE, INK_OFFSET, every_line, False), (WORK_SIDE, FAINT_INK_OFFSET, every_line, False)]
    if max(gray.shape) > WORK_SIDE:
        looks.append((FINE_WORK_SIDE, FAINT_INK_OFFSET, every_line, False))
    looks.append((WORK_SIDE, INK_OFFSET, BOX_LINES, False))  # cell lines too pale to show, the box lines do
    looks.append((WORK_SIDE, INK_OFFSET, every_line, True))  # last: a page photographed at a slant
    too_small = False
    for side, offset, lines, slanted in looks:
        scale = min(1.0, side / max(gray.shape))
        small = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else gray
        ink = ink_mask(small, offset)
        debug.save("ink", ink)
        found, small_one, candidates = _plausible(small, ink, offset, lines, slanted)
        too_small |= small_one
        if found:
            found = _not_across(found, lambda entry: entry[2])
            found += _beside(ink, found, candidates + _holes_beside(ink, found))
            break
    else:
        if too_small:
            raise NoGridError("the grid is too small to read", reason="too-small")
        raise NoGridError("nothing grid-like in the photo", reason="no-grid")
    ranked = []
    taken: list[np.ndarray] = []  # the outlines of the grids taken so far (work image's pixels)
    for group in _groups(found):
        group = _clear_of(group, taken)
        score, corners = _on_lattice(ink, group)
        corners = _at_the_border(on_the_grid(small, corners), [c for _, c in group.members])
        taken.append(corners)
        corners = corners / scale
        if min(np.linalg.norm(corners - np.roll(corners, 1, axis=0), axis=1)) < MIN_GRID_SIDE:
            continue
        ranked.append((group.rank * _centrality(corners, gray.shape), GridOutline(corners.astype(np.float32), score)))
    if not ranked:
        raise NoGridError("the grid is too small to read", reason="too-small")
    outlines = _in_order(_not_across(ranked, lambda entry: entry[1].corners))
    if debug.enabled:
        picture = cv2.cvtColor(gray, cv2.COLOR_GRAY2BGR)
        for number, outline in enumerate(outlines):
            colour = (0, 0, 255) if number == 0 else (0, 160, 255)
            cv2.polylines(picture, [outline.corners.astype(np.int32)], True, colour, 3)
        debug.save("outline", picture)
    return outlines


def find_grid(gray: np.ndarray, *, debug: DebugSink = NO_DEBUG) -> GridOutline:
    """The outline of the main (most complete and central) Sudoku grid in a gray photo (see :func:`find_grids`)."""
    return find_grids(gray, debug=debug)[0]
