/* The ClassBound type: the prover (prover.h, plain C) bound for Python.
 *
 * A ClassBound holds one compiled word list, read-only once built, and a few provers (each
 * with its arena, kept trees and buffers).  A call takes an idle prover (or makes one),
 * lets go of the GIL while the class is worked on and gives the prover back, so calls on
 * several threads run at once, each with its own prover, all sharing the word list.
 * Ctrl-C: in the main thread the prover's poll takes the GIL back every PV_POLL_PERIOD
 * bounds to run Python's signal handlers (KeyboardInterrupt, a timer's exception); on other
 * threads, stop() sets the flag every running call looks at, and they raise
 * KeyboardInterrupt.
 */
#include "search.h"

#include "prover.h"

#include <string.h>

typedef struct {
    PyObject_HEAD
    pv_words words;
    int ready;          /* words built */
    int busy;           /* calls running without the GIL: a new __init__ is refused */
    volatile int stop;  /* stop(): running calls stop and raise KeyboardInterrupt */
    pv_prover **idle;   /* provers waiting for a call */
    size_t n_idle, idle_cap;
} BoundObject;

/* An idle prover, or a new one; NULL with MemoryError set. */
static pv_prover *take_prover(BoundObject *self) {
    if (self->n_idle) return self->idle[--self->n_idle];
    pv_prover *prover = pv_prover_new();
    if (!prover) PyErr_NoMemory();
    return prover;
}

#define IDLE_FIRST 4 /* idle provers made room for at first */

/* Back to the idle ones (freed when there is no room to keep it). */
static void give_back(BoundObject *self, pv_prover *prover) {
    if (self->n_idle == self->idle_cap) {
        size_t cap = self->idle_cap ? self->idle_cap * 2 : IDLE_FIRST;
        pv_prover **more = PyMem_Realloc(self->idle, cap * sizeof *more);
        if (!more) {
            pv_prover_free(prover);
            return;
        }
        self->idle = more;
        self->idle_cap = cap;
    }
    self->idle[self->n_idle++] = prover;
}

static void forget_provers(BoundObject *self) {
    while (self->n_idle) pv_prover_free(self->idle[--self->n_idle]);
    PyMem_Free(self->idle);
    self->idle = NULL;
    self->idle_cap = 0;
}

PyObject *bs_raise_prove_status(int status) {
    if (PyErr_Occurred()) return NULL; /* a signal handler's own exception */
    switch (status) {
    case PV_NO_MEMORY:
        return PyErr_NoMemory();
    case PV_INTERRUPTED:
        PyErr_SetNone(PyExc_KeyboardInterrupt);
        return NULL;
    case PV_BAD_WORDS: case PV_BAD_POINTS: case PV_BAD_FACES: case PV_BAD_SHAPE:
    case PV_BAD_CLASS: case PV_BAD_ORDER:
        PyErr_SetString(PyExc_ValueError, pv_status_text(status));
        return NULL;
    default:
        PyErr_Format(PyExc_RuntimeError, "the prover failed with status %d", status);
        return NULL;
    }
}


/* The GIL, given up while a class is worked on and taken back now and then by poll. */
typedef struct {
    PyThreadState *saved;
} released;

/* pv_stop's poll in the main thread: Python's signal handlers run (Ctrl-C, timers). */
static int poll_signals(void *data) {
    released *gil = data;
    PyEval_RestoreThread(gil->saved);
    int raised = PyErr_CheckSignals() < 0;
    gil->saved = PyEval_SaveThread();
    return raised;
}

/* A class from Python: masks (uint32 per cell) of a rows x cols board and, when `order` is
 * not NULL, its split order (a byte per cell); -1 with ValueError set when they are not
 * one. */
typedef struct {
    int rows, cols;
    uint32_t faces[PV_MAX_CELLS];
    uint8_t order[PV_MAX_CELLS];
} class_args;

static int read_class(BoundObject *self, class_args *out, const Py_buffer *masks, int rows,
                      int cols, const Py_buffer *order) {
    int status = PV_OK;
    /* the shape is checked before rows * cols is formed: no overflow whatever is passed */
    if (!bn_shape_ok(rows, cols, PV_MAX_CELLS) ||
        masks->len != (Py_ssize_t)rows * cols * (Py_ssize_t)sizeof(uint32_t))
        status = PV_BAD_SHAPE;
    else if (order && order->len != (Py_ssize_t)rows * cols)
        status = PV_BAD_ORDER;
    if (status == PV_OK) {
        out->rows = rows;
        out->cols = cols;
        memcpy(out->faces, masks->buf, (size_t)masks->len);
        if (order) memcpy(out->order, order->buf, (size_t)order->len);
        status = pv_check_class(&self->words, rows, cols, out->faces, order ? out->order : NULL);
    }
    if (status != PV_OK) {
        bs_raise_prove_status(status);
        return -1;
    }
    return 0;
}

static int check_ready(BoundObject *self) {
    if (self->ready) return 0;
    PyErr_SetString(PyExc_RuntimeError, "ClassBound was not initialised");
    return -1;
}

static PyObject *Bound_bound(BoundObject *self, PyObject *args) {
    Py_buffer masks;
    int rows, cols;
    if (check_ready(self) < 0 || !PyArg_ParseTuple(args, "y*ii", &masks, &rows, &cols))
        return NULL;
    class_args c;
    int64_t bound = 0;
    int status = read_class(self, &c, &masks, rows, cols, NULL);
    PyBuffer_Release(&masks);
    if (status < 0) return NULL;
    status = pv_max_bound(&self->words, c.rows, c.cols, c.faces, &bound);
    return status == PV_OK ? PyLong_FromLongLong(bound) : bs_raise_prove_status(status);
}

/* What a call without the GIL does: the search or the tree bound of class c. */
typedef struct {
    const class_args *c;
    const pv_search_options *options; /* NULL: the tree bound alone */
    size_t max_class_bytes;           /* the search's cap (pv_class_search), 0: none */
    pv_search_result result;
    int64_t bound;
} class_job;

/* Runs job on a prover without the GIL; the status, with a Python error set when not PV_OK. */
static int run_released(BoundObject *self, class_job *job) {
    int main_thread = bs_in_main_thread();
    if (self->stop) {
        bs_raise_prove_status(PV_INTERRUPTED);
        return PV_INTERRUPTED;
    }
    pv_prover *prover = take_prover(self);
    if (!prover) return PV_NO_MEMORY;
    self->busy++;
    released gil;
    pv_stop stop = {&self->stop, main_thread ? poll_signals : NULL, &gil};
    const class_args *c = job->c;
    int status;
    gil.saved = PyEval_SaveThread();
    if (job->options)
        status = pv_class_search(prover, &self->words, c->rows, c->cols, c->faces, c->order,
                                 job->options, job->max_class_bytes, &stop, &job->result);
    else
        status = pv_tree_bound(prover, &self->words, c->rows, c->cols, c->faces, c->order,
                               &job->bound);
    PyEval_RestoreThread(gil.saved);
    self->busy--;
    give_back(self, prover);
    if (status != PV_OK) bs_raise_prove_status(status);
    return status;
}

/* tree_bound(masks, rows, cols, order) -> the bound of the class's orderly tree. */
static PyObject *Bound_tree_bound(BoundObject *self, PyObject *args) {
    Py_buffer masks, order;
    int rows, cols;
    if (check_ready(self) < 0 ||
        !PyArg_ParseTuple(args, "y*iiy*", &masks, &rows, &cols, &order))
        return NULL;
    class_args c;
    int status = read_class(self, &c, &masks, rows, cols, &order);
    PyBuffer_Release(&masks);
    PyBuffer_Release(&order);
    if (status < 0) return NULL;
    class_job job = {&c, NULL, 0, {0}, 0};
    if (run_released(self, &job) != PV_OK) return NULL;
    return PyLong_FromLongLong(job.bound);
}

/* class_records(masks, rows, cols) -> the records of the class's tree, counted (the
 * estimate tree_search's max_class_bytes is held to). */
static PyObject *Bound_class_records(BoundObject *self, PyObject *args) {
    Py_buffer masks;
    int rows, cols;
    if (check_ready(self) < 0 || !PyArg_ParseTuple(args, "y*ii", &masks, &rows, &cols))
        return NULL;
    class_args c;
    int status = read_class(self, &c, &masks, rows, cols, NULL);
    PyBuffer_Release(&masks);
    if (status < 0) return NULL;
    uint64_t records = 0;
    Py_BEGIN_ALLOW_THREADS
    status = pv_class_records(&self->words, c.rows, c.cols, c.faces, NULL, &records, NULL);
    Py_END_ALLOW_THREADS
    return status == PV_OK ? PyLong_FromUnsignedLongLong(records) : bs_raise_prove_status(status);
}

/* tree_search(masks, rows, cols, above, order[, switch_bound, walk_cells, max_bytes,
 * score_boards, max_class_bytes, symmetric]) -> (boards, bounds computed, root bound). */
static PyObject *Bound_tree_search(BoundObject *self, PyObject *args) {
    Py_buffer masks, order;
    int rows, cols;
    long long above;
    PyObject *switch_obj = Py_None;
    int walk_cells = 0;
    Py_ssize_t max_bytes = 0;
    int score_boards = 0;
    Py_ssize_t max_class_bytes = 0;
    int symmetric = 0;
    if (check_ready(self) < 0 ||
        !PyArg_ParseTuple(args, "y*iiLy*|Oinpnp", &masks, &rows, &cols, &above, &order,
                          &switch_obj, &walk_cells, &max_bytes, &score_boards,
                          &max_class_bytes, &symmetric))
        return NULL;
    class_args c;
    int status = read_class(self, &c, &masks, rows, cols, &order);
    PyBuffer_Release(&masks);
    PyBuffer_Release(&order);
    if (status < 0) return NULL;
    pv_search_options options = {above, switch_obj == Py_None, 0, walk_cells,
                                 max_bytes > 0 ? (size_t)max_bytes : 0, score_boards,
                                 symmetric};
    if (switch_obj != Py_None) {
        options.switch_bound = PyLong_AsLongLong(switch_obj);
        if (options.switch_bound == -1 && PyErr_Occurred()) return NULL;
    }
    class_job job = {&c, &options, max_class_bytes > 0 ? (size_t)max_class_bytes : 0, {0}, 0};
    PyObject *result = NULL;
    if (run_released(self, &job) == PV_OK)
        result = Py_BuildValue("y#KL", job.result.boards ? (const char *)job.result.boards : "",
                               (Py_ssize_t)job.result.len,
                               (unsigned long long)job.result.bounds,
                               (long long)job.result.root_bound);
    pv_search_result_free(&job.result);
    return result;
}

/* stop(flag=True): calls running now or later stop (KeyboardInterrupt) until stop(False). */
static PyObject *Bound_stop(BoundObject *self, PyObject *args) {
    int flag = 1;
    if (!PyArg_ParseTuple(args, "|p", &flag)) return NULL;
    self->stop = flag;
    Py_RETURN_NONE;
}

static void Bound_dealloc(BoundObject *self) {
    if (self->ready) pv_words_free(&self->words);
    forget_provers(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* ClassBound(letters, offsets, min_len, points, face_letters[, word_points]): words sorted
 * in letter-index order as for Trie; face_letters: 4 letter indices per face id;
 * word_points: each word's points as native int32 (default: by its
 * length, from `points`). */
static int Bound_init(BoundObject *self, PyObject *args, PyObject *kwargs) {
    (void)kwargs;
    Py_buffer letters, offsets, faces, word_points = {0};
    int min_len;
    PyObject *points_obj;
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "ClassBound is in use by another thread");
        return -1;
    }
    if (!PyArg_ParseTuple(args, "y*y*iOy*|y*", &letters, &offsets, &min_len, &points_obj, &faces,
                          &word_points))
        return -1;
    int status = -1;
    PyObject *seq = PySequence_Fast(points_obj, "points must be a sequence of ints");
    int32_t points[PV_MAX_POINTS] = {0};
    if (!seq) goto done;
    Py_ssize_t n_points = PySequence_Fast_GET_SIZE(seq);
    if (n_points < 1 || n_points > PV_MAX_POINTS || faces.len % BN_FACE_MAX ||
        faces.len / BN_FACE_MAX > PV_MAX_FACES || offsets.len % 4 || offsets.len < 4 ||
        (word_points.buf && word_points.len != offsets.len - 4)) {
        PyErr_SetString(PyExc_ValueError, "bad points, faces, offsets or word points");
        Py_DECREF(seq);
        goto done;
    }
    for (Py_ssize_t i = 0; i < n_points && !PyErr_Occurred(); i++) {
        long long v = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(seq, i)); /* 64 bits on Windows too */
        if (!PyErr_Occurred() && (v < INT32_MIN || v > INT32_MAX))
            PyErr_SetString(PyExc_ValueError, "points out of range");
        points[i] = (int32_t)v;
    }
    Py_DECREF(seq);
    if (PyErr_Occurred()) goto done;
    if (self->ready) pv_words_free(&self->words);
    forget_provers(self); /* their kept trees are of the old words */
    self->ready = 0;
    int built = pv_words_build(&self->words, letters.buf, (size_t)letters.len, offsets.buf,
                               (uint32_t)(offsets.len / 4 - 1), word_points.buf, min_len, points,
                               (int)n_points, faces.buf, (int)(faces.len / BN_FACE_MAX));
    if (built != PV_OK) {
        bs_raise_prove_status(built);
        goto done;
    }
    self->ready = 1;
    status = 0;
done:
    PyBuffer_Release(&letters);
    PyBuffer_Release(&offsets);
    PyBuffer_Release(&faces);
    if (word_points.buf) PyBuffer_Release(&word_points);
    return status;
}

static PyMethodDef Bound_methods[] = {
    {"bound", (PyCFunction)Bound_bound, METH_VARARGS,
     "bound(masks, rows, cols) -> the class's max bound"},
    {"tree_bound", (PyCFunction)Bound_tree_bound, METH_VARARGS,
     "tree_bound(masks, rows, cols, order) -> the bound of the class's orderly tree"},
    {"tree_search", (PyCFunction)Bound_tree_search, METH_VARARGS,
     "tree_search(masks, rows, cols, above, order[, switch_bound, walk_cells, max_bytes, "
     "score_boards, max_class_bytes, symmetric]) -> (boards, classes, root bound); cells are forced by merging while a "
     "tree's bound is above switch_bound (None: always) and more than walk_cells cells are "
     "left, then by walking the tree; with max_bytes > 0 the search stops once the boards "
     "would pass it; with score_boards, a board whose bound passes is solved as it is found "
     "and kept only when it scores more than above; with max_class_bytes > 0, a class whose "
     "work would take more (class_records x bytes_per_record(cells, walk_cells)) is split into parts searched "
     "one after the other (the same boards); with symmetric, of the boards that are images "
     "of one another under the class's own turns and mirrors only the least (in split "
     "order) is kept, the others cut before their bounds.  Runs without the GIL: calls on "
     "several threads run at once"},
    {"class_records", (PyCFunction)Bound_class_records, METH_VARARGS,
     "class_records(masks, rows, cols) -> the records (paths to a scoring word) of the "
     "class's tree, counted without building it"},
    {"stop", (PyCFunction)Bound_stop, METH_VARARGS,
     "stop(flag=True): running and later tree searches raise KeyboardInterrupt until "
     "stop(False)"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject BoundType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "boggle._native.core.ClassBound",
    .tp_basicsize = sizeof(BoundObject),
    .tp_dealloc = (destructor)Bound_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A word list compiled for bounds on classes of boards.",
    .tp_methods = Bound_methods,
    .tp_init = (initproc)Bound_init,
    .tp_new = PyType_GenericNew,
};

/* bytes_per_record(cells, walk_cells) -> int: pv_bytes_per_record. */
static PyObject *core_bytes_per_record(PyObject *module, PyObject *args) {
    (void)module;
    int cells, walk_cells;
    if (!PyArg_ParseTuple(args, "ii", &cells, &walk_cells)) return NULL;
    if (cells < 1 || cells > PV_MAX_CELLS || walk_cells < 0) {
        PyErr_SetString(PyExc_ValueError, "bytes_per_record: cells must be 1-64, walk_cells >= 0");
        return NULL;
    }
    return PyLong_FromSize_t(pv_bytes_per_record(cells, walk_cells));
}

static PyMethodDef prove_functions[] = {
    {"bytes_per_record", core_bytes_per_record, METH_VARARGS,
     "bytes_per_record(cells, walk_cells) -> the bytes a record of a class of `cells` cells, "
     "walked from `walk_cells` cells left, is taken to cost against the memory cap "
     "(BYTES_PER_RECORD, or BYTES_PER_RECORD_FEW_FORCED with at most FEW_FORCED cells forced "
     "by merging)"},
    {NULL, NULL, 0, NULL},
};

int bs_add_types(PyObject *module) {
    if (PyType_Ready(&BoundType) < 0) return -1;
    if (PyModule_AddIntConstant(module, "BYTES_PER_RECORD", PV_BYTES_PER_RECORD) < 0) return -1;
    if (PyModule_AddIntConstant(module, "BYTES_PER_RECORD_FEW_FORCED",
                                PV_BYTES_PER_RECORD_FEW_FORCED) < 0 ||
        PyModule_AddIntConstant(module, "FEW_FORCED", PV_FEW_FORCED) < 0 ||
        PyModule_AddFunctions(module, prove_functions) < 0)
        return -1;
    Py_INCREF(&BoundType);
    if (PyModule_AddObject(module, "ClassBound", (PyObject *)&BoundType) < 0) {
        Py_DECREF(&BoundType);
        return -1;
    }
    return 0;
}
