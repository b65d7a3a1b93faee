"""Random complete grids for every shape, reproducible from a seed.

The recipe: drop a handful of random digits on random cells (each one legal
with the digits already placed), let the solver complete the grid, and retry
on the rare dead end.  The random digits make each grid a fresh one; the
solver's completion makes it quick.

The completion always uses the pure-Python backend: the first solution a
search finds depends on its branching order, so with whichever backend is
fastest a seed would give different grids on machines with and without the
compiled solver.  Counting (uniqueness) is the same on every backend, so the
rest of the generator may use the fastest one and stay reproducible.
"""

from __future__ import annotations

import random

from ..shape import Shape
from ..solver import get_backend

_SEEDS_PER_SIDE = 1.25
"""How many random digits to drop, per unit of the grid's side, before solving."""


def random_seed_digits(shape: Shape, rng: random.Random, count: int) -> list[int]:
    """``count`` random digits on random cells, none clashing with another (0 = empty)."""
    values = [0] * shape.cell_count
    peers = shape.peers
    for cell in rng.sample(range(shape.cell_count), count):
        used = {values[p] for p in peers[cell]}
        choices = [d for d in shape.digits if d not in used]
        if choices:
            values[cell] = rng.choice(choices)
    return values


COMPLETION_BACKEND = "python"
"""The backend whose first solution completes a grid (the same on every machine)."""


def random_complete_grid(shape: Shape, rng: random.Random) -> tuple[int, ...]:
    """A random solved grid of ``shape`` (its values, cell 0 first), the same on every machine."""
    engine = get_backend(COMPLETION_BACKEND)
    count = max(1, round(shape.side * _SEEDS_PER_SIDE))
    while True:
        seeds = random_seed_digits(shape, rng, count)
        found, solution = engine.solve(seeds, shape, 1)
        if found:
            return tuple(solution)
        count = max(1, count - 1)  # a dead end: fewer seeds are less likely to clash
