"""Multiple forcing chains: cell and region forcing chains (Explainer's 8.0 up).

A cell's candidates cannot all be false: one of them is true.  If assuming
each of them true in turn forces the same candidate true (or false) along
static chains (:mod:`.forcing`), it is true (or false) whatever the cell
holds — a *cell forcing chain*.  The same holds for the places of a digit in
a house — a *region forcing chain*.  Branches of two or three candidates are
tried.

The step's ``nodes`` (:class:`~sudokuprint.logic.step.MultipleForcingDetails`)
is the sum over the branches of the number of candidates on each chain
(Explainer's complexity); the rating is 8.0 plus the length bonus of
:func:`~sudokuprint.logic.techniques.rating.length_bonus`.
"""

from __future__ import annotations

from ...shape import digit_symbol
from .. import kernels
from ..state import State
from ..step import MultipleForcingDetails, Step, StepKind, changes_text, details_of
from .forcing import MAX_STEPS, _bits, _Links, _next_layer, links_of
from .rating import length_bonus

CELL_FORCING = StepKind("Cell Forcing Chains")
REGION_FORCING = StepKind("Region Forcing Chains")
MAX_BRANCHES = 3


class _Closure:
    """What assuming one candidate true makes true and false, layer by layer."""

    __slots__ = ("on_layers", "off_layers", "on", "off")

    def __init__(self, links: _Links, start: int) -> None:
        self.on_layers = [1 << start]
        self.off_layers = [links.weak[start]]
        reached = 1 << start
        frontier = reached
        for _ in range(MAX_STEPS):
            new = _next_layer(links, frontier, reached)
            if not new:
                break
            reached |= new
            frontier = new
            off = 0
            for i in _bits(new):
                off |= links.weak[i]
            self.on_layers.append(new)
            self.off_layers.append(off)
        self.on = reached
        off_all = 0
        for layer in self.off_layers:
            off_all |= layer
        self.off = off_all

    def nodes(self, target: int, on: bool) -> int:
        """Candidates on the shortest chain from the assumption to the target."""
        layers = self.on_layers if on else self.off_layers
        for depth, layer in enumerate(layers):
            if layer >> target & 1:
                return 2 * depth + (1 if on else 2)
        return 10**6


Best = tuple[int, StepKind, int, tuple[int, ...], list[tuple[int, bool]]]


def find_multiple_forcing_chain(state: State) -> Step | None:
    best: Best | None
    if kernels.ENABLED:
        found = kernels.multiple_forcing(state, MAX_BRANCHES, MAX_STEPS)
        best = None if found is None else (found[0], (CELL_FORCING, REGION_FORCING)[found[1]], *found[2:])
    else:
        best = _best(state)
    if best is None:
        return None
    return _step(state, best)


def _best(state: State) -> Best | None:
    """(nodes, kind, where, branches, the targets chosen) of the cheapest cell or region forcing chain."""
    t = state.tables
    n = t.side
    cands = state.cands
    links = links_of(state, True)
    closures: dict[int, _Closure] = {}

    def closure(i: int) -> _Closure:
        found = closures.get(i)
        if found is None:
            found = closures[i] = _Closure(links, i)
        return found

    branch_sets: list[tuple[StepKind, int, tuple[int, ...]]] = []
    for cell, mask in enumerate(cands):
        if 2 <= mask.bit_count() <= MAX_BRANCHES:
            branch_sets.append((CELL_FORCING, cell, tuple(cell * n + d for d in range(n) if mask >> d & 1)))
    for house, cells in enumerate(t.houses):
        for digit in range(n):
            spots = [c for c in cells if cands[c] >> digit & 1]
            if 2 <= len(spots) <= MAX_BRANCHES:
                branch_sets.append((REGION_FORCING, house * n + digit, tuple(c * n + digit for c in spots)))
    best: Best | None = None
    for kind, where, branches in branch_sets:
        on = off = -1
        for b in branches:
            c = closure(b)
            on &= c.on
            off &= c.off
        own = sum(1 << b for b in branches)
        on &= ~own
        off &= ~own
        if not on and not off:
            continue
        targets = [(x, True) for x in _bits(on)] + [(x, False) for x in _bits(off)]
        costs = [(sum(closure(b).nodes(x, is_on) for b in branches), x, is_on) for x, is_on in targets]
        lowest = min(cost for cost, _, _ in costs)
        if best is None or lowest < best[0]:
            best = (lowest, kind, where, branches, [(x, is_on) for cost, x, is_on in costs if cost <= lowest])
    return best


def _step(state: State, best: Best) -> Step:
    t = state.tables
    n = t.side
    nodes, kind, where, branches, chosen = best
    placements = tuple(sorted({divmod(x, n) for x, is_on in chosen if is_on}))
    placements = tuple((c, d + 1) for c, d in placements)
    eliminations = tuple((c, d + 1) for c, d in sorted({divmod(x, n) for x, is_on in chosen if not is_on}))
    names = [f"{t.cell_name(b // n)}={digit_symbol(b % n + 1)}" for b in branches]
    if kind is CELL_FORCING:
        source = f"{t.cell_name(where)} is one of {', '.join(names)}"
    else:
        house, digit = divmod(where, n)
        source = f"{digit_symbol(digit + 1)} in {t.house_names[house]} is in one of {', '.join(c.split('=')[0] for c in names)}"
    changes = changes_text(t.shape, placements, eliminations)
    return Step(
        kind,
        f"{source}; each of them forces {changes} along chains of {nodes} candidates in all, so that holds",
        placements=placements,
        eliminations=eliminations,
        cells=tuple(sorted({b // n for b in branches})),
        digits=tuple(sorted({b % n + 1 for b in branches})),
        details=MultipleForcingDetails(nodes=nodes, branches=len(branches)),
    )


def rate_multiple(step: Step) -> float:
    """8.0 plus the length bonus of the chains' total size."""
    return round(8.0 + length_bonus(details_of(step, MultipleForcingDetails).nodes), 1)
