"""Ink colour: on a page printed in black, a blue pen's digits are never print."""

from __future__ import annotations

import json

import numpy as np

from conftest import REPO, data_file

from sudokuprint.ocr.builtin_reader import BuiltinReader
from sudokuprint.ocr.grid_cells import grid_cells
from sudokuprint.ocr.ink import coloured_ink, ink_groups
from sudokuprint.ocr.pipeline import scan
from sudokuprint.ocr.readers import get_reader

BLUE_PEN = REPO / "tests" / "data" / "ocr_ink" / "wicht-mixed-image1-blue-pen.jpg"


def _truth(path) -> list[int]:
    rows = path.read_text().split("\n")[2:11]
    return [int(value) for row in rows for value in row.split()]


def _flags(photo):
    found = grid_cells(photo)
    assert found.quarter_turns == 0
    cells = found.upright()
    reading = get_reader("builtin").read(cells)
    assert reading.printed is not None
    return cells, coloured_ink(cells, reading.handwritten, reading.printed.argmax(axis=1))


def test_every_blue_pen_digit_and_no_printed_given_is_in_coloured_ink():
    printed = _truth(data_file("wicht", "train", "image1.dat"))
    cells, flags = _flags(BLUE_PEN)
    pen = [bool(flag) for cell, flag in zip(cells, flags) if not printed[cell.index]]
    given = [bool(flag) for cell, flag in zip(cells, flags) if printed[cell.index]]
    assert len(pen) == 55 and all(pen)
    assert len(given) == 26 and not any(given)


def test_black_pen_and_print_under_a_tinted_light_give_no_coloured_ink():
    # image1: black print, black pen; image158: print photographed under a warm light (its ink more saturated
    # than the grey pen's): neither says anything by colour
    for name in ("image1.jpg", "image158.jpg"):
        _, flags = _flags(data_file("wicht", "mixed_train", name))
        assert not flags.any(), name


def test_print_digits_tinted_by_the_light_are_not_a_pen():
    # print-only photos (looked at: no pen) where some printed digits' ink is 0.2-0.4 more saturated than the
    # rest (a warm tint): each matches a grey print digit of the same reading pixel for pixel (a twin)
    for name in ("image196.jpg", "image200.jpg", "image70.jpg"):
        _, flags = _flags(data_file("wicht", "train", name))
        assert not flags.any(), name
    assert scan(data_file("wicht", "train", "image196.jpg")).entries == []


def test_a_reader_that_takes_the_blue_pen_for_print_still_gives_the_printed_puzzle():
    # the reader leaning hard to print (8 log odds) took 6 blue digits for givens before ink colour counted
    printed = _truth(data_file("wicht", "train", "image1.dat"))
    every = _truth(data_file("wicht", "mixed_train", "image1.dat"))
    result = scan(BLUE_PEN, reader=BuiltinReader("leaning-to-print", lean=-8.0))
    assert list(result.grid.values) == printed
    assert {entry.cell: entry.digit for entry in result.entries} == {
        cell: digit for cell, digit in enumerate(every) if not printed[cell]}


def test_ink_groups_split_pale_from_saturated():
    saturation = np.array([0.02, 0.4, 0.03, 0.01, 0.45, 0.05])
    assert ink_groups(saturation).tolist() == [False, True, False, False, True, False]
    assert ink_groups(np.array([0.3])) is None


def test_thin_givens_in_a_tinted_box_beside_a_blue_pen_are_print():
    # styled-held-out-032 (draw 1 of the suite): two grids on a book page, the upper fully solved in blue ballpoint,
    # boxes shaded with a warm tint; six of its givens, League Spartan Light's thin strokes on the tint, measured as
    # coloured (warm, -0.06 to -0.08 blue - red, beside the pen's +0.07 to +0.18) and were taken for the pen's
    photo = REPO / "tests" / "data" / "ocr-styled" / "styled-held-out-032.jpg"
    truth = json.loads(photo.with_suffix(".json").read_text())
    assert (truth["pen"], truth["style_group"], len(truth["cells"])) == ("blue-ballpoint", "shaded-boxes", 2)
    givens = [[int(t[1]) if t[0] == "g" else 0 for t in cells] for cells in truth["cells"]]
    results = scan(photo, all=True)
    assert sorted(list(r.grid.values) for r in results) == sorted(givens)
    solved = next(r for r in results if list(r.grid.values) == givens[0])
    assert not any(cell.pen_ink for cell in solved.cells if givens[0][cell.index])
    assert sum(cell.pen_ink for cell in solved.cells) >= 20  # the pen is still the pen
