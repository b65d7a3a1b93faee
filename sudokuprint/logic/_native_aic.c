/* Grouped alternating inference chains: aic.find_grouped_aic's graph and search (see _native.c). */
#include "_native.h"

/* aic._Graph: the nodes (a digit in one cell, the singles, numbered by cell then digit; then a
 * digit in a box/line intersection's cells, the groups, in the order of the intersections and
 * digits) and their links as node sets of `words` words each. */
typedef struct {
    int side, cell_count, cw, count, singles, capacity, words;
    uint8_t *digit;     /* 0-based digit of each node */
    CellSet *cells;     /* cells of each node */
    int *single_of;     /* cell * side + digit index -> node, -1 when not a candidate */
    CellSet *peer_set;  /* per cell */
    word *weak, *strong, *implies, *single_set;
} Graph;

#define ROW(x, m, i) ((x)->m + (size_t)(i) * (size_t)(x)->words)
#define EACH_BIT(set, n, i)                                                              \
    for (int i##_w = 0; i##_w < (n); i##_w++)                                            \
        for (word i##_b = (set)[i##_w]; i##_b; i##_b &= i##_b - 1)                      \
            for (int i = i##_w * 64 + __builtin_ctzll(i##_b), i##_once = 1; i##_once; i##_once = 0)

static int cs_count(const CellSet *s, int cw) {
    int n = 0;
    for (int w = 0; w < cw; w++)
        n += __builtin_popcountll(s->bits[w]);
    return n;
}

static int cs_same(const CellSet *a, const CellSet *b, int cw) {
    for (int w = 0; w < cw; w++)
        if (a->bits[w] != b->bits[w])
            return 0;
    return 1;
}

static int cs_first(const CellSet *s, int cw) {
    for (int w = 0; w < cw; w++)
        if (s->bits[w])
            return w * 64 + __builtin_ctzll(s->bits[w]);
    return -1;
}

static int add_node(Graph *x, int digit, const CellSet *cells) {
    if (x->count == x->capacity)
        return -1;
    x->digit[x->count] = (uint8_t)digit;
    x->cells[x->count] = *cells;
    return x->count++;
}

/* The group node of `digit` on exactly `cells`, or -1. */
static int group_of(const Graph *x, int digit, const CellSet *cells) {
    for (int j = x->singles; j < x->count; j++)
        if (x->digit[j] == digit && cs_same(&x->cells[j], cells, x->cw))
            return j;
    return -1;
}

/* The node of `digit` on exactly `cells` (one cell: a single; more: a group), or -1. */
static int node_of(const Graph *x, int digit, const CellSet *cells) {
    int n = cs_count(cells, x->cw);
    if (n == 1)
        return x->single_of[cs_first(cells, x->cw) * x->side + digit];
    return n ? group_of(x, digit, cells) : -1;
}

static void link_both(word *rows, int words, int i, int j) {
    ADD(rows + (size_t)i * (size_t)words, j);
    ADD(rows + (size_t)j * (size_t)words, i);
}

/* Build the nodes and links (returns -1 on a bad table or no memory, with the error set). */
static int build(Graph *x, const uint16_t *cands, const uint16_t *houses, int house_count, const uint16_t *meets,
                 Py_ssize_t meet_length) {
    int n = x->side, cw = x->cw;
    CellSet digit_cells[16] = {{{0}}};
    for (int c = 0; c < x->cell_count; c++)
        for (int d = 0; d < n; d++) {
            x->single_of[c * n + d] = -1;
            if (cands[c] >> d & 1) {
                CellSet one = {{0}};
                ADD(one.bits, c);
                ADD(digit_cells[d].bits, c);
                x->single_of[c * n + d] = add_node(x, d, &one);
            }
        }
    x->singles = x->count;
    for (Py_ssize_t k = 0; k + 3 <= meet_length;) {
        int count = meets[k + 2];
        if (k + 3 + count > meet_length) {
            PyErr_SetString(PyExc_ValueError, "grouped_aic: bad intersections");
            return -1;
        }
        for (int d = 0; d < n; d++) {
            CellSet group = {{0}};
            for (int j = 0; j < count; j++) {
                int c = meets[k + 3 + j];
                if (c >= x->cell_count) {
                    PyErr_SetString(PyExc_ValueError, "grouped_aic: an intersection cell outside the grid");
                    return -1;
                }
                if (cands[c] >> d & 1)
                    ADD(group.bits, c);
            }
            if (cs_count(&group, cw) >= 2 && group_of(x, d, &group) < 0 && add_node(x, d, &group) < 0) {
                PyErr_SetString(PyExc_ValueError, "grouped_aic: too many nodes");
                return -1;
            }
        }
        k += 3 + count;
    }
    x->words = (x->count + 63) / 64;
    if (!x->words)
        return 0;
    size_t row = (size_t)x->count * (size_t)x->words;
    x->weak = calloc(3 * row + (size_t)x->words, sizeof(word));
    if (!x->weak) {
        PyErr_NoMemory();
        return -1;
    }
    x->strong = x->weak + row;
    x->implies = x->strong + row;
    x->single_set = x->implies + row;
    for (int i = 0; i < x->singles; i++)
        ADD(x->single_set, i);
    /* weak: a node and the nodes of its digit that every one of its cells sees */
    for (int i = 0; i < x->count; i++) {
        CellSet seen;
        for (int w = 0; w < cw; w++)
            seen.bits[w] = ~(word)0;
        EACH_BIT(x->cells[i].bits, cw, c) {
            for (int w = 0; w < cw; w++)
                seen.bits[w] &= x->peer_set[c].bits[w];
        }
        int d = x->digit[i];
        word *weak = ROW(x, weak, i);
        for (int w = 0; w < cw; w++) {
            for (word b = seen.bits[w] & digit_cells[d].bits[w] & ~x->cells[i].bits[w]; b; b &= b - 1)
                ADD(weak, x->single_of[(w * 64 + __builtin_ctzll(b)) * n + d]);
        }
        for (int j = x->singles; j < x->count; j++) {
            if (j == i || x->digit[j] != d)
                continue;
            int fits = 1;
            for (int w = 0; w < cw && fits; w++)
                fits = !(x->cells[j].bits[w] & x->cells[i].bits[w]) && !(x->cells[j].bits[w] & ~seen.bits[w]);
            if (fits)
                ADD(weak, j);
        }
    }
    /* weak between the candidates of a cell, strong between those of a cell with two */
    for (int c = 0; c < x->cell_count; c++) {
        int nodes[16], k = 0;
        for (int d = 0; d < n; d++)
            if (x->single_of[c * n + d] >= 0)
                nodes[k++] = x->single_of[c * n + d];
        for (int a = 0; a < k; a++)
            for (int b = a + 1; b < k; b++)
                link_both(x->weak, x->words, nodes[a], nodes[b]);
        if (k == 2)
            link_both(x->strong, x->words, nodes[0], nodes[1]);
    }
    /* strong: a node (single or group) of a digit in a house, and the rest of the digit's places there */
    for (int h = 0; h < house_count; h++) {
        CellSet house = {{0}};
        for (int k = 0; k < n; k++)
            ADD(house.bits, houses[h * n + k]);
        for (int d = 0; d < n; d++) {
            CellSet places;
            for (int w = 0; w < cw; w++)
                places.bits[w] = house.bits[w] & digit_cells[d].bits[w];
            if (cs_count(&places, cw) < 2)
                continue;
            for (int i = 0; i < x->count; i++) {
                if (x->digit[i] != d)
                    continue;
                CellSet rest;
                int inside = 1;
                for (int w = 0; w < cw; w++) {
                    inside &= !(x->cells[i].bits[w] & ~places.bits[w]);
                    rest.bits[w] = places.bits[w] & ~x->cells[i].bits[w];
                }
                if (!inside)
                    continue;
                int partner = node_of(x, d, &rest);
                if (partner >= 0)
                    link_both(x->strong, x->words, i, partner);
            }
        }
    }
    /* what a node's truth implies two links on: the strong partners of its weak partners */
    for (int i = 0; i < x->count; i++) {
        word *implies = ROW(x, implies, i);
        EACH_BIT(ROW(x, weak, i), x->words, j) {
            const word *strong = ROW(x, strong, j);
            for (int w = 0; w < x->words; w++)
                implies[w] |= strong[w];
        }
    }
    return 0;
}

static int any_bit(const word *set, int words) {
    for (int w = 0; w < words; w++)
        if (set[w])
            return 1;
    return 0;
}

/* A node weakly linked to `before` and strongly to `child` (the first such). */
static int middle(const Graph *x, int before, int child) {
    EACH_BIT(ROW(x, weak, before), x->words, w) {
        if (HAS(ROW(x, strong, w), child))
            return w;
    }
    return -1;
}

/* aic._path: the chain from its first node to `end` into `path` (returns its length). */
static int chain_path(const Graph *x, const int *parent, int end, int *path) {
    int length = 0;
    path[length++] = end;
    for (;;) {
        int before = parent[path[length - 1]];
        if (before < 0) { /* the first strong link: -1 - the start */
            path[length++] = -1 - before;
            break;
        }
        path[length] = middle(x, before, path[length - 1]);
        path[length + 1] = before;
        length += 2;
    }
    for (int a = 0, b = length - 1; a < b; a++, b--) {
        int t = path[a];
        path[a] = path[b];
        path[b] = t;
    }
    return length;
}

static PyObject *node_tuple(const Graph *x, int i) {
    PyObject *cells = PyList_New(0);
    if (!cells)
        return NULL;
    EACH_BIT(x->cells[i].bits, x->cw, c) {
        PyObject *v = PyLong_FromLong(c);
        if (!v || PyList_Append(cells, v) < 0) {
            Py_XDECREF(v);
            Py_DECREF(cells);
            return NULL;
        }
        Py_DECREF(v);
    }
    return Py_BuildValue("(iN)", x->digit[i] + 1, cells);
}

static PyObject *result_of(const Graph *x, int placement, int nodes, const int *path, int length, const int *found) {
    PyObject *chain = PyList_New(length), *removed = PyList_New(0);
    if (!chain || !removed)
        goto fail;
    for (int k = 0; k < length; k++) {
        PyObject *node = node_tuple(x, path[k]);
        if (!node)
            goto fail;
        PyList_SET_ITEM(chain, k, node);
    }
    for (int i = 0; !placement && i < x->singles; i++) { /* singles are in (cell, digit) order */
        if (found[i] > nodes)
            continue;
        PyObject *pair = Py_BuildValue("(ii)", cs_first(&x->cells[i], x->cw), x->digit[i] + 1);
        if (!pair || PyList_Append(removed, pair) < 0) {
            Py_XDECREF(pair);
            goto fail;
        }
        Py_DECREF(pair);
    }
    return Py_BuildValue("(OiNN)", placement ? Py_True : Py_False, nodes, chain, removed);
fail:
    Py_XDECREF(chain);
    Py_XDECREF(removed);
    return NULL;
}

/* aic.find_grouped_aic's breadth-first search from every node with a strong link. */
static PyObject *search(const Graph *x, int max_depth) {
    int words = x->words, count = x->count;
    int path_cap = 2 * max_depth + 4;
    int *parent = malloc(sizeof(int) * (size_t)(count + 1) + sizeof(int) * 3 * (size_t)path_cap);
    word *sets = calloc(4 * (size_t)words + 1, sizeof(word));
    PyObject *result = NULL;
    if (!parent || !sets) {
        PyErr_NoMemory();
        goto done;
    }
    int *found = malloc(sizeof(int) * (size_t)(count + 1));
    if (!found) {
        PyErr_NoMemory();
        goto done;
    }
    int *best_path = parent + count + 1, *placed_path = best_path + path_cap, *scratch = placed_path + path_cap;
    word *frontier = sets, *reached = sets + words, *fresh = sets + 2 * words, *removed = sets + 3 * words;
    int best = -1, best_length = 0, placed = 99, placed_at = -1, placed_length = 0;
    for (int i = 0; i < count; i++)
        found[i] = 99;
    for (int a = 0; a < count; a++) {
        const word *strong_a = ROW(x, strong, a), *weak_a = ROW(x, weak, a);
        if (!any_bit(strong_a, words))
            continue;
        int limit = best >= 0 ? best : 2 * max_depth + 2;
        memcpy(frontier, strong_a, sizeof(word) * (size_t)words);
        memcpy(reached, strong_a, sizeof(word) * (size_t)words);
        ADD(reached, a);
        EACH_BIT(frontier, words, b) { parent[b] = -1 - a; }
        for (int depth = 0; depth < max_depth; depth++) {
            int nodes = 2 * depth + 2;
            if (nodes > limit)
                break;
            int hit = -1;
            EACH_BIT(frontier, words, b) {
                const word *weak_b = ROW(x, weak, b);
                int any = 0;
                for (int w = 0; w < words; w++)
                    any |= (removed[w] = weak_a[w] & weak_b[w] & x->single_set[w]) != 0;
                if (any) {
                    EACH_BIT(removed, words, r) {
                        if (nodes < found[r])
                            found[r] = nodes;
                    }
                    if (hit < 0)
                        hit = b;
                }
            }
            if (hit >= 0) {
                if (best < 0 || nodes < best) {
                    best = nodes;
                    best_length = chain_path(x, parent, hit, best_path);
                }
                break;
            }
            memset(fresh, 0, sizeof(word) * (size_t)words);
            int grew = 0;
            EACH_BIT(frontier, words, b) {
                const word *implies = ROW(x, implies, b);
                if (HAS(implies, a) && a < x->singles && nodes + 2 < placed) {
                    int length = chain_path(x, parent, b, scratch);
                    memcpy(placed_path, scratch, sizeof(int) * (size_t)length);
                    placed_path[length] = -1;
                    EACH_BIT(ROW(x, weak, b), words, w) {
                        if (placed_path[length] < 0 && HAS(ROW(x, strong, w), a))
                            placed_path[length] = w;
                    }
                    placed_path[length + 1] = a;
                    placed_length = length + 2;
                    placed = nodes + 2;
                    placed_at = a;
                }
                for (int w = 0; w < words; w++) {
                    word step = implies[w] & ~reached[w] & ~fresh[w];
                    if (!step)
                        continue;
                    for (word s = step; s; s &= s - 1)
                        parent[w * 64 + __builtin_ctzll(s)] = b;
                    fresh[w] |= step;
                    grew = 1;
                }
            }
            if (!grew)
                break;
            for (int w = 0; w < words; w++) {
                reached[w] |= fresh[w];
                frontier[w] = fresh[w];
            }
        }
    }
    if (placed_at >= 0 && (best < 0 || placed < best))
        result = result_of(x, 1, placed, placed_path, placed_length, found);
    else if (best < 0)
        result = Py_NewRef(Py_None);
    else
        result = result_of(x, 0, best, best_path, best_length, found);
    free(found);
done:
    free(parent);
    free(sets);
    return result;
}

PyObject *grouped_aic(PyObject *self, PyObject *args) {
    Py_buffer cands_buf, offsets_buf, list_buf, houses_buf, meets_buf;
    int side, max_depth;
    if (!PyArg_ParseTuple(args, "y*iy*y*y*y*i", &cands_buf, &side, &offsets_buf, &list_buf, &houses_buf,
                          &meets_buf, &max_depth))
        return NULL;
    PyObject *result = NULL;
    Grid g;
    Graph x = {0};
    if (read_grid(&g, &cands_buf, side, &offsets_buf, &list_buf) < 0)
        goto done;
    if (g.cell_count > 64 * MAX_CELL_WORDS || houses_buf.len % (2 * side) || meets_buf.len % 2 || max_depth < 1 ||
        max_depth > 64) {
        PyErr_SetString(PyExc_ValueError, "grouped_aic: at most 256 cells, houses of side cells, max_depth 1-64");
        goto done;
    }
    const uint16_t *houses = houses_buf.buf;
    int house_count = (int)(houses_buf.len / (2 * side));
    for (Py_ssize_t k = 0; k < houses_buf.len / 2; k++)
        if (houses[k] >= g.cell_count) {
            PyErr_SetString(PyExc_ValueError, "grouped_aic: a house cell outside the grid");
            goto done;
        }
    x.side = side;
    x.cell_count = g.cell_count;
    x.cw = (g.cell_count + 63) / 64;
    Py_ssize_t meet_length = meets_buf.len / 2;
    x.capacity = g.cell_count * side + (int)meet_length * side + 1;
    x.digit = malloc((size_t)x.capacity);
    x.cells = malloc(sizeof(CellSet) * (size_t)x.capacity);
    x.single_of = malloc(sizeof(int) * (size_t)(g.cell_count * side + 1));
    x.peer_set = calloc((size_t)g.cell_count + 1, sizeof(CellSet));
    if (!x.digit || !x.cells || !x.single_of || !x.peer_set) {
        PyErr_NoMemory();
        goto done;
    }
    for (int c = 0; c < g.cell_count; c++)
        for (uint32_t k = g.peer_offsets[c]; k < g.peer_offsets[c + 1]; k++)
            ADD(x.peer_set[c].bits, g.peer_list[k]);
    if (build(&x, g.cands, houses, house_count, meets_buf.buf, meet_length) < 0)
        goto done;
    result = x.count ? search(&x, max_depth) : Py_NewRef(Py_None);
done:
    free(x.digit);
    free(x.cells);
    free(x.single_of);
    free(x.peer_set);
    free(x.weak);
    PyBuffer_Release(&cands_buf);
    PyBuffer_Release(&offsets_buf);
    PyBuffer_Release(&list_buf);
    PyBuffer_Release(&houses_buf);
    PyBuffer_Release(&meets_buf);
    return result;
}
