"""Random complete grids, symmetry orbits and digging to targets."""

from __future__ import annotations

import random

import pytest

from conftest import puzzle_lines
from references import reference_level_below_3
from sudokuprint.generator import (
    DigTarget,
    GenerationError,
    SYMMETRIES,
    generate_puzzle,
    is_symmetric,
    orbits,
    random_complete_grid,
)
from sudokuprint.generator.canonical import equivalence_key
from sudokuprint.generator.dig import reachable_clue_counts
from sudokuprint.grid import Grid
from sudokuprint.shape import CLASSIC, Shape
from sudokuprint.solver import count_solutions, search

SHAPES = [Shape.for_side(side) for side in (4, 6, 9, 16)]


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.name)
def test_complete_grids_are_valid_full_and_reproducible(shape):
    first = random_complete_grid(shape, random.Random(11))
    again = random_complete_grid(shape, random.Random(11))
    other = random_complete_grid(shape, random.Random(12))
    grid = Grid.from_values(first, shape)
    assert grid.is_complete() and grid.is_valid()
    assert first == again
    assert first != other


@pytest.mark.parametrize("symmetry", SYMMETRIES)
def test_orbits_partition_the_cells_and_map_onto_themselves(symmetry):
    for shape in (CLASSIC, Shape(3, 2)):
        cells = [c for orbit in orbits(shape, symmetry) for c in orbit]
        assert sorted(cells) == list(range(shape.cell_count))
        for orbit in orbits(shape, symmetry):
            assert is_symmetric(orbit, shape, symmetry)


def test_orbit_sizes_on_9x9():
    sizes = {name: sorted({len(o) for o in orbits(CLASSIC, name)}) for name in SYMMETRIES}
    assert sizes == {"none": [1], "rot180": [1, 2], "rot90": [1, 4], "mirror": [1, 2], "diagonal": [1, 2]}
    assert (0, 80) in orbits(CLASSIC, "rot180")
    assert (0, 8, 72, 80) in orbits(CLASSIC, "rot90")
    assert (0, 8) in orbits(CLASSIC, "mirror")
    assert (1, 9) in orbits(CLASSIC, "diagonal")


def _unique_with_solution(generated) -> bool:
    result = search(generated.grid(), 2)
    return result.count == 1 and result.solution.values == generated.solution


@pytest.mark.parametrize("symmetry", SYMMETRIES)
def test_minimal_symmetric_puzzles_are_unique_symmetric_and_minimal(symmetry):
    rng = random.Random(symmetry)
    for _ in range(3):
        generated = generate_puzzle(CLASSIC, rng, DigTarget(symmetry=symmetry, minimal=True), graded=False)
        assert _unique_with_solution(generated)
        assert is_symmetric(generated.given_cells, CLASSIC, symmetry)
        for orbit in orbits(CLASSIC, symmetry):
            if generated.given_cells.issuperset(orbit):
                fewer = [0 if c in orbit else v for c, v in enumerate(generated.puzzle)]
                assert count_solutions(Grid.from_values(fewer, CLASSIC), 2) == 2


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.name)
def test_every_shape_digs_to_a_unique_rot180_puzzle(shape):
    generated = generate_puzzle(shape, random.Random(3), DigTarget(symmetry="rot180"), graded=False)
    assert _unique_with_solution(generated)
    assert is_symmetric(generated.given_cells, shape, "rot180")
    assert generated.clues < shape.cell_count


def test_target_clue_count_is_met_exactly():
    for clues in (30, 36, 45):
        generated = generate_puzzle(CLASSIC, random.Random(clues), DigTarget(symmetry="rot180", clues=clues), graded=False)
        assert generated.clues == clues
        assert _unique_with_solution(generated)


def test_impossible_targets_are_refused_with_the_reason():
    with pytest.raises(GenerationError, match="fewer than 17"):
        generate_puzzle(CLASSIC, random.Random(1), DigTarget(clues=16))
    assert 30 not in reachable_clue_counts(CLASSIC, "rot90")  # orbits of 4 and the centre: 0 or 1 mod 4
    with pytest.raises(GenerationError, match="rot90 orbits"):
        generate_puzzle(CLASSIC, random.Random(1), DigTarget(symmetry="rot90", clues=30))


@pytest.mark.parametrize("level", [1, 2, 3])
def test_target_level_is_the_graded_level(level):
    generated = generate_puzzle(CLASSIC, random.Random(level), DigTarget(symmetry="rot180", level=level))
    assert generated.graded_as is not None and generated.graded_as.level == level
    line = "".join(str(v) if v else "." for v in generated.puzzle)
    assert reference_level_below_3(line) == (level if level < 3 else None)  # a singles-only solver says so too
    assert _unique_with_solution(generated)


def test_equivalence_key_ignores_the_grid_symmetries_but_not_changes():
    generated = generate_puzzle(CLASSIC, random.Random(5), DigTarget(minimal=True), graded=False)
    rows = [list(generated.puzzle[r * 9 : r * 9 + 9]) for r in range(9)]
    rng = random.Random(9)
    relabel = rng.sample(range(1, 10), 9)
    bands = rng.sample(range(3), 3)
    order = [3 * b + r for b in bands for r in rng.sample(range(3), 3)]
    moved = [[relabel[v - 1] if v else 0 for v in rows[r]] for r in order]
    moved = [list(column) for column in zip(*moved)]  # transpose
    flat = [v for row in moved for v in row]
    assert flat != list(generated.puzzle)
    assert equivalence_key(flat, CLASSIC) == equivalence_key(generated.puzzle, CLASSIC)
    changed = list(generated.puzzle)
    first = next(c for c, v in enumerate(changed) if v)
    changed[first] = 0
    assert equivalence_key(changed, CLASSIC) != equivalence_key(generated.puzzle, CLASSIC)


def test_a_seed_gives_the_same_puzzles_on_every_solver_backend() -> None:
    """Machines with and without the compiled solver make the same puzzles from one seed."""
    from sudokuprint.generator.dig import DigTarget, generate_puzzle
    from sudokuprint.solver import backend_names

    target = DigTarget(symmetry="rot180", minimal=True)
    made = {
        name: [generate_puzzle(Shape(), rng, target, graded=False, backend=name).puzzle for _ in range(3)]
        for name, rng in ((name, random.Random(5)) for name in backend_names())
    }
    assert len(made) == 2, "both backends must be available where this runs (CI builds the native one)"
    assert made["native"] == made["python"]


@pytest.mark.parametrize("shape", [Shape(2, 2), Shape(3, 2), Shape(2, 3), Shape(3, 3), Shape(4, 3), Shape(2, 6), Shape(4, 4)])
def test_the_compiled_fill_takes_the_same_steps_as_the_python_one(shape: Shape) -> None:
    from sudokuprint.generator.complete import fill_python, random_seed_digits
    from sudokuprint.solver import native

    assert native.available(), "the C extension is not built: make test-setup builds it"
    rng = random.Random(11)
    outcomes = set()
    for _ in range(30 if shape.side <= 9 else 8):
        seeds = random_seed_digits(shape, rng, round(shape.side * 1.25))
        for budget in (20_000, 40):  # a full search, and one cut short at the same step
            python = fill_python(seeds, shape, budget)
            compiled = native.fill(seeds, shape, budget)
            assert python == (tuple(compiled) if compiled is not None else None)
            outcomes.add(python is not None)
            if python is not None:
                assert Grid.from_values(python, shape).is_valid() and all(python)
                assert all(p == s for p, s in zip(python, seeds) if s)
    assert True in outcomes


def test_equivalence_keys_tell_apart_almost_all_distinct_puzzles() -> None:
    # Royle's 17-clue puzzles are pairwise inequivalent: colour refinement cannot
    # separate every pair, but almost all.
    lines = puzzle_lines("sudoku17_royle_49151.txt", limit=2000)
    keys = {equivalence_key([int(ch) if ch != "." else 0 for ch in line], CLASSIC) for line in lines}
    assert len(keys) >= 1990  # 1994 with 4 rounds of refinement
