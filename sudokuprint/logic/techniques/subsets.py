"""Naked and hidden subsets (pairs, triples, quads) inside one house.

Naked: ``n`` cells of a house whose candidates together are ``n`` digits
hold those digits, so the rest of the house loses them.  Hidden: ``n`` digits
that, in a house, fit only in the same ``n`` cells fill those cells, so the
cells lose every other candidate.
"""

from __future__ import annotations

from itertools import combinations

from ..state import POPCOUNT, State, cells_of, digits_of
from ..step import Step, StepKind, cell_list, digit_list

NAKED_SUBSETS = {2: StepKind("Naked Pair"), 3: StepKind("Naked Triple"), 4: StepKind("Naked Quad")}
HIDDEN_SUBSETS = {2: StepKind("Hidden Pair"), 3: StepKind("Hidden Triple"), 4: StepKind("Hidden Quad")}


def naked_subset(state: State, size: int) -> Step | None:
    """The first naked subset of ``size`` cells that removes something (a house whose
    candidates did not change since this search last found nothing is skipped)."""
    t = state.tables
    cands = state.cands
    search = NAKED_SUBSETS[size].name
    changed = state.changed_since(search)
    house_set = t.house_set
    for house, cells in enumerate(t.houses):
        if not changed & house_set[house]:
            continue
        open_cells = [c for c in cells if cands[c]]
        if len(open_cells) <= size:
            continue
        small = [c for c in open_cells if POPCOUNT[cands[c]] <= size]
        for group in combinations(small, size):
            union = 0
            for c in group:
                union |= cands[c]
            if POPCOUNT[union] != size:
                continue
            removed = tuple(
                (c, d) for c in open_cells if c not in group and cands[c] & union for d in digits_of(cands[c] & union)
            )
            if removed:
                return Step(
                    NAKED_SUBSETS[size],
                    f"{cell_list(t.shape, group)} hold only {digit_list(digits_of(union))} between them, "
                    f"so no other cell of {t.house_names[house]} can",
                    eliminations=removed,
                    cells=group,
                    digits=tuple(digits_of(union)),
                    houses=(t.house_names[house],),
                )
    state.searched_in_vain(search)
    return None


def hidden_subset(state: State, size: int) -> Step | None:
    """The first hidden subset of ``size`` digits that removes something (a house whose
    candidates did not change since this search last found nothing is skipped)."""
    t = state.tables
    cands = state.cands
    search = HIDDEN_SUBSETS[size].name
    changed = state.changed_since(search)
    house_set = t.house_set
    digit_sets = state.digit_sets()
    for house, in_house in enumerate(house_set):
        if not changed & in_house:
            continue
        where = [spots & in_house for spots in digit_sets]  # each digit's cells in the house
        open_cells = 0
        for spots in where:
            open_cells |= spots
        if open_cells.bit_count() <= size:
            continue
        few = [d for d, spots in enumerate(where, start=1) if spots and spots.bit_count() <= size]
        for digits in combinations(few, size):
            spots = 0
            for d in digits:
                spots |= where[d - 1]
            if spots.bit_count() != size:
                continue
            group = tuple(cells_of(spots))  # in house order (a house's cells are in increasing order)
            keep = sum(1 << (d - 1) for d in digits)
            removed = tuple((c, d) for c in group for d in digits_of(cands[c] & ~keep))
            if removed:
                return Step(
                    HIDDEN_SUBSETS[size],
                    f"in {t.house_names[house]}, {digit_list(digits)} fit only in {cell_list(t.shape, group)}, "
                    f"so those cells hold nothing else",
                    eliminations=removed,
                    cells=group,
                    digits=digits,
                    houses=(t.house_names[house],),
                )
    state.searched_in_vain(search)
    return None


def find_naked_pair(state: State) -> Step | None:
    return naked_subset(state, 2)


def find_naked_triple(state: State) -> Step | None:
    return naked_subset(state, 3)


def find_naked_quad(state: State) -> Step | None:
    return naked_subset(state, 4)


def find_hidden_pair(state: State) -> Step | None:
    return hidden_subset(state, 2)


def find_hidden_triple(state: State) -> Step | None:
    return hidden_subset(state, 3)


def find_hidden_quad(state: State) -> Step | None:
    return hidden_subset(state, 4)
