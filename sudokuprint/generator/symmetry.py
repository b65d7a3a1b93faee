"""Symmetries of the givens' pattern, as orbits of cells.

A symmetry here is a map of cell positions on the N x N square (it says where
the givens are, not which digits they hold): a symmetric puzzle has a given in
every cell of an orbit or in none.  The maps work for any square shape; on
grids whose boxes are not square (6x6) ``rot90`` and ``diagonal`` still give
symmetric *pictures*, they just do not map boxes onto boxes.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Iterable

from ..shape import Shape

CellMap = Callable[[int, int, int], tuple[int, int]]
"""(row, column, side) → (row, column) of the image cell."""

_GENERATORS: dict[str, tuple[CellMap, ...]] = {
    "none": (),
    "rot180": (lambda r, c, n: (n - 1 - r, n - 1 - c),),
    "rot90": (lambda r, c, n: (c, n - 1 - r),),
    "mirror": (lambda r, c, n: (r, n - 1 - c),),
    "diagonal": (lambda r, c, n: (c, r),),
}

SYMMETRIES: tuple[str, ...] = tuple(_GENERATORS)
"""Names accepted by :func:`orbits` (``none`` first)."""

SYMMETRY_HELP = {
    "none": "no symmetry",
    "rot180": "180° rotation about the centre",
    "rot90": "90° rotation (implies 180°)",
    "mirror": "left-right mirror",
    "diagonal": "reflection in the main diagonal (top-left to bottom-right)",
}


def _check_name(symmetry: str) -> None:
    if symmetry not in _GENERATORS:
        raise ValueError(f"unknown symmetry {symmetry!r}; choose one of: {', '.join(SYMMETRIES)}")


@lru_cache(maxsize=None)
def orbits(shape: Shape, symmetry: str) -> tuple[tuple[int, ...], ...]:
    """The cells of ``shape`` grouped into orbits of ``symmetry``, each sorted, in order of their first cell."""
    _check_name(symmetry)
    side = shape.side
    seen: set[int] = set()
    result = []
    for start in range(shape.cell_count):
        if start in seen:
            continue
        orbit = {start}
        frontier = [start]
        while frontier:
            row, column = divmod(frontier.pop(), side)
            for cell_map in _GENERATORS[symmetry]:
                image_row, image_column = cell_map(row, column, side)
                image = image_row * side + image_column
                if image not in orbit:
                    orbit.add(image)
                    frontier.append(image)
        seen |= orbit
        result.append(tuple(sorted(orbit)))
    return tuple(result)


@lru_cache(maxsize=None)
def orbit_of(shape: Shape, symmetry: str) -> tuple[tuple[int, ...], ...]:
    """For each cell, the orbit that holds it."""
    table: list[tuple[int, ...]] = [()] * shape.cell_count
    for orbit in orbits(shape, symmetry):
        for cell in orbit:
            table[cell] = orbit
    return tuple(table)


def is_symmetric(cells: Iterable[int], shape: Shape, symmetry: str) -> bool:
    """True when the set of cells is a union of whole orbits of ``symmetry``."""
    chosen = set(cells)
    owner = orbit_of(shape, symmetry)
    return all(chosen.issuperset(owner[cell]) for cell in chosen)


def symmetries_of(cells: Iterable[int], shape: Shape) -> list[str]:
    """Every named symmetry (other than ``none``) that the set of cells has."""
    chosen = frozenset(cells)
    return [name for name in SYMMETRIES if name != "none" and is_symmetric(chosen, shape, name)]
