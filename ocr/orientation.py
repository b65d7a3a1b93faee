"""Orientation: find the quarter turn in which the grid's digits read best.

A photo may show the grid sideways or upside down (or carry a wrong EXIF
tag).  Every given is read in each of the four quarter turns; the built-in
model's class 0 ("not an upright digit") makes wrong turns score low.
"""

from __future__ import annotations

import numpy as np

from .classifier import DigitModel, read_digits


def turn_digits(digits: list[np.ndarray], quarter_turns: int) -> list[np.ndarray]:
    """Each digit image turned counter-clockwise by ``quarter_turns``."""
    return [np.ascontiguousarray(np.rot90(d, quarter_turns)) for d in digits]


def turn_indices(quarter_turns: int) -> np.ndarray:
    """For each upright cell (row by row), the index of the photo's cell that lands there."""
    return np.rot90(np.arange(81).reshape(9, 9), quarter_turns).ravel()


def best_turn(digits: list[np.ndarray], model: DigitModel | None = None) -> tuple[int, list[float]]:
    """The quarter turn (0-3, counter-clockwise) that makes the digits most digit-like, and each turn's score.

    A turn's score is the mean log-probability of the best digit class per cell.
    """
    if not digits:
        return 0, [0.0] * 4
    scores = []
    for turns in range(4):
        probabilities = read_digits(turn_digits(digits, turns), model)
        scores.append(float(np.log(probabilities[:, 1:].max(axis=1) + 1e-6).mean()))
    return int(np.argmax(scores)), scores
