"""16 photos uploaded at once to a server with 2 workers: every one answered, right, in bounded memory."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from conftest import REPO, benchmark_module
from serve_server import Server, truth

SAMPLES = REPO / "samples"
serve_load = benchmark_module("serve_load")
resident_bytes = serve_load.resident_bytes
"""The benchmark's measure: the resident memory of the server and its workers (Linux /proc)."""
PHOTOS = ["newspaper-photo.jpg", "half-solved-photo.jpg", "suite-pencil-photo.jpg"]
UPLOADS = 16



def wave(server: Server) -> tuple[list, int]:
    """16 uploads at once; their answers (photo name, answer) and the peak memory while they ran."""
    answers: list = []
    peak = 0
    running = True

    def watch() -> None:
        nonlocal peak
        while running:
            peak = max(peak, resident_bytes(server.process.pid))
            time.sleep(0.05)

    def send(name: str) -> None:
        answers.append((name, server.post_photo((SAMPLES / name).read_bytes(), name)))

    watcher = threading.Thread(target=watch)
    watcher.start()
    threads = [threading.Thread(target=send, args=(PHOTOS[i % len(PHOTOS)],)) for i in range(UPLOADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    running = False
    watcher.join()
    return answers, peak


def test_sixteen_concurrent_uploads_on_two_workers_are_all_answered_in_bounded_memory(tmp_path: Path) -> None:
    server = Server(tmp_path, "-j", "2")
    try:
        idle = resident_bytes(server.process.pid)
        for _ in range(2):
            answers, peak = wave(server)
            assert len(answers) == UPLOADS
            for name, answer in answers:
                assert answer.status == 200, (name, answer.body[:200])
                expected = SAMPLES / ("newspaper-photo.dat" if name == "half-solved-photo.jpg" else name[:-4] + ".dat")
                assert answer.json()["puzzle"] == truth(expected)  # the printed givens, whatever the pen wrote
            # three processes (the server and its two workers) and 16 uploads: the uploads wait on disk, not in
            # memory, so the peak stays within a few hundred MB of the idle server, wave after wave
            assert peak - idle < 600 * 1024 * 1024, (idle, peak)
        assert server.get("/api/status").json()["waiting"] == 0
        assert [p.name for p in server.tmp.iterdir()][0].startswith("sudokuprint-serve-")
        assert not any(next(server.tmp.iterdir()).iterdir())  # every upload deleted
    finally:
        assert server.stop() == 143
