"""What runs inside a worker of any executor: one native thread per library, the warm imports, the timed chunk.

Every executor of :mod:`sudokuprint.executor` sends the same task,
:func:`timed_chunk`, and readies its workers with :func:`import_all`; this
module is what those workers import (it imports nothing of sudokuprint), so
a worker pays only for the work it is given.  A local worker process also
dies with the process that started it (:func:`die_with_parent`), so killing
only the parent of a ``-j N`` run leaves no worker behind.
"""

from __future__ import annotations

import contextlib
import ctypes
import importlib
import os
import signal
import sys
import threading
import time
from typing import Any, Callable, Sequence, TypeVar

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


PR_SET_PDEATHSIG = 1
"""Linux's ``prctl`` option: the signal a process gets when the thread that started it ends (``<sys/prctl.h>``)."""

PARENT_POLL_SECONDS = 0.5
"""Where Linux's death signal is not to be had: how often a worker looks whether its parent is still there."""


def die_with_parent(parent: int) -> None:
    """End this process (a worker) as soon as ``parent``, the process that started it, ends.

    On Linux the kernel sends SIGKILL the moment the parent dies, however
    it dies (``prctl(PR_SET_PDEATHSIG)``, through ``ctypes``); elsewhere a
    thread looks every :data:`PARENT_POLL_SECONDS` whether the worker was
    handed to another parent.  A parent that ended before the death signal
    was set is caught by the check that follows it.  SIGKILL, not SIGTERM:
    a worker holds nothing that needs cleaning up (the parent writes every
    output), and a forked worker would run the parent's SIGTERM handler.
    """
    if not _death_signal(signal.SIGKILL):
        threading.Thread(target=_watch_parent, args=(parent,), name="watch-parent", daemon=True).start()
    if os.getppid() != parent:  # the parent was gone before the signal was set
        os._exit(1)


def _death_signal(signum: int) -> bool:
    """Ask Linux to send ``signum`` when this process's parent ends; whether it could be asked."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, int(signum), 0, 0, 0) == 0
    except (OSError, AttributeError):  # no C library to be had, or no prctl in it
        return False


def _watch_parent(parent: int) -> None:
    """Exit the process once it has been handed to another parent (its own has ended)."""
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(1)


def start_worker(parent: int, modules: Sequence[str]) -> None:
    """A local worker process's start: die with ``parent``, leave Ctrl-C to it (it stops the workers), end at
    once on SIGTERM or SIGHUP (not with the handlers a forked worker inherits), then import ``modules``."""
    die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    import_all(modules)


def serve(connection: Any, parent: int, modules: Sequence[str], others: Sequence[Any] = ()) -> None:
    """A local worker process's life (:mod:`sudokuprint.processes`): die with ``parent``, import ``modules``, then
    run each ``(function, chunk)`` read from ``connection`` as :func:`timed_chunk` and send back ``(True,
    outcome)`` or ``(False, error)``, until it reads None.  ``others`` are the other workers' pipes, inherited
    when forked: closed here, so that a worker that dies is seen to, its pipe closed at both ends."""
    for other in others:
        with contextlib.suppress(OSError):
            other.close()
    start_worker(parent, modules)
    while True:
        try:
            work = connection.recv()
        except (EOFError, OSError):  # the parent has gone
            return
        if work is None:
            return
        function, chunk = work
        try:
            reply: tuple[bool, Any] = (True, timed_chunk(function, chunk))
        except BaseException as error:  # noqa: BLE001  (the chunk's error, even Ctrl-C, is the caller's to see)
            reply = (False, error)
        try:
            connection.send(reply)
        except Exception as error:  # noqa: BLE001  (a result or error that cannot be pickled)
            connection.send((False, RuntimeError(f"the chunk's {'result' if reply[0] else 'error'} cannot be sent "
                                                 f"back from the worker: {type(error).__name__}: {error}")))


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
