"""Booklets and answer keys: title page, numbered puzzles n-up, answers labelled "12 · p. 4"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..layout.geometry import Slot, slots
from ..layout.gridview import draw_grid
from ..layout.page import Box, Document, Metadata, Page, Text
from ..layout.template import Template, load_template
from .pages import PlannedPage, assemble
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
    if furniture.difficulty and puzzle.difficulty:
        right.append(puzzle.difficulty)
    if furniture.svd_label and puzzle.svd_label:
        right.append(puzzle.svd_label)
    if not puzzle.unique:
        right.append("NOT UNIQUE")
    return left, " · ".join(right)


def draw_label(page: Page, slot: Slot, template: Template, left: str, right: str) -> None:
    """The label line just above a grid: ``left`` in bold, ``right`` in grey."""
    size = template.grid.label_size
    if left:
        page.add(Text(slot.x, slot.label_y, left, size, "bold", "left"))
    if right:
        page.add(Text(slot.right, slot.label_y, right, size * 0.9, "regular", "right", 0.35))


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
        page.add(Text(x - 4, y + template.grid.label_size, f"Answer to {puzzle.number}",
                      template.grid.label_size * 0.85, "regular", "right", 0.35))
        page.add(*items)
        page.grids.append(placement)


def _nonunique_notices(puzzles: Sequence[Puzzle]) -> list[str]:
    numbers = [str(p.number) for p in puzzles if not p.unique]
    if not numbers:
        return []
    return [f"puzzle {', '.join(numbers)} has more than one solution (printed with --allow-nonunique)"]


def slot_for(template: Template, live: Box, index: int, side: int, *, below: float = 0.0) -> Slot:
    """Slot ``index`` of a page, sized for a grid of ``side`` (a page may mix 4x4, 9x9 and 16x16 grids)."""
    return slots(template, live, side, below=below)[index]


def puzzle_pages(puzzles: Sequence[Puzzle], template: Template, *, under: bool = False) -> list[PlannedPage]:
    """Pages of puzzles, ``columns x rows`` to a page, in order."""
    plan = []
    below = template.answers.under_scale + UNDER_GAP if under else 0.0
    for group in chunks(puzzles, template.grid.per_page):
        def draw(page: Page, live: Box, group=group) -> None:
            for index, puzzle in enumerate(group):
                draw_puzzle(page, slot_for(template, live, index, puzzle.grid.side, below=below), template, puzzle,
                            under=under)
        plan.append(PlannedPage(template, draw, "Puzzles", notices=_nonunique_notices(group)))
    return plan


@dataclass(frozen=True)
class Answer:
    """An answer to print and its label."""

    puzzle: Puzzle
    label: str


def answer_label(puzzle: Puzzle, page_number: int | None) -> str:
    """``12 · p. 4``: the puzzle's number and the page it is printed on."""
    return f"{puzzle.number} · p. {page_number}" if page_number else str(puzzle.number)


def answer_pages(answers: Sequence[Answer], template: Template, *, section: str = "Answers") -> list[PlannedPage]:
    """Pages of solved grids, givens in the given font, filled digits in grey."""
    plan = []
    for group in chunks(answers, template.grid.per_page):
        def draw(page: Page, live: Box, group=group) -> None:
            for index, answer in enumerate(group):
                slot = slot_for(template, live, index, answer.puzzle.grid.side)
                draw_label(page, slot, template, answer.label, "")
                items, placement = draw_grid(answer.puzzle.grid.shape, slot.x, slot.y, slot.size, template.style,
                                             grid=answer.puzzle.solution, role="answer", number=answer.puzzle.number)
                page.add(*items)
                page.grids.append(placement)
        plan.append(PlannedPage(template, draw, section, notices=_nonunique_notices([a.puzzle for a in group])))
    return plan


def title_page(template: Template, title: str, lines: Sequence[str]) -> PlannedPage:
    """A title page: the title large at a third of the height, a few lines under it."""
    def draw(page: Page, live: Box) -> None:
        centre = (live[0] + live[2]) / 2
        size = template.furniture.title_size
        y = live[1] + (live[3] - live[1]) * 0.33
        page.add(Text(centre, y, title, size, "bold", "center"))
        for line in lines:
            y += size * 0.9
            page.add(Text(centre, y, line, size * 0.42, "regular", "center", 0.25))
    return PlannedPage(template, draw, furniture=False)


def _subtitle(puzzles: Sequence[Puzzle]) -> str:
    """``50 puzzles · easy to expert``: the count and the range of difficulty."""
    graded = sorted((p.grade.level, p.difficulty) for p in puzzles if p.difficulty and p.grade.level is not None)
    text = f"{len(puzzles)} puzzles"
    if graded and graded[0][1] != graded[-1][1]:
        text += f" · {graded[0][1].lower()} to {graded[-1][1].lower()}"
    elif graded:
        text += f" · {graded[0][1].lower()}"
    return text


def puzzle_page_numbers(puzzles: Sequence[Puzzle], template: Template) -> dict[int, int]:
    """The page each puzzle is printed on in a booklet made with ``template``."""
    first = 2 if template.furniture.title_page else 1
    return {p.number: first + i // template.grid.per_page for i, p in enumerate(puzzles)}


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
        lines = [_subtitle(puzzles)] + ([f"by {author}"] if author else [])
        plan.append(title_page(template, title, lines))
    plan += puzzle_pages(puzzles, template, under=placement == "under")
    if placement == "end":
        key = answer_template or load_template(template.answers.template)
        pages = puzzle_page_numbers(puzzles, template)
        answers = [Answer(p, answer_label(p, pages[p.number])) for p in puzzles]
        plan += answer_pages(answers, key)
    subject = f"{len(puzzles)} Sudoku puzzles" + (" with answers" if placement != "none" else "")
    return assemble(plan, Metadata(title=title, author=author, subject=subject))


def build_answer_key(
    puzzles: Sequence[Puzzle],
    template: Template,
    *,
    booklet_template: Template | None = None,
    title: str = "Sudoku",
    author: str = "",
) -> Document:
    """Answer pages alone; with ``booklet_template`` each label names the booklet page of its puzzle."""
    pages = puzzle_page_numbers(puzzles, booklet_template) if booklet_template else {}
    answers = [Answer(p, answer_label(p, pages.get(p.number))) for p in puzzles]
    plan = answer_pages(answers, template)
    return assemble(plan, Metadata(title=title, author=author, subject=f"Answers to {len(puzzles)} Sudoku puzzles"))

