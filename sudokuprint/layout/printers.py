"""What a print-on-demand printer asks of a whole book: page count, paper, spine and cover.

The interior's page-by-page rules (trim sizes, margins, rules, text) are in
:mod:`sudokuprint.render.preflight`; this module holds the rest, which both
the book's layout and the cover's preflight use.  Lengths are in points.

Sources (the printers' help pages as they read when this was written; check
them again from time to time):

* KDP, "Paperback cover calculator" and "Create a paperback cover": spine
  width = page count x paper thickness, white paper 0.002252 in a page, cream
  0.0025 in; cover bleed 0.125 in on every outer edge; keep text 0.125 in
  inside the trim and 0.0625 in clear of each spine fold; spine text only on
  books of 79 pages or more; a 2 x 1.2 in white area on the back, at its lower
  right, for the barcode KDP prints; an even page count (a blank page is added
  otherwise), 24 to 828 pages.
* IngramSpark, "File Creation Guide" and "Manufacturing and File Setup Tips":
  interior margins at least 0.5 in from the trim on all sides; the final page
  blank; an even page count; cover art and text at least 0.25 in inside the
  trim, 1/16 in of binding variance at the spine folds; the same barcode area.
  IngramSpark's paper bulk comes from its cover template generator; the
  values here (pages an inch: white 440, cream 430) are the ones quoted from
  it in publishing guides, and ``--paper-thickness`` overrides them.  It names
  no page count for spine text: text goes on a spine wide enough to hold the
  smallest text allowed plus the safety at both folds.
"""

from __future__ import annotations

from dataclasses import dataclass

INCH = 72.0


@dataclass(frozen=True)
class BookRules:
    """One printer's rules for a whole paperback (lengths in points)."""

    name: str
    label: str
    paper: tuple[tuple[str, float], ...]
    """Paper name -> thickness of one page, in inches."""
    pages: tuple[int, int]
    """Fewest and most pages the printer binds."""
    last_page_blank: bool
    """The printer wants the final page of the interior blank."""
    interior_margin: float
    """Least distance from any trim edge to anything printed on an interior page."""
    spine_text_pages: int
    """Fewest pages whose spine may carry text (0: decided by the spine's width alone)."""
    spine_safety: float
    """Space kept clear on each side of a spine fold (the binding's variance)."""
    cover_bleed: float
    cover_safe: float
    """Least distance from the cover's trim edges (and its spine folds) to text and art."""
    barcode: tuple[float, float] = (2 * INCH, 1.2 * INCH)
    barcode_margin: float = 0.25 * INCH
    """Distance of the barcode area from the back's bottom trim edge and from the spine fold."""

    def thickness(self, paper: str) -> float:
        """Inches of one page of ``paper``; a ValueError names the papers this printer has."""
        for name, inches in self.paper:
            if name == paper:
                return inches
        raise ValueError(f"{self.label} has no paper {paper!r}; choose {', '.join(n for n, _ in self.paper)} "
                         "or give --paper-thickness")

    def spine_width(self, pages: int, paper: str = "white", thickness: float | None = None) -> float:
        """The spine of a book of ``pages`` pages, in points: pages x the paper's thickness."""
        inches = thickness if thickness is not None else self.thickness(paper)
        return pages * inches * INCH

    def spine_text_allowed(self, pages: int, spine: float, text_size: float) -> bool:
        """True when a spine of ``pages`` pages and ``spine`` points may carry text of ``text_size`` points."""
        if pages < self.spine_text_pages:
            return False
        return spine - 2 * self.spine_safety >= text_size

    def padded(self, pages: int, *, last_blank: bool) -> int:
        """The page count after the blank pages the printer asks for: an even count, and a blank final
        page where the printer wants one (``last_blank`` says whether the last page is blank already)."""
        if self.last_page_blank and not last_blank:
            pages += 1
        return pages + pages % 2


PRINTERS: dict[str, BookRules] = {
    "kdp": BookRules("kdp", "KDP", (("white", 0.002252), ("cream", 0.0025)), (24, 828), False, 0.25 * INCH, 79,
                     0.0625 * INCH, 0.125 * INCH, 0.125 * INCH),
    "ingramspark": BookRules("ingramspark", "IngramSpark", (("white", 1 / 440), ("cream", 1 / 430)), (18, 1200),
                             True, 0.5 * INCH, 0, 0.0625 * INCH, 0.125 * INCH, 0.25 * INCH),
}
"""The printers' book rules by name (see the module's docstring for their sources)."""


def printer(name: str) -> BookRules:
    """The rules of the printer called ``name``; a ValueError lists the known ones."""
    try:
        return PRINTERS[name]
    except KeyError:
        raise ValueError(f"unknown printer {name!r}; choose {', '.join(PRINTERS)}") from None
