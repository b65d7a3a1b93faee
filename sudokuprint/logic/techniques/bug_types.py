"""Bivalue Universal Grave, type 2: several cells with a third candidate, the same digit.

A *grave* is a position where every empty cell has two candidates and every
digit is in exactly two cells of every house it is in: it has two solutions
or none, so a puzzle with one solution never reaches it.  When every empty
cell has two candidates except a few cells with three, and taking the same
digit ``d`` from each of those cells leaves a grave, then one of them must
be ``d`` (else the grave remains): a cell seeing all of them cannot be ``d``.
(Bivalue Universal Grave + 1, the case of one such cell, is in
:mod:`.uniqueness`.)

Explainer rates BUG type 2 5.7, just above BUG + 1 (5.6).
"""

from __future__ import annotations

from ...shape import digit_symbol
from ..state import State, popcount
from ..step import Step, StepKind, cell_list

BUG_TYPE_2 = StepKind("Bivalue Universal Grave (type 2)")


def find_bug_type_2(state: State) -> Step | None:
    """The BUG type 2 elimination of this state, or None."""
    t = state.tables
    cands = state.cands
    extra_cells = []
    common = t.all_digits
    for cell, mask in enumerate(cands):
        size = popcount(mask)
        if size > 3:
            return None
        if size == 3:
            extra_cells.append(cell)
            common &= mask
    if len(extra_cells) < 2 or not common:
        return None
    while common:
        bit = common & -common
        common ^= bit
        if not _grave_without(state, extra_cells, bit):
            continue
        seen = -1
        for cell in extra_cells:
            seen &= t.peer_set[cell]
        spots = state.digit_sets()[bit.bit_length() - 1] & seen
        removed = []
        while spots:
            low = spots & -spots
            spots ^= low
            removed.append((low.bit_length() - 1, bit.bit_length()))
        if removed:
            d = digit_symbol(bit.bit_length())
            return Step(
                BUG_TYPE_2,
                f"every empty cell has two candidates but {cell_list(t.shape, extra_cells)}, which have three; "
                f"without {d} in them each digit would be in two cells of every house, a deadly pattern, "
                f"so one of them is {d} and a cell seeing them all cannot be {d}",
                eliminations=tuple(removed),
                cells=tuple(extra_cells),
                digits=(bit.bit_length(),),
            )
    return None


def _grave_without(state: State, cells: list[int], bit: int) -> bool:
    """True when taking ``bit`` from ``cells`` leaves every digit in 0 or 2 cells of each house."""
    taken = set(cells)
    for house in state.tables.houses:
        counts: dict[int, int] = {}
        for c in house:
            mask = state.cands[c] & ~bit if c in taken else state.cands[c]
            while mask:
                low = mask & -mask
                mask ^= low
                counts[low] = counts.get(low, 0) + 1
        if any(n != 2 for n in counts.values()):
            return False
    return True
