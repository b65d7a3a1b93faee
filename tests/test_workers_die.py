"""Workers die with their parent, and --resume says whose lock it waits for (issue 29, item 2).

Killing only the parent of a ``-j 2`` run (SIGKILL, or SIGHUP as when its
terminal closes) leaves no worker running, and the next ``--resume`` takes
the lock at once and finishes the file as an uninterrupted run writes it.
A ``--resume`` that finds the lock held names the holder at once and waits
only while it is alive.  Real puzzles from ``samples/``; every wait polls
with a generous deadline.  The commands run as installed, with the compiled
engine (the checkout's own package would search in Python, five times slower).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import SAMPLES, installed_cli
from sudokuprint.executor import run_all
from sudokuprint.filelock import alive

DEADLINE = 120.0
"""Seconds a command may take on a busy machine before a test gives up on it."""



def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _wait_for(condition, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds:g} s for {what}")
        time.sleep(0.02)


@pytest.fixture(scope="module")
def puzzles(tmp_path_factory) -> Path:
    """top95: enough work to kill a graded run part-way (95 hard puzzles, a few seconds on two workers)."""
    path = tmp_path_factory.mktemp("input") / "top95.txt"
    path.write_text((SAMPLES / "top95.txt").read_text())
    return path


@pytest.fixture(scope="module")
def uninterrupted(puzzles: Path, tmp_path_factory) -> bytes:
    """What a run that nobody stops writes."""
    whole = tmp_path_factory.mktemp("whole") / "graded.jsonl"
    done = subprocess.run(installed_cli("grade", str(puzzles), "--format", "jsonl", "-q", "-o", str(whole)),
                          capture_output=True, text=True, timeout=DEADLINE * 3)
    assert done.returncode == 0, done.stderr
    return whole.read_bytes()


@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGHUP], ids=["SIGKILL", "SIGHUP"])
def test_killing_only_the_parent_leaves_no_worker_and_resume_completes(puzzles: Path, uninterrupted: bytes,
                                                                         tmp_path: Path, signum: int) -> None:
    output = tmp_path / "graded.jsonl"
    args = ["grade", str(puzzles), "--format", "jsonl", "-j", "2", "-q", "-o", str(output), "--resume"]
    parent = subprocess.Popen(installed_cli(*args), start_new_session=True, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        # the first rows, with both workers up (under load the second may start after the first has written ten)
        _wait_for(lambda: output.exists() and output.read_bytes().count(b"\n") >= 10
                  and len(_children(parent.pid)) == 2 or parent.poll() is not None, DEADLINE, "the first rows")
        workers = _children(parent.pid)
        assert parent.poll() is None and len(workers) == 2, "the run ended before it could be killed"
        os.kill(parent.pid, signum)  # the parent alone, not its process group
        parent.wait(timeout=DEADLINE)
        _wait_for(lambda: not any(alive(pid) for pid in workers), 2.0, f"workers {workers} to die")
    finally:
        if parent.poll() is None:
            os.killpg(parent.pid, signal.SIGKILL)
            parent.wait()
    assert parent.returncode == (-signal.SIGKILL if signum == signal.SIGKILL else 129)
    kept = output.read_bytes()
    assert 10 <= kept.count(b"\n") and len(kept) < len(uninterrupted)
    again = subprocess.run(installed_cli(*args), capture_output=True, text=True, timeout=DEADLINE * 3)
    assert again.returncode == 0, again.stderr
    assert "locked" not in again.stderr  # nobody held the lock any more
    assert output.read_bytes() == uninterrupted


HOLD = """
import fcntl, os, sys, time
stream = open(sys.argv[1], "a+b")
fcntl.flock(stream.fileno(), fcntl.LOCK_EX)
child = os.fork() if sys.argv[2] == "leave-a-child" else -1
if child == 0:  # the child shares the lock, and outlives its parent
    time.sleep(float(sys.argv[3]))
    os._exit(0)
print("locked", child, flush=True)
if sys.argv[2] == "hold":
    time.sleep(float(sys.argv[3]))
"""


def _hold(path: Path, how: str, seconds: float) -> tuple[subprocess.Popen, int]:
    """A process holding an exclusive flock on ``path``, and the child it left holding it too (-1 for none)."""
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(path), how, str(seconds)], stdout=subprocess.PIPE,
                              text=True)
    assert holder.stdout is not None
    said, child = holder.stdout.readline().split()
    assert said == "locked"
    return holder, int(child)


def test_resume_names_the_holder_of_the_lock_at_once_and_waits_while_it_lives(tmp_path: Path) -> None:
    output = tmp_path / "graded.txt"
    holder, _ = _hold(output, "hold", DEADLINE)
    try:
        waiting = subprocess.Popen(installed_cli("grade", str(SAMPLES / "easy50.txt"), "-o", str(output), "--resume"),
                                   stderr=subprocess.PIPE, text=True)
        assert waiting.stderr is not None
        said = waiting.stderr.readline()  # written before any wait
        assert f"{output} is locked by another run (held by PID {holder.pid}, started " in said, said
        assert "waiting until it ends" in said
        time.sleep(0.5)
        assert waiting.poll() is None and not output.read_text()  # it waits while the holder lives
    finally:
        holder.kill()
        holder.wait()
    assert waiting.wait(timeout=DEADLINE) == 0, waiting.stderr.read()
    assert output.read_text().count("\n") == 50


def test_a_lock_kept_by_what_an_ended_holder_left_is_an_error_naming_it(tmp_path: Path) -> None:
    output = tmp_path / "graded.txt"
    holder, child = _hold(output, "leave-a-child", DEADLINE)
    try:
        holder.wait(timeout=DEADLINE)
        refused = subprocess.run(installed_cli("grade", str(SAMPLES / "easy50.txt"), "-o", str(output), "--resume"),
                                 capture_output=True, text=True, timeout=DEADLINE)
    finally:
        os.kill(child, signal.SIGKILL)
    assert refused.returncode == 2, refused.stderr
    assert refused.stderr.strip().splitlines()[-1] == (
        f"sudokuprint: error: {output}: locked by PID {holder.pid}, which has ended, but PID {child} still holds "
        "the lock; end them and run again")
    assert not output.read_text()


def _sleep_then_pid(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def test_a_run_stopped_early_kills_its_workers_at_once() -> None:
    before = set(_children(os.getpid()))  # what this test process had already started (a browser of another test)
    results = run_all(_sleep_then_pid, [0.0, 0.0] + [60.0] * 6, jobs=2, chunk_size=1)
    first = next(results)
    workers = [pid for pid in _children(os.getpid()) if pid != first and pid not in before] + [first]
    assert len(set(workers)) >= 2
    started = time.monotonic()
    results.close()  # the caller wants no more: the two 60-second chunks running are dropped
    assert time.monotonic() - started < 30
    _wait_for(lambda: not any(alive(pid) for pid in workers), 10.0, "the workers to be killed")
