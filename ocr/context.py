"""Printed or handwritten, decided with the photo's other digits.

A photo's printed givens share one face, size, stroke and ink; handwriting
varies and differs from them.  A digit's own look (:func:`looks`) is therefore
compared with the photo's other digits: how far it lies from the digits the
reader took for print and from those it took for handwriting, each cluster
weighted by the reader's own probabilities and leaving the digit itself out
(:func:`context_features`).  A small logistic model (``models/context.npz``,
built by ``python -m ocr_training.build_context`` from held-out
readings of the Wicht photos) turns the reader's probability and these
distances into the final P(handwritten).

Two further cues are robust to a reader that is sure of the wrong kind.  The
distances are measured a second time from each cluster's weighted median and
spread (:func:`_robust_distances`): a few pen digits the reader took for print
widen the print cluster's mean and spread, not its median.  And every printed
digit has *twins*: the photo's other prints of the same digit are the same
glyph, so their ink matches almost pixel for pixel, which no hand does
(:func:`twin_likeness`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Sequence

import cv2
import numpy as np

from .cells import CELL_PX, ink_darkness
from .classifier import load_shipped
from .result import HANDWRITTEN

CONTEXT_MODEL_FILE = "context.npz"
LOOKS = ("darkness", "sharpness", "height", "width", "fill", "x-offset", "y-offset", "print-fit",
         "stroke-width", "stroke-spread", "ink-blue", "ink-colour")
"""The measures of a digit's look compared within a photo."""
_PIXELS = 1.5 / CELL_PX
LOOK_FLOORS = np.array([0.05, 0.05, _PIXELS, _PIXELS, 0.03, _PIXELS, _PIXELS, 0.3, 0.01, 0.05, 0.01, 0.01])
"""The least spread of each look in the robust distances (a pixel and a half of a cell for sizes and places):
one face's print measures alike to the pixel, and a difference below this is noise."""
FEATURES = 4 + 4 * len(LOOKS)
"""Length of a cell's :func:`context_features` row: the reader's logit, a cluster flag, four distances per look
(from print and from handwriting, by mean and by median), the twin likeness and whether the digit has a twin."""
LEAN_TO_HAND = 1.2
"""The *lean* to handwriting: log odds added to each digit's odds of being handwritten before it is called print or
handwriting (at 1.2, a digit the models give odds of 0.3 to 1, e^-1.2, is already called handwriting).  The two
mistakes differ: a given taken for handwriting is
taken back when the givens alone then have several solutions (``pipeline._print_back``), handwriting taken for a
given is never noticed.  Chosen on data the model was not fitted to; its scores: ``benchmarks/RESULTS.md``."""
TWIN_SHIFT = 2
"""Pixels a *twin* (another digit of the photo read as the same digit: prints of one digit in one face match pixel for
pixel) may lie off from the digit once both are centred on their boxes."""
SURE_PRINT = 0.05
"""A digit the reader gives odds of handwriting under this is a *sure print*: the page's face, to compare with."""
SURE_READING = 0.9
"""A digit read less surely than this may be a given misread (a blot, a crease): it keeps its call, and the
solver check corrects it; only a digit read surely is judged by its print twins (:func:`unlike_print`)."""
MIN_SURE_TWINS = 1
"""A digit is compared with the sure prints of its digit only when at least this many are on the page (on Wicht,
none of the 1,408 givens with a single sure print of their digit beside them matched it under :data:`NO_PRINT_TWIN`)."""
NO_PRINT_TWIN = 1.2
"""A digit read as print whose ink matches none of the page's sure prints of its digit better than this
(:func:`likeness`; a correlation of 0.70) is not print (:func:`unlike_print`).  Chosen on Wicht train and mixed
(``benchmarks/ocr_print_twins.py``): their 9,141 givens with such twins match them at 2.5 and above but 2%, the two
under 1.2 are read as handwriting or unsurely, so none is called handwriting by this rule, and their pen digits
match at 1.08 in the median; its scores on the other sources: ``benchmarks/RESULTS.md``."""
FACE_TWIN = 3.0
"""A digit whose ink matches another digit of the page read the same this closely (:func:`twins_of`:
-log(1 - correlation), 0.95) is a glyph of the printed face, however handwritten it looked: never a lone mark
(:mod:`ocr.marks`), nor the pen's by its ink's hue alone (:func:`ocr.ink.hand_hue`).  The prints of one digit in one
face correlate at about 0.96, 3.2 (Wicht's print-only photos 2.9-3.9, as :data:`ocr.ink.PRINT_TWIN` says); lone
candidates of the photo suite's draws 1, 3 and 4 matched their best twin at 2.82 at most, and two givens taken for
lone marks (a typewriter face's 7, an old-style 2) at 3.3 and 3.5."""
MAX_LOGIT = 10.0
MAX_DISTANCE = 16.0
"""Squared distances (in the cluster's spreads) are clipped here: one odd measure must not decide alone."""
MIN_CLUSTER = 2.0
"""A cluster weighing less than this (in digits) is not compared with."""


def strokes(image: np.ndarray, box: tuple[int, int, int, int], contrast: float) -> np.ndarray:
    """A digit's pen: its stroke width (share of the cell) and the width's spread (its relative standard deviation
    along the stroke: a pen's pressure varies, a printed face's does not).  (The ink's slant was tried too and
    made the context model worse.)"""
    size = image.shape[0]
    x, y, w, h = box
    darkness = ink_darkness(image)[y : y + h, x : x + w] / max(contrast, 1.0)
    if darkness.size == 0:
        return np.zeros(2, np.float32)
    ink = (darkness > 0.5 * float(np.percentile(darkness, 98))).astype(np.uint8)
    # up-sampled so that the distance to the paper resolves strokes only two or three pixels wide
    fine = cv2.resize(ink, (4 * w, 4 * h), interpolation=cv2.INTER_NEAREST)
    distance = cv2.distanceTransform(fine, cv2.DIST_L2, 3)
    ridge = (distance > 0) & (distance >= cv2.dilate(distance, np.ones((3, 3), np.uint8)))
    values = distance[ridge] / 4.0
    width = 2.0 * float(values.mean()) / size if values.size else 0.0
    spread = float(values.std() / max(values.mean(), 1e-6)) if values.size else 0.0
    return np.array([width, spread], np.float32)


def ink_colour(image: np.ndarray, box: tuple[int, int, int, int], contrast: float,
               color: np.ndarray | None) -> np.ndarray:
    """A digit's ink colour against its cell's paper: how much bluer than red (chromaticity b - r) and how much
    more saturated the ink is than the paper (zeros without a colour cell).  Pens are often blue, print is black."""
    x, y, w, h = box
    if color is None or color.ndim != 3 or w == 0 or h == 0:
        return np.zeros(2, np.float32)
    darkness = ink_darkness(image)[y : y + h, x : x + w]
    top = float(np.percentile(darkness, 98))
    ink, paper = darkness > 0.5 * top, darkness < 0.1 * top
    if top <= 0 or not ink.any() or not paper.any():
        return np.zeros(2, np.float32)
    box_bgr = color[y : y + h, x : x + w]
    values = []
    for pixels in (box_bgr[ink], box_bgr[paper]):
        bgr = pixels.astype(np.float32) + 8.0  # dark ink: keep the ratios from being noise
        high, low = bgr.max(axis=1), bgr.min(axis=1)
        values.append(((bgr[:, 0] - bgr[:, 2]) / bgr.sum(axis=1), (high - low) / high))
    (ink_blue, ink_saturation), (paper_blue, paper_saturation) = values
    return np.array([float(ink_blue.mean() - np.median(paper_blue)),
                     float(ink_saturation.mean() - np.median(paper_saturation))], np.float32)


def looks(measures: np.ndarray, boxes: Sequence[tuple[int, int, int, int]], size: int,
          printed: np.ndarray, pens: np.ndarray, colours: np.ndarray | None = None) -> np.ndarray:
    """The n x len(LOOKS) measures of each digit's look.

    ``measures`` are :func:`ocr.handwriting.cell_measures` rows (their last six values: ink darkness,
    sharpness, height, width, fill, x offset), ``boxes`` the digits' boxes in cells of side ``size``,
    ``printed`` the print model's 10-class probabilities (how well the digit fits a printed face), ``pens``
    the digits' :func:`strokes` rows, ``colours`` their :func:`ink_colour` rows (zeros if ``None``).
    """
    n = len(boxes)
    scalars = measures[:, -6:].astype(np.float32)
    y_offset = np.array([(y + h / 2 - size / 2) / size for _, y, _, h in boxes], np.float32).reshape(n, 1)
    fit = np.log(np.clip(printed[:, 1:].max(axis=1), 1e-6, 1.0)).astype(np.float32).reshape(n, 1)
    inks = np.zeros((n, 2), np.float32) if colours is None else colours.reshape(n, 2).astype(np.float32)
    return np.concatenate([scalars, y_offset, fit, pens.reshape(n, 2).astype(np.float32), inks], axis=1)


def _logit(p: np.ndarray) -> np.ndarray:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return np.clip(np.log(p / (1 - p)), -MAX_LOGIT, MAX_LOGIT)


def _distances(look: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, bool]:
    """Squared distances (n x k) of each digit from the cluster weighted by ``weights``, leaving itself out."""
    total = weights.sum() - weights  # leave-one-out sums
    if float(weights.sum()) - float(weights.max(initial=0.0)) < MIN_CLUSTER:
        return np.zeros_like(look), False
    w = weights[:, None]
    s1 = (w * look).sum(axis=0) - w * look
    s2 = (w * look * look).sum(axis=0) - w * look * look
    safe = np.maximum(total, 1e-6)[:, None]
    mean = s1 / safe
    spread = np.sqrt(np.maximum(s2 / safe - mean * mean, 0.0))
    spread = np.maximum(spread, 0.1 * np.abs(mean) + 0.02)
    return np.clip(((look - mean) / spread) ** 2, 0.0, MAX_DISTANCE), True


def _weighted_median(values: np.ndarray, weights: np.ndarray) -> float:
    order = np.argsort(values)
    cumulative = np.cumsum(weights[order])
    return float(values[order][np.searchsorted(cumulative, 0.5 * cumulative[-1])])


def _robust_distances(look: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Squared distances (n x k) of each digit from the weighted median of the cluster, in its weighted median
    absolute deviations (at least :data:`LOOK_FLOORS`); zeros if the cluster weighs too little."""
    if float(weights.sum()) - float(weights.max(initial=0.0)) < MIN_CLUSTER:
        return np.zeros_like(look)
    out = np.empty_like(look)
    for k in range(look.shape[1]):
        values = look[:, k]
        centre = _weighted_median(values, weights)
        spread = 1.4826 * _weighted_median(np.abs(values - centre), weights)
        out[:, k] = ((values - centre) / max(spread, float(LOOK_FLOORS[k]))) ** 2
    return np.clip(out, 0.0, MAX_DISTANCE)


def _unit_rows(patches: np.ndarray) -> np.ndarray:
    """Each patch as a row with zero mean and unit length (so that a dot product is their correlation)."""
    flat = patches.reshape(len(patches), -1)
    flat = flat - flat.mean(axis=1, keepdims=True)
    return flat / np.maximum(np.linalg.norm(flat, axis=1, keepdims=True), 1e-6)


def twin_correlations(images: Sequence[np.ndarray], contrasts: Sequence[float],
                      boxes: Sequence[tuple[int, int, int, int]], readings: np.ndarray) -> np.ndarray:
    """n x n: how closely digit i's ink matches digit j's, for two digits read the same (``readings``, e.g. the
    print model's classes): their best correlation laid over each other by their boxes' centres and shifted up to
    :data:`TWIN_SHIFT` pixels; -1 for digits read differently and on the diagonal."""
    n = len(images)
    best = np.full((n, n), -1.0, np.float32)
    if n < 2:
        return best
    size = images[0].shape[0]
    inks = np.stack([np.clip(ink_darkness(image) / max(float(contrast), 1.0), 0.0, 1.5)
                     for image, contrast in zip(images, contrasts)]).astype(np.float32)
    pad, side = size // 2, size - 4
    padded = np.pad(inks, ((0, 0), (pad, pad), (pad, pad)))
    windows = np.empty((n, side, side), np.float32)
    for i, (x, y, w, h) in enumerate(boxes):  # each digit in a window centred on its box
        top, left = int(round(y + h / 2)) + pad - side // 2, int(round(x + w / 2)) + pad - side // 2
        windows[i] = padded[i, top : top + side, left : left + side]
    s, core = TWIN_SHIFT, side - 2 * TWIN_SHIFT
    for reading in np.unique(readings):
        group = np.flatnonzero(readings == reading)
        if len(group) < 2:
            continue
        cores = _unit_rows(windows[group, s : s + core, s : s + core])
        pairs = np.full((len(group), len(group)), -1.0, np.float32)
        for dy in range(2 * s + 1):
            for dx in range(2 * s + 1):
                shifted = _unit_rows(windows[group, dy : dy + core, dx : dx + core])
                np.maximum(pairs, cores @ shifted.T, out=pairs)  # pairs[i, j]: digit i on digit j, so shifted
        best[np.ix_(group, group)] = pairs
    np.fill_diagonal(best, -1.0)
    return best


def likeness(correlation: np.ndarray) -> np.ndarray:
    """A correlation of two digits' ink as ``-log(1 - correlation)``: 0.70 is 1.2, 0.92 is 2.5, 0.96 is 3.2."""
    return (-np.log(np.clip(1.0 - correlation, 1e-3, 1.0))).astype(np.float32)


def twin_likeness(images: Sequence[np.ndarray], contrasts: Sequence[float], boxes: Sequence[tuple[int, int, int, int]],
                  readings: np.ndarray) -> np.ndarray:
    """How closely each digit's ink matches its best twin: n x 2, the :func:`likeness` of its best
    :func:`twin_correlations` with the photo's other digits read the same, and 1 if there is such a digit (else both
    0).  The prints of one digit in one face match to about 0.96; a hand does not repeat itself that closely, nor
    match the print."""
    return twins_of(twin_correlations(images, contrasts, boxes, readings), readings)


def twins_of(correlations: np.ndarray, readings: np.ndarray) -> np.ndarray:
    """:func:`twin_likeness` from the photo's :func:`twin_correlations`."""
    n = len(readings)
    out = np.zeros((n, 2), np.float32)
    if n < 2:
        return out
    has_twin = (readings[:, None] == readings[None, :]).sum(axis=1) > 1
    out[has_twin, 0] = likeness(correlations.max(axis=1))[has_twin]
    out[has_twin, 1] = 1.0
    return out


def print_twin_likeness(correlations: np.ndarray, readings: np.ndarray, sure_print: np.ndarray) -> np.ndarray:
    """The :func:`likeness` of each digit to its best twin among the page's *sure prints* (``sure_print``: digits
    the reader is sure are print) read the same; NaN where fewer than :data:`MIN_SURE_TWINS` such prints (but
    the digit) are there to compare with."""
    same = (readings[:, None] == readings[None, :]) & sure_print[None, :]
    np.fill_diagonal(same, False)
    best = np.where(same, correlations, -1.0).max(axis=1, initial=-1.0)
    out = likeness(best)
    out[same.sum(axis=1) < MIN_SURE_TWINS] = np.nan
    return out


def unlike_print(print_likeness: np.ndarray, handwritten: np.ndarray, confidence: np.ndarray) -> np.ndarray:
    """The digits read as print (P(handwritten) under :data:`~ocr.result.HANDWRITTEN`), and read surely
    (``confidence``, the reader's probability of its digit, at least :data:`SURE_READING`), that are no print: their
    likeness to the page's sure prints (``print_likeness``, :func:`page_print_likeness`) is under
    :data:`NO_PRINT_TWIN`.  A face repeats itself; a dark pencil digit the reader took for print does not match
    the printed copies of its digit."""
    with np.errstate(invalid="ignore"):
        unlike = print_likeness < NO_PRINT_TWIN
    return (handwritten < HANDWRITTEN) & (confidence >= SURE_READING) & unlike


def page_print_likeness(correlations: np.ndarray, readings: np.ndarray, handwritten: np.ndarray) -> np.ndarray:
    """:func:`print_twin_likeness` to the page's sure prints: the digits whose P(handwritten) (``handwritten``) is
    under :data:`SURE_PRINT`."""
    return print_twin_likeness(correlations, readings, handwritten < SURE_PRINT)


def context_features(look: np.ndarray, hand: np.ndarray, twins: np.ndarray) -> np.ndarray:
    """The n x FEATURES inputs of the context model for one photo's digits (``look`` from :func:`looks`, ``hand``
    the reader's P(handwritten), ``twins`` from :func:`twin_likeness`)."""
    n = len(hand)
    if n == 0:
        return np.zeros((0, FEATURES), np.float32)
    hand = hand.astype(np.float64)
    look = look.astype(np.float64)
    print_weights, hand_weights = (1 - hand) ** 2, hand ** 2
    from_print, _ = _distances(look, print_weights)
    from_hand, has_hand = _distances(look, hand_weights)
    flag = np.full((n, 1), 1.0 if has_hand else 0.0)
    return np.concatenate([_logit(hand)[:, None], flag, from_print, from_hand, _robust_distances(look, print_weights),
                           _robust_distances(look, hand_weights), twins.reshape(n, 2)], axis=1).astype(np.float32)


@dataclass(frozen=True)
class ContextModel:
    """Logistic regression on :func:`context_features` (inputs standardised by ``mean`` and ``scale``)."""

    weights: np.ndarray
    bias: float
    mean: np.ndarray
    scale: np.ndarray

    def handwritten(self, features: np.ndarray, lean: float = 0.0) -> np.ndarray:
        """P(handwritten) for each row of features, its odds multiplied by ``exp(lean)``."""
        if len(features) == 0:
            return np.zeros(0, np.float32)
        z = ((features - self.mean) / self.scale) @ self.weights + self.bias + lean
        return (1 / (1 + np.exp(-np.clip(z, -30, 30)))).astype(np.float32)

    def save(self, path: "str | Path", **metadata: str) -> None:
        arrays: dict[str, Any] = {"weights": self.weights, "bias": np.array(self.bias), "mean": self.mean,
                                  "scale": self.scale}
        arrays.update({k: np.array(v) for k, v in metadata.items()})
        np.savez(path, **arrays)

    @classmethod
    def load(cls, path: "str | Path") -> "ContextModel":
        with np.load(path) as data:
            return cls(data["weights"].astype(np.float64), float(data["bias"]), data["mean"].astype(np.float64),
                       data["scale"].astype(np.float64))


@lru_cache(maxsize=1)
def default_context_model() -> ContextModel:
    """The shipped context model (loaded once)."""
    return load_shipped(CONTEXT_MODEL_FILE, "context model", "build_context", ContextModel.load)


def fit_context(features: np.ndarray, labels: np.ndarray, *, l2: float = 1e-3, steps: int = 50) -> ContextModel:
    """Fit the logistic model (Newton's method) to features and 0/1 labels (1 = handwritten)."""
    mean = features.mean(axis=0)
    scale = np.maximum(features.std(axis=0), 1e-6)
    x = np.concatenate([(features - mean) / scale, np.ones((len(features), 1))], axis=1)
    w = np.zeros(x.shape[1])
    penalty = l2 * len(x) * np.eye(x.shape[1])
    penalty[-1, -1] = 0.0
    for _ in range(steps):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
        gradient = x.T @ (p - labels) + penalty @ w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + penalty + 1e-9 * np.eye(x.shape[1])
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if float(np.abs(step).max()) < 1e-8:
            break
    return ContextModel(w[:-1], float(w[-1]), mean, scale)
