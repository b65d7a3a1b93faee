"""Sudoku Explainer's state string (docs/formats.md §4), 9x9 only.

729 characters: for each of the 81 cells, 9 characters; position ``d`` holds
``d`` if ``d`` is still a candidate and ``.`` otherwise.  A cell with exactly
one candidate is a filled value (like the state grid, the format cannot tell
a given from a filled digit); a cell with none cannot be written.  Whitespace
between characters is ignored, so the string may be split into groups or
spread over several lines.
"""

from __future__ import annotations

from typing import Iterator

from ..errors import ParseError, UnsupportedError
from ..grid import Grid, candidate_digits
from ..shape import CLASSIC
from .base import Format, Lines, Record

TITLE = "Sudoku Explainer state"
CELL_WIDTH = 9
LENGTH = CLASSIC.cell_count * CELL_WIDTH
ABSENT = "."
COMMENT_PREFIXES = ("#", "//", ";")


def _is_comment(text: str) -> bool:
    stripped = text.strip()
    return not stripped or stripped.startswith(COMMENT_PREFIXES)


def _grid_of(chars: list[tuple[str, int, int]]) -> Grid:
    """The grid of 729 (char, line, column) triples."""
    values = []
    candidates = []
    for cell in range(CLASSIC.cell_count):
        mask = 0
        for position in range(CELL_WIDTH):
            char, line, column = chars[cell * CELL_WIDTH + position]
            digit = str(position + 1)
            if char == digit:
                mask |= 1 << position
            elif char != ABSENT:
                raise ParseError(
                    TITLE,
                    f"{char!r} at place {position + 1} of cell {CLASSIC.cell_name(cell)}",
                    line=line,
                    column=column,
                    text=char,
                    expected=f"{digit!r} (candidate) or {ABSENT!r} (not a candidate)",
                )
        if not mask:
            _, line, column = chars[cell * CELL_WIDTH]
            text = "".join(c for c, _, _ in chars[cell * CELL_WIDTH : (cell + 1) * CELL_WIDTH])
            raise ParseError(
                TITLE,
                f"cell {CLASSIC.cell_name(cell)} has no candidate",
                line=line,
                column=column,
                text=text,
                expected="at least one candidate digit in the cell's 9 places",
            )
        digits = candidate_digits(mask)
        single = len(digits) == 1
        values.append(digits[0] if single else 0)
        candidates.append(0 if single else mask)
    return Grid(CLASSIC, tuple(values), frozenset(), tuple(candidates))


def read_explainer(lines: Lines) -> Iterator[Record]:
    """Grids from 729-character states, one after another (whitespace ignored)."""
    for number, text in lines:
        if _is_comment(text):
            continue
        chars: list[tuple[str, int, int]] = []
        line, row_text = number, text
        while True:
            chars.extend((ch, line, col) for col, ch in enumerate(row_text, start=1) if not ch.isspace())
            if len(chars) >= LENGTH:
                break
            item = next(lines, None)
            if item is None or _is_comment(item[1]):
                raise ParseError(
                    TITLE,
                    f"the state that starts on line {number} has {len(chars)} characters",
                    line=item[0] if item else lines.line_number,
                    column=1,
                    expected=f"{LENGTH} characters (9 per cell)",
                )
            line, row_text = item
        if len(chars) > LENGTH:
            _, line, column = chars[LENGTH]
            raise ParseError(
                TITLE,
                f"the state that starts on line {number} is longer than {LENGTH} characters",
                line=line,
                column=column,
                text=row_text[column - 1 :],
                expected="the end of the line",
            )
        yield Record(_grid_of(chars), number)


def write_explainer(grid: Grid) -> str:
    """The 729-character state; candidates are computed when the grid records none."""
    if grid.shape != CLASSIC:
        raise UnsupportedError(f"{TITLE}: only 9x9 grids can be written, not {grid.shape.name}")
    masks = grid.candidates if grid.candidates is not None else grid.computed_candidates()
    out: list[str] = []
    for cell, value in enumerate(grid.values):
        mask = 1 << (value - 1) if value else masks[cell]
        if not mask:
            raise UnsupportedError(f"{TITLE}: {CLASSIC.cell_name(cell)} is empty and has no candidate")
        out.extend(str(d + 1) if mask >> d & 1 else ABSENT for d in range(CELL_WIDTH))
    return "".join(out)


def sniff_explainer(sample: str) -> bool:
    """The first line holds 729 characters of digits and dots (whitespace aside)."""
    for line in sample.splitlines():
        if _is_comment(line):
            continue
        chars = "".join(line.split())
        return len(chars) == LENGTH and set(chars) <= set("123456789" + ABSENT)
    return False


FORMAT = Format(
    name="explainer",
    title=TITLE,
    read=read_explainer,
    write=write_explainer,
    sniff=sniff_explainer,
    aliases=("sudoku-explainer", "se-state"),
)
