"""The executor behind --jobs: input order, streaming, lazy input, errors, one interface and a registry for every executor."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
import time
import types
from concurrent import futures
from concurrent.futures import ThreadPoolExecutor

import pytest

import sudokuprint.worker
from conftest import puzzle_lines
from sudokuprint.batch import check_item
from sudokuprint.errors import UnknownPluginError
from sudokuprint.executor import (EXECUTORS, LARGEST_CHUNK, ChunkSizer, Executor, ExecutorKind, InProcess,
                                  LocalProcesses, WorkerPool, chunks, executor, executor_names, executor_settings,
                                  register_executor, run_all)
from sudokuprint.worker import timed_chunk, waited_for_a_core
from sudokuprint.formats import read_text


def slow_when_even(n: int) -> tuple[int, int]:
    """Even items take longer, so workers finish out of order."""
    time.sleep(0.05 if n % 2 == 0 else 0.0)
    return n, os.getpid()


def fails_on_three(n: int) -> int:
    if n == 3:
        raise ValueError("three")
    return n


def test_results_come_in_input_order_from_several_processes() -> None:
    results = list(run_all(slow_when_even, range(40), jobs=2, chunk_size=3))
    assert [n for n, _ in results] == list(range(40))
    assert os.getpid() not in {pid for _, pid in results}  # the work ran in the worker processes


def test_an_endless_input_is_read_lazily_and_the_first_results_stream_out() -> None:
    with LocalProcesses(2) as runner:
        first = list(itertools.islice(runner.map(slow_when_even, itertools.count(), chunk_size=2), 5))
    assert [n for n, _ in first] == [0, 1, 2, 3, 4]


def test_one_job_runs_here_and_several_give_the_same_reports_on_real_puzzles() -> None:
    text = "\n".join(puzzle_lines("top95.txt", limit=12) + puzzle_lines("serg_benchmark_multisolution.txt", limit=4))
    items = [("top", record) for record in read_text(text + "\n")]
    assert isinstance(executor(1), InProcess) and isinstance(executor(3), LocalProcesses)
    here = list(run_all(check_item, items, jobs=1))
    there = list(run_all(check_item, items, jobs=2, chunk_size=5))
    assert here == there and [r["solutions"] for r in here] == [1] * 12 + [2] * 4


def test_an_error_in_a_worker_reaches_the_caller() -> None:
    with pytest.raises(ValueError, match="three"):
        list(run_all(fails_on_three, range(6), jobs=2))


def test_chunks_and_the_executor_interface() -> None:
    assert list(chunks(range(7), 3)) == [[0, 1, 2], [3, 4, 5], [6]]
    with pytest.raises(ValueError):
        list(chunks([1], 0))
    assert getattr(Executor.map, "__isabstractmethod__", False)  # every executor implements map()


def slow_first(n: int) -> tuple[int, int]:
    """Item 0 takes 3 s, the others 50 ms: one slow item at the head of the output."""
    time.sleep(3.0 if n == 0 else 0.05)
    return n, os.getpid()


def test_a_slow_item_at_the_head_does_not_hold_the_other_worker() -> None:
    """While one worker spends 3 s on item 0, the other runs the 12 items after it (0.6 s), whose results wait
    for item 0 to go out in order; with only a few chunks in flight it would idle once they were done."""
    results = list(run_all(slow_first, range(13), jobs=2))
    assert [n for n, _ in results] == list(range(13))
    slow_worker = results[0][1]
    assert [n for n, pid in results if pid == slow_worker] == [0]


def test_chunks_are_sized_from_the_measured_time_per_item() -> None:
    sizer = ChunkSizer(None, 0.05)
    assert (sizer.known, sizer.size) == (False, 1)  # one item a chunk until one has come back
    sizer.measured(4, 0.02)  # 5 ms an item: 10 make 50 ms
    assert (sizer.known, sizer.size) == (True, 10)
    sizer.measured(1, 2.0)  # a slow one: chunks of one item again
    assert sizer.size == 1
    cheap = ChunkSizer(None, 0.05)
    cheap.measured(1000, 0.0)
    assert cheap.size == LARGEST_CHUNK
    assert ChunkSizer(7, 0.05).size == 7
    with pytest.raises(ValueError):
        ChunkSizer(0, 0.05)


class Counting(LocalProcesses):
    """Local processes that keep the size of every chunk they send (``sent``)."""

    def __init__(self, jobs: int) -> None:
        super().__init__(jobs)
        self.sent: list[int] = []

    def submit(self, function, chunk):  # type: ignore[no-untyped-def]
        self.sent.append(len(chunk))
        return super().submit(function, chunk)


def test_cheap_items_go_in_few_chunks_and_dear_ones_one_a_chunk() -> None:
    """Sized chunks on real work: 2,000 cheap items in far fewer tasks than items; 50 ms items one per task."""
    with Counting(2) as runner:
        assert list(runner.map(abs, range(-1000, 1000))) == [abs(n) for n in range(-1000, 1000)]
        cheap = len(runner.sent)
        runner.sent.clear()
        assert [n for n, _ in runner.map(slow_when_even, range(0, 12, 2))] == list(range(0, 12, 2))
    assert sum(runner.sent) == 6 and max(runner.sent) == 1
    assert cheap < 100


def native_threads(_: int) -> tuple[str | None, int]:
    import cv2

    return os.environ.get("OPENBLAS_NUM_THREADS"), cv2.getNumThreads()


def test_workers_keep_native_libraries_to_one_thread() -> None:
    """OpenCV and BLAS in a worker use one thread: the parallelism is the processes' (OpenCV is loaded here first,
    so the forked workers inherit its pool of several threads and must set it)."""
    import cv2

    assert cv2.getNumThreads() >= 1
    assert set(run_all(native_threads, range(4), jobs=2)) == {("1", 1)}


def loaded_in_worker(name: str) -> tuple[bool, int]:
    """Whether module ``name`` is loaded in this process (looked at before anything of the chunk imports it)."""
    import sys

    return name in sys.modules, os.getpid()


def test_warm_modules_are_imported_before_the_workers_start() -> None:
    """The modules a work function imports lazily (``warm``) are in every worker before its first chunk: imported
    once here and inherited, not once in every worker inside its first chunk; the parent's objects are not left
    frozen out of its garbage collection."""
    import gc
    import sys

    name = "sudokuprint.patterns.code"  # something the executor and this test's imports do not load themselves
    sys.modules.pop(name, None)
    results = list(run_all(loaded_in_worker, [name] * 6, jobs=2, chunk_size=1, warm=(name,)))
    assert {loaded for loaded, _ in results} == {True} and os.getpid() not in {pid for _, pid in results}
    assert gc.get_freeze_count() == 0
    sys.modules.pop(name, None)
    assert not any(loaded for loaded, _ in run_all(loaded_in_worker, [name] * 4, jobs=2, chunk_size=1))


def sleepy(n: int) -> int:
    time.sleep(0.01)
    return n


def test_the_last_chunks_shrink_so_the_workers_end_together() -> None:
    """Items of 10 ms in chunks of about 100 ms, read far enough ahead to see the end coming: the last chunks hold
    fewer items, down to one, so no worker runs a whole chunk while the other has none; nothing is lost."""
    with Counting(2) as runner:
        assert list(runner.map(sleepy, range(300))) == list(range(300))
    sent = runner.sent
    assert sum(sent) == 300 and max(sent) >= 3, sent
    assert sent[-3:] == [1, 1, 1], sent  # the last ones hold one item each


def spin(seconds: float) -> float:
    """Work the CPU of this thread for ``seconds``."""
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass
    return seconds


def test_a_chunk_is_timed_without_its_waits_for_a_core(monkeypatch) -> None:
    """A chunk's time is what it takes with a core free for it: the wall time less what the thread waited for a
    core (read from the system before and after), so chunks keep their size on a busy machine.  The clocks are
    stand-ins here, so the sum holds whatever the scheduler does."""
    walls, waits = iter([100.0, 101.5]), iter([7.0, 8.2])  # 1.5 s on the clock, 1.2 s of it waiting for a core
    monkeypatch.setattr(sudokuprint.worker, "time", types.SimpleNamespace(perf_counter=lambda: next(walls)))
    monkeypatch.setattr(sudokuprint.worker, "waited_for_a_core", lambda: next(waits))
    seconds, results = timed_chunk(str, [1, 2])
    assert results == ["1", "2"] and seconds == pytest.approx(0.3)


@pytest.mark.skipif(not os.path.exists("/proc/thread-self/schedstat"), reason="only Linux says how long a thread "
                    "waited for a core (a platform difference: elsewhere a chunk is timed by the clock)")
def test_a_thread_kept_from_its_core_is_seen_waiting() -> None:
    """Pinned to one core with a busy process, a thread working 0.3 s of CPU waits for the core about as long
    again (the scheduler shares it); the system's count of that wait is what timed_chunk takes off.  The bound
    is a third of the fair share, so a loaded machine (which only adds waiting) cannot break it."""
    import multiprocessing

    core = min(os.sched_getaffinity(0))
    mine = os.sched_getaffinity(0)
    busy = multiprocessing.get_context("fork").Process(target=spin, args=(30.0,), daemon=True)
    busy.start()
    try:
        os.sched_setaffinity(busy.pid, {core})
        os.sched_setaffinity(0, {core})
        before = waited_for_a_core()
        seconds, results = timed_chunk(spin, [0.3])
        waited = waited_for_a_core() - before
    finally:
        os.sched_setaffinity(0, mine)
        busy.kill()
        busy.join()
    assert results == [0.3] and seconds >= 0.3
    assert waited > 0.1, waited
    slept, _ = timed_chunk(time.sleep, [0.2])
    assert slept >= 0.2  # a sleep is not a wait for a core: it counts


def test_the_last_chunks_do_not_shrink_below_an_eighth_of_a_chunk() -> None:
    """Items of 2 ms in chunks of about 100 ms: the last chunks shrink, but not below about 12 ms of work (a task
    must stay worth its cost), so no chunk but the very last holds a single item."""
    assert ChunkSizer(None, 0.1).items_for(0.0125) == 1
    sizer = ChunkSizer(None, 0.1)
    sizer.measured(10, 0.02)
    assert (sizer.size, sizer.items_for(0.0125)) == (50, 6)
    with Counting(2) as runner:
        assert list(runner.map(spin, [0.002] * 300)) == [0.002] * 300
    sent = runner.sent
    assert sum(sent) == 300 and max(sent) >= 10, sent
    assert min(sent[2 * 2:-1]) >= 2, sent  # after the first chunks of one item (while the time is unknown)


class ThreadWorkers(WorkerPool):
    """A pool of one's own, written against the public protocol alone: threads of this process as its workers."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self.threads = ThreadPoolExecutor(jobs)
        self.prepared: list[tuple[str, ...]] = []

    def prepare(self, function, warm):  # type: ignore[no-untyped-def]
        self.prepared.append(tuple(warm))

    def submit(self, function, chunk):  # type: ignore[no-untyped-def]
        return self.threads.submit(timed_chunk, function, chunk)

    def wait(self, tasks):  # type: ignore[no-untyped-def]
        futures.wait(tasks, return_when=futures.FIRST_COMPLETED)

    def result(self, task):  # type: ignore[no-untyped-def]
        return task.result()

    def close(self) -> None:
        self.threads.shutdown(cancel_futures=True)


def test_an_executor_of_ones_own_is_registered_by_name_and_runs_every_bulk_call_in_the_block() -> None:
    """A pool that implements prepare/submit/wait/result gets the chunking and ordering of every other: the reports
    of real puzzles are the same as in one process, in input order, and the block's one pool is closed at its end."""
    text = "\n".join(puzzle_lines("top95.txt", limit=30) + puzzle_lines("serg_benchmark_multisolution.txt", limit=5))
    items = [("top", record) for record in read_text(text + "\n")]
    made: list[ThreadWorkers] = []

    def make(jobs: int, address: str | None) -> ThreadWorkers:
        made.append(ThreadWorkers(3))
        return made[-1]

    register_executor(ExecutorKind("test-threads", make, shared=True))
    try:
        assert "test-threads" in executor_names()
        with executor_settings("test-threads"):
            there = list(run_all(check_item, items, chunk_size=4, warm=("sudokuprint.batch",)))
            again = list(run_all(check_item, items[:3]))
    finally:
        EXECUTORS.unregister("test-threads")
    assert there == list(run_all(check_item, items)) and again == there[:3]
    assert [r["solutions"] for r in there] == [1] * 30 + [2] * 5
    assert len(made) == 1 and made[0].prepared == [("sudokuprint.batch",), ()]
    with pytest.raises(RuntimeError, match="shutdown"):
        made[0].threads.submit(abs, 1)


def test_an_unknown_executor_is_refused_naming_the_registered_ones() -> None:
    with pytest.raises(UnknownPluginError, match="unknown executor 'nosuch': choose one of inprocess, processes, .*dask"):
        with executor_settings("nosuch"):
            pass


def test_the_dask_executor_is_a_plugin_found_through_its_entry_point() -> None:
    """The executor module never imports the Dask plugin; asking for ``dask`` by name loads it from the
    ``sudokuprint.executors`` entry point (a fresh interpreter, so nothing has loaded it before)."""
    probe = ("import sys, sudokuprint.executor as e; before = 'sudokuprint.cluster' in sys.modules; "
             "kind = e.executor_kind('dask'); print(before, kind.shared, sys.modules['sudokuprint.cluster'].DASK is kind)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "True", "True"]
