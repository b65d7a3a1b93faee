"""Assembling a document: pages planned first, then drawn with their furniture.

A job plans a list of :class:`PlannedPage`; :func:`assemble` then knows the
page count (the inside margin grows with it), gives every page its boxes,
live frame, running head and folio, and lets the plan draw the content.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..layout.geometry import frame, is_recto, trim_box
from ..layout.page import Box, Document, Line, Metadata, Page, Text
from ..layout.template import Template

Drawer = Callable[[Page, Box], None]


@dataclass
class PlannedPage:
    """A page to draw: its template, what goes on it, and its section name for the running head."""

    template: Template
    draw: Drawer
    section: str = ""
    furniture: bool = True
    """False for a title page: no running head, no folio."""
    notices: list[str] = field(default_factory=list)


def new_page(template: Template, index: int) -> Page:
    """An empty page of the template's media size, with trim and bleed boxes when it has bleed."""
    spec = template.page
    page = Page(spec.width, spec.height, number=index + 1)
    if spec.bleed:
        page.trim_box = trim_box(spec)
        page.bleed_box = (0.0, 0.0, spec.width, spec.height)
    return page


def _running_head(page: Page, template: Template, live: Box, title: str, section: str, index: int) -> None:
    size = template.furniture.head_size
    baseline = live[1] - template.page.margin_top * 0.35
    rule = baseline + size * 0.45
    mirrored = template.page.mirror_margins and not is_recto(index)
    left_text, right_text = (section, title) if mirrored else (title, section)
    page.add(
        Text(live[0], baseline, left_text, size, "regular", "left", 0.3),
        Text(live[2], baseline, right_text, size, "regular", "right", 0.3),
        Line(live[0], rule, live[2], rule, 0.25, 0.5),
    )


def _folio(page: Page, template: Template, live: Box, index: int) -> None:
    size = template.furniture.folio_size
    baseline = live[3] + template.page.margin_bottom * 0.55
    text = str(index + 1)
    if template.page.mirror_margins:
        if is_recto(index):
            page.add(Text(live[2], baseline, text, size, "regular", "right"))
        else:
            page.add(Text(live[0], baseline, text, size, "regular", "left"))
    else:
        page.add(Text((live[0] + live[2]) / 2, baseline, text, size, "regular", "center"))


def _notices(page: Page, template: Template, live: Box, notices: list[str]) -> None:
    size = template.furniture.folio_size * 0.9
    baseline = live[3] + template.page.margin_bottom * 0.25
    page.add(Text(live[0], baseline, "Notice: " + "; ".join(notices), size, "bold", "left"))


def assemble(plan: list[PlannedPage], metadata: Metadata) -> Document:
    """Draw every planned page, with furniture where its template asks for it."""
    pages = []
    count = len(plan)
    for index, planned in enumerate(plan):
        template = planned.template
        page = new_page(template, index)
        live = frame(template.page, index, count)
        planned.draw(page, live)
        if planned.furniture:
            if template.furniture.running_head:
                _running_head(page, template, live, metadata.title, planned.section, index)
            if template.furniture.page_numbers:
                _folio(page, template, live, index)
        if planned.notices:
            _notices(page, template, live, planned.notices)
        pages.append(page)
    return Document(pages, metadata)
