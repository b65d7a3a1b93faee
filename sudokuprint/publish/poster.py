"""Posters: one large puzzle whose givens, shaded, draw a motif.

The puzzle comes from a file, or is generated on a pattern (a pattern code,
a motif of the library, a text picture or a small image): the same pattern
and seed give the same puzzle, and so the same poster.  Mosaics of many
small puzzles are in :mod:`.mosaic`.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Callable, Sequence

from ..grid import Grid
from ..layout.gridview import draw_grid
from ..layout.page import Box, Document, Item, Line, Metadata, Page, Rect, Text
from ..layout.template import Template
from ..shape import Shape
from .marks import with_crop_marks
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


def landscape(template: Template) -> Template:
    """The template turned to landscape (width and height swapped), for a row of puzzles."""
    page = template.page
    if page.trim_width >= page.trim_height:
        return template
    return replace(template, page=replace(page, trim_width=page.trim_height, trim_height=page.trim_width))


def build_poster(puzzle: Puzzle, template: Template, *, title: str = "Sudoku", subtitle: str = "",
                 crop_marks: bool = False) -> Document:
    """A poster: the title, one large puzzle with its givens tinted as the motif, and the answer.

    Under the title a line names the motif, the level and the pattern code;
    a thin frame surrounds the whole.  The answer is printed small and upside
    down at the foot, so a framed poster does not give it away at a glance.
    """
    from .motif import motif_of

    motif = motif_of(puzzle.grid, puzzle.number)
    code = f"pattern code {motif.code}" if motif.code else ""
    line = " · ".join(part for part in (subtitle, puzzle.difficulty, f"{len(motif.cells)} givens", code) if part)
    draw = _poster_drawer(template, [puzzle], [motif.cells], title, line)
    return _finish(template, draw, title, "Sudoku poster", crop_marks)


def build_word_poster(puzzles: Sequence[Puzzle], word: str, template: Template, *, title: str = "",
                      crop_marks: bool = False) -> Document:
    """A word as a row of puzzles, one letter (or digit) each, on the template turned landscape."""
    from .motif import motif_of

    sheet = landscape(template) if len(puzzles) > 1 else template
    cells = [motif_of(p.grid, p.number).cells for p in puzzles]
    levels = sorted({p.difficulty for p in puzzles if p.difficulty})
    line = f"{len(puzzles)} puzzles, one a letter" + (f" · {', '.join(levels)}" if levels else "")
    draw = _poster_drawer(sheet, list(puzzles), cells, title or word, line)
    return _finish(sheet, draw, title or word, f"Sudoku word poster: {word}", crop_marks)


def _poster_drawer(template: Template, puzzles: list[Puzzle], shaded: list[frozenset[int]], title: str,
                   line: str) -> Callable[[Page, Box], None]:
    """The drawing of a poster of one row of puzzles: frame, title, the line under it, grids, answers upside down."""
    count = len(puzzles)

    def draw(page: Page, live: Box) -> None:
        title_size = template.furniture.title_size
        label_size = max(template.grid.label_size, title_size * 0.3)  # the line under the title reads from afar
        width, height = live[2] - live[0], live[3] - live[1]
        centre = (live[0] + live[2]) / 2
        heading = title_size * 1.3 + label_size * 3
        gap = max(template.grid.gap_x, width * 0.02)
        answer_gap = label_size * 2.5
        size = min((width - gap * (count - 1)) / count, (height - heading - answer_gap) / (1 + ANSWER_SHARE))
        block = heading + size * (1 + ANSWER_SHARE) + answer_gap
        top = live[1] + (height - block) / 2  # the whole poster centred on the page
        inset = min(template.page.margin_top, template.page.margin_outside) * 0.45
        page.add(Rect(live[0] - inset, live[1] - inset, width + 2 * inset, height + 2 * inset,
                      stroke=0.0, line_width=max(0.75, template.style.border_line * 0.4)))
        page.add(Text(centre, top + title_size * 0.8, title, title_size, "bold", "center"))
        page.add(Text(centre, top + title_size * 1.3 + label_size * 1.3, line, label_size, "regular", "center", 0.3))
        top += heading
        row_width = count * size + (count - 1) * gap
        left = centre - row_width / 2
        for index, (puzzle, cells) in enumerate(zip(puzzles, shaded)):
            x = left + index * (size + gap)
            items, placement = draw_grid(puzzle.grid.shape, x, top, size, template.style, grid=puzzle.grid,
                                         shaded=cells, role="puzzle", number=puzzle.number)
            page.add(*items)
            page.grids.append(placement)
            small = size * ANSWER_SHARE
            ax, ay = x + size - small, top + size + answer_gap
            items, placement = draw_grid(puzzle.grid.shape, ax, ay, small, template.style, grid=puzzle.solution,
                                         line_scale=ANSWER_SHARE, role="answer", number=puzzle.number)
            page.add(*upside_down(items, ax, ay, small))
            page.grids.append(placement)
        page.add(Text(left, top + size + answer_gap + label_size, "Answers upside down" if count > 1 else
                      "Answer upside down", label_size * 0.85, "regular", "left", 0.45))

    return draw


def upside_down(items: Sequence[Item], x: float, y: float, size: float) -> list[Item]:
    """A grid's items turned 180° about the centre of its square (digits turned too)."""
    cx, cy = x + size / 2, y + size / 2
    turned: list[Item] = []
    for item in items:
        if isinstance(item, Line):
            turned.append(replace(item, x1=2 * cx - item.x1, y1=2 * cy - item.y1, x2=2 * cx - item.x2,
                                  y2=2 * cy - item.y2))
        elif isinstance(item, Rect):
            turned.append(replace(item, x=2 * cx - item.x - item.width, y=2 * cy - item.y - item.height))
        else:
            turned.append(replace(item, x=2 * cx - item.x, y=2 * cy - item.y, rotation=(item.rotation + 180) % 360))
    return turned


def _finish(template: Template, draw: Callable[[Page, Box], None], title: str, subject: str,
            crop_marks: bool) -> Document:
    document = assemble([PlannedPage(template, draw, furniture=False)], Metadata(title=title, subject=subject))
    if crop_marks:
        document = with_crop_marks(document)
    return document
