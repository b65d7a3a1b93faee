/* Static forcing chains and cell/region forcing chains (see _native.c). */
#include "_native.h"

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

PyObject *forcing_shortest(PyObject *self, PyObject *args) {
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
/* What reaching target t from every branch costs (multiple._best's measure): each branch's depth
 * to it, an off target (`off`) one more per branch than an on target. */
static int target_cost(Closure *const *cs, int count, int t, int off) {
    int cost = 0;
    for (int b = 0; b < count; b++)
        cost += off ? 2 * cs[b]->depth_off[t] + 2 : 2 * cs[b]->depth_on[t] + 1;
    return cost;
}

PyObject *multiple_forcing(PyObject *self, PyObject *args) {
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
                    int t = w * 64 + __builtin_ctzll(m), cost = target_cost(cs, count, t, pass);
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
                    int t = w * 64 + __builtin_ctzll(m), cost = target_cost(cs, count, t, pass);
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

