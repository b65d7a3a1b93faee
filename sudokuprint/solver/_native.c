/* sudokuprint.solver._native: the compiled solver's Python interface.
 *
 *   solve(values, box_width, box_height, limit, generic=False, time_limit=0, stop=None)  (fast by position)
 *       -> (count, solution | None)
 *   solve_bytes(values, shape, limit, time_limit=None, stop=None) -> (count, solution | None)  (by position)
 *   solve_text(text, limit, time_limit=0, stop=None) -> (count, solution | None, values) | None
 *   count_many(buffer, box_width, box_height, limit, generic=False, time_limit=0, stop=None,
 *              solutions=None) -> list[int]
 *
 * `values` is one puzzle and `buffer` many puzzles back to back, as bytes of
 * cell values (0 = empty, 1..side).  Counts go up to `limit`; the solution is
 * bytes (count_many writes each puzzle's first solution into the writable
 * buffer `solutions` when one is given; a puzzle without one keeps zeros).
 * 9x9 grids with 3x3 boxes take the fast engine unless `generic` is true
 * (the tests use it to check one engine against the other).
 *
 * Every search is bounded and interruptible: the engines ask, every few
 * hundred guesses, whether to go on.  They stop with TimeoutError when
 * `time_limit` seconds (> 0; per puzzle) have passed, with InterruptedError
 * when the first byte of the writable buffer `stop` is not zero (another
 * thread may set it), and with the signal handler's exception (Ctrl-C:
 * KeyboardInterrupt) when a signal arrives: every 20 ms the GIL is taken back
 * to run pending handlers.
 *
 * Every argument is checked here (ValueError on anything wrong); the engines
 * themselves ignore bytes out of range, so no input reaches undefined
 * behaviour.  The GIL is released while solving; there is no global mutable
 * state, so threads may call in parallel.
 */
#include "_native_watch.h"

#include <limits.h>

/* An int argument as a C int; -1 with OverflowError / TypeError as PyArg's "i" would set. */
static int int_argument(PyObject *value, int *out)
{
    long x = PyLong_AsLong(value);
    if (x == -1 && PyErr_Occurred())
        return -1;
    if (x < INT_MIN || x > INT_MAX) {
        PyErr_SetString(PyExc_OverflowError, "Python int too large to convert to C int");
        return -1;
    }
    *out = (int)x;
    return 0;
}

/* Search one puzzle of `length` values for the checked-to-be request `r`:
 * (count, first solution or None), or (count, first, extra) when `extra` is
 * given (a reference this call takes over).  NULL with an exception on an error. */
static PyObject *solve_values(Request *r, const uint8_t *source, Py_ssize_t length, PyObject *extra)
{
    PyObject *result = NULL;
    uint8_t values[NATIVE_MAX_CELLS], first[NATIVE_MAX_CELLS];
    GenericWork work = {NULL, NULL};
    Watch watch;
    if (check_request(r) < 0)
        goto done;
    if (length != r->cell_count) {
        PyErr_Format(PyExc_ValueError, "a %dx%d grid has %d cells, got %zd values", r->side, r->side, r->cell_count,
                     length);
        goto done;
    }
    memcpy(values, source, (size_t)r->cell_count); /* a private copy: the caller's buffer may change */
    if (check_values(r, values, 1) < 0 || generic_work_open(&work, r) < 0)
        goto done;
    if (watch_open(&watch, r) < 0) {
        generic_work_close(&work);
        goto done;
    }
    watch.thread = PyEval_SaveThread();
    uint64_t count = count_one(r, &work, &watch, values, first);
    PyEval_RestoreThread(watch.thread);
    generic_work_close(&work);
    if (watch_close(&watch) < 0)
        goto done;
    PyObject *number = PyLong_FromUnsignedLongLong((unsigned long long)count);
    PyObject *solution = count ? PyBytes_FromStringAndSize((const char *)first, r->cell_count) : Py_NewRef(Py_None);
    if (number && solution)
        result = extra ? PyTuple_Pack(3, number, solution, extra) : PyTuple_Pack(2, number, solution);
    Py_XDECREF(number);
    Py_XDECREF(solution);
done:
    Py_XDECREF(extra);
    return result;
}

/* solve()'s arguments given by position (the API's own calls): read without
 * PyArg's format parsing, which costs as much as an easy puzzle's search.
 * Returns 1 when done, 0 to fall back on the keyword parser, -1 on an error. */
static int solve_positional(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames, Py_buffer *view, Request *r)
{
    if (kwnames || nargs < 4 || nargs > 7 || !PyBytes_CheckExact(args[0]) || !PyLong_CheckExact(args[1]) ||
        !PyLong_CheckExact(args[2]) || !PyLong_CheckExact(args[3]) || (nargs > 5 && !PyFloat_CheckExact(args[5])))
        return 0;
    if (int_argument(args[1], &r->box_width) < 0 || int_argument(args[2], &r->box_height) < 0)
        return -1;
    r->limit = PyLong_AsLongLong(args[3]);
    if (r->limit == -1 && PyErr_Occurred())
        return -1;
    if (nargs > 4 && (r->generic = PyObject_IsTrue(args[4])) < 0)
        return -1;
    if (nargs > 5)
        r->time_limit = PyFloat_AS_DOUBLE(args[5]);
    if (nargs > 6)
        r->stop = args[6];
    return PyObject_GetBuffer(args[0], view, PyBUF_SIMPLE) < 0 ? -1 : 1;
}

static PyObject *native_solve(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    static const char *const keywords[] = {"values", "box_width", "box_height", "limit", "generic", "time_limit", "stop",
                                           NULL};
    Py_buffer view;
    Request r = {0};
    int fast = solve_positional(args, nargs, kwnames, &view, &r);
    if (fast < 0)
        return NULL;
    if (!fast) {
        /* anything else: the general parser on a tuple and a dict */
        PyObject *tuple = PyTuple_New(nargs), *kwargs = NULL;
        if (!tuple)
            return NULL;
        for (Py_ssize_t i = 0; i < nargs; i++)
            PyTuple_SET_ITEM(tuple, i, Py_NewRef(args[i]));
        Py_ssize_t named = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
        if (named && !(kwargs = PyDict_New())) {
            Py_DECREF(tuple);
            return NULL;
        }
        for (Py_ssize_t i = 0; i < named; i++)
            if (PyDict_SetItem(kwargs, PyTuple_GET_ITEM(kwnames, i), args[nargs + i]) < 0) {
                Py_DECREF(tuple);
                Py_DECREF(kwargs);
                return NULL;
            }
        int parsed = PyArg_ParseTupleAndKeywords(tuple, kwargs, "y*iiL|pdO:solve", (char **)keywords, &view,
                                                 &r.box_width, &r.box_height, &r.limit, &r.generic, &r.time_limit,
                                                 &r.stop);
        Py_DECREF(tuple);
        Py_XDECREF(kwargs);
        if (!parsed)
            return NULL;
    }
    PyObject *result = solve_values(&r, view.buf, view.len, NULL);
    PyBuffer_Release(&view);
    return result;
}

static PyObject *width_name, *height_name; /* "box_width", "box_height": made once, at import */

/* solve_bytes(values, shape, limit, time_limit=None, stop=None): solve() with the box sides read off a
 * Shape (its box_width and box_height), by position only: the backend's solve_bytes itself. */
static PyObject *native_solve_bytes(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    Request r = {0};
    if (nargs < 3 || nargs > 5) {
        PyErr_Format(PyExc_TypeError, "solve_bytes() takes 3 to 5 arguments (%zd given)", nargs);
        return NULL;
    }
    PyObject *width = PyObject_GetAttr(args[1], width_name);
    PyObject *height = width ? PyObject_GetAttr(args[1], height_name) : NULL;
    int failed = !height || int_argument(width, &r.box_width) < 0 || int_argument(height, &r.box_height) < 0;
    Py_XDECREF(width);
    Py_XDECREF(height);
    if (failed)
        return NULL;
    r.limit = PyLong_AsLongLong(args[2]);
    if (r.limit == -1 && PyErr_Occurred())
        return NULL;
    if (nargs > 3 && args[3] != Py_None && (r.time_limit = PyFloat_AsDouble(args[3])) == -1.0 && PyErr_Occurred())
        return NULL;
    if (nargs > 4)
        r.stop = args[4];
    Py_buffer view;
    if (PyObject_GetBuffer(args[0], &view, PyBUF_SIMPLE) < 0)
        return NULL;
    PyObject *result = solve_values(&r, view.buf, view.len, NULL);
    PyBuffer_Release(&view);
    return result;
}

/* solve_text(text, limit, time_limit=0.0, stop=None): the API's search of a
 * bare 81-character line, read straight from the str.  None (no search) for
 * any other text: the caller reads that one with its parser, which names the
 * place of an error.  Arguments by position only. */
static PyObject *native_solve_text(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    Request r = {3, 3, 0, 0, 0, 0, 0.0, NULL};
    if (nargs < 2 || nargs > 4) {
        PyErr_Format(PyExc_TypeError, "solve_text() takes 2 to 4 arguments (%zd given)", nargs);
        return NULL;
    }
    PyObject *text = args[0];
    if (!PyUnicode_Check(text)) {
        PyErr_Format(PyExc_TypeError, "solve_text() needs a str, not %.100s", Py_TYPE(text)->tp_name);
        return NULL;
    }
#if PY_VERSION_HEX < 0x030C0000
    if (PyUnicode_READY(text) < 0)
        return NULL;
#endif
    if (PyUnicode_GET_LENGTH(text) != 81 || !PyUnicode_IS_ASCII(text))
        Py_RETURN_NONE;
    const Py_UCS1 *chars = PyUnicode_1BYTE_DATA(text);
    uint8_t values[81];
    for (int i = 0; i < 81; i++) {
        unsigned value = chars[i] == '.' ? 0u : (unsigned)chars[i] - '0'; /* '0' is empty too */
        if (value > 9)
            Py_RETURN_NONE;
        values[i] = (uint8_t)value;
    }
    r.limit = PyLong_AsLongLong(args[1]);
    if (r.limit == -1 && PyErr_Occurred())
        return NULL;
    if (nargs > 2 && args[2] != Py_None && (r.time_limit = PyFloat_AsDouble(args[2])) == -1.0 && PyErr_Occurred())
        return NULL;
    if (nargs > 3)
        r.stop = args[3];
    PyObject *puzzle = PyBytes_FromStringAndSize((const char *)values, sizeof values);
    return puzzle ? solve_values(&r, values, sizeof values, puzzle) : NULL;
}

static PyObject *native_count_many(PyObject *module, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"buffer",     "box_width", "box_height", "limit",   "generic",
                               "time_limit", "stop",      "solutions",  "guesses", NULL};
    Py_buffer view, out = {0}, guesses = {0};
    PyObject *solutions = NULL, *guesses_out = NULL;
    Request r = {0};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*iiL|pdOO$O:count_many", keywords, &view, &r.box_width,
                                     &r.box_height, &r.limit, &r.generic, &r.time_limit, &r.stop, &solutions,
                                     &guesses_out))
        return NULL;
    PyObject *result = NULL;
    uint8_t *values = NULL;
    uint64_t *counts = NULL;
    GenericWork work = {NULL, NULL};
    Watch watch;
    Py_ssize_t done_puzzles = 0;
    if (check_request(&r) < 0)
        goto done;
    if (view.len % r.cell_count) {
        PyErr_Format(PyExc_ValueError, "%zd bytes is not a whole number of %d-cell puzzles", view.len,
                     r.cell_count);
        goto done;
    }
    Py_ssize_t puzzles = view.len / r.cell_count;
    if (solutions && solutions != Py_None) {
        if (PyObject_GetBuffer(solutions, &out, PyBUF_WRITABLE) < 0)
            goto done;
        if (out.len != view.len) {
            PyErr_Format(PyExc_ValueError, "solutions holds %zd bytes, the puzzles %zd", out.len, view.len);
            goto done;
        }
        memset(out.buf, 0, (size_t)out.len);
    }
    if (guesses_out && guesses_out != Py_None) {
        if (PyObject_GetBuffer(guesses_out, &guesses, PyBUF_WRITABLE) < 0)
            goto done;
        if (guesses.len < (Py_ssize_t)sizeof(uint64_t)) {
            PyErr_SetString(PyExc_ValueError, "guesses must be a writable buffer of at least 8 bytes");
            goto done;
        }
    }
    /* A private copy, so a writable buffer changed by another thread cannot skew the checks. */
    values = PyMem_RawMalloc((size_t)view.len + 1);
    counts = PyMem_RawMalloc(sizeof(uint64_t) * (size_t)puzzles + 1);
    if (!values || !counts) {
        PyErr_NoMemory();
        goto done;
    }
    memcpy(values, view.buf, (size_t)view.len);
    if (check_values(&r, values, puzzles) < 0 || generic_work_open(&work, &r) < 0)
        goto done;
    if (watch_open(&watch, &r) < 0) {
        generic_work_close(&work);
        goto done;
    }
    uint8_t *first = out.buf;
    watch.thread = PyEval_SaveThread();
    for (; done_puzzles < puzzles && !watch.reason; done_puzzles++) {
        Py_ssize_t at = done_puzzles * r.cell_count;
        counts[done_puzzles] = count_one(&r, &work, &watch, values + at, first ? first + at : NULL);
    }
    PyEval_RestoreThread(watch.thread);
    generic_work_close(&work);
    if (guesses.obj)
        memcpy(guesses.buf, &watch.budget.guesses, sizeof(uint64_t));
    if (watch_close(&watch) < 0) {
        /* Say which puzzle it stopped at: the exception's .puzzle attribute. */
        PyObject *type, *value, *traceback;
        PyErr_Fetch(&type, &value, &traceback);
        PyErr_NormalizeException(&type, &value, &traceback);
        PyObject *index = PyLong_FromSsize_t(done_puzzles - 1);
        if (value && index)
            PyObject_SetAttrString(value, "puzzle", index); /* best effort: failing leaves no attribute */
        PyErr_Clear();
        Py_XDECREF(index);
        PyErr_Restore(type, value, traceback);
        goto done;
    }
    result = PyList_New(puzzles);
    if (!result)
        goto done;
    for (Py_ssize_t i = 0; i < puzzles; i++) {
        PyObject *count = PyLong_FromUnsignedLongLong((unsigned long long)counts[i]);
        if (!count) {
            Py_CLEAR(result);
            goto done;
        }
        PyList_SET_ITEM(result, i, count);
    }
done:
    PyMem_RawFree(values);
    PyMem_RawFree(counts);
    if (out.obj)
        PyBuffer_Release(&out);
    if (guesses.obj)
        PyBuffer_Release(&guesses);
    PyBuffer_Release(&view);
    return result;
}

static PyObject *native_fill(PyObject *module, PyObject *args)
{
    Py_buffer view;
    Request r = {0};
    long max_nodes;
    r.limit = 1;
    if (!PyArg_ParseTuple(args, "y*iil:fill", &view, &r.box_width, &r.box_height, &max_nodes))
        return NULL;
    PyObject *result = NULL;
    uint8_t values[NATIVE_MAX_CELLS];
    GenericTables *tables = NULL;
    if (check_request(&r) < 0)
        goto done;
    if (view.len != r.cell_count) {
        PyErr_Format(PyExc_ValueError, "a %dx%d grid has %d cells, got %zd values", r.side, r.side, r.cell_count,
                     view.len);
        goto done;
    }
    memcpy(values, view.buf, (size_t)r.cell_count);
    if (check_values(&r, values, 1) < 0)
        goto done;
    tables = PyMem_RawMalloc(sizeof(GenericTables));
    if (!tables) {
        PyErr_NoMemory();
        goto done;
    }
    generic_tables(tables, r.box_width, r.box_height);
    int found;
    Py_BEGIN_ALLOW_THREADS
    found = generic_fill(tables, values, max_nodes);
    Py_END_ALLOW_THREADS
    result = found > 0 ? PyBytes_FromStringAndSize((const char *)values, r.cell_count) : Py_NewRef(Py_None);
done:
    PyMem_RawFree(tables);
    PyBuffer_Release(&view);
    return result;
}

PyObject *native_equivalence_profile(PyObject *module, PyObject *const *args, Py_ssize_t nargs); /* _native_profile.c */
PyObject *native_dig_orbits(PyObject *module, PyObject *const *args, Py_ssize_t nargs);          /* _native_dig.c */

static PyMethodDef native_methods[] = {
    {"solve", (PyCFunction)(void (*)(void))native_solve, METH_FASTCALL | METH_KEYWORDS,
     "solve(values, box_width, box_height, limit, generic=False, time_limit=0, stop=None)\n"
     "    -> (count, solution bytes or None)\n\n"
     "Count the solutions of one puzzle (bytes of cell values, 0 = empty) up to limit; also the first.\n"
     "TimeoutError after time_limit seconds (0: none), InterruptedError when stop[0] is set."},
    {"solve_bytes", (PyCFunction)(void (*)(void))native_solve_bytes, METH_FASTCALL,
     "solve_bytes(values, shape, limit, time_limit=None, stop=None) -> (count, solution bytes or None)\n\n"
     "solve() with the box sides read off shape (its box_width and box_height); by position only."},
    {"solve_text", (PyCFunction)(void (*)(void))native_solve_text, METH_FASTCALL,
     "solve_text(text, limit, time_limit=0.0, stop=None) -> (count, solution, values) or None\n\n"
     "solve() of a bare 81-character line (1-9 digits, '.' or '0' empty) read straight from the str;\n"
     "`values` is its cell values as bytes.  None for any other text (no search).  time_limit None or 0:\n"
     "none.  Arguments by position."},
    {"count_many", (PyCFunction)(void (*)(void))native_count_many, METH_VARARGS | METH_KEYWORDS,
     "count_many(buffer, box_width, box_height, limit, generic=False, time_limit=0, stop=None,\n"
     "           solutions=None, *, guesses=None) -> list of counts\n\n"
     "Solution counts, up to limit, of puzzles packed back to back in one bytes buffer; each\n"
     "puzzle's first solution goes to the writable buffer `solutions` when given.  The time\n"
     "limit is per puzzle; a stop names the puzzle in the exception's `puzzle` attribute.  The\n"
     "writable buffer `guesses` (8 bytes or more) receives the search's guesses over all the\n"
     "puzzles, a native-endian uint64 (for benchmarks: the size of the search tree)."},
    {"equivalence_profile", (PyCFunction)(void (*)(void))native_equivalence_profile, METH_FASTCALL,
     "equivalence_profile(values, box_width, box_height) -> 8 bytes\n\n"
     "sudokuprint.generator.canonical.equivalence_profile in C (the same bytes)."},
    {"dig_orbits", (PyCFunction)(void (*)(void))native_dig_orbits, METH_FASTCALL,
     "dig_orbits(solution, cells, lengths, opening, box_width, box_height) -> puzzle bytes\n\n"
     "sudokuprint.generator.dig's dig of every orbit in one call (see _native_dig.c)."},
    {"fill", (PyCFunction)native_fill, METH_VARARGS,
     "fill(values, box_width, box_height, max_nodes) -> bytes or None\n\n"
     "A full grid from the given digits by a plain depth-first search (first empty cell with the\n"
     "fewest candidates, digits ascending, at most max_nodes digits placed); None when there is\n"
     "none or the budget runs out.  sudokuprint.generator.complete has the same search in Python."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef native_module = {
    PyModuleDef_HEAD_INIT,
    "_native",
    "The compiled Sudoku solver of sudokuprint (use it through sudokuprint.solver.native).",
    -1,
    native_methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__native(void)
{
    if (!width_name && !(width_name = PyUnicode_InternFromString("box_width")))
        return NULL;
    if (!height_name && !(height_name = PyUnicode_InternFromString("box_height")))
        return NULL;
    PyObject *module = PyModule_Create(&native_module);
    if (!module)
        return NULL;
#ifdef Py_GIL_DISABLED
    PyUnstable_Module_SetGIL(module, Py_MOD_GIL_NOT_USED);
#endif
    const char *portable = getenv("SUDOKUPRINT_NATIVE_PORTABLE");
    if (portable && *portable && strcmp(portable, "0") != 0)
        solve9_use_portable();
    if (PyModule_AddIntConstant(module, "MAX_SIDE", NATIVE_MAX_SIDE) < 0 ||
        PyModule_AddStringConstant(module, "VARIANT", solve9_variant()) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
