"""Score the photo reader on a folder of photos with ground truth (``imageN.jpg`` + ``imageN.dat``).

    python benchmarks/ocr.py [../shared/data/wicht/train] [--readers builtin,tesseract,combined,auto] [--limit N]
                             [--perturb rotate:-10] [--perturb scale:0.5] ...

For each reader mode it prints: photos whose grid was found, cell accuracy
(a photo with no grid counts all 81 cells wrong), given recall and precision
(a given counts when its digit is right), photos read perfectly before and
after the solver check, and seconds per photo (median and mean).  The ``.dat``
grids are in the photos' raw pixel orientation, which the reader must find.

``--perturb SPEC`` (repeatable) scores copies of the photos changed in memory
(see :mod:`ocr.perturb`: ``rotate:DEG``, ``scale:F``, ``turn:DEG``, ``jpeg:Q``,
joined by ``+``); each photo is first turned upright by its EXIF tag, as the
reader would, and the expected reading stays the ``.dat`` grid (a quarter turn
is undone by the reader's orientation stage).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path


from PIL import Image, ImageOps  # noqa: E402

from sudokuprint.ocr.perturb import parse, perturb  # noqa: E402
from sudokuprint.ocr.pipeline import READERS, scan  # noqa: E402
from sudokuprint.errors import NoGridError  # noqa: E402

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
            f"s/photo median={statistics.median(self.seconds):.3f} mean={statistics.mean(self.seconds):.3f}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, nargs="?", default=DEFAULT_FOLDER)
    parser.add_argument("--readers", default="builtin,tesseract,combined,auto",
                        help=f"comma-separated reader modes among {', '.join(READERS)}")
    parser.add_argument("--limit", type=int, default=None, help="score only the first N photos (sorted by name)")
    parser.add_argument("--failures", action="store_true", help="list every photo not read perfectly")
    parser.add_argument("--perturb", action="append", default=None, metavar="SPEC",
                        help="score perturbed copies, e.g. rotate:-10, scale:0.5, turn:90, jpeg:40 (repeatable; none = as taken)")
    args = parser.parse_args(argv)
    perturbations = [None if spec in (None, "none") else spec for spec in args.perturb or [None]]
    for spec in perturbations:
        if spec is not None:
            try:
                parse(spec)
            except ValueError as error:
                parser.error(str(error))
    photos = sorted(p for p in args.folder.iterdir() if p.suffix.lower() in (".jpg", ".jpeg", ".png") and p.with_suffix(".dat").exists())
    photos = photos[: args.limit]
    if not photos:
        print(f"no photo with a .dat file in {args.folder}", file=sys.stderr)
        return 1
    for spec in perturbations:
        for mode in args.readers.split(","):
            score = _score(photos, mode, spec)
            label = mode if spec is None else f"{mode} [{spec}]"
            print(score.report(label), flush=True)
            if args.failures:
                for line in score.failures:
                    print(f"  {line}")
    return 0


def _perturbed(photo: Path, spec: str) -> Image.Image:
    with Image.open(photo) as image:
        return perturb(ImageOps.exif_transpose(image), spec)


def _score(photos: list[Path], mode: str, spec: str | None) -> Score:
    """Score one reader mode on the photos, perturbed by ``spec`` (the perturbation is not timed)."""
    score = Score()
    for photo in photos:
        truth = read_truth(photo.with_suffix(".dat"))
        source = photo if spec is None else _perturbed(photo, spec)
        started = time.perf_counter()
        try:
            result = scan(source, readers=mode)
        except NoGridError:
            score.add(photo.name, truth, None, None, time.perf_counter() - started, 0)
            continue
        score.add(photo.name, truth, list(result.read), list(result.grid.values), time.perf_counter() - started,
                  len(result.corrections))
    return score


if __name__ == "__main__":
    sys.exit(main())
