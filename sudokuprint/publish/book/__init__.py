"""A whole paperback ready to upload: the interior and its full-wrap cover, both PDF/X.

:func:`build_book` plans the interior (:mod:`.interior`) for one printer
(:mod:`sudokuprint.layout.printers`) and trim, then the cover for the
interior's final page count (:mod:`.cover`).  :func:`write_book` renders both,
preflights them against the printer's rules, makes them PDF/X and writes
``NAME-interior.pdf`` and ``NAME-cover.pdf``, each whole or not at all.
"""

from __future__ import annotations

import datetime
import os
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Callable, Sequence

from ...errors import PreflightError, UnsupportedError
from ...layout.edition import for_printer
from ...layout.page import Document, Metadata
from ...layout.printers import BookRules, printer
from ...layout.template import Template, load_template
from ...layout.units import paper_size, parse_length
from ...outputs import atomic_output
from ...patterns import library_motif
from ...render import render_pdf
from ...render.cover_preflight import cover_preflight
from ...render.pdfx import make_pdfx
from ...render.preflight import SPECS, preflight
from ..booklet import subtitle
from ..generated import puzzle_on_pattern
from ..pages import assemble
from ..puzzles import Puzzle
from .cover import CoverGeometry, build_cover, cover_geometry
from .interior import FrontMatter, Interior, plan_interior

__all__ = ["Book", "BookOptions", "build_book", "write_book", "TRIMS"]

TRIMS: dict[str, tuple[str, str]] = {"6x9": ("6in", "9in"), "5x8": ("5in", "8in"), "5.5x8.5": ("5.5in", "8.5in"),
                                     "6.14x9.21": ("6.14in", "9.21in"), "7x10": ("7in", "10in"),
                                     "8x10": ("8in", "10in"), "8.5x11": ("8.5in", "11in")}
"""Trim sizes by name (and A4, A5 ... by paper name); from 7 in wide the 4-a-page template is used."""


@dataclass(frozen=True)
class BookOptions:
    """Everything a book asks for besides its puzzles (see ``sudokuprint book --help``)."""

    spec: str = "kdp"
    trim: str = "6x9"
    paper: str = "white"
    paper_thickness: float | None = None
    """Inches of one page; overrides the printer's table for ``paper``."""
    bleed: bool = False
    title: str = "Sudoku"
    subtitle: str = ""
    author: str = ""
    isbn: str = ""
    blurb: str = ""
    lang: str | None = None
    sections: str = "level"
    labels: str = "level"
    """``level``: each puzzle's number and level in words; ``svd``: its SVD label too."""
    notes: int = 2
    techniques: bool = False
    """An introduction to the techniques beyond the singles, each shown in one of the book's puzzles."""
    year: int | None = None
    cover_motif: str = "star"
    seed: int = 1
    pdfx: str = "1a"
    force: bool = False
    """Write a book whose page count the printer refuses (too few or too many pages)."""


@dataclass
class Book:
    """A planned book: its interior and cover documents and where everything is."""

    interior: Document
    cover: Document
    plan: Interior
    rules: BookRules
    geometry: CoverGeometry
    options: BookOptions

    @property
    def pages(self) -> int:
        return len(self.interior.pages)


def trim_size(name: str) -> tuple[float, float]:
    """Width and height in points of a trim given as ``6x9``, ``5.5x8.5``, ``A5`` or ``152x229mm``."""
    key = name.strip().lower()
    if key in TRIMS:
        return parse_length(TRIMS[key][0]), parse_length(TRIMS[key][1])
    try:
        return paper_size(key)
    except ValueError:
        pass
    width, _, height = key.partition("x")
    unit = "".join(ch for ch in height if ch.isalpha()) or "in"
    try:
        return parse_length(width + unit), parse_length(height.removesuffix(unit) + unit)
    except ValueError:
        raise UnsupportedError(f"--trim {name!r}: expected a size such as 6x9, 8.5x11, A5 or 152x229mm") from None


def book_templates(options: BookOptions, rules: BookRules) -> tuple[Template, Template]:
    """The puzzle and answer templates for the trim and printer: the POD templates with the trim's size,
    the labels asked for, and the printer's margins."""
    width, height = trim_size(options.trim)
    spec = SPECS[rules.name]
    if not any(abs(width - w) <= 1 and abs(height - h) <= 1 for w, h in spec.trim_sizes):
        known = ", ".join(f"{w / 72:g}x{h / 72:g}" for w, h in spec.trim_sizes)
        raise UnsupportedError(f"--trim {options.trim}: {width / 72:.3g} x {height / 72:.3g} in is not one of "
                               f"{rules.label}'s trim sizes ({known})")
    family = "pod-8.5x11" if width >= 7 * 72 else "pod-6x9"
    made = []
    for name in (family, f"{family}-answers"):
        template = load_template(name, lang=options.lang)
        template = replace(template, page=replace(template.page, trim_width=width, trim_height=height),
                           furniture=replace(template.furniture, svd_label=options.labels == "svd"))
        margin = spec.margin_bleed if options.bleed else spec.margin
        made.append(for_printer(template, rules.name, max(margin, rules.interior_margin), bleed=options.bleed))
    return made[0], made[1]


@lru_cache(maxsize=8)
def cover_art(name: str, seed: int) -> tuple[Puzzle, frozenset[int]]:
    """The front's art: the library motif ``name`` filled by the generator with a unique puzzle, and the
    cells of its drawing (shaded)."""
    motif = library_motif(name)  # an unknown name is a ParseError listing the library (exit 2)
    return puzzle_on_pattern(motif.givens, motif.shape, seed, source=name), motif.drawing


def build_book(puzzles: Sequence[Puzzle], options: BookOptions = BookOptions()) -> Book:
    """Plan the interior and the cover of a book of ``puzzles`` (checked, solved and graded)."""
    if not puzzles:
        raise UnsupportedError("a book needs at least one puzzle")
    if options.sections not in ("level", "none") or options.labels not in ("level", "svd"):
        raise UnsupportedError("sections are 'level' or 'none'; labels 'level' or 'svd'")
    rules = printer(options.spec)
    if options.paper_thickness is None:
        try:
            rules.thickness(options.paper)
        except ValueError as error:
            raise UnsupportedError(str(error)) from None
    template, key = book_templates(options, rules)
    year = options.year or datetime.date.today().year
    front = FrontMatter(options.title, options.subtitle, options.author, options.isbn, year)
    plan = plan_interior(puzzles, template, key, rules, front, sections_by=options.sections, notes=options.notes,
                         techniques=options.techniques)
    interior = assemble(plan.plan, Metadata(title=options.title, author=options.author,
                                            subject=f"{len(puzzles)} Sudoku puzzles with answers"))
    interior.print_spec = rules.name
    pages = len(plan.plan)
    geometry = cover_geometry(template, rules, pages, paper=options.paper, thickness=options.paper_thickness)
    art, cells = cover_art(options.cover_motif, options.seed)
    ordered = [p for section in plan.sections for p in section.puzzles]
    sample = ordered[len(ordered) // 2]
    blurb = options.blurb or template.strings.text("blurb", subtitle=subtitle(ordered, template))
    cover = build_cover(geometry, rules, template, pages=pages, title=options.title, subtitle=options.subtitle,
                        author=options.author, blurb=blurb, sample=sample, art=art, art_cells=cells)
    return Book(interior, cover, plan, rules, geometry, options)


def book_names(name: str) -> tuple[str, str]:
    """``NAME-interior.pdf`` and ``NAME-cover.pdf`` for ``-o NAME`` (a ``.pdf`` suffix is dropped)."""
    stem = name[:-4] if name.lower().endswith(".pdf") else name
    return f"{stem}-interior.pdf", f"{stem}-cover.pdf"


def check_page_count(book: Book) -> list[str]:
    """Refuse a page count the printer does not bind, unless the options force it (then a warning)."""
    low, high = book.rules.pages
    if low <= book.pages <= high:
        return []
    message = (f"the book has {book.pages} pages; {book.rules.label} prints {low} to {high} pages "
               f"({'add puzzles or notes pages' if book.pages < low else 'use fewer puzzles'}, or --force)")
    if not book.options.force:
        raise PreflightError(message + "; nothing was written", [])
    return [message]


def render_book(book: Book, *, on_page: Callable[[], None] | None = None) -> tuple[bytes, bytes, list[str]]:
    """The interior and cover as PDF/X bytes, each preflighted; the warnings to show."""
    warnings = check_page_count(book)
    interior = render_pdf(book.interior, on_page=on_page)
    findings = [f for f in preflight(interior, book.rules.name) if f.rule != "pages"]
    cover = render_pdf(book.cover)
    findings += cover_preflight(cover, book.rules.name, book.pages, paper=book.options.paper,
                                thickness=book.options.paper_thickness, trim_size=(book.geometry.trim_width,
                                                                                   book.geometry.trim_height))
    if findings:
        shown = "\n  ".join(str(f) for f in findings[:20])
        raise PreflightError(f"the book fails {book.rules.label}'s preflight; nothing was written:\n  {shown}",
                             findings)
    title = book.options.title
    return make_pdfx(interior, level=book.options.pdfx, title=title), \
        make_pdfx(cover, level=book.options.pdfx, title=title), warnings


def write_book(book: Book, output: str | os.PathLike[str], *,
               on_page: Callable[[], None] | None = None) -> tuple[list[str], list[str]]:
    """Write ``NAME-interior.pdf`` and ``NAME-cover.pdf``; returns the names written and any warnings."""
    interior, cover, warnings = render_book(book, on_page=on_page)
    names = book_names(os.fspath(output))
    for name, data in zip(names, (interior, cover)):
        with atomic_output(name, binary=True) as stream:
            stream.write(data)
    return list(names), warnings
