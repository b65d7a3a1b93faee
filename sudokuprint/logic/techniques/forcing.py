"""Static forcing chains (Sudoku Explainer's "Forcing Chains", 6.6 and 7.0 up).

A *candidate* is a digit in a cell, numbered ``cell * side + digit - 1``.
Two kinds of implication join candidates:

- *weak* (on → off): a candidate that is true makes false every other
  candidate of its cell and the same digit in every cell it sees;
- *strong* (off → on): a candidate that is false makes true the other
  candidate of a cell with two candidates, and the other position of its
  digit in a house where the digit fits in two cells.

A chain starts from one assumption and alternates the two kinds.  If
assuming a candidate true forces it false, it is false; if assuming it false
forces it true, it is true.  An *X-chain* uses only links on one digit
(same-digit peers, two positions in a house); an *XY* chain also uses the
links inside cells (e.g. an XY-chain through cells with two candidates).

The chains are static: the pencil marks do not change along the chain
(dynamic chains, which follow singles, are the engine's trial).  The search
goes breadth first over "this candidate true implies that one true" steps
kept as bit sets, so the chain found for each candidate is a shortest one.

Each step carries :class:`~sudokuprint.logic.step.ForcingDetails`: ``nodes``,
the number of candidates on the chain counting the assumption and the
conclusion (Explainer's chain complexity), and ``xy``, whether in-cell links
were needed.  The rating is 6.6 (X-chain) or 7.0 (XY) plus the length bonus
of :func:`~sudokuprint.logic.techniques.rating.length_bonus`.
"""

from __future__ import annotations

from ...shape import digit_symbol
from .. import kernels
from ..state import State, union_over
from ..step import ForcingDetails, Step, StepKind, details_of
from .rating import length_bonus

MAX_STEPS = 11
"""Longest chain followed, in true-to-true steps (24 nodes)."""

FORCING_CHAIN = StepKind("Forcing Chain")
FORCING_X_CHAIN = StepKind("Forcing X-Chain")


class _Links:
    """The weak and strong implications of a state, per candidate."""

    def __init__(self, state: State, xy: bool) -> None:
        t = state.tables
        n = t.side
        cands = state.cands
        self.side = n
        digit_sets = state.digit_sets()
        candidate_sets = state.candidate_sets()
        peer_candidates = t.peer_candidates
        alive_set = 0
        for one_digit in candidate_sets:
            alive_set |= one_digit
        self.alive = list(_bits(alive_set))
        weak: dict[int, int] = {}
        strong: dict[int, list[int]] = {i: [] for i in self.alive}
        for i in self.alive:
            cell, digit = divmod(i, n)
            # the same digit in the cells this one sees
            bits = (peer_candidates[cell] << digit) & candidate_sets[digit]
            if xy:
                others = cands[cell] & ~(1 << digit)
                bits |= others << (cell * n)  # the other candidates of the cell
                if others and not others & (others - 1):  # a cell of two candidates
                    strong[i].append(cell * n + others.bit_length() - 1)
            weak[i] = bits
        for house_cells in t.house_set:
            for digit, spots_of_digit in enumerate(digit_sets):
                spots = spots_of_digit & house_cells
                first = spots & -spots
                rest = spots ^ first
                if rest and not rest & (rest - 1):  # exactly two cells
                    a = (first.bit_length() - 1) * n + digit
                    b = (rest.bit_length() - 1) * n + digit
                    if b not in strong[a]:
                        strong[a].append(b)
                    if a not in strong[b]:
                        strong[b].append(a)
        self.weak = weak
        self.strong = strong
        strong_set: dict[int, int] = {}
        linked = 0  # the candidates with a strong link
        for i, partners in strong.items():
            if partners:
                linked |= 1 << i
                bits = 0
                for k in partners:
                    bits |= 1 << k
                strong_set[i] = bits
        # implies[i]: the candidates that are true when candidate i is true, one weak and one strong link away
        implies = [0] * (t.cell_count * n)
        for i in self.alive:
            implies[i] = union_over(strong_set, weak[i] & linked) & ~(1 << i)
        self.implies = implies


_RECENT: dict[tuple, _Links] = {}


def links_of(state: State, xy: bool) -> _Links:
    """The links of a state, remembered for the last states seen (the forcing chain and the
    multiple forcing chains look at the same state one after the other)."""
    key = (xy, state.tables.shape, tuple(state.cands))
    found = _RECENT.get(key)
    if found is None:
        if len(_RECENT) >= 4:
            _RECENT.clear()
        found = _RECENT[key] = _Links(state, xy)
    return found


def _candidates(cell: int, mask: int, n: int):
    while mask:
        low = mask & -mask
        mask ^= low
        yield cell * n + low.bit_length() - 1


def _bits(bits: int):
    while bits:
        low = bits & -bits
        bits ^= low
        yield low.bit_length() - 1


def _next_layer(links: _Links, frontier: int, reached: int) -> int:
    """The candidates the ``frontier`` makes true that were not ``reached`` before (0: the chain ends)."""
    return union_over(links.implies, frontier) & ~reached


def _shortest(links: _Links, max_steps: int = MAX_STEPS) -> tuple[int, int, bool] | None:
    """(nodes, candidate, is_true) of the shortest forcing chain of at most ``max_steps``
    true-to-true steps, or None; among the shortest, the first candidate (assumed true
    before assumed false).

    A breadth-first search from each candidate assumed true advances one true-to-true
    step at a time, all together, so none goes deeper than the shortest chain.  Assuming
    a candidate false makes its strong partners true, and what a set of candidates makes
    true within ``k`` steps is what each of them does: so the searches from the
    assumptions "false" are read off those from the partners, not run."""
    alive = links.alive
    weak, implies = links.weak, links.implies
    partners = [(i, links.strong[i]) for i in alive]
    reached = [0] * len(implies)  # what assuming each candidate true makes true so far
    for i in alive:
        reached[i] = 1 << i
    frontier = {i: 1 << i for i in alive}
    for step in range(1, max_steps + 1):
        for i, layer in list(frontier.items()):
            new = 0  # union_over written out (as _next_layer): this loop is the hot one
            while layer:
                low = layer & -layer
                layer ^= low
                new |= implies[low.bit_length() - 1]
            new &= ~reached[i]
            if new:
                reached[i] |= new
                frontier[i] = new
            else:
                del frontier[i]
        # the first hit at this step (none came before): i true makes a weak partner true,
        # so i is false; or i false makes a strong partner of it make i true, so i is true
        for i, strong in partners:
            if reached[i] & weak[i]:
                return 2 * step + 2, i, False
            for k in strong:
                if reached[k] >> i & 1:
                    return 2 * step + 2, i, True
        if not frontier:
            break
    return None


def shortest_chain(state: State, xy: bool, max_steps: int = MAX_STEPS) -> tuple[int, int, bool] | None:
    """:func:`_shortest` of the state's links, by the compiled search when there is one."""
    if kernels.ENABLED:
        return kernels.forcing_shortest(state, xy, max_steps)
    return _shortest(links_of(state, xy), max_steps)


def _aic_eliminations(links: _Links, max_nodes: int) -> list[tuple[int, int, int]]:
    """Every candidate an alternating inference chain of at most ``max_nodes`` candidates removes:
    (candidate, chain start, chain end).

    If ``A`` is false, the chain makes ``B`` true, so ``A`` or ``B`` is true; a
    candidate weakly linked to both (it would make both false) is false.  These
    are the AIC / nice-loop eliminations of the chains the forcing chain
    search follows.
    """
    found: dict[int, tuple[int, int]] = {}
    steps = (max_nodes - 2) // 2
    weak = links.weak
    for a in links.alive:
        start = 0
        for k in links.strong[a]:
            start |= 1 << k
        if not start:
            continue
        reached = start
        frontier = start
        for depth in range(steps + 1):
            for b in _bits(frontier):
                removed = weak[a] & weak[b]
                for x in _bits(removed):
                    found.setdefault(x, (a, b))
            if depth == steps:
                break
            new = _next_layer(links, frontier, reached)
            if not new:
                break
            reached |= new
            frontier = new
    return [(x, a, b) for x, (a, b) in sorted(found.items())]


def find_aic(state: State) -> Step | None:
    """The forcing chain of :func:`find_forcing_chain` together with every elimination an
    alternating inference chain (nice loop) as short makes: a person's step.  The grading
    engine takes :func:`find_forcing_chain` (one candidate a chain, as Explainer does, so
    that its ratings follow Explainer's); hints and the technique tests use this one."""
    return find_forcing_chain(state, aic=True)


def find_forcing_chain(state: State, aic: bool = False) -> Step | None:
    """The forcing chain with the lowest rating: the shortest X-chain (6.6 up) or the
    shortest XY chain (7.0 up), whichever rates lower; with ``aic``, also every AIC
    elimination of chains as short (:func:`_aic_eliminations`)."""
    found: list[tuple[float, bool, tuple[int, int, bool]]] = []
    for xy, base in ((False, 6.6), (True, 7.0)):
        steps = MAX_STEPS
        if found:  # an XY chain must rate lower than the X-chain found (a tie goes to the X-chain)
            best = found[0][0]
            steps = max((k for k in range(1, MAX_STEPS + 1) if round(base + length_bonus(2 * k), 1) < best), default=0)
            if not steps:
                continue
        shortest = shortest_chain(state, xy, steps)
        if shortest is not None:
            found.append((round(base + length_bonus(shortest[0] - 2), 1), xy, shortest))
    if not found:
        return None
    rating, xy, (nodes, candidate, is_true) = min(found)
    t = state.tables
    cell, digit = divmod(candidate, t.side)
    digit += 1
    name = t.cell_name(cell)
    d = digit_symbol(digit)
    more = [
        divmod(x, t.side)
        for x, _, _ in (_aic_eliminations(links_of(state, xy), nodes) if aic else ())
        if x != candidate and (not is_true or x // t.side != cell)
    ]
    also = tuple((c, k + 1) for c, k in more)
    tail = (
        f"; chains as long, from a candidate A to a candidate B (A false makes B true, so A or B), "
        f"also remove {len(also)} candidate(s) that see both ends"
        if also
        else ""
    )
    if is_true:
        how = f"assuming {name} is not {d} forces it to be {d} along a chain of {nodes} candidates"
        return Step(
            FORCING_CHAIN if xy else FORCING_X_CHAIN,
            f"{how}, so {name} is {d}{tail}",
            placements=((cell, digit),),
            eliminations=also,
            cells=(cell,),
            digits=(digit,),
            details=ForcingDetails(nodes=nodes, xy=xy, length=nodes - 2),
        )
    how = f"assuming {name} is {d} forces it not to be along a chain of {nodes} candidates"
    return Step(
        FORCING_CHAIN if xy else FORCING_X_CHAIN,
        f"{how}, so {name} is not {d}{tail}",
        eliminations=((cell, digit),) + also,
        cells=(cell,),
        digits=(digit,),
        details=ForcingDetails(nodes=nodes, xy=xy, length=nodes - 2),
    )


def chain_rating(step: Step) -> float:
    """6.6 for an X-chain, 7.0 with in-cell links, plus Explainer's length bonus."""
    details = details_of(step, ForcingDetails)
    return round((7.0 if details.xy else 6.6) + length_bonus(details.nodes - 2), 1)

