"""The fonts every page uses and their metrics, shared by both backends.

The PDF and the PNG are drawn with the same TrueType files, the Bitstream Vera
fonts shipped inside reportlab's package, so the glyphs agree exactly.
Metrics are read with Pillow from the font files themselves.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from .page import FontName

_METRIC_SIZE = 1000
"""Font size (in pixels) at which metrics are measured: results are in 1/1000 em."""


@lru_cache(maxsize=None)
def font_directory() -> Path:
    """The folder of reportlab's bundled fonts."""
    import reportlab

    return Path(os.path.dirname(reportlab.__file__)) / "fonts"


FONT_FILES: dict[str, str] = {"regular": "Vera.ttf", "bold": "VeraBd.ttf"}
"""File name of each font the page model may name."""

PDF_FONT_NAMES: dict[str, str] = {"regular": "SudokuprintVera", "bold": "SudokuprintVeraBold"}
"""The name each font is registered under in reportlab."""


def font_path(font: FontName) -> Path:
    """Path of the TrueType file of ``font``."""
    return font_directory() / FONT_FILES[font]


@lru_cache(maxsize=None)
def _metric_font(font: FontName) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(font_path(font)), _METRIC_SIZE, layout_engine=ImageFont.Layout.BASIC)


def text_width(text: str, font: FontName, size: float) -> float:
    """Advance width of ``text`` in points at ``size`` points."""
    return _metric_font(font).getlength(text) * size / _METRIC_SIZE


@lru_cache(maxsize=None)
def ink_box(text: str, font: FontName) -> tuple[float, float, float, float]:
    """The inked area of ``text`` relative to its origin on the baseline, in em.

    Returns (left, top, right, bottom) with y growing downwards, so ``top`` is
    negative for glyphs above the baseline.
    """
    size = _METRIC_SIZE
    canvas = Image.new("L", (len(text) * size * 2 + size, 2 * size), 0)
    origin = (size // 2, int(size * 1.5))
    ImageDraw.Draw(canvas).text(origin, text, font=_metric_font(font), fill=255, anchor="ls")
    box = canvas.getbbox()
    if box is None:
        return 0.0, 0.0, 0.0, 0.0
    left, top, right, bottom = box
    return ((left - origin[0]) / size, (top - origin[1]) / size, (right - origin[0]) / size, (bottom - origin[1]) / size)


def digit_height(font: FontName = "bold") -> float:
    """Height of the digits' ink in em (the tallest of 0-9, overshoot included)."""
    return max(ink_box(d, font)[3] - ink_box(d, font)[1] for d in "0123456789")


def size_for_ink_height(height: float, font: FontName = "bold") -> float:
    """The font size at which digits are ``height`` points tall."""
    return height / digit_height(font)


def optical_origin(text: str, font: FontName, size: float, centre_x: float, centre_y: float) -> tuple[float, float]:
    """Where to put the left baseline origin of ``text`` so its ink is centred on a point.

    Digits are centred on their inked shape, not on their advance box, so a
    "1" sits in the middle of its cell like an "8" does.
    """
    left, top, right, bottom = ink_box(text, font)
    return centre_x - (left + right) / 2 * size, centre_y - (top + bottom) / 2 * size
