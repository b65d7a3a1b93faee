/* X-chains and grouped X-chains (see _native.c). */
#include "_native.h"

/* ---- X-chains ------------------------------------------------------------- */

/* chains._XChainSearch from every start of one digit: for each start (in increasing order) whose
 * breadth-first search finds an X-chain of fewer than `max_links` links that removes something,
 * (start, links, cells of the chain, houses of its strong links, removed cells as bytes). */
PyObject *x_chains(PyObject *self, PyObject *args) {
    Py_buffer positions_buf, offsets_buf, list_buf, houses_buf;
    int side, max_links;
    if (!PyArg_ParseTuple(args, "y*iy*y*y*i", &positions_buf, &side, &offsets_buf, &list_buf, &houses_buf,
                          &max_links))
        return NULL;
    PyObject *result = NULL, *found = NULL;
    CellSet *peer_set = NULL;
    int *partner_from = NULL, *partners = NULL, *partner_house = NULL, *parent = NULL, *frontier = NULL;
    int cell_count = (int)(offsets_buf.len / 4) - 1;
    const uint32_t *offsets = offsets_buf.buf;
    const uint16_t *peer_list = list_buf.buf, *houses = houses_buf.buf;
    if (side < 1 || side > 16 || cell_count < 1 || cell_count > 64 * MAX_CELL_WORDS ||
        positions_buf.len < 8 * ((cell_count + 63) / 64) || houses_buf.len % (2 * side) ||
        offsets[cell_count] != list_buf.len / 2) {
        PyErr_SetString(PyExc_ValueError, "x_chains: bad tables (at most 256 cells)");
        goto done;
    }
    for (Py_ssize_t k = 0; k < list_buf.len / 2; k++)
        if (peer_list[k] >= cell_count) {
            PyErr_SetString(PyExc_ValueError, "x_chains: a peer outside the grid");
            goto done;
        }
    for (Py_ssize_t k = 0; k < houses_buf.len / 2; k++)
        if (houses[k] >= cell_count) {
            PyErr_SetString(PyExc_ValueError, "x_chains: a house cell outside the grid");
            goto done;
        }
    int cw = (cell_count + 63) / 64, house_count = (int)(houses_buf.len / (2 * side));
    CellSet positions = {{0}};
    memcpy(positions.bits, positions_buf.buf, 8 * (size_t)cw);
    if (cell_count % 64)
        positions.bits[cw - 1] &= ((word)1 << (cell_count % 64)) - 1;
    peer_set = calloc((size_t)cell_count, sizeof(CellSet));
    partner_from = calloc(2 * (size_t)cell_count + 1, sizeof(int));
    partners = malloc(sizeof(int) * 2 * ((size_t)house_count + 1));
    partner_house = malloc(sizeof(int) * 2 * ((size_t)house_count + 1));
    parent = malloc(sizeof(int) * 4 * (size_t)cell_count); /* per node cell * 2 + on: previous node, house */
    frontier = malloc(sizeof(int) * 4 * (size_t)cell_count);
    found = PyList_New(0);
    if (!peer_set || !partner_from || !partners || !partner_house || !parent || !frontier || !found) {
        if (!PyErr_Occurred())
            PyErr_NoMemory();
        goto done;
    }
    for (int c = 0; c < cell_count; c++)
        for (uint32_t k = offsets[c]; k < offsets[c + 1]; k++)
            ADD(peer_set[c].bits, peer_list[k]);
    /* strong partners, as chains.strong_partners lists them: per cell, by house order */
    int *partner_count = partner_from + cell_count;
    int pair_a[64 * 3], pair_b[64 * 3], pair_house[64 * 3], pair_count = 0;
    for (int h = 0; h < house_count && pair_count < 64 * 3; h++) {
        int a = -1, b = -1, spots = 0;
        for (int k = 0; k < side; k++) {
            int c = houses[h * side + k];
            if (HAS(positions.bits, c)) {
                spots++;
                if (a < 0 || c < a) {
                    b = a;
                    a = c;
                } else if (b < 0 || c < b) {
                    b = c;
                }
            }
        }
        if (spots == 2) {
            pair_a[pair_count] = a, pair_b[pair_count] = b, pair_house[pair_count] = h;
            pair_count++;
            partner_count[a]++;
            partner_count[b]++;
        }
    }
    int total = 0;
    for (int c = 0; c < cell_count; c++) {
        partner_from[c] = total;
        total += partner_count[c];
        partner_count[c] = 0;
    }
    for (int k = 0; k < pair_count; k++) {
        int a = pair_a[k], b = pair_b[k];
        partners[partner_from[a] + partner_count[a]] = b;
        partner_house[partner_from[a] + partner_count[a]++] = pair_house[k];
        partners[partner_from[b] + partner_count[b]] = a;
        partner_house[partner_from[b] + partner_count[b]++] = pair_house[k];
    }
    for (int start = 0; start < cell_count; start++) {
        if (!partner_count[start])
            continue;
        for (int k = 0; k < 4 * cell_count; k++)
            parent[k] = -1; /* parent[2 * node] = previous node (-2: the start), parent[2 * node + 1] = house */
        int root = start * 2, frontier_count = 1, links = 0, end = -1;
        CellSet seen;
        parent[2 * root] = -2;
        frontier[0] = root;
        while (end < 0 && frontier_count && links + 1 < max_links) {
            links++;
            int *next = frontier + frontier_count, next_count = 0;
            for (int f = 0; f < frontier_count && end < 0; f++) {
                int node = frontier[f], cell = node >> 1;
                if (node & 1) { /* on: a weak link to every other position the cell sees */
                    for (int w = 0; w < cw; w++)
                        for (word m = peer_set[cell].bits[w] & positions.bits[w]; m; m &= m - 1) {
                            int other = (w * 64 + __builtin_ctzll(m)) * 2;
                            if (parent[2 * other] != -1)
                                continue;
                            parent[2 * other] = node;
                            next[next_count++] = other;
                        }
                    continue;
                }
                for (int k = partner_from[cell]; k < partner_from[cell] + partner_count[cell]; k++) {
                    int other = partners[k], on = other * 2 + 1;
                    if (parent[2 * on] != -1)
                        continue;
                    parent[2 * on] = node;
                    parent[2 * on + 1] = partner_house[k];
                    next[next_count++] = on;
                    if (other != start && links >= 3) {
                        int any = 0;
                        for (int w = 0; w < cw; w++) {
                            seen.bits[w] = peer_set[start].bits[w] & peer_set[other].bits[w] & positions.bits[w];
                            any |= seen.bits[w] != 0;
                        }
                        if (any) {
                            end = on;
                            break;
                        }
                    }
                }
            }
            /* the next level replaces this one (moved to the front) */
            memmove(frontier, next, sizeof(int) * (size_t)next_count);
            frontier_count = next_count;
        }
        if (end < 0)
            continue;
        PyObject *cells = PyList_New(0), *house_list = PyList_New(0);
        if (!cells || !house_list) {
            Py_XDECREF(cells);
            Py_XDECREF(house_list);
            goto done;
        }
        for (int node = end; node >= 0; node = parent[2 * node]) {
            PyObject *item = PyLong_FromLong(node >> 1);
            int bad = !item || PyList_Append(cells, item) < 0;
            Py_XDECREF(item);
            if (!bad && parent[2 * node + 1] >= 0) {
                item = PyLong_FromLong(parent[2 * node + 1]);
                bad = !item || PyList_Append(house_list, item) < 0;
                Py_XDECREF(item);
            }
            if (bad) {
                Py_DECREF(cells);
                Py_DECREF(house_list);
                goto done;
            }
        }
        if (PyList_Reverse(cells) < 0 || PyList_Reverse(house_list) < 0) {
            Py_DECREF(cells);
            Py_DECREF(house_list);
            goto done;
        }
        PyObject *entry = Py_BuildValue("(iiNNy#)", start, links, cells, house_list, (const char *)seen.bits,
                                        (Py_ssize_t)(8 * cw));
        if (!entry || PyList_Append(found, entry) < 0) {
            Py_XDECREF(entry);
            goto done;
        }
        Py_DECREF(entry);
    }
    result = found;
    found = NULL;
done:
    Py_XDECREF(found);
    free(peer_set);
    free(partner_from);
    free(partners);
    free(partner_house);
    free(parent);
    free(frontier);
    PyBuffer_Release(&positions_buf);
    PyBuffer_Release(&offsets_buf);
    PyBuffer_Release(&list_buf);
    PyBuffer_Release(&houses_buf);
    return result;
}

/* ---- grouped X-chains ----------------------------------------------------- */

#define MAX_NODES 256
#define NODE_WORDS (MAX_NODES / 64)

typedef struct {
    word lo, hi;
} Cells; /* a cell set of up to 128 cells */

static Cells cells_and(Cells a, Cells b) { return (Cells){a.lo & b.lo, a.hi & b.hi}; }
static Cells cells_or(Cells a, Cells b) { return (Cells){a.lo | b.lo, a.hi | b.hi}; }
static Cells cells_but(Cells a, Cells b) { return (Cells){a.lo & ~b.lo, a.hi & ~b.hi}; }
static int cells_any(Cells a) { return (a.lo | a.hi) != 0; }
static int cells_same(Cells a, Cells b) { return a.lo == b.lo && a.hi == b.hi; }
static int cells_count(Cells a) { return __builtin_popcountll(a.lo) + __builtin_popcountll(a.hi); }
static int cells_first(Cells a) { return a.lo ? __builtin_ctzll(a.lo) : 64 + __builtin_ctzll(a.hi); }
static Cells cell_bit(int c) { return c < 64 ? (Cells){(word)1 << c, 0} : (Cells){0, (word)1 << (c - 64)}; }

typedef struct {
    int cell_count, side, house_count;
    Cells *peer_set;  /* per cell */
    Cells *house_set; /* per house */
    const uint16_t *houses_of; /* row, column and box house of each cell */
    int node_count, singles;
    int single_of[128]; /* the node of each cell of the digit */
    Cells nodes[MAX_NODES];
    Cells seen[MAX_NODES]; /* the cells that see every cell of the node */
    word strong[MAX_NODES][NODE_WORDS];
    word weak[MAX_NODES][NODE_WORDS];
} Digit;

/* grouped_fish._one_part: a single cell, or two or more in one box and one line. */
static int one_part(const Digit *x, Cells cells) {
    if (!cells_any(cells))
        return 0;
    if (cells_count(cells) == 1)
        return 1;
    int first = cells.hi ? 127 - __builtin_clzll(cells.hi) : 63 - __builtin_clzll(cells.lo); /* the last cell */
    const uint16_t *h = x->houses_of + 3 * first;
    Cells box = x->house_set[h[2]];
    return cells_same(cells_and(cells, box), cells) &&
           (cells_same(cells_and(cells, x->house_set[h[0]]), cells) ||
            cells_same(cells_and(cells, x->house_set[h[1]]), cells));
}

static int node_index(const Digit *x, Cells cells) {
    if (!cells_any(cells))
        return -1;
    if (cells_count(cells) == 1)
        return x->single_of[cells_first(cells)];
    for (int k = x->singles; k < x->node_count; k++)
        if (cells_same(x->nodes[k], cells))
            return k;
    return -1;
}

static PyObject *path_result(const Digit *x, const int *path, int length, Cells removed) {
    PyObject *nodes = PyTuple_New(length);
    if (!nodes)
        return NULL;
    for (int k = 0; k < length; k++) {
        PyObject *pair = Py_BuildValue("(KK)", (unsigned long long)x->nodes[path[k]].lo,
                                       (unsigned long long)x->nodes[path[k]].hi);
        if (!pair) {
            Py_DECREF(nodes);
            return NULL;
        }
        PyTuple_SET_ITEM(nodes, k, pair);
    }
    return Py_BuildValue("(N(KK))", nodes, (unsigned long long)removed.lo, (unsigned long long)removed.hi);
}

/* The first node of `set` at or after `from`, or -1. */
static int next_node(const word *set, int from) {
    for (int w = from >> 6; w < NODE_WORDS; w++) {
        word m = set[w];
        if (w == from >> 6)
            m &= ~(word)0 << (from & 63);
        if (m)
            return w * 64 + __builtin_ctzll(m);
    }
    return -1;
}

#define EACH_NODE(set, var) for (int var = next_node(set, 0); var >= 0; var = next_node(set, var + 1))

/* grouped_fish._chain: the first grouped chain of two or three strong links of one digit's cells that
 * removes something, as ((node cell sets as (low, high) words), (removed cells)), or None. */
PyObject *grouped_chain(PyObject *self, PyObject *args) {
    unsigned long long lo, hi;
    int side, strong_links;
    Py_buffer offsets_buf, list_buf, houses_buf, houses_of_buf, meets_buf;
    if (!PyArg_ParseTuple(args, "KKiiy*y*y*y*y*", &lo, &hi, &strong_links, &side, &offsets_buf, &list_buf,
                          &houses_buf, &houses_of_buf, &meets_buf))
        return NULL;
    PyObject *result = NULL;
    Digit *x = calloc(1, sizeof(Digit));
    const uint32_t *offsets = offsets_buf.buf;
    const uint16_t *peer_list = list_buf.buf, *houses = houses_buf.buf, *meets = meets_buf.buf;
    if (!x) {
        PyErr_NoMemory();
        goto done;
    }
    x->cell_count = (int)(offsets_buf.len / 4) - 1;
    x->side = side;
    if (side < 1 || side > 16 || x->cell_count < 1 || x->cell_count > 128 || houses_buf.len % (2 * side) ||
        houses_of_buf.len != 6 * x->cell_count || (strong_links != 2 && strong_links != 3) ||
        offsets[x->cell_count] != list_buf.len / 2) {
        PyErr_SetString(PyExc_ValueError, "grouped_chain: bad tables (at most 128 cells) or strong_links not 2 or 3");
        goto done;
    }
    x->house_count = (int)(houses_buf.len / (2 * side));
    x->houses_of = houses_of_buf.buf;
    for (Py_ssize_t k = 0; k < list_buf.len / 2; k++)
        if (peer_list[k] >= x->cell_count) {
            PyErr_SetString(PyExc_ValueError, "grouped_chain: a peer outside the grid");
            goto done;
        }
    for (Py_ssize_t k = 0; k < houses_buf.len / 2; k++)
        if (houses[k] >= x->cell_count) {
            PyErr_SetString(PyExc_ValueError, "grouped_chain: a house cell outside the grid");
            goto done;
        }
    for (Py_ssize_t k = 0; k < houses_of_buf.len / 2; k++)
        if (x->houses_of[k] >= x->house_count) {
            PyErr_SetString(PyExc_ValueError, "grouped_chain: houses_of names a house outside the grid");
            goto done;
        }
    x->peer_set = calloc((size_t)x->cell_count, sizeof(Cells));
    x->house_set = calloc((size_t)x->house_count, sizeof(Cells));
    if (!x->peer_set || !x->house_set) {
        PyErr_NoMemory();
        goto done;
    }
    for (int c = 0; c < x->cell_count; c++)
        for (uint32_t k = offsets[c]; k < offsets[c + 1]; k++)
            x->peer_set[c] = cells_or(x->peer_set[c], cell_bit(peer_list[k]));
    for (int h = 0; h < x->house_count; h++)
        for (int k = 0; k < side; k++)
            x->house_set[h] = cells_or(x->house_set[h], cell_bit(houses[h * side + k]));
    Cells digit_cells = {lo, hi};
    if (x->cell_count <= 64)
        digit_cells.hi = 0, digit_cells.lo &= x->cell_count == 64 ? ~(word)0 : ((word)1 << x->cell_count) - 1;
    else if (x->cell_count < 128)
        digit_cells.hi &= ((word)1 << (x->cell_count - 64)) - 1;
    /* the nodes: the digit's cells, then its groups (meets: box, line, count, cells...) */
    for (int c = 0; c < x->cell_count; c++) {
        x->single_of[c] = -1;
        if (cells_any(cells_and(digit_cells, cell_bit(c)))) {
            x->single_of[c] = x->node_count;
            x->nodes[x->node_count++] = cell_bit(c);
        }
    }
    x->singles = x->node_count;
    int group_linked = 0;
    for (Py_ssize_t k = 0; k + 3 <= meets_buf.len / 2;) {
        int box = meets[k], line = meets[k + 1], count = meets[k + 2];
        if (k + 3 + count > meets_buf.len / 2 || box >= x->house_count || line >= x->house_count) {
            PyErr_SetString(PyExc_ValueError, "grouped_chain: bad intersections");
            goto done;
        }
        Cells group = {0, 0};
        for (int j = 0; j < count; j++)
            if (meets[k + 3 + j] < x->cell_count)
                group = cells_or(group, cells_and(digit_cells, cell_bit(meets[k + 3 + j])));
        k += 3 + count;
        if (cells_count(group) < 2)
            continue;
        if (x->node_count == MAX_NODES) {
            PyErr_SetString(PyExc_ValueError, "grouped_chain: too many nodes");
            goto done;
        }
        x->nodes[x->node_count++] = group;
        group_linked |= one_part(x, cells_but(cells_and(digit_cells, x->house_set[box]), group)) ||
                        one_part(x, cells_but(cells_and(digit_cells, x->house_set[line]), group));
    }
    if (!group_linked || x->node_count == x->singles) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    for (int i = 0; i < x->node_count; i++) {
        if (i < x->singles) {
            x->seen[i] = x->peer_set[cells_first(x->nodes[i])];
            continue;
        }
        Cells common = {~(word)0, ~(word)0};
        Cells rest = x->nodes[i];
        while (cells_any(rest)) {
            int c = cells_first(rest);
            common = cells_and(common, x->peer_set[c]);
            rest = cells_but(rest, cell_bit(c));
        }
        x->seen[i] = common;
    }
    for (int h = 0; h < x->house_count; h++) {
        Cells places = cells_and(digit_cells, x->house_set[h]);
        if (cells_count(places) < 2)
            continue;
        for (int i = 0; i < x->node_count; i++) {
            if (!cells_same(cells_and(x->nodes[i], places), x->nodes[i]))
                continue;
            int j = node_index(x, cells_but(places, x->nodes[i]));
            if (j >= 0) {
                ADD(x->strong[i], j);
                ADD(x->strong[j], i);
            }
        }
    }
    int last_linked = -1;
    word linked[NODE_WORDS] = {0};
    for (int i = 0; i < x->node_count; i++)
        for (int w = 0; w < NODE_WORDS; w++)
            if (x->strong[i][w]) {
                ADD(linked, i);
                last_linked = i;
                break;
            }
    if (last_linked < x->singles) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    EACH_NODE(linked, i) {
        EACH_NODE(linked, j) {
            if (j != i && !cells_any(cells_and(x->nodes[j], x->nodes[i])) &&
                !cells_any(cells_but(x->nodes[j], x->seen[i])))
                ADD(x->weak[i], j);
        }
    }
    int first_group = x->singles;
    for (int a = 0; a < x->node_count; a++) {
        int has_strong = 0;
        for (int w = 0; w < NODE_WORDS; w++)
            has_strong |= x->strong[a][w] != 0;
        if (!has_strong || !cells_any(cells_and(x->seen[a], digit_cells)))
            continue;
        EACH_NODE(x->strong[a], b) {
            Cells used_ab = cells_or(x->nodes[a], x->nodes[b]);
            EACH_NODE(x->weak[b], c) {
                if (cells_any(cells_and(x->nodes[c], used_ab)))
                    continue;
                Cells used_abc = cells_or(used_ab, x->nodes[c]);
                EACH_NODE(x->strong[c], d) {
                    if (cells_any(cells_and(x->nodes[d], used_abc)))
                        continue;
                    Cells used = cells_or(used_abc, x->nodes[d]);
                    int top = a > b ? a : b;
                    top = top > c ? top : c;
                    top = top > d ? top : d;
                    if (strong_links == 2) {
                        if (d > a && top >= first_group) {
                            Cells removed = cells_but(cells_and(cells_and(x->seen[a], x->seen[d]), digit_cells), used);
                            if (cells_any(removed)) {
                                int path[4] = {a, b, c, d};
                                result = path_result(x, path, 4, removed);
                                goto done;
                            }
                        }
                        continue;
                    }
                    EACH_NODE(x->weak[d], e) {
                        if (cells_any(cells_and(x->nodes[e], used)))
                            continue;
                        Cells used_e = cells_or(used, x->nodes[e]);
                        EACH_NODE(x->strong[e], f) {
                            int top_f = top > e ? top : e;
                            top_f = top_f > f ? top_f : f;
                            if (f < a || cells_any(cells_and(x->nodes[f], used_e)) || top_f < first_group)
                                continue;
                            Cells removed = cells_but(cells_and(cells_and(x->seen[a], x->seen[f]), digit_cells),
                                                      cells_or(used_e, x->nodes[f]));
                            if (cells_any(removed)) {
                                int path[6] = {a, b, c, d, e, f};
                                result = path_result(x, path, 6, removed);
                                goto done;
                            }
                        }
                    }
                }
            }
        }
    }
    result = Py_NewRef(Py_None);
done:
    if (x) {
        free(x->peer_set);
        free(x->house_set);
        free(x);
    }
    PyBuffer_Release(&offsets_buf);
    PyBuffer_Release(&list_buf);
    PyBuffer_Release(&houses_buf);
    PyBuffer_Release(&houses_of_buf);
    PyBuffer_Release(&meets_buf);
    return result;
}

