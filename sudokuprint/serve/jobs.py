"""Booklets made in the background: a job per request, its progress, then its PDF.

A job makes its puzzles one task each on the work pool (so other requests
still get their turn, and the progress is the count of puzzles made), then
lays out the booklet in one more task, which writes the PDF into the server's
temporary folder.  At most :data:`MAX_RUNNING` jobs run at once; a finished
job's PDF is kept for :data:`KEEP_SECONDS`, then deleted with the job.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from ..layout.template import shipped_templates
from .errors import RequestError
from .pool import WorkPool

MAX_RUNNING = 2
"""Booklet jobs that may run at once (each keeps the workers busy for a while)."""
MAX_PUZZLES = 200
KEEP_SECONDS = 600.0
"""How long a finished booklet waits to be downloaded."""
MAX_KEPT = 16
"""Finished booklets kept at most (the oldest go first)."""
LEVELS = {"easy": 1, "medium": 2, "hard": 3, "expert": 4}


def booklet_templates() -> list[str]:
    """The shipped templates a booklet can be laid out in."""
    return [name for name in shipped_templates() if name.startswith(("booklet-", "pod-")) and "answers" not in name]


@dataclass
class BookletRequest:
    """What the form asks for, checked."""

    count: int
    level: int
    template: str
    title: str
    seed: int

    @classmethod
    def from_json(cls, data: Any) -> "BookletRequest":
        """The request from the JSON body (:class:`RequestError` 400 naming the field that is wrong)."""
        if not isinstance(data, dict):
            raise RequestError(400, "bad-request", "send a JSON object: {count, level, template, title}")
        count = data.get("count", 12)
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_PUZZLES:
            raise RequestError(400, "bad-count", f"count: {count!r} is not a whole number from 1 to {MAX_PUZZLES}")
        level = data.get("level", "medium")
        level = LEVELS.get(str(level).lower(), level if level in (1, 2, 3, 4) else None)
        if level is None:
            raise RequestError(400, "bad-level", f"level: {data.get('level')!r} is not 1-4 or {', '.join(LEVELS)}")
        template = data.get("template", "booklet-a4-4up")
        if template not in booklet_templates():
            raise RequestError(400, "bad-template", f"template: {template!r} is not one of {', '.join(booklet_templates())}")
        title = data.get("title", "Sudoku")
        if not isinstance(title, str) or not title.strip() or len(title) > 120:
            raise RequestError(400, "bad-title", "title: give a title of 1 to 120 characters")
        seed = data.get("seed", secrets.randbelow(1_000_000))
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**31:
            raise RequestError(400, "bad-seed", f"seed: {seed!r} is not a whole number from 0 to 2147483647")
        return cls(count, level, template, title.strip(), seed)


@dataclass
class Job:
    """One booklet being made: how far it is, and its PDF once done."""

    id: str
    request: BookletRequest
    made: int = 0
    state: str = "running"
    """``running``, ``done`` or ``failed``."""
    message: str = ""
    path: str | None = None
    pages: int = 0
    finished: float | None = None
    task: asyncio.Task | None = field(default=None, repr=False)

    def to_dict(self) -> dict[str, Any]:
        step = "laying out the pages" if self.made == self.request.count and self.state == "running" else \
            f"made {self.made} of {self.request.count} puzzles"
        data: dict[str, Any] = {"job": self.id, "state": self.state, "made": self.made, "count": self.request.count,
                                "progress": round(self.made / (self.request.count + 1), 3) if self.state != "done"
                                else 1.0, "step": step, "url": f"/api/booklet/{self.id}"}
        if self.state == "done":
            data.update(pdf=f"/api/booklet/{self.id}/pdf", pages=self.pages)
        if self.state == "failed":
            data["message"] = self.message
        return data


class Jobs:
    """The booklet jobs of one server: started, watched, and cleaned up."""

    def __init__(self, pool: WorkPool, folder: str) -> None:
        self.pool = pool
        self.folder = folder
        self.jobs: dict[str, Job] = {}

    def start(self, request: BookletRequest) -> Job:
        """A new job, running (:class:`RequestError` 503 when :data:`MAX_RUNNING` already are)."""
        self._forget_old()
        if sum(job.state == "running" for job in self.jobs.values()) >= MAX_RUNNING:
            raise RequestError(503, "busy", f"{MAX_RUNNING} booklets are being made; try again when one is done")
        job = Job(secrets.token_urlsafe(9), request)
        job.task = asyncio.get_running_loop().create_task(self._make(job))
        self.jobs[job.id] = job
        return job

    def get(self, job_id: str) -> Job:
        job = self.jobs.get(job_id)
        if job is None:
            raise RequestError(404, "no-such-job", f"no booklet job {job_id!r} (finished ones are kept {KEEP_SECONDS:g} s)")
        return job

    async def _make(self, job: Job) -> None:
        request = job.request
        puzzles: list[str | None] = [None] * request.count
        try:
            async def one(number: int) -> None:
                outcome = await self.pool.run("make_puzzle", wait=True, level=request.level, seed=request.seed,
                                              number=number)
                if outcome.error:
                    raise RequestError(outcome.status, outcome.error, outcome.message)
                puzzles[number - 1] = outcome.value
                job.made += 1

            numbers = iter(range(1, request.count + 1))

            async def worker() -> None:
                for number in numbers:
                    await one(number)

            await asyncio.gather(*(worker() for _ in range(self.pool.workers)))
            path = os.path.join(self.folder, f"booklet-{job.id}.pdf")
            outcome = await self.pool.run("booklet", wait=True, puzzles=puzzles, template=request.template,
                                          title=request.title, path=path)
            if outcome.error:
                raise RequestError(outcome.status, outcome.error, outcome.message)
            job.path, job.pages, job.state = path, outcome.value, "done"
        except RequestError as error:
            job.state, job.message = "failed", str(error)
        except Exception as error:  # noqa: BLE001  (the job fails, the server lives on)
            job.state, job.message = "failed", f"{type(error).__name__}: {error}"
        finally:
            job.finished = time.monotonic()

    def _forget_old(self) -> None:
        """Delete the booklets finished :data:`KEEP_SECONDS` ago, and the oldest beyond :data:`MAX_KEPT`."""
        now = time.monotonic()
        finished = sorted((job for job in self.jobs.values() if job.finished is not None), key=lambda j: j.finished or 0)
        for index, job in enumerate(finished):
            if now - (job.finished or now) > KEEP_SECONDS or index < len(finished) - MAX_KEPT + 1:
                self._remove(job)
                del self.jobs[job.id]

    def _remove(self, job: Job) -> None:
        if job.path is not None:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(job.path)

    async def close(self) -> None:
        """Stop the running jobs and delete every booklet."""
        for job in self.jobs.values():
            if job.task is not None and not job.task.done():
                job.task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await job.task
            self._remove(job)
        self.jobs.clear()
