"""Crop marks: a document on larger sheets with its trim marked at the corners (for posters sent to print)."""

from __future__ import annotations

from dataclasses import replace

from ..layout.page import Document, Item, Line, Page
from ..layout.units import mm

CROP_SLUG = mm(12)
"""Paper added on every side of a page to carry its crop marks (12 mm)."""
CROP_OFFSET = mm(3)
"""Gap between the trim edge and the start of a crop mark (3 mm), so no mark shows after trimming."""


def with_crop_marks(document: Document) -> Document:
    """The document on larger sheets, each page's trim shown by crop marks at its four corners.

    Every page grows by :data:`CROP_SLUG` on each side; its drawing moves with
    it, its trim box is set to the old page, and eight hairlines mark the
    corners outside the trim.
    """
    pages = []
    slug, offset = CROP_SLUG, CROP_OFFSET
    for page in document.pages:
        moved = [_moved(item, slug) for item in page.items]
        width, height = page.width + 2 * slug, page.height + 2 * slug
        left, top, right, bottom = slug, slug, slug + page.width, slug + page.height
        marks: list[Item] = []
        for x in (left, right):
            for y, towards in ((top, -1), (bottom, 1)):
                marks.append(Line(x, y + towards * offset, x, y + towards * slug, 0.25))
        for y in (top, bottom):
            for x, towards in ((left, -1), (right, 1)):
                marks.append(Line(x + towards * offset, y, x + towards * slug, y, 0.25))
        grids = [replace(g, x=g.x + slug, y=g.y + slug) for g in page.grids]
        pages.append(Page(width, height, moved + marks, (left, top, right, bottom),
                          (left, top, right, bottom), page.number, grids))
    return Document(pages, document.metadata)


def _moved(item: Item, by: float) -> Item:
    if isinstance(item, Line):
        return replace(item, x1=item.x1 + by, y1=item.y1 + by, x2=item.x2 + by, y2=item.y2 + by)
    return replace(item, x=item.x + by, y=item.y + by)
