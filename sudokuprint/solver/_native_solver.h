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

/* A work budget: the engines count their guesses and, every `check_every`
 * of them, ask `check(context)` whether to go on; a non-zero answer stops the
 * search at once and sets `stopped`.  (The Python module's check looks at a
 * deadline, a stop flag and pending signals.)  NULL means no budget. */
typedef struct {
    uint64_t guesses;
    uint64_t check_every; /* a power of two */
    int (*check)(void *context);
    void *context;
    int stopped;
} Budget;

/* Count one more guess; 1 when the budget says stop. */
static inline int budget_spent(Budget *budget)
{
    if (!budget || (++budget->guesses & (budget->check_every - 1)))
        return 0;
    if (budget->check(budget->context))
        budget->stopped = 1;
    return budget->stopped;
}

/* Count the solutions of an 81-cell puzzle up to `limit` (>= 1); when `first`
 * is not NULL and there is a solution, the first one found is written there.
 * When `budget` stops the search the count so far is returned. */
uint64_t solve9(const uint8_t values[81], uint64_t limit, uint8_t first[81], Budget *budget);

/* Which build of solve9 runs: "x86-64 avx2" (x86-64 CPUs with AVX2, BMI1/2 and
 * popcnt, GCC builds) or "portable".  solve9_use_portable() makes it the
 * portable one for the rest of the process (call it before any search: the
 * module does when SUDOKUPRINT_NATIVE_PORTABLE is set, for the tests). */
const char *solve9_variant(void);
void solve9_use_portable(void);

/* A 256-cell bitboard: bit c of word c / 64 stands for cell c. */
typedef struct {
    uint64_t w[4];
} Bits256;

/* Lookup tables of one box shape (about 45 KB); fill with generic_tables(). */
typedef struct {
    int side;
    int cell_count;
    int house_count;
    Bits256 all_cells;
    Bits256 houses[NATIVE_MAX_HOUSES]; /* rows, then columns, then boxes */
    Bits256 cell_and_peers[NATIVE_MAX_CELLS];
    uint8_t row_of[NATIVE_MAX_CELLS], column_of[NATIVE_MAX_CELLS], box_of[NATIVE_MAX_CELLS]; /* house numbers */
    /* The cells a box shares with a line (row or column): box h - 2*side with
     * line l at [h - 2*side][l's index among the box's lines], and that line. */
    int box_lines;                            /* rows + columns each box crosses */
    Bits256 box_line_cells[NATIVE_MAX_SIDE][2 * NATIVE_MAX_SIDE];
    int box_line_house[NATIVE_MAX_SIDE][2 * NATIVE_MAX_SIDE];
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
 * caller; `first` (or NULL) receives the first solution; `budget` as in solve9(). */
uint64_t generic_solve(const GenericTables *tables, GenericState *stack, const uint8_t *values, uint64_t limit,
                       uint8_t *first, Budget *budget);

/* Fill the empty cells (0) of `values` in place by a plain depth-first
 * search: always the first empty cell with the fewest candidates, its digits
 * in ascending order, at most `max_nodes` digits placed.  Returns 1 when the
 * grid is full, 0 when there is no way (or clashing digits), -1 when the
 * budget ran out.  The generator's completion; complete.py has the same
 * search in Python, step for step, so both give the same grid. */
int generic_fill(const GenericTables *tables, uint8_t *values, long max_nodes);

#endif
