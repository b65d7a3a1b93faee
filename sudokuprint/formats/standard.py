"""Lists of standard puzzle strings (docs/formats.md §1), one puzzle per line or grid.

The notation itself (one symbol per cell, ``.`` or ``0`` for an empty one,
blanks ignored) is the model's: :mod:`sudokuprint.notation` reads and writes
it, and :meth:`Grid.from_string <sudokuprint.grid.Grid.from_string>` /
:meth:`Grid.to_string <sudokuprint.grid.Grid.to_string>` are its pair.  This
module reads whole files of it.

A list holds one puzzle per line (16, 36, 64, 81, ... cells) or grids of N
lines of N cells separated by blank lines, and also:

- comment lines starting with ``#``, ``//`` or ``;``, and blank lines;
- text after a puzzle on its line, kept in ``meta["comment"]``: from a ``#``
  on (HoDoKu's ``<puzzle> #Medium``) or after the first blank when the first
  word is a whole puzzle (serate's ``<puzzle> ED=9.1/1.2/2.6``);
- lines of prose before the first puzzle (a header such as "comment line to
  ignore"), kept in ``meta["header"]``.  A line is prose when it has a word of
  3+ letters with a letter that is not a digit (H-Z) and no run of 6 digits or
  dots; anything else that is not a puzzle is an error with line and column.

A 16-cell line is a 4x4 puzzle, never a row of a 16x16 grid.
"""

from __future__ import annotations

from typing import Iterator

from ..errors import ParseError
from ..grid import Grid
from ..notation import EMPTY_SYMBOLS, MAX_SIDE, TITLE, VALID_SIDES, Cell, cells_of, side_for_count
from ..shape import symbol_digit
from .base import Format, Lines, Record
from .textgrid import Row, end_of_input, grid_from_cells, grid_from_rows, is_prose, nearest_full_size, row_of

COMMENT_PREFIXES = ("#", "//", ";")

__all__ = [
    "COMMENT_PREFIXES",
    "EMPTY_SYMBOLS",
    "FORMAT",
    "TITLE",
    "VALID_SIDES",
    "is_comment",
    "read_puzzle_list",
    "read_standard",
    "sniff_standard",
    "split_puzzle_line",
    "write_standard",
]


def is_comment(text: str) -> bool:
    """A blank line or one that starts with ``#``, ``//`` or ``;``."""
    stripped = text.lstrip()
    return not stripped or stripped.startswith(COMMENT_PREFIXES)


def _whole_puzzle(cells: list[Cell]) -> int | None:
    """The side when ``cells`` are a whole puzzle of 4x4 or more."""
    return side_for_count(len(cells))


def split_puzzle_line(text: str, number: int, *, whole_line: bool = True) -> tuple[list[Cell], int, str] | None:
    """A line that holds one whole puzzle: (cells, side, trailing comment), else None.

    The comment is the text from a ``#`` on, or after the first word when that
    word is a whole puzzle and the rest is not more cells (it has a character
    that is not a cell, or is prose).  Failing those, the whole line's cells
    (blanks ignored) are the puzzle, unless ``whole_line`` is false.
    """
    hash_at = text.find("#")
    if hash_at > 0:
        cells = cells_of(text[:hash_at], number)
        side = _whole_puzzle(cells)
        if side is not None:
            return cells, side, text[hash_at:].strip()
    stripped = text.lstrip()
    words = stripped.split(None, 1)
    if len(words) == 2 and _is_comment_text(words[1]):
        first_column = len(text) - len(stripped) + 1
        cells = cells_of(words[0], number, first_column)
        side = _whole_puzzle(cells)
        if side is not None:
            return cells, side, words[1].strip()
    if not whole_line:
        return None
    cells = cells_of(text, number)
    side = _whole_puzzle(cells)
    if side is not None:
        return cells, side, ""
    return None


def _is_comment_text(text: str) -> bool:
    return is_prose(text) or any(not (ch.isalnum() or ch in EMPTY_SYMBOLS or ch.isspace()) for ch in text)


def _is_row(cells: list[Cell]) -> bool:
    return len(cells) in VALID_SIDES and _whole_puzzle(cells) is None


def _read_block(first: Row, lines: Lines) -> tuple[list[Row], tuple[int, str]]:
    """The rows of a grid block: the lines up to a blank, comment or non-row line."""
    rows = [first]
    while len(rows) <= MAX_SIDE:
        item = lines.peek()
        if item is None:
            return rows, end_of_input(lines.line_number)
        number, text = item
        row = row_of(number, text)
        if is_comment(text) or not row.cells or len(row.cells) > MAX_SIDE:
            return rows, item
        next(lines)
        rows.append(row)
    return rows, (rows[-1].line, rows[-1].text)


def _bad_line(text: str, number: int, title: str) -> ParseError:
    """A line that is neither a whole puzzle nor a grid row: point at the gap or the excess."""
    words = text.split()
    stripped = text.lstrip()
    first_column = len(text) - len(stripped) + 1
    cells = cells_of(words[0], number, first_column) if len(words) > 1 and len(words[0]) > MAX_SIDE else cells_of(text, number)
    count = len(cells)
    if count > MAX_SIDE:
        size = nearest_full_size(count)
        column = cells[size].column if count > size else cells[-1].column + 1
        expected = f"{size} cells on a line for a whole puzzle"
    else:
        column = cells[-1].column + 1
        expected = "81 cells on a line (or 16, 36, 64, 144, 256), or a grid of 9 lines of 9 cells"
    return ParseError(
        title,
        f"a line of {count} cells is neither a whole puzzle nor a grid row",
        line=number,
        column=column,
        text=text.strip(),
        expected=expected,
    )


def read_standard(lines: Lines) -> Iterator[Record]:
    """Puzzles from standard strings: one per line, or grids of N lines of N cells."""
    return read_puzzle_list(lines, TITLE, "standard")


def read_puzzle_list(lines: Lines, title: str, name: str = "") -> Iterator[Record]:
    """The list reader behind the standard and .sdm formats; errors name ``title``.

    ``name``, the format's, goes into the records read by the fast path (bare lines).
    """
    header: list[str] = []
    started = False
    from_line, record_of = Grid.from_line, Record.of_line
    for number, text in lines:
        stripped = text.strip()
        if len(stripped) != 16:  # the fast path: a bare puzzle line (16 cells may start a 16x16 grid)
            quick = from_line(stripped)
            if quick is not None:
                started = True
                yield record_of(quick, number, {"header": "\n".join(header)} if header else {}, name)
                for number, quick in lines.run_of(_bare_line):  # the lines like it that follow, read faster
                    yield record_of(quick, number, {"header": "\n".join(header)} if header else {}, name)
                continue
        if is_comment(text):
            continue
        meta = {"header": "\n".join(header)} if header else {}
        if _starts_sixteen_row_block(text, lines):
            started = True
            yield from _sixteen_cell_lines(row_of(number, text), lines, title, meta)
            continue
        quick = Grid.from_line(text.strip())
        if quick is not None:
            started = True
            yield Record(quick, number, meta)
            continue
        puzzle = split_puzzle_line(text, number, whole_line=False)
        if puzzle is None and not started and is_prose(text):
            header.append(text.strip())
            continue
        puzzle = puzzle or split_puzzle_line(text, number)
        if puzzle is not None:
            cells, side, comment = puzzle
            if comment:
                meta = {**meta, "comment": comment}
            started = True
            yield Record(grid_from_cells(cells, side, title), number, meta)
            continue
        first = row_of(number, text)
        if not _is_row(first.cells):
            raise _bad_line(text, number, title)
        rows, end = _read_block(first, lines)
        started = True
        yield Record(grid_from_rows(rows, title, end=end), number, meta)


def _bare_line(text: str) -> Grid | None:
    """The grid of a line that is only a puzzle's cells (not 16 of them: those may start a 16x16 grid), else None."""
    return Grid.from_line(text) if len(text) != 16 else None


def _starts_sixteen_row_block(text: str, lines: Lines) -> bool:
    """A line of 16 cells directly followed by another: a 16x16 grid's rows or a list of 4x4 puzzles."""
    if len(cells_of(text, 0)) != 16:
        return False
    following = lines.peek()
    return following is not None and len(cells_of(following[1], following[0])) == 16


def _sixteen_cell_lines(first: Row, lines: Lines, title: str, meta: dict[str, str]) -> Iterator[Record]:
    """Sixteen such lines in a row are one 16x16 grid (unless no digit in them is above 4);
    any other number, that many 4x4 puzzles."""
    rows = [first]
    while len(rows) < 17:
        item = lines.peek()
        if item is None or len(cells_of(item[1], item[0])) != 16:
            break
        next(lines)
        rows.append(row_of(*item))
    if len(rows) == 16 and any(symbol_digit(cell.symbol) > 4 for row in rows for cell in row.cells):
        yield Record(grid_from_rows(rows, title, end=lines.peek() or end_of_input(lines.line_number)), first.line, meta)
        return
    for row in rows:
        yield Record(grid_from_cells(row.cells, 4, title), row.line, meta)


def write_standard(grid: Grid) -> str:
    """The one-line standard string, ``.`` for empty cells (the model's own printer)."""
    return grid.to_string()


def sniff_standard(sample: str) -> bool:
    """The first line that is not a comment or prose starts with cells (digits, dots)."""
    for line in sample.splitlines():
        if is_comment(line):
            continue
        if Grid.from_line(line.strip()) is not None or split_puzzle_line(line, 1, whole_line=False) is not None:
            return True
        if is_prose(line):
            continue
        words = line.split("#", 1)[0].split()
        cells = "".join(words) if all(len(word) <= MAX_SIDE for word in words) else words[0]
        return len(cells) >= 4 and all(ch in EMPTY_SYMBOLS or ch.isalnum() for ch in cells)
    return False


FORMAT = Format(
    name="standard",
    title=TITLE,
    read=read_standard,
    write=write_standard,
    sniff=sniff_standard,
    extensions=(".sudoku",),
    aliases=("string", "line", "lines"),
)
