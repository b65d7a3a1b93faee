"""SVD, the format of Program16 and SVD2XLS (docs/formats.md §6), 9x9 only.

- *simple* (``svd``): 81 digits, ``0`` for an empty cell; every non-zero
  cell is locked, i.e. a given.  The writer writes every value, as the
  program does ("the current values of the cells").
- *extended* (``svd-extended``): 162 digits, a pair per cell: the lock flag
  (``1`` = given, ``0`` = not) then the value.  It keeps a game in progress
  or an answer: givens and filled digits stay apart.

Both are one puzzle per line.  The ``svd`` reader takes either length, so an
``.svd`` file of either kind reads with ``--from svd``.  Detection: a line of
exactly 162 digits with 0/1 lock flags is extended SVD; a line of 81 digits
is *not* claimed as SVD, because the standard-string reader takes it and
yields the very same grid (every digit a given).  Simple SVD is therefore
chosen by name (``--from svd``, ``--to svd``).

Collections name each puzzle ``id-moves-level-givens`` (``30-21-4-28``):
see :func:`parse_svd_label` and :func:`format_svd_label`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import PurePath
from typing import Iterator

from ..errors import ParseError, UnsupportedError
from ..grid import Grid
from ..shape import CLASSIC
from .base import Format, Lines, Record

TITLE = "SVD"
EXTENDED_TITLE = "SVD extended"
SIMPLE_LENGTH = CLASSIC.cell_count
EXTENDED_LENGTH = 2 * CLASSIC.cell_count
LOCK_FLAGS = "01"
COMMENT_PREFIXES = ("#", "//", ";")
LEVELS = range(1, 5)


@dataclass(frozen=True)
class SvdLabel:
    """A collection's puzzle number ``id-moves-level-givens``.

    ``moves`` counts the rounds of a solve in which every cell that can be
    filled is filled at once; ``level`` is 1-4; ``givens`` the clue count.
    """

    id: int
    moves: int
    level: int
    givens: int

    def __str__(self) -> str:
        return format_svd_label(self.id, self.moves, self.level, self.givens)


_LABEL = re.compile(r"(?<!\d)(\d+)-(\d+)-(\d+)-(\d+)(?!\d)")


def parse_svd_label(name: str) -> SvdLabel | None:
    """The label in a file name (``30-21-4-28.svd`` → id 30, 21 moves, level 4, 28 givens), or None.

    Only the last path component is searched; a level outside 1-4 or more
    givens than cells is not a label.
    """
    match = _LABEL.search(PurePath(name).name)
    if match is None:
        return None
    label = SvdLabel(*(int(part) for part in match.groups()))
    if label.level not in LEVELS or label.givens > CLASSIC.cell_count:
        return None
    return label


def format_svd_label(id: int, moves: int, level: int, givens: int) -> str:
    """``id-moves-level-givens``, e.g. ``30-21-4-28``."""
    if min(id, moves, givens) < 0:
        raise ValueError("an SVD label's numbers cannot be negative")
    if level not in LEVELS:
        raise ValueError(f"SVD levels are 1-4, not {level}")
    if givens > CLASSIC.cell_count:
        raise ValueError(f"{givens} givens do not fit in 81 cells")
    return f"{id}-{moves}-{level}-{givens}"


def _is_comment(text: str) -> bool:
    stripped = text.strip()
    return not stripped or stripped.startswith(COMMENT_PREFIXES)


def _expected(lengths: tuple[int, ...]) -> str:
    names = {SIMPLE_LENGTH: "81 digits (simple SVD)", EXTENDED_LENGTH: "162 digits (extended SVD)"}
    return " or ".join(names[n] for n in lengths)


def _digits(text: str, number: int, title: str, lengths: tuple[int, ...]) -> list[tuple[int, int]]:
    """The (digit, column) pairs of a line, checked to be digits of an allowed count."""
    found = []
    for column, char in enumerate(text, start=1):
        if char.isspace():
            continue
        if not "0" <= char <= "9":
            raise ParseError(title, f"{char!r} is not a digit", line=number, column=column, text=char, expected="0-9")
        found.append((int(char), column))
    if len(found) not in lengths:
        raise ParseError(
            title,
            f"a line of {len(found)} digits",
            line=number,
            column=found[-1][1] if found else 1,
            text=text.strip(),
            expected=_expected(lengths),
        )
    return found


def _extended_grid(digits: list[tuple[int, int]], number: int) -> Grid:
    values = []
    givens = set()
    for cell in range(CLASSIC.cell_count):
        (lock, lock_column), (value, _) = digits[2 * cell], digits[2 * cell + 1]
        if lock > 1:
            raise ParseError(
                EXTENDED_TITLE,
                f"lock flag {lock} of cell {CLASSIC.cell_name(cell)}",
                line=number,
                column=lock_column,
                text=str(lock),
                expected="0 (not locked) or 1 (locked, a given)",
            )
        if lock and not value:
            raise ParseError(
                EXTENDED_TITLE,
                f"cell {CLASSIC.cell_name(cell)} is locked but empty",
                line=number,
                column=lock_column,
                text=f"{lock}{value}",
                expected="a value 1-9 after lock flag 1, or lock flag 0",
            )
        values.append(value)
        if lock:
            givens.add(cell)
    return Grid(CLASSIC, tuple(values), frozenset(givens))


def _read(lines: Lines, title: str, lengths: tuple[int, ...]) -> Iterator[Record]:
    for number, text in lines:
        if _is_comment(text):
            continue
        digits = _digits(text, number, title, lengths)
        if len(digits) == EXTENDED_LENGTH:
            yield Record(_extended_grid(digits, number), number)
        else:
            yield Record(Grid.from_values([d for d, _ in digits], CLASSIC), number)


def read_svd(lines: Lines) -> Iterator[Record]:
    """SVD puzzles, one per line: simple (81 digits) or extended (162)."""
    return _read(lines, TITLE, (SIMPLE_LENGTH, EXTENDED_LENGTH))


def read_svd_extended(lines: Lines) -> Iterator[Record]:
    """Extended SVD lines only (162 digits: lock flag, value)."""
    return _read(lines, EXTENDED_TITLE, (EXTENDED_LENGTH,))


def _check_shape(grid: Grid, title: str) -> None:
    if grid.shape != CLASSIC:
        raise UnsupportedError(f"{title}: only 9x9 grids can be written, not {grid.shape.name}")


def write_svd(grid: Grid) -> str:
    """Simple SVD: 81 digits, ``0`` for empty; filled digits are written like givens."""
    _check_shape(grid, TITLE)
    return "".join(map(str, grid.values))


def write_svd_extended(grid: Grid) -> str:
    """Extended SVD: per cell, ``1`` if a given else ``0``, then the value."""
    _check_shape(grid, EXTENDED_TITLE)
    return "".join(f"{int(cell in grid.givens)}{value}" for cell, value in enumerate(grid.values))


def never_sniffed(sample: str) -> bool:
    """Simple SVD is not detected from content (the standard reader takes 81 digits)."""
    return False


def sniff_svd_extended(sample: str) -> bool:
    """The first line is 162 digits whose every other digit (the lock flags) is 0 or 1."""
    for line in sample.splitlines():
        if _is_comment(line):
            continue
        text = line.strip()
        return len(text) == EXTENDED_LENGTH and set(text) <= set("0123456789") and set(text[::2]) <= set(LOCK_FLAGS)
    return False


FORMAT = Format(
    name="svd",
    title=TITLE,
    read=read_svd,
    write=write_svd,
    sniff=never_sniffed,
    extensions=(".svd",),
    aliases=("svd-simple",),
)

EXTENDED_FORMAT = Format(
    name="svd-extended",
    title=EXTENDED_TITLE,
    read=read_svd_extended,
    write=write_svd_extended,
    sniff=sniff_svd_extended,
    extensions=(".svd",),
)

FORMATS = (FORMAT, EXTENDED_FORMAT)
