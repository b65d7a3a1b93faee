"""Shared fixtures: where the real data lives, and helpers to read it."""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Iterator

import coverage
import pytest
from click.testing import CliRunner

from browser_tab import Player
from sudokuprint.cli import main
from sudokuprint.html.browser import chromium

from sudokuprint.solver import native, pure

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO / "tests" / "data" / "shared"
"""Real third-party files the tests read: a small subset of ``../shared/data``, laid out as it is and committed
(``tests/data/README.md`` says where each came from), so that a clone tests itself.  Benchmarks read the whole
``../shared/data`` instead."""
PUZZLES = SHARED_DATA / "puzzles"
FORMATS = SHARED_DATA / "formats"
SAMPLES = REPO / "samples"


INSTALLED_CLI = Path(sys.executable).with_name("sudokuprint")
"""The ``sudokuprint`` command pip installed beside this Python.  Subprocess tests run it, never ``python -m
sudokuprint`` from the checkout, which would import the source tree (without its compiled extensions)."""


def installed_cli(*args: str) -> list[str]:
    """The command line running the installed ``sudokuprint`` with ``args``."""
    if not INSTALLED_CLI.exists():
        pytest.fail(f"{INSTALLED_CLI} is missing: install the package (make test-setup) before testing it")
    return [str(INSTALLED_CLI), *args]


@functools.lru_cache(maxsize=None)
def benchmark_module(name: str) -> ModuleType:
    """The script ``benchmarks/<name>.py`` loaded as a module (once), so a test checks a figure's own code."""
    spec = importlib.util.spec_from_file_location(f"benchmark_{name}", REPO / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def data_file(*parts: str) -> Path:
    """A file under tests/data/shared; a missing one fails the test loudly, saying how to copy it in."""
    path = SHARED_DATA.joinpath(*parts)
    if not path.exists():
        relative = "/".join(parts)
        pytest.fail(f"test data missing: {path} (copy it from ../shared/data: "
                    f"python tests/data/shared_subset.py copy {relative})")
    return path


def wicht_digits(path: Path) -> list[int]:
    """The 81 digits of a Wicht ``.dat`` file (lines 3-11, row by row; 0 = empty)."""
    return [int(v) for line in path.read_text().splitlines()[2:11] for v in line.split()]


def read_index(index: Path) -> tuple[int, list[int]]:
    """(lines in the source list, the source line number of each kept line) from a ``.lines`` file."""
    first, *rest = index.read_text().split("\n")
    return int(first.split()[1]), [int(n) for n in rest if n.strip()]


def list_length(name: str) -> int:
    """How many puzzles the whole list in ``../shared/data/puzzles`` has (the committed copy may hold fewer)."""
    return _by_number(name)[0]


@functools.lru_cache(maxsize=None)
def _by_number(name: str) -> tuple[int, dict[int, str]]:
    """(puzzles in the whole list, the committed ones by their line number in it)."""
    path = data_file("puzzles", name)
    kept = [line.strip() for line in path.read_text().splitlines() if line.strip()]
    index = path.with_suffix(".lines")
    if not index.exists():
        return len(kept), dict(enumerate(kept, 1))
    total, numbers = read_index(index)
    return total, dict(zip(numbers, kept))


def numbered_lines(name: str, numbers: list[int]) -> list[str]:
    """Lines ``numbers`` (1-based, as in the whole list in ``../shared/data/puzzles``) of a list."""
    by_number = _by_number(name)[1]
    missing = [n for n in numbers if n not in by_number]
    if missing:
        pytest.fail(f"lines {missing[:5]}{' ...' if len(missing) > 5 else ''} of {name} are not in "
                    f"{PUZZLES} (copy them from ../shared/data: python tests/data/shared_subset.py add "
                    f"puzzles/{name} {' '.join(map(str, missing))})")
    return [by_number[n] for n in numbers]


def puzzle_lines(name: str, limit: int | None = None, step: int = 1) -> list[str]:
    """Lines of a list in ``../shared/data/puzzles``: every ``step``-th, at most ``limit``.

    A long list is committed as the lines the tests use, with ``NAME.lines`` giving each one's line number in
    the source, so a test picks the same puzzles from the subset as from the whole list."""
    return numbered_lines(name, [k + 1 for k in range(0, _by_number(name)[0], step)][:limit])


@functools.lru_cache(maxsize=None)
def recorded_grades() -> dict[str, dict]:
    """The grades recorded in ``tests/data/grading-steps.jsonl`` (``scripts/make_grading_fixture.py``), by puzzle:
    ``rating``, ``level``, ``moves`` and ``steps`` (``technique;rating;changes``).  Tests compare the grader's
    output with these, never with the grader run again."""
    lines = (REPO / "tests" / "data" / "grading-steps.jsonl").read_text().splitlines()
    return {record["puzzle"]: record for record in map(json.loads, lines)}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--fail-on-skip", action="store_true",
                     help="a skipped test fails the run (make test installs everything the suite tests)")


_SKIPPED: list[str] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped and not hasattr(report, "wasxfail"):
        _SKIPPED.append(report.nodeid)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if _SKIPPED and session.config.getoption("--fail-on-skip"):
        print(f"\n{len(_SKIPPED)} tests skipped, and make test allows none: {', '.join(_SKIPPED[:5])}", file=sys.stderr)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "needs_native: the test needs the compiled C extensions; it FAILS (never "
                            "skips) where they were not built, since make test installs with a compiler")


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("needs_native") and not native.available():
        pytest.fail(f"the C extensions are not built ({native.unavailable_reason()}): make test-setup installs "
                    "with a compiler", pytrace=False)


UNTRACED = REPO / "tests" / "untraced.txt"
SLOWEST = REPO / "tests" / "slowest.txt"


def listed_tests(path: Path) -> list[str]:
    """The test ids a list file names, one a line (``#`` lines are comments)."""
    return [line.strip() for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests listed in tests/untraced.txt run untraced (``no_cover``): every line they run, another test runs
    traced (scripts/untraced_tests.py chose them), and tracing made them two to three times slower.  The tests in
    tests/slowest.txt come first, in its order; the rest keep theirs."""
    untraced = set(listed_tests(UNTRACED))
    for item in items:
        if item.nodeid in untraced:
            item.add_marker(pytest.mark.no_cover)
    first = {nodeid: rank for rank, nodeid in enumerate(listed_tests(SLOWEST))}
    items.sort(key=lambda item: first.get(item.nodeid, len(first)))


@pytest.hookimpl(hookwrapper=True, trylast=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """Makes ``@pytest.mark.no_cover`` untraced under xdist too.  pytest-cov (6 and 7) starts two Coverage objects
    in an xdist worker (a master's, then the worker's on top); its no_cover stops the top one, and coverage.py
    then resumes the one beneath, so the test ran traced (the forum's nested trials: 67 s instead of 22).  Inside
    pytest-cov's own pause, this stops whatever still traces, and starts it again after the test."""
    stopped = []
    if item.get_closest_marker("no_cover"):
        while (running := coverage.Coverage.current()) is not None:
            running.stop()
            stopped.append(running)
    try:
        yield
    finally:
        for paused in reversed(stopped):
            paused.start()


@pytest.fixture(autouse=True, scope="session")
def _mutants_build_their_own_tables():
    """make mutate runs each mutant in a process forked from one where the tests already ran, whose pure solver
    has its per-shape tables built and cached: a mutant of the code that builds them would never run.  Under
    mutmut (``MUTANT_UNDER_TEST`` set) the cache starts empty."""
    if os.environ.get("MUTANT_UNDER_TEST"):
        pure._tables.cache_clear()
    yield


BACKENDS = [pytest.param("native", marks=pytest.mark.needs_native), "python"]
"""The solver backends to parametrise over: both, always (a missing native build fails its cases, never drops
them)."""


# A 9x9 candidates grid (state format) the logic tests share.
STATE_TABLE = """\
.----------------.----------------.----------------.
| 5    2    78   | 3    1479 479  | 789  18   6    |
| 6    78   9    | 2    17   5    | 3    148  147  |
| 1    3    4    | 78   6    789  | 2    5    79   |
.----------------+----------------+----------------.
| 7    45   2    | 1    8    3    | 59   6    49   |
| 8    45   6    | 457  4579 479  | 1    2    3    |
| 3    9    1    | 6    45   2    | 57   47   8    |
.----------------+----------------+----------------.
| 9    178  5    | 478  2    478  | 6    3    17   |
| 2    178  378  | 9    37   6    | 4    178  5    |
| 4    6    378  | 578  357  1    | 78   9    2    |
.----------------.----------------.----------------.
"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """The system's headless Chromium (a Playwright browser), one per test module."""
    with chromium() as launched:
        yield launched


@pytest.fixture(scope="module")
def mixed_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The HTML edition of samples/mixed-sizes.txt (a 4x4, a 9x9, a 16x16), titled "Mixed sizes"."""
    out = tmp_path_factory.mktemp("html") / "mixed.html"
    result = CliRunner().invoke(main, ["html", str(SAMPLES / "mixed-sizes.txt"), "-o", str(out), "--title", "Mixed sizes"])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture
def player(browser: Any, mixed_page: Path) -> Iterator[Player]:
    """A desktop tab on the mixed-sizes edition (fails the test on a page error or a request)."""
    tab = Player(browser, mixed_page)
    yield tab
    tab.close()


@pytest.fixture
def python_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Searches of this process and of the workers it starts use the pure-Python engine (SUDOKUPRINT_BACKEND)."""
    import sudokuprint.solver as solver  # a module object to patch, not a name to use

    monkeypatch.setenv(solver.BACKEND_ENV, solver.pure.NAME)
    monkeypatch.setattr(solver, "_DEFAULT", solver.pure)
    monkeypatch.setattr(solver, "_NATIVE_BY_DEFAULT", False)
    monkeypatch.setattr(solver, "_solve_text", None)
