"""Printed or handwritten with the photo's context: each digit compared with the photo's other digits."""

from __future__ import annotations

import numpy as np

from conftest import data_file, wicht_digits

from sudokuprint.ocr.classifier import read_digits
from sudokuprint.ocr.context import (FEATURES, LOOKS, ContextModel, context_features, fit_context, ink_colour, looks,
                                     strokes, twin_likeness)
from sudokuprint.ocr.handwriting import cell_measures
from sudokuprint.ocr.pipeline import grid_cells
from sudokuprint.ocr.builtin_reader import BuiltinReader

K = len(LOOKS)


def _photo(folder: str, name: str):
    cells = grid_cells(data_file("wicht", folder, f"{name}.jpg")).upright()
    measures = np.stack([cell_measures(c.image, c.box, c.contrast) for c in cells])
    pens = np.stack([strokes(c.image, c.box, c.contrast) for c in cells])
    inks = np.stack([ink_colour(c.image, c.box, c.contrast, c.color) for c in cells])
    look = looks(measures, [c.box for c in cells], cells[0].image.shape[0], read_digits([c.digit for c in cells]), pens,
                 inks)
    return cells, look


def _twins(cells) -> np.ndarray:
    readings = read_digits([c.digit for c in cells]).argmax(axis=1)
    return twin_likeness([c.image for c in cells], [c.contrast for c in cells], [c.box for c in cells], readings)


def test_a_printed_given_looks_like_the_photos_other_print_and_handwriting_like_the_other_handwriting():
    name = "image1004"
    every, printed = wicht_digits(data_file("wicht", "mixed_train", f"{name}.dat")), wicht_digits(data_file("wicht", "train", f"{name}.dat"))
    cells, look = _photo("mixed_train", name)
    assert look.shape == (len(cells), K)
    is_print = np.array([printed[c.index] != 0 for c in cells])
    is_hand = np.array([every[c.index] != 0 and not printed[c.index] for c in cells])
    assert is_print.sum() >= 17 and is_hand.sum() >= 17
    # a reader that knows the truth: the distances then show how each digit sits among the others
    rows = context_features(look, np.where(is_hand, 0.95, 0.05), _twins(cells))
    assert rows.shape == (len(cells), FEATURES)
    from_print, from_hand = rows[:, 2 : 2 + K].sum(axis=1), rows[:, 2 + K : 2 + 2 * K].sum(axis=1)
    assert (rows[:, 1] == 1).all()  # there is a handwriting cluster to compare with
    assert np.median(from_print[is_print]) < np.median(from_print[is_hand])
    assert np.median(from_hand[is_hand]) < np.median(from_hand[is_print])
    assert np.mean((from_print < from_hand)[is_print]) > 0.8
    assert np.mean((from_hand < from_print)[is_hand]) > 0.8


def test_a_photo_without_handwriting_has_no_cluster_to_compare_with():
    cells, look = _photo("train", "image105")
    rows = context_features(look, np.full(len(cells), 0.02), _twins(cells))
    assert (rows[:, 1] == 0).all() and (rows[:, 2 + K : 2 + 2 * K] == 0).all()
    assert (rows[:, 2 + 3 * K : 2 + 4 * K] == 0).all()  # nor by median
    assert rows[:, 2 : 2 + K].max() > 0 and rows[:, 2 + 2 * K : 2 + 3 * K].max() > 0  # still measured against the print
    assert context_features(look[:0], np.zeros(0), np.zeros((0, 2))).shape == (0, FEATURES)


def test_stroke_width_is_measured_on_the_digits_pen():
    cells, look = _photo("mixed_train", "image1004")
    pens = np.stack([strokes(c.image, c.box, c.contrast) for c in cells])
    assert pens.shape == (len(cells), 2)
    # a stroke is a few pixels wide, under a quarter of the cell, never nothing for a digit
    assert (pens[:, 0] > 0.01).all() and (pens[:, 0] < 0.25).all()
    assert np.allclose(look[:, LOOKS.index("stroke-width")], pens[:, 0])


def test_stroke_width_grows_with_the_pen_and_its_spread_with_the_pressure():
    import cv2

    def cell(widths: list[int]) -> np.ndarray:
        image = np.full((40, 40), 220, np.uint8)
        for k, width in enumerate(widths):  # a vertical stroke in pieces of the given widths
            cv2.line(image, (20, 8 + 8 * k), (20, 15 + 8 * k), 40, width)
        return image

    box = (12, 6, 16, 30)
    thin, thick, varied = (strokes(cell(w), box, 180.0) for w in ([2] * 3, [5] * 3, [1, 3, 6]))
    assert 1.8 < thick[0] / thin[0] < 3.5
    assert varied[1] > 2 * max(thin[1], thick[1], 0.05)


def test_the_logistic_model_learns_a_rule_and_survives_a_round_trip(tmp_path):
    rng = np.random.default_rng(3)
    x = rng.normal(size=(600, FEATURES)).astype(np.float32)
    y = (x[:, 0] + 2 * x[:, 3] - x[:, 5] > 0).astype(float)
    model = fit_context(x, y)
    assert np.mean((model.handwritten(x) >= 0.5) == (y == 1)) > 0.95
    model.save(tmp_path / "context.npz", photos="test")
    again = ContextModel.load(tmp_path / "context.npz")
    assert np.allclose(again.handwritten(x), model.handwritten(x), atol=1e-6)
    assert model.handwritten(x[:0]).shape == (0,)


def test_the_shipped_reader_with_context_keeps_a_printed_photo_print_and_tells_a_mixed_photo_apart():
    for name in ("image105", "image1082"):
        cells, _ = _photo("train", name)
        assert (BuiltinReader().read(cells).handwritten < 0.5).all(), name
    name = "image10"
    every, printed = wicht_digits(data_file("wicht", "mixed_train", f"{name}.dat")), wicht_digits(data_file("wicht", "train", f"{name}.dat"))
    cells, _ = _photo("mixed_train", name)
    said = BuiltinReader().read(cells).handwritten >= 0.5
    truth = np.array([every[c.index] != 0 and not printed[c.index] for c in cells])
    labelled = np.array([every[c.index] != 0 for c in cells])
    assert np.mean(said[labelled] == truth[labelled]) >= 0.98


def test_a_blue_pen_is_told_from_black_print_by_its_ink_colour():
    # image106: the entries are in a coloured pen; the context model without the ink's colour took some for print
    name = "image106"
    every, printed = wicht_digits(data_file("wicht", "mixed_train", f"{name}.dat")), wicht_digits(data_file("wicht", "train", f"{name}.dat"))
    cells, look = _photo("mixed_train", name)
    assert all(c.color is not None and c.color.shape == c.image.shape + (3,) for c in cells)
    is_hand = np.array([every[c.index] != 0 and not printed[c.index] for c in cells])
    is_print = np.array([printed[c.index] != 0 for c in cells])
    saturation = look[:, LOOKS.index("ink-colour")]
    assert np.median(saturation[is_hand]) > np.median(saturation[is_print]) + 0.2
    assert np.mean(saturation[is_hand] > np.percentile(saturation[is_print], 90)) > 0.8
    said = BuiltinReader().read(cells).handwritten >= 0.5
    labelled = is_hand | is_print
    assert (said[labelled] == is_hand[labelled]).all()
    # without a colour cell the ink's colour is not measured (zeros), never guessed
    c = cells[0]
    assert (ink_colour(c.image, c.box, c.contrast, None) == 0).all()


def test_printed_digits_have_twins_that_handwriting_lacks():
    name = "image1004"
    every, printed = wicht_digits(data_file("wicht", "mixed_train", f"{name}.dat")), wicht_digits(data_file("wicht", "train", f"{name}.dat"))
    cells, _ = _photo("mixed_train", name)
    twins = _twins(cells)
    has = twins[:, 1] == 1
    correlation = 1 - np.exp(-twins[:, 0])
    is_print = np.array([printed[c.index] != 0 for c in cells]) & has
    is_hand = np.array([every[c.index] != 0 and not printed[c.index] for c in cells]) & has
    assert is_print.sum() >= 15 and is_hand.sum() >= 15
    assert np.median(correlation[is_print]) > 0.95  # one face's prints of a digit match almost pixel for pixel
    assert np.mean(correlation[is_hand] < correlation[is_print].min()) > 0.9
    assert (twins[~has] == 0).all()


def test_a_twin_is_the_same_glyph_shifted_and_a_digit_alone_has_none():
    import cv2

    def cell(text: str, dx: int) -> np.ndarray:
        image = np.full((40, 40), 225, np.uint8)
        cv2.putText(image, text, (11 + dx, 31), cv2.FONT_HERSHEY_SIMPLEX, 1.0, 30, 3)
        return image

    images = [cell("4", 0), cell("4", 2), cell("4", 0), cell("7", 0)]
    readings = np.array([4, 4, 1, 7])
    twins = twin_likeness(images, [190.0] * 4, [(11, 9, 18, 22), (13, 9, 18, 22), (11, 9, 18, 22), (11, 9, 18, 22)], readings)
    assert twins[0, 0] > 4.0 and twins[1, 0] > 4.0  # the same glyph two pixels off: a correlation above 0.98
    assert (twins[2:] == 0).all()  # a digit read differently, or alone, has no twin


def test_the_median_keeps_handwriting_far_from_print_when_the_reader_takes_some_for_print():
    name = "image1004"
    every, printed = wicht_digits(data_file("wicht", "mixed_train", f"{name}.dat")), wicht_digits(data_file("wicht", "train", f"{name}.dat"))
    cells, look = _photo("mixed_train", name)
    is_print = np.array([printed[c.index] != 0 for c in cells])
    is_hand = np.array([every[c.index] != 0 and not printed[c.index] for c in cells])
    wrong = np.where(is_hand)[0][:5]
    reader = np.where(is_hand, 0.95, 0.05)
    reader[wrong] = 0.05  # five handwritten digits the reader is sure are print
    rows = context_features(look, reader, _twins(cells))
    by_mean, by_median = rows[:, 2 : 2 + K].sum(axis=1), rows[:, 2 + 2 * K : 2 + 3 * K].sum(axis=1)
    assert (by_median[wrong] > by_mean[wrong]).all()
    assert np.median(by_median[wrong]) > 5 * np.median(by_median[is_print])


def test_the_lean_to_handwriting_multiplies_the_odds():
    rng = np.random.default_rng(5)
    x = rng.normal(size=(400, FEATURES)).astype(np.float32)
    model = fit_context(x, (x[:, 0] - x[:, 4] > 0).astype(float))
    plain, leaning = model.handwritten(x), model.handwritten(x, 1.2)
    odds = lambda p: p.astype(np.float64) / (1 - p.astype(np.float64))  # noqa: E731
    middle = (plain > 0.01) & (plain < 0.99)
    assert middle.sum() > 20
    assert np.allclose(odds(leaning[middle]) / odds(plain[middle]), np.exp(1.2), rtol=1e-3)
    assert (leaning >= plain).all()


def test_the_reader_leans_its_decision_to_handwriting_and_not_its_digits():
    from sudokuprint.ocr import context

    cells, _ = _photo("mixed_train", "image10")
    leaning = BuiltinReader().read(cells)
    plain = BuiltinReader(lean=0.0).read(cells)
    assert np.allclose(leaning.probabilities, plain.probabilities)  # the digits read are the same
    odds = lambda p: p.astype(np.float64) / (1 - p.astype(np.float64))  # noqa: E731
    middle = (plain.handwritten > 0.01) & (plain.handwritten < 0.99)
    assert middle.any()
    ratio = odds(leaning.handwritten[middle]) / odds(plain.handwritten[middle])
    assert context.LEAN_TO_HAND > 0 and np.allclose(ratio, np.exp(context.LEAN_TO_HAND), rtol=1e-2)
