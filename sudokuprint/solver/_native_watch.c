/* The watch and the request checks of sudokuprint.solver._native (see _native_watch.h). */
#include "_native_watch.h"

#include <time.h>
#if defined(_WIN32)
#include <windows.h>
#endif

static double monotonic_seconds(void)
{
#if defined(_WIN32)
    return (double)GetTickCount64() / 1000.0;
#else
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
#endif
}

/* The engines' check: non-zero to stop (the reason is kept in the watch). */
static int watch_check(void *context)
{
    Watch *w = context;
    if (w->stop && *w->stop) {
        w->reason = STOP_FLAG;
        return 1;
    }
    double now = monotonic_seconds();
    if (w->deadline > 0 && now >= w->deadline) {
        w->reason = OUT_OF_TIME;
        return 1;
    }
    if (now >= w->next_signals) {
        w->next_signals = now + SIGNAL_INTERVAL;
        PyEval_RestoreThread(w->thread);
        int failed = PyErr_CheckSignals(); /* runs Python's handlers (main thread only) */
        w->thread = PyEval_SaveThread();
        if (failed) {
            w->reason = SIGNAL;
            return 1;
        }
    }
    return 0;
}

/* Get the stop flag's buffer (if any) and set up the budget; -1 with an exception on a bad flag. */
int watch_open(Watch *w, const Request *r)
{
    memset(w, 0, sizeof *w);
    if (r->stop && r->stop != Py_None) {
        if (PyObject_GetBuffer(r->stop, &w->stop_view, PyBUF_WRITABLE) < 0)
            return -1;
        if (w->stop_view.len < 1) {
            PyBuffer_Release(&w->stop_view);
            PyErr_SetString(PyExc_ValueError, "stop must be a writable buffer of at least one byte");
            return -1;
        }
        w->stop = w->stop_view.buf;
    }
    w->budget.check_every = CHECK_EVERY;
    w->budget.check = watch_check;
    w->budget.context = w;
    w->next_signals = monotonic_seconds() + SIGNAL_INTERVAL;
    return 0;
}

/* Start timing one puzzle. */
void watch_start(Watch *w, const Request *r)
{
    if (r->time_limit > 0)
        w->deadline = monotonic_seconds() + r->time_limit;
}

/* After the GIL is back: NULL with the right exception when the search was stopped. */
int watch_close(Watch *w)
{
    if (w->stop)
        PyBuffer_Release(&w->stop_view);
    switch (w->reason) {
    case OUT_OF_TIME:
        PyErr_SetString(PyExc_TimeoutError, "time limit reached");
        return -1;
    case STOP_FLAG:
        PyErr_SetString(PyExc_InterruptedError, "stopped on request");
        return -1;
    case SIGNAL:
        return -1; /* the handler's exception is set */
    }
    return 0;
}

/* Check the shape and limit; on an error set a ValueError and return -1. */
int check_request(Request *r)
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
    if (!(r->time_limit >= 0)) {
        PyErr_SetString(PyExc_ValueError, "time_limit must be 0 (none) or a positive number of seconds");
        return -1;
    }
    r->side = r->box_width * r->box_height;
    r->cell_count = r->side * r->side;
    r->generic = r->generic || r->side != 9 || r->box_width != 3;
    return 0;
}

/* Check that every value of `count` puzzles is in 0..side; ValueError naming the place if not. */
int check_values(const Request *r, const uint8_t *values, Py_ssize_t count)
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


int generic_work_open(GenericWork *work, const Request *r)
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

void generic_work_close(GenericWork *work)
{
    PyMem_RawFree(work->tables);
    PyMem_RawFree(work->stack);
}

uint64_t count_one(const Request *r, GenericWork *work, Watch *watch, const uint8_t *values, uint8_t *first)
{
    uint64_t limit = (uint64_t)r->limit;
    watch_start(watch, r);
    if (r->generic)
        return generic_solve(work->tables, work->stack, values, limit, first, &watch->budget);
    return solve9(values, limit, first, &watch->budget);
}
