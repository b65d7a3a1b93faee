"""A step of a human-style solve: what a technique found and why."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..shape import Shape, digit_symbol


class InconsistentStepError(RuntimeError):
    """A technique placed a wrong digit or removed a solution digit: a bug in the engine.

    Raised, never hidden: every logic solve is checked against the core
    solver's unique solution.
    """


@dataclass(frozen=True)
class Step:
    """One deduction: digits placed and/or candidates removed.

    ``placements`` and ``eliminations`` are ``(cell, digit)`` pairs with
    0-based cells; ``cells``, ``digits`` and ``houses`` are what the deduction
    looks at (houses by name, e.g. ``box 3``); ``rating`` is the difficulty of
    this one step on the Explainer-like scale (see :mod:`sudokuprint.logic.grading`).
    """

    technique: str
    explanation: str
    placements: tuple[tuple[int, int], ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    cells: tuple[int, ...] = ()
    digits: tuple[int, ...] = ()
    houses: tuple[str, ...] = ()
    rating: float = 0.0
    extra: dict = field(default_factory=dict, compare=False)

    def changes(self, shape: Shape) -> str:
        """``r1c2=5; r3c4<>7,8`` — the placements and eliminations in solver notation."""
        parts = [f"{shape.cell_name(c)}={digit_symbol(d)}" for c, d in self.placements]
        by_cell: dict[int, list[int]] = {}
        for cell, digit in self.eliminations:
            by_cell.setdefault(cell, []).append(digit)
        parts += [
            f"{shape.cell_name(c)}<>{''.join(digit_symbol(d) for d in sorted(ds))}" for c, ds in sorted(by_cell.items())
        ]
        return "; ".join(parts)

    def text(self, shape: Shape) -> str:
        """One line a person reads: technique, what it does, why."""
        return f"{self.technique}: {self.changes(shape)} — {self.explanation}"

    def to_dict(self, shape: Shape) -> dict:
        """A JSON-ready description (cells named ``r1c1``, digits as symbols)."""
        name = shape.cell_name
        result = {
            "technique": self.technique,
            "rating": self.rating,
            "placements": [{"cell": name(c), "digit": digit_symbol(d)} for c, d in self.placements],
            "eliminations": [{"cell": name(c), "digit": digit_symbol(d)} for c, d in self.eliminations],
            "cells": [name(c) for c in self.cells],
            "digits": [digit_symbol(d) for d in self.digits],
            "houses": list(self.houses),
            "explanation": self.explanation,
        }
        for key, value in self.extra.items():  # extra figures never replace the fields above
            result.setdefault(key, value)
        return result


def cell_list(shape: Shape, cells) -> str:
    """``r1c1, r1c2 and r3c3``."""
    names = [shape.cell_name(c) for c in cells]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def digit_list(digits) -> str:
    """``1/5/9``."""
    return "/".join(digit_symbol(d) for d in digits)
