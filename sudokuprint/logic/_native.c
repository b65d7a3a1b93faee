/* sudokuprint.logic._native: the logic engine's two hottest searches, compiled.
 *
 *   forcing_shortest(cands, side, peer_offsets, peer_list, houses, xy, max_steps)
 *       -> (nodes, candidate, is_true) | None
 *   wing_search(cands, side, peer_offsets, peer_list, size, changed) -> (cells, union) | None
 *
 * Both compute exactly what their pure-Python versions compute (the oracle,
 * sudokuprint/logic/kernels.py says which is which; the tests compare the two
 * on real puzzles), only faster:
 *
 * - forcing_shortest is forcing._Links plus forcing._shortest: the weak and
 *   strong links of the candidates, "i true makes j true" one weak and one
 *   strong link away, and the breadth-first search of every assumption at once
 *   for the shortest static forcing chain.
 * - wing_search is wings.pivot_wing without the step it builds: the first
 *   WXYZ/VWXYZ-wing (in the Python search's order) that removes something.
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
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t word;

static int popcount16(unsigned m) { return __builtin_popcount(m); }

#define HAS(set, bit) (((set)[(bit) >> 6] >> ((bit)&63)) & 1u)
#define ADD(set, bit) ((set)[(bit) >> 6] |= (word)1 << ((bit)&63))
#define DROP(set, bit) ((set)[(bit) >> 6] &= ~((word)1 << ((bit)&63)))

/* The tables every call reads, checked against each other. */
typedef struct {
    const uint16_t *cands;
    int cell_count;
    int side;
    const uint32_t *peer_offsets;
    const uint16_t *peer_list;
} Grid;

static int read_grid(Grid *g, Py_buffer *cands, int side, Py_buffer *offsets, Py_buffer *list) {
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

/* ---- forcing chains ---------------------------------------------------- */

/* OR into `out` the rows of `table` (each `words` long) of the members of `members`. */
static void union_rows(word *out, const word *table, const word *members, int words) {
    for (int w = 0; w < words; w++) {
        word m = members[w];
        while (m) {
            int bit = w * 64 + __builtin_ctzll(m);
            m &= m - 1;
            const word *row = table + (size_t)bit * words;
            for (int v = 0; v < words; v++)
                out[v] |= row[v];
        }
    }
}

/* The links of forcing._Links: per candidate (one row of `words` words each), the candidates a true
 * one makes false (weak), those its being false makes true (strong), and those it makes true one
 * weak and one strong link away (implies); `alive` lists the candidates in increasing order. */
typedef struct {
    int n, count, words, alive_count;
    int *alive;
    word *weak, *strong, *implies;
} Links;

static void links_free(Links *x) {
    free(x->alive);
    free(x->weak);
}

/* Check `houses` (side cells each) against the grid; returns the number of houses or -1. */
static int read_houses(const Grid *g, Py_buffer *houses_buf) {
    const uint16_t *houses = houses_buf->buf;
    if (houses_buf->len % (2 * g->side)) {
        PyErr_SetString(PyExc_ValueError, "houses must hold side cells each");
        return -1;
    }
    for (Py_ssize_t k = 0; k < houses_buf->len / 2; k++) {
        if (houses[k] >= g->cell_count) {
            PyErr_SetString(PyExc_ValueError, "houses name a cell outside the grid");
            return -1;
        }
    }
    return (int)(houses_buf->len / (2 * g->side));
}

static int links_build(Links *x, const Grid *g, const uint16_t *houses, int house_count, int xy) {
    int n = g->side, count = g->cell_count * n, words = (count + 63) / 64;
    size_t table = (size_t)count * words;
    memset(x, 0, sizeof(*x));
    x->n = n, x->count = count, x->words = words;
    x->weak = calloc(3 * table + 2 * (size_t)words, sizeof(word));
    x->alive = malloc(sizeof(int) * (size_t)(count ? count : 1));
    if (!x->weak || !x->alive) {
        links_free(x);
        PyErr_NoMemory();
        return -1;
    }
    word *weak = x->weak, *strong = weak + table, *implies = strong + table, *linked = implies + table,
         *fresh = linked + words;
    x->strong = strong, x->implies = implies;
    for (int cell = 0; cell < g->cell_count; cell++) {
        unsigned mask = g->cands[cell];
        for (int d = 0; d < n; d++) {
            if (!(mask >> d & 1))
                continue;
            int i = cell * n + d;
            x->alive[x->alive_count++] = i;
            word *row = weak + (size_t)i * words;
            for (uint32_t k = g->peer_offsets[cell]; k < g->peer_offsets[cell + 1]; k++) {
                int peer = g->peer_list[k];
                if (g->cands[peer] >> d & 1)
                    ADD(row, peer * n + d);
            }
            if (xy) {
                unsigned others = mask & ~(1u << d);
                for (int e = 0; e < n; e++)
                    if (others >> e & 1)
                        ADD(row, cell * n + e);
                if (others && !(others & (others - 1)))
                    ADD(strong + (size_t)i * words, cell * n + __builtin_ctz(others));
            }
        }
    }
    for (int h = 0; h < house_count; h++) {
        const uint16_t *cells = houses + (size_t)h * n;
        for (int d = 0; d < n; d++) {
            int spots = 0, a = -1, b = -1;
            for (int k = 0; k < n && spots < 3; k++) {
                if (g->cands[cells[k]] >> d & 1) {
                    spots++;
                    if (spots == 1)
                        a = cells[k];
                    else
                        b = cells[k];
                }
            }
            if (spots == 2) {
                ADD(strong + (size_t)(a * n + d) * words, b * n + d);
                ADD(strong + (size_t)(b * n + d) * words, a * n + d);
            }
        }
    }
    for (int k = 0; k < x->alive_count; k++) {
        const word *row = strong + (size_t)x->alive[k] * words;
        for (int w = 0; w < words; w++)
            if (row[w]) {
                ADD(linked, x->alive[k]);
                break;
            }
    }
    for (int k = 0; k < x->alive_count; k++) {
        int i = x->alive[k];
        word *row = implies + (size_t)i * words;
        for (int w = 0; w < words; w++)
            fresh[w] = weak[(size_t)i * words + w] & linked[w];
        union_rows(row, strong, fresh, words);
        DROP(row, i);
    }
    return 0;
}

static PyObject *forcing_shortest(PyObject *self, PyObject *args) {
    Py_buffer cands_buf, offsets_buf, list_buf, houses_buf;
    int side, xy, max_steps;
    if (!PyArg_ParseTuple(args, "y*iy*y*y*pi", &cands_buf, &side, &offsets_buf, &list_buf, &houses_buf, &xy,
                          &max_steps))
        return NULL;
    PyObject *result = NULL;
    word *memory = NULL;
    Links links = {0};
    Grid g;
    int house_count;
    if (read_grid(&g, &cands_buf, side, &offsets_buf, &list_buf) < 0 ||
        (house_count = read_houses(&g, &houses_buf)) < 0 ||
        links_build(&links, &g, houses_buf.buf, house_count, xy) < 0)
        goto done;
    int words = links.words, alive_count = links.alive_count;
    const int *alive = links.alive;
    const word *weak = links.weak, *strong = links.strong, *implies = links.implies;
    size_t table = (size_t)links.count * words;
    /* reached, frontier: one row per candidate; then a scratch row */
    memory = calloc(2 * table + (size_t)words, sizeof(word));
    if (!memory) {
        PyErr_NoMemory();
        goto done;
    }
    word *reached = memory, *frontier = reached + table, *fresh = frontier + table;
    for (int k = 0; k < alive_count; k++) {
        ADD(reached + (size_t)alive[k] * words, alive[k]);
        ADD(frontier + (size_t)alive[k] * words, alive[k]);
    }
    /* every assumption one true-to-true step further at a time; the first hit wins */
    int open = alive_count;
    for (int step = 1; step <= max_steps && open; step++) {
        for (int k = 0; k < alive_count; k++) {
            int i = alive[k];
            word *front = frontier + (size_t)i * words, *done_row = reached + (size_t)i * words;
            int any = 0;
            for (int w = 0; w < words && !any; w++)
                any = front[w] != 0;
            if (!any)
                continue;
            memset(fresh, 0, sizeof(word) * words);
            union_rows(fresh, implies, front, words);
            int grew = 0;
            for (int w = 0; w < words; w++) {
                fresh[w] &= ~done_row[w];
                grew |= fresh[w] != 0;
                done_row[w] |= fresh[w];
                front[w] = fresh[w];
            }
            if (!grew)
                open--;
        }
        for (int k = 0; k < alive_count; k++) {
            int i = alive[k];
            const word *done_row = reached + (size_t)i * words, *weak_row = weak + (size_t)i * words;
            for (int w = 0; w < words; w++)
                if (done_row[w] & weak_row[w]) {
                    result = Py_BuildValue("iiO", 2 * step + 2, i, Py_False);
                    goto done;
                }
            const word *strong_row = strong + (size_t)i * words;
            for (int w = 0; w < words; w++) {
                word m = strong_row[w];
                while (m) {
                    int partner = w * 64 + __builtin_ctzll(m);
                    m &= m - 1;
                    if (HAS(reached + (size_t)partner * words, i)) {
                        result = Py_BuildValue("iiO", 2 * step + 2, i, Py_True);
                        goto done;
                    }
                }
            }
        }
    }
    result = Py_NewRef(Py_None);
done:
    free(memory);
    links_free(&links);
    PyBuffer_Release(&cands_buf);
    PyBuffer_Release(&offsets_buf);
    PyBuffer_Release(&list_buf);
    PyBuffer_Release(&houses_buf);
    return result;
}

/* ---- multiple (cell and region) forcing chains --------------------------- */

/* multiple._Closure: what assuming one candidate true makes true (on) and false (off), and the first
 * layer (true-to-true steps) at which each candidate is reached either way (255: never). */
typedef struct {
    uint8_t *depth_on, *depth_off;
    word *on, *off;
} Closure;

static Closure *closure_of(Closure **closures, const Links *x, int start, int max_steps, word *frontier, word *fresh) {
    if (closures[start])
        return closures[start];
    int words = x->words, count = x->count;
    Closure *c = calloc(1, sizeof(Closure) + 2 * (size_t)count + 2 * sizeof(word) * (size_t)words);
    if (!c)
        return NULL;
    c->on = (word *)(c + 1);
    c->off = c->on + words;
    c->depth_on = (uint8_t *)(c->off + words);
    c->depth_off = c->depth_on + count;
    memset(c->depth_on, 255, 2 * (size_t)count);
    const word *weak_start = x->weak + (size_t)start * words;
    ADD(c->on, start);
    c->depth_on[start] = 0;
    for (int w = 0; w < words; w++) {
        c->off[w] = weak_start[w];
        for (word m = weak_start[w]; m; m &= m - 1)
            c->depth_off[w * 64 + __builtin_ctzll(m)] = 0;
    }
    memset(frontier, 0, sizeof(word) * words);
    ADD(frontier, start);
    for (int depth = 1; depth <= max_steps; depth++) {
        memset(fresh, 0, sizeof(word) * words);
        union_rows(fresh, x->implies, frontier, words);
        int any = 0;
        for (int w = 0; w < words; w++) {
            fresh[w] &= ~c->on[w];
            any |= fresh[w] != 0;
        }
        if (!any)
            break;
        for (int w = 0; w < words; w++) {
            c->on[w] |= fresh[w];
            frontier[w] = fresh[w];
            for (word m = fresh[w]; m; m &= m - 1) {
                int i = w * 64 + __builtin_ctzll(m);
                c->depth_on[i] = (uint8_t)depth;
                const word *weak_row = x->weak + (size_t)i * words;
                for (int v = 0; v < words; v++) {
                    word added = weak_row[v] & ~c->off[v];
                    c->off[v] |= added;
                    for (; added; added &= added - 1)
                        c->depth_off[v * 64 + __builtin_ctzll(added)] = (uint8_t)depth;
                }
            }
        }
    }
    closures[start] = c;
    return c;
}

/* multiple.find_multiple_forcing_chain's search: (nodes, kind (0 cell, 1 region), where, branches,
 * chosen ((candidate, is_on), ...)) of the cheapest cell or region forcing chain, or None. */
static PyObject *multiple_forcing(PyObject *self, PyObject *args) {
    Py_buffer cands_buf, offsets_buf, list_buf, houses_buf;
    int side, max_branches, max_steps;
    if (!PyArg_ParseTuple(args, "y*iy*y*y*ii", &cands_buf, &side, &offsets_buf, &list_buf, &houses_buf,
                          &max_branches, &max_steps))
        return NULL;
    PyObject *result = NULL;
    Links links = {0};
    Closure **closures = NULL;
    word *scratch = NULL;
    Grid g;
    int house_count;
    if (read_grid(&g, &cands_buf, side, &offsets_buf, &list_buf) < 0 ||
        (house_count = read_houses(&g, &houses_buf)) < 0)
        goto done;
    if (max_branches < 2 || max_branches > 16 || max_steps < 0 || max_steps > 250) {
        PyErr_SetString(PyExc_ValueError, "multiple_forcing: max_branches 2-16, max_steps 0-250");
        goto done;
    }
    if (links_build(&links, &g, houses_buf.buf, house_count, 1) < 0)
        goto done;
    const uint16_t *houses = houses_buf.buf;
    int n = side, words = links.words;
    closures = calloc((size_t)links.count + 1, sizeof(Closure *));
    scratch = calloc(4 * (size_t)words + 1, sizeof(word));
    if (!closures || !scratch) {
        PyErr_NoMemory();
        goto done;
    }
    word *on = scratch, *off = on + words, *frontier = off + words, *fresh = frontier + words;
    int best_cost = -1, best_kind = 0, best_where = 0, best_count = 0;
    int best_branches[16], branches[16];
    PyObject *best_chosen = NULL;
    int set_count = g.cell_count + house_count * n;
    for (int set = 0; set < set_count; set++) {
        int kind, where, count = 0;
        if (set < g.cell_count) {
            kind = 0, where = set;
            unsigned mask = g.cands[set];
            int size = popcount16(mask);
            if (size < 2 || size > max_branches)
                continue;
            for (int d = 0; d < n; d++)
                if (mask >> d & 1)
                    branches[count++] = set * n + d;
        } else {
            int house = (set - g.cell_count) / n, digit = (set - g.cell_count) % n;
            kind = 1, where = house * n + digit;
            for (int k = 0; k < n && count <= max_branches; k++) {
                int c = houses[house * n + k];
                if (g.cands[c] >> digit & 1) {
                    if (count < max_branches)
                        branches[count] = c * n + digit;
                    count++;
                }
            }
            if (count < 2 || count > max_branches)
                continue;
        }
        memset(on, 0xff, sizeof(word) * words);
        memset(off, 0xff, sizeof(word) * words);
        Closure *cs[16];
        for (int b = 0; b < count; b++) {
            cs[b] = closure_of(closures, &links, branches[b], max_steps, frontier, fresh);
            if (!cs[b]) {
                PyErr_NoMemory();
                goto fail;
            }
            for (int w = 0; w < words; w++) {
                on[w] &= cs[b]->on[w];
                off[w] &= cs[b]->off[w];
            }
        }
        int any = 0;
        for (int b = 0; b < count; b++) {
            DROP(on, branches[b]);
            DROP(off, branches[b]);
        }
        for (int w = 0; w < words; w++)
            any |= (on[w] | off[w]) != 0;
        if (!any)
            continue;
        /* the targets' costs: on targets first, then off targets, each in increasing order */
        int lowest = -1;
        for (int pass = 0; pass < 2; pass++) {
            const word *targets = pass ? off : on;
            for (int w = 0; w < words; w++)
                for (word m = targets[w]; m; m &= m - 1) {
                    int t = w * 64 + __builtin_ctzll(m), cost = 0;
                    for (int b = 0; b < count; b++)
                        cost += pass ? 2 * cs[b]->depth_off[t] + 2 : 2 * cs[b]->depth_on[t] + 1;
                    if (lowest < 0 || cost < lowest)
                        lowest = cost;
                }
        }
        if (best_cost >= 0 && lowest >= best_cost)
            continue;
        PyObject *chosen = PyList_New(0);
        if (!chosen)
            goto fail;
        for (int pass = 0; pass < 2; pass++) {
            const word *targets = pass ? off : on;
            for (int w = 0; w < words; w++)
                for (word m = targets[w]; m; m &= m - 1) {
                    int t = w * 64 + __builtin_ctzll(m), cost = 0;
                    for (int b = 0; b < count; b++)
                        cost += pass ? 2 * cs[b]->depth_off[t] + 2 : 2 * cs[b]->depth_on[t] + 1;
                    if (cost > lowest)
                        continue;
                    PyObject *item = Py_BuildValue("(iO)", t, pass ? Py_False : Py_True);
                    if (!item || PyList_Append(chosen, item) < 0) {
                        Py_XDECREF(item);
                        Py_DECREF(chosen);
                        goto fail;
                    }
                    Py_DECREF(item);
                }
        }
        Py_XSETREF(best_chosen, chosen);
        best_cost = lowest, best_kind = kind, best_where = where, best_count = count;
        memcpy(best_branches, branches, sizeof(int) * (size_t)count);
    }
    if (best_cost < 0) {
        result = Py_NewRef(Py_None);
    } else {
        PyObject *branch_tuple = PyTuple_New(best_count);
        if (!branch_tuple)
            goto fail;
        for (int b = 0; b < best_count; b++)
            PyTuple_SET_ITEM(branch_tuple, b, PyLong_FromLong(best_branches[b]));
        result = Py_BuildValue("(iiiNO)", best_cost, best_kind, best_where, branch_tuple, best_chosen);
    }
fail:
    Py_XDECREF(best_chosen);
done:
    if (closures)
        for (int i = 0; i <= links.count; i++)
            free(closures[i]);
    free(closures);
    free(scratch);
    links_free(&links);
    PyBuffer_Release(&cands_buf);
    PyBuffer_Release(&offsets_buf);
    PyBuffer_Release(&list_buf);
    PyBuffer_Release(&houses_buf);
    return result;
}

/* ---- wings ------------------------------------------------------------- */

#define MAX_CELL_WORDS 4 /* cell sets of up to 256 cells */
#define MAX_WING 5

typedef struct {
    word bits[MAX_CELL_WORDS];
} CellSet;

typedef struct {
    Grid g;
    int size;
    int cw;                         /* words of a cell set */
    CellSet *peer_set;              /* per cell */
    CellSet digit_sets[16];         /* per digit index */
} Wings;

/* A group being grown: its cells, their digits, the next option, its loose digits, its cell set. */
typedef struct {
    int cells[MAX_WING];
    int depth;
    unsigned uni;
    int next;
    unsigned loose;
    CellSet group;
} Group;

static int set_any(const CellSet *s, int cw) {
    for (int w = 0; w < cw; w++)
        if (s->bits[w])
            return 1;
    return 0;
}

/* wings._wing_removes: some cell outside the group sees every holder of one of `digits` in it, and has it. */
static int wing_removes(const Wings *x, const CellSet *group, unsigned digits) {
    int cw = x->cw;
    while (digits) {
        int d = __builtin_ctz(digits);
        digits &= digits - 1;
        const CellSet *spots = &x->digit_sets[d];
        CellSet holders, seen;
        for (int w = 0; w < cw; w++) {
            holders.bits[w] = group->bits[w] & spots->bits[w];
            seen.bits[w] = spots->bits[w] & ~group->bits[w];
        }
        for (int w = 0; w < cw; w++) {
            word h = holders.bits[w];
            while (h && set_any(&seen, cw)) {
                const CellSet *sees = &x->peer_set[w * 64 + __builtin_ctzll(h)];
                h &= h - 1;
                for (int v = 0; v < cw; v++)
                    seen.bits[v] &= sees->bits[v];
            }
        }
        if (set_any(&seen, cw))
            return 1;
    }
    return 0;
}

/* wings._Grower.wings: the complete wings grown from the pivot with `options`, in the Python order
 * (depth first, the last option first).  Calls `accept` on each until it returns nonzero (1: found,
 * -1: error); returns that value, or 0 when none was accepted. */
typedef int (*Accept)(const Wings *x, const Group *wing, void *context);

static int grow_wings(const Wings *x, int pivot, const int *options, int option_count, int first_only,
                      Accept accept, void *context) {
    int size = x->size, cw = x->cw;
    int capacity = size * (option_count + 1) + 1;
    Group *stack = malloc(sizeof(Group) * (size_t)capacity);
    Group *grown = malloc(sizeof(Group) * (size_t)(option_count + 1));
    if (!stack || !grown) {
        free(stack);
        free(grown);
        PyErr_NoMemory();
        return -1;
    }
    int top = 0, found = 0;
    Group *start = &stack[top++];
    memset(start, 0, sizeof(Group));
    start->cells[0] = pivot;
    start->depth = 1;
    start->uni = x->g.cands[pivot];
    ADD(start->group.bits, pivot);
    while (top && !found) {
        Group current = stack[--top];
        int last = current.depth == size - 1;
        int end = first_only && current.depth == 1 ? 1 : option_count - (size - 1 - current.depth);
        int grown_count = 0;
        for (int k = current.next; k < end; k++) {
            int cell = options[k];
            unsigned mask = x->g.cands[cell];
            unsigned uni = current.uni | mask;
            int digits = popcount16(uni);
            if (digits > size || (last && digits != size))
                continue;
            const CellSet *sees = &x->peer_set[cell];
            unsigned held_apart = 0;
            for (int w = 0; w < cw; w++) {
                word unseen = current.group.bits[w] & ~sees->bits[w];
                while (unseen) {
                    held_apart |= x->g.cands[w * 64 + __builtin_ctzll(unseen)];
                    unseen &= unseen - 1;
                }
            }
            unsigned loose = current.loose | (mask & held_apart);
            if (loose & (loose - 1))
                continue;
            Group next = current;
            next.cells[next.depth++] = cell;
            next.uni = uni;
            next.next = k + 1;
            next.loose = loose;
            ADD(next.group.bits, cell);
            if ((loose || digits == size) && !wing_removes(x, &next.group, loose ? loose : uni))
                continue;
            grown[grown_count++] = next;
        }
        if (!last) {
            for (int k = 0; k < grown_count; k++)
                stack[top++] = grown[k];
            continue;
        }
        for (int k = grown_count - 1; k >= 0 && !found; k--)
            found = accept(x, &grown[k], context);
    }
    free(stack);
    free(grown);
    return found;
}

static int accept_any(const Wings *x, const Group *wing, void *context) { return 1; }

/* wings._wxyz_step's test: at most one loose digit, and a removal. */
static int accept_removing(const Wings *x, const Group *wing, void *context) {
    int cw = x->cw, size = wing->depth, loose_count = 0;
    unsigned loose = 0;
    CellSet seen_of[16];
    for (int d = 0; d < x->g.side; d++) {
        if (!(wing->uni >> d & 1))
            continue;
        CellSet holders = {{0}}, seen;
        memset(&seen, 0xff, sizeof(seen));
        for (int k = 0; k < size; k++) {
            int c = wing->cells[k];
            if (x->g.cands[c] >> d & 1) {
                ADD(holders.bits, c);
                for (int w = 0; w < cw; w++)
                    seen.bits[w] &= x->peer_set[c].bits[w];
            }
        }
        seen_of[d] = seen;
        for (int k = 0; k < size; k++) {
            int c = wing->cells[k];
            if (!(x->g.cands[c] >> d & 1))
                continue;
            int apart = 0;
            for (int w = 0; w < cw; w++) {
                word others = holders.bits[w] & ~x->peer_set[c].bits[w];
                if (w == c >> 6)
                    others &= ~((word)1 << (c & 63));
                apart |= others != 0;
            }
            if (apart) {
                loose |= 1u << d;
                if (++loose_count > 1)
                    return 0;
                break;
            }
        }
    }
    unsigned digits = loose ? loose : wing->uni;
    Group *out = context;
    while (digits) {
        int d = __builtin_ctz(digits);
        digits &= digits - 1;
        for (int w = 0; w < cw; w++) {
            word m = seen_of[d].bits[w] & x->digit_sets[d].bits[w];
            while (m) {
                int c = w * 64 + __builtin_ctzll(m);
                m &= m - 1;
                int in_wing = 0;
                for (int k = 0; k < size; k++)
                    in_wing |= wing->cells[k] == c;
                if (!in_wing && c < x->g.cell_count) {
                    *out = *wing;
                    return 1;
                }
            }
        }
    }
    return 0;
}

static PyObject *wing_search(PyObject *self, PyObject *args) {
    Py_buffer cands_buf, offsets_buf, list_buf, changed_buf;
    int side, size;
    if (!PyArg_ParseTuple(args, "y*iy*y*iy*", &cands_buf, &side, &offsets_buf, &list_buf, &size, &changed_buf))
        return NULL;
    PyObject *result = NULL;
    Wings x;
    x.peer_set = NULL;
    int *options = NULL, *fresh = NULL, *trial = NULL;
    if (read_grid(&x.g, &cands_buf, side, &offsets_buf, &list_buf) < 0)
        goto done;
    if (size < 2 || size > MAX_WING || x.g.cell_count > 64 * MAX_CELL_WORDS) {
        PyErr_SetString(PyExc_ValueError, "wing size must be 2 to 5, and the grid at most 256 cells");
        goto done;
    }
    x.size = size;
    x.cw = (x.g.cell_count + 63) / 64;
    if (changed_buf.len < x.cw * 8) {
        PyErr_SetString(PyExc_ValueError, "changed must hold a bit for every cell");
        goto done;
    }
    const uint8_t *changed = changed_buf.buf;
    x.peer_set = calloc((size_t)x.g.cell_count + 1, sizeof(CellSet));
    options = malloc(sizeof(int) * 3 * ((size_t)x.g.cell_count + 1));
    if (!x.peer_set || !options) {
        PyErr_NoMemory();
        goto done;
    }
    fresh = options + x.g.cell_count + 1;
    trial = fresh + x.g.cell_count + 1;
    memset(x.digit_sets, 0, sizeof(x.digit_sets));
    for (int c = 0; c < x.g.cell_count; c++) {
        for (uint32_t k = x.g.peer_offsets[c]; k < x.g.peer_offsets[c + 1]; k++)
            ADD(x.peer_set[c].bits, x.g.peer_list[k]);
        for (int d = 0; d < side; d++)
            if (x.g.cands[c] >> d & 1)
                ADD(x.digit_sets[d].bits, c);
    }
    for (int pivot = 0; pivot < x.g.cell_count; pivot++) {
        unsigned pm = x.g.cands[pivot];
        int digits = popcount16(pm);
        if (digits < 2 || digits > size)
            continue;
        int option_count = 0, fresh_count = 0;
        for (uint32_t k = x.g.peer_offsets[pivot]; k < x.g.peer_offsets[pivot + 1]; k++) {
            int c = x.g.peer_list[k];
            if (x.g.cands[c] && popcount16(x.g.cands[c] | pm) <= size) {
                options[option_count++] = c;
                if (changed[c >> 3] >> (c & 7) & 1)
                    fresh[fresh_count++] = c;
            }
        }
        if (option_count < size - 1)
            continue;
        if (!(changed[pivot >> 3] >> (pivot & 7) & 1)) {
            /* wings._Grower.holds_changed: a wing holding a changed cell, tried one changed cell at a time */
            int holds = 0;
            for (int i = 0; i < fresh_count && !holds; i++) {
                int count = 0;
                trial[count++] = fresh[i];
                for (int k = 0; k < option_count; k++) {
                    int c = options[k], earlier = c == fresh[i];
                    for (int j = 0; j < i && !earlier; j++)
                        earlier = fresh[j] == c;
                    if (!earlier)
                        trial[count++] = c;
                }
                holds = grow_wings(&x, pivot, trial, count, 1, accept_any, NULL);
                if (holds < 0)
                    goto done;
            }
            if (!holds)
                continue;
        }
        Group wing;
        int found = grow_wings(&x, pivot, options, option_count, 0, accept_removing, &wing);
        if (found < 0)
            goto done;
        if (found) {
            PyObject *cells = PyTuple_New(wing.depth);
            if (!cells)
                goto done;
            for (int k = 0; k < wing.depth; k++)
                PyTuple_SET_ITEM(cells, k, PyLong_FromLong(wing.cells[k]));
            result = Py_BuildValue("(Nk)", cells, (unsigned long)wing.uni);
            goto done;
        }
    }
    result = Py_NewRef(Py_None);
done:
    free(x.peer_set);
    free(options);
    PyBuffer_Release(&cands_buf);
    PyBuffer_Release(&offsets_buf);
    PyBuffer_Release(&list_buf);
    PyBuffer_Release(&changed_buf);
    return result;
}

/* ---- X-chains ------------------------------------------------------------- */

/* chains._XChainSearch from every start of one digit: for each start (in increasing order) whose
 * breadth-first search finds an X-chain of fewer than `max_links` links that removes something,
 * (start, links, cells of the chain, houses of its strong links, removed cells as bytes). */
static PyObject *x_chains(PyObject *self, PyObject *args) {
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

/* ---- XY-cycles ------------------------------------------------------------ */

#define MAX_CYCLE 16

typedef struct {
    int cells[MAX_CYCLE], bits[MAX_CYCLE]; /* bits[i] links cells[i] and the next */
    int length, out;                       /* the bit the last cell leaves by */
} Loop;

typedef struct {
    int cell, bit;
} Link;

/* cycles._step's test: some cell sees both cells of a link and has the link's digit. */
static int loop_removes(const Loop *loop, const CellSet *peer_set, const CellSet *digit_sets, int cw) {
    for (int i = 0; i < loop->length; i++) {
        int a = loop->cells[i], b = loop->cells[(i + 1) % loop->length], d = __builtin_ctz(loop->bits[i]);
        for (int w = 0; w < cw; w++) {
            word seen = peer_set[a].bits[w] & peer_set[b].bits[w] & digit_sets[d].bits[w];
            if (w == a >> 6)
                seen &= ~((word)1 << (a & 63));
            if (w == b >> 6)
                seen &= ~((word)1 << (b & 63));
            if (seen)
                return 1;
        }
    }
    return 0;
}

/* cycles.find_xy_cycle's search: (cells, link bits) of the shortest XY-cycle of at most `max_cells`
 * cells that removes something (in the Python search's order), or None. */
static PyObject *xy_cycle(PyObject *self, PyObject *args) {
    Py_buffer cands_buf, offsets_buf, list_buf;
    int side, max_cells;
    if (!PyArg_ParseTuple(args, "y*iy*y*i", &cands_buf, &side, &offsets_buf, &list_buf, &max_cells))
        return NULL;
    PyObject *result = NULL;
    Grid g;
    CellSet *peer_set = NULL, digit_sets[16];
    int *pairs = NULL, *link_from = NULL; /* each cell's links: link_from[c] to link_to[c] */
    Link *links = NULL;
    Loop *stack = NULL;
    if (read_grid(&g, &cands_buf, side, &offsets_buf, &list_buf) < 0)
        goto done;
    if (g.cell_count > 64 * MAX_CELL_WORDS || max_cells > MAX_CYCLE) {
        PyErr_SetString(PyExc_ValueError, "xy_cycle: at most 256 cells and loops of 16");
        goto done;
    }
    int cw = (g.cell_count + 63) / 64, pair_count = 0;
    int *link_to;
    peer_set = calloc((size_t)g.cell_count, sizeof(CellSet));
    pairs = malloc(sizeof(int) * (size_t)g.cell_count);
    link_from = calloc(2 * (size_t)g.cell_count, sizeof(int));
    if (!peer_set || !pairs || !link_from) {
        PyErr_NoMemory();
        goto done;
    }
    link_to = link_from + g.cell_count;
    memset(digit_sets, 0, sizeof(digit_sets));
    for (int c = 0; c < g.cell_count; c++) {
        for (uint32_t k = g.peer_offsets[c]; k < g.peer_offsets[c + 1]; k++)
            ADD(peer_set[c].bits, g.peer_list[k]);
        for (int d = 0; d < side; d++)
            if (g.cands[c] >> d & 1)
                ADD(digit_sets[d].bits, c);
        if (popcount16(g.cands[c]) == 2)
            pairs[pair_count++] = c;
    }
    if (pair_count < 4) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    /* links of each bivalue cell, neighbours in increasing order, then their shared bits */
    int link_count = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < pair_count; i++) {
            int a = pairs[i];
            if (pass)
                link_from[a] = link_count;
            for (int j = 0; j < pair_count; j++) {
                int b = pairs[j];
                unsigned shared = g.cands[a] & g.cands[b];
                if (a == b || !shared || !HAS(peer_set[a].bits, b))
                    continue;
                for (; shared; shared &= shared - 1) {
                    if (pass)
                        links[link_count] = (Link){b, (int)(shared & -shared)};
                    link_count++;
                }
            }
            if (pass)
                link_to[a] = link_count;
        }
        if (!pass) {
            links = malloc(sizeof(Link) * (size_t)(link_count + 1));
            if (!links) {
                PyErr_NoMemory();
                goto done;
            }
            link_count = 0;
        }
    }
    int capacity = 64 + max_cells * (link_count + 1);
    stack = malloc(sizeof(Loop) * (size_t)capacity);
    if (!stack) {
        PyErr_NoMemory();
        goto done;
    }
    for (int size = 3; size <= max_cells; size++) {
        for (int p = 0; p < pair_count; p++) {
            int start = pairs[p];
            for (unsigned first = g.cands[start]; first; first &= first - 1) {
                int first_bit = (int)(first & -first), closing = g.cands[start] ^ first_bit;
                int top = 0;
                stack[top].cells[0] = start;
                stack[top].length = 1;
                stack[top].out = first_bit;
                top++;
                while (top) {
                    Loop loop = stack[--top];
                    int last = loop.cells[loop.length - 1];
                    for (int k = link_from[last]; k < link_to[last]; k++) {
                        int nxt = links[k].cell, bit = links[k].bit, used = 0;
                        if (bit != loop.out || nxt <= start)
                            continue;
                        for (int j = 0; j < loop.length; j++)
                            used |= loop.cells[j] == nxt;
                        if (used)
                            continue;
                        Loop grown = loop;
                        grown.cells[grown.length] = nxt;
                        grown.bits[grown.length - 1] = bit;
                        grown.length++;
                        int leave = g.cands[nxt] ^ bit;
                        if (grown.length < size) {
                            grown.out = leave;
                            if (top == capacity) {
                                PyErr_SetString(PyExc_RuntimeError, "xy_cycle: stack overflow");
                                goto done;
                            }
                            stack[top++] = grown;
                            continue;
                        }
                        if (leave != closing || !HAS(peer_set[nxt].bits, start))
                            continue;
                        grown.bits[grown.length - 1] = leave;
                        if (loop_removes(&grown, peer_set, digit_sets, cw)) {
                            PyObject *cells = PyTuple_New(grown.length), *bits = PyTuple_New(grown.length);
                            if (!cells || !bits) {
                                Py_XDECREF(cells);
                                Py_XDECREF(bits);
                                goto done;
                            }
                            for (int j = 0; j < grown.length; j++) {
                                PyTuple_SET_ITEM(cells, j, PyLong_FromLong(grown.cells[j]));
                                PyTuple_SET_ITEM(bits, j, PyLong_FromLong(grown.bits[j]));
                            }
                            result = Py_BuildValue("(NN)", cells, bits);
                            goto done;
                        }
                    }
                }
            }
        }
    }
    result = Py_NewRef(Py_None);
done:
    free(peer_set);
    free(pairs);
    free(link_from);
    free(links);
    free(stack);
    PyBuffer_Release(&cands_buf);
    PyBuffer_Release(&offsets_buf);
    PyBuffer_Release(&list_buf);
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
static PyObject *grouped_chain(PyObject *self, PyObject *args) {
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

/* ---- dynamic forcing nets ------------------------------------------------ */

/* nets._Net: one assumption followed with singles on a copy of the marks.  Every fact (a
 * candidate placed, "on", or removed, "off") keeps what it follows from: an on fact a list of
 * candidates (the `pool` holds every list), an off fact the on fact that removed it (-1: the
 * assumption). */
typedef struct {
    int side, cell_count, count, house_count, cw;
    const uint16_t *houses, *houses_of;
    uint16_t *values, *cands;
    const uint16_t *base;
    CellSet *peer_set, *house_set, spots[16], base_spots[16];
    char *is_on, *is_off;
    int *on_start, *on_length, *off_parent, *touched;
    int *pool, pool_length, pool_capacity;
    int *queue, queue_length, queue_capacity; /* (cell, digit, why start, why length) */
    int broken, blame_start, blame_length;
    int failed; /* out of memory */
} Net;

static int pool_add(Net *x, int value) {
    if (x->pool_length == x->pool_capacity) {
        int capacity = x->pool_capacity ? 2 * x->pool_capacity : 1024;
        int *grown = realloc(x->pool, sizeof(int) * (size_t)capacity);
        if (!grown) {
            x->failed = 1;
            return -1;
        }
        x->pool = grown;
        x->pool_capacity = capacity;
    }
    x->pool[x->pool_length++] = value;
    return 0;
}

static void net_fail(Net *x, int start, int length) {
    if (!x->broken) {
        x->broken = 1;
        x->blame_start = start;
        x->blame_length = length;
    }
}

static void net_push(Net *x, int cell, int digit, int start, int length) {
    if (x->queue_length == x->queue_capacity) {
        int capacity = x->queue_capacity ? 2 * x->queue_capacity : 256;
        int *grown = realloc(x->queue, sizeof(int) * 4 * (size_t)capacity);
        if (!grown) {
            x->failed = 1;
            return;
        }
        x->queue = grown;
        x->queue_capacity = capacity;
    }
    int *q = x->queue + 4 * x->queue_length++;
    q[0] = cell, q[1] = digit, q[2] = start, q[3] = length;
}

static void net_check_cell(Net *x, int cell) {
    if (x->values[cell] || x->broken)
        return;
    int n = x->side, start = x->pool_length;
    unsigned mask = x->cands[cell], base = x->base[cell];
    if (!mask) {
        for (int d = 0; d < n; d++)
            if (base >> d & 1)
                pool_add(x, cell * n + d);
        net_fail(x, start, x->pool_length - start);
    } else if (!(mask & (mask - 1))) {
        int digit = __builtin_ctz(mask) + 1;
        for (int d = 0; d < n; d++)
            if (base >> d & 1 && d != digit - 1)
                pool_add(x, cell * n + d);
        net_push(x, cell, digit, start, x->pool_length - start);
    }
}

static void net_check_house(Net *x, int house, int d) {
    if (x->broken)
        return;
    int n = x->side, cw = x->cw, here_count = 0, here_cell = -1;
    CellSet before;
    for (int w = 0; w < cw; w++) {
        word here = x->spots[d].bits[w] & x->house_set[house].bits[w];
        here_count += __builtin_popcountll(here);
        if (here && here_cell < 0)
            here_cell = w * 64 + __builtin_ctzll(here);
        before.bits[w] = x->base_spots[d].bits[w] & x->house_set[house].bits[w] & ~here;
    }
    if (here_count >= 2)
        return;
    if (!here_count)
        for (int k = 0; k < n; k++)
            if (x->values[x->houses[house * n + k]] == d + 1)
                return;
    int start = x->pool_length;
    for (int w = 0; w < cw; w++)
        for (word m = before.bits[w]; m; m &= m - 1)
            pool_add(x, (w * 64 + __builtin_ctzll(m)) * n + d);
    if (!here_count)
        net_fail(x, start, x->pool_length - start);
    else
        net_push(x, here_cell, d + 1, start, x->pool_length - start);
}

/* The order in which CPython iterates `houses.difference(own)`, where `houses` is a set of small
 * ints built by adding `keys` in turn and `own` a tuple (what nets._Net._place does).  The
 * Python net checks the houses in that order, and which single it follows first, so the facts
 * and their sizes, depend on it: this follows CPython's set (Objects/setobject.c since 3.7, an
 * open-addressing table where an int hashes to itself: up to 9 linear probes, then
 * i = 5i + 1 + perturb, perturb shifted right by 5; a table grows to 4 times the number of keys
 * when it is 3/5 full; a copy of a set of 5 or more keys is a fresh table of twice its size,
 * filled in the first's order; a copy of the same size keeps its layout; see
 * intset_difference_order).  The comparison tests check it against the interpreter they run on. */
#define SET_SLOTS 512
#define LINEAR_PROBES 9

typedef struct {
    int slot[SET_SLOTS]; /* -1: empty */
    int mask, fill;
} IntSet;

static void intset_clear(IntSet *s, int size) {
    s->mask = size - 1;
    s->fill = 0;
    for (int i = 0; i < size; i++)
        s->slot[i] = -1;
}

static void intset_insert_clean(IntSet *s, int key) {
    size_t mask = (size_t)s->mask, i = (size_t)key & mask, perturb = (size_t)key;
    for (;;) {
        if (s->slot[i] < 0)
            break;
        if (i + LINEAR_PROBES <= mask) {
            size_t j;
            for (j = 1; j <= LINEAR_PROBES && s->slot[i + j] >= 0; j++)
                ;
            if (j <= LINEAR_PROBES) {
                i += j;
                break;
            }
        }
        perturb >>= 5;
        i = (i * 5 + 1 + perturb) & mask;
    }
    s->slot[i] = key;
    s->fill++;
}

static int intset_size_for(int minused) {
    int size = 8;
    while (size <= minused)
        size <<= 1;
    return size;
}

/* Re-insert every key into a table of `size` slots, in slot order. */
static void intset_resize(IntSet *s, int size) {
    int old[SET_SLOTS], old_size = s->mask + 1;
    memcpy(old, s->slot, sizeof(int) * (size_t)old_size);
    intset_clear(s, size);
    for (int i = 0; i < old_size; i++)
        if (old[i] >= 0)
            intset_insert_clean(s, old[i]);
}

static void intset_add(IntSet *s, int key) {
    size_t mask = (size_t)s->mask, i = (size_t)key & mask, perturb = (size_t)key;
    for (;;) {
        size_t probes = i + LINEAR_PROBES <= mask ? LINEAR_PROBES : 0;
        for (size_t j = 0; j <= probes; j++) {
            if (s->slot[i + j] == key)
                return;
            if (s->slot[i + j] < 0) {
                s->slot[i + j] = key;
                s->fill++;
                if ((size_t)s->fill * 5 >= mask * 3)
                    intset_resize(s, intset_size_for(s->fill * 4));
                return;
            }
        }
        perturb >>= 5;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

/* The keys of `houses` (a set built by intset_add) less `own`, in the order of `houses.difference(own)`
 * for a tuple `own`: a copy (a fresh table of twice the size when it holds 5 keys or more, else
 * the same layout), the keys of `own` discarded (their slots left as dummies, which lookups step
 * over), and the table rebuilt at 4 times the keys left when dummies fill more than a quarter. */
static int intset_difference_order(const IntSet *houses, const uint16_t *own, int own_count, int *order) {
    IntSet copy;
    int size = 8, count = 0;
    if (houses->fill * 5 >= 7 * 3)
        size = intset_size_for(houses->fill * 2);
    if (size == houses->mask + 1) {
        copy = *houses;
    } else {
        intset_clear(&copy, size);
        for (int i = 0; i <= houses->mask; i++)
            if (houses->slot[i] >= 0)
                intset_insert_clean(&copy, houses->slot[i]);
    }
    int used = copy.fill;
    for (int k = 0; k < own_count; k++)
        for (int i = 0; i <= copy.mask; i++)
            if (copy.slot[i] == own[k]) {
                copy.slot[i] = -2; /* a dummy */
                used--;
            }
    if (copy.fill - used > copy.mask / 4) {
        IntSet rebuilt;
        intset_clear(&rebuilt, intset_size_for(used * 4));
        for (int i = 0; i <= copy.mask; i++)
            if (copy.slot[i] >= 0)
                intset_insert_clean(&rebuilt, copy.slot[i]);
        copy = rebuilt;
    }
    for (int i = 0; i <= copy.mask; i++)
        if (copy.slot[i] >= 0)
            order[count++] = copy.slot[i];
    return count;
}

static void net_place(Net *x, int cell, int digit, int why_start, int why_length) {
    int n = x->side, cw = x->cw, me = cell * n + digit - 1;
    x->is_on[me] = 1;
    x->on_start[me] = why_start;
    x->on_length[me] = why_length;
    unsigned bit = 1u << (digit - 1), others = x->cands[cell] & ~bit, mask = x->cands[cell];
    x->values[cell] = (uint16_t)digit;
    x->cands[cell] = 0;
    for (int d = 0; d < n; d++)
        if (mask >> d & 1)
            DROP(x->spots[d].bits, cell);
    int touched = 0;
    for (int w = 0; w < cw; w++) {
        word seen = x->spots[digit - 1].bits[w] & x->peer_set[cell].bits[w];
        x->spots[digit - 1].bits[w] ^= seen;
        for (; seen; seen &= seen - 1) {
            int peer = w * 64 + __builtin_ctzll(seen);
            x->cands[peer] ^= (uint16_t)bit;
            x->is_off[peer * n + digit - 1] = 1;
            x->off_parent[peer * n + digit - 1] = me;
            x->touched[touched++] = peer;
        }
    }
    const uint16_t *own = x->houses_of + 3 * cell;
    IntSet houses;
    intset_clear(&houses, 8);
    for (int k = 0; k < touched; k++) {
        int peer = x->touched[k];
        net_check_cell(x, peer);
        for (int j = 0; j < 3; j++)
            intset_add(&houses, x->houses_of[3 * peer + j]);
    }
    int order[SET_SLOTS];
    int house_count = intset_difference_order(&houses, own, 3, order);
    for (int k = 0; k < house_count; k++)
        net_check_house(x, order[k], digit - 1);
    for (int d = 0; d < n; d++) {
        if (!(others >> d & 1))
            continue;
        x->is_off[cell * n + d] = 1;
        x->off_parent[cell * n + d] = me;
        for (int j = 0; j < 3; j++)
            net_check_house(x, own[j], d);
    }
}

static void net_follow(Net *x) {
    int n = x->side;
    while (x->queue_length && !x->broken && !x->failed) {
        int *q = x->queue + 4 * --x->queue_length;
        int cell = q[0], digit = q[1], start = q[2], length = q[3];
        if (x->values[cell] || !(x->cands[cell] >> (digit - 1) & 1)) {
            if (x->values[cell] == digit)
                continue;
            /* the digit was removed there (or the cell holds another): why, and that removal */
            int blame = x->pool_length;
            for (int k = 0; k < length; k++)
                pool_add(x, x->pool[start + k]);
            pool_add(x, cell * n + digit - 1);
            net_fail(x, blame, length + 1);
            continue;
        }
        net_place(x, cell, digit, start, length);
    }
}

static PyObject *int_tuple(const int *items, int length) {
    PyObject *tuple = PyTuple_New(length);
    if (!tuple)
        return NULL;
    for (int k = 0; k < length; k++) {
        PyObject *item = PyLong_FromLong(items[k]);
        if (!item) {
            Py_DECREF(tuple);
            return NULL;
        }
        PyTuple_SET_ITEM(tuple, k, item);
    }
    return tuple;
}

static PyObject *net_result(Net *x) {
    PyObject *on = PyDict_New(), *off = PyDict_New(), *blame = NULL;
    if (!on || !off)
        goto fail;
    for (int i = 0; i < x->count; i++) {
        if (x->is_on[i]) {
            PyObject *key = PyLong_FromLong(i), *parents = int_tuple(x->pool + x->on_start[i], x->on_length[i]);
            int bad = !key || !parents || PyDict_SetItem(on, key, parents) < 0;
            Py_XDECREF(key);
            Py_XDECREF(parents);
            if (bad)
                goto fail;
        }
        if (x->is_off[i]) {
            PyObject *key = PyLong_FromLong(i), *parent = PyLong_FromLong(x->off_parent[i]);
            int bad = !key || !parent || PyDict_SetItem(off, key, parent) < 0;
            Py_XDECREF(key);
            Py_XDECREF(parent);
            if (bad)
                goto fail;
        }
    }
    blame = x->broken ? int_tuple(x->pool + x->blame_start, x->blame_length) : PyTuple_New(0);
    if (!blame)
        goto fail;
    return Py_BuildValue("(NNON)", on, off, x->broken ? Py_True : Py_False, blame);
fail:
    Py_XDECREF(on);
    Py_XDECREF(off);
    return NULL;
}

static PyObject *follow_net(PyObject *self, PyObject *args) {
    Py_buffer cands_buf, values_buf, offsets_buf, list_buf, houses_buf, houses_of_buf;
    int side, candidate, true_;
    if (!PyArg_ParseTuple(args, "y*y*iy*y*y*y*ip", &cands_buf, &values_buf, &side, &offsets_buf, &list_buf,
                          &houses_buf, &houses_of_buf, &candidate, &true_))
        return NULL;
    PyObject *result = NULL;
    Net x;
    memset(&x, 0, sizeof(x));
    Grid g;
    if (read_grid(&g, &cands_buf, side, &offsets_buf, &list_buf) < 0)
        goto done;
    x.side = side;
    x.cell_count = g.cell_count;
    x.count = g.cell_count * side;
    x.cw = (g.cell_count + 63) / 64;
    x.house_count = (int)(houses_buf.len / (2 * side));
    if (g.cell_count > 64 * MAX_CELL_WORDS || values_buf.len != cands_buf.len || houses_buf.len % (2 * side) ||
        houses_of_buf.len != 6 * g.cell_count || candidate < 0 || candidate >= x.count) {
        PyErr_SetString(PyExc_ValueError, "follow_net: bad tables (at most 256 cells) or candidate");
        goto done;
    }
    x.houses = houses_buf.buf;
    x.houses_of = houses_of_buf.buf;
    for (Py_ssize_t k = 0; k < houses_buf.len / 2; k++)
        if (x.houses[k] >= g.cell_count) {
            PyErr_SetString(PyExc_ValueError, "follow_net: a house cell outside the grid");
            goto done;
        }
    for (Py_ssize_t k = 0; k < houses_of_buf.len / 2; k++)
        if (x.houses_of[k] >= x.house_count) {
            PyErr_SetString(PyExc_ValueError, "follow_net: houses_of names a house outside the grid");
            goto done;
        }
    const uint16_t *values = values_buf.buf;
    for (int c = 0; c < g.cell_count; c++)
        if (values[c] > side) {
            PyErr_SetString(PyExc_ValueError, "follow_net: a value above the side");
            goto done;
        }
    x.base = g.cands;
    x.values = malloc(sizeof(uint16_t) * 2 * (size_t)g.cell_count);
    x.peer_set = calloc((size_t)g.cell_count + (size_t)x.house_count, sizeof(CellSet));
    x.is_on = calloc(2 * (size_t)x.count, 1);
    x.on_start = malloc(sizeof(int) * (3 * (size_t)x.count + (size_t)g.cell_count));
    if (!x.values || !x.peer_set || !x.is_on || !x.on_start) {
        PyErr_NoMemory();
        goto done;
    }
    x.cands = x.values + g.cell_count;
    memcpy(x.values, values, sizeof(uint16_t) * (size_t)g.cell_count);
    memcpy(x.cands, g.cands, sizeof(uint16_t) * (size_t)g.cell_count);
    x.house_set = x.peer_set + g.cell_count;
    x.is_off = x.is_on + x.count;
    x.on_length = x.on_start + x.count;
    x.off_parent = x.on_length + x.count;
    x.touched = x.off_parent + x.count;
    for (int c = 0; c < g.cell_count; c++) {
        for (uint32_t k = g.peer_offsets[c]; k < g.peer_offsets[c + 1]; k++)
            ADD(x.peer_set[c].bits, g.peer_list[k]);
        for (int d = 0; d < side; d++)
            if (g.cands[c] >> d & 1)
                ADD(x.base_spots[d].bits, c);
    }
    memcpy(x.spots, x.base_spots, sizeof(x.spots));
    for (int h = 0; h < x.house_count; h++)
        for (int k = 0; k < side; k++)
            ADD(x.house_set[h].bits, x.houses[h * side + k]);
    int cell = candidate / side, d = candidate % side;
    if (true_) {
        net_place(&x, cell, d + 1, 0, 0);
    } else {
        x.is_off[candidate] = 1;
        x.off_parent[candidate] = -1;
        x.cands[cell] &= (uint16_t)~(1u << d);
        DROP(x.spots[d].bits, cell);
        net_check_cell(&x, cell);
        for (int j = 0; j < 3; j++)
            net_check_house(&x, x.houses_of[3 * cell + j], d);
    }
    net_follow(&x);
    if (x.failed) {
        PyErr_NoMemory();
        goto done;
    }
    result = net_result(&x);
done:
    free(x.values);
    free(x.peer_set);
    free(x.is_on);
    free(x.on_start);
    free(x.queue);
    free(x.pool);
    PyBuffer_Release(&cands_buf);
    PyBuffer_Release(&values_buf);
    PyBuffer_Release(&offsets_buf);
    PyBuffer_Release(&list_buf);
    PyBuffer_Release(&houses_buf);
    PyBuffer_Release(&houses_of_buf);
    return result;
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
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "sudokuprint.logic._native",
    "The logic engine's hottest searches, compiled (see sudokuprint.logic.kernels).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__native(void) { return PyModule_Create(&module); }
