"""Score the photo reader per source of a real-photo corpus, and leave-one-source-out.

Used by ``benchmarks/ocr_photos.py --by-source DIR [--folds [--fold-models DIR]]``
(DIR holds a ``manifest.csv``: see ``tools/ocr_corpus/README.md``). For each
source it prints the figures of the shared docs' ``ocr-evaluation.md`` ("What to
report"):

- ``grid``: photos with a grid read (not refused);
- ``givens-exact``: photos whose puzzle is exactly the printed givens;
- ``cells``: per-cell accuracy over 11 classes (empty, 1-9, candidate marks);
  a photo with no grid counts all 81 cells wrong;
- ``entries``: handwritten entries reported as handwriting with the right digit,
  and ``hand-as-given``: handwritten entries taken for a given (the worst error);
- ``cand-as-entry``: cells of candidate marks only, reported as an entry (of
  which ``mistake``: reported as a wrong entry, a false "mistake" in ``--filled``);
- ``silent-wrong``: photos read without a refusal and with a puzzle of one
  solution (so no warning either) whose givens are wrong;
- CPU (or wall, without ``--one-core``) seconds per photo, median by the size
  of the photo read: under 2 MP, 2-8 MP, 8-12 MP, 12 MP and more.

``--folds`` reports each source as held out, after the number of photos and
sources the fold leaves to choose on (:func:`ocr_training.corpus.folds`); with
``--fold-models DIR`` each held-out source is read with the models chosen
without it, ``DIR/<source>/hand.npz`` (and ``context.npz``, ``cnn.onnx`` when
there), as a training tool writes them for that fold.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from pathlib import Path

from PIL import Image

from ocr_training.corpus import CorpusPhoto, folds, load_corpus, sources
from sudokuprint.errors import NoGridError
from sudokuprint.ocr.builtin_reader import BuiltinReader
from sudokuprint.ocr.classifier import DigitModel
from sudokuprint.ocr.cnn import CnnModel, CnnReader
from sudokuprint.ocr.context import ContextModel
from sudokuprint.ocr.pipeline import ScanResult, scan
from sudokuprint.ocr.readers import DigitReader, get_reader

SIZE_CLASSES = ((2.0, "<2MP"), (8.0, "2-8MP"), (12.0, "8-12MP"), (float("inf"), "12MP+"))
"""Upper bounds in megapixels (exclusive) and the names of the photo size classes of the speed figure."""

CANDIDATES = 10
"""The 11th cell class of the per-cell accuracy: small candidate marks only."""


def size_class(path: Path) -> str:
    """The size class of a photo as stored (what the reader reads)."""
    with Image.open(path) as image:
        megapixels = image.width * image.height / 1e6
    return next(name for bound, name in SIZE_CLASSES if megapixels < bound)


def truth_classes(photo: CorpusPhoto) -> list[int]:
    """The 11-class truth of each cell: 0 empty, 1-9 a digit (print or hand), 10 candidate marks."""
    return [CANDIDATES if i in photo.candidates else photo.givens[i] or photo.entries[i] for i in range(81)]


def read_classes(result: ScanResult) -> list[int]:
    """The 11-class reading of each cell: a digit read (given or entry), else candidate marks, else empty."""
    classes = [0] * 81
    for cell in result.cells:
        classes[cell.index] = cell.digit
    for marked in result.pencil_marks:
        if not classes[marked]:
            classes[marked] = CANDIDATES
    return classes


@dataclass
class SourceScore:
    """The figures of one source (or of the whole corpus)."""

    photos: int = 0
    found: int = 0
    givens_exact: int = 0
    cells: int = 0
    cells_right: int = 0
    entry_cells: int = 0
    entries_right: int = 0
    hand_as_given: int = 0
    candidate_cells: int = 0
    candidates_as_entries: int = 0
    candidates_as_mistakes: int = 0
    silent_wrong: int = 0
    seconds: dict[str, list[float]] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)

    def add(self, photo: CorpusPhoto, result: ScanResult | None, seconds: float, size: str) -> None:
        """Score one photo's reading (``None``: refused, no grid)."""
        self.photos += 1
        self.cells += 81
        self.seconds.setdefault(size, []).append(seconds)
        hand = [i for i in range(81) if photo.entries[i]]
        self.entry_cells += len(hand)
        self.candidate_cells += len(photo.candidates)
        if result is None:
            self.failures.append(f"{photo.name}: no grid")
            return
        self.found += 1
        truth = truth_classes(photo)
        self.cells_right += sum(t == r for t, r in zip(truth, read_classes(result)))
        exact = tuple(result.grid.values) == photo.givens
        self.givens_exact += exact
        self.silent_wrong += not exact and result.check.status == "unique"
        written = {entry.cell: entry for entry in result.entries}
        self.entries_right += sum(1 for i in hand if i in written and written[i].digit == photo.entries[i])
        self.hand_as_given += sum(1 for i in hand if result.grid.values[i])
        self.candidates_as_entries += sum(1 for i in photo.candidates if i in written)
        self.candidates_as_mistakes += sum(1 for i in photo.candidates if i in written and written[i].correct is False)
        if not exact:
            wrong = [f"r{i // 9 + 1}c{i % 9 + 1}:{t}->{v}"
                     for i, (t, v) in enumerate(zip(photo.givens, result.grid.values)) if t != v]
            self.failures.append(f"{photo.name}: {result.check.status}: " + " ".join(wrong[:8])
                                 + (" ..." if len(wrong) > 8 else ""))

    def merge(self, other: SourceScore) -> None:
        """Add another score's counts to this one (for the corpus total)."""
        for count in fields(self):
            if count.type in (int, "int"):
                setattr(self, count.name, getattr(self, count.name) + getattr(other, count.name))
        for size, values in other.seconds.items():
            self.seconds.setdefault(size, []).extend(values)
        self.failures.extend(other.failures)

    def report(self, label: str) -> str:
        """One line of figures."""
        def part(right: int, total: int) -> str:
            return f"{right}/{total} ({100.0 * right / total:.1f}%)" if total else f"{right}/0 (-)"

        speed = " ".join(f"{size}={statistics.median(self.seconds[size]):.2f}s(n={len(self.seconds[size])})"
                         for _, size in SIZE_CLASSES if size in self.seconds)
        return (f"{label:<16} photos={self.photos} grid={part(self.found, self.photos)} "
                f"givens-exact={part(self.givens_exact, self.photos)} cells={part(self.cells_right, self.cells)} "
                f"entries={part(self.entries_right, self.entry_cells)} hand-as-given={self.hand_as_given} "
                f"cand-as-entry={part(self.candidates_as_entries, self.candidate_cells)} "
                f"(mistake={self.candidates_as_mistakes}) silent-wrong={self.silent_wrong} s/photo {speed}")


ReaderFor = Callable[[CorpusPhoto], DigitReader]


def score_photos(photos: Iterable[CorpusPhoto], reader_for: ReaderFor, clock: Callable[[], float]) -> SourceScore:
    """Read each photo with its reader and score it (only the scan is timed)."""
    score = SourceScore()
    for photo in photos:
        reader = reader_for(photo)
        size = size_class(photo.path)
        started = clock()
        try:
            result: ScanResult | None = scan(photo.path, reader=reader)
        except NoGridError:
            result = None
        score.add(photo, result, clock() - started, size)
    return score


def by_source(folder: Path, reader_for: ReaderFor, clock: Callable[[], float], limit: int | None = None,
              failures: bool = False) -> list[str]:
    """One line per source, then the corpus total (``limit``: the first N photos of each source)."""
    corpus = load_corpus(folder)
    total = SourceScore()
    lines = []
    for source in sources(corpus):
        score = score_photos([p for p in corpus if p.source == source][:limit], reader_for, clock)
        total.merge(score)
        lines.append(score.report(source))
        lines.extend(f"    {line}" for line in score.failures if failures)
    lines.append(total.report("all sources"))
    return lines


def held_out(folder: Path, reader_for: Callable[[CorpusPhoto, Path | None], DigitReader],
             clock: Callable[[], float], fold_models: Path | None = None, limit: int | None = None,
             failures: bool = False) -> list[str]:
    """Leave-one-source-out: each source read with what was chosen on the others (see the module docstring)."""
    lines = []
    for fold in folds(load_corpus(folder)):
        models = fold_models / fold.held_out if fold_models is not None else None
        if models is not None and not (models / "hand.npz").exists() and not (models / "cnn.onnx").exists():
            raise FileNotFoundError(f"{models}: no hand.npz or cnn.onnx chosen without source {fold.held_out}")
        score = score_photos(fold.held_out_photos[:limit], lambda photo: reader_for(photo, models), clock)
        chosen_on = len({p.source for p in fold.training})
        lines.append(score.report(f"held out {fold.held_out}")
                     + f" [others: {len(fold.training)} photos, {chosen_on} sources"
                     + (f"; models {models}]" if models is not None else "; shipped models, nothing fitted on them]"))
        lines.extend(f"    {line}" for line in score.failures if failures)
    return lines


def fold_reader(mode: str, models: Path | None, lean: float) -> DigitReader:
    """The reader of ``mode``, with the models a fold chose without its held-out source when ``models`` is given."""
    named = get_reader(mode)
    if isinstance(named, BuiltinReader):
        named.lean = lean
    if models is None:
        return named
    if mode == "cnn":
        return CnnReader(mode, model=CnnModel(models / "cnn.onnx"))
    if not isinstance(named, BuiltinReader):
        raise ValueError(f"no fold models for the {mode} reader")
    context_file = models / "context.npz"
    context: "ContextModel | bool" = ContextModel.load(context_file) if context_file.exists() else False
    network_file = models / "cnn.onnx"  # the second opinion: the fold's network if it has one, else none
    second: "CnnModel | bool" = CnnModel(network_file) if network_file.exists() else False
    return BuiltinReader(mode, hand_model=DigitModel.load(models / "hand.npz"), tesseract=named.tesseract,
                         context=context, lean=lean, second_opinion=second)
