"""The state (candidates) grid (docs/formats.md §3), standard and HoDoKu frames.

A cell's candidates are written together, cells apart by spaces, boxes by
``|``; border rows (``.----.----.``, HoDoKu's ``:----+----:`` and
``'----'----'``) separate bands of boxes::

    .----------------.----------------.----------------.
    | 5    2    78   | 3    1479 479  | 789  18   6    |
    ...

The format cannot tell a given from a filled digit: a cell with one
candidate is read as a *filled* value, not a given (its candidate mask is 0,
like every cell with a value).  Pass the puzzle (``puzzle=``) to take the
givens from it.  A cell with no candidate cannot be written.  Any box shape
works; the box width is read from the ``|`` groups and the box height from
the border rows.  Digits above 9 are letters (16x16 uses 1-9 and A-G).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

from ..errors import ParseError, UnsupportedError
from ..grid import Grid, candidate_digits
from ..shape import MAX_SIDE, STANDARD_BOXES, Shape, digit_symbol, symbol_digit
from .base import Format, Lines, Record

TITLE = "state grid"
BORDER_SYMBOLS = frozenset(".-+:'=*|")
NO_CANDIDATE_TOKENS = frozenset({"0", ".", "-"})
COMMENT_PREFIXES = ("#", "//", ";")

Locate = Callable[[int, int], tuple[int, int]]
"""Maps (row key, column in the row text) to the (line, column) of the file."""


def is_border(text: str) -> bool:
    """A border row: only dashes and frame symbols (``.-+:'|``)."""
    stripped = text.strip()
    return "-" in stripped and set(stripped) <= BORDER_SYMBOLS


@dataclass(frozen=True)
class Table:
    """A parsed candidates table: its shape and, per cell, its candidate mask.

    ``masks[cell]`` is ``None`` where the table writes ``0`` (a filled cell, as
    in the partial-puzzle JSON); ``places[cell]`` is the (line, column) of the
    cell's text.
    """

    shape: Shape
    masks: tuple[int | None, ...]
    places: tuple[tuple[int, int], ...]


@dataclass
class _Row:
    key: int
    text: str
    tokens: list[tuple[str, int, int]]  # (token, column, box group)


def _tokens(text: str) -> list[tuple[str, int, int]]:
    """The whitespace-separated tokens of a row, with 1-based columns and ``|`` group numbers."""
    found = []
    group = 0
    start = None
    for index, char in enumerate(text + " "):
        if char.isspace() or char == "|":
            if start is not None:
                found.append((text[start:index], start + 1, group))
                start = None
            group += char == "|"
        elif start is None:
            start = index
    return found


class _TableParser:
    def __init__(self, title: str, allow_filled: bool, locate: Locate) -> None:
        self.title = title
        self.allow_filled = allow_filled
        self.locate = locate

    def error(self, row: _Row, column: int, reason: str, text: str | None, expected: str) -> ParseError:
        line, column = self.locate(row.key, column)
        return ParseError(self.title, reason, line=line, column=column, text=text, expected=expected)

    def parse(self, rows: Sequence[tuple[int, str]]) -> Table:
        cell_rows: list[_Row] = []
        borders: list[int] = []  # number of cell rows above each border
        for key, text in rows:
            if is_border(text):
                borders.append(len(cell_rows))
            elif text.strip():
                cell_rows.append(_Row(key, text, _tokens(text)))
        if not cell_rows:
            raise ParseError(self.title, "no cell rows in the table", expected="rows like '| 5 2 78 | ...'")
        side = len(cell_rows[0].tokens)
        if not 1 <= side <= MAX_SIDE:
            first = cell_rows[0]
            raise self.error(first, 1, f"a row of {side} cells", first.text.strip(), f"4 to {MAX_SIDE} cells a row")
        if len(cell_rows) != side:
            last = cell_rows[-1]
            raise self.error(
                last, 1, f"the table has {len(cell_rows)} rows of cells", None, f"{side} rows, one per cell of a row"
            )
        shape = self.shape(cell_rows, borders, side)
        masks: list[int | None] = []
        places: list[tuple[int, int]] = []
        for row in cell_rows:
            for token, column, _ in row.tokens:
                masks.append(self.mask(row, token, column, side))
                places.append(self.locate(row.key, column))
        return Table(shape, tuple(masks), tuple(places))

    def shape(self, rows: list[_Row], borders: list[int], side: int) -> Shape:
        width = None
        for row in rows:
            if len(row.tokens) != side:
                extra = row.tokens[side][1] if len(row.tokens) > side else len(row.text.rstrip())
                raise self.error(
                    row, extra, f"a row of {len(row.tokens)} cells", row.text.strip(), f"{side} cells, like the first row"
                )
            groups: dict[int, list[tuple[str, int, int]]] = {}
            for token in row.tokens:
                groups.setdefault(token[2], []).append(token)
            if len(groups) == 1:
                continue
            for cells in groups.values():
                if width is None:
                    width = len(cells)
                elif len(cells) != width:
                    raise self.error(
                        row, cells[0][1], f"a box of {len(cells)} cells between '|'", None, f"{width} cells per box"
                    )
        inner = sorted({b for b in borders if 0 < b < side})
        height = inner[0] if inner else None
        if height is not None and any(b % height for b in inner):
            row = rows[next(b for b in inner if b % height)]
            raise self.error(row, 1, "the border rows split the grid into bands of unequal height", None, f"a border every {height} rows")
        if width is None and height is None:
            width, height = STANDARD_BOXES.get(side, (side, 1))
        elif width is None and height is not None:
            width = side // height if side % height == 0 else side
        elif height is None and width is not None:
            height = side // width if side % width == 0 else side
        assert width is not None and height is not None
        if width * height != side:
            raise self.error(
                rows[0], 1, f"boxes of {width}x{height} cells do not make a {side}x{side} grid", None,
                f"box width x box height = {side}",
            )
        return Shape(width, height)

    def mask(self, row: _Row, token: str, column: int, side: int) -> int | None:
        if token in NO_CANDIDATE_TOKENS:
            if self.allow_filled:
                return None
            raise self.error(
                row, column, "a cell with no candidate", token, f"one or more of 1-{digit_symbol(side)} (empty cells need candidates)"
            )
        mask = 0
        for offset, symbol in enumerate(token):
            digit = symbol_digit(symbol)
            if not 1 <= digit <= side:
                raise self.error(
                    row, column + offset, f"{symbol!r} is not a digit of a {side}x{side} grid", token,
                    f"candidates among 1-{digit_symbol(side)}" + (" or 0 for a filled cell" if self.allow_filled else ""),
                )
            bit = 1 << (digit - 1)
            if mask & bit:
                raise self.error(row, column + offset, f"candidate {symbol} is written twice", token, "each candidate once")
            mask |= bit
        return mask


def parse_table(
    rows: Sequence[tuple[int, str]],
    *,
    title: str = TITLE,
    allow_filled: bool = False,
    locate: Locate | None = None,
) -> Table:
    """Parse the rows of a candidates table, given as (key, text) pairs (key = line number by default).

    With ``allow_filled`` a cell written ``0`` is a filled cell (mask ``None``);
    otherwise it is an error.  ``locate`` turns (key, column) into the (line,
    column) errors report.
    """
    return _TableParser(title, allow_filled, locate or (lambda key, column: (key, column))).parse(rows)


def grid_from_table(table: Table, puzzle: Grid | None = None, *, title: str = TITLE) -> Grid:
    """The grid a state table shows: one candidate = a filled value; givens from ``puzzle`` if any."""
    values = []
    candidates = []
    for mask in table.masks:
        digits = candidate_digits(mask or 0)
        single = len(digits) == 1
        values.append(digits[0] if single else 0)
        candidates.append(0 if single else mask or 0)
    givens: set[int] = set()
    if puzzle is not None:
        if puzzle.shape != table.shape:
            raise ParseError(title, f"the state is {table.shape.name} but the puzzle is {puzzle.shape.name}")
        for cell in puzzle.givens:
            if values[cell] != puzzle.values[cell]:
                line, column = table.places[cell]
                raise ParseError(
                    title,
                    f"{table.shape.cell_name(cell)} is not the puzzle's given",
                    line=line,
                    column=column,
                    text=digit_symbol(values[cell]) if values[cell] else "candidates",
                    expected=digit_symbol(puzzle.values[cell]),
                )
            givens.add(cell)
    return Grid(table.shape, tuple(values), frozenset(givens), tuple(candidates))


def _is_comment(text: str) -> bool:
    stripped = text.strip()
    return not stripped or stripped.startswith(COMMENT_PREFIXES)


def read_state(lines: Lines, *, puzzle: Grid | None = None) -> Iterator[Record]:
    """Grids from candidates tables, one after another; see the module notes on givens."""
    for number, text in lines:
        if _is_comment(text):
            continue
        block = [(number, text)]
        side = None if is_border(text) else len(_tokens(text))
        cell_rows = 0 if side is None else 1
        while side is None or cell_rows < side:
            item = next(lines, None)
            if item is None or not item[1].strip():
                where = item[0] if item else lines.line_number
                raise ParseError(
                    TITLE,
                    f"the grid that starts on line {number} ends after {cell_rows} rows of cells",
                    line=where,
                    column=1,
                    expected=f"{side or 'N'} rows of cells and a closing border",
                )
            block.append(item)
            if not is_border(item[1]):
                cell_rows += 1
                if side is None:
                    side = len(_tokens(item[1]))
        following = lines.peek()
        if following is not None and is_border(following[1]):
            block.append(next(lines))
        yield Record(grid_from_table(parse_table(block), puzzle), number)


def parse_state(text: str, puzzle: Grid | None = None) -> Grid:
    """The grid of one state table held in a string."""
    for record in read_state(Lines.from_text(text), puzzle=puzzle):
        return record.grid
    raise ParseError(TITLE, "no state grid found", expected="a candidates table")


def cell_tokens(grid: Grid, filled: str | None = None) -> list[str]:
    """What each cell shows: its value (or ``filled``), else its candidates.

    Candidates come from the grid, or are computed when it records none.
    """
    masks = grid.candidates if grid.candidates is not None else grid.computed_candidates()
    tokens = []
    for cell, value in enumerate(grid.values):
        if value:
            tokens.append(filled if filled is not None else digit_symbol(value))
        elif masks[cell]:
            tokens.append("".join(digit_symbol(d) for d in candidate_digits(masks[cell])))
        else:
            raise UnsupportedError(
                f"{TITLE}: {grid.shape.cell_name(cell)} is empty and has no candidate; "
                "the format cannot write such a cell"
            )
    return tokens


def table_lines(shape: Shape, tokens: Sequence[str], *, hodoku: bool = False) -> list[str]:
    """The framed table of one token per cell: standard frame, or HoDoKu's with per-column widths."""
    side = shape.side
    if hodoku:
        widths = [max(len(tokens[r * side + c]) for r in range(side)) for c in range(side)]
        gap, corners = "  ", (".", ".", ":", "+", "'", "'")
    else:
        widths = [max(len(t) for t in tokens)] * side
        gap, corners = " ", (".", ".", ".", "+", ".", ".")
    band_starts = range(0, side, shape.box_width)

    def group(values: Sequence[str], start: int) -> str:
        cells = [values[c].ljust(widths[c]) for c in range(start, start + shape.box_width)]
        return " " + gap.join(cells) + " "

    dashes = ["-" * len(group([""] * side, start)) for start in band_starts]

    def border(outer: str, inner: str) -> str:
        return outer + inner.join(dashes) + outer

    lines = [border(corners[0], corners[1])]
    for row in range(side):
        if row and row % shape.box_height == 0:
            lines.append(border(corners[2], corners[3]))
        values = tokens[row * side : (row + 1) * side]
        lines.append("|" + "|".join(group(values, start) for start in band_starts) + "|")
    lines.append(border(corners[4], corners[5]))
    return lines


def write_state(grid: Grid, *, hodoku: bool = False) -> str:
    """The candidates table in the standard frame (``hodoku=True``: HoDoKu's frame)."""
    return "\n".join(table_lines(grid.shape, cell_tokens(grid), hodoku=hodoku))


def write_state_hodoku(grid: Grid) -> str:
    """The candidates table in HoDoKu's frame, columns padded to their width."""
    return write_state(grid, hodoku=True)


def sniff_state(sample: str) -> bool:
    """A border or ``|`` row first, then a row of ``|``-separated candidate groups (no '.')."""
    content = [line for line in sample.splitlines()[:40] if not _is_comment(line)]
    if not content or not (is_border(content[0]) or content[0].lstrip().startswith("|")):
        return False
    row = next((line for line in content if not is_border(line)), "")
    tokens = [token for token, _, _ in _tokens(row)]
    return (
        "|" in row
        and len(tokens) in STANDARD_BOXES
        and len(tokens) >= 4
        and all(all(symbol_digit(s) > 0 for s in token) for token in tokens)
    )


def never_sniffed(sample: str) -> bool:
    """For formats chosen only by name (or whose reader another format shares)."""
    return False


FORMAT = Format(
    name="state",
    title=TITLE,
    read=read_state,
    write=write_state,
    sniff=sniff_state,
    aliases=("candidates", "pencilmarks"),
)

HODOKU_FORMAT = Format(
    name="state-hodoku",
    title=f"{TITLE} (HoDoKu frame)",
    read=read_state,
    write=write_state_hodoku,
    sniff=never_sniffed,  # "state" reads both frames
)

FORMATS = (FORMAT, HODOKU_FORMAT)
