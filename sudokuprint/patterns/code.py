"""Pattern codes (docs/formats.md §7): a 180°-symmetric 9x9 pattern of givens as 10 hex digits.

The pattern is symmetric under a 180° turn (0-based cell ``k`` mirrors
``80 - k``), so only cells 0-39 are coded: ten groups of four cells, each a
hex digit with the group's first cell as its most significant bit.  The
centre cell 40 (the seed's cell 41) is coded by an optional 11th character,
``1`` if it is a given, ``0`` (or nothing) if not; the 11th character is this
project's extension.  Cells are 0-based in this API.

This is the codec of the pattern alone; the ``code_solution`` file format
that carries a puzzle is :mod:`sudokuprint.formats.pattern_code`, which
builds on it (formats import patterns, never the other way round).
"""

from __future__ import annotations

from typing import Iterable

from ..errors import ParseError, UnsupportedError
from ..shape import CLASSIC

TITLE = "pattern code"
GROUP_SIZE = 4
HALF = 40
CENTRE = 40
CODE_LENGTH = HALF // GROUP_SIZE
HEX_DIGITS = "0123456789ABCDEF"


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


def code_or_none(cells: Iterable[int]) -> str | None:
    """The code of a pattern, or None when it is not 180°-symmetric (or not on a 9x9 grid)."""
    try:
        return encode_pattern(cells)
    except (UnsupportedError, ValueError):
        return None


def decode_at(code: str, line: int, column: int) -> frozenset[int]:
    """The cells of a code found at ``line``, ``column`` of some text (for messages that name the place)."""
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
    return decode_at(code.strip(), 1, 1)
