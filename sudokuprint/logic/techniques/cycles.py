"""XY-Cycle: a loop of cells with two candidates each (Explainer's "Bidirectional Y-Cycle").

Cells ``c1 ... ck``, each with two candidates, form a loop when each sees the
next (and ``ck`` sees ``c1``) and shares a digit with it, the link digit, and
the two links of a cell are its two digits: ``c1{a,b} -b- c2{b,c} -c- ...
ck{z,a} -a- c1``.  Going round, if ``c1`` is ``a`` then ``c2`` is not ``b``
but ``c``, and so on back to ``c1``, which is then not ``a``: a
contradiction unless the loop goes round the other way.  The loop holds one
way or the other, and either way each link's digit is in exactly one of its
two cells.  So a cell seeing both cells of a link loses that link's digit.

Explainer rates its Y-cycles 6.5 plus the length bonus of
:func:`sudokuprint.logic.techniques.length_bonus` for the loop's number of
candidates (twice its cells) less 2; the forcing chain that removes the same
candidate is two candidates longer, one step up the bonus scale.  Loops of
at most :data:`MAX_CELLS` cells are looked at, shortest first.

Explainer finds longer loops than six cells: on the calibration lines, 27 of
the 41 puzzles it rates 6.8 or 6.9 where our hardest step was a forcing
chain or a W-Wing (7.1-7.2) have loops of seven or eight cells (6.8, 6.9),
and none of 113 sampled puzzles it rates 7.x has such a loop first.  (Nine
and ten cells found 3 more of the 41 but cost more time than they paid.)
"""

from __future__ import annotations

from ...shape import digit_symbol
from .. import kernels
from ..state import State, popcount
from ..step import CycleDetails, Step, StepKind, cell_list, details_of
from .rating import length_bonus

XY_CYCLE = StepKind("XY-Cycle")
MAX_CELLS = 8
"""Longest loop looked for, in cells (16 candidates, rated 6.9)."""
LARGE_GRID_MAX_CELLS = 6
"""The longest loop on grids above 9x9, where bivalue cells are many more."""


def find_xy_cycle(state: State) -> Step | None:
    """The shortest XY-Cycle that removes a candidate, or None."""
    longest = MAX_CELLS if state.tables.side <= 9 else LARGE_GRID_MAX_CELLS
    if kernels.ENABLED and state.tables.cell_count <= 256:
        loop = kernels.xy_cycle(state, longest)
        if loop is None:
            return None
        step = _step(state, *loop)
        if step is None:
            raise AssertionError(f"the compiled XY-cycle search found {loop}, which removes nothing")
        return step
    cands = state.cands
    peer_set = state.tables.peer_set
    pairs = [c for c, mask in enumerate(cands) if popcount(mask) == 2]
    if len(pairs) < 4:
        return None
    # links[c]: (neighbour, digit bit) for every bivalue peer sharing a digit with c
    links: dict[int, list[tuple[int, int]]] = {c: [] for c in pairs}
    for i, a in enumerate(pairs):
        for b in pairs[i + 1 :]:
            shared = cands[a] & cands[b]
            if shared and peer_set[a] >> b & 1:
                while shared:
                    bit = shared & -shared
                    shared ^= bit
                    links[a].append((b, bit))
                    links[b].append((a, bit))
    for size in range(3, longest + 1):
        for start in pairs:
            for first_bit in _bits_of(cands[start]):
                found = _close(state, links, start, first_bit, size)
                if found is not None:
                    return found
    return None


def _bits_of(mask: int) -> list[int]:
    bits = []
    while mask:
        bit = mask & -mask
        mask ^= bit
        bits.append(bit)
    return bits


def _close(state: State, links: dict[int, list[tuple[int, int]]], start: int, first_bit: int, size: int) -> Step | None:
    """A loop of ``size`` cells from ``start`` (the lowest cell of it), leaving it by
    ``first_bit``, that removes something; depth first."""
    cands = state.cands
    peer_set = state.tables.peer_set
    closing_bit = cands[start] ^ first_bit  # the loop comes back to start on its other digit
    # (cells so far, the link bits between them, the bit the last cell leaves by)
    stack: list[tuple[tuple[int, ...], tuple[int, ...], int]] = [((start,), (), first_bit)]
    while stack:
        cells, bits, out = stack.pop()
        last = cells[-1]
        for nxt, bit in links[last]:
            if bit != out or nxt <= start or nxt in cells:
                continue
            grown, grown_bits = cells + (nxt,), bits + (bit,)
            leave = cands[nxt] ^ bit
            if len(grown) < size:
                stack.append((grown, grown_bits, leave))
                continue
            if leave != closing_bit or not peer_set[nxt] >> start & 1:
                continue
            step = _step(state, grown, grown_bits + (leave,))
            if step is not None:
                return step
    return None


def _step(state: State, cells: tuple[int, ...], bits: tuple[int, ...]) -> Step | None:
    """The step of a closed loop (``bits[i]`` links ``cells[i]`` and the next), or None
    when it removes nothing."""
    t = state.tables
    peer_set = t.peer_set
    digit_sets = state.digit_sets()
    removed: dict[tuple[int, int], None] = {}
    for i, bit in enumerate(bits):
        a, b = cells[i], cells[(i + 1) % len(cells)]
        digit = bit.bit_length()
        seen = peer_set[a] & peer_set[b] & digit_sets[digit - 1] & ~(1 << a) & ~(1 << b)
        while seen:
            low = seen & -seen
            seen ^= low
            removed[(low.bit_length() - 1, digit)] = None
    if not removed:
        return None
    link_digits = [bit.bit_length() for bit in bits]
    ring = " - ".join(
        f"{t.cell_name(c)} -{digit_symbol(d)}-" for c, d in zip(cells, link_digits)
    ) + f" {t.cell_name(cells[0])}"
    return Step(
        XY_CYCLE,
        f"{cell_list(t.shape, cells)} hold two candidates each and form a loop ({ring}); "
        "whichever way round it holds, each link's digit is in exactly one of its two cells, "
        "so a cell seeing both cells of a link cannot hold that digit",
        eliminations=tuple(removed),
        cells=cells,
        digits=tuple(sorted(set(link_digits))),
        details=CycleDetails(nodes=2 * len(cells), length=2 * len(cells) - 2),
    )


def rate_xy_cycle(step: Step) -> float:
    """6.5 plus the length bonus of the loop's candidates less 2 (Explainer's Y-cycle)."""
    return round(6.5 + length_bonus(details_of(step, CycleDetails).nodes - 2), 1)
