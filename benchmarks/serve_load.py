"""sudokuprint serve under load: many phone photos uploaded at once to a server with a small pool.

Starts ``sudokuprint serve --port 0 -j JOBS`` on 127.0.0.1 (the installed
command, as a user runs it), then sends ``--uploads`` real photos at once
(Wicht's train photos from ``../shared/data/wicht/train``), ``--waves``
times.  Figures printed per wave:

- how many were answered, and with which status (the goal: every one, 200);
- how many of them read every printed given right (against each photo's ``.dat``);
- the wave's wall time, and each upload's time to its answer (median, worst);
- the resident memory of the server and its workers together: idle before the
  first wave, and the peak during each wave (bounded: the uploads wait on
  disk, the pool has ``JOBS`` processes, so the peak must not grow from wave
  to wave).

    python benchmarks/serve_load.py                      # 16 uploads, 2 workers, 3 waves
    python benchmarks/serve_load.py --uploads 32 --queue 40

Exit status 1 when an upload is not answered with 200.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "wicht" / "train"


def truth(path: Path) -> str:
    return "".join(v if v != "0" else "." for line in path.read_text().splitlines()[2:11] for v in line.split())


def resident_bytes(pid: int) -> int:
    """The resident memory of a process and its descendants (Linux /proc)."""
    total, stack = 0, [pid]
    while stack:
        current = stack.pop()
        try:
            status = Path(f"/proc/{current}/status").read_text()
            total += int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:"))) * 1024
            for task in Path(f"/proc/{current}/task").iterdir():
                stack += [int(child) for child in (task / "children").read_text().split()]
        except (OSError, StopIteration):
            continue
    return total


def upload(port: int, photo: Path) -> tuple[int, bytes, float]:
    boundary = uuid.uuid4().hex
    body = (f'--{boundary}\r\nContent-Disposition: form-data; name="photo"; filename="{photo.name}"\r\n'
            "Content-Type: image/jpeg\r\n\r\n").encode() + photo.read_bytes() + f"\r\n--{boundary}--\r\n".encode()
    started = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    try:
        connection.request("POST", "/api/scan", body, {"Content-Type": f"multipart/form-data; boundary={boundary}"})
        response = connection.getresponse()
        return response.status, response.read(), time.perf_counter() - started
    finally:
        connection.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--uploads", type=int, default=16)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--queue", type=int, default=32)
    parser.add_argument("--waves", type=int, default=3)
    arguments = parser.parse_args()
    photos = sorted(DATA.glob("*.jpg"), key=lambda p: int(p.stem.removeprefix("image")))[:arguments.uploads]
    if len(photos) < arguments.uploads:
        print(f"need {arguments.uploads} photos in {DATA}", file=sys.stderr)
        return 2
    command = shutil.which("sudokuprint") or "sudokuprint"
    folder = tempfile.mkdtemp(prefix="serve-load-")
    server = subprocess.Popen([command, "serve", "--port", "0", "-j", str(arguments.jobs), "--queue",
                               str(arguments.queue)], stdout=subprocess.PIPE, text=True, cwd=folder,
                              env={**os.environ, "TMPDIR": folder})
    failed = False
    try:
        assert server.stdout is not None
        url = server.stdout.readline().split(": ", 1)[1].strip()
        port = int(url.rsplit(":", 1)[1].strip("/"))
        while True:  # ready once it answers (the workers start first)
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
                connection.request("GET", "/api/status")
                connection.getresponse().read()
                connection.close()
                break
            except OSError:
                time.sleep(0.2)
        idle = resident_bytes(server.pid)
        print(f"{arguments.uploads} uploads at once, {arguments.jobs} workers, queue {arguments.queue}, "
              f"{os.cpu_count()} cores; server idle: {idle / 2**20:.0f} MB resident (server and workers)")
        for number in range(1, arguments.waves + 1):
            results: list[tuple[Path, int, bytes, float]] = []
            peak, running = 0, True

            def watch() -> None:
                nonlocal peak
                while running:
                    peak = max(peak, resident_bytes(server.pid))
                    time.sleep(0.05)

            watcher = threading.Thread(target=watch)
            watcher.start()
            started = time.perf_counter()
            threads = [threading.Thread(target=lambda p=photo: results.append((p, *upload(port, p)))) for photo in photos]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            wall = time.perf_counter() - started
            running = False
            watcher.join()
            statuses: dict[int, int] = {}
            exact = 0
            for photo, status, body, _ in results:
                statuses[status] = statuses.get(status, 0) + 1
                if status == 200:
                    exact += json.loads(body)["puzzle"] == truth(photo.with_suffix(".dat"))
            failed |= statuses.get(200, 0) != len(photos)
            times = sorted(r[3] for r in results)
            print(f"wave {number}: answered {len(results)}/{len(photos)} "
                  f"({', '.join(f'{count} x {status}' for status, count in sorted(statuses.items()))}), "
                  f"givens exact {exact}/{len(photos)}; wall {wall:.1f} s; per upload median {statistics.median(times):.1f} s, "
                  f"worst {times[-1]:.1f} s; peak {peak / 2**20:.0f} MB resident")
        print(f"load average now: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    finally:
        server.terminate()
        server.wait(timeout=60)
        left = [p for p in Path(folder).rglob("*")]
        print(f"stopped with exit code {server.returncode}; files left in its folders: {len(left)}")
        shutil.rmtree(folder, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
