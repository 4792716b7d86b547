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
