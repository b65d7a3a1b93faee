"""Write tests/data/golden-solver.txt: ``puzzle:count:solution`` lines every solver backend must reproduce.

After tdoku's golden file.  ``count`` is the number of solutions counted up
to 2 (``2`` means two or more); ``solution`` is the one solution when the
count is 1, else empty.  The puzzles cover every standard shape (4x4, 6x6,
8x8, 9x9, 12x12, 16x16) with unique, multi-solution, unsolvable (valid
givens, no solution) and invalid (two equal digits in a house) cases, plus
real 9x9 puzzles from ../shared/data/puzzles.  Every count is computed by
every available backend and must agree, or the script stops.

Usage: python scripts/make_golden_solver.py [OUTPUT]   (run from the repository root)
"""

from __future__ import annotations

import itertools
import random
import sys
from pathlib import Path

from sudokuprint import Grid, Shape
from sudokuprint.generator import DigTarget, generate_puzzle
from sudokuprint.solver import backend_names, search

REPO = Path(__file__).resolve().parents[1]
PUZZLES = REPO.parent / "shared" / "data" / "puzzles"
REAL = [  # (file, how many lines, every n-th line)
    ("top95.txt", 6, 15),
    ("hardest_norvig11.txt", 3, 3),
    ("forum_hardest_1106.txt", 4, 250),
    ("sudoku17_royle_49151.txt", 4, 10000),
    ("serg_benchmark_multisolution.txt", 4, 2000),
]
SIDES = (4, 6, 8, 9, 12, 16)


def counted(grid: Grid) -> tuple[int, str]:
    """The count (up to 2) and the solution when unique, agreed by every backend."""
    answers = set()
    for backend in backend_names():
        result = search(grid, 2, backend=backend)
        answers.add((result.count, result.solution.to_string() if result.count == 1 and result.solution else ""))
    if len(answers) != 1:
        raise SystemExit(f"backends disagree on {grid.to_string()}: {sorted(answers)}")
    return answers.pop()


def made_cases(side: int, rng: random.Random) -> list[Grid]:
    """Generated puzzles of one side, and unsolvable, invalid and multi-solution variants of them."""
    shape = Shape.for_side(side)
    cases: list[Grid] = []
    for _ in range(2):
        made = generate_puzzle(shape, rng, DigTarget(), graded=False)
        puzzle = Grid.from_values(made.puzzle, shape)
        cases.append(puzzle)
        values = list(puzzle.values)
        full = search(puzzle, 1).solution
        assert full is not None
        # unsolvable: a digit that breaks no rule in an empty cell, but is not the solution's digit there
        empty = [c for c, v in enumerate(values) if not v]
        for cell in rng.sample(empty, len(empty)):
            peers = {values[p] for p in shape.peers[cell]}
            wrong = [d for d in range(1, side + 1) if d not in peers and d != full.values[cell]]
            if wrong:
                cases.append(Grid.from_values(values[:cell] + [rng.choice(wrong)] + values[cell + 1 :], shape))
                break
        # invalid: a given copied to another cell of its row
        cell = next(c for c, v in enumerate(values) if v)
        row_start = cell - cell % side
        other = next(c for c in range(row_start, row_start + side) if c != cell and not values[c])
        cases.append(Grid.from_values(values[:other] + [values[cell]] + values[other + 1 :], shape))
        # several solutions: givens taken away until the puzzle is no longer unique
        fewer = list(values)
        for cell in rng.sample(range(len(values)), len(values)):
            if fewer[cell]:
                fewer[cell] = 0
                if search(Grid.from_values(fewer, shape), 2).count > 1:
                    break
        cases.append(Grid.from_values(fewer, shape))
    cases.append(full)  # a solved grid is its own unique solution
    cases.append(Grid.empty(shape))  # no givens: many solutions
    return cases


def real_cases() -> list[Grid]:
    cases = []
    for name, count, step in REAL:
        with (PUZZLES / name).open() as stream:
            lines = (line.strip() for line in stream if line.strip() and not line.startswith("#"))
            for line in itertools.islice(lines, 0, count * step, step):
                cases.append(Grid.from_string(line[:81]))
    return cases


def main(output: Path) -> None:
    rng = random.Random(2026)
    cases = [grid for side in SIDES for grid in made_cases(side, rng)] + real_cases()
    lines = []
    for grid in cases:
        count, solution = counted(grid)
        lines.append(f"{grid.to_string()}:{count}:{solution}")
    output.write_text("\n".join(lines) + "\n")
    tally: dict[tuple[int, int], int] = {}
    for grid, line in zip(cases, lines):
        key = (grid.side, int(line.split(":")[1]))
        tally[key] = tally.get(key, 0) + 1
    print(f"wrote {len(lines)} lines to {output} (backends: {', '.join(backend_names())})")
    for (side, count), n in sorted(tally.items()):
        print(f"  {side}x{side} count={count}: {n}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "tests" / "data" / "golden-solver.txt")
