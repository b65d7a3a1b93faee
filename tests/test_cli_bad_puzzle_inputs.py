"""Every puzzle-reading command, a table of bad inputs: a message naming the input and an exit code, no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import SAMPLES
from sudokuprint.cli import main
from sudokuprint.errors import ExitCode

READERS = (["check"], ["solve"], ["convert", "--format", "sdm"], ["grade"], ["hint"], ["explain"], ["booklet"],
           ["answers"])


def _bad_inputs(folder: Path) -> dict[str, tuple[Path, str]]:
    """name -> (file, a word the message must contain)."""
    empty = folder / "empty.txt"
    empty.write_text("")
    garbage = folder / "garbage.bin"
    garbage.write_bytes(bytes(range(256)) * 8)
    prose = folder / "prose.txt"
    prose.write_text("dear diary, today no sudoku\nat all\n")
    short = folder / "short.txt"
    short.write_text("123456789" * 8 + "\n")
    return {
        "missing": (folder / "missing.txt", "missing.txt"),
        "empty": (empty, "empty"),
        "garbage": (garbage, "garbage.bin"),
        "prose": (prose, "prose.txt"),
        "short": (short, "short.txt"),
    }


@pytest.mark.parametrize("bad", ["missing", "empty", "garbage", "prose", "short"])
@pytest.mark.parametrize("command", READERS, ids=lambda c: c[0])
def test_bad_input_is_a_message_and_an_exit_code(tmp_path: Path, command: list[str], bad: str) -> None:
    path, named = _bad_inputs(tmp_path)[bad]
    args = [*command, str(path)] + (["-o", str(tmp_path / "out.pdf")] if command[0] in ("booklet", "answers") else [])
    result = CliRunner().invoke(main, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    assert result.exit_code in (ExitCode.FAILED, ExitCode.USAGE), result.output
    assert named in result.stderr, result.stderr


@pytest.mark.parametrize("command", [["generate"], ["check", "-"], ["solve", "-"], ["grade", "-"],
                                     ["scan", str(SAMPLES / "newspaper-photo.jpg")]],
                         ids=lambda c: c[0])
def test_an_output_folder_that_does_not_exist_is_named(tmp_path: Path, command: list[str]) -> None:
    target = tmp_path / "nowhere" / "out.txt"
    result = CliRunner().invoke(main, [*command, "-o", str(target)], input="." * 81 + "\n")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == ExitCode.USAGE and str(target.parent) in result.stderr, result.output
