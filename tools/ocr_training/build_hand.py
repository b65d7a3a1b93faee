"""Build the printed/handwritten model, ``ocr/models/hand.npz``, from the Wicht photos, with cross-validation.

    python -m ocr_training.build_hand [--mixed DIR] [--train DIR] [--folds 5] [--fold-models DIR]
                                      [--corpus-part train|val ...] [--join MODEL] [--out FILE]

The features are :func:`ocr.handwriting.features`.  Every cell holding a digit in the *mixed* photos (printed givens and
handwritten entries; ``../train/`` of the same name says which are printed)
and in the plain *train* photos (print only) becomes one sample of 18
classes: printed 1-9, handwritten 1-9.  The photos are split into folds by
name (a photo and its mixed twin share a fold); for each fold a model is
trained on the others and scored on it, and the held-out cell figures are
printed.  Rendered cells (print in the training fonts, pen strokes) are added
to every fold's training part, never held out.  ``--fold-models`` keeps the fold models (``hand-foldK.npz``) so
``benchmarks/ocr_photos.py --cross-validate`` can score whole photos held out.
Finally the shipped model is trained on every photo.  A photo whose
orientation or grid is not found is left out (its cells would be mislabelled).

The shipped model (``make ocr-hand-model``) is two joined (``--join``: one network averaging their logits): one
built so, and one that also learned the real pencil of the corpus photos with handwriting (``--corpus-part``, both
parts of their dataset's own split).  Either alone misjudged what the other got right: the synthetic pen and the
real pencil pull one network apart.  Both learned the pen of :mod:`ocr_training.pen`, which stays the training pen.
Dated scores of its builds: ``benchmarks/RESULTS.md``, "OCR: dated scores moved out of docstrings".
"""

from __future__ import annotations

import argparse
import sys
import time
import zlib
from pathlib import Path
from typing import Callable, Iterator

import cv2
import numpy as np

from sudokuprint.errors import NoGridError

from sudokuprint.ocr.classifier import DigitModel, default_model, read_digits
from sudokuprint.ocr.handwriting import cell_measures, features
from sudokuprint.ocr.pipeline import grid_cells
from sudokuprint.ocr.cells import extract_digit, ink_contrast
from .build_model import MODELS, averaged, train
from .corpus import load_corpus
from .render import render_cell, render_hand_cell, training_fonts

DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "wicht"
CLASSES = 18


def fold_of(name: str, folds: int) -> int:
    """The fold of a photo, from its name (stable across runs and machines)."""
    return zlib.crc32(Path(name).stem.encode()) % folds


def read_dat(path: Path) -> list[int]:
    """The 81 digits of a Wicht ``.dat`` file (0 = empty)."""
    values = [int(v) for line in path.read_text().splitlines()[2:11] for v in line.split()]
    if len(values) != 81:
        raise ValueError(f"{path}: expected 81 digits, found {len(values)}")
    return values


def photo_samples(photo: Path, printed: list[int], every: list[int]) -> tuple[np.ndarray, np.ndarray] | None:
    """Features and labels of a photo's digit cells, or ``None`` when its reading cannot be trusted for labels."""
    try:
        found = grid_cells(photo)
    except NoGridError:
        return None
    cells = found.upright()
    if not cells:
        return None
    labelled = [(c, every[c.index], printed[c.index] != 0) for c in cells if every[c.index]]
    print_cells = [c for c, _, is_printed in labelled if is_printed]
    if print_cells:
        guesses = read_digits([c.digit for c in print_cells]).argmax(axis=1)
        if np.mean([g == printed[c.index] for g, c in zip(guesses, print_cells)]) < 0.6:
            return None  # wrong turn or wrong grid: labels would be wrong
    # the cache keeps the digit and its measures; the print model's opinion is added when training
    samples = np.stack([np.concatenate([c.digit.ravel(), cell_measures(c.image, c.box, c.contrast)])
                        for c, _, _ in labelled])
    labels = np.array([(digit - 1) if is_printed else (9 + digit - 1) for _, digit, is_printed in labelled])
    return samples, labels


PhotoSamples = Callable[[Path, list[int], list[int]], "tuple[np.ndarray, np.ndarray] | None"]
"""What a model learns from one photo: ``(photo, printed digits, every digit) -> (inputs, labels)`` or None."""


def twin_sources(mixed: Path, plain: Path) -> Iterator[tuple[Path, Path, list[int], list[int], str]]:
    """Each mixed photo that has a printed twin, then that twin, as ``(mixed photo, source,
    printed digits, every digit of the source, name)``; the name is the photo's stem, or
    ``stem/plain`` for the twin.  Progress goes to standard error."""
    photos = sorted(mixed.glob("*.jpg"))
    for number, photo in enumerate(photos):
        printed_dat = plain / photo.with_suffix(".dat").name
        if printed_dat.exists():
            printed = read_dat(printed_dat)
            for source, every, name in ((photo, read_dat(photo.with_suffix(".dat")), photo.stem),
                                        (plain / photo.name, printed, photo.stem + "/plain")):
                if source.exists():
                    yield photo, source, printed, every, name
        print(f"  {number + 1}/{len(photos)} photos", file=sys.stderr, end="\r")
    print(file=sys.stderr)


def dataset(mixed: Path, plain: Path, samples_of: PhotoSamples = photo_samples) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Inputs, labels and photo names of every usable cell of both folders (each mixed photo and its printed
    twin), as ``samples_of`` cuts them."""
    xs, ys, names = [], [], []
    for photo, source, printed, every, _ in twin_sources(mixed, plain):
        samples = samples_of(source, printed, every)
        if samples is None:
            print(f"  left out {source}", file=sys.stderr)
            continue
        xs.append(samples[0])
        ys.append(samples[1])
        names += [photo.stem] * len(samples[1])
    return np.concatenate(xs), np.concatenate(ys), np.array(names)


def corpus_samples(part: str, samples_of: PhotoSamples = photo_samples) -> tuple[np.ndarray, np.ndarray]:
    """Inputs and labels of the digit cells of the corpus photos with handwriting that come from their dataset's
    ``part`` (:attr:`~ocr_training.corpus.CorpusPhoto.part`); candidate-mark cells are left out."""
    xs, ys = [], []
    for photo in load_corpus():
        if photo.part != part or not any(photo.entries):
            continue
        every = [given or entry for given, entry in zip(photo.givens, photo.entries)]
        samples = samples_of(photo.path, list(photo.givens), every)
        if samples is None:
            print(f"  left out {photo.name}", file=sys.stderr)
            continue
        xs.append(samples[0])
        ys.append(samples[1])
    return np.concatenate(xs), np.concatenate(ys)


def warped(digits: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Copies of 28 x 28 digits, each turned (up to 10 degrees), sheared, scaled and moved a little at random."""
    out = np.empty_like(digits)
    for k, digit in enumerate(digits):
        angle, scale = rng.uniform(-10, 10), rng.uniform(0.88, 1.1)
        matrix: np.ndarray = cv2.getRotationMatrix2D((13.5, 13.5), angle, scale)
        matrix[0, 1] += rng.uniform(-0.15, 0.15)
        matrix[:, 2] += rng.uniform(-1, 1, 2)
        out[k] = cv2.warpAffine(digit, matrix, (28, 28), flags=cv2.INTER_LINEAR)
    return out


def training_set(digits: np.ndarray, measures: np.ndarray, labels: np.ndarray, copies: int,
                 rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Features and labels of the samples plus ``copies`` warped copies of each handwritten one."""
    hand = labels >= 9
    all_digits, all_measures, all_labels = [digits], [measures], [labels]
    for _ in range(copies):
        all_digits.append(warped(digits[hand], rng))
        all_measures.append(measures[hand])
        all_labels.append(labels[hand])
    stacked = np.concatenate(all_digits)
    return features(stacked, np.concatenate(all_measures), default_model().probabilities(stacked)), \
        np.concatenate(all_labels)


def rendered_samples(per_digit: int, hand_per_digit: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Cells rendered by :mod:`ocr_training.render`: printed in every training font, and pen-written.

    Without them the model knows print and handwriting only as the Wicht photos show them
    (soft gray print, sharp black pasted handwriting) and takes the sharp print of a good
    photo for handwriting, and pen strokes for print.
    """
    samples, labels = [], []

    def add(cell: np.ndarray, label: int) -> None:
        contrast = ink_contrast([cell])
        image, box = extract_digit(cell, contrast)
        if image is not None and box is not None:
            samples.append(np.concatenate([image.ravel(), cell_measures(cell, box, contrast)]))
            labels.append(label)

    for font in training_fonts():
        for digit in range(1, 10):
            for _ in range(per_digit):
                add(render_cell(font, digit, rng), digit - 1)
    for digit in range(1, 10):
        for _ in range(hand_per_digit):
            add(render_hand_cell(digit, rng), 9 + digit - 1)
    return np.stack(samples).astype(np.float32), np.array(labels)


def cell_figures(labels: np.ndarray, predicted: np.ndarray) -> str:
    """Held-out cell figures: printed/handwritten right, digits right within each kind."""
    hand, said_hand = labels >= 9, predicted >= 9
    kind = float((hand == said_hand).mean())
    printed_as_hand = int((~hand & said_hand).sum())
    hand_as_printed = int((hand & ~said_hand).sum())
    hand_digit = float(((predicted % 9) == (labels % 9))[hand].mean())
    hand_right = float((predicted == labels)[hand].mean())
    return (f"cells={len(labels)} kind-right={kind:.4f} printed-taken-as-handwritten={printed_as_hand} "
            f"handwritten-taken-as-printed={hand_as_printed} handwritten-digit-right={hand_digit:.4f} "
            f"handwritten-read-right(kind+digit)={hand_right:.4f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mixed", type=Path, default=DATA / "mixed_train")
    parser.add_argument("--train", type=Path, default=DATA / "train")
    parser.add_argument("--folds", type=int, default=5, help="folds by photo (0: no cross-validation)")
    parser.add_argument("--fold-models", type=Path, default=None, help="keep each fold's model here")
    parser.add_argument("--cache", type=Path, default=None, help="features file to reuse (made if missing)")
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--hidden", type=int, default=192)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--rendered", type=int, default=25, help="rendered printed cells per font and digit")
    parser.add_argument("--pen", type=int, default=300, help="rendered pen-written cells per digit")
    parser.add_argument("--warped", type=int, default=1, help="warped copies of each handwritten training digit")
    parser.add_argument("--corpus-part", action="append", default=[], choices=("train", "val"),
                        help="also learn from the real-photo corpus's photos with handwriting from this part of "
                             "their dataset's own split (repeatable), in every fold's training part")
    parser.add_argument("--only-folds", action="store_true", help="score the folds, do not write the shipped model")
    parser.add_argument("--fold", type=int, action="append", default=None, metavar="K",
                        help="score only fold K (repeatable; spreads the folds over processes)")
    parser.add_argument("--join", type=Path, default=None, metavar="MODEL",
                        help="write the new model joined with MODEL (a hand model built before): one network that "
                             "averages the two's logits (ocr_training.build_model.averaged)")
    parser.add_argument("--out", type=Path, default=MODELS / "hand.npz")
    args = parser.parse_args(argv)
    if args.join is not None and not args.join.is_file():
        parser.error(f"--join {args.join}: no such model file (a handwriting model written by build_hand)")
    started = time.time()
    if args.cache is not None and args.cache.exists():
        with np.load(args.cache) as data:
            x, y, names = data["x"], data["y"], data["names"]
    else:
        x, y, names = dataset(args.mixed, args.train)
        if args.cache is not None:
            np.savez_compressed(args.cache, x=x, y=y, names=names)
    print(f"{len(y)} cells from {len(set(names))} photos in {time.time() - started:.0f} s", file=sys.stderr)
    rendered_cache = args.cache.with_name(args.cache.stem + "-rendered.npz") if args.cache is not None else None
    if rendered_cache is not None and rendered_cache.exists():
        with np.load(rendered_cache) as data:
            rx, ry = data["x"], data["y"]
    else:
        rx, ry = rendered_samples(args.rendered, args.pen, np.random.default_rng(args.seed))
        if rendered_cache is not None:
            np.savez_compressed(rendered_cache, x=rx, y=ry)
    print(f"{len(ry)} rendered cells ({int((ry >= 9).sum())} pen-written)", file=sys.stderr)
    for part in args.corpus_part:
        cx, cy = corpus_samples(part)
        print(f"{len(cy)} corpus cells ({int((cy >= 9).sum())} handwritten)", file=sys.stderr)
        rx, ry = np.concatenate([rx, cx]), np.concatenate([ry, cy])
    # rendered (and corpus) cells are in every fold's training part (fold -1), never held out
    x, y = np.concatenate([x, rx]), np.concatenate([y, ry])
    names = np.concatenate([names, np.array(["rendered"] * len(ry))])
    digits, measures = x[:, :784].reshape(-1, 28, 28).astype(np.float32), x[:, 784:]
    folds = np.array([-1 if n == "rendered" or not args.folds else fold_of(n, args.folds) for n in names])
    held_labels, held_predicted = [], []
    for fold in args.fold if args.fold is not None else range(args.folds):
        rng = np.random.default_rng(args.seed + fold)
        rest = folds != fold
        train_x, train_y = training_set(digits[rest], measures[rest], y[rest], args.warped, rng)
        model = train(train_x, train_y, hidden=args.hidden, epochs=args.epochs, rng=rng, classes=CLASSES,
                      shift_side=28, batch=128)
        held = folds == fold
        predicted = model.probabilities(features(digits[held], measures[held],
                                                 default_model().probabilities(digits[held]))).argmax(axis=1)
        print(f"fold {fold}: {cell_figures(y[folds == fold], predicted)}", flush=True)
        held_labels.append(y[folds == fold])
        held_predicted.append(predicted)
        if args.fold_models is not None:
            args.fold_models.mkdir(parents=True, exist_ok=True)
            model.save(args.fold_models / f"hand-fold{fold}.npz", fold=str(fold), folds=str(args.folds))
    if held_labels:  # --folds 0 trains the shipped model only
        print(f"cross-validated ({len(held_labels)} of {args.folds} folds by photo): "
              f"{cell_figures(np.concatenate(held_labels), np.concatenate(held_predicted))}", flush=True)
    if args.only_folds:
        return 0
    rng = np.random.default_rng(args.seed)
    train_x, train_y = training_set(digits, measures, y, args.warped, rng)
    model = train(train_x, train_y, hidden=args.hidden, epochs=args.epochs, rng=rng, classes=CLASSES,
                  shift_side=28, batch=128)
    metadata = {"seed": str(args.seed), "photos": str(len(set(names)) - 1), "corpus": ",".join(args.corpus_part)}
    if args.join is not None:
        model = averaged([DigitModel.load(args.join), model])
        metadata["joined"] = args.join.name
    args.out.parent.mkdir(parents=True, exist_ok=True)
    model.save(args.out, **metadata)
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KiB) in {time.time() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
