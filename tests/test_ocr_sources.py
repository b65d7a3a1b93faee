"""What ``scan`` accepts (path, PIL image, numpy array, bytes, file object) and the image limits it enforces."""

from __future__ import annotations

import io
import struct
import zlib

import cv2
import numpy as np
import pytest
from PIL import Image

from conftest import REPO, wicht_digits

from sudokuprint.errors import ImageTooLargeError, NoGridError
from sudokuprint.ocr.load import MAX_PIXELS, load_photo
from sudokuprint.ocr.pipeline import scan

SAMPLE = REPO / "samples" / "newspaper-photo.jpg"


def expected() -> str:
    return "".join(str(v) if v else "." for v in wicht_digits(SAMPLE.with_suffix(".dat")))


@pytest.mark.parametrize("kind", ["path", "str", "pil", "bgr-array", "gray-array", "bytes", "file"])
def test_every_kind_of_source_reads_the_sample(kind):
    if kind == "path":
        source = SAMPLE
    elif kind == "str":
        source = str(SAMPLE)
    elif kind == "pil":
        source = Image.open(SAMPLE)
    elif kind == "bgr-array":
        source = cv2.imread(str(SAMPLE))
    elif kind == "gray-array":
        source = cv2.imread(str(SAMPLE), cv2.IMREAD_GRAYSCALE)
    elif kind == "bytes":
        source = SAMPLE.read_bytes()
    else:
        source = SAMPLE.open("rb")
    assert scan(source).grid.to_string() == expected()


def test_a_bgr_array_keeps_its_colours():
    bgr = np.zeros((64, 64, 3), np.uint8)
    bgr[:, :, 0] = 255  # blue in OpenCV's order
    photo = load_photo(bgr)
    assert tuple(photo.color[0, 0]) == (255, 0, 0)


@pytest.mark.parametrize("size", [(640, 1), (1, 480), (20, 20)])
def test_a_tiny_image_is_no_grid_not_a_cv2_error(size):
    buffer = io.BytesIO()
    Image.new("L", size, 255).save(buffer, "PNG")
    with pytest.raises(NoGridError, match="too small"):
        scan(buffer.getvalue())
    with pytest.raises(NoGridError, match="too small"):
        scan(np.full((size[1], size[0]), 255, np.uint8))


def _png_header_only(width: int, height: int, bit_depth: int = 16, colour_type: int = 0) -> bytes:
    """A PNG claiming huge dimensions with almost no pixel data (a decompression bomb's shape)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, bit_depth, colour_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b"")


@pytest.mark.parametrize("side", [10000, 20000])
def test_a_huge_16_bit_png_is_refused_before_decoding(tmp_path, side):
    path = tmp_path / "bomb.png"
    path.write_bytes(_png_header_only(side, side))
    with pytest.raises(ImageTooLargeError, match="too many pixels") as caught:
        scan(path)
    assert caught.value.exit_code == 2 and str(path) in str(caught.value)
    assert side * side > MAX_PIXELS


def test_decoded_memory_is_limited_even_under_the_pixel_limit(tmp_path):
    # 6500 x 6500 = 42 M pixels (under the pixel limit) of RGBA (4 bytes once decoded) = 169 MB
    path = tmp_path / "deep.png"
    path.write_bytes(_png_header_only(6500, 6500, colour_type=6))
    with Image.open(path) as image:
        mode = image.mode
    with pytest.raises(ImageTooLargeError, match="MB decoded"):
        scan(path)
    assert mode.startswith("RGBA")


def test_an_unreadable_source_names_itself():
    with pytest.raises(NoGridError, match="<bytes>: not an image"):
        scan(b"not a picture")
    with pytest.raises(TypeError, match="path, PIL image, numpy array"):
        scan(12345)  # type: ignore[arg-type]
