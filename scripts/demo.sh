#!/usr/bin/env bash
# The main job on the bundled samples: check and solve real puzzle files, and
# convert between formats. Writes into demo-output/. Usage: scripts/demo.sh [VENV_BIN]
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="${1:-.venv/bin}"
SP="$BIN/sudokuprint"
OUT=demo-output
mkdir -p "$OUT"

step() { printf '\n== %s\n$ %s\n' "$1" "${*:2}"; "${@:2}"; }

step "Which version and solver backend" "$SP" --version
step "Check the 50 Project Euler puzzles (first 5 lines shown)" \
  bash -c "'$SP' check samples/easy50.txt | head -n 5"
step "Solve the 95 hard 'top95' puzzles into $OUT/top95-solved.txt" \
  "$SP" solve samples/top95.txt -o "$OUT/top95-solved.txt"
step "Read a SadMan .sdk save file and show its solution as a grid" \
  "$SP" solve samples/sudonkey_complete.sdk --to standard
echo
echo "Done: outputs are in $OUT/"
