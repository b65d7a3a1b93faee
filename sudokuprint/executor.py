"""One way to run many independent jobs: chunks of work, results in input order, streamed.

Every command with ``-j/--jobs`` (generate, pattern, grade, check, solve,
scan) hands its work here: an iterable of items (puzzles, puzzle ids, photos)
and a function of one item.  The items are cut into chunks; each chunk is one
task for a worker, sized from the measured time per item so that it is worth
its cost but short enough to keep every worker busy to the end; the results
come back one by one *in the input order*, as soon as every earlier one is
done, so output can be written while later work is still running, and a run
gives the same output whatever the number of workers.  At most
:data:`ITEMS_AHEAD` items are out at a time (so an endless input is read
lazily and memory stays flat), enough for the other workers to go on while
one slow item holds the head of the output.  Workers keep native libraries
to one thread each (:func:`one_native_thread`).

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
import gc
import importlib
import itertools
import math
import os
import sys
import time
from abc import ABC, abstractmethod
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Sequence, TypeVar

if TYPE_CHECKING:  # imported where used: one job in this process needs no process pool
    from concurrent.futures import Future, ProcessPoolExecutor

T = TypeVar("T")
R = TypeVar("R")

CHUNK_SECONDS = 0.1
"""Work per chunk aimed at by local processes: a chunk costs them about 0.6 ms to send and collect on a quiet
machine (under 1 %), and the last chunks of a run are cut smaller (see :meth:`Pool._read_ahead`)."""

LARGEST_CHUNK = 256
"""Items per chunk at most, however cheap they are."""

LAST_CHUNK_SHARE = 0.125
"""The last chunks of a run shrink down to this share of a chunk's work, not below: a worker may idle that long at
the end, but a task still costs at most about 8 % of its work on Dask (10 ms of a 125 ms chunk) instead of the
half of one 25 ms puzzle -- 300 puzzles graded on Dask went out in 21 tasks, 11 of them the shrinking last ones."""

FIRST_CHUNKS_PER_WORKER = 2
"""Chunks in flight per worker until one has come back (and shown how long an item takes)."""

WATCHED = 4
"""Per worker, how many of the oldest chunks not yet back are watched while waiting (the running ones are among
them: the workers take chunks in the order sent); watching every chunk out would cost more than a chunk."""

ITEMS_AHEAD = 1024
"""Items sent out and not yet handed on, at most: deep enough that the other workers keep going while one slow
item holds the head of the output, small enough to keep memory flat."""

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
            from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]

            threadpool_limits(int(os.environ["OPENBLAS_NUM_THREADS"]), user_api="blas")
        cv2 = sys.modules.get("cv2")
        if cv2 is not None:
            cv2.setNumThreads(int(os.environ["OPENCV_FOR_THREADS_NUM"]))


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


class ChunkSizer:
    """Items per chunk: a fixed number, or (``fixed`` None) as many as take about ``seconds`` in a worker.

    The time an item takes is the mean over the chunks back so far; until the
    first is back, chunks hold one item.  Chunks bounded in time keep the
    workers evenly busy to the end of any input, long or short, cheap or dear.
    """

    def __init__(self, fixed: int | None, seconds: float) -> None:
        if fixed is not None and fixed < 1:
            raise ValueError("a chunk holds at least one item")
        self.fixed = fixed
        self.seconds = seconds
        self.items = 0
        self.spent = 0.0

    @property
    def known(self) -> bool:
        """Whether a chunk's time has been measured (or the size is fixed)."""
        return self.fixed is not None or self.items > 0

    @property
    def size(self) -> int:
        """Items for the next chunk."""
        if self.fixed is not None:
            return self.fixed
        return self.items_for(self.seconds)

    def items_for(self, seconds: float) -> int:
        """Items that take about ``seconds`` (1 to :data:`LARGEST_CHUNK`; 1 until a chunk has been measured)."""
        if not self.items:
            return 1
        per_item = self.spent / self.items
        return max(1, min(LARGEST_CHUNK, int(seconds / per_item) if per_item > 0 else LARGEST_CHUNK))

    def measured(self, items: int, seconds: float) -> None:
        """A chunk of ``items`` came back after ``seconds`` of work."""
        self.items += items
        self.spent += seconds


class Executor(ABC):
    """Runs ``function`` on every item; subclasses decide where."""

    jobs: int = 1

    @abstractmethod
    def map(self, function: Callable[[T], R], items: Iterable[T], *, chunk_size: int | None = None,
            ordered: bool = True, warm: Sequence[str] = ()) -> Iterator[R]:
        """``function(item)`` for every item, yielded as soon as each is ready.

        In the order of ``items``, or with ``ordered=False`` in the order the
        chunks complete (each chunk's items stay together, in their order).
        ``chunk_size`` fixes the items per task; None sizes them from the
        measured time per item (see :class:`ChunkSizer`).  ``warm`` names the
        modules ``function`` imports when first called: the workers have them
        before the first chunk (see :meth:`Pool._prepare`), not inside it.
        """

    def close(self) -> None:
        """Stop the workers (a no-op for executors without any)."""

    def __enter__(self) -> "Executor":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class InProcess(Executor):
    """Everything in this process, one item after another (``warm`` modules are imported by the first item)."""

    def map(self, function: Callable[[T], R], items: Iterable[T], *, chunk_size: int | None = None,
            ordered: bool = True, warm: Sequence[str] = ()) -> Iterator[R]:
        for item in items:
            yield function(item)


@dataclass(eq=False)
class _Sent:
    """A chunk out with the workers: its future, its number of items, and its outcome once fetched."""

    future: Any
    items: int
    outcome: tuple[float, list[Any]] | None = None

    @property
    def results(self) -> list[Any]:
        """The chunk's results (once fetched)."""
        return self.outcome[1] if self.outcome is not None else []


class Pool(Executor):
    """Executors with workers: chunks sent ahead in a bounded window, results streamed back as they come.

    A subclass says how to send a task (:meth:`_submit`), wait for the first
    of several (:meth:`_wait_any`) and collect one (:meth:`_result`); the
    futures need ``done()``.  :attr:`chunk_seconds` is the work per chunk
    worth the cost of one task on that backend.
    """

    chunk_seconds = CHUNK_SECONDS

    def map(self, function: Callable[[T], R], items: Iterable[T], *, chunk_size: int | None = None,
            ordered: bool = True, warm: Sequence[str] = ()) -> Iterator[R]:
        sizer = ChunkSizer(chunk_size, self.chunk_seconds)
        iterator = iter(items)
        ahead: deque[T] = deque()  # read from the input, not sent yet: enough to see the input's end coming
        waiting: deque[_Sent] = deque()  # in input order
        held = 0  # items sent and not yet handed on
        exhausted = False
        self._prepare(function, warm)
        try:
            while True:
                block = True
                if (ahead or not exhausted) and self._room(waiting, held, sizer):
                    exhausted = self._read_ahead(iterator, ahead, exhausted, sizer)
                    size = min(sizer.size, len(ahead))
                    if exhausted and sizer.fixed is None and sizer.known:  # the last items: chunks that shrink,
                        size = min(size, max(math.ceil(len(ahead) / (2 * self.jobs)),  # so the workers end together,
                                             sizer.items_for(self.chunk_seconds * LAST_CHUNK_SHARE)))  # not too small
                    if size:
                        chunk = [ahead.popleft() for _ in range(size)]
                        waiting.append(_Sent(self._submit(function, chunk), size))
                        held += size
                        block = False
                elif not waiting:
                    return
                for sent in self._take(waiting, ordered, block, sizer):
                    held -= sent.items
                    yield from sent.results
        finally:
            self._forget([sent.future for sent in waiting])

    def _read_ahead(self, iterator: Iterator[T], ahead: deque[T], exhausted: bool, sizer: ChunkSizer) -> bool:
        """Read items into ``ahead`` for the next chunk; whether the input has ended.

        Once the time per item is known, as many as :attr:`jobs` chunks are
        read ahead (at most :data:`ITEMS_AHEAD` items), so the end of the input
        is seen while every worker still has a chunk to do: the last chunks
        are cut smaller and no worker idles at the end while another runs a
        whole chunk.  Until then one chunk is read at a time, so the first
        items of a slow input go out at once.
        """
        if exhausted:
            return True
        wanted = sizer.size
        if sizer.known and sizer.fixed is None:
            wanted = max(wanted, min(ITEMS_AHEAD, wanted * self.jobs))
        missing = wanted - len(ahead)
        if missing <= 0:
            return False
        before = len(ahead)
        ahead.extend(itertools.islice(iterator, missing))
        return len(ahead) - before < missing

    def _room(self, waiting: deque[_Sent], held: int, sizer: ChunkSizer) -> bool:
        """Whether another chunk may go out: a few per worker always, many more once a chunk's time is known."""
        if len(waiting) < FIRST_CHUNKS_PER_WORKER * self.jobs:
            return True
        return sizer.known and held + sizer.size <= ITEMS_AHEAD

    def _take(self, waiting: deque[_Sent], ordered: bool, block: bool, sizer: ChunkSizer) -> list[_Sent]:
        """The chunks whose results may go out now: the done ones at the head of the queue (any done one if
        unordered).

        With ``block`` first wait until a chunk is done -- any of the first
        running ones, not only the head: a chunk done behind a slow head shows
        the time per item (so more can go out) and frees room in the window.
        """
        watched = list(itertools.islice((sent for sent in waiting if sent.outcome is None), WATCHED * self.jobs))
        if block and watched:
            self._wait_any([sent.future for sent in watched])
        for sent in watched:  # measured as soon as done, in whatever order
            if sent.future.done():
                self._collect(sent, sizer)
        if ordered:
            taken = []
            while waiting and waiting[0].outcome is not None:
                taken.append(waiting.popleft())
            return taken
        taken = [sent for sent in waiting if sent.outcome is not None]
        if taken:
            kept = [sent for sent in waiting if sent.outcome is None]
            waiting.clear()
            waiting.extend(kept)
        return taken

    def _collect(self, sent: _Sent, sizer: ChunkSizer) -> None:
        """Fetch a done chunk's outcome (its error raised here) and add its time to the sizer's."""
        sent.outcome = self._result(sent.future)
        sizer.measured(sent.items, sent.outcome[0])

    def _prepare(self, function: Callable[[T], R], warm: Sequence[str]) -> None:
        """Ready the workers for ``function`` and the modules it imports (``warm``) before its first chunk."""

    @abstractmethod
    def _submit(self, function: Callable[[T], R], chunk: list[T]) -> Any:
        """Send :func:`timed_chunk` of ``function`` on ``chunk``; its future."""

    @abstractmethod
    def _wait_any(self, futures: list[Any]) -> None:
        """Return when at least one of ``futures`` is done."""

    @abstractmethod
    def _result(self, future: Any) -> tuple[float, list[R]]:
        """A done (or running) future's :func:`timed_chunk` value, waiting for it; its error raised."""

    def _forget(self, futures: list[Any]) -> None:
        """Drop the chunks still out when the caller stops early or an error ends the run."""
        for future in futures:
            future.cancel()


def import_all(modules: Sequence[str]) -> None:
    """Import ``modules`` (in a worker, before its first chunk), native libraries set to one thread first."""
    one_native_thread()
    for module in modules:
        importlib.import_module(module)


class LocalProcesses(Pool):
    """``jobs`` worker processes on this machine, started at the first chunk."""

    def __init__(self, jobs: int) -> None:
        if jobs < 1:
            raise ValueError("jobs must be at least 1")
        self.jobs = jobs
        self._pool: ProcessPoolExecutor | None = None
        self._warm: tuple[str, ...] = ()

    def _prepare(self, function: Callable[[T], R], warm: Sequence[str]) -> None:
        """Import the ``warm`` modules here, where the workers not started yet will be forked from.

        Each worker would otherwise import them inside its first chunk, paying
        in every process what one process pays once (a second and more for
        the OCR's numpy and OpenCV on a busy machine).  Workers started with
        another method than fork (or forked before) import them as they start.
        """
        if self._pool is None:
            import_all(warm)
            self._warm = tuple(warm)

    def _submit(self, function: Callable[[T], R], chunk: list[T]) -> Future[tuple[float, list[R]]]:
        if self._pool is None:
            from concurrent.futures import ProcessPoolExecutor

            gc.freeze()  # what exists now is the workers' too: their collections leave it alone (no copy-on-write)
            try:
                self._pool = ProcessPoolExecutor(max_workers=self.jobs, initializer=import_all, initargs=(self._warm,))
                future = self._pool.submit(timed_chunk, function, chunk)  # forks every worker (with fork)
            finally:
                gc.unfreeze()
            return future
        return self._pool.submit(timed_chunk, function, chunk)

    def _wait_any(self, futures: list[Any]) -> None:
        from concurrent.futures import FIRST_COMPLETED, wait

        wait(futures, return_when=FIRST_COMPLETED)

    def _result(self, future: Any) -> tuple[float, list[R]]:
        return future.result()

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


def run_all(function: Callable[[T], R], items: Iterable[T], *, jobs: int = 1,
            chunk_size: int | None = None, warm: Sequence[str] = ()) -> Iterator[R]:
    """``function`` on every item with ``jobs`` workers (or the cluster), results in input order.

    ``chunk_size`` None: chunks sized from the measured time per item.
    ``warm``: the modules ``function`` imports when first called, imported
    in the workers before their first chunk (see :meth:`Executor.map`).
    In completion order inside ``backend(unordered=True)``.  Local workers stop
    at the end; a cluster stays up until its :func:`backend` block ends.
    """
    runner = executor(jobs)
    try:
        yield from runner.map(function, items, chunk_size=chunk_size, ordered=not _backend.unordered, warm=warm)
    finally:
        if runner is not _backend.runner:
            runner.close()
