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

/* Working memory of the generic engine, allocated once per call. */
typedef struct {
    GenericTables *tables;
    GenericState *stack;
} GenericWork;

/* Check the shape and limit (and fill side, cell_count, generic); -1 with a ValueError if wrong. */
int check_request(Request *r);
/* Check that every value of `count` puzzles is in 0..side; -1 with a ValueError naming the place if not. */
int check_values(const Request *r, const uint8_t *values, Py_ssize_t count);
int generic_work_open(GenericWork *work, const Request *r);
void generic_work_close(GenericWork *work);
/* Count the solutions of one puzzle up to r->limit with the engine `r` asks for (GIL released). */
uint64_t count_one(const Request *r, GenericWork *work, Watch *watch, const uint8_t *values, uint8_t *first);

#endif
