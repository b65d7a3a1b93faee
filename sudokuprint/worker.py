"""What runs inside a worker of any executor: one native thread per library, the warm imports, the timed chunk.

Every executor of :mod:`sudokuprint.executor` sends the same task,
:func:`timed_chunk`, and readies its workers with :func:`import_all`; this
module is what those workers import (it imports nothing of sudokuprint), so
a worker pays only for the work it is given.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
import time
from typing import Callable, Sequence, TypeVar

T = TypeVar("T")
R = TypeVar("R")

NATIVE_THREADS = {"OMP_NUM_THREADS": "1", "OMP_THREAD_LIMIT": "1", "OPENBLAS_NUM_THREADS": "1",
                  "MKL_NUM_THREADS": "1", "OPENCV_FOR_THREADS_NUM": "1"}
"""One thread for each native library's own pool (BLAS, OpenMP, Tesseract, OpenCV): processes are the parallelism."""

_native_threads_set = False


def one_native_thread() -> None:
    """Make numpy's BLAS, OpenCV and Tesseract (OpenMP) use one thread each in this process (once; cheap after).

    A worker with its own thread pools competes with the other workers for
    the same cores, and on a busy machine their spinning threads burn CPU for
    nothing.  Settings already in the environment are kept.  A library not
    loaded yet reads them when it loads; numpy's BLAS and OpenCV, if loaded,
    are set at once.
    """
    global _native_threads_set
    if _native_threads_set:
        return
    _native_threads_set = True
    for name, value in NATIVE_THREADS.items():
        os.environ.setdefault(name, value)
    with contextlib.suppress(ValueError):  # a setting of the user's that is not a number is left to its library
        if "numpy" in sys.modules:  # loaded already (forked from a parent that had it): its BLAS pool set now
            from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]  # loaded only with numpy

            threadpool_limits(int(os.environ["OPENBLAS_NUM_THREADS"]), user_api="blas")
        cv2 = sys.modules.get("cv2")
        if cv2 is not None:
            cv2.setNumThreads(int(os.environ["OPENCV_FOR_THREADS_NUM"]))


def import_all(modules: Sequence[str]) -> None:
    """Import ``modules`` (in a worker, before its first chunk), native libraries set to one thread first."""
    one_native_thread()
    for module in modules:
        importlib.import_module(module)


def run_chunk(function: Callable[[T], R], chunk: list[T]) -> list[R]:
    """One task: ``function`` on every item of a chunk (runs in a worker)."""
    return [function(item) for item in chunk]


def waited_for_a_core() -> float:
    """Seconds this thread has spent ready to run but waiting for a core (Linux's schedstat); 0.0 where the system
    does not say."""
    try:
        with open("/proc/thread-self/schedstat", "rb") as stats:
            return int(stats.read().split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return 0.0


def timed_chunk(function: Callable[[T], R], chunk: list[T]) -> tuple[float, list[R]]:
    """One task as the executors send it: the seconds the chunk took in the worker, and its results.

    The seconds are wall time less the time the worker's thread waited for
    a core: what the chunk takes on a machine with a core free for it (its
    CPU, and its waits for files, sleeps and child processes such as
    Tesseract).  On a busy machine a second of wall time holds a fraction of
    a second of work, so chunks sized by the clock alone came out several
    times smaller (69 instead of 21 Dask tasks for 300 puzzles graded at a
    load average of 10), and a task's cost, which is CPU, several times
    larger beside the work.
    """
    one_native_thread()
    started, waited = time.perf_counter(), waited_for_a_core()
    results = run_chunk(function, chunk)
    return time.perf_counter() - started - (waited_for_a_core() - waited), results
