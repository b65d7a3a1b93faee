/* ALS chains and Death Blossom on an ALS table (see _native_als.c; the Python oracle is
 * techniques/als_chains.py and death_blossom.py). */
#include "_native_als.h"

#define MAX_CHAIN_SETS 16

/* ---- ALS chains ------------------------------------------------------------- */

typedef struct {
    const Search *s;
    const Links *l;
    int size;
    long tries, max_tries;
    int path[MAX_CHAIN_SETS];
    int digits[MAX_CHAIN_SETS]; /* digit index of the link into path[k + 1] */
    int length;
} Chain;

/* als_chains._ends, not empty: a digit of both ends but the end links' removes a candidate. */
static int ends_remove(const Chain *ch) {
    const Search *s = ch->s;
    int first = ch->path[0], last = ch->path[ch->length - 1];
    unsigned skip = 1u << ch->digits[0] | 1u << ch->digits[ch->length - 2];
    return z_removes(s, first, last, skip, NOTHING);
}

/* als_chains._extend: depth first, counting every partner looked at; 1 when the path is a chain
 * of `size` sets that removes something. */
static int extend(Chain *ch, const word *used) {
    if (ch->length == ch->size)
        return ends_remove(ch);
    const Links *l = ch->l;
    const Table *t = &ch->s->t;
    int words = t->words, last = ch->path[ch->length - 1];
    for (int p = l->start[last]; p < l->start[last + 1]; p++) {
        if (++ch->tries > ch->max_tries)
            return 0;
        int next = l->partner[p], x = l->digit[p];
        if (ch->length > 1 && x == ch->digits[ch->length - 2])
            continue;
        const word *cells = als_cells(t, next);
        if (cells_meet(cells, used, words))
            continue;
        word more[MAX_CELL_WORDS];
        for (int w = 0; w < words; w++)
            more[w] = used[w] | cells[w];
        ch->path[ch->length] = next;
        ch->digits[ch->length - 1] = x;
        ch->length++;
        int found = extend(ch, more);
        ch->length--;
        if (found)
            return 1;
    }
    return 0;
}

/* als_chain(table, cands, min_sets, max_sets, max_tries) -> (sets, digits) | None: the shortest ALS
 * chain that removes a candidate (als_chains.find_als_chain; max_tries per chain size). */
PyObject *als_chain(PyObject *self, PyObject *args) {
    Py_buffer table_buf, cands_buf;
    int min_sets, max_sets;
    long max_tries;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*y*iil", &table_buf, &cands_buf, &min_sets, &max_sets, &max_tries))
        return NULL;
    PyObject *result = NULL;
    Search s;
    Links l = {0};
    if (open_search(&s, &table_buf, &cands_buf) < 0)
        goto done;
    if (min_sets < 2 || max_sets > MAX_CHAIN_SETS) {
        PyErr_SetString(PyExc_ValueError, "chains have 2 to 16 sets");
        goto done;
    }
    if (make_links(&s.t, &l) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    /* the keys in increasing order (sorted(links)) */
    int *starts = malloc((l.key_count + 1) * sizeof(int));
    if (!starts) {
        PyErr_NoMemory();
        goto done;
    }
    int start_count = 0;
    for (int i = 0; i < s.t.count; i++)
        if (l.start[i + 1] > l.start[i])
            starts[start_count++] = i;
    Chain ch = {.s = &s, .l = &l, .max_tries = max_tries};
    int found = 0;
    for (int size = min_sets; size <= max_sets && !found; size++) {
        ch.size = size;
        ch.tries = 0;
        for (int k = 0; k < start_count; k++) {
            ch.path[0] = starts[k];
            ch.length = 1;
            if (extend(&ch, als_cells(&s.t, starts[k]))) {
                found = 1;
                break;
            }
            if (ch.tries > max_tries)
                break;
        }
    }
    free(starts);
    if (found) {
        PyObject *sets = PyTuple_New(ch.size), *digits = PyTuple_New(ch.size - 1);
        if (sets && digits) {
            for (int k = 0; k < ch.size; k++)
                PyTuple_SET_ITEM(sets, k, PyLong_FromLong(ch.path[k]));
            for (int k = 0; k + 1 < ch.size; k++)
                PyTuple_SET_ITEM(digits, k, PyLong_FromLong(ch.digits[k] + 1));
            result = PyTuple_Pack(2, sets, digits);
        }
        Py_XDECREF(sets);
        Py_XDECREF(digits);
    } else {
        result = Py_NewRef(Py_None);
    }
done:
    free_links(&l);
    PyBuffer_Release(&table_buf);
    PyBuffer_Release(&cands_buf);
    return result;
}

/* ---- Death Blossom ------------------------------------------------------------ */

typedef struct {
    const Search *s;
    int z;
    int *lists[3]; /* per stem digit, the petals holding z */
    int list_sizes[3];
    int petal_count;
    long tries, max_tries;
    int chosen[3];
} Bloom;

/* death_blossom._bloom's walk: one petal per list, narrowing the cells that see every z of them;
 * 1 when some cell outside the petals still sees them all and holds z. */
static int walk(Bloom *b, int index, const word *seen, const word *inside) {
    const Table *t = &b->s->t;
    int words = t->words;
    const word *holders = b->s->digit_cells[b->z];
    if (index == b->petal_count) {
        for (int w = 0; w < words; w++)
            if (seen[w] & ~inside[w] & holders[w])
                return 1;
        return 0;
    }
    for (int k = 0; k < b->list_sizes[index]; k++) {
        if (++b->tries > b->max_tries)
            return 0;
        int petal = b->lists[index][k];
        const word *petal_seen = als_seen(t, petal, b->z), *cells = als_cells(t, petal);
        word narrowed[MAX_CELL_WORDS], more[MAX_CELL_WORDS];
        int useful = 0;
        for (int w = 0; w < words; w++) {
            narrowed[w] = seen[w] & petal_seen[w];
            more[w] = inside[w] | cells[w];
            useful |= (narrowed[w] & holders[w] & ~more[w]) != 0;
        }
        if (!useful)
            continue;
        b->chosen[index] = petal;
        if (walk(b, index + 1, narrowed, more))
            return 1;
    }
    return 0;
}

/* death_blossom(table, cands, max_stem_digits, max_tries) -> (stem, z, petals) | None: the first
 * Death Blossom, stems in reading order (death_blossom.find_death_blossom; max_tries in all). */
PyObject *death_blossom(PyObject *self, PyObject *args) {
    Py_buffer table_buf, cands_buf;
    int max_stem_digits;
    long max_tries;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*y*il", &table_buf, &cands_buf, &max_stem_digits, &max_tries))
        return NULL;
    PyObject *result = NULL;
    Search s;
    int *petals = NULL; /* per stem digit, its petals; then per stem digit, those holding z */
    if (open_search(&s, &table_buf, &cands_buf) < 0)
        goto done;
    if (max_stem_digits < 2 || max_stem_digits > 3) {
        PyErr_SetString(PyExc_ValueError, "max_stem_digits must be 2 or 3");
        goto done;
    }
    const Table *t = &s.t;
    int n = t->count;
    petals = malloc((size_t)6 * (n ? n : 1) * sizeof(int));
    if (!petals) {
        PyErr_NoMemory();
        goto done;
    }
    Bloom b = {.s = &s, .max_tries = max_tries};
    unsigned all_digits = (1u << t->side) - 1;
    int found = 0, stem = 0;
    for (stem = 0; stem < t->cell_count && !found; stem++) {
        unsigned mask = s.cands[stem];
        int digit_count = popcount16(mask);
        if (digit_count < 2 || digit_count > max_stem_digits || digit_count > 3)
            continue;
        int stem_digits[3], sizes[3] = {0}, k = 0;
        for (int d = 0; d < t->side; d++)
            if (mask >> d & 1)
                stem_digits[k++] = d;
        for (int i = 0; i < n; i++) {
            if (HAS(als_cells(t, i), stem))
                continue;
            unsigned als_digits = als_mask(t, i);
            for (int e = 0; e < digit_count; e++)
                if (als_digits >> stem_digits[e] & 1 && HAS(als_seen(t, i, stem_digits[e]), stem))
                    petals[(size_t)e * n + sizes[e]++] = i;
        }
        int every = 1;
        for (int e = 0; e < digit_count; e++)
            every &= sizes[e] > 0;
        if (!every)
            continue;
        unsigned others = all_digits & ~mask;
        while (others && !found) {
            int z = __builtin_ctz(others);
            others &= others - 1;
            int any_empty = 0;
            for (int e = 0; e < digit_count; e++) {
                int *list = petals + (size_t)(3 + e) * n, size = 0;
                for (int k2 = 0; k2 < sizes[e]; k2++) {
                    int i = petals[(size_t)e * n + k2];
                    if (als_mask(t, i) >> z & 1)
                        list[size++] = i;
                }
                b.lists[e] = list;
                b.list_sizes[e] = size;
                any_empty |= size == 0;
            }
            if (any_empty)
                continue;
            b.z = z;
            b.petal_count = digit_count;
            word everything[MAX_CELL_WORDS];
            memset(everything, 0xff, sizeof everything);
            if (walk(&b, 0, everything, NOTHING)) {
                found = 1;
                PyObject *chosen = PyTuple_New(digit_count);
                if (chosen) {
                    for (int e = 0; e < digit_count; e++)
                        PyTuple_SET_ITEM(chosen, e, PyLong_FromLong(b.chosen[e]));
                    result = Py_BuildValue("(iiN)", stem, z + 1, chosen);
                }
                break;
            }
            if (b.tries >= max_tries)
                goto nothing;
        }
    }
    if (found)
        goto done;
nothing:
    result = Py_NewRef(Py_None);
done:
    free(petals);
    PyBuffer_Release(&table_buf);
    PyBuffer_Release(&cands_buf);
    return result;
}

