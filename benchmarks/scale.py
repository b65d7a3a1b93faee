"""Scale-out benchmark: the same work in 1 process, 2 local processes and on a 2-worker Dask LocalCluster.

    python benchmarks/scale.py [--generate 24] [--grade 40] [--grade-set top1465] [--photos 8] [--empty 100] [--repeat 1]

For each workload -- ``generate`` (graded puzzles, as ``generate -n N``),
``grade`` (puzzles of top1465, or with ``--grade-set diabolical`` of the
sudoku_exchange diabolical list, in ``../shared/data``) and ``scan`` (Wicht
training photos) -- prints items/s with ``--jobs 1``, ``--jobs 2`` and
``--cluster`` on a LocalCluster of 2 worker processes (1 thread each), and
the speed-up over one process.  The work goes through the same executor
layer, chunk sizes and functions as the commands.  The processes run
first; then the cluster is started as ``--cluster local:2`` starts it (its
start-up time is printed on its own; it does not run beside the processes'
runs).  The commands' modules are imported here, and on the cluster's
workers, before any clock starts, as a user with a running scheduler and a
big job would have it: start-up is left out.  With ``--repeat R`` each mode
runs R times and the fastest run counts.

Beside each rate: the CPU seconds the run used in every process (this one,
its workers, the cluster's), per item, their system (kernel) part, and ``cores``, CPU over wall time -- on a busy
machine a speed-up is bounded by the cores it could get, so the CPU figures
say what the wall time cannot; ``cpu ceiling`` turns them into the speed-up
the overheads allow.  For each workload, ``bound`` is the best
speed-up 2 workers can reach on these items taken in input order (as
every executor takes them), whatever the chunking: the CPU time of all items
over the time two workers would need if each took the next item as soon as it
was free, with no overhead (from the CPU time of each item with ``--jobs 1``).
One slow item late in the input bounds it far below 2.

Overhead per chunk: the wall time per chunk for chunks of one item whose
work is nothing (``abs`` of a number), ``--empty`` of them, on each executor.

Prints the load average before and after: the figures are only comparable
with it.  Exits non-zero when an executor's results differ from one
process's (the output must not depend on where it ran).
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

import psutil

from sudokuprint.batch import GRADE_NEEDS, grade_item
from sudokuprint.cluster import prepare_worker, start_local_cluster
from sudokuprint.executor import InProcess, backend, executor, import_all, run_all
from sudokuprint.formats import read_file
from sudokuprint.generator import collection
from sudokuprint.generator.collection import Recipe, write_collection
from sudokuprint.scan_batch import SCAN_NEEDS, ScanOptions, find_photos, scan_row
from sudokuprint.shape import CLASSIC

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
MODES = ("jobs 1", "jobs 2", "cluster 2")


def _generate(count: int) -> Callable[[int], list[str]]:
    def work(jobs: int) -> list[str]:
        recipe = Recipe(CLASSIC, seed=11, graded=True)
        path = Path(tempfile.gettempdir()) / f"sudokuprint-scale-{os.getpid()}.txt"  # write_collection wants a path
        make_one = collection.make_one
        collection.make_one = _timing(make_one, jobs)  # each puzzle's CPU time noted with one job
        try:
            write_collection(recipe, count, path, "text", jobs=jobs)
            return path.read_text().splitlines()
        finally:
            collection.make_one = make_one
            path.unlink(missing_ok=True)
    return work


ITEM_CPU: list[float] = []
"""CPU seconds of each item of the last ``--jobs 1`` run of grade or scan (for the bound on the speed-up)."""


def _timing(function: Callable[..., Any], jobs: int) -> Callable[..., Any]:
    """``function`` as it is for workers; in this process (one job), also noting each item's CPU time."""
    if not isinstance(executor(jobs), InProcess):
        return function
    ITEM_CPU.clear()

    def timed(*arguments: Any) -> Any:
        started = time.process_time()
        result = function(*arguments)
        ITEM_CPU.append(time.process_time() - started)
        return result
    return timed


GRADE_SETS = {"top1465": "top1465_magictour.txt", "diabolical": "sudoku_exchange_diabolical_se.txt"}
"""Puzzle lists ``--grade-set`` can take: top1465's first puzzles hold one that takes most of
the time (a bound near 1.2x in order), the diabolical list's are even."""


def _grade(count: int, name: str = "top1465") -> Callable[[int], list[str]]:
    items = [(name, record) for record in read_file(DATA / "puzzles" / GRADE_SETS[name], None)][:count]

    def work(jobs: int) -> list[str]:
        return [f"{r['level']} {r['rating']} {r['puzzle']}" for r in
                run_all(_timing(grade_item, jobs), enumerate(items, start=1), jobs=jobs, warm=GRADE_NEEDS)]
    return work


def _scan(count: int) -> Callable[[int], list[str]]:
    photos = find_photos([str(DATA / "wicht" / "train")])[:count]

    def work(jobs: int) -> list[str]:
        rows = run_all(_timing(functools.partial(scan_row, ScanOptions()), jobs), photos, jobs=jobs, warm=SCAN_NEEDS)
        return [f"{row['source']} {row['status']} {row.get('puzzle', '-')}" for row in rows]
    return work


def _empty(count: int) -> Callable[[int], list[str]]:
    def work(jobs: int) -> list[str]:
        return [str(n) for n in run_all(abs, range(count), jobs=jobs, chunk_size=1)]
    return work


def _cpu_seconds() -> tuple[float, float, float]:
    """CPU time of this process (with a LocalCluster's scheduler, which runs in it), of its children (those that
    ended and those still running: the cluster's workers), and the system (kernel) part of both."""
    own = os.times()
    running = system = 0.0
    for child in psutil.Process().children(recursive=True):
        try:
            times = child.cpu_times()
        except psutil.Error:
            continue
        running += times.user + times.system
        system += times.system
    return (own.user + own.system, own.children_user + own.children_system + running,
            own.system + own.children_system + system)


Run = tuple[float, float, float, float, list[str]]
"""Wall seconds, CPU seconds here, CPU seconds in the workers, system CPU seconds of both, and the results of
one run."""


def _timed(work: Callable[[int], list[str]], mode: str, address: str) -> Run:
    """One run of ``work`` in one mode (the cluster client connects, and the workers import the commands' modules,
    before the clock starts: a running cluster has done its first jobs)."""
    if mode == "cluster 2":
        with backend(address):
            getattr(executor(), "client").run(prepare_worker, WARM)
            return _clocked(work, 1)
    return _clocked(work, int(mode.split()[1]))


WARM = ("sudokuprint.batch", "sudokuprint.generator.collection", "sudokuprint.scan_batch", *GRADE_NEEDS, *SCAN_NEEDS)
"""The modules the workloads' workers import."""


def _clocked(work: Callable[[int], list[str]], jobs: int) -> Run:
    here, workers, system = _cpu_seconds()
    started = time.perf_counter()
    results = work(jobs)
    wall = time.perf_counter() - started
    here_after, workers_after, system_after = _cpu_seconds()
    return wall, here_after - here, workers_after - workers, system_after - system, results


def _best(work: Callable[[int], list[str]], mode: str, address: str, repeat: int) -> Run:
    """The fastest of ``repeat`` runs; the results of every run must be the same."""
    best: Run | None = None
    for _ in range(max(1, repeat)):
        run = _timed(work, mode, address)
        if best is not None and run[4] != best[4]:
            raise AssertionError(f"{mode}: two runs gave different results")
        best = run if best is None or run[0] < best[0] else best
    assert best is not None
    return best


def _bound(seconds: list[float], workers: int = 2) -> str:
    """The best speed-up ``workers`` can reach on items of these CPU times taken in input order (see the doc)."""
    if not seconds:
        return ""
    free = [0.0] * workers  # when each worker is free; the next item goes to the first free one
    for cost in seconds:
        free[free.index(min(free))] += cost
    total = sum(seconds)
    return (f"; bound x{total / max(free):.2f} for {workers} workers taking items in order "
            f"(slowest item {max(seconds):.2f} s of {total:.2f} s CPU)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--generate", type=int, default=24, help="graded puzzles to generate")
    parser.add_argument("--grade", type=int, default=40, help="puzzles to grade")
    parser.add_argument("--grade-set", choices=sorted(GRADE_SETS), default="top1465",
                        help="the list they come from (default top1465)")
    parser.add_argument("--photos", type=int, default=8, help="Wicht photos to scan")
    parser.add_argument("--empty", type=int, default=100, help="empty chunks for the overhead figure")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each mode; the fastest counts")
    args = parser.parse_args()
    import_all(WARM)  # one_native_thread() first, as the scan command does; imports out of every clock (start-up)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs")
    workloads = [("generate (graded)", args.generate, _generate(args.generate)),
                 ("grade", args.grade, _grade(args.grade, args.grade_set)),
                 ("scan", args.photos, _scan(args.photos))]
    runs: dict[str, dict[str, tuple[float, float, float, float]]] = {name: {} for name, _, _ in workloads}
    reference: dict[str, list[str]] = {}
    bounds: dict[str, str] = {}
    ok = True

    def measure(mode: str, address: str = "") -> None:
        nonlocal ok
        for name, _, work in workloads:
            print(f"  {name}: {mode} ...", file=sys.stderr, flush=True)
            ITEM_CPU.clear()
            wall, here, workers, system, results = _best(work, mode, address, args.repeat)
            if mode == "jobs 1":
                bounds[name] = _bound(ITEM_CPU)
            runs[name][mode] = (wall, here, workers, system)
            if results != reference.setdefault(name, results):
                print(f"  {name}: {mode} gives different results from jobs 1", file=sys.stderr)
                ok = False

    overhead = []
    for mode in MODES[:2]:  # processes first, with no cluster running beside them
        measure(mode)
        wall, _, _, _, results = _timed(_empty(args.empty), mode, "")
        ok &= results == [str(n) for n in range(args.empty)]
        overhead.append(f"{mode} {1000 * wall / args.empty:.2f} ms")
    started = time.perf_counter()
    cluster = start_local_cluster(2)  # as --cluster local:2 starts it
    print(f"LocalCluster of 2 workers started in {time.perf_counter() - started:.1f} s")
    try:
        measure(MODES[2], cluster.scheduler_address)
        wall, _, _, _, results = _timed(_empty(args.empty), MODES[2], cluster.scheduler_address)
        ok &= results == [str(n) for n in range(args.empty)]
        overhead.append(f"{MODES[2]} {1000 * wall / args.empty:.2f} ms")
    finally:
        cluster.close()
    for name, count, _ in workloads:
        alone = runs[name]["jobs 1"]
        alone_cpu = alone[1] + alone[2]
        print(f"{name:<18} {count:>5} items{bounds.get(name, '')}")
        for mode, (wall, here, workers, system) in runs[name].items():
            cpu = here + workers
            print(f"    {mode:<10} {count / wall:8.2f}/s  x{alone[0] / wall:.2f}  wall {wall:7.2f} s  cpu {cpu:7.2f} s"
                  f" ({1000 * cpu / count:.1f} ms/item; here {here:.2f}, sys {system:.2f})  cores {cpu / wall:.2f}"
                  f"  cpu vs jobs 1 x{cpu / alone_cpu:.2f}  cpu ceiling x{min(2.0, 2 * alone_cpu / cpu):.2f}")
    print("cpu ceiling: the speed-up over jobs 1 two fully busy cores would give for the CPU this run used (jobs 1's "
          "CPU x 2 / this run's): what the overheads allow, less sensitive to load than wall time (a busy machine "
          "still lowers it: CPU caches are shared, and a cluster's periodic work grows with the wall time); 'here' "
          "is this process "
          "(the parent, or the client and the LocalCluster's scheduler), 'sys' the kernel's part of the CPU.  "
          "Start-up (Python, imports, the cluster) "
          "is left out, as for a user whose big job makes it a small share.")
    print(f"overhead per chunk ({args.empty} empty chunks of one item): " + "; ".join(overhead))
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
