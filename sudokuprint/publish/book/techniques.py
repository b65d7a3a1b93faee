"""An introduction to the techniques a book needs, taken from the grader's step logs.

For every technique beyond the singles that some puzzle of the book needs
(its grade counts it), the introduction says which puzzles need it and shows
one real step of it: the grid of one of those puzzles at the moment the
logic engine used the technique, with its candidates, the cells the step
looks at tinted and the step's words under it ("Puzzles 12, 31-33 need
X-Wing: here is one step of it, from puzzle 31").  One technique a page, so the candidates print large enough.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ...grid import Grid
from ...layout.gridview import draw_grid
from ...layout.page import Box, Page
from ...layout.template import Template
from ...logic.engine import apply_step, solve
from ...logic.state import State
from ...logic.techniques.singles import SINGLE_KINDS
from ...logic.techniques.trial import TRIAL
from ..pages import PlannedPage
from ..puzzles import Puzzle
from .front import body_size, heading, paragraph

SINGLES = {kind.name for kind in SINGLE_KINDS}
"""Techniques every puzzle needs; the rules and the worked example explain them (grades name techniques)."""
PER_PAGE = 1


@dataclass(frozen=True)
class TechniqueExample:
    """A technique, the puzzles that need it, and one step of it in one of them."""

    technique: str
    numbers: tuple[int, ...]
    number: int
    before: Grid
    """The puzzle's state (digits and candidates) just before the step."""
    cells: tuple[int, ...]
    words: str


def number_ranges(numbers: Sequence[int]) -> str:
    """``1, 3-5, 9``: numbers in order with runs joined."""
    parts: list[str] = []
    ordered = sorted(numbers)
    start = previous = ordered[0]
    for number in ordered[1:] + [None]:  # type: ignore[list-item]
        if number is not None and number == previous + 1:
            previous = number
            continue
        parts.append(str(start) if start == previous else f"{start}–{previous}")
        if number is not None:
            start = previous = number
    return ", ".join(parts)


def technique_examples(puzzles: Sequence[Puzzle]) -> list[TechniqueExample]:
    """One example of every technique beyond the singles that the puzzles need, easiest technique first
    (the order the engine tries them), each from the first puzzle that needs it."""
    needed: dict[str, list[Puzzle]] = {}
    for puzzle in puzzles:
        for technique in puzzle.grade.techniques:
            if technique not in SINGLES and technique != TRIAL.name:
                needed.setdefault(technique, []).append(puzzle)
    examples = []
    for technique, users in needed.items():
        chosen = users[0]
        log = solve(chosen.grid)
        state = State.from_grid(chosen.grid)
        for step in log.steps:
            if step.technique == technique:
                examples.append(TechniqueExample(technique, tuple(p.number for p in users), chosen.number,
                                                 state.to_grid(), tuple(step.cells), step.text(chosen.grid.shape)))
                break
            apply_step(state, step)
    return sorted(examples, key=lambda example: min(example.numbers))


def technique_pages(examples: Sequence[TechniqueExample], template: Template, section: str) -> list[PlannedPage]:
    """Pages of examples, :data:`PER_PAGE` a page, the first headed by the introduction's title."""
    strings = template.strings
    pages = []
    for first in range(0, len(examples), PER_PAGE):
        group = examples[first:first + PER_PAGE]

        def draw(page: Page, live: Box, group=group, first=first) -> None:
            size = body_size(template)
            width = live[2] - live[0]
            y = heading(page, template, live, strings.text("techniques_title")) if first == 0 else live[1] + size
            room = (live[3] - y) / len(group)
            for example in group:
                top = y
                text = strings.count("technique_needed", len(example.numbers), numbers=number_ranges(example.numbers),
                                     technique=example.technique, number=example.number)
                y = paragraph(page, template, text, live[0], y, width, size)
                y = paragraph(page, template, example.words, live[0], y, width, size * 0.9, grey=0.3)
                grid_size = min(width - template.style.border_line, top + room - y - size)  # the border stays inside
                items, placement = draw_grid(example.before.shape, live[0] + (width - grid_size) / 2, y, grid_size,
                                             template.style, grid=example.before, show_candidates=True,
                                             tinted=example.cells, role="candidates", number=example.number)
                page.add(*items)
                page.grids.append(placement)
                y = top + room
        pages.append(PlannedPage(template, draw, section))
    return pages

