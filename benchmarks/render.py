"""Rendering benchmark: a 100-puzzle booklet (4-up, A4) with a 12-up answer key.

Prints seconds to read, check and grade the puzzles, to lay out the pages, to
render the PDF, and to render every page as a 300-DPI PNG, and the PDF size.
Goals on 2 cores: PDF under 1.5 s and under 400 KB.

    python benchmarks/render.py [--puzzles FILE] [--count 100] [--dpi 300]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

from sudokuprint.layout.template import load_template  # noqa: E402
from sudokuprint.publish import build_booklet, load_puzzles  # noqa: E402
from sudokuprint.render import png_bytes, render_pdf  # noqa: E402

DEFAULT_PUZZLES = REPO.parent / "shared" / "data" / "puzzles" / "sudoku17_royle_49151.txt"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", default=str(DEFAULT_PUZZLES))
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--dpi", type=int, default=300)
    args = parser.parse_args()

    started = time.perf_counter()
    puzzles = load_puzzles([args.puzzles], limit=args.count)
    loaded = time.perf_counter()
    document = build_booklet(puzzles, load_template("booklet-a4-4up"), title="Benchmark",
                             answer_template=load_template("answers-a4-12up"))
    laid_out = time.perf_counter()
    pdf = render_pdf(document)
    rendered = time.perf_counter()
    png_total = sum(len(png_bytes(page, args.dpi)) for page in document.pages)
    pngs = time.perf_counter()

    print(f"puzzles: {len(puzzles)} from {Path(args.puzzles).name}; pages: {len(document.pages)}")
    print(f"read + check unique + grade: {loaded - started:.2f} s")
    print(f"layout (page model):         {laid_out - loaded:.2f} s")
    print(f"PDF render:                  {rendered - laid_out:.2f} s")
    print(f"PDF total (layout + render): {rendered - loaded:.2f} s   (goal < 1.5 s)")
    print(f"PDF size:                    {len(pdf) / 1024:.0f} KB   (goal < 400 KB)")
    print(f"PNG {args.dpi} DPI, all pages:     {pngs - rendered:.2f} s   ({png_total / 1024:.0f} KB in all)")


if __name__ == "__main__":
    main()
