"""Big grids of random consistent givens are decided right and fast (issue 29, item 1).

The expected solution counts (to 2) in ``tests/data/solver-big-cases.txt``
were recorded from OR-Tools CP-SAT, an independent solver (see
``benchmarks/solver_big.py``).  The first grids are ones the generic engine
once took seconds to a minute on; they must now be decided within a time
limit far above the milliseconds they take and far below the seconds they
took.  The pure-Python engine must give the same counts on the random grids.
"""

from __future__ import annotations

import pytest

from conftest import REPO
from sudokuprint.shape import DIGIT_SYMBOLS, Shape
from sudokuprint.solver import native, pure

CASES = [
    line.split()
    for line in (REPO / "tests" / "data" / "solver-big-cases.txt").read_text().splitlines()
    if line and not line.startswith("#")
]
SLOW_CASES = CASES[:6]
RANDOM_CASES = CASES[6:]
EXAMPLE = (REPO / "tests" / "data" / "slow-16x16.txt").read_text().strip()
TIME_LIMIT = 5.0
"""Seconds: the slow cases took 0.4-30 s before, and take milliseconds now."""


def _decode(box: str, text: str) -> tuple[Shape, bytes]:
    width, height = map(int, box.split("x"))
    return Shape(width, height), bytes(0 if ch == "." else DIGIT_SYMBOLS.index(ch) + 1 for ch in text)


def _assert_solution_of(shape: Shape, values: bytes, solution: bytes) -> None:
    """``solution`` keeps the givens and holds every digit once in each row, column and box."""
    side = shape.side
    assert all(v in (0, s) for v, s in zip(values, solution))
    digits = set(range(1, side + 1))
    for i in range(side):
        assert set(solution[i * side : (i + 1) * side]) == digits
        assert set(solution[i::side]) == digits
        top, left = (i // (side // shape.box_width)) * shape.box_height, (i % (side // shape.box_width)) * shape.box_width
        box = {solution[(top + r) * side + left + c] for r in range(shape.box_height) for c in range(shape.box_width)}
        assert box == digits


def test_the_issue_example_is_among_the_slow_cases() -> None:
    assert ["4x4", EXAMPLE, "2"] in SLOW_CASES


@pytest.mark.parametrize("box, text, expected", SLOW_CASES, ids=[f"slow-{i}" for i in range(len(SLOW_CASES))])
def test_the_native_engine_decides_the_once_slow_grids(box: str, text: str, expected: str) -> None:
    shape, values = _decode(box, text)
    count, first = native.solve_bytes(values, shape, 2, TIME_LIMIT)
    assert count == int(expected)
    if count:
        assert first is not None
        _assert_solution_of(shape, values, first)


@pytest.mark.parametrize("engine", [pure, native], ids=["python", "native"])
def test_both_engines_count_the_random_grids_as_the_peer_does(engine) -> None:
    counts = []
    for box, text, _ in RANDOM_CASES:
        shape, values = _decode(box, text)
        count, first = engine.solve_bytes(values, shape, 2, TIME_LIMIT)
        if count:
            _assert_solution_of(shape, values, first)
        counts.append(count)
    assert counts == [int(expected) for _, _, expected in RANDOM_CASES]
