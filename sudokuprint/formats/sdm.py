"""SudoCue's ``.sdm`` collections: one puzzle per line, 81 digits, ``0`` for empty.

Reading uses the list reader of :mod:`.standard` (comments, CRLF, a BOM and
``.`` for empty are tolerated).  It is a format of its own so that writing
gives what SudoCue and HoDoKu read: digits with ``0`` for an empty cell, one
puzzle a line.  Lines end with ``\\n`` (the real collections use CRLF; readers,
ours included, take both).  Only the values are written: a given and a filled
digit look the same, and pencil marks are dropped.

Sniffing claims a text only when every line of the sample is a whole puzzle of
bare digits (``0`` for empty), the shape of every real ``.sdm`` file.
"""

from __future__ import annotations

from typing import Iterator

from ..grid import Grid
from ..notation import side_for_count
from .base import Format, Lines, Record
from .standard import read_puzzle_list

TITLE = "SudoCue .sdm list"


def read_sdm(lines: Lines) -> Iterator[Record]:
    """Puzzles of an .sdm file, one per line, lazily."""
    return read_puzzle_list(lines, TITLE)


def write_sdm(grid: Grid) -> str:
    """The puzzle's values as digits, ``0`` for empty."""
    return grid.to_string(empty="0")


def sniff_sdm(sample: str) -> bool:
    """Every line of the sample is a whole puzzle of digits (``0`` = empty)."""
    lines = [line.strip() for line in sample.splitlines() if line.strip()]
    if len(lines) > 1 and not sample.endswith(("\n", "\r")):
        lines.pop()  # the sample may end in the middle of a line
    return bool(lines) and all(_is_digit_puzzle(line) for line in lines)


def _is_digit_puzzle(line: str) -> bool:
    return side_for_count(len(line)) is not None and all("0" <= ch <= "9" for ch in line)


FORMAT = Format(
    name="sdm",
    title=TITLE,
    read=read_sdm,
    write=write_sdm,
    sniff=sniff_sdm,
    extensions=(".sdm",),
)
