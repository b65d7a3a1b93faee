"""Why mixed photos (printed givens + handwriting) are not read perfectly: one failure kind per photo, counted.

    python benchmarks/ocr_mixed.py [../shared/data/wicht/mixed_train] --cross-validate DIR [--readers builtin]
                                   [--printed DIR] [--list]

Each photo is read as ``benchmarks/ocr.py --mixed`` reads it (with its held-out fold's model when
``--cross-validate`` is given) and, when the puzzle read is not exactly its printed givens, put
under the first kind that applies:

``no-grid``       no grid found (or refused);
``cells``         the grid was found but its cells are misaligned (more than 9 cells whose having a
                  digit or not differs from the truth);
``given-misread`` a printed given read as another digit by the reader itself (before any fallback);
``kind``          the reader's printed/handwritten call is wrong for some digit and the pipeline did not
                  recover (split into ``kind:given-as-hand``, ``kind:hand-as-given`` and both);
``fallback``      the reader's calls were right but the pipeline took handwriting as print (the givens
                  alone had no unique solution) or the solver check changed a given;
``other``         anything else.

It also counts the reader's raw cell errors over all photos: printed given taken as handwriting,
handwriting taken as a given, printed digit misread, handwritten digit misread.
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ocr import _reader, read_truth  # noqa: E402  (benchmarks/ocr.py)

from sudokuprint.errors import NoGridError  # noqa: E402
from sudokuprint.ocr.pipeline import HANDWRITTEN, ScanResult, scan  # noqa: E402

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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, nargs="?", default=DEFAULT_FOLDER)
    parser.add_argument("--printed", type=Path, default=None, help="printed givens (default ../train)")
    parser.add_argument("--cross-validate", type=Path, default=None, metavar="DIR",
                        help="read each photo with its held-out fold's model from DIR (see benchmarks/ocr.py)")
    parser.add_argument("--readers", default="builtin")
    parser.add_argument("--list", action="store_true", help="print each imperfect photo's kind and cells")
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
        for photo in photos:
            every = read_truth(photo.with_suffix(".dat"))
            printed = read_truth(printed_dir / photo.with_suffix(".dat").name)
            try:
                result: ScanResult | None = scan(photo, reader=_reader(photo, mode, args.cross_validate))
            except NoGridError:
                result = None
            kind = failure_kind(every, printed, result, raw)
            kinds[kind or "perfect"] += 1
            if kind and args.list and result is not None:
                wrong = [f"r{i // 9 + 1}c{i % 9 + 1}:{t}->{v}" for i, (t, v) in
                         enumerate(zip(printed, result.grid.values)) if t != v]
                print(f"  {photo.stem}: {kind} {' '.join(wrong[:6])}{' ...' if len(wrong) > 6 else ''}")
            elif kind and args.list:
                print(f"  {photo.stem}: {kind}")
        print(f"{mode}: photos={len(photos)} " + " ".join(f"{k}={v}" for k, v in kinds.most_common()))
        print(f"{mode}: reader's raw cell errors: " + " ".join(f"{k}={v}" for k, v in sorted(raw.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
