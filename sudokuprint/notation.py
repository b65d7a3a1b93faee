"""The standard puzzle string (docs/formats.md §1): the model's own notation, read and written here only.

One symbol per cell, in cell-index order: ``1``-``9`` then ``A``-``G`` (either
case) for a digit, ``.`` or ``0`` for an empty cell.  Whitespace between
symbols carries no meaning, so nine lines of nine are the same puzzle as one
line of 81.  :meth:`~sudokuprint.grid.Grid.from_string` and
:meth:`~sudokuprint.grid.Grid.to_string` are this module's parser and
printer; every text format that writes a grid's cells as symbols reads and
writes them through it too, so an error always names the line and column of
the symbol that is wrong (:class:`Cell` carries them).

This module knows symbols, values and shapes; it makes no :class:`Grid`.
"""

from __future__ import annotations

from functools import cache
from typing import Iterable, Sequence

from .errors import ParseError
from .shape import DIGIT_SYMBOLS, STANDARD_BOXES, Shape, digit_symbol

TITLE = "standard puzzle string"
"""The notation's name in error messages."""

EMPTY_SYMBOLS = ".0"
"""The symbols of an empty cell."""

VALID_SIDES = tuple(side for side in sorted(STANDARD_BOXES) if side >= 4)
"""Grid sides the notation reads: 4, 6, 8, 9, 10, 12, 15, 16."""

MAX_SIDE = VALID_SIDES[-1]

NOT_A_CELL = 255
"""What :func:`symbol_table` maps a character that is no cell's symbol to."""

_PRINTED = (b"." + DIGIT_SYMBOLS.encode("ascii")).ljust(256, b"?")
"""Cell value → its symbol ('.' for empty)."""


@cache
def shape_for_side(side: int) -> Shape:
    """One shared standard Shape per side, so its cached houses and peers are computed once."""
    return Shape.for_side(side)


def side_for_count(count: int) -> int | None:
    """The side of a whole puzzle of ``count`` cells (81 → 9), or None."""
    for side in VALID_SIDES:
        if side * side == count:
            return side
    return None


@cache
def symbol_table(side: int, empty: str = EMPTY_SYMBOLS) -> bytes:
    """Characters → cell values for ``side`` digits (a ``bytes.translate`` table):
    ``empty`` → 0, digit symbols of either case → their digit, anything else → :data:`NOT_A_CELL`."""
    table = bytearray([NOT_A_CELL]) * 256
    for symbol in empty:
        table[ord(symbol)] = 0
    for digit, symbol in enumerate(DIGIT_SYMBOLS[:side], start=1):
        table[ord(symbol)] = table[ord(symbol.lower())] = digit
    return bytes(table)


def line_values(text: str, empty: str = EMPTY_SYMBOLS) -> tuple[Shape, bytes] | None:
    """The shape and cell values (one byte a cell) of a bare line, else None.

    A bare line is only cells, one symbol each, of a whole puzzle (16, 36,
    64, 81, ... characters).  Anything else (blanks, comments, a wrong
    length, a digit too large) gives None: read it with :func:`parse_values`
    for a located error.  This is the fast path of every puzzle-string reader.
    """
    side = side_for_count(len(text))
    if side is None or not text.isascii():
        return None
    values = text.encode("ascii").translate(symbol_table(side, empty))
    if NOT_A_CELL in values:
        return None
    return shape_for_side(side), values


def puzzle_string(values: bytes | Sequence[int], empty: str = ".") -> str:
    """The notation of cell values (0 = empty, written ``empty``): a whole grid, or one row of it."""
    text = bytes(values).translate(_PRINTED).decode("ascii")
    return text if empty == "." else text.replace(".", empty)


class Cell:
    """One written symbol and where it stands (1-based line and column).

    A plain class: the model loads this module at every start-up, and a dataclass costs 0.4 ms to make.
    """

    __slots__ = ("symbol", "line", "column")

    def __init__(self, symbol: str, line: int, column: int) -> None:
        self.symbol = symbol
        self.line = line
        self.column = column

    def __repr__(self) -> str:
        return f"Cell({self.symbol!r}, {self.line}, {self.column})"


def cells_of(text: str, line: int, first_column: int = 1) -> list[Cell]:
    """The non-blank characters of one line of ``text`` with their places."""
    return [Cell(ch, line, column) for column, ch in enumerate(text, start=first_column) if not ch.isspace()]


def cell_value(cell: Cell, side: int, title: str = TITLE, empty: str = EMPTY_SYMBOLS) -> int:
    """The digit a cell's symbol writes (0 = empty), or a :class:`ParseError` that points at it."""
    value = symbol_table(side, empty)[ord(cell.symbol)] if ord(cell.symbol) < 256 else NOT_A_CELL
    if value != NOT_A_CELL:
        return value
    empties = " or ".join(repr(symbol) for symbol in empty)
    raise ParseError(
        title,
        f"{cell.symbol!r} is not a digit of a {side}x{side} grid",
        line=cell.line,
        column=cell.column,
        text=cell.symbol,
        expected=f"a digit 1-{digit_symbol(side)} or {empties} for an empty cell",
    )


def cell_values(cells: Iterable[Cell], side: int, title: str = TITLE, empty: str = EMPTY_SYMBOLS) -> list[int]:
    """The values of a whole grid's cells; the first symbol that is no cell's is a located error."""
    return [cell_value(cell, side, title, empty) for cell in cells]


def parse_values(text: str, title: str = TITLE) -> tuple[Shape, list[int]]:
    """The shape and cell values of one puzzle in the notation (whitespace and line ends ignored).

    A :class:`ParseError` names the line and column of the first wrong
    symbol, or says the count of cells is no grid's.
    """
    cells = [cell for number, line in enumerate(text.splitlines(), start=1) for cell in cells_of(line, number)]
    side = side_for_count(len(cells))
    if side is None:
        raise ParseError(
            title,
            f"{len(cells)} cells is not a square grid size",
            line=1,
            column=1,
            text=text.strip(),
            expected="81 cells (or 16, 36, 64, 144, 256)",
        )
    return shape_for_side(side), cell_values(cells, side, title)
