"""The built-in digit reader: a small neural network (numpy only) on 28 x 28 digit images.

The model file ``models/digits.npz`` is built by ``python -m ocr_training.build_model``
from digits rendered in many fonts; nothing is fetched at run time.  Class 0
means "not an upright digit" (e.g. a digit seen sideways); it is what lets the
orientation stage tell a rotated grid from an upright one.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Callable, TypeVar

import numpy as np

from sudokuprint.errors import MissingDependencyError

T = TypeVar("T")

MODEL_FILE = "digits.npz"
CLASSES = 10
"""0 = not an upright digit, 1..9 = that digit."""


@dataclass(frozen=True)
class DigitModel:
    """A two-layer perceptron: 784 inputs, one hidden ReLU layer, 10 softmax outputs."""

    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray

    def probabilities(self, digits: np.ndarray) -> np.ndarray:
        """Class probabilities (n x 10) for digit images (n x 28 x 28, ink bright 0..1)."""
        x = digits.reshape(len(digits), -1).astype(np.float32)
        hidden = np.maximum(x @ self.w1 + self.b1, 0.0)
        logits = hidden @ self.w2 + self.b2
        logits -= logits.max(axis=1, keepdims=True)
        exp = np.exp(logits)
        return exp / exp.sum(axis=1, keepdims=True)

    def save(self, path, **metadata) -> None:
        """Write the weights (float16, to keep the file small) and metadata strings."""
        arrays: dict[str, Any] = {name: getattr(self, name).astype(np.float16) for name in ("w1", "b1", "w2", "b2")}
        arrays.update({k: np.array(v) for k, v in metadata.items()})
        np.savez_compressed(path, **arrays)

    @classmethod
    def load(cls, path) -> "DigitModel":
        with np.load(path) as data:
            return cls(*(data[name].astype(np.float32) for name in ("w1", "b1", "w2", "b2")))


def load_shipped(file_name: str, what: str, builder: str, load: Callable[[Path], T]) -> T:
    """``load`` a model file shipped in the package's ``models/`` folder; a missing one is a
    :class:`MissingDependencyError` naming the ``builder`` module that remakes it."""
    resource = resources.files("sudokuprint.ocr") / "models" / file_name
    if not resource.is_file():
        raise MissingDependencyError(f"the {what} {file_name} is missing from the ocr package; rebuild it with "
                                     f"'python -m ocr_training.{builder}'")
    with resources.as_file(resource) as path:
        return load(path)


@lru_cache(maxsize=1)
def default_model() -> DigitModel:
    """The shipped model (loaded once)."""
    return load_shipped(MODEL_FILE, "digit model", "build_model", DigitModel.load)


def read_digits(digits: list[np.ndarray], model: DigitModel | None = None) -> np.ndarray:
    """Class probabilities (n x 10) for a list of 28 x 28 digit images."""
    if not digits:
        return np.zeros((0, CLASSES), np.float32)
    return (model or default_model()).probabilities(np.stack(digits))
