"""Rendering benchmark: a 100-puzzle booklet (4-up, A4) with a 12-up answer key, and books in constant memory.

Prints seconds to read, check and grade the puzzles, to lay out the pages, to
render the PDF, and to render every page as a 300-DPI PNG, and the PDF size.
Goals on 2 cores: PDF under 1.5 s and under 400 KB.

Then, for books of 1,000 and 5,000 puzzles with their key (each made in a
fresh process, as ``sudokuprint booklet FILE -o book.pdf`` does, without the
logic engine's grading), the peak memory of the process (``ru_maxrss``) and
the seconds per 1,000 puzzles: pages are laid out and written one at a time,
so memory must not grow with the book (goal: at most 120 MB at 5,000) and
time must grow linearly.

    python benchmarks/render.py [--puzzles FILE] [--count 100] [--dpi 300] [--books 1000,5000]
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

from sudokuprint.layout.template import load_template  # noqa: E402
from sudokuprint.publish import build_booklet, load_puzzles  # noqa: E402
from sudokuprint.render import png_bytes, render_pdf  # noqa: E402

DEFAULT_PUZZLES = REPO.parent / "shared" / "data" / "puzzles" / "sudoku17_royle_49151.txt"


def book_run(puzzles_file: str, count: int) -> None:
    """One book of ``count`` puzzles written to a temporary PDF; prints seconds, pages, size and peak memory."""
    from sudokuprint.publish import write_document

    started = time.perf_counter()
    puzzles = load_puzzles([puzzles_file], limit=count, grade=False)
    loaded = time.perf_counter()
    cpu = time.process_time()
    document = build_booklet(puzzles, load_template("booklet-a4-4up"), title="Benchmark")
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "book.pdf"
        write_document(document, target)
        size = target.stat().st_size
    done = time.perf_counter()
    cpu = time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kilobytes on Linux
    print(f"{count} {len(document.pages)} {loaded - started:.2f} {done - loaded:.2f} {cpu:.2f} {size} {peak:.1f}")


def books(puzzles_file: str, counts: list[int]) -> None:
    """Peak memory and time of books of each size, each in its own process."""
    print(f"books in constant memory (booklet-a4-4up + answers-a4-12up, {Path(puzzles_file).name}, ungraded):")
    print(f"  {'puzzles':>7} {'pages':>6} {'read s':>7} {'book s':>7} {'CPU s':>7} {'CPU s/1000':>10} {'PDF MB':>7} "
          f"{'peak MB':>8}")
    for count in counts:
        output = subprocess.run([sys.executable, __file__, "--book-run", str(count), "--puzzles", puzzles_file],
                                check=True, capture_output=True, text=True).stdout.split()
        _, pages, read, book, cpu, size, peak = output
        per = float(cpu) / count * 1000
        print(f"  {count:>7} {pages:>6} {read:>7} {book:>7} {cpu:>7} {per:>10.2f} {int(size) / 1e6:>7.1f} "
              f"{float(peak):>8.1f}"
              f"{'   (goal <= 120 MB)' if count >= 5000 else ''}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", default=str(DEFAULT_PUZZLES))
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--dpi", type=int, default=300)
    parser.add_argument("--books", default="1000,5000", help="Sizes of the constant-memory runs ('' for none).")
    parser.add_argument("--book-run", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.book_run:
        book_run(args.puzzles, args.book_run)
        return

    started = time.perf_counter()
    puzzles = load_puzzles([args.puzzles], limit=args.count)
    loaded = time.perf_counter()
    document = build_booklet(puzzles, load_template("booklet-a4-4up"), title="Benchmark",
                             answer_template=load_template("answers-a4-12up"))
    laid_out = time.perf_counter()
    cpu = time.process_time()
    pdf = render_pdf(document)
    rendered = time.perf_counter()
    cpu = time.process_time() - cpu
    png_total = sum(len(png_bytes(page, args.dpi)) for page in document.pages)
    pngs = time.perf_counter()

    print(f"puzzles: {len(puzzles)} from {Path(args.puzzles).name}; pages: {len(document.pages)}")
    print(f"read + check unique + grade: {loaded - started:.2f} s")
    print(f"layout (page model):         {laid_out - loaded:.2f} s")
    print(f"PDF render:                  {rendered - laid_out:.2f} s")
    print(f"PDF total (layout + render): {rendered - loaded:.2f} s   (goal < 1.5 s; {cpu:.2f} s of CPU: "
          "pages are laid out as they are rendered)")
    print(f"PDF size:                    {len(pdf) / 1024:.0f} KB   (goal < 400 KB)")
    print(f"PNG {args.dpi} DPI, all pages:     {pngs - rendered:.2f} s   ({png_total / 1024:.0f} KB in all)")
    if args.books:
        books(args.puzzles, [int(n) for n in args.books.split(",")])


if __name__ == "__main__":
    main()
