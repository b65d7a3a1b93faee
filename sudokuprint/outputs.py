"""Writing output files safely: whole or not at all."""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from pathlib import Path
from typing import IO, Any, Iterator

from .errors import OutputError


@contextlib.contextmanager
def _writing(name: str) -> Iterator[None]:
    """Turn a failure of the file system into an error that names the output."""
    try:
        yield
    except OSError as error:
        raise OutputError(f"{name}: cannot write: {error.strerror or error}") from None


@contextlib.contextmanager
def atomic_output(path: str | os.PathLike, *, binary: bool = False) -> Iterator[IO]:
    """Open ``path`` for writing so that it appears whole or not at all.

    The data goes to a temporary file beside the target, which replaces the
    target only when the block ends without an error.  ``-`` is standard output;
    a symbolic link, device or pipe (``/dev/stdout``, ``/dev/null``, a FIFO)
    is written through, not replaced.
    A target that cannot be written (no such folder, no permission, disk full)
    raises :class:`~sudokuprint.errors.OutputError`.
    """
    name = os.fspath(path)
    if name == "-":
        stream = sys.stdout.buffer if binary else sys.stdout
        yield stream
        stream.flush()
        return
    text_options: dict[str, Any]
    mode, text_options = ("wb", {}) if binary else ("w", {"encoding": "utf-8", "newline": "\n"})
    target = Path(name)
    if target.is_symlink() or (target.exists() and not target.is_file()):
        # A link, device or pipe (/dev/stdout, /dev/null, a FIFO): write
        # through it; replacing it would put a plain file in its place.
        with _writing(name):
            stream = open(target, mode, **text_options)
        try:
            yield stream
            with _writing(name):
                stream.flush()
        finally:
            with contextlib.suppress(OSError):
                stream.close()
        return
    directory = target.parent if str(target.parent) else Path(".")
    with _writing(name):
        fd, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, mode, **text_options) as stream:
            yield stream
            with _writing(name):
                stream.flush()
                os.fsync(stream.fileno())
        with _writing(name):
            os.chmod(temp_name, 0o644)
            os.replace(temp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
