/* The watch of sudokuprint.solver._native (see _native_watch.h). */
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
