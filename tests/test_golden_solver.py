"""The tdoku-style golden file: every backend gives each puzzle's count and solution.

tests/data/golden-solver.txt (made by scripts/make_golden_solver.py) has
``puzzle:count:solution`` lines for every shape: unique, several solutions
(count 2 = two or more), unsolvable and invalid puzzles.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sudokuprint import Grid, count_solutions, search, solve
from sudokuprint.errors import InvalidGridError, MultipleSolutionsError, NoSolutionError
from sudokuprint.solver import backend_names

GOLDEN = Path(__file__).parent / "data" / "golden-solver.txt"
LINES = [line.split(":") for line in GOLDEN.read_text().splitlines()]


def test_the_golden_file_covers_every_shape_and_outcome() -> None:
    seen = {(int(len(p) ** 0.5), int(count)) for p, count, _ in LINES}
    assert seen == {(side, count) for side in (4, 6, 8, 9, 12, 16) for count in (0, 1, 2)}
    invalid = [p for p, _, _ in LINES if not Grid.from_string(p).is_valid()]
    assert len(invalid) >= 6


@pytest.mark.parametrize("backend", ["python", "native"])
def test_every_backend_matches_the_golden_file(backend: str) -> None:
    if backend not in backend_names():
        pytest.fail(f"the {backend} backend is not built (pip install needs a C compiler)")
    for puzzle, count, solution in LINES:
        grid = Grid.from_string(puzzle)
        assert count_solutions(grid, 2, backend=backend) == int(count), puzzle
        if count == "1":
            assert solve(grid, backend=backend).to_string() == solution, puzzle
        elif count == "2":
            with pytest.raises(MultipleSolutionsError):
                solve(grid, backend=backend)
            first = search(grid, 1, backend=backend).solution
            assert first is not None and first.is_complete() and first.is_valid(), puzzle
            assert all(v == w for v, w in zip(grid.values, first.values) if v), puzzle
        else:
            with pytest.raises(InvalidGridError if not grid.is_valid() else NoSolutionError):
                solve(grid, backend=backend)
