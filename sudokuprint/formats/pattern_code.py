"""Pattern code + solution (docs/formats.md §7), 9x9 only: the file format.

``5028140442_751482936...`` is a symmetric pattern of givens and the
solution: the givens are the solution's digits in the pattern's cells.

The pattern is symmetric under a 180° turn (0-based cell ``k`` mirrors
``80 - k``), so only cells 0-39 are coded: ten groups of four cells, each a
hex digit with the group's first cell as its most significant bit.  The
centre cell 40 (the seed's cell 41) is coded by an optional 11th character,
``1`` if it is a given, ``0`` (or nothing) if not; the 11th character is this
project's extension.  The codec of the pattern alone lives with the
patterns (:mod:`sudokuprint.patterns.code`); it is re-exported here.
"""

from __future__ import annotations

import re
from typing import Iterator

from ..errors import ParseError, UnsupportedError
from ..grid import Grid
from ..patterns.code import TITLE, decode_at, decode_pattern, encode_pattern, mirror
from ..shape import CLASSIC
from ..solver import solve
from .base import Format, Lines, Record

SEPARATOR = "_"
COMMENT_PREFIXES = ("#", "//", ";")
_LINE = re.compile(r"^[0-9A-Fa-f]{10}[01]?_[1-9]{81}$")


def _is_comment(text: str) -> bool:
    stripped = text.strip()
    return not stripped or stripped.startswith(COMMENT_PREFIXES)


def _parse_line(text: str, number: int) -> Record:
    body = text.strip()
    start = len(text) - len(text.lstrip()) + 1
    code, separator, solution = body.partition(SEPARATOR)
    if not separator:
        raise ParseError(
            TITLE,
            "no '_' between the pattern code and the solution",
            line=number,
            column=start,
            text=body,
            expected="CODE_SOLUTION, e.g. 5028140442_751482936...",
        )
    pattern = decode_at(code, number, start)
    solution_column = start + len(code) + 1
    for index, char in enumerate(solution):
        if not "1" <= char <= "9":
            raise ParseError(
                TITLE,
                f"{char!r} in the solution",
                line=number,
                column=solution_column + index,
                text=char,
                expected="a digit 1-9 (the solution is complete)",
            )
    if len(solution) != CLASSIC.cell_count:
        raise ParseError(
            TITLE,
            f"a solution of {len(solution)} digits",
            line=number,
            column=solution_column,
            text=solution,
            expected="81 digits after the '_'",
        )
    values = tuple(int(solution[c]) if c in pattern else 0 for c in range(CLASSIC.cell_count))
    grid = Grid(CLASSIC, values, pattern)
    return Record(grid, number, {"solution": solution, "pattern_code": code})


def read_pattern_code(lines: Lines) -> Iterator[Record]:
    """Puzzles from ``code_solution`` lines; ``meta`` keeps ``solution`` and ``pattern_code``."""
    for number, text in lines:
        if not _is_comment(text):
            yield _parse_line(text, number)


def write_pattern_code(grid: Grid) -> str:
    """``code_solution`` for a 9x9 puzzle whose givens are symmetric and which has one solution.

    The code is made from the givens (:func:`encode_pattern`); the solution
    is the solver's (``sudokuprint.solver.solve`` on the givens alone), so a
    puzzle with no or several solutions raises its solver error.
    """
    if grid.shape != CLASSIC:
        raise UnsupportedError(f"{TITLE}: only 9x9 grids can be written, not {grid.shape.name}")
    code = encode_pattern(grid.givens)
    solution = solve(grid.puzzle())
    return f"{code}{SEPARATOR}{solution.to_string()}"


def sniff_pattern_code(sample: str) -> bool:
    for line in sample.splitlines():
        if not _is_comment(line):
            return bool(_LINE.match(line.strip()))
    return False


__all__ = ["FORMAT", "decode_pattern", "encode_pattern", "mirror", "read_pattern_code", "write_pattern_code"]

FORMAT = Format(
    name="pattern-code",
    title=TITLE,
    read=read_pattern_code,
    write=write_pattern_code,
    sniff=sniff_pattern_code,
    aliases=("pattern",),
)
