"""Print make test's line-coverage figures from one ``coverage json`` report: the whole installed package, the package
without its OCR (``sudokuprint/ocr``, the checkout's ``ocr/``), and the OCR alone.

    coverage json -q -o - | python scripts/coverage_totals.py

One report read once, instead of three ``coverage report`` runs that each parse every source file again.
"""

from __future__ import annotations

import json
import sys

OCR = "/sudokuprint/ocr/"


def share(files: list[dict]) -> str:
    """The covered share of the statements of ``files`` (their coverage summaries), as coverage prints it."""
    statements = sum(f["num_statements"] for f in files)
    covered = sum(f["covered_lines"] for f in files)
    return f"{100 * covered / statements:.1f}" if statements else "-"


def main() -> int:
    ocr: list[dict] = []
    rest: list[dict] = []
    for name, report in json.load(sys.stdin)["files"].items():
        (ocr if OCR in name.replace("\\", "/") else rest).append(report["summary"])
    print(f"line coverage: sudokuprint {share(ocr + rest)}% in all; without ocr {share(rest)}%; "
          f"ocr/ (installed as sudokuprint/ocr) {share(ocr)}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
