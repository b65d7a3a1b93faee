"""Bounded, interruptible solving (issue 18): time limits, stop flags, Ctrl-C,
large-box branching, the 16x16 size limit and the solution-limit range."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time

import pytest
from click.testing import CliRunner

from conftest import BACKENDS, data_file, installed_cli
from sudokuprint import Grid, ParseError, Shape, SolverTimeoutError, count_solutions, is_unique, parse, search
from sudokuprint.cli import main
from sudokuprint.solver import count_many, search_many

# The 16x16 puzzle of issue 18 (55 givens, two solutions) on which the native
# engine used to search for tens of minutes.
ISSUE_16 = (
    ".D...E..3........3.........2..A....B.7..........F.....1......5.......F....2..C..B.....6D..G..A...E...."
    "2..D......7....C....BE..........G.6.......5F.E..7.9..........81...G..........1..........6..79...A1......"
    "...26.....1...3.5..A5...9......8.......2....D9.F.."
)
# Random givens on a 16x16 grid (many solutions) where a "fewest candidates"
# branching wandered for minutes while the pure backend needs 56 guesses.
WANDERING_16 = (
    "6.G...B...D..24..A3..517.G........5.4C..E..F...GD4......A..2..8....F5.6....A7......9......3..E...2....."
    "1.......6.C7........G.1..7....4..........A5......9..12.E4G....A9.6.53.D.84B....8..A........D.8.A.2..BE"
    "4G.....D6...F1.9C.......G..........E..6..F.5.7....3"
)

# Random givens on a 15x15 grid whose search runs for minutes on the pure-Python
# backend (and did on the native one, until issue 29's conflict-weighted branching
# made it 15 ms there).
HOPELESS_15 = (
    "...3.6..B.58......9......C.......7...3..6A................6...C.....8........D........E.....2.C...3....."
    "..3...7.........D......89......7...D..F.....B8.......1...9.3...3...E.5.....6.7....6E......4.1.54C7...E."
    "...........A8B.5.."
)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("puzzle", [ISSUE_16, WANDERING_16], ids=["issue18", "wandering"])
def test_hard_16x16_grids_answer_within_a_second(backend: str, puzzle: str) -> None:
    grid = parse(puzzle)
    began = time.monotonic()
    assert count_solutions(grid, 2, backend=backend, time_limit=10) == 2
    assert time.monotonic() - began < 1.0


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("box", [(2, 6), (1, 12), (12, 1), (6, 2), (4, 4), (5, 3)])
def test_empty_grids_of_thin_boxes_are_quick(backend: str, box: tuple[int, int]) -> None:
    grid = Grid.empty(Shape(*box))
    began = time.monotonic()
    result = search(grid, 2, backend=backend, time_limit=10)
    assert result.count == 2 and result.solution is not None and result.solution.is_valid()
    assert result.solution.is_complete()
    assert time.monotonic() - began < 1.0


@pytest.mark.parametrize("backend", BACKENDS)
def test_time_limit_gives_up_with_a_clear_error(backend: str) -> None:
    began = time.monotonic()
    with pytest.raises(SolverTimeoutError, match=r"^gave up after 0\.3 s$") as caught:
        count_solutions(Grid.empty(), 10**12, backend=backend, time_limit=0.3)
    assert 0.3 <= time.monotonic() - began < 1.0
    assert caught.value.seconds == 0.3 and caught.value.exit_code == 1


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_batch_names_the_puzzle_that_ran_out_of_time(backend: str) -> None:
    easy = data_file("puzzles", "top95.txt").read_text().split()[:3]
    puzzles = [*easy, Grid.empty(), easy[0]]
    with pytest.raises(SolverTimeoutError, match=r"^puzzle 3: gave up after 0\.2 s$") as caught:
        list(search_many(puzzles, 10**12, backend=backend, time_limit=0.2))
    assert caught.value.puzzle == 3


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_stop_flag_set_by_another_thread_ends_the_search(backend: str) -> None:
    stop = bytearray(1)
    timer = threading.Timer(0.2, stop.__setitem__, (0, 1))
    timer.start()
    began = time.monotonic()
    with pytest.raises(SolverTimeoutError, match="stopped on request"):
        search(Grid.empty(), 10**12, backend=backend, stop=stop)
    assert time.monotonic() - began < 1.0
    timer.join()


def _default_sigint() -> None:
    """In the child before it starts: SIGINT as a terminal sends it, not ignored (a background CI shell ignores it)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


_INTERRUPTED = """
import sys
from sudokuprint import Grid
from sudokuprint.solver import count_solutions
print("searching", flush=True)
try:
    count_solutions(Grid.empty(), 10**15, backend=sys.argv[1])
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(130)
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_ctrl_c_stops_a_long_search_within_a_second(backend: str, tmp_path) -> None:
    # Run outside the checkout, so the installed package (with its compiled engine) is imported, not
    # the source tree; SIGINT is set back to its default in case the test runner was started ignoring it.
    process = subprocess.Popen(
        [sys.executable, "-c", _INTERRUPTED, backend], stdout=subprocess.PIPE, text=True, cwd=tmp_path,
        preexec_fn=_default_sigint,
    )
    assert process.stdout is not None
    assert process.stdout.readline() == "searching\n"
    time.sleep(0.3)  # well inside the search, which would take years
    process.send_signal(signal.SIGINT)
    began = time.monotonic()
    try:
        process.wait(timeout=5)
    finally:
        process.kill()
    assert time.monotonic() - began < 1.0
    assert process.returncode == 130 and process.stdout.read() == "interrupted\n"


@pytest.mark.needs_native
@pytest.mark.parametrize("limit", [0, -1, 2**63, 2**64, 1.5, True])
def test_limits_out_of_range_are_a_value_error(limit: object) -> None:
    for backend in ("native", "python"):
        with pytest.raises(ValueError, match="limit must be"):
            count_solutions(Grid.empty(), limit, backend=backend)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="limit must be"):
            list(count_many([Grid.empty()], limit, backend=backend))  # type: ignore[arg-type]


def test_the_largest_limit_is_taken() -> None:
    assert count_solutions(parse(data_file("puzzles", "top95.txt").read_text().split()[0]), 2**63 - 1) == 1


def test_grids_above_16x16_are_refused_when_read() -> None:
    big = {"type": "classic", "m": 5, "n": 7, "numbers": ["." * 35] * 35}
    with pytest.raises(ParseError, match=r"line 1, column \d+: boxes of 5x7: a 35x35 grid is larger than the "
                       r"largest supported, 16x16"):
        parse(json.dumps(big))
    with pytest.raises(ParseError, match="a line of 400 cells is neither a whole puzzle nor a grid row"):
        parse("." * 400)
    with pytest.raises(ValueError, match="16x16"):
        Shape(5, 5)


def test_cli_timeout_names_the_puzzle_and_exits_1(tmp_path, python_engine: None) -> None:
    source = tmp_path / "puzzles.txt"
    source.write_text(ISSUE_16 + "\n" + HOPELESS_15 + "\n")
    runner = CliRunner()
    for command in ("check", "solve"):
        began = time.monotonic()
        result = runner.invoke(main, [command, str(source), "--timeout", "0.5"])
        assert time.monotonic() - began < 2.0
        assert result.exit_code == 1, result.output
        assert "Traceback" not in result.output
        if command == "check":
            assert f"{source}, line 2: gave up after 0.5 s" in result.output
            assert "not-unique  solutions=2+ clues=55" in result.output
        else:
            assert "more than one solution" in result.output  # the first puzzle stops solve
    result = runner.invoke(main, ["check", str(source), "--timeout", "0"])
    assert result.exit_code == 2


@pytest.mark.parametrize("backend", ["python"])  # no grid is slow for the native engine's check any more
def test_ctrl_c_during_check_exits_130_without_a_traceback(backend: str, tmp_path) -> None:
    source = tmp_path / "hopeless.txt"
    source.write_text(ISSUE_16 + "\n" + HOPELESS_15 + "\n")  # the first answers at once, the second never
    env = {**os.environ, "SUDOKUPRINT_BACKEND": backend, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        installed_cli("check", str(source)),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path, env=env,
        preexec_fn=_default_sigint,
    )
    assert process.stdout is not None
    try:
        assert process.stdout.readline().startswith("not-unique")  # so now it searches the second
        time.sleep(0.3)
        process.send_signal(signal.SIGINT)
        began = time.monotonic()
        _, stderr = process.communicate(timeout=10)
    finally:
        process.kill()
    assert time.monotonic() - began < 1.0
    assert process.returncode == 130 and "interrupted" in stderr and "Traceback" not in stderr


@pytest.mark.parametrize("backend", BACKENDS)
def test_is_unique_and_count_many_keep_the_time_limit_and_the_stop_flag(backend: str) -> None:
    with pytest.raises(SolverTimeoutError, match=r"^gave up after 0\.2 s$"):
        is_unique(HOPELESS_15, backend="python", time_limit=0.2)  # the native engine decides it in ms now
    with pytest.raises(SolverTimeoutError, match=r"^gave up after 0\.2 s$"):
        count_solutions(Grid.empty(Shape(4, 4)), 10**12, backend=backend, time_limit=0.2)
    with pytest.raises(SolverTimeoutError, match=r"^puzzle 1: gave up after 0\.2 s$"):
        list(count_many([data_file("puzzles", "top95.txt").read_text().split()[0], Grid.empty()], 10**12,
                        backend=backend, time_limit=0.2))
    stop = bytearray(1)
    threading.Timer(0.2, stop.__setitem__, (0, 1)).start()
    with pytest.raises(SolverTimeoutError, match="stopped on request"):
        list(count_many([Grid.empty()], 10**12, backend=backend, stop=stop))


@pytest.mark.parametrize("seconds", [0, -1, 0.0])
def test_a_time_limit_must_be_positive(seconds: float) -> None:
    for call in (lambda: count_solutions(Grid.empty(), 2, time_limit=seconds),
                 lambda: list(search_many([Grid.empty()], 2, time_limit=seconds)),
                 lambda: is_unique(Grid.empty(), time_limit=seconds)):
        with pytest.raises(ValueError, match=rf"^time_limit must be a positive number of seconds, got {seconds!r}$"):
            call()


class _Count(int):
    """An int of another class (as numpy's or an enum's may be): taken when its value is a limit."""


def test_a_limit_of_an_int_subclass_is_taken_from_1_to_the_largest() -> None:
    unique, several = parse(data_file("puzzles", "top95.txt").read_text().split()[0]), parse("." * 81)
    assert count_solutions(several, _Count(1)) == 1 and count_solutions(several, _Count(2)) == 2
    assert count_solutions(unique, _Count(2**63 - 1)) == 1
    with pytest.raises(ValueError, match="limit must be"):
        count_solutions(unique, _Count(2**63))
