"""Streaming benchmark: a huge `generate -n` starts at once and stays flat; `scan` of a folder with --jobs.

    python benchmarks/streams.py [--count 10000000] [--seconds 20] [--jobs 2] [--photos N]

Prints:
- ``generate -n COUNT --no-grade`` to a pipe: seconds to the first line, puzzles
  written in ``--seconds``, and the process's resident memory (VmRSS, from
  /proc) after the first line and at the end: it must not grow with COUNT;
- ``generate -n 2000 --no-grade --jobs J`` vs ``--jobs 1``: identical output
  (puzzles are made in id order whatever the jobs), and both rates;
- ``scan`` of the first ``--photos`` Wicht training photos as one folder,
  ``--jobs 1`` and ``--jobs J``: photos per second and identical rows.
Exits non-zero when a check fails (a first line later than 5 s, memory that
doubles, outputs that differ with --jobs).
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

TRAIN = Path(__file__).resolve().parents[2] / "shared" / "data" / "wicht" / "train"


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _command(*args: str) -> list[str]:
    return [sys.executable, "-m", "sudokuprint", *args]


def huge_generate(count: int, seconds: float) -> bool:
    process = subprocess.Popen(_command("generate", "-n", str(count), "--no-grade"), stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL)
    assert process.stdout is not None
    started = time.monotonic()
    first = process.stdout.readline()
    first_after = time.monotonic() - started
    rss_first = _rss_kib(process.pid)
    lines = 1
    while time.monotonic() - started < seconds:
        if not process.stdout.readline():
            break
        lines += 1
    rss_end = _rss_kib(process.pid)
    process.kill()
    process.wait()
    print(f"generate -n {count:,}: first line after {first_after:.2f} s; {lines:,} puzzles in {seconds:.0f} s "
          f"({lines / seconds:.1f}/s); VmRSS {rss_first / 1024:.1f} MiB after the first line, "
          f"{rss_end / 1024:.1f} MiB at the end")
    return bool(first) and first_after < 5 and rss_end < 2 * rss_first


def generate_jobs(jobs: int) -> bool:
    outputs = {}
    for j in (1, jobs):
        started = time.monotonic()
        result = subprocess.run(_command("generate", "-n", "2000", "--no-grade", "--seed", "3", "-j", str(j)),
                                capture_output=True, check=True)
        elapsed = time.monotonic() - started
        outputs[j] = result.stdout
        print(f"generate -n 2000 --no-grade -j {j}: {elapsed:.1f} s ({2000 / elapsed:.0f} puzzles/s)")
    same = outputs[1] == outputs[jobs]
    print(f"  same output with -j 1 and -j {jobs}: {same}")
    return same


def scan_jobs(photos: int, jobs: int) -> bool:
    with tempfile.TemporaryDirectory() as folder:
        for photo in sorted(TRAIN.glob("*.jpg"))[:photos]:
            shutil.copy(photo, folder)
        rows = {}
        for j in (1, jobs):
            started = time.monotonic()
            result = subprocess.run(_command("scan", folder, "--format", "jsonl", "-j", str(j), "-q"),
                                    capture_output=True)
            elapsed = time.monotonic() - started
            rows[j] = result.stdout
            count = len(result.stdout.splitlines())
            print(f"scan of {photos} photos -j {j}: {count} rows in {elapsed:.1f} s ({count / elapsed:.2f} photos/s)")
    # timings inside the rows differ from run to run; the readings must not
    strip = [[line.split(b'"timings"')[0] for line in rows[j].splitlines()] for j in (1, jobs)]
    same = strip[0] == strip[1] and len(strip[0]) == photos
    print(f"  same rows with -j 1 and -j {jobs}: {same}")
    return same


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=10_000_000)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--photos", type=int, default=40)
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs (shared machine: rates vary with load)")
    ok = huge_generate(args.count, args.seconds)
    ok &= generate_jobs(args.jobs)
    ok &= scan_jobs(args.photos, args.jobs)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
