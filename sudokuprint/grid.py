"""The grid model: values, givens and candidates on a shape.

A :class:`Grid` is immutable.  It keeps three different things apart:

- ``values``: the digit in each cell (0 = empty), givens and filled digits alike;
- ``givens``: the cells whose value belongs to the puzzle (SVD's "locked" cells);
  a non-zero value in a cell that is not a given is a digit filled in by a solver;
- ``candidates``: pencil marks, a bitmask per cell (bit ``d-1`` = digit ``d``),
  or ``None`` when no marks are recorded.

Syntax and meaning are separate: any digits in range make a grid, and
:meth:`Grid.conflicts` names the cells that break the rules.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Iterable, Iterator, Sequence

from .notation import EMPTY_SYMBOLS, line_values, parse_values, puzzle_string
from .shape import CLASSIC, House, Shape, digit_symbol

def candidate_digits(mask: int) -> list[int]:
    """The digits whose bits are set in a candidate mask (bit ``d-1`` = ``d``)."""
    digits = []
    digit = 1
    while mask:
        if mask & 1:
            digits.append(digit)
        mask >>= 1
        digit += 1
    return digits


def mask_of(digits: Iterable[int]) -> int:
    """The candidate mask holding ``digits``."""
    mask = 0
    for digit in digits:
        mask |= 1 << (digit - 1)
    return mask


@dataclass(frozen=True)
class Conflict:
    """Two or more cells of one house holding the same digit."""

    digit: int
    house: House
    cells: tuple[int, ...]

    def describe(self, shape: Shape) -> str:
        names = ", ".join(shape.cell_name(c) for c in self.cells)
        return f"digit {digit_symbol(self.digit)} appears {len(self.cells)} times in {self.house.name} ({names})"


@dataclass(frozen=True)
class Grid:
    """A Sudoku grid: shape, cell values, which values are givens, and pencil marks."""

    shape: Shape
    values: tuple[int, ...]
    givens: frozenset[int] = field(default_factory=frozenset)
    candidates: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.shape, Shape) or isinstance(self.values, (str, bytes)) or \
                not hasattr(self.values, "__len__"):
            raise TypeError(f"Grid(shape, values) takes a Shape and a sequence of digits, not "
                            f"{type(self.shape).__name__} and {type(self.values).__name__}; "
                            "Grid.from_string and Grid.from_values make one from text or a list")
        count = self.shape.cell_count
        if len(self.values) != count:
            raise ValueError(f"a {self.shape.name} grid has {count} cells, got {len(self.values)} values")
        side = self.shape.side
        for cell, value in enumerate(self.values):
            if not 0 <= value <= side:
                raise ValueError(f"{self.shape.cell_name(cell)}: value {value} is not in 0..{side}")
        for cell in self.givens:
            if not 0 <= cell < count or self.values[cell] == 0:
                raise ValueError(f"given cell {cell} has no value")
        if self.candidates is not None and len(self.candidates) != count:
            raise ValueError(f"candidates for {len(self.candidates)} cells, grid has {count}")

    # -- construction -------------------------------------------------------

    @classmethod
    def empty(cls, shape: Shape = CLASSIC) -> "Grid":
        """A grid with no digits."""
        return cls(shape, (0,) * shape.cell_count)

    @classmethod
    def from_values(
        cls,
        values: Sequence[int],
        shape: Shape | None = None,
        *,
        givens: Iterable[int] | None = None,
        candidates: Sequence[int] | None = None,
    ) -> "Grid":
        """A grid from cell values; every non-zero value is a given unless ``givens`` says which are."""
        if shape is None:
            shape = Shape.for_cell_count(len(values))
            if shape is None:
                raise ValueError(f"{len(values)} cells is not a standard grid size")
        values = tuple(values)
        given_cells = frozenset(c for c, v in enumerate(values) if v) if givens is None else frozenset(givens)
        return cls(shape, values, given_cells, tuple(candidates) if candidates is not None else None)

    @classmethod
    def from_line(cls, text: str, empty: str = EMPTY_SYMBOLS) -> "Grid | None":
        """The grid of givens of a bare line of the notation (see
        :func:`~sudokuprint.notation.line_values`; ``empty``: the symbols of an empty cell), else None."""
        found = line_values(text, empty)
        if found is None:
            return None
        shape, values = found
        grid = object.__new__(cls)
        grid.__dict__.update(shape=shape, candidates=None, cell_bytes=values)  # values, givens: made on first use
        return grid

    def __getattr__(self, name: str) -> tuple[int, ...] | frozenset[int]:
        """``values`` and ``givens`` of a grid read by :meth:`from_line`, made when first asked for.

        Reading a list and checking it needs only the cell bytes; every other
        grid has both in its fields, so this is never called for them.
        """
        fields = self.__dict__
        data = fields.get("cell_bytes")
        if data is None or name not in ("values", "givens"):
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        fields["values"] = tuple(data)
        fields["givens"] = frozenset(itertools.compress(range(len(data)), data))
        return fields[name]  # type: ignore[no-any-return]

    @classmethod
    def _unchecked(cls, shape: Shape, values: tuple[int, ...], givens: frozenset[int]) -> "Grid":
        """A grid from parts already known to be right (values in range, givens non-empty), unchecked."""
        grid = object.__new__(cls)
        fields = grid.__dict__
        fields["shape"] = shape
        fields["values"] = values
        fields["givens"] = givens
        fields["candidates"] = None
        return grid

    @classmethod
    def from_string(cls, text: str) -> "Grid":
        """The grid of givens of a standard puzzle string (docs/formats.md §1; whitespace ignored).

        Raises :class:`~sudokuprint.errors.ParseError` naming the line and
        column of a symbol that is no cell's (see :mod:`sudokuprint.notation`).
        """
        found = line_values(text)
        if found is not None:
            return cls.from_values(found[1], found[0])
        shape, values = parse_values(text)
        return cls.from_values(values, shape)

    # -- views --------------------------------------------------------------

    def to_string(self, *, empty: str = ".") -> str:
        """The standard puzzle string of every value (givens and filled digits), ``empty`` for an empty cell."""
        return puzzle_string(self.cell_bytes, empty)

    def __str__(self) -> str:
        return self.to_string()

    @cached_property
    def cell_bytes(self) -> bytes:
        """The values as bytes, one a cell (what the solver engines take)."""
        return bytes(self.values)

    @property
    def side(self) -> int:
        return self.shape.side

    @property
    def clue_count(self) -> int:
        """Number of givens."""
        givens = self.__dict__.get("givens")
        if givens is None:  # a grid from a bare line: its givens are its digits
            return len(self.cell_bytes) - self.cell_bytes.count(0)
        return len(givens)

    @property
    def filled_count(self) -> int:
        """Number of cells with a value (givens and filled digits)."""
        return sum(1 for v in self.values if v)

    @property
    def empty_cells(self) -> list[int]:
        return [c for c, v in enumerate(self.values) if not v]

    def is_given(self, cell: int) -> bool:
        return cell in self.givens

    def is_complete(self) -> bool:
        """Every cell has a value (it may still break the rules)."""
        return all(self.values)

    def puzzle(self) -> "Grid":
        """The puzzle: givens only, no filled digits or pencil marks."""
        values = tuple(v if c in self.givens else 0 for c, v in enumerate(self.values))
        return Grid(self.shape, values, self.givens)

    def cell_candidates(self, cell: int) -> list[int]:
        """Recorded pencil marks of a cell (empty list when none are recorded)."""
        if self.candidates is None:
            return []
        return candidate_digits(self.candidates[cell])

    def rows(self) -> Iterator[tuple[int, ...]]:
        side = self.side
        for r in range(side):
            yield self.values[r * side : (r + 1) * side]

    # -- rules --------------------------------------------------------------

    def conflicts(self) -> list[Conflict]:
        """Every house where a digit appears more than once, rows then columns then boxes."""
        found = []
        for house in self.shape.houses:
            seen: dict[int, list[int]] = {}
            for cell in house.cells:
                value = self.values[cell]
                if value:
                    seen.setdefault(value, []).append(cell)
            for digit, cells in sorted(seen.items()):
                if len(cells) > 1:
                    found.append(Conflict(digit, house, tuple(cells)))
        return found

    def is_valid(self) -> bool:
        """No digit appears twice in a house (says nothing about solvability)."""
        return not self.conflicts()

    def computed_candidates(self) -> tuple[int, ...]:
        """For each empty cell, the digits no peer holds; 0 for cells with a value."""
        full = self.shape.all_digits_mask
        peers = self.shape.peers
        result = []
        for cell, value in enumerate(self.values):
            if value:
                result.append(0)
                continue
            used = 0
            for peer in peers[cell]:
                if self.values[peer]:
                    used |= 1 << (self.values[peer] - 1)
            result.append(full & ~used)
        return tuple(result)

    # -- changes ------------------------------------------------------------

    def with_values(self, values: Sequence[int], *, keep_candidates: bool = False) -> "Grid":
        """A grid with the same givens and new values (givens must keep theirs)."""
        values = tuple(values)
        for cell in self.givens:
            if values[cell] != self.values[cell]:
                raise ValueError(f"{self.shape.cell_name(cell)} is a given and cannot change")
        return replace(self, values=values, candidates=self.candidates if keep_candidates else None)

    def with_candidates(self, candidates: Sequence[int] | None) -> "Grid":
        return replace(self, candidates=tuple(candidates) if candidates is not None else None)
