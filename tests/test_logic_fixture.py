"""The logic engine finds the same steps, in the same order, with the same grades as recorded.

``data/grading-steps.jsonl`` was written by ``scripts/make_grading_fixture.py``
from the engine before its speed work: 100 diabolical and 50 top95 puzzles
and generated 4x4, 6x6 and 16x16 ones.  A faster technique must find the
very step the slower one found; a deliberate change of the techniques
regenerates the file (and says why in its commit).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sudokuprint.grid import Grid
from sudokuprint.logic.engine import solution_of, solve_state
from sudokuprint.logic.grading import grade_log
from sudokuprint.logic.state import State
from sudokuprint.shape import Shape

RECORDS = [json.loads(line) for line in (Path(__file__).parent / "data" / "grading-steps.jsonl").read_text().splitlines()]


def _grid(record: dict) -> Grid:
    width, height = record["box"]
    grid = Grid.from_string(record["puzzle"])
    if (grid.shape.box_width, grid.shape.box_height) != (width, height):
        grid = Grid.from_values(grid.values, Shape(width, height))
    return grid


def test_the_fixture_covers_every_kind_of_puzzle() -> None:
    sides = {len(r["puzzle"]) for r in RECORDS}
    assert len(RECORDS) >= 150 and sides == {16, 36, 81, 256}
    # the deepest tier is in it: dynamic forcing chains (which settle top95's hardest since they came), or trial
    assert any(s.startswith(("Dynamic Forcing Chains", "Trial")) for r in RECORDS for s in r["steps"])


@pytest.mark.parametrize("index", range(len(RECORDS)))
def test_steps_and_grade_as_recorded(index: int) -> None:
    record = RECORDS[index]
    grid = _grid(record)
    solution = solution_of(grid)
    log = solve_state(grid, State.from_grid(grid), solution)
    graded = grade_log(grid, log, solution)
    shape = grid.shape
    steps = [f"{s.technique};{s.rating:.1f};{s.changes(shape)}" for s in log.steps]
    for number, (made, recorded) in enumerate(zip(steps, record["steps"]), start=1):
        assert made == recorded, f"step {number} of {record['puzzle']}"
    assert len(steps) == len(record["steps"])
    assert (graded.rating, graded.level, graded.moves) == (record["rating"], record["level"], record["moves"])
