"""Perturbed copies of a photo, made in memory, to measure how robust the reader is.

A perturbation is written ``kind:amount``:

* ``rotate:DEG`` - turned DEG degrees counter-clockwise (negative: clockwise), the
  canvas grown to hold the whole photo and the new corners filled with the colour of
  the photo's own border (its median edge pixel);
* ``scale:F`` - resized by the factor F;
* ``turn:DEG`` - a lossless quarter turn (90, 180 or 270 degrees counter-clockwise);
* ``jpeg:Q`` - saved and reloaded as JPEG of quality Q;
* ``bow:S`` - bent like a bowed page: the rows sag smoothly by S times the photo's height in the middle
  (``sin^2`` across the width) and not at the edges; ``bowcol:S`` - the columns, by S times the width.

Several are applied in order when joined by ``+`` (``rotate:7+jpeg:40``).
"""

from __future__ import annotations

import io

import cv2
import numpy as np
from PIL import Image

KINDS = ("rotate", "scale", "turn", "jpeg", "bow", "bowcol")
_TURNS = {90: Image.Transpose.ROTATE_90, 180: Image.Transpose.ROTATE_180, 270: Image.Transpose.ROTATE_270}


def border_colour(image: Image.Image) -> tuple[int, ...]:
    """The median colour of the outermost pixels of an RGB image."""
    pixels = np.asarray(image.convert("RGB"))
    edge = np.concatenate([pixels[0], pixels[-1], pixels[:, 0], pixels[:, -1]])
    return tuple(int(v) for v in np.median(edge, axis=0))


def rotate(image: Image.Image, degrees: float) -> Image.Image:
    """``image`` turned ``degrees`` counter-clockwise on a canvas that holds it all, padded with its border colour."""
    image = image.convert("RGB")
    return image.rotate(degrees, resample=Image.Resampling.BICUBIC, expand=True, fillcolor=border_colour(image))


def scale(image: Image.Image, factor: float) -> Image.Image:
    """``image`` resized by ``factor`` (area-averaged when shrinking)."""
    size = (max(1, round(image.width * factor)), max(1, round(image.height * factor)))
    return image.convert("RGB").resize(size, Image.Resampling.BOX if factor < 1 else Image.Resampling.BICUBIC)


def turn(image: Image.Image, degrees: int) -> Image.Image:
    """``image`` turned a multiple of 90 degrees counter-clockwise, pixel for pixel."""
    degrees %= 360
    if degrees == 0:
        return image.convert("RGB")
    if degrees not in _TURNS:
        raise ValueError(f"turn:{degrees}: a turn is 90, 180 or 270 degrees")
    return image.convert("RGB").transpose(_TURNS[degrees])


def jpeg(image: Image.Image, quality: int) -> Image.Image:
    """``image`` after a round trip through JPEG at ``quality`` (1-95)."""
    buffer = io.BytesIO()
    image.convert("RGB").save(buffer, format="JPEG", quality=int(quality))
    buffer.seek(0)
    reloaded = Image.open(buffer)
    reloaded.load()
    return reloaded


def bow(image: Image.Image, share: float, *, columns: bool = False) -> Image.Image:
    """``image`` bent like a bowed page: its rows (``columns``: its columns) sag by ``share`` of its height (width)
    in the middle, smoothly (``sin^2``), and not at the edges."""
    pixels = np.asarray(image.convert("RGB"))
    height, width = pixels.shape[:2]
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    if columns:
        xs -= share * width * np.sin(np.pi * ys / height) ** 2
    else:
        ys -= share * height * np.sin(np.pi * xs / width) ** 2
    return Image.fromarray(cv2.remap(pixels, xs, ys, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE))


def parse(spec: str) -> list[tuple[str, float]]:
    """``"rotate:7+jpeg:40"`` -> ``[("rotate", 7.0), ("jpeg", 40.0)]``; raises ValueError naming the bad part."""
    steps = []
    for part in spec.split("+"):
        kind, _, amount = part.strip().partition(":")
        if kind not in KINDS:
            raise ValueError(f"perturbation {part!r}: kind must be one of {', '.join(KINDS)}")
        try:
            steps.append((kind, float(amount)))
        except ValueError:
            raise ValueError(f"perturbation {part!r}: the amount after ':' must be a number") from None
    return steps


def perturb(image: Image.Image, spec: str) -> Image.Image:
    """``image`` with the perturbations of ``spec`` (see the module's doc) applied in order."""
    for kind, amount in parse(spec):
        if kind == "rotate":
            image = rotate(image, amount)
        elif kind == "scale":
            image = scale(image, amount)
        elif kind == "turn":
            image = turn(image, int(amount))
        elif kind == "jpeg":
            image = jpeg(image, int(amount))
        else:
            image = bow(image, amount, columns=kind == "bowcol")
    return image
