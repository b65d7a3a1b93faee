/* The C solvers behind sudokuprint.solver._native (see _native.c).
 *
 * Two engines, one contract: count the solutions of a puzzle up to a limit
 * and keep the first one.
 *
 * - solve9: the classic 9x9 grid, per-digit band bitboards (fast path);
 * - generic_solve: any box shape with up to 16 digits (256 cells).
 *
 * Neither keeps state between calls: every table is a compile-time constant
 * or lives in a caller-owned struct, so both may run in many threads at once.
 * Values are 0 (empty) or 1..side; the caller checks the range first.
 * A given that clashes with another given simply makes the count 0.
 */
#ifndef SUDOKUPRINT_NATIVE_SOLVER_H
#define SUDOKUPRINT_NATIVE_SOLVER_H

#include <stdint.h>

#define NATIVE_MAX_SIDE 16
#define NATIVE_MAX_CELLS (NATIVE_MAX_SIDE * NATIVE_MAX_SIDE)
#define NATIVE_MAX_HOUSES (3 * NATIVE_MAX_SIDE)

/* Count the solutions of an 81-cell puzzle up to `limit` (>= 1); when `first`
 * is not NULL and there is a solution, the first one found is written there. */
uint64_t solve9(const uint8_t values[81], uint64_t limit, uint8_t first[81]);

/* A 256-cell bitboard: bit c of word c / 64 stands for cell c. */
typedef struct {
    uint64_t w[4];
} Bits256;

/* Lookup tables of one box shape (about 10 KB); fill with generic_tables(). */
typedef struct {
    int side;
    int cell_count;
    int house_count;
    Bits256 all_cells;
    Bits256 houses[NATIVE_MAX_HOUSES];
    Bits256 cell_and_peers[NATIVE_MAX_CELLS];
} GenericTables;

/* Search state of the generic engine (about 1 KB). */
typedef struct {
    Bits256 positions[NATIVE_MAX_SIDE]; /* unsolved cells where each digit may go */
    Bits256 placed[NATIVE_MAX_SIDE];    /* cells holding each digit */
    Bits256 unsolved;
} GenericState;

/* Fill `tables` for boxes `box_width` x `box_height`; returns 0, or -1 when
 * the shape has more than NATIVE_MAX_SIDE digits or a side below 1. */
int generic_tables(GenericTables *tables, int box_width, int box_height);

/* How many GenericState entries generic_solve() needs in `stack`. */
#define GENERIC_STACK_SIZE(cell_count) ((cell_count) + 1)

/* Count solutions up to `limit` (>= 1) of a puzzle of `tables->cell_count`
 * values; `stack` holds GENERIC_STACK_SIZE(cell_count) states owned by the
 * caller; `first` (or NULL) receives the first solution. */
uint64_t generic_solve(const GenericTables *tables, GenericState *stack, const uint8_t *values, uint64_t limit,
                       uint8_t *first);

#endif
