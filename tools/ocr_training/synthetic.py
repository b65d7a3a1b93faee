"""Synthetic photos of a printed page, for round-trip tests.

:func:`photograph` lays a page (e.g. one drawn by sudokuprint's PNG renderer)
on a table at an angle and adds perspective, uneven light and shadow, blur,
noise and JPEG.  :func:`vera` is a font every install has (it ships with
reportlab), for test pictures that need no system font.
"""

from __future__ import annotations

import io
from pathlib import Path

import cv2
import numpy as np
from PIL import Image


def vera() -> Path:
    """The path of the Vera Sans font shipped with reportlab."""
    import reportlab

    return Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"


def photograph(page: Image.Image, *, seed: int = 0, quarter_turns: int = 0, size: int = 900) -> Image.Image:
    """A phone photo of ``page``: tilted in perspective on a darker table, shadowed, blurred, noisy, JPEG."""
    rng = np.random.default_rng(seed)
    flat = np.asarray(page.convert("L"), np.float32)
    flat = np.ascontiguousarray(np.rot90(flat, quarter_turns))
    h, w = flat.shape
    # where the page's corners land in the photo: a random tilt and perspective
    scale = 0.8 * size / max(h, w)
    centre = np.array([size / 2, size / 2])
    corners = np.array([[-w, -h], [w, -h], [w, h], [-w, h]], np.float32) / 2 * scale
    angle = np.deg2rad(rng.uniform(-12, 12))
    rotation = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    target = (corners @ rotation.T + centre + rng.normal(0, size * 0.025, (4, 2))).astype(np.float32)
    source = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    matrix = cv2.getPerspectiveTransform(source, target)
    paper = cv2.warpPerspective(np.full_like(flat, 1.0), matrix, (size, size))
    image = cv2.warpPerspective(flat, matrix, (size, size), flags=cv2.INTER_AREA)
    table = rng.uniform(60, 110)
    image = image * paper + table * (1 - paper)
    # light falling off across the photo, and a soft shadow over part of it
    ys, xs = np.mgrid[0:size, 0:size] / size
    light = 1 - 0.25 * (rng.uniform(0, 1) * xs + rng.uniform(0, 1) * ys)
    edge = rng.uniform(0.3, 0.7)
    shadow = 1 - 0.35 / (1 + np.exp(-(xs + 0.5 * ys - edge) * 25))
    image = image * light * shadow
    image = cv2.GaussianBlur(image, (0, 0), rng.uniform(0.6, 1.4))
    image = np.clip(image + rng.normal(0, 4, image.shape), 0, 255).astype(np.uint8)
    buffer = io.BytesIO()
    Image.fromarray(image).convert("RGB").save(buffer, "JPEG", quality=int(rng.integers(55, 85)))
    buffer.seek(0)
    return Image.open(buffer)
