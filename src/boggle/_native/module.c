/* Python binding of the compiled core: the type boggle._native.core.Trie. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "bits.h"
#include "kernel.h"
#include "prover.h"
#include "search.h"

/* Scratches a Trie keeps between calls: one for each thread scoring at once, so threads
 * scoring chunk after chunk never make a fresh one (zeroed memory, page faults) per chunk. */
#define SPARE_SCRATCHES 16

typedef struct {
    PyObject_HEAD
    bn_trie trie;
    bn_faces faces;
    PyObject *words;      /* tuple of str indexed by word id, or bytes-like: UTF-8 words joined
                             by newlines, each made a str the first time a board shows it */
    Py_buffer word_text;  /* bytes-like words, held while the trie lives */
    uint32_t *word_start; /* bytes-like words: where each word starts (n_words + 1 entries) */
    PyObject **word_str;  /* bytes-like words: the str made for each word id so far */
    Py_buffer image;      /* an image the trie reads in place, held while it lives */
    void *image_copy;     /* or the trie's own copy of an image that could not be read in place */
    int viewing;          /* the trie reads an image (not to be given to bn_trie_free) */
    Py_ssize_t n_words;
    bn_scratch spare[SPARE_SCRATCHES]; /* each reused by one call at a time */
    uint8_t spare_ready[SPARE_SCRATCHES];
    uint8_t spare_busy[SPARE_SCRATCHES];
    int max_len;          /* longest word */
    int ready;            /* __init__ has built the trie */
} TrieObject;

/* The trie, or NULL with an exception when __init__ never ran (Trie.__new__ alone). */
static int check_ready(TrieObject *self) {
    if (self->ready) return 1;
    PyErr_SetString(PyExc_ValueError, "this Trie was never built: call Trie(...)");
    return 0;
}

/* Free the strs made from bytes words, and where the words start. */
static void forget_words(TrieObject *self) {
    if (self->word_str) {
        for (Py_ssize_t w = 0; w < self->n_words; w++) Py_XDECREF(self->word_str[w]);
        PyMem_Free(self->word_str);
    }
    PyMem_Free(self->word_start);
    if (self->word_text.obj) PyBuffer_Release(&self->word_text);
    self->word_str = NULL;
    self->word_start = NULL;
    self->n_words = 0;
}

/* Let go of the image a trie reads (its own copy, or the buffer held). */
static void forget_image(TrieObject *self) {
    if (self->image.obj) PyBuffer_Release(&self->image);
    PyMem_Free(self->image_copy);
    self->image_copy = NULL;
    self->viewing = 0;
}

static void Trie_dealloc(TrieObject *self) {
    if (self->viewing)
        forget_image(self);
    else
        bn_trie_free(&self->trie);
    for (int k = 0; k < SPARE_SCRATCHES; k++)
        if (self->spare_ready[k]) bn_scratch_free(&self->spare[k]);
    Py_XDECREF(self->words);
    forget_words(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The number of newlines in text[0, len); with `after`, where each one ends (its index
 * plus one) goes to after[0], after[1], ... in order, `room` at most.  Eight bytes at a
 * time where the compiler offers the bit counts: a megabyte of words is split at every
 * start. */
static size_t newline_ends(const char *text, size_t len, uint32_t *after, size_t room) {
    size_t count = 0, i = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const uint64_t newlines = 0x0a0a0a0a0a0a0a0aULL, low7 = 0x7f7f7f7f7f7f7f7fULL;
    for (; i + 8 <= len; i += 8) {
        uint64_t x;
        memcpy(&x, text + i, 8);
        x ^= newlines;
        uint64_t found = ~(((x & low7) + low7) | x | low7); /* 0x80 in each newline's byte */
        if (!after) {
            count += (size_t)bits_popcount64(found);
            continue;
        }
        for (; found && count < room; found &= found - 1)
            after[count++] = (uint32_t)(i + (size_t)bits_ctz64(found) / 8 + 1);
    }
#endif
    for (; i < len; i++) {
        if (text[i] != '\n') continue;
        if (after && count == room) break;
        if (after) after[count] = (uint32_t)(i + 1);
        count++;
    }
    return count;
}

/* Note the words of a Trie (a tuple, or bytes split here); their number, or -1
 * with an exception. */
static Py_ssize_t split_words(TrieObject *self, PyObject *words) {
    forget_words(self); /* from an earlier __init__ that failed */
    if (PyTuple_Check(words)) {
        for (Py_ssize_t w = 0; w < PyTuple_GET_SIZE(words); w++) {
            if (!PyUnicode_Check(PyTuple_GET_ITEM(words, w))) {
                PyErr_SetString(PyExc_TypeError, "words must be str");
                return -1;
            }
        }
        return PyTuple_GET_SIZE(words);
    }
    if (!PyObject_CheckBuffer(words)) {
        PyErr_SetString(PyExc_TypeError, "words must be a tuple of str or bytes");
        return -1;
    }
    if (PyObject_GetBuffer(words, &self->word_text, PyBUF_SIMPLE) < 0) return -1;
    const char *text = self->word_text.buf;
    Py_ssize_t len = self->word_text.len, n = len > 0;
    if (len >= (Py_ssize_t)UINT32_MAX) {
        PyBuffer_Release(&self->word_text);
        PyErr_SetString(PyExc_ValueError, "too many words");
        return -1;
    }
    n += (Py_ssize_t)newline_ends(text, (size_t)len, NULL, 0);
    uint32_t *start = PyMem_Malloc((size_t)(n + 1) * sizeof(uint32_t));
    PyObject **made = PyMem_Calloc((size_t)(n ? n : 1), sizeof(PyObject *));
    if (!start || !made) {
        PyMem_Free(start);
        PyMem_Free(made);
        PyBuffer_Release(&self->word_text);
        PyErr_NoMemory();
        return -1;
    }
    start[0] = 0;
    /* room for what was counted, should the text change meanwhile (a file mapped in memory) */
    newline_ends(text, (size_t)len, start + 1, n > 0 ? (size_t)(n - 1) : 0);
    start[n] = (uint32_t)len + 1; /* as if a newline ended the last word */
    self->word_start = start;
    self->word_str = made;
    self->n_words = n;
    return n;
}

/* Word `id` as a str (a borrowed reference), or NULL with an exception. */
static PyObject *word_at(TrieObject *self, int32_t id) {
    if (!self->word_str) return PyTuple_GET_ITEM(self->words, id);
    if (!self->word_str[id]) {
        const char *text = (const char *)self->word_text.buf + self->word_start[id];
        Py_ssize_t len = (Py_ssize_t)(self->word_start[id + 1] - self->word_start[id]) - 1;
        self->word_str[id] = PyUnicode_DecodeUTF8(text, len, "strict");
    }
    return self->word_str[id];
}

/* Trie(letters, offsets, alphabet_size, words, char_faces, multi_names, multi_ids,
 *      face_letters)
 *   letters: bytes, the letter codes of every word, concatenated; or, with
 *     offsets None, an image from Trie.image(), checked, then read in place when it is
 *     a read-only buffer aligned to 4 bytes (an mmap of a cache file), else copied
 *   offsets: bytes, n_words + 1 native uint32 offsets into letters, or None
 *   alphabet_size: letter codes are below it (at most 31; ignored for an image)
 *   words: the words in code order, matching the offsets: a tuple of str, or bytes
 *     (any bytes-like object, held) holding them in UTF-8 joined by newlines (a str is
 *     made only for words found)
 *   char_faces: bytes(256), face id of each ASCII byte (255: none)
 *   multi_names: tuple of str, bracketed faces, with multi_ids: bytes of their face ids
 *   face_letters: bytes, 4 letter indices per face id
 */
static int Trie_init(TrieObject *self, PyObject *args, PyObject *kwargs) {
    Py_buffer letters, offsets = {0}, char_faces, multi_ids, face_letters;
    int alphabet_size;
    PyObject *words, *multi_names, *offsets_obj;
    if (kwargs && PyDict_GET_SIZE(kwargs)) {
        PyErr_SetString(PyExc_TypeError, "Trie() takes positional arguments only");
        return -1;
    }
    if (self->ready) {
        PyErr_SetString(PyExc_TypeError, "a Trie is built once: make a new Trie instead");
        return -1;
    }
    if (!PyArg_ParseTuple(args, "y*OiOy*O!y*y*", &letters, &offsets_obj, &alphabet_size, &words,
                          &char_faces, &PyTuple_Type, &multi_names, &multi_ids, &face_letters))
        return -1;
    int status = -1;
    int from_image = offsets_obj == Py_None;
    if (!from_image && PyObject_GetBuffer(offsets_obj, &offsets, PyBUF_SIMPLE) < 0) {
        PyBuffer_Release(&letters);
        PyBuffer_Release(&char_faces);
        PyBuffer_Release(&multi_ids);
        PyBuffer_Release(&face_letters);
        return -1;
    }
    Py_ssize_t n_words = split_words(self, words);
    if (n_words < 0) goto done;
    if (!from_image && offsets.len != (Py_ssize_t)((n_words + 1) * sizeof(uint32_t))) {
        PyErr_SetString(PyExc_ValueError, "offsets do not match the words");
        goto done;
    }
    if (char_faces.len != 256 || face_letters.len % BN_FACE_MAX != 0 ||
        face_letters.len / BN_FACE_MAX > 64 || PyTuple_GET_SIZE(multi_names) > 16 ||
        multi_ids.len != PyTuple_GET_SIZE(multi_names)) {
        PyErr_SetString(PyExc_ValueError, "bad face table");
        goto done;
    }
    const uint32_t *offs = (const uint32_t *)offsets.buf;
    for (Py_ssize_t w = 0; !from_image && w < n_words; w++) {
        if (offs[w + 1] < offs[w] || offs[w + 1] > (uint32_t)letters.len) {
            PyErr_SetString(PyExc_ValueError, "offsets are not increasing");
            goto done;
        }
    }
    const uint8_t *lt = (const uint8_t *)letters.buf;
    memset(&self->faces, 0, sizeof self->faces);
    memcpy(self->faces.face_of_char, char_faces.buf, 256);
    memcpy(self->faces.face_letters, face_letters.buf, (size_t)face_letters.len);
    self->faces.n_multi = (int)PyTuple_GET_SIZE(multi_names);
    for (int m = 0; m < self->faces.n_multi; m++) {
        const char *name = PyUnicode_AsUTF8(PyTuple_GET_ITEM(multi_names, m));
        if (!name || strlen(name) > BN_FACE_MAX) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bad multi-letter face");
            goto done;
        }
        strcpy(self->faces.multi[m], name);
        self->faces.multi_face[m] = ((const uint8_t *)multi_ids.buf)[m];
    }
    int built;
    if (from_image && (letters.readonly == 0 || (uintptr_t)lt % sizeof(uint32_t) != 0)) {
        /* a buffer that may change, or one the nodes cannot be read from: an own copy */
        self->image_copy = PyMem_Malloc(letters.len ? (size_t)letters.len : 1);
        if (!self->image_copy) {
            PyErr_NoMemory();
            goto done;
        }
        memcpy(self->image_copy, lt, (size_t)letters.len);
        lt = self->image_copy;
    }
    Py_BEGIN_ALLOW_THREADS
    if (from_image)
        built = bn_trie_view_image(&self->trie, lt, (size_t)letters.len, (uint32_t)n_words);
    else
        built = bn_trie_build(&self->trie, lt, offs, (uint32_t)n_words, alphabet_size);
    Py_END_ALLOW_THREADS
    if (built == BN_BAD_INPUT) {
        PyErr_SetString(PyExc_ValueError,
                        from_image ? "not a trie image for these words"
                                   : "words must be non-empty, sorted, and use only the "
                                     "alphabet's letters (at most 31)");
        goto done;
    }
    if (built != BN_OK) {
        PyErr_NoMemory();
        goto done;
    }
    if (from_image && !self->image_copy) {
        self->image = letters; /* held, not released below */
        letters.obj = NULL;
    }
    self->viewing = from_image;
    self->max_len = self->trie.longest;
    self->ready = 1;
    Py_INCREF(words);
    Py_XSETREF(self->words, words);
    status = 0;
done:
    if (status < 0) {
        PyMem_Free(self->image_copy);
        self->image_copy = NULL;
    }
    if (letters.obj) PyBuffer_Release(&letters);
    if (!from_image) PyBuffer_Release(&offsets);
    PyBuffer_Release(&char_faces);
    PyBuffer_Release(&multi_ids);
    PyBuffer_Release(&face_letters);
    return status;
}

/* Take a free spare scratch of the Trie (the GIL is held), else make one (*own = 1). */
static int take_scratch(TrieObject *self, bn_scratch **out, int *own) {
    for (int k = 0; k < SPARE_SCRATCHES; k++) {
        if (self->spare_busy[k]) continue;
        if (!self->spare_ready[k]) {
            if (bn_scratch_init(&self->spare[k], self->trie.n_nodes) < 0) return -1;
            self->spare_ready[k] = 1;
        }
        self->spare_busy[k] = 1;
        *out = &self->spare[k];
        *own = 0;
        return 0;
    }
    bn_scratch *s = PyMem_RawMalloc(sizeof(bn_scratch));
    if (!s || bn_scratch_init(s, self->trie.n_nodes) < 0) {
        PyMem_RawFree(s);
        return -1;
    }
    *out = s;
    *own = 1;
    return 0;
}

static void give_scratch(TrieObject *self, bn_scratch *s, int own) {
    if (own) {
        bn_scratch_free(s);
        PyMem_RawFree(s);
    } else {
        s->record = 0;
        self->spare_busy[s - self->spare] = 0;
    }
}

/* The (row, col) tuple of each cell of a rows x cols board, made on first use. */
typedef struct {
    PyObject **cells;
    int cols;
} cell_tuples;

static void free_cell_tuples(cell_tuples *t, int n_cells) {
    if (!t->cells) return;
    for (int c = 0; c < n_cells; c++) Py_XDECREF(t->cells[c]);
    PyMem_Free(t->cells);
}

static PyObject *cell_tuple(cell_tuples *t, int cell) {
    if (!t->cells[cell]) {
        t->cells[cell] = Py_BuildValue("(ii)", cell / t->cols, cell % t->cols);
        if (!t->cells[cell]) return NULL;
        PyObject_GC_UnTrack(t->cells[cell]); /* two ints: never part of a cycle */
    }
    return Py_NewRef(t->cells[cell]);
}

/* The path of found word i as a tuple of (row, col) tuples, untracked by the
 * collector: it holds only tuples of ints, so it can never be part of a cycle,
 * and the collector need not visit a thousand of them per board. */
static PyObject *found_path(const bn_scratch *s, size_t i, cell_tuples *t) {
    int32_t start = s->found_path_start[i], stop = s->found_path_start[i + 1];
    PyObject *path = PyTuple_New(stop - start);
    if (!path) return NULL;
    for (int32_t k = start; k < stop; k++) {
        PyObject *cell = cell_tuple(t, s->found_cells[k]);
        if (!cell) { Py_DECREF(path); return NULL; }
        PyTuple_SET_ITEM(path, k - start, cell);
    }
    PyObject_GC_UnTrack(path);
    return path;
}

static int by_word_id(const void *a, const void *b) {
    int32_t x = ((const int32_t *)a)[0], y = ((const int32_t *)b)[0];
    return (x > y) - (x < y);
}

/* The shared start of solve and solution: check the board, read the points,
 * take a scratch and search.  Returns the score (BN_SOLVE_FAILED with an
 * exception set on failure); the caller gives back *s and frees *points. */
typedef struct {
    bn_scratch *s;
    int own;
    int32_t *points;
    int max_len;
} solve_run;

static int64_t run_solve(TrieObject *self, const Py_buffer *faces, int rows, int cols,
                         int min_len, PyObject *points_obj, int record, solve_run *run) {
    if (!bn_shape_ok(rows, cols, BN_MAX_CELLS) ||
        faces->len != (Py_ssize_t)rows * cols * BN_FACE_MAX) {
        PyErr_SetString(PyExc_ValueError, "faces do not match the board shape");
        return BN_SOLVE_FAILED;
    }
    run->max_len = bs_points_table(points_obj, &run->points);
    if (run->max_len < 0) return BN_SOLVE_FAILED;
    if (take_scratch(self, &run->s, &run->own) < 0) {
        PyErr_NoMemory();
        return BN_SOLVE_FAILED;
    }
    run->s->record = record;
    bn_board board = {rows, cols, rows * cols, (const uint8_t *)faces->buf};
    int64_t score;
    Py_BEGIN_ALLOW_THREADS
    score = bn_solve(&self->trie, &board, run->s, min_len, run->points, run->max_len);
    Py_END_ALLOW_THREADS
    if (score == BN_SOLVE_FAILED) PyErr_NoMemory();
    return score;
}

static void end_solve(TrieObject *self, solve_run *run) {
    if (run->s) give_scratch(self, run->s, run->own);
    PyMem_Free(run->points);
}

/* solve(faces, rows, cols, min_len, points, with_paths, pair_type=tuple)
 * faces: bytes, 4 letter indices per cell.  Returns the score, or with
 * with_paths a list of pair_type(word, ((row, col), ...)) in the order found;
 * pair_type is tuple or a subclass of it with two fields (a named tuple). */
static PyObject *Trie_solve(TrieObject *self, PyObject *args) {
    Py_buffer faces;
    int rows, cols, min_len, with_paths;
    PyObject *points_obj;
    PyTypeObject *pair_type = &PyTuple_Type;
    if (!check_ready(self)) return NULL;
    if (!PyArg_ParseTuple(args, "y*iiiOp|O!", &faces, &rows, &cols, &min_len, &points_obj,
                          &with_paths, &PyType_Type, &pair_type))
        return NULL;
    if (!PyType_IsSubtype(pair_type, &PyTuple_Type)) {
        PyBuffer_Release(&faces);
        PyErr_SetString(PyExc_TypeError, "pair_type must be a tuple type");
        return NULL;
    }
    PyObject *result = NULL;
    solve_run run = {NULL, 0, NULL, 0};
    cell_tuples t = {NULL, cols};
    int64_t score = run_solve(self, &faces, rows, cols, min_len, points_obj, with_paths, &run);
    if (score == BN_SOLVE_FAILED) goto done;
    if (!with_paths) {
        result = PyLong_FromLongLong(score);
        goto done;
    }
    const bn_scratch *s = run.s;
    result = PyList_New((Py_ssize_t)s->n_found);
    if (!result) goto done;
    t.cells = PyMem_Calloc((size_t)rows * cols, sizeof(PyObject *));
    if (!t.cells) {
        Py_CLEAR(result);
        PyErr_NoMemory();
        goto done;
    }
    for (size_t i = 0; i < s->n_found; i++) {
        PyObject *word = word_at(self, s->found_words[i]);
        PyObject *path = word ? found_path(s, i, &t) : NULL;
        PyObject *item = path ? pair_type->tp_alloc(pair_type, 2) : NULL;
        if (!item) { Py_XDECREF(path); Py_CLEAR(result); break; }
        PyTuple_SET_ITEM(item, 0, Py_NewRef(word));
        PyTuple_SET_ITEM(item, 1, path);
        PyList_SET_ITEM(result, (Py_ssize_t)i, item);
    }
done:
    end_solve(self, &run);
    free_cell_tuples(&t, t.cells ? rows * cols : 0); /* cells made: the shape was sound */
    PyBuffer_Release(&faces);
    return result;
}

/* solution(faces, rows, cols, min_len, points, item_type) -> (items, score)
 * Every word on the board once, as item_type(word, path, points) (a tuple type
 * of three fields, e.g. a named tuple), in word-id order (the words' order when
 * the letter codes keep it), with the total score: all a Solution needs, made
 * here so Python does no work per word. */
static PyObject *Trie_solution(TrieObject *self, PyObject *args) {
    Py_buffer faces;
    int rows, cols, min_len;
    PyObject *points_obj;
    PyTypeObject *item_type;
    if (!check_ready(self)) return NULL;
    if (!PyArg_ParseTuple(args, "y*iiiOO!", &faces, &rows, &cols, &min_len, &points_obj,
                          &PyType_Type, &item_type))
        return NULL;
    if (!PyType_IsSubtype(item_type, &PyTuple_Type)) {
        PyBuffer_Release(&faces);
        PyErr_SetString(PyExc_TypeError, "item_type must be a tuple type");
        return NULL;
    }
    PyObject *result = NULL, *items = NULL;
    int32_t *order = NULL;
    solve_run run = {NULL, 0, NULL, 0};
    cell_tuples t = {NULL, cols};
    if (run_solve(self, &faces, rows, cols, min_len, points_obj, 1, &run) == BN_SOLVE_FAILED)
        goto done;
    const bn_scratch *s = run.s;
    size_t n = s->n_found;
    order = PyMem_Malloc((n ? n : 1) * 2 * sizeof(int32_t)); /* pairs: word id, index found */
    t.cells = PyMem_Calloc((size_t)rows * cols, sizeof(PyObject *));
    if (!order || !t.cells) {
        PyErr_NoMemory();
        goto done;
    }
    for (size_t i = 0; i < n; i++) {
        order[2 * i] = s->found_words[i];
        order[2 * i + 1] = (int32_t)i;
    }
    qsort(order, n, 2 * sizeof(int32_t), by_word_id);
    items = PyTuple_New((Py_ssize_t)n);
    if (!items) goto done;
    long long total = 0; /* from the points of the items, so the two always agree */
    for (size_t k = 0; k < n; k++) {
        PyObject *word = word_at(self, order[2 * k]);
        if (!word) { Py_CLEAR(items); goto done; }
        Py_ssize_t length = PyUnicode_GET_LENGTH(word);
        int32_t worth = run.points[length < run.max_len ? length : run.max_len];
        total += worth;
        PyObject *path = found_path(s, (size_t)order[2 * k + 1], &t);
        PyObject *value = path ? PyLong_FromLong(worth) : NULL;
        PyObject *item = value ? item_type->tp_alloc(item_type, 3) : NULL;
        if (!item) {
            Py_XDECREF(path);
            Py_XDECREF(value);
            Py_CLEAR(items);
            goto done;
        }
        PyTuple_SET_ITEM(item, 0, Py_NewRef(word));
        PyTuple_SET_ITEM(item, 1, path);
        PyTuple_SET_ITEM(item, 2, value);
        if (PyObject_IS_GC(item)) PyObject_GC_UnTrack(item); /* a str, a path and an int */
        PyTuple_SET_ITEM(items, (Py_ssize_t)k, item);
    }
    result = Py_BuildValue("(NL)", items, total);
done:
    end_solve(self, &run);
    free_cell_tuples(&t, t.cells ? rows * cols : 0); /* cells made: the shape was sound */
    PyMem_Free(order);
    PyBuffer_Release(&faces);
    return result;
}

/* Whether the board limits a caller gives are ones the parser can count to (a ValueError
 * set if not): checked before they bound any arithmetic. */
static int board_limits_ok(int max_side, int max_cells) {
    if (max_side < 1 || max_cells < 1 || max_cells > BN_MAX_CELLS) {
        PyErr_SetString(PyExc_ValueError, "board limits out of range");
        return 0;
    }
    return 1;
}

/* score_lines(lines, min_len, min_len_large, large_cells, points, max_side, max_cells)
 * Each line is a board in compact ASCII form; its score, or None when the line
 * is not an ASCII board this parser reads (the caller parses it in Python).
 * Boards of large_cells cells or more use min_len_large. */
#define NOT_A_BOARD (INT64_MIN + 1) /* no score can reach it: points are at most 10^6 a word */

static PyObject *Trie_score_lines(TrieObject *self, PyObject *args) {
    PyObject *lines_obj, *points_obj;
    int min_len, min_len_large, large_cells, max_side, max_cells;
    if (!check_ready(self)) return NULL;
    PyObject *stop = NULL;
    if (!PyArg_ParseTuple(args, "OiiiOii|O&", &lines_obj, &min_len, &min_len_large,
                          &large_cells, &points_obj, &max_side, &max_cells, bs_stop_arg, &stop))
        return NULL;
    if (!board_limits_ok(max_side, max_cells)) return NULL;
    PyObject *lines = PySequence_Fast(lines_obj, "lines must be a sequence of str");
    if (!lines) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(lines);
    PyObject *result = NULL;
    int32_t *points = NULL;
    const char **texts = PyMem_Calloc((size_t)(n ? n : 1), sizeof(char *));
    Py_ssize_t *lengths = PyMem_Calloc((size_t)(n ? n : 1), sizeof(Py_ssize_t));
    int64_t *scores = PyMem_Calloc((size_t)(n ? n : 1), sizeof(int64_t));
    bn_scratch *s = NULL;
    int own = 0;
    if (!texts || !lengths || !scores) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *line = PySequence_Fast_GET_ITEM(lines, i);
        if (PyUnicode_Check(line)) {
            texts[i] = PyUnicode_AsUTF8AndSize(line, &lengths[i]);
            if (!texts[i]) goto done;
        } else if (PyBytes_Check(line)) {
            texts[i] = PyBytes_AS_STRING(line);
            lengths[i] = PyBytes_GET_SIZE(line);
        } else {
            PyErr_SetString(PyExc_TypeError, "lines must be str or bytes");
            goto done;
        }
    }
    int max_len = bs_points_table(points_obj, &points);
    if (max_len < 0) goto done;
    if (take_scratch(self, &s, &own) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    int status = BN_OK;
    bs_released gil;
    bs_release(&gil, stop);
    uint8_t *buffer = NULL;
    size_t cap = 0;
    for (Py_ssize_t i = 0; i < n && status == BN_OK; i++) {
        bn_board board;
        if (bn_parse_board(&self->faces, texts[i], (size_t)lengths[i], &buffer, &cap, &board,
                           max_side, max_cells) < 0) {
            scores[i] = NOT_A_BOARD;
            continue;
        }
        int shortest = board.n >= large_cells ? min_len_large : min_len;
        scores[i] = bn_solve(&self->trie, &board, s, shortest, points, max_len);
        if (scores[i] == BN_SOLVE_FAILED) status = BN_NO_MEMORY;
        else if (bs_interrupted(&gil, 1)) status = BN_INTERRUPTED;
    }
    free(buffer);
    bs_restore(&gil);
    if (status != BN_OK) {
        bs_raise_status(status);
        goto done;
    }
    result = PyList_New(n);
    if (!result) goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *v = scores[i] == NOT_A_BOARD ? Py_NewRef(Py_None)
                                               : PyLong_FromLongLong(scores[i]);
        if (!v) { Py_CLEAR(result); goto done; }
        PyList_SET_ITEM(result, i, v);
    }
done:
    if (s) give_scratch(self, s, own);
    PyMem_Free(points);
    PyMem_Free(texts);
    PyMem_Free(lengths);
    PyMem_Free(scores);
    Py_DECREF(lines);
    return result;
}

/* image() -> bytes: the compiled trie as one block, for Trie(image, None, ...). */
static PyObject *Trie_image(TrieObject *self, PyObject *unused) {
    (void)unused;
    if (!check_ready(self)) return NULL;
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)bn_trie_image_size(&self->trie));
    if (out) bn_trie_write_image(&self->trie, (uint8_t *)PyBytes_AS_STRING(out));
    return out;
}

/* Append `len` bytes to a growing buffer; -1 when out of memory. */
static int append(char **buf, size_t *len, size_t *cap, const char *data, size_t n) {
    if (*len + n > *cap) {
        size_t grown = *cap ? *cap : 4096;
        while (grown < *len + n) grown *= 2;
        char *bigger = realloc(*buf, grown);
        if (!bigger) return -1;
        *buf = bigger;
        *cap = grown;
    }
    memcpy(*buf + *len, data, n);
    *len += n;
    return 0;
}

/* score_text(text, min_len, min_len_large, large_cells, points, max_side, max_cells)
 * text: boards in compact ASCII form, one per line ("\n" between lines).
 * Returns (output, holes): output is "LINE SCORE\n" for every line scored, in
 * order, and holes lists (line index, offset in output) for each line this
 * parser does not read, where the caller puts its own answer for that line.
 * No Python object is made per board. */
static PyObject *Trie_score_text(TrieObject *self, PyObject *args) {
    if (!check_ready(self)) return NULL;
    const char *text;
    Py_ssize_t text_len;
    PyObject *points_obj;
    int min_len, min_len_large, large_cells, max_side, max_cells;
    PyObject *stop = NULL;
    if (!PyArg_ParseTuple(args, "s#iiiOii|O&", &text, &text_len, &min_len, &min_len_large,
                          &large_cells, &points_obj, &max_side, &max_cells, bs_stop_arg, &stop))
        return NULL;
    if (!board_limits_ok(max_side, max_cells)) return NULL;
    int32_t *points = NULL;
    int max_len = bs_points_table(points_obj, &points);
    if (max_len < 0) return NULL;
    bn_scratch *s = NULL;
    int own = 0;
    if (take_scratch(self, &s, &own) < 0) {
        PyMem_Free(points);
        return PyErr_NoMemory();
    }
    char *out = NULL;
    size_t out_len = 0, out_cap = 0, n_holes = 0, holes_cap = 0;
    size_t *holes = NULL; /* pairs: line index, output offset */
    int status = BN_OK;
    bs_released gil;
    bs_release(&gil, stop);
    uint8_t *buffer = NULL;
    size_t cap = 0;
    const char *line = text, *end = text + text_len;
    for (size_t index = 0;; index++) { /* every line, the last one too, even if empty */
        const char *stop = memchr(line, '\n', (size_t)(end - line));
        if (!stop) stop = end;
        size_t len = (size_t)(stop - line);
        bn_board board;
        if (bn_parse_board(&self->faces, line, len, &buffer, &cap, &board, max_side,
                           max_cells) < 0) {
            if (n_holes == holes_cap) {
                size_t grown = holes_cap ? holes_cap * 2 : 16;
                size_t *bigger = realloc(holes, grown * 2 * sizeof(size_t));
                if (!bigger) { status = BN_NO_MEMORY; break; }
                holes = bigger;
                holes_cap = grown;
            }
            holes[2 * n_holes] = index;
            holes[2 * n_holes + 1] = out_len;
            n_holes++;
        } else {
            int shortest = board.n >= large_cells ? min_len_large : min_len;
            int64_t score = bn_solve(&self->trie, &board, s, shortest, points, max_len);
            char digits[24];
            int k = (int)sizeof digits;
            uint64_t magnitude = score < 0 ? 0 - (uint64_t)score : (uint64_t)score;
            digits[--k] = '\n';
            do { digits[--k] = (char)('0' + magnitude % 10); magnitude /= 10; } while (magnitude);
            if (score < 0) digits[--k] = '-';
            digits[--k] = ' ';
            if (score == BN_SOLVE_FAILED || append(&out, &out_len, &out_cap, line, len) < 0 ||
                append(&out, &out_len, &out_cap, digits + k, sizeof digits - (size_t)k) < 0) {
                status = BN_NO_MEMORY;
                break;
            }
            if (bs_interrupted(&gil, 1)) {
                status = BN_INTERRUPTED;
                break;
            }
        }
        if (stop == end) break;
        line = stop + 1;
    }
    free(buffer);
    bs_restore(&gil);
    give_scratch(self, s, own);
    PyMem_Free(points);
    PyObject *result = NULL, *output = NULL, *hole_list = NULL;
    if (status != BN_OK) {
        bs_raise_status(status);
        goto done;
    }
    output = PyUnicode_DecodeASCII(out ? out : "", (Py_ssize_t)out_len, "strict");
    hole_list = PyList_New((Py_ssize_t)n_holes);
    if (!output || !hole_list) goto done;
    for (size_t h = 0; h < n_holes; h++) {
        PyObject *pair = Py_BuildValue("(nn)", (Py_ssize_t)holes[2 * h],
                                       (Py_ssize_t)holes[2 * h + 1]);
        if (!pair) goto done;
        PyList_SET_ITEM(hole_list, (Py_ssize_t)h, pair);
    }
    result = PyTuple_Pack(2, output, hole_list);
done:
    Py_XDECREF(output);
    Py_XDECREF(hole_list);
    free(out);
    free(holes);
    return result;
}

static PyObject *Trie_get_nbytes(TrieObject *self, void *closure) {
    (void)closure;
    return PyLong_FromSize_t(bn_trie_bytes(&self->trie));
}

static PyObject *Trie_get_nodes(TrieObject *self, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLong(self->trie.n_nodes);
}

static PyObject *Trie_score_neighbours(TrieObject *self, PyObject *args) {
    return bs_score_neighbours(&self->trie, args);
}

static PyObject *Trie_score_boards(TrieObject *self, PyObject *args) {
    return bs_score_boards(&self->trie, args);
}

static PyObject *Trie_score_open(TrieObject *self, PyObject *args) {
    return bs_score_open(&self->trie, args);
}

static PyObject *Trie_score_pairs(TrieObject *self, PyObject *args) {
    return bs_score_pairs(&self->trie, args);
}

static PyMethodDef Trie_methods[] = {
    {"score_neighbours", (PyCFunction)Trie_score_neighbours, METH_VARARGS,
     "score_neighbours(faces, rows, cols, alternatives, min_len, points[, stop]) -> int64 "
     "bytes"},
    {"score_boards", (PyCFunction)Trie_score_boards, METH_VARARGS,
     "score_boards(faces, rows, cols, min_len, points[, stop]) -> int64 bytes"},
    {"score_open", (PyCFunction)Trie_score_open, METH_VARARGS,
     "score_open(faces, rows, cols, cell, open_faces, min_len, points[, stop]) -> int64 "
     "bytes: the board with each of open_faces at cell"},
    {"score_pairs", (PyCFunction)Trie_score_pairs, METH_VARARGS,
     "score_pairs(faces, rows, cols, first, first_faces, last, last_faces, pairs, min_len, "
     "points[, stop]) -> int64 bytes: the board with first_faces[pairs[2j]] at first and "
     "last_faces[pairs[2j + 1]] at last, for each j"},
    {"solve", (PyCFunction)Trie_solve, METH_VARARGS,
     "solve(faces, rows, cols, min_len, points, with_paths) -> score or [(word, path)]"},
    {"solution", (PyCFunction)Trie_solution, METH_VARARGS,
     "solution(faces, rows, cols, min_len, points, item_type) -> ((item_type(word, path, "
     "points), ...) in word-id order, score)"},
    {"score_text", (PyCFunction)Trie_score_text, METH_VARARGS,
     "score_text(text, min_len, min_len_large, large_cells, points, max_side, max_cells"
     "[, stop]) -> (output, [(line index, output offset)])"},
    {"image", (PyCFunction)Trie_image, METH_NOARGS,
     "image() -> bytes: the compiled trie, to build it again with Trie(image, None, ...)"},
    {"score_lines", (PyCFunction)Trie_score_lines, METH_VARARGS,
     "score_lines(lines, min_len, min_len_large, large_cells, points, max_side, max_cells"
     "[, stop]) -> [score or None]"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Trie_getset[] = {
    {"nbytes", (getter)Trie_get_nbytes, NULL, "bytes used by the compiled trie", NULL},
    {"nodes", (getter)Trie_get_nodes, NULL, "number of trie nodes", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject TrieType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "boggle._native.core.Trie",
    .tp_basicsize = sizeof(TrieObject),
    .tp_dealloc = (destructor)Trie_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A word list compiled for the depth-first solver.",
    .tp_methods = Trie_methods,
    .tp_getset = Trie_getset,
    .tp_init = (initproc)Trie_init,
    .tp_new = PyType_GenericNew,
};

/* checksum(data) -> int: a 64-bit check of a cache entry, several times faster than
 * zlib's CRC-32.  Four lanes take turns over the data's 8-byte words with the round
 * of the published xxHash64 design, state = rotl(state + word * P2, 31) * P1, a
 * bijection of the state and of the word: a change confined to one word always
 * changes the result, and the rotation and products spread each change over the
 * whole state, so changes in several words cancel out only by chance (about 2^-64).
 * Not for adversaries: for truncated, damaged or edited files. */
static inline uint64_t lane_step(uint64_t state, uint64_t word) {
    uint64_t x = state + word * 0xc2b2ae3d27d4eb4fULL;
    return ((x << 31) | (x >> 33)) * 0x9e3779b185ebca87ULL;
}

static uint64_t mix64(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    return x ^ (x >> 33);
}

static PyObject *core_checksum(PyObject *module, PyObject *arg) {
    (void)module;
    Py_buffer data;
    if (PyObject_GetBuffer(arg, &data, PyBUF_SIMPLE) < 0) return NULL;
    uint64_t lane[4] = {1, 2, 3, 4};
    const unsigned char *p = data.buf;
    size_t n = (size_t)data.len, i = 0;
    Py_BEGIN_ALLOW_THREADS
    for (; i + 32 <= n; i += 32) {
        for (int k = 0; k < 4; k++) {
            uint64_t word;
            memcpy(&word, p + i + 8 * (size_t)k, 8);
            lane[k] = lane_step(lane[k], word);
        }
    }
    for (; i < n; i++) lane[i % 4] = lane_step(lane[i % 4], p[i]);
    Py_END_ALLOW_THREADS
    uint64_t h = mix64((uint64_t)n);
    for (int k = 0; k < 4; k++) h = mix64(h ^ mix64(lane[k] + (uint64_t)k));
    PyBuffer_Release(&data);
    return PyLong_FromUnsignedLongLong(h);
}

/* _raise_search_status(status) / _raise_prove_status(status): raise the exception the
 * bindings give for a status of the kernel's searches (BN_*) or of the prover (PV_*), so a
 * test can check the mapping for statuses no call from Python reaches today. */
/* An int status from Python; -1 with an error set when it is not one. */
static int status_of(PyObject *arg) {
    long value = PyLong_AsLong(arg);
    if (value == -1 && PyErr_Occurred()) return -1;
    if (value < INT_MIN || value > INT_MAX) {
        PyErr_SetString(PyExc_OverflowError, "a status is a C int");
        return -1;
    }
    return (int)value;
}

static PyObject *core_raise_search_status(PyObject *module, PyObject *arg) {
    (void)module;
    int status = status_of(arg);
    if (status == -1 && PyErr_Occurred()) return NULL;
    if (status == BN_OK) Py_RETURN_NONE;
    return bs_raise_status(status);
}

static PyObject *core_raise_prove_status(PyObject *module, PyObject *arg) {
    (void)module;
    int status = status_of(arg);
    if (status == -1 && PyErr_Occurred()) return NULL;
    if (status == PV_OK) Py_RETURN_NONE;
    return bs_raise_prove_status(status);
}

static PyMethodDef core_functions[] = {
    {"use_stop_flag", bs_use_stop_flag, METH_O,
     "use_stop_flag(flag): the StopFlag this thread's score_* calls carry when they are given "
     "none (None: no flag); a pool's threads take the pool's"},
    {"thread_stop_flag", bs_thread_stop_flag, METH_NOARGS,
     "thread_stop_flag() -> StopFlag or None: this thread's flag (use_stop_flag)"},
    {"checksum", core_checksum, METH_O,
     "checksum(data) -> int: a 64-bit check of a cache entry (faster than zlib.crc32)"},
    {"_raise_search_status", core_raise_search_status, METH_O,
     "_raise_search_status(status): raises the exception of a kernel search's status "
     "(SEARCH_*; None for 0), for tests"},
    {"_raise_prove_status", core_raise_prove_status, METH_O,
     "_raise_prove_status(status): raises the exception of a prover's status (PROVE_*; None "
     "for 0), for tests"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "boggle._native.core", "The compiled core of boggle.", -1,
    core_functions, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit_core(void) {
    if (PyType_Ready(&TrieType) < 0) return NULL;
    PyObject *module = PyModule_Create(&core_module);
    if (!module) return NULL;
    Py_INCREF(&TrieType);
    if (PyModule_AddObject(module, "Trie", (PyObject *)&TrieType) < 0) {
        Py_DECREF(&TrieType);
        Py_DECREF(module);
        return NULL;
    }
    if (bs_add_types(module) < 0 || bs_add_stop_flag(module) < 0 || bs_find_main_thread() < 0) {
        Py_DECREF(module);
        return NULL;
    }
    PyModule_AddIntConstant(module, "MAX_LETTERS", BN_MAX_LETTERS);
    PyModule_AddIntConstant(module, "FACE_MAX", BN_FACE_MAX);
    PyModule_AddIntConstant(module, "NO_LETTER", BN_NO_LETTER);
    PyModule_AddIntConstant(module, "IMAGE_VERSION", BN_IMAGE_VERSION);
    PyModule_AddIntConstant(module, "DEAD_LETTER", BN_DEAD_LETTER);
    PyModule_AddIntConstant(module, "SEARCH_NO_MEMORY", BN_NO_MEMORY);
    PyModule_AddIntConstant(module, "SEARCH_BAD_INPUT", BN_BAD_INPUT);
    PyModule_AddIntConstant(module, "SEARCH_INTERRUPTED", BN_INTERRUPTED);
    PyModule_AddIntConstant(module, "PROVE_NO_MEMORY", PV_NO_MEMORY);
    PyModule_AddIntConstant(module, "PROVE_BAD_CLASS", PV_BAD_CLASS);
    PyModule_AddIntConstant(module, "PROVE_INTERRUPTED", PV_INTERRUPTED);
    return module;
}
