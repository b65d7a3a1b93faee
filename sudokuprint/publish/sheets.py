"""Blank worksheets (any size, optional pencil-mark guide) and candidates sheets."""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from ..grid import Grid
from ..layout.geometry import slots
from ..layout.gridview import draw_grid
from ..layout.page import Box, Document, Metadata, Page
from ..layout.template import Template
from ..shape import Shape
from .booklet import chunks, draw_label, slot_for
from .pages import PlannedPage, assemble

WORKSHEET_LAYOUTS: dict[int, tuple[int, int]] = {4: (3, 4), 6: (2, 3), 8: (2, 2), 9: (2, 2), 12: (1, 1), 16: (1, 1)}
"""Grids across and down a page for each grid side, when the template does not insist."""


def worksheet_template(template: Template, side: int) -> Template:
    """The worksheet template with as many grids a page as suit the grid side."""
    columns, rows = WORKSHEET_LAYOUTS.get(side, (1, 1))
    return replace(template, grid=replace(template.grid, columns=columns, rows=rows))


def build_worksheet(
    template: Template,
    shape: Shape,
    *,
    pages: int = 1,
    pencil_guide: bool = False,
    title: str | None = None,
) -> Document:
    """Pages of empty grids of ``shape``, each cell with a faint 1..N guide when asked."""
    if pages < 1:
        raise ValueError("a worksheet has at least one page")
    title = template.strings.text("worksheet_title", side=shape.side) if title is None else title

    def draw(page: Page, live: Box) -> None:
        for slot in slots(template, live, shape.side):
            items, placement = draw_grid(shape, slot.x, slot.y, slot.size, template.style,
                                         pencil_guide=pencil_guide, role="blank")
            page.add(*items)
            page.grids.append(placement)

    plan = [PlannedPage(template, draw, "") for _ in range(pages)]
    subject = f"Blank {shape.name} grids" + (" with a pencil-mark guide" if pencil_guide else "")
    return assemble(plan, Metadata(title=title, subject=subject))


def build_candidates_sheet(grids: Sequence[tuple[str, Grid]], template: Template, *, title: str | None = None) -> Document:
    """Each grid, numbered, with its candidates printed small in the open cells; ``grids`` pairs each
    grid with its source (a file name), which the running head of its page names.

    Candidates come from the grid (a state file) where it records them,
    else they are computed from the digits (every digit no peer holds).
    """
    plan = []
    strings = template.strings
    title = strings.text("candidates_title") if title is None else title
    numbered = list(enumerate(grids, 1))
    for group in chunks(numbered, template.grid.per_page):
        def draw(page: Page, live: Box, group=group) -> None:
            for index, (number, (_, grid)) in enumerate(group):
                slot = slot_for(template, live, index, grid.side)
                source = strings.text("candidates_from_file" if grid.candidates is not None else "candidates_computed")
                draw_label(page, slot, template, str(number), source)
                items, placement = draw_grid(grid.shape, slot.x, slot.y, slot.size, template.style, grid=grid,
                                             show_candidates=True, role="candidates", number=number)
                page.add(*items)
                page.grids.append(placement)
        sources = ", ".join(dict.fromkeys(source for _, (source, _) in group))
        plan.append(PlannedPage(template, draw, sources if sources != title else ""))
    return assemble(plan, Metadata(title=title, subject="Sudoku grids with their candidates"))
