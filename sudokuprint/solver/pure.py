"""The pure-Python solver: digit bitboards, singles propagation, MRV search.

The whole idea on one page:

- a *bitboard* is a Python int with bit ``c`` standing for cell ``c``;
- ``positions[d]`` is the bitboard of the unsolved cells where digit ``d``
  (0-based here) may still go; ``unsolved`` is the bitboard of empty cells;
- placing ``d`` in cell ``c`` removes ``c`` and its peers from ``positions[d]``
  and ``c`` from ``unsolved`` (other digits drop ``c`` lazily, by masking with
  ``unsolved``);
- *naked singles*: counting every digit's bitboard bit-parallel (``ones``,
  ``twos``) gives at once the cells with no candidate (a contradiction) and
  the cells with exactly one;
- *hidden singles*: a digit with one position left in a house goes there; a
  digit with none, in a house that lacks it, is a contradiction;
- when propagation stalls, branch on a cell with the fewest candidates.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from ..shape import Shape

NAME = "python"


class _Tables:
    """Bitboard lookup tables for one shape, computed once."""

    def __init__(self, shape: Shape) -> None:
        self.side = shape.side
        self.cell_count = shape.cell_count
        self.all_cells = (1 << shape.cell_count) - 1
        self.house_masks = tuple(sum(1 << c for c in house.cells) for house in shape.houses)
        # Clearing these bits removes a cell and all its peers.
        self.cell_and_peers = tuple(
            (1 << c) | sum(1 << p for p in shape.peers[c]) for c in range(shape.cell_count)
        )


@lru_cache(maxsize=None)
def _tables(shape: Shape) -> _Tables:
    return _Tables(shape)


class _Contradiction(Exception):
    """Raised inside propagation: this branch has no solution."""


class _Search:
    def __init__(self, tables: _Tables, limit: int) -> None:
        self.t = tables
        self.limit = limit
        self.count = 0
        self.first: list[int] | None = None

    def propagate(self, positions: list[int], placed: list[int], unsolved: int, values: list[int]) -> int:
        """Apply naked and hidden singles until none is left; returns the new ``unsolved``."""
        t = self.t
        digits = range(t.side)
        cell_and_peers = t.cell_and_peers
        house_masks = t.house_masks
        checked = [-1] * t.side  # positions[d] when its houses were last scanned
        while unsolved:
            ones = twos = 0
            for d in digits:
                p = positions[d] & unsolved
                positions[d] = p
                twos |= ones & p
                ones |= p
            if unsolved & ~ones:
                raise _Contradiction
            singles = ones & ~twos
            if singles:
                for d in digits:
                    cells = positions[d] & singles
                    while cells:
                        bit = cells & -cells
                        cells ^= bit
                        if not positions[d] & bit:
                            raise _Contradiction  # a peer just took this digit
                        cell = bit.bit_length() - 1
                        positions[d] &= ~cell_and_peers[cell]
                        placed[d] |= bit
                        unsolved ^= bit
                        values[cell] = d + 1
                continue
            progress = False
            for d in digits:
                p = positions[d] & unsolved
                if p == checked[d]:
                    continue
                for house in house_masks:
                    here = p & house
                    if here & (here - 1):
                        continue  # two or more places: nothing to learn
                    if here:
                        cell = here.bit_length() - 1
                        p &= ~cell_and_peers[cell]
                        placed[d] |= here
                        unsolved ^= here
                        values[cell] = d + 1
                        progress = True
                    elif not placed[d] & house:
                        raise _Contradiction  # the digit fits nowhere in this house
                positions[d] = p
                checked[d] = p
            if not progress:
                break
        return unsolved

    def run(self, positions: list[int], placed: list[int], unsolved: int, values: list[int]) -> None:
        try:
            unsolved = self.propagate(positions, placed, unsolved, values)
        except _Contradiction:
            return
        if not unsolved:
            self.count += 1
            if self.first is None:
                self.first = values
            return
        cell_bit = self._choose_cell(positions, unsolved)
        cell = cell_bit.bit_length() - 1
        cell_and_peers = self.t.cell_and_peers[cell]
        for d in range(self.t.side):
            if positions[d] & cell_bit:
                branch_positions = positions[:]
                branch_positions[d] &= ~cell_and_peers
                branch_placed = placed[:]
                branch_placed[d] |= cell_bit
                branch_values = values[:]
                branch_values[cell] = d + 1
                self.run(branch_positions, branch_placed, unsolved ^ cell_bit, branch_values)
                if self.count >= self.limit:
                    return

    def _choose_cell(self, positions: list[int], unsolved: int) -> int:
        """The bit of an unsolved cell with the fewest candidates (two if any)."""
        ones = twos = threes = 0
        for p in positions:
            p &= unsolved
            threes |= twos & p
            twos |= ones & p
            ones |= p
        best = twos & ~threes
        if not best:
            best = threes or unsolved
        return best & -best


def solve(values: Sequence[int], shape: Shape, limit: int) -> tuple[int, list[int] | None]:
    """Count solutions of ``values`` (0 = empty) up to ``limit``; also the first solution.

    ``values`` must be in range and free of conflicts (the caller checks).
    """
    t = _tables(shape)
    positions = [t.all_cells] * t.side
    placed = [0] * t.side
    unsolved = t.all_cells
    grid = [0] * t.cell_count
    for cell, value in enumerate(values):
        if value:
            d = value - 1
            bit = 1 << cell
            if not positions[d] & bit:
                return 0, None
            positions[d] &= ~t.cell_and_peers[cell]
            placed[d] |= bit
            unsolved ^= bit
            grid[cell] = value
    search = _Search(t, limit)
    search.run(positions, placed, unsolved, grid)
    return search.count, search.first
