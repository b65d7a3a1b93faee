"""One way to run many independent jobs: chunks of work, results in input order, streamed.

Every command with ``-j/--jobs`` (generate, pattern, grade, check, solve,
scan) hands its work here: an iterable of items (puzzles, puzzle ids, photos)
and a function of one item.  The items are cut into chunks; each chunk is one
task for a worker; the results come back one by one *in the input order*, as
soon as every earlier one is done, so output can be written while later work
is still running, and a run gives the same output whatever the number of
workers.  At most a few chunks per worker are in flight at a time, so an
endless input is read lazily and memory stays flat.

``executor(jobs)`` picks the class: :class:`InProcess` for one job,
:class:`LocalProcesses` for several, or -- inside :func:`backend` with a
cluster address -- :class:`sudokuprint.cluster.DaskCluster`, which sends the
same chunks to a Dask scheduler; the commands do not change.  With
``ordered=False`` (``--unordered``) results come in completion order.  The
function and the items must be picklable (a function at module level) for
anything but :class:`InProcess`.
"""

from __future__ import annotations

import contextlib
import itertools
from abc import ABC, abstractmethod
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, TypeVar

if TYPE_CHECKING:  # imported where used: one job in this process needs no process pool
    from concurrent.futures import Future, ProcessPoolExecutor

T = TypeVar("T")
R = TypeVar("R")

IN_FLIGHT_PER_WORKER = 2
"""Chunks submitted ahead per worker: enough to keep workers busy, few enough to keep memory flat."""


def chunks(items: Iterable[T], size: int) -> Iterator[list[T]]:
    """``items`` in lists of ``size`` (the last may be shorter), lazily."""
    if size < 1:
        raise ValueError("a chunk holds at least one item")
    iterator = iter(items)
    while chunk := list(itertools.islice(iterator, size)):
        yield chunk


def run_chunk(function: Callable[[T], R], chunk: list[T]) -> list[R]:
    """One task: ``function`` on every item of a chunk (runs in a worker)."""
    return [function(item) for item in chunk]


class Executor(ABC):
    """Runs ``function`` on every item; subclasses decide where."""

    jobs: int = 1

    @abstractmethod
    def map(self, function: Callable[[T], R], items: Iterable[T], *, chunk_size: int = 1,
            ordered: bool = True) -> Iterator[R]:
        """``function(item)`` for every item, yielded as soon as each is ready.

        In the order of ``items``, or with ``ordered=False`` in the order the
        chunks complete (each chunk's items stay together, in their order).
        """

    def close(self) -> None:
        """Stop the workers (a no-op for executors without any)."""

    def __enter__(self) -> "Executor":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class InProcess(Executor):
    """Everything in this process, one item after another."""

    def map(self, function: Callable[[T], R], items: Iterable[T], *, chunk_size: int = 1,
            ordered: bool = True) -> Iterator[R]:
        for item in items:
            yield function(item)


class LocalProcesses(Executor):
    """``jobs`` worker processes on this machine."""

    def __init__(self, jobs: int) -> None:
        if jobs < 1:
            raise ValueError("jobs must be at least 1")
        self.jobs = jobs
        self._pool: ProcessPoolExecutor | None = None

    def map(self, function: Callable[[T], R], items: Iterable[T], *, chunk_size: int = 1,
            ordered: bool = True) -> Iterator[R]:
        if self._pool is None:
            from concurrent.futures import ProcessPoolExecutor

            self._pool = ProcessPoolExecutor(max_workers=self.jobs)
        pool = self._pool
        waiting: deque[Future[list[R]]] = deque()
        work = chunks(items, chunk_size)
        try:
            for chunk in work:
                waiting.append(pool.submit(run_chunk, function, chunk))
                if len(waiting) >= IN_FLIGHT_PER_WORKER * self.jobs:
                    yield from self._next_done(waiting, ordered, block=True)
                yield from self._next_done(waiting, ordered, block=False)
            while waiting:
                yield from self._next_done(waiting, ordered, block=True)
        finally:
            for future in waiting:
                future.cancel()

    @staticmethod
    def _next_done(waiting: deque[Future[list[R]]], ordered: bool, *, block: bool) -> Iterator[R]:
        """The results that may go out now: the head of the queue when done (any done chunk if unordered).

        With ``block`` wait for at least one chunk first.
        """
        if ordered:
            if block:
                yield from waiting.popleft().result()
            while waiting and waiting[0].done():  # stream what is ready without waiting for a full window
                yield from waiting.popleft().result()
            return
        from concurrent.futures import FIRST_COMPLETED, wait

        done = wait(waiting, return_when=FIRST_COMPLETED).done if block else {f for f in waiting if f.done()}
        for future in [f for f in waiting if f in done]:
            waiting.remove(future)
            yield from future.result()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


@dataclass
class Backend:
    """Where :func:`executor` sends work beyond ``jobs``: a Dask cluster, and whether order matters.

    ``cluster`` is a scheduler address (``tcp://host:8786``) or ``local:N``;
    the cluster executor is made at first use and shared by every
    :func:`run_all` inside the :func:`backend` block, which closes it.
    """

    cluster: str | None = None
    unordered: bool = False
    runner: Executor | None = None

    def shared_runner(self) -> Executor:
        """The cluster executor, connected on first use."""
        if self.runner is None:
            from .cluster import DaskCluster

            self.runner = DaskCluster(self.cluster or "local:1")
        return self.runner


_backend = Backend()


@contextlib.contextmanager
def backend(cluster: str | None = None, unordered: bool = False) -> Iterator[Backend]:
    """Run the :func:`run_all` calls in this block on ``cluster`` (if given), in completion order if ``unordered``.

    The settings may be changed on the yielded :class:`Backend` until work starts.
    """
    global _backend
    previous, _backend = _backend, Backend(cluster, unordered)
    try:
        yield _backend
    finally:
        current, _backend = _backend, previous
        if current.runner is not None:
            current.runner.close()


def executor(jobs: int = 1) -> Executor:
    """The executor for ``--jobs N``: the cluster inside :func:`backend`, else in this process for 1, else N processes."""
    if _backend.cluster:
        return _backend.shared_runner()
    return InProcess() if jobs <= 1 else LocalProcesses(jobs)


def worker_count(jobs: int = 1) -> int:
    """How many items can run at once for ``--jobs N`` (a cluster's worker threads inside :func:`backend`)."""
    return executor(jobs).jobs if _backend.cluster else jobs


def run_all(function: Callable[[T], R], items: Iterable[T], *, jobs: int = 1, chunk_size: int = 1) -> Iterator[R]:
    """``function`` on every item with ``jobs`` workers (or the cluster), results in input order.

    In completion order inside ``backend(unordered=True)``.  Local workers stop
    at the end; a cluster stays up until its :func:`backend` block ends.
    """
    runner = executor(jobs)
    try:
        yield from runner.map(function, items, chunk_size=chunk_size, ordered=not _backend.unordered)
    finally:
        if runner is not _backend.runner:
            runner.close()
