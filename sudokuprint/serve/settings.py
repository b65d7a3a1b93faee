"""What ``sudokuprint serve`` is told, and the addresses it prints (no web library imported here)."""

from __future__ import annotations

import ipaddress
import secrets
import socket
from dataclasses import dataclass

MAX_UPLOAD = 50 * 1024 * 1024
"""The largest photo upload, in bytes (a larger one gets 413)."""
MAX_JSON = 64 * 1024
"""The largest JSON request body, in bytes (a puzzle is under 300)."""
TIME_LIMIT = 60.0
"""Seconds of work one request may take in a worker (a 12-megapixel photo reads in about one)."""
QUEUE = 32
"""Requests that may wait for a worker; more at once get 503 (so memory stays bounded)."""
EXTRA_PACKAGES = ("starlette", "uvicorn", "python_multipart", "segno")
"""The modules the ``serve`` extra installs."""


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable only from this machine (127.0.0.0/8, ::1, localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def new_token() -> str:
    """A random token for the URL: 128 bits, URL-safe."""
    return secrets.token_urlsafe(16)


@dataclass
class ServeSettings:
    """The server's address, its token (None: none asked) and its limits."""

    host: str = "127.0.0.1"
    port: int = 8000
    token: str | None = None
    workers: int = 2
    queue: int = QUEUE
    time_limit: float = TIME_LIMIT
    max_upload: int = MAX_UPLOAD

    def __post_init__(self) -> None:
        if self.token is None and not is_loopback(self.host):
            self.token = new_token()  # anyone on the network could reach it: a token is required

    def urls(self) -> list[str]:
        """The page's addresses to print: this machine's own, then the network's (for a phone)."""
        hosts = [self.host] if self.host not in ("0.0.0.0", "::") else ["127.0.0.1", *network_addresses()]
        tail = f"/?token={self.token}" if self.token else "/"
        return [f"http://{_bracketed(host)}:{self.port}{tail}" for host in hosts]


def _bracketed(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def network_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, from its own name (nothing is sent anywhere)."""
    try:
        found = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    addresses = sorted({str(info[4][0]) for info in found})
    return [a for a in addresses if not ipaddress.ip_address(a).is_loopback]
