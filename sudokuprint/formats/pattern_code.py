"""Pattern code + solution (docs/formats.md §7), 9x9 only.

``5028140442_751482936...`` is a symmetric pattern of givens and the
solution: the givens are the solution's digits in the pattern's cells.

The pattern is symmetric under a 180° turn (0-based cell ``k`` mirrors
``80 - k``), so only cells 0-39 are coded: ten groups of four cells, each a
hex digit with the group's first cell as its most significant bit.  The
centre cell 40 (the seed's cell 41) is coded by an optional 11th character,
``1`` if it is a given, ``0`` (or nothing) if not; the 11th character is this
project's extension.  Cells are 0-based in this API.
"""

from __future__ import annotations

import re
from typing import Iterable, Iterator

from ..errors import ParseError, UnsupportedError
from ..grid import Grid
from ..shape import CLASSIC
from ..solver import solve
from .base import Format, Lines, Record

TITLE = "pattern code"
GROUP_SIZE = 4
HALF = 40
CENTRE = 40
CODE_LENGTH = HALF // GROUP_SIZE
SEPARATOR = "_"
HEX_DIGITS = "0123456789ABCDEF"
COMMENT_PREFIXES = ("#", "//", ";")
_LINE = re.compile(r"^[0-9A-Fa-f]{10}[01]?_[1-9]{81}$")


def mirror(cell: int) -> int:
    """The cell a 180° turn of the grid puts in place of ``cell`` (0-based)."""
    return CLASSIC.cell_count - 1 - cell


def encode_pattern(cells: Iterable[int]) -> str:
    """The code of a symmetric pattern (0-based cells): 10 hex digits, plus ``1`` if the centre is a given.

    Raises :class:`UnsupportedError` when the pattern is not symmetric under a
    180° turn, naming the cells whose mirror is missing.
    """
    pattern = frozenset(cells)
    outside = sorted(c for c in pattern if not 0 <= c < CLASSIC.cell_count)
    if outside:
        raise ValueError(f"cells {outside} are not cells 0-80 of a 9x9 grid")
    lonely = sorted(c for c in pattern if mirror(c) not in pattern)
    if lonely:
        pairs = ", ".join(f"{CLASSIC.cell_name(c)} (mirror {CLASSIC.cell_name(mirror(c))})" for c in lonely[:6])
        raise UnsupportedError(
            f"{TITLE}: the pattern is not symmetric under a 180° turn; "
            f"{len(lonely)} given(s) lack a mirror given: {pairs}"
        )
    code = ""
    for start in range(0, HALF, GROUP_SIZE):
        nibble = sum(1 << (GROUP_SIZE - 1 - i) for i in range(GROUP_SIZE) if start + i in pattern)
        code += HEX_DIGITS[nibble]
    return code + ("1" if CENTRE in pattern else "")


def _decode(code: str, line: int, column: int) -> frozenset[int]:
    if len(code) not in (CODE_LENGTH, CODE_LENGTH + 1):
        raise ParseError(
            TITLE,
            f"a pattern code of {len(code)} characters",
            line=line,
            column=column,
            text=code,
            expected="10 hex digits, and optionally 0 or 1 for the centre cell",
        )
    cells = set()
    for index, char in enumerate(code[:CODE_LENGTH]):
        nibble = HEX_DIGITS.find(char.upper())
        if nibble < 0:
            raise ParseError(
                TITLE, f"{char!r} is not a hex digit", line=line, column=column + index, text=char, expected="0-9 or A-F"
            )
        for bit in range(GROUP_SIZE):
            if nibble >> (GROUP_SIZE - 1 - bit) & 1:
                cells.add(index * GROUP_SIZE + bit)
    if len(code) > CODE_LENGTH:
        centre = code[CODE_LENGTH]
        if centre not in "01":
            raise ParseError(
                TITLE,
                f"centre flag {centre!r}",
                line=line,
                column=column + CODE_LENGTH,
                text=centre,
                expected="0 (centre empty) or 1 (centre a given)",
            )
        if centre == "1":
            cells.add(CENTRE)
    return frozenset(cells | {mirror(c) for c in cells})


def decode_pattern(code: str) -> frozenset[int]:
    """The 0-based cells of the givens a pattern code names (both halves and the centre)."""
    return _decode(code.strip(), 1, 1)


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
    pattern = _decode(code, number, start)
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


FORMAT = Format(
    name="pattern-code",
    title=TITLE,
    read=read_pattern_code,
    write=write_pattern_code,
    sniff=sniff_pattern_code,
    aliases=("pattern",),
)
