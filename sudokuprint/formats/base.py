"""What every format module shares: records, a lazy line source, the Format entry.

A format module defines a symmetric pair, ``read_X(lines) -> Iterator[Record]``
and ``write_X(grid) -> str``, plus ``sniff_X(sample) -> bool``, and registers
them as one :class:`Format` in :mod:`sudokuprint.formats.registry`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, Mapping

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


class Lines:
    """Lines of a text, numbered from 1, read lazily, with one line of look-ahead.

    A UTF-8 byte-order mark on the first line is dropped and line ends
    (``\\n``, ``\\r\\n``, ``\\r``) are removed.
    """

    def __init__(self, source: Iterable[str]) -> None:
        self._iter = iter(source)
        self._number = 0
        self._pending: tuple[int, str] | None = None

    @classmethod
    def from_text(cls, text: str) -> "Lines":
        return cls(text.splitlines())

    def _next_raw(self) -> tuple[int, str] | None:
        try:
            text = next(self._iter)
        except StopIteration:
            return None
        self._number += 1
        if self._number == 1 and text.startswith("\ufeff"):
            text = text[1:]
        return self._number, text.rstrip("\r\n")

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
        return item

    @property
    def line_number(self) -> int:
        """Number of the last line handed out (0 before the first)."""
        return self._number - (1 if self._pending is not None else 0)


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
      ``write_collection(grids)`` yields the document's text in pieces;
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
    write_collection: "Callable[[Iterable[Grid]], Iterable[str]] | None" = None
