"""A grid filled in by hand by people and with a phone nothing here was chosen on (Donshel/sudoku-database, MIT; see
tests/data/README.md): the benchmark that measures such grids (``benchmarks/ocr_hand_grids.py``) finds and reads
every digit of one, against the repository's own labels."""

from __future__ import annotations

import csv
from pathlib import Path

from conftest import REPO, benchmark_module

PHOTO = Path(__file__).parent / "data" / "ocr_hand" / "donshel-sudoku_0003.jpg"


def _labels() -> str:
    """The photo's 81 digits (0 empty) as the corpus's list of handwritten grids records them."""
    with (REPO / "tools" / "ocr_corpus" / "hand_grids.csv").open(newline="") as stream:
        return next(row["digits"] for row in csv.DictReader(stream) if row["file"].endswith("sudoku_0003.jpg"))


def test_every_handwritten_digit_of_a_grid_from_elsewhere_is_found_and_read():
    digits = _labels()
    assert len(digits) == 81 and digits.startswith("700300007309130090")  # the repository's sudoku_0003.dat
    tally = benchmark_module("ocr_hand_grids").score(PHOTO, digits, "builtin")
    written = sum(1 for d in digits if d != "0")
    assert (tally.found, tally.digits, tally.empties) == (1, written, 81 - written)
    assert tally.digits_found == tally.right == written and tally.invented == 0
    assert tally.failures == []
