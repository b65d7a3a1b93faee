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
:class:`LocalProcesses` for several.  Another backend (a cluster) is another
subclass of :class:`Executor` with its own :meth:`Executor.map`; the commands
do not change.  The function and the items must be picklable (a function at
module level) for anything but :class:`InProcess`.
"""

from __future__ import annotations

import itertools
from abc import ABC, abstractmethod
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Callable, Iterable, Iterator, TypeVar

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
    def map(self, function: Callable[[T], R], items: Iterable[T], *, chunk_size: int = 1) -> Iterator[R]:
        """``function(item)`` for every item, yielded in the order of ``items`` as soon as each is ready."""

    def close(self) -> None:
        """Stop the workers (a no-op for executors without any)."""

    def __enter__(self) -> "Executor":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class InProcess(Executor):
    """Everything in this process, one item after another."""

    def map(self, function: Callable[[T], R], items: Iterable[T], *, chunk_size: int = 1) -> Iterator[R]:
        for item in items:
            yield function(item)


class LocalProcesses(Executor):
    """``jobs`` worker processes on this machine."""

    def __init__(self, jobs: int) -> None:
        if jobs < 1:
            raise ValueError("jobs must be at least 1")
        self.jobs = jobs
        self._pool: ProcessPoolExecutor | None = None

    def map(self, function: Callable[[T], R], items: Iterable[T], *, chunk_size: int = 1) -> Iterator[R]:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.jobs)
        pool = self._pool
        waiting: deque[Future[list[R]]] = deque()
        work = chunks(items, chunk_size)
        try:
            for chunk in work:
                waiting.append(pool.submit(run_chunk, function, chunk))
                if len(waiting) >= IN_FLIGHT_PER_WORKER * self.jobs:
                    yield from waiting.popleft().result()
                while waiting and waiting[0].done():  # stream what is ready without waiting for a full window
                    yield from waiting.popleft().result()
            while waiting:
                yield from waiting.popleft().result()
        finally:
            for future in waiting:
                future.cancel()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


def executor(jobs: int = 1) -> Executor:
    """The executor for ``--jobs N``: in this process for 1, else N local processes."""
    return InProcess() if jobs <= 1 else LocalProcesses(jobs)


def run_all(function: Callable[[T], R], items: Iterable[T], *, jobs: int = 1, chunk_size: int = 1) -> Iterator[R]:
    """``function`` on every item with ``jobs`` workers, results in input order; the workers stop at the end."""
    with executor(jobs) as runner:
        yield from runner.map(function, items, chunk_size=chunk_size)
