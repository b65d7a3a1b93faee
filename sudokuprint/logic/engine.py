"""The engine: solve like a person, cheapest technique first, logging every step.

A solve goes in *moves* (SVD's word, docs/formats.md §6): a move fills, at once,
every cell that a single fills at that point.  When no single is left, the
cheapest technique that finds something is applied (one step), and the next
move follows.  Trial comes last, so every valid puzzle finishes.

Every step is checked against the core solver's unique solution: a placed
digit that is not the solution's, or a removed candidate that is, raises
:class:`InconsistentStepError` — a bug, never hidden.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable, Sequence

from ..deadline import check_time, out_of_time, remaining
from ..errors import InvalidGridError, SolverTimeoutError
from ..grid import Grid
from ..solver import solve as core_solve
from .state import State
from .step import InconsistentStepError, Step
from .techniques import ADVANCED, SINGLE_RATINGS, SINGLES, Technique, deducer, rate_trial
from .techniques.singles import all_singles
from .techniques.trial import find_trial


@dataclass
class SolveLog:
    """The steps of a solve, the move each belongs to, and how it ended."""

    puzzle: Grid
    steps: list[Step] = field(default_factory=list)
    moves_of: list[int] = field(default_factory=list)
    """For each step, the move it belongs to (0 for a step that fills nothing)."""
    moves: int = 0
    final: Grid | None = None

    @property
    def solved(self) -> bool:
        return self.final is not None and self.final.is_complete()

    @property
    def rating(self) -> float:
        return max((s.rating for s in self.steps), default=0.0)

    def technique_counts(self) -> dict[str, int]:
        """How many steps each technique made, in the order they first appear."""
        counts: dict[str, int] = {}
        for step in self.steps:
            counts[step.technique] = counts.get(step.technique, 0) + 1
        return counts

    def text(self) -> str:
        """The log as lines a person reads."""
        shape = self.puzzle.shape
        lines = [f"puzzle {self.puzzle.to_string()}"]
        for number, (step, move) in enumerate(zip(self.steps, self.moves_of), start=1):
            where = f"move {move}" if move else "no move"
            lines.append(f"{number:4d}. [{where}, {step.rating:.1f}] {step.text(shape)}")
        lines.append(f"{'solved' if self.solved else 'stuck'} in {self.moves} moves and {len(self.steps)} steps")
        return "\n".join(lines)

    def to_dict(self) -> dict:
        shape = self.puzzle.shape
        return {
            "puzzle": self.puzzle.to_string(),
            "solved": self.solved,
            "moves": self.moves,
            "rating": self.rating,
            "steps": [{"move": m, **s.to_dict(shape)} for s, m in zip(self.steps, self.moves_of)],
            "final": self.final.to_string() if self.final is not None else None,
        }


def solution_of(grid: Grid) -> tuple[int, ...]:
    """The unique solution's values, keeping every digit of the grid (raises the core's
    errors when there is none or several; :class:`SolverTimeoutError` past the :func:`~sudokuprint.deadline.time_limit`
    around the call)."""
    left = remaining()
    if left is None:
        return core_solve(grid).values
    try:
        return core_solve(grid, time_limit=left).values
    except SolverTimeoutError:
        raise out_of_time() from None  # named with the whole limit, not what was left of it


def check_step(step: Step, solution: Sequence[int], state: State) -> None:
    """Raise :class:`InconsistentStepError` if a step contradicts the solution."""
    name = state.tables.cell_name
    for cell, digit in step.placements:
        if solution[cell] != digit:
            raise InconsistentStepError(
                f"{step.technique} placed {digit} in {name(cell)}, but the solution has {solution[cell]} there"
            )
    for cell, digit in step.eliminations:
        if solution[cell] == digit:
            raise InconsistentStepError(f"{step.technique} removed {digit} from {name(cell)}, the solution's digit")


def apply_step(state: State, step: Step) -> None:
    """Make a step's eliminations and placements on the state."""
    for cell, digit in step.eliminations:
        state.eliminate(cell, digit)
    for cell, digit in step.placements:
        state.place(cell, digit)


def check_state(state: State, solution: Sequence[int]) -> None:
    """A state given by a person must still allow the solution: raise InvalidGridError if it does not."""
    name = state.tables.cell_name
    for cell, value in enumerate(state.values):
        if value and value != solution[cell]:
            raise InvalidGridError(f"{name(cell)} holds {value}, but the solution has {solution[cell]} there")
        if not value and not state.cands[cell] >> (solution[cell] - 1) & 1:
            raise InvalidGridError(
                f"{name(cell)}: the pencil marks exclude {solution[cell]}, which the solution needs there"
            )


def next_step(
    state: State,
    *,
    techniques: Iterable[Technique] = SINGLES + ADVANCED,
    use_trial: bool = True,
) -> Step | None:
    """The cheapest step the techniques find in this state (rated), or None.

    The solution is never an input: a step is found from the state alone."""
    for technique in techniques:
        check_time()
        step = technique.find(state)
        if step is not None:
            return replace(step, rating=technique.rate(step))
    if use_trial:
        step = find_trial(state, deducer(tuple(techniques)))
        if step is not None:
            return replace(step, rating=rate_trial(step))
    return None


def solve_state(
    puzzle: Grid,
    state: State,
    solution: Sequence[int],
    *,
    techniques: Sequence[Technique] = ADVANCED,
    use_trial: bool = True,
    check: bool = True,
) -> SolveLog:
    """Solve from a state in moves; stops when solved or when the techniques find nothing.

    Inside a :func:`~sudokuprint.deadline.time_limit` block the solve gives up with
    :class:`~sudokuprint.errors.SolverTimeoutError` once the time is spent (looked at before each technique)."""
    log = SolveLog(puzzle)
    step: Step | None
    deduce = deducer(tuple(techniques))
    while not state.is_solved():
        singles = all_singles(state, SINGLE_RATINGS)
        if singles:
            log.moves += 1
            for single in singles:
                if check:
                    check_step(single, solution, state)
                apply_step(state, single)
                log.steps.append(single)
                log.moves_of.append(log.moves)
            continue
        step = None
        for technique in techniques:
            check_time()
            step = technique.find(state)
            if step is not None:
                step = replace(step, rating=technique.rate(step))
                break
        if step is None and use_trial:
            step = find_trial(state, deduce)
            if step is not None:
                step = replace(step, rating=rate_trial(step))
        if step is None:
            break
        if check:
            check_step(step, solution, state)
        apply_step(state, step)
        log.steps.append(step)
        log.moves_of.append(0)
    log.final = state.to_grid()
    return log


def solve(grid: Grid, *, techniques: Sequence[Technique] = ADVANCED, use_trial: bool = True) -> SolveLog:
    """Solve a puzzle (or a state with pencil marks) like a person and log every step.

    Raises the core solver's errors for a puzzle without exactly one solution,
    :class:`InvalidGridError` for a state whose digits or pencil marks exclude
    the solution, and :class:`InconsistentStepError` if a technique goes wrong.
    """
    solution = solution_of(grid)
    state = State.from_grid(grid)
    check_state(state, solution)
    return solve_state(grid, state, solution, techniques=techniques, use_trial=use_trial)
