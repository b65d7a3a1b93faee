#!/usr/bin/env bash
# mypy over the package from the checkout (sudokuprint/ocr and sudokuprint/templates
# are links to the top-level ocr/ and templates/ folders, as they install).
# Usage: scripts/typecheck.sh [VENV_BIN]
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="$(cd "${1:-.venv/bin}" && pwd)"
"$BIN/python" -m mypy -p sudokuprint
