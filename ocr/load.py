"""Stage 1: load a photo with Pillow, honour its EXIF orientation, scale huge images down."""

from __future__ import annotations

import os
from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageOps, UnidentifiedImageError

from sudokuprint.errors import NoGridError

MAX_SIDE = 1600
"""Longer side, in pixels, above which a photo is scaled down before reading."""


@dataclass(frozen=True)
class Photo:
    """A loaded photo: colour (BGR, for overlays) and gray pixels, same size."""

    color: np.ndarray
    gray: np.ndarray
    scale: float
    """Factor from the file's (EXIF-upright) pixels to these pixels (1.0 when not scaled)."""
    source: str


def load_photo(source: "str | os.PathLike | Image.Image", *, max_side: int = MAX_SIDE) -> Photo:
    """Read any image Pillow reads; EXIF orientation applied; longer side at most ``max_side``."""
    if isinstance(source, Image.Image):
        name = getattr(source, "filename", None) or "<image>"
    else:
        name = os.fspath(source)
    if isinstance(source, Image.Image):
        image = source
    else:
        try:
            image = Image.open(source)
            image.load()
        except (UnidentifiedImageError, OSError) as error:
            raise NoGridError(f"{name}: not an image Pillow can read ({error})", reason="unreadable") from None
    image = ImageOps.exif_transpose(image)
    image = image.convert("RGB")
    scale = 1.0
    longest = max(image.size)
    if longest > max_side:
        scale = max_side / longest
        size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
        image = image.resize(size, Image.Resampling.LANCZOS)
    rgb = np.asarray(image)
    color = np.ascontiguousarray(rgb[:, :, ::-1])
    gray = np.asarray(image.convert("L"))
    return Photo(color=color, gray=gray, scale=scale, source=name)
