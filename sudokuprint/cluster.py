"""Run the chunks of :mod:`sudokuprint.executor` on a Dask distributed cluster: the ``dask`` executor, a plugin.

This module registers the executor ``dask`` with
:func:`~sudokuprint.executor.register_executor` when it is imported; the
executor registry finds it through the ``sudokuprint.executors`` entry
point (``pyproject.toml``), so nothing below imports it until a cluster is
asked for.  :class:`DaskCluster` is a
:class:`~sudokuprint.executor.WorkerPool` through its public protocol alone.

``--cluster ADDRESS`` connects to a running scheduler (``dask scheduler`` on
one host, ``dask worker ADDRESS`` on each; every worker needs sudokuprint
installed); ``--cluster local:N`` starts a :class:`distributed.LocalCluster`
of N worker processes with one thread each, for a quick try on one machine.
The items and the function are the same as with ``--jobs`` (in larger
chunks: a Dask task costs more than a local one), so the output is the same.

Dask is an optional extra (``pip install 'sudokuprint[cluster]'``); without
it :func:`require_dask` raises :class:`~sudokuprint.errors.MissingDependencyError`
(exit 3).  Fault tolerance is Dask's: a chunk whose worker dies is run again on
another worker (the scheduler's ``allowed-failures``), and a chunk that raises
is retried :data:`RETRIES` times.
"""

from __future__ import annotations

import gc
import logging
import re
import sys
from types import ModuleType
from typing import Any, Callable, Sequence, TypeVar

from .errors import ClusterError, MissingDependencyError
from .executor import ChunkOutcome, ExecutorKind, Task, WorkerPool, register_executor
from .worker import NATIVE_THREADS, import_all, timed_chunk

T = TypeVar("T")
R = TypeVar("R")

EXTRA_HINT = "pip install 'sudokuprint[cluster]'"
"""How to get Dask, named in the error when it is missing."""

CHUNK_SECONDS = 1.0
"""Work per chunk aimed at: a Dask task costs about 7 ms to schedule, send and collect on a quiet machine
(under 1 % of a second's chunk), and the last chunks of a run are cut smaller anyway (see ``WorkerPool.map``)."""

RETRIES = 2
"""Extra runs of a chunk that raised (a lost worker's chunks are rescheduled by Dask anyway)."""

CONNECT_TIMEOUT = 20
"""Seconds to wait for a scheduler, or for a local cluster's workers, before giving up."""

QUIET = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "500ms",
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.admin.system-monitor.gil.enabled": False,
    "distributed.worker.memory.monitor-interval": "1s",
    "distributed.scheduler.work-stealing": False,
    "distributed.nanny.pre-spawn-environ": dict(NATIVE_THREADS),
}
"""Dask settings for the clusters ``local:N`` starts (and this process's client): each worker's statistical
profiler samples the running chunk's stack every 10 ms, and every process wakes 50 times a second to time its
event loop -- CPU taken from the chunks on a machine whose cores are all workers.  An idle 2-worker cluster
used 1.6 CPU seconds in 10 s with Dask's defaults, 0.2 with these.  Work stealing has nothing to do: the chunks
wait on the scheduler until a worker is free (Dask's queuing).  The workers' environment is one native thread
per library, without the ``MALLOC_TRIM_THRESHOLD_=65536`` Dask sets by default: any fixed threshold stops
glibc from raising its mmap threshold, so every image array of ``scan`` was mapped and unmapped afresh --
scanning 12 Wicht photos in one process took 0.9 s of system CPU with it, 0.13 s without (of about 4.5 s)."""

_LOCAL = re.compile(r"local(?::(\d+))?$")


def require_dask() -> ModuleType:
    """The ``distributed`` module, or a :class:`MissingDependencyError` naming the extra to install."""
    try:
        import distributed  # Dask is the optional extra: loaded with the cluster, never before
    except ImportError as error:
        raise MissingDependencyError(
            f"--cluster needs Dask distributed, which is not installed ({error}); install it with: {EXTRA_HINT}"
        ) from None
    return distributed


def parse_address(address: str) -> int | str:
    """``local:N`` → N (workers of a local cluster); anything else is a scheduler address, returned as it is."""
    text = address.strip()
    local = _LOCAL.match(text)
    if local:
        workers = int(local.group(1) or 2)
        if not 1 <= workers <= 256:
            raise ClusterError(f"--cluster {address!r}: a local cluster has 1 to 256 workers")
        return workers
    if not text or any(c.isspace() for c in text):
        raise ClusterError(f"--cluster {address!r} is not a scheduler address; use tcp://HOST:PORT or local:N")
    return text


def prepare_worker(modules: Sequence[str]) -> None:
    """In a Dask worker: import ``modules``, then keep the garbage collector off what exists (``gc.freeze``).

    What exists then is Dask's and the modules' own objects, alive as long as
    the worker; without the freeze every full collection walks them again.
    Grading, whose caches grow into full collections, spent 0.40 s in them
    for 150 puzzles (of 8.8 s) and 0.14 s frozen.  Forked local processes
    have this from their parent (:meth:`~sudokuprint.executor.LocalProcesses.submit`).
    Objects frozen by an earlier run are thawed and garbage collected first,
    so a long-lived worker prepared many times keeps nothing dead.  A worker
    that has every module already (prepared by an earlier run or client) is
    left as it is: the collection walks everything the worker holds, 60 to
    100 ms of its event loop each time, a new client's start-up paid again
    inside its first chunks.
    """
    if gc.get_freeze_count() and all(name in sys.modules for name in modules):
        return
    import_all(modules)
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def start_local_cluster(workers: int) -> Any:
    """A :class:`distributed.LocalCluster` of ``workers`` processes of one thread each, quiet (:data:`QUIET`),
    without a dashboard."""
    distributed = require_dask()
    with dask_settings():
        return distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                        dashboard_address=None, silence_logs=logging.ERROR)


def dask_settings() -> Any:
    """A context in which Dask objects made take the :data:`QUIET` settings."""
    import dask  # the optional extra, as in require_dask

    return dask.config.set(QUIET)


class DaskCluster(WorkerPool):
    """Chunks as Dask tasks: a bounded number in flight, results streamed back in input (or completion) order."""

    chunk_seconds = CHUNK_SECONDS

    def __init__(self, address: str) -> None:
        distributed = require_dask()
        target = parse_address(address)
        self.address = address
        self._cluster: Any = None
        self.client: Any = None
        self._warm: set[str] = set()
        try:
            if isinstance(target, int):
                self._cluster = start_local_cluster(target)
            with dask_settings():
                self.client = distributed.Client(self._cluster or target, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, RuntimeError) as error:
            self.close()
            raise ClusterError(f"--cluster {address}: cannot reach the Dask scheduler: {error}") from None
        workers = self.client.scheduler_info().get("workers", {})
        self.jobs = max(1, sum(int(w.get("nthreads", 1)) for w in workers.values()))

    def prepare(self, function: Callable[[T], R], warm: Sequence[str]) -> None:
        """Import ``function``'s module and the ``warm`` ones on every worker once, before the chunks (not inside
        the first ones: Dask's workers are new processes that have imported nothing); see :func:`prepare_worker`."""
        module = getattr(getattr(function, "func", function), "__module__", None)
        modules = [name for name in (module, *warm) if name and name not in self._warm]
        if not modules:
            return
        try:
            self.client.run(prepare_worker, modules)
        except ImportError as error:
            raise ClusterError(f"--cluster {self.address}: a worker cannot import {', '.join(modules)} ({error}); "
                               "install sudokuprint on every worker") from None
        self._warm.update(modules)

    def submit(self, function: Callable[[T], R], chunk: list[T]) -> Task:
        task: Task = self.client.submit(timed_chunk, function, chunk, pure=False, retries=RETRIES)
        return task

    def wait(self, tasks: list[Task]) -> None:
        from distributed import wait  # Dask is the optional extra: loaded with the cluster, never before

        wait(tasks, return_when="FIRST_COMPLETED")

    def result(self, task: Task) -> ChunkOutcome:
        from distributed import KilledWorker  # the optional extra, as above
        from distributed.client import FutureCancelledError  # the optional extra, as above
        from distributed.comm.core import CommClosedError  # the optional extra, as above

        try:
            outcome: ChunkOutcome = task.result()
            return outcome
        except KilledWorker as error:
            raise ClusterError(f"--cluster {self.address}: a chunk was lost with every worker that ran it "
                               f"({error}); a worker may be short of memory") from None
        except (CommClosedError, FutureCancelledError) as error:
            raise ClusterError(f"--cluster {self.address}: lost the Dask scheduler mid-run ({error}); "
                               "run again with --resume to keep what was written") from None

    def cancel(self, tasks: list[Task]) -> None:
        """Nothing to do: a future no longer referenced is released on the cluster."""

    def close(self) -> None:
        client, self.client = self.client, None
        if client is not None:
            client.close()
        if self._cluster is not None:
            self._cluster.close()
            self._cluster = None


def check_address(address: str | None) -> None:
    """Refuse, before any work, a cluster without Dask installed (exit 3) or an address that is not one (exit 2)."""
    require_dask()
    parse_address(address or "local:1")


DASK = ExecutorKind("dask", lambda jobs, address: DaskCluster(address or "local:1"), check_address, shared=True,
                    summary="a Dask distributed cluster: a scheduler's address (tcp://HOST:8786) or local:N")
"""The ``dask`` executor (the ``--cluster`` option's), also the ``sudokuprint.executors`` entry point's value."""

register_executor(DASK)
