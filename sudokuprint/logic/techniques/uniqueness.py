"""Uniqueness: unique rectangle type 1 and the bivalue universal grave (BUG+1).

Unique rectangle types 2 and 4: two cells of the rectangle (in one row or
column, the "floor") are exactly ``{a,b}``; the other two (the "roof") hold
more.  Type 2: both roof cells are ``{a,b,x}``, so one of them is ``x`` and
cells seeing both lose ``x``.  Type 4: in a house holding both roof cells,
``a`` fits only in them, so one of them is ``a`` and neither can be ``b``.

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

from ..state import POPCOUNT, State
from ..step import Step, StepKind, cell_list, digit_list

UNIQUE_RECTANGLE_1 = StepKind("Unique Rectangle (type 1)")
UNIQUE_RECTANGLE_2 = StepKind("Unique Rectangle (type 2)")
UNIQUE_RECTANGLE_4 = StepKind("Unique Rectangle (type 4)")
BUG_PLUS_ONE = StepKind("Bivalue Universal Grave + 1")


def find_unique_rectangle_1(state: State) -> Step | None:
    t = state.tables
    shape = t.shape
    n = t.side
    cands = state.cands
    givens = state.givens
    pairs = [c for c, m in enumerate(cands) if POPCOUNT[m] == 2]
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
                            UNIQUE_RECTANGLE_1,
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
        size = POPCOUNT[mask]
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
                BUG_PLUS_ONE,
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


def _rectangles(state: State):
    """(floor, roof, pair mask) for every rectangle of four empty cells on two rows, two
    columns and two boxes whose floor (two cells of one row or column) is exactly a pair
    also held by the roof."""
    t = state.tables
    shape = t.shape
    n = t.side
    cands = state.cands
    pairs = [c for c, m in enumerate(cands) if POPCOUNT[m] == 2]
    for a in pairs:
        for b in pairs:
            if b <= a or cands[b] != cands[a] or not t.sees(a, b):
                continue
            mask = cands[a]
            ra, ca = divmod(a, n)
            rb, cb = divmod(b, n)
            if ra == rb:
                others = [(r * n + ca, r * n + cb) for r in range(n) if r != ra]
            elif ca == cb:
                others = [(ra * n + c, rb * n + c) for c in range(n) if c != ca]
            else:
                continue
            for c, d in others:
                if cands[c] & mask != mask or cands[d] & mask != mask:
                    continue
                if len({shape.box_of(x) for x in (a, b, c, d)}) != 2:
                    continue
                yield (a, b), (c, d), mask


def find_unique_rectangle_2(state: State) -> Step | None:
    t = state.tables
    cands = state.cands
    for floor, (c, d), mask in _rectangles(state):
        extra = cands[c] & ~mask
        if cands[c] != cands[d] or POPCOUNT[extra] != 1:
            continue
        digit = extra.bit_length()
        seen = t.peer_set[c] & t.peer_set[d]
        removed = tuple((x, digit) for x in range(t.cell_count) if seen >> x & 1 and cands[x] & extra)
        if removed:
            pair = [x for x in range(1, t.side + 1) if mask >> (x - 1) & 1]
            return Step(
                UNIQUE_RECTANGLE_2,
                f"{cell_list(t.shape, floor)} are {digit_list(pair)} and {cell_list(t.shape, (c, d))} are "
                f"{digit_list(pair + [digit])}; without {digit_list([digit])} the rectangle would have two "
                f"solutions, so one of them is {digit_list([digit])} and cells seeing both are not",
                eliminations=removed,
                cells=tuple(sorted(floor + (c, d))),
                digits=tuple(pair + [digit]),
            )
    return None


def find_unique_rectangle_4(state: State) -> Step | None:
    t = state.tables
    cands = state.cands
    for floor, (c, d), mask in _rectangles(state):
        pair = [x for x in range(1, t.side + 1) if mask >> (x - 1) & 1]
        for house in set(t.houses_of[c]) & set(t.houses_of[d]):
            for strong, weak in ((pair[0], pair[1]), (pair[1], pair[0])):
                bit = 1 << (strong - 1)
                if any(cands[x] & bit for x in t.houses[house] if x not in (c, d)):
                    continue
                return Step(
                    UNIQUE_RECTANGLE_4,
                    f"{cell_list(t.shape, floor)} are {digit_list(pair)}, and in {t.house_names[house]} "
                    f"{digit_list([strong])} fits only in {cell_list(t.shape, (c, d))}; if either were "
                    f"{digit_list([weak])} the rectangle would have two solutions",
                    eliminations=((c, weak), (d, weak)),
                    cells=tuple(sorted(floor + (c, d))),
                    digits=tuple(pair),
                    houses=(t.house_names[house],),
                )
    return None
