"""Random complete grids for every shape, reproducible from a seed.

The recipe: drop a handful of random digits on random cells (each one legal
with the digits already placed), fill the rest by a plain depth-first search,
and retry with fewer digits on the rare dead end.  The random digits make
each grid a fresh one; the search makes it quick.

The search (:func:`fill`) is deliberately simple and fixed, step for step:
always the first empty cell with the fewest candidates, its digits in
ascending order, at most ``FILL_BUDGET`` digits placed.  The compiled
extension runs the very same search (``_native.fill``), so a seed gives the
same grid on machines with and without it; the tests hold the two to that.
"""

from __future__ import annotations

import random
from functools import lru_cache

from ..shape import Shape
from ..solver import native
from .draws import below, pooled, sample_small

_SEEDS_PER_SIDE = 1.25
"""How many random digits to drop, per unit of the grid's side, before solving."""

FILL_BUDGET = 2_000
"""Digits the fill may place before it gives up (then fewer random digits are tried).

Most fills place a few hundred digits; a fill past 2,000 is nearly always in
a dead end (random digits no grid completes, or a hopeless first choice), and
those were half the fill time at the old 20,000 (issue 14).  The cut changed
what 0.3% of 9x9 fills give (benchmarks/generate.py --budgets measures it)."""


def random_seed_digits(shape: Shape, rng: random.Random, count: int) -> list[int]:
    """``count`` random digits on random cells, none clashing with another (0 = empty).

    The draws are ``rng.sample(range(cells), count)`` for the cells, then
    ``rng.choice`` of each cell's legal digits, made by :mod:`.draws`.
    """
    cell_count = shape.cell_count
    values = [0] * cell_count
    places = _house_offsets(shape)
    free = _free_digits(shape.side)
    used_in = [0] * (3 * shape.side)  # digits placed in each row, column and box, as masks
    if pooled(cell_count, count):
        cells = sample_small(rng, cell_count, count)
    else:
        cells = rng.sample(range(cell_count), count)
    for cell in cells:
        row, column, box = places[cell]
        used = used_in[row] | used_in[column] | used_in[box]
        choices = free.get(used)
        if choices is None:
            choices = free[used] = tuple(d for d in range(1, shape.side + 1) if not used >> (d - 1) & 1)
        if choices:
            digit = values[cell] = choices[below(rng, len(choices))]
            bit = 1 << (digit - 1)
            used_in[row] |= bit
            used_in[column] |= bit
            used_in[box] |= bit
    return values


@lru_cache(maxsize=None)
def _house_offsets(shape: Shape) -> tuple[tuple[int, int, int], ...]:
    """For each cell, its row, column and box as offsets into one table of ``3 * side`` houses."""
    side = shape.side
    return tuple((row, side + column, 2 * side + box) for row, column, box in _houses_of(shape))


@lru_cache(maxsize=None)
def _free_digits(side: int) -> dict[int, tuple[int, ...]]:
    """Mask of digits used → the digits left, ascending (filled as masks turn up)."""
    return {}


@lru_cache(maxsize=None)
def _houses_of(shape: Shape) -> tuple[tuple[int, int, int], ...]:
    """For each cell, the indexes of its row, column and box."""
    return tuple((shape.row_of(c), shape.column_of(c), shape.box_of(c)) for c in range(shape.cell_count))


def fill_python(values: list[int], shape: Shape, budget: int = FILL_BUDGET) -> tuple[int, ...] | None:
    """The fill search in Python (see the module's doc); None on a dead end or an exhausted budget."""
    side = shape.side
    full = (1 << side) - 1
    houses = _houses_of(shape)
    rows, columns, boxes = [0] * side, [0] * side, [0] * side
    values = list(values)
    for cell, digit in enumerate(values):
        if digit:
            bit = 1 << (digit - 1)
            row, column, box = houses[cell]
            if (rows[row] | columns[column] | boxes[box]) & bit:
                return None
            rows[row] |= bit
            columns[column] |= bit
            boxes[box] |= bit
    stack: list[list[int]] = []  # [cell, its digits not tried yet]
    placed = 0
    while True:
        best, best_mask, best_count = -1, 0, side + 1
        for cell, digit in enumerate(values):
            if not digit:
                row, column, box = houses[cell]
                mask = full ^ ((rows[row] | columns[column] | boxes[box]) & full)
                count = mask.bit_count()
                if count < best_count:
                    best, best_mask, best_count = cell, mask, count
                    if not count:
                        break
        if best < 0:
            return tuple(values)
        if best_count:
            stack.append([best, best_mask])
        while True:  # the lowest untried digit on top of the stack, taking back tries that are done
            if not stack:
                return None
            cell, untried = stack[-1]
            row, column, box = houses[cell]
            if values[cell]:
                bit = 1 << (values[cell] - 1)
                rows[row] ^= bit
                columns[column] ^= bit
                boxes[box] ^= bit
                values[cell] = 0
            if not untried:
                stack.pop()
                continue
            low = untried & -untried
            stack[-1][1] = untried ^ low
            placed += 1
            if placed > budget:
                return None
            values[cell] = low.bit_length()
            rows[row] |= low
            columns[column] |= low
            boxes[box] |= low
            break


def fill(values: list[int], shape: Shape, budget: int = FILL_BUDGET) -> tuple[int, ...] | None:
    """The fill search, compiled when the extension is there (the same result either way)."""
    if native.available() and shape.side <= native.MAX_SIDE:
        found = native.fill(values, shape, budget)
        return tuple(found) if found is not None else None
    return fill_python(values, shape, budget)


def random_complete_grid(shape: Shape, rng: random.Random) -> tuple[int, ...]:
    """A random solved grid of ``shape`` (its values, cell 0 first), the same on every machine."""
    count = max(1, round(shape.side * _SEEDS_PER_SIDE))
    while True:
        found = fill(random_seed_digits(shape, rng, count), shape)
        if found is not None:
            return found
        count = max(1, count - 1)  # a dead end: fewer seeds are less likely to clash
