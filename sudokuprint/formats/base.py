"""What every format module shares: records, a lazy line source, the Format entry.

A format module defines a symmetric pair, ``read_X(lines) -> Iterator[Record]``
and ``write_X(grid) -> str``, plus ``sniff_X(sample) -> bool``, and registers
them as one :class:`Format` in :mod:`sudokuprint.formats.registry`.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, Mapping, TypeVar

from ..grid import Grid


@dataclass(frozen=True)
class Record:
    """One puzzle read from a file: the grid, where it started, and its metadata.

    ``meta`` holds what the format carries besides the grid, with these keys
    where known: ``id``, ``title``, ``author``, ``level``, ``label`` (SVD
    ``id-moves-level-givens``), ``comment``, ``solution`` (a standard string).
    """

    grid: Grid
    line: int = 1
    meta: Mapping[str, str] = field(default_factory=dict)
    format: str = ""
    """Name of the format it was read from (set by the registry)."""

    @classmethod
    def of_line(cls, grid: Grid, line: int, meta: Mapping[str, str], format: str) -> "Record":
        """A record as ``Record(grid, line, meta, format)`` makes it, faster (the readers of long lists)."""
        record = object.__new__(cls)
        record.__dict__.update(grid=grid, line=line, meta=meta, format=format)
        return record


T = TypeVar("T")

MAX_LINE_LENGTH = 65536
"""The longest line any reader takes, in characters (real puzzle files stay under 400)."""


class Lines:
    """Lines of a text, numbered from 1, read lazily, with one line of look-ahead.

    ``source`` gives the text's lines as ended by ``\\n``, ``\\r\\n`` or
    ``\\r`` (ends kept or not); those ends are removed, and so is a UTF-8
    byte-order mark at the start.  The other separators :meth:`str.splitlines`
    knows (form feed, vertical tab, U+2028, ...) split a line too, wherever
    they are, but the pieces keep the number of the line they are on, as an
    editor counts lines (docs/formats.md §9).
    """

    def __init__(self, source: Iterable[str]) -> None:
        self._iter = iter(source)
        self._number = 0
        self._pieces: list[str] = []
        self._pending: tuple[int, str] | None = None
        self._unread: str | None = None
        """A line taken from the source by :meth:`run_of` and given back, to be read as usual."""
        self._last = 0

    @classmethod
    def from_text(cls, text: str) -> "Lines":
        return cls(io.StringIO(text, newline=""))

    def _next_raw(self) -> tuple[int, str] | None:
        while not self._pieces:
            if self._unread is not None:
                text, self._unread = self._unread, None
            else:
                try:
                    text = next(self._iter)
                except StopIteration:
                    return None
            self._number += 1
            if self._number == 1 and text.startswith("\ufeff"):
                text = text[1:]
            text = text.rstrip("\r\n")
            if text.isprintable():  # no separator inside (the usual line): one piece
                return self._number, text
            self._pieces = (text.splitlines() or [""])[::-1]
        return self._number, self._pieces.pop()

    def peek(self) -> tuple[int, str] | None:
        """The next (number, text) without consuming it, or None at the end."""
        if self._pending is None:
            self._pending = self._next_raw()
        return self._pending

    def __iter__(self) -> Iterator[tuple[int, str]]:
        return self

    def __next__(self) -> tuple[int, str]:
        item = self._pending
        if item is None:
            item = self._next_raw()
            if item is None:
                raise StopIteration
        else:
            self._pending = None
        self._last = item[0]
        return item

    def run_of(self, accept: Callable[[str], T | None]) -> Iterator[tuple[int, T]]:
        """``(number, accept(line))`` for the lines from here on, while ``accept`` gives a value.

        The fast path of long lists: ``accept`` must refuse (None) any line
        that is not only printable characters without blanks (such a line is
        its own one piece, so it needs none of the splitting above); the first
        line refused, and everything after it, is read as usual.
        """
        if self._pending is not None or self._pieces or self._unread is not None or not self._number:
            return  # a line is already half-read (or the first, which may start with a byte-order mark)
        number = self._number
        for text in self._iter:
            value = accept(text.rstrip("\r\n"))
            if value is None:
                self._unread = text
                break
            number += 1
            self._number = self._last = number
            yield number, value

    @property
    def line_number(self) -> int:
        """Number of the last line handed out (0 before the first)."""
        return self._last


Reader = Callable[[Lines], Iterator[Record]]
Writer = Callable[[Grid], str]
Sniffer = Callable[[str], bool]


@dataclass(frozen=True)
class Format:
    """A registered format: its name, how to recognise, read and write it.

    - ``sniff(sample)`` gets the first few kilobytes of text (BOM removed) and
      says whether the text looks like this format;
    - ``read(lines)`` yields records lazily (a large file is never held whole);
    - ``write(grid)`` returns the text of one puzzle without a final newline;
      several puzzles are written one after another separated by ``separator``,
      unless the format is a document that wraps them all: then
      ``write_collection(grids, meta)`` yields the document's text in pieces
      (``meta`` is the first record's metadata: the collection's name ...);
    - ``write_record(grid, meta)``, where present, writes one puzzle with the
      metadata the format can hold (headers, comments) instead of ``write``;
    - ``givens_only`` is true for formats that hold givens and nothing else: a
      solution is written there as a grid of givens;
    - ``many_per_file`` is false for formats that hold one puzzle per file.
    """

    name: str
    title: str
    read: Reader
    write: Writer | None
    sniff: Sniffer
    extensions: tuple[str, ...] = ()
    separator: str = "\n"
    many_per_file: bool = True
    aliases: tuple[str, ...] = ()
    write_collection: "Callable[[Iterable[Grid], Mapping[str, str]], Iterable[str]] | None" = None
    write_record: "Callable[[Grid, Mapping[str, str]], str] | None" = None
    givens_only: bool = False
