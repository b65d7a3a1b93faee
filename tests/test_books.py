"""Books in constant memory: pages are laid out and written one at a time, each page's stream
compressed as it is finished, so memory grows only by the compressed file, not by the pages."""

from __future__ import annotations

import tracemalloc
from dataclasses import replace

from sudokuprint.layout.template import load_template
from sudokuprint.publish import build_booklet, load_puzzles
from sudokuprint.render import render_pdf
from conftest import data_file


def test_memory_grows_by_a_few_kilobytes_a_puzzle_not_by_whole_pages():
    base = load_puzzles([str(data_file("puzzles", "easy50_pe96.txt"))], grade=False)
    template = load_template("booklet-a4-4up")
    render_pdf(build_booklet(base[:8], template))  # fonts parsed and caches filled before measuring
    peaks = {}
    for count in (40, 160):
        puzzles = [replace(base[i % 50], number=i + 1) for i in range(count)]
        tracemalloc.start()
        pdf = render_pdf(build_booklet(puzzles, template))
        peaks[count] = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert pdf.startswith(b"%PDF")
    per_puzzle = (peaks[160] - peaks[40]) / 120
    # a page held as drawing operators is ~40 KB (about 10 KB a puzzle); compressed, a puzzle costs ~4 KB
    assert per_puzzle < 8_000, per_puzzle
