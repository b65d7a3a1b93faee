"""The real-photo corpus (``tools/ocr_corpus``) and its leave-one-source-out folds.

A *source* is one origin of photos (one repository's photos, one dataset): its
photos share a camera, paper, print face and pen, so splitting them at random
leaks all of that (see the shared docs' ``ocr-evaluation.md``). Anything
fitted or chosen for the reader (a model, a threshold, a lean) is chosen on
:func:`training_photos` of a fold and measured on the source it held out::

    corpus = load_corpus(Path("tools/ocr_corpus"))
    for fold in folds(corpus):
        fit_something(fold.training)        # never sees fold.held_out_photos
        measure(fold.held_out_photos)

The manifest's format is described in ``tools/ocr_corpus/README.md``.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[1] / "ocr_corpus"
"""The corpus kept in the repository."""

MANIFEST = "manifest.csv"


class CorpusError(ValueError):
    """A corpus manifest that cannot be used (missing, a bad row, an unknown source)."""


@dataclass(frozen=True)
class CorpusPhoto:
    """One photo of the corpus with its ground truth."""

    path: Path
    source: str
    givens: tuple[int, ...]
    """The printed digits, 81 values row by row, 0 = empty."""
    entries: tuple[int, ...]
    """The handwritten digits, 81 values row by row, 0 = none."""
    candidates: frozenset[int]
    """Cells (0-80) holding only small candidate marks."""
    shows: str
    original_size: tuple[int, int]
    """Width and height before the corpus downscaled it."""
    origin: str = ""
    """The photo's path in its repository (``datasets/end_to_end/train/images/...``: the dataset's own split)."""

    @property
    def part(self) -> str:
        """The part of its dataset's own split the photo comes from (``train``, ``val``), or "" when it has none."""
        folders = Path(self.origin).parts[:-1]
        return next((folder for folder in folders if folder in ("train", "val")), "")

    @property
    def name(self) -> str:
        """The photo's path below the corpus folder."""
        return f"{self.path.parent.name}/{self.path.name}"


def load_corpus(folder: Path = CORPUS) -> list[CorpusPhoto]:
    """Every photo of ``folder/manifest.csv``, in manifest order."""
    manifest = folder / MANIFEST
    if not manifest.exists():
        raise CorpusError(f"{manifest}: no corpus manifest there")
    with manifest.open(newline="") as handle:
        return [_photo(folder, row, line) for line, row in enumerate(csv.DictReader(handle), start=2)]


def sources(corpus: list[CorpusPhoto]) -> list[str]:
    """The corpus's source ids, in first-seen order."""
    return list(dict.fromkeys(photo.source for photo in corpus))


@dataclass(frozen=True)
class Fold:
    """One leave-one-source-out fold: choose on ``training``, measure on ``held_out_photos``."""

    held_out: str
    training: list[CorpusPhoto]
    held_out_photos: list[CorpusPhoto]


def training_photos(corpus: list[CorpusPhoto], held_out: str) -> list[CorpusPhoto]:
    """The photos of every source but ``held_out``."""
    if held_out not in sources(corpus):
        raise CorpusError(f"no source {held_out!r} in the corpus (sources: {', '.join(sources(corpus))})")
    return [photo for photo in corpus if photo.source != held_out]


def folds(corpus: list[CorpusPhoto]) -> Iterator[Fold]:
    """One fold per source, each holding that source out."""
    for source in sources(corpus):
        yield Fold(source, training_photos(corpus, source), [p for p in corpus if p.source == source])


def _digits(text: str, where: str) -> tuple[int, ...]:
    if len(text) != 81 or not text.isdigit():
        raise CorpusError(f"{where}: expected 81 digits, found {text!r}")
    return tuple(int(c) for c in text)


def _cell(name: str, where: str) -> int:
    """``r3c7`` -> 24."""
    try:
        row, column = name.lower().removeprefix("r").split("c")
        index = (int(row) - 1) * 9 + int(column) - 1
    except ValueError:
        index = -1
    if not 0 <= index < 81:
        raise CorpusError(f"{where}: {name!r} is not a cell name like r3c7")
    return index


def _photo(folder: Path, row: dict[str, str], line: int) -> CorpusPhoto:
    where = f"{folder / MANIFEST}:{line}"
    try:
        width, height = (int(v) for v in row["original_size"].split("x"))
        photo = CorpusPhoto(
            path=folder / row["file"],
            source=row["source"],
            givens=_digits(row["givens"], f"{where} givens"),
            entries=_digits(row["entries"], f"{where} entries"),
            candidates=frozenset(_cell(name, f"{where} candidates") for name in row["candidates"].split()),
            shows=row["shows"],
            original_size=(width, height),
            origin=row["path"],
        )
    except (KeyError, ValueError) as error:
        if isinstance(error, CorpusError):
            raise
        raise CorpusError(f"{where}: bad row ({error})") from None
    if not photo.path.exists():
        raise CorpusError(f"{where}: {photo.path} is missing")
    clash = [i for i in range(81) if photo.givens[i] and (photo.entries[i] or i in photo.candidates)]
    if clash:
        raise CorpusError(f"{where}: cell {clash[0]} is both a given and handwriting")
    return photo
