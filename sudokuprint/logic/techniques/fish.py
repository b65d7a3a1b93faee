"""Basic fish: X-Wing (2), Swordfish (3), Jellyfish (4).

For one digit, ``n`` rows whose positions all lie in the same ``n`` columns
put the digit in those columns within those rows, so the rest of the
columns lose it (and the same with rows and columns swapped).
"""

from __future__ import annotations

from itertools import combinations

from ...shape import digit_symbol
from ..state import POPCOUNT, State
from ..step import Step, StepKind

FISH_KINDS = {2: StepKind("X-Wing"), 3: StepKind("Swordfish"), 4: StepKind("Jellyfish")}


def fish(state: State, size: int) -> Step | None:
    """The first fish of ``size`` lines that removes something (a digit whose positions did
    not change since this search last found nothing is skipped)."""
    t = state.tables
    n = t.side
    cands = state.cands
    search = FISH_KINDS[size].name
    changed = state.changed_digits_since(search)
    if not changed:
        return None
    by_row, by_column = state.line_spots()
    for digit in range(1, n + 1):
        bit = 1 << (digit - 1)
        if not changed & bit:
            continue
        for base_is_row in (True, False):
            # (line index, mask of positions across)
            spots_of = by_row[digit - 1] if base_is_row else by_column[digit - 1]
            lines = [(line, spots) for line, spots in enumerate(spots_of) if 2 <= POPCOUNT[spots] <= size]
            if len(lines) < size:
                continue
            for group in combinations(lines, size):
                cover = 0
                for _, spots in group:
                    cover |= spots
                if POPCOUNT[cover] != size:
                    continue
                base = {line for line, _ in group}
                removed = []
                for i in range(n):
                    if not cover >> i & 1:
                        continue
                    for other in range(n):
                        if other in base:
                            continue
                        cell = other * n + i if base_is_row else i * n + other
                        if cands[cell] & bit:
                            removed.append((cell, digit))
                if removed:
                    base_kind, cover_kind = ("row", "column") if base_is_row else ("column", "row")
                    covers = [i for i in range(n) if cover >> i & 1]
                    cells = tuple(
                        sorted(
                            (b * n + i if base_is_row else i * n + b)
                            for b in base
                            for i in covers
                            if cands[b * n + i if base_is_row else i * n + b] & bit
                        )
                    )
                    base_names = [f"{base_kind} {b + 1}" for b in sorted(base)]
                    cover_names = [f"{cover_kind} {i + 1}" for i in covers]
                    return Step(
                        FISH_KINDS[size],
                        f"in {', '.join(base_names)}, {digit_symbol(digit)} fits only in {', '.join(cover_names)}, "
                        f"so those {cover_kind}s hold it nowhere else",
                        eliminations=tuple(sorted(removed)),
                        cells=cells,
                        digits=(digit,),
                        houses=tuple(base_names + cover_names),
                    )
    state.searched_in_vain(search)
    return None


def find_x_wing(state: State) -> Step | None:
    return fish(state, 2)


def find_swordfish(state: State) -> Step | None:
    return fish(state, 3)


def find_jellyfish(state: State) -> Step | None:
    return fish(state, 4)
