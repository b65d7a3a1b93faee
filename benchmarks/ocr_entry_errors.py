"""Every handwritten-entry and printed-given error on a real-photo corpus, by kind (issue 27).

    python benchmarks/ocr_entry_errors.py tools/ocr_corpus [--source kubiesa] [--one-core] [--cells]

For each handwritten entry of the manifest it says what the reader did with it:

- ``right``: reported as handwriting with the manifest's digit;
- ``missed``: the cell read empty (``missed-as-marks``: taken for candidate marks);
- ``as-given``: taken for print (``as-given-right-digit`` / ``as-given-wrong-digit``);
- ``wrong-digit``: reported as handwriting with another digit (the confusion pairs
  are listed as ``written->read``);
- ``no-grid``: the photo was refused.

and, for each printed given: ``right``, ``missed`` (read empty), ``as-hand``
(taken for handwriting), ``wrong-digit`` (print with another digit), and the
cells that are not givens but were read as one (``extra-from-empty``,
``extra-from-hand``, ``extra-from-marks``). ``--cells`` lists every error cell
with the reader's handwriting probability and its first alternatives.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path

from ocr_training.corpus import CorpusPhoto, load_corpus
from sudokuprint.errors import NoGridError
from sudokuprint.ocr.pipeline import ScanResult, scan


def entry_kind(photo: CorpusPhoto, result: ScanResult | None, cell: int) -> str:
    """What the reader made of the handwritten entry in ``cell`` (see the module docstring)."""
    if result is None:
        return "no-grid"
    written = {entry.cell: entry.digit for entry in result.entries}
    truth = photo.entries[cell]
    if cell in written:
        return "right" if written[cell] == truth else f"wrong-digit {truth}->{written[cell]}"
    given = result.grid.values[cell]
    if given:
        return "as-given-right-digit" if given == truth else f"as-given-wrong-digit {truth}->{given}"
    return "missed-as-marks" if cell in result.pencil_marks else "missed"


def given_kind(photo: CorpusPhoto, result: ScanResult | None, cell: int) -> str:
    """What the reader made of the printed given (or non-given) in ``cell``."""
    if result is None:
        return "no-grid"
    truth = photo.givens[cell]
    read = result.grid.values[cell]
    written = {entry.cell for entry in result.entries}
    if not truth:
        if not read:
            return "right"
        if photo.entries[cell]:
            return "extra-from-hand"
        return "extra-from-marks" if cell in photo.candidates else "extra-from-empty"
    if read == truth:
        return "right"
    if cell in written:
        return "as-hand"
    return f"wrong-digit {truth}->{read}" if read else "missed"


def describe_cell(result: ScanResult, cell: int) -> str:
    """The reader's view of one cell: digit, handwriting probability, first alternatives."""
    read = result.cells[cell]
    options = " ".join(f"{d}:{p:.2f}" for d, p in read.alternatives[:3])
    return f"read {read.digit} hand={read.handwritten:.2f} pen={int(read.pen_ink)} [{options}]"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--source", action="append", default=None, help="only this source (repeatable)")
    parser.add_argument("--one-core", action="store_true", help="numpy/OpenCV on one thread")
    parser.add_argument("--cells", action="store_true", help="list every error cell")
    args = parser.parse_args(argv)
    if args.one_core:
        import cv2  # function-local: only when asked, before any reading

        cv2.setNumThreads(1)
    entries: dict[str, Counter[str]] = {}
    givens: dict[str, Counter[str]] = {}
    for photo in load_corpus(args.folder):
        if args.source and photo.source not in args.source:
            continue
        try:
            found = scan(photo.path, reader="builtin")
            result: ScanResult | None = found if isinstance(found, ScanResult) else None
        except NoGridError:
            result = None
        by_entry = entries.setdefault(photo.source, Counter())
        by_given = givens.setdefault(photo.source, Counter())
        for cell in range(81):
            kinds = []
            if photo.entries[cell]:
                kinds.append(("entry", entry_kind(photo, result, cell), by_entry))
            kind = given_kind(photo, result, cell)
            if photo.givens[cell] or kind not in ("right", "no-grid"):
                kinds.append(("given", kind, by_given))
            for what, kind, counter in kinds:
                counter[kind] += 1
                if args.cells and kind != "right" and result is not None:
                    print(f"{photo.name} r{cell // 9 + 1}c{cell % 9 + 1} {what} {kind}: {describe_cell(result, cell)}")
    for title, table in (("handwritten entries", entries), ("printed givens", givens)):
        print(f"== {title}")
        total: Counter[str] = Counter()
        for source, counter in table.items():
            total.update(counter)
            print(_line(source, counter))
        print(_line("all sources", total))
    return 0


def _line(label: str, counter: Counter[str]) -> str:
    """``label n=.. right=.. kind=..`` with the confusion pairs grouped under their kind."""
    kinds: Counter[str] = Counter()
    pairs: dict[str, Counter[str]] = {}
    for kind, count in counter.items():
        name, _, pair = kind.partition(" ")
        kinds[name] += count
        if pair:
            pairs.setdefault(name, Counter())[pair] += count
    parts = [f"{name}={count}" + (" (" + " ".join(f"{p}:{n}" for p, n in pairs[name].most_common()) + ")"
                                  if name in pairs else "")
             for name, count in sorted(kinds.items(), key=lambda item: (item[0] != "right", -item[1]))]
    return f"{label:<14} n={sum(counter.values())} " + " ".join(parts)


if __name__ == "__main__":
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    sys.exit(main())
