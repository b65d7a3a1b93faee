"""End-to-end ``sudokuprint check`` benchmark: puzzles per second on a whole file.

    python benchmarks/cli_check.py [--file PATH] [--repeat 3]

Runs the installed CLI (``python -m sudokuprint check FILE -o OUT``) in a
child process, as a user would, and prints for the best of ``--repeat`` runs:
the CPU seconds of the child (user + system, so load from other processes
on a shared machine counts less), the wall seconds, and puzzles per CPU
second and per wall second, start-up included.  The start-up alone is timed
too (``--help``, ``check --help`` and ``check`` of a one-line file), and the
output is checked: one line per puzzle, every puzzle of the 17-clue list
``unique``.  Goal: >= 50,000 puzzles/s.

The child runs as an installed program does, from compiled bytecode: it
writes its ``.pyc`` files under a temporary folder (``PYTHONPYCACHEPREFIX``,
even when ``PYTHONDONTWRITEBYTECODE`` is set here) and is run once before
timing, so compiling the sources is not counted.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_FILE = REPO.parent / "shared" / "data" / "puzzles" / "sudoku17_royle_49151.txt"


CHILD_ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def timed(arguments: list[str]) -> tuple[float, float, int]:
    """CPU seconds (user + system) and wall seconds of one child run, and its exit code."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    code = subprocess.run([sys.executable, "-m", "sudokuprint", *arguments], stdout=subprocess.DEVNULL,
                          env=CHILD_ENV).returncode
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, code


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--file", type=Path, default=DEFAULT_FILE)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    puzzles = sum(1 for line in args.file.open() if line.strip())
    with tempfile.TemporaryDirectory() as folder:
        CHILD_ENV["PYTHONPYCACHEPREFIX"] = os.path.join(folder, "pycache")
        output = os.path.join(folder, "out.txt")
        one_line = os.path.join(folder, "one.txt")
        with args.file.open() as source, open(one_line, "w") as first:
            first.write(next(line for line in source if line.strip()))
        timed(["--help"])  # compiles the bytecode
        startup = min(timed(["--help"])[0] for _ in range(args.repeat))
        check_help = min(timed(["check", "--help"])[0] for _ in range(args.repeat))
        check_one = min(timed(["check", one_line, "-o", output])[0] for _ in range(args.repeat))
        runs = []
        for _ in range(args.repeat):
            cpu, wall, code = timed(["check", str(args.file), "-o", output])
            runs.append((cpu, wall))
        lines = Path(output).read_text().splitlines()
    cpu, wall = min(runs)
    print(f"file: {args.file.name}, {puzzles} puzzles; load average {os.getloadavg()[0]:.1f}")
    print(f"start-up: --help {startup:.3f} s, check --help {check_help:.3f} s, "
          f"check of a one-line file {check_one:.3f} s CPU")
    print(f"check: {cpu:.2f} s CPU, {wall:.2f} s wall (best of {args.repeat}); exit code {code}")
    print(f"check: {puzzles / cpu:,.0f} puzzles/s per CPU second, {puzzles / wall:,.0f} per wall second (start-up included)")
    print(f"check without start-up: {puzzles / max(cpu - check_one, 1e-9):,.0f} puzzles/s per CPU second")
    wrong = len(lines) != puzzles or (args.file == DEFAULT_FILE and any(not l.startswith("unique ") for l in lines))
    if wrong:
        print(f"WRONG: {len(lines)} output lines for {puzzles} puzzles, or a puzzle not unique", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
