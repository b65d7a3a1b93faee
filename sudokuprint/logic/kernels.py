"""The compiled searches of the logic engine (``sudokuprint.logic._native``) and when to use them.

Two searches dominate grading time on hard puzzles and are compiled: the static
forcing chain search (:mod:`.techniques.forcing`: links and breadth-first
search) and the WXYZ/VWXYZ-wing growth (:mod:`.techniques.wings`).  Each
compiled search returns exactly what its pure-Python version returns; the
Python versions stay as the readable oracle and the fallback when the extension
is not built (tests compare the two on real puzzles).  :data:`ENABLED` says
which one runs; tests switch it.
"""

from __future__ import annotations

from array import array
from types import ModuleType

from .state import State, Tables

_native: ModuleType | None
try:
    from . import _native
except ImportError:  # built without a C compiler: the Python searches run
    _native = None

ENABLED = _native is not None
"""True when the compiled searches are used (the extension is built and not switched off)."""

NativeTables = tuple[bytes, bytes, bytes]
_TABLES: dict[object, NativeTables] = {}


def native_tables(tables: Tables) -> NativeTables:
    """A shape's peers (offsets, then the list) and houses as the byte arrays the extension reads."""
    found = _TABLES.get(tables.shape)
    if found is None:
        offsets = array("I", [0])
        peers = array("H")
        for cell_peers in tables.peers:
            peers.extend(cell_peers)
            offsets.append(len(peers))
        houses = array("H", [c for cells in tables.houses for c in cells])
        found = _TABLES[tables.shape] = (offsets.tobytes(), peers.tobytes(), houses.tobytes())
    return found


def forcing_shortest(state: State, xy: bool, max_steps: int) -> tuple[int, int, bool] | None:
    """The compiled ``forcing._shortest(links_of(state, xy), max_steps)``: (nodes, candidate,
    is_true) of the shortest static forcing chain, or None."""
    assert _native is not None
    offsets, peers, houses = native_tables(state.tables)
    return _native.forcing_shortest(
        array("H", state.cands).tobytes(), state.tables.side, offsets, peers, houses, xy, max_steps
    )


def wing_search(state: State, size: int, changed: int) -> tuple[tuple[int, ...], int] | None:
    """The compiled search of ``wings.pivot_wing``: the cells and digits of the first wing of
    ``size`` cells that removes something (in the Python search's order), or None.
    ``changed`` is :meth:`State.changed_since`'s cell set (-1: every cell)."""
    assert _native is not None
    t = state.tables
    offsets, peers, _ = native_tables(t)
    count = t.cell_count
    changed_bytes = (changed & ((1 << count) - 1)).to_bytes(8 * ((count + 63) // 64), "little")
    return _native.wing_search(array("H", state.cands).tobytes(), t.side, offsets, peers, size, changed_bytes)
