"""The grade of a puzzle without a written solve: what :func:`~.grading.grade` gives, made cheaply.

:func:`~.grading.grade` keeps the whole solve (a :class:`~.step.Step` with its
explanation for every single) and reads the grade off it.  A generator needs
only the grade, for thousands of puzzles, most of them solved by singles
alone.  :func:`quick_grade` makes the same solve on the same
:class:`~.state.State`, but fills each move's singles straight on the
candidate masks (checked against the solution, counted by kind, never
written out); when singles stall it asks the engine's own
:func:`~.engine.next_step` for the cheapest other step, as the full solve
does.  The level, the seed-002 moves and the rating are then found as
:mod:`.grading` finds them, from what the solve kept: the state at its first
step beyond level 3, and its steps other than singles.

The record is the very one :func:`~.grading.grade` makes, field for field
(``tests/test_quick_grade.py`` compares the two on real puzzles, and
``benchmarks/generate.py --compare-grades N`` on N generated ones).
"""

from __future__ import annotations

from functools import lru_cache
from operator import itemgetter
from typing import Sequence

from ..grid import Grid
from ..shape import Shape
from .engine import apply_step, check_step, next_step, solution_of
from .grading import LEVEL_3_TECHNIQUES, NAKED_SINGLE_RATING, Grade, hidden_singles_rating
from .state import State, Tables, lowest_digit
from .step import InconsistentStepError, Step
from .techniques import ADVANCED, SINGLE_RATINGS, level_of
from .techniques.singles import SINGLE_KINDS, hidden_single_cells, naked_single_cells
from .techniques.trial import TRIAL

_RATINGS = tuple(SINGLE_RATINGS[kind] for kind in SINGLE_KINDS)
"""Their ratings (the engine's, from :mod:`.techniques`), by the same index."""


def quick_grade(
    values: Sequence[int], shape: Shape, solution: Sequence[int] | None = None, puzzle_id: str = ""
) -> Grade:
    """The :class:`~.grading.Grade` of the puzzle ``values`` (0 = empty), equal to ``grade(grid)``.

    ``solution``: the puzzle's unique solution when the caller has it (the
    generator does); otherwise the core solver finds it, raising its errors
    for a puzzle without exactly one solution.  A step that contradicts the
    solution raises :class:`~.step.InconsistentStepError`, as in the full solve.
    """
    grid = Grid.from_values(values, shape)
    if solution is None:
        solution = solution_of(grid)
    start = State.from_grid(grid)
    solve = _Solve(_fresh(start), solution)
    solve.run()
    counts = solve.counts
    rating = max([solve.rating] + [s.rating for s in solve.others])
    if rating and all(s.rating < NAKED_SINGLE_RATING for s in solve.others):  # grading._rating's test
        # the hardest step a naked single: rated, like Explainer, by hidden singles first when they do it
        easier = hidden_singles_rating(_fresh(start))
        if easier is not None:
            rating = easier
    moves, stalled = _seed_moves(_fresh(start), solve.others)
    return Grade(
        puzzle=grid.to_string(),
        level=_level(stalled, solve.before_hard, solution),
        moves=solve.moves,
        naked_moves=moves,
        givens=grid.clue_count,
        rating=rating,
        techniques=counts,
        trial=any(s.kind is TRIAL for s in solve.others),
        id=puzzle_id,
    )


def _fresh(state: State) -> State:
    """A copy of ``state`` that shares nothing with it (its own record of searches), as a new solve has."""
    return State(state.tables, state.values[:], state.cands[:], state.givens)


class _Marks:
    """A state's values and candidate masks, placed into with what singles need kept up to date:
    the cells that have become naked singles, and each house's number of empty cells."""

    __slots__ = ("state", "values", "cands", "peers", "houses_of", "naked", "empty", "counted")

    def __init__(self, state: State, counted: bool = True) -> None:
        self.state = state
        self.values, self.cands = state.values, state.cands
        self.peers, self.houses_of = state.tables.peers, state.tables.houses_of
        self.naked: list[int] = []
        self.counted = counted
        """Whether :attr:`empty` is kept (full houses are told apart only where singles are named)."""
        self.empty = [0] * len(state.tables.houses)
        self.rescan()

    def rescan(self) -> None:
        """Naked singles and empty cells counted afresh (after a step made elsewhere)."""
        self.naked = naked_single_cells(self.state)
        if self.counted:
            values = self.values
            self.empty = [cells_of(values).count(0) for cells_of in _house_getters(self.state.tables)]

    def place(self, cell: int, digit: int) -> None:
        """:meth:`State.place`, noting the peers left with one candidate."""
        values, cands, naked = self.values, self.cands, self.naked
        values[cell] = digit
        cands[cell] = 0
        bit = 1 << (digit - 1)
        for peer in self.peers[cell]:
            mask = cands[peer]
            if mask & bit:
                mask ^= bit
                cands[peer] = mask
                if not mask & (mask - 1):
                    naked.append(peer)
        if self.counted:
            empty = self.empty
            for house in self.houses_of[cell]:
                empty[house] -= 1

    def take_naked(self) -> list[int]:
        """The naked singles now (the empty cells with one candidate), as :func:`naked_single_cells`
        finds them; the next call gives those that appear after this one."""
        values, cands = self.values, self.cands
        found = [cell for cell in dict.fromkeys(self.naked) if not values[cell] and cands[cell]]
        self.naked = []
        return found


@lru_cache(maxsize=None)
def _house_getters(tables: Tables) -> tuple[itemgetter, ...]:
    """For each house, a getter of its cells' values (a tuple)."""
    return tuple(itemgetter(*cells) for cells in tables.houses)


class _Solve:
    """The engine's solve (:func:`~.engine.solve_state`, every technique and trial), keeping only
    what a grade needs: moves, counts by technique, the singles' highest rating, the
    other steps in order, and the state before the first step beyond level 3."""

    def __init__(self, state: State, solution: Sequence[int]) -> None:
        self.state = state
        self.marks = _Marks(state)
        self.solution = solution
        self.moves = 0
        self.rating = 0.0
        self.counts: dict[str, int] = {}
        self.others: list[Step] = []
        self.before_hard: State | None = None

    def run(self) -> None:
        state = self.state
        values = state.values
        while 0 in values:
            if self._move():
                continue
            step = next_step(state, techniques=ADVANCED, use_trial=True)
            if step is None:
                break
            check_step(step, self.solution, state)
            if self.before_hard is None and level_of(step) > 3:
                self.before_hard = _fresh(state)
            apply_step(state, step)
            self.marks.rescan()
            self.others.append(step)
            self.counts[step.technique] = self.counts.get(step.technique, 0) + 1

    def _move(self) -> bool:
        """Fill every single of this point at once (one move); False when there is none."""
        marks = self.marks
        fills = _move_singles(marks)
        if not fills:
            return False
        self.moves += 1
        solution = self.solution
        found = [0, 0, 0, 0]
        for kind, cell, digit in fills:
            if solution[cell] != digit:
                raise InconsistentStepError(
                    f"{SINGLE_KINDS[kind]} placed {digit} in {self.state.tables.cell_name(cell)}, "
                    f"but the solution has {solution[cell]} there"
                )
            found[kind] += 1
        for kind, cell, digit in fills:
            marks.place(cell, digit)
        counts = self.counts
        for kind, number in enumerate(found):
            if number:
                name = SINGLE_KINDS[kind].name
                counts[name] = counts.get(name, 0) + number
                if _RATINGS[kind] > self.rating:
                    self.rating = _RATINGS[kind]
        return True


def _move_singles(marks: _Marks) -> list[tuple[int, int, int]]:
    """``(kind, cell, digit)`` of every single at this point, each of the cheapest kind that fills its
    cell (an index of :data:`SINGLE_KINDS`), as :func:`~.techniques.singles.all_singles` names them."""
    state = marks.state
    cands, empty, houses_of = marks.cands, marks.empty, marks.houses_of
    fills = []
    for cell in marks.take_naked():
        row, column, box = houses_of[cell]
        full = empty[row] == 1 or empty[column] == 1 or empty[box] == 1
        fills.append((0 if full else 1, cell, lowest_digit(cands[cell])))
    kinds = state.tables.house_kinds
    for cell, (house, digit) in hidden_single_cells(state).items():
        mask = cands[cell]
        if mask & (mask - 1):
            fills.append((2 if kinds[house] == "box" else 3, cell, digit))
    return fills


def _level(stalled: State | None, before_hard: State | None, solution: Sequence[int]) -> int:
    """The SVD level, as :func:`~.grading.svd_level` finds it: ``stalled`` is the state where naked
    singles alone stall (None when they solve the puzzle), ``before_hard`` the solve's state before
    its first step beyond level 3 (None when it has none)."""
    if stalled is None:
        return 1
    if _box_singles_solve(stalled):
        return 2
    if before_hard is None:
        return 3
    return 3 if _restricted_solve(before_hard, solution) else 4


def _box_singles_solve(state: State) -> bool:
    """Whether naked singles, and hidden singles in boxes when there is none, solve the puzzle."""
    marks = _Marks(state, counted=False)
    values, cands = state.values, state.cands
    boxes = state.tables.boxes
    while True:
        fills = [(cell, lowest_digit(cands[cell])) for cell in marks.take_naked()]
        if not fills:
            fills = [(cell, digit) for cell, (_, digit) in hidden_single_cells(state, boxes).items()]
        if not fills:
            return 0 not in values
        for cell, digit in fills:
            if not cands[cell] >> (digit - 1) & 1:
                return False
            marks.place(cell, digit)


def _restricted_solve(state: State, solution: Sequence[int]) -> bool:
    """Whether singles and the level-3 techniques alone finish the solve from ``state``."""
    marks = _Marks(state)
    values = state.values
    while 0 in values:
        fills = _move_singles(marks)
        if fills:
            for _, cell, digit in fills:
                if solution[cell] != digit:
                    raise InconsistentStepError(
                        f"a single placed {digit} in {state.tables.cell_name(cell)}, "
                        f"but the solution has {solution[cell]} there"
                    )
                marks.place(cell, digit)
            continue
        step = next_step(state, techniques=LEVEL_3_TECHNIQUES, use_trial=False)
        if step is None:
            return False
        check_step(step, solution, state)
        apply_step(state, step)
        marks.rescan()
    return True


def _seed_moves(state: State, others: list[Step]) -> tuple[int, State | None]:
    """Seed 002's moves, as :func:`~.grading.naked_moves` counts them (rounds of naked singles, of
    hidden singles when no naked single is left, and the solve's other steps where both stall),
    and a copy of the state where naked singles first stall (None if they alone solve the puzzle:
    the rounds up to there are those of the level-1 test)."""
    marks = _Marks(state, counted=False)
    values, cands = state.values, state.cands
    pending = iter(others)
    moves = 0
    stalled: State | None = None
    while 0 in values:
        fills = [(cell, lowest_digit(cands[cell])) for cell in marks.take_naked()]
        if not fills:
            if stalled is None:
                stalled = _fresh(state)
            fills = [(cell, digit) for cell, (_, digit) in hidden_single_cells(state).items()]
        if fills:
            moves += 1
            for cell, digit in fills:
                if not values[cell] and cands[cell] >> (digit - 1) & 1:
                    marks.place(cell, digit)
            continue
        other = next(pending, None)
        if other is None:
            break
        for cell, digit in other.eliminations:
            state.eliminate(cell, digit)
        for cell, digit in other.placements:
            if not values[cell]:
                state.place(cell, digit)
        marks.rescan()
    return moves, stalled
