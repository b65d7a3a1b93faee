"""Empty Rectangle: a box where one digit is confined to a row and a column.

For one digit, if every position of the digit in a box lies in one row
``r`` and one column ``c`` of the box (and not all in one of them), the box
holds the digit in row ``r`` or in column ``c``.  Add a strong link (the
digit fits in exactly two cells of a line) outside the box, one end ``a``
in column ``c`` (or row ``r``) and the other end ``b``: if ``a`` is the
digit, column ``c`` of the box is empty of it, so the box has it in row
``r``; if not, ``b`` is the digit.  Either way, the cell in row ``r`` and
``b``'s column (or column ``c`` and ``b``'s row) cannot hold it.

It is a two-link single-digit chain whose middle is a group of cells (the
box's row or column part), so it sits with the Turbot Fish on the scale.
"""

from __future__ import annotations

from ...shape import digit_symbol
from ..state import State, cells_of
from ..step import Step, StepKind

EMPTY_RECTANGLE = StepKind("Empty Rectangle")


def find_empty_rectangle(state: State) -> Step | None:
    t = state.tables
    n = t.side
    row_of, column_of, house_set = t.row_of, t.column_of, t.house_set
    line_houses = list(t.rows) + list(t.columns)
    # a digit's rectangles depend on its positions alone: skip those unchanged since this found nothing
    changed = state.changed_digits_since(EMPTY_RECTANGLE.name)
    digit_sets = state.digit_sets()
    for digit in range(1, n + 1):
        if not changed >> (digit - 1) & 1:
            continue
        digit_cells = digit_sets[digit - 1]
        lines: list[tuple[int, int, int]] = []  # strong links (house, a, b) in rows and columns
        for house in line_houses:
            spots_set = digit_cells & house_set[house]
            first = spots_set & -spots_set
            rest = spots_set ^ first
            if rest and not rest & (rest - 1):  # exactly two cells
                lines.append((house, first.bit_length() - 1, rest.bit_length() - 1))
        if not lines:
            continue
        for box in t.boxes:
            spots_set = digit_cells & house_set[box]
            if not spots_set & (spots_set - 1):
                continue
            spots = list(cells_of(spots_set))
            rows = {row_of[c] for c in spots}
            cols = {column_of[c] for c in spots}
            if len(rows) < 2 or len(cols) < 2:
                continue
            box_rows, box_cols = t.box_lines[box - 2 * n]
            for r in sorted(rows):
                for c in sorted(cols):
                    if any(row_of[s] != r and column_of[s] != c for s in spots):
                        continue
                    step = _with_link(state, digit, box, r, c, spots, lines, box_rows, box_cols)
                    if step is not None:
                        return step
    state.searched_in_vain(EMPTY_RECTANGLE.name)
    return None


def _with_link(state, digit, box, r, c, spots, lines, box_rows, box_cols) -> Step | None:
    t = state.tables
    row_of, column_of = t.row_of, t.column_of
    bit = 1 << (digit - 1)
    for house, p, q in lines:
        is_row = t.house_kinds[house] == "row"
        for a, b in ((p, q), (q, p)):
            if is_row:
                # a row link outside the box's rows, one end in column c
                if row_of[a] in box_rows or column_of[a] != c or column_of[b] in box_cols:
                    continue
                target = r * t.side + column_of[b]
            else:
                if column_of[a] in box_cols or row_of[a] != r or row_of[b] in box_rows:
                    continue
                target = row_of[b] * t.side + c
            if not state.cands[target] & bit:
                continue
            name = t.cell_name
            d = digit_symbol(digit)
            line = f"row {r + 1}" if is_row else f"column {c + 1}"
            other = f"column {c + 1}" if is_row else f"row {r + 1}"
            return Step(
                EMPTY_RECTANGLE,
                f"in {t.house_names[box]}, {d} is only in row {r + 1} or column {c + 1}; {d} in "
                f"{t.house_names[house]} is in {name(a)} or {name(b)}: if {name(a)}, {other} of the box loses it, "
                f"so the box has it in {line}; either way {name(target)} sees a {d}, so it cannot be {d}",
                eliminations=((target, digit),),
                cells=tuple(sorted(spots)) + (a, b),
                digits=(digit,),
                houses=(t.house_names[box], t.house_names[house]),
            )
    return None
