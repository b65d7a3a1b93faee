"""Keep tests/data/shared a faithful subset of ../shared/data (a maintainer's tool; the tests never run it).

The tests read real third-party files from ``tests/data/shared``, laid out as
``../shared/data`` is (see ``tests/data/README.md``).  A small file is copied
whole.  Of a long puzzle list only the lines the tests use are kept, in the
source's order, and ``NAME.lines`` beside it says which line of the source
each one is (``tests/conftest.py``'s ``puzzle_lines`` reads a test's
"every step-th line, at most limit" through it).  A CSV keeps its header and
the rows the tests use.

    python tests/data/shared_subset.py check                       # every file matches ../shared/data
    python tests/data/shared_subset.py add puzzles/top1465_magictour.txt 1 8 15   # copy source lines 1, 8, 15
    python tests/data/shared_subset.py add puzzles/top1465_magictour.txt --step 7 --limit 40
    python tests/data/shared_subset.py copy wicht/train/image1.jpg wicht/train/image1.dat   # whole files
"""

from __future__ import annotations

import argparse
import filecmp
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from conftest import read_index  # noqa: E402  (tests/conftest.py: how the tests read a .lines file)

HERE = Path(__file__).resolve().parent / "shared"
SOURCE = Path(__file__).resolve().parents[3] / "shared" / "data"


def write_index(path: Path, total: int, numbers: list[int]) -> None:
    path.write_text(f"total {total}\n" + "".join(f"{n}\n" for n in numbers))


def add_lines(relative: str, numbers: list[int]) -> None:
    """Copy source lines ``numbers`` (1-based) of a puzzle list into its subset, keeping the source order."""
    source = (SOURCE / relative).read_text().splitlines()
    target = HERE / relative
    index = target.with_suffix(".lines")
    kept = dict(zip(read_index(index)[1], target.read_text().splitlines())) if index.exists() else {}
    for number in numbers:
        kept[number] = source[number - 1]
    target.parent.mkdir(parents=True, exist_ok=True)
    ordered = sorted(kept)
    target.write_text("".join(kept[n] + "\n" for n in ordered))
    write_index(index, len(source), ordered)


def copy_whole(relative: str) -> None:
    target = HERE / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(SOURCE / relative, target)


def check() -> list[str]:
    """What differs from ../shared/data: a whole file not byte-equal, a kept line or CSV row not in the source."""
    problems = []
    for path in sorted(p for p in HERE.rglob("*") if p.is_file()):
        relative = path.relative_to(HERE)
        if path.suffix == ".lines":
            continue
        source = SOURCE / relative
        index = path.with_suffix(".lines")
        if index.exists():
            lines = source.read_text().splitlines()
            total, numbers = read_index(index)
            kept = path.read_text().splitlines()
            if total != len(lines) or len(numbers) != len(kept) or any(lines[n - 1] != k for n, k in zip(numbers, kept)):
                problems.append(f"{relative}: a kept line differs from the source's line of that number")
        elif path.suffix == ".csv":
            rows, wanted = set(source.read_text().splitlines()), path.read_text().splitlines()
            if wanted[0] != source.read_text().splitlines()[0] or not set(wanted) <= rows:
                problems.append(f"{relative}: a row is not in the source")
        elif not filecmp.cmp(path, source, shallow=False):
            problems.append(f"{relative}: differs from {source}")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("check")
    add = sub.add_parser("add")
    add.add_argument("list")
    add.add_argument("numbers", nargs="*", type=int)
    add.add_argument("--step", type=int, default=1)
    add.add_argument("--limit", type=int)
    copy = sub.add_parser("copy")
    copy.add_argument("files", nargs="+")
    args = parser.parse_args()
    if args.command == "check":
        problems = check()
        print("\n".join(problems) or f"every file in {HERE} matches {SOURCE}")
        return 1 if problems else 0
    if args.command == "add":
        numbers = list(args.numbers)
        if args.limit is not None or not numbers:
            total = len((SOURCE / args.list).read_text().splitlines())
            numbers += [k + 1 for k in range(0, total, args.step)][: args.limit]
        add_lines(args.list, numbers)
    else:
        for name in args.files:
            copy_whole(name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
