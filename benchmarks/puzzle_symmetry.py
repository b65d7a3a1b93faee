"""How many real puzzles place their givens symmetrically (a half turn about the centre), per source.

    python benchmarks/puzzle_symmetry.py

The figure behind ``ocr/symmetry.py``: for each puzzle, the share of its givens whose mirror cell (``80 - i``) holds
a given; a puzzle is symmetric when every given has one.  Reads the real-photo corpus's givens
(``tools/ocr_corpus/manifest.csv``, in the repository), Wicht train's ``.dat`` files and the puzzle lists of
``../shared/data`` (both beside the repository), and the sample lists the photo suite draws from.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "data"
sys.path.insert(0, str(REPO / "tools"))

from ocr_training.photo_suite import puzzle_pairs  # noqa: E402
from sudokuprint.ocr.symmetry import lone_givens  # noqa: E402


def line(name: str, puzzles: list[list[int]]) -> str:
    """A source's count of symmetric puzzles, of puzzles with at most 4 lone givens, and the median share."""
    lone = [len(lone_givens(p)) for p in puzzles]
    shares = sorted(1 - n / max(sum(1 for v in p if v), 1) for n, p in zip(lone, puzzles))
    return (f"{name:<40} puzzles={len(puzzles):<4} symmetric={sum(n == 0 for n in lone):<4} "
            f"1-4-lone={sum(0 < n <= 4 for n in lone):<3} median-share={shares[len(shares) // 2]:.2f}")


def digits(text: str) -> list[int]:
    return [int(v) for v in text.replace(".", "0")[:81]]


def main() -> None:
    rows = list(csv.DictReader((REPO / "tools" / "ocr_corpus" / "manifest.csv").open()))
    for source in sorted({row["source"] for row in rows}):
        print(line(f"corpus {source}", [digits(r["givens"]) for r in rows if r["source"] == source]))
    print(line("corpus, all sources", [digits(r["givens"]) for r in rows]))
    wicht = sorted((SHARED / "wicht" / "train").glob("*.dat"))
    print(line("Wicht train", [[int(v) for row in p.read_text().splitlines()[2:11] for v in row.split()]
                               for p in wicht]))
    print(line("samples/ (the photo suite's puzzles)", [digits(p) for p, _ in puzzle_pairs(REPO / "samples")]))
    for path in sorted((SHARED / "puzzles").glob("*.txt")):
        lines = [text.strip() for text in path.read_text().splitlines() if len(text.strip()) >= 81][:1000]
        if lines:
            print(line(f"{path.name} (first 1000)", [digits(text) for text in lines]))


if __name__ == "__main__":
    main()
