"""How closely givens and handwritten entries match the page's sure prints of their digit: the figures behind
``ocr.context.NO_PRINT_TWIN`` and ``SURE_READING`` (issue 27).

    python benchmarks/ocr_print_twins.py [--wicht ../shared/data/wicht] [--corpus tools/ocr_corpus]

For every digit the built-in reader finds, its :func:`ocr.context.print_twin_likeness` (its best match among the
page's sure prints of the same digit), split by the truth: printed givens and handwritten entries, per source
(Wicht train, Wicht mixed with its givens from train, each corpus source).  It prints, per source, how many givens
have such a twin, the lowest likeness among them and the 2% quantile, the entries' median, and how many givens
and entries :func:`ocr.context.unlike_print` calls handwriting.  Choose the threshold on some sources and read
the others as held out.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

from ocr_training.corpus import load_corpus
from sudokuprint.errors import NoGridError
from sudokuprint.ocr.context import NO_PRINT_TWIN, page_print_likeness, twin_correlations, unlike_print
from sudokuprint.ocr.grid_cells import grid_cells
from sudokuprint.ocr.readers import get_reader


def _dat(path: Path) -> list[int]:
    return [int(v) for line in path.read_text().splitlines()[2:11] for v in line.split()]


def _photos(wicht: Path | None, corpus: Path | None):
    """(source, photo, givens, entries) of every photo with its truth."""
    if wicht is not None:
        for photo in sorted((wicht / "train").glob("*.jpg")):
            yield "wicht-train", photo, _dat(photo.with_suffix(".dat")), [0] * 81
        for photo in sorted((wicht / "mixed_train").glob("*.jpg")):
            printed = wicht / "train" / photo.with_suffix(".dat").name
            if printed.exists():
                givens, every = _dat(printed), _dat(photo.with_suffix(".dat"))
                yield "wicht-mixed", photo, givens, [0 if g else e for g, e in zip(givens, every)]
    if corpus is not None:
        for item in load_corpus(corpus):
            yield item.source, item.path, list(item.givens), list(item.entries)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wicht", type=Path, default=None, help="the Wicht folder (train/, mixed_train/)")
    parser.add_argument("--corpus", type=Path, default=None, help="a corpus folder with manifest.csv")
    args = parser.parse_args(argv)
    reader = get_reader("builtin")
    givens_by: dict[str, list[float]] = defaultdict(list)
    entries_by: dict[str, list[float]] = defaultdict(list)
    flagged: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for source, photo, givens, entries in _photos(args.wicht, args.corpus):
        try:
            cells = grid_cells(photo).upright()
        except NoGridError:  # nothing to measure on this photo
            continue
        if len(cells) < 2:
            continue
        reading = reader.read(cells)
        printed = reading.printed if reading.printed is not None else reading.probabilities
        readings = np.argmax(printed, axis=1)
        correlations = twin_correlations([c.image for c in cells], [c.contrast for c in cells],
                                         [c.box for c in cells], readings)
        likeness = page_print_likeness(correlations, readings, reading.handwritten)
        unlike = unlike_print(likeness, reading.handwritten, reading.probabilities[:, 1:].max(axis=1))
        for cell, value, no_twin in zip(cells, likeness, unlike):
            if givens[cell.index]:
                flagged[source][0] += int(no_twin)
                if not np.isnan(value):
                    givens_by[source].append(float(value))
            elif entries[cell.index]:
                flagged[source][1] += int(no_twin)
                if not np.isnan(value):
                    entries_by[source].append(float(value))
    print(f"print-twin likeness (NO_PRINT_TWIN = {NO_PRINT_TWIN}): givens with a sure twin, their lowest and 2% "
          "quantile; entries' median; digits unlike_print calls handwriting")
    for source in sorted(set(givens_by) | set(entries_by)):
        g, e = np.array(givens_by[source]), np.array(entries_by[source])
        low = f"lowest={g.min():.2f} q2%={np.quantile(g, 0.02):.2f}" if len(g) else "lowest=-"
        hand = f"median={np.median(e):.2f}" if len(e) else "median=-"
        print(f"{source:<14} givens={len(g)} {low} under={int((g < NO_PRINT_TWIN).sum())}  entries={len(e)} {hand}  "
              f"unlike-print: givens={flagged[source][0]} entries={flagged[source][1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
