"""Fuzzing the solver engines on big grids (issue 29, item 1; ``make fuzz-solver``, part of ``make fuzz``).

Each input becomes a grid of random consistent givens: its first byte picks
a box shape (every shape of 4x4 to 16x16 grids), the next ones a number of
givens between N²/8 and N²/3 and, for each, a cell and a digit (a digit that
clashes with an earlier given is moved to the next free one; a cell with no
free digit stays empty).  The native engine decides it (counts solutions to
2, as ``check`` does); a case that takes over 100 ms of this thread's CPU
time (CPU time, so that a busy machine does not fail it), or a count that is
not 0, 1 or 2, is a crash that atheris reports with its input.  With
``--python`` the pure-Python engine decides the same grid too and the counts
must agree (slow: for short runs).

    python fuzz/fuzz_solver.py CORPUS_DIR -max_len=2048 -len_control=0 -max_total_time=600
"""

from __future__ import annotations

import sys
import time

import atheris

with atheris.instrument_imports(include=["sudokuprint.solver"]):
    from sudokuprint.shape import Shape
    from sudokuprint.solver import native, pure

BOX_SHAPES = [(2, 2), (3, 2), (2, 3), (4, 2), (2, 4), (3, 3), (5, 2), (2, 5),
              (4, 3), (3, 4), (6, 2), (2, 6), (5, 3), (3, 5), (4, 4)]
LIMIT_MS = 100.0
COMPARE_WITH_PYTHON = "--python" in sys.argv


def grid_of(data: bytes) -> tuple[Shape, bytes]:
    """The shape and cell values that ``data`` spells (see the module docstring)."""
    provider = atheris.FuzzedDataProvider(data)
    shape = Shape(*BOX_SHAPES[provider.ConsumeIntInRange(0, len(BOX_SHAPES) - 1)])
    side, cells = shape.side, shape.cell_count
    values = bytearray(cells)
    rows = [0] * side
    columns = [0] * side
    boxes = [0] * side
    for _ in range(provider.ConsumeIntInRange(cells // 8, cells // 3)):
        cell = provider.ConsumeIntInRange(0, cells - 1)
        row, column = divmod(cell, side)
        box = (row // shape.box_height) * (side // shape.box_width) + column // shape.box_width
        taken = rows[row] | columns[column] | boxes[box]
        if values[cell] or taken == (1 << side) - 1:
            continue
        digit = provider.ConsumeIntInRange(0, side - 1)
        while taken >> digit & 1:
            digit = (digit + 1) % side
        values[cell] = digit + 1
        rows[row] |= 1 << digit
        columns[column] |= 1 << digit
        boxes[box] |= 1 << digit
    return shape, bytes(values)


def test_one_input(data: bytes) -> None:
    """Decide one grid; too slow or a wrong count is a crash."""
    shape, values = grid_of(data)
    start = time.thread_time()
    count = native.solve_bytes(values, shape, 2)[0]
    spent = (time.thread_time() - start) * 1000
    grid = "".join(".123456789ABCDEFG"[v] for v in values)
    if spent > LIMIT_MS:
        raise RuntimeError(f"{shape.box_width}x{shape.box_height} grid took {spent:.0f} ms: {grid}")
    if count not in (0, 1, 2):
        raise RuntimeError(f"count {count} for {grid}")
    if COMPARE_WITH_PYTHON and pure.solve_bytes(values, shape, 2)[0] != count:
        raise RuntimeError(f"the engines disagree on {grid}")


def main() -> None:
    if not native.available():
        sys.exit(f"fuzz_solver: {native.unavailable_reason()}")
    argv = [arg for arg in sys.argv if arg != "--python"]
    atheris.Setup(argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
