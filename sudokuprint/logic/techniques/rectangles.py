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
from ..state import State
from ..step import Step

EMPTY_RECTANGLE = "Empty Rectangle"


def find_empty_rectangle(state: State) -> Step | None:
    t = state.tables
    shape = t.shape
    n = t.side
    cands = state.cands
    for digit in range(1, n + 1):
        bit = 1 << (digit - 1)
        lines: list[tuple[int, int, int]] = []  # strong links (house, a, b) in rows and columns
        for house in list(t.rows) + list(t.columns):
            spots = [c for c in t.houses[house] if cands[c] & bit]
            if len(spots) == 2:
                lines.append((house, spots[0], spots[1]))
        if not lines:
            continue
        for box in t.boxes:
            spots = [c for c in t.houses[box] if cands[c] & bit]
            if len(spots) < 2:
                continue
            rows = {shape.row_of(c) for c in spots}
            cols = {shape.column_of(c) for c in spots}
            if len(rows) < 2 or len(cols) < 2:
                continue
            box_rows = {shape.row_of(c) for c in t.houses[box]}
            box_cols = {shape.column_of(c) for c in t.houses[box]}
            for r in sorted(rows):
                for c in sorted(cols):
                    if any(shape.row_of(s) != r and shape.column_of(s) != c for s in spots):
                        continue
                    step = _with_link(state, digit, box, r, c, spots, lines, box_rows, box_cols)
                    if step is not None:
                        return step
    return None


def _with_link(state, digit, box, r, c, spots, lines, box_rows, box_cols) -> Step | None:
    t = state.tables
    shape = t.shape
    bit = 1 << (digit - 1)
    for house, p, q in lines:
        is_row = t.house_kinds[house] == "row"
        for a, b in ((p, q), (q, p)):
            if is_row:
                # a row link outside the box's rows, one end in column c
                if shape.row_of(a) in box_rows or shape.column_of(a) != c or shape.column_of(b) in box_cols:
                    continue
                target = r * t.side + shape.column_of(b)
            else:
                if shape.column_of(a) in box_cols or shape.row_of(a) != r or shape.row_of(b) in box_rows:
                    continue
                target = shape.row_of(b) * t.side + c
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
