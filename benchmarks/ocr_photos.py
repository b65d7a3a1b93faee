"""Score the photo reader on a folder of photos with ground truth (``imageN.jpg`` + ``imageN.dat``).

    python benchmarks/ocr_photos.py [../shared/data/wicht/train] [--readers builtin,tesseract,combined,auto] [--limit N]
                             [--perturb rotate:-10] [--perturb scale:0.5] ...
    python benchmarks/ocr_photos.py ../shared/data/wicht/train --readers builtin --one-core   # CPU s/photo, one thread
    python benchmarks/ocr_photos.py --by-source tools/ocr_corpus --readers builtin --one-core [--folds [--fold-models DIR]]

``--by-source DIR`` scores a real-photo corpus (``manifest.csv``: see
``tools/ocr_corpus/README.md``) per source and in total, with the figures of
the shared ``ocr-evaluation.md``; ``--folds`` reports each source held out
(leave-one-source-out), ``--fold-models DIR`` with each fold's models
(see :mod:`ocr_by_source`).

For each reader mode it prints: photos whose grid was found, cell accuracy
(a photo with no grid counts all 81 cells wrong), given recall and precision
(a given counts when its digit is right), photos read perfectly before and
after the solver check, and seconds per photo (median and mean).  The ``.dat``
grids are in the photos' raw pixel orientation, which the reader must find.

``--perturb SPEC`` (repeatable) scores copies of the photos changed in memory
(see :mod:`ocr.perturb`: ``rotate:DEG``, ``scale:F``, ``turn:DEG``, ``jpeg:Q``, ``bow:S``, ``bowcol:S``,
joined by ``+``); each photo is first turned upright by its EXIF tag, as the
reader would, and the expected reading stays the ``.dat`` grid (a quarter turn
is undone by the reader's orientation stage).

``--mixed`` scores a folder of the Wicht *mixed* photos (printed givens and
handwritten entries; ``--printed DIR``, default ``../train``, says which
digits are printed): a photo is perfect when the puzzle read is exactly its
printed givens (every given right, no handwritten digit taken as a given);
handwritten digits count as read right when reported as handwriting with the
right digit (the figure is also given for the reader's first choices, before the puzzle's solution
ranked the unclear readings: :func:`ocr.correct.rank_entry`).  ``--cross-validate DIR`` reads each photo with the handwriting
model of the fold that held it out (``python -m ocr_training.build_hand
--fold-models DIR``, and its context model when ``python -m ocr_training.build_context
--folds-dir DIR`` has put one there: without, no context model is used; for ``--readers cnn`` the fold's network, ``python -m
ocr_training.build_cnn --fold-models DIR``), so the figures are held-out ones; it applies to both
folders (a plain photo and its mixed twin share a fold).

``--suite DIR`` scores a synthetic photo suite made by
``python -m ocr_training.photo_suite DIR``: per setting, photos
read perfectly (the givens exactly; handwritten entries as written, when the
page has any; on a page of several grids, every grid in order, read with
``all=True``) and, for pages that are not a Sudoku, photos refused;
``--failures`` also counts, per setting, what went wrong in the photos not
read perfectly (grid not found, refused as not a Sudoku, a given taken as
handwriting or misread, handwriting taken as a given, missed or misread, an
empty cell read as a digit, or the solver check when every cell was right).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from collections import Counter
import time
from dataclasses import dataclass, field
from pathlib import Path

if "--one-core" in sys.argv:  # before numpy loads: its matrix products must not spread over other cores either
    for _threads in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(_threads, "1")

from PIL import Image, ImageOps  # noqa: E402

from sudokuprint.ocr.classifier import DigitModel  # noqa: E402
from sudokuprint.ocr.cnn import CnnModel, CnnReader  # noqa: E402
from sudokuprint.ocr.context import LEAN_TO_HAND, ContextModel  # noqa: E402
from sudokuprint.ocr.perturb import parse, perturb  # noqa: E402
from sudokuprint.ocr.builtin_reader import BuiltinReader  # noqa: E402
from sudokuprint.ocr.pipeline import ScanResult, scan  # noqa: E402
from sudokuprint.ocr.readers import DigitReader, get_reader, reader_names  # noqa: E402
from ocr_training.build_hand import fold_of  # noqa: E402
from ocr_training.corpus import CorpusError  # noqa: E402
sys.path.insert(0, str(Path(__file__).resolve().parent))
from ocr_by_source import by_source, fold_reader, held_out  # noqa: E402
from sudokuprint.errors import NoGridError  # noqa: E402

clock = time.perf_counter
"""What a photo's seconds are measured with: wall time, or with ``--one-core`` this process's CPU time."""

DEFAULT_FOLDER = Path(__file__).resolve().parents[2] / "shared" / "data" / "wicht" / "train"


def read_truth(path: Path) -> list[int]:
    """The 81 digits of a ``.dat`` file (lines 3-11), 0 = empty."""
    lines = path.read_text().splitlines()[2:11]
    values = [int(v) for line in lines for v in line.split()]
    if len(values) != 81:
        raise ValueError(f"{path}: expected 81 digits, found {len(values)}")
    return values


@dataclass
class Score:
    photos: int = 0
    found: int = 0
    cells: int = 0
    cells_right: int = 0
    true_givens: int = 0
    read_givens: int = 0
    givens_right: int = 0
    perfect_raw: int = 0
    perfect_checked: int = 0
    corrected_photos: int = 0
    hand_cells: int = 0
    hand_right: int = 0
    hand_right_reader: int = 0
    hand_as_given: int = 0
    givens_as_hand: int = 0
    seconds: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    def add(self, name: str, truth: list[int], raw: list[int] | None, checked: list[int] | None, seconds: float, corrections: int) -> None:
        self.photos += 1
        self.seconds.append(seconds)
        self.cells += 81
        self.true_givens += sum(1 for v in truth if v)
        if checked is None or raw is None:
            self.failures.append(f"{name}: no grid")
            return
        self.found += 1
        self.cells_right += sum(1 for t, v in zip(truth, checked) if t == v)
        self.read_givens += sum(1 for v in checked if v)
        self.givens_right += sum(1 for t, v in zip(truth, checked) if t and t == v)
        self.perfect_raw += raw == truth
        self.perfect_checked += checked == truth
        self.corrected_photos += corrections > 0
        if checked != truth:
            wrong = [f"r{i // 9 + 1}c{i % 9 + 1}:{t}->{v}" for i, (t, v) in enumerate(zip(truth, checked)) if t != v]
            self.failures.append(f"{name}: " + " ".join(wrong[:8]) + (" ..." if len(wrong) > 8 else ""))

    def add_hand(self, every: list[int], printed: list[int], result: ScanResult | None) -> None:
        """Score the handwritten cells of a mixed photo (``every`` = all its digits, ``printed`` = the givens)."""
        hand = [i for i in range(81) if every[i] and not printed[i]]
        self.hand_cells += len(hand)
        if result is None:
            return
        written = {e.cell: e.digit for e in result.entries}
        self.hand_right += sum(1 for i in hand if written.get(i) == every[i])
        # the reader's own first choices, before the solution ranked the unclear ones
        own = {e.cell: e.unclear if e.unclear is not None else e.digit for e in result.entries}
        self.hand_right_reader += sum(1 for i in hand if own.get(i) == every[i])
        self.hand_as_given += sum(1 for i in hand if result.grid.values[i])
        self.givens_as_hand += sum(1 for i in range(81) if printed[i] and i in written)

    def report(self, mode: str) -> str:
        pct = lambda a, b: 100.0 * a / b if b else 0.0  # noqa: E731
        return (
            f"{mode:<10} photos={self.photos} found={self.found} ({pct(self.found, self.photos):.1f}%) "
            f"cell-accuracy={pct(self.cells_right, self.cells):.3f}% "
            f"given-recall={pct(self.givens_right, self.true_givens):.2f}% "
            f"given-precision={pct(self.givens_right, self.read_givens):.2f}% "
            f"perfect-raw={self.perfect_raw} ({pct(self.perfect_raw, self.photos):.1f}%) "
            f"perfect-checked={self.perfect_checked} ({pct(self.perfect_checked, self.photos):.1f}%) "
            f"corrected-photos={self.corrected_photos} "
            + (f"handwritten-right={self.hand_right}/{self.hand_cells} ({pct(self.hand_right, self.hand_cells):.2f}%; "
               f"reader's first choice {pct(self.hand_right_reader, self.hand_cells):.2f}%) "
               f"handwritten-taken-as-given={self.hand_as_given} givens-taken-as-handwritten={self.givens_as_hand} "
               if self.hand_cells else "")
            + f"s/photo median={statistics.median(self.seconds):.3f} mean={statistics.mean(self.seconds):.3f}"
        )


def failure_kinds(result: ScanResult, givens: list[int], hand: list[int]) -> set[str]:
    """What went wrong in a suite photo's cells (``givens``/``hand``: the printed and handwritten truth)."""
    kinds = set()
    for cell in result.cells:
        given, written = givens[cell.index], hand[cell.index]
        if given:
            kinds.add("" if cell.digit == given and not cell.is_handwritten else
                      "given missed" if cell.digit == 0 else
                      "given taken as handwriting" if cell.is_handwritten else "printed digit misread")
        elif written:
            kinds.add("" if cell.digit == written and cell.is_handwritten else
                      "handwriting missed" if cell.digit == 0 else
                      "handwriting taken as given" if not cell.is_handwritten else "handwriting misread")
        elif cell.digit:
            kinds.add("empty cell (pencil marks, noise) read as a digit")
    kinds.discard("")
    for entry in result.entries:  # an unclear reading the puzzle's solution ranked (ocr.correct.rank_entry)
        if entry.unclear is not None and hand[entry.cell] and entry.digit != hand[entry.cell]:
            kinds.add("unclear handwriting taken for the solution's digit")
    return kinds or {"solver check"}


def score_suite(folder: Path, mode: str, failures: bool = False, lean: float = LEAN_TO_HAND) -> list[str]:
    """One line per setting of a photo suite, then the totals (see the module's docstring); with ``failures``,
    each setting's photos not read perfectly counted by what went wrong (a photo may count under several)."""
    rows: dict[str, list[int]] = {}  # setting -> [photos, found, perfect givens, perfect with handwriting, refused]
    kinds: dict[str, Counter[str]] = {}
    names: dict[str, list[str]] = {}  # setting -> "photo: kinds" of each photo not read perfectly
    seconds: list[float] = []
    for photo in sorted(folder.glob("*.jpg")):
        setting = photo.stem.rsplit("-", 1)[0]
        row = rows.setdefault(setting, [0, 0, 0, 0, 0])
        wrong = kinds.setdefault(setting, Counter())
        row[0] += 1
        started = clock()
        every = photo.with_suffix(".all")
        try:
            if every.exists():  # a page of several grids: every one read, the main one first
                results = scan(photo, reader=_reader(photo, mode, None, lean), all=True)
                seconds.append(clock() - started)
                row[1] += 1
                right = [r.grid.to_string().replace(".", "0") for r in results] == every.read_text().split()
                row[2] += right
                row[3] += right
                if not right:
                    wrong["grids read wrong or missing"] += 1
                    names.setdefault(setting, []).append(f"{photo.name}: grids read wrong or missing")
                continue
            result = scan(photo, reader=_reader(photo, mode, None, lean))
        except NoGridError as error:
            row[4] += 1
            seconds.append(clock() - started)
            if photo.with_suffix(".dat").exists():
                kind = "refused as not a Sudoku" if error.reason == "not-sudoku" else "grid not found"
                wrong[kind] += 1
                names.setdefault(setting, []).append(f"{photo.name}: {kind}")
            continue
        seconds.append(clock() - started)
        row[1] += 1
        dat = photo.with_suffix(".dat")
        if not dat.exists():
            continue
        truth = read_truth(dat)
        givens_right = list(result.grid.values) == truth
        row[2] += givens_right
        hand = photo.with_suffix(".hand")
        written_truth = read_truth(hand) if hand.exists() else [0] * 81
        written = {e.cell: e.digit for e in result.entries}
        complete = givens_right and written == {i: v for i, v in enumerate(written_truth) if v}
        row[3] += complete
        if not complete:
            found_kinds = failure_kinds(result, truth, written_truth)
            wrong.update(found_kinds)
            names.setdefault(setting, []).append(f"{photo.name}: {', '.join(sorted(found_kinds))}")
    lines = []
    for setting, (photos, found, perfect, complete, refused) in rows.items():
        if setting.startswith("not-"):
            lines.append(f"suite {setting:<16} photos={photos} refused={refused}/{photos}")
        else:
            lines.append(f"suite {setting:<16} photos={photos} found={found} perfect-givens={perfect}/{photos} "
                         f"({100.0 * perfect / photos:.0f}%) perfect-with-handwriting={complete}/{photos}")
        if failures and kinds[setting]:
            lines.append("    failures: " + ", ".join(f"{kind}={count}" for kind, count in kinds[setting].most_common()))
            lines.extend(f"      {name}" for name in names.get(setting, []))
    if seconds:
        lines.append(f"suite s/photo median={statistics.median(seconds):.3f} mean={statistics.mean(seconds):.3f}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, nargs="?", default=DEFAULT_FOLDER)
    parser.add_argument("--readers", default="builtin,tesseract,combined,auto",
                        help=f"comma-separated reader modes among {', '.join(reader_names())}")
    parser.add_argument("--limit", type=int, default=None, help="score only the first N photos (sorted by name)")
    parser.add_argument("--failures", action="store_true", help="list every photo not read perfectly")
    parser.add_argument("--perturb", action="append", default=None, metavar="SPEC",
                        help="score perturbed copies, e.g. rotate:-10, scale:0.5, turn:90, jpeg:40, bow:0.06 "
                             "(repeatable; none = as taken)")
    parser.add_argument("--mixed", action="store_true",
                        help="the folder holds mixed photos (.dat = all digits); --printed says which are printed")
    parser.add_argument("--printed", type=Path, default=None, help="printed givens of mixed photos (default ../train)")
    parser.add_argument("--cross-validate", type=Path, default=None, metavar="DIR",
                        help="read each photo with its held-out fold's handwriting model from DIR")
    parser.add_argument("--suite", type=Path, default=None, metavar="DIR",
                        help="score a synthetic photo suite (python -m ocr_training.photo_suite DIR)")
    parser.add_argument("--lean", type=float, default=LEAN_TO_HAND, metavar="LOGODDS",
                        help=f"the built-in readers' lean to handwriting, in log odds (default {LEAN_TO_HAND}, the "
                             "reader's; 0: none)")
    parser.add_argument("--one-core", action="store_true",
                        help="time each photo as CPU seconds with OpenCV and numpy's BLAS on one thread (issue 13's "
                             "'on one core')")
    parser.add_argument("--by-source", type=Path, default=None, metavar="DIR",
                        help="score a real-photo corpus (DIR/manifest.csv, e.g. tools/ocr_corpus) per source")
    parser.add_argument("--folds", action="store_true",
                        help="with --by-source: report each source held out (leave-one-source-out)")
    parser.add_argument("--fold-models", type=Path, default=None, metavar="DIR",
                        help="with --folds: read each held-out source with DIR/<source>/hand.npz (context.npz, "
                             "cnn.onnx), chosen without it")
    args = parser.parse_args(argv)
    if (args.folds or args.fold_models) and args.by_source is None:
        parser.error("--folds and --fold-models go with --by-source DIR")
    if args.one_core:
        import cv2

        global clock
        cv2.setNumThreads(1)
        clock = time.process_time
    if args.by_source is not None:
        for mode in args.readers.split(","):
            print(f"reader {mode}:", flush=True)
            try:
                if args.folds or args.fold_models:
                    lines = held_out(args.by_source, lambda photo, models: fold_reader(mode, models, args.lean),
                                     clock, args.fold_models, args.limit, args.failures)
                else:
                    lines = by_source(args.by_source, lambda photo: fold_reader(mode, None, args.lean), clock,
                                      args.limit, args.failures)
            except (CorpusError, FileNotFoundError) as error:
                print(f"ocr_photos.py: {error}", file=sys.stderr)
                return 2
            for line in lines:
                print(line, flush=True)
        return 0
    if args.suite is not None:
        for mode in args.readers.split(","):
            for line in score_suite(args.suite, mode, args.failures, args.lean):
                print(line, flush=True)
        return 0
    perturbations = [None if spec in (None, "none") else spec for spec in args.perturb or [None]]
    for spec in perturbations:
        if spec is not None:
            try:
                parse(spec)
            except ValueError as error:
                parser.error(str(error))
    photos = sorted(p for p in args.folder.iterdir() if p.suffix.lower() in (".jpg", ".jpeg", ".png") and p.with_suffix(".dat").exists())
    photos = photos[: args.limit]
    printed_dir = (args.printed or args.folder.parent / "train") if args.mixed else None
    if printed_dir is not None:
        photos = [p for p in photos if (printed_dir / p.with_suffix(".dat").name).exists()]
    if not photos:
        print(f"no photo with a .dat file in {args.folder}", file=sys.stderr)
        return 1
    for spec in perturbations:
        for mode in args.readers.split(","):
            score = _score(photos, mode, spec, printed_dir, args.cross_validate, args.lean)
            label = mode if spec is None else f"{mode} [{spec}]"
            print(score.report(label), flush=True)
            if args.failures:
                for line in score.failures:
                    print(f"  {line}")
    return 0


def _perturbed(photo: Path, spec: str) -> Image.Image:
    with Image.open(photo) as image:
        return perturb(ImageOps.exif_transpose(image), spec)


def _reader(photo: Path, mode: str, folds: Path | None, lean: float = LEAN_TO_HAND) -> DigitReader:
    """The reader of a mode (a built-in one leaning to handwriting by ``lean``), with its held-out fold's models
    when cross-validating."""
    if folds is not None and mode == "cnn":
        count = len(list(folds.glob("cnn-fold*.onnx")))
        return CnnReader(mode, model=CnnModel(folds / f"cnn-fold{fold_of(photo.name, count)}.onnx"))
    named = get_reader(mode)
    if isinstance(named, BuiltinReader):
        named.lean = lean
    if folds is None:
        return named
    assert isinstance(named, BuiltinReader), f"no fold models for the {mode} reader"
    count = len(list(folds.glob("hand-fold*.npz")))
    fold = fold_of(photo.name, count)
    model = DigitModel.load(folds / f"hand-fold{fold}.npz")
    # the fold's context model when there is one; the shipped one learnt from every photo, so none otherwise
    context_file = folds / f"context-fold{fold}.npz"
    context: "ContextModel | bool" = ContextModel.load(context_file) if context_file.exists() else False
    # the second opinion likewise: the fold's network (build_cnn --fold-models into the same DIR), else none
    network_file = folds / f"cnn-fold{fold}.onnx"
    second: "CnnModel | bool" = CnnModel(network_file) if network_file.exists() else False
    return BuiltinReader(mode, hand_model=model, tesseract=named.tesseract, context=context, lean=lean,
                         second_opinion=second)


def _score(photos: list[Path], mode: str, spec: str | None, printed_dir: Path | None = None,
           folds: Path | None = None, lean: float = LEAN_TO_HAND) -> Score:
    """Score one reader mode on the photos, perturbed by ``spec`` (the perturbation is not timed)."""
    score = Score()
    for photo in photos:
        every = read_truth(photo.with_suffix(".dat"))
        truth = read_truth(printed_dir / photo.with_suffix(".dat").name) if printed_dir is not None else every
        source = photo if spec is None else _perturbed(photo, spec)
        reader = _reader(photo, mode, folds, lean)
        started = clock()
        try:
            result = scan(source, reader=reader)
        except NoGridError:
            score.add(photo.name, truth, None, None, clock() - started, 0)
            if printed_dir is not None:
                score.add_hand(every, truth, None)
            continue
        score.add(photo.name, truth, list(result.read), list(result.grid.values), clock() - started,
                  len(result.corrections))
        if printed_dir is not None:
            score.add_hand(every, truth, result)
    return score


if __name__ == "__main__":
    sys.exit(main())
