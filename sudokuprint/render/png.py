"""The PNG backend: the page model drawn with Pillow at any resolution.

Pages are greyscale images.  Lines and rectangles are snapped to whole pixels:
a stroke is never narrower than one pixel, lines of one width are all equally
wide, and a line that must outweigh another (a box line over cell lines) gets
at least one pixel more, so the grid's hierarchy shows even at 60 DPI.  Text
uses the same TrueType files as the PDF.
"""

from __future__ import annotations

import io
import math
from dataclasses import replace
from functools import lru_cache
from typing import Callable, Iterator

from PIL import Image, ImageDraw, ImageFont
from PIL.PngImagePlugin import PngInfo

from ..errors import UnsupportedError
from ..layout.fonts import DEFAULT_FONTS, Face, FontSet, face_path, face_width, text_pieces, text_width
from ..layout.page import Document, Line, Page, Rect, Text
from .page_outputs import PageOutput, register_page_output

_ANCHORS = {"left": "ls", "center": "ms", "right": "rs"}
"""Pillow anchors for single glyphs: baseline at the left, middle or right."""


@lru_cache(maxsize=64)
def _font(face: Face, pixels: float, shaping: bool = False) -> ImageFont.FreeTypeFont:
    """The face at ``pixels``; with ``shaping`` laid out by libraqm (HarfBuzz), for shaped pieces."""
    engine = ImageFont.Layout.RAQM if shaping else ImageFont.Layout.BASIC
    return ImageFont.truetype(face_path(face), pixels, index=face.index, layout_engine=engine)


def _grey(level: float) -> int:
    return max(0, min(255, round(level * 255)))


def _span(low: float, high: float, unit: int) -> tuple[int, int]:
    """Pixels [start, end) covering low..high, snapped to whole ``unit``s, at least one unit wide."""
    start, end = round(low / unit) * unit, round(high / unit) * unit
    if end <= start:
        start = math.floor((low + high) / 2 / unit) * unit
        end = start + unit
    return start, end


def _fill(draw: ImageDraw.ImageDraw, x0: float, y0: float, x1: float, y1: float, grey: float, unit: int) -> None:
    left, right = _span(min(x0, x1), max(x0, x1), unit)
    top, bottom = _span(min(y0, y1), max(y0, y1), unit)
    draw.rectangle((left, top, right - 1, bottom - 1), fill=_grey(grey))


def stroke_pixels(width: float, outweighs: float, pixels_per_point: float) -> int:
    """Whole output pixels for a stroke ``width`` points wide: never under one, and at least one
    more than a ``outweighs``-point line gets, so box lines stay heavier than cell lines at any DPI."""
    pixels = max(1, round(width * pixels_per_point))
    if outweighs:
        pixels = max(pixels, max(1, round(outweighs * pixels_per_point)) + 1)
    return pixels


def _stroke(draw: ImageDraw.ImageDraw, x1: float, y1: float, x2: float, y2: float, pixels: int, grey: float,
            unit: int) -> None:
    """An axis-aligned stroke ``pixels`` output pixels thick, centred on its line, with projecting caps."""
    thickness = pixels * unit

    def across(centre: float) -> tuple[int, int]:
        start = round((centre - thickness / 2) / unit) * unit
        return start, start + thickness

    if x1 == x2:
        left, right = across(x1)
        top, bottom = _span(min(y1, y2) - thickness / 2, max(y1, y2) + thickness / 2, unit)
    else:
        top, bottom = across(y1)
        left, right = _span(min(x1, x2) - thickness / 2, max(x1, x2) + thickness / 2, unit)
    draw.rectangle((left, top, right - 1, bottom - 1), fill=_grey(grey))


def _draw_line(draw: ImageDraw.ImageDraw, line: Line, scale: float, unit: int) -> None:
    x1, y1, x2, y2 = (v * scale for v in (line.x1, line.y1, line.x2, line.y2))
    if x1 == x2 or y1 == y2:  # axis-aligned, with projecting caps like the PDF
        pixels = stroke_pixels(line.width, line.outweighs, scale / unit)
        _stroke(draw, x1, y1, x2, y2, pixels, line.grey, unit)
    else:
        draw.line((x1, y1, x2, y2), fill=_grey(line.grey), width=max(1, round(line.width * scale)))


def _draw_rect(draw: ImageDraw.ImageDraw, rect: Rect, scale: float, unit: int) -> None:
    x0, y0 = rect.x * scale, rect.y * scale
    x1, y1 = (rect.x + rect.width) * scale, (rect.y + rect.height) * scale
    if rect.fill is not None:
        _fill(draw, x0, y0, x1, y1, rect.fill, unit)
    if rect.stroke is not None:
        pixels = stroke_pixels(rect.line_width, rect.outweighs, scale / unit)
        for edge in ((x0, y0, x1, y0), (x0, y1, x1, y1), (x0, y0, x0, y1), (x1, y0, x1, y1)):
            _stroke(draw, *edge, pixels, rect.stroke, unit)


def _draw_text(draw: ImageDraw.ImageDraw, text: Text, scale: float, fonts: FontSet) -> None:
    """Glyph by glyph at the font's exact (unhinted, unkerned) advances, as the PDF places them,
    each run in the face of the fallback chain that has its glyphs."""
    pieces = text_pieces(text.text, text.font, fonts)
    pixels = round(text.size * scale, 2)
    if len(text.text) == 1 and pieces and pieces[0].direction is None:
        draw.text((text.x * scale, text.y * scale), text.text, fill=_grey(text.grey), font=_font(pieces[0].face, pixels),
                  anchor=_ANCHORS[text.align])
        return
    width = text_width(text.text, text.font, text.size, fonts)
    x = text.x - {"left": 0.0, "center": width / 2, "right": width}[text.align]
    for piece in pieces:
        if piece.direction:
            draw.text((x * scale, text.y * scale), piece.text, fill=_grey(text.grey),
                      font=_font(piece.face, pixels, True), anchor="ls", direction=piece.direction)
            x += piece.width * text.size
            continue
        font = _font(piece.face, pixels)
        for char in piece.text:
            if not char.isspace():
                draw.text((x * scale, text.y * scale), char, fill=_grey(text.grey), font=font, anchor="ls")
            x += face_width(char, piece.face) * text.size


def _draw_rotated(image: Image.Image, text: Text, scale: float, fonts: FontSet) -> None:
    """A turned text: drawn upright into a mask around its anchor, turned, and pasted in its grey."""
    reach = math.ceil((text_width(text.text, text.font, text.size, fonts) + 2 * text.size) * scale) + 2
    mask = Image.new("L", (2 * reach, 2 * reach), 0)
    upright = replace(text, x=reach / scale, y=reach / scale, grey=1.0, rotation=0.0)
    _draw_text(ImageDraw.Draw(mask), upright, scale, fonts)
    mask = mask.rotate(text.rotation, resample=Image.Resampling.BICUBIC, center=(reach, reach))
    image.paste(_grey(text.grey), (round(text.x * scale) - reach, round(text.y * scale) - reach,
                                   round(text.x * scale) + reach, round(text.y * scale) + reach), mask)


SMOOTH_DPI = 150
"""Below this resolution pages are drawn larger and scaled down, so text is smooth; lines and
shading stay snapped to whole output pixels (never under one), as PDF viewers draw them."""


MIN_DPI, MAX_DPI = 10, 2400
"""The resolutions PNG output accepts."""
MAX_PIXELS = 100_000_000
"""The largest PNG page, in pixels (100 MB of grey): an A4 page up to 1,200 DPI, an A2 poster up to 600."""


def check_resolution(width: float, height: float, dpi: float) -> tuple[int, int]:
    """The pixel size of a ``width`` x ``height`` point page at ``dpi``; raises UnsupportedError (exit 2)
    outside 10-2400 DPI or over :data:`MAX_PIXELS`, naming the largest resolution that fits."""
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise UnsupportedError(f"PNG resolution {dpi:g} DPI: use {MIN_DPI} to {MAX_DPI} DPI")
    size = (max(1, round(width * dpi / 72)), max(1, round(height * dpi / 72)))
    if size[0] * size[1] > MAX_PIXELS:
        largest = int(72 * math.sqrt(MAX_PIXELS / (width * height)))
        raise UnsupportedError(f"a {width / 72:.3g} x {height / 72:.3g} in page at {dpi:g} DPI is "
                               f"{size[0] * size[1] / 1e6:.0f} million pixels, over the limit of "
                               f"{MAX_PIXELS / 1e6:.0f} million; use at most {largest} DPI")
    return size


def render_png(page: Page, dpi: float = 150) -> Image.Image:
    """One page as a greyscale image at ``dpi`` dots per inch (the whole media, bleed included)."""
    size = check_resolution(page.width, page.height, dpi)
    factor = min(4, math.ceil(SMOOTH_DPI / dpi))
    if factor > 1:
        return _draw_page(page, dpi * factor, size, factor).resize(size, Image.Resampling.BOX)
    return _draw_page(page, dpi, size, 1)


def _draw_page(page: Page, dpi: float, size: tuple[int, int], unit: int) -> Image.Image:
    scale = dpi / 72.0
    fonts = page.fonts or DEFAULT_FONTS
    image = Image.new("L", (size[0] * unit, size[1] * unit), 255)
    draw = ImageDraw.Draw(image)
    for item in page.items:
        if isinstance(item, Line):
            _draw_line(draw, item, scale, unit)
        elif isinstance(item, Rect):
            _draw_rect(draw, item, scale, unit)
        elif item.rotation:
            _draw_rotated(image, item, scale, fonts)
        else:
            _draw_text(draw, item, scale, fonts)
    return image


def png_bytes(page: Page, dpi: float = 150, *, files: dict[str, bytes] | None = None) -> bytes:
    """The PNG file of one page, with its resolution recorded, and ``files`` (name -> UTF-8 text) as
    compressed international text chunks (iTXt) keyed by their names."""
    buffer = io.BytesIO()
    info = PngInfo()
    for name, data in sorted((files or {}).items()):
        info.add_itxt(name, data.decode("utf-8"), zip=True)
    render_png(page, dpi).save(buffer, format="PNG", dpi=(dpi, dpi), compress_level=6, pnginfo=info)
    return buffer.getvalue()


def png_files(document: Document, *, dpi: float = 150, on_page: Callable[[], None] | None = None) -> Iterator[bytes]:
    """The ``png`` page output: a PNG file a page, each drawn as the one before is written (a page too large for
    ``dpi`` is refused before it is drawn); the first carries the document's attachments."""
    for number, page in enumerate(document.pages):
        check_resolution(page.width, page.height, dpi)
        yield png_bytes(page, dpi, files=None if number else document.attachments)
        if on_page is not None:
            on_page()


register_page_output(PageOutput("png", ".png", png_files, one_file=False,
                                summary="greyscale PNG images, a file a page (NAME-1.png, NAME-2.png, ...)"))
