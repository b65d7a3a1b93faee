"""The compiled searches of the logic engine (``sudokuprint.logic._native``) and when to use them.

The searches that dominate grading time on hard puzzles are compiled: the
X-chains (:mod:`.techniques.chains`), the static forcing chain search
(:mod:`.techniques.forcing`: links and breadth-first search), the cell and
region forcing chains (:mod:`.techniques.multiple`), the XY-cycles
(:mod:`.techniques.cycles`), the WXYZ/VWXYZ-wing growth
(:mod:`.techniques.wings`), the grouped X-chains of two and three strong links
(:mod:`.techniques.grouped_fish`), the following of one assumption in the
dynamic forcing nets and their whole search for conclusions (:mod:`.techniques.nets`),
the grouped AIC's graph and search (:mod:`.techniques.aic`), and the singles of each round of a
trial (:mod:`.techniques.trial`).  Each compiled search returns
exactly what its pure-Python version returns, in the same order; the Python
versions stay as the readable oracle and the fallback when the extension is
not built (tests/test_logic_native.py compares the two on real puzzles).
:data:`ENABLED` says which runs; tests and ``benchmarks/grade.py --python``
switch it off.
"""

from __future__ import annotations

from array import array

from .state import State, Tables

try:
    from . import _native  # type: ignore[attr-defined]
except ImportError:  # built without a C compiler: the Python searches run
    _native = None

ENABLED = _native is not None
"""True when the compiled searches are used (the extension is built and not switched off)."""

NativeTables = tuple[bytes, bytes, bytes, bytes, bytes]
_TABLES: dict[object, NativeTables] = {}


def native_tables(tables: Tables) -> NativeTables:
    """A shape's peers (offsets, then the list), houses, each cell's houses and the box/line
    intersections (box, line, count, cells) as the byte arrays the extension reads."""
    found = _TABLES.get(tables.shape)
    if found is None:
        offsets = array("I", [0])
        peers = array("H")
        for cell_peers in tables.peers:
            peers.extend(cell_peers)
            offsets.append(len(peers))
        houses = array("H", [c for cells in tables.houses for c in cells])
        houses_of = array("H", [h for three in tables.houses_of for h in three])
        meets = array("H")
        for box, line, common in tables.intersections:
            meets.extend((box, line, len(common), *common))
        found = _TABLES[tables.shape] = (
            offsets.tobytes(), peers.tobytes(), houses.tobytes(), houses_of.tobytes(), meets.tobytes()
        )
    return found


def forcing_shortest(state: State, xy: bool, max_steps: int) -> tuple[int, int, bool] | None:
    """The compiled ``forcing._shortest(links_of(state, xy), max_steps)``: (nodes, candidate,
    is_true) of the shortest static forcing chain, or None."""
    assert _native is not None
    offsets, peers, houses, _, _ = native_tables(state.tables)
    return _native.forcing_shortest(
        array("H", state.cands).tobytes(), state.tables.side, offsets, peers, houses, xy, max_steps
    )


def wing_search(state: State, size: int, changed: int) -> tuple[tuple[int, ...], int] | None:
    """The compiled search of ``wings.pivot_wing``: the cells and digits of the first wing of
    ``size`` cells that removes something (in the Python search's order), or None.
    ``changed`` is :meth:`State.changed_since`'s cell set (-1: every cell)."""
    assert _native is not None
    t = state.tables
    offsets, peers, _, _, _ = native_tables(t)
    count = t.cell_count
    changed_bytes = (changed & ((1 << count) - 1)).to_bytes(8 * ((count + 63) // 64), "little")
    return _native.wing_search(array("H", state.cands).tobytes(), t.side, offsets, peers, size, changed_bytes)


def grouped_chain(state: State, digit_cells: int, strong_links: int) -> tuple[list[int], int] | None:
    """The compiled ``grouped_fish._chain``: the nodes (cell sets) of the first grouped chain of
    ``strong_links`` strong links of one digit's cells that removes something, and the cells it
    removes the digit from; or None.  Grids of at most 128 cells."""
    assert _native is not None
    t = state.tables
    offsets, peers, houses, houses_of, meets = native_tables(t)
    found = _native.grouped_chain(
        digit_cells & _WORD, digit_cells >> 64, strong_links, t.side, offsets, peers, houses, houses_of, meets
    )
    if found is None:
        return None
    nodes, (low, high) = found
    return [a | b << 64 for a, b in nodes], low | high << 64


_WORD = (1 << 64) - 1


def follow_net(state: State, candidate: int, true: bool) -> tuple[dict[int, tuple[int, ...]], dict[int, int], bool, tuple[int, ...]]:
    """The compiled ``nets._Net``: one assumption followed with singles; its facts (``on``: each
    placed candidate with the facts it follows from; ``off``: each removed candidate with the
    placement that removed it, -1 for the assumption), whether a rule broke, and the facts
    the break rests on.  Grids of at most 256 cells."""
    assert _native is not None
    t = state.tables
    offsets, peers, houses, houses_of, _ = native_tables(t)
    return _native.follow_net(
        array("H", state.cands).tobytes(), array("H", state.values).tobytes(), t.side,
        offsets, peers, houses, houses_of, candidate, true,
    )


def multiple_forcing(state: State, max_branches: int, max_steps: int) -> tuple[int, int, int, tuple[int, ...], list[tuple[int, bool]]] | None:
    """The compiled search of ``multiple.find_multiple_forcing_chain``: (nodes, kind (0: cell,
    1: region), where, branches, chosen targets) of the cheapest cell or region forcing chain, or None."""
    assert _native is not None
    t = state.tables
    offsets, peers, houses, _, _ = native_tables(t)
    return _native.multiple_forcing(
        array("H", state.cands).tobytes(), t.side, offsets, peers, houses, max_branches, max_steps
    )


def xy_cycle(state: State, max_cells: int) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The compiled search of ``cycles.find_xy_cycle``: the cells and link bits of the shortest
    XY-cycle of at most ``max_cells`` cells that removes something (in the Python search's
    order), or None.  Grids of at most 256 cells."""
    assert _native is not None
    t = state.tables
    offsets, peers, _, _, _ = native_tables(t)
    return _native.xy_cycle(array("H", state.cands).tobytes(), t.side, offsets, peers, max_cells)


def x_chains(state: State, positions: int, max_links: int) -> list[tuple[int, int, list[int], list[int], int]]:
    """The compiled X-chain searches of one digit (its ``positions``, a cell set), from every start:
    (start, links, cells of the chain, houses of its strong links, the cells it removes the digit
    from) for each start whose breadth-first search finds a chain of fewer than ``max_links`` links."""
    assert _native is not None
    t = state.tables
    offsets, peers, houses, _, _ = native_tables(t)
    size = 8 * ((t.cell_count + 63) // 64)
    found = _native.x_chains(positions.to_bytes(size, "little"), t.side, offsets, peers, houses, max_links)
    return [(start, links, cells, chain_houses, int.from_bytes(seen, "little"))
            for start, links, cells, chain_houses, seen in found]


AicChain = tuple[bool, int, list[tuple[int, int]], tuple[tuple[int, int], ...]]


def grouped_aic(state: State, max_depth: int) -> AicChain | None:
    """The compiled search of ``aic.find_grouped_aic``: (placement, nodes, the chain's nodes as
    (digit, cell set), the (cell, digit) candidates removed) of the chain it takes, or None.
    Grids of at most 256 cells."""
    assert _native is not None
    t = state.tables
    offsets, peers, houses, _, meets = native_tables(t)
    found = _native.grouped_aic(array("H", state.cands).tobytes(), t.side, offsets, peers, houses, meets, max_depth)
    if found is None:
        return None
    placement, nodes, chain, removed = found
    return placement, nodes, [(d, sum(1 << c for c in cells)) for d, cells in chain], tuple(removed)


def dynamic_offers(state: State, alive: list[int], max_branches: int, max_off: int) -> list[tuple[int, int, int, int, bool]]:
    """The compiled ``nets._offers``: every conclusion of the dynamic forcing nets, in the Python
    search's order, as (cost, origin, where, fact, on).  Grids of at most 256 cells."""
    assert _native is not None
    t = state.tables
    offsets, peers, houses, houses_of, _ = native_tables(t)
    return _native.dynamic_offers(
        array("H", state.cands).tobytes(), array("H", state.values).tobytes(), t.side,
        offsets, peers, houses, houses_of, array("H", alive).tobytes(), max_branches, max_off,
    )


def singles_scan(state: State) -> list[tuple[int, int, int]] | tuple[int, ...]:
    """The compiled ``trial.scan_singles``: one round's singles as (cell, digit, house) in the
    order found (house -1: a naked single), or the first broken rule.  Grids of side 16 at most."""
    assert _native is not None
    _, _, houses, _, _ = native_tables(state.tables)
    return _native.singles_scan(
        array("H", state.cands).tobytes(), array("H", state.values).tobytes(), state.tables.side, houses
    )


# -- almost locked sets (techniques/als.py, als_chains.py, death_blossom.py) --------------


def als_ready(state: State) -> bool:
    """True when the ALS searches run compiled on this state's grid (at most 256 cells)."""
    return ENABLED and state.tables.cell_count <= 256 and state.tables.side <= 16


def als_table(state: State) -> tuple[bytes, bytes]:
    """The compiled ALS table of the state (``als.almost_locked_sets``'s sets, in its order) and
    the candidates it was made from, made once per candidate grid (kept in :meth:`State.memo`)."""
    assert _native is not None
    memo = state.memo()
    found = memo.get("als.native")
    if found is None:
        t = state.tables
        offsets, peers, houses, _, _ = native_tables(t)
        cands = array("H", state.cands).tobytes()
        found = memo["als.native"] = (_native.als_table(cands, t.side, offsets, peers, houses), cands)
    return found


def als_at(state: State, index: int) -> tuple[int, int]:
    """The cell set and house of the ALS of that index in :func:`als_table`."""
    assert _native is not None
    cells, house = _native.als_at(*als_table(state), index)
    return int.from_bytes(cells, "little"), house


def als_xz(state: State) -> tuple[int, int, int] | None:
    """The compiled search of ``als.find_als_xz``: (ALS, ALS, restricted digit) or None."""
    assert _native is not None
    return _native.als_xz(*als_table(state))


def als_xy_wing(state: State) -> tuple[int, int, int, int, int] | None:
    """The compiled search of ``als.find_als_xy_wing``: (pivot, ALS, ALS, x, y) or None."""
    assert _native is not None
    return _native.als_xy_wing(*als_table(state))


def als_chain(state: State, min_sets: int, max_sets: int, max_tries: int) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The compiled search of ``als_chains.find_als_chain``: (ALSs, link digits) or None."""
    assert _native is not None
    return _native.als_chain(*als_table(state), min_sets, max_sets, max_tries)


def death_blossom(state: State, max_stem_digits: int, max_tries: int) -> tuple[int, int, tuple[int, ...]] | None:
    """The compiled search of ``death_blossom.find_death_blossom``: (stem, z, petals) or None."""
    assert _native is not None
    return _native.death_blossom(*als_table(state), max_stem_digits, max_tries)
