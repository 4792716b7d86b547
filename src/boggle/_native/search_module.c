/* Scoring many boards of one shape in one call, for local search.
 *
 * A hill climber spends its time scoring the one-edit neighbours of a board:
 * every cell given every other face, and every two cells with different faces
 * swapped.  score_neighbours builds each neighbour in place in one buffer and
 * scores it with bn_solve, writing the scores into one bytes object of int64,
 * so Python makes no object per neighbour.  Neighbour order (the caller
 * relies on it): for each cell, for each alternative face that differs from
 * the cell's; then for each pair i < j whose faces differ, the swap of i and j.
 */
#include "search.h"

#include <string.h>

int bs_points_table(PyObject *points_obj, int32_t **out) {
    PyObject *seq = PySequence_Fast(points_obj, "points must be a sequence of ints");
    if (!seq) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    int32_t *table = n > 0 ? PyMem_Malloc((size_t)n * sizeof(int32_t)) : NULL;
    if (!table) {
        Py_DECREF(seq);
        if (n > 0) PyErr_NoMemory();
        else PyErr_SetString(PyExc_ValueError, "points table is empty");
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        /* long long: a C long is 32 bits on Windows, where AsLong would raise OverflowError */
        long long v = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if ((v == -1 && PyErr_Occurred()) || v < INT32_MIN || v > INT32_MAX) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "points out of range");
            PyMem_Free(table);
            Py_DECREF(seq);
            return -1;
        }
        table[i] = (int32_t)v;
    }
    Py_DECREF(seq);
    *out = table;
    return (int)(n - 1);
}

static unsigned long main_thread_ident; /* the main thread's ident, found at import */

/* core.StopFlag: one pool's (or one caller's) stop.  The score_* calls that carry it look at
 * it every BS_POLL_BOARDS boards, and at its parent's, and its parent's parent's: a pool
 * opened on another pool's thread stops with that pool too.  Set by one thread, read by the
 * others without the GIL: a volatile int, as PV_POLL_PERIOD's flag of the prover. */
typedef struct StopFlagObject {
    PyObject_HEAD
    volatile int stopped;
    struct StopFlagObject *parent; /* a reference, or NULL */
} StopFlagObject;

static PyTypeObject StopFlagType;

/* The key of a thread's own flag in its thread state's dict (core.use_stop_flag). */
static PyObject *thread_flag_key;

static int flag_stopped(const StopFlagObject *flag) {
    for (; flag; flag = flag->parent)
        if (flag->stopped) return 1;
    return 0;
}

int bs_stop_arg(PyObject *obj, void *out) {
    if (obj != Py_None && !PyObject_TypeCheck(obj, &StopFlagType)) {
        PyErr_Format(PyExc_TypeError, "stop must be a StopFlag or None, not %.80s",
                     Py_TYPE(obj)->tp_name);
        return 0;
    }
    *(PyObject **)out = obj == Py_None ? NULL : obj;
    return 1;
}

/* The calling thread's own flag (core.use_stop_flag), borrowed, or NULL (no error set). */
static PyObject *thread_flag(void) {
    PyObject *dict = PyThreadState_GetDict();
    if (!dict || !thread_flag_key) return NULL;
    PyObject *flag = PyDict_GetItemWithError(dict, thread_flag_key);
    if (!flag) PyErr_Clear();
    return flag && PyObject_TypeCheck(flag, &StopFlagType) ? flag : NULL;
}

static PyObject *StopFlag_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"parent", NULL};
    PyObject *parent = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|O:StopFlag", names, &parent)) return NULL;
    if (parent != Py_None && !PyObject_TypeCheck(parent, &StopFlagType)) {
        PyErr_Format(PyExc_TypeError, "parent must be a StopFlag or None, not %.80s",
                     Py_TYPE(parent)->tp_name);
        return NULL;
    }
    StopFlagObject *self = (StopFlagObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    self->stopped = 0;
    self->parent = parent == Py_None ? NULL : (StopFlagObject *)Py_NewRef(parent);
    return (PyObject *)self;
}

/* Frees the flag, then the parents only it held, in a loop: a chain of a million
 * StopFlag(StopFlag(...)) goes without one C call deep per flag (a stack overflow). */
static void StopFlag_dealloc(StopFlagObject *self) {
    StopFlagObject *parent = self->parent;
    Py_TYPE(self)->tp_free((PyObject *)self);
    while (parent && Py_REFCNT(parent) == 1) {
        StopFlagObject *next = parent->parent; /* its reference, now ours */
        parent->parent = NULL;
        Py_DECREF(parent); /* frees it alone */
        parent = next;
    }
    Py_XDECREF(parent);
}

static PyObject *StopFlag_set(StopFlagObject *self, PyObject *unused) {
    (void)unused;
    self->stopped = 1;
    Py_RETURN_NONE;
}

static PyObject *StopFlag_clear(StopFlagObject *self, PyObject *unused) {
    (void)unused;
    self->stopped = 0;
    Py_RETURN_NONE;
}

static PyObject *StopFlag_is_set(StopFlagObject *self, PyObject *unused) {
    (void)unused;
    return PyBool_FromLong(flag_stopped(self));
}

static PyObject *StopFlag_get_parent(StopFlagObject *self, void *closure) {
    (void)closure;
    return Py_NewRef(self->parent ? (PyObject *)self->parent : Py_None);
}

static PyMethodDef StopFlag_methods[] = {
    {"set", (PyCFunction)StopFlag_set, METH_NOARGS,
     "set(): the score_* calls carrying this flag (or a child of it) stop, KeyboardInterrupt "
     "within a few hundred boards, until clear()"},
    {"clear", (PyCFunction)StopFlag_clear, METH_NOARGS, "clear(): the calls go on scoring"},
    {"is_set", (PyCFunction)StopFlag_is_set, METH_NOARGS,
     "is_set() -> bool: this flag or a parent of it is set"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef StopFlag_getset[] = {
    {"parent", (getter)StopFlag_get_parent, NULL, "the flag whose stop stops this one's calls "
     "too, or None", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject StopFlagType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "boggle._native.core.StopFlag",
    .tp_basicsize = sizeof(StopFlagObject),
    .tp_dealloc = (destructor)StopFlag_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "StopFlag(parent=None): a stop of the score_* calls that carry it (their `stop` "
              "argument, or their thread's flag: use_stop_flag), and of its children's.",
    .tp_methods = StopFlag_methods,
    .tp_getset = StopFlag_getset,
    .tp_new = StopFlag_new,
};

PyObject *bs_use_stop_flag(PyObject *module, PyObject *flag) {
    (void)module;
    if (flag != Py_None && !PyObject_TypeCheck(flag, &StopFlagType)) {
        PyErr_Format(PyExc_TypeError, "use_stop_flag takes a StopFlag or None, not %.80s",
                     Py_TYPE(flag)->tp_name);
        return NULL;
    }
    PyObject *dict = PyThreadState_GetDict();
    if (!dict) {
        PyErr_SetString(PyExc_RuntimeError, "this thread has no state to keep a flag in");
        return NULL;
    }
    if (flag == Py_None) {
        if (PyDict_DelItem(dict, thread_flag_key) < 0) {
            if (!PyErr_ExceptionMatches(PyExc_KeyError)) return NULL;
            PyErr_Clear();
        }
    } else if (PyDict_SetItem(dict, thread_flag_key, flag) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyObject *bs_thread_stop_flag(PyObject *module, PyObject *unused) {
    (void)module;
    (void)unused;
    PyObject *flag = thread_flag();
    if (!flag && PyErr_Occurred()) return NULL;
    return Py_NewRef(flag ? flag : Py_None);
}

int bs_add_stop_flag(PyObject *module) {
    if (!thread_flag_key) /* once a process, should the module's init run again */
        thread_flag_key = PyUnicode_InternFromString("boggle._native.core.stop_flag");
    if (!thread_flag_key || PyType_Ready(&StopFlagType) < 0) return -1;
    Py_INCREF(&StopFlagType);
    if (PyModule_AddObject(module, "StopFlag", (PyObject *)&StopFlagType) < 0) {
        Py_DECREF(&StopFlagType);
        return -1;
    }
    return 0;
}

int bs_find_main_thread(void) {
    /* Without `threading` loaded no thread of it runs, so the importer is the main thread
     * (importing `threading` here would slow every `boggle solve`'s start). */
    main_thread_ident = PyThread_get_thread_ident();
    PyObject *name = PyUnicode_FromString("threading");
    if (!name) return -1;
    PyObject *threading = PyImport_GetModule(name);
    Py_DECREF(name);
    if (!threading) return PyErr_Occurred() ? -1 : 0;
    PyObject *main = PyObject_CallMethod(threading, "main_thread", NULL);
    Py_DECREF(threading);
    if (!main) return -1;
    PyObject *ident = PyObject_GetAttrString(main, "ident");
    Py_DECREF(main);
    if (!ident) return -1;
    main_thread_ident = PyLong_AsUnsignedLong(ident);
    Py_DECREF(ident);
    return PyErr_Occurred() ? -1 : 0;
}

int bs_in_main_thread(void) {
    return PyThread_get_thread_ident() == main_thread_ident;
}

void bs_release(bs_released *gil, PyObject *stop) {
    gil->polls = bs_in_main_thread();
    gil->since = 0;
    gil->stop = Py_XNewRef(stop ? stop : thread_flag());
    gil->saved = PyEval_SaveThread();
}

void bs_restore(bs_released *gil) {
    PyEval_RestoreThread(gil->saved);
    Py_CLEAR(gil->stop);
}

int bs_interrupted(bs_released *gil, Py_ssize_t boards) {
    gil->since += boards;
    if (gil->since < BS_POLL_BOARDS) return 0;
    gil->since = 0;
    if (flag_stopped((const StopFlagObject *)gil->stop)) return 1;
    if (!gil->polls) return 0;
    PyEval_RestoreThread(gil->saved);
    int raised = PyErr_CheckSignals() < 0;
    gil->saved = PyEval_SaveThread();
    return raised;
}

PyObject *bs_raise_status(int status) {
    switch (status) {
    case BN_NO_MEMORY:
        return PyErr_NoMemory();
    case BN_BAD_INPUT:
        PyErr_SetString(PyExc_ValueError, "the core's search refused its input: a cell off "
                        "the board, more faces or pairs than it takes, or a face index past "
                        "its cell's faces");
        return NULL;
    case BN_INTERRUPTED:
        /* the poll that stopped the loop has set the signal handler's exception */
        if (!PyErr_Occurred() && PyErr_CheckSignals() == 0)
            PyErr_SetNone(PyExc_KeyboardInterrupt);
        return NULL;
    default:
        PyErr_Format(PyExc_RuntimeError, "the core's search failed with status %d", status);
        return NULL;
    }
}

static int same_face(const uint8_t *a, const uint8_t *b) {
    return memcmp(a, b, BN_FACE_MAX) == 0;
}

/* Number of neighbours score_neighbours writes for this board. */
static Py_ssize_t count_neighbours(const uint8_t *faces, int n, const uint8_t *alts, int n_alts) {
    Py_ssize_t count = 0;
    for (int c = 0; c < n; c++)
        for (int a = 0; a < n_alts; a++)
            count += !same_face(&faces[c * BN_FACE_MAX], &alts[a * BN_FACE_MAX]);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            count += !same_face(&faces[i * BN_FACE_MAX], &faces[j * BN_FACE_MAX]);
    return count;
}

static void put_face(uint8_t *board, int cell, const uint8_t *face) {
    memcpy(&board[cell * BN_FACE_MAX], face, BN_FACE_MAX);
}

/* Scores every neighbour into out, polling `gil` for Ctrl-C; returns BN_OK, BN_NO_MEMORY or
 * BN_INTERRUPTED. */
static int neighbour_scores(const bn_trie *trie, bn_scratch *s, const uint8_t *faces, int rows,
                            int cols, const uint8_t *alts, int n_alts, int min_len,
                            const int32_t *points, int max_len, int64_t *out,
                            bs_released *gil) {
    int n = rows * cols;
    size_t size = (size_t)n * BN_FACE_MAX;
    uint8_t *work = malloc(size);
    if (!work) return BN_NO_MEMORY;
    memcpy(work, faces, size);
    bn_board board = {rows, cols, n, work};
    Py_ssize_t k = 0;
    for (int c = 0; c < n; c++) {
        const uint8_t *own = &faces[c * BN_FACE_MAX];
        for (int a = 0; a < n_alts; a++) {
            const uint8_t *alt = &alts[a * BN_FACE_MAX];
            if (same_face(own, alt)) continue;
            put_face(work, c, alt);
            int64_t score = bn_solve(trie, &board, s, min_len, points, max_len);
            if (score == BN_SOLVE_FAILED) { free(work); return BN_NO_MEMORY; }
            out[k++] = score;
            if (bs_interrupted(gil, 1)) { free(work); return BN_INTERRUPTED; }
        }
        put_face(work, c, own);
    }
    for (int i = 0; i < n; i++) {
        for (int j = i + 1; j < n; j++) {
            const uint8_t *fi = &faces[i * BN_FACE_MAX], *fj = &faces[j * BN_FACE_MAX];
            if (same_face(fi, fj)) continue;
            put_face(work, i, fj);
            put_face(work, j, fi);
            int64_t score = bn_solve(trie, &board, s, min_len, points, max_len);
            if (score == BN_SOLVE_FAILED) { free(work); return BN_NO_MEMORY; }
            out[k++] = score;
            if (bs_interrupted(gil, 1)) { free(work); return BN_INTERRUPTED; }
            put_face(work, i, fi);
            put_face(work, j, fj);
        }
    }
    free(work);
    return BN_OK;
}

/* Whether rows x cols is a shape the core takes, `board` holds one board of it and `faces`
 * whole faces (the alternatives of score_neighbours, the open cell's faces of score_open). */
static int board_and_faces_fit(int rows, int cols, const Py_buffer *board, const Py_buffer *faces) {
    return bn_shape_ok(rows, cols, 1024) &&
           board->len == (Py_ssize_t)rows * cols * BN_FACE_MAX && faces->len % BN_FACE_MAX == 0;
}

/* The start the score_* calls share once their arguments are checked: when they do not
 * `fit` the board shape, a ValueError; else the points table read into *points (its longest
 * word into *max_len) and a bytes object for `count` int64 scores (a score of 32 bits could
 * wrap), `s` made ready for `trie`.  NULL (and no scratch to free) with a Python error set;
 * the caller frees *points either way. */
static PyObject *start_scores(const bn_trie *trie, int fit, Py_ssize_t count,
                              PyObject *points_obj, int32_t **points, int *max_len,
                              bn_scratch *s) {
    if (!fit) {
        PyErr_SetString(PyExc_ValueError, "faces do not match the board shape");
        return NULL;
    }
    *max_len = bs_points_table(points_obj, points);
    if (*max_len < 0) return NULL;
    PyObject *scores = PyBytes_FromStringAndSize(NULL, count * (Py_ssize_t)sizeof(int64_t));
    if (scores && bn_scratch_init(s, trie->n_nodes) < 0) {
        Py_CLEAR(scores);
        PyErr_NoMemory();
    }
    return scores;
}

/* The end the score_* calls share once their search has run: `s` freed, and `scores`
 * returned, or NULL with the exception of the search's `status` when not BN_OK. */
static PyObject *finish_scores(PyObject *scores, bn_scratch *s, int status) {
    bn_scratch_free(s);
    if (status != BN_OK) {
        Py_DECREF(scores);
        return bs_raise_status(status);
    }
    return scores;
}

PyObject *bs_score_neighbours(const bn_trie *trie, PyObject *args) {
    Py_buffer faces, alts;
    int rows, cols, min_len;
    PyObject *points_obj;
    PyObject *stop = NULL;
    if (!PyArg_ParseTuple(args, "y*iiy*iO|O&", &faces, &rows, &cols, &alts, &min_len,
                          &points_obj, bs_stop_arg, &stop))
        return NULL;
    PyObject *result = NULL;
    int32_t *points = NULL;
    bn_scratch s;
    int max_len;
    int fit = board_and_faces_fit(rows, cols, &faces, &alts);
    int n_alts = (int)(alts.len / BN_FACE_MAX);
    Py_ssize_t count = fit ? count_neighbours(faces.buf, rows * cols, alts.buf, n_alts) : 0;
    result = start_scores(trie, fit, count, points_obj, &points, &max_len, &s);
    if (!result) goto done;
    int64_t *out = (int64_t *)PyBytes_AS_STRING(result);
    bs_released gil;
    bs_release(&gil, stop);
    int status = neighbour_scores(trie, &s, faces.buf, rows, cols, alts.buf, n_alts, min_len,
                                  points, max_len, out, &gil);
    bs_restore(&gil);
    result = finish_scores(result, &s, status);
done:
    PyMem_Free(points);
    PyBuffer_Release(&faces);
    PyBuffer_Release(&alts);
    return result;
}

PyObject *bs_score_boards(const bn_trie *trie, PyObject *args) {
    Py_buffer faces;
    int rows, cols, min_len;
    PyObject *points_obj;
    PyObject *stop = NULL;
    if (!PyArg_ParseTuple(args, "y*iiiO|O&", &faces, &rows, &cols, &min_len, &points_obj,
                          bs_stop_arg, &stop))
        return NULL;
    PyObject *result = NULL;
    int32_t *points = NULL;
    bn_scratch s;
    int max_len;
    Py_ssize_t size = 0;
    int fit = bn_shape_ok(rows, cols, 1024) &&
              faces.len % (size = (Py_ssize_t)rows * cols * BN_FACE_MAX) == 0;
    Py_ssize_t count = fit ? faces.len / size : 0;
    result = start_scores(trie, fit, count, points_obj, &points, &max_len, &s);
    if (!result) goto done;
    int status = BN_OK;
    int64_t *out = (int64_t *)PyBytes_AS_STRING(result);
    bs_released gil;
    bs_release(&gil, stop);
    for (Py_ssize_t b = 0; b < count && status == BN_OK; b++) {
        bn_board board = {rows, cols, rows * cols, (const uint8_t *)faces.buf + b * size};
        int64_t score = bn_solve(trie, &board, &s, min_len, points, max_len);
        /* only the sentinel is a failure: a score below zero is a score (negative points) */
        if (score == BN_SOLVE_FAILED) status = BN_NO_MEMORY;
        else if (bs_interrupted(&gil, 1)) status = BN_INTERRUPTED;
        out[b] = score;
    }
    bs_restore(&gil);
    result = finish_scores(result, &s, status);
done:
    PyMem_Free(points);
    PyBuffer_Release(&faces);
    return result;
}

PyObject *bs_score_open(const bn_trie *trie, PyObject *args) {
    Py_buffer faces, open_faces;
    int rows, cols, open, min_len;
    PyObject *points_obj;
    PyObject *stop = NULL;
    if (!PyArg_ParseTuple(args, "y*iiiy*iO|O&", &faces, &rows, &cols, &open, &open_faces,
                          &min_len, &points_obj, bs_stop_arg, &stop))
        return NULL;
    PyObject *result = NULL;
    int32_t *points = NULL;
    bn_scratch s;
    int max_len;
    int fit = board_and_faces_fit(rows, cols, &faces, &open_faces);
    if (fit && (open < 0 || open >= rows * cols)) {
        PyErr_SetString(PyExc_ValueError, "the open cell is not on the board");
        goto done;
    }
    Py_ssize_t count = open_faces.len / BN_FACE_MAX;
    result = start_scores(trie, fit, count, points_obj, &points, &max_len, &s);
    if (!result) goto done;
    int status = BN_OK;
    int64_t *out = (int64_t *)PyBytes_AS_STRING(result);
    bn_board board = {rows, cols, rows * cols, faces.buf};
    bs_released gil;
    bs_release(&gil, stop);
    /* at most BN_OPEN_MAX_FACES faces a search */
    for (Py_ssize_t at = 0; at < count && status == BN_OK; at += BN_OPEN_MAX_FACES) {
        int some = count - at < BN_OPEN_MAX_FACES ? (int)(count - at) : BN_OPEN_MAX_FACES;
        status = bn_solve_open(trie, &board, open, (const uint8_t *)open_faces.buf +
                               at * BN_FACE_MAX, some, &s, min_len, points, max_len, out + at);
        if (status == BN_OK && bs_interrupted(&gil, some)) status = BN_INTERRUPTED;
    }
    bs_restore(&gil);
    result = finish_scores(result, &s, status);
done:
    PyMem_Free(points);
    PyBuffer_Release(&faces);
    PyBuffer_Release(&open_faces);
    return result;
}

PyObject *bs_score_pairs(const bn_trie *trie, PyObject *args) {
    Py_buffer faces, first_faces, last_faces, pairs;
    int rows, cols, first, last, min_len;
    PyObject *points_obj;
    PyObject *stop = NULL;
    if (!PyArg_ParseTuple(args, "y*iiiy*iy*y*iO|O&", &faces, &rows, &cols, &first,
                          &first_faces, &last, &last_faces, &pairs, &min_len, &points_obj,
                          bs_stop_arg, &stop))
        return NULL;
    PyObject *result = NULL;
    int32_t *points = NULL;
    bn_scratch s;
    int max_len;
    int fit = board_and_faces_fit(rows, cols, &faces, &first_faces) &&
              last_faces.len % BN_FACE_MAX == 0 && pairs.len % 2 == 0;
    const Py_ssize_t n_first = first_faces.len / BN_FACE_MAX, n_last = last_faces.len / BN_FACE_MAX;
    const uint8_t *pair = pairs.buf;
    Py_ssize_t count = pairs.len / 2;
    if (fit) {
        const char *wrong = NULL;
        if (first < 0 || first >= rows * cols || last < 0 || last >= rows * cols || first == last)
            wrong = "the open cells are not two cells of the board";
        else if (n_first > BN_OPEN_MAX_FACES || n_last > BN_OPEN_MAX_FACES)
            wrong = "more than 32 faces at an open cell";
        for (Py_ssize_t j = 0; j < count && !wrong; j++)
            if (pair[2 * j] >= n_first || pair[2 * j + 1] >= n_last)
                wrong = "a pair names a face past its cell's faces";
        if (wrong) {
            PyErr_SetString(PyExc_ValueError, wrong);
            goto done;
        }
    }
    result = start_scores(trie, fit, count, points_obj, &points, &max_len, &s);
    if (!result) goto done;
    int status = BN_OK;
    int64_t *out = (int64_t *)PyBytes_AS_STRING(result);
    bn_board board = {rows, cols, rows * cols, faces.buf};
    bs_released gil;
    bs_release(&gil, stop);
    /* at most BN_PAIRS_MAX pairs a search */
    for (Py_ssize_t at = 0; at < count && status == BN_OK; at += BN_PAIRS_MAX) {
        int some = count - at < BN_PAIRS_MAX ? (int)(count - at) : BN_PAIRS_MAX;
        status = bn_solve_pairs(trie, &board, first, first_faces.buf, (int)n_first, last,
                                last_faces.buf, (int)n_last, pair + 2 * at, some, &s, min_len,
                                points, max_len, out + at);
        if (status == BN_OK && bs_interrupted(&gil, some)) status = BN_INTERRUPTED;
    }
    bs_restore(&gil);
    result = finish_scores(result, &s, status);
done:
    PyMem_Free(points);
    PyBuffer_Release(&faces);
    PyBuffer_Release(&first_faces);
    PyBuffer_Release(&last_faces);
    PyBuffer_Release(&pairs);
    return result;
}
