/* Dynamic forcing nets: one assumption followed with singles (see _native.c). */
#include "_native.h"

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
    uint64_t houses = 0; /* the touched cells' houses but the placed cell's own, a bit per house */
    for (int k = 0; k < touched; k++) {
        int peer = x->touched[k];
        net_check_cell(x, peer);
        for (int j = 0; j < 3; j++)
            houses |= (uint64_t)1 << x->houses_of[3 * peer + j];
    }
    for (int j = 0; j < 3; j++)
        houses &= ~((uint64_t)1 << own[j]);
    for (; houses; houses &= houses - 1) /* in ascending house order, as the Python net */
        net_check_house(x, __builtin_ctzll(houses), digit - 1);
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

/* The sets a net is followed with, from the grid: each cell's peers, each digit's spots (its
 * candidates' cells, before any assumption) and each house's cells. */
static void fill_net_sets(Net *x, const Grid *g) {
    for (int c = 0; c < g->cell_count; c++) {
        for (uint32_t k = g->peer_offsets[c]; k < g->peer_offsets[c + 1]; k++)
            ADD(x->peer_set[c].bits, g->peer_list[k]);
        for (int d = 0; d < x->side; d++)
            if (g->cands[c] >> d & 1)
                ADD(x->base_spots[d].bits, c);
    }
    for (int h = 0; h < x->house_count; h++)
        for (int k = 0; k < x->side; k++)
            ADD(x->house_set[h].bits, x->houses[h * x->side + k]);
}

/* A net's sizes set from the grid and its house tables, and those tables checked: -1 with a
 * ValueError naming `who` when they do not fit (at most 256 cells and 64 houses; one value a cell,
 * six houses a cell), a house names a cell outside the grid, a cell names a house that is not
 * there, or a value is above the side.  The caller checks its own arguments after. */
static int open_net(Net *x, const char *who, const Grid *g, int side, const Py_buffer *houses,
                    const Py_buffer *houses_of, const Py_buffer *values) {
    x->side = side;
    x->cell_count = g->cell_count;
    x->count = g->cell_count * side;
    x->cw = (g->cell_count + 63) / 64;
    x->house_count = (int)(houses->len / (2 * side));
    x->houses = houses->buf;
    x->houses_of = houses_of->buf;
    if (g->cell_count > 64 * MAX_CELL_WORDS || x->house_count > 64 || values->len != 2 * g->cell_count ||
        houses->len % (2 * side) || houses_of->len != 6 * g->cell_count) {
        PyErr_Format(PyExc_ValueError, "%s: bad tables (at most 256 cells, 64 houses)", who);
        return -1;
    }
    for (Py_ssize_t k = 0; k < houses->len / 2; k++)
        if (x->houses[k] >= g->cell_count) {
            PyErr_Format(PyExc_ValueError, "%s: a house cell outside the grid", who);
            return -1;
        }
    for (Py_ssize_t k = 0; k < houses_of->len / 2; k++)
        if (x->houses_of[k] >= x->house_count) {
            PyErr_Format(PyExc_ValueError, "%s: houses_of names a house outside the grid", who);
            return -1;
        }
    const uint16_t *cell_values = values->buf;
    for (int c = 0; c < g->cell_count; c++)
        if (cell_values[c] > side) {
            PyErr_Format(PyExc_ValueError, "%s: a value above the side", who);
            return -1;
        }
    return 0;
}

PyObject *follow_net(PyObject *self, PyObject *args) {
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
    if (open_net(&x, "follow_net", &g, side, &houses_buf, &houses_of_buf, &values_buf) < 0)
        goto done;
    if (candidate < 0 || candidate >= x.count) {
        PyErr_SetString(PyExc_ValueError, "follow_net: a candidate outside the grid");
        goto done;
    }
    const uint16_t *values = values_buf.buf;
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
    fill_net_sets(&x, &g);
    memcpy(x.spots, x.base_spots, sizeof(x.spots));
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


/* ---- the whole dynamic forcing search (nets.find_dynamic_forcing's offers) ---------------- */

/* Follow one assumption on a net sharing the template's tables (its own marks and facts). */
static int net_start(Net *x, const Net *t, int candidate, int true_) {
    *x = *t;
    x->pool = NULL, x->queue = NULL;
    x->pool_length = x->pool_capacity = x->queue_length = x->queue_capacity = 0;
    x->values = malloc(sizeof(uint16_t) * 2 * (size_t)t->cell_count);
    x->is_on = calloc(2 * (size_t)t->count, 1);
    x->on_start = malloc(sizeof(int) * (3 * (size_t)t->count + (size_t)t->cell_count));
    if (!x->values || !x->is_on || !x->on_start)
        return -1;
    x->cands = x->values + t->cell_count;
    memcpy(x->values, t->values, sizeof(uint16_t) * (size_t)t->cell_count);
    memcpy(x->cands, t->base, sizeof(uint16_t) * (size_t)t->cell_count);
    x->is_off = x->is_on + t->count;
    x->on_length = x->on_start + t->count;
    x->off_parent = x->on_length + t->count;
    x->touched = x->off_parent + t->count;
    memcpy(x->spots, t->base_spots, sizeof(x->spots));
    int cell = candidate / t->side, d = candidate % t->side;
    if (true_) {
        net_place(x, cell, d + 1, 0, 0);
    } else {
        x->is_off[candidate] = 1;
        x->off_parent[candidate] = -1;
        x->cands[cell] &= (uint16_t)~(1u << d);
        DROP(x->spots[d].bits, cell);
        net_check_cell(x, cell);
        for (int j = 0; j < 3; j++)
            net_check_house(x, x->houses_of[3 * cell + j], d);
    }
    net_follow(x);
    return x->failed ? -1 : 0;
}

static void net_release(Net *x) {
    free(x->values);
    free(x->is_on);
    free(x->on_start);
    free(x->queue);
    free(x->pool);
    x->values = NULL, x->is_on = NULL, x->on_start = NULL, x->queue = NULL, x->pool = NULL;
}

/* nets._Net.size: how many facts the given facts rest on (all read as `on`, or as off facts). */
typedef struct {
    int *seen_on, *seen_off, stamp, *stack, stack_capacity;
} Sizer;

static int net_size(const Net *x, Sizer *s, const int *facts, int length, int on) {
    int top = 0, total = 0;
    s->stamp++;
    if (length > s->stack_capacity)
        return -1;
    for (int k = 0; k < length; k++)
        s->stack[top++] = 2 * facts[k] + on;
    while (top) {
        int item = s->stack[--top], fact = item >> 1;
        if (item & 1) {
            if (s->seen_on[fact] == s->stamp || !x->is_on[fact])
                continue;
            s->seen_on[fact] = s->stamp;
            total++;
            if (top + x->on_length[fact] > s->stack_capacity)
                return -1;
            for (int k = 0; k < x->on_length[fact]; k++)
                s->stack[top++] = 2 * x->pool[x->on_start[fact] + k];
        } else {
            if (s->seen_off[fact] == s->stamp || !x->is_off[fact])
                continue;
            s->seen_off[fact] = s->stamp;
            total++;
            if (x->off_parent[fact] >= 0) {
                if (top + 1 > s->stack_capacity)
                    return -1;
                s->stack[top++] = 2 * x->off_parent[fact] + 1;
            }
        }
    }
    return total;
}

enum { FROM_TRUE_BROKEN, FROM_FALSE_BROKEN, FROM_BOTH, FROM_CELL, FROM_REGION };

static int offer(PyObject *offers, int cost, int from, int where, int fact, int on) {
    PyObject *item = Py_BuildValue("(iiiiO)", cost, from, where, fact, on ? Py_True : Py_False);
    int bad = !item || PyList_Append(offers, item) < 0;
    Py_XDECREF(item);
    return bad ? -1 : 0;
}

/* nets._common: offer the fact every net reaches (but `own`), the cheapest (cost, fact, on). */
static int common(PyObject *offers, Net **nets, int count_nets, const int *own, int own_count, Sizer *s, int from,
                  int where) {
    const Net *first = nets[0];
    int best_cost = -1, best_fact = -1, best_on = 0;
    for (int fact = 0; fact < first->count; fact++) {
        for (int on = 0; on < 2; on++) {
            int everywhere = 1;
            for (int k = 0; k < count_nets && everywhere; k++)
                everywhere = on ? nets[k]->is_on[fact] : nets[k]->is_off[fact];
            for (int k = 0; k < own_count && everywhere; k++)
                everywhere = own[k] != fact;
            if (!everywhere)
                continue;
            int cost = 0;
            for (int k = 0; k < count_nets; k++) {
                int size = net_size(nets[k], s, &fact, 1, on);
                if (size < 0)
                    return -2;
                cost += size;
            }
            /* min over (cost, fact, on): facts go up, and off (False) before on (True) */
            if (best_cost < 0 || cost < best_cost) {
                best_cost = cost, best_fact = fact, best_on = on;
            }
        }
    }
    return best_cost < 0 ? 0 : offer(offers, best_cost, from, where, best_fact, best_on);
}

/* Branches (candidates) of one cell or region, every one assumed true: unless a branch has no net or its net
 * broke, offer what all of their nets reach (common). */
static int branches_common(PyObject *offers, Net *nets, const int *net_of, const int *branches, int count, Sizer *s,
                           int from, int where) {
    Net *branch_nets[16];
    for (int b = 0; b < count; b++) {
        if (net_of[branches[b]] < 0 || nets[net_of[branches[b]]].broken)
            return 0;
        branch_nets[b] = &nets[net_of[branches[b]]];
    }
    return common(offers, branch_nets, count, branches, count, s, from, where);
}

PyObject *dynamic_offers(PyObject *self, PyObject *args) {
    Py_buffer cands_buf, values_buf, offsets_buf, list_buf, houses_buf, houses_of_buf, alive_buf;
    int side, max_branches, max_off;
    if (!PyArg_ParseTuple(args, "y*y*iy*y*y*y*y*ii", &cands_buf, &values_buf, &side, &offsets_buf, &list_buf,
                          &houses_buf, &houses_of_buf, &alive_buf, &max_branches, &max_off))
        return NULL;
    PyObject *result = NULL, *offers = NULL;
    Net t, off;
    memset(&t, 0, sizeof(t));
    memset(&off, 0, sizeof(off));
    Net *nets = NULL;
    int *net_of = NULL, alive_count = 0;
    Sizer s = {0};
    Grid g;
    if (read_grid(&g, &cands_buf, side, &offsets_buf, &list_buf) < 0)
        goto done;
    if (open_net(&t, "dynamic_offers", &g, side, &houses_buf, &houses_of_buf, &values_buf) < 0)
        goto done;
    t.values = (uint16_t *)values_buf.buf;
    const uint16_t *alive = alive_buf.buf;
    alive_count = (int)(alive_buf.len / 2);
    if (alive_buf.len % 2 || max_branches < 2 || max_branches > 16) {
        PyErr_SetString(PyExc_ValueError, "dynamic_offers: bad alive candidates or branches");
        goto done;
    }
    t.base = g.cands;
    t.peer_set = calloc((size_t)g.cell_count + (size_t)t.house_count, sizeof(CellSet));
    nets = calloc((size_t)alive_count + 1, sizeof(Net));
    net_of = malloc(sizeof(int) * (size_t)t.count);
    s.stack_capacity = 4 * t.count + 64;
    s.seen_on = calloc(2 * (size_t)t.count + (size_t)s.stack_capacity, sizeof(int));
    offers = PyList_New(0);
    if (!t.peer_set || !nets || !net_of || !s.seen_on || !offers) {
        PyErr_NoMemory();
        goto done;
    }
    s.seen_off = s.seen_on + t.count;
    s.stack = s.seen_off + t.count;
    t.house_set = t.peer_set + g.cell_count;
    fill_net_sets(&t, &g);
    for (int i = 0; i < t.count; i++)
        net_of[i] = -1;
    for (int k = 0; k < alive_count; k++) {
        int x = alive[k];
        if (x >= t.count || !(g.cands[x / side] >> (x % side) & 1)) {
            PyErr_SetString(PyExc_ValueError, "dynamic_offers: alive names no candidate");
            goto done;
        }
        net_of[x] = k;
    }
    int status = 0;
    for (int k = 0; k < alive_count && !status; k++)
        status = net_start(&nets[k], &t, alive[k], 1);
    /* contradictions of the assumptions made true */
    for (int k = 0; k < alive_count && !status; k++) {
        Net *on = &nets[k];
        if (!on->broken)
            continue;
        int size = net_size(on, &s, on->pool + on->blame_start, on->blame_length, 0);
        status = size < 0 ? -2 : offer(offers, size, FROM_TRUE_BROKEN, alive[k], alive[k], 0);
    }
    /* the assumptions of cells with few candidates made false: a contradiction, or both ways */
    for (int k = 0; k < alive_count && !status; k++) {
        int x = alive[k];
        if (__builtin_popcount(g.cands[x / side]) > max_off)
            continue;
        status = net_start(&off, &t, x, 0);
        if (status)
            break;
        if (off.broken) {
            int size = net_size(&off, &s, off.pool + off.blame_start, off.blame_length, 0);
            status = size < 0 ? -2 : offer(offers, size + 1, FROM_FALSE_BROKEN, x, x, 1);
        } else if (!nets[k].broken) {
            Net *both[2] = {&nets[k], &off};
            status = common(offers, both, 2, &x, 1, &s, FROM_BOTH, x);
        }
        net_release(&off);
    }
    /* cells and regions of 2 to max_branches places, every branch true */
    int branches[16];
    for (int c = 0; c < g.cell_count && !status; c++) {
        int count = __builtin_popcount(g.cands[c]);
        if (count < 2 || count > max_branches)
            continue;
        for (int d = 0, b = 0; d < side; d++)
            if (g.cands[c] >> d & 1)
                branches[b++] = c * side + d;
        status = branches_common(offers, nets, net_of, branches, count, &s, FROM_CELL, c);
    }
    for (int h = 0; h < t.house_count && !status; h++)
        for (int d = 0; d < side && !status; d++) {
            int count = 0;
            for (int k = 0; k < side; k++) {
                int c = t.houses[h * side + k];
                if (g.cands[c] >> d & 1) {
                    if (count == max_branches) {
                        count++;
                        break;
                    }
                    branches[count++] = c * side + d;
                }
            }
            if (count < 2 || count > max_branches)
                continue;
            status = branches_common(offers, nets, net_of, branches, count, &s, FROM_REGION, h * side + d);
        }
    if (status == -2)
        PyErr_SetString(PyExc_RuntimeError, "dynamic_offers: the size stack overflowed");
    else if (status || off.failed)
        PyErr_NoMemory();
    else
        result = Py_NewRef(offers);
done:
    Py_XDECREF(offers);
    if (nets)
        for (int k = 0; k < alive_count; k++)
            net_release(&nets[k]);
    net_release(&off);
    free(nets);
    free(net_of);
    free(s.seen_on);
    free(t.peer_set);
    PyBuffer_Release(&cands_buf);
    PyBuffer_Release(&values_buf);
    PyBuffer_Release(&offsets_buf);
    PyBuffer_Release(&list_buf);
    PyBuffer_Release(&houses_buf);
    PyBuffer_Release(&houses_of_buf);
    PyBuffer_Release(&alive_buf);
    return result;
}
