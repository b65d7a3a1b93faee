"""Bounded resources: time and peak memory of inputs that must be refused or streamed.

    python benchmarks/limits.py [--generate-seconds 5]

Each job runs the installed ``sudokuprint`` command in a child process; peak
memory is the child's high-water resident size (``VmHWM`` from /proc, so
Linux only). Prints:

- ``check`` of a file holding one 10 MB line, and of a 1 MB line, and of
  ``/dev/zero``: wall time, peak memory, exit code (must be 2: the line is
  refused);
- ``generate -n 10000000``: seconds until its first line reaches standard
  output, and peak memory then and after ``--generate-seconds`` more seconds
  (flat when the stream holds nothing back).  The run is stopped afterwards.

Goals: each refusal within 1 s, under 100 MB; the first generated line within
1 s; memory at the end no more than 10 MB above memory at the first line.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COMMAND = shutil.which("sudokuprint", path=str(Path(sys.executable).parent)) or "sudokuprint"


def peak_mb(pid: int) -> float:
    """The high-water resident memory of a running process, in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def watched(args: list[str]) -> tuple[float, float, int, str]:
    """Run a command to its end: wall seconds, peak MB, exit code, last line of stderr."""
    started = time.perf_counter()
    child = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    peak = 0.0
    while child.poll() is None:
        try:
            peak = max(peak, peak_mb(child.pid))
        except (FileNotFoundError, ProcessLookupError):
            break
        time.sleep(0.005)
    _, err = child.communicate()
    return time.perf_counter() - started, peak, child.returncode, (err.strip().splitlines() or [""])[-1]


def refusals(folder: Path) -> bool:
    ok = True
    cases = []
    for size, name in ((10_000_000, "10 MB line"), (1_000_000, "1 MB line")):
        path = folder / f"{name.replace(' ', '-')}.txt"
        path.write_text("." * size + "\n")
        cases.append((name, [COMMAND, "check", str(path)]))
    cases.append(("/dev/zero", [COMMAND, "check", "/dev/zero"]))
    seconds, peak, _, _ = watched([COMMAND, "--version"])
    print(f"start-up alone (sudokuprint --version): {seconds:.2f} s, {peak:.1f} MB")
    print(f"{'check of':<14} {'seconds':>8} {'peak MB':>8} {'exit':>5}  message")
    for name, args in cases:
        seconds, peak, code, message = watched(args)
        print(f"{name:<14} {seconds:8.2f} {peak:8.1f} {code:5d}  {message[:90]}")
        ok &= code == 2
    from sudokuprint.errors import ParseError
    from sudokuprint.formats import read_file

    started = time.perf_counter()
    try:
        list(read_file(folder / "10-MB-line.txt"))
    except ParseError:
        pass
    print(f"in-process read_file of the 10 MB line: refused after {time.perf_counter() - started:.4f} s")
    return ok


def streaming(extra_seconds: float) -> bool:
    args = [COMMAND, "generate", "-n", "10000000", "--seed", "1"]
    started = time.perf_counter()
    child = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert child.stdout is not None
    first = child.stdout.readline()
    latency = time.perf_counter() - started
    at_first = peak_mb(child.pid) if child.poll() is None else float("nan")
    lines = 1
    deadline = time.perf_counter() + extra_seconds
    while time.perf_counter() < deadline and child.stdout.readline():
        lines += 1
    at_end = peak_mb(child.pid) if child.poll() is None else float("nan")
    child.kill()
    child.wait()
    print(f"generate -n 10000000: first line after {latency:.2f} s ({first.strip()[:30]}...), "
          f"peak {at_first:.1f} MB then, {at_end:.1f} MB after {lines} lines in {extra_seconds:g} s more")
    return bool(first.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--generate-seconds", type=float, default=5.0)
    options = parser.parse_args()
    print(f"command: {COMMAND}; machine: {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as folder:
        ok = refusals(Path(folder))
    ok &= streaming(options.generate_seconds)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
