"""Book benchmark: a whole paperback (interior and cover, preflighted, PDF/X) for KDP and IngramSpark.

For each printer and each page count asked for, the fewest puzzles of the
file (repeated when the book needs more than it holds) that make a book of
at least that many pages are checked and graded once; then it prints the
book's page count, the seconds to plan it, to draw and preflight the
interior and the cover and to make both PDF/X, the files' sizes, the cover's
size and spine, and whether everything passed.

    python benchmarks/book.py [--puzzles FILE] [--pages 24,100,300,828]
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace
from pathlib import Path

from sudokuprint.publish import load_puzzles
from sudokuprint.publish.book import BookOptions, build_book, render_book

REPO = Path(__file__).resolve().parents[1]
DEFAULT_PUZZLES = REPO.parent / "shared" / "data" / "puzzles" / "easy50_pe96.txt"


def options(spec: str, notes: int) -> BookOptions:
    return BookOptions(spec=spec, title="Benchmark", author="sudokuprint", notes=notes, force=True)


def fill(base: list, spec: str, target: int) -> tuple[int, int]:
    """The fewest puzzles (and notes pages, 0-4) that make a book of exactly ``target`` pages, else of the
    fewest pages over it (planning is cheap: nothing is drawn)."""
    best: tuple[int, int, int] | None = None
    for notes in (2, 1, 0, 3, 4):
        low, high = 1, target * 4
        while low < high:
            middle = (low + high) // 2
            puzzles = [replace(base[i % len(base)], number=i + 1) for i in range(middle)]
            if build_book(puzzles, options(spec, notes)).pages < target:
                low = middle + 1
            else:
                high = middle
        pages = build_book([replace(base[i % len(base)], number=i + 1) for i in range(low)], options(spec, notes)).pages
        if pages == target:
            return low, notes
        if best is None or pages < best[0]:
            best = (pages, low, notes)
    assert best is not None
    return best[1], best[2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--puzzles", default=str(DEFAULT_PUZZLES))
    parser.add_argument("--pages", default="24,100,300,828")
    args = parser.parse_args()
    started = time.perf_counter()
    base = load_puzzles([args.puzzles])
    print(f"{len(base)} puzzles read, checked and graded in {time.perf_counter() - started:.2f} s ({args.puzzles})")
    print(f"{'printer':<12} {'pages':>5} {'puzzles':>7} {'plan s':>7} {'render+preflight+PDF/X s':>25} "
          f"{'interior KB':>11} {'cover KB':>8} {'cover in':>16} {'spine in':>8}")
    for spec in ("kdp", "ingramspark"):
        for target in (int(p) for p in args.pages.split(",")):
            count, notes = fill(base, spec, target)
            planned = time.perf_counter()
            puzzles = [replace(base[i % len(base)], number=i + 1) for i in range(count)]
            made = build_book(puzzles, options(spec, notes))
            plan_seconds = time.perf_counter() - planned
            drawing = time.perf_counter()
            interior, cover, _ = render_book(made)
            draw_seconds = time.perf_counter() - drawing
            geometry = made.geometry
            print(f"{spec:<12} {made.pages:>5} {count:>7} {plan_seconds:>7.2f} {draw_seconds:>25.2f} "
                  f"{len(interior) // 1024:>11} {len(cover) // 1024:>8} "
                  f"{geometry.width / 72:>7.3f} x {geometry.height / 72:.3f} {geometry.spine / 72:>8.4f}")


if __name__ == "__main__":
    main()
