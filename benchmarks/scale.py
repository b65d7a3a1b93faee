"""Scale-out benchmark: the same work in 1 process, 2 local processes and on a 2-worker Dask LocalCluster.

    python benchmarks/scale.py [--generate 24] [--grade 40] [--photos 8] [--empty 100]

For each workload -- ``generate`` (graded puzzles, as ``generate -n N``),
``grade`` (puzzles of top1465 in ``../shared/data``) and ``scan`` (Wicht
training photos) -- prints items/s with ``--jobs 1``, ``--jobs 2`` and
``--cluster`` on a LocalCluster of 2 worker processes (1 thread each), and
the speed-up over one process.  The work goes through the same executor
layer, chunk sizes and functions as the commands.  The cluster is started
once before the runs (its start-up time is printed on its own), as a user
with a running scheduler would have it.

Overhead per chunk: the wall time per chunk for chunks of one item whose
work is nothing (``abs`` of a number), ``--empty`` of them, on each executor.

Prints the load average before and after: the figures are only comparable
with it.  Exits non-zero when an executor's results differ from one
process's (the output must not depend on where it ran).
"""

from __future__ import annotations

import argparse
import functools
import logging
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

from sudokuprint.batch import grade_item
from sudokuprint.executor import backend, run_all, worker_count
from sudokuprint.formats import read_file
from sudokuprint.generator.collection import Recipe, write_collection
from sudokuprint.scan_batch import ScanOptions, find_photos, scan_row
from sudokuprint.shape import CLASSIC

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
MODES = ("jobs 1", "jobs 2", "cluster 2")


def _generate(count: int) -> Callable[[int], list[str]]:
    def work(jobs: int) -> list[str]:
        recipe = Recipe(CLASSIC, seed=11, graded=True)
        path = Path(tempfile.gettempdir()) / f"sudokuprint-scale-{os.getpid()}.txt"  # write_collection wants a path
        try:
            write_collection(recipe, count, path, "text", jobs=jobs)
            return path.read_text().splitlines()
        finally:
            path.unlink(missing_ok=True)
    return work


def _grade(count: int) -> Callable[[int], list[str]]:
    items = [("top1465", record) for record in read_file(DATA / "puzzles" / "top1465_magictour.txt", None)][:count]

    def work(jobs: int) -> list[str]:
        return [f"{r['level']} {r['rating']} {r['puzzle']}" for r in
                run_all(grade_item, enumerate(items, start=1), jobs=jobs, chunk_size=4)]
    return work


def _scan(count: int) -> Callable[[int], list[str]]:
    photos = find_photos([str(DATA / "wicht" / "train")])[:count]

    def work(jobs: int) -> list[str]:
        rows = run_all(functools.partial(scan_row, ScanOptions()), photos, jobs=jobs)
        return [f"{row['source']} {row['status']} {row.get('puzzle', '-')}" for row in rows]
    return work


def _empty(count: int) -> Callable[[int], list[str]]:
    def work(jobs: int) -> list[str]:
        return [str(n) for n in run_all(abs, range(count), jobs=jobs, chunk_size=1)]
    return work


def _timed(work: Callable[[int], list[str]], mode: str, address: str) -> tuple[float, list[str]]:
    """Seconds and results of ``work`` run in one mode (the cluster client connects before the clock starts)."""
    if mode == "cluster 2":
        with backend(address):
            worker_count()  # connect
            started = time.perf_counter()
            results = work(1)
    else:
        started = time.perf_counter()
        results = work(int(mode.split()[1]))
    return time.perf_counter() - started, results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--generate", type=int, default=24, help="graded puzzles to generate")
    parser.add_argument("--grade", type=int, default=40, help="top1465 puzzles to grade")
    parser.add_argument("--photos", type=int, default=8, help="Wicht photos to scan")
    parser.add_argument("--empty", type=int, default=100, help="empty chunks for the overhead figure")
    args = parser.parse_args()
    from distributed import LocalCluster

    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs")
    started = time.perf_counter()
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                           silence_logs=logging.ERROR)
    print(f"LocalCluster of 2 workers started in {time.perf_counter() - started:.1f} s")
    ok = True
    try:
        workloads = [("generate (graded)", args.generate, _generate(args.generate)),
                     ("grade", args.grade, _grade(args.grade)),
                     ("scan", args.photos, _scan(args.photos))]
        for name, count, work in workloads:
            rates, reference = {}, None
            for mode in MODES:
                seconds, results = _timed(work, mode, cluster.scheduler_address)
                rates[mode] = count / seconds
                reference = results if reference is None else reference
                if results != reference:
                    print(f"  {name}: {mode} gives different results from jobs 1", file=sys.stderr)
                    ok = False
            print(f"{name:<18} {count:>5} items: " + "; ".join(
                f"{mode} {rate:7.2f}/s (x{rate / rates['jobs 1']:.2f})" for mode, rate in rates.items()))
            sys.stdout.flush()
        overhead = []
        for mode in MODES:
            seconds, results = _timed(_empty(args.empty), mode, cluster.scheduler_address)
            ok &= results == [str(n) for n in range(args.empty)]
            overhead.append(f"{mode} {1000 * seconds / args.empty:.2f} ms")
        print(f"overhead per chunk ({args.empty} empty chunks of one item): " + "; ".join(overhead))
    finally:
        cluster.close()
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
