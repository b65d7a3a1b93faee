"""A book's interior, page by page: front matter, sections by level, answers, back matter, padding.

The order, with every opening on a recto (a right-hand, odd page):

1. the title page, its verso blank;
2. the copyright page, then "How to play" with a worked example;
3. the contents, on a recto; optionally the techniques the book needs;
4. each section (a level, or all the puzzles) opens with a divider page on a
   recto ("Easy · puzzles 1–25"); its pages carry the section in the running head;
5. the answers, a section of their own, each labelled with its puzzle's page;
6. notes pages, then the blank pages the printer asks for (an even count;
   IngramSpark's blank final page).

Puzzles are numbered once, in book order; each shows its level in words.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import groupby
from typing import Sequence

from ...layout.geometry import is_recto
from ...layout.page import Box, Page, Rect
from ...layout.printers import BookRules
from ...layout.template import Template
from ..booklet import Answer, answer_label, answer_pages, level_words, puzzle_pages, subtitle, title_page
from ..pages import PlannedPage
from ..puzzles import Puzzle
from .front import blank_page, contents_page, copyright_page, divider_page, how_to_play_page, notes_page, \
    worked_example
from .techniques import technique_examples, technique_pages

TAB_DEPTH = 0.3 * 72
"""How far a bleed edition's thumb tab reaches in from the outside trim edge (it runs on into the bleed)."""


@dataclass(frozen=True)
class Section:
    """A run of puzzles with a name for the running head and a heading for its divider page."""

    name: str
    heading: str
    puzzles: tuple[Puzzle, ...]


@dataclass(frozen=True)
class FrontMatter:
    """What the front matter says."""

    title: str
    subtitle: str = ""
    author: str = ""
    isbn: str = ""
    year: int = 2026


@dataclass
class Interior:
    """The planned interior: its pages, and where everything landed (pages are numbered from 1)."""

    plan: list[PlannedPage] = field(default_factory=list)
    contents: list[tuple[str, int]] = field(default_factory=list)
    puzzle_pages: dict[int, int] = field(default_factory=dict)
    answer_pages: dict[int, int] = field(default_factory=dict)
    sections: list[Section] = field(default_factory=list)
    contents_page: int = 0

    def add(self, *pages: PlannedPage) -> int:
        """Append pages; returns the number of the first."""
        first = len(self.plan) + 1
        self.plan.extend(pages)
        return first

    def to_recto(self, template: Template) -> None:
        """A blank page when the next page would be a verso."""
        if not is_recto(len(self.plan)):
            self.add(blank_page(template))


def sections_of(puzzles: Sequence[Puzzle], template: Template, by: str) -> list[Section]:
    """The puzzles in sections: ``level`` (easy first; ungraded last) or ``none`` (one section), renumbered
    from 1 in book order."""
    strings = template.strings
    if by == "level":
        puzzles = sorted(puzzles, key=lambda p: (p.grade.level is None, p.grade.level or 0))
    numbered = [replace(p, number=i) for i, p in enumerate(puzzles, 1)]
    if by == "none":
        return [Section(strings.text("section_puzzles"),
                        strings.text("section_all", first=1, last=len(numbered)), tuple(numbered))]
    sections = []
    for level, group in groupby(numbered, key=lambda p: p.grade.level):
        run = tuple(group)
        name = level_words(template, level, "section") if level is not None else strings.text("section_puzzles")
        key = "section_divider" if len(run) > 1 else "section_divider_one"
        heading = strings.text(key, level=name, first=run[0].number, last=run[-1].number) \
            if level is not None else strings.text("section_all", first=run[0].number, last=run[-1].number)
        sections.append(Section(name, heading, run))
    return sections


def thumb_tab(template: Template, index: int, count: int):
    """A drawer for a bleed edition's thumb tab of section ``index`` of ``count``: a grey block at the
    outside edge, lower for each later section, running into the bleed (None without bleed)."""
    spec = template.page
    if not spec.media_bleed:
        return None
    height = (spec.trim_height - spec.margin_top - spec.margin_bottom) / max(count, 4)

    def draw(page: Page, page_index: int) -> None:
        top = spec.media_bleed + spec.margin_top + index * height
        if is_recto(page_index) or not spec.mirror_margins:
            left, right = page.width - spec.media_bleed - TAB_DEPTH, page.width
        else:
            left, right = 0.0, spec.media_bleed + TAB_DEPTH
        page.add(Rect(left, top, right - left, height * 0.9, fill=0.55))
    return draw


def with_tab(planned: PlannedPage, tab) -> PlannedPage:
    """The planned page with a thumb tab drawn on it too."""
    if tab is None:
        return planned

    def draw(page: Page, live: Box) -> None:
        planned.draw(page, live)
        tab(page, page.number - 1)
    return replace(planned, draw=draw)


def plan_interior(puzzles: Sequence[Puzzle], template: Template, key: Template, rules: BookRules,
                  front: FrontMatter, *, sections_by: str = "level", notes: int = 2,
                  techniques: bool = False) -> Interior:
    """The whole interior of a book of ``puzzles``; ``key`` lays out the answers; with ``techniques`` an
    introduction to the techniques beyond the singles follows the contents."""
    book = Interior()
    strings = template.strings
    book.sections = sections_of(puzzles, template, sections_by)
    ordered = [p for section in book.sections for p in section.puzzles]
    lines = [("subtitle", front.subtitle or subtitle(ordered, template))]
    if front.author:
        lines.append(("author", strings.text("by_author", author=front.author)))
    book.add(title_page(template, front.title, lines), blank_page(template))
    book.add(copyright_page(template, author=front.author, year=front.year, isbn=front.isbn))
    how = strings.text("how_to_play")
    book.contents.append((how, book.add(how_to_play_page(template, worked_example(ordered[0], template), how))))
    book.to_recto(template)
    contents_name = strings.text("contents")
    book.contents_page = book.add(contents_page(template, lambda: book.contents, contents_name))
    examples = technique_examples(ordered) if techniques else []
    if examples:
        name = strings.text("techniques_title")
        book.to_recto(template)
        book.contents.append((name, book.add(*technique_pages(examples, template, name))))
    for index, section in enumerate(book.sections):
        book.to_recto(template)
        tab = thumb_tab(template, index, len(book.sections))
        book.contents.append((section.heading, book.add(divider_page(template, section.heading, section.name, tab))))
        pages = puzzle_pages(section.puzzles, template)
        first = book.add(*(with_tab(replace(page, section=section.name), tab) for page in pages))
        per_page = template.grid.per_page
        book.puzzle_pages.update({p.number: first + i // per_page for i, p in enumerate(section.puzzles)})
    answers_name = strings.text("section_answers")
    book.to_recto(template)
    book.contents.append((answers_name, book.add(divider_page(template, answers_name, answers_name))))
    answers = [Answer(p, answer_label(p, book.puzzle_pages[p.number], key)) for p in ordered]
    first = book.add(*answer_pages(answers, key, section=answers_name))
    book.answer_pages = {p.number: first + i // key.grid.per_page for i, p in enumerate(ordered)}
    if notes:
        book.contents.append((strings.text("notes"), book.add(*(notes_page(template) for _ in range(notes)))))
    target = rules.padded(len(book.plan), last_blank=False)
    while len(book.plan) < target:
        book.add(blank_page(template))
    return book
