"""The training pen (ocr.training.pen) writes every digit in its forms, apart from the photo suite's pen."""

from __future__ import annotations

import cv2
import numpy as np

from sudokuprint.ocr.cells import extract_digit, ink_contrast
from sudokuprint.ocr.training import photo_suite, render
from sudokuprint.ocr.training.pen import FORMS, draw_pen_digit


def test_every_form_of_every_digit_is_inked_inside_its_box_as_one_continuous_line():
    for digit in range(1, 10):
        for form in range(len(FORMS[digit])):
            canvas = np.zeros((100, 100), np.float32)
            draw_pen_digit(canvas, digit, (30, 15, 40, 70), np.random.default_rng(form), form)
            ys, xs = np.nonzero(canvas > 0.3)
            assert len(xs) > 150, (digit, form)
            assert xs.min() >= 30 - 12 and xs.max() <= 70 + 12 and ys.min() >= 15 - 10 and ys.max() <= 85 + 10
            # the strokes are unbroken: few separate pieces of ink (a dotted line would make dozens)
            pieces = cv2.connectedComponents((canvas > 0.3).astype(np.uint8))[0] - 1
            assert pieces <= len(FORMS[digit][form]), (digit, form, pieces)


def test_an_open_and_a_closed_four_differ():
    def four(form: int) -> np.ndarray:
        canvas = np.zeros((100, 100), np.float32)
        draw_pen_digit(canvas, 4, (30, 15, 40, 70), np.random.default_rng(5), form)
        return canvas > 0.3
    closed, open_ = four(0), four(1)
    # the open 4's top-left is ink where the closed 4's slanted stroke is not
    assert (closed ^ open_).sum() > 0.3 * min(closed.sum(), open_.sum())


def test_the_training_cells_are_not_drawn_with_the_photo_suites_pen(monkeypatch):
    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("the training renderer used the suite's pen")

    monkeypatch.setattr(photo_suite, "draw_hand_digit", forbidden)
    rng = np.random.default_rng(11)
    found = 0
    for digit in range(1, 10):
        for _ in range(4):
            cell = render.render_hand_cell(digit, rng)
            assert cell.shape == (40, 40) and cell.dtype == np.uint8
            found += extract_digit(cell, ink_contrast([cell]))[0] is not None
    assert found >= 0.7 * 36  # the camera's blur and pale ink hide a few, as on real photos
