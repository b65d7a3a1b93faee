"""The model's notation (docs/formats.md §1): one parser and one printer, in the grid layer."""

from __future__ import annotations

import pytest

from sudokuprint import Grid, ParseError
from sudokuprint.notation import line_values, parse_values, puzzle_string

# docs/formats.md §1: the same 9x9 puzzle written with '.' and with '0' for an empty cell
DOTS = "67..4..524....1....53.87.91....12.85.2...46..7.5...21..47.3.52.5.62.8.499.....378"
ZEROS = "670040052400001000053087091000012085020004600705000210047030520506208049900000378"


def test_the_two_spellings_and_the_grid_form_are_one_puzzle() -> None:
    nine_lines = "\n".join(DOTS[r * 9 : r * 9 + 9] for r in range(9))
    grids = [Grid.from_string(text) for text in (DOTS, ZEROS, nine_lines, " ".join(DOTS))]
    assert all(grid == grids[0] for grid in grids)
    assert grids[0].to_string() == DOTS and grids[0].to_string(empty="0") == ZEROS
    assert grids[0].clue_count == 39 == 81 - DOTS.count(".")


def test_a_wrong_symbol_is_named_by_line_and_column() -> None:
    rows = [DOTS[r * 9 : r * 9 + 9] for r in range(9)]
    rows[3] = rows[3][:5] + "x" + rows[3][6:]
    with pytest.raises(ParseError) as caught:
        Grid.from_string("\n".join(rows))
    assert str(caught.value) == (
        "standard puzzle string: line 4, column 6: 'x' is not a digit of a 9x9 grid (found 'x'); "
        "expected a digit 1-9 or '.' or '0' for an empty cell"
    )
    with pytest.raises(ParseError, match=r"line 1, column 1: 80 cells is not a square grid size"):
        Grid.from_string(DOTS[:80])
    with pytest.raises(ParseError, match=r"column 1: 'A' is not a digit of a 9x9 grid"):
        Grid.from_string("A" + DOTS[1:])


def test_the_fast_path_and_the_located_parser_agree() -> None:
    sixteen = "1234" + "." * 12
    letters = "abcdefg123456789" * 16  # a 16x16 in lower-case letters
    for text in (DOTS, ZEROS, sixteen, letters):
        shape, values = line_values(text)
        assert (shape, list(values)) == parse_values(text)
    assert line_values(DOTS, empty="0") is None  # '.' is no cell's symbol where only '0' is empty
    assert line_values(DOTS[:40] + " " + DOTS[41:]) is None  # a blank: read it symbol by symbol


def test_the_printer_writes_rows_and_whole_grids() -> None:
    grid = Grid.from_string(ZEROS)
    assert puzzle_string(grid.values) == DOTS
    assert [puzzle_string(row, empty="0") for row in grid.rows()][0] == ZEROS[:9]
    assert puzzle_string([10, 16, 0, 1]) == "AG.1"
