"""Issue 29, item 8: the smaller things.

UTF-16 and UTF-8 with a byte-order mark are read; echoed values are cut at
200 characters; a generate target that may take hours says so and shows
progress; bad arguments to the library raise TypeError saying what is
wanted; the libraries' warnings stay off standard error; shell completion
works as the README says.
"""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
import warnings
from typing import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import REPO, SAMPLES
import sudokuprint
from sudokuprint.cli import main
from sudokuprint.cli.app import _VERBOSITY, detail
from sudokuprint.cli.session import warnings_as_details
from sudokuprint.formats import read_file

EASY = (SAMPLES / "easy50.txt").read_text().splitlines()[:5]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-8-sig", "utf-32"])
def test_unicode_files_are_read_as_utf8_ones(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "puzzles.txt"
    path.write_bytes("\r\n".join(EASY).encode(encoding))  # as Notepad saves it ("Unicode": UTF-16 with a mark)
    assert [r.grid.to_string() for r in read_file(path)] == EASY
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 0 and len(result.stdout.splitlines()) == 5
    piped = CliRunner().invoke(main, ["check", "-"], input="\r\n".join(EASY).encode(encoding))
    assert piped.exit_code == 0 and piped.stdout == result.stdout


HUGE = "x" * 100_000


@pytest.mark.parametrize("args", [["pattern", HUGE], ["generate", "--seed", HUGE], ["check", "--from", HUGE],
                                  ["generate", "--size", HUGE], ["scan", "--readers", HUGE, "photo.jpg"],
                                  ["check", HUGE]], ids=["pattern", "seed", "from", "size", "readers", "input"])
def test_an_echoed_value_is_cut_at_200_characters(args: list[str]) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert len(result.stderr) < 1000, result.stderr[:300]
    assert "x" * 190 in result.stderr and "x" * 201 not in result.stderr  # cut at 200 characters, quotes included
    assert re.search(r"\.\.\. \(100,00[0-2] characters\)", result.stderr), result.stderr


def _on_a_terminal(args: list[str], seconds: float, until: Callable[[str], bool] = lambda said: False) -> str:
    """What a command writes to standard error when it is a terminal (a pseudo-terminal), read for ``seconds``
    at most, or until what it wrote so far passes ``until``."""
    leader, follower = os.openpty()
    child = subprocess.Popen([sys.executable, "-m", "sudokuprint", *args], stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=follower)
    os.close(follower)
    said = b""
    ends = time.monotonic() + seconds
    try:
        while time.monotonic() < ends and child.poll() is None and not until(said.decode("utf-8", "replace")):
            ready, _, _ = select.select([leader], [], [], 0.2)
            if ready:
                try:
                    said += os.read(leader, 4096)
                except OSError:
                    break
    finally:
        child.kill()
        child.wait()
        os.close(leader)
    return said.decode("utf-8", "replace")


@pytest.mark.parametrize("target", [["--clues", "17"], ["--min-rating", "12"]], ids=["clues-17", "rating-12"])
def test_a_target_that_may_take_hours_says_so_and_shows_progress(target: list[str], tmp_path: Path) -> None:
    note = r"note: .* rare among random grids: this may take very long \(hours\)"
    clock = r"generating: 0/2, 0:00:0[1-9]"  # the clock moves while no puzzle is made
    said = _on_a_terminal(["generate", *target, "-n", "2", "-o", str(tmp_path / "out.txt")], seconds=60,
                          until=lambda said: bool(re.search(note, said) and re.search(clock, said)))
    assert re.search(note, said), said
    assert re.search(clock, said), said
    quiet = CliRunner().invoke(main, ["generate", *target, "-q", "--timeout", "0.5"])
    assert "note:" not in quiet.stderr


def test_bad_arguments_to_the_library_raise_type_errors_that_say_what_is_wanted() -> None:
    with pytest.raises(TypeError, match=r"parse takes the text of a puzzle \(a str\), not NoneType"):
        sudokuprint.parse(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"Grid\(shape, values\) takes a Shape and a sequence of digits"):
        sudokuprint.Grid(None, None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"a digit reader is a registered name \(builtin.*\) or an object with read"):
        sudokuprint.scan(str(SAMPLES / "newspaper-photo.jpg"), reader=123)
    with pytest.raises(TypeError, match=r"stop must be a bytearray\(1\) .*not bytes"):
        sudokuprint.search("." * 81, stop=b"x")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"stop must be a bytearray\(1\)"):
        list(sudokuprint.search_many(["." * 81], stop="x"))  # type: ignore[arg-type]
    stop = bytearray(1)
    assert sudokuprint.search("." * 81, stop=stop).count == 2  # the right kind still works


def test_library_warnings_are_details_shown_only_with_verbose(capsys) -> None:
    import numpy as np

    _VERBOSITY.update(quiet=False, verbose=0)
    try:
        with warnings_as_details(detail), warnings.catch_warnings():
            warnings.simplefilter("always")
            np.mean(np.array([]))  # numpy's own RuntimeWarning: "Mean of empty slice"
            assert capsys.readouterr().err == ""
            _VERBOSITY.update(quiet=False, verbose=1)
            np.mean(np.array([]))
            assert "sudokuprint: warning: RuntimeWarning: Mean of empty slice" in capsys.readouterr().err
    finally:
        _VERBOSITY["verbose"] = 0


def test_a_bomb_warning_sized_image_leaves_no_warning(tmp_path: Path) -> None:
    from PIL import Image

    picture = tmp_path / "wide.png"
    Image.new("1", (10_000, 9_500), 1).save(picture)  # 95 Mpx: over Pillow's warning size, under its error size
    result = subprocess.run([sys.executable, "-m", "sudokuprint", "pattern", str(picture)], capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 2
    assert result.stderr == (f"sudokuprint: error: {picture}: too many pixels to read safely (10000 x 9500, more than "
                             "the 50 million an image may have); scale it down first\n")


def test_shell_completion_works_as_the_readme_says() -> None:
    readme = (REPO / "README.md").read_text()
    assert 'eval "$(_SUDOKUPRINT_COMPLETE=bash_source sudokuprint)"' in readme
    environment = {**os.environ, "_SUDOKUPRINT_COMPLETE": "bash_source"}
    script = subprocess.run([sys.executable, "-m", "sudokuprint"], env=environment, capture_output=True, text=True,
                            timeout=120)
    assert "_sudokuprint_completion()" in script.stdout
    for words, expected in [("sudokuprint gr", "plain,grade"), ("sudokuprint grade --ti", "plain,--timeout"),
                            ("sudokuprint booklet --format p", "plain,pdf\nplain,png")]:
        environment = {**os.environ, "_SUDOKUPRINT_COMPLETE": "bash_complete", "COMP_WORDS": words,
                       "COMP_CWORD": str(len(words.split()) - 1)}
        done = subprocess.run([sys.executable, "-m", "sudokuprint"], env=environment, capture_output=True, text=True,
                              timeout=120)
        assert done.stdout.strip() == expected
