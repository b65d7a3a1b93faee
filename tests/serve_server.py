"""A ``sudokuprint serve`` started for a test on 127.0.0.1 and a free port, and plain HTTP requests to it.

The server runs as a user runs it (``python -m sudokuprint serve --port 0``), in a folder of its own with its own
temporary folder, so a test can see that nothing is left behind.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

START_SECONDS = 120.0


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


def _default_sigint() -> None:
    """In the child before it starts: SIGINT as a terminal's Ctrl-C sends it.  A shell that runs the suite in the
    background ignores SIGINT, and the server would inherit that: it stops on SIGINT all the same (uvicorn catches
    it), but then raises the signal again to an ignoring handler and exits 0, not 130."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Server:
    """One server process; :meth:`stop` it with a signal (its exit code is returned)."""

    def __init__(self, folder: Path, *options: str) -> None:
        self.folder = folder
        self.tmp = folder / "tmp"
        self.cwd = folder / "cwd"
        self.tmp.mkdir(parents=True)
        self.cwd.mkdir()
        env = {**os.environ, "TMPDIR": str(self.tmp)}  # the installed sudokuprint, as a user runs it
        self.process = subprocess.Popen([sys.executable, "-m", "sudokuprint", "serve", "--host", "127.0.0.1",
                                         "--port", "0", *options], cwd=self.cwd, env=env, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, preexec_fn=_default_sigint)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()  # printed once it listens
        if not line.startswith("sudokuprint serve: http://127.0.0.1:"):
            self.process.kill()
            raise AssertionError(f"the server did not start: {line!r} {self.process.stderr.read() if self.process.stderr else ''}")
        self.url = line.split(": ", 1)[1].strip()
        address = self.url.split("//", 1)[1].split("/", 1)[0]
        self.host, port = address.rsplit(":", 1)
        self.port = int(port)
        self.token = self.url.split("token=", 1)[1] if "token=" in self.url else None
        self.wait_ready()

    def wait_ready(self) -> None:
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            try:
                if self.get("/api/status").status == 200:
                    return
            except OSError:
                time.sleep(0.2)
        raise AssertionError("the server never answered")

    def request(self, method: str, path: str, body: bytes | Iterable[bytes] | None = None,
                headers: dict[str, str] | None = None, *, token: bool = True, timeout: float = 180) -> Answer:
        connection = http.client.HTTPConnection(self.host, self.port, timeout=timeout)
        headers = dict(headers or {})
        if token and self.token:
            headers["X-Sudokuprint-Token"] = self.token
        try:
            chunked = body is not None and not isinstance(body, bytes)
            connection.request(method, path, body=body, headers=headers, encode_chunked=chunked)
            response = connection.getresponse()
            return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, response.read())
        finally:
            connection.close()

    def get(self, path: str, **options: Any) -> Answer:
        return self.request("GET", path, **options)

    def post_json(self, path: str, data: Any, **options: Any) -> Answer:
        return self.request("POST", path, json.dumps(data).encode(), {"Content-Type": "application/json"}, **options)

    def post_photo(self, data: bytes, name: str = "photo.jpg", field: str = "photo", **options: Any) -> Answer:
        body, kind = form(field, name, data)
        return self.request("POST", "/api/scan", body, {"Content-Type": kind}, **options)

    def stop(self, how: int = signal.SIGTERM, timeout: float = 30) -> int:
        """Send ``how`` and wait for the server to end; its exit code."""
        if self.process.poll() is None:
            self.process.send_signal(how)
        try:
            code = self.process.wait(timeout=timeout)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
            for stream in (self.process.stdout, self.process.stderr):
                if stream is not None:
                    stream.close()
        return code

    def leftovers(self) -> list[str]:
        """Files and folders left in the server's own folder and temporary folder."""
        return sorted(str(p.relative_to(self.folder)) for p in (*self.tmp.rglob("*"), *self.cwd.rglob("*")))


def truth(path: Path) -> str:
    """The 81 digits of a ground-truth file of samples/ (two header lines, then nine rows; 0 = empty), '.' for
    empty."""
    return "".join(v if v != "0" else "." for line in path.read_text().splitlines()[2:11] for v in line.split())


def form(field: str, name: str, data: bytes) -> tuple[bytes, str]:
    """A multipart/form-data body with one file field, and its content type."""
    boundary = uuid.uuid4().hex
    head = (f'--{boundary}\r\nContent-Disposition: form-data; name="{field}"; filename="{name}"\r\n'
            "Content-Type: application/octet-stream\r\n\r\n").encode()
    return head + data + f"\r\n--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"
