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


# -- the public calls' contract: defaults, keywords passed on, the words of their errors --------------------------------

from sudokuprint import MissingDependencyError, SolverTimeoutError, count_solutions  # noqa: E402
from sudokuprint.solver import solution_of  # noqa: E402
from test_solver_bounds import HOPELESS_15  # noqa: E402  (minutes on the pure-Python engine)

_NOT_THERE = r"^solver backend 'abacus' is not available; have: (native, )?python$"


def test_the_default_limit_counts_to_two_and_a_limit_of_one_stops_at_the_first() -> None:
    # docs: "counted up to limit (so 2 means two or more)"; the empty grid has billions of solutions
    empty = Grid.empty()
    assert count_solutions(empty) == 2 and count_solutions("." * 81) == 2
    assert search(empty).count == 2 and search(empty).limit == 2
    assert count_solutions(empty, 1) == 1 and search("." * 81, 1).count == 1
    with pytest.raises(ValueError, match=r"^limit must be a whole number from 1 to 2\*\*63 - 1, got 0$"):
        count_solutions(empty, 0)  # no keyword: the compiled engine's own short cut checks it too


def test_every_call_passes_its_backend_on() -> None:
    calls = (
        lambda: sudokuprint.solve(TOP[0], backend="abacus"),
        lambda: sudokuprint.is_unique(TOP[0], backend="abacus"),
        lambda: count_solutions(TOP[0], backend="abacus"),
        lambda: count_solutions(parse(TOP[0]), 1, backend="abacus"),
        lambda: list(solve_many([TOP[0]], backend="abacus")),
        lambda: list(count_many([TOP[0]], backend="abacus")),
        lambda: list(search_many([TOP[0]], backend="abacus")),
    )
    for call in calls:
        with pytest.raises(MissingDependencyError, match=_NOT_THERE):
            call()


def test_every_call_passes_its_time_limit_on() -> None:
    calls = (
        lambda: sudokuprint.solve(HOPELESS_15, backend="python", time_limit=0.2),
        lambda: sudokuprint.solve(HOPELESS_15, require_unique=False, backend="python", time_limit=0.2),
        lambda: count_solutions(HOPELESS_15, backend="python", time_limit=0.2),
        lambda: list(solve_many([HOPELESS_15], backend="python", time_limit=0.2)),
    )
    for call in calls:
        with pytest.raises(SolverTimeoutError, match=r"^(puzzle 0: )?gave up after 0\.2 s$"):
            call()


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_bare_line_keeps_its_time_limit_on_every_engine(backend: str) -> None:
    with pytest.raises(SolverTimeoutError, match=r"^gave up after 0\.2 s$") as caught:
        search("." * 81, 10**12, backend=backend, time_limit=0.2)
    assert caught.value.seconds == 0.2 and caught.value.puzzle is None


@pytest.mark.parametrize("stop, kind", [
    (bytearray(0), "bytearray of no bytes"),
    (memoryview(bytearray(0)), "memoryview of no bytes"),
    (memoryview(bytes(1)), "read-only memoryview"),  # no thread could set it
    (b"\0", "bytes"),
    ("stop", "str"),
    (1, "int"),
])
def test_a_stop_flag_that_cannot_be_set_is_refused_by_name(stop: object, kind: str) -> None:
    message = rf"^stop must be a bytearray\(1\) \(a flag another thread sets\), not {kind}$"
    for call in (lambda: search(TOP[0], stop=stop), lambda: list(search_many([TOP[0]], stop=stop)),
                 lambda: list(count_many([TOP[0]], stop=stop))):
        with pytest.raises(TypeError, match=message):
            call()  # type: ignore[arg-type]


def test_a_writable_view_of_a_byte_is_a_stop_flag() -> None:
    flag = bytearray(4)
    assert search(TOP[0], stop=memoryview(flag)[1:2]).count == 1


def test_the_solver_names_what_it_cannot_take_and_why_it_found_nothing() -> None:
    with pytest.raises(TypeError, match=r"^expected a Grid or a puzzle string, got int$"):
        search(12345)  # type: ignore[arg-type]
    with pytest.raises(MissingDependencyError, match=_NOT_THERE):
        sudokuprint.solver.get_backend("abacus")
    with pytest.raises(NoSolutionError, match=r"^the puzzle has no solution$"):
        sudokuprint.solve(NONE)
    with pytest.raises(NoSolutionError, match=r"^the puzzle has no solution$"):
        solution_of(SolveResult(0))  # made by hand: no grid to look for clashes in
    # two clashes, counted by hand: 5 twice in row 1 and 7 twice in column 9, joined by "; "
    clashing = "55......7" + "........7" + "." * 63
    with pytest.raises(InvalidGridError, match=r"^digit 5 appears 2 times in row 1 \(r1c1, r1c2\); "
                                               r"digit 7 appears 2 times in column 9 \(r1c9, r2c9\)"):
        sudokuprint.solve(clashing)


def test_a_grid_with_entries_is_solved_with_only_its_givens_as_givens() -> None:
    # top95 #1 with r1c2 filled in by a player (the solution's 1, README): an entry, not a given
    puzzle = parse(TOP[0])
    played = puzzle.with_values([1 if cell == 1 else value for cell, value in enumerate(puzzle.values)])
    assert 1 not in played.givens and played.values[1] == 1
    result = search(played)
    assert result.puzzle.givens == puzzle.givens and result.solution.givens == puzzle.givens
    assert result.solution.to_string() == SOLUTION


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_batch_counts_its_puzzles_across_shapes(backend: str) -> None:
    # three engine calls (9x9, 4x4, 9x9): the third call's first puzzle is puzzle 2 of the batch
    four = "1...." + "." * 11
    with pytest.raises(SolverTimeoutError, match=r"^puzzle 2: gave up after 0\.2 s$") as caught:
        list(search_many([TOP[0], four, Grid.empty()], 10**12, backend=backend, time_limit=0.2))
    assert caught.value.puzzle == 2


@pytest.mark.parametrize("backend", BACKENDS)
def test_each_puzzle_of_a_batch_gets_its_own_solution(backend: str) -> None:
    # four puzzles in one engine call, the third with none (golden-solver.txt); each solution must be complete,
    # valid and keep its own puzzle's digits, and top95 #1's is the README's
    three = puzzle_lines("top95.txt", limit=3)
    results = list(search_many([three[0], three[1], NONE, three[2]], backend=backend))
    assert [r.count for r in results] == [1, 1, 0, 1]
    assert results[0].solution.to_string() == SOLUTION and results[2].solution is None
    for line, result in zip([three[0], three[1], three[2]], [results[0], results[1], results[3]]):
        solved = result.solution
        assert solved.is_complete() and solved.is_valid()
        assert all(solved.values[c] == int(ch) for c, ch in enumerate(line) if ch != ".")


def test_a_result_made_by_hand_from_packed_values_builds_its_puzzle() -> None:
    values = bytes(parse(TOP[0]).values)
    result = SolveResult(1, shape=parse(TOP[0]).shape, puzzle_values=values, values=Grid.from_string(SOLUTION).values)
    assert result.puzzle.to_string() == TOP[0] and result.solution.to_string() == SOLUTION
