"""Build the context model, ``ocr/models/context.npz``: print or handwriting decided with the photo's other digits.

    python -m ocr_training.build_context --folds-dir DIR [--mixed DIR] [--train DIR] [--cache FILE]

``DIR`` holds the handwriting model's fold models (``python -m ocr_training.build_hand
--fold-models DIR``).  Every Wicht *mixed* training photo and its plain twin is cut into cells and
read by the handwriting model of the fold that held the photo out, so the reader's P(handwritten)
is what it would be on a photo it never saw; :func:`ocr.context.context_features` of each digit
cell (every digit of the photo takes part, the labelled ones become samples) are the inputs, the
truth (printed or handwritten) the label.  For each fold a context model is fitted on the others
and scored on it (the held-out cell and photo figures are printed) and kept as
``context-foldK.npz`` in ``DIR`` for ``benchmarks/ocr_photos.py --cross-validate DIR``.  Finally the
shipped model is fitted on every photo.  A photo whose grid or turn is not found is left out.

Dated scores of its builds: ``benchmarks/RESULTS.md``, "OCR: dated scores moved out of docstrings".
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from sudokuprint.errors import NoGridError

from sudokuprint.ocr.classifier import DigitModel, read_digits
from sudokuprint.ocr.context import LEAN_TO_HAND, LOOKS, context_features, fit_context, ink_colour, looks, strokes, twin_likeness
from sudokuprint.ocr.handwriting import cell_measures
from sudokuprint.ocr.pipeline import HANDWRITTEN, grid_cells
from sudokuprint.ocr.builtin_reader import BuiltinReader
from .build_hand import DATA, fold_of, twin_sources
from .build_model import MODELS


def photo_cells(photo: Path, printed: list[int], every: list[int], hand_model: DigitModel
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
    """Each digit cell's look, the reader's P(handwritten), its twin likeness and label (1 = handwritten,
    0 = printed, -1 = no digit in truth), or ``None`` when the photo's reading cannot be trusted for labels."""
    try:
        cells = grid_cells(photo).upright()
    except NoGridError:
        return None
    if not cells:
        return None
    model_probs = read_digits([c.digit for c in cells])
    on_print = [i for i, c in enumerate(cells) if printed[c.index]]
    if on_print and np.mean([model_probs[i].argmax() == printed[cells[i].index] for i in on_print]) < 0.6:
        return None  # wrong turn or wrong grid: labels would be wrong
    hand = BuiltinReader(hand_model=hand_model, context=False).read(cells).handwritten
    measures = np.stack([cell_measures(c.image, c.box, c.contrast) for c in cells])
    pens = np.stack([strokes(c.image, c.box, c.contrast) for c in cells])
    inks = np.stack([ink_colour(c.image, c.box, c.contrast, c.color) for c in cells])
    look = looks(measures, [c.box for c in cells], cells[0].image.shape[0], model_probs, pens, inks)
    twins = twin_likeness([c.image for c in cells], [c.contrast for c in cells], [c.box for c in cells],
                          model_probs.argmax(axis=1))
    labels = np.array([-1 if not every[c.index] else 0 if printed[c.index] else 1 for c in cells])
    return look, hand, twins, labels


def dataset(mixed: Path, plain: Path, folds_dir: Path, folds: int) -> dict[str, np.ndarray]:
    """Looks, P(handwritten) (``hand``), twin likeness, labels and photo names (``name`` or ``name/plain``) of every
    digit cell of both folders, read by held-out fold models."""
    models = [DigitModel.load(folds_dir / f"hand-fold{k}.npz") for k in range(folds)]
    parts: dict[str, list[np.ndarray]] = {"look": [], "hand": [], "twins": [], "labels": [], "names": []}
    for photo, source, printed, every, name in twin_sources(mixed, plain):
        found = photo_cells(source, printed, every, models[fold_of(photo.name, folds)])
        if found is None:
            print(f"  left out {source}", file=sys.stderr)
            continue
        for key, value in zip(("look", "hand", "twins", "labels"), found):
            parts[key].append(value)
        parts["names"].append(np.array([name] * len(found[3])))
    return {key: np.concatenate(values) for key, values in parts.items()}


def rows(look: np.ndarray, hand: np.ndarray, twins: np.ndarray, labels: np.ndarray, names: np.ndarray
         ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Context features, labels and names of the labelled cells, each photo's features made from all its cells."""
    xs, ys, ns = [], [], []
    for name in dict.fromkeys(names):
        mine = names == name
        keep = labels[mine] >= 0
        xs.append(context_features(look[mine], hand[mine], twins[mine])[keep])
        ys.append(labels[mine][keep])
        ns += [name] * int(keep.sum())
    return np.concatenate(xs), np.concatenate(ys), np.array(ns)


def colourless(look: np.ndarray) -> np.ndarray:
    """The looks as a gray photo (or a pen of the print's colour) gives them: the ink colour's looks zero."""
    grey = look.copy()
    grey[:, [LOOKS.index("ink-blue"), LOOKS.index("ink-colour")]] = 0.0
    return grey


def figures(labels: np.ndarray, hand: np.ndarray, names: np.ndarray) -> str:
    """Cells whose kind is wrong each way, and photos with every digit's kind right (mixed and plain)."""
    said = hand >= HANDWRITTEN
    wrong = said != (labels == 1)
    photos = sorted(set(names))
    bad = {n for n in names[wrong]}
    mixed = [n for n in photos if not n.endswith("/plain")]
    plain = [n for n in photos if n.endswith("/plain")]
    return (f"given-as-hand={int((said & (labels == 0)).sum())} hand-as-given={int((~said & (labels == 1)).sum())} "
            f"mixed-photos-all-kinds-right={sum(n not in bad for n in mixed)}/{len(mixed)} "
            f"plain-photos-all-kinds-right={sum(n not in bad for n in plain)}/{len(plain)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folds-dir", type=Path, required=True, help="the handwriting model's fold models")
    parser.add_argument("--mixed", type=Path, default=DATA / "mixed_train")
    parser.add_argument("--train", type=Path, default=DATA / "train")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--cache", type=Path, default=None, help="rows file to reuse (made if missing)")
    parser.add_argument("--l2", type=float, default=1e-3)
    parser.add_argument("--out", type=Path, default=MODELS / "context.npz")
    parser.add_argument("--only-folds", action="store_true", help="score the folds, do not write the shipped model")
    args = parser.parse_args(argv)
    started = time.time()
    if args.cache is not None and args.cache.exists():
        with np.load(args.cache) as data:
            cells = {key: data[key] for key in data.files}
    else:
        cells = dataset(args.mixed, args.train, args.folds_dir, args.folds)
        if args.cache is not None:
            np.savez_compressed(args.cache, look=cells["look"], hand=cells["hand"], twins=cells["twins"],
                                labels=cells["labels"], names=cells["names"])
    look, hand, twins, labels, cell_names = (cells[key] for key in ("look", "hand", "twins", "labels", "names"))
    x, y, names = rows(look, hand, twins, labels, cell_names)
    # every photo once more as if the pen were the print's colour (or the photo gray): most Wicht pens are coloured,
    # and the model must not take a black pen's digits for print for want of a colour cue
    x_grey, _, _ = rows(colourless(look), hand, twins, labels, cell_names)
    print(f"{len(y)} digit cells from {len(set(names))} photos in {time.time() - started:.0f} s", file=sys.stderr)
    folds = np.array([fold_of(n.split("/")[0] + ".jpg", args.folds) for n in names])
    held, held_grey, held_lean = np.zeros(len(y)), np.zeros(len(y)), np.zeros(len(y))
    for fold in range(args.folds):
        train = folds != fold
        model = fit_context(np.concatenate([x[train], x_grey[train]]), np.concatenate([y[train], y[train]]), l2=args.l2)
        held[folds == fold] = model.handwritten(x[folds == fold])
        held_grey[folds == fold] = model.handwritten(x_grey[folds == fold])
        held_lean[folds == fold] = model.handwritten(x[folds == fold], LEAN_TO_HAND)
        model.save(args.folds_dir / f"context-fold{fold}.npz", fold=str(fold), folds=str(args.folds))
    before = 1 / (1 + np.exp(-x[:, 0]))
    print(f"reader alone:       {figures(y, before, names)}")
    print(f"with context ({args.folds} folds by photo): {figures(y, held, names)}")
    print(f"the same photos without the ink's colour: {figures(y, held_grey, names)}")
    print(f"leaning to handwriting by {LEAN_TO_HAND} as the reader does: {figures(y, held_lean, names)}")
    if args.only_folds:
        return 0
    model = fit_context(np.concatenate([x, x_grey]), np.concatenate([y, y]), l2=args.l2)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    model.save(args.out, photos=str(len(set(names))))
    print(f"wrote {args.out}; weights " + " ".join(f"{w:+.2f}" for w in model.weights), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
