"""HTML edition benchmark: `sudokuprint html` on 1,000 puzzles, the file's size, and how fast it opens.

Figures printed:

- the time `sudokuprint html` takes (wall clock; most of it is the logic
  engine's solve path of every puzzle, in ``--jobs`` processes);
- the size of the page, whole and per puzzle (goal: under 2 MB for 1,000);
- the time the page takes to open in the system's headless Chromium, from
  the start of navigation to the first board drawn and ready for input
  (goal: under 1 s), median and worst of ``--runs`` fresh tabs, by the
  page's own clock (``performance.mark`` after the first board, from the
  navigation's start) and as the driver sees it (with its round trips);
  also the browser's DOMContentLoaded and load times;
- the time to the first hint on the last puzzle (its chunk inflated and decoded).

    python benchmarks/html_edition.py                                   # first 1,000 of top1465, 2 jobs
    python benchmarks/html_edition.py --file sudoku17_royle_49151.txt   # 1,000 minimum-clue puzzles
    python benchmarks/html_edition.py --count 200 --runs 3              # a quicker look
    python benchmarks/html_edition.py --page book.html                  # only time the opening of a page made before

Exit status 1 when a goal is missed or the page reports an error.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
# This file is named like the standard library's html module: keep its folder off the import path.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
DATA = REPO.parent / "shared" / "data" / "puzzles"

from sudokuprint.cli import run  # noqa: E402
from sudokuprint.html.browser import DESKTOP, chromium  # noqa: E402

SIZE_GOAL = 2_000_000
OPEN_GOAL = 1.0


def open_times(page_path: Path, runs: int) -> tuple[list[float], list[float], list[float], list[float], float, list[str]]:
    """Seconds per fresh tab: to a ready board as the page's clock tells it (from the start of
    navigation) and as the driver sees it, to DOMContentLoaded and to load; and to the last puzzle's hint."""
    ready, loaded, dom, in_page = [], [], [], []
    errors: list[str] = []
    hint_seconds = float("nan")
    with chromium() as browser:
        for run_number in range(runs):
            context = browser.new_context(**DESKTOP)
            tab = context.new_page()
            tab.on("pageerror", lambda error: errors.append(str(error)))
            start = time.perf_counter()
            tab.goto(page_path.as_uri(), wait_until="commit")
            tab.wait_for_selector('#board .cell[tabindex="0"]', state="attached")
            ready.append(time.perf_counter() - start)
            tab.wait_for_load_state("load")
            timing = tab.evaluate("(() => { const t = performance.getEntriesByType('navigation')[0];"
                                  " const m = performance.getEntriesByName('sudokuprint-ready')[0];"
                                  " return [t.domContentLoadedEventEnd, t.loadEventEnd, m.startTime]; })()")
            dom.append(timing[0] / 1000)
            loaded.append(timing[1] / 1000)
            in_page.append(timing[2] / 1000)
            if run_number == 0:
                count = tab.locator("#pick option").count()
                tab.select_option("#pick", str(count))
                start = time.perf_counter()
                tab.click("#hint")
                tab.wait_for_function("document.getElementById('hint-text').textContent.length > 0")
                hint_seconds = time.perf_counter() - start
                text = tab.inner_text("#hint-text")
                if text.startswith("Hints cannot"):
                    errors.append(text)
            context.close()
    return in_page, ready, dom, loaded, hint_seconds, errors


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--file", default="top1465_magictour.txt", help="a list in ../shared/data/puzzles")
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--runs", type=int, default=5, help="fresh tabs to time the opening")
    parser.add_argument("--keep", type=Path, default=None, help="also keep the page here")
    parser.add_argument("--page", type=Path, default=None, help="only time the opening of this page, made before")
    args = parser.parse_args()

    if args.page is not None:
        size = args.page.stat().st_size
        count = args.page.read_text(encoding="utf-8").count('"sol":')
        in_page, ready, dom, loaded, hint_seconds, errors = open_times(args.page, args.runs)
        report(f"{args.page}: {count} puzzles", None, count, size, in_page, ready, dom, loaded, hint_seconds, args.runs)
        return verdict(size, in_page, errors)

    with tempfile.TemporaryDirectory() as folder:
        lines_file = Path(folder) / "puzzles.txt"
        with open(DATA / args.file) as source:
            lines = [line.strip() for line in source if line.strip()][: args.count]
        lines_file.write_text("\n".join(lines) + "\n")
        page = args.keep or Path(folder) / "book.html"
        start = time.perf_counter()
        code = run(["html", str(lines_file), "-o", str(page), "-j", str(args.jobs), "-q"])
        made = time.perf_counter() - start
        if code:
            print(f"sudokuprint html failed with exit code {code}", file=sys.stderr)
            return 1
        size = page.stat().st_size
        in_page, ready, dom, loaded, hint_seconds, errors = open_times(page, args.runs)

    report(f"{args.file}: first {len(lines)} puzzles, {args.jobs} jobs", made, len(lines), size, in_page, ready, dom,
           loaded, hint_seconds, args.runs)
    return verdict(size, in_page, errors)


def report(title: str, made: float | None, count: int, size: int, in_page: list[float], ready: list[float],
           dom: list[float], loaded: list[float], hint_seconds: float, runs: int) -> None:
    """Print the figures."""
    print(title)
    if made is not None:
        print(f"  sudokuprint html   {made:8.1f} s   ({count / made:.1f} puzzles/s, hint paths included)")
    print(f"  page size          {size / 1e6:8.3f} MB  ({size / count:.0f} bytes a puzzle; goal < 2 MB)")
    print(f"  board ready        median {statistics.median(in_page) * 1000:6.0f} ms, worst {max(in_page) * 1000:6.0f} ms "
          f"from navigation start, page's clock, over {runs} fresh tabs (goal < 1000 ms)")
    print(f"  as the driver saw  median {statistics.median(ready) * 1000:6.0f} ms, worst {max(ready) * 1000:6.0f} ms "
          "(goto to a ready board, with the driver's round trips)")
    print(f"  DOMContentLoaded   median {statistics.median(dom) * 1000:6.0f} ms;  load event median "
          f"{statistics.median(loaded) * 1000:6.0f} ms")
    print(f"  first hint on puzzle {count}: {hint_seconds * 1000:.0f} ms (chunk inflated and decoded)")


def verdict(size: int, in_page: list[float], errors: list[str]) -> int:
    """0 when the goals are met and the page reported no error, else 1 (with the reasons on stderr)."""
    failed = False
    if size >= SIZE_GOAL:
        print(f"GOAL MISSED: the page is {size} bytes", file=sys.stderr)
        failed = True
    if statistics.median(in_page) >= OPEN_GOAL:
        print(f"GOAL MISSED: the page took {statistics.median(in_page):.2f} s to open", file=sys.stderr)
        failed = True
    for error in errors:
        print(f"page error: {error}", file=sys.stderr)
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
