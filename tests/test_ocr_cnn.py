"""The CNN reader: its network runs through cv2.dnn, reads print and handwriting, and tells them apart."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from conftest import REPO, data_file, wicht_digits

from sudokuprint.ocr.cnn import CNN_CLASSES, CNN_MODEL_FILE, CnnReader, cnn_inputs, default_cnn_model, split_classes
from sudokuprint.ocr.pipeline import grid_cells, scan
from sudokuprint.ocr.readers import get_reader, reader_names

SAMPLE = REPO / "samples" / "newspaper-photo.jpg"
HALF_SOLVED = REPO / "samples" / "half-solved-photo.jpg"
MODEL = REPO / "ocr" / "models" / CNN_MODEL_FILE


def test_cv2_dnn_loads_the_shipped_network_and_it_is_small():
    net = cv2.dnn.readNetFromONNX(str(MODEL))
    cells = grid_cells(SAMPLE).upright()
    net.setInput(cnn_inputs(cells))
    logits = net.forward()
    assert logits.shape == (len(cells), CNN_CLASSES)
    assert MODEL.stat().st_size < 1024 * 1024
    probabilities = default_cnn_model().probabilities(cnn_inputs(cells))
    assert np.allclose(probabilities.sum(axis=1), 1, atol=1e-5)
    assert (probabilities.argmax(axis=1) == logits.argmax(axis=1)).all()


def test_the_registry_offers_the_cnn_reader():
    assert "cnn" in reader_names()
    assert isinstance(get_reader("cnn"), CnnReader)


def test_nineteen_classes_fold_into_ten_digits_and_a_handwriting_probability():
    probabilities = np.zeros((3, CNN_CLASSES), np.float32)
    probabilities[0, 4] = 1.0  # a printed 4
    probabilities[1, 9 + 7] = 1.0  # a handwritten 7
    probabilities[2, [0, 3, 9 + 3]] = (0.5, 0.1, 0.4)  # likely noise, else a 3 more likely written
    digits, hand, printed = split_classes(probabilities)
    assert digits.argmax(axis=1).tolist() == [4, 7, 0]
    assert hand.tolist() == pytest.approx([0.0, 1.0, 0.8])
    assert printed[2].tolist() == pytest.approx([0.5, 0, 0, 0.5, 0, 0, 0, 0, 0, 0])
    assert np.allclose(digits.sum(axis=1), 1)


def test_the_cnn_reads_the_newspaper_photo_givens():
    result = scan(SAMPLE, reader="cnn")
    assert list(result.read) == wicht_digits(SAMPLE.with_suffix(".dat"))
    assert result.entries == [] and result.reader == "cnn"


def test_the_cnn_tells_the_handwriting_of_a_half_solved_photo_from_the_print():
    printed = wicht_digits(SAMPLE.with_suffix(".dat"))
    every = wicht_digits(HALF_SOLVED.with_suffix(".dat"))
    result = scan(HALF_SOLVED, reader="cnn")
    hand = {i: v for i, v in enumerate(every) if not printed[i]}
    assert all(result.grid.values[i] == v for i, v in enumerate(printed) if v)  # every given, none taken as handwriting
    assert sum(1 for i in hand if result.grid.values[i]) <= 1  # at most one handwritten digit taken as a given
    written = {e.cell: e.digit for e in result.entries}
    assert set(written) <= set(hand)
    assert sum(written.get(i) == v for i, v in hand.items()) >= 0.95 * len(hand)


@pytest.mark.parametrize("name", ["image1004"])
def test_the_cnn_reads_wicht_mixed_photos(name):
    every = wicht_digits(data_file("wicht", "mixed_train", f"{name}.dat"))
    printed = wicht_digits(data_file("wicht", "train", f"{name}.dat"))
    result = scan(data_file("wicht", "mixed_train", f"{name}.jpg"), reader="cnn")
    assert list(result.grid.values) == printed
    written = {e.cell: e.digit for e in result.entries}
    assert written == {i: v for i, v in enumerate(every) if not printed[i]}
