"""A print-on-demand template made fit for one printer and one edition (with or without bleed).

The shipped POD templates carry KDP's margins.  A bleed edition, or a book
for IngramSpark (0.5 in from the trim on every side, running head and folio
included), needs wider margins: :func:`for_printer` widens only what the
printer's rules ask, and says nothing when the template already complies.
The running head and the folio sit in the top and bottom margins (see
:mod:`sudokuprint.publish.pages`), so those margins are sized for them too.
"""

from __future__ import annotations

from dataclasses import replace

from .template import Template
from .validate import validate_geometry

HEAD_RAISE = 0.35
"""The running head's baseline sits this share of the top margin above the live area."""
FOLIO_DROP = 0.5
"""The folio's baseline sits this share of the bottom margin below the live area."""
ASCENT = 0.8
"""Height of a line's ink above its baseline, as a share of its size (capitals and figures)."""
DESCENT = 0.25
"""Depth of a line's ink under its baseline, as a share of its size."""
CLEARANCE = 0.01
"""Points kept beyond the printer's least margin, so rounding in the PDF never crosses it."""


def for_printer(template: Template, spec: str, margin: float, *, bleed: bool | None = None,
                page_count: int = 1) -> Template:
    """``template`` for printer ``spec`` whose interior keeps everything ``margin`` points inside the trim.

    ``bleed`` (None: the template's own choice) makes the pages carry bleed.
    The outside margin, the inside margin at ``page_count`` pages and the top
    and bottom margins (with the running head and folio in them) are widened
    where they fall short; the gutter steps keep their page counts.
    """
    page = template.page
    furniture = template.furniture
    head_room = margin + ASCENT * furniture.head_size + CLEARANCE if furniture.running_head else 0.0
    folio_room = margin + DESCENT * furniture.folio_size + CLEARANCE if furniture.page_numbers else 0.0
    inside = max(page.margin_inside, margin + CLEARANCE)
    widened = replace(
        page,
        print_spec=spec,
        bleeds=page.bleeds if bleed is None else bleed,
        margin_outside=max(page.margin_outside, margin + CLEARANCE),
        margin_top=max(page.margin_top, margin + CLEARANCE, head_room / (1 - HEAD_RAISE)),
        margin_bottom=max(page.margin_bottom, margin + CLEARANCE, folio_room / FOLIO_DROP),
        margin_inside=inside,
        gutter_steps=tuple((pages, max(0.0, page.margin_inside + extra - inside)) for pages, extra in page.gutter_steps),
    )
    made = replace(template, page=widened)
    if made != template:
        validate_geometry(made)
    return made

