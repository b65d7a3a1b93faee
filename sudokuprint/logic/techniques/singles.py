"""Singles: full house, naked single, hidden single (box, then row and column).

Seed 001 calls the naked single "exclusion" (a cell's candidates are the
digits not in its row, column and box) and the hidden single "uniqueness" (a
digit possible in only one cell of a house goes there).
"""

from __future__ import annotations

from ...shape import digit_symbol
from ..state import State, lowest_digit
from ..step import Step

FULL_HOUSE = "Full House"
NAKED_SINGLE = "Naked Single"
HIDDEN_SINGLE_BOX = "Hidden Single (box)"
HIDDEN_SINGLE_LINE = "Hidden Single (row/column)"

_ORDER = {FULL_HOUSE: 0, NAKED_SINGLE: 1, HIDDEN_SINGLE_BOX: 2, HIDDEN_SINGLE_LINE: 3}


def _naked(state: State, cell: int, digit: int) -> Step:
    t = state.tables
    for house in t.houses_of[cell]:
        if sum(1 for c in t.houses[house] if not state.values[c]) == 1:
            return Step(
                FULL_HOUSE,
                f"{t.cell_name(cell)} is the last empty cell of {t.house_names[house]}, which lacks only {digit_symbol(digit)}",
                placements=((cell, digit),),
                cells=(cell,),
                digits=(digit,),
                houses=(t.house_names[house],),
            )
    return Step(
        NAKED_SINGLE,
        f"{digit_symbol(digit)} is the only digit its row, column and box leave for {t.cell_name(cell)}",
        placements=((cell, digit),),
        cells=(cell,),
        digits=(digit,),
    )


def _hidden(state: State, house: int, cell: int, digit: int) -> Step:
    t = state.tables
    kind = t.house_kinds[house]
    return Step(
        HIDDEN_SINGLE_BOX if kind == "box" else HIDDEN_SINGLE_LINE,
        f"in {t.house_names[house]}, {digit_symbol(digit)} can go only in {t.cell_name(cell)}",
        placements=((cell, digit),),
        cells=(cell,),
        digits=(digit,),
        houses=(t.house_names[house],),
    )


def naked_singles(state: State) -> list[Step]:
    """Every cell with exactly one candidate (full houses named as such)."""
    steps = []
    values = state.values
    for cell, mask in enumerate(state.cands):
        if mask and not mask & (mask - 1) and not values[cell]:
            steps.append(_naked(state, cell, lowest_digit(mask)))
    return steps


def hidden_singles(state: State, houses: range | None = None) -> list[Step]:
    """Every digit with exactly one position in a house (boxes first), one step per cell."""
    t = state.tables
    cands = state.cands
    found: dict[int, Step] = {}
    order = list(t.boxes) + list(t.rows) + list(t.columns) if houses is None else houses
    for house in order:
        once = twice = 0
        for c in t.houses[house]:
            m = cands[c]
            twice |= once & m
            once |= m
        singles = once & ~twice
        while singles:
            bit = singles & -singles
            singles ^= bit
            digit = bit.bit_length()
            cell = next(c for c in t.houses[house] if cands[c] & bit)
            if cell not in found:
                found[cell] = _hidden(state, house, cell, digit)
    return list(found.values())


def all_singles(state: State) -> list[Step]:
    """Every cell that a single fills at this point, each named by the cheapest technique that fills it."""
    steps = {s.placements[0][0]: s for s in naked_singles(state)}
    for step in hidden_singles(state):
        steps.setdefault(step.placements[0][0], step)
    return sorted(steps.values(), key=lambda s: (_ORDER[s.technique], s.placements[0][0]))


def _first(steps: list[Step], technique: str) -> Step | None:
    return next((s for s in steps if s.technique == technique), None)


def find_full_house(state: State) -> Step | None:
    return _first(naked_singles(state), FULL_HOUSE)


def find_naked_single(state: State) -> Step | None:
    return _first(naked_singles(state), NAKED_SINGLE)


def find_hidden_single_box(state: State) -> Step | None:
    steps = hidden_singles(state, state.tables.boxes)
    return steps[0] if steps else None


def find_hidden_single_line(state: State) -> Step | None:
    t = state.tables
    steps = hidden_singles(state, range(0, 2 * t.side))
    return steps[0] if steps else None
