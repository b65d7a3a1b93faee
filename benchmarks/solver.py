"""Solver benchmark: puzzles per second for solve and for the uniqueness check.

Every backend of ``sudokuprint.solver`` (a compiled one shows up by itself
when it is importable) is timed against the textbook baseline in
``norvig_baseline.py`` on the same puzzles in the same run, and the ratio is
printed.  Every result is checked: each puzzle of these sets has exactly one
solution, so a count other than 1, or a wrong solution, makes the script exit 1.

    python benchmarks/solver.py                 # the full run (a few minutes, mostly the baseline)
    python benchmarks/solver.py --quick         # 100 puzzles a set
    python benchmarks/solver.py --sets forum1106 --backend python --no-baseline
    python benchmarks/solver.py --api --no-baseline --sets 17clue,forum1106   # issue 14's table
    python benchmarks/solver.py --api --no-baseline --backend native --sets forum1106 --repeat 3

Where the native backend is there, a ``batch`` row adds its bulk call
(``native.count_strings``: many puzzle strings per C call, counts only), the
way the generator and collection checks use it.  With ``--api`` these rows
are added, each one call per puzzle and taking turns with the others on the
same chunks:

- ``engine``: the C engine itself (``_native.solve`` on cell bytes);
- ``tdoku``: tdoku's ``TdokuSolverDpllTriadSimd`` through ctypes, when its
  shared library is found (``$TDOKU_LIB``, default /tmp/tdoku/libtdoku.so;
  build it from tdoku's public repository in a scratch folder); a reference
  only, never part of sudokuprint;
- ``api-grid``: ``sudokuprint.search(grid, 1)`` to solve, ``count_solutions(grid)`` to check, on parsed grids;
- ``api-line``: ``sudokuprint.search(line, 1)`` / ``is_unique(line)`` on the 81-character strings;
- ``api-parse``: ``search(parse(line), 1)`` / ``count_solutions(parse(line))``.

The uniqueness column times each row's own check, the call a user makes for
it (issue 14 names them): it gives only the count or the answer, so only that
is checked there (each puzzle of these sets must count 1).

The ``x tdoku`` columns give each row's rate over tdoku's in the same run.
With ``--api`` each set also gets a ``guesses`` line: the guesses (search
nodes) a puzzle costs the C engine and tdoku, to solve and to count to two;
the second is the size of the whole search tree (both are deterministic, so
this line does not depend on the machine's load).  It also names the build of
the 9x9 engine that ran (``x86-64 avx2`` or ``portable``; set
``SUDOKUPRINT_NATIVE_PORTABLE=1`` to time the portable one).
"""

from __future__ import annotations

import argparse
import ctypes
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

import norvig_baseline  # noqa: E402
from sudokuprint.shape import CLASSIC  # noqa: E402
from sudokuprint.solver import backend_names, get_backend  # noqa: E402

DEFAULT_DATA = REPO.parent / "shared" / "data" / "puzzles"
BASELINE = "norvig"


@dataclass(frozen=True)
class PuzzleSet:
    key: str
    file: str
    default_limit: int | None  # how many lines from the top; None = all


SETS = {
    s.key: s
    for s in (
        PuzzleSet("17clue", "sudoku17_royle_49151.txt", 2000),
        PuzzleSet("top1465", "top1465_magictour.txt", None),
        PuzzleSet("forum1106", "forum_hardest_1106.txt", None),
    )
}
QUICK_LIMIT = 100
CHUNK = 25  # puzzles each solver times in one turn

# A solver here: puzzle line, limit -> (count, first solution as an 81-digit string or None).
Solver = Callable[[str, int], "tuple[int, str | None]"]


UNCHECKED = object()
"""A solver's answer whose solution is not checked (tdoku's count-only call)."""

TDOKU_LIB = os.environ.get("TDOKU_LIB", "/tmp/tdoku/libtdoku.so")


def tdoku_function() -> Callable[..., int] | None:
    """tdoku's C solver function through ctypes, or None when its library is not there."""
    if not Path(TDOKU_LIB).is_file():
        return None
    library = ctypes.CDLL(TDOKU_LIB)
    solve = library.TdokuSolverDpllTriadSimd
    solve.restype = ctypes.c_size_t
    solve.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_uint32, ctypes.c_char_p,
                      ctypes.POINTER(ctypes.c_size_t)]
    return solve  # type: ignore[no-any-return]


def tdoku_solver() -> Solver | None:
    """tdoku's solver through ctypes, or None when its library is not there."""
    solve = tdoku_function()
    if solve is None:
        return None
    solution = ctypes.create_string_buffer(82)
    guesses = ctypes.c_size_t(0)
    encoded: dict[str, bytes] = {}

    def run(line: str, limit: int) -> tuple[int, str | None]:
        puzzle = encoded[line]
        count = solve(puzzle, limit, 0, solution, ctypes.byref(guesses))
        if limit > 1:  # tdoku's counting call writes no solution: only its count is checked
            return count, UNCHECKED  # type: ignore[return-value]
        return count, (lambda text=solution.raw[:81]: text.decode("ascii"))  # type: ignore[return-value]

    run.prepare = lambda lines: encoded.update((line, line.encode("ascii")) for line in lines)  # type: ignore[attr-defined]
    return run


def engine_solver() -> Solver:
    """The C engine, one call per puzzle, on cell bytes prepared beforehand."""
    from sudokuprint.notation import line_values
    from sudokuprint.solver import _native  # type: ignore[attr-defined]

    prepared: dict[str, bytes] = {}

    def run(line: str, limit: int) -> tuple[int, str | None]:
        count, first = _native.solve(prepared[line], 3, 3, limit)
        return count, (lambda: "".join(map(str, first)))  # type: ignore[return-value]

    run.prepare = lambda lines: prepared.update((line, line_values(line)[1]) for line in lines)  # type: ignore
    return run


def api_solver(kind: str) -> Solver:
    """The public API, one call per puzzle: on parsed grids, on lines, or parsing each line."""
    import sudokuprint

    grids: dict[str, object] = {}

    def run(line: str, limit: int) -> tuple[int, str | None]:
        if kind == "grid":
            puzzle = grids[line]
        elif kind == "parse":
            puzzle = sudokuprint.parse(line)
        else:
            puzzle = line
        if limit == 2:  # the uniqueness check as a user calls it: only its answer, no solution to check
            if kind == "line":
                return (1 if sudokuprint.is_unique(puzzle) else 2), UNCHECKED  # type: ignore[return-value]
            return sudokuprint.count_solutions(puzzle), UNCHECKED  # type: ignore[return-value]
        result = sudokuprint.search(puzzle, limit)  # type: ignore[arg-type]
        return result.count, (lambda: "".join(map(str, result.solution_values or ())))  # type: ignore[return-value]

    if kind == "grid":  # grids parsed before the timing
        run.prepare = lambda lines: grids.update((line, sudokuprint.parse(line)) for line in lines)  # type: ignore
    return run


def engine_guesses(puzzles: Sequence[str], limit: int) -> float:
    """The C engine's guesses a puzzle, counting up to `limit` solutions."""
    from sudokuprint.notation import line_values
    from sudokuprint.solver import _native  # type: ignore[attr-defined]

    cells = []
    for line in puzzles:
        shape_and_values = line_values(line)
        assert shape_and_values is not None, line  # load() keeps bare 81-character lines
        cells.append(shape_and_values[1])
    guesses = bytearray(8)
    _native.count_many(b"".join(cells), 3, 3, limit, guesses=guesses)
    return int.from_bytes(guesses, sys.byteorder) / len(puzzles)


def tdoku_guesses(puzzles: Sequence[str], limit: int) -> float | None:
    """tdoku's guesses a puzzle, counting up to `limit` solutions; None without tdoku."""
    solve = tdoku_function()
    if solve is None:
        return None
    solution, guesses, total = ctypes.create_string_buffer(82), ctypes.c_size_t(0), 0
    for line in puzzles:
        solve(line.encode("ascii"), limit, 0, solution, ctypes.byref(guesses))
        total += guesses.value
    return total / len(puzzles)


def backend_solver(name: str) -> Solver:
    engine = get_backend(name)

    def run(line: str, limit: int) -> tuple[int, str | None]:
        values = [int(ch) if ch.isdigit() else 0 for ch in line]
        count, first = engine.solve(values, CLASSIC, limit)
        return count, "".join(map(str, first)) if first is not None else None

    return run


def load(path: Path, limit: int | None) -> list[str]:
    lines: list[str] = []
    with path.open() as stream:
        for line in stream:
            line = line.strip()
            if line:
                lines.append(line)
                if limit is not None and len(lines) >= limit:
                    break
    return lines


def is_solution(solution: str | None, puzzle: str) -> bool:
    """True when ``solution`` is a complete valid 9x9 grid that keeps every given of ``puzzle``."""
    if solution is None or len(solution) != 81 or not solution.isdigit():
        return False
    if any(p != s for p, s in zip(puzzle, solution) if p.isdigit() and p != "0"):
        return False
    for house in CLASSIC.houses:
        if sorted(solution[c] for c in house.cells) != list("123456789"):
            return False
    return True


def time_solvers(solvers: dict[str, Solver], puzzles: Sequence[str], limit: int) -> dict[str, tuple[float, list[str]]]:
    """For each solver: puzzles per second with ``limit``, and a description of every wrong result.

    The solvers take turns on chunks of the list, so that a change of load on a
    shared machine falls on all of them alike; CPU time of this process is counted.
    """
    results: dict[str, list[tuple[int, str | None]]] = {name: [] for name in solvers}
    seconds = dict.fromkeys(solvers, 0.0)
    for start in range(0, len(puzzles), CHUNK):
        chunk = puzzles[start : start + CHUNK]
        for name, solver in solvers.items():
            began = time.process_time()
            results[name] += [solver(line, limit) for line in chunk]
            seconds[name] += time.process_time() - began
    report = {}
    for name in solvers:
        errors = []
        for number, (line, (count, first)) in enumerate(zip(puzzles, results[name]), 1):
            if callable(first):  # a solution to be written out after the timing
                first = first()
            if first is UNCHECKED and count == 1:
                continue
            if count != 1:
                errors.append(f"puzzle {number}: {count} solutions with limit {limit}, expected 1: {line}")
            elif not is_solution(first, line):
                errors.append(f"puzzle {number}: wrong solution {first} for {line}")
        report[name] = (len(puzzles) / max(seconds[name], 1e-9), errors)
    return report


def best_of(
    repeat: int, timing: Callable[[], dict[str, tuple[float, list[str]]]]
) -> dict[str, tuple[float, list[str]]]:
    """``timing()`` run ``repeat`` times: each solver's best rate, and the wrong results of every run."""
    best: dict[str, tuple[float, list[str]]] = {}
    for _ in range(repeat):
        for name, (rate, errors) in timing().items():
            old_rate, old_errors = best.get(name, (0.0, []))
            best[name] = (max(rate, old_rate), old_errors + errors)
    return best


def time_native_batch(puzzles: Sequence[str], limit: int) -> tuple[float, list[str]]:
    """Puzzles per second through the native batch call (counts only, one C call per pass)."""
    from sudokuprint.solver import native

    passes, seconds, counts = 0, 0.0, []
    while seconds < 0.5:  # repeat short sets so the figure is not a few milliseconds of noise
        began = time.process_time()
        counts = native.count_strings(puzzles, limit)
        seconds += time.process_time() - began
        passes += 1
    errors = [f"puzzle {n}: {c} solutions with limit {limit}, expected 1" for n, c in enumerate(counts, 1) if c != 1]
    return passes * len(puzzles) / seconds, errors


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA,
                        help="folder of the puzzle lists (default: %(default)s)")
    parser.add_argument("--sets", default=",".join(SETS), help="comma-separated sets out of: %(default)s")
    parser.add_argument("--backend", action="append", help="time only this backend (repeatable); default: all of "
                        + ", ".join(backend_names()))
    parser.add_argument("--limit", type=int, help="at most this many puzzles from the top of each set "
                        "(default: 2000 of the 17-clue list, all of the others)")
    parser.add_argument("--quick", action="store_true", help=f"a short run: --limit {QUICK_LIMIT}")
    parser.add_argument("--no-baseline", action="store_true", help="skip the baseline (no ratios)")
    parser.add_argument("--api", action="store_true", help="add the engine, tdoku and public-API rows")
    parser.add_argument("--repeat", type=int, default=1, help="time each set this many times and keep each row's "
                        "best rate (steadier figures on a loaded machine; default: %(default)s)")
    args = parser.parse_args(argv)
    args.sets = [s.strip() for s in args.sets.split(",") if s.strip()]
    unknown = [s for s in args.sets if s not in SETS]
    if unknown:
        parser.error(f"unknown set(s) {', '.join(unknown)}; known: {', '.join(SETS)}")
    for name in args.backend or []:
        if name not in backend_names():
            parser.error(f"backend {name!r} is not available; have: {', '.join(backend_names())}")
    if args.limit is not None and args.limit < 1:
        parser.error("--limit must be at least 1")
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    missing = [str(args.data / SETS[s].file) for s in args.sets if not (args.data / SETS[s].file).is_file()]
    if missing:
        parser.error(f"puzzle list(s) not found: {', '.join(missing)} (set --data to the folder that has them)")
    if args.quick and args.limit is None:
        args.limit = QUICK_LIMIT
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    solvers: dict[str, Solver] = {name: backend_solver(name) for name in args.backend or backend_names()}
    if args.api:
        if "native" in backend_names():
            solvers["engine"] = engine_solver()
        tdoku = tdoku_solver()
        if tdoku is not None:
            solvers["tdoku"] = tdoku
        else:
            print(f"(tdoku not found at {TDOKU_LIB}: its row is skipped)", file=sys.stderr)
        for kind in ("grid", "line", "parse"):
            solvers[f"api-{kind}"] = api_solver(kind)
    if not args.no_baseline:
        solvers[BASELINE] = norvig_baseline.count_solutions
    print(f"{'set':<10} {'puzzles':>7} {'solver':<9} {'solve/s':>9} {'unique/s':>9} {'x solve':>8} {'x unique':>9}"
          + (f" {'x tdoku':>8} {'x tdoku':>8}" if "tdoku" in solvers else "")
          + f"   (CPU time, turns of {CHUNK} puzzles, best of {args.repeat}; load average {os.getloadavg()[0]:.1f})")
    failures: list[str] = []
    for key in args.sets:
        puzzle_set = SETS[key]
        limit = args.limit if args.limit is not None else puzzle_set.default_limit
        puzzles = load(args.data / puzzle_set.file, limit)
        for solver in solvers.values():
            getattr(solver, "prepare", lambda lines: None)(puzzles)  # what a row takes as given, made untimed
        solved = best_of(args.repeat, lambda: time_solvers(solvers, puzzles, 1))
        checked = best_of(args.repeat, lambda: time_solvers(solvers, puzzles, 2))
        rates = {name: (solved[name][0], checked[name][0]) for name in solvers}
        for name in solvers:
            failures += [f"{key} {name}: {e}" for e in solved[name][1] + checked[name][1]]
        if "native" in solvers:
            batch = [time_native_batch(puzzles, limit) for limit in (1, 2)]
            rates["batch"] = (batch[0][0], batch[1][0])
            failures += [f"{key} native batch: {e}" for _, errors in batch for e in errors]
        base = rates.get(BASELINE)
        tdoku_rates = rates.get("tdoku")
        for name, (solve_rate, unique_rate) in rates.items():
            ratios = f"{solve_rate / base[0]:>8.1f} {unique_rate / base[1]:>9.1f}" if base else f"{'-':>8} {'-':>9}"
            if tdoku_rates:
                ratios += f" {solve_rate / tdoku_rates[0]:>8.2f} {unique_rate / tdoku_rates[1]:>8.2f}"
            print(f"{key:<10} {len(puzzles):>7} {name:<9} {solve_rate:>9.1f} {unique_rate:>9.1f} {ratios}", flush=True)
        if args.api and "engine" in solvers:
            from sudokuprint.solver import _native  # type: ignore[attr-defined]

            line = f"{key:<10} {len(puzzles):>7} guesses a puzzle (solve / count to 2): engine " + " / ".join(
                f"{engine_guesses(puzzles, limit):.1f}" for limit in (1, 2))
            reference = [tdoku_guesses(puzzles, limit) for limit in (1, 2)]
            if reference[0] is not None:
                line += ", tdoku " + " / ".join(f"{g:.1f}" for g in reference if g is not None)
            print(line + f" (engine build: {_native.VARIANT})", flush=True)
    for failure in failures[:20]:
        print("WRONG:", failure, file=sys.stderr)
    if failures:
        print(f"{len(failures)} wrong result(s)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
