"""Human-style solving: techniques, step log, difficulty grades and hints.

- :func:`solve` solves like a person, cheapest technique first, and returns a
  :class:`SolveLog` of every step (text and JSON);
- :func:`grade` gives the SVD level, move count and label and an
  Explainer-like rating (:mod:`sudokuprint.logic.grading`);
- :func:`hint` gives the next step for a puzzle or a state
  (:mod:`sudokuprint.logic.hints`).
"""

from __future__ import annotations

from .engine import SolveLog, next_step, solve
from .grading import Grade, grade
from .hints import hint
from .state import State
from .step import InconsistentStepError, Step

__all__ = ["Grade", "InconsistentStepError", "SolveLog", "State", "Step", "grade", "hint", "next_step", "solve"]
