"""ALS chains (ALS-AIC): almost locked sets joined by restricted common digits.

A chain ``A1 - x1 - A2 - x2 - ... - Ak`` of almost locked sets (:mod:`.als`),
each sharing no cell with the others, where ``xi`` is a restricted common
digit of ``Ai`` and ``A(i+1)`` (every place of it in one sees every place in
the other) and two links in a row use different digits.  If ``A1`` lacked a
digit ``z`` it would be locked, so it would hold ``x1``; then ``A2`` has no
``x1`` and holds ``x2``; and so on until ``Ak`` is locked without
``x(k-1)`` and holds ``z``.  So ``z`` (any digit of both ends but ``x1`` and
``x(k-1)``) is in ``A1`` or in ``Ak``, and a cell seeing all its places there
loses it.  Two ALSs are ALS-XZ and three with a pivot ALS-XY-Wing; this
finder looks for chains of 4 to :data:`MAX_SETS` sets, shortest first.

The step's ``sets`` (:class:`~sudokuprint.logic.step.AlsChainDetails`) is the number of ALSs; the rating is 8.4 plus 0.1 per set
beyond four.  The search is bounded (:data:`MAX_TRIES` extensions for each chain size).
"""

from __future__ import annotations

from ...shape import digit_symbol
from .. import kernels
from ..state import State, cells_of
from ..step import AlsChainDetails, Step, StepKind, details_of
from .als import _Als, _describe, als_at, cached_almost_locked_sets, restricted_links

ALS_CHAIN = StepKind("ALS Chain")
MIN_SETS = 4
MAX_SETS = 6
MAX_TRIES = 12000


def find_als_chain(state: State) -> Step | None:
    """The shortest ALS chain (4 to MAX_SETS sets) that removes a candidate, or None."""
    if kernels.als_ready(state):
        return _compiled_chain(state)
    sets = cached_almost_locked_sets(state)
    links = restricted_links(state)
    if not links:
        return None
    for size in range(MIN_SETS, MAX_SETS + 1):
        tries = 0
        for start in sorted(links):
            path = [start]
            digits: list[int] = []
            found, tries = _extend(state, sets, links, path, digits, sets[start].cells, size, tries)
            if found is not None:
                return _step(state, [sets[index] for index in found[0]], found)
            if tries > MAX_TRIES:
                break
    return None


def _compiled_chain(state: State) -> Step | None:
    """:func:`find_als_chain` by the compiled search (the same chain)."""
    found = kernels.als_chain(state, MIN_SETS, MAX_SETS, MAX_TRIES)
    if found is None:
        return None
    path, links = found
    chain = [als_at(state, index) for index in path]
    return _step(state, chain, (path, links, _ends(state, chain[0], chain[-1], links[0], links[-1])))


def _extend(state, sets, links, path, digits, used, size, tries):
    """Depth-first extension of ``path`` to ``size`` sets; (found, tries)."""
    if len(path) == size:
        removals = _ends(state, sets[path[0]], sets[path[-1]], digits[0], digits[-1])
        return ((tuple(path), tuple(digits), removals), tries) if removals else (None, tries)
    last = path[-1]
    for nxt, x in links.get(last, ()):
        tries += 1
        if tries > MAX_TRIES:
            return None, tries
        if digits and x == digits[-1]:
            continue
        als = sets[nxt]
        if als.cells & used:
            continue
        path.append(nxt)
        digits.append(x)
        found, tries = _extend(state, sets, links, path, digits, used | als.cells, size, tries)
        path.pop()
        digits.pop()
        if found is not None:
            return found, tries
    return None, tries


def _ends(state: State, first: _Als, last: _Als, x_first: int, x_last: int) -> tuple:
    """Candidates removed by the chain's ends: digits of both but the two end links'."""
    common = first.mask & last.mask
    cands = state.cands
    removed = []
    while common:
        bit = common & -common
        common ^= bit
        z = bit.bit_length()
        if z in (x_first, x_last):
            continue
        for c in cells_of(first.seen[z] & last.seen[z] & ~(first.cells | last.cells)):
            if cands[c] & bit:
                removed.append((c, z))
    return tuple(sorted(removed))


def _step(state: State, chain: list[_Als], found: tuple) -> Step:
    """The step of the chain's ALSs (in order) and ``found``: (indexes, link digits, removals)."""
    _, digits, removals = found
    parts = [_describe(state, chain[0])]
    for als, x in zip(chain[1:], digits):
        parts.append(f"-{digit_symbol(x)}- {_describe(state, als)}")
    cells = 0
    for als in chain:
        cells |= als.cells
    zs = sorted({z for _, z in removals})
    return Step(
        ALS_CHAIN,
        f"almost locked sets {' '.join(parts)}, each pair joined by a digit only one of the two can hold: "
        f"if the first lacked {digit_list_of(zs)} it would be locked and lock each next set in turn, "
        f"so the last would hold it; so it is in the first or the last set, and cells seeing all its places "
        f"there lose it",
        eliminations=removals,
        cells=tuple(cells_of(cells)),
        digits=tuple(zs),
        details=AlsChainDetails(sets=len(chain)),
    )


def digit_list_of(digits: list[int]) -> str:
    return " or ".join(digit_symbol(d) for d in digits)


def rate_als_chain(step: Step) -> float:
    """8.4 for four sets, +0.1 per set beyond."""
    return round(8.4 + 0.1 * max(0, details_of(step, AlsChainDetails).sets - 4), 1)
