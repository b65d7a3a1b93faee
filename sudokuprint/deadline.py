"""A time limit on the work of one puzzle: set around the work, looked at where the work loops.

``--timeout S`` means the same in every command that solves or grades: a
puzzle whose work takes longer than S seconds is given up (its row says
``timeout``) and the others go on.  The core solver takes its limit as an
argument (``time_limit=``); the logic engine's work has no such argument on
every function, so :func:`time_limit` sets the limit for the block of work
around it (per thread: a Dask worker's threads each have their own), and the
engine calls :func:`check_time` between its steps and inside its trials,
which raises :class:`~sudokuprint.errors.SolverTimeoutError` once the time
is up.  A block without a limit costs one attribute look-up per check.
"""

from __future__ import annotations

import contextlib
import math
import threading
import time
from typing import Iterator

from .errors import SolverTimeoutError

_local = threading.local()


def valid_seconds(seconds: object) -> float:
    """``seconds`` as a positive, finite number of seconds, or a ``ValueError`` that says what it must be."""
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
        raise TypeError(f"a time limit is a number of seconds, not {type(seconds).__name__}")
    if not (math.isfinite(seconds) and seconds > 0):
        raise ValueError(f"a time limit must be a positive, finite number of seconds, got {seconds!r}")
    return float(seconds)


@contextlib.contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Give the work in this block ``seconds`` (None: no limit); :func:`check_time` raises once they are spent.

    Blocks nest: the inner limit holds inside, but never beyond the outer one.
    """
    outer: tuple[float, float] | None = getattr(_local, "deadline", None)
    deadline = outer
    if seconds is not None:
        ends = time.monotonic() + valid_seconds(seconds)
        if outer is None or ends < outer[0]:
            deadline = (ends, float(seconds))  # when it ends, and the limit it was given (for the message)
    _local.deadline = deadline
    try:
        yield
    finally:
        _local.deadline = outer


def check_time() -> None:
    """Raise :class:`~sudokuprint.errors.SolverTimeoutError` when the :func:`time_limit` around this is spent."""
    deadline = getattr(_local, "deadline", None)
    if deadline is not None and time.monotonic() >= deadline[0]:
        raise out_of_time()


def out_of_time() -> SolverTimeoutError:
    """The error of the :func:`time_limit` around this: "gave up after S s" with the seconds it was given."""
    deadline = getattr(_local, "deadline", None)
    seconds = deadline[1] if deadline is not None else None
    return SolverTimeoutError(f"gave up after {seconds:g} s" if seconds else "gave up", seconds=seconds)


def remaining() -> float | None:
    """Seconds left in the :func:`time_limit` around this (None: no limit); raises when none are left."""
    deadline = getattr(_local, "deadline", None)
    if deadline is None:
        return None
    check_time()
    return max(deadline[0] - time.monotonic(), 1e-3)
