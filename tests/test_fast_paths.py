"""The fast paths of reading a list (bare lines, lazily built grids) give what the general paths give."""

from __future__ import annotations

import copy
import pickle

import json

import pytest

from conftest import SAMPLES, data_file, puzzle_lines
from sudokuprint.batch import check_chunk, check_grid, check_rows, check_text
from sudokuprint.errors import ParseError
from sudokuprint.formats import Record, read_file, read_text
from sudokuprint.formats.base import Lines
from sudokuprint.grid import Grid


def test_a_grid_from_a_bare_line_is_the_grid_from_its_values():
    for line in puzzle_lines("sudoku17_royle_49151.txt", limit=200, step=97) + puzzle_lines("top95.txt", limit=20):
        fast = Grid.from_line(line)
        full = Grid.from_values([0 if ch == "." else int(ch) for ch in line])
        assert fast is not None
        assert fast.clue_count == full.clue_count == sum(ch != "." for ch in line)  # before values are made
        assert fast.to_string() == full.to_string() == line
        assert fast == full and hash(fast) == hash(full) and repr(fast) == repr(full)
        assert fast.values == full.values and fast.givens == full.givens
        for other in (pickle.loads(pickle.dumps(Grid.from_line(line))), copy.deepcopy(Grid.from_line(line))):
            assert other == full and other.givens == full.givens


def test_a_grid_has_no_other_attribute_made_up():
    grid = Grid.from_line(puzzle_lines("top95.txt", limit=1)[0])
    assert grid is not None and not hasattr(grid, "value") and not hasattr(grid, "__setstate__")


def test_lines_split_at_every_separator_and_keep_the_line_number():
    text = "a\x0cb\r\nc\u2028d\re\n\nf"
    assert list(Lines.from_text(text)) == [(1, "a"), (1, "b"), (2, "c"), (2, "d"), (3, "e"), (4, ""), (5, "f")]


def test_records_of_a_standard_list_are_the_records_a_dataclass_makes():
    path = data_file("puzzles", "sudoku17_royle_49151.txt")
    records = [r for _, r in zip(range(300), read_file(path))]
    assert [r.line for r in records] == list(range(1, 301))
    for record in records[:50]:
        assert record == Record(record.grid, record.line, {}, "standard")


def test_check_chunk_reports_as_check_grid_does():
    lines = puzzle_lines("top95.txt", limit=5) + ["11" + "." * 79, "." * 81, "1" + "." * 80]
    items = [("x", Record(Grid.from_line(line), n, {}, "standard")) for n, line in enumerate(lines, 1)]  # type: ignore[arg-type]
    reports = check_chunk(items)
    assert [r["status"] for r in reports] == ["unique"] * 5 + ["invalid", "not-unique", "not-unique"]
    for (source, record), report in zip(items, reports):
        assert report == {"source": source, "line": record.line, **check_grid(record.grid)}


@pytest.mark.parametrize("fmt", ["text", "jsonl"])
def test_check_rows_are_the_rows_of_the_reports(fmt):
    """The text ``check`` writes a chunk at a time is the reports' rows, for every status and shape."""
    lines = puzzle_lines("serg_benchmark_multisolution.txt", limit=40) + puzzle_lines("top95.txt", limit=10)
    lines += ["11" + "." * 79, "1.2" + "." * 69 + "3...3....", "1" + "." * 15,
              "12345678." + "........9" + "." * 63]
    items = [("x", Record(Grid.from_line(line), n, {}, "standard")) for n, line in enumerate(lines, 1)]  # type: ignore[arg-type]
    items += [(str(SAMPLES / "mixed-sizes.txt"), record) for record in read_file(SAMPLES / "mixed-sizes.txt")]
    reports = check_chunk(items)
    text, unique = check_rows(items, fmt=fmt)
    expected = [json.dumps(r) + "\n" if fmt == "jsonl" else check_text(r) for r in reports]
    assert text == "".join(expected)
    assert {r["status"] for r in reports} >= {"unique", "not-unique", "invalid", "unsolvable"} and not unique
    assert check_rows(items[40:50], fmt=fmt)[1] is True


def test_a_run_of_bare_lines_reads_as_the_general_line_reader_does(monkeypatch):
    """Lines.run_of (the fast path of long lists) gives the records, numbers and errors reading line by line gives."""
    first, second, third = puzzle_lines("top95.txt", limit=3)
    text = (f"A header line\n{first}\r\n{second}\n{third} \n# a comment\n{first}\x0c{second}\n\n{third}\r{first}\n"
            f"{'1' + '.' * 15}\n{'.' * 15 + '2'}\n{second.replace('.', '0')}\n{third}")
    files = [text, data_file("puzzles", "top95.txt").read_text(), (SAMPLES / "mixed-sizes.txt").read_text(),
             text + "\n" + first[:80] + "\n"]

    def read(source: str) -> list:
        try:
            return [(r.grid.to_string(), r.grid.shape.name, r.line, dict(r.meta), r.format) for r in read_text(source)]
        except ParseError as error:
            return [str(error)]

    fast = [read(source) for source in files]
    monkeypatch.setattr(Lines, "run_of", lambda self, accept: iter(()))
    assert fast == [read(source) for source in files]
    assert len(fast[0]) == 11 and fast[0][1][2] == 3 and fast[0][-1][2] == 13 and "line 14" in fast[3][0]
