"""Patterns of givens as pictures: text pictures, pattern codes and small images.

A *text picture* has one line per row and one character per cell: ``x``,
``X``, ``#`` or ``1`` mark a given, ``.`` or ``0`` an empty cell.  Blank lines
and lines starting with ``;`` are ignored, and so are spaces inside a line.
The number of rows gives the grid (9 rows: 9x9, 6 rows: 6x6 with 3x2 boxes ...).

A *pattern code* (docs/formats.md §7) names a 180°-symmetric 9x9 pattern; a line
``code_solution`` is read for its code.  A *small black-and-white image* is
scaled to the grid: a cell whose area is mostly dark is a given.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from ..errors import MissingDependencyError, ParseError
from ..images import open_image
from ..shape import CLASSIC, Shape
from .code import decode_pattern

if TYPE_CHECKING:
    from PIL import Image

TITLE = "pattern picture"
GIVEN_MARKS = "xX#1"
EMPTY_MARKS = ".0"
COMMENT = ";"
IMAGE_SUFFIXES = frozenset({".png", ".gif", ".bmp", ".jpg", ".jpeg", ".pbm", ".pgm", ".ppm", ".tif", ".tiff", ".webp"})
_CODE = re.compile(r"^\s*([0-9A-Fa-f]{10}[01]?)(?:_[1-9]{81})?\s*$")


def is_pattern_code(text: str) -> bool:
    """True for a pattern code, alone or followed by ``_`` and a solution."""
    return _CODE.match(text) is not None


def parse_code(text: str) -> tuple[Shape, frozenset[int]]:
    """The 9x9 pattern a code (or ``code_solution`` line) names."""
    match = _CODE.match(text)
    if match is None:
        raise ParseError("pattern code", "not a pattern code", line=1, column=1, text=text.strip(),
                         expected="10 hex digits, an optional 0/1 centre flag, optionally _ and an 81-digit solution")
    return CLASSIC, decode_pattern(match.group(1))


def parse_picture(text: str, *, source: str | None = None) -> tuple[Shape, frozenset[int]]:
    """The shape and the 0-based given cells of a text picture."""
    rows: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = "".join(line.split())
        if stripped and not stripped.startswith(COMMENT):
            rows.append((number, stripped))
    if not rows:
        raise ParseError(TITLE, "no rows", expected="one line of cells per row", source=source)
    shape = Shape.for_cell_count(len(rows) ** 2)
    if shape is None:
        raise ParseError(TITLE, f"{len(rows)} rows is not a grid side", line=rows[-1][0], source=source,
                         expected="4, 6, 9 or 16 rows")
    cells = set()
    for row, (number, line) in enumerate(rows):
        if len(line) != shape.side:
            raise ParseError(TITLE, f"row {row + 1} has {len(line)} cells", line=number, text=line,
                             expected=f"{shape.side} cells, like the other rows", source=source)
        for column, mark in enumerate(line):
            if mark in GIVEN_MARKS:
                cells.add(row * shape.side + column)
            elif mark not in EMPTY_MARKS:
                raise ParseError(TITLE, f"{mark!r} is not a cell mark", line=number, column=column + 1, text=mark,
                                 expected=f"one of {GIVEN_MARKS} (a given) or {EMPTY_MARKS} (empty)", source=source)
    return shape, frozenset(cells)


def read_image(path: str | Path, shape: Shape = CLASSIC, *, threshold: int | None = None) -> frozenset[int]:
    """The cells of ``shape`` whose part of the image is dark.

    Any picture works, photos too: transparency counts as white paper, the
    grey levels are stretched to the full range, each cell takes the mean of
    its part of the picture (aspect kept, white around it), and a cell is
    dark when that mean is below ``threshold`` (0-255); by default the
    threshold that best splits the cells' levels into two groups (Otsu's
    criterion), so mid-tone pictures split where their histogram does.
    """
    try:
        import PIL  # noqa: F401  (Pillow is what reads the image)
    except ImportError:
        raise MissingDependencyError("reading a pattern from an image needs Pillow (pip install pillow)") from None
    try:
        with open_image(path, str(path)) as image:  # the limits of every image input, checked before decoding
            levels = cell_levels(image, shape.side)
    except (OSError, SyntaxError, ValueError) as error:  # not an image, a truncated one, or unreadable
        raise ParseError("pattern image", f"cannot read the image: {error}", source=str(path)) from None
    cut = split_level(levels) if threshold is None else threshold
    return frozenset(cell for cell, value in enumerate(levels) if value < cut)


def cell_levels(image: "Image.Image", side: int) -> list[int]:
    """Grey level (0 black - 255 white) of each cell of a ``side`` x ``side`` grid laid over the picture."""
    from PIL import Image, ImageOps  # here: as in read_image

    if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info):
        rgba = image.convert("RGBA")
        image = Image.alpha_composite(Image.new("RGBA", rgba.size, (255, 255, 255, 255)), rgba)
    grey = ImageOps.autocontrast(image.convert("L"))
    fitted = ImageOps.pad(grey, (side * 8, side * 8), Image.Resampling.BOX, color=255)
    return list(fitted.resize((side, side), Image.Resampling.BOX).tobytes())


def split_level(levels: Iterable[int]) -> int:
    """The grey level that splits ``levels`` into a dark and a light group best (Otsu); 128 for a flat picture."""
    values = sorted(levels)
    best, cut = -1.0, 128
    for index in range(1, len(values)):
        if values[index] == values[index - 1]:
            continue
        dark, light = values[:index], values[index:]
        mean_dark, mean_light = sum(dark) / len(dark), sum(light) / len(light)
        spread = len(dark) * len(light) * (mean_dark - mean_light) ** 2
        if spread > best:
            best, cut = spread, (values[index - 1] + values[index] + 1) // 2
    return cut


def read_pattern_file(path: str | Path, shape: Shape | None = None, *,
                      threshold: int | None = None) -> tuple[Shape, frozenset[int]]:
    """A pattern from a file: an image (scaled to ``shape``, 9x9 by default, dark below ``threshold``
    as in :func:`read_image`), a code or a text picture."""
    path = Path(path)
    if path.suffix.lower() in IMAGE_SUFFIXES:
        target = shape or CLASSIC
        return target, read_image(path, target, threshold=threshold)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise ParseError("pattern picture", f"not UTF-8 text (byte {error.start + 1}): neither an image nor a "
                         "pattern picture or code", source=str(path)) from None
    meaningful = [line for line in text.splitlines() if line.strip() and not line.strip().startswith(COMMENT)]
    if len(meaningful) == 1 and is_pattern_code(meaningful[0]):
        return parse_code(meaningful[0])
    return parse_picture(text, source=str(path))


def draw_picture(cells: Iterable[int], shape: Shape = CLASSIC, *, given: str = "#", empty: str = ".") -> str:
    """The text picture of a pattern, one line per row, ending with a newline."""
    chosen = frozenset(cells)
    side = shape.side
    return "".join(
        "".join(given if r * side + c in chosen else empty for c in range(side)) + "\n" for r in range(side)
    )
