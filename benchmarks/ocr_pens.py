"""Pens and pencil marks on real photos: blue pen on black print, and false pencil marks on print-only pages.

    python benchmarks/ocr_pens.py [--wicht DIR] [--limit N] [--lean L ...]
    python benchmarks/ocr_pens.py --write PHOTO PRINTED OUT.jpg     # one photo's pen recoloured blue

Two figures, on the Wicht photos (``../shared/data/wicht``, train split only):

- **blue pen**: each *mixed* photo (printed givens, every other cell filled by a black or coloured pen) with its
  handwriting recoloured as a blue pen (:func:`recolour_pen`: the dark pixels of the cells without a printed
  given keep their darkness and take a blue pen's colour).  Per reader lean (``--lean``, log odds to
  handwriting; a strong negative lean is a reader that takes the pen for print), with and without the ink
  colour rule (:func:`ocr.ink.coloured_ink`): photos whose puzzle read is exactly the printed givens, and
  handwritten digits read right (reported as handwriting, the right digit).
- **false pencil marks**: on the print-only *train* photos (no candidates on them), the empty cells reported
  as holding pencil marks, and the same without the grid-line residue rule (:func:`ocr.marks.grid_line_residue`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ocr_photos import read_truth  # noqa: E402

import sudokuprint.ocr.marks as marks_module  # noqa: E402
import sudokuprint.ocr.pipeline as pipeline  # noqa: E402
from sudokuprint.errors import NoGridError  # noqa: E402
from sudokuprint.ocr.builtin_reader import BuiltinReader  # noqa: E402
from sudokuprint.ocr.context import LEAN_TO_HAND  # noqa: E402
from sudokuprint.ocr.grid_cells import grid_cells  # noqa: E402

WICHT = Path(__file__).resolve().parents[2] / "shared" / "data" / "wicht"
INNER = 0.8
"""The share of each cell (about its centre) whose dark pixels are recoloured: the grid lines stay."""


def recolour_pen(photo: Path, printed: list[int]) -> np.ndarray:
    """The photo (BGR) with the ink of every cell without a printed given (``printed``, 81 digits, 0 = none) in a
    blue pen's colour, its darkness kept; the cells are found by the scanner's own lattice."""
    found = grid_cells(photo)
    if found.quarter_turns:
        raise ValueError(f"{photo}: the photo is turned; only upright photos are recoloured")
    assert found.crossings is not None
    points = found.rectified.to_photo(found.crossings.reshape(-1, 2)).reshape(10, 10, 2)
    image = cv2.imread(str(photo))
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32)
    paper = cv2.GaussianBlur(cv2.dilate(gray, np.ones((15, 15), np.uint8)), (0, 0), 5)
    darkness = np.clip(paper - gray, 0, 255)
    inside = np.zeros(gray.shape, np.uint8)
    for row in range(9):
        for column in range(9):
            if printed[row * 9 + column]:
                continue
            quad = np.array([points[row, column], points[row, column + 1], points[row + 1, column + 1],
                             points[row + 1, column]], np.float32)
            centre = quad.mean(axis=0)
            cv2.fillConvexPoly(inside, (centre + INNER * (quad - centre)).astype(np.int32), 1)
    ink = cv2.dilate(((inside > 0) & (darkness > 25)).astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    ink &= inside > 0
    dark, level = darkness[ink], gray[ink]
    out = image.astype(np.float32)
    out[ink] = np.stack([np.minimum(255, level + 0.75 * dark), level + 0.15 * dark, level], axis=1)
    return out.astype(np.uint8)


def blue_pen(wicht: Path, limit: int | None, lean: float, ink_rule: bool, folder: Path) -> str:
    """One line: the recoloured mixed photos read with a reader of ``lean``, the ink rule on or off."""
    photos = sorted((wicht / "mixed_train").glob("*.jpg"))[:limit]
    saved = pipeline.coloured_ink
    if not ink_rule:
        pipeline.coloured_ink = lambda cells, hand, readings: np.zeros(len(cells), bool)
    perfect = hand_right = hand_total = used = 0
    try:
        for photo in photos:
            givens = wicht / "train" / photo.with_suffix(".dat").name
            if not givens.exists():
                continue  # image1015: no printed-givens file
            printed = read_truth(givens)
            every = read_truth(photo.with_suffix(".dat"))
            recoloured = folder / photo.name
            if not recoloured.exists():
                try:
                    cv2.imwrite(str(recoloured), recolour_pen(photo, printed), [cv2.IMWRITE_JPEG_QUALITY, 90])
                except (ValueError, NoGridError):
                    continue  # turned or unreadable: not recoloured
            used += 1
            hand = {i: d for i, d in enumerate(every) if not printed[i]}
            hand_total += len(hand)
            try:
                result = pipeline.scan(recoloured, reader=BuiltinReader("leaning", lean=lean))
            except NoGridError:
                continue
            perfect += list(result.grid.values) == printed
            read = {entry.cell: entry.digit for entry in result.entries}
            hand_right += sum(read.get(cell) == digit for cell, digit in hand.items())
    finally:
        pipeline.coloured_ink = saved
    return (f"blue pen  lean={lean:+.1f} ink-rule={'on ' if ink_rule else 'off'} photos={used} "
            f"givens-exact={perfect} ({perfect / max(used, 1):.1%}) "
            f"handwriting-right={hand_right}/{hand_total} ({hand_right / max(hand_total, 1):.2%})")


def false_marks(wicht: Path, limit: int | None, residue_rule: bool) -> str:
    """One line: empty cells of the print-only photos reported as holding pencil marks."""
    photos = sorted((wicht / "train").glob("*.jpg"))[:limit]
    saved = marks_module.grid_line_residue
    if not residue_rule:
        marks_module.grid_line_residue = lambda x, y, w, h, size: False
    marked = photos_marked = 0
    try:
        for photo in photos:
            try:
                count = len(grid_cells(photo).pencil_marks())
            except NoGridError:
                continue
            marked += count
            photos_marked += count > 0
    finally:
        marks_module.grid_line_residue = saved
    return (f"false pencil marks  residue-rule={'on ' if residue_rule else 'off'} photos={len(photos)} "
            f"cells={marked} photos-with-any={photos_marked}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--wicht", type=Path, default=WICHT)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--lean", type=float, action="append", default=None,
                        help=f"reader lean(s) to handwriting, log odds (default {LEAN_TO_HAND} and -8)")
    parser.add_argument("--folder", type=Path, default=Path("/tmp/sudokuprint-blue-pen"),
                        help="where the recoloured photos are kept between runs")
    parser.add_argument("--write", nargs=3, metavar=("PHOTO", "PRINTED", "OUT"))
    args = parser.parse_args(argv)
    if args.write:
        photo, printed, out = (Path(p) for p in args.write)
        cv2.imwrite(str(out), recolour_pen(photo, read_truth(printed)), [cv2.IMWRITE_JPEG_QUALITY, 90])
        return 0
    args.folder.mkdir(parents=True, exist_ok=True)
    for lean in args.lean or [LEAN_TO_HAND, -8.0]:
        for rule in (True, False):
            print(blue_pen(args.wicht, args.limit, lean, rule, args.folder), flush=True)
    for rule in (True, False):
        print(false_marks(args.wicht, args.limit, rule), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
