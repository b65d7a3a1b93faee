"""Reference implementations the tests check the code against, written apart from it and kept obvious.

They are slow and small on purpose: each follows a definition word for word, so that an expected value taken
from them does not come from the code under test.
"""

from __future__ import annotations

ROWS = [[r * 9 + c for c in range(9)] for r in range(9)]
COLUMNS = [[r * 9 + c for r in range(9)] for c in range(9)]
BOXES = [[(b // 3 * 3 + i) * 9 + b % 3 * 3 + j for i in range(3) for j in range(3)] for b in range(9)]
PEERS = [{p for house in ROWS + COLUMNS + BOXES if cell in house for p in house} - {cell} for cell in range(81)]


def singles_solve(line: str, *, box_hidden: bool) -> bool:
    """The reference for levels 1 and 2, kept apart from the engine: fill every naked single at once (and, with
    ``box_hidden``, every hidden single in a box when there is no naked single) until stuck; True when solved."""
    values = [0 if ch == "." else int(ch) for ch in line]
    while True:
        candidates = {c: set(range(1, 10)) - {values[p] for p in PEERS[c]} for c in range(81) if not values[c]}
        fills = {c: min(digits) for c, digits in candidates.items() if len(digits) == 1}
        if not fills and box_hidden:
            for box in BOXES:
                for digit in range(1, 10):
                    places = [c for c in box if digit in candidates.get(c, ())]
                    if len(places) == 1:
                        fills[places[0]] = digit
        if not fills:
            return 0 not in values
        for cell, digit in fills.items():
            values[cell] = digit


def reference_level_below_3(line: str) -> int | None:
    """1 or 2 by the singles-only solver above; None when the puzzle needs more (level 3 or 4)."""
    if singles_solve(line, box_hidden=False):
        return 1
    return 2 if singles_solve(line, box_hidden=True) else None
