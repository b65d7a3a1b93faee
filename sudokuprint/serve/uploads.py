"""A photo upload streamed into the server's temporary folder, its size capped as it arrives.

:func:`receive_photo` reads a ``multipart/form-data`` body with python-multipart's streaming parser and writes
the part named ``photo`` to a new file in the given folder, stopping with :class:`RequestError` (413) as soon as
more than the limit has come -- the body is never held in memory, and a body that announces too much is
refused before it is read.  The caller deletes the file when the request is done.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from dataclasses import dataclass
from typing import AsyncIterator, BinaryIO

from python_multipart.multipart import MultipartParser, parse_options_header

from .errors import RequestError

FIELD = "photo"
"""The form field that carries the photo."""
MAX_HEADER = 16 * 1024
"""Bytes of part headers and other fields together (a phone's form sends a few hundred)."""


@dataclass
class Upload:
    """The photo as received: where it is, the name the phone gave it, and its size."""

    path: str
    name: str
    size: int


class _Receiver:
    """python-multipart's callbacks: the photo's bytes to a file, other fields dropped."""

    def __init__(self, folder: str, limit: int) -> None:
        self.folder = folder
        self.limit = limit
        self.header_field = b""
        self.header_value = b""
        self.disposition = b""
        self.other_bytes = 0
        self.file: BinaryIO | None = None
        self.writing = False
        self.upload: Upload | None = None

    def on_part_begin(self) -> None:
        self.disposition = b""
        self.writing = False

    def on_header_field(self, data: bytes, start: int, end: int) -> None:
        self.header_field += data[start:end]

    def on_header_value(self, data: bytes, start: int, end: int) -> None:
        self.header_value += data[start:end]
        self.other_bytes += end - start
        if self.other_bytes > MAX_HEADER:
            raise RequestError(413, "too-large", "the form's headers and fields are too long")

    def on_header_end(self) -> None:
        if self.header_field.lower() == b"content-disposition":
            self.disposition = self.header_value
        self.header_field = b""
        self.header_value = b""

    def on_headers_finished(self) -> None:
        _, options = parse_options_header(self.disposition)
        if options.get(b"name") == FIELD.encode() and self.upload is None:
            name = options.get(b"filename", b"photo").decode("utf-8", "replace") or "photo"
            handle, path = tempfile.mkstemp(prefix="photo-", dir=self.folder)
            self.file = os.fdopen(handle, "wb")
            self.upload = Upload(path, os.path.basename(name.replace("\\", "/"))[:200], 0)
            self.writing = True

    def on_part_data(self, data: bytes, start: int, end: int) -> None:
        if self.writing and self.file is not None and self.upload is not None:
            self.upload.size += end - start
            if self.upload.size > self.limit:
                raise RequestError(413, "too-large", f"the photo is larger than {self.limit // (1024 * 1024)} MB")
            self.file.write(data[start:end])

    def on_part_end(self) -> None:
        if self.writing and self.file is not None:
            self.file.close()
            self.file = None
        self.writing = False

    def close(self) -> None:
        if self.file is not None:
            self.file.close()
            self.file = None


async def receive_photo(content_type: str, content_length: str | None, body: AsyncIterator[bytes], folder: str,
                        limit: int) -> Upload:
    """The ``photo`` field of a multipart body, written to a new file in ``folder`` (at most ``limit`` bytes).

    Raises :class:`RequestError`: 413 for a body or photo over the limit, 400 for a body that is not a form with a
    photo.  A file left by a failed upload is removed here.
    """
    kind, options = parse_options_header(content_type)
    if kind != b"multipart/form-data" or b"boundary" not in options:
        raise RequestError(400, "not-a-form", "send the photo as multipart/form-data with a field named 'photo'")
    if content_length is not None and content_length.isdigit() and int(content_length) > limit + MAX_HEADER:
        raise RequestError(413, "too-large", f"the upload is larger than {limit // (1024 * 1024)} MB")
    receiver = _Receiver(folder, limit)
    callbacks = {name: getattr(receiver, name) for name in (
        "on_part_begin", "on_header_field", "on_header_value", "on_header_end", "on_headers_finished",
        "on_part_data", "on_part_end")}
    parser = MultipartParser(options[b"boundary"], callbacks)  # type: ignore[arg-type]
    received = 0
    try:
        async for chunk in body:
            received += len(chunk)
            if received > limit + MAX_HEADER:  # other fields than the photo are dropped, but count here
                raise RequestError(413, "too-large", f"the upload is larger than {limit // (1024 * 1024)} MB")
            parser.write(chunk)
        parser.finalize()
    except RequestError:
        _discard(receiver)
        raise
    except Exception as error:  # noqa: BLE001  (python-multipart's parse errors: a broken body)
        _discard(receiver)
        raise RequestError(400, "bad-form", f"the form could not be read: {error}") from None
    except BaseException:  # cancelled (the client went away, or the upload took too long): no file left behind
        _discard(receiver)
        raise
    receiver.close()
    if receiver.upload is None:
        raise RequestError(400, "no-photo", "the form has no field named 'photo'")
    if receiver.upload.size == 0:
        _discard(receiver)
        raise RequestError(400, "empty-photo", "the photo is empty (0 bytes)")
    return receiver.upload


def _discard(receiver: _Receiver) -> None:
    receiver.close()
    if receiver.upload is not None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(receiver.upload.path)

