"""A step of a human-style solve: what kind of deduction it is, what it found and why.

- :class:`StepKind`: a kind of deduction as a person names it ("Naked Pair",
  "Skyscraper", "Simple Colouring (wrap)").  Each is one object, defined by
  the technique module that makes such steps; code matches steps by it
  (``step.kind is NAKED_PAIR``), never by their names.
- :class:`Step`: one deduction, its kind, and :class:`StepDetails` when the
  technique measured more than cells and digits (a chain's length, a trial's
  depth ...), which its rating reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Iterable, Sequence, TypeVar

from ..shape import HouseKind, Shape, digit_symbol


class InconsistentStepError(RuntimeError):
    """A technique placed a wrong digit or removed a solution digit: a bug in the engine.

    Raised, never hidden: every logic solve is checked against the core
    solver's unique solution.
    """


@dataclass(frozen=True, eq=False)
class StepKind:
    """A kind of step, as a person names it; compared by identity (one object per kind)."""

    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class StepDetails:
    """What a technique measured about one step besides its cells and digits.

    Each technique family has its own subclass; the fields that are set go
    into the step's JSON after the common ones, in field order (a field left
    ``None`` is not written).
    """

    def to_dict(self) -> dict[str, object]:
        found = {}
        for item in fields(self):
            value = getattr(self, item.name)
            if value is not None:
                found[item.name] = value
        return found


@dataclass(frozen=True)
class ChainLength(StepDetails):
    """A chain or net measured by its length (colouring, dynamic forcing chains)."""

    length: int


@dataclass(frozen=True)
class XChainDetails(StepDetails):
    """An X-chain: its links, strong links and the kinds of houses of the strong links."""

    length: int
    strong_links: int
    link_kinds: tuple[HouseKind, ...]


@dataclass(frozen=True)
class GroupedLinks(StepDetails):
    """A short chain with groups (grouped Turbot Fish, grouped X-chain of 3 strong links)."""

    strong_links: int
    grouped: bool = True


@dataclass(frozen=True)
class CycleDetails(StepDetails):
    """An XY-cycle: its candidates (two a cell) and its length."""

    nodes: int
    length: int


@dataclass(frozen=True)
class ForcingDetails(StepDetails):
    """A static forcing chain: its candidates, whether in-cell links were needed, its length."""

    nodes: int
    xy: bool
    length: int


@dataclass(frozen=True)
class AicDetails(StepDetails):
    """A grouped AIC / X-chain: its nodes, whether it has groups and in-cell links."""

    nodes: int
    grouped: bool
    xy: bool


@dataclass(frozen=True)
class WingDetails(StepDetails):
    """A WXYZ- or VWXYZ-wing: the pivot's candidates and the biggest cell's."""

    pivot_size: int
    biggest: int


@dataclass(frozen=True)
class AlsDetails(StepDetails):
    """ALS-XZ (the restricted common digit ``x``) and ALS-XY-Wing (``x`` and ``y``)."""

    x: int
    y: int | None = None


@dataclass(frozen=True)
class AlsChainDetails(StepDetails):
    """An ALS chain: its number of sets."""

    sets: int


@dataclass(frozen=True)
class BlossomDetails(StepDetails):
    """A Death Blossom: its petals and the digit ``z`` they remove."""

    petals: int
    z: int


@dataclass(frozen=True)
class MultipleForcingDetails(StepDetails):
    """Cell or region forcing chains: the candidates of all branches, and the branches."""

    nodes: int
    branches: int


@dataclass(frozen=True)
class TrialDetails(StepDetails):
    """A trial: its depth (1 singles, 2 every technique, 3 nested trial), how deep nested trial
    went, its rounds, the digits it placed, its length; ``nesting_level`` 2 when it is Explainer's
    nested forcing chain of level 2."""

    depth: int
    nesting: int | None = None
    rounds: int = 0
    placed: int = 0
    length: int = 0
    nesting_level: int | None = None


@dataclass(frozen=True)
class NestedDetails(StepDetails):
    """A nested forcing chain of level 3: its length, its inner chains."""

    length: int
    inner: int
    nesting_level: int = 3


@dataclass(frozen=True)
class Step:
    """One deduction: digits placed and/or candidates removed.

    ``placements`` and ``eliminations`` are ``(cell, digit)`` pairs with
    0-based cells; ``cells``, ``digits`` and ``houses`` are what the deduction
    looks at (houses by name, e.g. ``box 3``); ``rating`` is the difficulty of
    this one step on the Explainer-like scale (see :mod:`sudokuprint.logic.grading`).
    """

    kind: StepKind
    explanation: str
    placements: tuple[tuple[int, int], ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    cells: tuple[int, ...] = ()
    digits: tuple[int, ...] = ()
    houses: tuple[str, ...] = ()
    rating: float = 0.0
    details: StepDetails | None = field(default=None, compare=False)

    @property
    def technique(self) -> str:
        """The name a person reads: the kind's."""
        return self.kind.name

    def changes(self, shape: Shape) -> str:
        """``r1c2=5; r3c4<>7,8`` — the placements and eliminations in solver notation."""
        return changes_text(shape, self.placements, self.eliminations)

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
        if self.details is not None:
            for key, value in self.details.to_dict().items():  # the details never replace the fields above
                result.setdefault(key, value)
        return result


Details = TypeVar("Details", bound=StepDetails)


def details_of(step: Step, kind: type[Details]) -> Details:
    """The step's details, which a rater expects of ``kind`` (a step of another technique is a bug: TypeError)."""
    details = step.details
    if not isinstance(details, kind):
        raise TypeError(f"a {step.technique} step carries {type(details).__name__}, not {kind.__name__}")
    return details


def changes_text(
    shape: Shape, placements: Sequence[tuple[int, int]], eliminations: Sequence[tuple[int, int]]
) -> str:
    """``r1c2=5; r3c4<>78``: placements, then eliminations by cell, in solver notation."""
    parts = [f"{shape.cell_name(c)}={digit_symbol(d)}" for c, d in placements]
    by_cell: dict[int, list[int]] = {}
    for cell, digit in eliminations:
        by_cell.setdefault(cell, []).append(digit)
    parts += [
        f"{shape.cell_name(c)}<>{''.join(digit_symbol(d) for d in sorted(ds))}" for c, ds in sorted(by_cell.items())
    ]
    return "; ".join(parts)


def cell_list(shape: Shape, cells: Iterable[int]) -> str:
    """``r1c1, r1c2 and r3c3``."""
    names = [shape.cell_name(c) for c in cells]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def digit_list(digits: Iterable[int]) -> str:
    """``1/5/9``."""
    return "/".join(digit_symbol(d) for d in digits)
