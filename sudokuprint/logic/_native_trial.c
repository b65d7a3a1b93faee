/* singles_scan: one round of singles found at once (trial.scan_singles, compiled).
 *
 * Trial follows every assumption in rounds; each round reads every cell and
 * every house of the assumption's state for the singles it fills.  Hard
 * puzzles follow hundreds of thousands of assumptions, so this read is
 * compiled; placing the digits, and what each rests on, stays in Python.
 *
 * The cells are read in order, then the houses in order, exactly as
 * trial.scan_singles does, and the answer is the same: the list of
 * placements (cell, digit, house; house -1 for a naked single) in the order
 * found, or the first broken rule as a tuple:
 *   (cell,)                                    a cell without candidates;
 *   (house, digit)                             a house without a place for the digit (the lowest);
 *   (cell, digit, house, earlier, earlier_house) two singles for one cell.
 */
#include "_native.h"

PyObject *singles_scan(PyObject *self, PyObject *args) {
    Py_buffer cands_buf, values_buf, houses_buf;
    int side;
    if (!PyArg_ParseTuple(args, "y*y*iy*", &cands_buf, &values_buf, &side, &houses_buf))
        return NULL;
    PyObject *result = NULL;
    int count = (int)(cands_buf.len / 2);
    int house_count = side > 0 ? (int)(houses_buf.len / 2 / side) : 0;
    if (side < 1 || side > 16 || cands_buf.len % 2 || values_buf.len != cands_buf.len || count > 1024 ||
        houses_buf.len % (2 * side) || house_count == 0) {
        PyErr_SetString(PyExc_ValueError, "singles_scan: cands, values (uint16, one per cell) and houses do not fit");
        goto done;
    }
    const uint16_t *cands = cands_buf.buf, *values = values_buf.buf, *houses = houses_buf.buf;
    for (int k = 0; k < house_count * side; k++) {
        if (houses[k] >= count) {
            PyErr_SetString(PyExc_ValueError, "singles_scan: a house names a cell outside the grid");
            goto done;
        }
    }
    for (int c = 0; c < count; c++) {
        if (values[c] > side || cands[c] >> side) {
            PyErr_SetString(PyExc_ValueError, "singles_scan: a value or candidate mask outside the side");
            goto done;
        }
    }
    /* digit and house of each cell's placement so far (digit 0: none), and the cells in the order placed */
    uint8_t digit_of[1024];
    int16_t house_of[1024];
    int16_t order[1024];
    int placed = 0;
    memset(digit_of, 0, (size_t)count);
    for (int c = 0; c < count; c++) {
        unsigned mask = cands[c];
        if (values[c])
            continue;
        if (!mask) {
            result = Py_BuildValue("(i)", c);
            goto done;
        }
        if (!(mask & (mask - 1))) {
            digit_of[c] = (uint8_t)__builtin_ctz(mask) + 1;
            house_of[c] = -1;
            order[placed++] = (int16_t)c;
        }
    }
    unsigned full = (1u << side) - 1;
    for (int h = 0; h < house_count; h++) {
        const uint16_t *cells = houses + (size_t)h * side;
        unsigned once = 0, twice = 0, present = 0;
        for (int k = 0; k < side; k++) {
            int c = cells[k];
            if (values[c]) {
                present |= 1u << (values[c] - 1);
            } else {
                twice |= once & cands[c];
                once |= cands[c];
            }
        }
        unsigned missing = full & ~(once | present);
        if (missing) {
            result = Py_BuildValue("(ii)", h, __builtin_ctz(missing) + 1);
            goto done;
        }
        unsigned singles = once & ~twice;
        while (singles) {
            int d = __builtin_ctz(singles);
            singles &= singles - 1;
            for (int k = 0; k < side; k++) {
                int c = cells[k];
                if (cands[c] >> d & 1) {
                    if (!digit_of[c]) {
                        digit_of[c] = (uint8_t)(d + 1);
                        house_of[c] = (int16_t)h;
                        order[placed++] = (int16_t)c;
                    } else if (digit_of[c] != d + 1) {
                        result = Py_BuildValue("(iiiii)", c, d + 1, h, digit_of[c], house_of[c]);
                        goto done;
                    }
                    break;
                }
            }
        }
    }
    result = PyList_New(placed);
    if (!result)
        goto done;
    for (int k = 0; k < placed; k++) {
        int c = order[k];
        PyObject *item = Py_BuildValue("(iii)", c, digit_of[c], house_of[c]);
        if (!item) {
            Py_CLEAR(result);
            goto done;
        }
        PyList_SET_ITEM(result, k, item);
    }
done:
    PyBuffer_Release(&cands_buf);
    PyBuffer_Release(&values_buf);
    PyBuffer_Release(&houses_buf);
    return result;
}
