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


FULL_HOUSE, HIDDEN_IN_BOX, HIDDEN_IN_LINE = 1.0, 1.2, 1.5
"""Sudoku Explainer's published ratings of the three steps (its "Last value in block/row/column", "Hidden single in
block" and "Hidden single in row/column")."""


def hidden_singles_rating(line: str) -> float | None:
    """Explainer's rating of a puzzle solved by full houses and hidden singles alone, word for word: at each point
    take one of the easiest steps there is (a house with one empty cell, else a digit with one place in a box,
    else in a row or column); the rating is the hardest step taken.  None when they stall."""
    values = [0 if ch == "." else int(ch) for ch in line]
    hardest = 0.0
    while 0 in values:
        candidates = {c: set(range(1, 10)) - {values[p] for p in PEERS[c]} for c in range(81) if not values[c]}
        steps = []
        for rating, houses in ((FULL_HOUSE, ROWS + COLUMNS + BOXES), (HIDDEN_IN_BOX, BOXES),
                               (HIDDEN_IN_LINE, ROWS + COLUMNS)):
            for house in houses:
                empty = [c for c in house if not values[c]]
                for digit in set(range(1, 10)) - {values[c] for c in house}:
                    places = [c for c in empty if digit in candidates[c]]
                    if len(places) == 1 and (rating != FULL_HOUSE or len(empty) == 1):
                        steps.append((rating, places[0], digit))
            if steps:
                break
        if not steps:
            return None
        rating, cell, digit = steps[0]
        hardest = max(hardest, rating)
        values[cell] = digit
    return hardest
