/* Shared by the files of sudokuprint.logic._native (see _native.c). */
#ifndef SUDOKUPRINT_LOGIC_NATIVE_H
#define SUDOKUPRINT_LOGIC_NATIVE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t word;

static inline int popcount16(unsigned m) { return __builtin_popcount(m); }

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

#define MAX_CELL_WORDS 4 /* cell sets of up to 256 cells */

typedef struct {
    word bits[MAX_CELL_WORDS];
} CellSet;

/* Read and check the candidates and peers of a call (ValueError and -1 when they do not fit). */
int read_grid(Grid *g, Py_buffer *cands, int side, Py_buffer *offsets, Py_buffer *list);

/* The module's functions, one file per family of searches. */
PyObject *forcing_shortest(PyObject *self, PyObject *args); /* _native_forcing.c */
PyObject *multiple_forcing(PyObject *self, PyObject *args); /* _native_forcing.c */
PyObject *wing_search(PyObject *self, PyObject *args);      /* _native_wings.c */
PyObject *xy_cycle(PyObject *self, PyObject *args);         /* _native_wings.c */
PyObject *x_chains(PyObject *self, PyObject *args);         /* _native_chains.c */
PyObject *grouped_chain(PyObject *self, PyObject *args);    /* _native_chains.c */
PyObject *follow_net(PyObject *self, PyObject *args);       /* _native_nets.c */
PyObject *als_table(PyObject *self, PyObject *args);        /* _native_als.c */
PyObject *als_at(PyObject *self, PyObject *args);           /* _native_als.c */
PyObject *als_xz(PyObject *self, PyObject *args);           /* _native_als.c */
PyObject *als_xy_wing(PyObject *self, PyObject *args);      /* _native_als.c */
PyObject *als_chain(PyObject *self, PyObject *args);        /* _native_als_chains.c */
PyObject *death_blossom(PyObject *self, PyObject *args);    /* _native_als_chains.c */
PyObject *grouped_aic(PyObject *self, PyObject *args);      /* _native_aic.c */
PyObject *dynamic_offers(PyObject *self, PyObject *args);   /* _native_nets.c */
PyObject *singles_scan(PyObject *self, PyObject *args);     /* _native_trial.c */

#endif
