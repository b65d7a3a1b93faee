"""Locked candidates: pointing (box → line) and claiming (line → box)."""

from __future__ import annotations

from ...shape import digit_symbol
from ..state import State
from ..step import Step, StepKind

POINTING = StepKind("Locked Candidates (pointing)")
CLAIMING = StepKind("Locked Candidates (claiming)")


def _locked(state: State, pointing: bool) -> Step | None:
    t = state.tables
    cands = state.cands
    # what one box and line show depends on their cells alone: skip them when unchanged
    search = (POINTING if pointing else CLAIMING).name
    changed = state.changed_since(search)
    house_set = t.house_set
    for (box, line, common), (box_rest, line_rest) in zip(t.intersections, t.intersection_rests):
        if not changed & (house_set[box] | house_set[line]):
            continue
        source, target = (box, line) if pointing else (line, box)
        source_rest, target_rest = (box_rest, line_rest) if pointing else (line_rest, box_rest)
        inside = 0
        for c in common:
            inside |= cands[c]
        outside_source = 0
        for c in source_rest:
            outside_source |= cands[c]
        locked = inside & ~outside_source
        while locked:
            bit = locked & -locked
            locked ^= bit
            digit = bit.bit_length()
            removed = tuple((c, digit) for c in target_rest if cands[c] & bit)
            if not removed:
                continue
            where = tuple(c for c in common if cands[c] & bit)
            d = digit_symbol(digit)
            return Step(
                POINTING if pointing else CLAIMING,
                f"in {t.house_names[source]}, {d} can only be where it meets {t.house_names[target]}, "
                f"so {d} goes nowhere else in {t.house_names[target]}",
                eliminations=removed,
                cells=where,
                digits=(digit,),
                houses=(t.house_names[source], t.house_names[target]),
            )
    state.searched_in_vain(search)
    return None


def find_pointing(state: State) -> Step | None:
    """A digit confined, within a box, to one row or column is removed from the rest of that line."""
    return _locked(state, pointing=True)


def find_claiming(state: State) -> Step | None:
    """A digit confined, within a row or column, to one box is removed from the rest of that box."""
    return _locked(state, pointing=False)
