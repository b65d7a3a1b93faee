/* The 9x9 engine's choice of the cell to guess on, when propagation stalls.
 * Not compiled alone: _native_solver9.c includes it (it uses that file's
 * Board, tables and bit helpers). */

/* A cell's column inside its band: bits 9 apart (27 entries). */
#define COLUMN_OF(p) (COLUMN_IN_BAND << ((p) % 9))
#define C3(n) COLUMN_OF(n), COLUMN_OF((n) + 1), COLUMN_OF((n) + 2)
#define C9(n) C3(n), C3((n) + 3), C3((n) + 6)
static const uint32_t column_in_band[27] = {C9(0), C9(9), C9(18)};

/* The cell to guess on when no cell has two candidates (few givens, or a
 * stall high up in the search tree, where a good choice saves the most) and
 * the search must go through the whole tree (a limit above one): the cell
 * with the fewest candidates, and of those the one whose digits see the most
 * open cells.  Counting to two solutions on the forum's hardest list it is
 * only needed 3 times a puzzle, yet taking it instead of the first unsolved
 * cell cuts the guesses from 130 to 115 a puzzle (branching instead on a
 * digit with two places left in a row, box or column made 125).  To find one
 * solution the first unsolved cell stays: there the order of the branches
 * counts as much as the tree, and this cell made solving the same list take
 * 67 guesses a puzzle instead of 43 (the same on the other lists). */
static void choose_fewest(const Board *board, int *guess_band, int *guess_position)
{
    int fewest = 10, best_weight = -1;
    for (int b = 0; b < 3; b++) {
        uint32_t unsolved = board->unsolved[b];
        if (!unsolved)
            continue;
        /* each cell's number of candidates, bit-sliced: bit k of the count in count_bit[k] */
        uint32_t count_bit[4] = {0, 0, 0, 0};
        for (int d = 0; d < 9; d++) {
            uint32_t carry = board->candidates[d * 3 + b] & unsolved;
            for (int k = 0; k < 4 && carry; k++) {
                uint32_t next = count_bit[k] & carry;
                count_bit[k] ^= carry;
                carry = next;
            }
        }
        int o1 = b == 2 ? 0 : b + 1, o2 = b == 0 ? 2 : b - 1;
        for (uint32_t left = unsolved; left; left &= left - 1) {
            int position = lowest_bit(left), count = 0;
            for (int k = 0; k < 4; k++)
                count |= (int)((count_bit[k] >> position) & 1) << k;
            if (count > fewest)
                continue;
            int weight = 0;
            for (int d = 0; d < 9; d++) {
                const uint32_t *s = &board->candidates[d * 3];
                if (!((s[b] >> position) & 1))
                    continue;
                uint64_t column = column_in_band[position];
                weight += popcount64(s[b] & unsolved & band_peers[position]) +
                          popcount64(s[o1] & board->unsolved[o1] & column) +
                          popcount64(s[o2] & board->unsolved[o2] & column);
            }
            if (count < fewest || weight > best_weight) {
                fewest = count;
                best_weight = weight;
                *guess_band = b;
                *guess_position = position;
            }
        }
    }
}

/* The cell to guess on.  Of the cells with two candidates, the one whose two
 * branches take the most candidates off its peers, a candidate counting
 * three times when it leaves a cell with two (that makes a single); when no
 * cell has two, choose_fewest()'s cell (or the first unsolved one for a
 * single solution).  Counting to two solutions on the
 * forum's hardest list, this weighing guesses 115 times a puzzle, against
 * 127 for the cell that sees the most unsolved cells and 212 for the first
 * cell with two (130, 162 and 310 with the first unsolved cell as fallback).
 * (Measured and left out: triad logic on minirows and minicolumns took 130
 * to 117-123, but each node cost more than the guesses it saved; branching
 * on a digit's two remaining ways through a band, as tdoku does, made 226;
 * a bonus or malus for a digit with two places left in a row, box or column
 * 135-231; other weights of the two-candidate peers 130-149.) */
static void choose_cell(const Board *board, const uint32_t pairs[3], int whole_tree, int *guess_band,
                        int *guess_position)
{
    /* The best cell so far as one key, compared without a branch: its score
     * above, 255 - its index (band * 27 + position) below, so that of equal
     * scores the first cell wins; 0 while there is none. */
    uint32_t best_key = 0;
    for (int b = 0; b < 3; b++) {
        uint32_t pairs_here = pairs[b];
        if (!pairs_here)
            continue;
        int o1 = next_band[b], o2 = next_band[o1];
        uint32_t unsolved = board->unsolved[b];
        /* the other two bands side by side in one word: bits 0-26 and 32-58 */
        uint64_t unsolved_others = board->unsolved[o1] | (uint64_t)board->unsolved[o2] << 32;
        uint64_t pairs_others = pairs[o1] | (uint64_t)pairs[o2] << 32;
        /* Cell by cell, its two digits found by a fixed loop: going digit by
         * digit over the cells that have it cost a mispredicted branch at
         * most steps (a quarter of all the search's mispredictions). */
#if defined(__AVX2__)
        /* digits 0-7's masks of the band in one vector: a cell's bit moved to
         * each lane's sign bit gives its digits with one movemask */
        const uint32_t *c = &board->candidates[b];
        __m256i band_masks = _mm256_setr_epi32((int)c[0], (int)c[3], (int)c[6], (int)c[9], (int)c[12], (int)c[15],
                                               (int)c[18], (int)c[21]);
#endif
        for (uint32_t left = pairs_here; left; left &= left - 1) {
            int position = lowest_bit(left);
#if defined(__AVX2__)
            __m256i at_sign = _mm256_sll_epi32(band_masks, _mm_cvtsi32_si128(31 - position));
            uint32_t digits = (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(at_sign)) |
                              ((c[24] >> position) & 1) << 8;
#else
            uint32_t digits = 0;
            for (int d = 0; d < 9; d++)
                digits |= ((board->candidates[d * 3 + b] >> position) & 1) << d;
#endif
            uint64_t column = column_in_band[position] * (1 | (uint64_t)1 << 32);
            int score = 0;
            for (int k = 0; k < 2; k++, digits &= digits - 1) {
                const uint32_t *s = &board->candidates[lowest_bit(digits) * 3];
                /* the open cells of the digit this cell sees in the band's row
                 * and box, and in its column in the other two bands; those
                 * with two candidates count thrice */
                uint32_t row_box = s[b] & unsolved & band_peers[position];
                uint32_t row_box_paired = row_box & pairs_here;
                uint64_t open_column = (s[o1] | (uint64_t)s[o2] << 32) & unsolved_others & column;
                score += popcount64(row_box | (uint64_t)row_box_paired << 32) + popcount64(row_box_paired) +
                         popcount64(open_column) + 2 * popcount64(open_column & pairs_others);
            }
            uint32_t key = (uint32_t)score << 8 | (uint32_t)(255 - (b * 27 + position));
            best_key = key > best_key ? key : best_key;
        }
    }
    if (best_key) {
        int cell = 255 - (int)(best_key & 0xFF);
        *guess_band = cell / 27;
        *guess_position = cell % 27;
        return;
    }
    *guess_band = -1;
    if (whole_tree) {
        choose_fewest(board, guess_band, guess_position);
        return;
    }
    for (int b = 0; b < 3; b++)
        if (board->unsolved[b]) {
            *guess_band = b;
            *guess_position = lowest_bit(board->unsolved[b]);
            return;
        }
}
