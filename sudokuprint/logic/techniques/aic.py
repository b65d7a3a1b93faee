"""Grouped alternating inference chains (grouped X-chains, grouped AIC, nice loops).

A *node* is a digit in one cell, or a digit in a *group*: the two or three
cells where a box and a line meet, read as "the digit is in one of them".
Links between nodes:

- *strong* (if one is false the other is true): the only two nodes of a digit
  in a house (either may be a group), or the two candidates of a cell with two;
- *weak* (if one is true the other is false): two nodes of a digit sharing no
  cell where every cell of one sees every cell of the other, or two
  candidates of one cell.

An alternating chain starting and ending with a strong link proves "its first
node or its last node is true"; a candidate weakly linked to both ends is
false (a nice loop's eliminations are those of the chains it contains).  A
chain from a node back to itself (false forces true) places it.  The search
goes breadth first from every node, so each elimination comes from a shortest
chain; the step writes that chain in Eureka notation, ``(5)r1c2=(5)r1c78-...``.

The chains of single candidates are the forcing chains' (:mod:`.forcing`,
tried first); this finder is the grouped form.  Its
:class:`~sudokuprint.logic.step.AicDetails` hold ``nodes``, the chain's number
of nodes, and ``grouped`` / ``xy``, whether it uses a group / more than one
digit; the rating is 8.0 (one digit) or 8.1 plus the length bonus of
:func:`~sudokuprint.logic.techniques.rating.length_bonus`: Explainer
has no groups and rates what they show as region forcing chains (see the table
in :mod:`sudokuprint.logic.techniques`).

The search runs compiled when the extension is built (``kernels.grouped_aic``);
:func:`_search` is its readable oracle and the fallback.
"""

from __future__ import annotations

from ...shape import digit_symbol
from .. import kernels
from ..state import State, cells_of, union_over
from ..step import AicDetails, Step, StepKind, details_of
from .rating import length_bonus

GROUPED_X_CHAIN = StepKind("Grouped X-Chain")
GROUPED_AIC = StepKind("Grouped AIC")
MAX_DEPTH = 11
"""Longest chain followed, in strong links (24 nodes)."""


class _Graph:
    """The nodes of a state and their links as bit sets of node indexes."""

    def __init__(self, state: State) -> None:
        t = state.tables
        cands = state.cands
        n = t.side
        self.digit: list[int] = []
        self.cells: list[int] = []
        self.single: list[bool] = []
        index: dict[tuple[int, int], int] = {}

        def add(digit: int, cell_set: int, single: bool) -> None:
            index[(digit, cell_set)] = len(self.digit)
            self.digit.append(digit)
            self.cells.append(cell_set)
            self.single.append(single)

        for cell, mask in enumerate(cands):
            for d in range(n):
                if mask >> d & 1:
                    add(d + 1, 1 << cell, True)
        for _, _, common in t.intersections:
            for d in range(n):
                group = [c for c in common if cands[c] >> d & 1]
                if len(group) >= 2:
                    cell_set = sum(1 << c for c in group)
                    if (d + 1, cell_set) not in index:
                        add(d + 1, cell_set, False)
        count = len(self.digit)
        seen = []
        for i in range(count):
            shared = -1
            for c in cells_of(self.cells[i]):
                shared &= t.peer_set[c]
            seen.append(shared)
        by_digit: dict[int, list[int]] = {}
        groups_of: dict[int, list[int]] = {}
        for i in range(count):
            by_digit.setdefault(self.digit[i], []).append(i)
            if not self.single[i]:
                groups_of.setdefault(self.digit[i], []).append(i)
        weak = [0] * count
        strong = [0] * count
        digit_cells = {d: 0 for d in by_digit}
        for i in range(count):
            if self.single[i]:
                digit_cells[self.digit[i]] |= self.cells[i]
        for i in range(count):
            d = self.digit[i]
            bits = 0
            for c in cells_of(seen[i] & digit_cells[d] & ~self.cells[i]):
                bits |= 1 << index[(d, 1 << c)]
            for j in groups_of.get(d, ()):
                if j != i and not self.cells[i] & self.cells[j] and self.cells[j] & ~seen[i] == 0:
                    bits |= 1 << j
            weak[i] = bits
        for cell, mask in enumerate(cands):
            if not mask:
                continue
            nodes = [index[(d + 1, 1 << cell)] for d in range(n) if mask >> d & 1]
            all_bits = sum(1 << i for i in nodes)
            for i in nodes:
                weak[i] |= all_bits & ~(1 << i)
            if len(nodes) == 2:
                strong[nodes[0]] |= 1 << nodes[1]
                strong[nodes[1]] |= 1 << nodes[0]
        for house in t.house_set:
            for d, holders in digit_cells.items():
                places = house & holders
                if not places or places & (places - 1) == 0:
                    continue
                parts = [index[(d, 1 << c)] for c in cells_of(places)]
                parts += [j for j in groups_of.get(d, ()) if self.cells[j] & places == self.cells[j]]
                for i in parts:
                    partner = index.get((d, places & ~self.cells[i]))
                    if partner is not None:
                        strong[i] |= 1 << partner
                        strong[partner] |= 1 << i
        self.count = count
        self.weak = weak
        self.strong = strong
        singles = 0
        for i in range(count):
            if self.single[i]:
                singles |= 1 << i
        self.singles = singles
        linked = 0  # the nodes with a strong link (only they add to what a node implies)
        for i in range(count):
            if strong[i]:
                linked |= 1 << i
        self.implies = [union_over(strong, weak[i] & linked) for i in range(count)]


def _name(state: State, digit: int, cell_set: int) -> str:
    """``(5)r1c78``: a node's digit and cells."""
    t = state.tables
    cells = list(cells_of(cell_set))
    rows = {t.shape.row_of(c) + 1 for c in cells}
    cols = {t.shape.column_of(c) + 1 for c in cells}
    where = f"r{''.join(map(str, sorted(rows)))}c{''.join(map(str, sorted(cols)))}"
    if t.side > 9:
        where = ", ".join(t.cell_name(c) for c in cells)
    return f"({digit_symbol(digit)}){where}"


def _bits(bits: int):
    while bits:
        low = bits & -bits
        bits ^= low
        yield low.bit_length() - 1


Chain = tuple[bool, int, list[tuple[int, int]], tuple[tuple[int, int], ...]]
"""What the search finds: whether the chain places its first node (a loop), its number of
nodes, its nodes as (digit, cell set) and the (cell, digit) candidates the chains of that
length remove (none for a loop)."""


def find_grouped_aic(state: State) -> Step | None:
    """Every candidate removed by the shortest grouped chains that remove one, or None."""
    if kernels.ENABLED and state.tables.cell_count <= 256:
        found = kernels.grouped_aic(state, MAX_DEPTH)
    else:
        found = _search(state)
    if found is None:
        return None
    placement, nodes, path, eliminations = found
    if placement:
        return _placement(state, nodes, path)
    first, last = _name(state, *path[0]), _name(state, *path[-1])
    group = " (a group: the digit is in one of its cells)" if any(cells & (cells - 1) for _, cells in path) else ""
    return _chain_step(
        state, path, nodes,
        f", so {first} or {last} is true{group}; candidates that see both ends go (chains of {nodes} nodes)",
        eliminations=eliminations,
    )


def _search(state: State) -> Chain | None:
    """The breadth-first search from every node (the oracle of the compiled ``grouped_aic``)."""
    g = _Graph(state)
    best: tuple[int, list[int]] | None = None
    found: dict[int, int] = {}
    placed: tuple[int, int, list[int]] = (99, -1, [])
    for a in range(g.count):
        if not g.strong[a]:
            continue
        limit = best[0] if best else 2 * MAX_DEPTH + 2
        # parent[c] = (weak node made false, node before it) for each node made true
        parent: dict[int, tuple[int, int]] = {}
        frontier = g.strong[a]
        for b in _bits(frontier):
            parent[b] = (-1, a)
        reached = frontier | 1 << a
        for depth in range(MAX_DEPTH):
            nodes = 2 * depth + 2
            if nodes > limit:
                break
            hit = -1
            for b in _bits(frontier):
                removed = g.weak[a] & g.weak[b] & g.singles
                if removed:
                    for x in _bits(removed):
                        found[x] = min(found.get(x, 99), nodes)
                    if hit < 0:
                        hit = b
            if hit >= 0:
                if best is None or nodes < best[0]:
                    best = (nodes, _path(g, parent, hit))
                break
            new = 0
            for b in _bits(frontier):
                step = g.implies[b]
                if step >> a & 1 and g.single[a] and nodes + 2 < placed[0]:
                    w = next(w for w in _bits(g.weak[b]) if g.strong[w] >> a & 1)
                    placed = (nodes + 2, a, _path(g, parent, b) + [w, a])
                step &= ~reached & ~new
                if step:
                    for c in _bits(step):
                        parent[c] = (-2, b)
                    new |= step
            if not new:
                break
            reached |= new
            frontier = new
    if placed[1] >= 0 and (best is None or placed[0] < best[0]):
        return True, placed[0], [(g.digit[i], g.cells[i]) for i in placed[2]], ()
    if best is None:
        return None
    nodes, path = best
    eliminations = tuple(sorted((g.cells[x].bit_length() - 1, g.digit[x]) for x, n in found.items() if n <= nodes))
    return False, nodes, [(g.digit[i], g.cells[i]) for i in path], eliminations


def _placement(state: State, nodes: int, path: list[tuple[int, int]]) -> Step:
    """A discontinuous nice loop: the node's falsehood forces it true, so it is placed."""
    digit, cell_set = path[-1]
    return _chain_step(
        state, path, nodes,
        f"; the loop starts and ends at {_name(state, digit, cell_set)}, so if it were false it would be true: it is placed",
        placements=((cell_set.bit_length() - 1, digit),),
    )


def _chain_step(state: State, path: list[tuple[int, int]], nodes: int, conclusion: str, **changes) -> Step:
    """The step of a grouped chain ``path``: its Eureka notation and the link legend, then ``conclusion``."""
    chain = "".join(_name(state, d, c) + ("=" if k % 2 == 0 else "-") for k, (d, c) in enumerate(path))[:-1]
    grouped = any(c & (c - 1) for _, c in path)
    digits = {d for d, _ in path}
    xy = len(digits) > 1
    cells = 0
    for _, c in path:
        cells |= c
    return Step(
        GROUPED_AIC if xy else GROUPED_X_CHAIN,
        f"{chain}: each '=' is a strong link (one of the two is true), each '-' a weak one (not both){conclusion}",
        cells=tuple(cells_of(cells)),
        digits=tuple(sorted(digits)),
        details=AicDetails(nodes=nodes, grouped=grouped, xy=xy),
        **changes,
    )


def _path(g: _Graph, parent: dict[int, tuple[int, int]], end: int) -> list[int]:
    """The chain from its first node to ``end``, read back along the parents (the weak link's
    middle node is found again: a node weakly linked to the parent, strongly to the child)."""
    path = [end]
    while True:
        weak_node, before = parent[path[-1]]
        if weak_node == -1:
            path.append(before)
            break
        child = path[-1]
        weak_node = next(w for w in _bits(g.weak[before]) if g.strong[w] >> child & 1)
        path += [weak_node, before]
    path.reverse()
    return path


def rate_grouped_aic(step: Step) -> float:
    """8.0 for a grouped X-chain, 8.1 with more than one digit, plus the length bonus."""
    details = details_of(step, AicDetails)
    return round((8.1 if details.xy else 8.0) + length_bonus(details.nodes), 1)
