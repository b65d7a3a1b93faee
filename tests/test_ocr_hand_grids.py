"""A grid filled in by hand by people and with a phone nothing here was chosen on (Donshel/sudoku-database, MIT; see
tests/data/README.md): the benchmark that measures such grids (``benchmarks/ocr_hand_grids.py``) finds and reads
every digit of one, against the repository's own labels."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np

from sudokuprint.ocr.builtin_reader import BuiltinReader
from sudokuprint.ocr.grid_cells import grid_cells
from conftest import REPO, benchmark_module

PHOTO = Path(__file__).parent / "data" / "ocr_hand" / "donshel-sudoku_0003.jpg"
NINES = Path(__file__).parent / "data" / "ocr_hand" / "donshel-sudoku_0007.jpg"
BOWED = Path(__file__).parent / "data" / "ocr_hand" / "donshel-sudoku_0105.jpg"


def _labels(name: str = "sudoku_0003.jpg") -> str:
    """The photo's 81 digits (0 empty) as the corpus's list of handwritten grids records them."""
    with (REPO / "tools" / "ocr_corpus" / "hand_grids.csv").open(newline="") as stream:
        return next(row["digits"] for row in csv.DictReader(stream) if row["file"].endswith(name))


def test_every_handwritten_digit_of_a_grid_from_elsewhere_is_found_and_read():
    digits = _labels()
    assert len(digits) == 81 and digits.startswith("700300007309130090")  # the repository's sudoku_0003.dat
    tally = benchmark_module("ocr_hand_grids").score(PHOTO, digits, "builtin")
    written = sum(1 for d in digits if d != "0")
    assert (tally.found, tally.digits, tally.empties) == (1, written, 81 - written)
    assert tally.digits_found == tally.right == written and tally.invented == 0
    assert tally.failures == []


def test_the_second_opinion_reads_the_open_nines_the_other_models_took_for_fours():
    """On sudoku_0007 the print and handwriting models read the open-topped 9s of r1c8 and r2c8 as 4s; with the
    convolutional network's reading multiplied in (``BuiltinReader.second_opinion``) they are the labels' 9s."""
    digits = _labels("sudoku_0007.jpg")
    assert digits[7] == digits[16] == "9"  # r1c8, r2c8 in the repository's sudoku_0007.dat
    cells = grid_cells(NINES).upright()
    place = {cell.index: number for number, cell in enumerate(cells)}

    def read(reader: BuiltinReader) -> list[int]:
        probabilities = reader.read(cells).probabilities
        return [int(np.argmax(probabilities[place[index]][1:])) + 1 for index in (7, 16)]

    assert read(BuiltinReader(second_opinion=False)) == [4, 4]
    assert read(BuiltinReader()) == [9, 9]


def test_a_bowed_grid_whose_cells_differ_in_size_is_found_whole_not_one_box():
    """sudoku_0105: a bowed page, its shadow joined to the grid's lower right (so the ink's outline is not the grid's),
    a keyboard above it. The grid's cells differ in size by half; its larger cells, about three times a keyboard key,
    were taken for 3 x 3 boxes of key-sized cells, and one box was read as the grid (38 of the 50 digits not found).
    The grid is the 9 x 9 of those cells: every labelled digit is found, none invented, nearly all read right."""
    digits = _labels("sudoku_0105.jpg")
    assert digits.startswith("190000318580983520")  # the repository's sudoku_0105.dat
    tally = benchmark_module("ocr_hand_grids").score(BOWED, digits, "builtin")
    written = sum(1 for d in digits if d != "0")
    assert tally.found == 1 and tally.digits_found == written == 50 and tally.invented == 0
    assert tally.right >= 48
