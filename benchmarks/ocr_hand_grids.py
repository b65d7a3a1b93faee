"""Handwriting from a source the reader never learned from: grids filled in by hand, cell by cell (issue 27).

    python benchmarks/ocr_hand_grids.py [tools/ocr_corpus/hand_grids.csv] [--failures]

The photos of ``tools/ocr_corpus/hand_grids.csv`` (Donshel/sudoku-database, MIT: empty printed grids filled in with
random digits by several people, in black and blue ballpoint, marker and pencil, photographed with three phones) have
no printed givens and are not Sudokus, so ``scan`` would rightly refuse them; this script measures the stages they
exercise: the grid found (``find_grids``), each written cell found to hold a digit (``grid_cells``), its digit read
by the reader and its style called handwriting (the reader's own handwriting probability at least
``ocr.result.HANDWRITTEN``).  Nothing here was chosen on these photos.  Prints, per camera and in all: grids found,
digits found, read right, called handwriting, and empty cells taken for a digit.
"""

from __future__ import annotations

import argparse
import csv
import sys
from collections import defaultdict
from dataclasses import dataclass, field, fields
from pathlib import Path

import numpy as np

from sudokuprint.errors import NoGridError
from sudokuprint.ocr.grid_cells import grid_cells
from sudokuprint.ocr.readers import get_reader
from sudokuprint.ocr.result import HANDWRITTEN

MANIFEST = Path(__file__).resolve().parent.parent / "tools" / "ocr_corpus" / "hand_grids.csv"


@dataclass
class Tally:
    """Counts over some photos."""

    photos: int = 0
    found: int = 0
    digits: int = 0
    digits_found: int = 0
    right: int = 0
    handwriting: int = 0
    empties: int = 0
    invented: int = 0
    failures: list[str] = field(default_factory=list)

    def add(self, other: "Tally") -> None:
        """Add ``other``'s counts (not its failures) to these."""
        for count in fields(self):
            if count.name != "failures":
                setattr(self, count.name, getattr(self, count.name) + getattr(other, count.name))

    def line(self, label: str) -> str:
        def share(part: int, whole: int) -> str:
            return f"{part}/{whole} ({100 * part / whole:.1f}%)" if whole else f"{part}/0"
        return (f"{label:16} photos={self.photos} grid={share(self.found, self.photos)} "
                f"digits-found={share(self.digits_found, self.digits)} read-right={share(self.right, self.digits)} "
                f"called-handwriting={share(self.handwriting, self.digits)} "
                f"empty-taken-for-digit={share(self.invented, self.empties)}")


def score(photo: Path, digits: str, reader: str) -> Tally:
    """One photo against its labels (81 characters, ``0`` empty)."""
    tally = Tally(photos=1)
    truth = [int(c) for c in digits]
    tally.digits = sum(1 for d in truth if d)
    tally.empties = 81 - tally.digits
    try:
        found = grid_cells(photo)
    except NoGridError as error:
        tally.failures.append(f"{photo.name}: no grid ({error})")
        return tally
    tally.found = 1
    cells = found.upright()
    reading = get_reader(reader).read(cells) if cells else None
    wrong = []
    for number, cell in enumerate(cells):
        assert reading is not None
        digit = int(np.argmax(reading.probabilities[number][1:])) + 1
        if not truth[cell.index]:
            tally.invented += 1
            wrong.append(f"r{cell.index // 9 + 1}c{cell.index % 9 + 1} empty read {digit}")
            continue
        tally.digits_found += 1
        tally.right += digit == truth[cell.index]
        tally.handwriting += float(reading.handwritten[number]) >= HANDWRITTEN
        if digit != truth[cell.index]:
            wrong.append(f"r{cell.index // 9 + 1}c{cell.index % 9 + 1} {truth[cell.index]} read {digit}")
    missed = sum(1 for d in truth if d) - tally.digits_found
    if wrong or missed:
        tally.failures.append(f"{photo.name}: {missed} digits not found; " + "; ".join(wrong))
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("manifest", nargs="?", type=Path, default=MANIFEST)
    parser.add_argument("--reader", default="builtin")
    parser.add_argument("--failures", action="store_true", help="list each photo's misread cells")
    args = parser.parse_args(argv)
    if not args.manifest.is_file():
        parser.error(f"{args.manifest}: no such file (a CSV with file and digits columns, as "
                     "tools/ocr_corpus/hand_grids.csv)")
    by_camera: dict[str, Tally] = defaultdict(Tally)
    total = Tally()
    with args.manifest.open(newline="") as stream:
        rows = list(csv.DictReader(stream))
    for row in rows:
        tally = score(args.manifest.parent / row["file"], row["digits"], args.reader)
        by_camera[row["camera"]].add(tally)
        total.add(tally)
        if args.failures:
            for failure in tally.failures:
                print("   ", failure)
    for camera, tally in sorted(by_camera.items()):
        print(tally.line(camera))
    print(total.line("all photos"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
