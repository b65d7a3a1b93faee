"""Grid geometry: box shapes, cells, houses and peers.

Glossary (after Norvig):

- *cell*: one square of the grid, numbered 0 .. N*N-1 left to right, top to
  bottom (0-based everywhere in the API; formats that count from 1 say so);
- *house*: a row, a column or a box; every house holds each digit once;
- *peers* of a cell: the other cells that share a house with it;
- *box*: an ``m`` cells wide by ``n`` cells high block (JSON's ``m`` and ``n``);
  the side of the grid is ``N = m * n``.

Digits are the integers 1..N; 0 means "empty".  Digits above 9 are written
``A``, ``B``, ``C`` ... (16x16 uses 1-9 and A-G).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Literal

HouseKind = Literal["row", "column", "box"]

DIGIT_SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""Symbol of digit ``d`` is ``DIGIT_SYMBOLS[d - 1]``."""

MAX_SIDE = 16
"""The largest grid side sudokuprint takes (16x16, digits 1-9 and A-G), as documented;
larger grids are refused where they are read, before any search could run for hours."""


def digit_symbol(digit: int) -> str:
    """The character that writes ``digit`` (1 → '1', 10 → 'A', 16 → 'G')."""
    return DIGIT_SYMBOLS[digit - 1]


def symbol_digit(symbol: str) -> int:
    """The digit a character writes ('1' → 1, 'a' or 'A' → 10); -1 if none."""
    index = DIGIT_SYMBOLS.find(symbol.upper()) if len(symbol) == 1 else -1
    return index + 1 if index >= 0 else -1


@dataclass(frozen=True)
class House:
    """One row, column or box: its kind, 0-based index and cells."""

    kind: HouseKind
    index: int
    cells: tuple[int, ...]

    @cached_property
    def name(self) -> str:
        """Human name, 1-based: ``row 3``, ``column 7``, ``box 5``."""
        return f"{self.kind} {self.index + 1}"


@dataclass(frozen=True)
class Shape:
    """The geometry of an N x N grid made of ``box_width`` x ``box_height`` boxes."""

    box_width: int = 3
    box_height: int = 3

    def __post_init__(self) -> None:
        if self.box_width < 1 or self.box_height < 1:
            raise ValueError("box sides must be positive")
        if self.side > MAX_SIDE:
            raise ValueError(
                f"a {self.side}x{self.side} grid is larger than the largest supported, {MAX_SIDE}x{MAX_SIDE}"
            )

    @classmethod
    def for_side(cls, side: int) -> "Shape":
        """The usual shape for a grid side: 4 → 2x2 boxes, 6 → 3x2, 9 → 3x3, ..."""
        try:
            width, height = STANDARD_BOXES[side]
        except KeyError:
            raise ValueError(
                f"no standard box shape for a {side}x{side} grid "
                f"(known sides: {', '.join(map(str, sorted(STANDARD_BOXES)))})"
            ) from None
        return cls(width, height)

    @classmethod
    def for_cell_count(cls, count: int) -> "Shape | None":
        """The standard shape with ``count`` cells, or None."""
        side = round(count**0.5)
        if side * side == count and side in STANDARD_BOXES:
            return cls.for_side(side)
        return None

    @cached_property
    def side(self) -> int:
        """N, the number of cells in a row (and of digits)."""
        return self.box_width * self.box_height

    @cached_property
    def cell_count(self) -> int:
        return self.side * self.side

    @property
    def digits(self) -> range:
        """The digits 1..N."""
        return range(1, self.side + 1)

    @property
    def all_digits_mask(self) -> int:
        """Bitmask with bit ``d-1`` set for every digit ``d``."""
        return (1 << self.side) - 1

    @cached_property
    def name(self) -> str:
        """``9x9``, or ``6x6 (3x2 boxes)`` where the side alone is ambiguous."""
        base = f"{self.side}x{self.side}"
        if STANDARD_BOXES.get(self.side) == (self.box_width, self.box_height):
            return base
        return f"{base} ({self.box_width}x{self.box_height} boxes)"

    def row_of(self, cell: int) -> int:
        return cell // self.side

    def column_of(self, cell: int) -> int:
        return cell % self.side

    def box_of(self, cell: int) -> int:
        row, column = divmod(cell, self.side)
        boxes_across = self.side // self.box_width
        return (row // self.box_height) * boxes_across + column // self.box_width

    def cell_name(self, cell: int) -> str:
        """``r3c7`` (1-based row and column), the name solvers use."""
        row, column = divmod(cell, self.side)
        return f"r{row + 1}c{column + 1}"

    @cached_property
    def rows(self) -> tuple[House, ...]:
        n = self.side
        return tuple(House("row", r, tuple(range(r * n, r * n + n))) for r in range(n))

    @cached_property
    def columns(self) -> tuple[House, ...]:
        n = self.side
        return tuple(House("column", c, tuple(range(c, n * n, n))) for c in range(n))

    @cached_property
    def boxes(self) -> tuple[House, ...]:
        cells: list[list[int]] = [[] for _ in range(self.side)]
        for cell in range(self.cell_count):
            cells[self.box_of(cell)].append(cell)
        return tuple(House("box", b, tuple(c)) for b, c in enumerate(cells))

    @cached_property
    def houses(self) -> tuple[House, ...]:
        """All houses: rows, then columns, then boxes."""
        return self.rows + self.columns + self.boxes

    @cached_property
    def houses_of(self) -> tuple[tuple[House, House, House], ...]:
        """For each cell, its (row, column, box)."""
        return tuple(
            (self.rows[self.row_of(c)], self.columns[self.column_of(c)], self.boxes[self.box_of(c)])
            for c in range(self.cell_count)
        )

    @cached_property
    def peers(self) -> tuple[frozenset[int], ...]:
        """For each cell, the set of its peers (the cell itself excluded)."""
        return tuple(
            frozenset(p for house in self.houses_of[c] for p in house.cells) - {c}
            for c in range(self.cell_count)
        )


STANDARD_BOXES: dict[int, tuple[int, int]] = {
    1: (1, 1),
    4: (2, 2),
    6: (3, 2),
    8: (4, 2),
    9: (3, 3),
    10: (5, 2),
    12: (4, 3),
    15: (5, 3),
    16: (4, 4),
}
"""Box width and height for each grid side: boxes are wider than high."""

CLASSIC = Shape(3, 3)
