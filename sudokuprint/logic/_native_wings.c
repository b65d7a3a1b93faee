/* WXYZ/VWXYZ-wings and XY-cycles (see _native.c). */
#include "_native.h"

/* ---- wings ------------------------------------------------------------- */

#define MAX_WING 5

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

PyObject *wing_search(PyObject *self, PyObject *args) {
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
PyObject *xy_cycle(PyObject *self, PyObject *args) {
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

