/* Almost locked sets: the ALS table and the searches of ALS-XZ, ALS-XY-Wing, Death Blossom
 * and ALS chains (see _native.c; the Python oracle is techniques/als.py, als_chains.py and
 * death_blossom.py).
 *
 * An ALS table is made once per candidate grid (als_table) and handed back as bytes to each
 * search, so that the four techniques tried one after another share one enumeration.  It is
 * an array of 64-bit words:
 *
 *   header: TABLE_MAGIC, count, side, cell_count, words (of a cell set)
 *   then one record per ALS, in the order techniques/als.py lists them:
 *     cells[words]                 the ALS's cells
 *     mask, house                  its digits (bit d-1 for digit d) and the house it was found in
 *     holders[side][words]         per digit, its cells holding that digit
 *     seen[side][words]            per digit, the cells seeing every one of those holders
 *
 * ALS chains and Death Blossom are in _native_als_chains.c.  Every search returns exactly what its Python version finds first (the same ALSs, by their
 * index in the table, in the same order, with the same bounded number of tries).
 */
#include "_native_als.h"

#define TABLE_MAGIC 0x534c41u /* "ALS" */
#define HEADER_WORDS 5
#define MAX_ALS_CELLS 5

/* ---- the table ------------------------------------------------------------ */

static size_t record_words(int side, int words) { return (size_t)words * (1 + 2 * (size_t)side) + 2; }

/* Read a table made by als_table and the candidates it was made from (ValueError when they do not fit). */
static int read_table(Table *t, Py_buffer *table, Py_buffer *cands) {
    const word *h = table->buf;
    if (table->len % 8 || table->len < HEADER_WORDS * 8 || h[0] != TABLE_MAGIC) {
        PyErr_SetString(PyExc_ValueError, "not an ALS table made by als_table");
        return -1;
    }
    t->count = (int)h[1];
    t->side = (int)h[2];
    t->cell_count = (int)h[3];
    t->words = (int)h[4];
    if (t->side < 1 || t->side > 16 || t->cell_count < 1 || t->cell_count > 64 * MAX_CELL_WORDS ||
        t->words != (t->cell_count + 63) / 64 || h[1] > (1u << 30)) {
        PyErr_SetString(PyExc_ValueError, "bad ALS table header");
        return -1;
    }
    t->record = record_words(t->side, t->words);
    if ((size_t)table->len / 8 != HEADER_WORDS + (size_t)t->count * t->record) {
        PyErr_SetString(PyExc_ValueError, "ALS table length does not fit its header");
        return -1;
    }
    if (cands->len % 2 || cands->len / 2 != t->cell_count) {
        PyErr_SetString(PyExc_ValueError, "cands must be uint16, one per cell of the table's grid");
        return -1;
    }
    const uint16_t *c = cands->buf;
    for (int i = 0; i < t->cell_count; i++) {
        if (c[i] >> t->side) {
            PyErr_SetString(PyExc_ValueError, "bad candidate mask");
            return -1;
        }
    }
    t->records = h + HEADER_WORDS;
    return 0;
}

/* The growing list of records while the table is made. */
typedef struct {
    word *data;
    size_t used, size; /* words */
} Buffer;

static word *buffer_grow(Buffer *b, size_t more) {
    if (b->used + more > b->size) {
        size_t size = b->size ? b->size : 4096;
        while (b->used + more > size)
            size *= 2;
        word *data = realloc(b->data, size * sizeof(word));
        if (!data)
            return NULL;
        b->data = data;
        b->size = size;
    }
    word *at = b->data + b->used;
    b->used += more;
    return at;
}

typedef struct {
    Grid g;
    int words;
    const uint16_t *houses;
    int house_count;
    int empty[3 * 16][16]; /* the empty cells of each house, in house order */
    int empty_count[3 * 16];
    word peer_set[256][MAX_CELL_WORDS];
    int group[MAX_ALS_CELLS];
    Buffer out;
    int count;
} Maker;

/* Is the group (its cells in m->group) listed by an earlier house than `house`?  It is when an
 * earlier house holds all its cells and has room for a set that big (its empty cells - 1). */
static int listed_before(const Maker *m, int house, int size) {
    for (int h = 0; h < house; h++) {
        if (m->empty_count[h] - 1 < size)
            continue;
        int inside = 1;
        for (int k = 0; k < size && inside; k++) {
            int c = m->group[k], found = 0;
            for (int e = 0; e < m->empty_count[h]; e++)
                found |= m->empty[h][e] == c;
            inside = found;
        }
        if (inside)
            return 1;
    }
    return 0;
}

static int add_als(Maker *m, int house, int size, unsigned mask) {
    int words = m->words, side = m->g.side;
    if (listed_before(m, house, size))
        return 0;
    word cells[MAX_CELL_WORDS] = {0};
    for (int k = 0; k < size; k++)
        ADD(cells, m->group[k]);
    word *r = buffer_grow(&m->out, record_words(side, words));
    if (!r)
        return -1;
    memset(r, 0, record_words(side, words) * sizeof(word));
    memcpy(r, cells, words * sizeof(word));
    r[words] = mask;
    r[words + 1] = (word)house;
    for (int d = 0; d < side; d++) {
        if (!(mask >> d & 1))
            continue;
        word *holders = r + words + 2 + (size_t)d * words;
        word *seen = r + words + 2 + (size_t)(side + d) * words;
        for (int w = 0; w < words; w++)
            seen[w] = ~(word)0;
        for (int k = 0; k < size; k++) {
            int c = m->group[k];
            if (m->g.cands[c] >> d & 1) {
                ADD(holders, c);
                for (int w = 0; w < words; w++)
                    seen[w] &= m->peer_set[c][w];
            }
        }
    }
    m->count++;
    return 0;
}

/* The groups of `size` empty cells of `house` from its `from`-th empty cell on, in the order of
 * itertools.combinations; a group already holding more than size + 1 digits is not grown. */
static int grow(Maker *m, int house, int size, int depth, int from, unsigned mask) {
    if (depth == size)
        return popcount16(mask) == size + 1 ? add_als(m, house, size, mask) : 0;
    for (int e = from; e <= m->empty_count[house] - (size - depth); e++) {
        int c = m->empty[house][e];
        unsigned more = mask | m->g.cands[c];
        if (popcount16(more) > size + 1)
            continue;
        m->group[depth] = c;
        if (grow(m, house, size, depth + 1, e + 1, more) < 0)
            return -1;
    }
    return 0;
}

/* als_table(cands, side, peer_offsets, peer_list, houses) -> bytes: every ALS of up to five cells
 * (als.almost_locked_sets: each cell set once, in the first house listing it). */
PyObject *als_table(PyObject *self, PyObject *args) {
    Py_buffer cands_buf, offsets_buf, list_buf, houses_buf;
    int side;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*iy*y*y*", &cands_buf, &side, &offsets_buf, &list_buf, &houses_buf))
        return NULL;
    PyObject *result = NULL;
    Maker *m = calloc(1, sizeof(Maker));
    if (!m) {
        PyErr_NoMemory();
        goto done;
    }
    if (read_grid(&m->g, &cands_buf, side, &offsets_buf, &list_buf) < 0)
        goto done;
    if (m->g.cell_count > 64 * MAX_CELL_WORDS || houses_buf.len % (2 * side) ||
        houses_buf.len / 2 != (Py_ssize_t)3 * side * side) {
        PyErr_SetString(PyExc_ValueError, "houses must be uint16, 3 * side houses of side cells");
        goto done;
    }
    m->words = (m->g.cell_count + 63) / 64;
    m->houses = houses_buf.buf;
    m->house_count = 3 * side;
    for (int c = 0; c < m->g.cell_count; c++)
        for (uint32_t k = m->g.peer_offsets[c]; k < m->g.peer_offsets[c + 1]; k++)
            ADD(m->peer_set[c], m->g.peer_list[k]);
    for (int h = 0; h < m->house_count; h++) {
        for (int k = 0; k < side; k++) {
            int c = m->houses[h * side + k];
            if (c >= m->g.cell_count) {
                PyErr_SetString(PyExc_ValueError, "houses name a cell outside the grid");
                goto done;
            }
            if (m->g.cands[c])
                m->empty[h][m->empty_count[h]++] = c;
        }
    }
    word header[HEADER_WORDS] = {TABLE_MAGIC, 0, (word)side, (word)m->g.cell_count, (word)m->words};
    if (!buffer_grow(&m->out, HEADER_WORDS)) {
        PyErr_NoMemory();
        goto done;
    }
    for (int h = 0; h < m->house_count; h++) {
        int largest = m->empty_count[h] - 1 < MAX_ALS_CELLS ? m->empty_count[h] - 1 : MAX_ALS_CELLS;
        for (int size = 1; size <= largest; size++) {
            if (grow(m, h, size, 0, 0, 0) < 0) {
                PyErr_NoMemory();
                goto done;
            }
        }
    }
    header[1] = (word)m->count;
    memcpy(m->out.data, header, sizeof header);
    result = PyBytes_FromStringAndSize((const char *)m->out.data, (Py_ssize_t)(m->out.used * sizeof(word)));
done:
    if (m)
        free(m->out.data);
    free(m);
    PyBuffer_Release(&cands_buf);
    PyBuffer_Release(&offsets_buf);
    PyBuffer_Release(&list_buf);
    PyBuffer_Release(&houses_buf);
    return result;
}

/* ---- what the searches share ------------------------------------------------ */

int open_search(Search *s, Py_buffer *table, Py_buffer *cands) {
    if (read_table(&s->t, table, cands) < 0)
        return -1;
    s->cands = cands->buf;
    memset(s->digit_cells, 0, sizeof s->digit_cells);
    for (int c = 0; c < s->t.cell_count; c++)
        for (int d = 0; d < s->t.side; d++)
            if (s->cands[c] >> d & 1)
                ADD(s->digit_cells[d], c);
    return 0;
}

/* A restricted common digit x of ALSs i < j (no shared cell; every x of one sees every x of the other). */
typedef struct {
    int i, j, x; /* x: digit index */
} Pair;

/* als._restricted_pairs: every pair with at least `need_common` common digits, digit by digit,
 * then by i, then by j.  Returns the count (pairs in *out, to be freed) or -1 (no memory). */
static Py_ssize_t restricted_pairs(const Table *t, int need_common, Pair **out) {
    int n = t->count, words = t->words;
    Py_ssize_t used = 0, size = 256;
    Pair *pairs = malloc(size * sizeof(Pair));
    int *holding = malloc((n ? n : 1) * sizeof(int));
    if (!pairs || !holding) {
        free(pairs);
        free(holding);
        return -1;
    }
    for (int x = 0; x < t->side; x++) {
        int k = 0;
        for (int i = 0; i < n; i++)
            if (als_mask(t, i) >> x & 1)
                holding[k++] = i;
        for (int a = 0; a < k; a++) {
            int i = holding[a];
            const word *i_cells = als_cells(t, i), *i_seen = als_seen(t, i, x);
            unsigned i_mask = als_mask(t, i);
            for (int b = a + 1; b < k; b++) {
                int j = holding[b];
                if (!cells_within(als_holders(t, j, x), i_seen, words) || cells_meet(i_cells, als_cells(t, j), words))
                    continue;
                if (need_common > 1 && popcount16(i_mask & als_mask(t, j)) < need_common)
                    continue;
                if (used == size) {
                    Pair *more = realloc(pairs, 2 * size * sizeof(Pair));
                    if (!more) {
                        free(pairs);
                        free(holding);
                        return -1;
                    }
                    pairs = more;
                    size *= 2;
                }
                pairs[used++] = (Pair){i, j, x};
            }
        }
    }
    free(holding);
    *out = pairs;
    return used;
}

void free_links(Links *l) {
    free(l->start);
    free(l->partner);
    free(l->digit);
    free(l->keys);
}

int make_links(const Table *t, Links *l) {
    memset(l, 0, sizeof *l);
    Pair *pairs = NULL;
    Py_ssize_t count = restricted_pairs(t, 1, &pairs);
    if (count < 0)
        return -1;
    int n = t->count;
    l->start = calloc(n + 1, sizeof(int));
    l->partner = malloc((2 * count + 1) * sizeof(int));
    l->digit = malloc((2 * count + 1) * sizeof(int));
    l->keys = malloc((n + 1) * sizeof(int));
    int *fill = calloc(n + 1, sizeof(int));
    if (!l->start || !l->partner || !l->digit || !l->keys || !fill) {
        free(pairs);
        free(fill);
        free_links(l);
        return -1;
    }
    /* counting sort by ALS, stable: each partner list keeps the pairs' order */
    for (Py_ssize_t p = 0; p < count; p++) {
        int ends[2] = {pairs[p].i, pairs[p].j};
        for (int e = 0; e < 2; e++) {
            if (l->start[ends[e] + 1]++ == 0)
                l->keys[l->key_count++] = ends[e];
        }
    }
    for (int i = 0; i < n; i++)
        l->start[i + 1] += l->start[i];
    for (Py_ssize_t p = 0; p < count; p++) {
        int i = pairs[p].i, j = pairs[p].j;
        int at = l->start[i] + fill[i]++;
        l->partner[at] = j;
        l->digit[at] = pairs[p].x;
        at = l->start[j] + fill[j]++;
        l->partner[at] = i;
        l->digit[at] = pairs[p].x;
    }
    free(pairs);
    free(fill);
    return 0;
}

/* Does some cell outside `outside` see every place of a common digit z of ALSs a and b (z not in
 * `skip`, a digit-index mask) and hold z?  (als._z_removals, not empty) */
int z_removes(const Search *s, int a, int b, unsigned skip, const word *outside) {
    const Table *t = &s->t;
    int words = t->words;
    unsigned common = als_mask(t, a) & als_mask(t, b) & ~skip;
    const word *a_cells = als_cells(t, a), *b_cells = als_cells(t, b);
    while (common) {
        int z = __builtin_ctz(common);
        common &= common - 1;
        const word *a_seen = als_seen(t, a, z), *b_seen = als_seen(t, b, z);
        for (int w = 0; w < words; w++)
            if (a_seen[w] & b_seen[w] & s->digit_cells[z][w] & ~(a_cells[w] | b_cells[w] | outside[w]))
                return 1;
    }
    return 0;
}

const word NOTHING[MAX_CELL_WORDS] = {0};

/* ---- ALS-XZ and ALS-XY-Wing ------------------------------------------------- */

/* als_xz(table, cands) -> (i, j, x) | None: the first restricted pair (two common digits at least)
 * whose other common digits remove a candidate (als.find_als_xz). */
PyObject *als_xz(PyObject *self, PyObject *args) {
    Py_buffer table_buf, cands_buf;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*y*", &table_buf, &cands_buf))
        return NULL;
    PyObject *result = NULL;
    Search s;
    Pair *pairs = NULL;
    if (open_search(&s, &table_buf, &cands_buf) < 0)
        goto done;
    Py_ssize_t count = restricted_pairs(&s.t, 2, &pairs);
    if (count < 0) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t p = 0; p < count && !result; p++)
        if (z_removes(&s, pairs[p].i, pairs[p].j, 1u << pairs[p].x, NOTHING))
            result = Py_BuildValue("(iii)", pairs[p].i, pairs[p].j, pairs[p].x + 1);
    if (!result && !PyErr_Occurred())
        result = Py_NewRef(Py_None);
done:
    free(pairs);
    PyBuffer_Release(&table_buf);
    PyBuffer_Release(&cands_buf);
    return result;
}

/* als_xy_wing(table, cands) -> (pivot, i, j, x, y) | None: for each pivot ALS (in the order of the
 * link table's keys), two of its partners by different digits and sharing no cell whose other
 * common digits remove a candidate outside the pivot (als.find_als_xy_wing). */
PyObject *als_xy_wing(PyObject *self, PyObject *args) {
    Py_buffer table_buf, cands_buf;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*y*", &table_buf, &cands_buf))
        return NULL;
    PyObject *result = NULL;
    Search s;
    Links l = {0};
    if (open_search(&s, &table_buf, &cands_buf) < 0)
        goto done;
    if (make_links(&s.t, &l) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    int words = s.t.words, found = 0;
    for (int k = 0; k < l.key_count && !found; k++) {
        int pivot = l.keys[k];
        const word *pivot_cells = als_cells(&s.t, pivot);
        for (int p = l.start[pivot]; p < l.start[pivot + 1] && !found; p++) {
            for (int q = p + 1; q < l.start[pivot + 1]; q++) {
                int i = l.partner[p], x = l.digit[p], j = l.partner[q], y = l.digit[q];
                if (x == y || i == j || cells_meet(als_cells(&s.t, i), als_cells(&s.t, j), words))
                    continue;
                if (z_removes(&s, i, j, 1u << x | 1u << y, pivot_cells)) {
                    result = Py_BuildValue("(iiiii)", pivot, i, j, x + 1, y + 1);
                    found = 1;
                    break;
                }
            }
        }
    }
    if (!found)
        result = Py_NewRef(Py_None);
done:
    free_links(&l);
    PyBuffer_Release(&table_buf);
    PyBuffer_Release(&cands_buf);
    return result;
}

/* als_at(table, cands, index) -> (cells, house): one ALS of the table, its cell set as
 * little-endian bytes. */
PyObject *als_at(PyObject *self, PyObject *args) {
    Py_buffer table_buf, cands_buf;
    int index;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*y*i", &table_buf, &cands_buf, &index))
        return NULL;
    PyObject *result = NULL;
    Table t;
    if (read_table(&t, &table_buf, &cands_buf) < 0)
        goto done;
    if (index < 0 || index >= t.count) {
        PyErr_SetString(PyExc_ValueError, "no ALS of that index in the table");
        goto done;
    }
    const word *cells = als_cells(&t, index);
    result = Py_BuildValue("(y#i)", (const char *)cells, (Py_ssize_t)(t.words * sizeof(word)),
                           (int)cells[t.words + 1]);
done:
    PyBuffer_Release(&table_buf);
    PyBuffer_Release(&cands_buf);
    return result;
}
