"""One option vocabulary: a table of commands x options, asserted against each command's --help."""

from __future__ import annotations

import json
import re

import click
import pytest
from click.testing import CliRunner

from conftest import puzzle_lines
from sudokuprint.cli import main
from sudokuprint.errors import ExitCode

ALL = ("check", "solve", "convert", "formats", "grade", "hint", "explain", "generate", "pattern", "scan", "booklet",
       "answers", "worksheet", "motif", "poster", "svd-answers", "html", "book")
WRITERS = tuple(c for c in ALL if c != "formats")
FORMATTED = tuple(c for c in WRITERS if c not in ("html", "book"))  # html writes HTML, book two PDF/X files
PARALLEL = ("check", "solve", "grade", "generate", "pattern", "scan")
ON_EXECUTOR = (*PARALLEL, "html")  # html's hint paths keep the puzzles' order: no --unordered, nothing to resume
SEEDED = ("generate", "pattern", "booklet", "answers", "poster", "html", "book")
LEVELLED = ("generate", "booklet", "answers", "poster", "html", "book")
SIZED = ("generate", "pattern", "worksheet")
READ_AND_WRITE = tuple(c for c in WRITERS if c != "generate")  # every command that reads files and writes -o
TIMED = ("check", "solve", "grade", "hint", "explain", "booklet", "answers", "poster", "svd-answers", "html", "book",
         "generate", "pattern")  # every command that solves or grades: one limit for each puzzle

# option as --help shows it -> the commands that must have it (every other command must not)
TABLE: dict[str, tuple[str, ...]] = {
    "-o, --output": WRITERS,
    "--format": FORMATTED,
    "-j, --jobs": ON_EXECUTOR,
    "--cluster ADDRESS|local:N": ON_EXECUTOR,
    "--unordered": PARALLEL,
    "--seed INTEGER": SEEDED,
    "--level 1-4|easy|medium|hard|expert": LEVELLED,
    "--size N|NxN": SIZED,
    "--resume": PARALLEL,
    "--timeout SECONDS": TIMED,
    "--force": READ_AND_WRITE,
    "-q, --quiet": ALL,
    "-v, --verbose": ALL,
}
HIDDEN = {"--to": ("solve", "convert", "scan"), "--json": ("check", "grade", "explain", "scan"), "--text": ("hint",)}


def _help(command: str) -> str:
    result = CliRunner().invoke(main, [command, "--help"], terminal_width=200)
    assert result.exit_code == 0, result.output
    return result.output


def test_every_command_is_in_the_table() -> None:
    assert set(main.list_commands(click.Context(main))) >= set(ALL)


@pytest.mark.parametrize("command", ALL)
def test_help_shows_exactly_the_vocabulary_of_the_table(command: str) -> None:
    text = _help(command)
    for option, commands in TABLE.items():
        assert (option in text) == (command in commands), (command, option)
    if command in SEEDED:
        assert re.search(r"--seed INTEGER .*\[default: 1\]", text), command
    for alias, commands in HIDDEN.items():
        if command in commands:
            assert f"{alias} " not in text and f"{alias}\n" not in text  # accepted, not advertised


@pytest.mark.parametrize("command, args", [(c, ["--to", "sdm"]) for c in ("solve", "convert")]
                         + [(c, ["--json"]) for c in ("check", "grade")])
def test_the_old_spellings_still_work_as_the_new_ones(command: str, args: list[str]) -> None:
    puzzles = "\n".join(puzzle_lines("top95.txt", limit=2)) + "\n"
    new = ["--format", "sdm" if args[0] == "--to" else "jsonl"]
    old = CliRunner().invoke(main, [command, *args], input=puzzles)
    same = CliRunner().invoke(main, [command, *new], input=puzzles)
    assert old.exit_code == same.exit_code == 0 and old.stdout == same.stdout
    clash = CliRunner().invoke(main, [command, *args, "--format", "standard" if args[0] == "--to" else "text"],
                               input=puzzles)
    assert clash.exit_code == ExitCode.USAGE and "different output formats" in clash.stderr


def test_sizes_levels_and_seeds_are_spelled_one_way_everywhere(tmp_path) -> None:
    runner = CliRunner()
    by_number = runner.invoke(main, ["generate", "--size", "9", "--level", "3", "--seed", "4", "--format", "jsonl"])
    by_name = runner.invoke(main, ["generate", "--size", "9x9", "--level", "hard", "--seed", "4", "--format", "jsonl"])
    assert by_number.exit_code == by_name.exit_code == 0 and by_number.stdout == by_name.stdout
    assert json.loads(by_name.stdout)["level"] == 3
    default_seed = runner.invoke(main, ["generate", "--size", "4x4", "--no-grade"])
    assert default_seed.stdout == runner.invoke(main, ["generate", "--size", "4", "--no-grade", "--seed", "1"]).stdout
    for size in ("16", "16x16", "12x12"):
        result = runner.invoke(main, ["worksheet", "--size", size, "-o", str(tmp_path / "w.pdf"), "-q"])
        assert result.exit_code == 0 and result.stderr == "", result.output
    wrong = runner.invoke(main, ["worksheet", "--size", "9x8"])
    assert wrong.exit_code == ExitCode.USAGE and "is not a grid size" in wrong.stderr
    assert runner.invoke(main, ["generate", "--level", "silly"]).exit_code == ExitCode.USAGE


def test_quiet_silences_notes_and_verbose_is_accepted_everywhere(tmp_path) -> None:
    out = tmp_path / "p.txt"
    loud = CliRunner().invoke(main, ["generate", "-n", "1", "-o", str(out), "--no-grade"])
    assert "written to" in loud.stderr
    quiet = CliRunner().invoke(main, ["generate", "-n", "1", "-o", str(out), "--no-grade", "-q"])
    assert quiet.exit_code == 0 and quiet.stderr == ""
    assert CliRunner().invoke(main, ["formats", "-v"]).exit_code == 0


def test_check_json_is_typed() -> None:
    puzzles = "\n".join(puzzle_lines("serg_benchmark_multisolution.txt", limit=1) + puzzle_lines("top95.txt", limit=1))
    result = CliRunner().invoke(main, ["check", "--format", "jsonl"], input=puzzles + "\n")
    reports = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["solutions"] for r in reports] == [2, 1] and all(isinstance(r["clues"], int) for r in reports)
    assert all(isinstance(r["line"], int) and isinstance(r["valid"], bool) for r in reports)
    assert result.exit_code == ExitCode.FAILED
