"""Worker processes on this machine, each on a pipe of its own: chunks out, results back, and a kill that always ends.

:class:`ProcessGroup` is what :class:`sudokuprint.executor.LocalProcesses`
runs its chunks on.  Each worker is a process started from this one (forked
where the system can), that dies with it
(:func:`sudokuprint.worker.die_with_parent`) and serves chunks from its pipe
(:func:`sudokuprint.worker.serve`).  A chunk goes to an idle worker; the
others wait in a queue here.  Nothing runs in a thread: results are read
while the caller waits for one (:meth:`ProcessGroup.wait`), so stopping the
group at any moment (:meth:`ProcessGroup.kill`, on Ctrl-C, SIGTERM, SIGHUP or
an error) kills the workers and is done -- ``concurrent.futures`` could hang
there, its manager thread waiting forever for the rest of a result that a
killed worker had half sent.
"""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
import os
from collections import deque
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from typing import Any, Callable, Sequence

from .worker import serve

STOP_SECONDS = 5.0
"""How long a worker told to stop may take to end before it is killed."""


class WorkerDiedError(RuntimeError):
    """A worker process ended while it had a chunk (killed from outside, out of memory)."""


class CancelledChunkError(RuntimeError):
    """The result of a chunk cancelled before it was sent to a worker."""


class ChunkTask:
    """A chunk given to the group: a :class:`sudokuprint.executor.Task` (``done``, ``result``, ``cancel``)."""

    def __init__(self, group: "ProcessGroup", function: Callable[..., Any], chunk: list[Any]) -> None:
        self._group = group
        self.work: tuple[Callable[..., Any], list[Any]] | None = (function, chunk)
        self._done = False
        self._value: Any = None
        self._error: BaseException | None = None

    def done(self) -> bool:
        return self._done

    def finish(self, value: Any = None, error: BaseException | None = None) -> None:
        """Its outcome has come (a value, or the error to raise)."""
        self._done, self._value, self._error, self.work = True, value, error, None

    def cancel(self) -> bool:
        """Drop the chunk if no worker has it yet; whether it was dropped."""
        if self._done or not self._group.unqueue(self):
            return False
        self.finish(error=CancelledChunkError("the chunk was cancelled"))
        return True

    def result(self) -> Any:
        """The chunk's value, waiting for it; the chunk's error raised here."""
        if not self._done:
            self._group.wait([self])
        if self._error is not None:
            raise self._error
        return self._value


@dataclass(eq=False)
class _Worker:
    process: multiprocessing.process.BaseProcess
    connection: Connection
    task: ChunkTask | None = None


@dataclass(eq=False)
class ProcessGroup:
    """``size`` worker processes, started at the first chunk, that import ``warm`` as they start."""

    size: int
    warm: Sequence[str] = ()
    _workers: list[_Worker] = field(default_factory=list)
    _queue: deque[ChunkTask] = field(default_factory=deque)

    def submit(self, function: Callable[..., Any], chunk: list[Any]) -> ChunkTask:
        """Give ``chunk`` to an idle worker (or queue it); its task."""
        if not self._workers:
            self._start()
        task = ChunkTask(self, function, chunk)
        self._queue.append(task)
        self._dispatch()
        return task

    def unqueue(self, task: ChunkTask) -> bool:
        """Take ``task`` out of the queue; whether it was there (not sent yet)."""
        try:
            self._queue.remove(task)
        except ValueError:
            return False
        return True

    def wait(self, tasks: Sequence[ChunkTask]) -> None:
        """Return when at least one of ``tasks`` is done, reading every result that comes meanwhile."""
        while not any(task.done() for task in tasks):
            busy = [worker for worker in self._workers if worker.task is not None]
            if not busy:
                raise RuntimeError("waiting for chunks that no worker has")  # (a bug: every queued chunk is sent)
            ready = wait([worker.connection for worker in busy] + [worker.process.sentinel for worker in busy])
            for worker in busy:
                if worker.connection in ready or worker.process.sentinel in ready:
                    self._collect(worker)
            self._dispatch()

    def close(self) -> None:
        """Tell the workers to stop (after the chunk in hand), and wait for them; kill any that does not."""
        for worker in self._workers:
            with contextlib.suppress(OSError, ValueError):
                worker.connection.send(None)
        for worker in self._workers:
            worker.process.join(STOP_SECONDS)
        self.kill()

    def kill(self) -> None:
        """Kill every worker at once; the chunks still out are dropped."""
        for worker in self._workers:
            with contextlib.suppress(OSError, ValueError, AttributeError):  # ended already
                worker.process.kill()
        for worker in self._workers:
            with contextlib.suppress(OSError, ValueError, AssertionError):
                worker.process.join(STOP_SECONDS)
            worker.connection.close()
        self._workers.clear()
        for task in self._queue:
            task.finish(error=CancelledChunkError("the workers were stopped"))
        self._queue.clear()

    def _start(self) -> None:
        """Start the workers (forked where the system can: they share what this process has imported)."""
        gc.freeze()  # what exists now is the workers' too: their collections leave it alone (no copy-on-write)
        try:
            for _ in range(self.size):
                self._workers.append(self._spawn())
        finally:
            gc.unfreeze()

    def _spawn(self) -> _Worker:
        """One worker more, on a pipe of its own (it closes its copies of the other workers' pipes)."""
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        mine, theirs = context.Pipe()
        others = [worker.connection for worker in self._workers]
        process = context.Process(target=serve, args=(theirs, os.getpid(), tuple(self.warm), others),
                                  name="sudokuprint-worker", daemon=True)
        process.start()
        theirs.close()
        return _Worker(process, mine)

    def _dispatch(self) -> None:
        """Send queued chunks to the idle workers."""
        for worker in self._workers:
            if not self._queue:
                return
            if worker.task is None:
                task = self._queue.popleft()
                assert task.work is not None
                worker.connection.send(task.work)
                worker.task = task

    def _collect(self, worker: _Worker) -> None:
        """Read a busy worker's result (or learn that it died) and free it."""
        task, worker.task = worker.task, None
        assert task is not None
        try:
            if not worker.connection.poll():  # its sentinel is ready: the process has ended
                raise EOFError
            ok, value = worker.connection.recv()
        except (EOFError, OSError):
            worker.process.join(STOP_SECONDS)
            task.finish(error=WorkerDiedError(f"a worker process ended (exit code {worker.process.exitcode}) while "
                                              "it had a chunk"))
            worker.connection.close()
            self._workers.remove(worker)
            self._workers.append(self._spawn())  # the run may go on (its caller decides) with as many workers
            return
        if ok:
            task.finish(value=value)
        else:
            task.finish(error=value)
