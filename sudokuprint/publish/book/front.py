"""A book's front and back matter: copyright page, how to play, contents, techniques, notes, blanks.

Each function returns a :class:`~sudokuprint.publish.pages.PlannedPage`;
the interior (:mod:`.interior`) puts them in order.  Text is wrapped to the
live width with the template's fonts; every word comes from the template's
strings, so a Russian book is Russian throughout.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from ...grid import Grid
from ...layout.fonts import text_width
from ...layout.gridview import draw_grid
from ...layout.page import Box, Line, Page, Text
from ...layout.template import Template
from ...layout.textfit import wrap
from ...logic.hints import hint
from ...logic.techniques.singles import NAKED_SINGLE, SINGLE_KINDS
from ..pages import PlannedPage
from ..puzzles import Puzzle

LEADING = 1.35
"""Line spacing of running text, as a share of its size."""


def blank_page(template: Template) -> PlannedPage:
    """An empty page: no running head, no folio."""
    return PlannedPage(template, lambda page, live: None, furniture=False)


def paragraph(page: Page, template: Template, text: str, x: float, y: float, width: float, size: float, *,
              font: str = "regular", grey: float = 0.0, align: str = "left") -> float:
    """``text`` wrapped to ``width`` from the baseline ``y``; returns the baseline after its last line."""
    for line in wrap(text, font, size, width, template.fonts):  # type: ignore[arg-type]
        anchor = {"left": x, "center": x + width / 2, "right": x + width}[align]
        page.add(Text(anchor, y, line, size, font, align, grey))  # type: ignore[arg-type]
        y += size * LEADING
    return y


def body_size(template: Template) -> float:
    """The size of running text: the label size, never under the template's smallest text."""
    return max(template.grid.label_size * 1.1, template.furniture.min_text_size)


def heading(page: Page, template: Template, live: Box, text: str) -> float:
    """A page heading at the top of the live area; returns the baseline under it for what follows."""
    size = max(template.furniture.title_size * 0.6, template.furniture.min_text_size)
    page.add(Text(live[0], live[1] + size, text, size, "bold", "left"))
    return live[1] + size * 2.4


def copyright_page(template: Template, *, author: str, year: int, isbn: str) -> PlannedPage:
    """The copyright notice, ISBN and the edition line, set low on the page."""
    strings = template.strings
    lines = [strings.text("copyright", author=author, year=year) if author
             else strings.text("copyright_anonymous", year=year), strings.text("no_copies")]
    if isbn:
        lines.append(strings.text("isbn", isbn=isbn))
    lines += [strings.text("made_by"), strings.text("edition_line", year=year)]

    def draw(page: Page, live: Box) -> None:
        size = body_size(template)
        width = live[2] - live[0]
        count = sum(len(wrap(line, "regular", size, width, template.fonts)) for line in lines) + len(lines)
        y = live[3] - count * size * LEADING
        for line in lines:
            y = paragraph(page, template, line, live[0], y, width, size) + size * LEADING * 0.6
    return PlannedPage(template, draw, furniture=False)


@dataclass(frozen=True)
class Example:
    """A worked example: a puzzle, the cell its first step fills, and the words that explain it."""

    grid: Grid
    cell: int
    digit: int
    house: tuple[int, ...]
    """The cells of the row, column or box the step looks at (empty for a naked single)."""
    words: str


def worked_example(puzzle: Puzzle, template: Template) -> Example | None:
    """The first single of ``puzzle``'s solve by the logic engine, explained in the template's language;
    None when the first step is not a single."""
    step = hint(puzzle.grid).step
    if len(step.placements) != 1 or step.kind not in SINGLE_KINDS:
        return None
    cell, digit = step.placements[0]
    shape = puzzle.grid.shape
    strings = template.strings
    if step.houses and step.kind is not NAKED_SINGLE:
        kind, _, number = step.houses[0].partition(" ")
        house = next(h.cells for h in shape.houses if h.name == step.houses[0])
        words = strings.text("example_hidden", house=strings.text(f"house_{kind}", n=number), digit=digit)
    else:
        house = ()
        words = strings.text("example_naked", digit=digit)
    return Example(puzzle.grid, cell, digit, house, words)


def how_to_play_page(template: Template, example: Example | None, section: str) -> PlannedPage:
    """The rules in a paragraph, then a worked example: a grid with the step's row, column or box tinted,
    its cell shaded with the digit it gets, and a sentence saying why."""
    strings = template.strings

    def draw(page: Page, live: Box) -> None:
        size = body_size(template)
        width = live[2] - live[0]
        y = heading(page, template, live, strings.text("how_to_play"))
        shape = example.grid.shape if example else None
        box = f"{shape.box_width}×{shape.box_height}" if shape else "3×3"
        y = paragraph(page, template, strings.text("rules", box=box, side=shape.side if shape else 9),
                      live[0], y, width, size)
        if example is None:
            return
        y += size
        page.add(Text(live[0], y, strings.text("example_title"), size, "bold", "left"))
        y = paragraph(page, template, example.words, live[0], y + size * LEADING * 1.2, width, size)
        grid_size = min(width * 0.8, live[3] - y - size)
        left = live[0] + (width - grid_size) / 2
        filled = _with_value(example.grid, example.cell, example.digit)
        items, placement = draw_grid(example.grid.shape, left, y + size * 0.5, grid_size, template.style,
                                     grid=filled, tinted=[c for c in example.house if c != example.cell],
                                     shaded=[example.cell], role="puzzle")
        page.add(*items)
        page.grids.append(placement)
    return PlannedPage(template, draw, section)


def _with_value(grid: Grid, cell: int, digit: int) -> Grid:
    values = list(grid.values)
    values[cell] = digit
    return Grid(grid.shape, tuple(values), grid.givens)


def contents_page(template: Template, entries: Callable[[], Sequence[tuple[str, int]]], section: str) -> PlannedPage:
    """The contents: each entry's label on the left, its page on the right, joined by a dotted leader.

    ``entries`` is called when the page is drawn, after the whole book is planned.
    """
    strings = template.strings

    def draw(page: Page, live: Box) -> None:
        size = body_size(template) * 1.1
        y = heading(page, template, live, strings.text("contents")) + size
        dot = text_width(" .", "regular", size, template.fonts)
        for label, number in entries():
            folio = str(number)
            page.add(Text(live[0], y, label, size, "regular", "left"))
            start = live[0] + text_width(label, "regular", size, template.fonts) + size * 0.6
            end = live[2] - text_width(folio, "regular", size, template.fonts) - size * 0.6
            dots = int((end - start) / dot)
            if dots > 2:
                page.add(Text(end, y, " ." * dots, size, "regular", "right", 0.5))
            page.add(Text(live[2], y, folio, size, "regular", "right"))
            y += size * 2
    return PlannedPage(template, draw, section)


def notes_page(template: Template) -> PlannedPage:
    """A page of ruled lines for notes, headed by the section's name."""
    name = template.strings.text("notes")

    def draw(page: Page, live: Box) -> None:
        y = heading(page, template, live, name)
        gap = max(template.grid.label_size * 2.4, 20.0)
        weight = template.furniture.rule_line
        while y + gap <= live[3]:
            y += gap
            page.add(Line(live[0] + weight / 2, y, live[2] - weight / 2, y, weight, 0.6))
    return PlannedPage(template, draw, name)


def divider_page(template: Template, text: str, section: str, tab: Callable[[Page, int], None] | None = None
                 ) -> PlannedPage:
    """A section's opening page: its name large in the middle of the page (no running head)."""

    def draw(page: Page, live: Box) -> None:
        size = max(template.furniture.title_size * 0.8, template.furniture.min_text_size)
        centre = (live[0] + live[2]) / 2
        y = live[1] + (live[3] - live[1]) * 0.42
        width = live[2] - live[0]
        size_used = size
        while text_width(text, "bold", size_used, template.fonts) > width and size_used > template.furniture.min_text_size:
            size_used = max(template.furniture.min_text_size, size_used * 0.95)
        page.add(Text(centre, y, text, size_used, "bold", "center"))
        if tab is not None:
            tab(page, page.number - 1)
    return PlannedPage(template, draw, section, furniture=False)
