"""Reading limits: an over-long line is refused at once, and every line break counts the same anywhere in a file."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from sudokuprint.cli import main
from sudokuprint.errors import ParseError
from sudokuprint.formats import read_file, read_text
from sudokuprint.formats.base import MAX_LINE_LENGTH
from sudokuprint.formats.registry import SAMPLE_SIZE
from conftest import puzzle_lines

PUZZLES = puzzle_lines("top95.txt")


def test_a_one_megabyte_line_is_refused_quickly_naming_its_line() -> None:
    text = "\n".join(PUZZLES[:2]) + "\n" + "1" * 1_000_000 + "\n"
    started = time.perf_counter()
    with pytest.raises(ParseError) as caught:
        list(read_text(text))
    assert time.perf_counter() - started < 1.0
    assert caught.value.line == 3 and f"{MAX_LINE_LENGTH:,} characters" in str(caught.value)


def test_a_line_at_the_limit_is_read_as_usual() -> None:
    records = list(read_text(PUZZLES[0] + " " * (MAX_LINE_LENGTH - 81) + "\n" + PUZZLES[1]))
    assert [r.grid.to_string() for r in records] == PUZZLES[:2]


def test_cli_check_refuses_a_ten_megabyte_line_with_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "one-line.txt"
    path.write_text("." * 10_000_000)
    started = time.perf_counter()
    result = CliRunner().invoke(main, ["check", str(path)])
    assert time.perf_counter() - started < 2.0
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"{path}, line 1: the line is longer than" in result.stderr


def test_cli_check_of_dev_zero_ends_with_a_clear_error() -> None:
    result = CliRunner().invoke(main, ["check", "/dev/zero"])
    assert result.exit_code == 2
    assert "/dev/zero, line 1: the line is longer than" in result.stderr


@pytest.mark.parametrize("separator", ["\f", "\u2028", "\v", "\x85"])
@pytest.mark.parametrize("at", [3, 300])  # inside the detection sample, and far beyond it
def test_other_line_separators_split_lines_the_same_everywhere(separator: str, at: int) -> None:
    lines = (PUZZLES * 4)[:at] + [PUZZLES[0] + separator + PUZZLES[1]] + PUZZLES[2:5]
    text = "\n".join(lines) + "\n"
    assert at < 5 or len("\n".join(lines[:at])) > SAMPLE_SIZE
    records = list(read_text(text))
    assert [r.grid.to_string() for r in records[at:]] == PUZZLES[:5]
    # both halves of the split line keep its number; the lines after it are counted as an editor counts them
    assert [r.line for r in records[at:]] == [at + 1, at + 1, at + 2, at + 3, at + 4]


@pytest.mark.parametrize("at", [3, 300])
def test_an_error_after_a_form_feed_names_the_right_line(at: int, tmp_path: Path) -> None:
    lines = (PUZZLES * 4)[:at] + [PUZZLES[0] + "\f" + "55..."] + PUZZLES[:2]
    path = tmp_path / "list.txt"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(ParseError) as caught:
        list(read_file(path))
    assert caught.value.line == at + 1


@pytest.mark.parametrize("ending", ["\r", "\r\n"])
def test_carriage_returns_end_lines_in_files_and_texts_alike(ending: str, tmp_path: Path) -> None:
    text = ending.join(PUZZLES * 2) + ending
    path = tmp_path / "list.txt"
    path.write_bytes(text.encode())
    from_file = [(r.line, r.grid.to_string()) for r in read_file(path)]
    from_text = [(r.line, r.grid.to_string()) for r in read_text(text)]
    assert from_file == from_text == list(enumerate(PUZZLES * 2, 1))
