"""Worker processes on this machine, each on a pipe of its own: chunks out, results back, and a kill that always ends.

:class:`ProcessGroup` is what :class:`sudokuprint.executor.LocalProcesses`
runs its chunks on.  Each worker is a process started from this one (forked
where the system can) that dies with it
(:func:`sudokuprint.worker.die_with_parent`) and serves chunks from its pipe
(:func:`sudokuprint.worker.serve`).  A chunk is a
``concurrent.futures.Future``; one thread of this process sends queued chunks
to idle workers and reads their results as they come.  Every worker has a
pipe of its own, held open by nobody else, so a worker that dies -- even
killed half-way through sending a result -- is seen at once (its pipe ends),
and :meth:`ProcessGroup.kill` (on Ctrl-C, SIGTERM, SIGHUP or an error)
always ends: ``concurrent.futures``' own pool could hang there, its manager
thread waiting forever on the one pipe all its workers share for the rest of
a result a killed worker had half sent.
"""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
import os
import threading
from collections import deque
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import TYPE_CHECKING, Any, Callable, Sequence

from .worker import serve

if TYPE_CHECKING:  # imported where used: concurrent.futures costs every command's start-up, one job needs none of it
    from concurrent.futures import Future

STOP_SECONDS = 5.0
"""How long a worker told to stop (or killed) may take to end before it is killed (or given up on)."""

Work = tuple[Callable[..., Any], list[Any]]


@dataclass(eq=False)
class _Worker:
    process: multiprocessing.process.BaseProcess
    connection: Connection
    task: Future | None = None


class ProcessGroup:
    """``size`` worker processes that import ``warm`` as they start; chunks given to them as futures."""

    def __init__(self, size: int, warm: Sequence[str] = ()) -> None:
        self.size = size
        self.warm = tuple(warm)
        self._workers: list[_Worker] = []
        self._queue: deque[tuple[Future, Work]] = deque()
        self._lock = threading.Lock()
        self._wake_reader, self._wake_writer = multiprocessing.Pipe(duplex=False)
        self._closing = False
        self._killed = False
        self._thread: threading.Thread | None = None

    def submit(self, function: Callable[..., Any], chunk: list[Any]) -> Future:
        """Queue ``chunk`` for the next idle worker (the workers start at the first chunk); its future."""
        with self._lock:
            if self._closing:
                raise RuntimeError("the worker processes are stopped")
            if self._thread is None:
                self._start()
            from concurrent.futures import Future  # (not at start-up: see the import above)

            future: Future = Future()
            self._queue.append((future, (function, chunk)))
        self._wake()
        return future

    def close(self) -> None:
        """Let the chunks running end (their results kept), drop the queued ones, stop the workers and wait."""
        with self._lock:
            self._closing = True
            for future, _ in self._queue:
                future.cancel()
            self._queue.clear()
        self._stop()

    def kill(self) -> None:
        """Kill every worker at once; the chunks still out fail (``BrokenProcessPool``) and the queued ones are
        cancelled."""
        with self._lock:
            self._closing = self._killed = True
            for future, _ in self._queue:
                future.cancel()
            self._queue.clear()
            workers = list(self._workers)
        for worker in workers:
            with contextlib.suppress(OSError, ValueError, AttributeError):  # ended already
                worker.process.kill()
        self._stop()

    # -- this process's side ------------------------------------------------------------------------------------

    def _start(self) -> None:
        """Start the workers (forked where the system can: they share what this process has imported), then the
        thread that serves them."""
        gc.freeze()  # what exists now is the workers' too: their collections leave it alone (no copy-on-write)
        try:
            for _ in range(self.size):
                self._workers.append(self._spawn())
        finally:
            gc.unfreeze()
        self._thread = threading.Thread(target=self._serve_workers, name="sudokuprint-workers", daemon=True)
        self._thread.start()

    def _spawn(self) -> _Worker:
        """One worker more, on a pipe of its own (it closes its copies of this process's other pipes)."""
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        mine, theirs = context.Pipe()
        others = [worker.connection for worker in self._workers] + [self._wake_reader, self._wake_writer]
        process = context.Process(target=serve, args=(theirs, os.getpid(), self.warm, others),
                                  name="sudokuprint-worker", daemon=True)
        process.start()
        theirs.close()
        return _Worker(process, mine)

    def _wake(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self._wake_writer.send_bytes(b"")

    def _stop(self) -> None:
        """Wake the serving thread to finish (it stops the workers), wait for it, and close the pipes."""
        self._wake()
        if self._thread is not None:
            self._thread.join()
        for worker in self._workers:
            worker.process.join(STOP_SECONDS)
            with contextlib.suppress(OSError, ValueError, AttributeError):
                worker.process.kill()  # one that did not stop when told
            worker.connection.close()
        self._workers.clear()
        self._wake_reader.close()
        self._wake_writer.close()

    def _serve_workers(self) -> None:
        """The thread: send queued chunks to idle workers, read results as they come, until stopped."""
        from concurrent.futures.process import BrokenProcessPool  # (not at start-up: see the import above)

        while True:
            with self._lock:
                self._dispatch()
                busy = [worker for worker in self._workers if worker.task is not None]
                if self._closing and (self._killed or not busy):
                    break
            waited = [self._wake_reader] + [w.connection for w in busy] + [w.process.sentinel for w in busy]
            ready = wait(waited)
            if self._wake_reader in ready:
                with contextlib.suppress(EOFError, OSError):
                    while self._wake_reader.poll():
                        self._wake_reader.recv_bytes()
            for worker in busy:
                if worker.connection in ready or worker.process.sentinel in ready:
                    self._collect(worker)
        for worker in self._workers:  # told to stop, or killed: failed what they had
            if worker.task is not None:
                worker.task.set_exception(BrokenProcessPool("the worker processes were stopped"))
                worker.task = None
            if not self._killed:
                with contextlib.suppress(OSError, ValueError):
                    worker.connection.send(None)

    def _dispatch(self) -> None:
        """Send queued chunks to the idle workers (under the lock)."""
        for worker in self._workers:
            while worker.task is None and self._queue and not self._killed:
                future, work = self._queue.popleft()
                if future.set_running_or_notify_cancel():  # False: cancelled while it waited
                    worker.connection.send(work)
                    worker.task = future

    def _collect(self, worker: _Worker) -> None:
        """Read a busy worker's result (or learn that it died) and free it."""
        from concurrent.futures.process import BrokenProcessPool  # (not at start-up: see the import above)

        task, worker.task = worker.task, None
        assert task is not None
        try:
            if not worker.connection.poll():  # its sentinel is ready: the process has ended
                raise EOFError
            ok, value = worker.connection.recv()
        except (EOFError, OSError):
            worker.process.join(STOP_SECONDS)
            task.set_exception(BrokenProcessPool(f"a worker process ended (exit code {worker.process.exitcode}) "
                                                 "while it had a chunk"))
            worker.connection.close()
            with self._lock:
                self._workers.remove(worker)
                if not self._closing:
                    self._workers.append(self._spawn())  # the run may go on (its caller decides) as wide as before
            return
        if ok:
            task.set_result(value)
        else:
            task.set_exception(value)
