"""A faded given, paler than the print's other givens, is taken only when the givens alone leave the puzzle open.

Real photos: Wicht & Hennebert (CC-BY-4.0); puzzles: the samples' easy50.
"""

from __future__ import annotations

from conftest import SAMPLES, data_file, wicht_digits

from sudokuprint.grid import Grid
from sudokuprint.ocr.correct import reading_status, take_faint
from sudokuprint.ocr.pipeline import grid_cells, scan
from sudokuprint.solver import search


def test_a_faded_red_given_beside_dark_pen_is_read():
    # Wicht mixed image71: red print, faded at r1c2 (a 7) to a third of the print's darkness, under a solver's
    # black pen; without that 7 the givens have several solutions
    printed = wicht_digits(data_file("wicht", "train", "image71.dat"))
    photo = data_file("wicht", "mixed_train", "image71.jpg")
    found = grid_cells(photo)
    assert 1 not in {cell.index for cell in found.upright()}
    assert [cell.index for cell in found.faint_upright()] == [1]
    result = scan(photo)
    assert list(result.grid.values) == printed
    assert result.check.status == "unique"
    assert [(c.cell, c.to) for c in result.corrections] == [(1, 7)]
    assert "paler" in result.corrections[0].why


def test_a_plain_photo_read_right_takes_no_faint_shape():
    printed = wicht_digits(data_file("wicht", "train", "image1045.dat"))
    result = scan(data_file("wicht", "train", "image1045.jpg"))
    assert list(result.grid.values) == printed
    assert not any("paler" in c.why for c in result.corrections)


def open_puzzle() -> tuple[list[int], list[int], list[int]]:
    """A sample puzzle with givens taken away until it has several solutions: (open values, solution, taken)."""
    line = (SAMPLES / "easy50.txt").read_text().split()[0]
    values = list(Grid.from_string(line).values)
    solution = list(search(Grid.from_values(values), 2).solution.values)
    taken = []
    for cell in range(81):
        if values[cell]:
            trial = list(values)
            trial[cell] = 0
            taken.append(cell)
            values = trial
            if reading_status(tuple(values))[0] == "not-unique":
                return values, solution, taken
    raise AssertionError("no open puzzle")


def conflicting(values: list[int], cell: int) -> int:
    """A digit already given in the cell's row, column or box (one that breaks the puzzle there)."""
    row, column = divmod(cell, 9)
    peers = [i for i in range(81) if i != cell and (i // 9 == row or i % 9 == column
                                                     or (i // 27 == cell // 27 and i % 9 // 3 == column // 3))]
    return next(values[i] for i in peers if values[i])


def test_faint_candidates_complete_the_puzzle_but_never_break_it():
    values, solution, taken = open_puzzle()
    cell = taken[-1]
    wrong = conflicting(values, cell)
    empty = next(i for i in range(81) if values[i] == 0 and i != cell)
    alternatives: dict[int, list[tuple[int, float]]] = {}
    candidates = [
        (cell, ((wrong, 0.99), (solution[cell], 0.01))),  # surest, but breaks the puzzle: left out
        (empty, ((solution[empty], 0.5),)),  # too unsure: left out
        (cell, ((solution[cell], 0.95),)),
    ]
    changes = take_faint(values, alternatives, candidates)
    assert reading_status(tuple(values))[0] == "unique"
    assert [(c.cell, c.to) for c in changes] == [(cell, solution[cell])]
    assert values[empty] == 0 and alternatives[cell][0] == (solution[cell], 0.95)


def test_no_faint_given_is_taken_when_the_puzzle_stays_open_or_was_complete():
    values, solution, taken = open_puzzle()
    before = list(values)
    cell = taken[-1]
    wrong = conflicting(values, cell)
    assert take_faint(values, {}, [(cell, ((wrong, 0.99),))]) == []
    assert values == before
    values[cell] = solution[cell]  # the puzzle complete again: nothing faint is added to it
    empty = next(i for i in range(81) if values[i] == 0)
    assert take_faint(values, {}, [(empty, ((solution[empty], 0.99),))]) == []
    assert values[empty] == 0
