"""The solver API over the engine (issue 14): strings taken directly, lazy
solution grids, batch calls, the bare-line fast paths of parse and read_file."""

from __future__ import annotations

import pytest

import sudokuprint
from conftest import BACKENDS, data_file, puzzle_lines
from sudokuprint import (
    Grid,
    InvalidGridError,
    MultipleSolutionsError,
    NoSolutionError,
    ParseError,
    count_many,
    parse,
    read_file,
    search,
    SolveResult,
    search_many,
    solve_many,
)
from sudokuprint.formats import read_text
from sudokuprint.notation import parse_values


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_string_searches_like_its_grid(backend: str) -> None:
    for line in puzzle_lines("top95.txt", limit=15) + puzzle_lines("serg_benchmark_multisolution.txt", limit=5):
        from_line = search(line, 2, backend=backend)
        from_grid = search(parse(line), 2, backend=backend)
        assert from_line.count == from_grid.count
        assert from_line.solution_values == from_grid.solution_values
        assert from_line.solution == from_grid.solution
        assert from_line.puzzle == parse(line)
    assert sudokuprint.is_unique(puzzle_lines("top95.txt", limit=1)[0], backend=backend)
    with pytest.raises(ParseError, match="line 1, column 3: 'x' is not"):
        search("12x" + "." * 78, backend=backend)


def test_the_solution_grid_is_built_only_when_asked() -> None:
    line = puzzle_lines("sudoku17_royle_49151.txt", limit=1)[0]
    result = search(line)
    assert result._solution is None and result._puzzle is None  # nothing built yet
    values = result.solution_values
    assert values is not None and all(values) and result._solution is None
    solution = result.solution
    assert solution is not None and solution.values == values and solution.givens == parse(line).givens
    assert solution.is_valid() and solution.is_complete()


def test_conflicts_are_still_named_once_the_engine_finds_nothing() -> None:
    with pytest.raises(InvalidGridError, match=r"digit 5 appears 2 times in row 1 \(r1c1, r1c2\)"):
        sudokuprint.solve("55" + "." * 79)
    unsolvable = "12345678." + "." * 8 + "9" + "." * 63  # r1c9 can hold nothing
    assert sudokuprint.count_solutions(unsolvable) == 0
    with pytest.raises(NoSolutionError):
        sudokuprint.solve(unsolvable)


@pytest.mark.parametrize("backend", BACKENDS)
def test_batches_mix_strings_grids_and_shapes(backend: str) -> None:
    lines = puzzle_lines("top95.txt", limit=6)
    a_grid = parse(data_file("puzzles", "top95.txt").read_text().split()[0])  # a Grid among strings
    puzzles: list[Grid | str] = [*lines[:3], Grid.empty(sudokuprint.Shape(2, 2)), "1234" + "." * 12, a_grid,
                                 *lines[3:], "55" + "." * 79, "." * 81]
    expected = [sudokuprint.count_solutions(p, 3, backend=backend) for p in puzzles]
    assert list(count_many(puzzles, 3, backend=backend)) == expected
    assert expected == [1, 1, 1, 3, 3, 1, 1, 1, 1, 0, 3]
    results = list(search_many(puzzles, 2, backend=backend))
    assert [r.solution == search(p, 2, backend=backend).solution for r, p in zip(results, puzzles)] == [True] * 11


@pytest.mark.parametrize("backend", BACKENDS)
def test_solve_many_names_the_puzzle_that_fails(backend: str) -> None:
    lines = puzzle_lines("top95.txt", limit=3)
    solved = list(solve_many(lines, backend=backend))
    assert [s.to_string() for s in solved] == [sudokuprint.solve(line).to_string() for line in lines]
    with pytest.raises(MultipleSolutionsError, match="^puzzle 2: the puzzle has more than one solution$"):
        list(solve_many([*lines[:2], "." * 81], backend=backend))
    assert len(list(solve_many([*lines[:2], "." * 81], require_unique=False, backend=backend))) == 3


def test_bare_lines_read_like_the_general_reader() -> None:
    lines = puzzle_lines("top1465_magictour.txt", step=7) + puzzle_lines("serg_benchmark_multisolution.txt", limit=50)
    lines += [line.replace(".", "0") for line in lines[:50]] + ["1234" + "." * 12, "abcdefg123456789" * 16]
    for line in lines:
        quick = Grid.from_line(line)
        assert quick is not None
        shape, values = parse_values(line)  # the notation read symbol by symbol, as a located error needs
        assert quick == Grid.from_values(values, shape) == Grid.from_string(line) == parse(line)
        assert quick.cell_bytes == bytes(quick.values) and quick.to_string() == Grid.from_values(values, shape).to_string()
    for not_bare in ("1 2" + "." * 79, "." * 80, "." * 82, "A" + "." * 80, "é" * 81, "# comment"):
        assert Grid.from_line(not_bare) is None


def test_read_file_fast_path_keeps_lines_headers_and_comments(tmp_path) -> None:
    lines = puzzle_lines("top95.txt")
    text = "comment line to ignore\n\n" + lines[0] + "\n# a comment\n" + lines[1] + " #Hard\n" + "\n".join(lines[2:]) + "\n"
    source = tmp_path / "list.txt"
    source.write_text(text)
    records = list(read_file(source))
    assert [r.grid for r in records] == [Grid.from_string(line) for line in lines]
    assert [r.line for r in records[:3]] == [3, 5, 6]
    assert all(r.format == "standard" for r in records)
    assert records[0].meta == {"header": "comment line to ignore"}
    assert records[1].meta.get("comment") == "#Hard"
    assert [r.grid for r in read_text(text)] == [r.grid for r in records]


# -- SolveResult and solve_many as their docstrings define them (issue 33) ---------------------------------------

TOP = puzzle_lines("top95.txt", limit=2)
SEVERAL = puzzle_lines("serg_benchmark_multisolution.txt", limit=1)[0]
NONE = "....6..8.4.2.....3.6....7..9.3....7......1..6.15.73.4..9......7..7.8.6.48...9.1.."  # golden-solver.txt: 0
SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"  # top95 #1, README


def test_a_result_made_by_hand_takes_its_shape_and_values_from_its_solution() -> None:
    solved = Grid.from_string(SOLUTION)
    result = SolveResult(1, solved)
    assert (result.count, result.limit, result.shape, result.puzzle) == (1, 2, solved.shape, None)
    assert result.solution is solved and result.solution_values == solved.values and result.is_unique
    empty = SolveResult(0)
    assert (empty.shape, empty.solution, empty.solution_values, empty.is_unique) == (None, None, None, False)
    puzzle = parse(TOP[0])
    built = SolveResult(1, puzzle=puzzle, values=solved.values)  # the solution grid is built when asked for
    assert built.shape == puzzle.shape and built.puzzle is puzzle
    assert built.solution.to_string() == SOLUTION and built.solution.givens == puzzle.givens
    assert repr(SolveResult(2, limit=5)) == "SolveResult(count=2, limit=5)"


@pytest.mark.parametrize("count, limit, shown", [(0, 2, "0"), (1, 2, "1"), (2, 2, "2+"), (2, 5, "2"), (5, 5, "5+"),
                                                 (1, 1, "1")])
def test_describe_says_plus_only_when_the_count_reached_the_limit(count: int, limit: int, shown: str) -> None:
    assert SolveResult(count, limit=limit).describe() == shown


@pytest.mark.parametrize("backend", BACKENDS)
def test_search_of_a_string_gives_its_puzzle_and_solution_grids(backend: str) -> None:
    result = search(TOP[0], 2, backend=backend)
    assert result.count == 1 and result.limit == 2 and result.shape.side == 9
    assert result.puzzle.to_string() == TOP[0] and result.solution.to_string() == SOLUTION
    assert result.solution_values == tuple(int(ch) for ch in SOLUTION)


@pytest.mark.parametrize("backend", BACKENDS)
def test_solve_many_names_the_puzzle_it_stopped_at(backend: str) -> None:
    solved = solve_many([TOP[0], TOP[1]], backend=backend)
    assert next(solved).to_string() == SOLUTION
    assert next(solved).is_complete()
    with pytest.raises(MultipleSolutionsError, match=r"^puzzle 1: "):
        list(solve_many([TOP[0], SEVERAL], backend=backend))
    with pytest.raises(NoSolutionError, match=r"^puzzle 2: "):
        list(solve_many([TOP[0], TOP[1], NONE], backend=backend))
    with pytest.raises(InvalidGridError, match=r"^puzzle 0: "):
        list(solve_many(["11" + "." * 79], backend=backend))
    (anyone,) = solve_many([SEVERAL], require_unique=False, backend=backend)  # the first solution found
    assert anyone.is_complete() and anyone.is_valid()
    assert all(anyone.values[c] == v for c, v in enumerate(parse(SEVERAL).values) if v)


@pytest.mark.parametrize("backend", BACKENDS)
def test_search_many_counts_to_two_by_default_and_builds_solutions_only_when_asked(backend: str) -> None:
    counted = list(search_many([TOP[0], SEVERAL], backend=backend))
    assert [r.count for r in counted] == [1, 2] and counted[0].solution.to_string() == SOLUTION
    bare = list(search_many([TOP[0], SEVERAL], backend=backend, solutions=False))
    assert [(r.count, r.solution, r.solution_values) for r in bare] == [(1, None, None), (2, None, None)]
    assert [r.puzzle.to_string() for r in bare] == [TOP[0], SEVERAL]
