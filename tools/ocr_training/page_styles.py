"""How the suite's grids are printed: line weights and colours, shaded boxes, tinted paper, and the page's curl.

A :class:`GridStyle` is one way a publisher prints a Sudoku grid; :func:`draw_grid` prints one with its givens
and :func:`curl_page` bows a whole page the way a book's or a folded newspaper's page bows under the camera.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

PAPER = (250, 248, 240)
"""White newsprint, the paper of a style that does not tint it."""
PRINT = (10, 10, 10)
"""The givens' ink: every style prints its digits in black."""


@dataclass(frozen=True)
class GridStyle:
    """One way of printing a grid.

    Widths are shares of the grid's side (the thick width is drawn a little wider or narrower each time).
    """

    name: str
    thin: float = 1 / 400
    thick: float = 1 / 130
    thin_colour: tuple[int, int, int] = (15, 15, 15)
    thick_colour: tuple[int, int, int] = (15, 15, 15)
    shade: tuple[int, int, int] | None = None
    """Fill of every other 3x3 box (the corner and centre boxes), or none."""
    paper: tuple[int, int, int] = PAPER
    curl: float = 0.0
    """How far the page bows, a share of its height (0: flat)."""


GRID_STYLES: dict[str, GridStyle] = {style.name: style for style in (
    GridStyle("classic"),
    GridStyle("equal-weight", thin=1 / 260, thick=1 / 260),
    GridStyle("thin-light", thin=1 / 700, thick=1 / 330, thin_colour=(165, 165, 165), thick_colour=(105, 105, 105)),
    GridStyle("coloured", thin=1 / 380, thick=1 / 140, thin_colour=(70, 110, 190), thick_colour=(25, 60, 150)),
    GridStyle("coloured-red", thin=1 / 380, thick=1 / 140, thin_colour=(215, 90, 90), thick_colour=(170, 30, 40)),
    GridStyle("shaded-boxes", shade=(222, 222, 222)),
    GridStyle("shaded-tint", thin=1 / 350, thick=1 / 200, shade=(212, 228, 245)),
    GridStyle("tinted-paper", paper=(240, 228, 198)),
    GridStyle("tinted-green", thin=1 / 330, thick=1 / 160, paper=(222, 238, 220)),
    GridStyle("curl", curl=0.025),
)}
"""The suite's grid styles: black lines thin and thick (``classic``), lines of one weight, thin light lines, blue
or red lines, shaded alternate boxes (grey or tinted), tinted paper (cream or green) and a bowed page."""
STYLE_GROUP = {"coloured-red": "coloured", "shaded-tint": "shaded-boxes", "tinted-green": "tinted-paper"}
"""A style's group in the figures (a variant counts with its group; the others are their own group)."""


def style_group(name: str) -> str:
    """The group ``name`` is reported under."""
    return STYLE_GROUP.get(name, name)


def draw_grid(draw: ImageDraw.ImageDraw, left: int, top: int, side: int, values: list[int], face: str,
              rng: np.random.Generator, style: GridStyle = GRID_STYLES["classic"]) -> None:
    """Print a grid of side ``side`` at (``left``, ``top``) with its givens ``values`` (81, 0 = empty) in the
    font file ``face``, as ``style`` prints it."""
    cell = side / 9
    if style.shade is not None:
        for box in (0, 2, 4, 6, 8):
            x, y = left + (box % 3) * 3 * cell, top + (box // 3) * 3 * cell
            draw.rectangle([x, y, x + 3 * cell, y + 3 * cell], fill=style.shade)
    thin = max(1, int(side * style.thin))
    thick = max(thin, max(3, int(side * style.thick * rng.uniform(0.8, 1.4))) if style.thick > style.thin else thin)
    for k in (k for k in range(10) if k % 3):  # thin lines first: the box lines are drawn over them
        draw.line([(left + k * cell, top), (left + k * cell, top + side)], fill=style.thin_colour, width=thin)
        draw.line([(left, top + k * cell), (left + side, top + k * cell)], fill=style.thin_colour, width=thin)
    for k in (0, 3, 6, 9):
        draw.line([(left + k * cell, top), (left + k * cell, top + side)], fill=style.thick_colour, width=thick)
        draw.line([(left, top + k * cell), (left + side, top + k * cell)], fill=style.thick_colour, width=thick)
    font = ImageFont.truetype(face, int(cell * rng.uniform(0.55, 0.72)))
    for index, value in enumerate(values):
        if value:
            cx, cy = left + (index % 9 + 0.5) * cell, top + (index // 9 + 0.5) * cell
            draw.text((cx, cy), str(value), fill=PRINT, font=font, anchor="mm")


def curl_page(page: Image.Image, amount: float, rng: np.random.Generator) -> Image.Image:
    """``page`` bowed: its rows sag in an arc across the page and its columns in another down it, the middle
    moved by ``amount`` of the page's height (lines that were straight become curves)."""
    if amount <= 0:
        return page
    pixels = np.asarray(page)
    h, w = pixels.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    across = 1 - ((xs - w * rng.uniform(0.4, 0.6)) / (w / 2)) ** 2
    down = 1 - ((ys - h * rng.uniform(0.4, 0.6)) / (h / 2)) ** 2
    sag = amount * h * rng.uniform(0.7, 1.3) * rng.choice([-1, 1])
    lean = amount * w * rng.uniform(0.3, 0.8) * rng.choice([-1, 1])
    warped = cv2.remap(pixels, (xs - lean * down).astype(np.float32), (ys - sag * across).astype(np.float32),
                       cv2.INTER_LINEAR,
                       borderMode=cv2.BORDER_CONSTANT, borderValue=tuple(int(v) for v in pixels[0, 0]))
    return Image.fromarray(warped)
