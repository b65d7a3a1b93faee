/* sudokuprint.logic._native: the logic engine's hottest searches, compiled.
 *
 * Each function computes exactly what its pure-Python version computes, in the
 * same order (the oracle; sudokuprint/logic/kernels.py calls them and says which
 * is which, tests/test_logic_native.py compares the two on real puzzles):
 *
 * - _native_forcing.c: forcing_shortest (forcing._Links and forcing._shortest,
 *   the shortest static forcing chain) and multiple_forcing (multiple._best,
 *   cell and region forcing chains on the same links);
 * - _native_wings.c: wing_search (wings.pivot_wing's search, WXYZ/VWXYZ-wings)
 *   and xy_cycle (cycles.find_xy_cycle's search);
 * - _native_chains.c: x_chains (chains._XChainSearch from every start of a
 *   digit) and grouped_chain (grouped_fish._chain);
 * - _native_nets.c: follow_net (nets._Net, one assumption followed with singles) and
 *   dynamic_offers (nets.find_dynamic_forcing's conclusions, every net followed and sized);
 * - _native_trial.c: singles_scan (trial.scan_singles, the singles of one round of a trial);
 * - _native_aic.c: grouped_aic (aic._Graph and aic.find_grouped_aic's search);
 * - _native_als.c: als_table (the almost locked sets of a grid, made once and shared) and the
 *   searches of ALS-XZ, ALS-XY-Wing, ALS chains and Death Blossom on it.
 *
 * Inputs: `cands` is the candidate masks as bytes of native uint16 (one per
 * cell); `peer_offsets` (uint32, cells + 1) and `peer_list` (uint16) list the
 * peers of each cell in increasing order; `houses` (uint16) lists the cells of
 * every house, `side` cells each.  `changed` is the cell set of cells changed
 * since the last search found nothing, as little-endian bytes (all ones for
 * every cell).  A candidate is numbered cell * side + digit - 1.
 *
 * Sets of candidates and of cells are arrays of 64-bit words.  Nothing is kept
 * between calls and the GIL is held throughout (each call takes well under a
 * millisecond to a few milliseconds).
 */
#include "_native.h"

int read_grid(Grid *g, Py_buffer *cands, int side, Py_buffer *offsets, Py_buffer *list) {
    if (side < 1 || side > 16) {
        PyErr_SetString(PyExc_ValueError, "side must be 1 to 16");
        return -1;
    }
    if (cands->len % 2 || offsets->len % 4 || list->len % 2) {
        PyErr_SetString(PyExc_ValueError, "cands, peer_offsets and peer_list must be uint16, uint32, uint16 arrays");
        return -1;
    }
    g->cands = cands->buf;
    g->cell_count = (int)(cands->len / 2);
    g->side = side;
    g->peer_offsets = offsets->buf;
    g->peer_list = list->buf;
    if (offsets->len / 4 != g->cell_count + 1 || g->peer_offsets[g->cell_count] != list->len / 2) {
        PyErr_SetString(PyExc_ValueError, "peer_offsets does not fit cands and peer_list");
        return -1;
    }
    for (int c = 0; c < g->cell_count; c++) {
        if (g->peer_offsets[c] > g->peer_offsets[c + 1] || g->cands[c] >> side) {
            PyErr_SetString(PyExc_ValueError, "bad peer_offsets or candidate mask");
            return -1;
        }
    }
    for (Py_ssize_t k = 0; k < list->len / 2; k++) {
        if (g->peer_list[k] >= g->cell_count) {
            PyErr_SetString(PyExc_ValueError, "peer_list names a cell outside the grid");
            return -1;
        }
    }
    return 0;
}

static PyMethodDef methods[] = {
    {"forcing_shortest", forcing_shortest, METH_VARARGS,
     "forcing_shortest(cands, side, peer_offsets, peer_list, houses, xy, max_steps) -> (nodes, candidate, is_true) | None"},
    {"wing_search", wing_search, METH_VARARGS,
     "wing_search(cands, side, peer_offsets, peer_list, size, changed) -> (cells, union) | None"},
    {"grouped_chain", grouped_chain, METH_VARARGS,
     "grouped_chain(low, high, strong_links, side, peer_offsets, peer_list, houses, houses_of, intersections)"
     " -> (nodes, removed) | None"},
    {"follow_net", follow_net, METH_VARARGS,
     "follow_net(cands, values, side, peer_offsets, peer_list, houses, houses_of, candidate, true)"
     " -> (on, off, broken, blame)"},
    {"multiple_forcing", multiple_forcing, METH_VARARGS,
     "multiple_forcing(cands, side, peer_offsets, peer_list, houses, max_branches, max_steps)"
     " -> (nodes, kind, where, branches, chosen) | None"},
    {"xy_cycle", xy_cycle, METH_VARARGS,
     "xy_cycle(cands, side, peer_offsets, peer_list, max_cells) -> (cells, bits) | None"},
    {"x_chains", x_chains, METH_VARARGS,
     "x_chains(positions, side, peer_offsets, peer_list, houses, max_links) -> [(start, links, cells, houses, seen)]"},
    {"als_table", als_table, METH_VARARGS, "als_table(cands, side, peer_offsets, peer_list, houses) -> table"},
    {"als_at", als_at, METH_VARARGS, "als_at(table, cands, index) -> (cells, house)"},
    {"als_xz", als_xz, METH_VARARGS, "als_xz(table, cands) -> (i, j, x) | None"},
    {"als_xy_wing", als_xy_wing, METH_VARARGS, "als_xy_wing(table, cands) -> (pivot, i, j, x, y) | None"},
    {"als_chain", als_chain, METH_VARARGS,
     "als_chain(table, cands, min_sets, max_sets, max_tries) -> (sets, digits) | None"},
    {"death_blossom", death_blossom, METH_VARARGS,
     "death_blossom(table, cands, max_stem_digits, max_tries) -> (stem, z, petals) | None"},
    {"grouped_aic", grouped_aic, METH_VARARGS,
     "grouped_aic(cands, side, peer_offsets, peer_list, houses, intersections, max_depth)"
     " -> (placement, nodes, chain, removed) | None"},
    {"dynamic_offers", dynamic_offers, METH_VARARGS,
     "dynamic_offers(cands, values, side, peer_offsets, peer_list, houses, houses_of, alive, max_branches, max_off)"
     " -> [(cost, origin, where, fact, on)]"},
    {"singles_scan", singles_scan, METH_VARARGS,
     "singles_scan(cands, values, side, houses) -> [(cell, digit, house)] | broken rule"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "sudokuprint.logic._native",
    "The logic engine's hottest searches, compiled (see sudokuprint.logic.kernels).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__native(void) { return PyModule_Create(&module); }

