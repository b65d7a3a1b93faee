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
