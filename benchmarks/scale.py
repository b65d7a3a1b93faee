"""Scale-out benchmark: the same work in 1 process, 2 local processes and on a 2-worker Dask LocalCluster.

    python benchmarks/scale.py [--generate 24] [--grade 40] [--grade-set top1465] [--photos 8] [--empty 100] [--repeat 1]

For each workload -- ``generate`` (graded puzzles, as ``generate -n N``),
``grade`` (puzzles of top1465, or with ``--grade-set diabolical`` of the
sudoku_exchange diabolical list, in ``../shared/data``) and ``scan`` (Wicht
training photos) -- prints items/s with ``--jobs 1``, ``--jobs 2`` and
``--cluster`` on a LocalCluster of 2 worker processes (1 thread each), and
the speed-up over one process.  The work goes through the same executor
layer, chunk sizes and functions as the commands.  Every run starts from
processes that have done none of the work: the grader's techniques cache
what they find across puzzles, so a process that graded these puzzles
before grades them again 10-15 % cheaper, and workers forked from it
inherit that (``jobs 1`` and ``jobs 2`` each run in a process forked from
this one, which only imports; each cluster run gets a new cluster, started
as ``--cluster local:2`` starts it, its start-up time printed on its own and
never beside the processes' runs).  The commands' modules are imported
here, and on the cluster's workers, before any clock starts, as a user with
a running scheduler and a big job would have it: start-up is left out.
With ``--repeat R`` each mode runs R times and the fastest run counts.

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

On the cluster, the CPU is also split by thread (Linux: ``/proc``): the
parent (client, scheduler and nannies), the workers' event loops (their
main threads: messages, heartbeats, monitors), the threads that run the
chunks, and any other worker thread; ``tasks vs jobs 1`` is the chunks'
threads' CPU over one process's for the same items (above 1: the work
itself is dearer in a worker, not the cluster's bookkeeping).

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
import pickle
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

import psutil

from sudokuprint.grade_batch import GRADE_NEEDS, grade_item
from sudokuprint.cluster import prepare_worker, start_local_cluster
from sudokuprint.executor import InProcess, executor, executor_settings, run_all
from sudokuprint.formats import read_file
from sudokuprint.generator import collection
from sudokuprint.generator.collection import Recipe, write_collection
from sudokuprint.scan_batch import SCAN_NEEDS, ScanOptions, find_photos, scan_row
from sudokuprint.shape import CLASSIC
from sudokuprint.worker import import_all

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

THREADS: dict[str, float] = {}
"""CPU seconds by kind of thread in the last cluster run (see :func:`_split_by_thread`)."""


def _timed(work: Callable[[int], list[str]], mode: str) -> Run:
    """One run of ``work`` in one mode, in processes that have not done it before (see the doc): processes in a child
    forked from this one, a cluster new for the run (its workers import the commands' modules, and the client
    connects, before the clock starts: a running cluster has done its first jobs)."""
    if mode != "cluster 2":
        return _in_child(work, int(mode.split()[1]))
    started = time.perf_counter()
    cluster = start_local_cluster(2)  # as --cluster local:2 starts it
    STARTS.append(time.perf_counter() - started)
    try:
        with executor_settings("dask", cluster.scheduler_address):
            client = getattr(executor(), "client")
            client.run(prepare_worker, WARM)
            workers = [int(pid) for pid in client.run(os.getpid).values()]
            before = _thread_seconds([os.getpid(), *workers])
            run = _clocked(work, 1)
            after = _thread_seconds([os.getpid(), *workers])
            THREADS.clear()
            THREADS.update(_split_by_thread(before, after, client.run(_chunk_threads)))
            return run
    finally:
        cluster.close()


STARTS: list[float] = []
"""Seconds each LocalCluster took to start."""


def _in_child(work: Callable[[int], list[str]], jobs: int) -> Run:
    """:func:`_clocked` in a process forked from this one (which stays as it was), with :data:`ITEM_CPU`."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: run, send the outcome, leave without running this process's exit handlers
        status = 1
        try:
            os.close(read)
            with os.fdopen(write, "wb") as out:
                out.write(pickle.dumps((_clocked(work, jobs), list(ITEM_CPU))))
            status = 0
        finally:
            os._exit(status)
    os.close(write)
    with os.fdopen(read, "rb") as source:
        outcome = source.read()
    _, status = os.waitpid(pid, 0)
    if status or not outcome:
        raise RuntimeError(f"jobs {jobs}: the run's process failed (status {status})")
    run, item_cpu = pickle.loads(outcome)
    ITEM_CPU[:] = item_cpu
    return run


def _thread_seconds(pids: list[int]) -> dict[tuple[int, int], float]:
    """CPU seconds so far of every thread of ``pids`` (Linux's /proc; empty elsewhere)."""
    seconds: dict[tuple[int, int], float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for pid in pids:
        try:
            tids = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for tid in tids:
            try:
                with open(f"/proc/{pid}/task/{tid}/stat") as stat:
                    fields = stat.read().rpartition(")")[2].split()
            except OSError:
                continue
            seconds[pid, int(tid)] = (int(fields[11]) + int(fields[12])) / tick  # utime, stime
    return seconds


def _chunk_threads() -> list[int]:
    """In a Dask worker: the thread ids of its pool that runs the tasks."""
    import threading

    return [t.native_id for t in threading.enumerate() if t.native_id and "Dask-Default-Threads" in t.name]


def _split_by_thread(before: dict[tuple[int, int], float], after: dict[tuple[int, int], float],
                     chunk_threads: dict[str, list[int]]) -> dict[str, float]:
    """The CPU of a cluster run by kind of thread: the parent's (client, scheduler, nannies), the workers' event
    loops (main threads), the threads that ran the chunks, the workers' other threads."""
    tasks = {tid for tids in chunk_threads.values() for tid in tids}
    split = dict.fromkeys(("parent", "event loops", "tasks", "other"), 0.0)
    for (pid, tid), seconds in after.items():
        used = seconds - before.get((pid, tid), 0.0)
        kind = ("parent" if pid == os.getpid() else "event loops" if tid == pid else
                "tasks" if tid in tasks else "other")
        split[kind] += used
    return split


WARM = ("sudokuprint.batch", "sudokuprint.generator.collection", "sudokuprint.scan_batch", *GRADE_NEEDS, *SCAN_NEEDS)
"""The modules the workloads' workers import."""


def _clocked(work: Callable[[int], list[str]], jobs: int) -> Run:
    here, workers, system = _cpu_seconds()
    started = time.perf_counter()
    results = work(jobs)
    wall = time.perf_counter() - started
    here_after, workers_after, system_after = _cpu_seconds()
    return wall, here_after - here, workers_after - workers, system_after - system, results


def _best(work: Callable[[int], list[str]], mode: str, repeat: int) -> tuple[Run, dict[str, float]]:
    """The fastest of ``repeat`` runs and its CPU by thread (cluster runs); the results of every run must be the
    same."""
    best: Run | None = None
    threads: dict[str, float] = {}
    for _ in range(max(1, repeat)):
        THREADS.clear()
        run = _timed(work, mode)
        if best is not None and run[4] != best[4]:
            raise AssertionError(f"{mode}: two runs gave different results")
        if best is None or run[0] < best[0]:
            best, threads = run, dict(THREADS)
    assert best is not None
    return best, threads


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
    threads: dict[str, dict[str, float]] = {}
    reference: dict[str, list[str]] = {}
    bounds: dict[str, str] = {}
    ok = True
    for mode in MODES:  # processes first, with no cluster running beside them
        for name, _, work in workloads:
            print(f"  {name}: {mode} ...", file=sys.stderr, flush=True)
            ITEM_CPU.clear()
            (wall, here, workers, system, results), threads[f"{name} {mode}"] = _best(work, mode, args.repeat)
            if mode == "jobs 1":
                bounds[name] = _bound(ITEM_CPU)
            runs[name][mode] = (wall, here, workers, system)
            if results != reference.setdefault(name, results):
                print(f"  {name}: {mode} gives different results from jobs 1", file=sys.stderr)
                ok = False
    overhead = []
    for mode in MODES if args.empty else ():  # --empty 0: no overhead figure
        wall, here, workers, _, results = _timed(_empty(args.empty), mode)
        ok &= results == [str(n) for n in range(args.empty)]
        overhead.append(f"{mode} {1000 * wall / args.empty:.2f} ms ({1000 * (here + workers) / args.empty:.2f} ms CPU)")
    print(f"LocalCluster of 2 workers started in {min(STARTS):.1f} to {max(STARTS):.1f} s")
    for name, count, _ in workloads:
        alone = runs[name]["jobs 1"]
        alone_cpu = alone[1] + alone[2]
        print(f"{name:<18} {count:>5} items{bounds.get(name, '')}")
        for mode, (wall, here, workers, system) in runs[name].items():
            cpu = here + workers
            print(f"    {mode:<10} {count / wall:8.2f}/s  x{alone[0] / wall:.2f}  wall {wall:7.2f} s  cpu {cpu:7.2f} s"
                  f" ({1000 * cpu / count:.1f} ms/item; here {here:.2f}, sys {system:.2f})  cores {cpu / wall:.2f}"
                  f"  cpu vs jobs 1 x{cpu / alone_cpu:.2f}  cpu ceiling x{min(2.0, 2 * alone_cpu / cpu):.2f}")
            split = threads.get(f"{name} {mode}")
            if split:
                print("        by thread: " + ", ".join(f"{kind} {seconds:.2f} s ({1000 * seconds / count:.1f} ms/item)"
                                                  for kind, seconds in split.items())
                      + f"; tasks vs jobs 1 x{split['tasks'] / alone_cpu:.2f}")
    print("cpu ceiling: the speed-up over jobs 1 two fully busy cores would give for the CPU this run used (jobs 1's "
          "CPU x 2 / this run's): what the overheads allow, less sensitive to load than wall time (a busy machine "
          "still lowers it: CPU caches are shared, and a cluster's periodic work grows with the wall time); 'here' "
          "is this process "
          "(the parent, or the client and the LocalCluster's scheduler), 'sys' the kernel's part of the CPU.  "
          "Start-up (Python, imports, the cluster) "
          "is left out, as for a user whose big job makes it a small share.  By thread (cluster): the parent (client, "
          "scheduler, nannies), the workers' event loops, the threads that ran the chunks, the workers' others.")
    print(f"overhead per chunk ({args.empty} empty chunks of one item; wall, and CPU of every process): " + "; ".join(overhead))
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
