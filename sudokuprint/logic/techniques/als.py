"""Almost Locked Sets: ALS-XZ and ALS-XY-Wing.

An *almost locked set* (ALS) is ``n`` empty cells of one house holding
``n + 1`` digits between them: if any one digit is taken away, the rest are
locked.  A digit ``x`` common to two ALSs is *restricted* when every cell of
one holding ``x`` sees every cell of the other holding ``x`` (and they share
no cell): then at most one of them holds ``x``.

- ALS-XZ: two ALSs ``A`` and ``B`` with a restricted common digit ``x``.
  One of them has no ``x``, so it is locked; so for any other common digit
  ``z``, one of them holds it: a cell seeing every ``z`` of both loses ``z``.
- ALS-XY-Wing: three ALSs, ``C`` sharing a restricted digit ``x`` with ``A``
  and ``y`` with ``B`` (``x`` ≠ ``y``); ``C`` cannot hold both, so ``A`` or
  ``B`` is locked, and a digit ``z`` of both ``A`` and ``B`` (not ``x`` or
  ``y``) leaves every cell seeing all their ``z``.

Cell sets are Python ints (bit ``c`` for cell ``c``).  The sets are listed once
per candidate grid (kept in :meth:`State.memo`) and shared by every ALS
technique (ALS-XZ, ALS-XY-Wing, :mod:`.death_blossom`, :mod:`.als_chains`).
When the logic extension is built (:func:`kernels.als_ready`), the listing and
the four searches run compiled (sudokuprint/logic/_native_als.c) and give the
same steps; the Python searches here are their oracle and fallback.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ...shape import digit_symbol
from .. import kernels
from ..state import State, cells_of, popcount
from ..step import AlsDetails, Step, StepKind, cell_list

ALS_XZ = StepKind("ALS-XZ")
ALS_XY_WING = StepKind("ALS-XY-Wing")
MAX_ALS_CELLS = 5
"""Largest ALS looked at (cells); bigger ones are rare and slow to list."""


class _Als:
    """An ALS: its cell set, digit mask, house, and per digit the cells holding it and the
    cells that see all of those (``seen``)."""

    __slots__ = ("cells", "mask", "house", "holders", "seen")

    def __init__(self, cells: int, mask: int, house: int, holders: dict[int, int], seen: dict[int, int]) -> None:
        self.cells, self.mask, self.house, self.holders, self.seen = cells, mask, house, holders, seen


def almost_locked_sets(state: State) -> list[_Als]:
    """Every ALS of up to MAX_ALS_CELLS cells (each set once, in the first house listing it)."""
    cands = state.cands
    listed: set[int] = set()
    found = []
    for house, cells in enumerate(state.tables.houses):
        empty = [c for c in cells if cands[c]]
        for size in range(1, min(MAX_ALS_CELLS, len(empty) - 1) + 1):
            for group in combinations(empty, size):
                mask = 0
                for c in group:
                    mask |= cands[c]
                if popcount(mask) != size + 1:
                    continue
                cell_set = sum(1 << c for c in group)
                if cell_set in listed:
                    continue
                listed.add(cell_set)
                found.append(_make_als(state, group, house))
    return found


def _make_als(state: State, group: Sequence[int], house: int) -> _Als:
    """The ALS of these cells (in increasing order), found in ``house``."""
    cands = state.cands
    peer_set = state.tables.peer_set
    mask = 0
    for c in group:
        mask |= cands[c]
    holders = {}
    seen = {}
    m = mask
    while m:
        bit = m & -m
        m ^= bit
        digit = bit.bit_length()
        holders[digit] = 0
        common = -1
        for c in group:
            if cands[c] & bit:
                holders[digit] |= 1 << c
                common &= peer_set[c]
        seen[digit] = common
    return _Als(sum(1 << c for c in group), mask, house, holders, seen)


def cached_almost_locked_sets(state: State) -> list[_Als]:
    """:func:`almost_locked_sets`, made once per candidate grid (kept in :meth:`State.memo`:
    the ALS techniques look at the same state one after the other)."""
    memo = state.memo()
    found = memo.get("als.sets")
    if found is None:
        found = memo["als.sets"] = almost_locked_sets(state)
    return found


def als_at(state: State, index: int) -> _Als:
    """The ALS of that index in :func:`cached_almost_locked_sets`'s list: from the compiled table
    when the searches run compiled (:func:`kernels.als_ready`), which lists the same sets."""
    if kernels.als_ready(state):
        cell_set, house = kernels.als_at(state, index)
        return _make_als(state, list(cells_of(cell_set)), house)
    return cached_almost_locked_sets(state)[index]


def _z_removals(state: State, groups: list[_Als], skip: set[int]) -> list[tuple[int, int]]:
    """Cells seeing every ``z`` of the groups, for each digit ``z`` all groups hold, not in ``skip``."""
    common = -1
    for g in groups:
        common &= g.mask
    inside = 0
    for g in groups:
        inside |= g.cells
    removed = []
    cands = state.cands
    while common > 0:
        bit = common & -common
        common ^= bit
        z = bit.bit_length()
        if z in skip:
            continue
        seen = -1
        for g in groups:
            seen &= g.seen[z]
        for c in cells_of(seen & ~inside):
            if cands[c] & bit:
                removed.append((c, z))
    return removed


def _describe(state: State, als: _Als) -> str:
    digits = "".join(digit_symbol(d) for d in sorted(als.holders))
    return f"{{{cell_list(state.shape, list(cells_of(als.cells)))}}} ({digits})"


def _restricted_pairs(sets: list[_Als], need_common: int):
    """(i, j, x) for ALSs ``i`` < ``j`` sharing no cell, with ``x`` a restricted common digit and
    at least ``need_common`` digits in common, digit by digit."""
    by_digit: dict[int, list[int]] = {}
    for index, als in enumerate(sets):
        for digit in als.holders:
            by_digit.setdefault(digit, []).append(index)
    for x, indexes in sorted(by_digit.items()):
        for k, i in enumerate(indexes):
            a = sets[i]
            a_cells, a_seen, a_mask = a.cells, a.seen[x], a.mask
            for j in indexes[k + 1 :]:
                b = sets[j]
                hx = b.holders[x]
                if a_seen & hx != hx or a_cells & b.cells:
                    continue
                if need_common > 1 and popcount(a_mask & b.mask) < need_common:
                    continue
                yield i, j, x


def find_als_xz(state: State) -> Step | None:
    if kernels.als_ready(state):
        found = kernels.als_xz(state)
        return None if found is None else _xz_step(state, als_at(state, found[0]), als_at(state, found[1]), found[2])
    sets = cached_almost_locked_sets(state)
    for i, j, x in _restricted_pairs(sets, 2):
        step = _xz_step(state, sets[i], sets[j], x)
        if step is not None:
            return step
    return None


def _xz_step(state: State, a: _Als, b: _Als, x: int) -> Step | None:
    """The ALS-XZ step of ``a`` and ``b`` with the restricted digit ``x``, when it removes something."""
    removed = _z_removals(state, [a, b], {x})
    if not removed:
        return None
    return Step(
        ALS_XZ,
        f"almost locked sets {_describe(state, a)} and {_describe(state, b)} share {digit_symbol(x)}, "
        f"which only one of them can hold; the other is then locked, so every other digit they "
        f"share is in one of them, and cells seeing all of its places lose it",
        eliminations=tuple(sorted(set(removed))),
        cells=tuple(cells_of(a.cells | b.cells)),
        digits=tuple(sorted(set(a.holders) & set(b.holders))),
        houses=(state.tables.house_names[a.house], state.tables.house_names[b.house]),
        details=AlsDetails(x=x),
    )


def restricted_links(state: State) -> dict[int, list[tuple[int, int]]]:
    """For each ALS (by its index in :func:`cached_almost_locked_sets`), the ALSs sharing a
    restricted common digit with it and no cell: (index, digit) pairs (kept like the sets)."""
    memo = state.memo()
    links = memo.get("als.links")
    if links is None:
        links = memo["als.links"] = {}
        for i, j, x in _restricted_pairs(cached_almost_locked_sets(state), 1):
            links.setdefault(i, []).append((j, x))
            links.setdefault(j, []).append((i, x))
    return links


def find_als_xy_wing(state: State) -> Step | None:
    if kernels.als_ready(state):
        found = kernels.als_xy_wing(state)
        if found is None:
            return None
        c, i, j, x, y = found
        return _xy_wing_step(state, als_at(state, i), als_at(state, j), als_at(state, c), x, y)
    sets = cached_almost_locked_sets(state)
    links = restricted_links(state)
    for c, partners in links.items():
        for (i, x), (j, y) in combinations(partners, 2):
            if x == y or i == j:
                continue
            a, b, pivot = sets[i], sets[j], sets[c]
            if a.cells & b.cells:
                continue
            step = _xy_wing_step(state, a, b, pivot, x, y)
            if step is not None:
                return step
    return None


def _xy_wing_step(state: State, a: _Als, b: _Als, pivot: _Als, x: int, y: int) -> Step | None:
    """The ALS-XY-Wing step of ``a`` (sharing ``x`` with the pivot) and ``b`` (sharing ``y``), when it
    removes something."""
    removed = [(cell, z) for cell, z in _z_removals(state, [a, b], {x, y}) if not pivot.cells >> cell & 1]
    if not removed:
        return None
    return Step(
        ALS_XY_WING,
        f"{_describe(state, pivot)} cannot hold both {digit_symbol(x)} and {digit_symbol(y)}, so "
        f"{_describe(state, a)} (sharing {digit_symbol(x)}) or {_describe(state, b)} (sharing "
        f"{digit_symbol(y)}) is locked: a digit both hold is in one of them, and cells seeing all "
        f"its places lose it",
        eliminations=tuple(sorted(set(removed))),
        cells=tuple(cells_of(a.cells | b.cells | pivot.cells)),
        digits=tuple(sorted(set(a.holders) & set(b.holders))),
        details=AlsDetails(x=x, y=y),
    )
