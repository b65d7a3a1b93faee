"""Trial: try a candidate, follow it, undo it on a contradiction (seed 001's "trial").

Every candidate is assumed in turn, on a copy of the state, and followed in
*rounds*: each round fills every single at once.  All assumptions advance
together, one round at a time, so the first contradiction found is one of
the shortest.  The steps say how far the trial had to look:

- ``extra["rounds"]``: rounds until the contradiction (the depth of the
  reasoning); ``extra["placements"]``: digits filled on the way (its size);
- ``extra["depth"]``: 1 when singles alone reach the contradiction, 2 when
  the followed state also needed the other techniques (the caller's
  ``deduce``), 3 when only a search proved it.

Depth 3 is the safety net that makes every valid puzzle finish: a candidate
that is not in the solution leads to a grid without solution, which the core
solver proves by search.
"""

from __future__ import annotations

from typing import Callable

from ...grid import Grid
from ...shape import digit_symbol
from ...solver import count_solutions
from ..state import State, digits_of, popcount
from ..step import Step, cell_list

MAX_ROUNDS = 40
DEEP_TECHNIQUE_STEPS = 60
LARGE_GRID_ASSUMPTIONS = 160
"""On grids above 9x9, how many assumptions (fewest-candidate cells first) a trial
follows, with singles only: a 16x16 has over a thousand candidates, and
following each of them (and then with every technique) at every trial step
took minutes.  When none of these breaks, the search net finishes the step."""


class _Contradiction(Exception):
    pass


def singles_round(state: State) -> int:
    """Fill every single of the state at once; returns how many cells were filled.

    Raises ``_Contradiction`` when a cell has no candidate, a house has no place
    for a missing digit, or two singles clash.
    """
    return _Assumption.round_on(state, None)


class _Assumption:
    """One assumed candidate followed on a copy of the state, remembering why.

    Every placement is a numbered node with the nodes it follows from: a
    candidate removed from a cell is blamed on the placement that removed it,
    so a contradiction knows how many placements and removals it needs —
    its *complexity*, like the size of an Explainer forcing chain.
    """

    __slots__ = ("cell", "digit", "base", "state", "rounds", "placed", "stalled", "cause", "parents", "complexity")

    def __init__(self, state: State, cell: int, digit: int) -> None:
        self.cell, self.digit = cell, digit
        self.base = state.cands
        self.state = state.copy()
        self.cause: dict[tuple[int, int], int] = {}
        self.parents: list[tuple] = []
        self.rounds = 0
        self.placed = 1
        self.stalled = False
        self.complexity = 0
        self._place(cell, digit, ())

    def _place(self, cell: int, digit: int, parents: tuple) -> None:
        node = len(self.parents)
        self.parents.append(parents)
        cands = self.state.cands
        cause = self.cause
        mask = cands[cell] & ~(1 << (digit - 1))
        while mask:
            bit = mask & -mask
            mask ^= bit
            cause[(cell, bit.bit_length())] = node
        self.state.values[cell] = digit
        cands[cell] = 0
        bit = 1 << (digit - 1)
        for peer in self.state.tables.peers[cell]:
            if cands[peer] & bit:
                cands[peer] ^= bit
                cause[(peer, digit)] = node

    def _blame_cell(self, cell: int, keep: int) -> tuple:
        """The removals that left ``cell`` with at most ``keep`` (a digit or 0)."""
        mask = self.base[cell]
        found = []
        while mask:
            bit = mask & -mask
            mask ^= bit
            digit = bit.bit_length()
            if digit != keep:
                found.append((cell, digit))
        return tuple(found)

    def _blame_house(self, cells: tuple[int, ...], digit: int, keep: int) -> tuple:
        """The removals that left ``digit`` at most in ``keep`` within a house."""
        bit = 1 << (digit - 1)
        return tuple((c, digit) for c in cells if c != keep and self.base[c] & bit)

    def fail(self, removals: tuple) -> None:
        """Record the contradiction's complexity: removals and placements it rests on."""
        seen_nodes: set[int] = set()
        seen_removals: set[tuple[int, int]] = set()
        todo = list(removals)
        while todo:
            removal = todo.pop()
            if removal in seen_removals:
                continue
            seen_removals.add(removal)
            node = self.cause.get(removal)
            if node is None or node in seen_nodes:
                continue
            seen_nodes.add(node)
            todo.extend(self.parents[node])
        self.complexity = len(seen_nodes) + len(seen_removals)
        raise _Contradiction

    @staticmethod
    def round_on(state: State, trial: "_Assumption | None") -> int:
        t = state.tables
        values, cands = state.values, state.cands
        placements: dict[int, tuple[int, tuple]] = {}
        for cell, mask in enumerate(cands):
            if not values[cell]:
                if not mask:
                    if trial is None:
                        raise _Contradiction
                    trial.fail(trial._blame_cell(cell, 0))
                if not mask & (mask - 1):
                    digit = mask.bit_length()
                    placements[cell] = (digit, trial._blame_cell(cell, digit) if trial else ())
        full = t.all_digits
        for cells in t.houses:
            once = twice = placed = 0
            for c in cells:
                if values[c]:
                    placed |= 1 << (values[c] - 1)
                else:
                    m = cands[c]
                    twice |= once & m
                    once |= m
            missing = full & ~(once | placed)
            if missing:
                if trial is None:
                    raise _Contradiction
                trial.fail(trial._blame_house(cells, (missing & -missing).bit_length(), -1))
            singles = once & ~twice
            while singles:
                bit = singles & -singles
                singles ^= bit
                digit = bit.bit_length()
                for c in cells:
                    if cands[c] & bit:
                        earlier = placements.get(c)
                        if earlier is None:
                            placements[c] = (digit, trial._blame_house(cells, digit, c) if trial else ())
                        elif earlier[0] != digit:
                            if trial is None:
                                raise _Contradiction
                            trial.fail(earlier[1] + trial._blame_house(cells, digit, c))
                        break
        for cell, (digit, blame) in placements.items():
            if not cands[cell] >> (digit - 1) & 1:
                if trial is None:
                    raise _Contradiction
                trial.fail(blame + ((cell, digit),))
            if trial is None:
                state.place(cell, digit)
            else:
                trial._place(cell, digit, blame)
        return len(placements)

    def advance(self) -> int:
        """One round of singles on the assumption's state (raises ``_Contradiction``)."""
        return self.round_on(self.state, self)


def find_trial(
    state: State,
    deduce: Callable[[State], Step | None] | None = None,
    solution: tuple[int, ...] | None = None,
) -> Step | None:
    """Remove the candidates whose assumption leads soonest to a contradiction.

    ``deduce`` (optional) is the engine's next non-trial step, used when
    singles alone do not reach a contradiction; ``solution`` (optional)
    guides the search safety net to a false candidate.
    """
    t = state.tables
    order = sorted(
        ((cell, digit) for cell, mask in enumerate(state.cands) if mask for digit in digits_of(mask)),
        key=lambda cd: (popcount(state.cands[cd[0]]), cd[0], cd[1]),
    )
    if len(order) < 2:
        return None
    followed = order[:LARGE_GRID_ASSUMPTIONS] if t.side > 9 else order
    trials = [_Assumption(state, cell, digit) for cell, digit in followed]
    for _ in range(MAX_ROUNDS):
        failed = []
        active = False
        for trial in trials:
            if trial.stalled:
                continue
            try:
                placed = trial.advance()
            except _Contradiction:
                trial.rounds += 1
                failed.append(trial)
                continue
            trial.rounds += 1
            trial.placed += placed
            if placed == 0 or trial.state.is_solved():
                trial.stalled = True
            else:
                active = True
        if failed:
            return _step(state, failed, depth=1)
        if not active:
            break
    if deduce is not None and t.side <= 9:
        failed = [trial for trial in trials if _follow_deeply(trial, deduce)]
        if failed:
            return _step(state, failed, depth=2)
    return _search_net(state, order, solution)


def _follow_deeply(trial: _Assumption, deduce: Callable[[State], Step | None]) -> bool:
    """Follow an assumption with every technique; True when it breaks."""
    try:
        for _ in range(DEEP_TECHNIQUE_STEPS):
            placed = singles_round(trial.state)
            trial.rounds += 1
            trial.placed += placed
            if trial.state.is_solved():
                return False
            if placed:
                continue
            step = deduce(trial.state)
            if step is None:
                return False
            for cell, digit in step.eliminations:
                trial.state.eliminate(cell, digit)
            for cell, digit in step.placements:
                if not trial.state.cands[cell] >> (digit - 1) & 1:
                    raise _Contradiction
                trial.state.place(cell, digit)
            if trial.state.broken():
                raise _Contradiction
    except _Contradiction:
        return True
    return False


def _search_net(state: State, order: list[tuple[int, int]], solution: tuple[int, ...] | None) -> Step | None:
    """Prove one candidate false by search (the core solver finds no solution with it)."""
    for cell, digit in order:
        if solution is not None and solution[cell] == digit:
            continue
        values = list(state.values)
        values[cell] = digit
        if count_solutions(Grid(state.shape, tuple(values), state.givens), 1) == 0:
            t = state.tables
            return Step(
                "Trial",
                f"assuming {t.cell_name(cell)}={digit_symbol(digit)} leaves a grid without solution "
                f"(shown by trying every continuation), so {t.cell_name(cell)} is not {digit_symbol(digit)}",
                eliminations=((cell, digit),),
                cells=(cell,),
                digits=(digit,),
                extra={"depth": 3, "rounds": MAX_ROUNDS, "placements": state.empty_count()},
            )
    return None


def _step(state: State, failed: list[_Assumption], depth: int) -> Step:
    """One step removing the failed assumptions that are as simple as the simplest."""
    t = state.tables
    if depth > 1:
        for trial in failed:
            trial.complexity = 2 * trial.placed
    failed.sort(key=lambda trial: (trial.complexity, trial.placed))
    first = failed[0]
    shown = failed[:1] if depth > 1 else [trial for trial in failed if trial.complexity <= first.complexity]
    how = "filling singles" if depth == 1 else "applying every technique"
    names = cell_list(t.shape, [trial.cell for trial in shown])
    return Step(
        "Trial",
        f"assuming {t.cell_name(first.cell)}={digit_symbol(first.digit)} and {how} leads to a contradiction "
        f"after {first.rounds} round(s)"
        + (f"; the same holds for {len(shown) - 1} more candidate(s) in {names}" if len(shown) > 1 else ""),
        eliminations=tuple((trial.cell, trial.digit) for trial in shown),
        cells=tuple(trial.cell for trial in shown),
        digits=tuple(sorted({trial.digit for trial in shown})),
        extra={"depth": depth, "rounds": first.rounds, "placements": first.placed, "length": first.complexity},
    )
