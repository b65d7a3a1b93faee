"""The pure-Python solver: the whole grid in one int, rules applied bit-parallel.

The whole idea on one page:

- the *state* is one Python int with a bit for every (digit, cell) pair that
  is still possible: bit ``d * C + c`` for digit ``d`` (0-based) in cell ``c``
  of ``C`` cells, so digit ``d``'s *plane* is a ``C``-bit bitboard;
- *placing* a digit clears it from the cell's peers and clears the cell's other
  digits, with one precomputed mask per bit; ``placed`` holds the bits placed;
- *counting* is the one bit trick: shifting the state onto itself and OR-ing,
  every house of one kind (or every cell's digits) is counted at once, for all
  digits, saturating at two (``_count_runs``); the count sits at the first
  cell of each house, its *origin*;
- *naked singles*: cells counting one digit; *hidden singles*: houses where a
  digit counts one place; a count of zero anywhere is a contradiction;
- *locked candidates* (tried once per propagation, when singles run out): a
  digit confined to one mini-line (the cells a box shares with a row or
  column) within a box, or within a line, leaves the rest of the line, or of
  the box (``_locked_candidates``);
- when nothing applies, branch on a cell with two candidates (else the
  fewest) that sees the most unsolved cells (on 9x9; the first such cell on
  other shapes), trying first the digit that rules out the fewest candidates.

Bitwise ops here avoid negative ints (``~x``, ``-x``), which CPython handles
far more slowly on big ints: ``a & ~b`` is written ``a ^ (a & b)``.
"""

from __future__ import annotations

import time
from functools import lru_cache
from typing import Callable, Sequence

from ..shape import Shape

NAME = "python"

MAX_LIMIT = 2**63 - 1
"""The largest solution limit (the compiled backend counts in 64 bits)."""

_EAGER_TABLE_MAX_SIDE = 16

_Steps = tuple[tuple[int, int], ...]


def _run_steps(length: int, stride: int) -> _Steps:
    """How to count ``length`` bits ``stride`` apart, by doubling: Horner on ``length`` in binary.

    Each step is ``(shift, append)``: combine the window so far with itself
    shifted by ``shift`` (doubling its width), then, if ``append`` is not 0,
    with the input shifted by ``append`` (adding one to its width).
    """
    steps = []
    width = 1
    for binary_digit in bin(length)[3:]:
        shift = width * stride
        width *= 2
        append = 0
        if binary_digit == "1":
            append = width * stride
            width += 1
        steps.append((shift, append))
    return tuple(steps)


def _count_runs(bits: int, steps: _Steps) -> tuple[int, int]:
    """Saturating counts over runs of ``bits``: at each bit, is one / are two of the run's bits set.

    Only the bits at run origins mean anything; mask them.
    """
    once, twice = bits, 0
    for shift, append in steps:
        more = once >> shift
        twice |= (twice >> shift) | (once & more)
        once |= more
        if append:
            more = bits >> append
            twice |= once & more
            once |= more
    return once, twice


def _count_more_runs(once: int, twice: int, steps: _Steps) -> tuple[int, int]:
    """Like :func:`_count_runs`, over runs of runs already counted (``once``, ``twice``)."""
    input_once, input_twice = once, twice
    for shift, append in steps:
        more = once >> shift
        twice |= (twice >> shift) | (once & more)
        once |= more
        if append:
            more = input_once >> append
            twice |= (input_twice >> append) | (once & more)
            once |= more
    return once, twice


def _any_in_runs(bits: int, steps: _Steps) -> int:
    """At each run origin: is any bit of the run set."""
    input_bits = bits
    for shift, append in steps:
        bits |= bits >> shift
        if append:
            bits |= input_bits >> append
    return bits


class _Tables:
    """Steps, origins and spreading patterns for one shape, computed once.

    A *pattern* is a house's (or mini-line's) cells relative to its origin:
    multiplying origin bits by it spreads them over whole houses.
    """

    def __init__(self, shape: Shape) -> None:
        side, cells = shape.side, shape.cell_count
        wide, high = shape.box_width, shape.box_height
        self.side = side
        self.cell_count = cells
        # The "sees the most" choice of a branching cell is tuned on 9x9; on other
        # shapes the first cell (row by row) fills rows in order, which never
        # wanders on long thin boxes (2x6, 1x12), where the other choice can
        # search for minutes on an empty grid.
        self.scored_choice = wide == 3 and high == 3
        self.all_cells = (1 << cells) - 1
        self.every_digit = sum(1 << (d * cells) for d in range(side))  # cell mask * this = all its bits
        self.all_bits = self.all_cells * self.every_digit

        def origins(test: Callable[[int, int], bool]) -> int:  # test(row, column)
            return sum(1 << c for c in range(cells) if test(*divmod(c, side))) * self.every_digit

        def pattern(count: int, stride: int) -> int:
            return sum(1 << (i * stride) for i in range(count))

        # Mini-rows: a box's cells in one row; mini-columns: in one column.
        self.digits_of_cell = _run_steps(side, cells)
        self.along_minirow = _run_steps(wide, 1)
        self.minirows_along_row = _run_steps(side // wide, wide)
        self.minirows_down_box = _run_steps(high, side)
        self.along_minicolumn = _run_steps(high, side)
        self.minicolumns_down_column = _run_steps(side // high, high * side)
        self.minicolumns_across_box = _run_steps(wide, 1)

        self.row_origins = origins(lambda r, c: c == 0)
        self.column_origins = origins(lambda r, c: r == 0)
        self.box_origins = origins(lambda r, c: r % high == 0 and c % wide == 0)
        self.minirow_origins = origins(lambda r, c: c % wide == 0)
        self.minicolumn_origins = origins(lambda r, c: r % high == 0)

        self.row = pattern(side, 1)
        self.column = pattern(side, side)
        self.box = pattern(wide, 1) * pattern(high, side)
        self.minirow = pattern(wide, 1)
        self.minicolumn = pattern(high, side)
        self.minirow_starts_in_row = pattern(side // wide, wide)
        self.minicolumn_starts_in_column = pattern(side // high, high * side)

        self.peers = tuple(sum(1 << p for p in shape.peers[c]) for c in range(cells))
        # cleared_by[d * C + c]: the bits that placing digit d in cell c clears.  The
        # whole table takes side**6 / 8 bytes (2 MB at 16x16), so larger grids fill it lazily.
        if side <= _EAGER_TABLE_MAX_SIDE:
            self.cleared_by: Sequence[int] | _LazyTable = tuple(map(self._cleared_by, range(side * cells)))
        else:
            self.cleared_by = _LazyTable(self._cleared_by)

    def _cleared_by(self, bit_index: int) -> int:
        digit, cell = divmod(bit_index, self.cell_count)
        plane = digit * self.cell_count
        return (self.peers[cell] << plane) | ((1 << cell) * (self.every_digit ^ (1 << plane)))


class _LazyTable(dict[int, int]):
    """A table whose entries are computed on first use."""

    def __init__(self, compute: Callable[[int], int]) -> None:
        super().__init__()
        self.compute = compute

    def __missing__(self, key: int) -> int:
        value = self[key] = self.compute(key)
        return value


@lru_cache(maxsize=None)
def _tables(shape: Shape) -> _Tables:
    return _Tables(shape)


def _house_singles(t: _Tables, state: int, placed: int) -> tuple[int, int, int] | None:
    """New bits that are the only place of their digit in a house (boxes first, then rows, then
    columns; stops at the first kind that has some); else 0 and the mini-row and mini-column occupancy.

    None when a digit has no place left in some house.
    """
    unplaced = state ^ placed
    minirow_once, minirow_twice = _count_runs(state, t.along_minirow)
    once, twice = _count_more_runs(minirow_once, minirow_twice, t.minirows_down_box)
    once &= t.box_origins
    if once != t.box_origins:
        return None
    new = unplaced & ((once ^ (twice & once)) * t.box)
    if new:
        return new, 0, 0
    once, twice = _count_more_runs(minirow_once, minirow_twice, t.minirows_along_row)
    once &= t.row_origins
    if once != t.row_origins:
        return None
    new = unplaced & ((once ^ (twice & once)) * t.row)
    if new:
        return new, 0, 0
    minicolumn_once, minicolumn_twice = _count_runs(state, t.along_minicolumn)
    once, twice = _count_more_runs(minicolumn_once, minicolumn_twice, t.minicolumns_down_column)
    once &= t.column_origins
    if once != t.column_origins:
        return None
    new = unplaced & ((once ^ (twice & once)) * t.column)
    return new, minirow_once & t.minirow_origins, minicolumn_once & t.minicolumn_origins


def _locked_candidates(t: _Tables, minirows: int, minicolumns: int) -> int:
    """Bits that locked candidates rule out, given the occupied mini-rows and mini-columns."""
    cleared = 0
    for minilines, line_origins, line, miniline, starts_in_line, along_line, down_box, starts_in_box in (
        (minirows, t.row_origins, t.row, t.minirow, t.minirow_starts_in_row,
         t.minirows_along_row, t.minirows_down_box, t.minicolumn),
        (minicolumns, t.column_origins, t.column, t.minicolumn, t.minicolumn_starts_in_column,
         t.minicolumns_down_column, t.minicolumns_across_box, t.minirow),
    ):
        # Pointing: a box whose digit sits in one mini-line clears it from the rest of the line.
        once, twice = _count_runs(minilines, down_box)
        pointing = (((once ^ twice) & t.box_origins) * starts_in_box) & minilines
        lines = _any_in_runs(pointing, along_line) & line_origins
        cleared |= (lines * line) ^ (pointing * miniline)
        # Claiming: a line whose digit sits in one mini-line clears it from the rest of the box.
        once, twice = _count_runs(minilines, along_line)
        claiming = (((once ^ twice) & line_origins) * starts_in_line) & minilines
        boxes = _any_in_runs(claiming, down_box) & t.box_origins
        cleared |= (boxes * t.box) ^ (claiming * miniline)
    return cleared


def _propagate(t: _Tables, state: int, placed: int) -> tuple[int, int, int] | None:
    """Apply singles and locked candidates until none is left.

    Returns ``(state, placed, unsolved)`` with ``unsolved`` the cells holding two
    or more candidates (0 when solved), or None on a contradiction.
    """
    all_cells, every_digit, cleared_by, digits_of_cell = t.all_cells, t.every_digit, t.cleared_by, t.digits_of_cell
    tried_locked = False
    while True:
        # _count_runs(state, digits_of_cell), written out: this is the hottest loop.
        once, twice = state, 0
        for shift, append in digits_of_cell:
            more = once >> shift
            twice |= (twice >> shift) | (once & more)
            once |= more
            if append:
                more = state >> append
                twice |= once & more
                once |= more
        once &= all_cells
        if once != all_cells:
            return None  # a cell without candidates
        twice &= all_cells
        new = (state ^ placed) & ((once ^ twice) * every_digit)
        if not new:
            if not twice:
                return state, placed, 0
            found = _house_singles(t, state, placed)
            if found is None:
                return None
            new, minirows, minicolumns = found
            if not new:
                if tried_locked:
                    return state, placed, twice
                tried_locked = True
                cleared = _locked_candidates(t, minirows, minicolumns) & state
                if not cleared:
                    return state, placed, twice
                state ^= cleared
                continue
        placed |= new
        cleared = 0
        while new:
            bit_index = new.bit_length() - 1
            new ^= 1 << bit_index
            cleared |= cleared_by[bit_index]
        if cleared & placed:
            return None  # two placements exclude each other
        state ^= state & cleared


_CHECK_EVERY = 64
"""Search nodes between two looks at the clock and the stop flag."""


class _Search:
    """Depth-first search counting solutions up to ``limit`` and keeping the first.

    Every ``_CHECK_EVERY`` nodes it stops with ``TimeoutError`` past ``deadline``
    (a ``time.monotonic()`` value) or ``InterruptedError`` when ``stop[0]`` is set.
    """

    def __init__(self, tables: _Tables, limit: int, deadline: float | None = None, stop: bytearray | None = None) -> None:
        self.t = tables
        self.limit = limit
        self.count = 0
        self.first: int | None = None
        self.nodes = 0
        self.deadline = deadline
        self.stop = stop

    def _check(self) -> None:
        if self.stop is not None and self.stop[0]:
            raise InterruptedError("stopped on request")
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise TimeoutError("time limit reached")

    def run(self, state: int, placed: int) -> None:
        self.nodes += 1
        if not self.nodes % _CHECK_EVERY:
            self._check()
        found = _propagate(self.t, state, placed)
        if found is None:
            return
        state, placed, unsolved = found
        if not unsolved:
            self.count += 1
            if self.first is None:
                self.first = state
            return
        t = self.t
        cell = self._choose_cell(state, unsolved)
        cleared_by = t.cleared_by
        # Each digit of the cell, the one that rules out the fewest candidates first.
        branches = []
        candidates = state & (t.every_digit << cell)
        while candidates:
            bit_index = candidates.bit_length() - 1
            candidates ^= 1 << bit_index
            ruled_out = state & cleared_by[bit_index]
            branches.append((ruled_out.bit_count(), bit_index, state ^ ruled_out))
        branches.sort()
        for _, bit_index, branch in branches:
            self.run(branch, placed | (1 << bit_index))
            if self.count >= self.limit:
                return

    def _choose_cell(self, state: int, unsolved: int) -> int:
        """A cell with two candidates (else an unsolved one) seeing the most unsolved and two-candidate cells."""
        cells = self.t.cell_count
        once, twice, thrice = state, 0, 0
        for shift in range(cells, self.t.side * cells, cells):
            plane = state >> shift
            thrice |= twice & plane
            twice |= once & plane
            once |= plane
        bivalue = (twice ^ thrice) & self.t.all_cells
        options = bivalue or unsolved
        if not self.t.scored_choice:
            return (options & -options).bit_length() - 1
        peers = self.t.peers
        best, best_score = -1, -1
        while options:
            cell = options.bit_length() - 1
            options ^= 1 << cell
            seen = peers[cell]
            score = (seen & unsolved).bit_count() + (seen & bivalue).bit_count()
            if score > best_score:
                best, best_score = cell, score
        return best


def _values_of(t: _Tables, state: int) -> list[int]:
    values = [0] * t.cell_count
    for digit in range(t.side):
        plane = (state >> (digit * t.cell_count)) & t.all_cells
        while plane:
            cell = plane.bit_length() - 1
            plane ^= 1 << cell
            values[cell] = digit + 1
    return values


def solve(
    values: Sequence[int],
    shape: Shape,
    limit: int,
    *,
    time_limit: float | None = None,
    stop: bytearray | None = None,
) -> tuple[int, list[int] | None]:
    """Count solutions of ``values`` (0 = empty) up to ``limit``; also the first solution.

    ``values`` must be in range (the caller checks); clashing givens count 0.
    ``TimeoutError`` after ``time_limit`` seconds, ``InterruptedError`` once
    ``stop[0]`` is set (both looked at every few dozen guesses).
    """
    t = _tables(shape)
    state, placed = t.all_bits, 0
    for cell, value in enumerate(values):
        if value:
            bit_index = (value - 1) * t.cell_count + cell
            if not state >> bit_index & 1:
                return 0, None
            state ^= state & t.cleared_by[bit_index]
            placed |= 1 << bit_index
    deadline = time.monotonic() + time_limit if time_limit else None
    search = _Search(t, limit, deadline, stop)
    search.run(state, placed)
    return search.count, _values_of(t, search.first) if search.first is not None else None


def solve_bytes(
    values: bytes, shape: Shape, limit: int, time_limit: float | None = None, stop: bytearray | None = None
) -> tuple[int, bytes | None]:
    """:func:`solve` on cell values packed as bytes, the first solution as bytes (the backend contract)."""
    count, first = solve(values, shape, limit, time_limit=time_limit, stop=stop)
    return count, bytes(first) if first is not None else None


def count_buffer(
    buffer: bytes,
    shape: Shape,
    limit: int,
    *,
    time_limit: float | None = None,
    stop: bytearray | None = None,
    solutions: bytearray | None = None,
) -> list[int]:
    """Solution counts of puzzles packed back to back as cell-value bytes (the batch contract).

    ``solutions`` (as long as ``buffer``) receives each puzzle's first solution
    (zeros when it has none).  The time limit is per puzzle; a stop names the
    puzzle in the exception's ``puzzle`` attribute.
    """
    size = shape.cell_count
    counts = []
    for index, start in enumerate(range(0, len(buffer), size)):
        try:
            count, first = solve(buffer[start : start + size], shape, limit, time_limit=time_limit, stop=stop)
        except (TimeoutError, InterruptedError) as error:
            setattr(error, "puzzle", index)  # which puzzle of the batch, as the C backend says
            raise
        counts.append(count)
        if solutions is not None:
            solutions[start : start + size] = bytes(first) if first is not None else bytes(size)
    return counts
