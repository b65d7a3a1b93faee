"""Uniqueness: unique rectangle type 1 and the bivalue universal grave (BUG+1).

BUG+1: when every empty cell but one has two candidates and the odd cell has
three, and removing one digit from the odd cell would leave each digit twice
in every house (a "grave" with two solutions), that digit goes there.

Four empty cells on two rows, two columns and exactly two boxes that could
all hold only ``{a,b}`` would let ``a`` and ``b`` swap, giving two solutions.
When three of them are exactly ``{a,b}``, the fourth must hold something
else, so it loses ``a`` and ``b`` (whichever of them it still has: the swap
argument is about the solution, not about the pencil marks).  Sound only for puzzles with one solution,
which the engine checks before it starts.
"""

from __future__ import annotations

from ..state import State, popcount
from ..step import Step, cell_list, digit_list


def find_unique_rectangle_1(state: State) -> Step | None:
    t = state.tables
    shape = t.shape
    n = t.side
    cands = state.cands
    givens = state.givens
    pairs = [c for c, m in enumerate(cands) if popcount(m) == 2]
    pair_set = set(pairs)
    for a in pairs:
        ra, ca = divmod(a, n)
        mask = cands[a]
        for b in pairs:
            rb, cb = divmod(b, n)
            if rb != ra or cb <= ca or cands[b] != mask:
                continue
            for row in range(n):
                if row == ra:
                    continue
                c, d = row * n + ca, row * n + cb
                corners = (a, b, c, d)
                boxes = {shape.box_of(x) for x in corners}
                if len(boxes) != 2 or any(x in givens for x in corners):
                    continue
                for odd, other in ((c, d), (d, c)):
                    if other in pair_set and cands[other] == mask and cands[odd] & mask and cands[odd] & ~mask:
                        pair = [x for x in range(1, n + 1) if mask >> (x - 1) & 1]
                        digits = [x for x in pair if cands[odd] >> (x - 1) & 1]
                        return Step(
                            "Unique Rectangle (type 1)",
                            f"{cell_list(shape, (a, b, other))} are {digit_list(pair)}; if {t.cell_name(odd)} "
                            f"were too, the two digits could swap and the puzzle would have two solutions",
                            eliminations=tuple((odd, x) for x in digits),
                            cells=tuple(sorted(corners)),
                            digits=tuple(pair),
                        )
    return None


def find_bug_plus_one(state: State) -> Step | None:
    t = state.tables
    cands = state.cands
    odd = None
    for cell, mask in enumerate(cands):
        if not mask:
            continue
        size = popcount(mask)
        if size == 2:
            continue
        if size != 3 or odd is not None:
            return None
        odd = cell
    if odd is None:
        return None
    for digit in range(1, t.side + 1):
        bit = 1 << (digit - 1)
        if not cands[odd] & bit:
            continue
        if all(_grave_house(state, cells, odd, bit) for cells in t.houses):
            return Step(
                "Bivalue Universal Grave + 1",
                f"every empty cell but {t.cell_name(odd)} has two candidates; without "
                f"{digit_list([digit])} there it would have each digit twice in every house, "
                f"a deadly pattern, so {t.cell_name(odd)} is {digit_list([digit])}",
                placements=((odd, digit),),
                cells=(odd,),
                digits=(digit,),
            )
    return None


def _grave_house(state: State, cells, odd: int, bit: int) -> bool:
    """True when, with ``bit`` taken from ``odd``, every digit is in 0 or 2 cells of the house."""
    counts: dict[int, int] = {}
    for c in cells:
        mask = state.cands[c] & ~bit if c == odd else state.cands[c]
        while mask:
            low = mask & -mask
            mask ^= low
            counts[low] = counts.get(low, 0) + 1
    return all(n == 2 for n in counts.values())
