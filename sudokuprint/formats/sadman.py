"""SadMan Sudoku ``.sdk`` files, and SudoCue's flavour of them.

One puzzle a file::

    #A SadMan Software          headers: '#', a letter, the value (a space
    #L Mild                     after the letter is optional: SudoCue writes
    [Puzzle]                    '#LMild')
    38561..72                   9 rows of 9 cells, '.' (or '0') for empty
    ...
    [State]                     optional: the grid as played; a cell set here
    ...                         but not in [Puzzle] is a filled digit
    [PencilMarks]               optional: 9 lines of 9 comma-separated
    ,,,,,49,4,,                 candidate lists, empty for set cells
    [Colours]                   optional: cell colours, accepted and ignored

Without section tags the first grid is the puzzle (SudoCue's files and the
bare 9-line file).  Headers map to ``meta``: A author, D description,
C comment, B date, S source, L level, U url; other letters (SadMan writes
N, H, T) are kept as ``header_N`` and so on.  Pencil marks are kept as the
file has them, also for cells that [State] has filled since.  Sections the
reader does not know are skipped.
"""

from __future__ import annotations

from typing import Iterator, Mapping

from ..errors import ParseError
from ..grid import Grid, candidate_digits
from ..notation import MAX_SIDE, VALID_SIDES, cells_of, puzzle_string, side_for_count
from ..shape import digit_symbol, symbol_digit
from .base import Format, Lines, Record
from .textgrid import Row, end_of_input, grid_from_rows, row_of

TITLE = "SadMan .sdk"
HEADER_NAMES = {
    "A": "author",
    "D": "description",
    "C": "comment",
    "B": "date",
    "S": "source",
    "L": "level",
    "U": "url",
}
PUZZLE, STATE, PENCILMARKS, COLOURS = "puzzle", "state", "pencilmarks", "colours"
SECTION_NAMES = {"puzzle": PUZZLE, "state": STATE, "pencilmarks": PENCILMARKS, "colours": COLOURS, "colors": COLOURS}
_SKIPPED = "skipped"


class _Section:
    """The rows of one section and the place where it ended."""

    def __init__(self, name: str, line: int) -> None:
        self.name = name
        self.line = line
        self.rows: list[Row] = []
        self.end: tuple[int, str] | None = None


def _header(text: str) -> tuple[str, str] | None:
    """(meta key, value) of a ``#X value`` header line, or None for a plain comment."""
    letter = text[1:2]
    if not letter.isalpha():
        return None
    return HEADER_NAMES.get(letter.upper(), f"header_{letter}"), text[2:].strip()


def _section_name(number: int, text: str) -> str:
    stripped = text.strip()
    if not stripped.endswith("]"):
        raise ParseError(
            TITLE,
            "a section tag is not closed",
            line=number,
            column=len(text.rstrip()) + 1,
            text=stripped,
            expected="a tag like [Puzzle], [State], [PencilMarks] or [Colours]",
        )
    return SECTION_NAMES.get(stripped[1:-1].strip().lower(), _SKIPPED)


def _read_sections(lines: Lines) -> tuple[dict[str, _Section], dict[str, str]]:
    """Headers and the rows of each section (at most a grid's worth each)."""
    meta: dict[str, str] = {}
    sections: dict[str, _Section] = {}
    current: _Section | None = None
    for number, text in lines:
        stripped = text.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            header = _header(stripped)
            if header is not None:
                meta[header[0]] = header[1]
            continue
        if stripped.startswith("["):
            if current is not None:
                current.end = (number, text)
            name = _section_name(number, text)
            if name in sections and name != _SKIPPED:
                raise ParseError(TITLE, f"a second [{stripped[1:-1]}] section", line=number, column=1, text=stripped, expected="each section once")
            current = sections[name] = _Section(name, number)
            continue
        if current is None:
            current = sections[PUZZLE] = _Section(PUZZLE, number)
        if current.name == _SKIPPED:
            continue
        if len(current.rows) > MAX_SIDE:
            raise ParseError(TITLE, f"the [{current.name}] section has more than {MAX_SIDE} rows", line=number, column=1, text=stripped, expected="9 rows of 9 cells")
        current.rows.append(row_of(number, text))
    for section in sections.values():
        if section.end is None:
            section.end = end_of_input(lines.line_number)
    return sections, meta


def _grid_of(section: _Section) -> Grid:
    if not section.rows:
        line, text = section.end or (section.line, "")
        raise ParseError(TITLE, f"the [{section.name}] section is empty", line=line, column=1, text=text.strip(), expected="9 rows of 9 cells")
    return grid_from_rows(section.rows, TITLE, end=section.end or (section.line, ""))


def _apply_state(puzzle: Grid, section: _Section) -> Grid:
    """The puzzle with the digits of [State]; a given must keep its digit."""
    state = _grid_of(section)
    if state.side != puzzle.side:
        row = section.rows[0]
        raise ParseError(TITLE, f"[State] is {state.shape.name} but [Puzzle] is {puzzle.shape.name}", line=row.line, column=1, text=row.text.strip(), expected=f"{puzzle.side} cells a row")
    for cell in sorted(puzzle.givens):
        if state.values[cell] != puzzle.values[cell]:
            row_index, column_index = divmod(cell, puzzle.side)
            place = section.rows[row_index].cells[column_index]
            raise ParseError(
                TITLE,
                f"[State] changes the given {digit_symbol(puzzle.values[cell])} of {puzzle.shape.cell_name(cell)}",
                line=place.line,
                column=place.column,
                text=place.symbol,
                expected=f"the given {digit_symbol(puzzle.values[cell])}",
            )
    return Grid(puzzle.shape, state.values, puzzle.givens)


def _pencil_marks(section: _Section, side: int) -> tuple[int, ...]:
    """Candidate masks from N lines of N comma-separated digit lists."""
    masks: list[int] = []
    for row in section.rows[:side]:
        fields = row.text.split(",")
        if len(fields) != side:
            raise ParseError(
                TITLE,
                f"a [PencilMarks] row has {len(fields)} cells",
                line=row.line,
                column=len(row.text.rstrip()) + 1,
                text=row.text.strip(),
                expected=f"{side} comma-separated candidate lists (empty for a set cell)",
            )
        column = 1
        for field in fields:
            masks.append(_mask_of_field(field, side, row.line, column))
            column += len(field) + 1
    if len(section.rows) != side:
        line, text = section.end if len(section.rows) < side and section.end else (section.rows[side].line, section.rows[side].text)
        raise ParseError(TITLE, f"[PencilMarks] has {len(section.rows)} rows", line=line, column=1, text=text.strip(), expected=f"{side} rows")
    return tuple(masks)


def _mask_of_field(field: str, side: int, line: int, first_column: int) -> int:
    mask = 0
    for cell in cells_of(field, line, first_column):
        digit = symbol_digit(cell.symbol)
        if not 1 <= digit <= side:
            raise ParseError(
                TITLE,
                f"{cell.symbol!r} is not a candidate digit",
                line=line,
                column=cell.column,
                text=cell.symbol,
                expected=f"digits 1-{digit_symbol(side)}",
            )
        mask |= 1 << (digit - 1)
    return mask


def read_sadman(lines: Lines) -> Iterator[Record]:
    """The one puzzle of a SadMan (or SudoCue) .sdk file, with its state and marks."""
    sections, meta = _read_sections(lines)
    if PUZZLE not in sections:
        raise ParseError(TITLE, "no puzzle grid found", line=lines.line_number + 1, column=1, text="", expected="[Puzzle] and 9 rows of 9 cells")
    puzzle_section = sections[PUZZLE]
    grid = _grid_of(puzzle_section)
    if STATE in sections:
        grid = _apply_state(grid, sections[STATE])
    if PENCILMARKS in sections:
        grid = grid.with_candidates(_pencil_marks(sections[PENCILMARKS], grid.side))
    first_row = puzzle_section.rows[0].line
    yield Record(grid, first_row, meta)


def _grid_rows(values: tuple[int, ...], side: int) -> list[str]:
    return [puzzle_string(values[r * side : (r + 1) * side]) for r in range(side)]


def write_sadman(grid: Grid) -> str:
    """[Puzzle], then [State] if digits are filled in, then [PencilMarks] if recorded."""
    side = grid.side
    parts = ["[Puzzle]", *_grid_rows(grid.puzzle().values, side)]
    if grid.filled_count > grid.clue_count:
        parts += ["[State]", *_grid_rows(grid.values, side)]
    if grid.candidates is not None:
        marks = ["".join(digit_symbol(d) for d in candidate_digits(mask)) for mask in grid.candidates]
        parts += ["[PencilMarks]", *(",".join(marks[r * side : (r + 1) * side]) for r in range(side))]
    return "\n".join(parts)


def write_sadman_record(grid: Grid, meta: Mapping[str, str]) -> str:
    """The puzzle with the ``#X value`` headers its metadata has (author, level, ... and ``header_X``)."""
    letters = {name: letter for letter, name in HEADER_NAMES.items()}
    headers = []
    for key, value in meta.items():
        letter = letters.get(key) or (key[len("header_"):] if key.startswith("header_") else None)
        if letter and len(letter) == 1 and letter.isalpha() and value and "\n" not in value:
            headers.append(f"#{letter} {value}")
    return "\n".join([*headers, write_sadman(grid)])


def sniff_sadman(sample: str) -> bool:
    """A [Puzzle] tag, or ``#X`` headers followed by a grid row (not a whole puzzle)."""
    lines = [line.strip() for line in sample.splitlines() if line.strip()]
    if any(line.lower() == "[puzzle]" for line in lines):
        return True
    headers = 0
    for line in lines:
        if line.startswith("#") and line[1:2].isalpha():
            headers += 1
            continue
        count = len(cells_of(line, 1))
        return headers > 0 and count in VALID_SIDES and side_for_count(count) is None
    return False


FORMAT = Format(
    name="sdk",
    title=TITLE,
    read=read_sadman,
    write=write_sadman,
    write_record=write_sadman_record,
    sniff=sniff_sadman,
    extensions=(".sdk",),
    separator="\n\n",
    many_per_file=False,
    aliases=("sadman", "sudocue"),
)
