"""Assembling a document: pages planned first, then drawn with their furniture, one at a time.

A job plans a list of :class:`PlannedPage`; :func:`assemble` then knows the
page count (the inside margin grows with it) and returns a document whose
pages are drawn when they are asked for: each gets its boxes, live frame,
running head and folio, and the plan draws the content.  A renderer that
writes each page as it comes (the PDF canvas, PNG files) so holds one page at
a time, whatever the size of the book.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterator, Sequence, overload

from ..layout.fonts import text_width
from ..layout.edition import FOLIO_DROP, HEAD_RAISE
from ..layout.geometry import frame, is_recto, trim_box
from ..layout.page import Box, Document, Line, Metadata, Page, Text
from ..layout.template import Template
from ..layout.textfit import cut

Drawer = Callable[[Page, Box], None]

HEAD_GAP = 2.0
"""Space between the two ends of a running head, as a share of its size."""


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
    """An empty page of the template's media size, with trim and bleed boxes when it bleeds."""
    spec = template.page
    page = Page(spec.width, spec.height, number=index + 1, fonts=template.fonts)
    if spec.media_bleed:
        page.trim_box = trim_box(spec, index)
        page.bleed_box = (0.0, 0.0, spec.width, spec.height)
    return page


def _running_head(page: Page, template: Template, live: Box, title: str, section: str, index: int) -> None:
    """Title and section above the live area, each cut with an ellipsis rather than collide, over a rule."""
    furniture = template.furniture
    size = furniture.head_size
    baseline = live[1] - template.page.margin_top * HEAD_RAISE
    rule = baseline + size * 0.45
    cap = furniture.rule_line / 2  # the rule's square caps stay inside the live area
    mirrored = template.page.mirror_margins and not is_recto(index)
    width = live[2] - live[0]
    gap = size * HEAD_GAP
    if section.strip().casefold() in title.casefold():
        section = ""  # the title says it already ("Candidates | Candidates")
    section = cut(section, "regular", size, width / 2 - gap / 2, template.fonts)
    title = cut(title, "regular", size, width - gap - text_width(section, "regular", size, template.fonts),
                template.fonts)
    left_text, right_text = (section, title) if mirrored else (title, section)
    page.add(
        Text(live[0], baseline, left_text, size, "regular", "left", 0.0),
        Text(live[2], baseline, right_text, size, "regular", "right", 0.0),
        Line(live[0] + cap, rule, live[2] - cap, rule, furniture.rule_line, 0.0),
    )


def _folio(page: Page, template: Template, live: Box, index: int) -> None:
    size = template.furniture.folio_size
    baseline = live[3] + template.page.margin_bottom * FOLIO_DROP
    text = str(index + 1)
    if template.page.mirror_margins:
        if is_recto(index):
            page.add(Text(live[2], baseline, text, size, "regular", "right"))
        else:
            page.add(Text(live[0], baseline, text, size, "regular", "left"))
    else:
        page.add(Text((live[0] + live[2]) / 2, baseline, text, size, "regular", "center"))


def _notices(page: Page, template: Template, live: Box, notices: list[str]) -> None:
    size = max(template.furniture.folio_size * 0.9, template.furniture.min_text_size)
    baseline = live[3] + template.page.margin_bottom * 0.25
    text = template.strings.text("notice", text="; ".join(notices))
    page.add(Text(live[0], baseline, cut(text, "bold", size, live[2] - live[0], template.fonts), size, "bold", "left"))


def draw_page(plan: Sequence[PlannedPage], index: int, title: str) -> Page:
    """Page ``index`` of a plan, drawn with its furniture."""
    planned = plan[index]
    template = planned.template
    page = new_page(template, index)
    live = frame(template.page, index, len(plan))
    planned.draw(page, live)
    if planned.furniture:
        if template.furniture.running_head:
            _running_head(page, template, live, title, planned.section, index)
        if template.furniture.page_numbers:
            _folio(page, template, live, index)
    if planned.notices:
        _notices(page, template, live, planned.notices)
    return page


class PlannedPages(Sequence[Page]):
    """The pages of a plan, drawn each time one is asked for and not kept (constant memory)."""

    def __init__(self, plan: Sequence[PlannedPage], title: str) -> None:
        self._plan = list(plan)
        self._title = title

    def __len__(self) -> int:
        return len(self._plan)

    @overload
    def __getitem__(self, index: int) -> Page: ...

    @overload
    def __getitem__(self, index: slice) -> list[Page]: ...

    def __getitem__(self, index: int | slice) -> Page | list[Page]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("page index out of range")
        return draw_page(self._plan, index, self._title)

    def __iter__(self) -> Iterator[Page]:
        for index in range(len(self)):
            yield draw_page(self._plan, index, self._title)


def assemble(plan: list[PlannedPage], metadata: Metadata) -> Document:
    """The document of a plan: every page drawn when asked for, with furniture where its template asks."""
    specs = {planned.template.page.print_spec for planned in plan} - {"none"}
    return Document(PlannedPages(plan, metadata.title), metadata, print_spec=min(specs) if specs else "none")
