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

from ...shape import digit_symbol
from ..state import State, cells_of
from ..step import Step

GROUPED_X_CHAIN_2 = "Grouped Turbot Fish"
GROUPED_X_CHAIN_3 = "Grouped X-Chain (3 strong links)"
RATINGS = {2: 4.3, 3: 5.7}
MAX_SIDE = 9
"""Bigger grids are left to :mod:`.aic` (their groups are many more)."""


def _nodes(state: State, digit_cells: int) -> list[int]:
    """The nodes of one digit as cell sets: its cells, then its groups."""
    t = state.tables
    nodes = [1 << c for c in cells_of(digit_cells)]
    for _, _, common in t.intersections:
        group = 0
        for c in common:
            if digit_cells >> c & 1:
                group |= 1 << c
        if group & (group - 1):
            nodes.append(group)
    return nodes


def _links(state: State, nodes: list[int], digit_cells: int) -> tuple[list[list[int]], list[list[int]], list[int]]:
    """Strong and weak neighbours of every node (indexes) and each node's common peers."""
    t = state.tables
    index = {cells: i for i, cells in enumerate(nodes)}
    seen = []
    for cells in nodes:
        common = -1
        for c in cells_of(cells):
            common &= t.peer_set[c]
        seen.append(common)
    strong: list[set[int]] = [set() for _ in nodes]
    for house in t.house_set:
        places = digit_cells & house
        if not places or not places & (places - 1):
            continue
        for i, cells in enumerate(nodes):
            if cells & places == cells:
                j = index.get(places & ~cells)
                if j is not None:
                    strong[i].add(j)
                    strong[j].add(i)
    weak = [
        [j for j, other in enumerate(nodes) if j != i and not other & cells and other & ~seen[i] == 0]
        for i, cells in enumerate(nodes)
    ]
    return [sorted(s) for s in strong], weak, seen


def finder(strong_links: int):
    """The finder of grouped single-digit chains of ``strong_links`` (2 or 3) strong links."""
    name = GROUPED_X_CHAIN_2 if strong_links == 2 else GROUPED_X_CHAIN_3

    def find(state: State) -> Step | None:
        if state.tables.side > MAX_SIDE:
            return None
        changed = state.changed_digits_since(name)
        digit_sets = state.digit_sets()
        for digit in range(1, state.tables.side + 1):
            if changed >> (digit - 1) & 1:
                step = _search(state, name, digit, digit_sets[digit - 1], strong_links)
                if step is not None:
                    return step
        state.searched_in_vain(name)
        return None

    return find


def _search(state: State, name: str, digit: int, digit_cells: int, strong_links: int) -> Step | None:
    nodes = _nodes(state, digit_cells)
    if len(nodes) == bin(digit_cells).count("1"):
        return None  # no group: the ungrouped chains have been looked for
    strong, weak, seen = _links(state, nodes, digit_cells)
    first_group = bin(digit_cells).count("1")
    stack = [[a, b] for a in range(len(nodes)) for b in strong[a]]
    while stack:
        path = stack.pop()
        used = 0
        for i in path:
            used |= nodes[i]
        if len(path) == 2 * strong_links:
            if max(path) < first_group or path[-1] < path[0]:
                continue  # ungrouped, or the same chain read backwards
            removed = seen[path[0]] & seen[path[-1]] & digit_cells & ~used
            if removed:
                return _step(state, name, digit, [nodes[i] for i in path], removed, strong_links)
            continue
        for w in weak[path[-1]]:
            if nodes[w] & used:
                continue
            for c in strong[w]:
                if not nodes[c] & (used | nodes[w]):
                    stack.append(path + [w, c])
    return None


def _name(state: State, cells: int) -> str:
    t = state.tables
    listed = list(cells_of(cells))
    rows = "".join(sorted({str(t.row_of[c] + 1) for c in listed}))
    columns = "".join(sorted({str(t.column_of[c] + 1) for c in listed}))
    return f"r{rows}c{columns}"


def _step(state: State, name: str, digit: int, path: list[int], removed: int, strong_links: int) -> Step:
    d = digit_symbol(digit)
    chain = "".join(f"({d}){_name(state, cells)}" + ("=" if k % 2 == 0 else "-") for k, cells in enumerate(path))[:-1]
    used = 0
    for cells in path:
        used |= cells
    return Step(
        name,
        f"{chain}: each '=' is a strong link (the digit is in one of its two ends; a group of two or three "
        f"cells means in one of them), each '-' a weak one, so {_name(state, path[0])} or "
        f"{_name(state, path[-1])} holds {d}, and cells seeing both ends cannot",
        eliminations=tuple((c, digit) for c in cells_of(removed)),
        cells=tuple(cells_of(used)),
        digits=(digit,),
        extra={"strong_links": strong_links, "grouped": True},
    )
