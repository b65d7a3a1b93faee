"""``sudokuprint serve``: the local web app (needs the ``serve`` extra)."""

from __future__ import annotations

import click

from ..errors import MissingDependencyError
from ..serve.settings import EXTRA_PACKAGES, MAX_UPLOAD, QUEUE, TIME_LIMIT, ServeSettings, is_loopback, new_token
from .app import main, note, quiet

try:  # the serve extra (Starlette, uvicorn, python-multipart, segno); the command says how to install it
    from ..serve.server import qr_code, run_server
except ImportError as missing:
    if missing.name is None or missing.name.split(".")[0] not in EXTRA_PACKAGES:
        raise
    MISSING: str | None = missing.name
else:
    MISSING = None


def _announce(settings: ServeSettings) -> None:
    urls = settings.urls()
    for url in urls:
        click.echo(f"sudokuprint serve: {url}")
    phone = urls[-1]
    if not quiet() and (not is_loopback(settings.host) or len(urls) > 1):
        click.echo(qr_code(phone), nl=False)
        note("Scan the code with a phone on the same network. Ctrl-C stops the server.")
    else:
        note("Open the address in a browser on this machine. Ctrl-C stops the server.")


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on: 127.0.0.1 for this machine only, 0.0.0.0 for phones on the network "
                   "(then a random token is required in the address).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on (0: any free port).")
@click.option("-j", "--jobs", type=click.IntRange(1, 64), default=2, show_default=True,
              help="Worker processes that read photos, solve and print.")
@click.option("--queue", type=click.IntRange(0, 1024), default=QUEUE, show_default=True,
              help="Requests that may wait for a worker; more get 503 (busy).")
@click.option("--time-limit", type=click.FloatRange(min=0.1), default=TIME_LIMIT, show_default=True,
              metavar="SECONDS", help="Work one request may take.")
@click.option("--require-token", is_flag=True, help="Require a token even on 127.0.0.1.")
def serve(host: str, port: int, jobs: int, queue: int, time_limit: float, require_token: bool) -> None:
    """A local web app to photograph a puzzle, correct it, solve, hint, check, play and print.

    Prints the address (and a QR code for a phone). Binding an address other
    than loopback requires a random token, printed in the address. A JSON
    API is under it (POST /api/scan, /api/check, /api/solve, /api/hint,
    /api/booklet; see the README). Ctrl-C or SIGTERM stops it cleanly.
    """
    if MISSING is not None:
        raise MissingDependencyError(f"sudokuprint serve needs the serve extra ({MISSING} is missing): "
                                     "pip install 'sudokuprint[serve]'")
    settings = ServeSettings(host=host, port=port, token=new_token() if require_token or not is_loopback(host) else None,
                             workers=jobs, queue=queue, time_limit=time_limit, max_upload=MAX_UPLOAD)
    run_server(settings, _announce)
