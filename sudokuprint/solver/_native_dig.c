/* sudokuprint.solver._native.dig_orbits: the generator's dig to a minimal
 * puzzle in one call (sudokuprint.generator.dig._dig_all has the same steps
 * in Python, for the pure backend and as the oracle; a test holds the two to
 * the same puzzles).
 *
 *   dig_orbits(solution, cells, lengths, opening, box_width, box_height) -> bytes
 *
 * `solution` is a full grid (cell values); `cells` the cells of the orbits to
 * remove, in their order, back to back, with `lengths` the size of each
 * orbit (one byte each).  The first `opening` orbits are removed together and
 * checked once (when more than one); if the puzzle is then not unique they go
 * back and every orbit is tried in turn.  Each later orbit is removed, and put
 * back from `solution` when the puzzle has no longer exactly one solution.
 * The GIL is released for the whole dig; Ctrl-C stops it (the watch). */
#include "_native_watch.h"

static int dig_argument(PyObject *value, long low, long high, const char *name, long *out)
{
    *out = PyLong_AsLong(value);
    if (*out == -1 && PyErr_Occurred())
        return -1;
    if (*out < low || *out > high) {
        PyErr_Format(PyExc_ValueError, "dig_orbits: %s %ld is not in %ld..%ld", name, *out, low, high);
        return -1;
    }
    return 0;
}

PyObject *native_dig_orbits(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError, "dig_orbits(solution, cells, lengths, opening, box_width, box_height)");
        return NULL;
    }
    long opening, width, height;
    if (dig_argument(args[3], 0, NATIVE_MAX_CELLS, "opening", &opening) < 0 ||
        dig_argument(args[4], 1, NATIVE_MAX_SIDE, "box_width", &width) < 0 ||
        dig_argument(args[5], 1, NATIVE_MAX_SIDE, "box_height", &height) < 0)
        return NULL;
    Request r = {(int)width, (int)height, 0, 0, 2, 0, 0.0, NULL};
    if (check_request(&r) < 0)
        return NULL;
    Py_buffer views[3];
    int held = 0;
    PyObject *result = NULL;
    for (; held < 3; held++)
        if (PyObject_GetBuffer(args[held], &views[held], PyBUF_SIMPLE) < 0)
            goto done;
    uint8_t solution[NATIVE_MAX_CELLS], puzzle[NATIVE_MAX_CELLS];
    const uint8_t *cells = views[1].buf, *lengths = views[2].buf;
    Py_ssize_t orbits = views[2].len, total = 0;
    if (views[0].len != r.cell_count) {
        PyErr_Format(PyExc_ValueError, "a %dx%d grid has %d cells, got %zd values", r.side, r.side, r.cell_count,
                     views[0].len);
        goto done;
    }
    memcpy(solution, views[0].buf, (size_t)r.cell_count);
    if (check_values(&r, solution, 1) < 0)
        goto done;
    for (Py_ssize_t i = 0; i < orbits; i++)
        total += lengths[i];
    if (total != views[1].len || opening > orbits) {
        PyErr_SetString(PyExc_ValueError, "dig_orbits: the orbit lengths do not add up to the cells given");
        goto done;
    }
    for (Py_ssize_t i = 0; i < total; i++)
        if (cells[i] >= r.cell_count) {
            PyErr_Format(PyExc_ValueError, "dig_orbits: cell %d is not in the grid", (int)cells[i]);
            goto done;
        }
    GenericWork work;
    Watch watch;
    if (generic_work_open(&work, &r) < 0)
        goto done;
    if (watch_open(&watch, &r) < 0) {
        generic_work_close(&work);
        goto done;
    }
    memcpy(puzzle, solution, (size_t)r.cell_count);
    watch.thread = PyEval_SaveThread();
    Py_ssize_t orbit = 0, at = 0;
    if (opening > 1) {
        for (; orbit < opening; orbit++)
            for (int k = 0; k < lengths[orbit]; k++)
                puzzle[cells[at++]] = 0;
        if (count_one(&r, &work, &watch, puzzle, NULL) != 1) {
            memcpy(puzzle, solution, (size_t)r.cell_count);
            orbit = at = 0;
        }
    }
    for (; orbit < orbits && !watch.reason; orbit++) {
        const uint8_t *these = cells + at;
        at += lengths[orbit];
        for (int k = 0; k < lengths[orbit]; k++)
            puzzle[these[k]] = 0;
        if (count_one(&r, &work, &watch, puzzle, NULL) != 1)
            for (int k = 0; k < lengths[orbit]; k++)
                puzzle[these[k]] = solution[these[k]];
    }
    PyEval_RestoreThread(watch.thread);
    generic_work_close(&work);
    if (watch_close(&watch) == 0)
        result = PyBytes_FromStringAndSize((const char *)puzzle, r.cell_count);
done:
    while (held-- > 0)
        PyBuffer_Release(&views[held]);
    return result;
}
