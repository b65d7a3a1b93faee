"""The pure-Python backend on its own: its bit tables, exact counts, every shape,
contradictions, and agreement with the textbook baseline of benchmarks/."""

from __future__ import annotations

import random
import subprocess
import sys
import time

import pytest

from conftest import REPO, benchmark_module, data_file, puzzle_lines
from sudokuprint.shape import CLASSIC, Shape
from sudokuprint.solver import pure

ALL_SHAPES = [Shape(2, 2), Shape(3, 2), Shape(2, 3), Shape(4, 2), Shape(3, 3), Shape(4, 3), Shape(3, 4), Shape(4, 4)]


baseline = benchmark_module("norvig_baseline")


def values_of(line: str) -> list[int]:
    return [int(ch) if ch.isdigit() else 0 for ch in line]


def assert_solves(solution: list[int] | None, puzzle: list[int], shape: Shape) -> None:
    assert solution is not None and len(solution) == shape.cell_count
    assert all(p in (0, s) for p, s in zip(puzzle, solution))
    for house in shape.houses:
        assert sorted(solution[c] for c in house.cells) == list(shape.digits), house.name


# --- the bit tables ---------------------------------------------------------


@pytest.mark.parametrize("length", [1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 15, 16, 25])
def test_run_counts_match_brute_force(length: int) -> None:
    rng = random.Random(length)
    for stride in (1, 3, 9):
        steps = pure._run_steps(length, stride)
        for _ in range(40):
            bits = rng.getrandbits(length * stride * 2) & rng.getrandbits(length * stride * 2)
            once, twice = pure._count_runs(bits, steps)
            for origin in range(length * stride):
                members = sum(bits >> (origin + i * stride) & 1 for i in range(length))
                assert (once >> origin & 1, twice >> origin & 1) == (members >= 1, members >= 2)
                assert pure._any_in_runs(bits, steps) >> origin & 1 == (members >= 1)


@pytest.mark.parametrize("shape", ALL_SHAPES, ids=lambda s: f"{s.box_width}x{s.box_height}")
def test_tables_match_the_shape(shape: Shape) -> None:
    t = pure._tables(shape)
    cells = shape.cell_count
    for digit in (0, shape.side - 1):
        for cell in (0, cells // 2 + 1, cells - 1):
            cleared = t.cleared_by[digit * cells + cell]
            same_digit = {c for c in range(cells) if cleared >> (digit * cells + c) & 1}
            assert same_digit == set(shape.peers[cell])
            other_digits = {d for d in range(shape.side) if cleared >> (d * cells + cell) & 1}
            assert other_digits == set(range(shape.side)) - {digit}
            assert bin(cleared).count("1") == len(shape.peers[cell]) + shape.side - 1
    # Spreading every origin by its pattern covers each house once.
    for origins, pattern, houses in (
        (t.row_origins, t.row, shape.rows),
        (t.column_origins, t.column, shape.columns),
        (t.box_origins, t.box, shape.boxes),
    ):
        first_plane = (origins & t.all_cells) * pattern
        assert first_plane == t.all_cells
        assert bin(origins & t.all_cells).count("1") == len(houses)


def test_lazy_table_for_large_grids_gives_the_same_masks() -> None:
    t = pure._tables(Shape(4, 4))
    lazy = pure._LazyTable(t._cleared_by)
    for bit_index in (0, 17, 255, 256 * 15 + 3):
        assert lazy[bit_index] == t.cleared_by[bit_index]


# --- counting and solving ---------------------------------------------------


def test_the_empty_4x4_has_exactly_288_solutions() -> None:
    # The number of 4x4 Sudoku grids is a known 288.
    count, first = pure.solve([0] * 16, Shape(2, 2), 1000)
    assert count == 288
    assert_solves(first, [0] * 16, Shape(2, 2))


def test_boxes_one_cell_wide_leave_latin_squares() -> None:
    # With 1x4 (or 4x1) boxes a box is a column (or row): the grids are the 576 Latin squares of order 4.
    assert pure.solve([0] * 16, Shape(1, 4), 1000)[0] == 576
    assert pure.solve([0] * 16, Shape(4, 1), 1000)[0] == 576
    assert pure.solve([0] * 4, Shape(2, 1), 10) == (2, [1, 2, 2, 1])
    assert pure.solve([0], Shape(1, 1), 2) == (1, [1])


def test_limit_stops_the_count() -> None:
    for limit in (1, 2, 7):
        count, _ = pure.solve([0] * 16, Shape(2, 2), limit)
        assert count == limit


def test_serg_counts_agree_with_the_baseline_beyond_two() -> None:
    # Exact counts (up to 20) on multi-solution puzzles: a check of the whole search tree.
    for line in puzzle_lines("serg_benchmark_multisolution.txt", limit=15, step=600):
        ours, first = pure.solve(values_of(line), CLASSIC, 20)
        theirs, _ = baseline.count_solutions(line, 20)
        assert ours == theirs >= 2, line
        assert_solves(first, values_of(line), CLASSIC)


@pytest.mark.parametrize("name,step", [("hardest_norvig11.txt", 1), ("top95.txt", 5), ("forum_hardest_1106.txt", 40)])
def test_hard_puzzles_unique_with_the_right_solution(name: str, step: int) -> None:
    for line in puzzle_lines(name, step=step):
        count, first = pure.solve(values_of(line), CLASSIC, 2)
        assert count == 1, line
        _, expected = baseline.count_solutions(line, 1)
        assert "".join(map(str, first)) == expected


def test_a_wrong_given_is_a_contradiction_found_by_search() -> None:
    # A digit that breaks no rule among the givens but is not the solution's: no solution,
    # often only found deep in the search.
    rng = random.Random(5)
    checked = 0
    for line in puzzle_lines("top95.txt", limit=30):
        puzzle = values_of(line)
        _, solution = pure.solve(puzzle, CLASSIC, 1)
        cell = rng.choice([c for c, v in enumerate(puzzle) if not v])
        seen = {puzzle[p] for p in CLASSIC.peers[cell]}
        wrong = [d for d in CLASSIC.digits if d != solution[cell] and d not in seen]
        if not wrong:
            continue
        puzzle[cell] = wrong[0]
        line = "".join(str(v) if v else "." for v in puzzle)
        assert pure.solve(puzzle, CLASSIC, 2) == (0, None), line
        assert baseline.count_solutions(line, 2)[0] == 0
        checked += 1
    assert checked >= 20


def test_givens_that_clash_have_no_solution() -> None:
    assert pure.solve([5, 5] + [0] * 79, CLASSIC, 2) == (0, None)
    # Valid givens, but row 1 has no place left for a 9.
    assert pure.solve(values_of("12345678." + "........9" + "." * 63), CLASSIC, 2) == (0, None)


@pytest.mark.parametrize("shape", ALL_SHAPES, ids=lambda s: f"{s.box_width}x{s.box_height}")
def test_every_shape_a_unique_puzzle_made_by_removing_digits(shape: Shape) -> None:
    rng = random.Random(shape.side)
    _, solution = pure.solve([0] * shape.cell_count, shape, 1)
    assert_solves(solution, [0] * shape.cell_count, shape)
    # Relabel digits so that the solution is not the search's first choice.
    relabel = list(shape.digits)
    rng.shuffle(relabel)
    solution = [relabel[v - 1] for v in solution]
    puzzle = list(solution)
    cells = list(range(shape.cell_count))
    rng.shuffle(cells)
    for cell in cells[: int(shape.cell_count * 0.6)]:
        kept, puzzle[cell] = puzzle[cell], 0
        if pure.solve(puzzle, shape, 2)[0] != 1:
            puzzle[cell] = kept
    count, first = pure.solve(puzzle, shape, 2)
    assert count == 1 and first == solution


def test_a_16x16_with_55_percent_givens_is_fast() -> None:
    shape = Shape(4, 4)
    rng = random.Random(16)
    _, solution = pure.solve([0] * 256, shape, 1)
    relabel = list(shape.digits)
    rng.shuffle(relabel)
    solution = [relabel[v - 1] for v in solution]
    slowest = 0.0
    for _ in range(5):
        puzzle = [v if rng.random() < 0.55 else 0 for v in solution]
        began = time.process_time()
        count, first = pure.solve(puzzle, shape, 2)
        slowest = max(slowest, time.process_time() - began)
        assert count >= 1
        assert_solves(first, puzzle, shape)
    assert slowest < 0.5


# --- the baseline itself ----------------------------------------------------


def test_baseline_is_right_on_known_lists() -> None:
    for line in puzzle_lines("easy50_pe96.txt", step=10) + puzzle_lines("hardest_norvig11.txt", limit=3):
        count, first = baseline.count_solutions(line, 2)
        assert count == 1
        assert_solves(values_of(first), values_of(line), CLASSIC)
    for line in puzzle_lines("serg_benchmark_multisolution.txt", limit=3):
        assert baseline.count_solutions(line, 2)[0] == 2
    assert baseline.count_solutions("55" + "." * 79) == (0, None)
    assert baseline.count_solutions("12345678." + "........9" + "." * 63) == (0, None)


# --- the benchmark script ---------------------------------------------------


def run_benchmark(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "solver.py"), "--backend", "python", *args],
        capture_output=True, text=True, timeout=120,
    )


def test_benchmark_prints_rates_and_ratios() -> None:
    done = run_benchmark("--limit", "4", "--sets", "17clue,forum1106", "--data", str(data_file("puzzles")))
    assert done.returncode == 0, done.stderr
    rows = [line.split() for line in done.stdout.splitlines()[1:]]
    assert [(r[0], r[2]) for r in rows] == [
        ("17clue", "python"), ("17clue", "norvig"), ("forum1106", "python"), ("forum1106", "norvig")
    ]
    assert all(float(r[3]) > 0 and float(r[4]) > 0 for r in rows)
    assert [r[5:] for r in rows if r[2] == "norvig"] == [["1.0", "1.0"], ["1.0", "1.0"]]


def test_benchmark_fails_on_a_wrong_result(tmp_path) -> None:
    # A list whose puzzles have two solutions stands in for the 17-clue list: every count is wrong.
    serg = puzzle_lines("serg_benchmark_multisolution.txt", limit=3)
    (tmp_path / "sudoku17_royle_49151.txt").write_text("\n".join(serg) + "\n")
    done = run_benchmark("--sets", "17clue", "--data", str(tmp_path), "--no-baseline")
    assert done.returncode == 1
    assert "2 solutions with limit 2, expected 1" in done.stderr
