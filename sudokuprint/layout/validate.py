"""Checks of a loaded template: layouts that cannot be printed well are refused with a sentence saying why.

Every text a template prints must reach its ``furniture.min_text_size``
(default 6 pt; 16 pt in the large-print templates): labels, running heads,
folios, and the digits of puzzles and answers.
"""

from __future__ import annotations

from ..errors import TemplateError
from .geometry import digit_font_size, frame, grid_boxes, slots
from .spec import Template
from .units import to_mm


def validate_geometry(template: Template) -> None:
    """Refuse layouts that cannot be printed well, with a sentence saying why."""
    label, style = template.source, template.style
    if not 2 <= style.box_line / style.cell_line <= 4:
        raise TemplateError(
            f"{label}: style.box_line: box lines must be 2 to 4 times the cell lines "
            f"({style.box_line:g} pt is {style.box_line / style.cell_line:.2g} x {style.cell_line:g} pt)"
        )
    if style.cell_line < style.min_line:
        raise TemplateError(f"{label}: style.cell_line: {style.cell_line:g} pt is thinner than the template's "
                            f"style.min_line of {style.min_line:g} pt")
    if style.border_line < style.box_line:
        raise TemplateError(f"{label}: style.border_line: the border must be at least as thick as the box lines")
    page = template.page
    pages, gutter = max(page.gutter_steps, key=lambda step: step[1], default=(1, 0.0))
    live = frame(page, 0, pages)  # the narrowest live area, at the widest gutter
    if live[2] - live[0] < 36 or live[3] - live[1] < 36:
        widest = f" and the {to_mm(gutter):.0f} mm gutter of {pages}+ pages" if gutter else ""
        raise TemplateError(f"{label}: page: the margins{widest} leave no room on a "
                            f"{to_mm(page.trim_width):.0f} x {to_mm(page.trim_height):.0f} mm page")
    grid = template.grid
    boxes = grid_boxes(template, live, 9)
    size = min(box[2] for box in boxes)
    if size / 9 < 8:  # 8 pt ≈ 2.8 mm: smaller cells cannot hold a digit
        raise TemplateError(
            f"{label}: grid: {grid.columns} x {grid.rows} grids do not fit on the page: "
            f"a 9x9 grid would be only {to_mm(size):.1f} mm wide"
        )
    digits = digit_font_size(size / 9, style)
    if digits < style.min_digit_size:
        raise TemplateError(
            f"{label}: style.min_digit_size: digits would be {digits:.1f} pt, "
            f"less than the {style.min_digit_size:g} pt this template promises"
        )
    check_text_sizes(template, digits)


def too_small(template: Template, what: str, size: float, fix: str) -> Exception:
    """The error for a text that would print under the template's minimum size."""
    minimum = template.furniture.min_text_size
    return TemplateError(f"{template.source}: {what} would print at {size:.1f} pt, under this template's "
                         f"smallest text size of {minimum:g} pt (furniture.min_text_size); {fix}")


def check_text_sizes(template: Template, digits: float) -> None:
    """Refuse a template whose labels, running head, folios or 9x9 digits print under its minimum."""
    furniture = template.furniture
    minimum = furniture.min_text_size
    texts = [("grid.label_size", "puzzle numbers and labels", template.grid.label_size)]
    if furniture.running_head:
        texts.append(("furniture.head_size", "the running head", furniture.head_size))
    if furniture.page_numbers:
        texts.append(("furniture.folio_size", "the page numbers", furniture.folio_size))
    for field_name, what, size in texts:
        if size < minimum - 1e-9:
            raise too_small(template, what, size, f"raise {field_name}")
    if digits < minimum - 1e-9:
        raise too_small(template, "the digits of a 9x9 grid", digits, "use fewer grids a page")
    if template.answers.placement == "under":
        check_under_answers(template, 9)


def under_digit_size(template: Template, side: int) -> float:
    """Font size of the digits of the small answers printed under each puzzle."""
    live = frame(template.page, 0, 1)
    below = template.answers.under_scale + 0.06
    size = min(slot.size for slot in slots(template, live, side, below=below))
    return digit_font_size(size * template.answers.under_scale / side, template.style)


def check_under_answers(template: Template, side: int) -> None:
    """Refuse answers under each puzzle whose digits would print under the minimum size."""
    size = under_digit_size(template, side)
    if size < template.furniture.min_text_size - 1e-9:
        raise too_small(template, f"the answers under each {side}x{side} puzzle", size,
                        "print the answers at the end (--answers end)")


def check_grid_digits(template: Template, side: int, what: str) -> None:
    """Refuse a grid of ``side`` whose digits would print under the template's minimum size."""
    live = frame(template.page, 0, 1)
    size = min(slot.size for slot in slots(template, live, side))
    digits = digit_font_size(size / side, template.style)
    if digits < template.furniture.min_text_size - 1e-9:
        raise too_small(template, f"the digits of {what} ({side}x{side})", digits,
                        "use a template with fewer grids a page")
