"""Death Blossom: a stem cell whose every candidate locks one almost locked set.

The *stem* is an empty cell with two or three candidates.  For each of its
candidates ``d`` a *petal* is an almost locked set (:mod:`.als`) not holding
the stem, that holds ``d``, every cell of it holding ``d`` seeing the stem.
Whatever the stem holds, say ``d``, the petal of ``d`` loses ``d`` and is
locked: it holds each of its other digits.  So a digit ``z`` (not a stem
candidate) that every petal holds is in one of the petals, and a cell seeing
every place of ``z`` in every petal loses ``z``.

The step's ``petals`` (:class:`~sudokuprint.logic.step.BlossomDetails`) is the number of petals; the rating (see the
table in :mod:`sudokuprint.logic.techniques`) is 8.2 plus 0.1 for a third
petal.  The search is bounded (:data:`MAX_TRIES` petal combinations).
"""

from __future__ import annotations

from ...shape import digit_symbol
from .. import kernels
from ..state import State, cells_of, popcount
from ..step import BlossomDetails, Step, StepKind, details_of
from .als import _Als, _describe, als_at, cached_almost_locked_sets

DEATH_BLOSSOM = StepKind("Death Blossom")
MAX_STEM_DIGITS = 3
MAX_TRIES = 20000
"""Petal combinations looked at in one search (the rest is left to later techniques)."""


def find_death_blossom(state: State) -> Step | None:
    """The first Death Blossom (stems in reading order) that removes a candidate, or None."""
    if kernels.als_ready(state):
        return _compiled_blossom(state)
    sets = cached_almost_locked_sets(state)
    cands = state.cands
    tries = 0
    for stem, mask in enumerate(cands):
        if not 2 <= popcount(mask) <= MAX_STEM_DIGITS:
            continue
        stem_bit = 1 << stem
        stem_digits = _digits(state, stem)
        petals: dict[int, list[_Als]] = {d: [] for d in stem_digits}
        for als in sets:
            if als.cells & stem_bit:
                continue
            for d in stem_digits:
                if d in als.holders and als.seen[d] & stem_bit:
                    petals[d].append(als)
        if any(not petals[d] for d in stem_digits):
            continue
        others = state.tables.all_digits & ~mask
        while others:
            bit = others & -others
            others ^= bit
            z = bit.bit_length()
            lists = [[a for a in petals[d] if a.mask & bit] for d in stem_digits]
            if any(not chosen for chosen in lists):
                continue
            found, tries = _bloom(state, lists, z, tries)
            if found is not None:
                return _step(state, stem, stem_digits, found, z)
            if tries >= MAX_TRIES:
                return None
    return None


def _compiled_blossom(state: State) -> Step | None:
    """:func:`find_death_blossom` by the compiled search (the same blossom)."""
    found = kernels.death_blossom(state, MAX_STEM_DIGITS, MAX_TRIES)
    if found is None:
        return None
    stem, z, indexes = found
    petals = tuple(als_at(state, index) for index in indexes)
    return _step(state, stem, _digits(state, stem), (petals, _removals(state, petals, z)), z)


def _digits(state: State, stem: int) -> list[int]:
    return [d for d in range(1, state.tables.side + 1) if state.cands[stem] >> (d - 1) & 1]


def _removals(state: State, petals: tuple[_Als, ...], z: int) -> tuple[tuple[int, int], ...]:
    """The candidates ``z`` of the cells outside the petals seeing every ``z`` of them."""
    bit = 1 << (z - 1)
    seen = -1
    inside = 0
    for als in petals:
        seen &= als.seen[z]
        inside |= als.cells
    return tuple((c, z) for c in cells_of(seen & ~inside) if state.cands[c] & bit)


def _bloom(state: State, lists: list[list[_Als]], z: int, tries: int) -> tuple[tuple | None, int]:
    """Petals (one per list) whose ``z`` places some cell with ``z`` sees all of: (petals,
    removals), or None; and the updated count of tries."""
    bit = 1 << (z - 1)
    holders = 0
    for cell, mask in enumerate(state.cands):
        if mask & bit:
            holders |= 1 << cell
    chosen: list[_Als] = []

    def walk(index: int, seen: int, inside: int) -> tuple | None:
        nonlocal tries
        if index == len(lists):
            targets = seen & ~inside & holders
            return (tuple(chosen), tuple((c, z) for c in cells_of(targets))) if targets else None
        for als in lists[index]:
            tries += 1
            if tries > MAX_TRIES:
                return None
            narrowed = seen & als.seen[z]
            if not narrowed & holders & ~(inside | als.cells):
                continue
            chosen.append(als)
            result = walk(index + 1, narrowed, inside | als.cells)
            chosen.pop()
            if result is not None:
                return result
        return None

    return walk(0, -1, 0), tries


def _step(state: State, stem: int, stem_digits: list[int], found: tuple, z: int) -> Step:
    petals, removals = found
    t = state.tables
    name = t.cell_name(stem)
    parts = [f"{name}={digit_symbol(d)} locks {_describe(state, als)}" for d, als in zip(stem_digits, petals)]
    inside = 0
    for als in petals:
        inside |= als.cells
    return Step(
        DEATH_BLOSSOM,
        f"stem {name} holds one of {'/'.join(digit_symbol(d) for d in stem_digits)}: "
        f"{'; '.join(parts)} (the petal loses that digit, so it holds each of its others); "
        f"every petal holds {digit_symbol(z)}, so one of them does, and cells seeing all its places lose it",
        eliminations=removals,
        cells=(stem,) + tuple(cells_of(inside)),
        digits=(z,),
        details=BlossomDetails(petals=len(petals), z=z),
    )


def rate_death_blossom(step: Step) -> float:
    """8.2, and 8.3 with three petals."""
    return 8.3 if details_of(step, BlossomDetails).petals > 2 else 8.2
