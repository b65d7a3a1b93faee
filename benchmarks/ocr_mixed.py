"""Why mixed photos (printed givens + handwriting) are not read perfectly: one failure kind per photo, counted.

    python benchmarks/ocr_mixed.py [../shared/data/wicht/mixed_train] --cross-validate DIR [--readers builtin]
                                   [--printed DIR] [--list] [--wrong-entries N]

Each photo is read as ``benchmarks/ocr_photos.py --mixed`` reads it (with its held-out fold's model when
``--cross-validate`` is given) and, when the puzzle read is not exactly its printed givens, put
under the first kind that applies:

``no-grid``       grid not found (or refused);
``cells``         the grid was found but its cells are misaligned (more than 9 cells whose having a
                  digit or not differs from the truth);
``given-missed``  the cell stage found no digit where a given is printed (the reader never saw it);
``given-misread`` a printed given read as another digit by the reader itself (before any fallback);
``kind``          the reader's printed/handwritten call is wrong for some digit and the pipeline did not
                  recover (split into ``kind:given-as-hand``, ``kind:hand-as-given`` and both);
``fallback``      the reader's calls were right but the pipeline took handwriting as print (the givens
                  alone had no unique solution) or the solver check changed a given;
``other``         anything else.

It also counts the reader's raw cell errors over all photos (printed given taken as handwriting,
handwriting taken as a given, printed digit misread, handwritten digit misread) and prints the
headline figures: photos perfect, handwritten digits read right (and by the reader's first choice,
before the puzzle's solution ranked unclear readings).

The Wicht handwriting is every empty cell filled with the solution's digit: no entry is wrong, so the
solution's ranking of unclear readings (:func:`ocr.correct.rank_entry`) could hide a user's mistake
unseen.  ``--wrong-entries N`` also reads every photo with N pairs of its handwritten digits swapped
between cells holding different digits (each then shows a wrong entry, as a solver's mistake would)
and counts those the reader reads right that the solution's ranking turns into the solution's digit.
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import sys
from pathlib import Path
from typing import Sequence

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ocr_photos import _reader, read_truth  # noqa: E402

from sudokuprint.errors import NoGridError  # noqa: E402
from sudokuprint.ocr.pipeline import HANDWRITTEN, ScanResult, scan  # noqa: E402
from sudokuprint.ocr.readers import DigitCell, DigitReader, Reading, get_reader  # noqa: E402

DEFAULT_FOLDER = Path(__file__).resolve().parents[2] / "shared" / "data" / "wicht" / "mixed_train"
MISALIGNED = 9
"""More cells than this whose having a digit differs from the truth: the cells are misaligned."""


def failure_kind(every: list[int], printed: list[int], result: ScanResult | None, raw: collections.Counter) -> str:
    """The photo's failure kind ('' when perfect); adds the reader's raw cell errors to ``raw``."""
    if result is None:
        return "no-grid"
    present = sum(1 for i in range(81) if (every[i] != 0) != (result.cells[i].digit != 0))
    given_as_hand = hand_as_given = misread = 0
    for i, cell in enumerate(result.cells):
        if not every[i] or not cell.digit:
            continue
        said_hand = cell.handwritten >= HANDWRITTEN
        if printed[i]:
            given_as_hand += said_hand
            as_print = cell.as_print[0][0] if cell.as_print else cell.digit
            misread += as_print != printed[i]
        else:
            hand_as_given += not said_hand
            raw["hand digit misread"] += cell.digit != every[i]
    raw["given as hand"] += given_as_hand
    raw["hand as given"] += hand_as_given
    raw["given misread"] += misread
    raw["digit missing or extra"] += present
    if list(result.grid.values) == printed:
        return ""
    if present > MISALIGNED:
        return "cells"
    if any(printed[i] and not result.cells[i].digit for i in range(81)):
        return "given-missed"
    if misread:
        return "given-misread"
    if given_as_hand and hand_as_given:
        return "kind:both"
    if given_as_hand:
        return "kind:given-as-hand"
    if hand_as_given:
        return "kind:hand-as-given"
    if result.corrections:
        return "fallback"
    return "other"


class SwappingReader:
    """A reader that reads each cell of ``pairs`` as if it held the other one's digit (images, boxes swapped)."""

    def __init__(self, reader: DigitReader, pairs: Sequence[tuple[int, int]]) -> None:
        self.reader = reader
        self.name = reader.name
        self.pairs = pairs

    def read(self, cells: Sequence[DigitCell]) -> Reading:
        at = {c.index: n for n, c in enumerate(cells)}
        swapped = list(cells)
        for a, b in self.pairs:
            if a in at and b in at:
                ca, cb = cells[at[a]], cells[at[b]]
                swapped[at[a]] = dataclasses.replace(cb, index=a)
                swapped[at[b]] = dataclasses.replace(ca, index=b)
        return self.reader.read(swapped)


def swap_pairs(every: list[int], printed: list[int], count: int, rng: np.random.Generator) -> list[tuple[int, int]]:
    """Up to ``count`` disjoint pairs of handwritten cells holding different digits."""
    hand = [i for i in range(81) if every[i] and not printed[i]]
    rng.shuffle(hand)
    pairs: list[tuple[int, int]] = []
    used: set[int] = set()
    for a in hand:
        partner = next((b for b in hand if b != a and b not in used and a not in used and every[b] != every[a]), None)
        if partner is not None and len(pairs) < count:
            pairs.append((a, partner))
            used |= {a, partner}
    return pairs


def _read(photo: Path, reader: "str | DigitReader") -> ScanResult | None:
    try:
        return scan(photo, reader=reader)
    except NoGridError:
        return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, nargs="?", default=DEFAULT_FOLDER)
    parser.add_argument("--printed", type=Path, default=None, help="printed givens (default ../train)")
    parser.add_argument("--cross-validate", type=Path, default=None, metavar="DIR",
                        help="read each photo with its held-out fold's model from DIR (see benchmarks/ocr_photos.py)")
    parser.add_argument("--readers", default="builtin")
    parser.add_argument("--list", action="store_true", help="print each imperfect photo's kind and cells")
    parser.add_argument("--wrong-entries", type=int, default=0, metavar="N",
                        help="also read each photo with N pairs of handwritten digits swapped (wrong entries)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    printed_dir = args.printed or args.folder.parent / "train"
    photos = sorted(p for p in args.folder.glob("*.jpg")
                    if p.with_suffix(".dat").exists() and (printed_dir / p.with_suffix(".dat").name).exists())
    if not photos:
        print(f"no mixed photo with both .dat files in {args.folder}", file=sys.stderr)
        return 1
    for mode in args.readers.split(","):
        kinds: collections.Counter = collections.Counter()
        raw: collections.Counter = collections.Counter()
        hand = collections.Counter()
        rng = np.random.default_rng(args.seed)
        for photo in photos:
            every = read_truth(photo.with_suffix(".dat"))
            printed = read_truth(printed_dir / photo.with_suffix(".dat").name)
            reader = get_reader(_reader(photo, mode, args.cross_validate))
            result = _read(photo, reader)
            kind = failure_kind(every, printed, result, raw)
            kinds[kind or "perfect"] += 1
            written = {e.cell: e for e in result.entries} if result is not None else {}
            for i in range(81):
                if every[i] and not printed[i]:
                    entry = written.get(i)
                    hand["cells"] += 1
                    hand["right"] += entry is not None and entry.digit == every[i]
                    hand["first choice right"] += entry is not None and (
                        entry.unclear if entry.unclear is not None else entry.digit) == every[i]
            if kind and args.list and result is not None:
                wrong = [f"r{i // 9 + 1}c{i % 9 + 1}:{t}->{v}" for i, (t, v) in
                         enumerate(zip(printed, result.grid.values)) if t != v]
                print(f"  {photo.stem}: {kind} {' '.join(wrong[:6])}{' ...' if len(wrong) > 6 else ''}")
            elif kind and args.list:
                print(f"  {photo.stem}: {kind}")
            if args.wrong_entries and result is not None and result.solution is not None:
                pairs = swap_pairs(every, printed, args.wrong_entries, rng)
                swapped = _read(photo, SwappingReader(reader, pairs))
                if swapped is None or swapped.solution is None:
                    continue
                entries = {e.cell: e for e in swapped.entries}
                for a, b in pairs:
                    for cell, shown in ((a, every[b]), (b, every[a])):
                        entry = entries.get(cell)
                        if entry is None:
                            continue
                        first = entry.unclear if entry.unclear is not None else entry.digit
                        hand["wrong entries"] += 1
                        hand["wrong entries read right"] += first == shown
                        hand["wrong entries taken for the solution"] += first == shown and entry.digit != shown
        pct = lambda a, b: 100.0 * a / b if b else 0.0  # noqa: E731
        print(f"{mode}: photos={len(photos)} " + " ".join(f"{k}={v}" for k, v in kinds.most_common()))
        print(f"{mode}: perfect={kinds['perfect']}/{len(photos)} ({pct(kinds['perfect'], len(photos)):.1f}%) "
              f"handwritten-right={hand['right']}/{hand['cells']} ({pct(hand['right'], hand['cells']):.2f}%) "
              f"first-choice={hand['first choice right']} ({pct(hand['first choice right'], hand['cells']):.2f}%)")
        print(f"{mode}: reader's raw cell errors: " + " ".join(f"{k}={v}" for k, v in sorted(raw.items())))
        if args.wrong_entries:
            print(f"{mode}: wrong entries (swapped) read={hand['wrong entries']} read-right-by-reader="
                  f"{hand['wrong entries read right']} taken-for-the-solution={hand['wrong entries taken for the solution']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
