"""The shipped handwriting model is two joined (``ocr_training.build_model.averaged``): one network whose outputs
average the logits of both, read in a single pass by the reader's ordinary model."""

from __future__ import annotations

import numpy as np

from conftest import REPO

from ocr_training.build_model import averaged
from sudokuprint.ocr.classifier import DigitModel, read_digits
from sudokuprint.ocr.handwriting import cell_measures, default_hand_model, features
from sudokuprint.ocr.pipeline import grid_cells

PHOTO = REPO / "tests" / "data" / "shared" / "wicht" / "mixed_train" / "image1.jpg"  # print and handwriting


def _inputs() -> np.ndarray:
    """The handwriting model's inputs for the digit cells of a real photo, as the built-in reader makes them."""
    cells = grid_cells(PHOTO).upright()
    digits = [c.digit for c in cells]
    measures = np.stack([cell_measures(c.image, c.box, c.contrast) for c in cells])
    return features(np.stack(digits), measures, read_digits(digits))


def _logits(model: DigitModel, x: np.ndarray) -> np.ndarray:
    return np.maximum(x @ model.w1 + model.b1, 0.0) @ model.w2 + model.b2


def test_the_joined_network_gives_the_normalised_mean_of_its_members_log_probabilities():
    x = _inputs()
    first = default_hand_model()
    rng = np.random.default_rng(3)  # a second, different network: the first's hidden units wired to other outputs
    second = DigitModel(first.w1, first.b1, first.w2[:, rng.permutation(first.w2.shape[1])], first.b2[::-1].copy())
    joined = averaged([first, second])
    mean = (_logits(first, x) + _logits(second, x)) / 2
    expected = np.exp(mean - mean.max(axis=1, keepdims=True))
    expected /= expected.sum(axis=1, keepdims=True)
    assert joined.w1.shape[1] == first.w1.shape[1] + second.w1.shape[1]
    np.testing.assert_allclose(joined.probabilities(x), expected, rtol=1e-4, atol=1e-6)
    assert (joined.probabilities(x).argmax(axis=1) != first.probabilities(x).argmax(axis=1)).any()


def test_joining_a_model_with_itself_changes_no_reading(tmp_path):
    x = _inputs()
    model = default_hand_model()
    joined = averaged([model, model])
    joined.save(tmp_path / "joined.npz")  # as build_hand writes it (float16)
    np.testing.assert_allclose(DigitModel.load(tmp_path / "joined.npz").probabilities(x), model.probabilities(x),
                               atol=2e-3)
