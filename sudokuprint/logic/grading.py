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
- label: ``id-moves-level-givens``, e.g. ``30-21-4-28``.

The rating is the highest rating of any step of the solve, with the
per-technique values documented in :mod:`sudokuprint.logic.techniques`.
Like Explainer, which always takes the easiest step, a puzzle that full
houses and hidden singles alone solve is rated by those (1.0, 1.2 or 1.5)
even though the SVD moves also fill naked singles (2.3) on the way.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..grid import Grid
from .engine import SolveLog, solution_of, solve_state
from .state import State
from .techniques import ADVANCED, TRIAL, level_of
from .techniques.singles import HIDDEN_SINGLE_BOX, NAKED_SINGLE, hidden_singles, naked_singles

LEVEL_3_TECHNIQUES = tuple(t for t in ADVANCED if t.level <= 3)


@dataclass(frozen=True)
class Grade:
    """How hard a puzzle is, in SVD's terms and on the Explainer-like scale."""

    puzzle: str
    level: int
    moves: int
    givens: int
    rating: float
    techniques: dict[str, int] = field(default_factory=dict)
    trial: bool = False
    id: str = ""

    @property
    def label(self) -> str:
        """SVD's number ``id-moves-level-givens`` (the id is left out when unknown)."""
        tail = f"{self.moves}-{self.level}-{self.givens}"
        return f"{self.id}-{tail}" if self.id else tail

    def to_dict(self) -> dict:
        return {
            "puzzle": self.puzzle,
            "level": self.level,
            "moves": self.moves,
            "givens": self.givens,
            "rating": self.rating,
            "label": self.label,
            "techniques": self.techniques,
            "trial": self.trial,
        }


def _singles_solve(state: State, box_hidden: bool) -> bool:
    """Fill naked singles (and, if asked, box hidden singles) until stuck; True when solved."""
    boxes = state.tables.boxes
    while True:
        steps = naked_singles(state)
        if not steps and box_hidden:
            steps = hidden_singles(state, boxes)
        if not steps:
            return state.is_solved()
        for step in steps:
            cell, digit = step.placements[0]
            if not state.cands[cell] >> (digit - 1) & 1:
                return False
            state.place(cell, digit)


def hidden_singles_rating(state: State) -> float | None:
    """The rating of solving by full houses and hidden singles alone, always taking the
    easiest kind first (1.0 full house, 1.2 box, 1.5 row or column), or None if they stall."""
    t = state.tables
    rating = 0.0
    while not state.is_solved():
        steps = hidden_singles(state)
        if not steps:
            return None
        ranked = []
        for step in steps:
            house = t.house_names.index(step.houses[0])
            empty = sum(1 for c in t.houses[house] if not state.values[c])
            ranked.append((1.0 if empty == 1 else 1.2 if step.technique == HIDDEN_SINGLE_BOX else 1.5, step))
        easiest = min(r for r, _ in ranked)
        rating = max(rating, easiest)
        for r, step in ranked:
            if r == easiest:
                cell, digit = step.placements[0]
                if not state.cands[cell] >> (digit - 1) & 1:
                    return None
                state.place(cell, digit)
    return rating


def svd_level(grid: Grid, log: SolveLog, solution) -> int:
    """The SVD level (1-4) of a puzzle whose full solve is ``log``."""
    start = State.from_grid(grid)
    if _singles_solve(start.copy(), box_hidden=False):
        return 1
    if _singles_solve(start.copy(), box_hidden=True):
        return 2
    if max((level_of(s) for s in log.steps), default=1) <= 3:
        return 3
    restricted = solve_state(grid, start, solution, techniques=LEVEL_3_TECHNIQUES, use_trial=False)
    return 3 if restricted.solved else 4


def grade_log(grid: Grid, log: SolveLog, solution, puzzle_id: str = "") -> Grade:
    """The grade of a puzzle from its solve log."""
    counts = log.technique_counts()
    return Grade(
        puzzle=grid.to_string(),
        level=svd_level(grid, log, solution),
        moves=log.moves,
        givens=grid.clue_count,
        rating=_rating(grid, log),
        techniques=counts,
        trial=TRIAL.name in counts,
        id=puzzle_id,
    )


def _rating(grid: Grid, log: SolveLog) -> float:
    """The log's rating, or the hidden-singles rating when naked singles were the hardest step."""
    rating = log.rating
    if rating and all(s.technique in (NAKED_SINGLE,) or s.rating < 2.3 for s in log.steps):
        easier = hidden_singles_rating(State.from_grid(grid))
        if easier is not None:
            return easier
    return rating


def grade(grid: Grid, puzzle_id: str = "") -> Grade:
    """Solve a puzzle like a person and grade it (the core's errors if it has not one solution)."""
    solution = solution_of(grid)
    log = solve_state(grid, State.from_grid(grid), solution)
    return grade_log(grid, log, solution, puzzle_id)
