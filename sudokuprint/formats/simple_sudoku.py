"""Simple Sudoku ``.ss`` files: one 9x9 puzzle in 11 lines.

::

    385|61.|.72
    .7.|..2|8..
    .6.|..3|...
    -----------
    6.2|...|...
    ...

Rows are three groups of three cells between ``|``; a line of dashes (``+``
allowed) separates the bands.  ``.`` is an empty cell; ``0`` and ``*`` (seen
in files from other programs) are read as empty too, and ``.`` is written.
The format cannot tell a given from a filled digit: every digit is a given.

Text after the grid is allowed only after a blank line (notes that some
programs append); it is ignored.  Anything else out of place is an error
naming the line and column.
"""

from __future__ import annotations

from typing import Iterator

from ..errors import ParseError, UnsupportedError
from ..grid import Grid
from ..notation import Cell, cells_of, puzzle_string
from ..shape import CLASSIC
from .base import Format, Lines, Record
from .textgrid import grid_from_cells

TITLE = "Simple Sudoku .ss"
EMPTY_SYMBOLS = ".0*"
BOX = 3
SIDE = 9
SEPARATOR = "-" * (SIDE + 2)
EXAMPLE_ROW = "12.|4..|.89"


def _is_separator(text: str) -> bool:
    stripped = text.strip()
    return bool(stripped) and set(stripped) <= set("-+")


def _row_cells(number: int, text: str, row_index: int) -> list[Cell]:
    """The 9 cells of a row line ``xxx|xxx|xxx``, or an error at the faulty group."""
    groups = text.split("|")
    if len(groups) != BOX:
        column = 1 + len(text) - len(text.lstrip()) if len(groups) < BOX else len("|".join(groups[:BOX])) + 1
        raise ParseError(
            TITLE,
            f"row {row_index + 1} has {len(groups)} groups of cells",
            line=number,
            column=column,
            text=text.strip(),
            expected=f"{BOX} groups of {BOX} cells separated by '|', like {EXAMPLE_ROW}",
        )
    cells: list[Cell] = []
    column = 1
    for index, group in enumerate(groups):
        group_cells = cells_of(group, number, column)
        if len(group_cells) != BOX:
            at = group_cells[BOX].column if len(group_cells) > BOX else column + len(group.rstrip())
            raise ParseError(
                TITLE,
                f"box {index + 1} of row {row_index + 1} has {len(group_cells)} cells",
                line=number,
                column=at,
                text=text.strip(),
                expected=f"{BOX} cells between '|', like {EXAMPLE_ROW}",
            )
        cells.extend(group_cells)
        column += len(group) + 1
    return cells


def _next_line(lines: Lines, what: str, row_index: int) -> tuple[int, str]:
    item = next(lines, None)
    if item is None:
        number = lines.line_number + 1
        raise ParseError(
            TITLE,
            f"the grid ends after {row_index} rows",
            line=number,
            column=1,
            text="",
            expected=what,
        )
    return item


def _read_grid(lines: Lines) -> Record:
    """One grid of 11 lines; the next line must be blank or the end."""
    start = lines.line_number + 1
    cells: list[Cell] = []
    for row_index in range(SIDE):
        if row_index and row_index % BOX == 0:
            number, text = _next_line(lines, f"a separator line {SEPARATOR}", row_index)
            if not _is_separator(text):
                raise ParseError(
                    TITLE,
                    f"a band of {BOX} rows is not followed by a separator",
                    line=number,
                    column=1,
                    text=text.strip(),
                    expected=f"a line of dashes, {SEPARATOR}",
                )
        number, text = _next_line(lines, f"row {row_index + 1}, like {EXAMPLE_ROW}", row_index)
        cells.extend(_row_cells(number, text, row_index))
    after = lines.peek()
    if after is not None and after[1].strip():
        raise ParseError(
            TITLE,
            "text right after the grid",
            line=after[0],
            column=1,
            text=after[1].strip(),
            expected="the end of the file, or a blank line before the next grid or any notes",
        )
    return Record(grid_from_cells(cells, SIDE, TITLE, EMPTY_SYMBOLS), start)


def read_simple_sudoku(lines: Lines) -> Iterator[Record]:
    """The grids of a .ss file, separated by blank lines; trailing notes are ignored.

    After a blank line, a line that does not start like a row (``xxx|...``)
    begins free text, which ends the puzzles.
    """
    count = 0
    while True:
        while (item := lines.peek()) is not None and not item[1].strip():
            next(lines)
        if item is None or (count and not _is_row_like(item[1])):
            return
        yield _read_grid(lines)
        count += 1


def write_simple_sudoku(grid: Grid) -> str:
    """The 11 lines of a .ss file (every digit written, ``.`` for empty)."""
    if grid.shape != CLASSIC:
        raise UnsupportedError(f"Simple Sudoku .ss holds 9x9 grids only, not {grid.shape.name}")
    lines = []
    for row_index, row in enumerate(grid.rows()):
        if row_index and row_index % BOX == 0:
            lines.append(SEPARATOR)
        symbols = puzzle_string(row)
        lines.append("|".join(symbols[i : i + BOX] for i in range(0, SIDE, BOX)))
    return "\n".join(lines)


def _is_row_like(text: str) -> bool:
    """Cells in groups between ``|``, with no blanks: ``2..|1.5|..3``."""
    groups = text.strip().split("|")
    return len(groups) >= 2 and all(group and all(ch.isalnum() or ch in EMPTY_SYMBOLS for ch in group) for group in groups)


def sniff_simple_sudoku(sample: str) -> bool:
    """The first line that is not blank is a row of cells in groups between ``|``."""
    first = next((line for line in sample.splitlines() if line.strip()), "")
    return _is_row_like(first)


FORMAT = Format(
    name="ss",
    title=TITLE,
    read=read_simple_sudoku,
    write=write_simple_sudoku,
    sniff=sniff_simple_sudoku,
    extensions=(".ss",),
    separator="\n\n",
    many_per_file=False,
    aliases=("simple-sudoku", "simple_sudoku"),
)
