"""Shared fixtures: where the real data lives, and helpers to read it."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any, Iterator

import pytest
from click.testing import CliRunner

from browser_tab import Player
from sudokuprint.cli import main
from sudokuprint.html.browser import chromium

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"
PUZZLES = SHARED_DATA / "puzzles"
FORMATS = SHARED_DATA / "formats"
SAMPLES = REPO / "samples"


def data_file(*parts: str) -> Path:
    """A file under ../shared/data; a missing file fails the test loudly (CI has them all)."""
    path = SHARED_DATA.joinpath(*parts)
    if not path.exists():
        pytest.fail(f"test data missing: {path} (the tests need ../shared/data beside the checkout)")
    return path


def puzzle_lines(name: str, limit: int | None = None, step: int = 1) -> list[str]:
    """Lines of a list in ../shared/data/puzzles: every ``step``-th, at most ``limit``."""
    with data_file("puzzles", name).open() as stream:
        lines = (line.strip() for line in stream if line.strip())
        return list(itertools.islice(itertools.islice(lines, 0, None, step), limit))


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
