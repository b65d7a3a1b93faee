"""Write tests/data/grading-steps.jsonl: the logic engine's step log and grade of ~150 puzzles.

A record of what the engine does, so that a faster engine can be checked to
find the very same steps in the same order and give the same grades
(tests/test_logic_fixture.py).  The puzzles: the first 100 lines of
``sudoku_exchange_diabolical_se.txt``, 50 of ``top95.txt`` (the first 50), the 50 of
``easy50_pe96.txt`` (every SVD level, each side of each level boundary)
and generated 4x4, 6x6 and 16x16 puzzles (fixed seeds).

Each line is a JSON object: ``puzzle``, ``box`` (box width and height), ``rating``, ``level``, ``moves`` and
``steps``, a list of ``technique;rating;changes`` strings (``changes`` in
solver notation, e.g. ``r1c2=5; r3c4<>78``).  Regenerate it when a
technique is added or a rating changes on purpose, and say why in the commit.

Usage: python scripts/make_grading_fixture.py [OUTPUT]   (run from the repository root)
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from sudokuprint import Grid, Shape
from sudokuprint.generator import DigTarget, generate_puzzle
from sudokuprint.logic.engine import solution_of, solve_state
from sudokuprint.logic.grading import grade_log
from sudokuprint.logic.state import State

REPO = Path(__file__).resolve().parents[1]
PUZZLES = REPO.parent / "shared" / "data" / "puzzles"
OUTPUT = REPO / "tests" / "data" / "grading-steps.jsonl"
REAL = [("sudoku_exchange_diabolical_se.txt", 100), ("top95.txt", 50), ("easy50_pe96.txt", 50)]  # (file, first lines)
GENERATED = [((2, 2), 1), ((2, 2), 2), ((3, 2), 1), ((3, 2), 2), ((3, 2), 3), ((4, 4), 1)]  # (box shape, seed)


def puzzles() -> list[Grid]:
    """Every puzzle of the fixture, in its order."""
    grids = []
    for name, count in REAL:
        with (PUZZLES / name).open() as stream:
            lines = [line.strip() for line in stream if line.strip()]
        grids += [Grid.from_string(line) for line in lines[:count]]
    for (width, height), seed in GENERATED:
        shape = Shape(width, height)
        made = generate_puzzle(shape, random.Random(seed), DigTarget(), graded=False)
        grids.append(Grid.from_values(made.puzzle, shape))
    return grids


def record(grid: Grid) -> dict:
    """The step log and grade of one puzzle as a JSON-ready record."""
    solution = solution_of(grid)
    log = solve_state(grid, State.from_grid(grid), solution)
    graded = grade_log(grid, log, solution)
    shape = grid.shape
    return {
        "puzzle": grid.to_string(),
        "box": [shape.box_width, shape.box_height],
        "rating": graded.rating,
        "level": graded.level,
        "moves": graded.moves,
        "steps": [f"{s.technique};{s.rating:.1f};{s.changes(shape)}" for s in log.steps],
    }


def main() -> None:
    output = Path(sys.argv[1]) if len(sys.argv) > 1 else OUTPUT
    grids = puzzles()
    with output.open("w") as stream:
        for number, grid in enumerate(grids, start=1):
            stream.write(json.dumps(record(grid)) + "\n")
            print(f"\r{number}/{len(grids)}", end="", file=sys.stderr, flush=True)
    print(f"\nwrote {len(grids)} records to {output}", file=sys.stderr)


if __name__ == "__main__":
    main()
