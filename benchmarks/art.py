"""Pattern-art benchmark: time to fill each library motif, and to build an A2 mosaic of 48 tiles.

    python benchmarks/art.py [--seeds 3] [--picture samples/newspaper-photo.jpg] [--no-mosaic]

Prints (solver backend named first):
- for every motif of the library: its givens and the median and worst seconds
  the pattern generator takes to fill it with a unique puzzle over ``--seeds``
  seeds (ungraded), and the worst over the whole library;
- the seconds to build the A2 mosaic (template ``mosaic-a2``: 6 x 8 = 48 tiles)
  of ``--picture``: generating every tile and laying out both pages; how many
  tiles needed the fallback.
Every puzzle made is checked to have one solution and its givens exactly on
the pattern; a wrong one makes the script exit non-zero.
Goal: every motif filled in a few seconds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from PIL import Image

from sudokuprint.generator import PatternSearch, fill_pattern
from sudokuprint.layout.template import load_template
from sudokuprint.patterns import library_motif, motif_names
from sudokuprint.publish.mosaic import build_mosaic, generate_mosaic
from sudokuprint.solver import active_backend, count_solutions

ROOT = Path(__file__).resolve().parents[1]


def fill_times(seeds: int) -> list[tuple[str, int, float, float, float]]:
    """(name, givens, median s, worst s, total s) for every library motif."""
    rows = []
    for name in motif_names():
        found = library_motif(name)
        times = []
        for seed in range(1, seeds + 1):
            started = time.perf_counter()
            made, _ = fill_pattern(found.givens, found.shape, random.Random(seed), PatternSearch(graded=False))
            times.append(time.perf_counter() - started)
            grid = made.grid()
            if grid.givens != found.givens or count_solutions(grid, 2) != 1:
                sys.exit(f"{name}, seed {seed}: the puzzle made is wrong")
        rows.append((name, len(found.givens), statistics.median(times), max(times), sum(times)))
    return rows


def mosaic_time(picture: Path) -> tuple[float, int, int]:
    """Seconds to build the A2 mosaic of ``picture``, its tile count and how many tiles fell back."""
    template = load_template("mosaic-a2")
    started = time.perf_counter()
    with Image.open(picture) as image:
        tiles = generate_mosaic(image, template.grid.columns, template.grid.rows, seed=1)
    build_mosaic(tiles, template)
    seconds = time.perf_counter() - started
    for tile in tiles:
        if count_solutions(tile.puzzle.grid, 2) != 1:
            sys.exit(f"mosaic tile {tile.index + 1} does not have one solution")
    return seconds, len(tiles), sum(1 for t in tiles if t.note)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--picture", type=Path, default=ROOT / "samples" / "newspaper-photo.jpg")
    parser.add_argument("--no-mosaic", action="store_true")
    args = parser.parse_args()
    print(f"solver backend: {active_backend()}")
    rows = fill_times(args.seeds)
    print(f"{'motif':12} {'givens':>6} {'median s':>9} {'worst s':>8}")
    for name, givens, median, worst, _ in rows:
        print(f"{name:12} {givens:6d} {median:9.3f} {worst:8.3f}")
    print(f"library: {len(rows)} motifs x {args.seeds} seeds in {sum(r[4] for r in rows):.2f} s, "
          f"median fill {statistics.median(r[2] for r in rows):.3f} s, worst single fill {max(r[3] for r in rows):.3f} s")
    if not args.no_mosaic:
        seconds, count, fallbacks = mosaic_time(args.picture)
        print(f"A2 mosaic of {args.picture.name}: {count} tiles in {seconds:.2f} s, {fallbacks} fell back")


if __name__ == "__main__":
    main()
