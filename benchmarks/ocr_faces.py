"""Per-digit recall of the digit readers on print faces held out of the CNN's training, and the widened suite.

    python benchmarks/ocr_faces.py [--readers cnn,builtin] [--samples 10] [--seed 11]
    python benchmarks/ocr_faces.py --suite DIR [--limit N] [--failures]

``--suite DIR`` scores a widened photo suite (``python -m ocr_training.photo_suite DIR --styled N --split
held-out``) with the default reader, page by page against its per-cell truth (:mod:`suite_score`): first
"printed pages in held-out faces and layouts: N/M perfect" (pages printed only: every given right, nothing
reported as written), then per face kind, layout, grid style group, content and pen: givens exact, handwritten
entries read right, candidate-mark cells reported as entries, and cells with nothing written reported as
written.  Without ``--suite``:

The faces are :data:`ocr_training.cnn_data.HELD_OUT_FACES` (slab, typewriter,
old-style serif, condensed, book serif, sans and mono families installed by
``scripts/install-training-fonts.sh``), never used to train the CNN.  Each
face draws ``--samples`` cells per digit with the photo's troubles
(:func:`ocr_training.render.render_cell`: ink spread or thinning, slant,
perspective, low resolution, blur, noise, JPEG), cut out as the scanner does.
The cells are read a page at a time, as a photo of a printed puzzle is: one
face, every digit, 81 cells at most (the context of :mod:`ocr.context` compares
a digit with its page's other digits).  A cell counts as read when the reader's
digit is right and it is not taken for handwriting.  Printed: one row per reader with recall per digit and overall,
and under it (``digit``) the recall of the digit alone (the print reading's best
of 1-9, whatever the printed/handwritten call and the "no digit" class), then
recall per face family.  (The ``builtin`` print model was trained on some
of these families: Clear Sans and Cousine are in ``ocr/models/digits-fonts.txt``.)
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

from sudokuprint.ocr.cells import extract_digit, ink_contrast
from sudokuprint.ocr.readers import DigitCell, Reading, get_reader
from ocr_training.cnn_data import HELD_OUT_FACES, cnn_fonts
from ocr_training.render import render_cell
from suite_score import score_suite


PAGE_SAMPLES = 9
"""Cells of each digit on one page: 81 cells, as a full grid."""


def held_out_cells(samples: int, seed: int) -> tuple[list[DigitCell], list[int], list[str], list[list[int]]]:
    """Rendered cells of the held-out faces: the cells, their digits, their family and the pages (lists of cell
    indices: one face, :data:`PAGE_SAMPLES` cells of each digit)."""
    rng = np.random.default_rng(seed)
    cells, digits, families = [], [], []
    pages: list[list[int]] = []
    for font in cnn_fonts()[1]:
        first = len(cells)  # the cells below, digit by digit, samples of each
        for start in range(0, samples, PAGE_SAMPLES):
            shown = range(start, min(start + PAGE_SAMPLES, samples))
            pages.append([first + digit * samples + k for digit in range(9) for k in shown])
        family = next(word for word in HELD_OUT_FACES if word in font.name.lower())
        for digit in range(1, 10):
            for _ in range(samples):
                image = render_cell(font, digit, rng)
                contrast = ink_contrast([image])
                cut, box = extract_digit(image, contrast)
                if cut is None or box is None:
                    cut, box = np.zeros((28, 28), np.float32), (0, 0, 1, 1)  # not seen: counts as missed
                    image = np.full_like(image, 255)
                cells.append(DigitCell(len(cells) % 81, image, cut, box, contrast))
                digits.append(digit)
                families.append(family)
    return cells, digits, families, pages


def read_pages(name: str, cells: list[DigitCell], pages: list[list[int]]) -> Reading:
    """The reader's reading of every cell, read a page at a time."""
    reader = get_reader(name)
    probabilities = np.zeros((len(cells), 10), np.float32)
    printed = np.zeros((len(cells), 10), np.float32)
    handwritten = np.zeros(len(cells), np.float32)
    for page in pages:
        reading = reader.read([cells[i] for i in page])
        probabilities[page] = reading.probabilities
        printed[page] = reading.printed if reading.printed is not None else reading.probabilities
        handwritten[page] = reading.handwritten
    return Reading(probabilities, handwritten, printed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--readers", default="cnn,builtin")
    parser.add_argument("--samples", type=int, default=10, help="cells per face and digit")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--suite", type=Path, default=None, metavar="DIR",
                        help="score a widened photo suite (python -m ocr_training.photo_suite DIR --styled N)")
    parser.add_argument("--limit", type=int, default=None, help="with --suite: the first N pages only")
    parser.add_argument("--failures", action="store_true",
                        help="with --suite: list the pages whose printed givens were not all right, and why")
    args = parser.parse_args(argv)
    if args.suite is not None:
        for line in score_suite(args.suite, args.limit, args.failures):
            print(line, flush=True)
        return 0
    cells, digits, families, pages = held_out_cells(args.samples, args.seed)
    if not cells:
        print("no held-out face installed: run scripts/install-training-fonts.sh", file=sys.stderr)
        return 1
    truth = np.array(digits)
    print(f"{len(cells)} cells, {len(set(families))} held-out families ({len(cnn_fonts()[1])} font files)")
    print(f"{'reader':<10}" + "".join(f"{d:>7}" for d in range(1, 10)) + f"{'all':>8}")
    by_family: dict[str, list[str]] = defaultdict(list)
    for name in args.readers.split(","):
        reading = read_pages(name, cells, pages)
        right = (reading.probabilities.argmax(axis=1) == truth) & (reading.handwritten < 0.5)
        print(f"{name:<10}" + "".join(f"{right[truth == d].mean():>7.3f}" for d in range(1, 10))
              + f"{right.mean():>8.4f}")
        # the digit alone: the print reading's best digit, whatever the printed/handwritten call
        printed = reading.printed if reading.printed is not None else reading.probabilities
        digit = printed[:, 1:].argmax(axis=1) + 1 == truth
        print(f"{'  digit':<10}" + "".join(f"{digit[truth == d].mean():>7.3f}" for d in range(1, 10))
              + f"{digit.mean():>8.4f}")
        for family in sorted(set(families)):
            mask = np.array([f == family for f in families])
            by_family[family].append(f"{name}={right[mask].mean():.3f}")
    for family, figures in by_family.items():
        print(f"  {family:<14} " + " ".join(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
