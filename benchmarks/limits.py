"""Bounded resources: time and peak memory of inputs that must be refused or streamed.

    python benchmarks/limits.py [--generate-seconds 5] [--skip-images] [--skip-orphans]

Each job runs the installed ``sudokuprint`` command in a child process; peak
memory is the child's high-water resident size (``VmHWM`` from /proc, so
Linux only). Prints:

- ``check`` of a file holding one 10 MB line, and of a 1 MB line, and of
  ``/dev/zero``: wall time, peak memory, exit code (must be 2: the line is
  refused);
- ``generate -n 10000000``: seconds until its first line reaches standard
  output, and peak memory then and after ``--generate-seconds`` more seconds
  (flat when the stream holds nothing back).  The run is stopped afterwards.

- image inputs (``scan``, ``pattern``, ``poster --mosaic --picture``): a
  PNG whose header claims 177 million pixels (refused before decoding) and
  a 48-megapixel picture made from ``samples/newspaper-photo.jpg``, scaled
  up (read): wall time, peak memory, exit code;
- a ``-j 2`` grade of ``top95`` three times over whose parent alone is
  killed (SIGKILL, SIGHUP): how long its workers outlive it, and how long
  a ``--resume`` on a file another run holds takes to name the holder.

Goals: each refusal within 1 s, under 100 MB; the first generated line within
1 s; memory at the end no more than 10 MB above memory at the first line;
every image input under the same limits (the 177 Mpx one refused); no worker
alive 2 s after its parent, the lock's holder named within 2 s.
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


SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def _png_header(path: Path, width: int, height: int) -> None:
    """A PNG whose header claims ``width`` x ``height`` 1-bit pixels and whose data is one empty chunk."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)) +
                     chunk(b"IDAT", zlib.compress(b"")) + chunk(b"IEND", b""))


def images(folder: Path) -> bool:
    """Every image input under the same limits: a 177 Mpx header refused, a 48 Mpx real picture read."""
    from PIL import Image

    huge = folder / "177Mpx.png"
    _png_header(huge, 13_300, 13_300)
    real = folder / "48Mpx.jpg"
    with Image.open(SAMPLES / "newspaper-photo.jpg") as photo:
        photo.convert("RGB").resize((8000, 6000), Image.Resampling.BICUBIC).save(real, quality=90)
    ok = True
    print(f"{'image input':<34} {'seconds':>8} {'peak MB':>8} {'exit':>5}  message")
    for picture, expected in ((huge, (2,)), (real, (0, 1))):
        for name, args in (("scan", ["scan", str(picture)]), ("pattern", ["pattern", str(picture), "--check"]),
                           ("poster --mosaic --picture", ["poster", "--mosaic", "--picture", str(picture),
                                                          "--tile-seconds", "0.2", "-o", str(folder / "m.pdf")])):
            seconds, peak, code, message = watched([COMMAND, *args])
            code = 2 if name == "scan" and "too-large" in message else code  # scan reports a photo on its row
            print(f"{name + ' ' + picture.name:<34} {seconds:8.2f} {peak:8.1f} {code:5d}  {message[:90]}")
            ok &= code in expected and (picture is real or seconds < 2 and peak < 100)
    return ok


def _children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(stat.parent.name))
        except (OSError, IndexError, ValueError):
            continue
    return found


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def orphans(folder: Path) -> bool:
    """Kill only the parent of a -j 2 grade: seconds until its last worker is gone; then how soon a --resume on
    a file another process holds names the holder."""
    import signal

    puzzles = folder / "top95x3.txt"
    puzzles.write_text((SAMPLES / "top95.txt").read_text() * 3)
    ok = True
    for signum in (signal.SIGKILL, signal.SIGHUP):
        output = folder / f"graded-{signum}.jsonl"
        child = subprocess.Popen([COMMAND, "grade", str(puzzles), "--format", "jsonl", "-j", "2", "-q", "-o",
                                  str(output), "--resume"], start_new_session=True, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
        while child.poll() is None and not (output.exists() and output.read_bytes().count(b"\n") >= 10):
            time.sleep(0.01)
        workers = _children(child.pid)
        os.kill(child.pid, signum)
        killed = time.perf_counter()
        while any(_alive(pid) for pid in workers) and time.perf_counter() - killed < 30:
            time.sleep(0.002)
        gone = time.perf_counter() - killed
        child.wait()
        print(f"parent of a -j 2 grade killed with {signal.Signals(signum).name}: its {len(workers)} workers gone "
              f"after {gone:.3f} s")
        ok &= len(workers) == 2 and gone < 2
    held = folder / "held.txt"
    holder = subprocess.Popen([sys.executable, "-c", "import fcntl, sys, time; f = open(sys.argv[1], 'a+b'); "
                               "fcntl.flock(f, fcntl.LOCK_EX); print('locked', flush=True); time.sleep(60)",
                               str(held)], stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
    started = time.perf_counter()
    waiting = subprocess.Popen([COMMAND, "grade", str(SAMPLES / "easy50.txt"), "-o", str(held), "--resume"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    assert waiting.stderr is not None
    said = waiting.stderr.readline().strip()
    named = time.perf_counter() - started
    holder.kill()
    holder.wait()
    waiting.wait()
    print(f"--resume on a held file named the holder after {named:.2f} s (start-up included): {said[:110]}")
    return ok and named < 2 and f"held by PID {holder.pid}" in said


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--generate-seconds", type=float, default=5.0)
    parser.add_argument("--skip-images", action="store_true", help="Leave out the image inputs.")
    parser.add_argument("--skip-orphans", action="store_true", help="Leave out the killed parent and the lock.")
    options = parser.parse_args()
    print(f"command: {COMMAND}; machine: {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as folder:
        ok = refusals(Path(folder))
        if not options.skip_images:
            ok &= images(Path(folder))
        if not options.skip_orphans:
            ok &= orphans(Path(folder))
    ok &= streaming(options.generate_seconds)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
