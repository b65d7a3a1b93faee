"""Pattern motifs: a grid with its given cells shaded, its pattern code, and catalogues of thumbnails."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from ..formats import read_file
from ..grid import Grid
from ..layout.geometry import slots
from ..layout.gridview import draw_grid
from ..layout.page import Box, Document, Metadata, Page, Text
from ..layout.template import Template
from ..patterns.argument import pattern_argument
from ..patterns.code import code_or_none
from ..patterns.library import is_motif, library_motif, motif_names
from ..shape import CLASSIC, Shape
from .booklet import chunks, draw_label, slot_for
from .generated import puzzle_on_pattern
from .pages import PlannedPage, assemble


@dataclass(frozen=True)
class Motif:
    """A pattern of given cells, with the puzzle it came from when there is one."""

    number: int
    shape: Shape
    cells: frozenset[int]
    grid: Grid | None = None
    title: str = ""
    difficulty: str = ""
    """The level of the puzzle shown (``Easy`` ... ``Expert``), where one was made."""
    fix: str = ""
    """For a library motif whose bare shape has no unique puzzle: what was designed instead."""

    @property
    def short_fix(self) -> str:
        """The fix without its reason in brackets (``slab serifs``)."""
        return self.fix.split(" (")[0]

    @property
    def code(self) -> str | None:
        """The pattern code (docs/formats.md §7) where the pattern has one: 9x9 and symmetric under a 180° turn."""
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
    return code_or_none(cells)


def motif_of(grid: Grid, number: int, title: str = "") -> Motif:
    """The motif of a puzzle: its given cells."""
    puzzle = grid.puzzle() if grid.givens else grid
    return Motif(number, grid.shape, frozenset(c for c, v in enumerate(puzzle.values) if v), puzzle, title)


def pattern_of(argument: str) -> tuple[Shape, frozenset[int], str] | None:
    """The pattern an argument names, with a title: a file holding a text
    picture, a small image or a code, a pattern code (``5028140442``), or a
    motif of the library (``heart``, ``letter-A``).  None for anything else
    (a file of puzzles); see :func:`sudokuprint.patterns.pattern_argument`.
    """
    return pattern_argument(argument)


def load_motifs(arguments: Sequence[str], fmt: str | None = None) -> list[Motif]:
    """Motifs from pattern codes, library motif names, pattern pictures, or files of puzzles."""
    motifs: list[Motif] = []
    for argument in arguments:
        pattern = None if fmt else pattern_of(argument)
        if pattern is not None:
            shape, cells, title = pattern
            fix = library_motif(argument).fix if title and is_motif(argument) and not Path(argument).exists() else ""
            motifs.append(Motif(len(motifs) + 1, shape, cells, title=title, fix=fix))
            continue
        for record in read_file(argument, fmt):
            motifs.append(motif_of(record.grid, len(motifs) + 1, str(record.meta.get("title", ""))))
    return motifs


LIBRARY_SECONDS = 20.0
"""Time the generator gets to fill one library motif for the catalogue."""


def library_motifs(*, filled: bool = False, seed: int = 1) -> list[Motif]:
    """Every motif of the library, in name order, titled with its name and carrying its designed fix.

    With ``filled`` each is filled by the generator (from ``seed``) with a
    unique puzzle, graded, so a catalogue can show its difficulty.
    """
    motifs = []
    for number, name in enumerate(motif_names(), 1):
        found = library_motif(name)
        grid: Grid | None = None
        level = ""
        if filled:
            puzzle = puzzle_on_pattern(found.givens, found.shape, seed, source=name, seconds=LIBRARY_SECONDS)
            grid, level = puzzle.grid, puzzle.difficulty or ""
        motifs.append(Motif(number, found.shape, found.givens, grid, name, level, found.fix))
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
            if motif.fix:
                page.add(Text((live[0] + live[2]) / 2, slot.y + slot.size + template.grid.label_size * 3.6,
                              f"Designed fix: {motif.fix}", template.grid.label_size * 0.8, "regular", "center", 0.35))
        plan.append(PlannedPage(template, draw, "Motifs"))
    return assemble(plan, Metadata(title=title, subject="Sudoku pattern motifs"))


def build_catalogue(motifs: Sequence[Motif], template: Template, *, title: str = "Motif catalogue") -> Document:
    """Pages of thumbnails: each motif shaded, labelled with its number, code and clue count."""
    plan = []
    for group in chunks(list(motifs), template.grid.per_page):
        def draw(page: Page, live: Box, group=group) -> None:
            for index, motif in enumerate(group):
                slot = slot_for(template, live, index, motif.shape.side)
                name = motif.title or motif.code or "—"
                draw_label(page, slot, template, f"{motif.number}  {name}", motif.difficulty)
                items, placement = draw_grid(motif.shape, slot.x, slot.y, slot.size, template.style, shaded=motif.cells,
                                             role="thumbnail", number=motif.number)
                page.add(*items)
                page.grids.append(placement)
                size = template.grid.label_size
                notes = [f"{len(motif.cells)} givens" + (f" · code {motif.code}" if motif.code else ""),
                         f"fix: {motif.short_fix}" if motif.fix else ""]
                for line, note in enumerate(n for n in notes if n):
                    page.add(Text(slot.x, slot.y + slot.size + size * (1.15 + line), note, size * 0.85, "regular",
                                  "left", 0.3))
        plan.append(PlannedPage(template, draw, f"{group[0].number}–{group[-1].number} of {len(motifs)}"))
    return assemble(plan, Metadata(title=title, subject=f"{len(motifs)} Sudoku pattern motifs"))
