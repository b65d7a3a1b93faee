"""The grid model: shapes, houses, peers, values vs givens vs candidates, conflicts."""

from __future__ import annotations

import pytest

from sudokuprint import Grid, Shape, parse
from sudokuprint.grid import candidate_digits, mask_of
from sudokuprint.shape import digit_symbol, symbol_digit

VECTOR = "67..4..524....1....53.87.91....12.85.2...46..7.5...21..47.3.52.5.62.8.499.....378"


@pytest.mark.parametrize(
    "width,height,side", [(2, 2, 4), (3, 2, 6), (2, 3, 6), (4, 2, 8), (3, 3, 9), (4, 3, 12), (4, 4, 16)]
)
def test_every_shape_has_consistent_houses(width: int, height: int, side: int) -> None:
    shape = Shape(width, height)
    assert shape.side == side
    assert len(shape.houses) == 3 * side
    for house in shape.houses:
        assert len(house.cells) == side
    # every cell lies in exactly one row, one column and one box
    for cell in range(shape.cell_count):
        assert sum(cell in house.cells for house in shape.houses) == 3
    # peers: (side - 1) in the row, column and box, minus the overlap of box with row and column
    expected_peers = 3 * (side - 1) - (width - 1) - (height - 1)
    assert {len(p) for p in shape.peers} == {expected_peers}


def test_boxes_of_a_6x6_follow_the_box_shape() -> None:
    wide = Shape(3, 2)  # boxes 3 wide, 2 high
    assert wide.boxes[0].cells == (0, 1, 2, 6, 7, 8)
    tall = Shape(2, 3)  # boxes 2 wide, 3 high
    assert tall.boxes[0].cells == (0, 1, 6, 7, 12, 13)
    assert wide.name == "6x6" and tall.name == "6x6 (2x3 boxes)"


def test_standard_shapes_by_side() -> None:
    assert Shape.for_side(9) == Shape(3, 3)
    assert Shape.for_side(16) == Shape(4, 4)
    assert Shape.for_cell_count(144) == Shape(4, 3)
    with pytest.raises(ValueError, match="no standard box shape for a 7x7"):
        Shape.for_side(7)


def test_digit_symbols_above_nine_are_letters() -> None:
    assert [digit_symbol(d) for d in (1, 9, 10, 16)] == ["1", "9", "A", "G"]
    assert symbol_digit("g") == 16 and symbol_digit("A") == 10 and symbol_digit(".") == -1


def test_cell_names_are_one_based() -> None:
    assert Shape().cell_name(0) == "r1c1"
    assert Shape().cell_name(80) == "r9c9"


def test_values_givens_and_candidates_are_distinct() -> None:
    puzzle = parse(VECTOR)
    assert puzzle.clue_count == 39 and puzzle.filled_count == 39
    assert puzzle.candidates is None
    values = list(puzzle.values)
    values[2] = 8  # a digit filled in by a solver, not a given
    state = puzzle.with_values(values)
    assert state.filled_count == 40 and state.clue_count == 39
    assert not state.is_given(2) and state.is_given(0)
    assert state.puzzle() == puzzle
    with pytest.raises(ValueError, match="r1c1 is a given"):
        puzzle.with_values([0] * 81)
    marked = state.with_candidates(state.computed_candidates())
    assert marked.cell_candidates(3) == candidate_digits(marked.candidates[3])
    assert marked.candidates[0] == 0  # a cell with a value has no candidates


def test_computed_candidates_exclude_peers() -> None:
    grid = parse(VECTOR)
    candidates = grid.computed_candidates()
    # r1c3: row has 6,7,4,5,2; column has 3,6,7 (r3c3=3, r8c3=6, r7c3=7); box has 6,7,4,5,3
    assert candidate_digits(candidates[2]) == [1, 8, 9]
    assert mask_of([1, 8, 9]) == candidates[2]


def test_well_formed_but_invalid_grid_parses_and_names_conflicts() -> None:
    text = "5...5" + "." * 76  # two 5s in row 1
    grid = parse(text)
    assert not grid.is_valid()
    (conflict,) = grid.conflicts()
    assert conflict.digit == 5 and conflict.house.name == "row 1" and conflict.cells == (0, 4)
    assert conflict.describe(grid.shape) == "digit 5 appears 2 times in row 1 (r1c1, r1c5)"


def test_grid_rejects_impossible_values() -> None:
    with pytest.raises(ValueError, match="value 10 is not in 0..9"):
        Grid.from_values([10] + [0] * 80)
    with pytest.raises(ValueError, match="81 cells"):
        Grid(Shape(), (0,) * 80)
