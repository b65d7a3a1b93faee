/* sudokuprint.solver._native: the compiled solver's Python interface.
 *
 *   solve(values, box_width, box_height, limit, generic=False) -> (count, solution | None)
 *   count_many(buffer, box_width, box_height, limit, generic=False) -> list[int]
 *
 * `values` is one puzzle and `buffer` many puzzles back to back, as bytes of
 * cell values (0 = empty, 1..side).  Counts go up to `limit`; the solution is
 * bytes.  9x9 grids with 3x3 boxes take the fast engine unless `generic` is
 * true (the tests use it to check one engine against the other).
 *
 * Every argument is checked here (ValueError on anything wrong); the engines
 * themselves ignore bytes out of range, so no input reaches undefined
 * behaviour.  The GIL is released while solving; there is no global mutable
 * state, so threads may call in parallel.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "_native_solver.h"

typedef struct {
    int box_width;
    int box_height;
    int side;
    int cell_count;
    long long limit;
    int generic;
} Request;

/* Check the shape and limit; on an error set a ValueError and return -1. */
static int check_request(Request *r)
{
    if (r->box_width < 1 || r->box_height < 1 || r->box_width > NATIVE_MAX_SIDE ||
        r->box_height > NATIVE_MAX_SIDE || r->box_width * r->box_height > NATIVE_MAX_SIDE) {
        PyErr_Format(PyExc_ValueError, "boxes of %d x %d cells: the native solver takes grids of 1 to %d digits",
                     r->box_width, r->box_height, NATIVE_MAX_SIDE);
        return -1;
    }
    if (r->limit < 1) {
        PyErr_Format(PyExc_ValueError, "limit must be at least 1, got %lld", r->limit);
        return -1;
    }
    r->side = r->box_width * r->box_height;
    r->cell_count = r->side * r->side;
    r->generic = r->generic || r->side != 9 || r->box_width != 3;
    return 0;
}

/* Check that every value of `count` puzzles is in 0..side; ValueError naming the place if not. */
static int check_values(const Request *r, const uint8_t *values, Py_ssize_t count)
{
    Py_ssize_t total = count * r->cell_count;
    for (Py_ssize_t i = 0; i < total; i++)
        if (values[i] > r->side) {
            PyErr_Format(PyExc_ValueError, "puzzle %zd, cell %zd: value %d is not in 0..%d", i / r->cell_count,
                         i % r->cell_count, (int)values[i], r->side);
            return -1;
        }
    return 0;
}

/* Working memory of the generic engine, allocated once per call. */
typedef struct {
    GenericTables *tables;
    GenericState *stack;
} GenericWork;

static int generic_work_open(GenericWork *work, const Request *r)
{
    work->tables = NULL;
    work->stack = NULL;
    if (!r->generic)
        return 0;
    work->tables = PyMem_RawMalloc(sizeof(GenericTables));
    work->stack = PyMem_RawMalloc(sizeof(GenericState) * GENERIC_STACK_SIZE(r->cell_count));
    if (!work->tables || !work->stack) {
        PyMem_RawFree(work->tables);
        PyMem_RawFree(work->stack);
        PyErr_NoMemory();
        return -1;
    }
    generic_tables(work->tables, r->box_width, r->box_height); /* the shape was checked */
    return 0;
}

static void generic_work_close(GenericWork *work)
{
    PyMem_RawFree(work->tables);
    PyMem_RawFree(work->stack);
}

static uint64_t count_one(const Request *r, GenericWork *work, const uint8_t *values, uint8_t *first)
{
    uint64_t limit = (uint64_t)r->limit;
    if (r->generic)
        return generic_solve(work->tables, work->stack, values, limit, first);
    return solve9(values, limit, first);
}

static PyObject *native_solve(PyObject *module, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"values", "box_width", "box_height", "limit", "generic", NULL};
    Py_buffer view;
    Request r = {0};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*iiL|p:solve", keywords, &view, &r.box_width, &r.box_height,
                                     &r.limit, &r.generic))
        return NULL;
    PyObject *result = NULL;
    uint8_t values[NATIVE_MAX_CELLS], first[NATIVE_MAX_CELLS];
    GenericWork work = {NULL, NULL};
    if (check_request(&r) < 0)
        goto done;
    if (view.len != r.cell_count) {
        PyErr_Format(PyExc_ValueError, "a %dx%d grid has %d cells, got %zd values", r.side, r.side, r.cell_count,
                     view.len);
        goto done;
    }
    memcpy(values, view.buf, (size_t)r.cell_count); /* a private copy: the caller's buffer may change */
    if (check_values(&r, values, 1) < 0 || generic_work_open(&work, &r) < 0)
        goto done;
    uint64_t count;
    Py_BEGIN_ALLOW_THREADS
    count = count_one(&r, &work, values, first);
    Py_END_ALLOW_THREADS
    generic_work_close(&work);
    if (count)
        result = Py_BuildValue("(Ky#)", (unsigned long long)count, (const char *)first, (Py_ssize_t)r.cell_count);
    else
        result = Py_BuildValue("(KO)", (unsigned long long)0, Py_None);
done:
    PyBuffer_Release(&view);
    return result;
}

static PyObject *native_count_many(PyObject *module, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"buffer", "box_width", "box_height", "limit", "generic", NULL};
    Py_buffer view;
    Request r = {0};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*iiL|p:count_many", keywords, &view, &r.box_width,
                                     &r.box_height, &r.limit, &r.generic))
        return NULL;
    PyObject *result = NULL;
    uint8_t *values = NULL;
    uint64_t *counts = NULL;
    GenericWork work = {NULL, NULL};
    if (check_request(&r) < 0)
        goto done;
    if (view.len % r.cell_count) {
        PyErr_Format(PyExc_ValueError, "%zd bytes is not a whole number of %d-cell puzzles", view.len,
                     r.cell_count);
        goto done;
    }
    Py_ssize_t puzzles = view.len / r.cell_count;
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
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < puzzles; i++)
        counts[i] = count_one(&r, &work, values + i * r.cell_count, NULL);
    Py_END_ALLOW_THREADS
    generic_work_close(&work);
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
    PyBuffer_Release(&view);
    return result;
}

static PyMethodDef native_methods[] = {
    {"solve", (PyCFunction)(void (*)(void))native_solve, METH_VARARGS | METH_KEYWORDS,
     "solve(values, box_width, box_height, limit, generic=False) -> (count, solution bytes or None)\n\n"
     "Count the solutions of one puzzle (bytes of cell values, 0 = empty) up to limit; also the first."},
    {"count_many", (PyCFunction)(void (*)(void))native_count_many, METH_VARARGS | METH_KEYWORDS,
     "count_many(buffer, box_width, box_height, limit, generic=False) -> list of counts\n\n"
     "Solution counts, up to limit, of puzzles packed back to back in one bytes buffer."},
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
    PyObject *module = PyModule_Create(&native_module);
    if (!module)
        return NULL;
#ifdef Py_GIL_DISABLED
    PyUnstable_Module_SetGIL(module, Py_MOD_GIL_NOT_USED);
#endif
    if (PyModule_AddIntConstant(module, "MAX_SIDE", NATIVE_MAX_SIDE) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
