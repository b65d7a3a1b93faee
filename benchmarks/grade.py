"""Grading benchmark: speed, share solved without trial, and agreement with Sudoku Explainer.

For each set: puzzles graded per second (wall clock, ``--jobs`` worker
processes started before the clock runs; with ``--jobs 1`` also per second
of this process's CPU time, the fairer figure on a shared machine),
the share solved without trial, the SVD level counts and the rating range.
For the Explainer-rated set (``sudoku_exchange_diabolical_se.txt`` with its
``.ratings.txt``), also the Spearman rank correlation between our ratings and
the given ones (ties get their average rank), and the mean rating per whole
Explainer rating.

    python benchmarks/grade.py                       # easy50, top95, rated lines 1-2000, 2 jobs
    python benchmarks/grade.py --skip 2000           # the same on rated lines 2001-4000
    python benchmarks/grade.py --rated 300 --jobs 1  # a quicker look
    python benchmarks/grade.py --jobs 1 --speed      # issue 14's speed figures, single core:
                                                     # top95 and the first 500 rated lines
    python benchmarks/grade.py --jobs 1 --speed --python  # the same with the logic engine's
                                                     # compiled searches off (sudokuprint.logic.kernels)
    python benchmarks/grade.py --held-out 800        # every 10th of rated lines 2001-10000
    python benchmarks/grade.py --forum 30            # every 1600th line of the SE 11+ list

The technique ratings (sudokuprint.logic.techniques) were calibrated on
rated lines 1-2000 and on the forum 11+ list only; lines 2001-10000 are the
held-out part for the figure (``--held-out N`` takes N of them, evenly
spaced, when all 8,000 would take too long).  The forum list has no
per-puzzle ratings, only that every puzzle there is rated above 11.0 by
Explainer, so its figure is our mean rating (the goal is 10 or more).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from multiprocessing import Pool
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

from sudokuprint.grid import Grid  # noqa: E402
from sudokuprint.logic.grading import grade  # noqa: E402

DATA = REPO.parent / "shared" / "data" / "puzzles"
RATED = "sudoku_exchange_diabolical_se.txt"
FORUM = "forum_hardest_1905_se11plus.txt"


def average_ranks(values: list[float]) -> list[float]:
    """1-based ranks, ties sharing the mean of the ranks they span."""
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def spearman(xs: list[float], ys: list[float]) -> float:
    """Spearman's rank correlation: Pearson's correlation of the average ranks."""
    rx, ry = average_ranks(xs), average_ranks(ys)
    n = len(xs)
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return cov / (vx * vy) ** 0.5 if vx and vy else 0.0


def grade_line(line: str) -> tuple[float, int, bool]:
    result = grade(Grid.from_string(line))
    return result.rating, result.level, result.trial


def run_set(name: str, lines: list[str], pool) -> list[tuple[float, int, bool]]:
    start = time.perf_counter()
    cpu_start = time.process_time()
    if pool is not None:
        results = pool.map(grade_line, lines, chunksize=4)
    else:
        results = [grade_line(line) for line in lines]
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    ratings = [r for r, _, _ in results]
    levels = Counter(level for _, level, _ in results)
    no_trial = sum(1 for _, _, trial in results if not trial) / len(results)
    print(
        f"{name:<28} {len(lines):5d} puzzles  {len(lines) / elapsed:8.1f} puzzles/s ({elapsed / len(lines):.2f} s each)"
        + (f" ({len(lines) / cpu:.1f}/s of CPU time)  " if pool is None and cpu > 0 else "  ")
        + f"without trial {no_trial:6.1%}  levels {dict(sorted(levels.items()))}  "
        f"rating {min(ratings):.1f}-{max(ratings):.1f}",
        flush=True,
    )
    return results


def read_lines(name: str, limit: int | None = None) -> list[str]:
    with (DATA / name).open() as stream:
        lines = [line.strip() for line in stream if line.strip()]
    return lines[:limit] if limit else lines


def evenly(lines: list, count: int) -> list:
    """``count`` items spread evenly over ``lines`` (all of them when fewer)."""
    if count >= len(lines):
        return lines
    step = len(lines) / count
    return [lines[int(i * step)] for i in range(count)]


def rated_report(results: list[tuple[float, int, bool]], given: list[float]) -> None:
    ours = [r for r, _, _ in results]
    print(f"Spearman rank correlation with the Explainer ratings: {spearman(ours, given):.3f}")
    by_whole: dict[int, list[tuple[float, float]]] = defaultdict(list)
    for theirs, mine in zip(given, ours):
        by_whole[int(theirs)].append((theirs, mine))
    for whole in sorted(by_whole):
        pairs = by_whole[whole]
        mean = sum(m for _, m in pairs) / len(pairs)
        theirs = sum(t for t, _ in pairs) / len(pairs)
        print(
            f"  Explainer {whole}.x: {len(pairs):5d} puzzles, Explainer's mean {theirs:.2f}, "
            f"our mean {mean:.2f} ({mean - theirs:+.2f})"
        )


def kernels_enabled() -> bool:
    from sudokuprint.logic import kernels

    return kernels.ENABLED


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--rated", type=int, default=2000, help="lines of the Explainer-rated set (default 2000)")
    parser.add_argument("--skip", type=int, default=0, help="start the rated lines here (default 0)")
    parser.add_argument("--speed", action="store_true", help="only top95 and the first 500 rated lines (issue 14)")
    parser.add_argument("--held-out", type=int, default=0, help="grade N of rated lines 2001-10000, evenly spaced")
    parser.add_argument("--forum", type=int, default=0, help="grade N lines of the Explainer 11+ list, evenly spaced")
    parser.add_argument("--python", action="store_true", help="the logic engine's pure-Python searches only")
    args = parser.parse_args()
    if args.python:
        from sudokuprint.logic import kernels

        kernels.ENABLED = False
    print(f"logic searches: {'compiled' if kernels_enabled() else 'pure Python'}", flush=True)

    pool = Pool(args.jobs) if args.jobs > 1 else None
    if pool is not None:  # start the workers (and their imports) before timing
        pool.map(grade_line, read_lines("easy50_pe96.txt")[: args.jobs], chunksize=1)
    all_rated = read_lines(RATED)
    all_given = [float(x) for x in read_lines(RATED.replace(".txt", ".ratings.txt"))]
    if args.speed:
        run_set("top95.txt", read_lines("top95.txt"), pool)
        run_set(f"{RATED} (lines 1-500)", all_rated[:500], pool)
    elif args.held_out or args.forum:
        if args.held_out:
            picked = evenly(list(range(2000, 10000)), args.held_out)
            results = run_set(f"{RATED} (held out: {len(picked)} of lines 2001-10000)", [all_rated[i] for i in picked], pool)
            rated_report(results, [all_given[i] for i in picked])
        if args.forum:
            all_forum = read_lines(FORUM)
            numbers = evenly(list(range(len(all_forum))), args.forum)
            forum = [all_forum[i] for i in numbers]
            results = run_set(f"{FORUM} ({len(forum)} evenly spaced)", forum, pool)
            ratings = [r for r, _, _ in results]
            print("  per puzzle (line: rating): " + ", ".join(f"{i + 1}: {r:.1f}" for i, r in zip(numbers, ratings)))
            print(f"  mean rating {sum(ratings) / len(ratings):.2f} (Explainer: all above 11.0); "
                  f"share rated 10 or more {sum(r >= 10 for r in ratings) / len(ratings):.0%}")
    else:
        run_set("easy50_pe96.txt", read_lines("easy50_pe96.txt"), pool)
        run_set("top95.txt", read_lines("top95.txt"), pool)
        lines = all_rated[args.skip : args.skip + args.rated]
        given = all_given[args.skip : args.skip + args.rated]
        results = run_set(f"{RATED} (lines {args.skip + 1}-{args.skip + len(lines)})", lines, pool)
        rated_report(results, given)
    if pool is not None:
        pool.close()


if __name__ == "__main__":
    main()
