"""Hints: the next step for a puzzle or a state, as partial-puzzle JSON (docs/formats.md §5).

The input may be a puzzle (candidates are then what the filled digits
leave) or a state with pencil marks (a candidates grid, §3, or an Explainer
729-character state, §4), whose marks are kept.  The hint is the cheapest
step the engine finds there, checked against the unique solution.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import InvalidGridError
from ..grid import Grid
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

    def to_partial_json(self, *, indent: int | None = None, given_hints: tuple[str, ...] | None = None) -> str:
        """The step as partial-puzzle JSON: map, begin/end numbers and candidate tables;
        ``givenHints`` names the step's technique unless other hint ids are given."""
        from ..formats.partial_json import make_partial, write_partial

        hints = (self.step.technique,) if given_hints is None else given_hints
        return write_partial(make_partial(self.begin, self.end, hints), indent=indent)


def hint(grid: Grid) -> Hint:
    """The next step for a puzzle or a state.

    Raises :class:`InvalidGridError` when the grid is already solved or its
    digits or pencil marks exclude the solution, and the core solver's
    errors when the puzzle has no or several solutions.
    """
    solution = solution_of(grid)
    state = State.from_grid(grid)
    check_state(state, solution)
    if state.is_solved():
        raise InvalidGridError("the grid is already solved: there is no next step")
    step = next_step(state, solution=solution)
    if step is None:  # trial always finds a step in an unsolved, consistent state
        raise RuntimeError("the engine found no step in an unsolved state")
    check_step(step, solution, state)
    after = state.copy()
    apply_step(after, step)
    return Hint(step, state.to_grid(), after.to_grid())
