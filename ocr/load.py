"""Stage 1: load a photo with Pillow, honour its EXIF orientation, scale huge images down.

A photo may come as a path, a PIL image, a numpy array (gray, or BGR as from
``cv2.imread``), the bytes of an image file or a binary file object.  The
image's size is checked before its pixels are decoded, so a small file that
would decode to gigabytes is refused (:class:`ImageTooLargeError`).
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from typing import IO, Union

import numpy as np
from PIL import Image, ImageOps, UnidentifiedImageError

from sudokuprint import images
from sudokuprint.errors import NoGridError

MAX_SIDE = 1600
"""Longer side, in pixels, above which a photo is scaled down before reading."""
MIN_SIDE = 32
"""A photo narrower or lower than this many pixels cannot hold a readable grid."""
MAX_PIXELS = images.MAX_PIXELS
"""Most pixels a photo may have: the limit of every image input (:mod:`sudokuprint.images`)."""
MAX_DECODED_BYTES = images.MAX_DECODED_BYTES
"""Most memory the decoded pixels may take (:mod:`sudokuprint.images`)."""

PhotoSource = Union[str, "os.PathLike[str]", Image.Image, np.ndarray, bytes, bytearray, memoryview, IO[bytes]]
"""Everything :func:`load_photo` (and ``scan``) accepts."""


@dataclass(frozen=True)
class Photo:
    """A loaded photo: colour (BGR, for overlays) and gray pixels, same size."""

    color: np.ndarray
    gray: np.ndarray
    scale: float
    """Factor from the file's (EXIF-upright) pixels to these pixels (1.0 when not scaled)."""
    source: str


def check_size(width: int, height: int, mode: str, name: str) -> None:
    """Refuse an image too small to hold a grid (:class:`NoGridError`) or too big to decode safely
    (:class:`ImageTooLargeError`, the limits of every image input)."""
    images.check_image_size(width, height, mode, name)
    if min(width, height) < MIN_SIDE:
        raise NoGridError(f"{name}: {width} x {height} pixels is too small to hold a Sudoku grid", reason="too-small")


def _to_rgb(image: Image.Image, max_side: int) -> Image.Image:
    """8-bit RGB pixels of any mode: deep (16-bit, 32-bit, float) gray spread over 0-255, transparency on white paper.

    Pillow's own conversion clips deep gray at 255 (a 16-bit scan would turn white) and drops
    transparency (leaving whatever colour the transparent pixels hold, often black).  Deep
    images are scaled down to ``max_side`` before their levels are spread, to bound memory.
    """
    if image.mode in ("I", "F") or image.mode.startswith("I;16"):
        if max(image.size) > max_side:  # scaled in its own mode first: no float copy of a huge image
            factor = max_side / max(image.size)
            image = image.resize((max(1, round(image.width * factor)), max(1, round(image.height * factor))),
                                 Image.Resampling.BILINEAR)
        pixels = np.asarray(image, dtype=np.float32)
        low, high = float(pixels.min()), float(pixels.max())
        span = high - low if high > low else 1.0
        image = Image.fromarray(np.round((pixels - low) * (255.0 / span)).astype(np.uint8), "L")
    if image.mode in ("RGBA", "LA", "PA", "La", "RGBa") or "transparency" in image.info:
        rgba = image.convert("RGBA")
        paper = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        return Image.alpha_composite(paper, rgba).convert("RGB")
    return image.convert("RGB")


def _from_array(pixels: np.ndarray, name: str) -> Image.Image:
    """A PIL image of a numpy array: 2-D gray, or 3-D BGR / BGRA as OpenCV gives them."""
    if pixels.ndim == 3 and pixels.shape[2] == 1:
        pixels = pixels[:, :, 0]
    if pixels.ndim not in (2, 3) or (pixels.ndim == 3 and pixels.shape[2] not in (3, 4)):
        raise NoGridError(f"{name}: an array of shape {pixels.shape} is not an image (need H x W or H x W x 3/4)",
                          reason="unreadable")
    check_size(pixels.shape[1], pixels.shape[0], "L" if pixels.ndim == 2 else "RGB", name)
    if pixels.dtype != np.uint8:
        values = pixels.astype(np.float32)
        low, high = float(values.min()), float(values.max())
        pixels = np.round((values - low) * (255.0 / (high - low if high > low else 1.0))).astype(np.uint8)
    if pixels.ndim == 2:
        return Image.fromarray(np.ascontiguousarray(pixels), "L")
    if pixels.shape[2] == 4:
        return Image.fromarray(np.ascontiguousarray(pixels[:, :, [2, 1, 0, 3]]), "RGBA")
    return Image.fromarray(np.ascontiguousarray(pixels[:, :, ::-1]), "RGB")


def _reduced_decode(image: Image.Image, max_side: int) -> float:
    """Ask a JPEG's decoder for the image at 1/2, 1/4 or 1/8 of its size, the smallest whose longer side is still
    at least ``max_side`` (Pillow's draft mode: the decoder drops the fine DCT terms, which is an area average).

    A 12 MP phone photo then decodes as 3 MP in a third of the time, and the scaling down to ``max_side`` that
    follows works on a quarter of the pixels.  Other formats are decoded whole.  Returns how many times larger
    the file's image is than the one to be decoded (1.0 when not reduced).
    """
    longest = max(image.size)
    if longest > max_side:
        wanted = (max(1, -(-image.width * max_side // longest)), max(1, -(-image.height * max_side // longest)))
        image.draft(None, wanted)
    return longest / max(image.size)


def _open(source: PhotoSource, max_side: int = MAX_SIDE) -> tuple[Image.Image, str, float]:
    """The image (size checked, pixels decoded, a JPEG at a reduced size: :func:`_reduced_decode`), a name for
    messages and how many times larger the file's image is than the one decoded."""
    if isinstance(source, Image.Image):
        name = getattr(source, "filename", None) or "<image>"
        check_size(source.width, source.height, source.mode, name)
        return source, name, 1.0
    if isinstance(source, np.ndarray):
        name = "<array>"
        return _from_array(source, name), name, 1.0
    if isinstance(source, (bytes, bytearray, memoryview)):
        name, stream = "<bytes>", io.BytesIO(bytes(source))
    elif hasattr(source, "read"):
        name = str(getattr(source, "name", "<stream>"))
        stream = source  # type: ignore[assignment]
    elif isinstance(source, (str, os.PathLike)):
        name = os.fspath(source)
        stream = None
    else:
        raise TypeError(f"cannot read a photo from {type(source).__name__}: pass a path, PIL image, numpy array, "
                        "bytes or a binary file object")
    try:
        image = images.open_image(stream if stream is not None else name, name, load=False)
        check_size(image.width, image.height, image.mode, name)
        reduced = _reduced_decode(image, max_side)
        with images.quiet_pillow():
            image.load()
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as error:
        raise NoGridError(f"{name}: not an image Pillow can read ({error})", reason="unreadable") from None
    return image, name, reduced


def load_photo(source: PhotoSource, *, max_side: int = MAX_SIDE) -> Photo:
    """Read any image Pillow reads; EXIF orientation applied; longer side at most ``max_side``."""
    image, name, reduced = _open(source, max_side)
    original = max(image.size) * reduced
    image = ImageOps.exif_transpose(image)
    image = _to_rgb(image, max_side)
    if max(image.size) > max_side:
        factor = max_side / max(image.size)
        size = (max(1, round(image.width * factor)), max(1, round(image.height * factor)))
        image = image.resize(size, Image.Resampling.LANCZOS)
    scale = max(image.size) / original
    rgb = np.asarray(image)
    color = np.ascontiguousarray(rgb[:, :, ::-1])
    gray = np.asarray(image.convert("L"))
    return Photo(color=color, gray=gray, scale=scale, source=name)
