"""Hints: the next step for a puzzle or a state, with the states before and after it.

The input may be a puzzle (candidates are then what the filled digits
leave) or a state with pencil marks (a candidates grid, §3, or an Explainer
729-character state, §4), whose marks are kept.  Those two state formats
cannot tell a given from a digit filled later, so there every digit counts
as a given (the map of the partial puzzle).  The hint is the cheapest
step the engine finds there, checked against the unique solution.
:func:`sudokuprint.formats.partial_json.make_partial` writes a hint as
partial-puzzle JSON (docs/formats.md §5; the ``hint`` command does).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import InvalidGridError
from ..grid import Grid
from ..shape import Shape
from .engine import apply_step, check_state, check_step, next_step, solution_of
from .state import State
from .step import Step


@dataclass(frozen=True)
class Hint:
    """The next step, and the states before and after it."""

    step: Step
    begin: Grid
    end: Grid

    def text(self) -> str:
        return self.step.text(self.begin.shape)

    @property
    def id(self) -> str:
        """The hint's id: the technique as a slug and the step's changes,
        e.g. ``naked-pair:r2c3<>7`` (stable for the same step of the same state)."""
        return hint_id(self.step, self.begin.shape)


def hint_id(step: Step, shape: Shape) -> str:
    """``technique-slug:changes`` with no spaces, e.g. ``hidden-single-box:r1c2=5``."""
    slug = re.sub(r"[^a-z0-9]+", "-", step.technique.lower()).strip("-")
    return f"{slug}:{step.changes(shape).replace(' ', '')}"


def hint(grid: Grid) -> Hint:
    """The next step for a puzzle or a state.

    Raises :class:`InvalidGridError` when the grid is already solved or its
    digits or pencil marks exclude the solution, and the core solver's
    errors when the puzzle has no or several solutions.
    """
    if not grid.givens and any(grid.values):
        # a state written without givens (a candidates grid, an Explainer state): its digits
        # are the puzzle as far as anyone can tell, so they are the partial puzzle's map
        grid = Grid(grid.shape, grid.values, frozenset(c for c, v in enumerate(grid.values) if v), grid.candidates)
    solution = solution_of(grid)
    state = State.from_grid(grid)
    check_state(state, solution)
    if state.is_solved():
        raise InvalidGridError("the grid is already solved: there is no next step")
    step = next_step(state)
    if step is None:  # trial always finds a step in an unsolved, consistent state
        raise RuntimeError("the engine found no step in an unsolved state")
    check_step(step, solution, state)
    after = state.copy()
    apply_step(after, step)
    return Hint(step, state.to_grid(), after.to_grid())
