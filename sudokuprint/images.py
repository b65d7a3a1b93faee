"""Opening an image file, with the same pixel and memory limits for every image input.

``scan`` (photos), ``pattern IMAGE``, ``poster --mosaic --picture IMAGE``
and a booklet's PNG page plan all open images here: the size is read from the
file's header and checked before a pixel is decoded, so a small file that
would decode to gigabytes (a 900-megapixel PNG of a few hundred kilobytes)
is refused with :class:`~sudokuprint.errors.ImageTooLargeError` naming it,
never with Pillow's own ``DecompressionBombError`` or a warning on standard
error.
"""

from __future__ import annotations

import contextlib
import os
import re
import warnings
from typing import IO, TYPE_CHECKING, Iterator, Union

from .errors import ImageTooLargeError

if TYPE_CHECKING:
    from PIL import Image  # here: Pillow loads only when an image is read (check and solve never need it)

MAX_PIXELS = 50_000_000
"""Most pixels an image may have (a 50-megapixel camera's); larger images are refused before decoding."""
MAX_DECODED_BYTES = 150 * 1024 * 1024
"""Most memory the decoded pixels may take: a 50-megapixel RGB image fits, the same with alpha does not."""

ImageFile = Union[str, "os.PathLike[str]", IO[bytes]]


def bytes_per_pixel(mode: str) -> float:
    """Decoded bytes per pixel of a Pillow mode (at least one)."""
    if mode in ("1", "L", "P"):
        return 1
    if mode.startswith("I;16") or mode in ("LA", "La", "PA"):
        return 2
    if mode in ("I", "F", "RGBA", "RGBa", "CMYK", "RGBX"):
        return 4
    return max(1, len(mode))


def check_image_size(width: int, height: int, mode: str, name: str) -> None:
    """Refuse an image with more than :data:`MAX_PIXELS` pixels or :data:`MAX_DECODED_BYTES` of decoded pixels."""
    if width * height > MAX_PIXELS:
        raise ImageTooLargeError(
            f"{name}: too many pixels to read safely ({width} x {height}, more than the "
            f"{MAX_PIXELS // 1_000_000} million an image may have); scale it down first"
        )
    if width * height * bytes_per_pixel(mode) > MAX_DECODED_BYTES:
        raise ImageTooLargeError(
            f"{name}: {width} x {height} pixels in mode {mode} would take more than "
            f"{MAX_DECODED_BYTES // (1024 * 1024)} MB decoded; scale it down first"
        )


@contextlib.contextmanager
def quiet_pillow() -> Iterator[None]:
    """Pillow's DecompressionBombWarning kept off standard error (the limits here refuse those images anyway)."""
    from PIL import Image  # here: Pillow loads only when an image is read (check and solve never need it)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        yield


def open_image(source: ImageFile, name: str | None = None, *, load: bool = True) -> "Image.Image":
    """The image in a file (a path or a binary stream), its size checked against the limits before any pixel is
    decoded, then decoded (unless ``load`` is false: the header and text chunks only).

    Raises :class:`~sudokuprint.errors.ImageTooLargeError` for an image over
    the limits; Pillow's errors for a file that is not an image it reads
    (``UnidentifiedImageError``, ``OSError``, ``SyntaxError``, ``ValueError``)
    pass through for the caller to name.
    """
    from PIL import Image  # here: Pillow loads only when an image is read (check and solve never need it)

    label = name or (os.fspath(source) if isinstance(source, (str, os.PathLike)) else "<image>")
    with quiet_pillow():
        try:
            image = Image.open(source)
        except Image.DecompressionBombError as error:  # over twice Pillow's own limit: refused in its header
            pixels = re.search(r"\((\d+) pixels\)", str(error))
            size = f"{int(pixels.group(1)):,} pixels, " if pixels else ""
            raise ImageTooLargeError(f"{label}: too many pixels to read safely ({size}more than the "
                                     f"{MAX_PIXELS // 1_000_000} million an image may have); scale it down first") \
                from None
        check_image_size(image.width, image.height, image.mode, label)
        if load:
            image.load()
    return image
