"""The shipped readers: the font-trained digit model for print, the handwriting and context models for the rest,
and Tesseract as a second opinion.

Registered through the ``sudokuprint.readers`` entry points (``pyproject.toml``) as
:func:`builtin`, :func:`printed`, :func:`tesseract_only` (``tesseract``),
:func:`combined` and :func:`auto`.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from . import tesseract
from .classifier import DigitModel, read_digits
from .cnn import CnnModel, cnn_inputs, default_cnn_model, split_classes
from .context import (LEAN_TO_HAND, ContextModel, context_features, default_context_model, ink_colour, looks,
                      strokes, twin_likeness)
from .handwriting import cell_measures, default_hand_model, features, split_hand
from .readers import DigitCell, Reading

SECOND_OPINION_WEIGHT = 0.25
"""The second opinion's probabilities count to this power (a geometric weight): 0.25 was the best of 0, 0.25, 0.5
and 1 on 80 donshel photos not kept in the repo."""

ASK_TESSERACT_BELOW = 0.9
"""The ``auto`` reader asks Tesseract about printed cells the model reads less surely than this."""


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
    its digit probabilities do not lean).  ``second_opinion`` is the network whose digit reading (print or
    handwriting alike, :mod:`ocr.cnn`) multiplies into the digit probabilities of every cell: ``True`` the shipped
    one, ``False`` none.  With it, handwriting from a source no model here learned from reads better than with the
    models above alone (``benchmarks/RESULTS.md``).  The ``tesseract`` reader goes without it: Tesseract alone
    reads the print there.
    """

    def __init__(self, name: str = "builtin", *, model: DigitModel | None = None,
                 hand_model: DigitModel | None = None, handwriting: bool = True, tesseract: str = "never",
                 context: "ContextModel | bool" = True, lean: float = LEAN_TO_HAND,
                 second_opinion: "CnnModel | bool" = True) -> None:
        if tesseract not in ("never", "unsure", "always", "only"):
            raise ValueError("tesseract must be never, unsure, always or only")
        self.name = name
        self.model = model
        self.hand_model = hand_model
        self.handwriting = handwriting
        self.tesseract = tesseract
        self.context = context
        self.lean = lean
        self.second_opinion = second_opinion

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
        if self.second_opinion is not False:
            mixed = self._with_second_opinion(mixed, cells)
        return Reading(mixed, decided, printed)

    def _with_second_opinion(self, probabilities: np.ndarray, cells: Sequence[DigitCell]) -> np.ndarray:
        """The digit probabilities (classes 1-9) times the second opinion's, renormalised to what class 0 leaves."""
        network = self.second_opinion if isinstance(self.second_opinion, CnnModel) else default_cnn_model()
        opinion, _, _ = split_classes(network.probabilities(cnn_inputs(cells)))
        digits = probabilities[:, 1:] * np.maximum(opinion[:, 1:], 1e-9) ** SECOND_OPINION_WEIGHT
        digits /= np.maximum(digits.sum(axis=1, keepdims=True), 1e-12)
        combined = probabilities.copy()
        combined[:, 1:] = digits * (1 - probabilities[:, :1])
        return combined


def builtin() -> BuiltinReader:
    """``builtin``: print and handwriting told apart, no Tesseract."""
    return BuiltinReader("builtin")


def printed() -> BuiltinReader:
    """``printed``: every digit taken for print."""
    return BuiltinReader("printed", handwriting=False)


def tesseract_only() -> BuiltinReader:
    """``tesseract``: Tesseract reads the print instead of the model (Tesseract required)."""
    return BuiltinReader("tesseract", tesseract="only", second_opinion=False)


def combined() -> BuiltinReader:
    """``combined``: the model sharpened by Tesseract on every printed digit (Tesseract required)."""
    return BuiltinReader("combined", tesseract="always")


def auto() -> BuiltinReader:
    """``auto``: Tesseract asked about the printed digits the model is unsure of, when it is installed."""
    return BuiltinReader("auto", tesseract="unsure")
