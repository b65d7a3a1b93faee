"""The core commands through the real CLI: output, exit codes, stdin/stdout, errors."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import data_file, installed_cli, puzzle_lines
from sudokuprint import __version__, parse, solve
from sudokuprint.cli import main

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_help_lists_every_command_and_version_names_backend(runner: CliRunner) -> None:
    result = runner.invoke(main, ["--help"])
    assert result.exit_code == 0
    for command in ("check", "solve", "convert", "formats"):
        assert f"  {command} " in result.output
    version = runner.invoke(main, ["--version"])
    assert version.exit_code == 0 and __version__ in version.output and "backend" in version.output


def test_check_a_real_list_from_stdin(runner: CliRunner) -> None:
    text = "".join(line + "\n" for line in puzzle_lines("top95.txt", limit=5))
    result = runner.invoke(main, ["check", "-"], input=text)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) == 5
    assert all(line.startswith("unique") and "shape=9x9" in line for line in lines)


def test_check_exit_code_1_for_multiple_solutions_and_json(runner: CliRunner) -> None:
    text = "\n".join(puzzle_lines("serg_benchmark_multisolution.txt", limit=2)) + "\n"
    result = runner.invoke(main, ["check", "--json"], input=text)
    assert result.exit_code == 1
    reports = [json.loads(line) for line in result.output.splitlines()]
    assert [r["solutions"] for r in reports] == [2, 2]  # a number: two or more
    assert reports[0]["status"] == "not-unique" and reports[0]["line"] == 1


def test_check_names_conflicting_cells(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check"], input="55" + "." * 79 + "\n")
    assert result.exit_code == 1
    assert "invalid" in result.output
    assert "digit 5 appears 2 times in row 1 (r1c1, r1c2)" in result.output


def test_solve_writes_the_solution_atomically(runner: CliRunner, tmp_path: Path) -> None:
    source = tmp_path / "in.txt"
    source.write_text(HARD + "\n")
    target = tmp_path / "out.txt"
    result = runner.invoke(main, ["solve", str(source), "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert target.read_text() == solve(parse(HARD)).to_string() + "\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_solve_streams_a_whole_file(runner: CliRunner) -> None:
    path = data_file("puzzles", "easy50_pe96.txt")
    result = runner.invoke(main, ["solve", str(path)])
    assert result.exit_code == 0
    solutions = result.output.split()
    assert len(solutions) == 50
    for line, solution in zip(path.read_text().split(), solutions):
        assert solve(parse(line)).to_string() == solution


def test_solve_refuses_a_puzzle_with_several_solutions(runner: CliRunner) -> None:
    result = runner.invoke(main, ["solve"], input="." * 81 + "\n")
    assert result.exit_code == 1
    assert "more than one solution" in result.stderr and "line 1" in result.stderr
    assert "Traceback" not in result.output + result.stderr
    allowed = runner.invoke(main, ["solve", "--allow-multiple"], input="." * 81 + "\n")
    assert allowed.exit_code == 0 and parse(allowed.output).is_complete()


def test_parse_error_exit_2_names_line_and_column(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(HARD + "\n" + HARD[:40] + "x" + HARD[41:] + "\n")
    result = runner.invoke(main, ["check", str(bad)])
    assert result.exit_code == 2
    assert "line 2" in result.stderr and "column 41" in result.stderr and "'x'" in result.stderr
    assert "Traceback" not in result.stderr


def test_missing_file_and_unknown_format_are_usage_errors(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(main, ["check", str(tmp_path / "nope.txt")])
    assert result.exit_code == 2 and "nope.txt" in result.stderr
    result = runner.invoke(main, ["convert", "--to", "nonsense"], input=HARD)
    assert result.exit_code == 2


def test_convert_requires_a_target_and_lists_formats(runner: CliRunner) -> None:
    result = runner.invoke(main, ["convert"], input=HARD)
    assert result.exit_code == 2 and "--format" in result.stderr
    listing = runner.invoke(main, ["formats"])
    assert listing.exit_code == 0 and "standard" in listing.output


@pytest.mark.parametrize("target", ["opensudoku", "euler", "sdm", "standard", "json", "svd-extended"])
def test_convert_a_collection_and_read_it_back(runner: CliRunner, target: str) -> None:
    path = data_file("puzzles", "easy50_pe96.txt")
    result = runner.invoke(main, ["convert", str(path), "--to", target])
    assert result.exit_code == 0, result.stderr
    back = runner.invoke(main, ["convert", "--to", "standard"], input=result.output)
    assert back.exit_code == 0, back.stderr
    assert back.output.split() == path.read_text().split()


def test_one_puzzle_formats_refuse_a_second_puzzle(runner: CliRunner) -> None:
    text = "\n".join(puzzle_lines("top95.txt", limit=2)) + "\n"
    result = runner.invoke(main, ["convert", "--to", "sdk"], input=text)
    assert result.exit_code == 2
    assert "one puzzle per file" in result.stderr and "Traceback" not in result.stderr
    single = runner.invoke(main, ["convert", "--to", "sdk"], input=text.splitlines()[0])
    assert single.exit_code == 0 and "[Puzzle]" in single.output


def test_solve_keeps_the_input_format(runner: CliRunner) -> None:
    svd = "003456700050080020700123006204060807365897214807010305500642008040070030008531600"
    result = runner.invoke(main, ["solve", "--from", "svd"], input=svd)
    assert result.exit_code == 0, result.stderr
    assert result.output.strip() == solve(parse(svd)).to_string(empty="0")


def test_an_output_folder_that_does_not_exist_is_an_error_not_a_traceback(runner: CliRunner, tmp_path: Path) -> None:
    target = tmp_path / "missing" / "out.txt"
    result = runner.invoke(main, ["solve", "-o", str(target)], input=HARD + "\n")
    assert result.exit_code == 2, result.output
    assert f"{target}: cannot write: No such file or directory" in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_an_output_link_is_written_through_and_kept(runner: CliRunner, tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old\n")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    result = runner.invoke(main, ["solve", "-o", str(link)], input=HARD + "\n")
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and real.read_text() == solve(parse(HARD)).to_string() + "\n"


def test_an_output_pipe_is_written_into_not_replaced(runner: CliRunner, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[str] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_text()), daemon=True)
    reader.start()
    result = runner.invoke(main, ["solve", "-o", str(fifo)], input=HARD + "\n")
    reader.join(timeout=10)
    assert result.exit_code == 0, result.output
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert received == [solve(parse(HARD)).to_string() + "\n"]


def test_stdin_with_a_byte_that_is_not_utf8_is_an_error_not_a_traceback(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check"], input=b"\xe9" + HARD.encode() + b"\n")
    assert result.exit_code == 2
    assert "<stdin>: cannot tell the format" in result.stderr
    assert not isinstance(result.exception, UnicodeDecodeError)


def test_stdin_is_read_as_utf8_whatever_the_locale() -> None:
    done = subprocess.run(
        installed_cli("check", "-"),
        input="\ufeff".encode() + HARD.encode() + b"\r\n",
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "latin-1"},
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().split() == ["unique", "solutions=1", "clues=17", "shape=9x9", HARD]


@pytest.mark.parametrize("command", [["hint"], ["explain"], ["solve"]])
def test_a_puzzle_that_cannot_be_worked_is_named_by_source_and_line(runner: CliRunner, command: list[str]) -> None:
    text = HARD + "\n" + "." * 81 + "\n"
    result = runner.invoke(main, command, input=text)
    assert result.exit_code == 1
    assert "sudokuprint: error: <stdin>, line 2: the puzzle has more than one solution" in result.stderr


def test_scan_overlay_of_an_unknown_image_type_is_a_usage_error(runner: CliRunner, tmp_path: Path) -> None:
    photo = str(data_file("wicht", "train", "image102.jpg"))
    bad = tmp_path / "out.xyz"
    result = runner.invoke(main, ["scan", photo, "--overlay", str(bad)])
    assert result.exit_code == 2 and "cannot write an image of type '.xyz'" in result.stderr
    assert list(tmp_path.iterdir()) == []
    good = tmp_path / "out.png"
    result = runner.invoke(main, ["scan", photo, "--overlay", str(good)])
    assert result.exit_code == 0, result.stderr
    assert good.read_bytes().startswith(b"\x89PNG") and [p.name for p in tmp_path.iterdir()] == ["out.png"]


def test_a_stream_stopped_by_a_bad_puzzle_keeps_whole_lines(runner: CliRunner) -> None:
    text = HARD + "\n" + "12345678." + "........9" + "." * 63 + "\n"
    result = runner.invoke(main, ["solve"], input=text)
    assert result.exit_code == 1 and "line 2" in result.stderr
    assert result.stdout == solve(parse(HARD)).to_string() + "\n"
