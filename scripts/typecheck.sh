#!/usr/bin/env bash
# mypy over the package as it installs: ocr/ and templates/ become sudokuprint.ocr and
# sudokuprint.templates (setup.py maps them), so mypy reads a tree of links that has
# that layout (build/typecheck/sudokuprint/...). Errors name sudokuprint/ocr/X.py for ocr/X.py.
# Usage: scripts/typecheck.sh [VENV_BIN]
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="$(cd "${1:-.venv/bin}" && pwd)"
TREE=build/typecheck
rm -rf "$TREE"
mkdir -p "$TREE/sudokuprint"
for entry in sudokuprint/*; do
  ln -s "../../../$entry" "$TREE/sudokuprint/"
done
ln -s ../../../ocr "$TREE/sudokuprint/ocr"
ln -s ../../../templates "$TREE/sudokuprint/templates"
cd "$TREE"
"$BIN/python" -m mypy --config-file ../../pyproject.toml -p sudokuprint
