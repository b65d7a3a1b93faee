"""What a template says, as validated frozen dataclasses: paper, grids, style, furniture, answers.

Lengths are in points (converted once, by :mod:`.template`, which reads and
checks the TOML); :mod:`.geometry` lays pages out from these.
"""

from __future__ import annotations

from dataclasses import dataclass

from .fonts import DEFAULT_FONTS, FontSet
from .strings import Strings


@dataclass(frozen=True)
class PageSpec:
    """Paper, bleed and margins (all in points)."""

    trim_width: float
    trim_height: float
    bleed: float
    """Bleed the template asks for; pages get it only when something on them bleeds (none of the
    shipped puzzle pages does), and then on the top, bottom and outside edges only."""
    margin_top: float
    margin_bottom: float
    margin_inside: float
    margin_outside: float
    mirror_margins: bool
    gutter_steps: tuple[tuple[int, float], ...]
    """(page count from which it applies, extra inside margin), ascending."""
    print_spec: str = "none"
    """The printer's rules every PDF made with this template is checked against (``kdp``, ``ingramspark``)."""
    bleeds: bool = False
    """True when something on the pages reaches the trim edge, so the media carries the bleed."""

    @property
    def media_bleed(self) -> float:
        """The bleed actually added to the media: none unless something bleeds."""
        return self.bleed if self.bleeds else 0.0

    @property
    def width(self) -> float:
        """Media width: the trim plus the bleed on the outside edge only (none at the spine)."""
        return self.trim_width + self.media_bleed * (1 if self.mirror_margins else 2)

    @property
    def height(self) -> float:
        return self.trim_height + 2 * self.media_bleed

    def gutter(self, page_count: int) -> float:
        """Extra inside margin for a book of ``page_count`` pages."""
        extra = 0.0
        for pages, width in self.gutter_steps:
            if page_count >= pages:
                extra = width
        return extra


@dataclass(frozen=True)
class GridSpec:
    """How many grids a page holds and the space between them."""

    columns: int
    rows: int
    gap_x: float
    gap_y: float
    max_cell: float
    """Largest cell side; 0 for no limit."""
    label_size: float
    label_gap: float

    @property
    def per_page(self) -> int:
        return self.columns * self.rows


@dataclass(frozen=True)
class GridStyle:
    """Lines, digits and shading of one grid."""

    cell_line: float
    box_line: float
    border_line: float
    digit_ratio: float
    """Height of a digit's ink as a share of the cell side."""
    given_font: str
    filled_font: str
    filled_grey: float
    shade_grey: float
    shaded_digit_grey: float
    tint_grey: float
    """Fill of lightly marked cells (givens outside a mosaic's picture)."""
    candidate_ratio: float
    guide_grey: float
    min_digit_size: float
    min_line: float
    """No line is drawn thinner, however small its grid (the printer's least rule weight)."""
    fonts: FontSet = DEFAULT_FONTS
    """The template's fonts, with which digits are measured and drawn."""


@dataclass(frozen=True)
class Furniture:
    """What surrounds the puzzles: title page, running head, folios, labels."""

    title_page: bool
    running_head: bool
    page_numbers: bool
    puzzle_numbers: bool
    difficulty: bool
    svd_label: bool
    title_size: float
    head_size: float
    folio_size: float
    title_lines: int
    """Most lines a title, a subtitle or an author may wrap to before it shrinks."""
    title_min_size: float
    """Smallest size a title may shrink to; below it the title is refused."""
    min_text_size: float
    """Smallest size of any text printed (labels, answers, running heads, folios)."""
    rule_line: float
    """Weight of the rule under the running head."""


@dataclass(frozen=True)
class AnswerSpec:
    """Where a booklet's answers go and which template lays out the key."""

    placement: str
    template: str
    under_scale: float


@dataclass(frozen=True)
class Template:
    """A whole validated template."""

    name: str
    description: str
    source: str
    page: PageSpec
    grid: GridSpec
    style: GridStyle
    furniture: Furniture
    answers: AnswerSpec
    fonts: FontSet
    strings: Strings
