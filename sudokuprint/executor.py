"""One way to run many independent jobs: chunks of work, results in input order, streamed.

Every bulk command (generate, pattern, grade, check, solve, scan, html) hands
its work here: an iterable of items (puzzles, puzzle ids, photos) and a
function of one item.  The items are cut into chunks; each chunk is one
task for a worker, sized from the measured time per item so that it is worth
its cost but short enough to keep every worker busy to the end; the results
come back one by one *in the input order*, as soon as every earlier one is
done, so output can be written while later work is still running, and a run
gives the same output whatever the number of workers.  At most
:data:`ITEMS_AHEAD` items are out at a time (so an endless input is read
lazily and memory stays flat), enough for the other workers to go on while
one slow item holds the head of the output.  Workers keep native libraries
to one thread each (:func:`sudokuprint.worker.one_native_thread`).

Executors are found by name in a registry (:func:`register_executor`,
:func:`executor_kind`): ``inprocess`` (:class:`InProcess`), ``processes``
(:class:`LocalProcesses`) and any plugin, such as ``dask``
(:mod:`sudokuprint.cluster`), which registers itself and is found through
the ``sudokuprint.executors`` entry points -- this module never imports
it.  A pool of workers is a :class:`WorkerPool`: it speaks a small public
protocol (``prepare``, ``submit``, ``wait``, ``result``, ``cancel``) and the
chunking, ordering and streaming are the base class's.

:func:`run_all` runs the work with the executor :func:`executor` picks:
the one named in the :func:`executor_settings` block around it, else
:class:`InProcess` for one job and :class:`LocalProcesses` for several.
With ``unordered`` settings results come in completion order.  The
function and the items must be picklable (a function at module level) for
anything but :class:`InProcess`.
"""

from __future__ import annotations

import contextlib
import itertools
import math
from abc import ABC, abstractmethod
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Protocol, Sequence, TypeVar

from .plugins import Registry, named
from .processes import ProcessGroup
from .worker import import_all

if TYPE_CHECKING:  # imported where used: one job in this process needs no process pool
    from concurrent.futures import Future

T = TypeVar("T")
R = TypeVar("R")

CHUNK_SECONDS = 0.1
"""Work per chunk aimed at by local processes: a chunk costs them about 0.6 ms to send and collect on a quiet
machine (under 1 %), and the last chunks of a run are cut smaller (see :meth:`WorkerPool.map`)."""

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

def chunks(items: Iterable[T], size: int) -> Iterator[list[T]]:
    """``items`` in lists of ``size`` (the last may be shorter), lazily."""
    if size < 1:
        raise ValueError("a chunk holds at least one item")
    iterator = iter(items)
    while chunk := list(itertools.islice(iterator, size)):
        yield chunk


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
        before the first chunk (see :meth:`WorkerPool.prepare`), not inside it.
        """

    def close(self) -> None:
        """Stop the workers (a no-op for executors without any)."""

    def abort(self) -> None:
        """Stop the workers now, dropping the work in hand: the run was stopped (an error, Ctrl-C, SIGTERM or
        SIGHUP, or the caller wanting no more); by default as :meth:`close`."""
        self.close()

    def __enter__(self) -> "Executor":
        return self

    def __exit__(self, exc_type: object, *exc: object) -> None:
        if exc_type is None:
            self.close()
        else:
            self.abort()


class InProcess(Executor):
    """Everything in this process, one item after another (``warm`` modules are imported by the first item)."""

    def map(self, function: Callable[[T], R], items: Iterable[T], *, chunk_size: int | None = None,
            ordered: bool = True, warm: Sequence[str] = ()) -> Iterator[R]:
        for item in items:
            yield function(item)


class Task(Protocol):
    """A chunk sent to the workers, as :meth:`WorkerPool.submit` returns it (a ``concurrent.futures.Future`` and a
    Dask ``Future`` both are one)."""

    def done(self) -> bool:
        """Whether the chunk has finished (its result or its error is there)."""
        ...

    def cancel(self) -> Any:
        """Drop the chunk if it has not started."""
        ...

    def result(self) -> Any:
        """The chunk's value, waiting for it; its error raised."""
        ...


ChunkOutcome = tuple[float, list[Any]]
"""What a chunk gives back (:func:`sudokuprint.worker.timed_chunk`): its seconds of work and its results."""


@dataclass(eq=False)
class _Sent:
    """A chunk out with the workers: its task, its number of items, and its outcome once fetched."""

    task: Task
    items: int
    outcome: ChunkOutcome | None = None

    @property
    def results(self) -> list[Any]:
        """The chunk's results (once fetched)."""
        return self.outcome[1] if self.outcome is not None else []


class WorkerPool(Executor):
    """Executors with workers: chunks sent ahead in a bounded window, results streamed back as they come.

    A pool says how to reach its workers through five public methods, the
    protocol every pool speaks (:class:`LocalProcesses`, the Dask cluster,
    one of yours): :meth:`prepare` them for a function, :meth:`submit` a
    chunk (a :class:`Task`), :meth:`wait` until one of several tasks is done,
    fetch a task's :meth:`result`, and :meth:`cancel` the tasks still out.
    :meth:`map` -- chunk sizes, the window, the order -- is this class's and
    the same for every pool.  :attr:`chunk_seconds` is the work per chunk
    worth the cost of one task on that pool; :attr:`jobs` how many workers it
    has.
    """

    chunk_seconds = CHUNK_SECONDS

    def prepare(self, function: Callable[[T], R], warm: Sequence[str]) -> None:
        """Ready the workers for ``function`` and the modules it imports (``warm``) before its first chunk."""

    @abstractmethod
    def submit(self, function: Callable[[T], R], chunk: list[T]) -> Task:
        """Send :func:`~sudokuprint.worker.timed_chunk` of ``function`` on ``chunk`` to a worker; its task."""

    @abstractmethod
    def wait(self, tasks: list[Task]) -> None:
        """Return when at least one of ``tasks`` is done."""

    @abstractmethod
    def result(self, task: Task) -> ChunkOutcome:
        """A task's :func:`~sudokuprint.worker.timed_chunk` value, waiting for it if it is running; the chunk's error
        raised here."""

    def cancel(self, tasks: list[Task]) -> None:
        """Drop the tasks still out when the caller stops early or an error ends the run."""
        for task in tasks:
            task.cancel()

    def map(self, function: Callable[[T], R], items: Iterable[T], *, chunk_size: int | None = None,
            ordered: bool = True, warm: Sequence[str] = ()) -> Iterator[R]:
        sizer = ChunkSizer(chunk_size, self.chunk_seconds)
        iterator = iter(items)
        ahead: deque[T] = deque()  # read from the input, not sent yet: enough to see the input's end coming
        waiting: deque[_Sent] = deque()  # in input order
        held = 0  # items sent and not yet handed on
        exhausted = False
        self.prepare(function, warm)
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
                        waiting.append(_Sent(self.submit(function, chunk), size))
                        held += size
                        block = False
                elif not waiting:
                    return
                for sent in self._take(waiting, ordered, block, sizer):
                    held -= sent.items
                    yield from sent.results
        finally:
            self.cancel([sent.task for sent in waiting])

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
            self.wait([sent.task for sent in watched])
        for sent in watched:  # measured as soon as done, in whatever order
            if sent.task.done():
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
        sent.outcome = self.result(sent.task)
        sizer.measured(sent.items, sent.outcome[0])


class LocalProcesses(WorkerPool):
    """``jobs`` worker processes on this machine (:class:`sudokuprint.processes.ProcessGroup`), started at the
    first chunk.

    Each worker dies with this process (:func:`sudokuprint.worker.die_with_parent`):
    killing only the parent, even with SIGKILL, leaves no worker running on;
    a run that is stopped kills its workers at once (:meth:`abort`).
    """

    def __init__(self, jobs: int) -> None:
        if jobs < 1:
            raise ValueError("jobs must be at least 1")
        self.jobs = jobs
        self._group: ProcessGroup | None = None
        self._warm: tuple[str, ...] = ()

    def prepare(self, function: Callable[[T], R], warm: Sequence[str]) -> None:
        """Import the ``warm`` modules here, where the workers not started yet will be forked from.

        Each worker would otherwise import them inside its first chunk, paying
        in every process what one process pays once (a second and more for
        the OCR's numpy and OpenCV on a busy machine).  Workers started with
        another method than fork (or forked before) import them as they start.
        """
        if self._group is None:
            import_all(warm)
            self._warm = tuple(warm)

    def submit(self, function: Callable[[T], R], chunk: list[T]) -> Future[ChunkOutcome]:
        if self._group is None:
            self._group = ProcessGroup(self.jobs, self._warm)
        return self._group.submit(function, chunk)

    def wait(self, tasks: list[Task]) -> None:
        from concurrent.futures import FIRST_COMPLETED, wait  # (see the import at the top)

        wait(tasks, return_when=FIRST_COMPLETED)  # type: ignore[arg-type]  # (this pool's tasks are its futures)

    def result(self, task: Task) -> ChunkOutcome:
        outcome: ChunkOutcome = task.result()
        return outcome

    def close(self) -> None:
        if self._group is not None:
            self._group.close()
            self._group = None

    def abort(self) -> None:
        """Kill the workers at once (a chunk running on one would otherwise hold the exit until it ends)."""
        if self._group is not None:
            self._group.kill()
            self._group = None


# -- the registry of executors, and the settings that pick one ------------------------------------------------

@dataclass(frozen=True)
class ExecutorKind:
    """An executor as the registry knows it: its name, how to make one, and how to check its address early."""

    name: str
    make: Callable[[int, "str | None"], Executor]
    """An executor for ``jobs`` workers (``--jobs``) at ``address`` (``--cluster``; None when not given)."""
    check: Callable[["str | None"], None] | None = None
    """Raises a clear error for an address it cannot use or a library it lacks -- before any work is done."""
    shared: bool = False
    """Made once in an :func:`executor_settings` block and shared by every run in it (a cluster's connection),
    closed when the block ends; otherwise made for one run and closed after it."""
    summary: str = ""


EXECUTORS: Registry[ExecutorKind] = Registry("executor", "sudokuprint.executors", named(ExecutorKind))
"""Every executor by name: the ones below, and the plugins of the ``sudokuprint.executors`` entry points."""


def register_executor(kind: ExecutorKind) -> None:
    """Make an executor available by its name (to :func:`executor_settings`)."""
    EXECUTORS.register(kind.name, kind)


def executor_kind(name: str) -> ExecutorKind:
    """The executor registered as ``name``, its plugin module loaded if need be
    (:class:`~sudokuprint.errors.UnknownPluginError` naming the choices if none is)."""
    return EXECUTORS.get(name)


def executor_names() -> tuple[str, ...]:
    """The names of every executor, plugins included (none is imported to list them)."""
    return EXECUTORS.names()


register_executor(ExecutorKind("inprocess", lambda jobs, address: InProcess(),
                               summary="everything in this process, one item after another"))
register_executor(ExecutorKind("processes", lambda jobs, address: LocalProcesses(jobs),
                               summary="--jobs N worker processes on this machine"))


@dataclass
class ExecutorSettings:
    """Which executor the :func:`run_all` calls of an :func:`executor_settings` block use, and whether order matters.

    ``name`` is a registered executor (None: this process for one job,
    local processes for more) and ``address`` what it connects to (a Dask
    scheduler's ``tcp://host:8786`` or ``local:N``).  A shared executor (a
    cluster) is made at first use and closed when the block ends.
    """

    name: str | None = None
    address: str | None = None
    unordered: bool = False
    _shared: Executor | None = field(default=None, repr=False)

    def check(self) -> None:
        """Raise the executor's own error now for a name, address or library that cannot work (before any work)."""
        if self.name is not None:
            kind = executor_kind(self.name)
            if kind.check is not None:
                kind.check(self.address)

    def executor(self, jobs: int) -> Executor:
        """The executor for a run of ``jobs`` workers: the shared one, or a new one the caller closes."""
        if self.name is None:
            return InProcess() if jobs <= 1 else LocalProcesses(jobs)
        kind = executor_kind(self.name)
        if not kind.shared:
            return kind.make(jobs, self.address)
        if self._shared is None:
            self._shared = kind.make(jobs, self.address)
        return self._shared

    def owns(self, runner: Executor) -> bool:
        """Whether ``runner`` is the block's shared executor (closed with the block, not after a run)."""
        return runner is self._shared

    def close(self) -> None:
        """Close the shared executor, if one was made."""
        shared, self._shared = self._shared, None
        if shared is not None:
            shared.close()


_settings = ExecutorSettings()


@contextlib.contextmanager
def executor_settings(name: str | None = None, address: str | None = None, *,
                      unordered: bool = False) -> Iterator[ExecutorSettings]:
    """Run the :func:`run_all` calls in this block on the executor ``name`` (at ``address``), in completion order if
    ``unordered``.

    The settings may be changed on the yielded :class:`ExecutorSettings`
    until work starts; an unknown name is refused at once
    (:class:`~sudokuprint.errors.UnknownPluginError`).
    """
    global _settings
    settings = ExecutorSettings(name, address, unordered)
    if name is not None:
        executor_kind(name)
    previous, _settings = _settings, settings
    try:
        yield settings
    finally:
        _settings = previous
        settings.close()


def executor(jobs: int = 1) -> Executor:
    """The executor for ``--jobs N`` inside the current :func:`executor_settings` (by default: this process for 1,
    N local processes for more)."""
    return _settings.executor(jobs)


def run_all(function: Callable[[T], R], items: Iterable[T], *, jobs: int = 1, chunk_size: int | None = None,
            warm: Sequence[str] = (), ordered: bool | None = None) -> Iterator[R]:
    """``function`` on every item with ``jobs`` workers (or the executor of the settings), results in input order.

    ``chunk_size`` None: chunks sized from the measured time per item.
    ``warm``: the modules ``function`` imports when first called, imported
    in the workers before their first chunk (see :meth:`Executor.map`).
    ``ordered`` None follows the settings (completion order inside
    ``executor_settings(unordered=True)``); True keeps the input order
    whatever they say (for work whose results are matched to its items).  A
    run's own executor stops at the end (at once, its workers killed, when
    the run is stopped early: :meth:`Executor.abort`); a shared one (a
    cluster) when its :func:`executor_settings` block ends.
    """
    settings = _settings
    runner = settings.executor(jobs)
    keep_order = not settings.unordered if ordered is None else ordered
    stopped = False
    try:
        yield from runner.map(function, items, chunk_size=chunk_size, ordered=keep_order, warm=warm)
    except BaseException:  # an error, Ctrl-C, SIGTERM or SIGHUP, or the caller wanting no more (GeneratorExit)
        stopped = True
        raise
    finally:
        if not settings.owns(runner):
            if stopped:
                runner.abort()  # the work still running is not wanted: no waiting for it
            else:
                runner.close()
