"""Singles: full house, naked single, hidden single (box, then row and column).

Seed 001 calls the naked single "exclusion" (a cell's candidates are the
digits not in its row, column and box) and the hidden single "uniqueness" (a
digit possible in only one cell of a house goes there).
"""

from __future__ import annotations

from typing import Mapping, Sequence

from ...shape import digit_symbol
from ..state import State, lowest_digit, packed_cands, unpacked
from ..step import Step, StepKind

FULL_HOUSE = StepKind("Full House")
NAKED_SINGLE = StepKind("Naked Single")
HIDDEN_SINGLE_BOX = StepKind("Hidden Single (box)")
HIDDEN_SINGLE_LINE = StepKind("Hidden Single (row/column)")

SINGLE_KINDS = (FULL_HOUSE, NAKED_SINGLE, HIDDEN_SINGLE_BOX, HIDDEN_SINGLE_LINE)
"""The singles, in the order a move lists them."""

_ORDER = {kind: order for order, kind in enumerate(SINGLE_KINDS)}
_UNRATED: Mapping[StepKind, float] = {}


def _naked(state: State, cell: int, digit: int, ratings: Mapping[StepKind, float] = _UNRATED) -> Step:
    t = state.tables
    values = state.values
    for house in t.houses_of[cell]:
        if all(values[c] for c in t.houses[house] if c != cell):
            return Step(
                FULL_HOUSE,
                f"{t.cell_name(cell)} is the last empty cell of {t.house_names[house]}, which lacks only {digit_symbol(digit)}",
                placements=((cell, digit),),
                cells=(cell,),
                digits=(digit,),
                houses=(t.house_names[house],),
                rating=ratings.get(FULL_HOUSE, 0.0),
            )
    return Step(
        NAKED_SINGLE,
        f"{digit_symbol(digit)} is the only digit its row, column and box leave for {t.cell_name(cell)}",
        placements=((cell, digit),),
        cells=(cell,),
        digits=(digit,),
        rating=ratings.get(NAKED_SINGLE, 0.0),
    )


def _hidden(state: State, house: int, cell: int, digit: int, ratings: Mapping[StepKind, float] = _UNRATED) -> Step:
    t = state.tables
    kind = HIDDEN_SINGLE_BOX if t.house_kinds[house] == "box" else HIDDEN_SINGLE_LINE
    return Step(
        kind,
        f"in {t.house_names[house]}, {digit_symbol(digit)} can go only in {t.cell_name(cell)}",
        placements=((cell, digit),),
        cells=(cell,),
        digits=(digit,),
        houses=(t.house_names[house],),
        rating=ratings.get(kind, 0.0),
    )


def naked_singles(state: State) -> list[Step]:
    """Every cell with exactly one candidate (full houses named as such)."""
    return [_naked(state, cell, lowest_digit(state.cands[cell])) for cell in naked_single_cells(state)]


def naked_single_cells(state: State) -> list[int]:
    """The empty cells with exactly one candidate (what :func:`naked_singles` fills, without its steps)."""
    values = state.values
    return [cell for cell, mask in enumerate(state.cands) if mask and not mask & (mask - 1) and not values[cell]]


def hidden_singles(state: State, houses: range | None = None) -> list[Step]:
    """Every digit with exactly one position in a house (boxes first), one step per cell."""
    return [_hidden(state, house, cell, digit) for cell, (house, digit) in hidden_single_cells(state, houses).items()]


def hidden_single_cells(state: State, houses: range | None = None) -> dict[int, tuple[int, int]]:
    """For each cell a hidden single fills, the first house (in the order of
    :func:`hidden_singles`: boxes, rows, columns, unless ``houses`` says) where it is one, and its digit."""
    if houses is None:
        return _every_hidden_single(state)
    t = state.tables
    cands = state.cands
    found: dict[int, tuple[int, int]] = {}
    for house in houses:
        once = twice = 0
        cells = t.houses[house]
        for c in cells:
            m = cands[c]
            twice |= once & m
            once |= m
        _add_singles(found, house, cells, cands, once & ~twice)
    return found


def _every_hidden_single(state: State) -> dict[int, tuple[int, int]]:
    """:func:`hidden_single_cells` of every house: the digits seen once and more than once
    are gathered for all houses of a kind at once, from every mask packed in one int
    (:func:`~sudokuprint.logic.state.packed_cands`)."""
    t = state.tables
    cands = state.cands
    packed = packed_cands(cands)
    rows, columns, boxes = t.house_layers
    found: dict[int, tuple[int, int]] = {}
    for kind, house_at, shifts, slots in (boxes, rows, columns):
        once = twice = 0
        for shift in shifts:
            layer = packed >> shift & slots
            twice |= once & layer
            once |= layer
        singles = once & ~twice
        if singles:
            by_slot = unpacked(singles, len(cands))
            for origin, house in house_at.items():  # in house order
                if by_slot[origin]:
                    _add_singles(found, house, t.houses[house], cands, by_slot[origin])
    return found


def _add_singles(
    found: dict[int, tuple[int, int]], house: int, cells: Sequence[int], cands: list[int], digits: int
) -> None:
    """Record the cell of each digit of ``digits`` (each fits in one cell of the house), unless found before."""
    while digits:
        bit = digits & -digits
        digits ^= bit
        for cell in cells:
            if cands[cell] & bit:
                break
        if cell not in found:
            found[cell] = (house, bit.bit_length())


def all_singles(state: State, ratings: Mapping[StepKind, float] = _UNRATED) -> list[Step]:
    """Every cell that a single fills at this point, each named by the cheapest technique that
    fills it (and rated by ``ratings``, kind of single to rating, when given)."""
    cands = state.cands
    naked = naked_single_cells(state)
    steps = [_naked(state, cell, lowest_digit(cands[cell]), ratings) for cell in naked]
    for cell, (house, digit) in hidden_single_cells(state).items():
        if cands[cell] & (cands[cell] - 1):
            steps.append(_hidden(state, house, cell, digit, ratings))
    return sorted(steps, key=lambda s: (_ORDER[s.kind], s.placements[0][0]))


def _first(steps: list[Step], kind: StepKind) -> Step | None:
    return next((s for s in steps if s.kind is kind), None)


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
