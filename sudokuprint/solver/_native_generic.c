/* The generic engine: any box shape up to 16 digits (256 cells).
 *
 * The same idea as the pure-Python backend (pure.py), on 256-bit bitboards:
 * positions[d] holds the unsolved cells where digit d may still go; placing d
 * in a cell clears the cell and its peers from positions[d] and the cell from
 * `unsolved` (other digits drop it by masking with `unsolved`).  Naked
 * singles come from counting the digit boards bit-parallel, hidden singles
 * from each house, locked candidates (box against line) when those stall,
 * and the search branches on the first cell with two candidates (else the first unsolved cell: rows
 * filled in order never wander on long thin boxes) and tries first the digit
 * that leaves its peers the most candidates, as the pure backend does (a
 * tuned "fewest candidates" choice can wander for minutes on 16x16 grids
 * with many solutions).  Board copies sit on a caller-owned explicit stack.
 */
#include <string.h>

#include "_native_solver.h"

#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
#endif

#define WORDS 4

static inline void bits_set(Bits256 *b, int cell) { b->w[cell >> 6] |= (uint64_t)1 << (cell & 63); }

static inline int bits_has(const Bits256 *b, int cell) { return (int)((b->w[cell >> 6] >> (cell & 63)) & 1); }

static inline int bits_empty(const Bits256 *b) { return !(b->w[0] | b->w[1] | b->w[2] | b->w[3]); }

/* The lowest set cell, or -1. */
static inline int bits_lowest(const Bits256 *b)
{
    for (int i = 0; i < WORDS; i++)
        if (b->w[i]) {
#if defined(_MSC_VER) && !defined(__clang__)
            unsigned long index;
            _BitScanForward64(&index, b->w[i]);
            return i * 64 + (int)index;
#else
            return i * 64 + __builtin_ctzll(b->w[i]);
#endif
        }
    return -1;
}

static inline int popcount64(uint64_t x)
{
#if defined(_MSC_VER) && !defined(__clang__)
    return (int)__popcnt64(x);
#else
    return __builtin_popcountll(x);
#endif
}

/* 0, 1 or 2 (two or more) set bits. */
static inline int bits_count_to_two(const Bits256 *b)
{
    int seen = 0;
    for (int i = 0; i < WORDS; i++) {
        uint64_t x = b->w[i];
        if (!x)
            continue;
        if ((x & (x - 1)) || seen)
            return 2;
        seen = 1;
    }
    return seen;
}

int generic_tables(GenericTables *t, int box_width, int box_height)
{
    if (box_width < 1 || box_height < 1 || box_width * box_height > NATIVE_MAX_SIDE)
        return -1;
    int side = box_width * box_height;
    int boxes_across = side / box_width;
    memset(t, 0, sizeof *t);
    t->side = side;
    t->cell_count = side * side;
    t->house_count = 3 * side;
    for (int cell = 0; cell < t->cell_count; cell++) {
        int row = cell / side, column = cell % side;
        int box = (row / box_height) * boxes_across + column / box_width;
        bits_set(&t->all_cells, cell);
        bits_set(&t->houses[row], cell);
        bits_set(&t->houses[side + column], cell);
        bits_set(&t->houses[2 * side + box], cell);
        t->row_of[cell] = (uint8_t)row;
        t->column_of[cell] = (uint8_t)(side + column);
        t->box_of[cell] = (uint8_t)(2 * side + box);
    }
    for (int cell = 0; cell < t->cell_count; cell++) {
        int row = cell / side, column = cell % side;
        int box = (row / box_height) * boxes_across + column / box_width;
        for (int i = 0; i < WORDS; i++)
            t->cell_and_peers[cell].w[i] =
                t->houses[row].w[i] | t->houses[side + column].w[i] | t->houses[2 * side + box].w[i];
    }
    t->box_lines = box_height + box_width;
    for (int box = 0; box < side; box++) {
        int top = (box / boxes_across) * box_height, left = (box % boxes_across) * box_width;
        for (int k = 0; k < t->box_lines; k++) {
            int line = k < box_height ? top + k : side + left + (k - box_height); /* a row, then a column */
            t->box_line_house[box][k] = line;
            for (int i = 0; i < WORDS; i++)
                t->box_line_cells[box][k].w[i] = t->houses[line].w[i] & t->houses[2 * side + box].w[i];
        }
    }
    return 0;
}

/* Conflict weights (dom/wdeg): how often each house was where a search
 * dead end showed, so the branching choice goes first to the cells of the
 * houses that keep failing (the core of a contradiction, or of a hard part),
 * a cheap form of contradiction learning that keeps the search complete. */
typedef struct {
    uint32_t house[NATIVE_MAX_HOUSES];
} ConflictWeights;

static inline void blame_house(ConflictWeights *weights, int h) { weights->house[h]++; }

/* The houses of a cell that lost its last candidate. */
static void blame_cell(const GenericTables *t, ConflictWeights *weights, int cell)
{
    blame_house(weights, t->row_of[cell]);
    blame_house(weights, t->column_of[cell]);
    blame_house(weights, t->box_of[cell]);
}

static inline void place(const GenericTables *t, GenericState *s, int d, int cell)
{
    for (int i = 0; i < WORDS; i++)
        s->positions[d].w[i] &= ~t->cell_and_peers[cell].w[i];
    bits_set(&s->placed[d], cell);
    s->unsolved.w[cell >> 6] &= ~((uint64_t)1 << (cell & 63));
}

/* The digit of an unsolved cell that leaves the most candidates among its
 * peers (the pure backend tries that one first too); the lowest on a tie. */
static int gentlest_digit(const GenericTables *t, const GenericState *s, int cell)
{
    int best = -1, best_count = NATIVE_MAX_CELLS + 1;
    for (int d = 0; d < t->side; d++) {
        if (!bits_has(&s->positions[d], cell))
            continue;
        int count = 0;
        for (int i = 0; i < WORDS; i++)
            count += popcount64(s->positions[d].w[i] & s->unsolved.w[i] & t->cell_and_peers[cell].w[i]);
        if (count < best_count) {
            best = d;
            best_count = count;
        }
    }
    return best;
}

/* Naked singles; -1 on a contradiction, else whether any was placed. */
static int naked_singles(const GenericTables *t, GenericState *s, ConflictWeights *weights)
{
    Bits256 ones = {{0}}, twos = {{0}};
    for (int d = 0; d < t->side; d++)
        for (int i = 0; i < WORDS; i++) {
            uint64_t p = s->positions[d].w[i] & s->unsolved.w[i];
            s->positions[d].w[i] = p;
            twos.w[i] |= ones.w[i] & p;
            ones.w[i] |= p;
        }
    Bits256 singles;
    for (int i = 0; i < WORDS; i++) {
        if (s->unsolved.w[i] & ~ones.w[i]) {
            blame_cell(t, weights, i * 64 + __builtin_ctzll(s->unsolved.w[i] & ~ones.w[i]));
            return -1;
        }
        singles.w[i] = ones.w[i] & ~twos.w[i];
    }
    int found = 0;
    for (int cell = bits_lowest(&singles); cell >= 0; cell = bits_lowest(&singles)) {
        singles.w[cell >> 6] &= ~((uint64_t)1 << (cell & 63));
        int d = 0;
        while (d < t->side && !bits_has(&s->positions[d], cell))
            d++;
        if (d == t->side) {
            blame_cell(t, weights, cell);
            return -1; /* an earlier single of this pass took the cell's last digit */
        }
        place(t, s, d, cell);
        found = 1;
    }
    return found;
}

/* The number of places left to digit d in house h. */
static inline int places_in_house(const GenericTables *t, const GenericState *s, int d, int h)
{
    int count = 0;
    for (int i = 0; i < WORDS; i++)
        count += popcount64(s->positions[d].w[i] & t->houses[h].w[i]);
    return count;
}

/* The branch with the fewest ways for its conflict weight (dom/wdeg): the
 * unsolved cell whose candidates over the weights of its three houses is
 * least, or a digit with the fewest places over three times its house's
 * weight when that is less; then the cell's digit that leaves its peers the
 * most candidates, or the digit's first place.  Expects propagate() to have
 * stalled: positions[] free of solved cells, every unsolved cell with two
 * candidates or more. */
static void choose_branch(const GenericTables *t, const GenericState *s, const ConflictWeights *weights,
                          int *cell_out, int *digit_out)
{
    uint32_t candidates[NATIVE_MAX_CELLS];
    memset(candidates, 0, sizeof(uint32_t) * (size_t)t->cell_count);
    for (int d = 0; d < t->side; d++) {
        Bits256 p = s->positions[d];
        for (int cell = bits_lowest(&p); cell >= 0; cell = bits_lowest(&p)) {
            p.w[cell >> 6] &= p.w[cell >> 6] - 1;
            candidates[cell] |= 1u << d;
        }
    }
    /* The best score so far is best_ways / best_weight (compared by cross-multiplying). */
    uint64_t best_ways = NATIVE_MAX_SIDE + 1, best_weight = 1;
    int best_cell = -1, best_house = -1, best_digit = -1;
    for (int cell = 0; cell < t->cell_count; cell++) {
        if (!bits_has(&s->unsolved, cell))
            continue;
        uint64_t ways = (uint64_t)popcount64(candidates[cell]);
        uint64_t weight = (uint64_t)weights->house[t->row_of[cell]] + weights->house[t->column_of[cell]] +
                          weights->house[t->box_of[cell]];
        if (ways * best_weight < best_ways * weight) {
            best_cell = cell;
            best_ways = ways;
            best_weight = weight;
        }
    }
    for (int d = 0; d < t->side; d++)
        for (int h = 0; h < t->house_count; h++) {
            uint64_t ways = (uint64_t)places_in_house(t, s, d, h);
            uint64_t weight = 3 * (uint64_t)weights->house[h];
            if (ways >= 2 && ways * best_weight < best_ways * weight) {
                best_ways = ways;
                best_weight = weight;
                best_house = h;
                best_digit = d;
            }
        }
    if (best_house >= 0) {
        Bits256 here;
        for (int i = 0; i < WORDS; i++)
            here.w[i] = s->positions[best_digit].w[i] & t->houses[best_house].w[i];
        *cell_out = bits_lowest(&here);
        *digit_out = best_digit;
        return;
    }
    *cell_out = best_cell;
    *digit_out = gentlest_digit(t, s, best_cell);
}

/* Hidden singles in every house; -1 on a contradiction, else whether any was placed. */
static int hidden_singles(const GenericTables *t, GenericState *s, ConflictWeights *weights)
{
    int found = 0;
    for (int d = 0; d < t->side; d++) {
        for (int h = 0; h < t->house_count; h++) {
            Bits256 here;
            for (int i = 0; i < WORDS; i++)
                here.w[i] = s->positions[d].w[i] & s->unsolved.w[i] & t->houses[h].w[i];
            int n = bits_count_to_two(&here);
            if (n == 1) {
                place(t, s, d, bits_lowest(&here));
                found = 1;
            } else if (n == 0) {
                uint64_t held = 0;
                for (int i = 0; i < WORDS; i++)
                    held |= s->placed[d].w[i] & t->houses[h].w[i];
                if (!held) {
                    blame_house(weights, h);
                    return -1; /* the digit fits nowhere in this house */
                }
            }
        }
    }
    return found;
}

/* Locked candidates: a digit whose places in a box all lie on one line
 * leaves the rest of the line (pointing); one whose places in a line all lie
 * in one box leaves the rest of the box (claiming).  Returns whether any
 * candidate went.  Expects positions[] free of solved cells. */
static int locked_candidates(const GenericTables *t, GenericState *s)
{
    int found = 0;
    for (int d = 0; d < t->side; d++) {
        uint64_t *p = s->positions[d].w;
        for (int b = 0; b < t->side; b++) {
            const uint64_t *box = t->houses[2 * t->side + b].w;
            uint64_t in_box[WORDS], any = 0;
            for (int i = 0; i < WORDS; i++)
                any |= in_box[i] = p[i] & box[i];
            if (!any)
                continue;
            for (int k = 0; k < t->box_lines; k++) {
                const uint64_t *segment = t->box_line_cells[b][k].w;
                const uint64_t *line = t->houses[t->box_line_house[b][k]].w;
                uint64_t inside = 0, box_outside = 0, line_outside = 0;
                for (int i = 0; i < WORDS; i++) {
                    inside |= in_box[i] & segment[i];
                    box_outside |= in_box[i] & ~segment[i];
                    line_outside |= p[i] & line[i] & ~segment[i];
                }
                if (!inside || (box_outside && line_outside))
                    continue;
                const uint64_t *clear = box_outside ? box : line; /* pointing clears the line, claiming the box */
                for (int i = 0; i < WORDS; i++) {
                    uint64_t gone = p[i] & clear[i] & ~segment[i];
                    p[i] ^= gone;
                    in_box[i] &= ~gone;
                    found |= gone != 0;
                }
            }
        }
    }
    return found;
}

enum { CONTRADICTION, SOLVED, STUCK };

static int propagate(const GenericTables *t, GenericState *s, ConflictWeights *weights)
{
    for (;;) {
        if (bits_empty(&s->unsolved))
            return SOLVED;
        int found = naked_singles(t, s, weights);
        if (found < 0)
            return CONTRADICTION;
        if (found)
            continue;
        found = hidden_singles(t, s, weights);
        if (found < 0)
            return CONTRADICTION;
        if (!found && !locked_candidates(t, s))
            return STUCK;
    }
}

uint64_t generic_solve(const GenericTables *t, GenericState *stack, const uint8_t *values, uint64_t limit,
                       uint8_t *first, Budget *budget)
{
    GenericState *s = &stack[0];
    int depth = 0;
    uint64_t count = 0;
    int guessed_digit[NATIVE_MAX_CELLS], guessed_cell[NATIVE_MAX_CELLS];
    ConflictWeights weights;
    for (int h = 0; h < NATIVE_MAX_HOUSES; h++)
        weights.house[h] = 1;

    memset(s, 0, sizeof *s);
    for (int d = 0; d < t->side; d++)
        s->positions[d] = t->all_cells;
    s->unsolved = t->all_cells;
    for (int cell = 0; cell < t->cell_count; cell++) {
        int value = values[cell];
        if (value < 1 || value > t->side)
            continue;
        if (!bits_has(&s->positions[value - 1], cell))
            return 0; /* clashes with an earlier given */
        place(t, s, value - 1, cell);
    }
    /* stack[depth] is the board being worked on; stack[0 .. depth-1] are the
     * boards from before each pending guess. */
    for (;;) {
        int state = propagate(t, s, &weights);
        if (state == SOLVED) {
            if (count == 0 && first)
                for (int d = 0; d < t->side; d++)
                    for (int cell = 0; cell < t->cell_count; cell++)
                        if (bits_has(&s->placed[d], cell))
                            first[cell] = (uint8_t)(d + 1);
            if (++count >= limit)
                return count;
        } else if (state == STUCK && depth < t->cell_count) {
            if (budget_spent(budget))
                return count;
            int guess, d;
            choose_branch(t, s, &weights, &guess, &d);
            guessed_digit[depth] = d;
            guessed_cell[depth] = guess;
            stack[depth + 1] = *s;
            depth++;
            s = &stack[depth];
            place(t, s, d, guess);
            continue;
        }
        if (depth == 0)
            return count;
        depth--;
        s = &stack[depth];
        s->positions[guessed_digit[depth]].w[guessed_cell[depth] >> 6] &= ~((uint64_t)1 << (guessed_cell[depth] & 63));
    }
}

int generic_fill(const GenericTables *t, uint8_t *values, long max_nodes)
{
    int side = t->side, cells = t->cell_count;
    uint32_t full = (1u << side) - 1, rows[NATIVE_MAX_SIDE] = {0}, columns[NATIVE_MAX_SIDE] = {0},
             boxes[NATIVE_MAX_SIDE] = {0};
    int row_of[NATIVE_MAX_CELLS], column_of[NATIVE_MAX_CELLS], box_of[NATIVE_MAX_CELLS];
    for (int cell = 0; cell < cells; cell++) {
        row_of[cell] = cell / side;
        column_of[cell] = cell % side;
        for (int b = 0; b < side; b++)
            if (bits_has(&t->houses[2 * side + b], cell))
                box_of[cell] = b;
    }
    for (int cell = 0; cell < cells; cell++) {
        if (!values[cell])
            continue;
        uint32_t bit = 1u << (values[cell] - 1);
        if ((rows[row_of[cell]] | columns[column_of[cell]] | boxes[box_of[cell]]) & bit)
            return 0;
        rows[row_of[cell]] |= bit;
        columns[column_of[cell]] |= bit;
        boxes[box_of[cell]] |= bit;
    }
    int stack_cell[NATIVE_MAX_CELLS];
    uint32_t stack_untried[NATIVE_MAX_CELLS];
    int depth = 0;
    long nodes = 0;
    for (;;) {
        int best = -1, best_count = side + 1;
        uint32_t best_mask = 0;
        for (int cell = 0; cell < cells; cell++) {
            if (values[cell])
                continue;
            uint32_t mask = full & ~(rows[row_of[cell]] | columns[column_of[cell]] | boxes[box_of[cell]]);
            int count = popcount64(mask);
            if (count < best_count) {
                best = cell;
                best_mask = mask;
                best_count = count;
                if (!count)
                    break;
            }
        }
        if (best < 0)
            return 1;
        if (best_count) {
            stack_cell[depth] = best;
            stack_untried[depth] = best_mask;
            depth++;
        }
        /* The lowest untried digit on top of the stack, taking back tries that are done. */
        for (;;) {
            if (!depth)
                return 0;
            int cell = stack_cell[depth - 1];
            if (values[cell]) {
                uint32_t bit = 1u << (values[cell] - 1);
                rows[row_of[cell]] ^= bit;
                columns[column_of[cell]] ^= bit;
                boxes[box_of[cell]] ^= bit;
                values[cell] = 0;
            }
            uint32_t untried = stack_untried[depth - 1];
            if (!untried) {
                depth--;
                continue;
            }
            uint32_t low = untried & (0u - untried);
            stack_untried[depth - 1] = untried ^ low;
            if (++nodes > max_nodes)
                return -1;
            values[cell] = (uint8_t)(popcount64(low - 1) + 1);
            rows[row_of[cell]] |= low;
            columns[column_of[cell]] |= low;
            boxes[box_of[cell]] |= low;
            break;
        }
    }
}
