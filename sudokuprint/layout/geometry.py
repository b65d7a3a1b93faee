"""Page and grid geometry: boxes, the live frame, slots for grids, digit sizes.

All results are in points, in page coordinates (origin top-left of the media,
which includes the bleed).
"""

from __future__ import annotations

from dataclasses import dataclass

from .fonts import size_for_ink_height
from .page import Box
from .spec import GridStyle, PageSpec, Template


def is_recto(page_index: int) -> bool:
    """Right-hand (odd-numbered) page: page 1 is a recto."""
    return page_index % 2 == 0


def trim_box(page: PageSpec, page_index: int = 0) -> Box:
    """The trimmed page inside the bleed.

    A bound book (mirrored margins) bleeds at the top, bottom and outside edge
    only, never at the spine: a recto's trim starts at the media's left edge, a
    verso's one bleed in.
    """
    bleed = page.media_bleed
    left = bleed if not page.mirror_margins or not is_recto(page_index) else 0.0
    return left, bleed, left + page.trim_width, bleed + page.trim_height


def frame(page: PageSpec, page_index: int, page_count: int) -> Box:
    """The live area of one page: the trim less the margins.

    The inside margin grows with the page count (``gutter_steps``); with
    mirrored margins the inside margin is on the left of rectos and the right
    of versos, else always on the left.
    """
    inside = page.margin_inside + page.gutter(page_count)
    outside = page.margin_outside
    if page.mirror_margins and not is_recto(page_index):
        left, right = outside, inside
    else:
        left, right = inside, outside
    x0, y0, x1, y1 = trim_box(page, page_index)
    return x0 + left, y0 + page.margin_top, x1 - right, y1 - page.margin_bottom


@dataclass(frozen=True)
class Slot:
    """One place for a grid on a page: the grid square and the label line above it."""

    box: Box
    x: float
    y: float
    size: float
    label_y: float
    """Baseline of the label line above the grid."""

    @property
    def right(self) -> float:
        return self.x + self.size


def label_band(template: Template) -> float:
    """Height kept above each grid for its label."""
    return template.grid.label_size * 1.2 + template.grid.label_gap


def slots(template: Template, live: Box, side: int, *, below: float = 0.0) -> list[Slot]:
    """The grid slots of a page, row by row; ``below`` is a share of the grid kept free under it."""
    spec = template.grid
    ink = template.style.border_line / 2  # a border stroke straddles its edge: keep all of it in the live area
    live = (live[0] + ink, live[1], live[2] - ink, live[3] - ink)
    width = (live[2] - live[0] - (spec.columns - 1) * spec.gap_x) / spec.columns
    height = (live[3] - live[1] - (spec.rows - 1) * spec.gap_y) / spec.rows
    band = label_band(template)
    size = min(width, (height - band) / (1 + below))
    if spec.max_cell:
        size = min(size, spec.max_cell * side)
    block = band + size * (1 + below)
    result = []
    for row in range(spec.rows):
        for column in range(spec.columns):
            left = live[0] + column * (width + spec.gap_x)
            top = live[1] + row * (height + spec.gap_y)
            grid_x = left + (width - size) / 2
            grid_y = top + (height - block) / 2 + band
            result.append(Slot((left, top, left + width, top + height), grid_x, grid_y, size, grid_y - spec.label_gap))
    return result


def grid_boxes(template: Template, live: Box, side: int) -> list[tuple[float, float, float]]:
    """(x, y, size) of every grid of a page."""
    return [(s.x, s.y, s.size) for s in slots(template, live, side)]


def digit_font_size(cell: float, style: GridStyle) -> float:
    """Font size of the digits in a cell of side ``cell``: their ink is ``digit_ratio`` of it."""
    return size_for_ink_height(cell * style.digit_ratio, style.given_font, style.fonts)  # type: ignore[arg-type]
