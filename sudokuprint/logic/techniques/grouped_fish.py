"""Grouped X-chains of two and three strong links (grouped strong-linked fishes).

A *node* is one digit in one cell, or in a *group*: two or three cells where
a box and a line meet, read as "the digit is in one of them".  For one
digit, a house whose places of the digit are exactly two nodes is a *strong
link* (one of the two holds it); two nodes sharing no cell, every cell of
one seeing every cell of the other, are a *weak link* (not both hold it).  A
chain ``a = b - c = d`` (two strong links) or ``a = b - c = d - e = f``
(three) proves that its first or its last node holds the digit, so a cell
seeing every cell of both ends cannot.

The chains of single cells are :mod:`.chains`' X-chains and the two-link
chain with a group in the middle of a box is the Empty Rectangle
(:mod:`.rectangles`); this module finds the chains with a group anywhere.
Sukaku Explainer (the rater of the benchmark set) finds them among its
strong-linked fishes: on the calibration lines, 20 puzzles it rates 5.5-5.7
whose hardest step for us was a forcing chain (7.1-7.4) or a W-Wing hold one.
Two links rate 4.3, like the Empty Rectangle; three links 5.7, one step above
the ungrouped chain through a box and both kinds of line (5.6).  Chains of
four links showed nothing more on those lines, so they are left to
:mod:`.aic`.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...shape import Shape, digit_symbol
from .. import kernels
from ..state import State, cells_of
from ..step import GroupedLinks, Step, StepKind

GROUPED_X_CHAIN_2 = StepKind("Grouped Turbot Fish")
GROUPED_X_CHAIN_3 = StepKind("Grouped X-Chain (3 strong links)")
RATINGS = {2: 4.3, 3: 5.7}
MAX_SIDE = 9
"""Bigger grids are left to :mod:`.aic` (their groups are many more)."""
_FOUND: dict[tuple[Shape, int, int], tuple[list[int], int] | None] = {}
"""What a search found for (shape, the digit's cells, strong links): a chain depends on them alone,
and a solve (with the trials inside it) meets the same positions of a digit again and again."""
_GRAPHS: dict[tuple[Shape, int], tuple[list[int], list[list[int]], list[list[int]], list[int]]] = {}
"""The nodes and links of a digit's cells, shared by the two- and three-link searches."""
CACHE_SIZE = 20_000
GRAPH_CACHE_SIZE = 1_000


def _nodes(state: State, digit_cells: int) -> list[int]:
    """The nodes of one digit as cell sets: its cells, then its groups."""
    return [1 << c for c in cells_of(digit_cells)] + [group for _, _, group in _groups(state, digit_cells)]


def _groups(state: State, digit_cells: int) -> Iterator[tuple[int, int, int]]:
    """Every group of the digit (two or more of its cells where a box and a line meet), with its box and line."""
    for box, line, common in state.tables.intersections:
        group = 0
        for c in common:
            if digit_cells >> c & 1:
                group |= 1 << c
        if group & (group - 1):
            yield box, line, group


def _one_part(state: State, cells: int) -> bool:
    """True when ``cells`` is one node: a single cell, or two or more in one box and one line."""
    if not cells:
        return False
    if not cells & (cells - 1):
        return True
    t = state.tables
    first = cells.bit_length() - 1
    rows = t.house_set[t.row_of[first]]
    columns = t.house_set[t.side + t.column_of[first]]
    box = t.house_set[t.houses_of[first][2]]
    return cells & box == cells and (cells & rows == cells or cells & columns == cells)


def _group_linked(state: State, digit_cells: int) -> bool:
    """True when some group of the digit has a strong link (its box's or its line's other
    places are one node): every node of a chain has one, so a chain with a group needs it."""
    houses = state.tables.house_set
    return any(
        _one_part(state, digit_cells & houses[box] & ~group) or _one_part(state, digit_cells & houses[line] & ~group)
        for box, line, group in _groups(state, digit_cells)
    )


def _links(state: State, nodes: list[int], digit_cells: int) -> tuple[list[list[int]], list[list[int]], list[int]]:
    """Strong neighbours of every node, weak neighbours among the nodes with a strong link
    (only they continue a chain), by index, and each node's common peers."""
    t = state.tables
    index = {cells: i for i, cells in enumerate(nodes)}
    singles = bin(digit_cells).count("1")
    seen = [t.peer_set[cells.bit_length() - 1] for cells in nodes[:singles]]
    for cells in nodes[singles:]:
        common = -1
        for c in cells_of(cells):
            common &= t.peer_set[c]
        seen.append(common)
    groups = list(range(singles, len(nodes)))
    strong: list[set[int]] = [set() for _ in nodes]
    for house in t.house_set:
        places = digit_cells & house
        if not places or not places & (places - 1):
            continue
        parts = [index[1 << c] for c in cells_of(places)] + [g for g in groups if nodes[g] & places == nodes[g]]
        for i in parts:
            j = index.get(places & ~nodes[i])
            if j is not None:
                strong[i].add(j)
                strong[j].add(i)
    linked = [i for i in range(len(nodes)) if strong[i]]
    if not linked or linked[-1] < singles:
        return [sorted(s) for s in strong], [[] for _ in nodes], seen  # no group has a strong link: no chain
    weak: list[list[int]] = [[] for _ in nodes]
    for i in linked:
        cells, sees = nodes[i], seen[i]
        weak[i] = [j for j in linked if j != i and not nodes[j] & cells and not nodes[j] & ~sees]
    return [sorted(s) for s in strong], weak, seen


def finder(strong_links: int):
    """The finder of grouped single-digit chains of ``strong_links`` (2 or 3) strong links."""
    kind = GROUPED_X_CHAIN_2 if strong_links == 2 else GROUPED_X_CHAIN_3

    def find(state: State) -> Step | None:
        if state.tables.side > MAX_SIDE:
            return None
        changed = state.changed_digits_since(kind.name)
        digit_sets = state.digit_sets()
        for digit in range(1, state.tables.side + 1):
            if changed >> (digit - 1) & 1:
                step = _search(state, kind, digit, digit_sets[digit - 1], strong_links)
                if step is not None:
                    return step
        state.searched_in_vain(kind.name)
        return None

    return find


def _search(state: State, kind: StepKind, digit: int, digit_cells: int, strong_links: int) -> Step | None:
    key = (state.tables.shape, digit_cells, strong_links)
    if key in _FOUND:
        found = _FOUND[key]
    else:
        if len(_FOUND) >= CACHE_SIZE:
            _FOUND.clear()
        found = _FOUND[key] = chain_of(state, digit_cells, strong_links)
    if found is None:
        return None
    path, removed = found
    return _step(state, kind, digit, path, removed, strong_links)


def chain_of(state: State, digit_cells: int, strong_links: int) -> tuple[list[int], int] | None:
    """:func:`_chain`, by the compiled search when there is one (grids of at most 128 cells)."""
    if kernels.ENABLED and state.tables.cell_count <= 128:
        return kernels.grouped_chain(state, digit_cells, strong_links)
    return _chain(state, digit_cells, strong_links)


def _chain(state: State, digit_cells: int, strong_links: int) -> tuple[list[int], int] | None:
    """The first chain (its nodes as cell sets) of one digit's cells that removes something,
    with the cells it removes the digit from, or None."""
    if not _group_linked(state, digit_cells):
        return None  # no group with a strong link, so no chain through a group
    graph = _GRAPHS.get((state.tables.shape, digit_cells))
    if graph is None:
        if len(_GRAPHS) >= GRAPH_CACHE_SIZE:
            _GRAPHS.clear()
        nodes = _nodes(state, digit_cells)
        graph = _GRAPHS[(state.tables.shape, digit_cells)] = (nodes, *_links(state, nodes, digit_cells))
    nodes, strong, weak, seen = graph
    if len(nodes) == bin(digit_cells).count("1"):
        return None  # no group: the ungrouped chains have been looked for
    first_group = bin(digit_cells).count("1")
    for a, b, c, d, used in _two_links(nodes, strong, weak, digit_cells, seen):
        if strong_links == 2:
            if d > a and max(a, b, c, d) >= first_group:
                removed = seen[a] & seen[d] & digit_cells & ~used
                if removed:
                    return [nodes[a], nodes[b], nodes[c], nodes[d]], removed
            continue
        for e in weak[d]:
            if nodes[e] & used:
                continue
            for f in strong[e]:
                if f < a or nodes[f] & (used | nodes[e]) or max(a, b, c, d, e, f) < first_group:
                    continue
                removed = seen[a] & seen[f] & digit_cells & ~(used | nodes[e] | nodes[f])
                if removed:
                    return [nodes[a], nodes[b], nodes[c], nodes[d], nodes[e], nodes[f]], removed
    return None


def _two_links(nodes: list[int], strong: list[list[int]], weak: list[list[int]], digit_cells: int, seen: list[int]):
    """Every chain ``a = b - c = d`` of distinct cells (and the cells it uses), ``a`` seeing a
    cell of the digit outside it (else it removes nothing)."""
    for a in range(len(nodes)):
        if not strong[a] or not seen[a] & digit_cells:
            continue
        for b in strong[a]:
            used_ab = nodes[a] | nodes[b]
            for c in weak[b]:
                if nodes[c] & used_ab:
                    continue
                used_abc = used_ab | nodes[c]
                for d in strong[c]:
                    if not nodes[d] & used_abc:
                        yield a, b, c, d, used_abc | nodes[d]


def _name(state: State, cells: int) -> str:
    t = state.tables
    listed = list(cells_of(cells))
    rows = "".join(sorted({str(t.row_of[c] + 1) for c in listed}))
    columns = "".join(sorted({str(t.column_of[c] + 1) for c in listed}))
    return f"r{rows}c{columns}"


def _step(state: State, kind: StepKind, digit: int, path: list[int], removed: int, strong_links: int) -> Step:
    d = digit_symbol(digit)
    chain = "".join(f"({d}){_name(state, cells)}" + ("=" if k % 2 == 0 else "-") for k, cells in enumerate(path))[:-1]
    used = 0
    for cells in path:
        used |= cells
    return Step(
        kind,
        f"{chain}: each '=' is a strong link (the digit is in one of its two ends; a group of two or three "
        f"cells means in one of them), each '-' a weak one, so {_name(state, path[0])} or "
        f"{_name(state, path[-1])} holds {d}, and cells seeing both ends cannot",
        eliminations=tuple((c, digit) for c in cells_of(removed)),
        cells=tuple(cells_of(used)),
        digits=(digit,),
        details=GroupedLinks(strong_links=strong_links),
    )
