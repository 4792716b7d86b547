/* Search and proof bindings of the compiled core (search_module.c, prove_module.c).
 *
 * module.c exposes them with a few lines: two Trie methods that score many
 * boards in one call, and the ClassBound type for branch and bound.
 */
#ifndef BOGGLE_SEARCH_H
#define BOGGLE_SEARCH_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "kernel.h"

/* Ctrl-C in the score_* calls, which let go of the GIL while they score many boards: every
 * BS_POLL_BOARDS boards the loop asks bs_interrupted, which in the main thread (the one that
 * runs signal handlers) takes the GIL back for PyErr_CheckSignals, as the prover's poll does
 * every PV_POLL_PERIOD bounds, and in every thread looks at the call's StopFlag (core.StopFlag:
 * the `stop` argument, parsed with bs_stop_arg, or else the thread's own, use_stop_flag), set
 * when the pool the call runs in is stopped: one pool's stop leaves another's calls going.
 * Example:
 *     PyObject *stop = NULL;
 *     ... PyArg_ParseTuple(args, "...|O&", ..., bs_stop_arg, &stop) ...
 *     bs_released gil;
 *     bs_release(&gil, stop);
 *     for (b = 0; b < count && status == BN_OK; b++) {
 *         ... score board b ...
 *         if (bs_interrupted(&gil, 1)) status = BN_INTERRUPTED;
 *     }
 *     bs_restore(&gil);
 *     ... bs_raise_status(status) when not BN_OK ... */
#define BS_POLL_BOARDS 256 /* boards scored between two looks for a signal */

typedef struct {
    PyThreadState *saved; /* this thread's state while the GIL is given up */
    int polls;            /* the main thread: signal handlers can run here */
    Py_ssize_t since;     /* boards scored since the last look */
    PyObject *stop;       /* the call's StopFlag (a reference held until bs_restore), or NULL */
} bs_released;

/* Gives up the GIL (Py_BEGIN_ALLOW_THREADS) for a loop that calls bs_interrupted, which
 * looks at `stop` (a StopFlag from bs_stop_arg; NULL: the thread's own flag, if any). */
void bs_release(bs_released *gil, PyObject *stop);
/* Takes the GIL back (Py_END_ALLOW_THREADS) and lets go of the call's flag. */
void bs_restore(bs_released *gil);
/* The "O&" converter of a score_* call's optional `stop` argument: a StopFlag (stored in
 * *(PyObject **)out, borrowed) or None (NULL); 0 with a TypeError for anything else. */
int bs_stop_arg(PyObject *obj, void *out);
/* Counts `boards` scored; once BS_POLL_BOARDS have been since the last look, in the main
 * thread, runs Python's signal handlers: 1 when one raised (its exception set, for
 * bs_raise_status(BN_INTERRUPTED) to raise once the GIL is back), else 0. */
int bs_interrupted(bs_released *gil, Py_ssize_t boards);
/* Finds the main thread; called once at import, with the GIL (-1 with an error set). */
int bs_find_main_thread(void);
/* Whether this is the main thread, the one that runs signal handlers. */
int bs_in_main_thread(void);
/* core.use_stop_flag(flag): the StopFlag (None: none) the calling thread's score_* calls
 * carry when not given one; while it (or a parent of it) is set, they stop at their next look
 * (BN_INTERRUPTED: KeyboardInterrupt), as ClassBound.stop() does for its prover. */
PyObject *bs_use_stop_flag(PyObject *module, PyObject *flag);
/* core.thread_stop_flag() -> the calling thread's StopFlag or None. */
PyObject *bs_thread_stop_flag(PyObject *module, PyObject *unused);
/* Adds the StopFlag type to the module; -1 on error. */
int bs_add_stop_flag(PyObject *module);

/* Points per length as an int32 table (PyMem_Free it); returns its last
 * index, or -1 with a Python error set. */
int bs_points_table(PyObject *points_obj, int32_t **out);
/* Trie.score_neighbours(faces, rows, cols, alternatives, min_len, points) -> bytes of int64 */
PyObject *bs_score_neighbours(const bn_trie *trie, PyObject *args);
/* Trie.score_boards(faces, rows, cols, min_len, points) -> bytes of int64 */
PyObject *bs_score_boards(const bn_trie *trie, PyObject *args);
/* Trie.score_open(faces, rows, cols, cell, open_faces, min_len, points) -> bytes of int64:
 * the board with each of open_faces at `cell` (bn_solve_open) */
PyObject *bs_score_open(const bn_trie *trie, PyObject *args);
/* Trie.score_pairs(faces, rows, cols, first, first_faces, last, last_faces, pairs, min_len,
 * points) -> bytes of int64: the board with each pair of faces at `first` and `last`
 * (bn_solve_pairs) */
PyObject *bs_score_pairs(const bn_trie *trie, PyObject *args);
/* A Python exception for a status of the kernel's searches other than BN_OK: MemoryError
 * for BN_NO_MEMORY, ValueError for BN_BAD_INPUT, KeyboardInterrupt (or a signal handler's
 * own exception) for BN_INTERRUPTED, RuntimeError naming any other.  Returns NULL. */
PyObject *bs_raise_status(int status);
/* The same for the prover's statuses (PV_*, prover.h): ValueError for the PV_BAD_* ones. */
PyObject *bs_raise_prove_status(int status);
/* Adds the ClassBound type to the module (prove_module.c); -1 on error. */
int bs_add_types(PyObject *module);

#endif
