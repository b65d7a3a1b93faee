"""Community formats: write → read round trips (hypothesis) and lazy reading of big inputs."""

from __future__ import annotations

import gc
import io
import itertools
import weakref
from typing import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import puzzle_lines
from sudokuprint.formats import Lines, read_stream, read_text, write
from sudokuprint.formats.euler import write_euler_collection
from sudokuprint.formats.opensudoku import read_opensudoku, write_opensudoku_collection
from sudokuprint.formats.standard import read_standard
from sudokuprint.grid import Grid
from sudokuprint.shape import Shape

ALL_SIDES = (4, 6, 8, 9, 10, 12, 15, 16)  # 16x16 is the largest grid (issue 18)


@st.composite
def grids(draw, sides=(9,), filled: bool = False, candidates: bool = False) -> Grid:
    """Grids as a format can hold them: givens only, or with filled digits and pencil marks."""
    side = draw(st.sampled_from(sides))
    count = side * side
    values = draw(st.lists(st.integers(0, side), min_size=count, max_size=count))
    if filled:
        flags = draw(st.lists(st.booleans(), min_size=count, max_size=count))
        givens = frozenset(c for c, v in enumerate(values) if v and flags[c])
    else:
        givens = frozenset(c for c, v in enumerate(values) if v)
    marks = None
    if candidates and draw(st.booleans()):
        marks = tuple(draw(st.lists(st.integers(0, (1 << side) - 1), min_size=count, max_size=count)))
    return Grid(Shape.for_side(side), tuple(values), givens, marks)


def _round_trip(grid: Grid, name: str) -> Grid:
    (record,) = read_text(write(grid, name), name)
    assert record.format == name
    return record.grid


@settings(max_examples=60, deadline=None)
@given(grids(sides=ALL_SIDES))
def test_standard_and_sdm_round_trip(grid: Grid) -> None:
    assert _round_trip(grid, "standard") == grid
    assert _round_trip(grid, "sdm") == grid
    assert [r.grid for r in read_text(write(grid, "standard"))] == [grid]  # detected, not named


@settings(max_examples=80, deadline=None)
@given(grids(sides=(4, 6, 9, 16), filled=True, candidates=True))
def test_sdk_round_trip_keeps_givens_filled_digits_and_marks(grid: Grid) -> None:
    assert _round_trip(grid, "sdk") == grid


@settings(max_examples=60, deadline=None)
@given(grids())
def test_ss_and_euler_round_trip(grid: Grid) -> None:
    assert _round_trip(grid, "ss") == grid
    assert _round_trip(grid, "euler") == grid


@settings(max_examples=60, deadline=None)
@given(grids(filled=True, candidates=True))
def test_opensudoku_round_trip_keeps_the_givens(grid: Grid) -> None:
    assert _round_trip(grid, "opensudoku") == grid.puzzle()


@settings(max_examples=25, deadline=None)
@given(st.lists(grids(), min_size=1, max_size=6), st.text(min_size=1, max_size=20).filter(lambda t: t.strip() == t and t.isprintable()))
def test_collections_round_trip(puzzles: list[Grid], name: str) -> None:
    document = write_opensudoku_collection(puzzles, name=name, author="A & B <c>")
    records = list(read_text(document, "opensudoku"))
    assert [r.grid for r in records] == puzzles
    assert all(r.meta["title"] == name and r.meta["author"] == "A & B <c>" for r in records)
    blocks = list(read_text(write_euler_collection(puzzles), "euler"))
    assert [r.grid for r in blocks] == puzzles
    assert [r.meta["title"] for r in blocks] == [f"Grid {n:02d}" for n in range(1, len(puzzles) + 1)]
    several_ss = "\n\n".join(write(g, "ss") for g in puzzles) + "\n\nnotes at the end\n"
    assert [r.grid for r in read_text(several_ss, "ss")] == puzzles


def test_sdk_writer_sections_follow_the_content() -> None:
    puzzle = Grid.from_values([1, 2] + [0] * 79)
    assert write(puzzle, "sdk").splitlines()[0] == "[Puzzle]" and "[State]" not in write(puzzle, "sdk")
    played = Grid(puzzle.shape, (1, 2, 3) + (0,) * 78, puzzle.givens, (0, 0, 0, 0b101) + (0,) * 77)
    lines = write(played, "sdk").splitlines()
    assert lines[10:12] == ["[State]", "123......"] and lines[20:22] == ["[PencilMarks]", ",,,13,,,,,"]


# -- laziness -----------------------------------------------------------------

SIZE = 50_000


class CountingSource:
    """Lines made on demand from a few real puzzles; counts how many were taken."""

    def __init__(self, lines: list[str], total: int = SIZE, head: list[str] = (), tail: list[str] = ()) -> None:
        self.taken = 0
        self._lines = itertools.chain(head, (lines[i % len(lines)] for i in range(total)), tail)

    def __iter__(self) -> Iterator[str]:
        for line in self._lines:
            self.taken += 1
            yield line + "\n"


class GeneratorStream(io.TextIOBase):
    """A text stream over a generator: nothing is held but the line being read."""

    def __init__(self, lines: Iterator[str]) -> None:
        self._lines = lines
        self._buffer = ""

    def readable(self) -> bool:
        return True

    def readline(self, size: int = -1) -> str:
        if self._buffer:
            line, self._buffer = self._buffer, ""
            return line
        return next(self._lines, "")

    def read(self, size: int = -1) -> str:
        parts, length = [], 0
        while size < 0 or length < size:
            line = self.readline()
            if not line:
                break
            parts.append(line)
            length += len(line)
        text = "".join(parts)
        if size >= 0 and len(text) > size:
            text, self._buffer = text[:size], text[size:]
        return text


@pytest.fixture(scope="module")
def puzzles() -> list[str]:
    return puzzle_lines("top95.txt")


def test_a_list_reader_yields_before_its_source_is_read(puzzles: list[str]) -> None:
    source = CountingSource(puzzles)
    records = read_standard(Lines(source))
    first = next(records)
    assert first.grid.to_string() == puzzles[0] and source.taken <= 2
    for _ in range(999):
        next(records)
    assert source.taken <= 1001


def test_a_50000_line_stream_is_read_lazily_and_not_kept(puzzles: list[str]) -> None:
    source = CountingSource(puzzles, head=["# generated"])
    stream = GeneratorStream(iter(source))
    records = read_stream(stream)  # the format is sniffed from the head of the stream
    first = next(records)
    assert first.format == "standard" and source.taken < 200  # the 8 KB sniffing sample, no more
    kept = [weakref.ref(first.grid)]
    del first
    count = 1
    for record in records:
        count += 1
        if count % 5000 == 0:
            assert source.taken - count < 200  # the source is read as the records are taken
            kept.append(weakref.ref(record.grid))
        del record
    gc.collect()
    assert count == SIZE and source.taken == SIZE + 1
    assert all(ref() is None for ref in kept)  # no record was held by the reader


def test_opensudoku_games_are_yielded_as_parsed(puzzles: list[str]) -> None:
    games = [f'  <game data="{p.replace(".", "0")}"/>' for p in puzzles]
    source = CountingSource(games, head=['<?xml version="1.0" encoding="UTF-8"?>', "<opensudoku>", "<name>big</name>"], tail=["</opensudoku>"])
    records = read_opensudoku(Lines(source))
    first = next(records)
    assert first.grid.to_string() == puzzles[0] and first.meta["title"] == "big" and source.taken <= 5
    assert sum(1 for _ in records) == SIZE - 1 and source.taken == SIZE + 4
