"""The standard puzzle string (formats.md §1) and one-puzzle-per-line lists.

One character per cell: ``1``-``9`` (then ``A``, ``B``, ... above 9) for a
given, ``.`` or ``0`` for an empty cell.  Spaces, tabs and line ends are
ignored, so the 9-line grid form is the same puzzle.  A file may hold many
puzzles, one per line, with ``#`` comment lines.
"""

from __future__ import annotations

from typing import Iterator

from ..errors import ParseError
from ..grid import Grid
from ..shape import STANDARD_BOXES, Shape, digit_symbol, symbol_digit
from .base import Format, Lines, Record

TITLE = "standard puzzle string"
EMPTY_SYMBOLS = ".0"
COMMENT_PREFIXES = ("#", "//", ";")
VALID_SIDES = tuple(side for side in STANDARD_BOXES if side >= 4)


def _cell_value(symbol: str, side: int, line: int, column: int) -> int:
    if symbol in EMPTY_SYMBOLS:
        return 0
    digit = symbol_digit(symbol)
    if 1 <= digit <= side:
        return digit
    raise ParseError(
        TITLE,
        f"{symbol!r} is not a digit of a {side}x{side} grid",
        line=line,
        column=column,
        text=symbol,
        expected=f"one of 1-{digit_symbol(side)}, '.' or '0'",
    )


def _grid_from_cells(cells: list[tuple[str, int, int]], side: int) -> Grid:
    values = [_cell_value(symbol, side, line, column) for symbol, line, column in cells]
    return Grid.from_values(values, Shape.for_side(side))


def _cells_of(text: str, line: int) -> list[tuple[str, int, int]]:
    """The non-blank characters of a line with their (1-based) positions."""
    return [(ch, line, col) for col, ch in enumerate(text, start=1) if not ch.isspace()]


def _side_for_count(count: int) -> int | None:
    for side in VALID_SIDES:
        if side * side == count:
            return side
    return None


def is_comment(text: str) -> bool:
    stripped = text.lstrip()
    return not stripped or stripped.startswith(COMMENT_PREFIXES)


def read_standard(lines: Lines) -> Iterator[Record]:
    """Puzzles from standard strings: one per line, or a grid of N lines of N cells."""
    for number, text in lines:
        if is_comment(text):
            continue
        cells = _cells_of(text, number)
        side = _side_for_count(len(cells))
        if side is not None and len(cells) > 9:
            yield Record(_grid_from_cells(cells, side), number)
            continue
        side = len(cells) if len(cells) in VALID_SIDES else None
        if side is None:
            raise ParseError(
                TITLE,
                f"a line of {len(cells)} cells is neither a whole puzzle nor a grid row",
                line=number,
                text=text.strip(),
                expected="81 cells on a line (or 16, 36, 64, 144, 256), or a 9-line grid of 9 cells a line",
            )
        start = number
        block = list(cells)
        for row in range(1, side):
            item = next(lines, None)
            if item is None or is_comment(item[1]):
                raise ParseError(
                    TITLE,
                    f"the grid that starts on line {start} has {row} rows",
                    line=item[0] if item else lines.line_number,
                    expected=f"{side} rows of {side} cells",
                )
            row_cells = _cells_of(item[1], item[0])
            if len(row_cells) != side:
                raise ParseError(
                    TITLE,
                    f"row {row + 1} of the grid has {len(row_cells)} cells",
                    line=item[0],
                    text=item[1].strip(),
                    expected=f"{side} cells, like the first row",
                )
            block.extend(row_cells)
        yield Record(_grid_from_cells(block, side), start)


def write_standard(grid: Grid) -> str:
    """The one-line standard string, ``.`` for empty cells."""
    return grid.to_string()


def parse_standard(text: str) -> Grid:
    """One puzzle from a standard string (whitespace ignored)."""
    cells = [(ch, 1, col) for col, ch in enumerate(text, start=1) if not ch.isspace()]
    side = _side_for_count(len(cells))
    if side is None:
        raise ParseError(
            TITLE,
            f"{len(cells)} cells is not a square grid size",
            expected="81 cells (or 16, 36, 64, 144, 256)",
        )
    return _grid_from_cells(cells, side)


def sniff_standard(sample: str) -> bool:
    for line in sample.splitlines():
        if is_comment(line):
            continue
        cells = "".join(line.split())
        return len(cells) in VALID_SIDES or _side_for_count(len(cells)) is not None
    return False


FORMAT = Format(
    name="standard",
    title=TITLE,
    read=read_standard,
    write=write_standard,
    sniff=sniff_standard,
    extensions=(".txt", ".sdm", ".sudoku"),
    aliases=("string", "line", "lines"),
)
