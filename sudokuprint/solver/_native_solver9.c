/* The fast 9x9 engine: per-digit band bitboards.
 *
 * Layout.  The grid is three *bands* of three rows.  For digit d (0-based)
 * and band b, candidates[d * 3 + b] is a 27-bit mask of the band's cells
 * (bit 9 * row_in_band + column) where d may go or is placed.  A placed cell
 * leaves `unsolved` and every other digit's mask, and stays in its own.
 *
 * Deductions, all bit-parallel:
 * - band logic: in a band a digit takes one cell in each row and in each box,
 *   so the row/box *segments* it uses form a 3x3 permutation.  Segments that
 *   lie in no permutation covered by the candidates are removed (this is
 *   locked candidates, pointing and claiming, along rows).  A row left with
 *   one cell is a hidden single; its column leaves the other two bands.
 *   Each pass also checks that the digit still has a cell in every column
 *   (most branches of a search die, and this kills them sooner).
 * - column logic, folding the three bands of a digit: the same permutation
 *   rule on each stack of boxes (locked candidates along columns), then
 *   hidden singles in columns;
 * - naked singles, counting the nine digit masks of a band bit-parallel.
 * When these stall, the search guesses a digit on a cell with two candidates
 * (the one whose branches eliminate the most, see choose_cell; without such
 * a cell, choose_fewest) and keeps the untried rest on an explicit stack of
 * board copies; no recursion, no heap.  Taking back a guess on a cell with
 * two candidates places the other digit at once.
 *
 * Mispredicted branches: cachegrind counted 2.6 million counting to two on
 * the forum's hardest list (at some 15 cycles each, a quarter of the time),
 * so the hot paths avoid branching on data the CPU cannot guess (the next
 * band, choose_cell's loops and best cell): 1.3 million now.
 */
#include <string.h>
#if defined(__AVX2__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "_native_solver.h"

#define BAND 0x7FFFFFFu          /* the 27 cells of a band */
#define COLUMN_IN_BAND 0x40201u  /* column 0 of a band: bits 0, 9 and 18 */
#define ROW 0x1FFu

typedef struct {
    uint32_t candidates[27];
    uint32_t unsolved[3]; /* right after candidates, and followed by a fourth word: SSE2 loads four */
    uint32_t spare[2];    /* 32 words so far: place() may load and store them as four AVX2 vectors */
    uint32_t dirty;       /* bit i: candidates[i] changed since the band logic last saw it */
} Board;

/* -- compile-time tables --------------------------------------------------- */

#define T2(F, n) F(n), F((n) + 1)
#define T4(F, n) T2(F, n), T2(F, (n) + 2)
#define T8(F, n) T4(F, n), T4(F, (n) + 4)
#define T16(F, n) T8(F, n), T8(F, (n) + 8)
#define T32(F, n) T16(F, n), T16(F, (n) + 16)
#define T64(F, n) T32(F, n), T32(F, (n) + 32)
#define T128(F, n) T64(F, n), T64(F, (n) + 64)
#define T256(F, n) T128(F, n), T128(F, (n) + 128)
#define T512(F) T256(F, 0), T256(F, 256)

/* Which of a row's three box segments hold a candidate (bit k = box k). */
#define ROW_SEGMENTS(x) ((((x) & 0x7) ? 1u : 0u) | (((x) & 0x38) ? 2u : 0u) | (((x) & 0x1C0) ? 4u : 0u))
static const uint8_t row_segments[512] = {T512(ROW_SEGMENTS)};

/* Segment occupancy o of a band: bit 3 * row + box.  The six permutations,
 * as segment masks, and the segments lying in a permutation covered by o. */
#define IF_COVERED(o, p) ((((o) & (p)) == (p)) ? (p) : 0u)
#define PERMUTATION_SEGMENTS(o)                                                                        \
    (IF_COVERED(o, 0x111u) | IF_COVERED(o, 0x0A1u) | IF_COVERED(o, 0x10Au) | IF_COVERED(o, 0x062u) | \
     IF_COVERED(o, 0x08Cu) | IF_COVERED(o, 0x054u))
/* Three segment bits of a row spread to its nine cells. */
#define ROW_CELLS(s) ((((s) & 1) ? 0x7u : 0u) | (((s) & 2) ? 0x38u : 0u) | (((s) & 4) ? 0x1C0u : 0u))
#define BAND_CELLS(s) (ROW_CELLS((s) & 7) | (ROW_CELLS(((s) >> 3) & 7) << 9) | (ROW_CELLS(((s) >> 6) & 7) << 18))
static const uint16_t permutation_segments[512] = {T512(PERMUTATION_SEGMENTS)};
#define KEEP(o) BAND_CELLS(PERMUTATION_SEGMENTS(o))
/* For a segment occupancy: the band cells a digit may keep (0: no room at all). */
static const uint32_t keep_cells[512] = {T512(KEEP)};

/* The other cells of a cell's row and box inside its band (27 entries). */
#define BOX_IN_BAND(column) ((0x7u << (3 * ((column) / 3))) * COLUMN_IN_BAND)
#define BAND_PEERS(p) (((ROW << (9 * ((p) / 9))) | BOX_IN_BAND((p) % 9)) & ~(1u << (p)))
#define P3(n) BAND_PEERS(n), BAND_PEERS((n) + 1), BAND_PEERS((n) + 2)
#define P9(n) P3(n), P3((n) + 3), P3((n) + 6)
static const uint32_t band_peers[27] = {P9(0), P9(9), P9(18)};

/* -- board operations ------------------------------------------------------ */

/* The band after each band, cyclically (a table: the compiler made branches of
 * `band == 2 ? 0 : band + 1`, mispredicted at every third call). */
static const uint8_t next_band[3] = {1, 2, 0};

#if defined(__AVX2__)
/* For each band b, all ones in the board words 3 * digit + b and unsolved[b]
 * (word 27 + b), zero elsewhere: the words place() clears cells from. */
#define BAND_WORD(b, i) ((i) < 30 && (i) % 3 == (b) ? 0xFFFFFFFFu : 0u)
#define BW4(b, i) BAND_WORD(b, i), BAND_WORD(b, (i) + 1), BAND_WORD(b, (i) + 2), BAND_WORD(b, (i) + 3)
#define BW32(b) BW4(b, 0), BW4(b, 4), BW4(b, 8), BW4(b, 12), BW4(b, 16), BW4(b, 20), BW4(b, 24), BW4(b, 28)
static const uint32_t band_words[3][32] = {{BW32(0)}, {BW32(1)}, {BW32(2)}};
#endif

/* Index of the lowest / highest set bit of a non-zero mask. */
#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
static inline int lowest_bit(uint32_t x)
{
    unsigned long index;
    _BitScanForward(&index, x);
    return (int)index;
}
static inline int highest_bit(uint32_t x)
{
    unsigned long index;
    _BitScanReverse(&index, x);
    return (int)index;
}
#else
static inline int lowest_bit(uint32_t x) { return __builtin_ctz(x); }
static inline int highest_bit(uint32_t x) { return 31 - __builtin_clz(x); }
#endif

#if defined(__POPCNT__) || defined(__ARM_NEON) || defined(__aarch64__)
static inline int popcount64(uint64_t x) { return __builtin_popcountll(x); }
#else
/* Without a popcount instruction in the target, compilers call a library
 * routine; these few inline operations are faster. */
static inline int popcount64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555u);
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    return (int)((x * 0x0101010101010101u) >> 56);
}
#endif

/* Bits of a band mask standing alone in their row. */
#define ROW_SINGLE(x) (((x) & ((x) - 1)) ? 0u : (uint32_t)(x))
static const uint16_t row_single[512] = {T512(ROW_SINGLE)};
static inline uint32_t row_singles(uint32_t s)
{
    return row_single[s & ROW] | (uint32_t)row_single[(s >> 9) & ROW] << 9 | (uint32_t)row_single[s >> 18] << 18;
}

/* Columns (9 bits) that hold a bit of a band mask. */
static inline uint32_t fold_columns(uint32_t s) { return (s | (s >> 9) | (s >> 18)) & ROW; }

/* Keep only the `keep` cells of candidates[i]; returns the dirty bit of i
 * (1 << i) if that changes it, else 0.  The callers gather these bits in a
 * local word and store them in board->dirty once: a read-modify-write of
 * board->dirty on every narrowing chains the stores through memory. */
static inline uint32_t narrow(uint32_t *candidates, int i, uint32_t keep)
{
    uint32_t old = candidates[i], kept = old & keep;
    candidates[i] = kept;
    return (uint32_t)(kept != old) << i;
}

/* Place digit d in band cells `cells` (one cell, or several in different
 * rows, columns and boxes); returns the dirty bits of the digit-bands that
 * changed. */
static inline uint32_t place(Board *board, int d, int band, uint32_t cells)
{
    uint32_t *candidates = board->candidates;
    uint32_t columns = fold_columns(cells) * COLUMN_IN_BAND;
    int next = next_band[band], previous = next_band[next];
    /* the cells leave every digit of the band, without a test for d; d's own
     * mask had them and gets them back, unchanged */
    uint32_t others = 0;
#if defined(__AVX2__)
    /* The board's words i = 3 * digit + band are the band's nine masks, and
     * words 27-29 continue the pattern: unsolved[band] is word 27 + band.
     * So one masked and-not over the whole board (four vectors of eight
     * words) clears the cells from all ten, and a compare tells which
     * changed: 36 instructions instead of 80. */
    __m256i clear = _mm256_set1_epi32((int)cells);
    for (int k = 0; k < 4; k++) {
        __m256i *words = (__m256i *)candidates + k;
        __m256i old = _mm256_loadu_si256(words);
        __m256i kept = _mm256_andnot_si256(
            _mm256_and_si256(clear, _mm256_loadu_si256((const __m256i *)band_words[band] + k)), old);
        _mm256_storeu_si256(words, kept);
        unsigned same = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(old, kept)));
        others |= (~same & 0xFFu) << (8 * k);
    }
    others &= BAND; /* the dirty bits of the 27 masks only, not of unsolved */
#else
    for (int digit = 0; digit < 9; digit++)
        others |= narrow(candidates, digit * 3 + band, ~cells);
    board->unsolved[band] &= ~cells;
#endif
    candidates[d * 3 + band] |= cells;
    /* after the vectors: a word stored alone and then loaded in a vector
     * cannot be forwarded from the store, and the load waits for it */
    uint32_t changed = narrow(candidates, d * 3 + next, ~columns) | narrow(candidates, d * 3 + previous, ~columns);
    return changed | (others & ~(1u << (d * 3 + band)));
}

/* Place digit d in one cell given by band and position, clearing its row and
 * box in the band; 0 when the digit may not go there. */
static inline int place_one(Board *board, int d, int band, int position)
{
    uint32_t bit = 1u << position;
    if (!(board->candidates[d * 3 + band] & bit))
        return 0;
    uint32_t changed = place(board, d, band, bit); /* first: see the end of place() */
    board->dirty |= changed | narrow(board->candidates, d * 3 + band, ~band_peers[position]);
    return 1;
}

/* Band logic on every dirty digit-band, until none is left.  Returns 0 on a
 * contradiction, else 1 and adds the digits it looked at to *touched. */
static int band_logic(Board *board, uint32_t *touched)
{
    uint32_t dirty = board->dirty, seen = 0;
    while (dirty) {
        int i = lowest_bit(dirty);
        dirty &= dirty - 1;
        uint32_t s = board->candidates[i];
        unsigned occupancy =
            row_segments[s & ROW] | (row_segments[(s >> 9) & ROW] << 3) | (row_segments[s >> 18] << 6);
        s &= keep_cells[occupancy];
        if (!s)
            return 0;
        /* A digit left out of a whole column is a dead end that column_logic
         * would only see once everything else stalls; most branches of a
         * search end in a contradiction, and this finds a good part of them
         * earlier for the price of a fold (3% faster counting to two on the
         * forum's hardest). */
        int band = i % 3;
        const uint32_t *bands = &board->candidates[i - band];
        if (fold_columns(s | bands[next_band[band]] | bands[next_band[next_band[band]]]) != ROW)
            return 0;
        uint32_t singles = row_singles(s) & board->unsolved[band];
        if (singles)
            dirty |= place(board, i / 3, band, singles);
        /* s is stored after place(), which loads the board in vectors (see
         * its end); place() left candidates[i] as it was, or cleared of
         * cells s no longer has */
        board->candidates[i] = s;
        seen |= 1u << (i / 3);
    }
    board->dirty = 0;
    *touched |= seen;
    return 1;
}

/* Column logic for each digit in `digits` (a bit each), folding its three
 * bands: box-line interaction along columns (each stack of three boxes is a
 * permutation of bands and columns, as in band_logic), then hidden singles
 * in columns.  Returns -1 on a contradiction, else whether anything changed. */
static int column_logic(Board *board, uint32_t digits)
{
    int found = 0;
    for (; digits; digits &= digits - 1) {
        int d = lowest_bit(digits);
        uint32_t *s = &board->candidates[d * 3];
        uint32_t in_band[3];
        for (int b = 0; b < 3; b++)
            in_band[b] = fold_columns(s[b]);
        uint32_t allowed[3] = {0, 0, 0};
        for (int shift = 0; shift < 9; shift += 3) {
            unsigned occupancy = ((in_band[0] >> shift) & 7) | (((in_band[1] >> shift) & 7) << 3) |
                                 (((in_band[2] >> shift) & 7) << 6);
            unsigned kept = permutation_segments[occupancy];
            for (int b = 0; b < 3; b++)
                allowed[b] |= ((kept >> (3 * b)) & 7) << shift;
        }
        uint32_t twice = 0;
        for (int b = 0; b < 3; b++) {
            if (allowed[b] != in_band[b]) {
                board->dirty |= narrow(board->candidates, d * 3 + b, allowed[b] * COLUMN_IN_BAND);
                if (!s[b])
                    return -1;
                in_band[b] = allowed[b];
                found = 1;
            }
            uint32_t x = s[b];
            twice |= (x & (x >> 9)) | (x & (x >> 18)) | ((x >> 9) & (x >> 18));
        }
        uint32_t anywhere = in_band[0] | in_band[1] | in_band[2];
        if (anywhere != ROW)
            return -1;
        twice |= (in_band[0] & in_band[1]) | (in_band[0] & in_band[2]) | (in_band[1] & in_band[2]);
        uint32_t once = anywhere & ~twice & ROW;
        for (int b = 0; once && b < 3; b++) {
            uint32_t cells = s[b] & (once & in_band[b]) * COLUMN_IN_BAND & board->unsolved[b];
            while (cells) {
                int position = lowest_bit(cells);
                cells &= cells - 1;
                if (!place_one(board, d, b, position))
                    return -1;
                found = 1;
            }
        }
    }
    return found;
}

/* Naked singles; returns -1 on a contradiction, else whether any was placed.
 * When none is, pairs[b] holds the unsolved cells of band b with two candidates. */
static int naked_singles(Board *board, uint32_t pairs[3])
{
    /* The cells that may take one or more, two or more, three or more digits,
     * for the three bands at once (SSE2: a band a lane; the fourth lane is 0). */
    uint32_t ones[4], twos[4], threes[4];
#if defined(__SSE2__)
    __m128i unsolved = _mm_loadu_si128((const __m128i *)board->unsolved); /* the fourth lane, dirty, ... */
    unsolved = _mm_and_si128(unsolved, _mm_set_epi32(0, -1, -1, -1)); /* ... is masked out */
    __m128i one = _mm_setzero_si128(), two = one, three = one;
    for (int d = 0; d < 9; d++) {
        __m128i p = _mm_and_si128(_mm_loadu_si128((const __m128i *)&board->candidates[d * 3]), unsolved);
        three = _mm_or_si128(three, _mm_and_si128(two, p));
        two = _mm_or_si128(two, _mm_and_si128(one, p));
        one = _mm_or_si128(one, p);
    }
    _mm_storeu_si128((__m128i *)ones, one);
    _mm_storeu_si128((__m128i *)twos, two);
    _mm_storeu_si128((__m128i *)threes, three);
#else
    for (int b = 0; b < 3; b++) {
        uint32_t unsolved = board->unsolved[b];
        ones[b] = twos[b] = threes[b] = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t p = board->candidates[d * 3 + b] & unsolved;
            threes[b] |= twos[b] & p;
            twos[b] |= ones[b] & p;
            ones[b] |= p;
        }
    }
#endif
    int found = 0;
    for (int b = 0; b < 3; b++) {
        if (board->unsolved[b] & ~ones[b])
            return -1;
        /* the counts were taken before this pass placed anything: a single may
         * have lost its digit since (a contradiction, found below) */
        uint32_t singles = ones[b] & ~twos[b];
        while (singles) {
            int position = lowest_bit(singles);
            uint32_t bit = singles & (0u - singles);
            singles ^= bit;
            int d = 0;
            while (d < 9 && !(board->candidates[d * 3 + b] & bit))
                d++;
            if (d == 9 || !place_one(board, d, b, position))
                return -1; /* an earlier single of this pass took the cell's last digit */
            found = 1;
        }
        pairs[b] = twos[b] & ~threes[b];
    }
    return found;
}

/* -- the guess choice: choose_cell() and choose_fewest() ------------------- */
#include "_native_solver9_choice.c"

enum { CONTRADICTION, SOLVED, STUCK };
#define NO_DIGIT 0xFFu

/* Propagate to a fixpoint; on STUCK, *band / *position name the cell to guess
 * on (whole_tree: see choose_cell). */
static int propagate(Board *board, int whole_tree, int *band, int *position)
{
    uint32_t touched = 0; /* digits changed since their last column logic */
    uint32_t pairs[3];
    for (;;) {
        if (!band_logic(board, &touched))
            return CONTRADICTION;
        if (!(board->unsolved[0] | board->unsolved[1] | board->unsolved[2]))
            return SOLVED;
        int found = naked_singles(board, pairs);
        if (found < 0)
            return CONTRADICTION;
        if (found)
            continue;
        found = column_logic(board, touched);
        touched = 0;
        if (found < 0)
            return CONTRADICTION;
        if (found)
            continue;
        choose_cell(board, pairs, whole_tree, band, position);
        return STUCK;
    }
}

static void write_solution(const Board *board, uint8_t out[81])
{
    for (int d = 0; d < 9; d++)
        for (int b = 0; b < 3; b++) {
            uint32_t cells = board->candidates[d * 3 + b] & BAND;
            while (cells) {
                out[b * 27 + lowest_bit(cells)] = (uint8_t)(d + 1);
                cells &= cells - 1;
            }
        }
}

/* Load the givens; 0 when two of them clash. */
static int load(Board *board, const uint8_t values[81])
{
    for (int i = 0; i < 27; i++)
        board->candidates[i] = BAND;
    board->dirty = BAND; /* one bit for each of the 27 digit-bands: all need a first pass */
    for (int b = 0; b < 3; b++)
        board->unsolved[b] = BAND;
    for (int cell = 0; cell < 81; cell++) {
        int value = values[cell];
        if (value < 1 || value > 9)
            continue;
        if (!place_one(board, value - 1, cell / 27, cell % 27))
            return 0;
    }
    return 1;
}

/* The search; this file is compiled twice on x86-64 with GCC (see the end). */
#ifndef SOLVE9_SEARCH
#define SOLVE9_SEARCH solve9_portable
static
#endif
uint64_t SOLVE9_SEARCH(const uint8_t values[81], uint64_t limit, uint8_t first[81], Budget *budget);

uint64_t SOLVE9_SEARCH(const uint8_t values[81], uint64_t limit, uint8_t first[81], Budget *budget)
{
    Board stack[81];
    uint8_t guessed_digit[81];
    uint8_t other_digit[81];
    uint8_t guessed_band[81];
    uint8_t guessed_position[81];
    Board board;
    int depth = 0;
    uint64_t count = 0;

    if (!load(&board, values))
        return 0;
    for (;;) {
        int band = -1, position = 0;
        int state = propagate(&board, limit > 1, &band, &position);
        if (state == SOLVED) {
            if (count == 0 && first)
                write_solution(&board, first);
            if (++count >= limit)
                return count;
        } else if (state == STUCK && band >= 0 && depth < 81) {
            if (budget_spent(budget))
                return count;
            uint32_t bit = 1u << position, digits = 0;
            for (int e = 0; e < 9; e++)
                digits |= (uint32_t)((board.candidates[e * 3 + band] & bit) != 0) << e;
            int d = lowest_bit(digits); /* the cell is unsolved and has candidates */
            uint32_t rest = digits & (digits - 1);
            stack[depth] = board;
            guessed_digit[depth] = (uint8_t)d;
            /* the digit left when d fails, if exactly one is */
            other_digit[depth] = (uint8_t)(rest && !(rest & (rest - 1)) ? lowest_bit(rest) : (int)NO_DIGIT);
            guessed_band[depth] = (uint8_t)band;
            guessed_position[depth] = (uint8_t)position;
            depth++;
            place_one(&board, d, band, position);
            continue;
        }
        /* Dead end or solution counted: take back the latest guess and rule it out. */
        if (depth == 0)
            return count;
        depth--;
        board = stack[depth];
        if (other_digit[depth] != NO_DIGIT) /* a cell with two candidates: the other one is placed at once */
            place_one(&board, other_digit[depth], guessed_band[depth], guessed_position[depth]);
        else
            board.dirty |= narrow(board.candidates, guessed_digit[depth] * 3 + guessed_band[depth],
                                  ~(1u << guessed_position[depth]));
    }
}

/* _native_solver9_x86.c includes this file once more, compiled for x86-64
 * CPUs with popcnt, BMI1/2 and AVX2 (2013 on): popcnt and BMI take a tenth
 * off the instructions, AVX2 serves place() and choose_cell().  The build
 * stays portable: the CPU is asked at run time. */
#ifndef SOLVE9_VARIANT
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
uint64_t solve9_x86_avx2(const uint8_t values[81], uint64_t limit, uint8_t first[81], Budget *budget);
#define HAVE_SOLVE9_X86_AVX2 1
#endif

/* 0 after solve9_use_portable(): the tests compare the two builds on one machine. */
static int x86_variant_allowed = 1;

void solve9_use_portable(void) { x86_variant_allowed = 0; }

static int x86_variant_runs(void)
{
#ifdef HAVE_SOLVE9_X86_AVX2
    return x86_variant_allowed && __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi") &&
           __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("avx2");
#else
    return 0;
#endif
}

const char *solve9_variant(void) { return x86_variant_runs() ? "x86-64 avx2" : "portable"; }

uint64_t solve9(const uint8_t values[81], uint64_t limit, uint8_t first[81], Budget *budget)
{
#ifdef HAVE_SOLVE9_X86_AVX2
    if (x86_variant_runs())
        return solve9_x86_avx2(values, limit, first, budget);
#endif
    return solve9_portable(values, limit, first, budget);
}
#endif
