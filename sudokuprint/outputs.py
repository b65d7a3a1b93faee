"""Writing output files safely: whole or not at all, or appended under a lock.

:func:`atomic_output` writes a temporary file in the target's folder and
renames it over the target only when the job succeeds, so a run that fails
or is interrupted leaves the old file byte for byte as it was;
:func:`replace_file_set` does the same for a set of files (PNG pages).  The new file
keeps the old one's permissions (a 0600 file stays 0600); a symbolic link is
followed and its target is replaced, so the link stays a link.
:func:`locked_append` is for ``--resume``: it appends to the file under an
exclusive ``flock``, so two runs on one file take turns instead of writing
the same puzzles twice.  :func:`row_output` is the one output of every
command that writes a row per item (grade, check, solve, scan): atomic, or
with ``--resume`` appended after the rows a killed run left.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import sys
import tempfile
from pathlib import Path
from typing import IO, Any, Callable, Iterable, Iterator, TypeVar, cast

from .errors import OutputError, ResumeError, UnsupportedError
from .filelock import lock_exclusive, unlock

T = TypeVar("T")


@contextlib.contextmanager
def _writing(name: str) -> Iterator[None]:
    """Turn a failure of the file system into an error that names the output."""
    try:
        yield
    except BrokenPipeError:
        raise  # the reader went away (`| head`): the CLI stops quietly
    except OSError as error:
        raise OutputError(f"{name}: cannot write: {error.strerror or error}") from None


class _Guarded:
    """A stream whose failures to write (a full disk, ``/dev/full``) raise
    :class:`~sudokuprint.errors.OutputError` naming the output, as every other failure to write does."""

    def __init__(self, stream: IO, name: str) -> None:
        self._stream = stream
        self._name = name

    def write(self, data: Any) -> int:
        with _writing(self._name):
            return self._stream.write(data)

    def writelines(self, lines: Iterable[Any]) -> None:
        with _writing(self._name):
            self._stream.writelines(lines)

    def flush(self) -> None:
        with _writing(self._name):
            self._stream.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _guarded(stream: IO, name: str) -> IO:
    return cast(IO, _Guarded(stream, name))


def _new_file_mode() -> int:
    """The mode a newly created file gets here (0666 less the umask)."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _text_options(binary: bool) -> tuple[str, dict]:
    return ("wb", {}) if binary else ("w", {"encoding": "utf-8", "newline": "\n"})


@contextlib.contextmanager
def atomic_output(path: str | os.PathLike, *, binary: bool = False) -> Iterator[IO]:
    """Open ``path`` for writing so that it appears whole or not at all.

    The data goes to a temporary file beside the target (beside a symbolic
    link's final target), which replaces it only when the block ends without
    an error; the old file's mode is kept.  ``-`` is standard output; a
    device or pipe (``/dev/stdout``, ``/dev/null``, a FIFO) is written
    through.  A target that cannot be written (no such folder, no permission,
    disk full) raises :class:`~sudokuprint.errors.OutputError`.
    """
    name = os.fspath(path)
    if name == "-":
        stream = _guarded(sys.stdout.buffer if binary else sys.stdout, "standard output")
        yield stream
        stream.flush()
        return
    mode, options = _text_options(binary)
    if os.path.exists(name) and not os.path.isfile(name):
        # A device or pipe, or a link to one (/dev/stdout): write through it;
        # replacing it would put a plain file in its place.
        with _writing(name):
            stream = open(name, mode, **options)
        try:
            yield _guarded(stream, name)
            with _writing(name):
                stream.flush()
        finally:
            with contextlib.suppress(OSError):
                stream.close()
        return
    target = Path(os.path.realpath(name))  # a link's final target, replaced in its own folder
    with _writing(name):
        old_mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else _new_file_mode()
        fd, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        stream = os.fdopen(fd, mode, **options)
        try:
            yield _guarded(stream, name)
            with _writing(name):
                stream.flush()
                os.fsync(stream.fileno())
        finally:
            with contextlib.suppress(OSError):  # data a full disk refused is dropped with the temporary file
                stream.close()
        with _writing(name):
            os.chmod(temp_name, old_mode)
            os.replace(temp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise


def _tell_on_stderr(message: str) -> None:
    print(f"sudokuprint: {message}", file=sys.stderr, flush=True)


def replace_file_set(names: list[str], contents: Iterable[bytes], *, stale: Iterable[str] = ()) -> None:
    """Write a set of files (``contents`` in the order of ``names``) so that the set is replaced whole.

    Every file is written into a temporary folder beside the first target;
    only when all are written are they moved in (each rename atomic), and
    then the ``stale`` files not among ``names`` (the pages of an earlier,
    longer set) are removed.  A run that fails or is interrupted while
    writing leaves the old set as it was and no temporary folder.  Each new
    file keeps the mode of the file it replaces.  A target that cannot be
    written raises :class:`~sudokuprint.errors.OutputError`.
    """
    if not names:
        return
    targets = [Path(os.path.realpath(name)) for name in names]
    with _writing(names[0]):
        folder = tempfile.mkdtemp(prefix=f".{targets[0].name}.", suffix=".pages", dir=targets[0].parent)
    try:
        written: list[tuple[str, str, Path]] = []
        for name, target, data in zip(names, targets, contents):
            temporary = os.path.join(folder, f"{len(written)}{target.suffix}")
            with _writing(name):
                with open(temporary, "wb") as stream:
                    stream.write(data)
                    stream.flush()
                    os.fsync(stream.fileno())
                os.chmod(temporary, stat.S_IMODE(target.stat().st_mode) if target.exists() else _new_file_mode())
            written.append((name, temporary, target))
        for name, temporary, target in written:
            with _writing(name):
                os.replace(temporary, target)
        kept = set(targets)
        for name in stale:
            if Path(os.path.realpath(name)) not in kept:
                with _writing(name), contextlib.suppress(FileNotFoundError):
                    os.unlink(name)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def locked_append(path: str | os.PathLike, *, on_wait: Callable[[str], None] = _tell_on_stderr) -> Iterator[IO[bytes]]:
    """``path`` opened to read and append (created if missing), under an exclusive lock.

    A second caller waits until the first has closed the file, then sees
    everything the first wrote; ``on_wait`` is told at once whose lock it
    waits for, and the wait ends with an error when that process has ended
    and left the lock held (see :func:`sudokuprint.filelock.lock_exclusive`).
    The stream is binary and starts at the beginning of the file; writes go
    to its end.
    """
    name = os.fspath(path)
    with _writing(name):
        stream = open(name, "a+b")
    try:
        with _writing(name):
            lock_exclusive(stream, name, on_wait)
            stream.seek(0)
        yield stream
        with _writing(name):
            stream.flush()
    finally:
        unlock(stream)
        with contextlib.suppress(OSError):
            stream.close()  # closing releases the lock


Row = tuple[int, str]
"""A row already in a file: the number of its (first) line, and that line."""


def lines_of(text: str) -> list[Row]:
    """The rows of ``text`` when every row is one line, numbered from 1."""
    return list(enumerate(text.splitlines(), 1))


_END = object()


class Rows:
    """The output of a command that writes a row (one item's whole text) as each item is done.

    :meth:`write` puts one row out at once and flushes it, so a run that is
    killed leaves whole rows (at worst a torn last line, which the next
    ``--resume`` cuts off).  After a resume, :attr:`rows` were already in
    the file (their text is :attr:`before`) and :meth:`skip` drops as many
    items from the input, checking that each row is the one of its item,
    so only the rest is worked on.
    """

    def __init__(self, write: Callable[[str], None], rows: list[Row] | None = None, before: str = "",
                 name: str = "") -> None:
        self._write = write
        self.rows = rows or []
        self.before = before
        self.name = name

    @property
    def done(self) -> int:
        """How many rows the file already had."""
        return len(self.rows)

    def write(self, text: str) -> None:
        """Write one row (or any text) and flush it."""
        self._write(text)

    def flush(self) -> None:
        """Rows are flushed as they are written."""

    def skip(self, items: Iterable[T], same: Callable[[str, T], str | None] | None = None) -> Iterator[T]:
        """``items`` without the first :attr:`done` (those whose rows the file already has).

        ``same(row, item)`` says why a row kept from before is not the row of
        its item (another source, another puzzle), or None when it is; the
        first that is not raises :class:`~sudokuprint.errors.ResumeError`
        naming it, as does a file with more rows than the input has items.
        """
        iterator = iter(items)
        for number, (line, row) in enumerate(self.rows, 1):
            item = next(iterator, _END)
            if item is _END:
                raise ResumeError(f"{self.name}, line {line}: cannot resume: the file has {self.done} rows and the "
                                  f"input only {number - 1} items; it holds rows of another input (give the same "
                                  "inputs, or another -o)")
            why = same(row, item) if same is not None else None  # type: ignore[arg-type]
            if why:
                raise ResumeError(f"{self.name}, line {line}: cannot resume: {why}; --resume goes on with a run of "
                                  "the same inputs (give them, or another -o)")
        return iterator


@contextlib.contextmanager
def row_output(
    path: str | os.PathLike,
    *,
    resume: bool = False,
    header: str = "",
    rows_of: Callable[[str], list[Row]] = lines_of,
) -> Iterator[Rows]:
    """Where a command's rows go: ``path`` written atomically, or with ``resume`` appended to.

    Without ``resume`` this is :func:`atomic_output` (``-`` is standard
    output) with ``header`` first.  With ``resume`` the file is opened under
    a lock (:func:`locked_append`, created if missing), a torn last line (no
    newline: the run before was killed while writing it) is cut off, the
    rows already there are found with ``rows_of`` (the header excluded; see
    :meth:`Rows.skip` for how they are checked against the input) and the
    new rows are appended, so the finished file is the one an uninterrupted
    run writes.  ``resume`` needs a file, not standard output.
    """
    name = os.fspath(path)
    if not resume:
        with atomic_output(name) as out:
            def put(text: str) -> None:
                out.write(text)
                out.flush()

            if header:
                put(header)
            yield Rows(put)
        return
    if name == "-":
        raise UnsupportedError("--resume needs an output file (-o FILE), not standard output")
    with locked_append(name) as stream:
        data = stream.read()
        complete = data.rfind(b"\n") + 1
        with _writing(name):
            if complete != len(data):
                stream.truncate(complete)  # a row cut short by the interrupted run
            try:
                text = data[:complete].decode("utf-8")
            except UnicodeDecodeError as error:
                raise OutputError(f"{name}: cannot resume: the file is not UTF-8 text ({error})") from None

        def append(row: str) -> None:
            with _writing(name):
                stream.write(row.encode("utf-8"))
                stream.flush()

        if header and text and not text.startswith(header):
            raise OutputError(f"{name}: cannot resume: the file does not start with the header this output has "
                              f"({header.strip()[:60]!r})")
        if header and not text:
            append(header)
        before = text.removeprefix(header) if header else text
        skipped = header.count("\n") if text.startswith(header) else 0
        yield Rows(append, [(line + skipped, row) for line, row in rows_of(before)], before, name)
