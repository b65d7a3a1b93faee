"""An outside package plugs into the seams through entry points alone: a tiny distribution (tests/data/example_plugin)
is built and installed into a folder of its own, and sudokuprint, run with that folder on its path, offers its
digit reader to ``scan --readers`` and its page output to ``-o NAME.grids``; sudokuprint's own readers come through
the same entry-point group."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from conftest import REPO, SAMPLES
from sudokuprint.ocr.readers import reader_names

PLUGIN = REPO / "tests" / "data" / "example_plugin"
NEWSPAPER = SAMPLES / "newspaper-photo.jpg"
NEWSPAPER_PUZZLE = "...7...8..9...31....68.5.7..2.6...49...2...5...8.4...7...9...3.37......61.5..4..."
"""The puzzle of the newspaper photo, as README.md gives it."""


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example plugin built by pip (from a copy: pip builds in the source folder) into a folder of its own."""
    work = tmp_path_factory.mktemp("plugin")
    source = shutil.copytree(PLUGIN, work / "source")
    target = work / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target),
                    str(source)], check=True, capture_output=True, text=True)
    return target


def sudokuprint(installed: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The command with the plugin's folder on its path (from ``cwd``, so the checkout's own metadata is not)."""
    env = dict(os.environ, PYTHONPATH=str(installed))
    return subprocess.run([sys.executable, "-m", "sudokuprint", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=600)


def test_sudokuprints_own_readers_are_declared_through_the_entry_point_group() -> None:
    declared = {point.name: point.value for point in entry_points(group="sudokuprint.readers")}
    assert declared["builtin"] == "sudokuprint.ocr.builtin_reader:builtin"
    assert declared["cnn"] == "sudokuprint.ocr.cnn:CnnReader"
    assert set(reader_names()) >= {"builtin", "printed", "tesseract", "combined", "auto", "cnn"}


def test_the_protocol_module_imports_no_reader() -> None:
    """Naming the readers loads none of them (nor numpy): the reader modules build on the protocol, not the reverse."""
    probe = ("import sys; from sudokuprint.ocr.readers import reader_names; names = reader_names(); "
             "print(len(names), *sorted(m for m in sys.modules if m.startswith(('sudokuprint.ocr.', 'numpy'))))")
    done = subprocess.run([sys.executable, "-I", "-c", probe], capture_output=True, text=True, check=True)  # -I: installed
    assert done.stdout.split() == ["6", "sudokuprint.ocr.readers"]


def test_an_installed_package_adds_a_reader_to_scan(installed: Path, tmp_path: Path) -> None:
    result = sudokuprint(installed, tmp_path, "scan", "--readers", "example", str(NEWSPAPER), "--format", "jsonl")
    assert result.returncode == 0, result.stderr
    row = json.loads(result.stdout)
    assert row["reader"] == "example" and row["puzzle"] == NEWSPAPER_PUZZLE
    refused = sudokuprint(installed, tmp_path, "scan", "--readers", "nosuch", str(NEWSPAPER))
    assert refused.returncode == 2 and "'nosuch' is not a digit reader; choose one of: builtin, " in refused.stderr
    assert "example" in refused.stderr
    without = sudokuprint(tmp_path, tmp_path, "scan", "--readers", "example", str(NEWSPAPER))
    assert without.returncode == 2 and "'example' is not a digit reader" in without.stderr


def test_an_installed_package_adds_a_page_output(installed: Path, tmp_path: Path) -> None:
    """``-o book.grids`` writes the plugin's output: each puzzle of the input on its page, its answer later."""
    lines = (SAMPLES / "easy50.txt").read_text().split()[:8]
    (tmp_path / "in.txt").write_text("\n".join(lines) + "\n")
    result = sudokuprint(installed, tmp_path, "booklet", "in.txt", "--template", "booklet-a4-4up", "-o", "book.grids")
    assert result.returncode == 0, result.stderr
    rows = [row.split() for row in (tmp_path / "book.grids").read_text().splitlines()]
    puzzles = [(int(page), int(number), values) for page, role, number, values in rows if role == "puzzle"]
    assert [values for _, _, values in puzzles] == lines
    assert [page for page, _, _ in puzzles] == [2, 2, 2, 2, 3, 3, 3, 3]  # a title page, then 4 a page
    assert [int(number) for _, role, number, _ in rows if role == "answer"] == list(range(1, 9))
