/* The watch of sudokuprint.solver._native: a deadline, a stop flag and
 * signals behind the engines' Budget (see _native.c for the contract).
 * Request is one call's checked arguments. */
#ifndef SUDOKUPRINT_NATIVE_WATCH_H
#define SUDOKUPRINT_NATIVE_WATCH_H

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
    double time_limit;
    PyObject *stop;
} Request;

#define SIGNAL_INTERVAL 0.02 /* seconds between looks at pending signals */
#define CHECK_EVERY 256      /* guesses between two looks at the watch */

enum { GO_ON, OUT_OF_TIME, STOP_FLAG, SIGNAL };

typedef struct {
    PyThreadState *thread; /* saved while the GIL is released */
    double deadline;       /* monotonic seconds, 0 for none */
    double next_signals;
    const volatile uint8_t *stop;
    int reason;
    Py_buffer stop_view;
    Budget budget;
} Watch;

/* Get the stop flag's buffer (if any) and set up the budget; -1 with an exception on a bad flag. */
int watch_open(Watch *w, const Request *r);
/* Start timing one puzzle. */
void watch_start(Watch *w, const Request *r);
/* After the GIL is back: -1 with the right exception when the search was stopped. */
int watch_close(Watch *w);

#endif
