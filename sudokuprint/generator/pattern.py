"""Puzzles whose givens draw a chosen pattern (docs/formats.md §8, seed 003).

The seed's maker fills digits into the pattern cells, counts solutions, keeps
fills with few solutions and reworks them until one is unique.  This module
does the same, faster:

1. *fill*: take a random complete grid and keep its digits on the pattern
   cells, so every fill has at least one solution (no wasted no-solution fills);
2. *count*: count the fill's solutions up to ``count_limit``; a unique fill is done;
3. *descend*: rework the fill by changing one given at a time, taking any
   change that lowers the solution count and still leaves a solution (counting
   each trial only up to the current count, so bad trials stop early), and a
   few changes that keep it level, until the count is 1 or no change helps;
4. *kick*: at such a local minimum, change two givens at random (keeping a
   solution) and descend again, up to ``kicks`` times; then start again from
   a fresh fill.

The seed keeps only fills with at most 8-10 solutions and reworks the
two-solution ones; descending from any fill, with counts in the thousands as
the guide, reaches unique puzzles on much sparser patterns.

Impossible patterns are refused before any search, with the reason; a search
that runs out of time raises :class:`GenerationError` with the statistics
(tries and the histogram of solution counts of the fresh fills).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Iterable

from ..shape import Shape
from ..solver import get_backend
from .complete import random_complete_grid
from .dig import KNOWN_MINIMUM_CLUES
from .difficulty import grade
from .result import GenerationError, Generated, ImpossiblePatternError, SearchStats


@dataclass(frozen=True)
class PatternSearch:
    """Tuning of the search: limits and how hard to work on one fill."""

    time_limit: float = 60.0
    max_tries: int | None = None
    count_limit: int | None = None
    """Count a fresh fill's solutions up to this; ``None``: 10,000 (50 with the slower pure-Python solver)."""
    level_moves: int = 8
    """Changes that keep the count level, allowed in one descent."""
    kicks: int = 30
    """Times a descent stuck in a local minimum is shaken (two givens changed) and resumed before a fresh fill."""
    graded: bool = True
    """Grade the puzzle found (level, moves, rating)."""


def pattern_problems(cells: Iterable[int], shape: Shape) -> list[str]:
    """Reasons why no puzzle with givens on exactly ``cells`` can have one solution (empty list: none found)."""
    chosen = frozenset(cells)
    problems = []
    minimum = KNOWN_MINIMUM_CLUES.get(shape.side, shape.side - 1)
    if len(chosen) < minimum:
        problems.append(f"{len(chosen)} givens; a unique {shape.name} puzzle needs at least {minimum}")
    side = shape.side
    # Two empty rows of one band (or columns of one stack) can be swapped in any
    # solution, giving a second one.
    for kind, size, line_cells in (
        ("rows", shape.box_height, lambda i: range(i * side, i * side + side)),
        ("columns", shape.box_width, lambda i: range(i, side * side, side)),
    ):
        empty = [i for i in range(side) if chosen.isdisjoint(line_cells(i))]
        for start in range(0, side, size):
            group = [i + 1 for i in empty if start <= i < start + size]
            if len(group) >= 2:
                which = "band" if kind == "rows" else "stack"
                problems.append(
                    f"{kind} {', '.join(map(str, group))} are empty and in the same {which}, "
                    f"so swapping two of them gives a second solution"
                )
    return problems


def check_pattern(cells: Iterable[int], shape: Shape) -> None:
    """Raise :class:`ImpossiblePatternError` when the pattern can never give a unique puzzle."""
    problems = pattern_problems(cells, shape)
    if problems:
        raise ImpossiblePatternError("impossible pattern: " + "; ".join(problems))


class _Search:
    def __init__(self, cells: frozenset[int], shape: Shape, rng: random.Random, settings: PatternSearch, backend: str | None):
        self.cells = sorted(cells)
        self.shape = shape
        self.rng = rng
        self.settings = settings
        engine = get_backend(backend)
        self.solve = engine.solve
        self.count_limit = settings.count_limit or (50 if engine.NAME == "python" else 10_000)
        self.stats = SearchStats(count_limit=self.count_limit)
        self.started = time.monotonic()
        pattern = set(cells)
        self.pattern_peers = {c: [p for p in shape.peers[c] if p in pattern] for c in self.cells}

    def out_of_time(self) -> bool:
        self.stats.seconds = time.monotonic() - self.started
        return self.stats.seconds > self.settings.time_limit

    def fresh_fill(self) -> list[int]:
        solution = random_complete_grid(self.shape, self.rng)
        givens = [0] * self.shape.cell_count
        for cell in self.cells:
            givens[cell] = solution[cell]
        return givens

    def changes(self, givens: list[int]) -> list[tuple[int, int]]:
        """Every (cell, digit) that changes one given without clashing with the other givens, shuffled."""
        moves: list[tuple[int, int]] = []
        for cell in self.cells:
            used = {givens[p] for p in self.pattern_peers[cell]}
            moves.extend((cell, d) for d in self.shape.digits if d != givens[cell] and d not in used)
        self.rng.shuffle(moves)
        return moves

    def descend(self, givens: list[int], count: int) -> tuple[list[int], list[int]] | int:
        """Change one given at a time while that lowers the solution count.

        Returns the unique puzzle and its solution, or the solution count of the
        local minimum left in ``givens`` (0 when time ran out).
        """
        if count == 1:
            solution = self.solve(givens, self.shape, 1)[1]
            assert solution is not None  # a count of 1 comes with its solution
            return givens, solution
        level_moves = self.settings.level_moves
        while True:
            for cell, digit in self.changes(givens):
                if self.out_of_time():
                    return 0
                old = givens[cell]
                givens[cell] = digit
                # Counting to count+1 tells "fewer", "as many" and "more" apart.
                found, first = self.solve(givens, self.shape, count + 1)
                if found == 1 and first is not None:
                    return givens, first
                if 1 < found < count:
                    count = found
                    break
                if found == count and level_moves > 0:
                    level_moves -= 1
                    break
                givens[cell] = old
            else:
                return count  # a local minimum: no single change helps

    def kick(self, givens: list[int], count: int) -> int:
        """Change two givens at random, keeping at least one solution; the new count (0: none found)."""
        for cell, digit in self.changes(givens)[:40]:
            old = givens[cell]
            givens[cell] = digit
            for second, other in self.changes(givens)[:5]:
                if second == cell:
                    continue
                kept = givens[second]
                givens[second] = other
                found = self.solve(givens, self.shape, self.count_limit)[0]
                if found:
                    return found
                givens[second] = kept
            givens[cell] = old
        return 0

    def rework(self, givens: list[int], count: int) -> tuple[list[int], list[int]] | None:
        """Descend from a fill, shaking it out of up to ``kicks`` local minima; the unique puzzle or None."""
        for _ in range(self.settings.kicks + 1):
            result = self.descend(givens, count)
            if not isinstance(result, int):
                return result
            count = self.kick(givens, result) if result else 0
            if not count:
                return None
        return None

    def run(self) -> Generated:
        while not self.out_of_time():
            if self.settings.max_tries is not None and self.stats.tries >= self.settings.max_tries:
                break
            givens = self.fresh_fill()
            count, first = self.solve(givens, self.shape, self.count_limit)
            self.stats.record(count)
            result = (givens, first) if count == 1 and first is not None else self.rework(givens, count)
            if result is not None:
                puzzle, solution = result
                self.out_of_time()
                found = grade(puzzle, self.shape, solution) if self.settings.graded else None
                return Generated(self.shape, tuple(puzzle), tuple(solution), found)
        raise GenerationError(
            f"no unique puzzle found on this {len(self.cells)}-given pattern within the limits", self.stats
        )


def fill_pattern(
    cells: Iterable[int],
    shape: Shape,
    rng: random.Random,
    settings: PatternSearch = PatternSearch(),
    *,
    backend: str | None = None,
) -> tuple[Generated, SearchStats]:
    """A unique puzzle whose givens are exactly ``cells``, and how the search went."""
    chosen = frozenset(cells)
    check_pattern(chosen, shape)
    search = _Search(chosen, shape, rng, settings, backend)
    generated = search.run()
    return generated, search.stats
