"""A paperback's cover: one full-wrap page, back, spine and front, with bleed on every outer edge.

Its size follows the interior: the spine is the page count times the
paper's thickness (:class:`~sudokuprint.layout.printers.BookRules`), so the
cover is made after the interior, from its final page count.  From left to
right on the sheet:

* the back: the blurb, a sample puzzle from the book, and at its lower right
  a white 2 x 1.2 in area for the barcode the printer adds;
* the spine: title and author reading top to bottom, only where the printer
  allows spine text (KDP: 79 pages or more), kept clear of both folds;
* the front: title, subtitle, a library motif drawn as a real pattern puzzle
  (its givens shaded as the motif, a unique puzzle made for it), and the author.

Everything is grey: a dark ground running into the bleed, white text, and the
grids on white panels.  Text and art keep the printer's safe distance from
the trim and the folds.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...layout.fonts import text_width
from ...layout.gridview import draw_grid
from ...layout.page import Box, Document, Metadata, Page, Rect, Text
from ...layout.printers import BookRules
from ...layout.template import Template
from ...layout.textfit import cut, fit_lines, wrap
from ..puzzles import Puzzle

GROUND = 0.18
"""Grey of the cover's ground (0 black, 1 white)."""
SPINE_ASCENT, SPINE_DESCENT = 0.8, 0.25
"""Reach of a line of text above and below its baseline, in em (capitals and descenders), on the spine."""
PANEL_PAD = 0.08
"""White border of a grid's panel, as a share of the grid."""


@dataclass(frozen=True)
class CoverGeometry:
    """Where the parts of a full-wrap cover are, in points from the sheet's top-left corner."""

    trim_width: float
    """Width of one panel (the book's trim width)."""
    trim_height: float
    spine: float
    bleed: float

    @property
    def width(self) -> float:
        return 2 * self.bleed + 2 * self.trim_width + self.spine

    @property
    def height(self) -> float:
        return 2 * self.bleed + self.trim_height

    @property
    def trim_box(self) -> Box:
        return self.bleed, self.bleed, self.width - self.bleed, self.height - self.bleed

    @property
    def back(self) -> Box:
        return self.bleed, self.bleed, self.bleed + self.trim_width, self.bleed + self.trim_height

    @property
    def spine_box(self) -> Box:
        left = self.bleed + self.trim_width
        return left, self.bleed, left + self.spine, self.bleed + self.trim_height

    @property
    def front(self) -> Box:
        left = self.bleed + self.trim_width + self.spine
        return left, self.bleed, left + self.trim_width, self.bleed + self.trim_height


def cover_geometry(template: Template, rules: BookRules, pages: int, *, paper: str = "white",
                   thickness: float | None = None) -> CoverGeometry:
    """The cover of a book of ``pages`` pages printed with ``template``'s trim on ``paper``."""
    spec = template.page
    return CoverGeometry(spec.trim_width, spec.trim_height, rules.spine_width(pages, paper, thickness),
                         rules.cover_bleed)


def barcode_box(geometry: CoverGeometry, rules: BookRules) -> Box:
    """The white area for the barcode: at the back's lower right, ``barcode_margin`` from the bottom trim
    edge and from the spine fold."""
    width, height = rules.barcode
    right = geometry.back[2] - rules.barcode_margin
    bottom = geometry.back[3] - rules.barcode_margin
    return right - width, bottom - height, right, bottom


def _safe(box: Box, margin: float) -> Box:
    return box[0] + margin, box[1] + margin, box[2] - margin, box[3] - margin


def _panel_grid(page: Page, template: Template, puzzle: Puzzle, x: float, y: float, size: float,
                shaded: frozenset[int] = frozenset()) -> None:
    """A grid on a white panel whose border is ``PANEL_PAD`` of the grid wide."""
    pad = size * PANEL_PAD
    page.add(Rect(x - pad, y - pad, size + 2 * pad, size + 2 * pad, fill=1.0))
    items, placement = draw_grid(puzzle.grid.shape, x, y, size, template.style, grid=puzzle.grid, shaded=shaded,
                                 role="puzzle", number=puzzle.number)
    page.add(*items)
    page.grids.append(placement)


def _lines(page: Page, template: Template, text: str, font: str, size: float, box: Box, y: float, *,
           field: str, max_lines: int, grey: float, min_size: float) -> float:
    """``text`` fitted to the box's width and centred, from baseline ``y``; returns the baseline after it."""
    width = box[2] - box[0]
    lines, fitted = fit_lines(text, font, size, width, max_lines=max_lines, min_size=min_size,  # type: ignore[arg-type]
                              field=field, fonts=template.fonts)
    for number, line in enumerate(lines):
        y += fitted * 1.15 if number else 0.0
        page.add(Text((box[0] + box[2]) / 2, y, line, fitted, font, "center", grey))  # type: ignore[arg-type]
    return y


def build_cover(geometry: CoverGeometry, rules: BookRules, template: Template, *, pages: int, title: str,
                subtitle: str, author: str, blurb: str, sample: Puzzle, art: Puzzle,
                art_cells: frozenset[int]) -> Document:
    """The full-wrap cover of a book of ``pages`` pages (see the module's docstring for what goes where)."""
    furniture = template.furniture
    least = furniture.min_text_size
    page = Page(geometry.width, geometry.height, trim_box=geometry.trim_box,
                bleed_box=(0.0, 0.0, geometry.width, geometry.height), number=1, fonts=template.fonts)
    page.add(Rect(0.0, 0.0, geometry.width, geometry.height, fill=GROUND))

    front = _safe(geometry.front, rules.cover_safe)
    size = furniture.title_size * 1.4
    y = _lines(page, template, title, "bold", size, front, front[1] + size, field="title", max_lines=3,
               grey=1.0, min_size=furniture.title_min_size)
    if subtitle:
        small = max(size * 0.4, least)
        y = _lines(page, template, subtitle, "regular", small, front, y + small * 1.8, field="subtitle",
                   max_lines=2, grey=0.85, min_size=least)
    author_size = max(size * 0.45, least)
    author_y = front[3] - author_size * 0.4
    if author:
        _lines(page, template, author, "regular", author_size, front, author_y, field="author", max_lines=1,
               grey=1.0, min_size=least)
    top = y + size * 0.8
    room = min(front[2] - front[0], author_y - author_size * 2 - top) / (1 + 2 * PANEL_PAD)
    art_x = (front[0] + front[2]) / 2 - room / 2
    _panel_grid(page, template, art, art_x, top + room * PANEL_PAD, room, art_cells)

    back = _safe(geometry.back, rules.cover_safe)
    code = barcode_box(geometry, rules)
    body = max(furniture.title_size * 0.45, least)
    y = back[1] + body
    for line in wrap(blurb, "regular", body, back[2] - back[0], template.fonts):
        page.add(Text(back[0], y, line, body, "regular", "left", 1.0))
        y += body * 1.35
    caption = template.strings.text("sample_puzzle", n=sample.number)
    grid_size = min((back[2] - back[0]) * 0.62, code[1] - y - body * 3) / (1 + 2 * PANEL_PAD)
    if grid_size > 72:
        grid_y = y + body + grid_size * PANEL_PAD
        _panel_grid(page, template, sample, back[0] + grid_size * PANEL_PAD, grid_y, grid_size)
        page.add(Text(back[0], grid_y + grid_size * (1 + PANEL_PAD) + body * 1.4, caption, max(body * 0.8, least),
                      "regular", "left", 0.85))
    page.add(Rect(code[0], code[1], code[2] - code[0], code[3] - code[1], fill=1.0))

    spine = geometry.spine_box
    room = spine[2] - spine[0] - 2 * rules.spine_safety  # across the spine, clear of both folds
    spine_size = min(room / (SPINE_ASCENT + SPINE_DESCENT) * 0.98, furniture.title_size * 0.6)
    if rules.spine_text_allowed(pages, geometry.spine, max(spine_size, least)) and spine_size >= least:
        words = " · ".join(part for part in (title, author) if part)
        length = spine[3] - spine[1] - 2 * rules.cover_safe
        words = cut(words, "bold", spine_size, length, template.fonts)
        centre_x = (spine[0] + spine[2]) / 2
        start = (spine[1] + spine[3]) / 2 - text_width(words, "bold", spine_size, template.fonts) / 2
        baseline = centre_x - spine_size * (SPINE_ASCENT - SPINE_DESCENT) / 2  # the line's ink centred on the spine
        page.add(Text(baseline, start, words, spine_size, "bold", "left", 1.0, rotation=-90.0))
    return Document([page], Metadata(title=title, author=author, subject=f"Cover of {title}"))
