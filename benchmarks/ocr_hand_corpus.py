"""The handwriting model taught with real pencil: each part of the corpus's own split read by a model that never saw it.

The corpus's only source with handwriting (kubiesa) comes split by its author into ``train`` and ``val`` folders.  The
shipped model joins a model built without the corpus and one built with both parts (``make ocr-hand-model``).  Held
out, a part's photos are read by the same join built with the other part only, so every photo is read by a model that
did not learn from it (``hand-single.npz``: the model built without the corpus that the shipped one joins, kept in
git at ``9c496d2``)::

    git show 9c496d2:ocr/models/hand.npz > /tmp/hand-single.npz
    cd tools
    python -m ocr_training.build_hand --folds 0 --corpus-part train --seed 8 --join /tmp/hand-single.npz --out /tmp/hand-train.npz
    python -m ocr_training.build_hand --folds 0 --corpus-part val --seed 8 --join /tmp/hand-single.npz --out /tmp/hand-val.npz
    cd .. && python benchmarks/ocr_hand_corpus.py /tmp/hand-train.npz /tmp/hand-val.npz --without /tmp/hand-single.npz

Held out within one source, not leave-one-source-out: no second source of the corpus has handwriting.
Reads ``tools/ocr_corpus`` (in the repository).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

from ocr_by_source import SourceScore, score_photos  # noqa: E402
from ocr_training.corpus import CORPUS, CorpusPhoto, load_corpus  # noqa: E402
from sudokuprint.ocr.builtin_reader import BuiltinReader  # noqa: E402
from sudokuprint.ocr.classifier import DigitModel  # noqa: E402
from sudokuprint.ocr.readers import get_reader  # noqa: E402

PARTS = ("train", "val")


def reader_with(model: Path | None) -> BuiltinReader:
    """The built-in reader, with the handwriting model in ``model`` (None: the shipped one)."""
    shipped = get_reader("builtin")
    assert isinstance(shipped, BuiltinReader)
    if model is None:
        return shipped
    return BuiltinReader("builtin", hand_model=DigitModel.load(model), tesseract=shipped.tesseract)


def read_parts(photos: list[CorpusPhoto], model_of: dict[str, Path | None], label: str) -> SourceScore:
    """Each part's photos read with ``model_of[part]``; prints a line per part and the total."""
    total = SourceScore()
    for part in PARTS:
        reader = reader_with(model_of[part])
        score = score_photos([p for p in photos if p.part == part], lambda _: reader, time.process_time)
        print(score.report(f"{label} {part}"))
        for failure in score.failures:
            print(f"    {failure}")
        total.merge(score)
    print(total.report(f"{label} both"))
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trained_on_train", type=Path, help="a model built with --corpus-part train (reads val)")
    parser.add_argument("trained_on_val", type=Path, help="a model built with --corpus-part val (reads train)")
    parser.add_argument("--without", type=Path, default=None, help="the same build without the corpus, to compare")
    args = parser.parse_args()
    photos = [p for p in load_corpus(CORPUS) if any(p.entries)]
    read_parts(photos, {"train": None, "val": None}, "shipped")
    if args.without is not None:
        read_parts(photos, {"train": args.without, "val": args.without}, "no-corpus")
    read_parts(photos, {"train": args.trained_on_val, "val": args.trained_on_train}, "held-out")


if __name__ == "__main__":
    main()
