"""Start-up: a command imports its own module only, and the help still lists every command."""

from __future__ import annotations

import json
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from conftest import data_file
from sudokuprint.cli import main
from sudokuprint.cli import run as run_cli

HEAVY = ("reportlab", "PIL", "cv2", "numpy", "urllib.request", "xml.sax", "sudokuprint.logic", "sudokuprint.render",
         "sudokuprint.publish", "concurrent.futures", "sudokuprint.cli.publish", "sudokuprint.cli.generate",
         "sudokuprint.patterns.library", "sudokuprint.patterns.picture", "importlib.resources")
"""Modules that ``check`` on a standard list must not import."""

PROBE = """
import sys
from sudokuprint.cli import run
code = run(sys.argv[1:])
import json
print(json.dumps({"code": code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""


def _modules_after(*args: str) -> tuple[int, set[str]]:
    # -I: the installed package (as the sudokuprint command runs it), never ./sudokuprint of the checkout
    done = subprocess.run([sys.executable, "-I", "-c", PROBE, *args], capture_output=True, text=True, check=True)
    report = json.loads(done.stderr.strip().splitlines()[-1])
    return report["code"], set(report["modules"])


def test_check_of_a_standard_list_imports_nothing_heavy(tmp_path):
    lines = data_file("puzzles", "sudoku17_royle_49151.txt").read_text().splitlines()[:50]
    source = tmp_path / "some.txt"
    source.write_text("\n".join(lines) + "\n")
    code, modules = _modules_after("check", str(source), "-o", str(tmp_path / "out.txt"))
    assert code == 0
    assert (tmp_path / "out.txt").read_text().count("unique ") == 50
    loaded = sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))
    assert loaded == []


SHARED = {"app": "every command", "inputs": "the commands that read puzzles", "collection": "generate and pattern"}
"""The modules of sudokuprint.cli that register no command: what several commands share."""


@pytest.mark.parametrize("command, module, shared", [("check", "core", {"inputs"}), ("generate", "generate", {"collection"}),
                                                     ("grade", "logic", {"inputs"})])
def test_a_command_loads_only_its_module(command, module, shared):
    code, modules = _modules_after(command, "--help")
    assert code == 0
    core = {f"sudokuprint.cli.{name}" for name in ("app", "guards", "progress", "session", "verbosity")}  # what app uses
    commands = {m for m in modules if m.startswith("sudokuprint.cli.") and m not in core}
    assert commands == {f"sudokuprint.cli.{module}"} | {f"sudokuprint.cli.{name}" for name in shared}
    assert shared <= set(SHARED)


def test_the_help_lists_every_command_with_its_line_and_each_module_registers_what_it_names():
    listed = CliRunner().invoke(main, ["--help"], terminal_width=200)
    assert listed.exit_code == 0
    main.load_all()  # raises if a module does not register a command it is named for
    names = main.list_commands(click.Context(main))
    assert set(names) == set(main.commands) and len(names) >= 18
    for name in names:
        line = next(l for l in listed.output.splitlines() if l.split()[:1] == [name])
        assert main.commands[name].get_short_help_str(200) in line


def test_an_unknown_command_is_still_a_usage_error():
    result = CliRunner().invoke(main, ["chek"])
    assert result.exit_code == 2 and "No such command 'chek'" in result.output


def test_run_in_process_returns_the_exit_code_of_a_failure(tmp_path):
    """``sudokuprint.cli.run`` gives scripts the same codes as the command line (README: 1 not unique, 2 usage)."""
    several = tmp_path / "several.txt"
    several.write_text("." * 81 + "\n")  # the empty grid has many solutions
    assert run_cli(["check", str(several), "-o", str(tmp_path / "out.txt")]) == 1
    assert run_cli(["check", str(tmp_path / "missing.txt")]) == 2
    assert run_cli(["--version"]) == 0
