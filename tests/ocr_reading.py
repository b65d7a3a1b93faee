"""The scan's state after the reader, made from a real puzzle's givens, as the re-deciding stages receive it."""

from __future__ import annotations

from sudokuprint.ocr.result import CellResult


def reading(givens: list[int], calls: dict[int, tuple[int, float]]) -> tuple[list[int], dict, dict, list]:
    """``(values, alternatives, written, cells)`` for a page whose printed digits are ``givens``: ``calls`` overrides
    (digit, P(handwritten)) per cell; every other given is print read surely."""
    cells, values, alternatives, written = [], [], {}, {}
    for index, given in enumerate(givens):
        digit, hand = calls.get(index, (given, 0.02))
        cell = CellResult(index, digit, 0.95, ((digit, 0.95),) if digit else (), hand if digit else 0.0)
        cells.append(cell)
        if cell.is_handwritten:
            written[index] = cell
            values.append(0)
        else:
            values.append(digit)
            if digit:
                alternatives[index] = list(cell.alternatives)
    return values, alternatives, written, cells
