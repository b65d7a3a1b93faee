"""--resume checks what it resumes, and -o never overwrites an input unasked (issue 29, item 7).

Rows kept by ``--resume`` that name another source or another puzzle are
refused (exit 2) naming the first one, and the file is left as it was; an
``-o`` that names an input file is refused (exit 2) unless ``--force``.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import SAMPLES
from sudokuprint.cli import main

EASY = SAMPLES / "easy50.txt"
TOP = SAMPLES / "top95.txt"


def invoke(*args: object):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


@pytest.fixture
def inputs(tmp_path: Path) -> tuple[Path, Path]:
    """Two inputs of three puzzles each: the first three of easy50 and of top95."""
    mine, other = tmp_path / "mine.txt", tmp_path / "other.txt"
    mine.write_text("".join(EASY.read_text().splitlines(keepends=True)[:3]))
    other.write_text("".join(TOP.read_text().splitlines(keepends=True)[:3]))
    return mine, other


@pytest.mark.parametrize("command, fmt", [("grade", "text"), ("grade", "jsonl"), ("check", "text"),
                                          ("check", "jsonl")])
def test_rows_of_another_input_are_refused_naming_the_first(inputs, tmp_path: Path, command: str, fmt: str) -> None:
    mine, other = inputs
    output = tmp_path / f"out.{fmt}"
    assert invoke(command, other, "--format", fmt, "-o", output).exit_code == 0
    before = output.read_bytes()
    result = invoke(command, mine, "--format", fmt, "-o", output, "--resume")
    assert result.exit_code == 2
    message = result.stderr.strip()
    assert message.startswith(f"sudokuprint: error: {output}, line 1: cannot resume: the row ")
    if fmt == "jsonl":  # JSON rows name their source
        assert f"names the input '{other}', and this run's is '{mine}'" in message
    else:
        first_of_top = TOP.read_text().split()[0]
        assert f"is of the puzzle '{first_of_top}', and this run's input {mine}, line 1 is" in message
    assert output.read_bytes() == before


def test_a_row_of_another_puzzle_after_rows_that_match_is_named(inputs, tmp_path: Path) -> None:
    mine, _ = inputs
    output = tmp_path / "graded.jsonl"
    assert invoke("grade", mine, "--format", "jsonl", "-o", output).exit_code == 0
    rows = output.read_text().splitlines()
    changed = json.loads(rows[1])
    changed["puzzle"] = TOP.read_text().split()[0]
    output.write_text("\n".join([rows[0], json.dumps(changed)]) + "\n")
    result = invoke("grade", mine, "--format", "jsonl", "-o", output, "--resume")
    assert result.exit_code == 2 and f"{output}, line 2: cannot resume: the row is of the puzzle" in result.stderr


def test_more_rows_than_the_input_has_puzzles_are_refused(inputs, tmp_path: Path) -> None:
    mine, _ = inputs
    output = tmp_path / "checked.txt"
    assert invoke("check", EASY, "-o", output).exit_code == 0
    result = invoke("check", mine, "-o", output, "--resume")
    assert result.exit_code == 2
    assert f"{output}, line 4: cannot resume: the file has 50 rows and the input only 3 items" in result.stderr


def test_matching_rows_are_kept_and_the_rest_appended(inputs, tmp_path: Path) -> None:
    mine, _ = inputs
    whole, part = tmp_path / "whole.txt", tmp_path / "part.txt"
    assert invoke("solve", mine, "-o", whole).exit_code == 0
    part.write_text(whole.read_text().splitlines(keepends=True)[0])
    assert invoke("solve", mine, "-o", part, "--resume").exit_code == 0
    assert part.read_text() == whole.read_text()


def test_solve_into_its_own_input_is_refused_and_forced_the_puzzles_are_not_taken_as_solutions(inputs) -> None:
    mine, _ = inputs
    before = mine.read_bytes()
    refused = invoke("solve", mine, "-o", mine, "--resume")
    assert refused.exit_code == 2
    assert f"-o '{mine}' is also an input ('{mine}'): the run would overwrite what it reads" in refused.stderr
    forced = invoke("solve", mine, "-o", mine, "--resume", "--force")
    assert forced.exit_code == 2
    assert f"{mine}, line 1: cannot resume: the row is not a solution of {mine}, line 1" in forced.stderr
    assert mine.read_bytes() == before


def test_scan_rows_of_another_photo_are_refused(tmp_path: Path) -> None:
    photo = tmp_path / "newspaper.jpg"
    shutil.copy(SAMPLES / "newspaper-photo.jpg", photo)
    output = tmp_path / "scans.jsonl"
    output.write_text(json.dumps({"source": str(SAMPLES / "half-solved-photo.jpg"), "puzzle": "." * 81}) + "\n")
    result = invoke("scan", photo, "-o", output, "--resume")
    assert result.exit_code == 2
    assert f"the row is of another photo ('{SAMPLES / 'half-solved-photo.jpg'}'), and this run's is {photo}" in \
        result.stderr


@pytest.mark.parametrize("args", [["check", "{in}"], ["grade", "{in}"], ["hint", "{in}"], ["explain", "{in}"],
                                  ["convert", "--format", "sdm", "{in}"], ["booklet", "{in}"], ["html", "{in}"],
                                  ["svd-answers", "{in}"]], ids=lambda a: a[0])
def test_an_output_that_is_an_input_is_refused_without_force(inputs, args: list[str]) -> None:
    mine, _ = inputs
    before = mine.read_bytes()
    result = invoke(*[a.replace("{in}", str(mine)) for a in args], "-o", mine)
    assert result.exit_code == 2 and "is also an input" in result.stderr and "--force" in result.stderr
    assert mine.read_bytes() == before


def test_a_link_to_an_input_is_the_input(inputs, tmp_path: Path) -> None:
    mine, _ = inputs
    link = tmp_path / "link.txt"
    os.symlink(mine, link)
    result = invoke("check", mine, "-o", link)
    assert result.exit_code == 2 and "is also an input" in result.stderr


def test_force_overwrites_an_input_when_asked(inputs) -> None:
    mine, _ = inputs
    puzzles = mine.read_text().split()
    result = invoke("convert", "--format", "sdm", mine, "-o", mine, "--force")
    assert result.exit_code == 0, result.stderr
    assert mine.read_text().split() == [p.replace(".", "0") for p in puzzles]
