#!/usr/bin/env bash
# The main jobs on the bundled samples, into demo-output/:
# check, solve, grade, print a booklet with its answer key, scan a photo,
# generate new puzzles, chain generate into a booklet, write the browser edition. Usage: scripts/demo.sh [VENV_BIN]
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="${1:-.venv/bin}"
SP="$BIN/sudokuprint"
OUT=demo-output
mkdir -p "$OUT/pages"

step() { printf '\n== %s\n$ %s\n' "$1" "${*:2}"; "${@:2}"; }

step "Version and solver backend" "$SP" --version
step "Check the 50 Project Euler puzzles (first 3 lines)" \
  bash -c "'$SP' check samples/easy50.txt | head -n 3"
step "Solve the 95 hard 'top95' puzzles" "$SP" solve samples/top95.txt -o "$OUT/top95-solved.txt"
step "Grade the first 3 puzzles (SVD label id-moves-level-givens, rating)" \
  bash -c "head -n 3 samples/easy50.txt | '$SP' grade"
step "Print a booklet of the 50 puzzles, easy to hard, answer key at the end" \
  "$SP" booklet samples/easy50.txt --order difficulty --title "Fifty Classics" -o "$OUT/easy50-booklet.pdf"
step "Render its first pages as PNG too" \
  "$SP" booklet samples/easy50.txt --title "Fifty Classics" --format png --dpi 100 -o "$OUT/pages/easy50.png"
step "A blank 9x9 worksheet with a pencil-mark guide" \
  "$SP" worksheet --size 9 -o "$OUT/worksheet.pdf"
step "Read the newspaper photo and solve it" "$SP" scan samples/newspaper-photo.jpg --solve
step "Generate 5 new symmetric minimal puzzles" \
  "$SP" generate -n 5 --seed 7 --symmetry rot180 --minimal --format jsonl -o "$OUT/new-puzzles.jsonl"
step "Chain the jobs: generate 8 puzzles and print them straight into a booklet" \
  bash -c "'$SP' generate -n 8 --seed 3 --symmetry rot180 | '$SP' booklet - --title 'Fresh Eight' -o '$OUT/fresh-booklet.pdf'"
step "The same 50 puzzles playable in a browser, one self-contained file" \
  "$SP" html samples/easy50.txt --title "Fifty Classics" -o "$OUT/easy50.html"
echo
echo "Done. Open $OUT/easy50-booklet.pdf first; everything made is in $OUT/:"
ls "$OUT"
