"""Posters: one large puzzle whose givens, shaded, draw a motif.

The puzzle comes from a file, or is generated on a pattern (a pattern code,
a motif of the library, a text picture or a small image): the same pattern
and seed give the same puzzle, and so the same poster.  Mosaics of many
small puzzles are in :mod:`.mosaic`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Sequence

from ..errors import UnsupportedError
from ..layout.geometry import digit_font_size, frame
from ..layout.gridview import draw_grid
from ..layout.page import Box, Document, Item, Line, Metadata, Page, Rect, Text
from ..layout.template import Template
from .marks import with_crop_marks
from .motif import motif_of
from .pages import PlannedPage, assemble
from .puzzles import Puzzle

ANSWER_SHARE = 0.2
"""Side of the small answer at a poster's foot, as a share of the main grid."""


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
    motif = motif_of(puzzle.grid, puzzle.number)
    code = f"pattern code {motif.code}" if motif.code else ""
    line = " · ".join(part for part in (subtitle, puzzle.difficulty, f"{len(motif.cells)} givens", code) if part)
    draw = _poster_drawer(layout(template, 1, 1), [puzzle], [motif.cells], title, line)
    return _finish(template, draw, title, "Sudoku poster", crop_marks)


MIN_ANSWER_DIGITS = 6.0
"""Smallest size (points) of an upside-down answer's digits."""
MAX_ANSWER_SHARE = 0.6
KEEP_ONE_LINE = 0.7
"""A word stays on one line while its grids are at least this share of the largest layout's."""


@dataclass(frozen=True)
class PosterLayout:
    """Where a poster's grids go: rows of ``columns`` grids of ``size`` points, answers ``share`` of a grid."""

    template: Template
    rows: int
    columns: int
    size: float
    share: float

    @property
    def answer_digits(self) -> float:
        """Size of the answers' digits, in points."""
        return digit_font_size(self.size * self.share / 9, self.template.style)


def answer_share(template: Template, size: float) -> float:
    """The answer's side as a share of a grid of ``size``: :data:`ANSWER_SHARE`, or more so its digits
    reach :data:`MIN_ANSWER_DIGITS` (at most :data:`MAX_ANSWER_SHARE`)."""
    per_point = digit_font_size(1.0, template.style)  # digit size grows in proportion to the cell
    needed = MIN_ANSWER_DIGITS / per_point * 9 / size * (1 + 1e-9)  # never a rounding under 6 pt
    return min(MAX_ANSWER_SHARE, max(ANSWER_SHARE, needed))


def _heading(template: Template) -> tuple[float, float]:
    """(title block height, size of the line under the title)."""
    title_size = template.furniture.title_size
    label_size = max(template.grid.label_size, title_size * 0.3)  # the line under the title reads from afar
    return title_size * 1.3 + label_size * 3, label_size


def layout(template: Template, count: int, rows: int) -> PosterLayout:
    """``count`` grids on ``rows`` rows of the template's live area, as large as they fit."""
    live = frame(template.page, 0, 1)
    width, height = live[2] - live[0], live[3] - live[1]
    heading, label_size = _heading(template)
    columns = -(-count // rows)
    gap = max(template.grid.gap_x, width * 0.02)
    answer_gap = label_size * 2.5
    caption = label_size * 2.2
    share = ANSWER_SHARE
    size = 0.0
    for _ in range(3):  # the answer's share depends on the size, the size on the share
        size = min((width - gap * (columns - 1)) / columns,
                   (height - heading - caption - (rows - 1) * gap - rows * answer_gap) / (rows * (1 + share)))
        share = answer_share(template, size)
    return PosterLayout(template, rows, columns, size, share)


def word_layout(template: Template, count: int) -> PosterLayout:
    """The layout of a word of ``count`` letters: on the sheet portrait or turned, one line or several,
    whichever gives the largest grids, except that a word stays on one line while that loses little."""
    options = [layout(sheet, count, rows) for sheet in {template, landscape(template)} for rows in range(1, count + 1)]
    options = [option for option in options if option.answer_digits >= MIN_ANSWER_DIGITS - 1e-6]
    if not options:
        raise UnsupportedError(f"{count} letters do not fit on {template.name} with answers of "
                               f"{MIN_ANSWER_DIGITS:g} pt; use a larger poster template (poster-a2, poster-a1) "
                               "or a shorter word")
    best = max(options, key=lambda option: option.size)
    one_line = max((o for o in options if o.rows == 1), key=lambda option: option.size, default=None)
    return one_line if one_line and one_line.size >= KEEP_ONE_LINE * best.size else best


def build_word_poster(puzzles: Sequence[Puzzle], word: str, template: Template, *, title: str = "",
                      crop_marks: bool = False) -> Document:
    """A word as rows of puzzles, one letter (or digit) each, filling the sheet (turned when that helps)."""
    placed = word_layout(template, len(puzzles)) if len(puzzles) > 1 else layout(template, 1, 1)
    cells = [motif_of(p.grid, p.number).cells for p in puzzles]
    levels = sorted({p.difficulty for p in puzzles if p.difficulty})
    line = f"{len(puzzles)} puzzles, one a letter" + (f" · {', '.join(levels)}" if levels else "")
    draw = _poster_drawer(placed, list(puzzles), cells, title or word, line)
    return _finish(placed.template, draw, title or word, f"Sudoku word poster: {word}", crop_marks)


def _poster_drawer(placed: PosterLayout, puzzles: list[Puzzle], shaded: list[frozenset[int]], title: str,
                   line: str) -> Callable[[Page, Box], None]:
    """The drawing of a poster: frame, title, the line under it, rows of grids each with its answer upside
    down under it, and a caption under the last row."""
    template = placed.template
    count = len(puzzles)

    def draw(page: Page, live: Box) -> None:
        title_size = template.furniture.title_size
        heading, label_size = _heading(template)
        width, height = live[2] - live[0], live[3] - live[1]
        centre = (live[0] + live[2]) / 2
        gap = max(template.grid.gap_x, width * 0.02)
        answer_gap = label_size * 2.5
        size, share = placed.size, placed.share
        row_height = size * (1 + share) + answer_gap
        block = heading + placed.rows * row_height + (placed.rows - 1) * gap + label_size * 2.2
        top = live[1] + (height - block) / 2  # the whole poster centred on the page
        inset = min(template.page.margin_top, template.page.margin_outside) * 0.45
        page.add(Rect(live[0] - inset, live[1] - inset, width + 2 * inset, height + 2 * inset,
                      stroke=0.0, line_width=max(0.75, template.style.border_line * 0.4)))
        page.add(Text(centre, top + title_size * 0.8, title, title_size, "bold", "center"))
        page.add(Text(centre, top + title_size * 1.3 + label_size * 1.3, line, label_size, "regular", "center", 0.3))
        top += heading
        left = live[0]
        for index, (puzzle, cells) in enumerate(zip(puzzles, shaded)):
            row, column = divmod(index, placed.columns)
            in_row = min(placed.columns, count - row * placed.columns)
            left = centre - (in_row * size + (in_row - 1) * gap) / 2
            x, y = left + column * (size + gap), top + row * (row_height + gap)
            items, placement = draw_grid(puzzle.grid.shape, x, y, size, template.style, grid=puzzle.grid,
                                         shaded=cells, role="puzzle", number=puzzle.number)
            page.add(*items)
            page.grids.append(placement)
            small = size * share
            ax, ay = x + size - small, y + size + answer_gap
            items, placement = draw_grid(puzzle.grid.shape, ax, ay, small, template.style, grid=puzzle.solution,
                                         line_scale=share, role="answer", number=puzzle.number)
            page.add(*upside_down(items, ax, ay, small))
            page.grids.append(placement)
        last = top + placed.rows * row_height + (placed.rows - 1) * gap
        page.add(Text(centre, last + label_size * 1.4, "Answers upside down" if count > 1 else
                      "Answer upside down", label_size * 0.85, "regular", "center", 0.45))

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
