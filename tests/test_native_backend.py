"""The compiled solver against the pure-Python one: same counts, same unique solutions, no crash.

Where the extension was not built the module fails (``make test-setup`` installs
with a compiler), whether or not ``$CI`` is set.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path
from concurrent.futures import ThreadPoolExecutor

import pytest

import sudokuprint
from conftest import data_file, installed_cli, list_length, puzzle_lines
from sudokuprint import Grid, Shape, parse
from sudokuprint.solver import count_many, native, pure

if not native.available():  # make test-setup installs with a compiler: a missing build fails, never skips
    pytest.fail(f"the native backend is not built: {native.unavailable_reason()}", pytrace=False)

from sudokuprint.solver import _native  # noqa: E402  (only importable when built)

CLASSIC = Shape(3, 3)

# (list, how many to take evenly spread, limit): both backends on each sample.
LIST_SAMPLES = [
    ("sudoku17_royle_49151.txt", 300, 2),
    ("top95.txt", 95, 2),
    ("hardest_norvig11.txt", 11, 2),
    ("easy50_pe96.txt", 50, 2),
    ("top1465_magictour.txt", 100, 2),
    ("forum_hardest_1106.txt", 30, 2),
    ("forum_hardest_1905_se11plus.txt", 40, 2),
    ("sudoku_exchange_diabolical_se.txt", 300, 2),
    ("serg_benchmark_multisolution.txt", 300, 10),
]

SHAPES = [
    Shape(1, 1), Shape(2, 2), Shape(3, 2), Shape(2, 3), Shape(4, 1), Shape(1, 4), Shape(4, 2), Shape(2, 4),
    Shape(5, 2), Shape(3, 3), Shape(4, 3), Shape(3, 4), Shape(5, 3), Shape(4, 4),
]  # fmt: skip


def evenly(name: str, count: int) -> list[str]:
    return puzzle_lines(name, limit=count, step=max(1, list_length(name) // count))


def assert_solution_of(solution: list[int] | None, values, shape: Shape) -> None:
    assert solution is not None
    grid = Grid.from_values(solution, shape)
    assert grid.is_complete() and grid.is_valid()
    assert all(s == v for s, v in zip(solution, values) if v)


def assert_backends_agree(values, shape: Shape, limit: int) -> int:
    """Both backends on one puzzle: equal counts; equal solutions when unique, valid ones otherwise."""
    native_count, native_first = native.solve(values, shape, limit)
    pure_count, pure_first = pure.solve(values, shape, limit)
    assert native_count == pure_count, (shape.name, values)
    if pure_count == 1:
        assert native_first == pure_first
    elif pure_count:
        assert_solution_of(native_first, values, shape)
    else:
        assert native_first is None
    return native_count


# -- the puzzle lists ---------------------------------------------------------


@pytest.mark.parametrize("name,count,limit", LIST_SAMPLES, ids=[s[0] for s in LIST_SAMPLES])
def test_both_backends_agree_on_every_puzzle_list(name: str, count: int, limit: int) -> None:
    lines = evenly(name, count)
    assert len(lines) == count
    counts = {assert_backends_agree(parse(line).values, CLASSIC, limit) for line in lines}
    if limit == 2:
        assert counts == {1}  # the unique lists
    else:
        assert min(counts) >= 2  # Serg's list: every puzzle has two or more


@pytest.mark.parametrize(
    "name,expected",
    [
        ("sudoku17_royle_49151.txt", 1),
        ("sudoku_exchange_diabolical_se.txt", 1),
        ("top1465_magictour.txt", 1),
        ("forum_hardest_1106.txt", 1),
        ("forum_hardest_1905_se11plus.txt", 1),
        ("serg_benchmark_multisolution.txt", 2),
    ],
)
def test_native_batch_counts_every_committed_line_as_the_data_readme_says(name: str, expected: int) -> None:
    # every line of the list in tests/data/shared (a few thousand; benchmarks/solver.py counts the whole lists)
    lines = data_file("puzzles", name).read_text().split()
    assert native.count_strings(lines, 2) == [expected] * len(lines)


def test_fast_and_generic_engines_agree_on_9x9() -> None:
    # The generic C engine (every shape) is an oracle for the fast 9x9 one, on far more puzzles than pure can do.
    lines = puzzle_lines("top1465_magictour.txt") + puzzle_lines("serg_benchmark_multisolution.txt", step=10)
    buffer = b"".join(bytes(parse(line).values) for line in lines)
    assert _native.count_many(buffer, 3, 3, 3) == _native.count_many(buffer, 3, 3, 3, generic=True)
    for line in lines[::7]:
        values = bytes(parse(line).values)
        fast, generic = _native.solve(values, 3, 3, 2), _native.solve(values, 3, 3, 2, generic=True)
        assert fast[0] == generic[0]
        if fast[0] == 1:
            assert fast[1] == generic[1]


def test_fast_engine_on_the_hardest_puzzles_made_wrong_or_loose() -> None:
    # The 9x9 engine's triad logic and its guess choice work hardest here: each
    # forum puzzle with a wrong digit added (no solution: the contradictions)
    # and with three givens taken away (several: the stop at the limit) is
    # counted by the fast and the generic C engine alike; the pure one checks
    # a sample.
    rng = random.Random("hardest-wrong-loose")
    wrong, loose = [], []
    for line in puzzle_lines("forum_hardest_1106.txt"):
        values = list(parse(line).values)
        count, solution = _native.solve(bytes(values), 3, 3, 1)
        assert count == 1
        empty = [cell for cell, value in enumerate(values) if not value]
        for cell in rng.sample(empty, len(empty)):
            digit = rng.choice([d for d in range(1, 10) if d != solution[cell]])
            if all(values[peer] != digit for peer in CLASSIC.peers[cell]):
                wrong.append(values[:cell] + [digit] + values[cell + 1 :])
                break
        givens = [cell for cell, value in enumerate(values) if value]
        dropped = set(rng.sample(givens, 3))
        loose.append([0 if cell in dropped else value for cell, value in enumerate(values)])
    assert len(wrong) > 300
    for puzzles, limit in ((wrong, 2), (loose, 5)):
        buffer = b"".join(bytes(values) for values in puzzles)
        fast = _native.count_many(buffer, 3, 3, limit)
        assert fast == _native.count_many(buffer, 3, 3, limit, generic=True)
        for values in puzzles[::25]:
            assert_backends_agree(values, CLASSIC, limit)
        if puzzles is wrong:
            assert set(fast) == {0}
        else:
            assert min(fast) >= 1 and max(fast) == limit  # some reach the limit and stop there


def test_taking_back_a_guess_with_three_or_more_candidates_left() -> None:
    # Taking back a guess on a cell with two candidates places the other one at
    # once; with three or more (no cell with two at the stall: few givens) the
    # engine only rules the digit out.  Both paths count many solutions the way
    # the generic engine and the pure one do.
    rng = random.Random("few-givens")
    puzzles = [bytes(81)]
    for line in puzzle_lines("forum_hardest_1106.txt")[:40]:
        values = list(parse(line).values)
        kept = set(rng.sample([cell for cell, value in enumerate(values) if value], 8))
        puzzles.append(bytes(value if cell in kept else 0 for cell, value in enumerate(values)))
    buffer = b"".join(puzzles)
    fast = _native.count_many(buffer, 3, 3, 40)
    assert fast == _native.count_many(buffer, 3, 3, 40, generic=True)
    assert set(fast) == {40}
    for values in puzzles[:3]:
        assert_backends_agree(list(values), CLASSIC, 40)


def test_guesses_measure_the_search_tree() -> None:
    # count_many's `guesses` buffer (benchmarks/solver.py prints it) gets the
    # guesses over all the puzzles: none for a full grid, more to count to two
    # than to find one solution; the counts are those of a call without it.
    lines = puzzle_lines("forum_hardest_1106.txt")[:50]
    buffer = b"".join(bytes(parse(line).values) for line in lines)
    spent = {}
    for limit in (1, 2):
        guesses = bytearray(8)
        assert _native.count_many(buffer, 3, 3, limit, guesses=guesses) == _native.count_many(buffer, 3, 3, limit)
        spent[limit] = int.from_bytes(guesses, sys.byteorder)
    assert 0 < spent[1] < spent[2]
    count, solution = _native.solve(buffer[:81], 3, 3, 1)
    guesses = bytearray(b"\xff" * 8)
    assert _native.count_many(solution, 3, 3, 2, guesses=guesses) == [1]
    assert int.from_bytes(guesses, sys.byteorder) == 0
    with pytest.raises(ValueError, match="at least 8 bytes"):
        _native.count_many(buffer, 3, 3, 2, guesses=bytearray(4))
    with pytest.raises(BufferError):
        _native.count_many(buffer, 3, 3, 2, guesses=b"12345678")  # not writable


def shut_out_of_a_column(values: list[int], digit: int, column: int) -> tuple[list[int], list[int]] | None:
    """The puzzle with each cell of ``column`` where ``digit`` could go given another digit.

    Returns the new puzzle and the cells filled, or None when ``digit`` is
    already in the column or some cell takes no other digit without a clash.
    No two givens clash, yet ``digit`` has no cell left in the column.
    """
    cells = [row * 9 + column for row in range(9)]
    if any(values[cell] == digit for cell in cells):
        return None
    result, filled = list(values), []
    for cell in cells:
        held = {result[peer] for peer in CLASSIC.peers[cell]}
        if result[cell] or digit in held:
            continue
        others = [d for d in range(1, 10) if d != digit and d not in held]
        if not others:
            return None
        result[cell] = others[0]
        filled.append(cell)
    return result, filled


def test_a_digit_shut_out_of_a_column_has_no_solution_in_every_engine() -> None:
    # The 9x9 engine stops a branch as soon as a digit has no cell left in a
    # column; here the givens of real puzzles leave it none, with no two givens
    # clashing.  Taking back the last cell filled leaves a puzzle the engines
    # must again agree on (none, one or more solutions).
    shut, reopened = [], []
    for number, line in enumerate(puzzle_lines("forum_hardest_1106.txt")):
        values = list(parse(line).values)
        found = shut_out_of_a_column(values, number % 9 + 1, number // 9 % 9)
        if found is not None and found[1]:
            blocked, filled = found
            shut.append(blocked)
            reopened.append([0 if cell == filled[-1] else value for cell, value in enumerate(blocked)])
    assert len(shut) > 200
    for puzzles in (shut, reopened):
        buffer = b"".join(bytes(values) for values in puzzles)
        fast = _native.count_many(buffer, 3, 3, 2)
        assert fast == _native.count_many(buffer, 3, 3, 2, generic=True)
        for values in puzzles[::10]:
            assert_backends_agree(values, CLASSIC, 2)
        if puzzles is shut:
            assert set(fast) == {0}
        else:
            assert set(fast) != {0}  # reopening the column gives some of them solutions again


# -- random puzzles: no, one and many solutions, every shape ---------------------


def random_partial_grid(shape: Shape, rng: random.Random, filled: int) -> list[int]:
    """Digits dropped at random where no peer holds them: often no solution, sometimes many.

    Only for grids up to 9x9: on larger ones such a grid can take any solver
    minutes to prove it has no solution.
    """
    values = [0] * shape.cell_count
    peers = shape.peers
    for cell in rng.sample(range(shape.cell_count), filled):
        digit = rng.randint(1, shape.side)
        if all(values[p] != digit for p in peers[cell]):
            values[cell] = digit
    return values


def shuffled(items, rng: random.Random) -> list:
    items = list(items)
    rng.shuffle(items)
    return items


def random_solution(shape: Shape, rng: random.Random) -> list[int]:
    """A solved grid with digits relabelled and rows, columns, bands and stacks shuffled."""
    side, width, height = shape.side, shape.box_width, shape.box_height
    base = native.solve([0] * shape.cell_count, shape, 1)[1]
    labels = shuffled(shape.digits, rng)
    rows = [band * height + r for band in shuffled(range(side // height), rng) for r in shuffled(range(height), rng)]
    columns = [stack * width + c for stack in shuffled(range(side // width), rng) for c in shuffled(range(width), rng)]
    return [labels[base[row * side + column] - 1] for row in rows for column in columns]


def random_unique_puzzle(shape: Shape, rng: random.Random) -> tuple[list[int], list[int]]:
    """A random solution and a puzzle thinned from it while it stays unique (native decides).

    Grids above 9x9 keep at least half their cells, so the pure solver's check stays quick.
    """
    solution = random_solution(shape, rng)
    values = list(solution)
    removable = shape.cell_count if shape.side <= 9 else shape.cell_count // 2
    for cell in rng.sample(range(shape.cell_count), removable):
        kept, values[cell] = values[cell], 0
        if native.solve(values, shape, 2)[0] != 1:
            values[cell] = kept
    return solution, values


def with_a_wrong_digit(puzzle: list[int], solution: list[int], shape: Shape) -> list[int] | None:
    """The unique puzzle plus one digit no peer holds but the solution does not have: no solution."""
    for cell in (c for c, v in enumerate(puzzle) if not v):
        held = {puzzle[p] for p in shape.peers[cell]}
        for digit in shape.digits:
            if digit != solution[cell] and digit not in held:
                return puzzle[:cell] + [digit] + puzzle[cell + 1 :]
    return None


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{s.box_width}x{s.box_height}")
def test_random_puzzles_with_none_one_and_many_solutions(shape: Shape) -> None:
    rng = random.Random(f"native-{shape.box_width}x{shape.box_height}")
    seen = set()
    if shape.side <= 9:
        for _ in range(30):
            for filled in (shape.cell_count // 6, shape.cell_count // 3, shape.cell_count // 2):
                seen.add(min(assert_backends_agree(random_partial_grid(shape, rng, filled), shape, 3), 2))
    for _ in range(8 if shape.side <= 9 else 2):
        solution, puzzle = random_unique_puzzle(shape, rng)
        seen.add(assert_backends_agree(puzzle, shape, 2))
        assert seen >= {1}
        wrong = with_a_wrong_digit(puzzle, solution, shape)
        if wrong is not None:
            seen.add(assert_backends_agree(wrong, shape, 3))
            assert 0 in seen
        looser = [0 if v and rng.random() < 0.2 else v for v in puzzle]
        seen.add(min(assert_backends_agree(looser, shape, 3), 2))
    if shape.side > 1:
        assert assert_backends_agree([0] * shape.cell_count, shape, 5) == 5
        seen.add(2)
        assert seen == {0, 1, 2}


def test_grids_larger_than_16x16_are_refused() -> None:
    with pytest.raises(ValueError, match="20x20 grid is larger than the largest supported, 16x16"):
        Shape(5, 4)
    with pytest.raises(ValueError, match="no standard box shape for a 25x25"):
        Shape.for_side(25)


def test_clashing_givens_count_zero_in_both_engines() -> None:
    clash = [5, 5] + [0] * 79
    assert native.solve(clash, CLASSIC, 2) == pure.solve(clash, CLASSIC, 2) == (0, None)
    assert _native.solve(bytes(clash), 3, 3, 2, generic=True) == (0, None)
    rng = random.Random(7)
    noisy = [bytes(rng.randint(0, 9) for _ in range(81)) for _ in range(200)]
    assert _native.count_many(b"".join(noisy), 3, 3, 2) == [pure.solve(v, CLASSIC, 2)[0] for v in noisy]


def test_count_many_groups_shapes_and_matches_the_pure_path() -> None:
    grids = [parse(line) for line in evenly("top95.txt", 10)]
    grids += [Grid.empty(Shape(2, 2)), Grid.from_values([1, 1] + [0] * 14, Shape(2, 2)), Grid.empty(Shape(2, 6))]
    grids += [parse(line) for line in evenly("serg_benchmark_multisolution.txt", 5)]
    expected = list(count_many(grids, 3, backend="python"))
    assert list(count_many(grids, 3, backend="native")) == expected
    assert expected[:13] == [1] * 10 + [3, 0, 3] and min(expected[13:]) >= 2


# -- bad input: a Python exception, never a crash ---------------------------------


@pytest.mark.parametrize(
    "values,limit,message",
    [
        ([0] * 80, 2, "has 81 cells, got 80"),
        ([10] + [0] * 80, 2, r"r1c1: value 10 is not in 0..9"),
        ([0] * 40 + [-1] + [0] * 40, 2, r"r5c5: value -1"),
        ([0] * 80 + [256], 2, r"r9c9: value 256"),
        ([0] * 80 + ["7"], 2, r"r9c9: value '7'"),
        ([0] * 81, 0, "limit must be"),
        ([0] * 81, 1.5, "limit must be"),
    ],
)
def test_bad_input_raises_value_error(values, limit, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        native.solve(values, CLASSIC, limit)


def test_the_extension_checks_its_own_arguments() -> None:
    with pytest.raises(ValueError, match="cell 3: value 10"):
        _native.solve(bytes([0, 0, 0, 10] + [0] * 77), 3, 3, 2)
    with pytest.raises(ValueError, match="puzzle 1, cell 0: value 255"):
        _native.count_many(bytes(81) + b"\xff" + bytes(80), 3, 3, 2)
    with pytest.raises(ValueError, match="not a whole number"):
        _native.count_many(bytes(100), 3, 3, 2)
    with pytest.raises(ValueError, match="1 to 16 digits"):
        _native.solve(bytes(400), 5, 4, 2)
    with pytest.raises(ValueError, match="1 to 16 digits"):
        _native.solve(bytes(1), 0, 1, 2)
    with pytest.raises(ValueError, match="limit must be at least 1"):
        _native.count_many(bytes(81), 3, 3, -5)
    with pytest.raises(TypeError):
        _native.solve("." * 81, 3, 3, 2)
    # by position (the fast path) and by keyword (the general parser) alike
    values = bytes(parse(puzzle_lines("top95.txt", limit=1)[0]).values)
    expected = _native.solve(values, 3, 3, 2)
    assert expected[0] == 1
    assert _native.solve(values=values, box_width=3, box_height=3, limit=2) == expected
    assert _native.solve(bytearray(values), 3, 3, 2, False, 0.0, None) == expected
    assert _native.solve(values, 3, 3, 2, 0, 5, stop=bytearray(1)) == expected
    with pytest.raises(OverflowError):
        _native.solve(values, 3, 2**40, 2)
    with pytest.raises(TypeError):
        _native.solve(values, 3, 3, 2.0)
    assert _native.count_many(b"", 3, 3, 2) == []
    rng = random.Random(11)
    for _ in range(200):  # random bytes of random lengths: errors, never a crash
        junk = bytes(rng.randrange(256) for _ in range(rng.choice([0, 16, 80, 81, 162, 256])))
        try:
            _native.count_many(junk, rng.randint(1, 4), rng.randint(1, 4), rng.randint(1, 3))
        except ValueError:
            pass


def test_count_strings_names_bad_puzzles() -> None:
    good = puzzle_lines("top95.txt", limit=1)[0]
    assert native.count_strings([good, good.encode(), good.replace(".", "0")]) == [1, 1, 1]
    with pytest.raises(ValueError, match=r"puzzle 1, r1c3: '#' is not a digit of a 9x9 grid"):
        native.count_strings([good, good[:2] + "#" + good[3:]])
    with pytest.raises(ValueError, match="puzzle 1: 80 characters"):
        native.count_strings([good, good[:80]])
    with pytest.raises(ValueError, match="puzzle 0, r1c1: 'A' is not a digit of a 9x9 grid"):
        native.count_strings(["A" + good[1:]])
    assert native.count_strings(["." * 16, "1234" * 4], 3) == [3, 0]


# -- threads, and the backend the CLI reports -------------------------------------


def test_threads_share_the_solver_and_get_the_same_results() -> None:
    lines = puzzle_lines("top1465_magictour.txt", step=3) + puzzle_lines("serg_benchmark_multisolution.txt", 400)
    chunks = [lines[i : i + 50] for i in range(0, len(lines), 50)]
    serial = [native.count_strings(chunk, 3) for chunk in chunks]
    grids = [parse(line) for line in lines[::20]]
    singles = [native.solve(g.values, g.shape, 2) for g in grids]
    with ThreadPoolExecutor(max_workers=4) as pool:
        assert list(pool.map(lambda chunk: native.count_strings(chunk, 3), chunks)) == serial
        assert list(pool.map(lambda g: native.solve(g.values, g.shape, 2), grids)) == singles


def test_the_c_call_lets_other_threads_run() -> None:
    # A worker wakes this thread, then enters one long C call (about 0.5 s).  Waking needs the GIL:
    # if the call held it, this thread would wake only after the call (a GIL-holding
    # sum(range(3 * 10**7)) in its place gives 0.000 s); released, it wakes at once.
    lines = puzzle_lines("forum_hardest_1905_se11plus.txt", step=1219, limit=40) * 75  # 3,000 of the hardest
    started = threading.Event()
    counts: list[int] = []
    finished: list[float] = []

    def work() -> None:
        started.set()
        counts.extend(native.count_strings(lines))
        finished.append(time.perf_counter())

    worker = threading.Thread(target=work)
    worker.start()
    started.wait()
    woke = time.perf_counter()
    worker.join()
    assert counts == [1] * len(lines)
    assert finished[0] - woke > 0.05


@pytest.mark.parametrize("forced,expected", [(None, "native"), ("python", "python")])
def test_version_names_the_active_backend(forced: str | None, expected: str, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "SUDOKUPRINT_BACKEND"}
    if forced:
        env["SUDOKUPRINT_BACKEND"] = forced
    result = subprocess.run(
        installed_cli("--version"), capture_output=True, text=True, env=env, check=True, cwd=tmp_path,
    )
    assert f"solver backend: {expected}" in result.stdout


# Counts, first solutions and search-tree size of the 9x9 engine on the lists
# the x86-64 and the portable build differ most on (run as a script).
VARIANT_PROBE = """
import hashlib, json, sys
from sudokuprint import parse
from sudokuprint.solver import _native
lines = [line.strip() for line in sys.stdin if line.strip()]
buffer = b"".join(bytes(parse(line).values) for line in lines)
report = {"variant": _native.VARIANT}
for limit in (1, 2, 3):
    solutions, guesses = bytearray(len(buffer)), bytearray(8)
    counts = _native.count_many(buffer, 3, 3, limit, solutions=solutions, guesses=guesses)
    report[limit] = [counts, hashlib.sha256(solutions).hexdigest(), int.from_bytes(guesses, sys.byteorder)]
print(json.dumps(report))
"""


def test_x86_and_portable_builds_of_the_9x9_engine_agree(tmp_path) -> None:
    # On x86-64 the 9x9 engine runs a second build of its C code (AVX2 and
    # BMI2 paths in place() and the guess choice); SUDOKUPRINT_NATIVE_PORTABLE
    # makes a process use the portable one.  Both give the same counts, the
    # same first solutions and the same search tree, guess for guess.
    lines = (
        puzzle_lines("forum_hardest_1106.txt")
        + puzzle_lines("top1465_magictour.txt", step=3)
        + puzzle_lines("serg_benchmark_multisolution.txt", step=20)
        + puzzle_lines("sudoku17_royle_49151.txt", step=500)
    )
    text = "\n".join(lines) + "\n"
    package_root = os.path.dirname(os.path.dirname(sudokuprint.__file__))
    reports = []
    for portable in ("", "1"):
        env = dict(os.environ, SUDOKUPRINT_NATIVE_PORTABLE=portable)
        env["PYTHONPATH"] = package_root + os.pathsep + env.get("PYTHONPATH", "")  # this same (installed) copy
        result = subprocess.run(
            [sys.executable, "-c", VARIANT_PROBE], input=text, capture_output=True, text=True, env=env,
            cwd=tmp_path, check=True,
        )
        reports.append(json.loads(result.stdout))
    machine, portable_report = reports
    assert portable_report.pop("variant") == "portable"
    machine.pop("variant")
    assert machine == portable_report
    counts, _, guesses = portable_report["3"]
    assert set(counts) == {1, 3} and guesses > 100 * 375  # the hardest list alone takes over 100 a puzzle


def test_the_line_read_in_c_gives_what_the_cell_bytes_give() -> None:
    from sudokuprint.notation import line_values

    lines = puzzle_lines("sudoku17_royle_49151.txt", limit=200, step=240)
    lines += puzzle_lines("forum_hardest_1106.txt", limit=20, step=50)
    for line in lines:
        values = line_values(line)[1]
        for limit in (1, 2, 5):
            count, first = _native.solve(values, 3, 3, limit)
            assert _native.solve_text(line, limit) == (count, first, values)
            assert _native.solve_text(line.replace(".", "0"), limit) == (count, first, values)
    clash = "11" + "." * 79
    assert _native.solve_text(clash, 2) == (0, None, bytes([1, 1] + [0] * 79))
    not_lines = [lines[0][:80], lines[0] + "1", lines[0][:80] + "a", lines[0][:80] + "é", "." * 16,
                 lines[0][:40] + " " + lines[0][41:]]
    assert [_native.solve_text(text, 2) for text in not_lines] == [None] * len(not_lines)
    with pytest.raises(TypeError):
        _native.solve_text(lines[0].encode(), 2)
    with pytest.raises(InterruptedError):
        _native.solve_text("." * 81, 10**9, None, bytearray(b"\1"))  # looked at every 256 guesses


def test_search_of_a_line_keeps_its_errors_and_bounds() -> None:
    from sudokuprint.errors import InvalidGridError, ParseError, SolverTimeoutError

    line = puzzle_lines("sudoku17_royle_49151.txt", limit=1)[0]
    result = sudokuprint.search(line)
    assert result.count == 1 and result.puzzle == parse(line) and result.solution == sudokuprint.solve(parse(line))
    with pytest.raises(ParseError, match="column 81"):
        sudokuprint.search(line[:80] + "x")
    with pytest.raises(InvalidGridError, match="r1c1, r1c2"):
        sudokuprint.solve("11" + "." * 79)
    with pytest.raises(SolverTimeoutError, match="stopped on request"):
        sudokuprint.search("." * 81, 10**9, stop=bytearray(b"\1"))
    assert sudokuprint.count_solutions("." * 81, 7, time_limit=5) == 7


def test_count_strings_counts_to_two_by_default_and_names_the_first_bad_puzzle() -> None:
    top, several = puzzle_lines("top95.txt", limit=1)[0], puzzle_lines("serg_benchmark_multisolution.txt", limit=1)[0]
    assert native.count_strings([top, several]) == [1, 2] and native.count_strings([several], 3) == [3]
    with pytest.raises(ValueError, match=r"^puzzle 0, r9c9: 'x' is not a digit of a 9x9 grid"):
        native.count_strings([top[:80] + "x", "y" + top[1:]])  # the first of two bad puzzles
    with pytest.raises(ValueError, match=r"^puzzle 1, r1c2: '\?' is not a digit"):  # not ASCII: shown as '?'
        native.count_strings([top, top[0] + "\u00e9" + top[2:]])
    with pytest.raises(ValueError, match=r"^puzzle 0: 50 characters is not a standard grid size$"):
        native.count_strings(["1" * 50])
    assert native.count_strings([]) == []


class _Count(int):
    """An int of another class (as numpy's may be): a limit all the same."""


def test_the_compiled_batch_takes_any_whole_limit_up_to_the_largest_and_refuses_the_rest() -> None:
    line = puzzle_lines("top95.txt", limit=1)[0]  # one solution (data README)
    assert native.count_strings([line, "." * 81], _Count(2)) == [1, 2]
    assert native.count_strings([line], 2**63 - 1) == [1]
    assert native.count_buffer(bytes(81), CLASSIC, 3) == [3]
    for limit in (0, 2**63, 1.5):
        with pytest.raises(ValueError, match=rf"^limit must be an integer from 1 to 2\*\*63 - 1, got {limit!r}$"):
            native.count_strings([line], limit)  # type: ignore[arg-type]


def test_a_compiled_count_without_a_time_limit_is_never_cut_short() -> None:
    # the empty grid has 6,670,903,752,021,072,936,960 solutions (Felgenhauer and Jarvis): any limit is reached; five
    # million take the C engine over a second, so no default limit of a second may stop it
    assert native.count_buffer(bytes(81), CLASSIC, 5_000_000) == [5_000_000]


def test_the_compiled_solve_keeps_its_time_limit_and_stop_flag_and_no_limit_means_none() -> None:
    with pytest.raises(TimeoutError):
        native.solve(bytes(81), CLASSIC, 10**12, time_limit=0.2)  # the empty grid: 6.67e21 solutions, never done
    stop = bytearray(b"\x01")  # set before the call: the search stops at once
    with pytest.raises(InterruptedError):
        native.solve(bytes(81), CLASSIC, 10**12, stop=stop)
    count, first = native.solve(bytes(81), CLASSIC, 5_000_000)  # over a second with no time limit: not cut short
    assert count == 5_000_000 and first is not None and sorted(first[:9]) == list(range(1, 10))
