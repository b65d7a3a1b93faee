"""Trial: try a candidate, follow it, undo it on a contradiction (seed 001's "trial").

Every candidate is assumed in turn, on a copy of the state, and followed in
*rounds*: each round fills every single at once.  All assumptions advance
together, one round at a time, so the first contradiction found is one of
the shortest.  The steps say how far the trial had to look
(:class:`~sudokuprint.logic.step.TrialDetails`):

- ``rounds``: rounds until the contradiction (the depth of the reasoning);
  ``placed``: digits filled on the way (its size);
- ``depth``: 1 when singles alone reach the contradiction, 2 when the
  followed state also needed the other techniques (the caller's
  ``deduce``), 3 for nested trial (:func:`bifurcate`), with ``nesting`` the
  number of assumptions made one inside another.

:func:`rate_trial` rates them: 8.5 (singles) or 9.0 (every technique) plus
the length bonus, at most 9.4; nested trial 9.5, +0.5 for each level of
nesting, plus the length bonus.

Nested trial is the net that makes every valid puzzle finish.  It follows a
rule a person can follow and never looks at the solution: take the first
cell (in reading order) among those with the fewest candidates, assume its
smallest candidate, and follow it with singles, the techniques and trials
inside the assumption; where those stall, assume again by the same rule.
Every branch ends in a contradiction (the candidate goes) or a filled grid
that breaks no rule (the candidate is placed: the puzzle has one solution).
"""

from __future__ import annotations

from typing import Callable, NoReturn

from ...deadline import check_time
from ...shape import digit_symbol
from .. import kernels
from ..state import POPCOUNT, State, digits_of
from ..step import Step, StepKind, TrialDetails, cell_list, details_of
from .rating import length_bonus

TRIAL = StepKind("Trial")

TRIAL_BASES = {1: 8.5, 2: 9.0}
TRIAL_CAPS = {1: 9.4, 2: 9.4}
NESTED_TRIAL_BASE = 9.5
NESTED_TRIAL_STEP = 0.5

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


Broken = tuple[int, ...]
"""A rule :func:`scan_singles` finds broken: ``(cell,)`` a cell without candidates; ``(house, digit)``
a house without a place for a digit (the lowest); ``(cell, digit, house, earlier digit, earlier
house)`` two singles for one cell (house -1: a naked single)."""


def scan_singles(state: State) -> list[tuple[int, int, int]] | Broken:
    """Every single of the state, read at once: (cell, digit, house) for each cell one fills, in the
    order found (naked singles by cell, house -1; then hidden singles house by house, digits
    ascending), or the first broken rule.  Compiled (``kernels.singles_scan``) when built."""
    t = state.tables
    if kernels.ENABLED and t.side <= 16:
        return kernels.singles_scan(state)
    values, cands = state.values, state.cands
    found: dict[int, tuple[int, int]] = {}
    for cell, mask in enumerate(cands):
        if not values[cell]:
            if not mask:
                return (cell,)
            if not mask & (mask - 1):
                found[cell] = (mask.bit_length(), -1)
    full = t.all_digits
    for house, cells in enumerate(t.houses):
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
            return (house, (missing & -missing).bit_length())
        singles = once & ~twice
        while singles:
            bit = singles & -singles
            singles ^= bit
            digit = bit.bit_length()
            for c in cells:
                if cands[c] & bit:
                    earlier = found.get(c)
                    if earlier is None:
                        found[c] = (digit, house)
                    elif earlier[0] != digit:
                        return (c, digit, house, *earlier)
                    break
    return [(cell, digit, house) for cell, (digit, house) in found.items()]


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

    def fail(self, removals: tuple) -> NoReturn:
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

    def _blame_single(self, cell: int, digit: int, house: int) -> tuple:
        """The removals a single rests on: its cell's other candidates (house -1, a naked single)
        or the digit's other places in the house."""
        if house < 0:
            return self._blame_cell(cell, digit)
        return self._blame_house(self.state.tables.houses[house], digit, cell)

    def _blame_broken(self, broken: tuple[int, ...]) -> tuple:
        """The removals a broken rule of :func:`scan_singles` rests on."""
        if len(broken) == 1:
            return self._blame_cell(broken[0], 0)
        if len(broken) == 2:
            house, digit = broken
            return self._blame_house(self.state.tables.houses[house], digit, -1)
        cell, digit, house, earlier, earlier_house = broken
        return self._blame_single(cell, earlier, earlier_house) + self._blame_single(cell, digit, house)

    @staticmethod
    def round_on(state: State, trial: "_Assumption | None") -> int:
        """Fill the singles :func:`scan_singles` finds, one after another (two of them may clash
        here: a placement removes the other's digit); the trial, if any, remembers why."""
        found = scan_singles(state)
        if isinstance(found, tuple):
            if trial is None:
                raise _Contradiction
            trial.fail(trial._blame_broken(found))
        cands = state.cands
        for cell, digit, house in found:
            if not cands[cell] >> (digit - 1) & 1:
                if trial is None:
                    raise _Contradiction
                trial.fail(trial._blame_single(cell, digit, house) + ((cell, digit),))
            if trial is None:
                state.place(cell, digit)
            else:
                trial._place(cell, digit, trial._blame_single(cell, digit, house))
        return len(found)

    def advance(self) -> int:
        """One round of singles on the assumption's state (raises ``_Contradiction``)."""
        return self.round_on(self.state, self)


def find_trial(
    state: State,
    deduce: Callable[[State], Step | None] | None = None,
    *,
    nested: bool = True,
) -> Step | None:
    """Remove the candidates whose assumption leads soonest to a contradiction.

    ``deduce`` (optional) is the engine's next non-trial step, used when
    singles alone do not reach a contradiction.  With ``nested`` (the
    default), when no assumption breaks, one is settled by nested trial
    (:func:`bifurcate`), so every consistent state gets a step.  The known
    solution is never looked at: the order is the rule in the module text.
    """
    t = state.tables
    order = assumption_order(state)
    if len(order) < 2:
        return None
    followed = order[:LARGE_GRID_ASSUMPTIONS] if t.side > 9 else order
    trials = [_Assumption(state, cell, digit) for cell, digit in followed]
    for _ in range(MAX_ROUNDS):
        check_time()
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
    return bifurcate(state, deduce) if nested else None


def assumption_order(state: State) -> list[tuple[int, int]]:
    """Every candidate, cells with fewest candidates first, then in reading order, digits ascending."""
    return sorted(
        ((cell, digit) for cell, mask in enumerate(state.cands) if mask for digit in digits_of(mask)),
        key=lambda cd: (POPCOUNT[state.cands[cd[0]]], cd[0], cd[1]),
    )


def bifurcate(state: State, deduce: Callable[[State], Step | None] | None) -> Step | None:
    """Nested trial: assume the first candidate of the first cell with fewest candidates and
    follow it with singles, the techniques and trials inside the assumption, assuming again
    (by the same rule) wherever they stall.  It settles the candidate either way: a
    contradiction on every branch removes it; a filled grid that breaks no rule places it
    (the puzzle has one solution).  Its ``nesting`` is how many assumptions deep it went.
    """
    order = assumption_order(state)
    if not order:
        return None
    cell, digit = order[0]
    t = state.tables
    sub = state.copy()
    sub.place(cell, digit)
    broken, nesting, steps = _explore(sub, deduce, 1)
    name, d = t.cell_name(cell), digit_symbol(digit)
    rule = f"{name} is the first cell with fewest candidates ({POPCOUNT[state.cands[cell]]}); assuming {name}={d}"
    details = TrialDetails(depth=3, nesting=nesting, rounds=steps, placed=steps, length=steps)
    if broken:
        return Step(
            TRIAL,
            f"{rule} and following it, assuming again inside it {nesting - 1} level(s) deep where it stalls, "
            f"leads to a contradiction on every branch, so {name} is not {d}",
            eliminations=((cell, digit),),
            cells=(cell,),
            digits=(digit,),
            details=details,
        )
    return Step(
        TRIAL,
        f"{rule} and following it, assuming again inside it {nesting - 1} level(s) deep where it stalls, "
        f"fills the grid without breaking a rule; the puzzle has one solution, so {name} is {d}",
        placements=((cell, digit),),
        cells=(cell,),
        digits=(digit,),
        details=details,
    )


MAX_NESTED_STEPS = 400
"""Safety limit on the deductions made inside one branch before assuming again."""


def _explore(state: State, deduce: Callable[[State], Step | None] | None, nesting: int) -> tuple[bool, int, int]:
    """Follow an assumed state (a private copy) to its end: (broken, deepest nesting, steps made).

    Singles first, then the techniques, then single-level trials (which remove
    candidates whose assumption breaks by singles); where all stall, assume
    again on the first cell with fewest candidates, and settle it the same way.
    """
    deepest = nesting
    steps = 0
    large = state.tables.side > 9
    for _ in range(MAX_NESTED_STEPS):
        check_time()
        try:
            placed = singles_round(state)
        except _Contradiction:
            return True, deepest, steps
        steps += 1
        if state.is_solved():
            return False, deepest, steps
        if placed:
            continue
        step = deduce(state) if deduce is not None and not large else None
        if step is None:
            step = find_trial(state, None, nested=False)
        if step is None:
            break
        for cell, digit in step.eliminations:
            state.eliminate(cell, digit)
        for cell, digit in step.placements:
            if not state.cands[cell] >> (digit - 1) & 1:
                return True, deepest, steps
            state.place(cell, digit)
        if state.broken():
            return True, deepest, steps
    if state.broken():
        return True, deepest, steps
    order = assumption_order(state)
    cell, digit = order[0]
    sub = state.copy()
    sub.place(cell, digit)
    broken, inner, inner_steps = _explore(sub, deduce, nesting + 1)
    deepest = max(deepest, inner)
    steps += inner_steps
    if not broken:
        return False, deepest, steps
    state.eliminate(cell, digit)
    broken, inner, more = _explore(state, deduce, nesting)
    return broken, max(deepest, inner), steps + more


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
        TRIAL,
        f"assuming {t.cell_name(first.cell)}={digit_symbol(first.digit)} and {how} leads to a contradiction "
        f"after {first.rounds} round(s)"
        + (f"; the same holds for {len(shown) - 1} more candidate(s) in {names}" if len(shown) > 1 else ""),
        eliminations=tuple((trial.cell, trial.digit) for trial in shown),
        cells=tuple(sorted({trial.cell for trial in shown})),
        digits=tuple(sorted({trial.digit for trial in shown})),
        details=TrialDetails(depth=depth, rounds=first.rounds, placed=first.placed, length=first.complexity),
    )


def rate_trial(step: Step) -> float:
    """The rating of a trial step, from how deep and how far it had to look."""
    details = details_of(step, TrialDetails)
    bonus = length_bonus(details.length)
    if details.depth >= 3:
        nesting = details.nesting or 1
        return round(NESTED_TRIAL_BASE + NESTED_TRIAL_STEP * (nesting - 1) + bonus, 1)
    return round(min(TRIAL_CAPS[details.depth], TRIAL_BASES[details.depth] + bonus), 1)
