"""What the plain-text grid formats share: rows of cells, prose, errors.

A *cell* is one non-blank character of a line with its 1-based line and
column (:class:`sudokuprint.notation.Cell`), so every error can point at it.
A *row block* is a run of lines of cells that together make one square grid
(the 9-line form of a puzzle); :func:`grid_from_rows` checks that it is
square and says what is wrong if not.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from ..errors import ParseError
from ..grid import Grid
from ..notation import EMPTY_SYMBOLS, VALID_SIDES, Cell, cell_values, cells_of, shape_for_side

_LETTER_RUN = re.compile(r"[A-Za-z]{3,}")
_CELL_RUN = re.compile(r"[0-9.]{6,}")
_NOT_DIGIT_LETTER = re.compile(r"[H-Zh-z]")


def full_sizes() -> list[int]:
    """Cell counts of whole grids: 16, 36, 64, 81, ..."""
    return [side * side for side in VALID_SIDES]


def nearest_full_size(count: int) -> int:
    """The whole-grid cell count closest to ``count`` (81 wins ties)."""
    return min(full_sizes(), key=lambda size: (abs(size - count), size != 81))


def is_prose(text: str) -> bool:
    """A line of words rather than cells: a word of 3+ letters, one of them
    not a digit letter (A-G), and no run of 6 digits or dots."""
    if _CELL_RUN.search(text):
        return False
    return any(_NOT_DIGIT_LETTER.search(word) for word in _LETTER_RUN.findall(text))


def grid_from_cells(cells: Sequence[Cell], side: int, title: str, empty: str = EMPTY_SYMBOLS) -> Grid:
    """A grid of givens from N*N cells (a located error for a symbol that is no cell's)."""
    return Grid.from_values(cell_values(cells, side, title, empty), shape_for_side(side))


@dataclass(frozen=True)
class Row:
    """One line of a row block: its number, its text and its cells."""

    line: int
    text: str
    cells: list[Cell]


def row_of(number: int, text: str) -> Row:
    return Row(number, text, cells_of(text, number))


def grid_from_rows(rows: Sequence[Row], title: str, *, end: tuple[int, str], empty: str = EMPTY_SYMBOLS) -> Grid:
    """A grid of givens from a block of rows, which must be N rows of N cells.

    ``end`` is the (line, text) where the block stopped, named when rows are
    missing.  When the rows and their lengths disagree, the error points at
    the likelier culprit (9x9 is assumed when either count is 9): 9 rows of 10
    or of 8 cells blame the row's length, 8 rows of 9 cells the missing row.
    """
    width = len(rows[0].cells)
    for row in rows[1:]:
        if len(row.cells) != width:
            raise _row_length_error(row, width, title, f"row {rows.index(row) + 1} has {len(row.cells)} cells, row 1 has {width}")
    count = len(rows)
    if count == width and width in VALID_SIDES:
        return grid_from_cells([cell for row in rows for cell in row.cells], width, title, empty)
    start = rows[0].line
    shape_text = f"the grid that starts on line {start} has {count} rows of {width} cells"
    side = intended_side(count, width)
    if width != side:
        raise _row_length_error(rows[0], side, title, shape_text)
    if count > width:
        extra = rows[width]
        raise ParseError(
            title,
            shape_text,
            line=extra.line,
            column=1,
            text=extra.text.strip(),
            expected=f"{width} rows, then a blank line before the next grid",
        )
    line, text = end
    raise ParseError(
        title,
        f"{shape_text}: a row is missing",
        line=line,
        column=1,
        text=text.strip(),
        expected=f"{width} rows of {width} cells",
    )


def intended_side(rows: int, width: int) -> int:
    """The side a non-square block of rows was most likely meant to have (9 first)."""
    if 9 in (rows, width):
        return 9
    if width in VALID_SIDES:
        return width
    if rows in VALID_SIDES:
        return rows
    return min(VALID_SIDES, key=lambda side: abs(side - width))


def _row_length_error(row: Row, side: int, title: str, reason: str) -> ParseError:
    """A row with too many or too few cells: point at the first extra cell or the gap."""
    cells = row.cells
    if len(cells) > side:
        column = cells[side].column
    else:
        column = (cells[-1].column + 1) if cells else 1
    return ParseError(
        title,
        reason,
        line=row.line,
        column=column,
        text=row.text.strip(),
        expected=f"{side} cells a row (a {side}x{side} grid has {side} rows of {side})",
    )


def end_of_input(number: int) -> tuple[int, str]:
    """The place just after the last line, for errors about missing lines."""
    return number + 1, ""
