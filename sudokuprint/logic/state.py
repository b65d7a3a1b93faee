"""The solving state: a value and a candidate bitmask per cell, with lookup tables.

Glossary:

- *candidate mask*: bit ``d-1`` set when digit ``d`` may still go in a cell
  (docs/formats.md §8, seed 001); a filled cell has the mask 0;
- *positions* of a digit in a house: the empty cells of the house whose mask
  holds the digit;
- *cell set*: a Python int with bit ``c`` for cell ``c`` (used where sets of
  cells are intersected, e.g. "cells that see both ends of a chain").

:class:`State` is mutable and cheap to copy; techniques read it and return
steps, and only the engine changes it.
"""

from __future__ import annotations

from array import array
from functools import lru_cache
from typing import Iterator, Mapping, Sequence

from ..grid import Grid, candidate_digits
from ..shape import Shape

POPCOUNT = [bin(m).count("1") for m in range(1 << 16)]
"""Number of set bits of every mask up to 16 digits."""


def popcount(mask: int) -> int:
    """Number of set bits (digits in a candidate mask)."""
    return POPCOUNT[mask] if mask < 65536 else bin(mask).count("1")


def lowest_digit(mask: int) -> int:
    """The smallest digit of a non-empty candidate mask."""
    return (mask & -mask).bit_length()


def digits_of(mask: int) -> list[int]:
    """The digits of a candidate mask, in increasing order."""
    return candidate_digits(mask)


def union_over(masks: Sequence[int] | Mapping[int, int], members: int) -> int:
    """The union of ``masks[k]`` for every ``k`` in the bit set ``members``."""
    union = 0
    while members:
        low = members & -members
        members ^= low
        union |= masks[low.bit_length() - 1]
    return union


def cells_of(cell_set: int) -> Iterator[int]:
    """The cells of a cell set, in increasing order."""
    while cell_set:
        low = cell_set & -cell_set
        yield low.bit_length() - 1
        cell_set ^= low


def spread_cells(cell_set: int, side: int) -> int:
    """The candidate set of a cell set: bit ``c`` becomes bit ``c * side`` (the candidate of
    digit 1 in cell ``c``; shift left by ``d - 1`` for digit ``d``)."""
    spread = _SPREAD_BYTES.get(side)
    if spread is None:
        spread = _SPREAD_BYTES[side] = tuple(
            sum(1 << (j * side) for j in range(8) if byte >> j & 1) for byte in range(256)
        )
    result = 0
    shift = 0
    step = 8 * side
    while cell_set:
        result |= spread[cell_set & 255] << shift
        cell_set >>= 8
        shift += step
    return result


_SPREAD_BYTES: dict[int, tuple[int, ...]] = {}


class Tables:
    """Houses, peers and box/line intersections of one shape, computed once."""

    def __init__(self, shape: Shape) -> None:
        self.shape = shape
        self.side = shape.side
        self.cell_count = shape.cell_count
        self.all_digits = shape.all_digits_mask
        self.houses: tuple[tuple[int, ...], ...] = tuple(h.cells for h in shape.houses)
        self.house_names: tuple[str, ...] = tuple(h.name for h in shape.houses)
        self.house_kinds: tuple[str, ...] = tuple(h.kind for h in shape.houses)
        n = self.side
        self.rows = range(0, n)
        self.columns = range(n, 2 * n)
        self.boxes = range(2 * n, 3 * n)
        self.houses_of: tuple[tuple[int, int, int], ...] = tuple(
            (shape.row_of(c), n + shape.column_of(c), 2 * n + shape.box_of(c)) for c in range(self.cell_count)
        )
        self.peers: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(shape.peers[c])) for c in range(self.cell_count))
        self.peer_set: tuple[int, ...] = tuple(sum(1 << p for p in self.peers[c]) for c in range(self.cell_count))
        self.house_set: tuple[int, ...] = tuple(sum(1 << c for c in cells) for cells in self.houses)
        # (box house, line house, cells in both) for every box and line that meet.
        meets = []
        for box in self.boxes:
            box_cells = set(self.houses[box])
            for line in list(self.rows) + list(self.columns):
                common = tuple(c for c in self.houses[line] if c in box_cells)
                if common:
                    meets.append((box, line, common))
        self.intersections: tuple[tuple[int, int, tuple[int, ...]], ...] = tuple(meets)
        self.intersection_rests: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = tuple(
            (
                tuple(c for c in self.houses[box] if c not in common),
                tuple(c for c in self.houses[line] if c not in common),
            )
            for box, line, common in meets
        )
        """For each intersection, the cells of its box and of its line outside it (in house order)."""
        self.row_of: tuple[int, ...] = tuple(shape.row_of(c) for c in range(self.cell_count))
        self.column_of: tuple[int, ...] = tuple(shape.column_of(c) for c in range(self.cell_count))
        self.box_lines: tuple[tuple[frozenset[int], frozenset[int]], ...] = tuple(
            (frozenset(self.row_of[c] for c in self.houses[b]), frozenset(self.column_of[c] for c in self.houses[b]))
            for b in self.boxes
        )
        """For each box (by its number among the boxes), its rows and its columns."""
        self.cell_names: tuple[str, ...] = tuple(shape.cell_name(c) for c in range(self.cell_count))
        self.peer_candidates: tuple[int, ...] = tuple(spread_cells(p, n) for p in self.peer_set)
        """For each cell, its peers as a candidate set (see :func:`spread_cells`)."""
        self.house_layers = _house_layers(self.houses, (self.rows, self.columns, self.boxes))
        """For the rows, the columns and the boxes, how to read all houses of the kind at once
        from :func:`packed_cands` (see :func:`_house_layers`)."""

    def sees(self, a: int, b: int) -> bool:
        """True when two different cells share a house."""
        return bool(self.peer_set[a] >> b & 1)

    def cell_name(self, cell: int) -> str:
        return self.cell_names[cell]


SLOT_BITS = 16
"""Bits of one cell's mask in :func:`packed_cands` (a side up to 16)."""
SLOT_MASK = (1 << SLOT_BITS) - 1


def packed_cands(cands: Sequence[int]) -> int:
    """Every cell's candidate mask in one int: cell ``c``'s mask at bit ``16 * c``."""
    return int.from_bytes(array("H", cands).tobytes(), "little")


def unpacked(packed: int, count: int) -> array:
    """The ``count`` masks packed in one int by :func:`packed_cands`."""
    masks = array("H")
    masks.frombytes(packed.to_bytes(2 * count, "little"))
    return masks


HouseLayer = tuple[range, dict[int, int], tuple[int, ...], int]


def _house_layers(houses: Sequence[Sequence[int]], kinds: Sequence[range]) -> tuple[HouseLayer, ...]:
    """For each kind of house (a range of house numbers whose houses are one pattern of cells
    moved about the grid, first cells in increasing order), ``(houses, house_at, shifts,
    origin_slots)``: the house whose first cell is each cell, how far (in bits of
    :func:`packed_cands`) the house's cells are from its first, and the mask of the first
    cells' slots.  Shifting the packed masks right by a shift and keeping the origin slots
    then reads, in one int, the cell at that distance in every house of the kind."""
    layers = []
    for kind in kinds:
        origins = [houses[h][0] for h in kind]
        offsets = tuple(c - origins[0] for c in houses[kind[0]])
        if origins != sorted(origins) or any(tuple(c - houses[h][0] for c in houses[h]) != offsets for h in kind):
            raise ValueError("houses of one kind must be one pattern of cells, in the order of their first cells")
        slots = sum(SLOT_MASK << (SLOT_BITS * o) for o in origins)
        house_at = {o: h for o, h in zip(origins, kind)}
        layers.append((kind, house_at, tuple(SLOT_BITS * d for d in offsets), slots))
    return tuple(layers)


@lru_cache(maxsize=None)
def tables_for(shape: Shape) -> Tables:
    """The lookup tables of a shape (cached)."""
    return Tables(shape)


class State:
    """Values and candidate masks of every cell; ``givens`` are the puzzle's cells."""

    __slots__ = ("tables", "values", "cands", "givens", "_memo", "_memo_key", "_searched")

    def __init__(
        self,
        tables: Tables,
        values: list[int],
        cands: list[int],
        givens: frozenset[int],
        searched: dict | None = None,
    ) -> None:
        self.tables = tables
        self.values = values
        self.cands = cands
        self.givens = givens
        self._memo: dict = {}
        self._memo_key: tuple[int, ...] | None = None
        self._searched: dict = {} if searched is None else searched

    @classmethod
    def from_grid(cls, grid: Grid) -> "State":
        """The state of a grid: candidates are the digits no peer holds, narrowed by
        the grid's own pencil marks when it has any."""
        tables = tables_for(grid.shape)
        values = grid.values
        # the digits each house holds; an empty cell may take the digits none of its houses holds
        held = []
        for cells in tables.houses:
            mask = 0
            for c in cells:
                if values[c]:
                    mask |= 1 << (values[c] - 1)
            held.append(mask)
        full = tables.all_digits
        cands = [
            0 if value else full & ~(held[row] | held[column] | held[box])
            for value, (row, column, box) in zip(values, tables.houses_of)
        ]
        if grid.candidates is not None:
            cands = [c & marks if not v else 0 for c, marks, v in zip(cands, grid.candidates, grid.values)]
        return cls(tables, list(grid.values), cands, frozenset(grid.givens))

    def copy(self) -> "State":
        """An independent copy (it shares the record of :meth:`searched_in_vain`, which holds
        facts about candidate grids, true whichever state meets them)."""
        return State(self.tables, self.values[:], self.cands[:], self.givens, self._searched)

    @property
    def shape(self) -> Shape:
        return self.tables.shape

    def to_grid(self) -> Grid:
        """The grid of this state, with its candidate masks as pencil marks."""
        return Grid(self.tables.shape, tuple(self.values), self.givens, tuple(self.cands))

    # -- changes ------------------------------------------------------------

    def place(self, cell: int, digit: int) -> None:
        """Fill a cell and remove the digit from its peers' candidates."""
        self.values[cell] = digit
        self.cands[cell] = 0
        keep = ~(1 << (digit - 1))
        cands = self.cands
        for peer in self.tables.peers[cell]:
            cands[peer] &= keep

    def eliminate(self, cell: int, digit: int) -> None:
        self.cands[cell] &= ~(1 << (digit - 1))

    # -- questions ----------------------------------------------------------

    def memo(self) -> dict:
        """A dict where techniques keep what they derive from the candidates (strong links,
        chain searches), so that the techniques tried one after another on one state
        share it.  It is emptied whenever the candidates have changed since the last
        call (they are compared, so a change made anywhere is seen)."""
        key = tuple(self.cands)
        if key != self._memo_key:
            self._memo_key = key
            self._memo = {}
        return self._memo

    def searched_in_vain(self, search: str) -> None:
        """Record that ``search`` found nothing in the present candidates (see :meth:`changed_since`)."""
        self._searched[search] = tuple(self.cands)

    def changed_since(self, search: str) -> int:
        """The cell set of the cells whose candidates changed since ``search`` last found nothing
        (:meth:`searched_in_vain`); every cell (-1) when it never did or a candidate came back.

        A search for a pattern made of cells, whose removals only get fewer as the
        candidates do (wings, for instance), need only look at patterns holding a
        changed cell: the others were there, and removed nothing, when it last looked."""
        before = self._searched.get(search)
        if before is None:
            return -1
        changed = 0
        for cell, (old, new) in enumerate(zip(before, self.cands)):
            if old != new:
                if new & ~old:
                    return -1
                changed |= 1 << cell
        return changed

    def changed_digits_since(self, search: str) -> int:
        """The mask of the digits whose positions changed since ``search`` last found nothing;
        every digit (-1) when it never did or a candidate came back (see :meth:`changed_since`)."""
        before = self._searched.get(search)
        if before is None:
            return -1
        changed = 0
        for old, new in zip(before, self.cands):
            if old != new:
                if new & ~old:
                    return -1
                changed |= old ^ new
        return changed

    def digit_sets(self) -> tuple[int, ...]:
        """For each digit ``d`` (at index ``d - 1``), the cell set of the empty cells where it may go."""
        memo = self.memo()
        found = memo.get("digit_sets")
        if found is None:
            sets = [0] * self.tables.side
            for cell, mask in enumerate(self.cands):
                cell_bit = 1 << cell
                while mask:
                    low = mask & -mask
                    mask ^= low
                    sets[low.bit_length() - 1] |= cell_bit
            found = memo["digit_sets"] = tuple(sets)
        return found

    def candidate_sets(self) -> tuple[int, ...]:
        """For each digit ``d`` (at index ``d - 1``), its candidates as a candidate set: bit
        ``cell * side + d - 1`` for every cell where it may go."""
        memo = self.memo()
        found = memo.get("candidate_sets")
        if found is None:
            side = self.tables.side
            found = memo["candidate_sets"] = tuple(
                spread_cells(cells, side) << index for index, cells in enumerate(self.digit_sets())
            )
        return found

    def line_spots(self) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
        """``(by_row, by_column)``: ``by_row[d - 1][r]`` has bit ``i`` set when digit ``d`` may go
        in row ``r``, column ``i``; ``by_column[d - 1][c]`` has bit ``i`` for row ``i`` of column ``c``."""
        memo = self.memo()
        found = memo.get("line_spots")
        if found is None:
            n = self.tables.side
            by_row = [[0] * n for _ in range(n)]
            by_column = [[0] * n for _ in range(n)]
            for cell, mask in enumerate(self.cands):
                row, column = divmod(cell, n)
                while mask:
                    low = mask & -mask
                    mask ^= low
                    digit_index = low.bit_length() - 1
                    by_row[digit_index][row] |= 1 << column
                    by_column[digit_index][column] |= 1 << row
            found = memo["line_spots"] = (tuple(map(tuple, by_row)), tuple(map(tuple, by_column)))
        return found

    def is_solved(self) -> bool:
        return all(self.values)

    def empty_count(self) -> int:
        return sum(1 for v in self.values if not v)

    def positions(self, house: int, digit: int) -> list[int]:
        """The empty cells of a house where ``digit`` may go."""
        bit = 1 << (digit - 1)
        cands = self.cands
        return [c for c in self.tables.houses[house] if cands[c] & bit]

    def digit_cells(self, digit: int) -> int:
        """The cell set of every empty cell where ``digit`` may go."""
        return self.digit_sets()[digit - 1]

    def broken(self) -> str | None:
        """Why this state cannot lead to a solution (None if no contradiction is visible)."""
        values, cands, t = self.values, self.cands, self.tables
        for cell, value in enumerate(values):
            if not value and not cands[cell]:
                return f"{t.cell_name(cell)} has no candidate left"
        for house, cells in enumerate(t.houses):
            seen = 0
            possible = 0
            for c in cells:
                if values[c]:
                    bit = 1 << (values[c] - 1)
                    if seen & bit:
                        return f"{t.house_names[house]} holds a digit twice"
                    seen |= bit
                else:
                    possible |= cands[c]
            missing = t.all_digits & ~(seen | possible)
            if missing:
                return f"{t.house_names[house]} has no place for digit {lowest_digit(missing)}"
        return None
