"""Posters: one large puzzle whose givens, shaded, draw a motif.

The puzzle comes from a file, or is generated on a pattern (a pattern code,
a motif of the library, a text picture or a small image): the same pattern
and seed give the same puzzle, and so the same poster.  Mosaics of many
small puzzles are in :mod:`.mosaic`.
"""

from __future__ import annotations

import random

from ..grid import Grid
from ..layout.gridview import draw_grid
from ..layout.page import Box, Document, Metadata, Page, Text
from ..layout.template import Template
from ..shape import Shape
from .pages import PlannedPage, assemble
from .puzzles import Puzzle, recheck, svd_label_for

PATTERN_SECONDS = 60.0
"""Time the generator gets to fill a poster's pattern."""

ANSWER_SHARE = 0.2
"""Side of the small answer at a poster's foot, as a share of the main grid."""


def puzzle_on_pattern(cells: frozenset[int], shape: Shape, seed: int, *, source: str = "pattern",
                      seconds: float = PATTERN_SECONDS) -> Puzzle:
    """A graded unique puzzle whose givens are exactly ``cells``, made by the generator from ``seed``.

    Raises the generator's :class:`~sudokuprint.generator.GenerationError` when
    the pattern is impossible or no puzzle is found in ``seconds``.
    """
    from ..generator import PatternSearch, fill_pattern

    made, _ = fill_pattern(cells, shape, random.Random(seed), PatternSearch(time_limit=seconds))
    grid = made.grid()
    grade = made.grade
    solution = Grid.from_values(made.solution, shape, givens=grid.givens)
    return recheck(Puzzle(1, grid, solution, True, grade, svd_label_for(1, grid, grade), f"{source}, seed {seed}"))


def build_poster(puzzle: Puzzle, template: Template, *, title: str = "Sudoku", subtitle: str = "") -> Document:
    """A poster: the title, one large puzzle with its givens shaded, its code, and a small answer at the foot."""
    from .motif import motif_of

    motif = motif_of(puzzle.grid, puzzle.number)

    def draw(page: Page, live: Box) -> None:
        title_size, label_size = template.furniture.title_size, template.grid.label_size
        centre = (live[0] + live[2]) / 2
        heading = title_size * 1.25 + label_size * 3
        gap = template.grid.gap_y
        size = min(live[2] - live[0], (live[3] - live[1] - heading - gap) / (1 + ANSWER_SHARE))
        spare = live[3] - live[1] - heading - gap - size * (1 + ANSWER_SHARE)
        top = live[1] + spare / 2  # the whole poster centred on the page
        page.add(Text(centre, top + title_size * 0.75, title, title_size, "bold", "center"))
        line = " · ".join(part for part in (subtitle, puzzle.difficulty, motif.describe()) if part)
        page.add(Text(centre, top + title_size * 1.25 + label_size * 1.2, line, label_size, "regular", "center", 0.25))
        top += heading
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
