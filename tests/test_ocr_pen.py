"""The training pen (ocr_training.pen) writes every digit, apart from the photo suite's pen."""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw

from sudokuprint.ocr.cells import extract_digit, ink_contrast
from ocr_training import render, suite_pens
from ocr_training.pen import STROKES, draw_pen_digit


def test_every_digit_is_inked_inside_its_box():
    for digit in range(1, 10):
        canvas = Image.new("L", (100, 100), 0)
        draw_pen_digit(ImageDraw.Draw(canvas), digit, (30, 15, 40, 70), np.random.default_rng(digit), 255)
        ys, xs = np.nonzero(np.asarray(canvas) > 80)
        assert len(xs) > 150, digit
        assert xs.min() >= 30 - 15 and xs.max() <= 70 + 15 and ys.min() >= 15 - 10 and ys.max() <= 85 + 10


def test_the_suites_pen_writes_forms_the_training_pen_has_not():
    """The suite's figures measure hand forms the model never learned: open 4s, plain 1s, barred 7s."""
    for digit in (1, 4, 7):
        assert len(suite_pens.STROKES[digit]) > len(STROKES[digit]) == 1
        assert any(form != STROKES[digit] for form in suite_pens.STROKES[digit])


def test_the_training_cells_are_not_drawn_with_the_photo_suites_pen(monkeypatch):
    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("the training renderer used the suite's pen")

    monkeypatch.setattr(suite_pens, "draw_hand_digit", forbidden)
    rng = np.random.default_rng(11)
    found = 0
    for digit in range(1, 10):
        for _ in range(4):
            cell = render.render_hand_cell(digit, rng)
            assert cell.shape == (40, 40) and cell.dtype == np.uint8
            found += extract_digit(cell, ink_contrast([cell]))[0] is not None
    assert found >= 0.7 * 36  # the camera's blur and pale ink hide a few, as on real photos
