"""make test's three coverage figures (scripts/coverage_totals.py) from one ``coverage json`` report."""

from __future__ import annotations

import json
import subprocess
import sys

from conftest import REPO


def test_the_ocr_and_the_rest_are_counted_apart_and_together():
    # 3 of 4 statements outside the OCR and 1 of 4 inside: 75%, 25% and 4 of 8 = 50% in all
    report = {"files": {
        ".venv/lib/python3.11/site-packages/sudokuprint/grid.py": {"summary": {"num_statements": 4, "covered_lines": 3}},
        ".venv/lib/python3.11/site-packages/sudokuprint/ocr/cells.py": {"summary": {"num_statements": 4,
                                                                                  "covered_lines": 1}},
    }}
    printed = subprocess.run([sys.executable, str(REPO / "scripts" / "coverage_totals.py")], input=json.dumps(report),
                             capture_output=True, text=True, check=True).stdout
    assert printed == ("line coverage: sudokuprint 50.0% in all; without ocr 75.0%; "
                       "ocr/ (installed as sudokuprint/ocr) 25.0%\n")
