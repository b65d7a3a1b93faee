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


def _to_rgb(image: Image.Image) -> Image.Image:
    """8-bit RGB pixels of any mode: deep (16-bit, 32-bit, float) gray spread over 0-255, transparency on white paper.

    Pillow's own conversion clips deep gray at 255 (a 16-bit scan would turn white) and drops
    transparency (leaving whatever colour the transparent pixels hold, often black).
    """
    if image.mode in ("I", "F") or image.mode.startswith("I;16"):
        pixels = np.asarray(image, dtype=np.float64)
        low, high = float(pixels.min()), float(pixels.max())
        span = high - low if high > low else 1.0
        image = Image.fromarray(np.round((pixels - low) * (255.0 / span)).astype(np.uint8), "L")
    if image.mode in ("RGBA", "LA", "PA", "La", "RGBa") or "transparency" in image.info:
        rgba = image.convert("RGBA")
        paper = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        return Image.alpha_composite(paper, rgba).convert("RGB")
    return image.convert("RGB")


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
        except Image.DecompressionBombError as error:
            raise NoGridError(f"{name}: too many pixels to read safely ({error})", reason="unreadable") from None
    image = ImageOps.exif_transpose(image)
    image = _to_rgb(image)
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
