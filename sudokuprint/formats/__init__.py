"""Puzzle and state formats: read and write, with auto-detection.

Each format lives in its own module as a symmetric pair ``read_X`` /
``write_X`` with a ``sniff_X`` test, registered here in sniffing order
(the most specific formats first, the forgiving standard string last).
A module that defines several formats lists them all in ``FORMATS``.
"""

from __future__ import annotations

from importlib import import_module

from .base import Format, Lines, Record
from .registry import (
    detect,
    formats,
    get_format,
    parse,
    read_file,
    read_stream,
    read_text,
    register,
    write,
    write_all,
)

# Sniffing order: formats with unmistakable markers first, plain lists last.
_MODULES = (
    "opensudoku",     # OpenSudoku XML
    "partial_json",   # partial-puzzle JSON (docs/formats.md §5): has "map"
    "json_puzzle",    # JSON puzzle (§2): has "numbers"
    "reports",        # sudokuprint's own outputs: records JSONL/CSV, generate/check/grade lines
    "sadman",         # SadMan / SudoCue .sdk
    "hodoku",         # HoDoKu library lines and generator/solver output
    "euler",          # Project Euler "Grid NN" blocks
    "pattern_code",   # pattern code + solution (§7)
    "svd",            # SVD simple / extended (§6)
    "explainer",      # Sudoku Explainer 729-char state (§4)
    "candidates_grid",  # the state (candidates) grid, standard and HoDoKu frames (§3)
    "simple_sudoku",  # Simple Sudoku .ss
    "sdm",            # SudoCue .sdm: lines of 81 digits, 0 for empty
    "standard",  # standard strings, 9-line grids, one-per-line lists
)

for _name in _MODULES:
    _module = import_module(f"{__name__}.{_name}")
    for _format in getattr(_module, "FORMATS", None) or (_module.FORMAT,):
        register(_format)

__all__ = [
    "Format",
    "Lines",
    "Record",
    "detect",
    "formats",
    "get_format",
    "parse",
    "read_file",
    "read_stream",
    "read_text",
    "register",
    "write",
    "write_all",
]
