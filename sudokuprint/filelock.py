"""An exclusive lock on an open file that says who holds it, and is never handed to forked workers.

``--resume`` appends to its output under a ``flock`` so that two runs on one
file take turns.  :func:`lock_exclusive` takes that lock; when another
process holds it, the caller is told at once whose it is ("held by PID N,
started ...", read from Linux's ``/proc/locks``) and the lock is waited for
only while that process is alive: a holder that has ended while processes it
left behind keep the file locked is an error naming them, never an endless
wait.  A lock taken here is hidden from the processes this one forks later
(its descriptor is pointed at ``/dev/null`` in the child), so worker
processes never keep the file locked after their parent has gone.
"""

from __future__ import annotations

import contextlib
import datetime
import fcntl
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Callable

from .errors import OutputError

POLL_SECONDS = 0.1
"""How often a lock held by another process is tried again."""

_LOCKED: set[int] = set()
"""The descriptors locked by this process (hidden from its forked children)."""
_LOCKED_GUARD = threading.Lock()


def _hide_locks_in_child() -> None:
    """In a forked child: point every locked descriptor at /dev/null, so that the child does not share the lock
    (a ``flock`` lasts while any process has the file open through the locked descriptor)."""
    if not _LOCKED:
        return
    null = os.open(os.devnull, os.O_RDWR)
    for fd in list(_LOCKED):
        with contextlib.suppress(OSError):
            os.dup2(null, fd)  # the number stays valid (the parent's file object in the child may close it)
    os.close(null)
    _LOCKED.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_hide_locks_in_child)


@dataclass(frozen=True)
class Holder:
    """The process that took a lock, as the system tells it."""

    pid: int
    started: datetime.datetime | None
    command: str

    def describe(self) -> str:
        """``PID 1234, started 2024-05-01 12:03:04: sudokuprint grade ...``."""
        text = f"PID {self.pid}"
        if self.started is not None:
            text += f", started {self.started:%Y-%m-%d %H:%M:%S}"
        if self.command:
            command = self.command if len(self.command) <= 80 else self.command[:77] + "..."
            text += f": {command}"
        return text


def _boot_time() -> float | None:
    with contextlib.suppress(OSError, ValueError):
        for line in Path("/proc/stat").read_text().splitlines():
            if line.startswith("btime "):
                return float(line.split()[1])
    return None


def _started(pid: int) -> datetime.datetime | None:
    """When process ``pid`` started (Linux's ``/proc``), or None."""
    boot = _boot_time()
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = int(fields[19])  # field 22 of the file: start time in clock ticks after boot
        return datetime.datetime.fromtimestamp(boot + ticks / os.sysconf("SC_CLK_TCK")) if boot else None
    except (OSError, ValueError, IndexError):
        return None


def _command(pid: int) -> str:
    with contextlib.suppress(OSError):
        parts = Path(f"/proc/{pid}/cmdline").read_bytes().rstrip(b"\0").split(b"\0")
        return " ".join(" ".join(part.decode("utf-8", "replace").split()) for part in parts)
    return ""


def alive(pid: int) -> bool:
    """Whether process ``pid`` is running (a zombie, ended but not yet reaped, is not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's: it exists
        return True
    with contextlib.suppress(OSError, IndexError):
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    return True


def _lock_key(fd: int) -> str:
    """The file as ``/proc/locks`` names it: ``MAJOR:MINOR:INODE`` (device numbers in hex)."""
    info = os.fstat(fd)
    return f"{os.major(info.st_dev):02x}:{os.minor(info.st_dev):02x}:{info.st_ino}"


def lock_holder(fd: int) -> Holder | None:
    """The process that holds a ``flock`` on the file open as ``fd`` (Linux), or None when the system does not
    say."""
    key = _lock_key(fd)
    with contextlib.suppress(OSError):
        for line in Path("/proc/locks").read_text().splitlines():
            fields = line.split()
            if "->" not in fields and len(fields) >= 6 and fields[1] == "FLOCK" and fields[5] == key:
                pid = int(fields[4])
                return Holder(pid, _started(pid), _command(pid))
    return None


def _left_behind(key: str) -> list[int]:
    """The processes that hold a lock on the file ``key`` through a descriptor of theirs (``/proc/*/fdinfo``)."""
    pids = []
    for process in Path("/proc").glob("[0-9]*"):
        with contextlib.suppress(OSError):
            for info in (process / "fdinfo").iterdir():
                with contextlib.suppress(OSError):
                    if any(line.startswith("lock:") and key in line for line in info.read_text().splitlines()):
                        pids.append(int(process.name))
                        break
    return sorted(pids)


def lock_exclusive(stream: IO, name: str, on_wait: Callable[[str], None]) -> None:
    """Take an exclusive ``flock`` on ``stream`` (a file named ``name``), waiting for another process's.

    When the lock is held, ``on_wait`` is told at once whose it is, and the
    lock is tried again every :data:`POLL_SECONDS` while that process is
    alive.  A holder that has ended while the lock is still held (by
    processes it left behind), raises :class:`~sudokuprint.errors.OutputError`
    naming them.  The lock is hidden from processes forked later.
    """
    fd = stream.fileno()
    told = False
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            break
        except BlockingIOError:
            pass
        holder = lock_holder(fd)
        if not told:
            who = holder.describe() if holder is not None else "another process (the system does not say which)"
            on_wait(f"{name} is locked by another run (held by {who}); waiting until it ends")
            told = True
        if holder is not None and not alive(holder.pid):
            with contextlib.suppress(BlockingIOError):  # it may have let go just now
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            others = [pid for pid in _left_behind(_lock_key(fd)) if pid != os.getpid()]
            keepers = f"PID {others[0]} still holds" if len(others) == 1 else \
                f"PIDs {', '.join(map(str, others))} still hold" if others else "processes it started still hold"
            raise OutputError(f"{name}: locked by PID {holder.pid}, which has ended, but {keepers} the lock; "
                              "end them and run again")
        time.sleep(POLL_SECONDS)
    with _LOCKED_GUARD:
        _LOCKED.add(fd)


def unlock(stream: IO) -> None:
    """Forget the lock on ``stream`` (closing the file releases it)."""
    with _LOCKED_GUARD, contextlib.suppress(ValueError, OSError):
        _LOCKED.discard(stream.fileno())
