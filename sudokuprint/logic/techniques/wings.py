"""Wings: XY-Wing, XYZ-Wing and W-Wing.

- XY-Wing: a pivot ``{x,y}`` sees pincers ``{x,z}`` and ``{y,z}``; whatever
  the pivot holds, one pincer is ``z``, so cells seeing both pincers lose ``z``.
- XYZ-Wing: the same with a pivot ``{x,y,z}``; cells seeing all three lose ``z``.
- WXYZ-Wing: a pivot and three cells it sees, four cells holding only four
  digits between them, where every digit but ``z`` is *restricted* (all its
  cells see each other, so it is in at most one of them); four cells need
  four different digits, so one of them is ``z``: cells seeing every ``z`` of
  the wing lose it.  Rated 5.5, or 5.6 when its biggest cell has three
  candidates (Sukaku Explainer's values, read from the calibration lines).
  VWXYZ-Wing: the same with five cells and five digits, 6.2 to 6.4 (6.4 when
  its biggest cell has three candidates, less by 0.1 for each one more or fewer).
- W-Wing: two cells ``{x,y}`` that do not see each other, joined by a house
  where ``x`` fits in two cells, one seeing each; one of them holds ``y``, so
  cells seeing both lose ``y``.
"""

from __future__ import annotations

from typing import Iterator

from ...shape import digit_symbol
from .. import kernels
from ..state import POPCOUNT, State, cells_of, lowest_digit
from ..step import Step, StepKind, WingDetails, cell_list, details_of

XY_WING = StepKind("XY-Wing")
XYZ_WING = StepKind("XYZ-Wing")
W_WING = StepKind("W-Wing")
WING_KINDS = {4: StepKind("WXYZ-Wing"), 5: StepKind("VWXYZ-Wing")}


def _removals(state: State, seen_by: int, digit: int, exclude: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    bit = 1 << (digit - 1)
    cands = state.cands
    return tuple((c, digit) for c in cells_of(seen_by) if c not in exclude and cands[c] & bit)


def find_xy_wing(state: State) -> Step | None:
    t = state.tables
    cands = state.cands
    pairs = [c for c, m in enumerate(cands) if POPCOUNT[m] == 2]
    for pivot in pairs:
        pm = cands[pivot]
        wings = [c for c in t.peers[pivot] if POPCOUNT[cands[c]] == 2 and POPCOUNT[cands[c] & pm] == 1]
        for i, a in enumerate(wings):
            for b in wings[i + 1 :]:
                am, bm = cands[a], cands[b]
                z = am & bm & ~pm
                if not z or (am & pm) == (bm & pm) or POPCOUNT[z] != 1:
                    continue
                digit = lowest_digit(z)
                removed = _removals(state, t.peer_set[a] & t.peer_set[b], digit, (pivot, a, b))
                if removed:
                    return Step(
                        XY_WING,
                        f"{t.cell_name(pivot)} is {_pair(pm)}, so {t.cell_name(a)} or {t.cell_name(b)} is "
                        f"{digit_symbol(digit)}: cells seeing both cannot be {digit_symbol(digit)}",
                        eliminations=removed,
                        cells=(pivot, a, b),
                        digits=tuple(sorted({lowest_digit(pm), lowest_digit(pm & (pm - 1)), digit})),
                    )
    return None


def find_xyz_wing(state: State) -> Step | None:
    t = state.tables
    cands = state.cands
    for pivot, pm in enumerate(cands):
        if POPCOUNT[pm] != 3:
            continue
        wings = [c for c in t.peers[pivot] if POPCOUNT[cands[c]] == 2 and cands[c] & pm == cands[c]]
        for i, a in enumerate(wings):
            for b in wings[i + 1 :]:
                am, bm = cands[a], cands[b]
                if am == bm or (am | bm) != pm:
                    continue
                digit = lowest_digit(am & bm)
                seen = t.peer_set[a] & t.peer_set[b] & t.peer_set[pivot]
                removed = _removals(state, seen, digit, (pivot, a, b))
                if removed:
                    return Step(
                        XYZ_WING,
                        f"one of {cell_list(t.shape, (pivot, a, b))} is {digit_symbol(digit)}, "
                        f"so cells seeing all three cannot be",
                        eliminations=removed,
                        cells=(pivot, a, b),
                        digits=tuple(sorted(_mask_digits(pm))),
                    )
    return None


def pivot_wing(state: State, size: int) -> Step | None:
    """A wing of ``size`` cells (a pivot and cells it sees) holding ``size`` digits between
    them, with at most one digit not restricted (see WXYZ-Wing above).

    The cells are grown one at a time from the pivot (:class:`_Grower`).  When the last
    search on this state (or one it was copied from) found nothing, a pivot is
    searched only if it holds a wing with a cell changed since: the others removed
    nothing then, and their removals only get fewer (:meth:`State.changed_since`).
    """
    cands = state.cands
    peers = state.tables.peers
    count = POPCOUNT
    search = WING_KINDS[size].name
    changed = state.changed_since(search)
    if kernels.ENABLED:
        found = kernels.wing_search(state, size, changed)
        if found is not None:
            step = _wxyz_step(state, *found)
            if step is None:
                raise AssertionError(f"the compiled wing search found {found}, which removes nothing")
            return step
        state.searched_in_vain(search)
        return None
    grow = _Grower(state, size)
    for pivot, pm in enumerate(cands):
        if not 2 <= count[pm] <= size:
            continue
        wings = [c for c in peers[pivot] if cands[c] and count[cands[c] | pm] <= size]
        if len(wings) < size - 1:
            continue
        if not changed >> pivot & 1 and not grow.holds_changed(pivot, wings, changed):
            continue
        # complete wings, in the order of a depth-first search trying the last cell first
        for cells, union in grow.wings(pivot, wings):
            step = _wxyz_step(state, cells, union)
            if step is not None:
                return step
    state.searched_in_vain(search)
    return None


class _Grower:
    """The depth-first growth of wings from a pivot, one cell of its ``wings`` at a time.

    A group keeps ``loose``, the digits two of its cells hold without seeing each
    other.  A digit once loose stays loose as the group grows, so a group with two
    loose digits is not grown further: no wing contains it; nor is a group whose
    wings could remove nothing (:func:`_wing_removes`).  These tests hold of the
    group as a set, whatever order its cells were added in.
    """

    __slots__ = ("cands", "peer_set", "digit_sets", "size")

    def __init__(self, state: State, size: int) -> None:
        self.cands = state.cands
        self.peer_set = state.tables.peer_set
        self.digit_sets = state.digit_sets()
        self.size = size

    def wings(self, pivot: int, options: list[int], first_only: bool = False) -> Iterator[tuple[tuple[int, ...], int]]:
        """The complete wings grown from the pivot with cells of ``options`` (in their order,
        each group growing only with later ones), the last option tried first; with
        ``first_only``, only those holding the first option."""
        size, cands, peer_set, digit_sets = self.size, self.cands, self.peer_set, self.digit_sets
        count = POPCOUNT
        masks = [cands[c] for c in options]
        sees = [peer_set[c] for c in options]
        # (cells, their digits, next option index, loose digits, the cells as a cell set)
        stack: list[tuple[tuple[int, ...], int, int, int, int]] = [((pivot,), cands[pivot], 0, 0, 1 << pivot)]
        while stack:
            cells, union, next_index, loose, group = stack.pop()
            depth = len(cells)
            last = depth == size - 1
            grown_groups: list[tuple[tuple[int, ...], int, int, int, int]] = []
            # a group must leave enough later options to be completed
            end = 1 if first_only and depth == 1 else len(options) - (size - 1 - depth)
            for k in range(next_index, end):
                mask = masks[k]
                grown = union | mask
                grown_count = count[grown]
                if grown_count > size or (last and grown_count != size):
                    continue
                unseen = group & ~sees[k]
                held_apart = 0
                while unseen:
                    low = unseen & -unseen
                    unseen ^= low
                    held_apart |= cands[low.bit_length() - 1]
                grown_loose = loose | (mask & held_apart)
                if grown_loose & (grown_loose - 1):
                    continue
                cell = options[k]
                grown_group = group | 1 << cell
                if (grown_loose or grown_count == size) and not _wing_removes(
                    peer_set, digit_sets, grown_group, grown_loose or grown
                ):
                    continue
                grown_groups.append((cells + (cell,), grown, k + 1, grown_loose, grown_group))
            if not last:
                stack += grown_groups
                continue
            for grown_cells, grown_union, _, _, _ in reversed(grown_groups):
                yield grown_cells, grown_union

    def holds_changed(self, pivot: int, wings: list[int], changed: int) -> bool:
        """True when some wing of the (unchanged) pivot holds a changed cell of ``wings``."""
        fresh = [c for c in wings if changed >> c & 1]
        for i, cell in enumerate(fresh):
            options = [cell] + [c for c in wings if c != cell and c not in fresh[:i]]
            for _ in self.wings(pivot, options, first_only=True):
                return True
        return False


def _wing_removes(peer_set: tuple[int, ...], digit_sets: tuple[int, ...], group: int, digits: int) -> bool:
    """True when some cell outside the wing ``group`` sees every cell of it holding one of
    ``digits`` (the loose digit, or every digit when none is loose) and has that digit."""
    while digits:
        low = digits & -digits
        digits ^= low
        spots = digit_sets[low.bit_length() - 1]
        holders = group & spots
        seen = spots & ~group
        while holders and seen:
            cell_bit = holders & -holders
            holders ^= cell_bit
            seen &= peer_set[cell_bit.bit_length() - 1]
        if seen:
            return True
    return False


def find_wxyz_wing(state: State) -> Step | None:
    return pivot_wing(state, 4)


MAX_VWXYZ_SIDE = 9
"""The five-cell search is skipped on bigger grids (16x16), where it is too slow to pay."""


def find_vwxyz_wing(state: State) -> Step | None:
    if state.tables.side > MAX_VWXYZ_SIDE:
        return None
    return pivot_wing(state, 5)


def _wxyz_step(state: State, cells: tuple[int, ...], union: int) -> Step | None:
    t = state.tables
    cands = state.cands
    peer_set = t.peer_set
    loose = []
    holder_sets = []
    for digit in _mask_digits(union):
        bit = 1 << (digit - 1)
        holders = [c for c in cells if cands[c] & bit]
        holder_set = 0
        seen = -1
        for c in holders:
            holder_set |= 1 << c
            seen &= peer_set[c]
        holder_sets.append((digit, holders, seen))
        # restricted: every holder sees every other holder
        for c in holders:
            if holder_set & ~(1 << c) & ~peer_set[c]:
                loose.append((digit, holders, seen))
                if len(loose) > 1:
                    return None
                break
    # one loose digit: one of the cells holds it; none: every digit is in exactly one cell
    found: list[tuple[int, int]] = []
    for digit, holders, seen in loose or holder_sets:
        found += _removals(state, seen, digit, cells)
    if not found:
        return None
    removed = tuple(found)
    digit = loose[0][0] if loose else 0
    pivot = cells[0]
    return Step(
        WING_KINDS[len(cells)],
        f"{cell_list(t.shape, cells)} hold only {_pair(union)}; "
        + (
            f"every digit but {digit_symbol(digit)} can be in only one of them, so one of them is {digit_symbol(digit)}"
            if digit
            else "each digit can be in only one of them, so each is in one of them"
        ),
        eliminations=tuple(removed),
        cells=cells,
        digits=tuple(_mask_digits(union)),
        details=WingDetails(pivot_size=POPCOUNT[cands[pivot]], biggest=max(POPCOUNT[cands[c]] for c in cells)),
    )


def rate_wxyz_wing(step: Step) -> float:
    """5.5, plus 0.1 when the wing's biggest cell has three candidates (the middle size)."""
    return 5.6 if details_of(step, WingDetails).biggest == 3 else 5.5


def rate_vwxyz_wing(step: Step) -> float:
    """6.2, plus 0.1 for each step the biggest cell's size is nearer the middle size 3 (at most 6.4)."""
    return round(6.2 + 0.1 * (2 - min(2, abs(3 - details_of(step, WingDetails).biggest))), 1)


def find_w_wing(state: State) -> Step | None:
    t = state.tables
    cands = state.cands
    pairs = [c for c, m in enumerate(cands) if POPCOUNT[m] == 2]
    links = _strong_links(state)
    for i, a in enumerate(pairs):
        for b in pairs[i + 1 :]:
            if cands[a] != cands[b] or t.sees(a, b):
                continue
            mask = cands[a]
            for x in _mask_digits(mask):
                y = lowest_digit(mask & ~(1 << (x - 1)))
                seen_by_both = t.peer_set[a] & t.peer_set[b]
                if not any(cands[c] >> (y - 1) & 1 for c in cells_of(seen_by_both)):
                    continue
                for house, (p, q) in links.get(x, ()):
                    for near_a, near_b in ((p, q), (q, p)):
                        if near_a in (a, b) or near_b in (a, b):
                            continue
                        if t.sees(a, near_a) and t.sees(b, near_b):
                            removed = _removals(state, seen_by_both, y, (a, b))
                            if removed:
                                return Step(
                                    W_WING,
                                    f"{t.cell_name(a)} and {t.cell_name(b)} are both {_pair(mask)}, and "
                                    f"{digit_symbol(x)} in {t.house_names[house]} must be in {t.cell_name(near_a)} "
                                    f"or {t.cell_name(near_b)}, so one of them is {digit_symbol(y)}",
                                    eliminations=removed,
                                    cells=(a, b, near_a, near_b),
                                    digits=(x, y),
                                    houses=(t.house_names[house],),
                                )
    return None


def _strong_links(state: State) -> dict[int, list[tuple[int, tuple[int, int]]]]:
    """For each digit, the houses where it fits in exactly two cells."""
    t = state.tables
    links: dict[int, list[tuple[int, tuple[int, int]]]] = {}
    for digit, spots_of_digit in enumerate(state.digit_sets(), start=1):
        for house, house_cells in enumerate(t.house_set):
            spots = spots_of_digit & house_cells
            first = spots & -spots
            rest = spots ^ first
            if rest and not rest & (rest - 1):  # exactly two cells
                links.setdefault(digit, []).append((house, (first.bit_length() - 1, rest.bit_length() - 1)))
    return links


def _mask_digits(mask: int) -> list[int]:
    return [d for d in range(1, mask.bit_length() + 1) if mask >> (d - 1) & 1]


def _pair(mask: int) -> str:
    return "/".join(digit_symbol(d) for d in _mask_digits(mask))
