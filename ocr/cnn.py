"""The convolutional reader: one small CNN reads the digit and tells print from handwriting.

Its input per cell is two 28 x 28 planes (:func:`cnn_inputs`): the normalised
digit the scanner cuts out, and the cell's ink darkness relative to the grid's
print (how dark, sharp and where the strokes sit on the paper: what tells a
given from a digit written in).  Its output has 19 classes: 0 = no digit
(noise), 1-9 = printed digit, 10-18 = handwritten digit 1-9.

The network (``models/cnn.onnx``, built by ``python -m ocr_training.build_cnn``
with PyTorch, a training-time tool only) runs through OpenCV's ``cv2.dnn``, so
reading needs no new dependency.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from pathlib import Path
from typing import Sequence

import cv2
import numpy as np


from .cells import BORDER, DIGIT_PX, ink_darkness
from .classifier import load_shipped
from .readers import DigitCell, Reading

CNN_MODEL_FILE = "cnn.onnx"
CNN_CLASSES = 19
"""0 = no digit, 1-9 printed digit, 10-18 handwritten digit 1-9."""
PLANES = 2


def cnn_input(cell: np.ndarray, digit: np.ndarray, contrast: float) -> np.ndarray:
    """The network's 2 x 28 x 28 input for one cell: the normalised digit, and the inner cell's ink darkness
    relative to the grid's print (0..1, where 0.5 is as dark as the print)."""
    size = cell.shape[0]
    edge = int(round(BORDER * size))
    darkness = ink_darkness(cell)[edge:size - edge, edge:size - edge] / max(contrast, 1.0)
    plane = cv2.resize(np.clip(darkness, 0, 2) / 2, (DIGIT_PX, DIGIT_PX), interpolation=cv2.INTER_AREA)
    return np.stack([digit.astype(np.float32), plane.astype(np.float32)])


def cnn_inputs(cells: Sequence[DigitCell]) -> np.ndarray:
    """The inputs of several cells (n x 2 x 28 x 28)."""
    if not cells:
        return np.zeros((0, PLANES, DIGIT_PX, DIGIT_PX), np.float32)
    return np.stack([cnn_input(c.image, c.digit, c.contrast) for c in cells])


def split_classes(probabilities: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """From the 19-class output: 10-class probabilities (the digit whoever wrote it; 0 = no digit),
    P(handwritten) and the 10-class probabilities if the digit is print."""
    n = len(probabilities)
    digits = np.zeros((n, 10), np.float32)
    digits[:, 0] = probabilities[:, 0]
    digits[:, 1:] = probabilities[:, 1:10] + probabilities[:, 10:19]
    written = probabilities[:, 10:19].sum(axis=1)
    hand = written / np.maximum(1 - probabilities[:, 0], 1e-9)
    printed = np.zeros((n, 10), np.float32)
    printed[:, 0] = probabilities[:, 0]
    printed[:, 1:] = probabilities[:, 1:10] * (1 - probabilities[:, 0:1]) / np.maximum(
        probabilities[:, 1:10].sum(axis=1, keepdims=True), 1e-9)
    return digits, np.clip(hand, 0.0, 1.0), printed


def _softmax(logits: np.ndarray) -> np.ndarray:
    logits = logits - logits.max(axis=1, keepdims=True)
    exp = np.exp(logits)
    return exp / exp.sum(axis=1, keepdims=True)


class CnnModel:
    """The ONNX network run by ``cv2.dnn`` (one net per thread: a ``cv2.dnn.Net`` is not thread-safe)."""

    def __init__(self, path: "str | Path") -> None:
        self.path = Path(path)
        self._data = self.path.read_bytes()
        self._local = threading.local()

    def _net(self) -> "cv2.dnn.Net":
        net = getattr(self._local, "net", None)
        if net is None:
            net = cv2.dnn.readNetFromONNX(np.frombuffer(self._data, np.uint8))
            self._local.net = net
        return net

    def probabilities(self, inputs: np.ndarray) -> np.ndarray:
        """19-class probabilities (n x 19) for n x 2 x 28 x 28 inputs."""
        if len(inputs) == 0:
            return np.zeros((0, CNN_CLASSES), np.float32)
        net = self._net()
        net.setInput(np.ascontiguousarray(inputs, np.float32))
        return _softmax(np.asarray(net.forward(), np.float32).reshape(len(inputs), CNN_CLASSES))


@lru_cache(maxsize=1)
def default_cnn_model() -> CnnModel:
    """The shipped network (loaded once)."""
    return load_shipped(CNN_MODEL_FILE, "CNN model", "build_cnn", CnnModel)


class CnnReader:
    """The :class:`~ocr.readers.DigitReader` of the CNN: digit, print or handwriting, in one pass."""

    def __init__(self, name: str = "cnn", *, model: CnnModel | None = None) -> None:
        self.name = name
        self.model = model

    def read(self, cells: Sequence[DigitCell]) -> Reading:
        probabilities = (self.model or default_cnn_model()).probabilities(cnn_inputs(cells))
        digits, hand, printed = split_classes(probabilities)
        return Reading(digits, hand.astype(np.float32), printed)
