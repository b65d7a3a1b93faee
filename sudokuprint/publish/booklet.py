"""Booklets and answer keys: title page, numbered puzzles n-up, answers labelled "12 · p. 4"."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Sequence

from ..layout.geometry import Slot, frame, slots
from ..layout.gridview import draw_grid
from ..layout.fonts import text_width
from ..layout.page import Box, Document, Metadata, Page, Text
from ..layout.template import Template, TemplateError, load_template, shipped_templates
from ..layout.textfit import cut, fit_lines
from ..layout.validate import check_grid_digits, check_under_answers, validate_geometry
from .pages import PlannedPage, assemble
from .plan import PLAN_NAME, PagePlan, PlacedPuzzle
from .puzzles import Puzzle

UNDER_GAP = 0.06
"""Space between a puzzle and the small answer under it, as a share of the grid."""


def chunks(items: Sequence, size: int) -> list[Sequence]:
    """``items`` cut into runs of ``size``."""
    return [items[i : i + size] for i in range(0, len(items), size)]


def puzzle_label(puzzle: Puzzle, template: Template) -> tuple[str, str]:
    """Left and right text above a puzzle: its number, then difficulty and SVD label where known."""
    furniture = template.furniture
    left = str(puzzle.number) if furniture.puzzle_numbers else ""
    right = []
    difficulty = template.strings.level(puzzle.grade.level, puzzle.difficulty)
    if furniture.difficulty and difficulty:
        right.append(difficulty)
    if furniture.svd_label and puzzle.svd_label:
        right.append(puzzle.svd_label)
    if not puzzle.unique:
        right.append(template.strings.text("not_unique"))
    return left, " · ".join(right)


def secondary_size(template: Template, share: float) -> float:
    """A text ``share`` of the label size, never under the template's smallest text size."""
    return max(template.grid.label_size * share, template.furniture.min_text_size)


def draw_label(page: Page, slot: Slot, template: Template, left: str, right: str) -> None:
    """The label line just above a grid: ``left`` in bold, ``right`` in grey (cut to fit beside ``left``)."""
    size = template.grid.label_size
    if left:
        page.add(Text(slot.x, slot.label_y, left, size, "bold", "left"))
    if right:
        small = secondary_size(template, 0.9)
        room = slot.size - (text_width(left, "bold", size, template.fonts) + size if left else 0.0)
        right = cut(right, "regular", small, room, template.fonts)
        page.add(Text(slot.right, slot.label_y, right, small, "regular", "right", 0.35))


def draw_puzzle(page: Page, slot: Slot, template: Template, puzzle: Puzzle, *, under: bool = False) -> None:
    """One puzzle in its slot, and with ``under`` its answer small beneath it."""
    left, right = puzzle_label(puzzle, template)
    draw_label(page, slot, template, left, right)
    items, placement = draw_grid(puzzle.grid.shape, slot.x, slot.y, slot.size, template.style,
                                 grid=puzzle.grid, role="puzzle", number=puzzle.number)
    page.add(*items)
    page.grids.append(placement)
    if under:
        scale = template.answers.under_scale
        size = slot.size * scale
        x, y = slot.right - size, slot.y + slot.size * (1 + UNDER_GAP)
        items, placement = draw_grid(puzzle.grid.shape, x, y, size, template.style, grid=puzzle.solution,
                                     line_scale=scale, role="answer", number=puzzle.number)
        page.add(Text(x - 4, y + template.grid.label_size, template.strings.text("answer_to", n=puzzle.number),
                      secondary_size(template, 0.85), "regular", "right", 0.35))
        page.add(*items)
        page.grids.append(placement)


def _nonunique_notices(puzzles: Sequence[Puzzle], template: Template) -> list[str]:
    numbers = [str(p.number) for p in puzzles if not p.unique]
    if not numbers:
        return []
    return [template.strings.count("nonunique", len(numbers), numbers=", ".join(numbers))]


def slot_for(template: Template, live: Box, index: int, side: int, *, below: float = 0.0) -> Slot:
    """Slot ``index`` of a page, sized for a grid of ``side`` (a page may mix 4x4, 9x9 and 16x16 grids)."""
    return slots(template, live, side, below=below)[index]


def puzzle_pages(puzzles: Sequence[Puzzle], template: Template, *, under: bool = False) -> list[PlannedPage]:
    """Pages of puzzles, ``columns x rows`` to a page, in order."""
    plan = []
    below = template.answers.under_scale + UNDER_GAP if under else 0.0
    for side in sorted({p.grid.side for p in puzzles}):
        check_grid_digits(template, side, "the puzzles")
        if under:
            check_under_answers(template, side)
    section = template.strings.text("section_puzzles")
    for group in chunks(puzzles, template.grid.per_page):
        def draw(page: Page, live: Box, group=group) -> None:
            for index, puzzle in enumerate(group):
                draw_puzzle(page, slot_for(template, live, index, puzzle.grid.side, below=below), template, puzzle,
                            under=under)
        plan.append(PlannedPage(template, draw, section, notices=_nonunique_notices(group, template)))
    return plan


@dataclass(frozen=True)
class Answer:
    """An answer to print and its label."""

    puzzle: Puzzle
    label: str


def answer_label(puzzle: Puzzle, page_number: int | None, template: Template) -> str:
    """``12 · p. 4``: the puzzle's number and the page it is printed on."""
    if not page_number:
        return str(puzzle.number)
    return template.strings.text("answer_label", n=puzzle.number, page=page_number)


def answer_pages(answers: Sequence[Answer], template: Template, *, section: str | None = None) -> list[PlannedPage]:
    """Pages of solved grids, givens in the given font, filled digits in grey."""
    plan = []
    for side in sorted({a.puzzle.grid.side for a in answers}):
        check_grid_digits(template, side, "the answers")
    section = template.strings.text("section_answers") if section is None else section
    for group in chunks(answers, template.grid.per_page):
        def draw(page: Page, live: Box, group=group) -> None:
            for index, answer in enumerate(group):
                slot = slot_for(template, live, index, answer.puzzle.grid.side)
                draw_label(page, slot, template, answer.label, "")
                items, placement = draw_grid(answer.puzzle.grid.shape, slot.x, slot.y, slot.size, template.style,
                                             grid=answer.puzzle.solution, role="answer", number=answer.puzzle.number)
                page.add(*items)
                page.grids.append(placement)
        plan.append(PlannedPage(template, draw, section, notices=_nonunique_notices([a.puzzle for a in group], template)))
    return plan


def title_page(template: Template, title: str, lines: Sequence[tuple[str, str]]) -> PlannedPage:
    """A title page: the title large at a third of the height, the ``(field, text)`` lines under it.

    Each text wraps to ``furniture.title_lines`` lines and shrinks to its
    smallest size to fit the live width; else the job stops naming the field.
    """
    furniture = template.furniture
    live = frame(template.page, 0, 1)
    width = live[2] - live[0]
    blocks = [fit_lines(title, "bold", furniture.title_size, width, max_lines=furniture.title_lines,
                        min_size=furniture.title_min_size, field="title", fonts=template.fonts) + ("bold", 0.0)]
    small = max(furniture.title_size * 0.42, furniture.min_text_size)
    for field_name, text in lines:
        blocks.append(fit_lines(text, "regular", small, width, max_lines=furniture.title_lines,
                                min_size=furniture.min_text_size, field=field_name, fonts=template.fonts)
                      + ("regular", 0.25))

    def draw(page: Page, live: Box) -> None:
        centre = (live[0] + live[2]) / 2
        y = live[1] + (live[3] - live[1]) * 0.33
        for index, (texts, size, font, grey) in enumerate(blocks):
            if index:
                y += size * (0.9 if index == 1 else 1.6)  # under the title's gap; a full line between the others
            for number, text in enumerate(texts):
                y += size * 1.15 if number else 0.0
                page.add(Text(centre, y, text, size, font, "center", grey))  # type: ignore[arg-type]
            if index == 0:
                y += size * 0.5
    return PlannedPage(template, draw, furniture=False)


def level_words(template: Template, level: int, form: str = "range") -> str:
    """A level's name in one of its forms: ``range`` ("easy", Russian genitive plural "лёгких") for
    :func:`subtitle`'s range, ``section`` ("Easy", "Лёгкие") for a section of puzzles."""
    try:
        return template.strings.text(f"{form}_level_{level}")
    except KeyError:
        return (template.strings.level(level, None) or str(level)).lower()


def subtitle(puzzles: Sequence[Puzzle], template: Template) -> str:
    """``50 puzzles · easy to expert``: the count and the range of difficulty."""
    strings = template.strings
    levels = sorted({p.grade.level for p in puzzles if p.difficulty and p.grade.level is not None})
    text = strings.count("puzzles", len(puzzles))
    if len(levels) > 1:
        text += " · " + strings.text("level_range", low=level_words(template, levels[0]),
                                     high=level_words(template, levels[-1]))
    elif levels:
        text += f" · {level_words(template, levels[0])}"
    return text


def puzzle_page_numbers(puzzles: Sequence[Puzzle], template: Template) -> dict[int, int]:
    """The page each puzzle is printed on in a booklet made with ``template``."""
    first = 2 if template.furniture.title_page else 1
    return {p.number: first + i // template.grid.per_page for i, p in enumerate(puzzles)}


def with_minimum_text(key: Template, minimum: float) -> Template:
    """The answer-key template held to the booklet's smallest text size too (large print stays large)."""
    if key.furniture.min_text_size >= minimum:
        return key

    stricter = replace(key, furniture=replace(key.furniture, min_text_size=minimum))
    validate_geometry(stricter)
    return stricter


def build_booklet(
    puzzles: Sequence[Puzzle],
    template: Template,
    *,
    title: str = "Sudoku",
    author: str = "",
    placement: str | None = None,
    answer_template: Template | None = None,
) -> Document:
    """A booklet: title page, the puzzles, and the answers at the end or under each puzzle."""
    if not puzzles:
        raise ValueError("a booklet needs at least one puzzle")
    placement = placement or template.answers.placement
    plan: list[PlannedPage] = []
    if template.furniture.title_page:
        lines = [("subtitle", subtitle(puzzles, template))]
        if author:
            lines.append(("author", template.strings.text("by_author", author=author)))
        plan.append(title_page(template, title, lines))
    plan += puzzle_pages(puzzles, template, under=placement == "under")
    notes: list[str] = []
    if placement == "end":
        key = answer_template or load_template(template.answers.template, lang=template.strings.lang)
        key = with_minimum_text(key, template.furniture.min_text_size)
        if answer_template is None:
            key = fitting_key(key, {p.grid.side for p in puzzles}, notes)
        pages = puzzle_page_numbers(puzzles, template)
        answers = [Answer(p, answer_label(p, pages[p.number], key)) for p in puzzles]
        first_answer_page = len(plan) + 1
        plan += answer_pages(answers, key)
    subject = f"{len(puzzles)} Sudoku puzzles" + (" with answers" if placement != "none" else "")
    document = assemble(plan, Metadata(title=title, author=author, subject=subject))
    document.notes.extend(notes)
    answer_layout: dict[str, Any] = {"placement": placement}
    if placement == "end":
        answer_layout.update(template=key.name, per_page=key.grid.per_page, first_page=first_answer_page)
    document.attachments[PLAN_NAME] = booklet_plan(puzzles, template, len(plan), answer_layout).to_json().encode()
    return document


def booklet_plan(puzzles: Sequence[Puzzle], template: Template, pages: int, answers: dict[str, Any]) -> PagePlan:
    """The page plan of a booklet of ``pages`` pages: each puzzle's page, and its answer's where printed."""
    numbers = puzzle_page_numbers(puzzles, template)
    placed = []
    for index, puzzle in enumerate(puzzles):
        page = numbers[puzzle.number]
        answer_page = {"under": page, "none": None}.get(answers["placement"])
        if answers["placement"] == "end":
            answer_page = answers["first_page"] + index // answers["per_page"]
        placed.append(PlacedPuzzle(puzzle.number, page, puzzle.grid.to_string(), answer_page))
    return PagePlan(template.name, template.grid.per_page, pages, tuple(placed), answers)


def fitting_key(key: Template, sides: set[int], notes: list[str]) -> Template:
    """The answer-key template, or when its grids are too small for the digits of some grid size the
    shipped answer template of the same page with the most grids a page that fits (said in ``notes``)."""
    try:
        for side in sorted(sides):
            check_grid_digits(key, side, "the answers")
        return key
    except TemplateError as refusal:
        candidates = []
        for name in shipped_templates():
            if not name.startswith("answers-") or name == key.name:
                continue
            other = with_minimum_text(load_template(name, lang=key.strings.lang), key.furniture.min_text_size)
            same_page = (other.page.trim_width, other.page.trim_height) == (key.page.trim_width, key.page.trim_height)
            if same_page and other.grid.per_page < key.grid.per_page:
                candidates.append(other)
        for other in sorted(candidates, key=lambda t: -t.grid.per_page):
            try:
                for side in sorted(sides):
                    check_grid_digits(other, side, "the answers")
            except TemplateError:
                continue
            notes.append(f"the answers use the template {other.name} ({other.grid.per_page} a page): "
                         f"in {key.name} {str(refusal).split(': ', 1)[-1].split(';')[0]}")
            return other
        raise


def build_answer_key(
    puzzles: Sequence[Puzzle],
    template: Template,
    *,
    booklet_template: Template | None = None,
    booklet_plan: PagePlan | None = None,
    booklet_source: str = "the booklet",
    title: str = "Sudoku",
    author: str = "",
) -> Document:
    """Answer pages alone; with ``booklet_template`` (or a booklet's ``booklet_plan``, which also gives each
    puzzle its number in that booklet) each label names the booklet page of its puzzle."""
    if booklet_plan is not None:
        puzzles, pages = booklet_plan.pages_of(puzzles, booklet_source)
    else:
        pages = puzzle_page_numbers(puzzles, booklet_template) if booklet_template else {}
    answers = [Answer(p, answer_label(p, pages.get(p.number), template)) for p in puzzles]
    plan = answer_pages(answers, template)
    return assemble(plan, Metadata(title=title, author=author, subject=f"Answers to {len(puzzles)} Sudoku puzzles"))

