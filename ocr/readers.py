"""The reader seam: what reads the digits of the cells, and a registry of readers by name.

A :class:`DigitReader` gets the cells that hold a digit (upright) and returns,
for each, ten class probabilities (class 0 = no upright digit) and the
probability that the digit was written by hand.  ``scan(reader=...)`` takes a
reader or a registered name; the CLI's ``--readers`` choices are
:func:`reader_names`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Protocol, Sequence

import numpy as np

from . import tesseract
from .classifier import DigitModel, read_digits
from .context import (LEAN_TO_HAND, ContextModel, context_features, default_context_model, ink_colour, looks,
                      strokes, twin_likeness)
from .handwriting import cell_measures, default_hand_model, features, split_hand

ASK_TESSERACT_BELOW = 0.9
"""The ``auto`` reader asks Tesseract about printed cells the model reads less surely than this."""


@dataclass(frozen=True)
class DigitCell:
    """One cell holding a digit, turned upright."""

    index: int
    """The cell, 0-80 row by row in the upright grid."""
    image: np.ndarray
    """The gray cell image (``CELL_PX`` square)."""
    digit: np.ndarray
    """The normalised 28 x 28 digit (ink bright, 0..1)."""
    box: tuple[int, int, int, int]
    """The digit's box (x, y, width, height) in ``image``."""
    contrast: float
    """The darkness of the grid's print (:func:`ocr.cells.ink_contrast`)."""
    color: np.ndarray | None = None
    """The cell cut from the colour photo (BGR, like ``image``), or ``None`` when there is none."""


@dataclass(frozen=True)
class Reading:
    """A reader's output for n cells."""

    probabilities: np.ndarray
    """n x 10: class 0 = no upright digit, 1-9 = that digit."""
    handwritten: np.ndarray
    """n: the probability that each digit was written by hand (0 when the reader cannot tell)."""
    printed: np.ndarray | None = None
    """n x 10: the probabilities if the digit is print (``None``: the same as ``probabilities``)."""


class DigitReader(Protocol):
    """Anything that reads digit cells."""

    name: str

    def read(self, cells: Sequence[DigitCell]) -> Reading:
        """Probabilities and handwriting for each cell."""
        ...


def _tesseract_probs(opinion: tuple[int, float] | None) -> np.ndarray:
    probs = np.full(10, 0.01)
    if opinion is not None:
        probs[opinion[0]] = max(opinion[1], 0.5)
    else:
        probs[0] = 0.5
    return probs / probs.sum()


def _sharpen(model_probs: np.ndarray, opinion: tuple[int, float] | None) -> np.ndarray:
    """The model's probabilities (10 classes) sharpened by Tesseract's reading, if any."""
    if opinion is None:
        return model_probs
    digit, confidence = opinion
    confidence = min(max(confidence, 0.05), 0.95)
    weights = np.full(10, (1 - confidence) / 9)
    weights[digit] = confidence
    combined = model_probs * weights
    return combined / combined.sum()


class BuiltinReader:
    """The shipped models: the font-trained digit model for print, the handwriting model for the rest.

    ``tesseract`` is ``never``, ``unsure`` (ask about printed digits read below
    :data:`ASK_TESSERACT_BELOW`, if Tesseract is installed), ``always`` (every
    printed digit; Tesseract required) or ``only`` (Tesseract reads print instead
    of the model).  ``handwriting=False`` takes every digit for print.  ``context``
    is the model that decides print or handwriting with the photo's other digits
    (:mod:`ocr.context`): ``True`` the shipped one, ``False`` none (each digit alone).  With a context model the
    reading's ``handwritten`` leans to handwriting by ``lean`` log odds (default :data:`ocr.context.LEAN_TO_HAND`;
    its digit probabilities do not lean).
    """

    def __init__(self, name: str = "builtin", *, model: DigitModel | None = None,
                 hand_model: DigitModel | None = None, handwriting: bool = True, tesseract: str = "never",
                 context: "ContextModel | bool" = True, lean: float = LEAN_TO_HAND) -> None:
        if tesseract not in ("never", "unsure", "always", "only"):
            raise ValueError("tesseract must be never, unsure, always or only")
        self.name = name
        self.model = model
        self.hand_model = hand_model
        self.handwriting = handwriting
        self.tesseract = tesseract
        self.context = context
        self.lean = lean

    def _printed(self, digits: list[np.ndarray], model_probs: np.ndarray) -> np.ndarray:
        if self.tesseract == "only":
            return np.array([_tesseract_probs(o) for o in tesseract.read_digits_tesseract(digits)]).reshape(-1, 10)
        probs = model_probs.copy()
        if self.tesseract == "never" or not digits:
            return probs
        if self.tesseract == "unsure":
            if not tesseract.available():
                return probs
            ask = [i for i, p in enumerate(probs) if p[1:].max() < ASK_TESSERACT_BELOW]
        else:
            tesseract.require_tesseract()
            ask = list(range(len(digits)))
        if ask:
            for i, opinion in zip(ask, tesseract.read_digits_tesseract([digits[i] for i in ask])):
                probs[i] = _sharpen(probs[i], opinion)
        return probs

    def read(self, cells: Sequence[DigitCell]) -> Reading:
        digits = [c.digit for c in cells]
        model_probs = read_digits(digits, self.model)
        printed = self._printed(digits, model_probs)
        if not self.handwriting or not cells:
            return Reading(printed, np.zeros(len(cells), np.float32))
        measures = np.stack([cell_measures(c.image, c.box, c.contrast) for c in cells])
        inputs = features(np.stack(digits), measures, model_probs)
        hand, _, written = split_hand((self.hand_model or default_hand_model()).probabilities(inputs))
        decided = hand
        if self.context is not False:
            context = default_context_model() if self.context is True else self.context
            pens = np.stack([strokes(c.image, c.box, c.contrast) for c in cells])
            inks = np.stack([ink_colour(c.image, c.box, c.contrast, c.color) for c in cells])
            look = looks(measures, [c.box for c in cells], cells[0].image.shape[0], model_probs, pens, inks)
            twins = twin_likeness([c.image for c in cells], [c.contrast for c in cells], [c.box for c in cells],
                                  model_probs.argmax(axis=1))
            rows = context_features(look, hand, twins)
            hand, decided = context.handwritten(rows), context.handwritten(rows, self.lean)
        # class 0 (not an upright digit) is the print model's call; the digit is the more likely writer's
        mixed = printed * (1 - hand)[:, None] + written * (1 - printed[:, :1]) * hand[:, None]
        mixed[:, 0] = printed[:, 0]
        mixed /= mixed.sum(axis=1, keepdims=True)
        return Reading(mixed, decided, printed)


_REGISTRY: dict[str, Callable[[], DigitReader]] = {}


def register_reader(name: str, factory: Callable[[], DigitReader]) -> None:
    """Make a reader available by name (to ``scan(reader=name)`` and the CLI's ``--readers``)."""
    _REGISTRY[name] = factory


def reader_names() -> tuple[str, ...]:
    """The registered readers' names, in registration order."""
    return tuple(_REGISTRY)


def get_reader(reader: "str | DigitReader") -> DigitReader:
    """A reader by name (``ValueError`` naming the choices if unknown), or the reader itself."""
    if not isinstance(reader, str):
        return reader
    try:
        return _REGISTRY[reader]()
    except KeyError:
        raise ValueError(f"unknown reader {reader!r}: choose one of {', '.join(_REGISTRY)}") from None


register_reader("builtin", lambda: BuiltinReader("builtin"))
register_reader("printed", lambda: BuiltinReader("printed", handwriting=False))
register_reader("tesseract", lambda: BuiltinReader("tesseract", tesseract="only"))
register_reader("combined", lambda: BuiltinReader("combined", tesseract="always"))
register_reader("auto", lambda: BuiltinReader("auto", tesseract="unsure"))


def _cnn_reader() -> DigitReader:
    from .cnn import CnnReader  # imported on use: ocr.cnn builds on this module

    return CnnReader("cnn")


register_reader("cnn", _cnn_reader)
