"""Posters: one large puzzle drawn as a motif, and mosaics of small grids that draw a picture."""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from PIL import Image

from ..errors import UnsupportedError
from ..layout.geometry import slots
from ..layout.gridview import draw_grid
from ..layout.page import Box, Document, Metadata, Page, Text
from ..layout.template import Template
from .motif import Motif
from .pages import PlannedPage, assemble
from .puzzles import Puzzle

ANSWER_SHARE = 0.2
"""Side of the small answer at a poster's foot, as a share of the main grid."""


def build_poster(puzzle: Puzzle, template: Template, *, title: str = "Sudoku", subtitle: str = "") -> Document:
    """A poster: the title, one large puzzle with its givens shaded, its code, and a small answer at the foot."""
    from .motif import motif_of

    motif = motif_of(puzzle.grid, puzzle.number)

    def draw(page: Page, live: Box) -> None:
        title_size = template.furniture.title_size
        centre = (live[0] + live[2]) / 2
        page.add(Text(centre, live[1] + title_size * 0.75, title, title_size, "bold", "center"))
        top = live[1] + title_size * 1.25
        line = " · ".join(part for part in (subtitle, puzzle.difficulty, motif.describe()) if part)
        page.add(Text(centre, top + template.grid.label_size * 1.2, line, template.grid.label_size, "regular", "center", 0.25))
        top += template.grid.label_size * 3
        gap = template.grid.gap_y
        size = min(live[2] - live[0], (live[3] - top - gap) / (1 + ANSWER_SHARE))
        x = centre - size / 2
        items, placement = draw_grid(puzzle.grid.shape, x, top, size, template.style, grid=puzzle.grid,
                                     shaded=motif.cells, role="puzzle", number=puzzle.number)
        page.add(*items)
        page.grids.append(placement)
        small = size * ANSWER_SHARE
        ax, ay = x + size - small, top + size + gap
        items, placement = draw_grid(puzzle.grid.shape, ax, ay, small, template.style, grid=puzzle.solution,
                                     line_scale=ANSWER_SHARE, role="answer", number=puzzle.number)
        page.add(*items)
        page.grids.append(placement)
        page.add(Text(ax - template.grid.label_size, ay + template.grid.label_size, "Answer",
                      template.grid.label_size, "bold", "right", 0.25))

    return assemble([PlannedPage(template, draw, furniture=False)], Metadata(title=title, subject="Sudoku poster"))


def picture_tiles(picture: Image.Image, columns: int, rows: int, side: int = 9) -> list[frozenset[int]]:
    """The picture cut into ``columns x rows`` tiles of ``side x side`` cells: the dark cells of each tile."""
    small = picture.convert("L").resize((columns * side, rows * side), Image.Resampling.BOX)
    pixels = small.load()
    tiles = []
    for row in range(rows):
        for column in range(columns):
            tiles.append(frozenset(
                r * side + c
                for r in range(side)
                for c in range(side)
                if pixels[column * side + c, row * side + r] < 128
            ))
    return tiles


def _bits(cells: frozenset[int]) -> int:
    return sum(1 << c for c in cells)


def match_tiles(tiles: Sequence[frozenset[int]], motifs: Sequence[Motif]) -> list[Motif]:
    """For each tile, the unused motif whose shaded cells differ from it in the fewest cells (greedy)."""
    if len(motifs) < len(tiles):
        raise UnsupportedError(f"a mosaic of {len(tiles)} grids needs at least {len(tiles)} puzzles, got {len(motifs)}")
    pool = [(_bits(m.cells), m) for m in motifs]
    chosen = []
    for tile in tiles:
        want = _bits(tile)
        best = min(range(len(pool)), key=lambda i: ((pool[i][0] ^ want).bit_count(), i))
        chosen.append(pool.pop(best)[1])
    return chosen


def build_mosaic(
    puzzles: Sequence[Puzzle],
    template: Template,
    *,
    title: str = "Sudoku mosaic",
    picture: Image.Image | None = None,
) -> Document:
    """A mosaic poster: ``columns x rows`` small puzzles with shaded givens.

    With a ``picture``, each place gets the puzzle whose givens best draw that
    part of the picture (each puzzle used once); without one, puzzles go in order.
    """
    from .motif import motif_of

    count = template.grid.per_page
    by_number = {p.number: p for p in puzzles}
    motifs = [motif_of(p.grid, p.number) for p in puzzles if p.grid.side == 9]
    if picture is not None:
        chosen = match_tiles(picture_tiles(picture, template.grid.columns, template.grid.rows), motifs)
    else:
        if len(motifs) < count:
            template = replace(template, grid=replace(template.grid, rows=-(-len(motifs) // template.grid.columns)))
        chosen = motifs[:count]

    def draw(page: Page, live: Box) -> None:
        title_size = template.furniture.title_size
        page.add(Text((live[0] + live[2]) / 2, live[1] - title_size * 0.45, title, title_size, "bold", "center"))
        for slot, motif in zip(slots(template, live, 9), chosen):
            puzzle = by_number[motif.number]
            page.add(Text(slot.x, slot.label_y, str(puzzle.number), template.grid.label_size, "bold", "left", 0.3))
            items, placement = draw_grid(puzzle.grid.shape, slot.x, slot.y, slot.size, template.style,
                                         grid=puzzle.grid, shaded=motif.cells, role="puzzle", number=puzzle.number)
            page.add(*items)
            page.grids.append(placement)

    return assemble([PlannedPage(template, draw, furniture=False)], Metadata(title=title, subject="Sudoku mosaic poster"))
