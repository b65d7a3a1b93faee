"""uvicorn around the app: listen, say where, serve until Ctrl-C or SIGTERM, then stop cleanly.

uvicorn catches SIGINT and SIGTERM while it serves: it stops taking
connections, lets the requests in flight finish (at most :data:`GRACE`
seconds), runs the app's shutdown (the workers stop, the temporary folder
is deleted) and raises the signal again for the command line, which exits
130 or 143 as every sudokuprint command does.
"""

from __future__ import annotations

import io
import socket
from typing import Callable

import segno
import uvicorn

from ..errors import OutputError, SudokuprintError
from .app import create_app
from .settings import ServeSettings

GRACE = 5
"""Seconds the requests in flight get to finish when the server is stopped."""


def listen(settings: ServeSettings) -> socket.socket:
    """A socket listening on the settings' host and port (port 0: a free one, written back into ``settings``)."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(settings.host, settings.port, type=socket.SOCK_STREAM,
                                                             flags=socket.AI_PASSIVE)[0]
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as error:
        raise OutputError(f"cannot listen on {settings.host}:{settings.port}: {error.strerror or error}") from None
    sock.listen(128)
    settings.port = sock.getsockname()[1]
    return sock


def qr_code(url: str) -> str:
    """A QR code of ``url`` drawn with block characters, for a terminal (a phone's camera opens the page)."""
    out = io.StringIO()
    segno.make(url, error="l").terminal(out=out, compact=True)
    return out.getvalue()


def run_server(settings: ServeSettings, announce: Callable[[ServeSettings], None]) -> None:
    """Serve the app until stopped; ``announce(settings)`` is called once it listens (the port is known then)."""
    sock = listen(settings)
    config = uvicorn.Config(create_app(settings), log_level="warning", access_log=False, lifespan="on",
                            timeout_graceful_shutdown=GRACE, server_header=False)
    server = uvicorn.Server(config)
    announce(settings)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    if not server.started:
        raise SudokuprintError("the server could not start (see the message above)")
