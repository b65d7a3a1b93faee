"""Drawing one grid of any box shape as page primitives.

Layers, bottom to top: shaded cells, cell lines, box lines, the border, then
digits (givens, filled digits, candidates or a pencil-mark guide).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from ..grid import Grid, candidate_digits
from ..shape import Shape, digit_symbol
from .fonts import DEFAULT_FONTS, FontSet, optical_origin, size_for_ink_height
from .geometry import digit_font_size
from .page import GridPlacement, Item, Line, Rect, Text
from .spec import GridStyle

MIN_LINE = 0.25
"""No line is drawn thinner than this, in points."""


@dataclass(frozen=True)
class LineWidths:
    """The three line weights of a grid."""

    cell: float
    box: float
    border: float


def line_widths(style: GridStyle, scale: float = 1.0) -> LineWidths:
    """The template's line weights scaled for a smaller grid, never under the template's
    ``min_line`` (at least 0.25 pt) and with box lines kept 2-4 times the cell lines."""
    cell = max(MIN_LINE, style.min_line, style.cell_line * scale)
    box = min(4 * cell, max(2 * cell, style.box_line * scale))
    border = max(box, style.border_line * scale)
    return LineWidths(cell, box, border)


def grid_lines(shape: Shape, x: float, y: float, size: float, widths: LineWidths, grey: float = 0.0) -> list[Item]:
    """Cell lines, box lines (every ``box_width`` columns, ``box_height`` rows) and the border."""
    side = shape.side
    step = size / side
    thin: list[Item] = []
    thick: list[Item] = []
    for k in range(1, side):
        offset = k * step
        for on_box, line in ((k % shape.box_width == 0, (x + offset, y, x + offset, y + size)),
                             (k % shape.box_height == 0, (x, y + offset, x + size, y + offset))):
            if on_box:
                thick.append(Line(*line, widths.box, grey, outweighs=widths.cell))
            else:
                thin.append(Line(*line, widths.cell, grey))
    border = Rect(x, y, size, size, stroke=grey, line_width=widths.border, outweighs=widths.cell)
    return thin + thick + [border]


DARK_LINE_GREY = 0.85
"""Grey of the grid's lines where they run between two dark cells, so a motif's box lines still show."""


def lines_in_dark(shape: Shape, x: float, y: float, size: float, widths: LineWidths, dark: frozenset[int]) -> list[Item]:
    """Light lines over the stretches of the inner grid lines that run between two dark cells
    (each stretch one line, cell and box weights as below them)."""
    side, step = shape.side, size / shape.side
    items: list[Item] = []
    for k in range(1, side):
        vertical_box, horizontal_box = k % shape.box_width == 0, k % shape.box_height == 0
        for vertical in (True, False):
            run: int | None = None
            for r in range(side + 1):
                pair = ((r * side + k - 1, r * side + k) if vertical else ((k - 1) * side + r, k * side + r))
                inside = r < side and pair[0] in dark and pair[1] in dark
                if inside and run is None:
                    run = r
                elif not inside and run is not None:
                    offset, start, end = k * step, run * step, r * step
                    on_box = vertical_box if vertical else horizontal_box
                    width = widths.box if on_box else widths.cell
                    cap = width / 2  # square caps would poke into the light cells at either end
                    line = (x + offset, y + start + cap, x + offset, y + end - cap) if vertical else \
                        (x + start + cap, y + offset, x + end - cap, y + offset)
                    items.append(Line(*line, width, DARK_LINE_GREY))
                    run = None
    return items


def _centred_digit(symbol: str, font: str, size: float, cx: float, cy: float, grey: float,
                   fonts: FontSet = DEFAULT_FONTS) -> Text:
    tx, ty = optical_origin(symbol, font, size, cx, cy, fonts)  # type: ignore[arg-type]
    return Text(tx, ty, symbol, size, font, "left", grey)  # type: ignore[arg-type]


def _small_digits(
    shape: Shape, x: float, y: float, step: float, cells: Iterable[tuple[int, int]], ratio: float, grey: float,
    fonts: FontSet = DEFAULT_FONTS,
) -> list[Item]:
    """Candidate-sized digits at their place in a cell (a box-shaped sub-grid)."""
    items: list[Item] = []
    pad = step * 0.08
    sub_w = (step - 2 * pad) / shape.box_width
    sub_h = (step - 2 * pad) / shape.box_height
    font_size = size_for_ink_height(min(step * ratio, sub_h * 0.72), "regular", fonts)
    for cell, mask in cells:
        row, column = divmod(cell, shape.side)
        left, top = x + column * step + pad, y + row * step + pad
        for digit in candidate_digits(mask):
            sub_row, sub_column = divmod(digit - 1, shape.box_width)
            cx = left + (sub_column + 0.5) * sub_w
            cy = top + (sub_row + 0.5) * sub_h
            items.append(_centred_digit(digit_symbol(digit), "regular", font_size, cx, cy, grey, fonts))
    return items


def draw_grid(
    shape: Shape,
    x: float,
    y: float,
    size: float,
    style: GridStyle,
    *,
    grid: Grid | None = None,
    shaded: Iterable[int] = (),
    tinted: Iterable[int] = (),
    fills: Mapping[int, float] | None = None,
    show_candidates: bool = False,
    pencil_guide: bool = False,
    show_digits: bool = True,
    line_scale: float = 1.0,
    role: str = "puzzle",
    number: int | None = None,
) -> tuple[list[Item], GridPlacement]:
    """The primitives of one grid with its top-left corner at (x, y), ``size`` points wide.

    Givens are drawn in the template's given font; filled digits (values that
    are not givens) in the filled font and grey, so an answer shows which
    digits were given.  ``shaded`` cells get a dark fill and light digits,
    ``tinted`` cells a light fill and the usual digits; ``fills`` gives cells
    a grey of their own (0 black - 1 white), over the others, and a digit on a
    fill darker than mid-grey is drawn light, like a shaded cell's.
    """
    step = size / shape.side
    own = dict(fills or {})
    marked = frozenset(shaded)
    shaded_cells = frozenset(c for c in marked if c not in own) | {c for c, grey in own.items() if grey < 0.5}
    greys = dict.fromkeys(tinted, style.tint_grey)
    greys.update(dict.fromkeys(marked, style.shade_grey))
    greys.update(own)
    items: list[Item] = [Rect(x + (c % shape.side) * step, y + (c // shape.side) * step, step, step, fill=greys[c])
                         for c in sorted(greys)]
    widths = line_widths(style, line_scale)
    items += grid_lines(shape, x, y, size, widths)
    dark = frozenset(c for c, grey in greys.items() if grey < 0.5)
    if dark:
        items += lines_in_dark(shape, x, y, size, widths, dark)
    drawn = ["."] * shape.cell_count
    if grid is not None and show_digits:
        font_size = digit_font_size(step, style)
        for cell, value in enumerate(grid.values):
            if not value:
                continue
            row, column = divmod(cell, shape.side)
            cx, cy = x + (column + 0.5) * step, y + (row + 0.5) * step
            given = cell in grid.givens
            font = style.given_font if given else style.filled_font
            grey = style.shaded_digit_grey if cell in shaded_cells else (0.0 if given else style.filled_grey)
            symbol = digit_symbol(value)
            items.append(_centred_digit(symbol, font, font_size, cx, cy, grey, style.fonts))
            drawn[cell] = symbol
    if grid is not None and show_candidates:
        marks = grid.candidates if grid.candidates is not None else grid.computed_candidates()
        open_cells = [(c, m) for c, m in enumerate(marks) if m and not grid.values[c]]
        items += _small_digits(shape, x, y, step, open_cells, style.candidate_ratio, 0.15, style.fonts)
    if pencil_guide:
        empty = [c for c in range(shape.cell_count) if grid is None or not grid.values[c]]
        items += _small_digits(shape, x, y, step, [(c, shape.all_digits_mask) for c in empty], style.candidate_ratio,
                               style.guide_grey, style.fonts)
    return items, GridPlacement(x, y, size, shape.side, role, number, "".join(drawn))
