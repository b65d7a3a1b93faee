"""The cell stage judges a given's ink against the print, not against a solver's darker pen (Wicht, CC-BY-4.0)."""

from __future__ import annotations

import pytest

from conftest import data_file, wicht_digits

from sudokuprint.ocr.cells import ink_darkness, print_contrast
from sudokuprint.ocr.pipeline import grid_cells


# pale newspaper print filled in with a pen two to three times darker: judged against the darkest ink (the pen),
# 11, 19 and 12 of these givens were too faint to be digits
@pytest.mark.parametrize("name", ["image84", "image158", "image171"])
def test_every_pale_given_under_dark_pen_is_found(name):
    printed = wicht_digits(data_file("wicht", "train", f"{name}.dat"))
    every = wicht_digits(data_file("wicht", "mixed_train", f"{name}.dat"))
    found = grid_cells(data_file("wicht", "mixed_train", f"{name}.jpg"))
    holding = {cell.index for cell in found.upright()}
    assert {i for i in range(81) if printed[i]} <= holding
    assert holding == {i for i in range(81) if every[i]}
    images = [r.image for r in found.readings]
    assert print_contrast(images, [ink_darkness(i) for i in images]) < 0.6 * found.contrast


# plain print; in image143 and image1045 a few empty cells hold specks at a quarter of the print's darkness, which must
# not pass for a pale print beside a dark one
@pytest.mark.parametrize("name", ["image84", "image143", "image1045"])
def test_a_plain_photo_has_no_pen_and_no_extra_digit(name):
    printed = wicht_digits(data_file("wicht", "train", f"{name}.dat"))
    found = grid_cells(data_file("wicht", "train", f"{name}.jpg"))
    images = [r.image for r in found.readings]
    assert print_contrast(images, [ink_darkness(i) for i in images]) == found.contrast
    assert {cell.index for cell in found.upright()} == {i for i in range(81) if printed[i]}
