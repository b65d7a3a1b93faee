/* sudokuprint.solver._native.equivalence_profile: the generator's cheap
 * invariant of a puzzle (sudokuprint.generator.canonical.equivalence_profile
 * has the same computation in Python, the readable oracle; a test holds the
 * two to the same bytes).
 *
 * For every given: the givens in its row and column (as an unordered pair:
 * their sum and product), in its box, and of its digit, packed into one code;
 * the codes sorted, and the digest is Python's hash() of the tuple of them,
 * as 8 little-endian bytes, so it is the same in every process. */
#include "_native_watch.h"

PyObject *native_equivalence_profile(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3 || !PyLong_Check(args[1]) || !PyLong_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError, "equivalence_profile(values, box_width, box_height) takes 3 arguments");
        return NULL;
    }
    long width = PyLong_AsLong(args[1]), height = PyLong_AsLong(args[2]);
    if ((width == -1 || height == -1) && PyErr_Occurred())
        return NULL;
    if (width < 1 || height < 1 || width > NATIVE_MAX_SIDE || height > NATIVE_MAX_SIDE ||
        width * height > NATIVE_MAX_SIDE) {
        PyErr_Format(PyExc_ValueError, "boxes of %ld x %ld cells: grids of 1 to %d digits only", width, height,
                     NATIVE_MAX_SIDE);
        return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(args[0], &view, PyBUF_SIMPLE) < 0)
        return NULL;
    int side = (int)(width * height), cells = side * side, stacks = side / (int)width;
    uint8_t values[NATIVE_MAX_CELLS];
    if (view.len != cells) {
        PyErr_Format(PyExc_ValueError, "a %dx%d grid has %d cells, got %zd values", side, side, cells, view.len);
        PyBuffer_Release(&view);
        return NULL;
    }
    memcpy(values, view.buf, (size_t)cells);
    PyBuffer_Release(&view);
    int counts[3 * NATIVE_MAX_SIDE] = {0}, digits[NATIVE_MAX_SIDE + 1] = {0};
    int places[NATIVE_MAX_CELLS][3], given = 0;
    for (int cell = 0; cell < cells; cell++) {
        int value = values[cell];
        if (value > side) {
            PyErr_Format(PyExc_ValueError, "cell %d: value %d is not in 0..%d", cell, value, side);
            return NULL;
        }
        digits[value]++;
        if (!value)
            continue;
        int row = cell / side, column = cell % side;
        int *place = places[given++];
        place[0] = row;
        place[1] = side + column;
        place[2] = 2 * side + (row / (int)height) * stacks + column / (int)width;
        counts[place[0]]++;
        counts[place[1]]++;
        counts[place[2]]++;
    }
    long codes[NATIVE_MAX_CELLS];
    long base = side + 1, pairs = (long)side * side + 1;
    for (int i = 0, cell = 0; i < given; cell++) {
        if (!values[cell])
            continue;
        long across = counts[places[i][0]], down = counts[places[i][1]];
        long code = (((across + down) * pairs + across * down) * base + counts[places[i][2]]) * base + digits[values[cell]];
        /* insertion sort: a few dozen codes */
        int at = i++;
        while (at > 0 && codes[at - 1] > code) {
            codes[at] = codes[at - 1];
            at--;
        }
        codes[at] = code;
    }
    PyObject *tuple = PyTuple_New(given);
    if (!tuple)
        return NULL;
    for (int i = 0; i < given; i++) {
        PyObject *number = PyLong_FromLong(codes[i]);
        if (!number) {
            Py_DECREF(tuple);
            return NULL;
        }
        PyTuple_SET_ITEM(tuple, i, number);
    }
    Py_hash_t hash = PyObject_Hash(tuple);
    Py_DECREF(tuple);
    if (hash == -1 && PyErr_Occurred())
        return NULL;
    unsigned long long bits = (unsigned long long)(long long)hash; /* as int.to_bytes(8, "little", signed=True) */
    char digest[8];
    for (int i = 0; i < 8; i++)
        digest[i] = (char)(bits >> (8 * i) & 0xFF);
    return PyBytes_FromStringAndSize(digest, sizeof digest);
}
