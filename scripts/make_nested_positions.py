"""Write tests/data/nested-positions.txt: real positions where nested forcing chains are the step.

The engine solves the first puzzle of ``forum_hardest_1905_se11plus.txt``; the state
before its first nested forcing chain of level 2 (forcing chains inside; the level-3 one,
dynamic chains inside, is its first hard step, which tests reach by solving) is written as a state grid (docs/formats.md §3), after a
comment line ``# <puzzle line> level <n>``.  Tests take the givens from that line.
Regenerate it when the techniques before nested chains change (say why in the commit).

Usage: python scripts/make_nested_positions.py [OUTPUT]   (run from the repository root)
"""

from __future__ import annotations

import sys
from pathlib import Path

from sudokuprint import Grid
from sudokuprint.formats.candidates_grid import write_state
from sudokuprint.logic.engine import apply_step, solution_of, solve_state
from sudokuprint.logic.state import State
from sudokuprint.logic.step import TrialDetails
from sudokuprint.logic.techniques.nested import NESTED_FORCING

REPO = Path(__file__).resolve().parents[1]
FORUM = REPO.parent / "shared" / "data" / "puzzles" / "forum_hardest_1905_se11plus.txt"
OUTPUT = REPO / "tests" / "data" / "nested-positions.txt"


def positions(line: str) -> list[tuple[int, Grid]]:
    """(level, state grid before the step) for the first level-2 nested chain in the solve."""
    grid = Grid.from_string(line)
    log = solve_state(grid, State.from_grid(grid), solution_of(grid))
    state = State.from_grid(grid)
    found: dict[int, Grid] = {}
    for step in log.steps:
        level = step.details.nesting_level if isinstance(step.details, TrialDetails) else None
        if step.kind is NESTED_FORCING and level == 2 and level not in found:
            found[level] = state.to_grid()
        apply_step(state, step)
    return sorted(found.items())


def main() -> None:
    output = Path(sys.argv[1]) if len(sys.argv) > 1 else OUTPUT
    line = next(text.strip() for text in FORUM.open() if text.strip())
    parts = []
    for level, grid in positions(line):
        parts.append(f"# {line} level {level}\n{write_state(grid)}")
    output.write_text("".join(parts))
    print(f"wrote {len(parts)} positions to {output}")


if __name__ == "__main__":
    main()
