"""--resume on the bulk commands: a run killed mid-way (SIGKILL) and resumed writes what an uninterrupted run writes."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import SAMPLES, data_file, installed_cli
from sudokuprint.cli import main

ROYLE = data_file("puzzles", "sudoku17_royle_49151.txt")
KILL_TRIES = 3
"""Runs started and killed, at most, until one is killed before its output is whole."""


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> dict[str, list[str]]:
    """Real inputs for each command, large enough to be killed part-way through."""
    folder = tmp_path_factory.mktemp("inputs")
    royle = ROYLE.read_text().splitlines(keepends=True)  # the committed 3,367 of Royle's 49,151, over and over
    many = folder / "royle-10000.txt"
    many.write_text("".join((royle * 3)[:10000]))
    more = folder / "royle-50000.txt"  # check is fast, and writes a chunk of rows at a time: more work to kill it in
    more.write_text("".join((royle * 15)[:50000]))
    easy = folder / "easy.txt"
    easy.write_text((SAMPLES / "easy50.txt").read_text() + data_file("puzzles", "easy50_pe96.txt").read_text())
    photos = folder / "photos"
    photos.mkdir()
    for photo in sorted(data_file("wicht", "train").glob("*.jpg"))[:8]:  # 8 of the committed photos
        shutil.copy(photo, photos / photo.name)
    return {"grade": [str(easy), "--format", "jsonl"], "check": [str(more)], "solve": [str(many)],
            "scan": [str(photos), "--format", "csv"]}



def _kill_after(args: list[str], output: Path, lines: int) -> None:
    """Start the command with --resume and SIGKILL it (and its workers) once ``output`` has ``lines`` lines."""
    child = subprocess.Popen(installed_cli(*args, "-o", str(output), "--resume", "-q"), start_new_session=True,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while child.poll() is None:
            if output.exists() and output.read_bytes().count(b"\n") >= lines:
                os.killpg(child.pid, signal.SIGKILL)
                break
            time.sleep(0.005)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
        child.wait(timeout=60)
    assert child.returncode == -signal.SIGKILL, "the run ended before it could be killed: give it more work"


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("command, kill_at", [("grade", 10), ("check", 1000), ("solve", 1000), ("scan", 3)])
def test_a_killed_run_resumed_equals_an_uninterrupted_one(inputs, tmp_path: Path, command: str, kill_at: int,
                                                          jobs: str) -> None:
    args = [command, *inputs[command], "-j", jobs]
    whole = tmp_path / "whole.out"
    reference = subprocess.run(installed_cli(*args, "-o", str(whole), "-q"), capture_output=True, text=True,
                               timeout=900)
    assert reference.returncode in (0, 1), reference.stderr
    resumed = tmp_path / "resumed.out"
    for _ in range(KILL_TRIES):  # a kill may land after the last row is out (a worker's rows come in a batch)
        resumed.unlink(missing_ok=True)
        _kill_after(args, resumed, kill_at)
        kept = resumed.read_bytes()
        if len(kept) < len(whole.read_bytes()):
            break
    assert kept.count(b"\n") >= kill_at and len(kept) < len(whole.read_bytes())
    with resumed.open("ab") as torn:  # what a kill in the middle of a write leaves: half a row, no newline
        torn.write(whole.read_bytes()[len(kept):][:7].replace(b"\n", b" "))
    again = subprocess.run(installed_cli(*args, "-o", str(resumed), "--resume", "-q"), capture_output=True, text=True,
                           timeout=900)
    assert again.returncode == reference.returncode, again.stderr
    assert resumed.read_bytes() == whole.read_bytes()  # nothing lost, nothing twice, the torn row mended
    done = subprocess.run(installed_cli(*args, "-o", str(resumed), "--resume", "-q"), capture_output=True, timeout=900)
    assert done.returncode == reference.returncode and resumed.read_bytes() == whole.read_bytes()  # all done: as is


def test_resume_needs_a_file_and_a_row_a_puzzle(tmp_path: Path) -> None:
    puzzles = str(SAMPLES / "easy50.txt")
    to_stdout = CliRunner().invoke(main, ["grade", puzzles, "--resume"])
    assert to_stdout.exit_code == 2 and "--resume needs an output file" in to_stdout.stderr
    several_lines = CliRunner().invoke(main, ["solve", puzzles, "--format", "sdk", "--resume", "-o",
                                              str(tmp_path / "out.sdk")])
    assert several_lines.exit_code == 2 and "a puzzle a line" in several_lines.stderr
    assert not (tmp_path / "out.sdk").exists()
    other = tmp_path / "other.csv"
    other.write_text("not,the,scan,header\n")
    wrong = CliRunner().invoke(main, ["scan", str(SAMPLES / "newspaper-photo.jpg"), "--resume", "-o", str(other)])
    assert wrong.exit_code == 2 and "does not start with the header" in wrong.stderr
    assert other.read_text() == "not,the,scan,header\n"
    with_all = CliRunner().invoke(main, ["scan", str(SAMPLES / "newspaper-photo.jpg"), "--all", "--resume", "-o",
                                         str(tmp_path / "grids.jsonl")])
    assert with_all.exit_code == 2 and "several rows" in with_all.stderr
    assert not (tmp_path / "grids.jsonl").exists()
