"""Project Euler problem 96's file: ``Grid NN`` blocks of 9 lines of 9 digits.

::

    Grid 01
    003020600
    900305001
    ...

``0`` is an empty cell (``.`` is read too).  Each record's ``meta["title"]``
is the block's title line (``Grid 01``).  :func:`write_euler` writes one
block, numbered 1 unless told otherwise; :func:`write_euler_collection`
numbers many blocks 01, 02, ...
"""

from __future__ import annotations

import re
from typing import Iterable, Iterator

from ..errors import ParseError
from ..grid import Grid
from ..notation import MAX_SIDE, puzzle_string
from .base import Format, Lines, Record
from .textgrid import Row, end_of_input, grid_from_rows, row_of

TITLE = "Project Euler grid list"
_TITLE_LINE = re.compile(r"\s*grid\b.*", re.IGNORECASE)
_SNIFF_LINE = re.compile(r"\s*grid\s*\d+\s*$", re.IGNORECASE)


def _is_title(text: str) -> bool:
    return bool(_TITLE_LINE.match(text))


def _block_rows(lines: Lines) -> tuple[list[Row], tuple[int, str]]:
    """The rows after a title: lines up to the next title, a blank line or the end."""
    rows: list[Row] = []
    while len(rows) <= MAX_SIDE:
        item = lines.peek()
        if item is None:
            return rows, end_of_input(lines.line_number)
        if not item[1].strip() or _is_title(item[1]):
            return rows, item
        next(lines)
        rows.append(row_of(*item))
    return rows, (rows[-1].line, rows[-1].text)


def read_euler(lines: Lines) -> Iterator[Record]:
    """One record per ``Grid NN`` block, lazily."""
    for number, text in lines:
        if not text.strip():
            continue
        if not _is_title(text):
            raise ParseError(TITLE, "a grid without its title line", line=number, column=1, text=text.strip(), expected="a line 'Grid NN' before each grid")
        rows, end = _block_rows(lines)
        if not rows:
            line, found = end
            raise ParseError(TITLE, f"{text.strip()!r} has no rows", line=line, column=1, text=found.strip(), expected="9 lines of 9 digits")
        yield Record(grid_from_rows(rows, TITLE, end=end), number, {"title": text.strip()})


def write_euler(grid: Grid, number: int = 1) -> str:
    """A ``Grid NN`` block: the title, then the rows, ``0`` for empty."""
    rows = (puzzle_string(row, empty="0") for row in grid.rows())
    return "\n".join([f"Grid {number:02d}", *rows])


def write_euler_collection(grids: Iterable[Grid]) -> str:
    """Blocks ``Grid 01``, ``Grid 02``, ... one after another."""
    return "".join(_euler_chunks(grids))


def _euler_chunks(grids: Iterable[Grid]) -> Iterator[str]:
    for number, grid in enumerate(grids, start=1):
        yield ("\n" if number > 1 else "") + write_euler(grid, number)


def sniff_euler(sample: str) -> bool:
    """The first line that is not blank is ``Grid NN``."""
    first = next((line for line in sample.splitlines() if line.strip()), "")
    return bool(_SNIFF_LINE.match(first))


FORMAT = Format(
    name="euler",
    title=TITLE,
    read=read_euler,
    write=write_euler,
    sniff=sniff_euler,
    aliases=("project-euler", "pe96"),
    write_collection=lambda grids, meta: _euler_chunks(grids),
)
