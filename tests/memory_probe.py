"""Measures a booklet's peak memory in a fresh process (``python memory_probe.py PUZZLES COUNT...``), so the figure
depends on the booklet alone, not on what earlier tests of the same pytest worker left in memory or in caches.
Prints one JSON object: puzzle count -> traced peak bytes while laying out and rendering that many puzzles."""

from __future__ import annotations

import gc
import json
import sys
import tracemalloc
from dataclasses import replace

from sudokuprint.layout.template import load_template
from sudokuprint.publish import build_booklet, load_puzzles
from sudokuprint.render import render_pdf


def peaks(puzzle_file: str, counts: list[int]) -> dict[int, int]:
    """Traced peak bytes of a 4-up A4 booklet of each count of puzzles (taken in turn from ``puzzle_file``)."""
    base = load_puzzles([puzzle_file], grade=False)
    template = load_template("booklet-a4-4up")
    render_pdf(build_booklet(base[:8], template))  # fonts parsed and caches filled before measuring
    measured = {}
    for count in counts:
        puzzles = [replace(base[i % len(base)], number=i + 1) for i in range(count)]
        gc.collect()
        tracemalloc.start()
        pdf = render_pdf(build_booklet(puzzles, template))
        measured[count] = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert pdf.startswith(b"%PDF")
    return measured


if __name__ == "__main__":
    print(json.dumps(peaks(sys.argv[1], [int(count) for count in sys.argv[2:]])))
