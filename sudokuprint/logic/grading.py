"""Grades: SVD level, move count and label, and an Explainer-like rating.

SVD (seed 002, docs/formats.md §6) and how this module reads it:

- level 1: naked singles alone solve the puzzle ("at every step some cell has
  only one possible digit"; a full house is a naked single);
- level 2: naked singles and hidden singles in boxes solve it ("8 cells of a
  box cannot hold the digit");
- level 3: it also needs hidden singles in rows or columns, locked candidates
  (pointing, claiming) or naked/hidden subsets — and nothing more;
- level 4: it needs fish (X-Wing, Swordfish, Jellyfish), wings (XY, XYZ, W),
  colouring or X-chains, a unique rectangle, or trial.
  Levels 1-3 are proved by solving with only the techniques they allow.
- moves: a move fills, at once, every cell a single (naked or hidden, any
  house) fills at that point; steps that only remove candidates are not moves.
  Seed 002 words a move as filling "the cells where only one digit can go",
  which read literally is a round of naked singles.  We count rounds of all
  singles for the label because SVD's level 2 and 3 puzzles cannot be solved
  by naked singles alone (a hidden single is a cell where only one digit can
  go once its house is looked at), so a naked-only count would be undefined
  for them; the literal count is offered too, as ``naked_moves`` (rounds of
  naked singles, hidden singles only when no naked single is left).
- label: ``id-moves-level-givens``, e.g. ``30-21-4-28``; without an id the
  first part is ``0``, so a label always has SVD's four parts.

The rating is the highest rating of any step of the solve, with the
per-technique values documented in :mod:`sudokuprint.logic.techniques`.
Like Explainer, which always takes the easiest step, a puzzle that full
houses and hidden singles alone solve is rated by those (1.0, 1.2 or 1.5)
even though the SVD moves also fill naked singles (2.3) on the way.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..grid import Grid
from ..levels import LEVEL_NAMES
from .engine import SolveLog, apply_step, solution_of, solve_state
from .state import State
from .techniques import ADVANCED, SINGLE_RATINGS, level_of
from .techniques.singles import NAKED_SINGLE, SINGLE_KINDS, hidden_single_cells, naked_single_cells
from .techniques.trial import TRIAL

LEVEL_3_TECHNIQUES = tuple(t for t in ADVANCED if t.level <= 3)




@dataclass(frozen=True)
class Grade:
    """How hard a puzzle is, in SVD's terms and on the Explainer-like scale.

    The one grade record of the project: the engine fills every field; the
    generator and the publisher carry it with their puzzles, and
    :data:`UNGRADED` (``None`` where unknown) stands for a puzzle not graded.
    ``moves`` counts rounds of all singles (naked and hidden), ``naked_moves``
    rounds of naked singles as seed 002 words it (see the module text).
    """

    puzzle: str = ""
    level: int | None = None
    moves: int | None = None
    givens: int | None = None
    rating: float | None = None
    techniques: dict[str, int] = field(default_factory=dict)
    trial: bool = False
    id: str = ""
    naked_moves: int | None = None

    @property
    def graded(self) -> bool:
        """True when the engine has graded the puzzle (level and moves known)."""
        return self.level is not None and self.moves is not None

    @property
    def label(self) -> str | None:
        """SVD's number ``id-moves-level-givens``, always four parts: ``0`` stands for an
        unknown id (SVD numbers puzzles from 1); None when not graded."""
        if self.level is None or self.moves is None or self.givens is None:
            return None
        return f"{self.id or 0}-{self.moves}-{self.level}-{self.givens}"

    @property
    def name(self) -> str | None:
        """``Easy`` ... ``Expert``, or None when the level is unknown."""
        return LEVEL_NAMES.get(self.level) if self.level is not None else None

    def sort_key(self) -> tuple[float, float, float]:
        """Easy before hard: by level, then rating, then moves."""
        return (self.level or 0, self.rating or 0.0, self.moves or 0)

    def to_dict(self) -> dict:
        return {
            "puzzle": self.puzzle,
            "level": self.level,
            "moves": self.moves,
            "naked_moves": self.naked_moves,
            "givens": self.givens,
            "rating": self.rating,
            "label": self.label,
            "techniques": self.techniques,
            "trial": self.trial,
        }


UNGRADED = Grade()
"""The grade of a puzzle nobody graded: every figure unknown."""


def _singles(state: State) -> list[tuple[int, int]]:
    """The (cell, digit) pairs one of seed 002's moves fills: every naked single, or, when
    there is none, every hidden single."""
    cands = state.cands
    naked = [(cell, cands[cell].bit_length()) for cell in naked_single_cells(state)]
    if naked:
        return naked
    return [(cell, digit) for cell, (_, digit) in hidden_single_cells(state).items()]


def _singles_solve(state: State, box_hidden: bool) -> bool:
    """Fill naked singles (and, if asked, box hidden singles) until stuck; True when solved."""
    boxes = state.tables.boxes
    while True:
        fills = [(cell, state.cands[cell].bit_length()) for cell in naked_single_cells(state)]
        if not fills and box_hidden:
            fills = [(cell, digit) for cell, (_, digit) in hidden_single_cells(state, boxes).items()]
        if not fills:
            return state.is_solved()
        for cell, digit in fills:
            if not state.cands[cell] >> (digit - 1) & 1:
                return False
            state.place(cell, digit)


def hidden_singles_rating(state: State) -> float | None:
    """The rating of solving by full houses and hidden singles alone, always taking the
    easiest kind first (1.0 full house, 1.2 box, 1.5 row or column), or None if they stall."""
    t = state.tables
    values = state.values
    empty = [sum(1 for c in cells if not values[c]) for cells in t.houses]  # kept as cells fill
    left = values.count(0)
    rating = 0.0
    while left:
        found = hidden_single_cells(state)
        if not found:
            return None
        ranked = []
        for cell, (house, digit) in found.items():
            ranked.append((1.0 if empty[house] == 1 else 1.2 if t.house_kinds[house] == "box" else 1.5, cell, digit))
        easiest = min(r for r, _, _ in ranked)
        rating = max(rating, easiest)
        if rating == 1.5:  # the highest: what is left is whether they finish, in any order
            easiest = 1.5
        for r, cell, digit in ranked:
            if r <= easiest:
                if not state.cands[cell] >> (digit - 1) & 1:
                    return None
                state.place(cell, digit)
                left -= 1
                for house in t.houses_of[cell]:
                    empty[house] -= 1
    return rating


def svd_level(grid: Grid, log: SolveLog, solution) -> int:
    """The SVD level (1-4) of a puzzle whose full solve (from the grid's own candidates) is ``log``.

    For level 3 or 4 the puzzle is solved again with the level-3 techniques alone.  That
    solve makes the same steps as ``log`` up to the log's first step above level 3 (each
    technique it has was tried in the same order, and the ones it lacks had found
    nothing), so it starts from the log's state there instead of from the givens."""
    start = State.from_grid(grid)
    singles = _singles_level(start)
    if singles is not None:
        return singles
    first_hard = next((i for i, s in enumerate(log.steps) if level_of(s) > 3), None)
    if first_hard is None:
        return 3
    for step in log.steps[:first_hard]:
        apply_step(start, step)
    restricted = solve_state(grid, start, solution, techniques=LEVEL_3_TECHNIQUES, use_trial=False)
    return 3 if restricted.solved else 4


def _singles_level(start: State) -> int | None:
    """1 when naked singles solve the puzzle from ``start``, 2 when box hidden singles are needed
    too, None when singles alone stall."""
    if _singles_solve(start.copy(), box_hidden=False):
        return 1
    if _singles_solve(start.copy(), box_hidden=True):
        return 2
    return None


def basic_level(grid: Grid, solution) -> int:
    """The SVD level (1-4) of a puzzle with one solution, without its full solve: singles, then
    the level-3 techniques alone from the givens, never a technique above level 3 (level 4 is
    what they leave unsolved). :func:`svd_level` gives the same; this costs a fraction of a
    second on a 16x16, whose full solve may need minutes of chains."""
    start = State.from_grid(grid)
    singles = _singles_level(start)
    if singles is not None:
        return singles
    restricted = solve_state(grid, start, solution, techniques=LEVEL_3_TECHNIQUES, use_trial=False)
    return 3 if restricted.solved else 4


def naked_moves(grid: Grid, log: SolveLog) -> int:
    """Moves as seed 002 words them: a move fills at once every cell that can take only one
    digit (naked singles); hidden singles fill a move only when no naked single is left.
    The solve's other steps are replayed in order where singles stall (their removals are
    facts about the solution, so the order does not change what they allow)."""
    state = State.from_grid(grid)
    others = iter([s for s in log.steps if s.kind not in SINGLE_KINDS])
    moves = 0
    while not state.is_solved():
        fills = _singles(state)
        if fills:
            moves += 1
            for cell, digit in fills:
                if not state.values[cell] and state.cands[cell] >> (digit - 1) & 1:
                    state.place(cell, digit)
            continue
        other = next(others, None)
        if other is None:
            break
        for cell, digit in other.eliminations:
            state.eliminate(cell, digit)
        for cell, digit in other.placements:
            if not state.values[cell]:
                state.place(cell, digit)
    return moves


def grade_log(grid: Grid, log: SolveLog, solution, puzzle_id: str = "") -> Grade:
    """The grade of a puzzle from its solve log."""
    counts = log.technique_counts()
    return Grade(
        puzzle=grid.to_string(),
        level=svd_level(grid, log, solution),
        moves=log.moves,
        naked_moves=naked_moves(grid, log),
        givens=grid.clue_count,
        rating=_rating(grid, log),
        techniques=counts,
        trial=any(s.kind is TRIAL for s in log.steps),
        id=puzzle_id,
    )


NAKED_SINGLE_RATING = SINGLE_RATINGS[NAKED_SINGLE]
"""Steps rated below it are full houses and hidden singles: a log with no harder step than a
naked single is rated by hidden singles first when they solve it (Explainer's way)."""


def _rating(grid: Grid, log: SolveLog) -> float:
    """The log's rating, or the hidden-singles rating when naked singles were the hardest step."""
    rating = log.rating
    if rating and all(s.kind is NAKED_SINGLE or s.rating < NAKED_SINGLE_RATING for s in log.steps):
        easier = hidden_singles_rating(State.from_grid(grid))
        if easier is not None:
            return easier
    return rating


def grade(grid: Grid, puzzle_id: str = "") -> Grade:
    """Solve a puzzle like a person and grade it (the core's errors if it has not one solution)."""
    solution = solution_of(grid)
    log = solve_state(grid, State.from_grid(grid), solution)
    return grade_log(grid, log, solution, puzzle_id)
