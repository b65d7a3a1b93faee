"""The page model both backends draw: pages of primitives, in points.

Coordinates start at the top-left corner of the page (the bleed edge when
there is bleed) and grow rightwards and downwards.  Every colour is a grey
level from 0 (black) to 1 (white), so every page is greyscale by construction.
A text's ``y`` is its baseline.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Sequence, Union

from .fonts import FontName, FontSet

Align = Literal["left", "center", "right"]
Box = tuple[float, float, float, float]
"""A box as (left, top, right, bottom) in page coordinates."""


@dataclass(frozen=True)
class Line:
    """A straight line with square (projecting) caps."""

    x1: float
    y1: float
    x2: float
    y2: float
    width: float
    grey: float = 0.0
    outweighs: float = 0.0
    """Width of a lighter line this one must look heavier than at any resolution (a box line over
    cell lines); raster backends give it at least one pixel more than that line."""


@dataclass(frozen=True)
class Rect:
    """A rectangle, filled and/or stroked."""

    x: float
    y: float
    width: float
    height: float
    fill: float | None = None
    stroke: float | None = None
    line_width: float = 0.0
    outweighs: float = 0.0
    """As for :class:`Line`: the stroke stays heavier than lines of this width."""


@dataclass(frozen=True)
class Text:
    """One line of text placed by its baseline; ``align`` says which end ``x`` is."""

    x: float
    y: float
    text: str
    size: float
    font: FontName = "regular"
    align: Align = "left"
    grey: float = 0.0
    rotation: float = 0.0
    """Degrees the text is turned counter-clockwise about (x, y), e.g. 180 for an upside-down answer."""


Item = Union[Line, Rect, Text]


@dataclass(frozen=True)
class GridPlacement:
    """Where a grid was drawn, so tests and tools can find each cell again."""

    x: float
    y: float
    size: float
    side: int
    role: str
    """``puzzle``, ``answer``, ``blank``, ``candidates``, ``motif``, ``thumbnail``."""
    number: int | None = None
    values: str = ""
    """The digits drawn in the grid, as a standard string ('.' for none)."""


@dataclass
class Page:
    """One page: its media size, print boxes and what is drawn on it."""

    width: float
    height: float
    items: list[Item] = field(default_factory=list)
    trim_box: Box | None = None
    bleed_box: Box | None = None
    number: int = 0
    grids: list[GridPlacement] = field(default_factory=list)
    fonts: FontSet | None = None
    """The template's fallback chains of faces per role (None: the default chains)."""

    def add(self, *items: Item) -> None:
        self.items.extend(items)


@dataclass(frozen=True)
class Metadata:
    """Document information written into the PDF."""

    title: str = "Sudoku"
    author: str = ""
    subject: str = ""
    creator: str = "sudokuprint"
    keywords: str = ""


@dataclass
class Document:
    """A whole job: its pages in order and its metadata."""

    pages: Sequence[Page]
    """The pages in order; a planned document draws each when it is asked for."""
    metadata: Metadata = field(default_factory=Metadata)
    print_spec: str = "none"
    """The printer's rules the PDF must pass (``kdp``, ``ingramspark``), checked as it is written."""
    force_page_count: bool = False
    """Write the PDF even when the printer does not bind its page count (a warning instead of a refusal)."""
    notes: list[str] = field(default_factory=list)
    """What the job chose for the user and should say (e.g. another layout for the answers)."""
    attachments: dict[str, bytes] = field(default_factory=dict)
    """Files embedded in the PDF by name (a booklet's page plan, :mod:`sudokuprint.publish.plan`)."""
