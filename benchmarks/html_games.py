"""New games made by the browser edition, checked by the Python core (issue 30).

The page (`sudokuprint html --endless`) makes games in the system's headless Chromium through its
API, ``window.sudokuprint.newGame({size, level, seed})``, the levels taking turns; the core then
checks each one. Figures printed, per size:

- games made, and how many the core's solver finds exactly one solution for (goal: all);
- how many are at the level asked: for 9x9 the level of ``sudokuprint.logic.grade()`` (goal: at
  least 90% agree), for the other sizes ``logic.grading.basic_level`` (the same levels found with
  the techniques of levels 1-3 alone: ``grade()`` on a 16x16 may take minutes);
- the time from the call to the new board drawn, by the page's clock (worker included): median,
  90th percentile and worst, and the median per level (goal: 9x9 within 300 ms, 16x16 within 2 s);
- then the time ``sudokuprint html`` takes to build an edition of some of the 16x16 games made
  (hints included; goal: within 2 s a puzzle);
- the machine's load (``/proc/loadavg``) before and after: the machine may be shared.

    python benchmarks/html_games.py                      # 200 games a size
    python benchmarks/html_games.py --count 40 --sizes 9 16
    python benchmarks/html_games.py --all-4x4            # every 4x4 puzzle with one solution, by level

``--all-4x4`` has the page's engine go through the 288 4x4 grids and every set of givens of each
(13,579,680 puzzles with one solution) and count them by level: all are Easy, which is why the
page offers no other level at 4x4 (minutes of work).

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
# This folder also holds html_edition.py, named like the standard library's html: keep it off the path.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

from sudokuprint.cli import run  # noqa: E402
from sudokuprint.grid import Grid  # noqa: E402
from sudokuprint.html.browser import DESKTOP, chromium  # noqa: E402
from sudokuprint.logic import grade  # noqa: E402
from sudokuprint.logic.engine import solution_of  # noqa: E402
from sudokuprint.logic.grading import basic_level  # noqa: E402
from sudokuprint.solver import count_solutions  # noqa: E402

LEVELS = {4: (1,), 6: (1, 2, 3, 4), 9: (1, 2, 3, 4), 12: (1, 2, 3, 4), 16: (1, 2, 3, 4)}
TIME_GOALS = {9: 0.300, 16: 2.0}
AGREEMENT_GOAL = 0.90
BUILD_GOAL = 2.0

MAKE = """async ([size, level, seed]) => {
    const start = performance.now();
    const made = await window.sudokuprint.newGame({size: size, level: level, seed: seed});
    return [performance.now() - start, made.puzzle, made.level];
}"""

ALL_4X4 = """() => {
    const e = window.sudokuprint.engine, grid = e.shapeForSide(4), grids = [], v = new Array(16).fill(0);
    (function fill(c) {
        if (c === 16) { grids.push(v.slice()); return; }
        for (let d = 1; d <= 4; d++) { v[c] = d; if (!e.conflict(grid, v)) fill(c + 1); v[c] = 0; }
    })(0);
    const levels = {1: 0, 2: 0, 3: 0, 4: 0};
    for (const solution of grids) {
        for (let mask = 0; mask < 65536; mask++) {
            const puzzle = solution.map((d, c) => (mask >> c & 1) ? d : 0);
            if (e.countSolutions(grid, puzzle, 2) === 1) levels[e.levelOf(grid, puzzle)]++;
        }
    }
    return [grids.length, levels];
}"""


def load() -> str:
    """The 1, 5 and 15 minute load averages (the machine may be shared)."""
    loadavg = Path("/proc/loadavg")
    return " ".join(loadavg.read_text().split()[:3]) if loadavg.exists() else "unknown"


def level_of(grid: Grid) -> int:
    """The reference level: grade() for 9x9, the level-1-3 solve elsewhere."""
    if grid.side == 9:
        return grade(grid).level
    return basic_level(grid, solution_of(grid))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=200, help="games a size (the levels take turns)")
    parser.add_argument("--sizes", type=int, nargs="+", default=sorted(LEVELS), choices=sorted(LEVELS))
    parser.add_argument("--build", type=int, default=10, help="16x16 games to build an edition of (0: none)")
    parser.add_argument("--all-4x4", action="store_true", help="only count every 4x4 puzzle by level")
    args = parser.parse_args()

    print(f"load average before: {load()}")
    failed = False
    errors: list[str] = []
    made_16: list[str] = []
    with tempfile.TemporaryDirectory() as folder, chromium() as browser:
        page_file = Path(folder) / "play.html"
        if run(["html", "--endless", "-o", str(page_file), "-q"]):
            return 1
        tab = browser.new_context(**DESKTOP).new_page()
        tab.on("pageerror", lambda error: errors.append(str(error)))
        tab.on("console", lambda message: message.type == "error" and errors.append(message.text))
        tab.goto(page_file.as_uri())
        tab.wait_for_function("window.sudokuprint && window.sudokuprint.current() !== null")
        if args.all_4x4:
            start = time.perf_counter()
            grids, levels = tab.evaluate(ALL_4X4)
            print(f"4x4: {grids} grids, puzzles with one solution by level {levels} "
                  f"({time.perf_counter() - start:.0f} s)")
            return 1 if errors or any(levels[k] for k in ("2", "3", "4")) else 0
        print(f"{'size':>5} {'games':>6} {'unique':>7} {'level ok':>9} {'median':>8} {'p90':>7} {'worst':>7}   median by level")
        for size in args.sizes:
            times: dict[int, list[float]] = {level: [] for level in LEVELS[size]}
            unique = agree = 0
            for number in range(args.count):
                level = LEVELS[size][number % len(LEVELS[size])]
                ms, puzzle, said = tab.evaluate(MAKE, [size, level, number + 1])
                times[level].append(ms / 1000)
                grid = Grid.from_string(puzzle)
                one = count_solutions(grid, limit=2) == 1
                unique += one
                agree += one and said == level and level_of(grid) == level
                if size == 16 and len(made_16) < args.build:
                    made_16.append(puzzle)
            every = sorted(t for ts in times.values() for t in ts)
            median, p90, worst = statistics.median(every), every[int(0.9 * (len(every) - 1))], every[-1]
            by_level = "  ".join(f"L{level} {statistics.median(ts) * 1000:.0f} ms" for level, ts in times.items())
            print(f"{size:>3}x{size:<2} {args.count:>5} {unique:>7} {agree:>5} ({agree / args.count:4.0%}) "
                  f"{median * 1000:6.0f} ms {p90 * 1000:5.0f} ms {worst * 1000:5.0f} ms   {by_level}", flush=True)
            if unique < args.count:
                print(f"GOAL MISSED: {args.count - unique} {size}x{size} games without exactly one solution", file=sys.stderr)
                failed = True
            if size == 9 and agree < AGREEMENT_GOAL * args.count:
                print(f"GOAL MISSED: 9x9 levels agree with grade() on {agree / args.count:.0%}", file=sys.stderr)
                failed = True
            if size in TIME_GOALS and median > TIME_GOALS[size]:
                print(f"GOAL MISSED: a {size}x{size} takes {median:.2f} s (median)", file=sys.stderr)
                failed = True
        tab.context.close()
        if made_16:
            source = Path(folder) / "big.txt"
            source.write_text("\n".join(made_16) + "\n")
            start = time.perf_counter()
            code = run(["html", str(source), "-o", str(Path(folder) / "big.html"), "-q"])
            seconds = time.perf_counter() - start
            print(f"sudokuprint html on {len(made_16)} of these 16x16 games (levels taking turns): {seconds:.1f} s, "
                  f"{seconds / len(made_16):.2f} s a puzzle (goal: within {BUILD_GOAL:.0f} s)")
            if code or seconds / len(made_16) > BUILD_GOAL:
                print("GOAL MISSED: building the edition", file=sys.stderr)
                failed = True
    print(f"load average after: {load()}")
    for error in errors:
        print(f"page error: {error}", file=sys.stderr)
    return 1 if failed or errors else 0


if __name__ == "__main__":
    sys.exit(main())
