"""Grid outlines from the holes of a grid's cells: the white squares the lines of a grid enclose.

This finds a grid whose outline is joined to text, to another puzzle, to a hand or to the page's edge, where the
outline of the ink shape is not the grid's.  The holes of about one size make a family (a grid's cells, or its 3 x 3
boxes where thin lines print broken); each hole gets its place on a lattice of cells, a perspective map from lattice
to photo is fitted to their centres, and the 9 x 9 window of the lattice that looks most like a grid is the outline.
A page photographed at a slant has near cells much larger than far ones: there the family grows from hole to
neighbouring hole of about its size, and the lattice is fitted from the middle outwards.
"""

from __future__ import annotations

import cv2
import numpy as np

from .grid_score import GOOD_GRID_SCORE, grid_score, lattice_fit

MIDDLE_HOLES = 9
"""The holes nearest the middle whose spacing is the pitch of a slanted lattice's first guess."""
LATTICE_RINGS = (1.5, 2.5, 4, 6, 9, 9)
"""The rings (in cells from the middle hole) a slanted lattice is fitted out to, one after the other."""
SAME_HOLE_SIZE = 0.15
"""Holes whose sizes differ by less than this (natural log, about 16%) can be cells of one grid."""
BOX_LIKE = 1.6
MAX_BOXES = 18
"""Holes taken for 3 x 3 boxes (cells whose thin lines all print broken) are no boxes when more than
:data:`MAX_BOXES` holes (two grids' boxes) are within :data:`BOX_LIKE` times their size: they are the cells of a grid
whose cells differ in size (a bowed page, a slanted photo), the "cells" some smaller holes (a keyboard's keys)."""
NEXT_HOLE_REACH = 1.6
"""Holes whose centres are at most this many hole sizes apart are neighbours (:func:`_neighbours`): a cell's
neighbours along a row or column are one size and a line away, along a diagonal 1.45 sizes."""


def cell_cluster(ink: np.ndarray, min_grid_fraction: float, slanted: bool = False
                 ) -> tuple[list[np.ndarray], np.ndarray | None, float]:
    """The corner points of the largest family of similar square holes (a grid's cells and boxes); ``slanted``: of
    holes linked by neighbours of about their size (:func:`_grown`), for a page photographed at a slant.

    This finds a grid whose outline is joined to text or to another puzzle,
    where the outline of the ink shape is not the grid's.  Thin inner lines
    often print broken, so a 3 x 3 box that shows as one hole counts as nine
    cells of its family.
    """
    image_area = ink.shape[0] * ink.shape[1]
    count, _, stats, _ = cv2.connectedComponentsWithStats(cv2.bitwise_not(ink), connectivity=4)
    w, h, area = stats[1:, cv2.CC_STAT_WIDTH], stats[1:, cv2.CC_STAT_HEIGHT], stats[1:, cv2.CC_STAT_AREA]
    size = np.sqrt(w * h.astype(np.float64))
    keep = (w > 5) & (h > 5) & (w < 1.6 * h) & (h < 1.6 * w) & (area > 0.45 * w * h)
    keep &= (w * h > min_grid_fraction * image_area / 81 * 0.8) & (w * h < image_area / 9 * 1.2)
    if keep.sum() < 7:
        return [], None, 0.0
    boxes, log_size = stats[1:][keep], np.log(size[keep])
    best = _family(log_size, _neighbours(boxes, log_size) if slanted else None)
    if best is None:
        return [], None, 0.0
    members, cell = boxes[best[1]], best[2]
    # keep the holes within a grid's reach of the family's middle (drop look-alikes elsewhere on the page)
    centres = members[:, :2] + members[:, 2:4] / 2
    near = np.ones(len(members), bool)
    for _ in range(3):
        middle = np.median(centres[near], axis=0)
        near = (np.abs(centres - middle) <= 5 * cell).all(axis=1)
        if near.sum() < 4:
            return [], None, 0.0
    members = members[near]
    x, y, w, h = members[:, 0], members[:, 1], members[:, 2], members[:, 3]
    corners = np.concatenate([np.stack([x, y], 1), np.stack([x + w, y], 1), np.stack([x + w, y + h], 1), np.stack([x, y + h], 1)])
    return [corners.astype(np.int32)], members, cell


def _family(log_size: np.ndarray, neighbours: np.ndarray | None = None) -> tuple[float, np.ndarray, float] | None:
    """The largest family of holes of about one size (cells, or 3 x 3 boxes where every thin line prints broken),
    given the holes' sizes: its weight, which holes, and the cell's size (the median cell's, of a grown family).  With ``neighbours``
    (:func:`_neighbours`) a family also takes in every hole linked to it by a chain of neighbours."""
    best = None
    # a family's cell size is one hole's size, or a third of a box hole's (when every thin line prints broken)
    for center in np.unique(np.round(np.concatenate([log_size, log_size - np.log(3)]), 1)):
        cells = np.abs(log_size - center) < SAME_HOLE_SIZE
        from_box = np.abs(log_size - center - np.log(3))  # how far each hole's size is from a box's (log)
        three_by_three = from_box < SAME_HOLE_SIZE
        if (from_box < np.log(BOX_LIKE)).sum() > MAX_BOXES:
            three_by_three[:] = False  # more holes of about a box's size than two grids have boxes: they are cells
        if neighbours is not None:
            cells = _grown(cells, neighbours)
            three_by_three = _grown(three_by_three, neighbours) & ~cells
        covered = int(cells.sum()) + 9 * min(9, int(three_by_three.sum()))
        enough = cells.sum() >= 9 or (three_by_three.sum() >= 5 and covered >= 54)
        if enough and covered >= 30 and (best is None or covered * center > best[0]):
            typical = center if neighbours is None or not cells.any() else np.median(log_size[cells])
            best = (covered * center, cells | three_by_three, float(np.exp(typical)))
    return best


def _neighbours(holes: np.ndarray, log_size: np.ndarray) -> np.ndarray:
    """Which holes (connected-component stats) sit next to each other, a line apart, and are of about the same size
    (:data:`SAME_HOLE_SIZE`): cells side by side or corner to corner."""
    centres = holes[:, :2] + holes[:, 2:4] / 2
    size = np.exp(log_size)
    reach = NEXT_HOLE_REACH * np.maximum(size[:, None], size[None, :])
    apart = np.linalg.norm(centres[:, None] - centres[None], axis=2)
    return (apart <= reach) & (np.abs(log_size[:, None] - log_size[None, :]) < SAME_HOLE_SIZE)


def _grown(family: np.ndarray, neighbours: np.ndarray) -> np.ndarray:
    """The family with every hole linked to it through a chain of :func:`_neighbours`: in a photo taken at a slant
    the near cells are much larger than the far ones, but each is about the size of the cells beside it."""
    while True:
        grown = family | neighbours[family].any(axis=0)
        if (grown == family).all():
            return family
        family = grown


def _axis_aligned(members: np.ndarray, pitch: float) -> np.ndarray:
    """A first guess of the map from lattice to photo: the lattice axis-aligned with the photo, whole steps from the
    holes' top-left."""
    origin = members[:, :2].min(axis=0).astype(np.float64)
    return np.array([[pitch, 0, origin[0]], [0, pitch, origin[1]], [0, 0, 1]], np.float64)


def _turned_at_middle(centres: np.ndarray, family: np.ndarray, span: int) -> np.ndarray:
    """A first guess for a photo taken at a slant: the lattice turned as the cells' nearest neighbours lie, with a
    cell's centre on the hole nearest the holes' middle and the pitch of the holes there (``family``: the centres of
    the holes ``span`` cells wide)."""
    gaps = np.linalg.norm(family[:, None] - family[None], axis=2) + np.eye(len(family)) * 1e9
    steps = family[gaps.argmin(axis=1)] - family
    turns = np.arctan2(steps[:, 1], steps[:, 0])
    turn = float(np.angle(np.exp(4j * turns).mean())) / 4  # the angles a quarter turn apart taken as one
    middle = centres[np.linalg.norm(centres - np.median(centres, axis=0), axis=1).argmin()]
    nearby = np.argsort(np.linalg.norm(family - middle, axis=1))[:MIDDLE_HOLES]
    pitch = float(np.median(gaps.min(axis=1)[nearby])) / span
    cos, sin = pitch * np.cos(turn), pitch * np.sin(turn)
    return np.array([[cos, -sin, middle[0] - (cos - sin) / 2], [sin, cos, middle[1] - (sin + cos) / 2], [0, 0, 1]])


def _placed_on_lattice(centres: np.ndarray, spans: np.ndarray, pitch: float, to_photo: np.ndarray, grow: bool = False
                       ) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """The holes placed on the lattice from a first guess of the map: the map refitted to the holes' centres
    (a perspective map), each hole's top-left cell, and which holes fit it.  With ``grow``, the fit starts from the
    holes near the guess's origin and takes in those farther out ring by ring (:data:`LATTICE_RINGS`), so a guess
    right only near its origin (a page photographed at a slant) is bent to the far holes gradually."""
    rings = LATTICE_RINGS if grow else (np.inf,) * 3
    used = np.zeros(len(centres), bool)
    top_left = np.zeros((len(centres), 2))
    for ring in rings:
        lattice = cv2.perspectiveTransform(centres.reshape(-1, 1, 2), np.linalg.inv(to_photo)).reshape(-1, 2)
        top_left = np.round(lattice - spans[:, None] / 2)
        targets = (top_left + spans[:, None] / 2).astype(np.float32)
        near = np.abs(lattice - targets).max(axis=1) < 0.3 if grow else np.ones(len(centres), bool)
        near &= np.abs(targets).max(axis=1) <= ring
        if near.sum() < 4:
            return None
        matrix, inliers = cv2.findHomography(targets[near], centres[near], cv2.RANSAC, 0.3 * pitch)
        if matrix is None or abs(np.linalg.det(matrix)) < 1e-9:
            return None
        to_photo = matrix
        used = np.zeros(len(centres), bool)
        used[np.flatnonzero(near)[inliers.ravel().astype(bool)]] = True
    return to_photo, top_left, used


def lattice_quads(ink: np.ndarray, members: np.ndarray, cell: float, slanted: bool = False) -> list[np.ndarray]:
    """Grid outlines that fit a family of cell (and 3 x 3 box) holes with a lattice of cells.

    When some holes are missing (a row of broken lines, a blot) the holes'
    own outline is not the grid's.  Each hole gets its place in a lattice of
    cells, a perspective map from lattice to photo is fitted to the holes'
    centres, and every 9 x 9 window of the lattice that holds all the holes is
    checked with :func:`grid_score` (capped at :data:`GOOD_GRID_SCORE`, then
    :func:`lattice_fit`); the best one is returned.
    """
    centres = (members[:, :2] + members[:, 2:4] / 2).astype(np.float32)
    spans = np.where(np.sqrt(members[:, 2] * members[:, 3].astype(np.float64)) > 2 * cell, 3, 1)
    span = 1 if (spans == 1).sum() >= 4 else 3  # measure the pitch on cells, or on boxes when few cells show
    family = centres[spans == span]
    if len(family) < 4:
        return []
    gaps = np.linalg.norm(family[:, None] - family[None], axis=2) + np.eye(len(family)) * 1e9
    pitch = float(np.percentile(gaps.min(axis=1), 25)) / span
    if pitch < 3:
        return []
    if slanted:  # the lattice grown out from its middle, bent to the far cells as it goes
        placed = _placed_on_lattice(centres, spans, pitch, _turned_at_middle(centres, family, span), grow=True)
    else:
        placed = _placed_on_lattice(centres, spans, pitch, _axis_aligned(members, pitch))
    if placed is None:
        return []
    to_photo, top_left, used = placed
    low = (top_left[used]).min(axis=0).astype(int)
    high = (top_left[used] + spans[used, None]).max(axis=0).astype(int)
    if (high - low > 9).any():
        return []
    best = None
    for left in range(high[0] - 9, low[0] + 1):
        for top in range(high[1] - 9, low[1] + 1):
            square = np.array([[left, top], [left + 9, top], [left + 9, top + 9], [left, top + 9]], np.float32)
            quad = cv2.perspectiveTransform(square.reshape(-1, 1, 2), to_photo).reshape(4, 2)
            score = (min(grid_score(ink, quad), GOOD_GRID_SCORE), lattice_fit(ink, quad))
            if best is None or score > best[0]:
                best = (score, quad)
    return [best[1]] if best is not None else []


def slanted_outlines(ink: np.ndarray, min_grid_fraction: float) -> list[np.ndarray]:
    """Candidate grid quadrilaterals of a page photographed at a slant (the near cells much larger than the far
    ones, the lines far from the image's axes): from the cell holes linked to their neighbours, on a lattice grown
    out from the middle."""
    _, members, cell = cell_cluster(ink, min_grid_fraction, slanted=True)
    return [] if members is None else lattice_quads(ink, members, cell, slanted=True)
