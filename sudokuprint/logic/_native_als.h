/* Shared by _native_als.c (the ALS table, ALS-XZ, ALS-XY-Wing) and _native_als_chains.c (ALS
 * chains, Death Blossom); see _native_als.c for the table's layout. */
#ifndef SUDOKUPRINT_LOGIC_NATIVE_ALS_H
#define SUDOKUPRINT_LOGIC_NATIVE_ALS_H

#include "_native.h"

/* ---- cell sets of `words` words ---- */

static inline int cells_meet(const word *a, const word *b, int words) {
    for (int w = 0; w < words; w++)
        if (a[w] & b[w])
            return 1;
    return 0;
}

/* a is inside b */
static inline int cells_within(const word *a, const word *b, int words) {
    for (int w = 0; w < words; w++)
        if (a[w] & ~b[w])
            return 0;
    return 1;
}

extern const word NOTHING[MAX_CELL_WORDS]; /* the empty cell set */

/* ---- an ALS table read back (see _native_als.c) ---- */

typedef struct {
    int count, side, cell_count, words;
    size_t record;        /* words of one ALS record */
    const word *records;
} Table;

static inline const word *als_cells(const Table *t, int i) { return t->records + (size_t)i * t->record; }
static inline unsigned als_mask(const Table *t, int i) { return (unsigned)als_cells(t, i)[t->words]; }
/* per digit index d (0-based): the ALS's cells holding d, and the cells seeing all of those */
static inline const word *als_holders(const Table *t, int i, int d) {
    return als_cells(t, i) + t->words + 2 + (size_t)d * t->words;
}
static inline const word *als_seen(const Table *t, int i, int d) {
    return als_cells(t, i) + t->words + 2 + (size_t)(t->side + d) * t->words;
}

/* A search's view: the table and the candidates it was made from. */
typedef struct {
    Table t;
    const uint16_t *cands;
    word digit_cells[16][MAX_CELL_WORDS]; /* per digit index, the cells holding it */
} Search;

/* als.restricted_links: for each ALS its partners (ALS, digit index) in the order the pairs name
 * them, and the ALSs having partners in the order they are first named (the dict's keys). */
typedef struct {
    int *start;   /* count + 1 offsets into partner/digit */
    int *partner;
    int *digit;
    int *keys;
    int key_count;
} Links;

/* Read the table and candidates of a call (ValueError and -1 when they do not fit). */
int open_search(Search *s, Py_buffer *table, Py_buffer *cands);
/* Make the link table (-1: no memory, nothing to free); free_links frees it. */
int make_links(const Table *t, Links *l);
void free_links(Links *l);
/* Does a cell outside both ALSs and `outside` see every place of a common digit of a and b not
 * in `skip` (digit-index mask), and hold it?  (als._z_removals, not empty) */
int z_removes(const Search *s, int a, int b, unsigned skip, const word *outside);

#endif
