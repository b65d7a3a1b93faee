"""Pattern motifs: a grid with its given cells shaded, its pattern code, and catalogues of thumbnails."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Sequence

from ..errors import UnsupportedError
from ..formats import read_file
from ..grid import Grid
from ..layout.geometry import slots
from ..layout.gridview import draw_grid
from ..layout.page import Box, Document, Metadata, Page, Text
from ..layout.template import Template
from ..shape import CLASSIC, Shape
from .booklet import chunks, draw_label
from .pages import PlannedPage, assemble

BARE_CODE = re.compile(r"^[0-9A-Fa-f]{10}[01]?$")


@dataclass(frozen=True)
class Motif:
    """A pattern of given cells, with the puzzle it came from when there is one."""

    number: int
    shape: Shape
    cells: frozenset[int]
    grid: Grid | None = None
    title: str = ""

    @property
    def code(self) -> str | None:
        """The pattern code (formats.md §7) where the pattern has one: 9x9 and symmetric under a 180° turn."""
        return pattern_code(self.cells, self.shape)

    def describe(self) -> str:
        """``Pattern code 5028140442 · 18 givens`` (or why there is no code)."""
        code = self.code
        count = f"{len(self.cells)} givens"
        if code is not None:
            return f"Pattern code {code} · {count}"
        if self.shape != CLASSIC:
            return f"{count} · pattern codes are for 9x9 grids"
        return f"{count} · not symmetric under a 180° turn, so no pattern code"


def pattern_code(cells: Iterable[int], shape: Shape) -> str | None:
    """The pattern code of a set of cells, or None where the format cannot hold it."""
    if shape != CLASSIC:
        return None
    from ..formats.pattern_code import encode_pattern

    try:
        return encode_pattern(cells)
    except UnsupportedError:
        return None


def motif_of(grid: Grid, number: int, title: str = "") -> Motif:
    """The motif of a puzzle: its given cells."""
    puzzle = grid.puzzle() if grid.givens else grid
    return Motif(number, grid.shape, frozenset(c for c, v in enumerate(puzzle.values) if v), puzzle, title)


def load_motifs(arguments: Sequence[str], fmt: str | None = None) -> list[Motif]:
    """Motifs from files of puzzles or pattern codes, or from bare codes (``5028140442``) on the command line."""
    from ..formats.pattern_code import decode_pattern

    motifs: list[Motif] = []
    for argument in arguments:
        if BARE_CODE.match(argument):
            motifs.append(Motif(len(motifs) + 1, CLASSIC, frozenset(decode_pattern(argument))))
            continue
        for record in read_file(argument, fmt):
            motifs.append(motif_of(record.grid, len(motifs) + 1, str(record.meta.get("title", ""))))
    return motifs


def build_motif_views(motifs: Sequence[Motif], template: Template, *, title: str = "Motifs", digits: bool = True) -> Document:
    """One page a motif: a large grid with the givens shaded, and its code printed under it."""
    plan = []
    for motif in motifs:
        def draw(page: Page, live: Box, motif=motif) -> None:
            slot = slots(template, live, motif.shape.side)[0]
            name = motif.title or f"Motif {motif.number}"
            page.add(Text((live[0] + live[2]) / 2, live[1] - template.furniture.title_size * 0.4, name,
                          template.furniture.title_size, "bold", "center"))
            items, placement = draw_grid(motif.shape, slot.x, slot.y, slot.size, template.style,
                                         grid=motif.grid if digits else None, shaded=motif.cells,
                                         role="motif", number=motif.number)
            page.add(*items)
            page.grids.append(placement)
            page.add(Text((live[0] + live[2]) / 2, slot.y + slot.size + template.grid.label_size * 2.2,
                          motif.describe(), template.grid.label_size, "regular", "center", 0.2))
        plan.append(PlannedPage(template, draw, "Motifs"))
    return assemble(plan, Metadata(title=title, subject="Sudoku pattern motifs"))


def build_catalogue(motifs: Sequence[Motif], template: Template, *, title: str = "Motif catalogue") -> Document:
    """Pages of thumbnails: each motif shaded, labelled with its number, code and clue count."""
    plan = []
    for group in chunks(list(motifs), template.grid.per_page):
        def draw(page: Page, live: Box, group=group) -> None:
            for slot, motif in zip(slots(template, live, group[0].shape.side), group):
                draw_label(page, slot, template, f"{motif.number}  {motif.code or '—'}", f"{len(motif.cells)}")
                items, placement = draw_grid(motif.shape, slot.x, slot.y, slot.size, template.style, shaded=motif.cells,
                                             role="thumbnail", number=motif.number)
                page.add(*items)
                page.grids.append(placement)
        plan.append(PlannedPage(template, draw, "Catalogue"))
    return assemble(plan, Metadata(title=title, subject=f"{len(motifs)} Sudoku pattern motifs"))
