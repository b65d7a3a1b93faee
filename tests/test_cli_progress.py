"""Progress on standard error while pages are drawn: shown on a terminal, silent with -q or when redirected."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import SAMPLES, installed_cli, puzzle_lines
from sudokuprint.formats import write
from sudokuprint.grid import Grid


def _run_on_terminal(args: list[str], cwd: Path) -> tuple[int, str]:
    """Run the real CLI with its standard error on a pseudo-terminal; the exit code and what the terminal got."""
    master, slave = pty.openpty()
    child = subprocess.Popen(installed_cli(*args), cwd=cwd, stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    received = b""
    while True:
        try:
            data = os.read(master, 4096)
        except OSError:  # the child closed the terminal (EIO)
            break
        if not data:
            break
        received += data
    os.close(master)
    return child.wait(timeout=300), received.decode("utf-8", "replace")


def _svd_files(folder: Path, count: int) -> list[str]:
    names = []
    for index, line in enumerate(puzzle_lines("easy50_pe96.txt", limit=count), 1):
        path = folder / f"{index}.svd"
        path.write_text(write(Grid.from_string(line), "svd") + "\n")
        names.append(str(path))
    return names


@pytest.mark.parametrize("command", ["booklet", "answers", "worksheet", "svd-answers"])
def test_pages_report_progress_on_a_terminal_and_not_with_quiet(command: str, tmp_path: Path) -> None:
    inputs = {"booklet": [str(SAMPLES / "easy50.txt")], "answers": [str(SAMPLES / "easy50.txt")],
              "worksheet": ["--pages", "6"], "svd-answers": _svd_files(tmp_path, 40)}[command]
    code, shown = _run_on_terminal([command, *inputs, "-o", "out.pdf"], tmp_path)
    assert code == 0, shown
    pages = len(PdfReader(str(tmp_path / "out.pdf")).pages)
    assert pages > 1 and f"wrote out.pdf ({pages} pages)" in shown
    assert "drawing pages" in shown and f"{pages}/{pages}" in shown, shown  # counted to the last page
    assert (tmp_path / "out.pdf").stat().st_size > 1000
    code, shown = _run_on_terminal([command, *inputs, "-o", "quiet.pdf", "-q"], tmp_path)
    assert code == 0 and shown == "", shown
    redirected = subprocess.run(installed_cli(command, *inputs, "-o", "piped.pdf"),
                                cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert redirected.returncode == 0 and "drawing pages" not in redirected.stderr
    assert (tmp_path / "piped.pdf").read_bytes() == (tmp_path / "out.pdf").read_bytes()  # same book either way
