"""Books in constant memory: pages are laid out and written one at a time, each page's stream
compressed as it is finished, so memory grows only by the compressed file, not by the pages."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import data_file


def test_memory_grows_by_a_few_kilobytes_a_puzzle_not_by_whole_pages():
    # measured in a fresh process, so the figure is the booklet's alone (a CI pytest worker once measured 8.9 KB a
    # puzzle where a fresh process measures 5.3 KB)
    probe = subprocess.run([sys.executable, str(Path(__file__).with_name("memory_probe.py")),
                            str(data_file("puzzles", "easy50_pe96.txt")), "40", "160"],
                           capture_output=True, text=True, check=True)
    peaks = {int(count): peak for count, peak in json.loads(probe.stdout).items()}
    per_puzzle = (peaks[160] - peaks[40]) / 120
    # a page held as drawing operators is ~40 KB (about 10 KB a puzzle); compressed, a puzzle costs ~4 KB
    assert per_puzzle < 8_000, per_puzzle
