"""Givens that looked handwritten: taken back as print when the givens alone have several solutions, and the last
one or two as print too.  (Real print-only pages that need it: tests/test_ocr_redecide.py.)
"""

from __future__ import annotations

import pytest

from conftest import SAMPLES

from sudokuprint.ocr.correct import reading_status
from sudokuprint.ocr.pipeline import CellResult, scan
from sudokuprint.ocr.redecide import MIN_ENTRIES, print_back, print_reading, rest_as_print
from ocr_training import photo_suite

STILL = "still looked handwritten after givens were taken back"


def test_several_grids_on_a_page_read_with_no_given_lost_as_handwriting(tmp_path):
    photo_suite.build(tmp_path, 9, 1, ["several-grids"], SAMPLES)
    for name in ("several-grids-002", "several-grids-008"):
        results = scan(tmp_path / f"{name}.jpg", all=True)
        expected = (tmp_path / f"{name}.all").read_text().split()
        assert [r.grid.to_string().replace(".", "0") for r in results] == expected
        assert all(r.entries == [] for r in results)


def _cell(index: int, digit: int) -> CellResult:
    return CellResult(index, digit, 0.9, ((digit, 0.9),), handwritten=0.6)


def test_the_rest_stays_handwriting_when_taking_it_as_print_breaks_the_puzzle():
    puzzle, solution = photo_suite.puzzle_pairs(SAMPLES)[0]
    values = [int(v) for v in puzzle.replace(".", "0")]
    empty = [i for i, v in enumerate(values) if v == 0]
    # a wrong digit in an empty cell of a puzzle with one solution leaves it with none
    wrong = next(d for d in range(1, 10) if d != int(solution[empty[0]]))
    written = {empty[0]: _cell(empty[0], wrong)}
    before = list(values)
    assert rest_as_print(values, {}, written) == []
    assert values == before and list(written) == [empty[0]]


def test_the_rest_is_taken_as_print_when_the_puzzle_keeps_one_solution():
    puzzle, solution = photo_suite.puzzle_pairs(SAMPLES)[0]
    values = [int(v) for v in puzzle.replace(".", "0")]
    empty = [i for i, v in enumerate(values) if v == 0]
    written = {empty[0]: _cell(empty[0], int(solution[empty[0]]))}
    changes = rest_as_print(values, {}, written)
    assert [(c.cell, c.to) for c in changes] == [(empty[0], int(solution[empty[0]]))]
    assert values[empty[0]] == int(solution[empty[0]]) and written == {}
    assert STILL.split(" after")[0] in changes[0].why


def test_a_digit_taken_back_as_print_is_no_surer_than_the_reader_was():
    cell = CellResult(3, 8, 0.67, ((8, 0.67), (5, 0.21)), handwritten=0.75, as_print=((8, 0.99), (5, 0.01)))
    assert print_reading(cell) == [(8, 0.67), (5, 0.01)]  # the print reading's choices, the first capped
    assert print_reading(CellResult(3, 8, 0.67, ((8, 0.67), (5, 0.21)), handwritten=0.75)) == [(8, 0.67), (5, 0.21)]


def _needed_and_not(puzzle: str, solution: str) -> tuple[list[int], int, int] | None:
    """The puzzle's values without a given A whose loss leaves several solutions, A, and an empty cell C whose
    solution digit does not make up for A."""
    values = [int(v) for v in puzzle.replace(".", "0")]
    for a in (i for i, v in enumerate(values) if v):
        without = values[:a] + [0] + values[a + 1:]
        if reading_status(tuple(without))[0] != "not-unique":
            continue
        for c in (i for i, v in enumerate(without) if not v and i != a):
            if reading_status(tuple(without[:c] + [int(solution[c])] + without[c + 1:]))[0] == "not-unique":
                return without, a, c
    return None


def _written(cell: int, digit: int, hand: float) -> CellResult:
    return CellResult(cell, digit, 0.9, ((digit, 0.9),), handwritten=hand)


@pytest.mark.parametrize("pen_on_the_page", [True, False])
def test_with_a_pen_on_the_page_the_print_back_takes_back_only_the_givens_the_solution_needs(pen_on_the_page):
    # A: a given whose loss leaves several solutions; C: the solver's digit in an empty cell, which does not make up
    # for it, looking less surely handwritten than A, so tried first
    puzzle, solution = next(pair for pair in photo_suite.puzzle_pairs(SAMPLES) if _needed_and_not(*pair))
    values, a, c = _needed_and_not(puzzle, solution)  # type: ignore[misc]
    written = {a: _written(a, int(solution[a]), 0.7), c: _written(c, int(solution[c]), 0.6)}
    pen = [i for i, v in enumerate(values) if not v and i not in written][:MIN_ENTRIES]
    if pen_on_the_page:  # digits surely written by hand elsewhere (wrong ones: the solver never sees them)
        written.update({i: _written(i, 0, 0.99) for i in pen})
    changes = print_back(values, {}, written)
    if pen_on_the_page:
        assert [change.cell for change in changes] == [a]
        assert values[c] == 0 and c in written
    else:  # a page of print: whatever looked handwritten and helped is print
        assert sorted(change.cell for change in changes) == sorted([a, c])
    assert values[a] == int(solution[a]) and reading_status(tuple(values))[0] == "unique"
