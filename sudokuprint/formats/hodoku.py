"""HoDoKu's text files: the regression library and the command-line output (read only).

Library lines (``reglib-1.3.txt``, whose header documents them)::

    :<technique>:<candidates>:<givens>:<deleted>:<eliminations>:<placements>:<extra>:
    :0603:3:14+8..+9+72+5.+3...:224 524 225:364 365::

- ``<technique>`` a code such as ``0603``, maybe with a variant (``0603-1``);
  the variant ``x`` marks a fail case (the technique must not be found);
- ``<givens>`` 81 cells, ``.`` empty, ``+`` before a digit placed by solving;
- ``<deleted>``, ``<eliminations>``, ``<placements>``: ``drc`` triples (digit,
  row, column, 1-based) separated by blanks.

A line becomes a :class:`LibraryStep` (see :func:`parse_library_line`): the
grid holds the givens, the placed digits as filled (non-given) digits and the
candidates (computed from the digits, minus the deleted ones).  The reader
yields it as a record whose meta keeps ``technique``, ``technique_name`` (from
the ``#NNNN: Name`` header above it), ``technique_candidates``, ``deleted``,
``eliminations``, ``placements`` and ``extra`` as written.

Output lines: ``<puzzle> #Medium`` (generator), ``<puzzle> # x er(1) s``
(search), and the batch solver's ``<puzzle> #1 Easy (196)`` followed by
indented steps (``   Naked Single: r5c6=4``), kept in ``meta["steps"]``.
Levels and scores go to ``meta["level"]``/``meta["score"]``, the number to
``meta["id"]``, and the text after the puzzle to ``meta["comment"]``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator, NamedTuple

from ..errors import ParseError
from ..grid import Grid
from ..notation import Cell
from ..shape import CLASSIC
from .base import Format, Lines, Record
from .standard import is_comment, split_puzzle_line
from .textgrid import grid_from_cells

TITLE = "HoDoKu"
FIELDS = ("technique", "technique_candidates", "givens", "deleted", "eliminations", "placements", "extra")
_SECTION = re.compile(r"#\s*(\d{4,5}(?:-\w+)?)\s*:\s*(.+)")
_LIBRARY_LINE = re.compile(r":\d{4,5}(?:-\w+)?:")
_NUMBERED_LEVEL = re.compile(r"#\s*(\d+)\s+(\w[\w ]*?)\s*\((\d+)\)\s*$")
_LEVEL = re.compile(r"#\s*([A-Za-z]\w*)\s*$")
_STEP = re.compile(r"\s+\S.*:\s*\S")
SIDE = 9


class Candidate(NamedTuple):
    """A digit in a cell (0-based cell number)."""

    digit: int
    cell: int

    def __str__(self) -> str:
        row, column = divmod(self.cell, SIDE)
        return f"r{row + 1}c{column + 1}<>{self.digit}"


@dataclass(frozen=True)
class LibraryStep:
    """One library line: a pencil-mark position and the step expected in it."""

    technique: str
    """The technique code without its variant: ``0603``."""
    variant: str
    """The variant after the dash (``1``, ``2``, ``x``), or empty."""
    digits: tuple[int, ...]
    """The ``<candidates>`` field: the digits the step is about."""
    grid: Grid
    deleted: tuple[Candidate, ...]
    eliminations: tuple[Candidate, ...]
    placements: tuple[Candidate, ...]
    extra: str
    line: int = 1

    @property
    def is_fail_case(self) -> bool:
        """True when the technique must *not* be found in this position."""
        return self.variant == "x"


def _fields(text: str, line: int) -> list[tuple[str, int]]:
    """The ``:``-separated fields of a library line with their first columns."""
    stripped = text.rstrip()
    if not stripped.startswith(":"):
        raise ParseError(TITLE, "a library line must start with ':'", line=line, column=1, text=stripped, expected=":<technique>:<candidates>:<givens>:...")
    fields: list[tuple[str, int]] = []
    column = 2
    for part in stripped[1:].split(":"):
        fields.append((part, column))
        column += len(part) + 1
    while len(fields) < len(FIELDS):
        fields.append(("", column))
    return fields[: len(FIELDS)]


def _givens(field: str, line: int, first_column: int) -> Grid:
    """Givens and placed digits: ``+`` before a digit marks it placed, not given."""
    cells: list[Cell] = []
    placed: set[int] = set()
    plus = False
    for offset, ch in enumerate(field):
        column = first_column + offset
        if ch == "+":
            if plus:
                raise ParseError(TITLE, "two '+' in a row", line=line, column=column, text=ch, expected="a digit after '+'")
            plus = True
            continue
        if plus:
            if not ch.isdigit() or ch == "0":
                raise ParseError(TITLE, f"{ch!r} after '+'", line=line, column=column, text=ch, expected="a digit 1-9 after '+'")
            placed.add(len(cells))
            plus = False
        cells.append(Cell(ch, line, column))
    if len(cells) != SIDE * SIDE:
        column = cells[SIDE * SIDE].column if len(cells) > SIDE * SIDE else first_column + len(field)
        raise ParseError(TITLE, f"the givens have {len(cells)} cells", line=line, column=column, text=field, expected="81 cells ('.' empty, '+' before a placed digit)")
    grid = grid_from_cells(cells, SIDE, TITLE)
    return Grid(CLASSIC, grid.values, frozenset(c for c, v in enumerate(grid.values) if v) - placed)


def _candidates(field: str, line: int, first_column: int) -> tuple[Candidate, ...]:
    """``drc`` triples separated by blanks: digit, row, column."""
    found = []
    for match in re.finditer(r"\S+", field):
        token = match.group()
        if len(token) != 3 or not all("1" <= ch <= "9" for ch in token):
            raise ParseError(
                TITLE,
                f"{token!r} is not a candidate",
                line=line,
                column=first_column + match.start(),
                text=token,
                expected="three digits 1-9: digit, row, column (e.g. 436 = r3c6<>4)",
            )
        digit, row, column = (int(ch) for ch in token)
        found.append(Candidate(digit, (row - 1) * SIDE + column - 1))
    return tuple(found)


def parse_library_line(text: str, line: int = 1) -> LibraryStep:
    """A HoDoKu library line as a position (grid with candidates) and its expected step."""
    fields = _fields(text, line)
    (technique_field, technique_column), (digits_field, digits_column) = fields[0], fields[1]
    technique, _, variant = technique_field.partition("-")
    if not technique.isdigit():
        raise ParseError(TITLE, "the technique is not a code", line=line, column=technique_column, text=technique_field, expected="a code of digits such as 0603 or 0603-1")
    bad_digit = next((i for i, ch in enumerate(digits_field) if not "1" <= ch <= "9" and not ch.isspace()), None)
    if bad_digit is not None:
        raise ParseError(TITLE, "the step's candidates are not digits", line=line, column=digits_column + bad_digit, text=digits_field, expected="digits 1-9")
    grid = _givens(fields[2][0], line, fields[2][1])
    deleted = _candidates(fields[3][0], line, fields[3][1])
    masks = list(grid.computed_candidates())
    for candidate in deleted:
        masks[candidate.cell] &= ~(1 << (candidate.digit - 1))
    return LibraryStep(
        technique=technique,
        variant=variant,
        digits=tuple(int(ch) for ch in digits_field if ch.isdigit()),
        grid=grid.with_candidates(masks),
        deleted=deleted,
        eliminations=_candidates(fields[4][0], line, fields[4][1]),
        placements=_candidates(fields[5][0], line, fields[5][1]),
        extra=fields[6][0],
        line=line,
    )


def _library_record(text: str, number: int, section: str) -> Record:
    step = parse_library_line(text, number)
    meta = {key: value for key, (value, _) in zip(FIELDS, _fields(text, number)) if key != "givens" and value}
    if section:
        meta["technique_name"] = section
    return Record(step.grid, number, meta)


def _output_meta(comment: str) -> dict[str, str]:
    meta = {"comment": comment} if comment else {}
    numbered = _NUMBERED_LEVEL.match(comment)
    if numbered:
        meta.update(id=numbered.group(1), level=numbered.group(2), score=numbered.group(3))
    elif level := _LEVEL.match(comment):
        meta["level"] = level.group(1)
    return meta


def _steps(lines: Lines) -> list[str]:
    """The indented step lines that follow a solved puzzle."""
    steps = []
    while (item := lines.peek()) is not None and item[1][:1].isspace() and item[1].strip():
        steps.append(next(lines)[1].strip())
    return steps


def read_hodoku(lines: Lines) -> Iterator[Record]:
    """Library positions and output puzzles (with their steps), lazily."""
    section = ""
    for number, text in lines:
        stripped = text.strip()
        if stripped.startswith(":"):
            yield _library_record(text, number, section)
            continue
        if is_comment(text):
            heading = _SECTION.match(stripped)
            if heading:
                section = heading.group(2).strip()
            continue
        puzzle = split_puzzle_line(text, number)
        if puzzle is None:
            raise ParseError(
                TITLE,
                "neither a library line nor a puzzle",
                line=number,
                column=len(text) - len(text.lstrip()) + 1,
                text=stripped,
                expected="':<technique>:...' or '<81 cells> #<comment>'",
            )
        cells, side, comment = puzzle
        meta = _output_meta(comment)
        steps = _steps(lines)
        if steps:
            meta["steps"] = "\n".join(steps)
        yield Record(grid_from_cells(cells, side, TITLE), number, meta)


def sniff_hodoku(sample: str) -> bool:
    """A library line (``:0603:...``), or a puzzle followed by indented solving steps."""
    lines = [line for line in sample.splitlines() if line.strip()]
    content = [line for line in lines if not line.lstrip().startswith("#")]
    if content and _LIBRARY_LINE.match(content[0].strip()):
        return True
    return len(lines) > 1 and split_puzzle_line(lines[0], 1) is not None and bool(_STEP.match(lines[1]))


FORMAT = Format(
    name="hodoku",
    title=TITLE,
    read=read_hodoku,
    write=None,
    sniff=sniff_hodoku,
    aliases=("hodoku-library", "reglib"),
)
