"""Training cells for the CNN reader (:mod:`ocr.cnn`): cut from the Wicht photos, and rendered.

    python -m ocr_training.cnn_data OUT.npz [--mixed DIR] [--train DIR]

Every cell the scanner cuts from a Wicht photo becomes one sample of 19
classes (:data:`ocr.cnn.CNN_CLASSES`): 0 = the cell's ground truth is empty
(a noise blob the cutter took for a digit), 1-9 = printed digit, 10-18 =
handwritten digit.  The *mixed* photos' ``.dat`` hold every digit; ``../train``
of the same name says which are printed.  A photo whose grid or orientation is
not found, or whose printed digits the print model mostly misreads (a wrong
grid: its labels would be wrong), is left out.  The samples keep the photo's
name so that folds are made by photo.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Iterable

import numpy as np

from sudokuprint.errors import NoGridError

from sudokuprint.ocr.cells import extract_digit, ink_contrast
from sudokuprint.ocr.classifier import read_digits
from sudokuprint.ocr.cnn import cnn_input
from sudokuprint.ocr.pipeline import grid_cells
from .build_hand import DATA, read_dat
from .render import render_cell, render_hand_cell, training_fonts
from .suite_split import is_held_out_font

CNN_EXCLUDED = ("italic", "oblique", "symbol", "math", "hairline", "thin", "extralight", "z003", "d050000l", "bdita",
                "56f", "76f", "interdisplay", "fallback", " i.ttf", " bi.ttf", "_i.otf", "_ri.otf", "_rbi.otf",
                "_rzi.otf", "condit")
"""Font files left out of the CNN's faces: slanted and decorative cuts, symbol fonts, hairline weights.  Unlike the
print model's list, monospaced faces are in."""
HELD_OUT_FACES = ("robotoslab", "courier prime", "ebgaramond", "bebasneue", "vollkorn", "clearsans", "cousine")
"""Families never trained on (slab, typewriter, old-style serif, condensed, book serif, sans, mono): their
per-digit recall is ``benchmarks/ocr_faces.py``'s measure of faces the reader has not seen."""


def cnn_fonts() -> tuple[list[Path], list[Path]]:
    """The faces the CNN trains on (none of the photo suite's held-out families either), and the held-out faces
    (:data:`HELD_OUT_FACES`)."""
    fonts = training_fonts(excluded=CNN_EXCLUDED, with_held_out=True)
    held = [f for f in fonts if any(word in f.name.lower() for word in HELD_OUT_FACES)]
    return [f for f in fonts if f not in held and not is_held_out_font(f)], held


def photo_cells(photo: Path, printed: list[int], every: list[int]) -> tuple[np.ndarray, np.ndarray] | None:
    """Inputs (n x 2 x 28 x 28) and 19-class labels of a photo's digit cells, or ``None`` if its labels are unsure."""
    try:
        cells = grid_cells(photo).upright()
    except NoGridError:
        return None
    print_cells = [c for c in cells if printed[c.index]]
    if not print_cells:
        return None
    guesses = read_digits([c.digit for c in print_cells]).argmax(axis=1)
    if np.mean([g == printed[c.index] for g, c in zip(guesses, print_cells)]) < 0.6:
        return None
    inputs = np.stack([cnn_input(c.image, c.digit, c.contrast) for c in cells])
    labels = np.array([0 if not every[c.index] else every[c.index] if printed[c.index] else 9 + every[c.index]
                       for c in cells])
    return inputs, labels


def photo_dataset(mixed: Path, plain: Path) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Inputs, labels and photo names of every usable cell of the mixed photos and their plain twins."""
    from .build_hand import dataset

    inputs, labels, names = dataset(mixed, plain, samples_of=photo_cells)
    return inputs.astype(np.float16), labels, names


def _cut(cell: np.ndarray) -> np.ndarray | None:
    contrast = ink_contrast([cell])
    digit, _ = extract_digit(cell, contrast)
    return None if digit is None else cnn_input(cell, digit, contrast)


def rendered_dataset(fonts: Iterable[Path], per_digit: int, pen_per_digit: int, rng: np.random.Generator,
                     sideways: int = 2) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rendered cells: ``per_digit`` printed cells per font and digit (plus ``sideways`` turned ones per font and
    digit, class 0), and ``pen_per_digit`` pen-written cells per digit.  Returns inputs, labels and the source
    (the font's file name, or ``pen``)."""
    xs, ys, sources = [], [], []

    def add(cell: np.ndarray, label: int, source: str) -> None:
        sample = _cut(cell)
        if sample is not None:
            xs.append(sample)
            ys.append(label)
            sources.append(source)

    for font in fonts:
        for digit in range(1, 10):
            for _ in range(per_digit):
                add(render_cell(font, digit, rng), digit, font.name)
            for k in range(sideways):
                add(render_cell(font, digit, rng, quarter_turns=1 + 2 * (k % 2)), 0, font.name)
    for digit in range(1, 10):
        for _ in range(pen_per_digit):
            add(render_hand_cell(digit, rng), 9 + digit, "pen")
    return np.stack(xs).astype(np.float16), np.array(ys), np.array(sources)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--mixed", type=Path, default=DATA / "mixed_train")
    parser.add_argument("--train", type=Path, default=DATA / "train")
    args = parser.parse_args(argv)
    x, y, names = photo_dataset(args.mixed, args.train)
    np.savez_compressed(args.out, x=x, y=y, names=names)
    print(f"{len(y)} cells from {len(set(names))} photos -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
