"""Puzzles by removing clues from a complete grid, keeping the solution unique.

Digging visits the orbits of the chosen symmetry once, in random order, and
removes each orbit whose removal leaves exactly one solution.  One pass gives
a *minimal* puzzle for that symmetry: a removal that fails once fails for
good, because removing more clues only adds solutions.  (With a symmetry,
"minimal" means no orbit can be removed; with ``none`` it is the strict sense,
no single clue can be removed.)
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Sequence

from ..shape import Shape
from ..solver import get_backend, native
from .complete import random_complete_grid
from .draws import shuffle
from .difficulty import grade
from .result import GenerationError, Generated, SearchStats
from .symmetry import orbits

if TYPE_CHECKING:
    from ..logic.grading import Grade

KNOWN_MINIMUM_CLUES = {4: 4, 6: 8, 9: 17}
"""Fewest givens a unique puzzle can have, where it is known, by grid side."""

Predicate = Callable[[Sequence[int]], bool]


@dataclass(frozen=True)
class DigTarget:
    """What a dug puzzle must be: symmetry, minimality, clue count, difficulty."""

    symmetry: str = "none"
    minimal: bool = False
    clues: int | None = None
    level: int | None = None
    rating: tuple[float, float] | None = None

    def describe(self) -> str:
        parts = [f"symmetry {self.symmetry}"]
        if self.minimal:
            parts.append("minimal")
        if self.clues is not None:
            parts.append(f"{self.clues} clues")
        if self.level is not None:
            parts.append(f"level {self.level}")
        if self.rating is not None:
            parts.append(f"rating {self.rating[0]:g}-{self.rating[1]:g}")
        return ", ".join(parts)


def reachable_clue_counts(shape: Shape, symmetry: str) -> set[int]:
    """Every clue count that a union of whole orbits can have."""
    reachable = {0}
    for orbit in orbits(shape, symmetry):
        reachable |= {total + len(orbit) for total in reachable}
    return reachable


def check_target(shape: Shape, target: DigTarget) -> None:
    """Refuse targets that no puzzle can meet, saying why."""
    if target.clues is not None:
        minimum = KNOWN_MINIMUM_CLUES.get(shape.side, shape.side - 1)
        if target.clues < minimum:
            raise GenerationError(f"no {shape.name} puzzle with fewer than {minimum} clues has a unique solution")
        if target.clues > shape.cell_count:
            raise GenerationError(f"a {shape.name} grid has only {shape.cell_count} cells")
        if target.clues not in reachable_clue_counts(shape, target.symmetry):
            raise GenerationError(f"{target.clues} clues cannot be a union of {target.symmetry} orbits on {shape.name}")
    if target.level is not None and not 1 <= target.level <= 4:
        raise GenerationError(f"level {target.level} is not an SVD level (1-4)")


def dig(
    solution: Sequence[int],
    shape: Shape,
    rng: random.Random,
    *,
    symmetry: str = "none",
    clues: int | None = None,
    stop_at_clues: bool = True,
    keep: Predicate | None = None,
    backend: str | None = None,
) -> list[int]:
    """Remove orbits of clues from ``solution`` while the puzzle stays unique.

    ``clues``: never go below this many givens, and (with ``stop_at_clues``)
    stop as soon as it is reached.  ``keep``: an extra test every dug puzzle
    must pass (e.g. "still level 2 or easier").  Returns the puzzle values.
    """
    engine = get_backend(backend)
    solve = engine.solve_bytes
    puzzle = bytearray(solution)
    order = list(orbits(shape, symmetry))
    shuffle(rng, order)
    if clues is None and keep is None:
        if engine is native:  # the same dig in one C call
            return list(native.dig_orbits(bytes(puzzle), order, _opening(order, len(puzzle)), shape))
        return _dig_all(puzzle, order, shape, solve)
    remaining = shape.cell_count
    for orbit in order:
        if clues is not None:
            if stop_at_clues and remaining == clues:
                break
            if remaining - len(orbit) < clues:
                continue
        for cell in orbit:
            puzzle[cell] = 0
        if solve(bytes(puzzle), shape, 2)[0] == 1 and (keep is None or keep(list(puzzle))):
            remaining -= len(orbit)
        else:
            for cell in orbit:
                puzzle[cell] = solution[cell]
    return list(puzzle)


OPENING_SHARE = 0.35
"""The share of the cells the first uniqueness check of a dig empties at once."""


def _opening(order: list[tuple[int, ...]], cell_count: int) -> int:
    """How many orbits from the start of ``order`` make the opening (see :func:`_dig_all`)."""
    opening, emptied = 0, 0
    while opening < len(order) and emptied + len(order[opening]) <= OPENING_SHARE * cell_count:
        emptied += len(order[opening])
        opening += 1
    return opening


def _dig_all(puzzle: bytearray, order: list[tuple[int, ...]], shape: Shape, solve: Callable) -> list[int]:
    """Dig every orbit of ``order`` in turn that keeps ``puzzle`` unique: the puzzle one orbit at a
    time would give, with fewer uniqueness checks.

    A removal only adds solutions, so when the puzzle without the first few
    orbits (an *opening* of about :data:`OPENING_SHARE` of the cells) is
    unique, so was every step towards it, and one check stands for all of
    them; rarely it is not, and the orbits are then taken one at a time from
    the start.  Nearly every removal in an opening succeeds, and those checks
    were the cheap half; the rest are checked one at a time, each orbit's
    cells emptied and, if the check fails, put back from ``solution``.
    """
    solution = bytes(puzzle)
    opening = _opening(order, len(puzzle))
    for orbit in order[:opening]:
        for cell in orbit:
            puzzle[cell] = 0
    if opening > 1 and solve(bytes(puzzle), shape, 2)[0] == 1:
        rest = order[opening:]
    else:
        puzzle[:] = solution
        rest = order
    for orbit in rest:
        for cell in orbit:
            puzzle[cell] = 0
        if solve(bytes(puzzle), shape, 2)[0] != 1:
            for cell in orbit:
                puzzle[cell] = solution[cell]
    return list(puzzle)


def _level_at_most(level: int, shape: Shape) -> Predicate:
    def easy_enough(values: Sequence[int]) -> bool:
        found = grade(values, shape)
        return found.level is not None and found.level <= level

    return easy_enough


def _grade_meets(target: DigTarget, found: Grade | None) -> bool:
    if target.level is not None and (found is None or found.level != target.level):
        return False
    if target.rating is not None:
        low, high = target.rating
        if found is None or found.rating is None or not low <= found.rating <= high:
            return False
    return True


def generate_puzzle(
    shape: Shape,
    rng: random.Random,
    target: DigTarget = DigTarget(),
    *,
    max_tries: int = 1000,
    time_limit: float | None = None,
    graded: bool = True,
    backend: str | None = None,
) -> Generated:
    """A unique puzzle meeting ``target``, from fresh random grids until one fits.

    ``graded=False`` skips grading (level, moves and rating stay ``None``)
    when the target does not need it.

    Raises :class:`GenerationError` when the target is impossible, or when
    ``max_tries`` grids or ``time_limit`` seconds pass without a fit.
    """
    check_target(shape, target)
    # For the easy levels (1, 2), which few fully dug puzzles have, dig only while
    # the puzzle stays easy enough: the bound is then reached from below.  Levels
    # 3 and 4 are common among fully dug puzzles, so those are dug for
    # uniqueness alone and filtered, sparing a grading at every removal.  A
    # minimal puzzle must always be dug for uniqueness alone.
    keep = None
    if target.level is not None and target.level <= 2 and not target.minimal:
        keep = _level_at_most(target.level, shape)
    stats = SearchStats()
    started = time.monotonic()
    while stats.tries < max_tries:
        solution = random_complete_grid(shape, rng)
        puzzle = dig(
            solution,
            shape,
            rng,
            symmetry=target.symmetry,
            clues=None if target.minimal else target.clues,
            keep=keep,
            backend=backend,
        )
        stats.record(1)
        if target.clues is None or sum(1 for v in puzzle if v) == target.clues:
            needs_grade = graded or target.level is not None or target.rating is not None
            found = grade(puzzle, shape, solution) if needs_grade else None
            if _grade_meets(target, found):
                return Generated(shape, tuple(puzzle), tuple(solution), found)
        stats.seconds = time.monotonic() - started
        if time_limit is not None and stats.seconds > time_limit:
            break
    stats.seconds = time.monotonic() - started
    raise GenerationError(f"no {shape.name} puzzle with {target.describe()} found", stats)
