"""The format registry: look formats up by name, sniff them, read lazily, write."""

from __future__ import annotations

import contextlib
import io
import itertools
import os
import sys
from pathlib import Path
from typing import IO, Any, Iterable, Iterator, cast

from ..errors import ParseError, UnknownFormatError, UnsupportedError
from ..grid import Grid
from .base import MAX_LINE_LENGTH, Format, Lines, Record

SAMPLE_SIZE = 8192
"""How much of an input is looked at to detect its format."""

_FORMATS: dict[str, Format] = {}
_ALIASES: dict[str, str] = {}


def register(fmt: Format) -> Format:
    """Add a format; formats registered first are sniffed first."""
    if fmt.name in _FORMATS:
        raise ValueError(f"format {fmt.name!r} is registered twice")
    _FORMATS[fmt.name] = fmt
    for alias in fmt.aliases:
        _ALIASES[alias] = fmt.name
    return fmt


def formats() -> list[Format]:
    """Every registered format, in sniffing order."""
    return list(_FORMATS.values())


def get_format(name: str) -> Format:
    """The format called ``name`` (or one of its aliases)."""
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    try:
        return _FORMATS[key]
    except KeyError:
        known = ", ".join(sorted(_FORMATS))
        raise UnknownFormatError(f"unknown format {name!r}; known formats: {known}") from None


def detect(sample: str, filename: str | None = None) -> Format:
    """The format of a text, from its first few kilobytes and, as a hint, its file name.

    A file's extension is tried first, but the content decides: a ``.sdk``
    file that holds a list of puzzles is read as a list.
    """
    sample = sample.lstrip("\ufeff")
    candidates = formats()
    if filename:
        suffix = Path(filename).suffix.lower()
        by_extension = [f for f in candidates if suffix and suffix in f.extensions]
        candidates = by_extension + [f for f in candidates if f not in by_extension]
    for fmt in candidates:
        if fmt.sniff(sample):
            return fmt
    first = next((line for line in sample.splitlines() if line.strip()), "")
    where = f"{filename}: " if filename else ""
    if not first:
        raise ParseError("input", "no puzzle found: the input is empty", source=filename)
    raise UnknownFormatError(
        f"{where}cannot tell the format of this input; it starts with {first[:60]!r}. "
        "Name the format with --from (see 'sudokuprint formats')."
    )


def _bounded_lines(stream: IO[str]) -> Iterator[str]:
    """The lines of a text stream, each with its end, refusing one longer than ``MAX_LINE_LENGTH``.

    Lines end at ``\\n``, ``\\r\\n`` or ``\\r`` when the stream was opened
    with ``newline=""``.  No more than one line's worth is read ahead, so an
    endless line (``/dev/zero``) fails after ``MAX_LINE_LENGTH`` characters.
    """
    number = 0
    while True:
        line = stream.readline(MAX_LINE_LENGTH + 2)
        if not line:
            return
        number += 1
        if len(line.rstrip("\r\n")) > MAX_LINE_LENGTH:
            raise ParseError(
                "input",
                f"the line is longer than {MAX_LINE_LENGTH:,} characters, the longest any format allows",
                line=number,
                expected="one puzzle or grid row a line",
            )
        yield line


def _lines_of(stream: IO[str]) -> tuple[str, Iterator[str]]:
    """The sample at the head of a text stream (whole lines) and all its lines, read lazily."""
    lines = _bounded_lines(stream)
    head_lines: list[str] = []
    size = 0
    for line in lines:
        head_lines.append(line)
        size += len(line)
        if size >= SAMPLE_SIZE:
            break
    return "".join(head_lines), itertools.chain(head_lines, lines)


def read_stream(stream: IO[str], format: str | None = None, *, source: str | None = None) -> Iterator[Record]:
    """Records from a text stream, lazily; the format is detected unless given.

    Open files with ``newline=""`` so that ``\\r`` alone ends a line too.
    """
    try:
        head, lines = _lines_of(stream)
    except ParseError as error:
        raise error.located(source) if source and not error.source else error
    fmt = get_format(format) if format else detect(head, source)
    try:
        name = fmt.name
        for record in fmt.read(Lines(lines)):
            yield record if record.format else Record(record.grid, record.line, record.meta, name)
    except ParseError as error:
        raise error.located(source) if source and not error.source else error


_BOMS = ((b"\xff\xfe\x00\x00", "utf-32"), (b"\x00\x00\xfe\xff", "utf-32"), (b"\xef\xbb\xbf", "utf-8-sig"),
         (b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16"))
"""Byte-order marks and the encoding each announces (UTF-32's first: its little-endian mark starts like UTF-16's)."""


def text_encoding(head: bytes) -> str:
    """The encoding of a text from its first bytes: the one its byte-order mark names (Notepad's "Unicode" is
    UTF-16 with one), UTF-16 without a mark when every other byte of an ASCII text is zero, else UTF-8."""
    for mark, encoding in _BOMS:
        if head.startswith(mark):
            return encoding
    pairs = len(head) // 2
    if pairs >= 2:
        odd_zero = sum(1 for i in range(pairs) if head[2 * i + 1] == 0 and head[2 * i] != 0)
        even_zero = sum(1 for i in range(pairs) if head[2 * i] == 0 and head[2 * i + 1] != 0)
        if odd_zero == pairs:
            return "utf-16-le"
        if even_zero == pairs:
            return "utf-16-be"
    return "utf-8"


def _decoded(buffer: IO[bytes]) -> io.TextIOWrapper:
    """A binary stream as text in the encoding its first bytes show (:func:`text_encoding`)."""
    readable: Any = buffer if hasattr(buffer, "peek") else io.BufferedReader(cast(Any, buffer))  # a BytesIO has none
    head = readable.peek(64)[:64]
    return io.TextIOWrapper(readable, encoding=text_encoding(head), errors="replace", newline="")


def read_file(path: str | os.PathLike[str], format: str | None = None) -> Iterator[Record]:
    """Records from a file, lazily; ``-`` reads standard input.

    Files and standard input alike are read as UTF-8 whatever the locale, or
    as the UTF-16 or UTF-32 a byte-order mark announces (:func:`text_encoding`),
    with undecodable bytes replaced (they then fail as text that is not a digit).
    """
    name = os.fspath(path)
    if name == "-":
        buffer = getattr(sys.stdin, "buffer", None)
        if buffer is None:  # already text, e.g. a StringIO put there by a caller
            yield from read_stream(sys.stdin, format, source="<stdin>")
            return
        stream = _decoded(buffer)
        try:
            yield from read_stream(stream, format, source="<stdin>")
        finally:
            with contextlib.suppress(ValueError):  # already closed by its owner
                stream.detach()  # leave sys.stdin open
        return
    try:
        stream = _decoded(open(name, "rb"))
    except OSError as error:
        raise UnknownFormatError(f"{name}: cannot open: {error.strerror or error}") from None
    with stream:
        yield from read_stream(stream, format, source=name)


def read_text(text: str, format: str | None = None) -> Iterator[Record]:
    """Records from a text held in memory."""
    return read_stream(io.StringIO(text, newline=""), format)


def parse(text: str, format: str | None = None) -> Grid:
    """The first puzzle in ``text`` (format detected unless given)."""
    if not isinstance(text, str):
        raise TypeError(f"parse takes the text of a puzzle (a str), not {type(text).__name__}; "
                        "read a file with read_file")
    if format is None or format == "standard":
        quick = Grid.from_line(text.strip())  # the bare standard line, without detection
        if quick is not None:
            return quick
    for record in read_text(text, format):
        return record.grid
    raise ParseError(get_format(format).title if format else "input", "no puzzle found")


def write(grid: Grid, format: str = "standard") -> str:
    """The text of one grid in a format (no final newline)."""
    fmt = get_format(format)
    if fmt.write is None:
        raise UnsupportedError(f"format {fmt.name!r} can be read but not written")
    return fmt.write(grid)


def write_all(items: Iterable[Grid | Record], stream: IO[str], format: str = "standard") -> int:
    """Write grids (or records, with their metadata) as they come, as one file of the format.

    Returns how many were written.  Formats that wrap a collection in one
    document (OpenSudoku XML, Project Euler blocks) write that document, with
    the first record's metadata as the collection's (its name, author ...); a
    format that holds metadata per puzzle (.sdk headers) writes each record's.
    A one-puzzle-per-file format refuses a second puzzle with an error that
    says what to do instead.
    """
    fmt = get_format(format)
    write = fmt.write
    if write is None:
        raise UnsupportedError(f"format {fmt.name!r} can be read but not written")
    count = 0
    records = (item if isinstance(item, Record) else Record(item) for item in items)

    def counted(source: Iterable[Record]) -> Iterator[Record]:
        nonlocal count
        for record in source:
            if count and not fmt.many_per_file:
                raise UnsupportedError(
                    f"{fmt.title} holds one puzzle per file, and the input has more; "
                    "write them to a list format such as 'standard' or 'sdm' instead"
                )
            count += 1
            yield record

    if fmt.write_collection is not None:
        first = next(records, None)
        if first is None:
            return 0
        everything = counted(itertools.chain([first], records))
        for chunk in fmt.write_collection((record.grid for record in everything), first.meta):
            stream.write(chunk)
        stream.write("\n")
        return count
    # Each puzzle ends its own line, so output cut short by an error is whole lines.
    between = fmt.separator.removeprefix("\n")
    write_record = fmt.write_record
    for record in counted(records):
        text = write_record(record.grid, record.meta) if write_record is not None else write(record.grid)
        stream.write((between if count > 1 else "") + text + "\n")
    return count
