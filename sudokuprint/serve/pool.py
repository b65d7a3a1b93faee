"""The server's bounded pool: a few worker processes, a queue of bounded length, and a time limit per task.

The processes are the executor seam's own (:func:`sudokuprint.executor.executor_kind` ``"processes"``, a
:class:`~sudokuprint.executor.WorkerPool`), used through its public protocol: each request is one chunk of one
item, :func:`~sudokuprint.serve.work.run_task`.  At most ``workers + queue`` tasks are out at once; a request
beyond that is refused at once (:class:`Busy`, 503) instead of piling up, so memory stays bounded however many
phones send photos.  Each task has ``time_limit`` seconds of work (the worker's own alarm stops it); a task
that does not answer even then is given up here (:class:`TooLong`, 504).
"""

from __future__ import annotations

import asyncio
import functools
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from ..executor import WorkerPool, executor_kind
from .work import WARM, Outcome, run_task

GRACE = 5.0
"""Seconds past the time limit a running task is waited for before it is given up here."""
POLL = 0.2
"""Seconds between looks at a task that has not finished (is it running yet? for how long?)."""


class Busy(Exception):
    """Every worker is busy and the queue is full: try again in a moment."""


class TooLong(Exception):
    """A task ran past the time limit and did not stop."""


class WorkPool:
    """``workers`` processes with room for ``queue`` more tasks waiting; :meth:`run` one task at a time."""

    def __init__(self, workers: int, queue: int, time_limit: float) -> None:
        self.workers = workers
        self.queue = queue
        self.time_limit = time_limit
        self._pool: WorkerPool | None = None
        self._slots = asyncio.Semaphore(workers + queue)
        self.waiting = 0
        """Tasks out now (running or queued)."""

    def start(self) -> None:
        """Start the worker processes now (forked before the server has threads) with the tasks' modules."""
        pool = executor_kind("processes").make(self.workers, None)
        if not isinstance(pool, WorkerPool):
            raise TypeError("the 'processes' executor is not a pool of workers")
        work = functools.partial(run_task, self.time_limit)
        pool.prepare(work, WARM)
        pool.result(pool.submit(work, []))  # an empty chunk: the workers start, import, and answer
        self._pool = pool

    def close(self) -> None:
        """Stop the workers (tasks not started are dropped; running ones end within their time limit)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.close()

    async def run(self, task: str, /, *, wait: bool = False, **arguments: Any) -> Outcome:
        """Run the task named ``task`` with ``arguments`` in a worker; its :class:`~sudokuprint.serve.work.Outcome`.

        With no room left, raises :class:`Busy` at once (``wait``: waits for room instead).
        """
        if self._slots.locked() and not wait:
            raise Busy()
        async with self._slots:
            self.waiting += 1
            try:
                return await self._run(task, arguments)
            finally:
                self.waiting -= 1

    async def _run(self, name: str, arguments: dict[str, Any]) -> Outcome:
        if self._pool is None:
            raise RuntimeError("the work pool is not started")
        task = self._pool.submit(functools.partial(run_task, self.time_limit), [(name, arguments)])
        future: asyncio.Future[tuple[float, list[Outcome]]] = asyncio.wrap_future(task)  # type: ignore[arg-type]
        loop = asyncio.get_running_loop()
        started: float | None = None
        try:
            while not future.done():
                await asyncio.wait({future}, timeout=POLL)
                if started is None and task.running():  # type: ignore[attr-defined]
                    started = loop.time()
                if started is not None and not future.done() and loop.time() - started > self.time_limit + GRACE:
                    raise TooLong()
            _, outcomes = future.result()
        except BrokenProcessPool:
            self._restart()
            return Outcome(None, 503, "worker-lost", "a worker process stopped (out of memory?); try again")
        finally:
            if not future.done():
                task.cancel()  # the client went away or the task is given up: drop it if it has not started
        outcome: Outcome = outcomes[0]
        return outcome

    def _restart(self) -> None:
        """A worker died and took the pool with it: a new pool for the next tasks."""
        self.close()
        self.start()
