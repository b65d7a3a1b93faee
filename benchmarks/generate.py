"""Generator benchmark: throughput of minimal symmetric puzzles, time to fill patterns, motif yield.

    python benchmarks/generate.py [--seconds 10] [--jobs 2] [--motif-seconds 60] [--no-motifs]

Prints (solver backend named first):
- unique minimal rot180 9x9 puzzles per second over ``--jobs`` processes, ungraded
  and graded, and the graded rate per SVD level;
- seconds to the first unique puzzle on a 24-, 22- and 20-given symmetric
  pattern (the seed's 18-given pattern 5028140442 plus 3, 2, 1 orbits), and on the
  18-given pattern itself, median of 5 seeds;
- the share of the named motifs that yield a puzzle within ``--motif-seconds``;
- with ``--random-patterns K``: the share of K random 20-given rot180 patterns
  (no empty box, no impossibility found) that yield a puzzle within ``--pattern-limit``.
- with ``--single``: the same rates on one core (CPU time of this process,
  ``generate_puzzle`` alone) and through the CLI (``sudokuprint generate -n N
  --symmetry rot180 --minimal [--no-grade]`` in a child process, CPU time,
  start-up included; N = ``--cli-count`` 10,000 ungraded, ``--cli-graded-count``
  1,000 graded: a user asking for many puzzles), the same without the start-up,
  and the start-up alone (CPU of ``-n 1``), ``--repeat`` times each with the
  load average beside every figure, then the median of each row; then stops.
- with ``--compare-grades N``: N generated puzzles graded by the full engine and by
  ``logic.quick.quick_grade`` (the generator's): how many grades differ (the goal: none),
  and the CPU time of each (each pass in a fresh process, best of 2), by the kind of the
  hardest step; then stops.
- with ``--budgets``: for fill budgets of 500-20,000 placed digits, the share
  of 20,000 random 9x9 fills whose result differs from the 20,000 budget's,
  and the CPU time of a fill (the ground for ``complete.FILL_BUDGET``), then stops.
Goals: >= 50 minimal symmetric puzzles/s, 24 givens < 2 s, 20 givens < 60 s;
issue 14: >= 3,000/s ungraded and >= 200/s graded on one core.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from sudokuprint.formats.pattern_code import decode_pattern
from sudokuprint.generator import complete
from sudokuprint.generator import (
    DigTarget,
    GenerationError,
    PatternSearch,
    fill_pattern,
    generate_puzzle,
    orbits,
    pattern_problems,
)
from sudokuprint.patterns import motif, motif_names
from sudokuprint.shape import CLASSIC
from sudokuprint.solver import active_backend

SEED_PATTERN = decode_pattern("5028140442")
EXTRA_ORBITS = [(0, 80), (36, 44), (20, 60)]
PATTERNS = {18 + 2 * k: SEED_PATTERN | {c for orbit in EXTRA_ORBITS[:k] for c in orbit} for k in (3, 2, 1, 0)}


def _throughput(job: tuple[int, float, bool]) -> tuple[int, Counter]:
    seed, seconds, graded = job
    rng = random.Random(seed)
    levels: Counter = Counter()
    made = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        puzzle = generate_puzzle(CLASSIC, rng, DigTarget(symmetry="rot180", minimal=True), graded=graded)
        levels[puzzle.graded_as.level if puzzle.graded_as is not None else None] += 1
        made += 1
    return made, levels


def throughput(seconds: float, jobs: int, graded: bool) -> tuple[float, Counter]:
    with ProcessPoolExecutor(jobs) as pool:
        results = list(pool.map(_throughput, [(seed, seconds, graded) for seed in range(jobs)]))
    total = sum(made for made, _ in results)
    levels = sum((c for _, c in results), Counter())
    return total / seconds, levels


def single_core(seconds: float, graded: bool) -> float:
    """Minimal rot180 puzzles per CPU second of this process, ``generate_puzzle`` alone."""
    rng = random.Random(1)
    target = DigTarget(symmetry="rot180", minimal=True)
    made, began = 0, time.process_time()
    while time.process_time() - began < seconds:
        generate_puzzle(CLASSIC, rng, target, graded=graded)
        made += 1
    return made / (time.process_time() - began)


def _cli_seconds(command: list[str], env: dict[str, str]) -> float:
    """CPU seconds (user + system) of one child run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def through_cli(count: int, graded: bool) -> tuple[float, float]:
    """Puzzles per CPU second of ``sudokuprint generate -n count`` in a child process, start-up included,
    and the CPU seconds of the start-up alone (the same command with ``-n 1``, best of 3).

    The child runs from compiled bytecode, as an installed program does (``.pyc``
    files under a temporary folder, written by a first untimed run).
    """
    command = [sys.executable, "-m", "sudokuprint", "generate", "-n", str(count), "--symmetry", "rot180", "--minimal"]
    command += [] if graded else ["--no-grade"]
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as folder:
        env["PYTHONPYCACHEPREFIX"] = folder
        one = command.copy()
        one[one.index("-n") + 1] = "1"
        subprocess.run(one, stdout=subprocess.DEVNULL, check=True, env=env)  # compiles the bytecode
        startup = min(_cli_seconds(one, env) for _ in range(3))
        seconds = _cli_seconds(command, env)
    return count / seconds, startup


def single_figures(seconds: float, repeat: int, counts: tuple[int, int]) -> None:
    """The --single rows, each run ``repeat`` times (load average beside each run), then the medians.

    ``counts``: the CLI's ``-n`` ungraded and graded, large enough that the
    start-up is a user's share of a run of many puzzles; it is printed on its own too.
    """
    rows: dict[str, list[float]] = {}
    for run in range(1, repeat + 1):
        for graded in (False, True):
            label = "graded" if graded else "ungraded"
            count = counts[graded]
            rate = single_core(seconds, graded)
            cli_rate, startup = through_cli(count, graded)
            without = count / max(count / cli_rate - startup, 1e-9)
            for name, value in ((f"{label}, one core, generate_puzzle", rate),
                                (f"{label}, one core, CLI -n {count}", cli_rate),
                                (f"{label}, one core, CLI -n {count} without start-up", without),
                                (f"{label}, CLI start-up (-n 1), CPU ms", 1000 * startup)):
                rows.setdefault(name, []).append(value)
                print(f"run {run}: {name}: {value:.1f} (load {os.getloadavg()[0]:.1f})", flush=True)
    if repeat > 1:
        for name, rates in rows.items():
            print(f"median of {repeat}: {name}: {statistics.median(rates):.1f}")


def fill_budgets(count: int = 20_000) -> None:
    """How often a smaller fill budget changes the grid a fill gives, and what a fill costs."""
    rng = random.Random(11)
    seeds = [complete.random_seed_digits(CLASSIC, rng, round(CLASSIC.side * 1.25)) for _ in range(count)]
    reference = None
    for budget in (20_000, 5_000, 2_000, 1_000, 500):
        began = time.process_time()
        found = [complete.fill(values, CLASSIC, budget) for values in seeds]
        spent = time.process_time() - began
        reference = reference or found
        changed = sum(a != b for a, b in zip(found, reference))
        dead = sum(f is None for f in found)
        print(f"fill budget {budget:>6}: {1e6 * spent / count:.1f} us a fill (CPU), {dead} dead ends, "
              f"{changed} of {count} fills ({100 * changed / count:.2f}%) differ from budget 20000 "
              f"(load {os.getloadavg()[0]:.1f})", flush=True)


def _grading_seconds(job: tuple[str, list[tuple[tuple[int, ...], tuple[int, ...]]]]) -> dict[str, list[float]]:
    """CPU seconds of grading each puzzle with ``grade`` (the full engine) or ``quick``, by the kind of
    its hardest step (run in a fresh process: the techniques keep caches of what they found,
    and a puzzle graded a second time in one process meets them)."""
    from sudokuprint.grid import Grid
    from sudokuprint.logic.grading import grade
    from sudokuprint.logic.quick import quick_grade

    which, puzzles = job
    spent: dict[str, list[float]] = {}
    for puzzle, solution in puzzles:
        began = time.process_time()
        if which == "quick":
            found = quick_grade(puzzle, CLASSIC, solution)
        else:
            found = grade(Grid.from_values(puzzle, CLASSIC))
        seconds = time.process_time() - began
        kind = "singles only" if (found.rating or 0) <= 2.3 else f"level {found.level}"
        spent.setdefault(kind, []).append(seconds)
    return spent


def compare_grades(count: int) -> None:
    """``count`` generated minimal rot180 puzzles (ungraded, seed 1), each graded by the full engine
    (``logic.grading.grade``: the solve written out step by step) and by the generator's
    ``logic.quick.quick_grade``: how many records differ (any field, the technique counts in
    order); then the CPU milliseconds of each, each timed in a fresh process, overall and by
    the kind of the hardest step."""
    from sudokuprint.grid import Grid
    from sudokuprint.logic.grading import grade
    from sudokuprint.logic.quick import quick_grade

    rng = random.Random(1)
    target = DigTarget(symmetry="rot180", minimal=True)
    made = [generate_puzzle(CLASSIC, rng, target, graded=False) for _ in range(count)]
    differ = 0
    levels: Counter = Counter()
    for puzzle in made:
        full = grade(Grid.from_values(puzzle.puzzle, CLASSIC))
        quick = quick_grade(puzzle.puzzle, CLASSIC, puzzle.solution)
        if quick != full or list(quick.techniques.items()) != list(full.techniques.items()):
            differ += 1
            print(f"  differ: {full.puzzle}: full {full.to_dict()} quick {quick.to_dict()}")
        levels[full.level] += 1
    print(f"grades of {count} generated minimal rot180 puzzles: {differ} differ between grading.grade and "
          f"quick_grade (levels {dict(sorted(levels.items()))}; load {os.getloadavg()[0]:.1f})")
    puzzles = [(p.puzzle, p.solution) for p in made]
    timed = {}
    for which in ("full", "quick", "full", "quick"):  # each pass in a process of its own, twice
        with ProcessPoolExecutor(1) as pool:
            spent = pool.submit(_grading_seconds, (which, puzzles)).result()
        runs = timed.setdefault(which, [])
        runs.append(spent)
        print(f"  {which}, pass {len(runs)}: {1000 * sum(map(sum, spent.values())) / count:.2f} CPU ms a puzzle "
              f"(load {os.getloadavg()[0]:.1f})", flush=True)
    kinds = sorted(timed["full"][0])
    for kind in kinds + ["all"]:
        def best(which: str) -> tuple[int, float]:
            totals = [sum(map(sum, s.values())) if kind == "all" else sum(s.get(kind, [])) for s in timed[which]]
            number = count if kind == "all" else len(timed[which][0].get(kind, []))
            return number, min(totals)
        number, full_seconds = best("full")
        _, quick_seconds = best("quick")
        print(f"  {kind}: {number} puzzles, CPU ms a puzzle (best of 2 passes): full {1000 * full_seconds / number:.2f}, "
              f"quick {1000 * quick_seconds / number:.2f} ({full_seconds / quick_seconds:.2f}x)")


def first_puzzle_seconds(cells: frozenset[int], seed: int, limit: float) -> float | None:
    started = time.monotonic()
    try:
        fill_pattern(cells, CLASSIC, random.Random(seed), PatternSearch(time_limit=limit, graded=False))
    except GenerationError:
        return None
    return time.monotonic() - started


def random_patterns(count: int, givens: int, seed: int = 99) -> list[frozenset[int]]:
    """Random 180°-symmetric patterns with every box used and no known impossibility."""
    rng = random.Random(seed)
    pairs = [orbit for orbit in orbits(CLASSIC, "rot180") if len(orbit) == 2]
    found: list[frozenset[int]] = []
    while len(found) < count:
        cells = frozenset(c for orbit in rng.sample(pairs, givens // 2) for c in orbit)
        if not pattern_problems(cells, CLASSIC) and all(not cells.isdisjoint(box.cells) for box in CLASSIC.boxes):
            found.append(cells)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds per throughput run")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--pattern-limit", type=float, default=60.0, help="give up on a pattern seed after this")
    parser.add_argument("--motif-seconds", type=float, default=60.0)
    parser.add_argument("--no-motifs", action="store_true")
    parser.add_argument("--random-patterns", type=int, default=0, metavar="K")
    parser.add_argument("--single", action="store_true", help="only the one-core and CLI rates")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each --single figure (the median is printed)")
    parser.add_argument("--budgets", action="store_true", help="only the fill budget study")
    parser.add_argument("--cli-count", type=int, default=10_000, help="-n of the ungraded CLI run of --single")
    parser.add_argument("--cli-graded-count", type=int, default=1_000, help="-n of the graded CLI run of --single")
    parser.add_argument("--compare-grades", type=int, default=0, metavar="N",
                        help="only: grade N generated puzzles with the full engine and with quick_grade, compare")
    args = parser.parse_args()
    print(f"solver backend: {active_backend().NAME}; load average {os.getloadavg()[0]:.1f}")
    if args.budgets:
        fill_budgets()
        return
    if args.compare_grades:
        compare_grades(args.compare_grades)
        return
    if args.single:
        single_figures(args.seconds, args.repeat, (args.cli_count, args.cli_graded_count))
        return
    rate, _ = throughput(args.seconds, args.jobs, graded=False)
    print(f"minimal rot180 unique puzzles/s, ungraded, {args.jobs} processes: {rate:.1f}")
    rate, levels = throughput(args.seconds, args.jobs, graded=True)
    print(f"minimal rot180 unique puzzles/s, graded, {args.jobs} processes: {rate:.1f}")
    total = sum(levels.values())
    for level in sorted(levels, key=lambda x: (x is None, x)):
        print(f"  level {level}: {levels[level] / args.seconds:.1f}/s ({100 * levels[level] / total:.0f}%)")
    for givens, cells in PATTERNS.items():
        times = [first_puzzle_seconds(cells, seed, args.pattern_limit) for seed in range(5)]
        shown = ", ".join("fail" if t is None else f"{t:.2f}" for t in times)
        median = statistics.median(sorted(t if t is not None else float("inf") for t in times))
        print(f"{givens}-given symmetric pattern: median {median:.2f} s to the first unique puzzle (seeds 0-4: {shown})")
    if args.random_patterns:
        times = [first_puzzle_seconds(cells, 0, args.pattern_limit) for cells in random_patterns(args.random_patterns, 20)]
        shown = ", ".join("fail" if t is None else f"{t:.2f}" for t in times)
        solved = sum(t is not None for t in times)
        print(f"random 20-given rot180 patterns yielding within {args.pattern_limit:g} s: {solved}/{len(times)} ({shown})")
    if args.no_motifs:
        return
    yielded = []
    for name in motif_names():
        shape, cells = motif(name)
        started = time.monotonic()
        try:
            fill_pattern(cells, shape, random.Random(0), PatternSearch(time_limit=args.motif_seconds, graded=False))
            yielded.append(name)
            print(f"  motif {name}: {time.monotonic() - started:.2f} s", flush=True)
        except GenerationError as error:
            print(f"  motif {name}: none ({error.stats.describe() if error.stats else error})", flush=True)
    share = len(yielded) / len(motif_names())
    print(f"motifs yielding a puzzle within {args.motif_seconds:g} s: {len(yielded)}/{len(motif_names())} ({100 * share:.0f}%)")


if __name__ == "__main__":
    main()
