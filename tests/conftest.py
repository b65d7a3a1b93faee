"""Shared fixtures: where the real data lives, and helpers to read it."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

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
