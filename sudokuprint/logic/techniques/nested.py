"""Nested forcing chains: Sudoku Explainer's 9.5 up, where a chain's links are chains themselves.

A dynamic forcing chain (:mod:`.nets`) follows an assumption with singles.
A *nested* forcing chain follows it further: where singles stall, it looks,
inside the assumption, for a candidate whose own assumption breaks a rule
when followed with singles (an inner dynamic forcing chain, found as the
trial's first depth finds it, :func:`.trial.find_trial`), removes it, and
goes on with singles.  When the outer assumption then breaks a rule, its
candidate is false.

Every candidate of the grid is assumed, and all assumptions advance together,
one inner chain at a time, so the first contradictions found need the fewest
inner chains; of those, the ones resting on the fewest placements and
removals are taken (with every other one whose length gets the same bonus).

The rating follows Explainer's nested chains that use dynamic chains inside:
:data:`NESTED_BASE` plus the length bonus of the whole (the outer chain's
placements and every inner chain's length).  Explainer rates the nesting
level, not how many inner chains are used, so the base does not grow with
them.

The search is expensive (each inner chain follows every candidate of the
assumed grid), so it comes last: after the trial's first two depths (singles,
then every technique cheaper than 8.0 inside an assumption, Explainer's
"dynamic forcing chains plus"), which :func:`find_after_trial` tries first,
and before nested trial.  It is bounded: at most :data:`MAX_INNER` inner
chains per assumption, grids of 9x9 and smaller only.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from ...deadline import check_time
from ...shape import digit_symbol
from ..state import State
from ..step import NestedDetails, Step, StepKind, TrialDetails, cell_list, details_of
from . import trial
from .rating import length_bonus

NESTED_FORCING = StepKind("Nested Forcing Chains")
NESTED_BASE = 10.0
MAX_INNER = 6
"""How many inner chains one assumption may use before it is given up."""
SHOWN_INNER = 3
"""How many inner chains a step's explanation names."""


class _Branch:
    """One assumption followed with singles and inner chains on a private copy of the state."""

    __slots__ = ("cell", "digit", "state", "placed", "inner", "inner_length", "broken", "stalled")

    def __init__(self, state: State, cell: int, digit: int) -> None:
        self.cell, self.digit = cell, digit
        self.state = state.copy()
        self.state.place(cell, digit)
        self.placed = 1
        self.inner: list[Step] = []
        self.inner_length = 0
        self.broken = False
        self.stalled = False
        self._singles()

    def _singles(self) -> None:
        """Fill singles until none is left; note a broken rule or a filled grid."""
        state = self.state
        while not self.broken:
            try:
                placed = trial.singles_round(state)
            except trial._Contradiction:
                self.broken = True
                return
            self.placed += placed
            if state.is_solved():
                self.stalled = True  # no contradiction here: nothing to conclude
                return
            if not placed:
                return

    def advance(self) -> None:
        """Remove the candidates of one inner chain (a candidate whose assumption breaks by singles),
        then fill singles again; stalls when no inner chain is left or the bound is reached."""
        if self.broken or self.stalled:
            return
        if len(self.inner) >= MAX_INNER:
            self.stalled = True
            return
        inner = trial.find_trial(self.state, None, nested=False)
        if inner is None or not inner.eliminations:
            self.stalled = True
            return
        self.inner.append(inner)
        measured = details_of(inner, TrialDetails)
        self.inner_length += measured.length or measured.placed
        for cell, digit in inner.eliminations:
            self.state.eliminate(cell, digit)
        if self.state.broken():
            self.broken = True
            return
        self._singles()

    @property
    def length(self) -> int:
        """Placements of the outer chain plus the length of every inner chain."""
        return self.placed + self.inner_length


def find_nested_forcing(state: State) -> Step | None:
    """The candidates whose assumption breaks a rule through the fewest, simplest inner chains,
    or None (see the module text)."""
    t = state.tables
    if t.side > 9:
        return None
    branches = [_Branch(state, cell, digit) for cell, digit in trial.assumption_order(state)]
    # an assumption broken by singles alone is a dynamic forcing chain, found before this
    live = [b for b in branches if not b.broken and not b.stalled]
    for _ in range(MAX_INNER):
        check_time()
        for branch in live:
            branch.advance()
        broken = [b for b in live if b.broken]
        if broken:
            broken.sort(key=lambda b: (b.length, b.cell, b.digit))
            bonus = length_bonus(broken[0].length)
            same = [b for b in broken if length_bonus(b.length) == bonus]
            return _step(state, same)
        live = [b for b in live if not b.stalled]
        if not live:
            return None
    return None


def _step(state: State, broken: list[_Branch]) -> Step:
    t = state.tables
    first = broken[0]
    name = t.cell_name(first.cell)
    shown = "; ".join(
        f"{inner.changes(t.shape)} because {inner.explanation}" for inner in first.inner[:SHOWN_INNER]
    )
    more = len(first.inner) - SHOWN_INNER
    others = ""
    if len(broken) > 1:
        others = (f"; the same holds, as simply, for {len(broken) - 1} more candidate(s) in "
                  f"{cell_list(t.shape, sorted({b.cell for b in broken[1:]}))}")
    return Step(
        NESTED_FORCING,
        f"assuming {name}={digit_symbol(first.digit)} and following it with singles stalls; inside it, "
        f"{len(first.inner)} forcing chain(s) of their own remove candidates ({shown}"
        + (f"; and {more} more" if more > 0 else "")
        + f"), after which singles lead to a contradiction, through {first.length} placements and removals "
        f"in all, so {name} is not {digit_symbol(first.digit)}{others}",
        eliminations=tuple((b.cell, b.digit) for b in broken),
        cells=tuple(sorted({b.cell for b in broken})),
        digits=tuple(sorted({b.digit for b in broken})),
        details=NestedDetails(length=max(b.length for b in broken), inner=len(first.inner)),
    )


NESTED_LEVEL_2_BASE = 9.5
"""Explainer's nested chains whose links are (static) forcing chains: an assumption followed with
every technique cheaper than 8.0, chains among them, breaks a rule."""


def find_after_trial(
    state: State,
    plus: Callable[[State], Step | None],
    deduce: Callable[[State], Step | None],
) -> Step | None:
    """Explainer's scale from 9.0 up, in its order, where the techniques before found nothing:

    - a trial whose assumptions are followed with singles (8.5) or with ``plus``, Explainer's
      "dynamic forcing chains plus" (locked candidates, subsets, fish: 9.0);
    - the same trial with ``deduce`` (every technique cheaper than 8.0, so chains and forcing
      chains inside the assumption): a nested forcing chain of level 2 (9.5 up);
    - :func:`find_nested_forcing` (inner dynamic chains, 10.0 up).

    None on grids above 9x9 (the trial there follows a bounded number of assumptions)."""
    if state.tables.side > 9:
        return None
    step = trial.find_trial(state, plus, nested=False)
    if step is not None:
        if details_of(step, TrialDetails).depth == 2:
            step = replace(step, explanation=step.explanation.replace(
                "applying every technique", "applying locked candidates, subsets and fish"))
        return step
    step = trial.find_trial(state, deduce, nested=False)
    if step is not None:
        return replace(
            step,
            kind=NESTED_FORCING,
            explanation=step.explanation.replace(
                "applying every technique",
                "applying every technique rated below 8.0 (chains and forcing chains among them: "
                "chains inside the chain)"),
            details=replace(details_of(step, TrialDetails), nesting_level=2),
        )
    return find_nested_forcing(state)


def rate_nested(step: Step) -> float:
    """9.5 (forcing chains inside) or 10.0 (dynamic chains inside) plus the length bonus."""
    details = step.details
    if isinstance(details, TrialDetails) and details.nesting_level == 2:
        return round(NESTED_LEVEL_2_BASE + length_bonus(details.length), 1)
    return round(NESTED_BASE + length_bonus(details_of(step, NestedDetails).length), 1)
